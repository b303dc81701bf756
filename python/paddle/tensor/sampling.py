"""Samplers composed from the core's uniform and normal generators.

Gamma and binomial sampling, composed (paddle.standard_gamma, paddle.binomial and
the distributions use them):

* Gamma: Marsaglia and Tsang's rejection method ("A simple method for
  generating gamma variables", 2000), vectorized: every round draws a normal
  and a uniform for each element and keeps the first accepted proposal; the
  acceptance rate is above 95%, so a few rounds finish any batch. Shapes below
  1 use the boost Gamma(a) = Gamma(a + 1) * U^(1/a).
* Its gradient in the shape parameter is the implicit reparameterization
  dx/da = -(dF/da)(x; a) / p(x; a), F the gamma CDF, evaluated in float64 on
  the host (series for F below the mode region, continued fraction for the
  upper tail), so Gamma, Beta, Dirichlet, Chi2 and StudentT samples are
  differentiable in all their parameters.
* Binomial: the exact order-statistic recursion (Devroye, "Non-Uniform Random
  Variate Generation", X.4): the k-th smallest of n uniforms is Beta(k, n+1-k);
  comparing it with p settles k trials at once and leaves a binomial of about
  half the size, so counts shrink geometrically until a direct count of
  uniforms finishes them.

Sampling runs in float64 so tiny gamma variates (shape << 1) do not underflow
before they are normalized.
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle._C import Tensor
from paddle.autograd import PyLayer

# Below this many trials a binomial is finished by counting uniforms directly.
_DIRECT_BINOMIAL_TRIALS = 32
# Series and continued fractions stop at this relative change (float64).
_TOLERANCE = 1e-15
_MAX_TERMS = 1_000_000


def _marsaglia_tsang(shape_at_least_one: Tensor) -> Tensor:
    """Gamma(a, 1) variates for a >= 1 (float64), by vectorized rejection rounds."""
    d = shape_at_least_one - 1.0 / 3.0
    c = 1.0 / paddle.sqrt(9.0 * d)
    result = paddle.zeros_like(d)
    done = paddle.zeros(d.shape, dtype="bool")
    while True:
        z = paddle.randn(d.shape, dtype="float64")
        u = paddle.rand(d.shape, dtype="float64")
        v = (1.0 + c * z) ** 3
        positive = v > 0
        log_v = paddle.log(paddle.where(positive, v, paddle.ones_like(v)))
        accepted = positive & (paddle.log(u) < 0.5 * z * z + d - d * v + d * log_v)
        # An invalid shape (NaN, or <= 0 before the boost) would never be accepted: stop it with NaN;
        # an infinite one (whose test reads inf - inf) with its limit, inf.
        invalid, infinite = ~(d > 0), paddle.isinf(d)
        accepted = accepted | invalid | infinite
        result = paddle.where(invalid, paddle.full_like(d, float("nan")), result)
        result = paddle.where(infinite & ~invalid, d, result)
        result = paddle.where(accepted & ~done, d * v, result)
        done = done | accepted
        if bool(paddle.all(done).item()):
            return result


def draw_standard_gamma(concentration: Tensor) -> Tensor:
    """Gamma(concentration, 1) variates as float64, without gradient."""
    with paddle.no_grad():
        a = concentration.detach().astype("float64")
        small = a < 1.0
        boosted = _marsaglia_tsang(paddle.where(small, a + 1.0, a))
        if not bool(paddle.any(small).item()):
            return boosted
        # Work in logs: U^(1/a) underflows for small a long before the product does.
        log_u = paddle.log(paddle.rand(a.shape, dtype="float64"))
        return paddle.where(small, paddle.exp(paddle.log(boosted) + log_u / a), boosted)


def _digamma(values: np.ndarray) -> np.ndarray:
    return paddle.digamma(paddle.to_tensor(values, dtype="float64")).numpy()


def _lower_series(a: np.ndarray, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """S and dS/da for P(a, x) = x^a e^-x S / Gamma(a + 1), S = sum_n x^n / ((a+1)...(a+n))."""
    term = np.ones_like(a)
    harmonic = np.zeros_like(a)
    series = np.ones_like(a)
    derivative = np.zeros_like(a)
    active = np.arange(a.size)
    for n in range(1, _MAX_TERMS):
        if active.size == 0:
            break
        an = a[active] + n
        term[active] *= x[active] / an
        harmonic[active] += 1.0 / an
        series[active] += term[active]
        derivative[active] -= term[active] * harmonic[active]
        active = active[term[active] > _TOLERANCE * series[active]]
    return series, derivative


def _upper_continued_fraction(a: np.ndarray, x: np.ndarray) -> np.ndarray:
    """F with Q(a, x) = x^a e^-x F / Gamma(a), by the modified Lentz method."""
    tiny = 1e-300
    b = x + 1.0 - a
    c = np.full_like(a, 1.0 / tiny)
    d = 1.0 / np.where(np.abs(b) < tiny, tiny, b)
    h = d.copy()
    active = np.arange(a.size)
    for i in range(1, _MAX_TERMS):
        if active.size == 0:
            break
        an = -i * (i - a[active])
        b[active] += 2.0
        d_new = an * d[active] + b[active]
        d_new = np.where(np.abs(d_new) < tiny, tiny, d_new)
        c_new = b[active] + an / c[active]
        c_new = np.where(np.abs(c_new) < tiny, tiny, c_new)
        d[active] = 1.0 / d_new
        c[active] = c_new
        delta = d[active] * c_new
        h[active] *= delta
        active = active[np.abs(delta - 1.0) > _TOLERANCE]
    return h


def standard_gamma_shape_derivative(x: np.ndarray, a: np.ndarray) -> np.ndarray:
    """dx/da for x ~ Gamma(a, 1) held at a fixed CDF level: -(dF/da) / p(x)."""
    x = x.astype(np.float64).ravel()
    a = a.astype(np.float64).ravel()
    result = np.zeros_like(x)
    positive = x > 0  # an underflowed sample stays 0 to first order
    lower = positive & (x < a + 1.0)
    upper = positive & ~lower
    if lower.any():
        al, xl = a[lower], x[lower]
        series, dseries = _lower_series(al, xl)
        # P / p = x S / a and d log P / da = log x - digamma(a + 1) + S'/S.
        result[lower] = -(xl / al) * (series * (np.log(xl) - _digamma(al + 1.0)) + dseries)
    if upper.any():
        au, xu = a[upper], x[upper]
        fraction = _upper_continued_fraction(au, xu)
        # F is smooth in a: a central difference is accurate to ~1e-10 here.
        step = 1e-5 * np.maximum(au, 1.0)
        dlog_fraction = (np.log(_upper_continued_fraction(au + step, xu))
                         - np.log(_upper_continued_fraction(au - step, xu))) / (2.0 * step)
        # Q / p = x F and dx/da = (dQ/da) / p.
        result[upper] = xu * fraction * (np.log(xu) - _digamma(au) + dlog_fraction)
    return result


class _StandardGamma(PyLayer):
    """Gamma(a, 1) samples whose gradient in `a` is the implicit reparameterization."""

    @staticmethod
    def forward(ctx, concentration):
        sample = draw_standard_gamma(concentration).astype(concentration.dtype)
        ctx.save_for_backward(sample, concentration)
        return sample

    @staticmethod
    def backward(ctx, grad_output):
        sample, concentration = ctx.saved_tensor()
        shape = list(sample.shape)
        derivative = standard_gamma_shape_derivative(sample.numpy(), concentration.numpy()).reshape(shape)
        derivative = paddle.to_tensor(derivative, dtype=concentration.dtype, place=concentration.place)
        return grad_output * derivative


def standard_gamma(concentration: Tensor) -> Tensor:
    """Gamma(concentration, 1) samples of `concentration`'s dtype, differentiable in it."""
    if concentration.stop_gradient or not paddle.is_grad_enabled():
        return draw_standard_gamma(concentration).astype(concentration.dtype)
    return _StandardGamma.apply(concentration)


