"""Transforms: invertible (or not) maps between spaces, with their log-Jacobian determinants.

A transform maps x in its domain to y = forward(x) in its codomain. Those
that are injective also give inverse(y) and log|det dy/dx|, which is what
TransformedDistribution needs for the change of variables
log p_Y(y) = log p_X(x) - log|det dy/dx|.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence

import paddle
import paddle.nn.functional as F
from paddle._C import Tensor
from paddle._checks import got
from paddle.distribution import variable
from paddle.distribution._arguments import sum_rightmost
from paddle.distribution.distribution import Distribution

__all__ = [
    "Transform",
    "AbsTransform",
    "AffineTransform",
    "ChainTransform",
    "ExpTransform",
    "IndependentTransform",
    "PowerTransform",
    "ReshapeTransform",
    "SigmoidTransform",
    "SoftmaxTransform",
    "StackTransform",
    "StickBreakingTransform",
    "TanhTransform",
]


class Type(enum.Enum):
    """How a transform maps its domain: only injective ones have a log-Jacobian determinant."""

    BIJECTION = "bijection"
    INJECTION = "injection"
    SURJECTION = "surjection"
    OTHER = "other"

    @classmethod
    def is_injective(cls, kind: Type) -> bool:
        """Whether transforms of this kind are one-to-one."""
        return kind in (cls.BIJECTION, cls.INJECTION)


def _check_tensor(op: str, arg: str, value) -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError(f"[{op}] argument '{arg}': expected Tensor, but got {got(value)}")
    return value


def _check_shape(op: str, shape) -> tuple[int, ...]:
    if not isinstance(shape, Sequence) or isinstance(shape, str):
        raise TypeError(f"[{op}] argument 'shape': expected a sequence of ints, but got {got(shape)}")
    return tuple(shape)


class Transform:
    """Base class of transforms.

    Subclasses define ``_forward``, and when injective ``_inverse`` and
    ``_forward_log_det_jacobian`` (or ``_inverse_log_det_jacobian``); shape
    changes go in ``_forward_shape``/``_inverse_shape``. Calling a transform
    applies it to a Tensor, chains it with another Transform, or transforms a
    Distribution into a :class:`TransformedDistribution`.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import ExpTransform
        >>> t = ExpTransform()
        >>> x = paddle.to_tensor([0.0, 1.0])
        >>> t.forward(x).numpy().astype("float64").round(4).tolist()
        [1.0, 2.7183]
        >>> t.inverse(t.forward(x)).numpy().astype("float64").round(4).tolist()
        [0.0, 1.0]
        >>> t.forward_log_det_jacobian(x).numpy().astype("float64").round(4).tolist()
        [0.0, 1.0]
    """

    _type = Type.INJECTION

    def __init__(self) -> None:
        super().__init__()

    @classmethod
    def _is_injective(cls) -> bool:
        return Type.is_injective(cls._type)

    def __call__(self, input):
        if isinstance(input, Distribution):
            from paddle.distribution.transformed_distribution import TransformedDistribution

            return TransformedDistribution(input, [self])
        if isinstance(input, Transform):
            return ChainTransform([self, input])
        return self.forward(input)

    def _name(self, method: str) -> str:
        return f"{type(self).__name__}.{method}"

    def _check_rank(self, op: str, arg: str, value: Tensor, space: variable.Variable) -> None:
        if value.ndim < space.event_rank:
            raise ValueError(f"[{op}] argument '{arg}': expected at least {space.event_rank} dimensions, but got "
                             f"{value.ndim}")

    def forward(self, x: Tensor) -> Tensor:
        """Map ``x`` from the domain to the codomain."""
        _check_tensor(self._name("forward"), "x", x)
        self._check_rank(self._name("forward"), "x", x, self._domain)
        return self._forward(x)

    def inverse(self, y: Tensor) -> Tensor:
        """Map ``y`` from the codomain back to the domain."""
        _check_tensor(self._name("inverse"), "y", y)
        self._check_rank(self._name("inverse"), "y", y, self._codomain)
        return self._inverse(y)

    def forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        """``log|det d forward(x) / dx|`` (injective transforms only)."""
        _check_tensor(self._name("forward_log_det_jacobian"), "x", x)
        self._check_rank(self._name("forward_log_det_jacobian"), "x", x, self._domain)
        if not self._is_injective():
            raise NotImplementedError(f"[{self._name('forward_log_det_jacobian')}] is not defined for a "
                                      "non-injective transform")
        return self._call_forward_log_det_jacobian(x)

    def inverse_log_det_jacobian(self, y: Tensor) -> Tensor:
        """``log|det d inverse(y) / dy|``, the negative forward one at ``inverse(y)``."""
        _check_tensor(self._name("inverse_log_det_jacobian"), "y", y)
        self._check_rank(self._name("inverse_log_det_jacobian"), "y", y, self._codomain)
        return self._call_inverse_log_det_jacobian(y)

    def forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        """The shape of ``forward(x)`` for ``x`` of shape ``shape``."""
        return self._forward_shape(_check_shape(self._name("forward_shape"), shape))

    def inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        """The shape of ``inverse(y)`` for ``y`` of shape ``shape``."""
        return self._inverse_shape(_check_shape(self._name("inverse_shape"), shape))

    @property
    def _domain(self) -> variable.Variable:
        return variable.real

    @property
    def _codomain(self) -> variable.Variable:
        return variable.real

    def _forward(self, x: Tensor) -> Tensor:
        raise NotImplementedError(f"[{self._name('forward')}] is not implemented")

    def _inverse(self, y: Tensor) -> Tensor:
        raise NotImplementedError(f"[{self._name('inverse')}] is not implemented")

    def _call_forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        if hasattr(self, "_forward_log_det_jacobian"):
            return self._forward_log_det_jacobian(x)
        if hasattr(self, "_inverse_log_det_jacobian"):
            return -self._inverse_log_det_jacobian(self.forward(x))
        raise NotImplementedError(f"[{self._name('forward_log_det_jacobian')}] is not implemented")

    def _call_inverse_log_det_jacobian(self, y: Tensor) -> Tensor:
        if hasattr(self, "_inverse_log_det_jacobian"):
            return self._inverse_log_det_jacobian(y)
        if hasattr(self, "_forward_log_det_jacobian"):
            return -self._forward_log_det_jacobian(self._inverse(y))
        raise NotImplementedError(f"[{self._name('inverse_log_det_jacobian')}] is not implemented")

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return shape

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return shape


class AbsTransform(Transform):
    """``y = |x|``. Not injective: ``inverse(y)`` returns both preimages ``(-y, y)``.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import AbsTransform
        >>> t = AbsTransform()
        >>> t.forward(paddle.to_tensor([-1.0, 2.0])).numpy().tolist()
        [1.0, 2.0]
        >>> [v.numpy().tolist() for v in t.inverse(paddle.to_tensor([1.0]))]
        [[-1.0], [1.0]]
    """

    _type = Type.SURJECTION

    def _forward(self, x: Tensor) -> Tensor:
        return paddle.abs(x)

    def _inverse(self, y: Tensor) -> tuple[Tensor, Tensor]:
        return -y, y

    def _inverse_log_det_jacobian(self, y: Tensor) -> tuple[Tensor, Tensor]:
        zero = paddle.zeros([], dtype=y.dtype)
        return zero, zero

    @property
    def _codomain(self) -> variable.Variable:
        return variable.positive


class AffineTransform(Transform):
    """``y = loc + scale * x``.

    Args:
        loc (Tensor): the shift.
        scale (Tensor): the scale factor (non-zero).
    """

    _type = Type.BIJECTION

    def __init__(self, loc: Tensor, scale: Tensor) -> None:
        self._loc = _check_tensor("AffineTransform.__init__", "loc", loc)
        self._scale = _check_tensor("AffineTransform.__init__", "scale", scale)
        super().__init__()

    @property
    def loc(self) -> Tensor:
        """The shift."""
        return self._loc

    @property
    def scale(self) -> Tensor:
        """The scale factor."""
        return self._scale

    def _forward(self, x: Tensor) -> Tensor:
        return self._loc + self._scale * x

    def _inverse(self, y: Tensor) -> Tensor:
        return (y - self._loc) / self._scale

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        # Broadcast to x's shape so chains and distributions can sum it over event axes.
        log_abs_scale = paddle.log(paddle.abs(self._scale))
        return paddle.broadcast_to(log_abs_scale, paddle.broadcast_shape(x.shape, log_abs_scale.shape))

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return tuple(paddle.broadcast_shape(paddle.broadcast_shape(list(shape), self._loc.shape), self._scale.shape))

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return self._forward_shape(shape)


class ChainTransform(Transform):
    """The composition of ``transforms``, applied first to last.

    Args:
        transforms (Sequence[Transform]): the transforms to compose.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import AffineTransform, ChainTransform, ExpTransform
        >>> t = ChainTransform([AffineTransform(paddle.to_tensor(0.0), paddle.to_tensor(2.0)), ExpTransform()])
        >>> x = paddle.to_tensor([0.0, 1.0])
        >>> t.forward(x).numpy().astype("float64").round(4).tolist()
        [1.0, 7.3891]
        >>> t.forward_log_det_jacobian(x).numpy().astype("float64").round(4).tolist()
        [0.6931, 2.6931]
    """

    def __init__(self, transforms: Sequence[Transform]) -> None:
        if not isinstance(transforms, Sequence) or isinstance(transforms, str):
            raise TypeError(f"[ChainTransform.__init__] argument 'transforms': expected a sequence of Transform, "
                            f"but got {got(transforms)}")
        for t in transforms:
            if not isinstance(t, Transform):
                raise TypeError(f"[ChainTransform.__init__] argument 'transforms': expected Transform elements, "
                                f"but got {got(t)}")
        self.transforms = list(transforms)
        super().__init__()

    def _is_injective(self) -> bool:
        return all(t._is_injective() for t in self.transforms)

    def _forward(self, x: Tensor) -> Tensor:
        for t in self.transforms:
            x = t.forward(x)
        return x

    def _inverse(self, y: Tensor) -> Tensor:
        for t in reversed(self.transforms):
            y = t.inverse(y)
        return y

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        total = 0.0
        event_rank = self._domain.event_rank
        for t in self.transforms:
            # Each part is summed over the event axes it does not itself reduce.
            total = total + sum_rightmost(t.forward_log_det_jacobian(x), event_rank - t._domain.event_rank)
            x = t.forward(x)
            event_rank += t._codomain.event_rank - t._domain.event_rank
        return total

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        for t in self.transforms:
            shape = t.forward_shape(shape)
        return shape

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        for t in reversed(self.transforms):
            shape = t.inverse_shape(shape)
        return shape

    @property
    def _domain(self) -> variable.Variable:
        if not self.transforms:
            return variable.real
        domain = self.transforms[0]._domain
        event_rank = self.transforms[-1]._codomain.event_rank
        for t in reversed(self.transforms):
            event_rank -= t._codomain.event_rank - t._domain.event_rank
            event_rank = max(event_rank, t._domain.event_rank)
        return variable.Independent(domain, event_rank - domain.event_rank)

    @property
    def _codomain(self) -> variable.Variable:
        if not self.transforms:
            return variable.real
        codomain = self.transforms[-1]._codomain
        event_rank = self.transforms[0]._domain.event_rank
        for t in self.transforms:
            event_rank += t._codomain.event_rank - t._domain.event_rank
            event_rank = max(event_rank, t._codomain.event_rank)
        return variable.Independent(codomain, event_rank - codomain.event_rank)


class ExpTransform(Transform):
    """``y = exp(x)``."""

    _type = Type.BIJECTION

    @property
    def _codomain(self) -> variable.Variable:
        return variable.positive

    def _forward(self, x: Tensor) -> Tensor:
        return paddle.exp(x)

    def _inverse(self, y: Tensor) -> Tensor:
        return paddle.log(y)

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return x


class IndependentTransform(Transform):
    """``base`` with ``reinterpreted_batch_rank`` rightmost batch axes taken as event axes.

    The map is unchanged; its log-Jacobian determinant is summed over those axes.

    Args:
        base (Transform): the transform applied.
        reinterpreted_batch_rank (int): how many axes join the event, at least 1.
    """

    def __init__(self, base: Transform, reinterpreted_batch_rank: int) -> None:
        if not isinstance(base, Transform):
            raise TypeError(f"[IndependentTransform.__init__] argument 'base': expected Transform, but got "
                            f"{got(base)}")
        if isinstance(reinterpreted_batch_rank, bool) or not isinstance(reinterpreted_batch_rank, int):
            raise TypeError(f"[IndependentTransform.__init__] argument 'reinterpreted_batch_rank': expected an int, "
                            f"but got {got(reinterpreted_batch_rank)}")
        if reinterpreted_batch_rank <= 0:
            raise ValueError(f"[IndependentTransform.__init__] argument 'reinterpreted_batch_rank': expected an int "
                             f">= 1, but got {reinterpreted_batch_rank}")
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        super().__init__()

    def _is_injective(self) -> bool:
        return self._base._is_injective()

    def _forward(self, x: Tensor) -> Tensor:
        return self._base.forward(x)

    def _inverse(self, y: Tensor) -> Tensor:
        return self._base.inverse(y)

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return sum_rightmost(self._base.forward_log_det_jacobian(x), self._reinterpreted_batch_rank)

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return self._base.forward_shape(shape)

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return self._base.inverse_shape(shape)

    @property
    def _domain(self) -> variable.Variable:
        return variable.Independent(self._base._domain, self._reinterpreted_batch_rank)

    @property
    def _codomain(self) -> variable.Variable:
        return variable.Independent(self._base._codomain, self._reinterpreted_batch_rank)


class PowerTransform(Transform):
    """``y = x ** power`` on positive ``x``.

    Args:
        power (Tensor): the exponent (non-zero).
    """

    _type = Type.BIJECTION

    def __init__(self, power: Tensor) -> None:
        self._power = _check_tensor("PowerTransform.__init__", "power", power)
        super().__init__()

    @property
    def power(self) -> Tensor:
        """The exponent."""
        return self._power

    @property
    def _codomain(self) -> variable.Variable:
        return variable.positive

    def _forward(self, x: Tensor) -> Tensor:
        return x.pow(self._power)

    def _inverse(self, y: Tensor) -> Tensor:
        return y.pow(1.0 / self._power)

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return paddle.log(paddle.abs(self._power * x.pow(self._power - 1.0)))

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return tuple(paddle.broadcast_shape(list(shape), self._power.shape))

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return self._forward_shape(shape)


class ReshapeTransform(Transform):
    """Reshape the event axes from ``in_event_shape`` to ``out_event_shape``.

    Args:
        in_event_shape (Sequence[int]): the event shape of ``x``.
        out_event_shape (Sequence[int]): the event shape of ``y``, with as
            many elements.
    """

    _type = Type.BIJECTION

    def __init__(self, in_event_shape: Sequence[int], out_event_shape: Sequence[int]) -> None:
        for arg, shape in (("in_event_shape", in_event_shape), ("out_event_shape", out_event_shape)):
            if not isinstance(shape, Sequence) or isinstance(shape, str):
                raise TypeError(f"[ReshapeTransform.__init__] argument '{arg}': expected a sequence of ints, but "
                                f"got {got(shape)}")
        if math.prod(in_event_shape) != math.prod(out_event_shape):
            raise ValueError(f"[ReshapeTransform.__init__] expected in_event_shape and out_event_shape with the same "
                             f"number of elements, but got {list(in_event_shape)} ({math.prod(in_event_shape)}) and "
                             f"{list(out_event_shape)} ({math.prod(out_event_shape)})")
        self._in_event_shape = tuple(in_event_shape)
        self._out_event_shape = tuple(out_event_shape)
        super().__init__()

    @property
    def in_event_shape(self) -> tuple[int, ...]:
        """The event shape of ``x``."""
        return self._in_event_shape

    @property
    def out_event_shape(self) -> tuple[int, ...]:
        """The event shape of ``y``."""
        return self._out_event_shape

    @property
    def _domain(self) -> variable.Variable:
        return variable.Independent(variable.real, len(self._in_event_shape))

    @property
    def _codomain(self) -> variable.Variable:
        return variable.Independent(variable.real, len(self._out_event_shape))

    def _forward(self, x: Tensor) -> Tensor:
        batch = list(x.shape[:x.ndim - len(self._in_event_shape)])
        return x.reshape(batch + list(self._out_event_shape))

    def _inverse(self, y: Tensor) -> Tensor:
        batch = list(y.shape[:y.ndim - len(self._out_event_shape)])
        return y.reshape(batch + list(self._in_event_shape))

    def _reshaped(self, method: str, shape, source: tuple[int, ...], target: tuple[int, ...]) -> tuple[int, ...]:
        shape = tuple(shape)
        event = shape[len(shape) - len(source):]
        if len(shape) < len(source) or event != source:
            raise ValueError(f"[ReshapeTransform.{method}] expected a shape ending in {list(source)}, but got "
                             f"{list(shape)}")
        return shape[:len(shape) - len(source)] + target

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return self._reshaped("forward_shape", shape, self._in_event_shape, self._out_event_shape)

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return self._reshaped("inverse_shape", shape, self._out_event_shape, self._in_event_shape)

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return paddle.zeros(list(x.shape[:x.ndim - len(self._in_event_shape)]), dtype=x.dtype)


class SigmoidTransform(Transform):
    """``y = sigmoid(x)``, from the reals to (0, 1)."""

    _type = Type.BIJECTION

    @property
    def _codomain(self) -> variable.Variable:
        return variable.unit_interval

    def _forward(self, x: Tensor) -> Tensor:
        return F.sigmoid(x)

    def _inverse(self, y: Tensor) -> Tensor:
        return paddle.log(y) - paddle.log1p(-y)

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        # log sigmoid'(x) = log sigmoid(x) + log sigmoid(-x), written with softplus for stability.
        return -F.softplus(-x) - F.softplus(x)


class SoftmaxTransform(Transform):
    """``y = softmax(x)`` over the last axis. Not injective; ``inverse`` returns ``log(y)``."""

    _type = Type.OTHER

    @property
    def _domain(self) -> variable.Variable:
        return variable.Independent(variable.real, 1)

    @property
    def _codomain(self) -> variable.Variable:
        return variable.simplex

    def _forward(self, x: Tensor) -> Tensor:
        return F.softmax(x, axis=-1)

    def _inverse(self, y: Tensor) -> Tensor:
        return paddle.log(y)

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        if len(shape) < 1:
            raise ValueError(f"[SoftmaxTransform.forward_shape] expected at least one dimension, but got {list(shape)}")
        return shape

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        if len(shape) < 1:
            raise ValueError(f"[SoftmaxTransform.inverse_shape] expected at least one dimension, but got {list(shape)}")
        return shape


class StackTransform(Transform):
    """Apply ``transforms[i]`` to the i-th slice along ``axis``.

    Args:
        transforms (Sequence[Transform]): one transform per slice.
        axis (int, optional): the axis to slice. Default: 0.
    """

    def __init__(self, transforms: Sequence[Transform], axis: int = 0) -> None:
        if not isinstance(transforms, Sequence) or isinstance(transforms, str) or not transforms:
            raise TypeError(f"[StackTransform.__init__] argument 'transforms': expected a non-empty sequence of "
                            f"Transform, but got {got(transforms)}")
        for t in transforms:
            if not isinstance(t, Transform):
                raise TypeError(f"[StackTransform.__init__] argument 'transforms': expected Transform elements, "
                                f"but got {got(t)}")
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(f"[StackTransform.__init__] argument 'axis': expected an int, but got {got(axis)}")
        self._transforms = list(transforms)
        self._axis = axis
        super().__init__()

    def _is_injective(self) -> bool:
        return all(t._is_injective() for t in self._transforms)

    @property
    def transforms(self) -> list[Transform]:
        """The per-slice transforms."""
        return self._transforms

    @property
    def axis(self) -> int:
        """The sliced axis."""
        return self._axis

    def _check_size(self, method: str, value: Tensor) -> None:
        if not -value.ndim <= self._axis < value.ndim:
            raise ValueError(f"[StackTransform.{method}] expected an input with axis {self._axis}, but got "
                             f"{value.ndim} dimensions")
        if value.shape[self._axis] != len(self._transforms):
            raise ValueError(f"[StackTransform.{method}] expected size {len(self._transforms)} along axis "
                             f"{self._axis} (one slice per transform), but got {value.shape[self._axis]}")

    def _map(self, method: str, value: Tensor, apply) -> Tensor:
        self._check_size(method, value)
        parts = paddle.unstack(value, self._axis)
        return paddle.stack([apply(t, part) for t, part in zip(self._transforms, parts)], self._axis)

    def _forward(self, x: Tensor) -> Tensor:
        return self._map("forward", x, lambda t, v: t.forward(v))

    def _inverse(self, y: Tensor) -> Tensor:
        return self._map("inverse", y, lambda t, v: t.inverse(v))

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return self._map("forward_log_det_jacobian", x, lambda t, v: t.forward_log_det_jacobian(v))

    @property
    def _domain(self) -> variable.Variable:
        return variable.Stack([t._domain for t in self._transforms], self._axis)

    @property
    def _codomain(self) -> variable.Variable:
        return variable.Stack([t._codomain for t in self._transforms], self._axis)


class StickBreakingTransform(Transform):
    """Map ``x`` in R^K to a point of the K-simplex in R^(K+1) by stick breaking.

    The i-th of K pieces takes the fraction ``sigmoid(x_i - log(K - i))`` of
    the stick left; the last component is what remains. Zero input gives the
    simplex's center.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import StickBreakingTransform
        >>> t = StickBreakingTransform()
        >>> t.forward(paddle.zeros([2])).numpy().astype("float64").round(4).tolist()
        [0.3333, 0.3333, 0.3333]
        >>> t.inverse(paddle.to_tensor([0.2, 0.3, 0.5])).numpy().astype("float64").round(4).tolist()
        [-0.6931, -0.5108]
    """

    _type = Type.BIJECTION

    @staticmethod
    def _log_offsets(k: int, dtype) -> Tensor:
        """log(K - i) for i = 0 .. K-1: the shift that maps x = 0 to the center of the simplex."""
        return paddle.log(paddle.arange(k, 0, -1, dtype=dtype))

    def _forward(self, x: Tensor) -> Tensor:
        fractions = F.sigmoid(x - self._log_offsets(x.shape[-1], x.dtype))
        remaining = paddle.cumprod(1.0 - fractions, dim=-1)
        ones = paddle.ones(list(x.shape[:-1]) + [1], dtype=x.dtype)
        # piece i = fraction_i * stick left before it; the last piece is the stick left at the end.
        return paddle.concat([fractions, ones], -1) * paddle.concat([ones, remaining], -1)

    def _inverse(self, y: Tensor) -> Tensor:
        pieces = y[..., :-1]
        stick_left_after = 1.0 - paddle.cumsum(pieces, axis=-1)
        return paddle.log(pieces) - paddle.log(stick_left_after) + self._log_offsets(pieces.shape[-1], y.dtype)

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        # The Jacobian of x -> y[:-1] is triangular with diagonal y_i (1 - fraction_i).
        y = self._forward(x)
        shifted = x - self._log_offsets(x.shape[-1], x.dtype)
        return (paddle.log(y[..., :-1]) + F.log_sigmoid(-shifted)).sum(-1)

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        if not shape:
            raise ValueError("[StickBreakingTransform.forward_shape] expected at least one dimension, but got []")
        return (*shape[:-1], shape[-1] + 1)

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        if not shape:
            raise ValueError("[StickBreakingTransform.inverse_shape] expected at least one dimension, but got []")
        return (*shape[:-1], shape[-1] - 1)

    @property
    def _domain(self) -> variable.Variable:
        return variable.Independent(variable.real, 1)

    @property
    def _codomain(self) -> variable.Variable:
        return variable.simplex


class TanhTransform(Transform):
    """``y = tanh(x)``, from the reals to (-1, 1)."""

    _type = Type.BIJECTION

    @property
    def _codomain(self) -> variable.Variable:
        return variable.symmetric_unit_interval

    def _forward(self, x: Tensor) -> Tensor:
        return paddle.tanh(x)

    def _inverse(self, y: Tensor) -> Tensor:
        return paddle.atanh(y)

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        # log(1 - tanh(x)^2) = 2 (log 2 - x - softplus(-2x)), stable for large |x|.
        return 2.0 * (math.log(2.0) - x - F.softplus(-2.0 * x))
