"""The modified Bessel functions i0, i0e, i1, i1e and the regularized
incomplete gamma functions gammainc, gammaincc, composed from elementwise
ops (so their gradients come from autograd).

I0 and I1 sum their power series up to |x| = 30 and take the large-argument
expansion beyond (there its terms fall below float64's precision by the
15th). P(a, x) sums its series for x < a + 1 and evaluates Legendre's
continued fraction for Q(a, x) otherwise (Lentz's method), each with enough
fixed steps for float64."""

from __future__ import annotations

import math

import paddle
from paddle._C import Tensor
from paddle.tensor.special import _floating

_SERIES_LIMIT = 30.0
_SERIES_TERMS = 90
_ASYMPTOTIC_TERMS = 15


def _bessel(op: str, x, order: int, scaled: bool) -> Tensor:
    x = _floating(op, x)
    ax = paddle.abs(x)
    near = ax <= _SERIES_LIMIT
    # each branch gets inputs it is finite for, so the unused one adds no NaN to the gradient
    xs = paddle.where(near, x, paddle.zeros_like(x))
    quarter = xs * xs / 4.0
    term = paddle.ones_like(xs) if order == 0 else xs / 2.0
    total = term
    for k in range(1, _SERIES_TERMS):
        term = term * quarter / (k * (k + order))
        total = total + term
    if scaled:
        total = total * paddle.exp(-paddle.abs(xs))
    xa = paddle.where(near, paddle.full_like(ax, _SERIES_LIMIT + 1.0), ax)
    mu = 4.0 * order * order
    term = paddle.ones_like(xa)
    expansion = term
    for k in range(1, _ASYMPTOTIC_TERMS):
        term = -term * (mu - (2 * k - 1) ** 2) / (k * 8.0 * xa)
        expansion = expansion + term
    far = expansion / paddle.sqrt(2.0 * math.pi * xa)
    if not scaled:
        far = far * paddle.exp(xa)
    if order == 1:
        far = paddle.where(x < 0, -far, far)  # I1 is odd
    return paddle.where(near, total, far)


def i0(x, name=None) -> Tensor:
    """The modified Bessel function of the first kind of order 0.

    Examples:
        >>> import paddle
        >>> paddle.i0(paddle.to_tensor([0.0, 1.0], "float64")).numpy().round(6).tolist()
        [1.0, 1.266066]
    """
    return _bessel("i0", x, 0, False)


def i0e(x, name=None) -> Tensor:
    """exp(-|x|) * i0(x), without overflow for large |x|."""
    return _bessel("i0e", x, 0, True)


def i1(x, name=None) -> Tensor:
    """The modified Bessel function of the first kind of order 1."""
    return _bessel("i1", x, 1, False)


def i1e(x, name=None) -> Tensor:
    """exp(-|x|) * i1(x), without overflow for large |x|."""
    return _bessel("i1e", x, 1, True)


_GAMMA_STEPS = 200


def _regularized_gamma(op: str, a, x) -> tuple[Tensor, Tensor]:
    """(P(a, x), Q(a, x)) = (gammainc, gammaincc), elementwise with broadcasting."""
    a, x = _floating(op, a), _floating(op, x, "y")
    a, x = paddle.broadcast_tensors([a, x])
    use_series = x < a + 1.0
    log_prefix = a * paddle.log(paddle.where(x > 0, x, paddle.ones_like(x))) - x - paddle.lgamma(a)
    # the series for P, at inputs where it converges quickly
    xs = paddle.where(use_series, x, paddle.zeros_like(x))
    term = 1.0 / a
    total = term
    for n in range(1, _GAMMA_STEPS):
        term = term * xs / (a + n)
        total = total + term
    p_series = total * paddle.exp(paddle.where(use_series, log_prefix, paddle.zeros_like(log_prefix)))
    # the continued fraction for Q elsewhere (x >= a + 1 > 1)
    xc = paddle.where(use_series, a + 2.0, x)
    tiny = 1e-300 if x.dtype == paddle.float64 else 1e-30
    b = xc + 1.0 - a
    c = paddle.full_like(xc, 1.0 / tiny)
    d = 1.0 / b
    h = d
    for n in range(1, _GAMMA_STEPS):
        an = -n * (n - a)
        b = b + 2.0
        d = an * d + b
        d = paddle.where(paddle.abs(d) < tiny, paddle.full_like(d, tiny), d)
        c = b + an / c
        c = paddle.where(paddle.abs(c) < tiny, paddle.full_like(c, tiny), c)
        d = 1.0 / d
        h = h * d * c
    q_fraction = paddle.exp(paddle.where(use_series, paddle.zeros_like(log_prefix), log_prefix)) * h
    p = paddle.where(use_series, p_series, 1.0 - q_fraction)
    q = paddle.where(use_series, 1.0 - p_series, q_fraction)
    zero = x == 0
    return paddle.where(zero, paddle.zeros_like(p), p), paddle.where(zero, paddle.ones_like(q), q)


def gammainc(x, y, name=None) -> Tensor:
    """The regularized lower incomplete gamma function P(x, y) = gamma(x, y) / Gamma(x), for x > 0, y >= 0.

    Examples:
        >>> import paddle
        >>> a, y = paddle.to_tensor([0.5, 2.0], "float64"), paddle.to_tensor([1.0, 3.0], "float64")
        >>> paddle.gammainc(a, y).numpy().round(6).tolist()
        [0.842701, 0.800852]
    """
    return _regularized_gamma("gammainc", x, y)[0]


def gammaincc(x, y, name=None) -> Tensor:
    """The regularized upper incomplete gamma function Q(x, y) = 1 - P(x, y)."""
    return _regularized_gamma("gammaincc", x, y)[1]
