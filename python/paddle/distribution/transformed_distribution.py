"""Distributions of transformed random variables."""

from __future__ import annotations

from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle._checks import got
from paddle.distribution._arguments import sum_rightmost, value_tensor
from paddle.distribution.distribution import Distribution
from paddle.distribution.independent import Independent
from paddle.distribution.transform import ChainTransform, Transform


class TransformedDistribution(Distribution):
    r"""The distribution of ``y = t_n(... t_1(x))`` for ``x`` drawn from ``base``.

    .. math::

        \log p_Y(y) = \log p_X(x) - \sum_i \log\left|\det \frac{\partial t_i}{\partial x_{i-1}}\right|

    Args:
        base (Distribution): the distribution of ``x``.
        transforms (Sequence[Transform]): the transforms, applied in order.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import ExpTransform, Normal, TransformedDistribution
        >>> dist = TransformedDistribution(Normal(0.0, 1.0), [ExpTransform()])
        >>> round(float(dist.log_prob(paddle.to_tensor(1.0))), 4)
        -0.9189
        >>> round(float(dist.log_prob(paddle.to_tensor(2.0))), 4)
        -1.8523
    """

    def __init__(self, base: Distribution, transforms: Sequence[Transform]) -> None:
        if not isinstance(base, Distribution):
            raise TypeError(f"[TransformedDistribution.__init__] argument 'base': expected Distribution, but got "
                            f"{got(base)}")
        if not isinstance(transforms, Sequence) or isinstance(transforms, str):
            raise TypeError(f"[TransformedDistribution.__init__] argument 'transforms': expected a sequence of "
                            f"Transform, but got {got(transforms)}")
        for t in transforms:
            if not isinstance(t, Transform):
                raise TypeError(f"[TransformedDistribution.__init__] argument 'transforms': expected Transform "
                                f"elements, but got {got(t)}")
        self._base = base
        self._transforms = list(transforms)
        if not self._transforms:
            super().__init__(base.batch_shape, base.event_shape)
            return
        chain = ChainTransform(self._transforms)
        base_shape = tuple(base.batch_shape) + tuple(base.event_shape)
        domain_rank = chain._domain.event_rank
        if len(base_shape) < domain_rank:
            raise ValueError(f"[TransformedDistribution.__init__] argument 'base': expected at least {domain_rank} "
                             f"dimensions (the transforms' event rank), but got shape {list(base_shape)}")
        if domain_rank > len(base.event_shape):
            # The transforms act on events larger than the base's: read its batch axes as event axes.
            base = Independent(base, domain_rank - len(base.event_shape))
        shape = tuple(chain.forward_shape(base_shape))
        event_rank = chain._codomain.event_rank + max(len(base.event_shape) - domain_rank, 0)
        super().__init__(shape[:len(shape) - event_rank], shape[len(shape) - event_rank:])

    @property
    def base(self) -> Distribution:
        """The distribution of the untransformed variable."""
        return self._base

    @property
    def transforms(self) -> list[Transform]:
        """The transforms, in the order they are applied."""
        return self._transforms

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Transformed samples of the base (no gradient)."""
        x = self._base.sample(shape)
        for t in self._transforms:
            x = t.forward(x)
        return x

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Transformed reparameterized samples of the base."""
        x = self._base.rsample(shape)
        for t in self._transforms:
            x = t.forward(x)
        return x

    def log_prob(self, value: Tensor) -> Tensor:
        """The log density by the change of variables, inverting the transforms one by one."""
        value = value_tensor(f"{type(self).__name__}.log_prob", value,
                             getattr(self._base, "dtype", paddle.get_default_dtype()))
        log_prob = 0.0
        y = value
        event_rank = len(self.event_shape)
        for t in reversed(self._transforms):
            x = t.inverse(y)
            event_rank += t._domain.event_rank - t._codomain.event_rank
            log_prob = log_prob - sum_rightmost(t.forward_log_det_jacobian(x), event_rank - t._domain.event_rank)
            y = x
        return log_prob + sum_rightmost(self._base.log_prob(y), event_rank - len(self._base.event_shape))
