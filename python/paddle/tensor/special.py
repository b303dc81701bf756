"""Elementwise math composed from the ops: angle, deg2rad, frac, gcd, hypot,
ldexp, copysign, sinc, heaviside, logaddexp, signbit, sgn, stanh,
multigammaln, frexp, the infinity tests, count_nonzero and isin.

Integer inputs of the floating-point functions are computed in the default
float dtype, as Paddle's are."""

from __future__ import annotations

import math

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle._signature import aliases, write_out, writes_out


def _floating(op: str, x, arg: str = "x") -> Tensor:
    check.tensor(op, x, arg)
    if paddle.is_floating_point(x) or paddle.is_complex(x):
        return x
    return x.astype(paddle.get_default_dtype())


def _integral(op: str, x, arg: str = "x") -> Tensor:
    check.tensor(op, x, arg)
    if not paddle.is_integer(x):
        raise TypeError(f"[{op}] argument '{arg}': expected an integer tensor, but got {x.dtype}")
    return x


def angle(x, name=None) -> Tensor:
    """The argument of each element: atan2(imag, real) of a complex x; pi
    for a negative real element and 0 otherwise.

    Examples:
        >>> import paddle
        >>> paddle.angle(paddle.to_tensor([-2.0, 3.0])).tolist()
        [3.1415927410125732, 0.0]
    """
    x = _floating("angle", x)
    if paddle.is_complex(x):
        return paddle.atan2(paddle.imag(x), paddle.real(x))
    return paddle.where(x < 0, paddle.full_like(x, math.pi), paddle.zeros_like(x))


def deg2rad(x, name=None) -> Tensor:
    """x degrees in radians."""
    return _floating("deg2rad", x) * (math.pi / 180.0)


def rad2deg(x, name=None) -> Tensor:
    """x radians in degrees."""
    return _floating("rad2deg", x) * (180.0 / math.pi)


@aliases(x="input")
@writes_out
def frac(x, name=None) -> Tensor:
    """The fractional part, x - trunc(x), with x's sign.

    Examples:
        >>> import paddle
        >>> paddle.frac(paddle.to_tensor([-1.25, 2.5])).tolist()
        [-0.25, 0.5]
    """
    check.tensor("frac", x)
    return x - paddle.trunc(x)


@aliases(x="input", y="other")
def gcd(x, y, name=None) -> Tensor:
    """The greatest common divisor of |x| and |y| (0 when both are 0), by
    Euclid's algorithm on all elements at once.

    Examples:
        >>> import paddle
        >>> paddle.gcd(paddle.to_tensor([12, -20, 0]), paddle.to_tensor([18, 6, 0])).tolist()
        [6, 2, 0]
    """
    a = paddle.abs(_integral("gcd", x))
    b = paddle.abs(_integral("gcd", y, "y"))
    a, b = paddle.broadcast_tensors([a, b])
    while bool((b != 0).any()):
        nonzero = b != 0
        safe = paddle.where(nonzero, b, paddle.ones_like(b))
        a, b = paddle.where(nonzero, b, a), paddle.where(nonzero, a % safe, b)
    return a