def dirichlet_from_gammas(concentration: Tensor) -> Tensor:
    """Dirichlet(concentration) samples (last axis the simplex), normalized in float64 for tiny shapes."""
    if concentration.stop_gradient or not paddle.is_grad_enabled():
        gammas = draw_standard_gamma(concentration)
        return (gammas / gammas.sum(-1, keepdim=True)).astype(concentration.dtype)
    gammas = standard_gamma(concentration)
    return gammas / gammas.sum(-1, keepdim=True)


def draw_beta(alpha: Tensor, beta: Tensor) -> Tensor:
    """Beta(alpha, beta) variates as float64, without gradient (same-shaped float64 inputs)."""
    x = draw_standard_gamma(alpha)
    y = draw_standard_gamma(beta)
    return x / (x + y)


def draw_binomial(total_count: Tensor, probs: Tensor) -> Tensor:
    """Binomial(total_count, probs) counts as float64 (same-shaped inputs), without gradient."""
    with paddle.no_grad():
        n = paddle.round(total_count.detach().astype("float64"))
        if n.size > 0 and not bool(((n >= 0) & paddle.isfinite(n)).all()):
            # An infinite count would halve forever below.
            raise ValueError(f"[binomial] argument 'count': expected finite counts >= 0, but got "
                             f"min {float(n.min())}, max {float(n.max())}")
        p = paddle.clip(probs.detach().astype("float64"), 0.0, 1.0)
        count = paddle.zeros_like(n)
        tiny = paddle.full([], 1e-300, dtype="float64")
        while n.size > 0 and float(n.max().item()) > _DIRECT_BINOMIAL_TRIALS:
            large = n > _DIRECT_BINOMIAL_TRIALS
            k = paddle.floor((n + 1.0) / 2.0)
            # Elements already small get a harmless Beta(1, 1) that is not used.
            y = draw_beta(paddle.where(large, k, paddle.ones_like(k)),
                          paddle.where(large, n + 1.0 - k, paddle.ones_like(k)))
            settled = y <= p  # at least k successes: the k smallest uniforms are below p
            count = count + paddle.where(large & settled, k, paddle.zeros_like(k))
            rest_n = paddle.where(settled, n - k, k - 1.0)
            rest_p = paddle.where(settled, (p - y) / paddle.maximum(1.0 - y, tiny), p / paddle.maximum(y, tiny))
            n = paddle.where(large, rest_n, n)
            p = paddle.where(large, paddle.clip(rest_p, 0.0, 1.0), p)
        trials = paddle.arange(_DIRECT_BINOMIAL_TRIALS, dtype="float64")
        uniforms = paddle.rand(list(n.shape) + [_DIRECT_BINOMIAL_TRIALS], dtype="float64")
        hits = (uniforms < p.unsqueeze(-1)) & (trials < n.unsqueeze(-1))
        return count + hits.astype("float64").sum(-1)