@aliases(x="input", y="other")
def lcm(x, y, name=None) -> Tensor:
    """The least common multiple of |x| and |y| (0 when either is 0).

    Examples:
        >>> import paddle
        >>> paddle.lcm(paddle.to_tensor([4, -6, 0]), paddle.to_tensor([6, 4, 5])).tolist()
        [12, 12, 0]
    """
    divisor = gcd(x, y)
    safe = paddle.where(divisor == 0, paddle.ones_like(divisor), divisor)
    return paddle.abs(x // safe * y)


def hypot(x, y, name=None) -> Tensor:
    """sqrt(x**2 + y**2), elementwise with broadcasting."""
    x, y = _floating("hypot", x), _floating("hypot", y, "y")
    return paddle.sqrt(x * x + y * y)


def ldexp(x, y, name=None) -> Tensor:
    """x * 2**y, for an integer tensor y.

    Examples:
        >>> import paddle
        >>> paddle.ldexp(paddle.to_tensor([1.0, 3.0]), paddle.to_tensor([3, -1])).tolist()
        [8.0, 1.5]
    """
    x = _floating("ldexp", x)
    y = _integral("ldexp", y, "y")
    return x * paddle.pow(paddle.full([], 2.0, x.dtype), y.astype(x.dtype))


def signbit(x, name=None) -> Tensor:
    """Whether each element's sign bit is set: True for negatives and for -0.0.

    Examples:
        >>> import paddle
        >>> paddle.signbit(paddle.to_tensor([-1.0, -0.0, 0.0, 2.0])).tolist()
        [True, True, False, False]
    """
    check.tensor("signbit", x)
    if paddle.is_complex(x):
        raise TypeError("[signbit] argument 'x': expected a real tensor, but got a complex one")
    if not paddle.is_floating_point(x):
        return x < 0
    negative_zero = (x == 0) & (paddle.reciprocal(x) < 0)  # 1 / -0.0 is -inf
    return (x < 0) | negative_zero


def copysign(x, y, name=None) -> Tensor:
    """|x| with the sign of y (a tensor or a number; -0.0 counts as negative).

    Examples:
        >>> import paddle
        >>> paddle.copysign(paddle.to_tensor([1.0, -2.0, 3.0]), paddle.to_tensor([-0.0, 1.0, -5.0])).tolist()
        [-1.0, 2.0, -3.0]
    """
    x = _floating("copysign", x)
    if not isinstance(y, Tensor):
        if isinstance(y, bool) or not isinstance(y, (int, float)):
            raise TypeError(f"[copysign] argument 'y': expected a Tensor or a number, but got {type(y).__name__}")
        y = paddle.full([], float(y), x.dtype)
    magnitude = paddle.abs(x)
    return paddle.where(signbit(y), -magnitude, magnitude)


def sinc(x, name=None) -> Tensor:
    """sin(pi x) / (pi x), and 1 at 0.

    Examples:
        >>> import paddle
        >>> paddle.sinc(paddle.to_tensor([0.0, 0.5], "float64")).numpy().round(6).tolist()
        [1.0, 0.63662]
    """
    x = _floating("sinc", x)
    zero = x == 0
    scaled = math.pi * paddle.where(zero, paddle.ones_like(x), x)  # no 0/0, in the value or the gradient
    return paddle.where(zero, paddle.ones_like(x), paddle.sin(scaled) / scaled)


def heaviside(x, y, name=None) -> Tensor:
    """The step function: 0 where x < 0, 1 where x > 0, y where x == 0."""
    check.tensor("heaviside", x)
    check.tensor("heaviside", y, "y")
    x, y = paddle.broadcast_tensors([x, y])
    return paddle.where(x < 0, paddle.zeros_like(y), paddle.where(x > 0, paddle.ones_like(y), y))


def logaddexp(x, y, name=None) -> Tensor:
    """log(exp(x) + exp(y)) without overflow.

    Examples:
        >>> import paddle
        >>> paddle.logaddexp(paddle.to_tensor([1000.0]), paddle.to_tensor([1000.0])).tolist()
        [1000.6931762695312]
    """
    x, y = _floating("logaddexp", x), _floating("logaddexp", y, "y")
    return paddle.maximum(x, y) + paddle.log1p(paddle.exp(-paddle.abs(x - y)))


def sgn(x, name=None) -> Tensor:
    """The sign of a real x; x / |x| (0 at 0) of a complex one.

    Examples:
        >>> import paddle
        >>> paddle.sgn(paddle.to_tensor([3 + 4j, 0j])).tolist()
        [(0.6000000238418579+0.800000011920929j), 0j]
    """
    check.tensor("sgn", x)
    if not paddle.is_complex(x):
        return paddle.sign(x)
    magnitude = paddle.abs(x)
    safe = paddle.where(magnitude == 0, paddle.ones_like(magnitude), magnitude)
    unit = x / paddle.complex(safe, paddle.zeros_like(safe))
    return paddle.where(magnitude == 0, paddle.zeros_like(x), unit)


def stanh(x, scale_a=0.67, scale_b=1.7159, name=None) -> Tensor:
    """scale_b * tanh(scale_a * x)."""
    scale_a, scale_b = check.number("stanh", scale_a, "scale_a"), check.number("stanh", scale_b, "scale_b")
    return scale_b * paddle.tanh(scale_a * _floating("stanh", x))


def multigammaln(x, p, name=None) -> Tensor:
    """The log of the multivariate gamma function of dimension p:
    p(p-1)/4 log(pi) + sum_j lgamma(x - j/2), j = 0..p-1.

    Examples:
        >>> import paddle
        >>> paddle.multigammaln(paddle.to_tensor([2.5], "float64"), 2).numpy().round(5).tolist()
        [0.85705]
    """
    x = _floating("multigammaln", x)
    if isinstance(p, bool) or not isinstance(p, int) or p < 1:
        raise ValueError(f"[multigammaln] argument 'p': expected a positive int, but got {p!r}")
    halves = paddle.arange(p, dtype=x.dtype) / 2.0  # all p terms at once (p is bounded by memory, not time)
    total = paddle.lgamma(x.unsqueeze(-1) - halves).sum(-1)
    return total + p * (p - 1) / 4.0 * math.log(math.pi)


def frexp(x, name=None) -> tuple:
    """(mantissa, exponent) with x = mantissa * 2**exponent and 0.5 <= |mantissa| < 1
    (both 0 for x == 0); the exponent has x's dtype, as in Paddle.

    Examples:
        >>> import paddle
        >>> m, e = paddle.frexp(paddle.to_tensor([8.0, -0.75, 0.0]))
        >>> m.tolist(), e.tolist()
        ([0.5, -0.75, 0.0], [4.0, 0.0, 0.0])
    """
    x = _floating("frexp", x)
    zero = x == 0
    magnitude = paddle.where(zero, paddle.ones_like(x), paddle.abs(x))
    exponent = paddle.floor(paddle.log2(magnitude)) + 1
    mantissa = magnitude / paddle.pow(paddle.full([], 2.0, x.dtype), exponent)
    # log2 may round across a power of two: one step fixes the range
    exponent = exponent + (mantissa >= 1).astype(x.dtype) - (mantissa < 0.5).astype(x.dtype)
    mantissa = magnitude / paddle.pow(paddle.full([], 2.0, x.dtype), exponent)
    mantissa = paddle.where(zero, paddle.zeros_like(x), paddle.where(x < 0, -mantissa, mantissa))
    return mantissa, paddle.where(zero, paddle.zeros_like(x), exponent)


def isposinf(x, name=None) -> Tensor:
    """Whether each element is +inf."""
    check.tensor("isposinf", x)
    return paddle.isinf(x) & (x > 0) if paddle.is_floating_point(x) else paddle.zeros_like(x, "bool")


def isneginf(x, name=None) -> Tensor:
    """Whether each element is -inf."""
    check.tensor("isneginf", x)
    return paddle.isinf(x) & (x < 0) if paddle.is_floating_point(x) else paddle.zeros_like(x, "bool")


def isreal(x, name=None) -> Tensor:
    """Whether each element is real: True for a real dtype, imag == 0 for a complex one."""
    check.tensor("isreal", x)
    return paddle.imag(x) == 0 if paddle.is_complex(x) else paddle.ones_like(x, "bool")


def count_nonzero(x, axis=None, keepdim=False, name=None) -> Tensor:
    """The number of nonzero elements (along `axis`), as int64.

    Examples:
        >>> import paddle
        >>> paddle.count_nonzero(paddle.to_tensor([[0, 1, 2], [0, 0, 3]]), axis=1).tolist()
        [2, 1]
    """
    check.tensor("count_nonzero", x)
    return paddle.sum((x != 0).astype("int64"), axis=axis, keepdim=keepdim)


@aliases(x="elements", test_x="test_elements")
def isin(x, test_x, assume_unique=False, invert=False, name=None) -> Tensor:
    """Whether each element of x occurs in test_x (not, with `invert`).

    Examples:
        >>> import paddle
        >>> paddle.isin(paddle.to_tensor([1, 2, 3]), paddle.to_tensor([2, 5])).tolist()
        [False, True, False]
    """
    check.tensor("isin", x)
    check.tensor("isin", test_x, "test_x")
    found = (x.unsqueeze(-1) == test_x.reshape([1] * len(x.shape) + [-1])).any(axis=-1)
    return ~found if invert else found


@writes_out
def polar(abs, angle, name=None) -> Tensor:  # noqa: A002  (Paddle's names)
    """The complex numbers abs * (cos(angle) + i sin(angle)).

    Examples:
        >>> import paddle
        >>> paddle.polar(paddle.to_tensor([2.0]), paddle.to_tensor([0.0])).tolist()
        [(2+0j)]
    """
    check.tensor("polar", abs, "abs")
    check.tensor("polar", angle, "angle")
    return paddle.complex(abs * paddle.cos(angle), abs * paddle.sin(angle))


def _shift_operands(op: str, x, y):
    x, y = _integral(op, x), _integral(op, y, "y")
    return paddle.broadcast_tensors([x, y.astype(x.dtype)])


def bitwise_left_shift(x, y, is_arithmetic=True, out=None, name=None) -> Tensor:
    """x shifted left by y bits (x * 2**y, wrapping as the integer type does).

    Examples:
        >>> import paddle
        >>> paddle.bitwise_left_shift(paddle.to_tensor([-3, 5]), paddle.to_tensor([2, 1])).tolist()
        [-12, 10]
    """
    x, y = _shift_operands("bitwise_left_shift", x, y)
    return write_out("bitwise_left_shift", out, x * paddle.pow(paddle.full_like(y, 2), y))


def bitwise_right_shift(x, y, is_arithmetic=True, out=None, name=None) -> Tensor:
    """x shifted right by y bits: with the sign bit copied in (arithmetic,
    floor(x / 2**y)), or zeros (logical, x read as unsigned).

    Examples:
        >>> import paddle
        >>> paddle.bitwise_right_shift(paddle.to_tensor([-12, 5]), paddle.to_tensor([2, 1])).tolist()
        [-3, 2]
    """
    x, y = _shift_operands("bitwise_right_shift", x, y)
    is_arithmetic = check.flag("bitwise_right_shift", is_arithmetic, "is_arithmetic")
    shifted = paddle.floor_divide(x, paddle.pow(paddle.full_like(y, 2), y))
    if is_arithmetic or x.dtype == paddle.uint8:
        return write_out("bitwise_right_shift", out, shifted)
    bits = {paddle.int8: 8, paddle.int16: 16, paddle.int32: 32, paddle.int64: 64}[x.dtype]
    # a negative x read as unsigned is x + 2**bits: its shift adds 2**(bits - y) to the arithmetic one
    high = paddle.where(y > 0, paddle.pow(paddle.full_like(y, 2), (bits - y).clip(0, bits - 1)), paddle.zeros_like(y))
    return write_out("bitwise_right_shift", out, paddle.where(x < 0, shifted + high, shifted))


def bitwise_invert(x, out=None, name=None) -> Tensor:
    """~x: the bitwise not of an integer or bool tensor, written into `out` when given (Paddle takes it
    positionally here)."""
    check.tensor("bitwise_invert", x)
    result = paddle.bitwise_not(x)
    return write_out("bitwise_invert", out, result)


def renorm(x, p, axis, max_norm) -> Tensor:
    """x with each slice along `axis` whose p-norm exceeds max_norm scaled down to norm max_norm.

    Examples:
        >>> import paddle
        >>> paddle.renorm(paddle.to_tensor([[3.0, 4.0], [0.3, 0.4]]), 2, 0, 1.0).tolist()
        [[0.6000000238418579, 0.800000011920929], [0.30000001192092896, 0.4000000059604645]]
    """
    check.tensor("renorm", x)
    axis = check.axis("renorm", axis, len(x.shape))
    p, max_norm = check.number("renorm", p, "p"), check.number("renorm", max_norm, "max_norm")
    others = [a for a in range(len(x.shape)) if a != axis]
    norms = paddle.linalg.vector_norm(x, p, axis=others, keepdim=True)
    factor = paddle.where(norms > max_norm, max_norm / (norms + 1e-7), paddle.ones_like(norms))
    return x * factor
