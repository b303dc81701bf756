"""paddle.distribution against independent references.

Closed forms are recomputed here in NumPy (math.lgamma/erf, a local digamma);
means, variances, entropies and CDFs of one-dimensional laws are also checked
by quadrature of the distribution's own density, KL divergences by quadrature
or summation of log-density ratios, sampling by moments within five standard
errors (seeded), rsample gradients by finite differences on the same random
stream (float64), and the gamma family's implicit gradients by their
expectations and by differentiating the CDF numerically.
"""

from __future__ import annotations

import doctest
import itertools
import math
import pathlib
import re
import warnings

import numpy as np
import pytest

import paddle
import paddle.distribution as D

LGAMMA = np.vectorize(math.lgamma)
ERF = np.vectorize(math.erf)
LOG_2PI = math.log(2 * math.pi)
EULER = 0.5772156649015329


def digamma(x):
    """psi(x) for x > 0: recurrence up to 6, then the asymptotic series."""
    x = np.array(x, dtype=np.float64)
    out = np.zeros_like(x)
    while (x < 6).any():
        small = x < 6
        out[small] -= 1.0 / x[small]
        x[small] += 1.0
    f = 1.0 / (x * x)
    return out + np.log(x) - 0.5 / x - f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f / 132))))


def T(value, dtype="float64", grad=False):
    return paddle.to_tensor(np.asarray(value, dtype=dtype), stop_gradient=not grad)


def N(tensor):
    return np.asarray(tensor.numpy(), dtype=np.float64)


def trapezoid(y, x):
    return float(((y[1:] + y[:-1]) / 2 * np.diff(x)).sum())


# ---------------------------------------------------------------- the API surface

EXPECTED_NAMES = {
    "Distribution", "ExponentialFamily", "Normal", "Uniform", "Categorical", "Bernoulli", "Beta", "Binomial",
    "Cauchy", "Chi2", "ContinuousBernoulli", "Dirichlet", "Exponential", "Gamma", "Geometric", "Gumbel",
    "Independent", "Laplace", "LogNormal", "Multinomial", "MultivariateNormal", "Poisson", "StudentT",
    "TransformedDistribution", "LKJCholesky", "Transform", "AbsTransform", "AffineTransform", "ChainTransform",
    "ExpTransform", "IndependentTransform", "PowerTransform", "ReshapeTransform", "SigmoidTransform",
    "SoftmaxTransform", "StackTransform", "StickBreakingTransform", "TanhTransform", "kl_divergence", "register_kl",
}


def test_all_lists_paddles_names_and_each_exists():
    assert set(D.__all__) == EXPECTED_NAMES
    for name in EXPECTED_NAMES:
        assert getattr(D, name) is not None


def test_class_hierarchy_matches_paddle():
    assert issubclass(D.Chi2, D.Gamma) and issubclass(D.Gamma, D.ExponentialFamily)
    assert issubclass(D.LogNormal, D.TransformedDistribution) and issubclass(D.Gumbel, D.TransformedDistribution)
    for cls in (D.Bernoulli, D.Beta, D.Dirichlet, D.Exponential):
        assert issubclass(cls, D.ExponentialFamily)


# ---------------------------------------------------------------- parameters

def test_parameters_become_broadcast_tensors_of_the_default_or_given_dtype():
    d = D.Normal(0.5, [1.0, 2.0])
    assert d.batch_shape == (2,) and d.event_shape == ()
    assert d.loc.dtype == paddle.float32 and N(d.loc).tolist() == [0.5, 0.5]
    assert D.Normal(np.array([0.0, 1.0]), 1.0).loc.dtype == paddle.float64  # a float64 array keeps its dtype
    assert D.Normal(T([0.0, 1.0]), 1.0).scale.dtype == paddle.float64       # a Tensor decides the dtype
    assert D.Normal(paddle.to_tensor([1, 2]), 1.0).loc.dtype == paddle.float32  # integers become floats
    d = D.Uniform(T([[0.0], [1.0]]), T([2.0, 3.0, 4.0]))
    assert d.batch_shape == (2, 3)
    assert D.Normal(0.0, 1.0).sample([4, 5]).shape == [4, 5]
    assert D.Normal(0.0, 1.0).batch_shape == ()


def test_paddle_quirks_on_scalar_shapes_are_kept():
    # Paddle wraps a Python number in a 1-element batch for these two.
    assert D.Poisson(2.0).batch_shape == (1,)
    assert D.ContinuousBernoulli(0.3).batch_shape == (1,)
    assert D.Bernoulli(0.3).batch_shape == ()


def test_log_prob_casts_values_to_the_parameter_dtype():
    d = D.Normal(T([0.0]), T([1.0]))
    out = d.log_prob(paddle.to_tensor([0.0], dtype="float32"))
    assert out.dtype == paddle.float64
    np.testing.assert_allclose(N(out), [-0.5 * LOG_2PI], rtol=1e-12)
    np.testing.assert_allclose(N(d.log_prob(0.0)), [-0.5 * LOG_2PI], rtol=1e-12)


# ---------------------------------------------------------------- bad arguments

BAD_ARGUMENTS = [
    (lambda: D.Normal("a", 1.0), TypeError, r"^\[Normal.__init__\] argument 'loc': expected a float.*but got str"),
    (lambda: D.Normal(0.0, {"s": 1}), TypeError, r"^\[Normal.__init__\] argument 'scale'"),
    (lambda: D.Normal([0.0, 1.0], [1.0, 2.0, 3.0]), ValueError,
     r"^\[Normal.__init__\] arguments 'loc', 'scale': expected shapes that broadcast together, but got \[2\], \[3\]"),
    (lambda: D.Uniform(0.0, [[1.0, 2.0]] * 3).log_prob(paddle.ones([2, 2])), ValueError,
     r"^\[Uniform.log_prob\] argument 'value': expected a shape that broadcasts with the distribution's shape "
     r"\[3, 2\], but got \[2, 2\]"),
    (lambda: D.Dirichlet(T([1.0, 2.0, 3.0])).log_prob(T([0.5, 0.5])), ValueError, r"^\[Dirichlet.log_prob\]"),
    (lambda: D.Gamma(True, 1.0), TypeError, r"^\[Gamma.__init__\] argument 'concentration'"),
    (lambda: D.Chi2(T([1.0, -2.0])), ValueError, r"^\[Chi2.__init__\] argument 'df': expected positive values"),
    (lambda: D.StudentT(0.0, 0.0, 1.0), ValueError, r"^\[StudentT.__init__\] argument 'df'"),
    (lambda: D.StudentT(3.0, 0.0, -1.0), ValueError, r"^\[StudentT.__init__\] argument 'scale'"),
    (lambda: D.Multinomial(0, T([0.5, 0.5])), ValueError, r"^\[Multinomial.__init__\] argument 'total_count': "
                                                          r"expected an int >= 1, but got 0"),
    (lambda: D.Multinomial(2.5, T([0.5, 0.5])), TypeError, r"^\[Multinomial.__init__\] argument 'total_count'"),
    (lambda: D.Multinomial(3, T(0.5)), ValueError, r"^\[Multinomial.__init__\] argument 'probs'"),
    (lambda: D.Dirichlet(T(1.0)), ValueError, r"^\[Dirichlet.__init__\] argument 'concentration'"),
    (lambda: D.Categorical(1.0), TypeError, r"^\[Categorical.__init__\] argument 'logits'"),
    (lambda: D.MultivariateNormal(T([0.0, 0.0])), ValueError,
     r"^\[MultivariateNormal.__init__\] expected exactly one of .* but got 0"),
    (lambda: D.MultivariateNormal(T([0.0, 0.0]), covariance_matrix=paddle.eye(2), scale_tril=paddle.eye(2)),
     ValueError, r"but got 2 \(covariance_matrix, scale_tril\)"),
    (lambda: D.MultivariateNormal(T([0.0, 0.0]), covariance_matrix=T([1.0, 2.0])), ValueError,
     r"^\[MultivariateNormal.__init__\] argument 'covariance_matrix': expected square matrices"),
    (lambda: D.MultivariateNormal(T([0.0, 0.0, 0.0]), scale_tril=paddle.eye(2)), ValueError, r"match loc"),
    (lambda: D.LKJCholesky(1), ValueError, r"^\[LKJCholesky.__init__\] argument 'dim': expected an int >= 2"),
    (lambda: D.LKJCholesky(2.5), TypeError, r"^\[LKJCholesky.__init__\] argument 'dim'"),
    (lambda: D.LKJCholesky(3, -1.0), ValueError, r"^\[LKJCholesky.__init__\] argument 'concentration'"),
    (lambda: D.LKJCholesky(3, 1.0, "grid"), ValueError, r"^\[LKJCholesky.__init__\] argument 'sample_method'"),
    (lambda: D.Independent(1.0, 1), TypeError, r"^\[Independent.__init__\] argument 'base'"),
    (lambda: D.Independent(D.Normal(T([0.0]), T([1.0])), 2), ValueError,
     r"^\[Independent.__init__\] argument 'reinterpreted_batch_rank': expected an int in \[1, 1\]"),
    (lambda: D.TransformedDistribution(D.Normal(0.0, 1.0), [1.0]), TypeError,
     r"^\[TransformedDistribution.__init__\] argument 'transforms'"),
    (lambda: D.Normal(0.0, 1.0).sample(3), TypeError, r"^\[Normal.rsample\] argument 'shape'"),
    (lambda: D.Normal(0.0, 1.0).sample([-1]), ValueError, r"^\[Normal.rsample\] argument 'shape': expected "
                                                          r"non-negative sizes"),
    (lambda: D.Bernoulli(0.3).rsample([2], temperature=0.0), ValueError, r"^\[Bernoulli.rsample\] argument "
                                                                         r"'temperature'"),
    (lambda: D.Normal(0.0, 1.0).log_prob("x"), TypeError, r"^\[Normal.log_prob\] argument 'value'"),
    (lambda: D.Geometric(0.5).pmf("k"), TypeError, r"^\[Geometric.pmf\] argument 'k'|^\[Geometric.log_pmf\]"),
    (lambda: D.AffineTransform(0.0, T(1.0)), TypeError, r"^\[AffineTransform.__init__\] argument 'loc': expected "
                                                         r"Tensor, but got float"),
    (lambda: D.ExpTransform().forward(1.0), TypeError, r"^\[ExpTransform.forward\] argument 'x'"),
    (lambda: D.StickBreakingTransform().forward(T(1.0)), ValueError,
     r"^\[StickBreakingTransform.forward\] argument 'x': expected at least 1 dimensions"),
    (lambda: D.ReshapeTransform((2, 3), (4,)), ValueError, r"^\[ReshapeTransform.__init__\] expected .* same "
                                                            r"number of elements"),
    (lambda: D.ReshapeTransform((2,), (2,)).forward_shape((3,)), ValueError, r"^\[ReshapeTransform.forward_shape\]"),
    (lambda: D.IndependentTransform(D.ExpTransform(), 0), ValueError, r"^\[IndependentTransform.__init__\]"),
    (lambda: D.StackTransform([D.ExpTransform()], axis=0).forward(paddle.ones([2])), ValueError,
     r"^\[StackTransform.forward\] expected size 1 along axis 0"),
    (lambda: D.AbsTransform().forward_log_det_jacobian(paddle.ones([2])), NotImplementedError,
     r"^\[AbsTransform.forward_log_det_jacobian\] is not defined for a non-injective transform"),
    (lambda: D.Cauchy(0.0, 1.0).mean, ValueError, r"^\[Cauchy.mean\] the Cauchy distribution has no mean"),
    (lambda: D.register_kl(int, D.Normal), TypeError, r"^\[register_kl\] argument 'cls_p'"),
    (lambda: D.kl_divergence(D.Normal(0.0, 1.0), 3), TypeError, r"^\[kl_divergence\] argument 'q'"),
    (lambda: D.kl_divergence(D.Normal(0.0, 1.0), D.Beta(1.0, 1.0)), NotImplementedError,
     r"^\[kl_divergence\] no KL divergence is registered for \(Normal, Beta\)"),
    (lambda: D.kl_divergence(D.Gamma(1.0, 1.0), D.Beta(1.0, 1.0)), NotImplementedError, r"^\[kl_divergence\]"),
    (lambda: D.kl_divergence(D.MultivariateNormal(T([0.0]), scale_tril=paddle.eye(1, dtype="float64")),
                             D.MultivariateNormal(T([0.0, 0.0]), scale_tril=paddle.eye(2, dtype="float64"))),
     ValueError, r"^\[kl_divergence\] expected MultivariateNormal distributions of one event shape"),
]


@pytest.mark.parametrize("make, error, pattern", BAD_ARGUMENTS)
def test_bad_arguments_raise_errors_that_name_the_op(make, error, pattern):
    with pytest.raises(error, match=pattern):
        make()


# ---------------------------------------------------------------- continuous laws in one dimension

def normal_logpdf(x, m, s):
    return -((x - m) ** 2) / (2 * s * s) - np.log(s) - 0.5 * LOG_2PI


def gamma_logpdf(x, a, b):
    return a * np.log(b) + (a - 1) * np.log(x) - b * x - LGAMMA(a)


def beta_logpdf(x, a, b):
    return (a - 1) * np.log(x) + (b - 1) * np.log1p(-x) - (LGAMMA(a) + LGAMMA(b) - LGAMMA(a + b))


def continuous_bernoulli_logpdf(x, lam):
    log_norm = np.log(2 * np.arctanh(1 - 2 * lam) / (1 - 2 * lam)) if lam != 0.5 else np.log(2.0)
    return log_norm + x * np.log(lam) + (1 - x) * np.log1p(-lam)


def student_logpdf(x, df, m, s):
    z = (x - m) / s
    return (LGAMMA((df + 1) / 2) - LGAMMA(df / 2) - 0.5 * np.log(df * np.pi) - np.log(s)
            - (df + 1) / 2 * np.log1p(z * z / df))


# name, distribution, quadrature grid (lo, hi, points), reference log density
CONTINUOUS = [
    ("normal", lambda: D.Normal(T(1.0), T(2.0)), (-25, 27, 200001), lambda x: normal_logpdf(x, 1.0, 2.0)),
    ("uniform", lambda: D.Uniform(T(-1.0), T(3.0)), (-1 + 1e-9, 3 - 1e-9, 20001),
     lambda x: np.where((x > -1) & (x < 3), -np.log(4.0), -np.inf)),
    ("exponential", lambda: D.Exponential(T(1.5)), (0, 40, 200001), lambda x: np.log(1.5) - 1.5 * x),
    ("gamma", lambda: D.Gamma(T(2.5), T(1.5)), (0, 60, 200001), lambda x: gamma_logpdf(x, 2.5, 1.5)),
    ("chi2", lambda: D.Chi2(T(3.0)), (0, 120, 400001), lambda x: gamma_logpdf(x, 1.5, 0.5)),
    ("beta", lambda: D.Beta(T(2.0), T(3.0)), (0, 1, 100001), lambda x: beta_logpdf(x, 2.0, 3.0)),
    ("laplace", lambda: D.Laplace(T(0.5), T(1.5)), (-60, 61, 400001),
     lambda x: -np.log(3.0) - np.abs(x - 0.5) / 1.5),
    ("gumbel", lambda: D.Gumbel(T(1.0), T(2.0)), (-12, 90, 400001),
     lambda x: -((x - 1) / 2 + np.exp(-(x - 1) / 2)) - np.log(2.0)),
    ("lognormal", lambda: D.LogNormal(T(0.2), T(0.5)), (1e-9, 60, 400001),
     lambda x: normal_logpdf(np.log(x), 0.2, 0.5) - np.log(x)),
    ("student_t", lambda: D.StudentT(T(6.0), T(1.0), T(2.0)), (-600, 602, 1200001),
     lambda x: student_logpdf(x, 6.0, 1.0, 2.0)),
    ("continuous_bernoulli", lambda: D.ContinuousBernoulli(T([0.2])), (0, 1, 20001),
     lambda x: continuous_bernoulli_logpdf(x, 0.2)),
    ("continuous_bernoulli_taylor", lambda: D.ContinuousBernoulli(T([0.5004])), (0, 1, 20001),
     lambda x: continuous_bernoulli_logpdf(x, 0.5004)),
]


@pytest.mark.parametrize("name, make, grid, logpdf", CONTINUOUS, ids=[c[0] for c in CONTINUOUS])
@np.errstate(divide="ignore", invalid="ignore")  # log(0) at the ends of the grids
def test_continuous_log_prob_and_moments_match_the_density(name, make, grid, logpdf):
    dist = make()
    x = np.linspace(*grid)
    points = x[np.linspace(1, len(x) - 2, 9).astype(int)]
    batch = [1] if dist.batch_shape == (1,) else []
    values = T(points.reshape([-1] + batch))
    np.testing.assert_allclose(N(dist.log_prob(values)).ravel(), logpdf(points), rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(N(dist.prob(values)).ravel(), np.exp(logpdf(points)), rtol=1e-9, atol=1e-12)
    log_p = logpdf(x)
    p = np.exp(log_p)
    assert abs(trapezoid(p, x) - 1) < 2e-4
    mean = trapezoid(x * p, x)
    variance = trapezoid((x - mean) ** 2 * p, x)
    entropy = -trapezoid(np.where(p > 0, p * log_p, 0.0), x)
    np.testing.assert_allclose(N(dist.mean).ravel(), [mean], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(N(dist.variance).ravel(), [variance], rtol=1e-3, atol=1e-5)
    np.testing.assert_allclose(N(dist.entropy()).ravel(), [entropy], rtol=1e-4, atol=1e-4)
    if hasattr(dist, "cdf"):
        cumulative = np.concatenate([[0.0], np.cumsum((p[1:] + p[:-1]) / 2 * np.diff(x))])
        index = np.linspace(len(x) // 10, len(x) - len(x) // 10, 5).astype(int)
        np.testing.assert_allclose(N(dist.cdf(T(x[index].reshape([-1] + batch)))).ravel(), cumulative[index],
                                   atol=2e-4)
    if hasattr(dist, "icdf"):
        q = np.array([0.05, 0.3, 0.5, 0.8, 0.97])
        roundtrip = dist.cdf(dist.icdf(T(q.reshape([-1] + batch))))
        np.testing.assert_allclose(N(roundtrip).ravel(), q, rtol=1e-9)


def test_normal_cdf_and_icdf_closed_forms():
    d = D.Normal(T([0.0, 1.0]), T([1.0, 2.0]))
    x = np.array([0.5, -1.0])
    np.testing.assert_allclose(N(d.cdf(T(x))), 0.5 * (1 + ERF((x - [0, 1]) / (np.array([1, 2]) * math.sqrt(2)))),
                               rtol=1e-12)
    np.testing.assert_allclose(N(d.icdf(d.cdf(T(x)))), x, rtol=1e-7)
    np.testing.assert_allclose(N(d.stddev), [1.0, 2.0])


def test_cauchy_log_prob_cdf_icdf_and_entropy():
    d = D.Cauchy(T([0.0, 1.0]), T([1.0, 2.0]))
    x = np.array([0.3, -2.0])
    m, s = np.array([0.0, 1.0]), np.array([1.0, 2.0])
    np.testing.assert_allclose(N(d.log_prob(T(x))), -np.log(np.pi * s * (1 + ((x - m) / s) ** 2)), rtol=1e-12)
    np.testing.assert_allclose(N(d.cdf(T(x))), np.arctan((x - m) / s) / np.pi + 0.5, rtol=1e-12)
    np.testing.assert_allclose(N(d.icdf(d.cdf(T(x)))), x, rtol=1e-9)
    np.testing.assert_allclose(N(d.entropy()), np.log(4 * np.pi * s), rtol=1e-12)
    for prop in ("variance", "stddev"):
        with pytest.raises(ValueError, match=rf"^\[Cauchy.{prop}\]"):
            getattr(d, prop)


def test_exponential_and_uniform_outside_the_support():
    e = D.Exponential(T([2.0]))
    assert N(e.log_prob(T([-1.0]))).tolist() == [-np.inf]
    assert N(e.cdf(T([-1.0]))).tolist() == [0.0]
    u = D.Uniform(T(0.0), T(2.0))
    assert N(u.log_prob(T([-0.5, 2.5]))).tolist() == [-np.inf, -np.inf]
    np.testing.assert_allclose(N(u.probs(T([1.0, 3.0]))), [0.5, 0.0])


def test_student_t_mean_and_variance_where_undefined():
    d = D.StudentT(T([0.5, 1.5, 3.0]), T(2.0), T(1.0))
    mean, variance = N(d.mean), N(d.variance)
    assert np.isnan(mean[0]) and mean[1:].tolist() == [2.0, 2.0]
    assert np.isnan(variance[0]) and variance[1] == np.inf and variance[2] == pytest.approx(3.0)


def test_laplace_and_gumbel_stddev():
    np.testing.assert_allclose(N(D.Laplace(T(0.0), T(2.0)).stddev), 2 * math.sqrt(2))
    np.testing.assert_allclose(N(D.Gumbel(T(0.0), T(2.0)).stddev), 2 * math.pi / math.sqrt(6))


# ---------------------------------------------------------------- discrete laws

def test_bernoulli_closed_forms():
    p = np.array([0.2, 0.9])
    d = D.Bernoulli(T(p))
    np.testing.assert_allclose(N(d.log_prob(T([1.0, 0.0]))), [np.log(0.2), np.log(0.1)], rtol=1e-12)
    np.testing.assert_allclose(N(d.entropy()), -(p * np.log(p) + (1 - p) * np.log1p(-p)), rtol=1e-12)
    np.testing.assert_allclose(N(d.mean), p)
    np.testing.assert_allclose(N(d.variance), p * (1 - p))
    np.testing.assert_allclose(N(d.cdf(T([-0.5, 0.5]))), [0.0, 0.1])
    np.testing.assert_allclose(N(d.cdf(T([1.0, 1.0]))), [1.0, 1.0])
    # probs are kept eps away from 0 and 1, as in Paddle
    assert 0 < float(D.Bernoulli(T(0.0)).probs) < 1e-15


DISCRETE = [
    ("poisson", lambda: D.Poisson(T([3.5])), np.arange(0, 80),
     lambda k: k * np.log(3.5) - 3.5 - LGAMMA(k + 1)),
    ("binomial", lambda: D.Binomial(T(12.0), T(0.3)), np.arange(0, 13),
     lambda k: LGAMMA(13) - LGAMMA(k + 1) - LGAMMA(13 - k) + k * np.log(0.3) + (12 - k) * np.log(0.7)),
    ("geometric", lambda: D.Geometric(T(0.3)), np.arange(0, 300), lambda k: k * np.log(0.7) + np.log(0.3)),
]


@pytest.mark.parametrize("name, make, support, logpmf", DISCRETE, ids=[d[0] for d in DISCRETE])
def test_discrete_log_prob_and_moments_match_sums_over_the_support(name, make, support, logpmf):
    dist = make()
    k = support.astype(np.float64)
    shape = [-1] + list(dist.batch_shape)
    log_p = logpmf(k)
    np.testing.assert_allclose(N(dist.log_prob(T(k.reshape(shape)))).ravel(), log_p, rtol=1e-9, atol=1e-9)
    p = np.exp(log_p)
    assert abs(p.sum() - 1) < 1e-9
    mean = (k * p).sum()
    np.testing.assert_allclose(N(dist.mean).ravel(), [mean], rtol=1e-9)
    np.testing.assert_allclose(N(dist.variance).ravel(), [((k - mean) ** 2 * p).sum()], rtol=1e-9)
    np.testing.assert_allclose(N(dist.entropy()).ravel(), [-(p * log_p).sum()], rtol=1e-9)


def test_binomial_and_poisson_outside_the_support_have_zero_probability():
    b = D.Binomial(T([5.0, 5.0]), T([0.3, 0.3]))
    assert N(b.log_prob(T([6.0, -1.0]))).tolist() == [-np.inf, -np.inf]
    p = D.Poisson(T([0.0, 2.0]))
    np.testing.assert_allclose(N(p.log_prob(T([0.0, -1.0]))), [0.0, -np.inf])
    np.testing.assert_allclose(N(p.entropy())[0], 0.0)


def test_geometric_pmf_cdf_and_entropy():
    g = D.Geometric(T([0.3, 0.6]))
    k = np.array([2.0, 3.0])
    p = np.array([0.3, 0.6])
    np.testing.assert_allclose(N(g.pmf(T(k))), (1 - p) ** k * p, rtol=1e-12)
    np.testing.assert_allclose(N(g.log_pmf(2)), 2 * np.log1p(-p) + np.log(p), rtol=1e-12)
    cdf = [sum((1 - q) ** j * q for j in range(int(n) + 1)) for q, n in zip(p, k)]
    np.testing.assert_allclose(N(g.cdf(T(k))), cdf, rtol=1e-12)
    np.testing.assert_allclose(N(g.stddev), np.sqrt((1 - p) / p**2), rtol=1e-12)


def test_categorical_reads_logits_as_paddle_does():
    logits = np.array([[1.0, 2.0, 3.0], [0.5, 0.2, 0.3]])
    d = D.Categorical(T(logits))
    assert d.batch_shape == (2,) and d.event_shape == ()
    weights = logits / logits.sum(-1, keepdims=True)  # probs/log_prob normalize linearly
    np.testing.assert_allclose(N(d.probs(paddle.to_tensor([0, 2]))), weights[:, [0, 2]], rtol=1e-12)
    np.testing.assert_allclose(N(d.log_prob(paddle.to_tensor([[1], [2]]))), np.log(weights[[0, 1], [1, 2]])[:, None],
                               rtol=1e-12)
    softmax = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)  # entropy and sampling use softmax
    np.testing.assert_allclose(N(d.entropy()), -(softmax * np.log(softmax)).sum(-1), rtol=1e-12)
    one = D.Categorical(T([1.0, 2.0, 3.0]))
    np.testing.assert_allclose(N(one.probs(paddle.to_tensor([[0, 1], [2, 2]]))), [[1 / 6, 2 / 6], [0.5, 0.5]])


def test_multinomial_log_prob_entropy_and_moments_by_enumeration():
    probs = np.array([0.2, 0.3, 0.5])
    n = 5
    d = D.Multinomial(n, T(probs * 2))  # normalized internally
    counts = np.array([c for c in itertools.product(range(n + 1), repeat=3) if sum(c) == n], dtype=np.float64)
    log_p = LGAMMA(n + 1) - LGAMMA(counts + 1).sum(-1) + (counts * np.log(probs)).sum(-1)
    np.testing.assert_allclose(N(d.log_prob(T(counts))), log_p, rtol=1e-10)
    p = np.exp(log_p)
    assert abs(p.sum() - 1) < 1e-12
    np.testing.assert_allclose(N(d.entropy()), -(p * log_p).sum(), rtol=1e-10)
    np.testing.assert_allclose(N(d.mean), n * probs, rtol=1e-12)
    np.testing.assert_allclose(N(d.variance), n * probs * (1 - probs), rtol=1e-12)
    # a zero count of an impossible category costs nothing
    zero = D.Multinomial(2, T([0.5, 0.5, 0.0]))
    np.testing.assert_allclose(N(zero.log_prob(T([1.0, 1.0, 0.0]))), np.log(0.5))


# ---------------------------------------------------------------- multivariate laws

def test_dirichlet_closed_forms():
    a = np.array([0.7, 2.0, 3.0])
    x = np.array([0.2, 0.3, 0.5])
    d = D.Dirichlet(T(a))
    a0 = a.sum()
    log_b = LGAMMA(a).sum() - math.lgamma(a0)
    np.testing.assert_allclose(N(d.log_prob(T(x))), ((a - 1) * np.log(x)).sum() - log_b, rtol=1e-12)
    np.testing.assert_allclose(N(d.mean), a / a0, rtol=1e-12)
    np.testing.assert_allclose(N(d.variance), a * (a0 - a) / (a0**2 * (a0 + 1)), rtol=1e-12)
    entropy = log_b + (a0 - 3) * digamma(a0) - ((a - 1) * digamma(a)).sum()
    np.testing.assert_allclose(N(d.entropy()), entropy, rtol=1e-10)
    assert d.event_shape == (3,) and D.Dirichlet(T(np.ones((4, 3)))).batch_shape == (4,)


def test_beta_is_the_two_component_dirichlet():
    b = D.Beta(T([2.0, 0.5]), T([3.0, 0.7]))
    x = np.array([0.25, 0.6])
    dirichlet = D.Dirichlet(T([[2.0, 3.0], [0.5, 0.7]]))
    np.testing.assert_allclose(N(b.log_prob(T(x))), N(dirichlet.log_prob(T(np.stack([x, 1 - x], -1)))), rtol=1e-12)
    np.testing.assert_allclose(N(b.entropy()), N(dirichlet.entropy()), rtol=1e-12)


def mvn_reference_log_prob(x, mean, cov):
    diff = x - mean
    solved = np.linalg.solve(cov, diff[..., None])[..., 0]
    return -0.5 * (len(mean) * LOG_2PI + (diff * solved).sum(-1) + np.linalg.slogdet(cov)[1])


COV = np.array([[2.0, 0.5, 0.1], [0.5, 1.0, -0.3], [0.1, -0.3, 1.5]])


@pytest.mark.parametrize("parameter", ["covariance_matrix", "precision_matrix", "scale_tril"])
def test_multivariate_normal_from_each_parameter(parameter):
    value = {"covariance_matrix": COV, "precision_matrix": np.linalg.inv(COV),
             "scale_tril": np.linalg.cholesky(COV)}[parameter]
    mean = np.array([0.0, 1.0, -1.0])
    d = D.MultivariateNormal(T(mean), **{parameter: T(value)})
    x = np.array([[0.5, 0.5, 0.0], [1.0, 2.0, -3.0]])
    np.testing.assert_allclose(N(d.log_prob(T(x))), mvn_reference_log_prob(x, mean, COV), rtol=1e-10)
    np.testing.assert_allclose(N(d.covariance_matrix), COV, atol=1e-12)
    np.testing.assert_allclose(N(d.precision_matrix), np.linalg.inv(COV), atol=1e-10)
    np.testing.assert_allclose(N(d.scale_tril), np.linalg.cholesky(COV), atol=1e-12)
    np.testing.assert_allclose(N(d.variance), np.diag(COV), rtol=1e-12)
    np.testing.assert_allclose(N(d.entropy()), 0.5 * (3 * (1 + LOG_2PI) + np.linalg.slogdet(COV)[1]), rtol=1e-12)


def test_multivariate_normal_broadcasts_batches_of_loc_matrix_and_value():
    scales = np.stack([np.linalg.cholesky(COV), np.eye(3)])  # batch of 2
    locs = np.zeros((4, 1, 3))                                # broadcast to (4, 2)
    d = D.MultivariateNormal(T(locs), scale_tril=T(scales))
    assert d.batch_shape == (4, 2) and d.event_shape == (3,)
    x = np.random.default_rng(0).normal(size=(5, 4, 2, 3))
    expected = np.stack([mvn_reference_log_prob(x[..., 0, :], np.zeros(3), COV),
                         mvn_reference_log_prob(x[..., 1, :], np.zeros(3), np.eye(3))], -1)
    np.testing.assert_allclose(N(d.log_prob(T(x))), expected, rtol=1e-10)
    assert d.sample([6]).shape == [6, 4, 2, 3]


# ---------------------------------------------------------------- LKJ

def test_lkj_log_prob_in_two_dimensions_is_the_correlation_density():
    eta = 0.7
    r = np.array([-0.6, 0.1, 0.9])
    factors = np.zeros((3, 2, 2))
    factors[:, 0, 0] = 1
    factors[:, 1, 0] = r
    factors[:, 1, 1] = np.sqrt(1 - r**2)
    d = D.LKJCholesky(2, T(eta))
    # p(r) = (1 - r^2)^(eta - 1) / B(1/2, eta) on (-1, 1)
    expected = (eta - 1) * np.log1p(-r**2) - (math.lgamma(0.5) + math.lgamma(eta) - math.lgamma(eta + 0.5))
    np.testing.assert_allclose(N(d.log_prob(T(factors))), expected, rtol=1e-10)


@pytest.mark.parametrize("method", ["onion", "cvine"])
def test_lkj_samples_are_correlation_factors_with_the_right_marginals(method):
    paddle.seed(5)
    dim, eta, n = 4, 2.0, 20000
    L = N(D.LKJCholesky(dim, T(eta), method).sample([n]))
    assert L.shape == (n, dim, dim)
    assert np.allclose(np.triu(L, 1), 0) and (np.diagonal(L, axis1=1, axis2=2) > 0).all()
    C = L @ L.transpose(0, 2, 1)
    np.testing.assert_allclose(np.diagonal(C, axis1=1, axis2=2), 1.0, atol=1e-10)
    # Each correlation is 2 Beta(b, b) - 1 with b = eta - 1 + dim/2: E[r^2] = 1 / (2b + 1).
    b = eta - 1 + dim / 2
    for i, j in [(0, 1), (0, 3), (1, 2), (2, 3)]:
        r2 = C[:, i, j] ** 2
        assert abs(r2.mean() - 1 / (2 * b + 1)) < 5 * r2.std() / math.sqrt(n)


def test_lkj_density_is_normalized_in_three_dimensions():
    # E_{eta=1}[p_eta(L) / p_1(L)] = 1 for any eta: checks the normalizer against the sampler.
    paddle.seed(6)
    samples = D.LKJCholesky(3, T(1.0)).sample([40000])
    ratio = np.exp(N(D.LKJCholesky(3, T(2.5)).log_prob(samples)) - N(D.LKJCholesky(3, T(1.0)).log_prob(samples)))
    assert abs(ratio.mean() - 1) < 5 * ratio.std() / math.sqrt(len(ratio))


# ---------------------------------------------------------------- KL divergences

def quadrature_kl(p, q, lo, hi, points=200001):
    x = np.linspace(lo, hi, points)
    lp, lq = N(p.log_prob(T(x))), N(q.log_prob(T(x)))
    return trapezoid(np.where(lp > -np.inf, np.exp(lp) * (lp - lq), 0.0), x)


def summed_kl(p, q, support):
    k = T(np.asarray(support, dtype=np.float64))
    lp, lq = N(p.log_prob(k)), N(q.log_prob(k))
    return np.where(lp > -np.inf, np.exp(lp) * (lp - lq), 0.0).sum()


KL_BY_QUADRATURE = [
    ("gamma", D.Gamma(T(2.5), T(1.5)), D.Gamma(T(1.2), T(0.7)), 1e-9, 80),
    ("exponential", D.Exponential(T(1.5)), D.Exponential(T(0.4)), 0, 60),
    ("beta", D.Beta(T(2.0), T(3.0)), D.Beta(T(1.5), T(1.2)), 1e-9, 1 - 1e-9),
    ("laplace", D.Laplace(T(0.5), T(1.5)), D.Laplace(T(-0.3), T(0.8)), -80, 80),
    ("lognormal", D.LogNormal(T(0.2), T(0.5)), D.LogNormal(T(-0.1), T(0.9)), 1e-9, 60),
    ("cauchy", D.Cauchy(T(0.0), T(1.0)), D.Cauchy(T(0.5), T(2.0)), -2e4, 2e4),
    ("continuous_bernoulli", D.ContinuousBernoulli(T([0.2])), D.ContinuousBernoulli(T([0.7])), 0, 1),
    ("chi2_gamma", D.Chi2(T(3.0)), D.Gamma(T(1.0), T(0.3)), 1e-9, 120),
]


@pytest.mark.parametrize("name, p, q, lo, hi", KL_BY_QUADRATURE, ids=[k[0] for k in KL_BY_QUADRATURE])
def test_kl_divergence_matches_quadrature(name, p, q, lo, hi):
    points = 2000001 if name == "cauchy" else 200001
    x_shape = [-1, 1] if p.batch_shape == (1,) else [-1]
    x = np.linspace(lo, hi, points)
    lp = N(p.log_prob(T(x.reshape(x_shape)))).ravel()
    lq = N(q.log_prob(T(x.reshape(x_shape)))).ravel()
    expected = trapezoid(np.where(lp > -np.inf, np.exp(lp) * (lp - lq), 0.0), x)
    np.testing.assert_allclose(N(D.kl_divergence(p, q)).ravel(), [expected], rtol=1e-3, atol=1e-5)


def test_kl_divergence_of_discrete_laws_matches_sums():
    cases = [
        (D.Poisson(T([3.5])), D.Poisson(T([1.2])), np.arange(200)[:, None]),
        (D.Binomial(T(12.0), T(0.3)), D.Binomial(T(12.0), T(0.6)), np.arange(13)),
        (D.Binomial(T(12.0), T(0.3)), D.Binomial(T(15.0), T(0.5)), np.arange(13)),
        (D.Geometric(T(0.3)), D.Geometric(T(0.5)), np.arange(400)),
    ]
    for p, q, support in cases:
        np.testing.assert_allclose(N(D.kl_divergence(p, q)).ravel(), [summed_kl(p, q, support)], rtol=1e-9)
    rates = D.kl_divergence(D.Poisson(T([0.0, 3.5])), D.Poisson(T([2.0])))  # rate 0 and a broadcast batch
    np.testing.assert_allclose(N(rates), [2.0, summed_kl(D.Poisson(T([3.5])), D.Poisson(T([2.0])),
                                                         np.arange(200)[:, None])], rtol=1e-9)
    # q cannot produce 13..15 successes that p can: the divergence is infinite.
    assert N(D.kl_divergence(D.Binomial(T(15.0), T(0.3)), D.Binomial(T(12.0), T(0.3)))) == np.inf


def test_kl_divergence_closed_forms():
    p, q = D.Normal(T([0.0, 1.0]), T([1.0, 2.0])), D.Normal(T([0.5, 0.0]), T([2.0, 1.0]))
    m1, s1, m2, s2 = np.array([0.0, 1.0]), np.array([1.0, 2.0]), np.array([0.5, 0.0]), np.array([2.0, 1.0])
    np.testing.assert_allclose(N(D.kl_divergence(p, q)), np.log(s2 / s1) + (s1**2 + (m1 - m2) ** 2) / (2 * s2**2) - 0.5,
                               rtol=1e-12)
    np.testing.assert_allclose(N(p.kl_divergence(q)), N(D.kl_divergence(p, q)))

    u = D.kl_divergence(D.Uniform(T([0.0, 0.0]), T([1.0, 1.0])), D.Uniform(T([-1.0, 0.5]), T([3.0, 2.0])))
    assert N(u)[0] == pytest.approx(np.log(4.0)) and N(u)[1] == np.inf

    pb, qb = np.array([0.2, 0.9]), np.array([0.5, 0.3])
    np.testing.assert_allclose(N(D.kl_divergence(D.Bernoulli(T(pb)), D.Bernoulli(T(qb)))),
                               pb * np.log(pb / qb) + (1 - pb) * np.log((1 - pb) / (1 - qb)), rtol=1e-10)

    lp, lq = np.array([[1.0, 2.0, 3.0]]), np.array([[0.0, 1.0, -1.0]])
    sp = np.exp(lp) / np.exp(lp).sum(-1, keepdims=True)
    sq = np.exp(lq) / np.exp(lq).sum(-1, keepdims=True)
    kl = D.kl_divergence(D.Categorical(T(lp)), D.Categorical(T(lq)))
    assert kl.shape == [1, 1]  # keepdim, as in Paddle
    np.testing.assert_allclose(N(kl), (sp * np.log(sp / sq)).sum(-1, keepdims=True), rtol=1e-12)

    a, b = np.array([1.0, 2.0, 3.0]), np.array([2.0, 0.5, 2.0])
    kl = N(D.kl_divergence(D.Dirichlet(T(a)), D.Dirichlet(T(b))))
    expected = (math.lgamma(a.sum()) - math.lgamma(b.sum()) - (LGAMMA(a) - LGAMMA(b)).sum()
                + ((a - b) * (digamma(a) - digamma(a.sum()))).sum())
    np.testing.assert_allclose(kl, expected, rtol=1e-10)

    cov_q = np.array([[1.0, 0.2, 0.0], [0.2, 2.0, 0.4], [0.0, 0.4, 0.7]])
    mean_p, mean_q = np.array([0.0, 1.0, -1.0]), np.array([0.3, 0.0, 0.2])
    p = D.MultivariateNormal(T(mean_p), covariance_matrix=T(COV))
    q = D.MultivariateNormal(T(mean_q), precision_matrix=T(np.linalg.inv(cov_q)))
    inv_q = np.linalg.inv(cov_q)
    diff = mean_q - mean_p
    expected = 0.5 * (np.trace(inv_q @ COV) + diff @ inv_q @ diff - 3 + np.linalg.slogdet(cov_q)[1]
                      - np.linalg.slogdet(COV)[1])
    np.testing.assert_allclose(N(D.kl_divergence(p, q)), expected, rtol=1e-10)


class _NaturalPoisson(D.ExponentialFamily):
    """A Poisson law known only through its natural parameter, to reach the Bregman fallback."""

    def __init__(self, rate):
        self.rate = rate
        super().__init__(rate.shape)

    @property
    def _natural_parameters(self):
        return (paddle.log(self.rate),)

    def _log_normalizer(self, eta):
        return paddle.exp(eta)

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError


def test_exponential_family_fallback_kl_is_the_bregman_divergence():
    p, q = np.array([3.5, 0.4]), np.array([1.2, 2.0])
    kl = D.kl_divergence(_NaturalPoisson(T(p)), _NaturalPoisson(T(q)))
    np.testing.assert_allclose(N(kl), p * np.log(p / q) - p + q, rtol=1e-12)
    with pytest.raises(NotImplementedError, match=r"^\[kl_divergence\].*one family"):
        D.kl_divergence(_NaturalPoisson(T(p)), D.Exponential(T(q)))


@pytest.mark.parametrize("make", [
    lambda: D.Gamma(T([2.0, 3.0]), T([1.0, 2.0])),
    lambda: D.Exponential(T([0.5, 3.0])),
    lambda: D.Bernoulli(T([0.2, 0.7])),
    lambda: D.Beta(T([2.0, 0.5]), T([1.0, 3.0])),
    lambda: D.Dirichlet(T([[2.0, 3.0, 1.0]])),
])
def test_exponential_family_generic_entropy_matches_the_closed_form(make):
    dist = make()
    np.testing.assert_allclose(N(D.ExponentialFamily.entropy(dist)), N(dist.entropy()), rtol=1e-10, atol=1e-12)


def test_register_kl_dispatches_to_the_most_specific_registration():
    class Child(D.Normal):
        pass

    class GrandChild(Child):
        pass

    p, q = GrandChild(T(0.0), T(1.0)), GrandChild(T(1.0), T(1.0))
    assert N(D.kl_divergence(p, q)) == pytest.approx(0.5)  # inherits (Normal, Normal)

    @D.register_kl(Child, D.Normal)
    def _child_normal(p, q):
        return paddle.full([], 1.0)

    @D.register_kl(Child, Child)
    def _child_child(p, q):
        return paddle.full([], 2.0)

    assert float(D.kl_divergence(p, q)) == 2.0                          # (Child, Child) beats the others

    @D.register_kl(Child, Child)
    def _child_child_again(p, q):
        return paddle.full([], 2.5)

    assert float(D.kl_divergence(p, q)) == 2.5                          # registering again replaces
    assert float(D.kl_divergence(p, D.Normal(T(0.0), T(1.0)))) == 1.0   # only (Child, Normal) and (Normal, Normal)

    class Other(D.Normal):
        pass

    @D.register_kl(D.Normal, Other)
    def _normal_other(p, q):
        return paddle.full([], 3.0)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = float(D.kl_divergence(p, Other(T(0.0), T(1.0))))
    # (Child, Normal) and (Normal, Other) both match and neither is more specific in both places.
    assert value == 1.0 and any(issubclass(w.category, RuntimeWarning) for w in caught)


# ---------------------------------------------------------------- sampling

def check_moments(samples, mean, variance, axis=0):
    """Sample mean and variance within five standard errors of the true ones."""
    n = samples.shape[axis]
    centered = samples - samples.mean(axis)
    assert np.all(np.abs(samples.mean(axis) - mean) < 5 * np.sqrt(variance / n) + 1e-12), (samples.mean(axis), mean)
    variance_se = (centered**2).std(axis) / math.sqrt(n)
    assert np.all(np.abs(samples.var(axis) - variance) < 5 * variance_se + 1e-12), (samples.var(axis), variance)


SAMPLED = [
    ("normal", lambda: D.Normal(T([1.0, -2.0]), T([2.0, 0.5]))),
    ("uniform", lambda: D.Uniform(T(-1.0), T(3.0))),
    ("exponential", lambda: D.Exponential(T([1.5, 0.2]))),
    ("gamma", lambda: D.Gamma(T([0.3, 4.0]), T([2.0, 1.0]))),
    ("chi2", lambda: D.Chi2(T(3.0))),
    ("beta", lambda: D.Beta(T([0.5, 2.0]), T([0.7, 3.0]))),
    ("laplace", lambda: D.Laplace(T(0.5), T(1.5))),
    ("gumbel", lambda: D.Gumbel(T(1.0), T(2.0))),
    ("lognormal", lambda: D.LogNormal(T(0.2), T(0.5))),
    ("student_t", lambda: D.StudentT(T(9.0), T(1.0), T(2.0))),
    ("continuous_bernoulli", lambda: D.ContinuousBernoulli(T([0.2, 0.5, 0.9]))),
    ("bernoulli", lambda: D.Bernoulli(T([0.3, 0.95]))),
    ("binomial", lambda: D.Binomial(T([12.0, 500.0, 40000.0]), T([0.3, 0.7, 0.01]))),
    ("poisson", lambda: D.Poisson(T([3.5, 0.2]))),
    ("geometric", lambda: D.Geometric(T([0.3, 0.9]))),
    ("dirichlet", lambda: D.Dirichlet(T([0.3, 1.0, 2.0]))),
    ("multinomial", lambda: D.Multinomial(7, T([0.2, 0.3, 0.5]))),
    ("multivariate_normal", lambda: D.MultivariateNormal(T([0.0, 1.0, -1.0]), covariance_matrix=T(COV))),
]


@pytest.mark.parametrize("name, make", SAMPLED, ids=[s[0] for s in SAMPLED])
def test_samples_have_the_distributions_mean_and_variance(name, make):
    paddle.seed(2024)
    dist = make()
    draws = dist.sample([20000])
    assert draws.stop_gradient
    assert draws.shape == [20000] + list(dist.batch_shape) + list(dist.event_shape)
    check_moments(N(draws), N(dist.mean), N(dist.variance))


def test_discrete_samples_take_values_in_the_support():
    paddle.seed(7)
    binomial = N(D.Binomial(T([7.0, 300.0]), T([0.4, 1.0])).sample([2000]))
    assert (binomial == np.round(binomial)).all() and (binomial >= 0).all() and (binomial[:, 0] <= 7).all()
    assert (binomial[:, 1] == 300).all()  # p = 1: every trial succeeds
    multinomial = N(D.Multinomial(9, T([[0.1, 0.0, 0.9], [0.5, 0.25, 0.25]])).sample([500]))
    assert (multinomial.sum(-1) == 9).all() and (multinomial[:, 0, 1] == 0).all()
    assert set(np.unique(N(D.Bernoulli(T(0.5)).sample([100])))) <= {0.0, 1.0}
    dirichlet = N(D.Dirichlet(T([0.05, 0.05, 0.05])).sample([1000]))
    np.testing.assert_allclose(dirichlet.sum(-1), 1.0, rtol=1e-9)
    assert np.isfinite(dirichlet).all()


def test_categorical_samples_follow_softmax_of_the_logits():
    paddle.seed(3)
    logits = np.array([[0.0, 1.0, 2.0], [2.0, 0.0, -1.0]])
    draws = N(D.Categorical(T(logits)).sample([20000]))
    assert draws.shape == (20000, 2)
    softmax = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
    for b in range(2):
        freq = np.bincount(draws[:, b].astype(int), minlength=3) / 20000
        assert np.all(np.abs(freq - softmax[b]) < 5 * np.sqrt(softmax[b] * (1 - softmax[b]) / 20000))


def test_cauchy_samples_have_the_right_quartiles():
    paddle.seed(4)
    draws = N(D.Cauchy(T(1.0), T(2.0)).sample([20000]))
    for x, level in [(1.0, 0.5), (3.0, 0.75), (-1.0, 0.25)]:
        assert abs((draws < x).mean() - level) < 5 * math.sqrt(level * (1 - level) / 20000)


def test_multivariate_normal_samples_have_the_covariance():
    paddle.seed(8)
    draws = N(D.MultivariateNormal(T([0.0, 1.0, -1.0]), scale_tril=T(np.linalg.cholesky(COV))).sample([40000]))
    products = (draws[:, :, None] - [0.0, 1.0, -1.0])[..., None] * (draws - [0.0, 1.0, -1.0])[:, None, :, None]
    products = products[..., 0]
    se = products.std(0) / math.sqrt(len(draws))
    assert np.all(np.abs(products.mean(0) - COV) < 5 * se)


def test_bernoulli_rsample_is_a_relaxation_that_sharpens_with_temperature():
    paddle.seed(9)
    d = D.Bernoulli(T([0.3]))
    relaxed = N(paddle.nn.functional.sigmoid(d.rsample([20000], temperature=0.01)))
    assert abs((relaxed > 0.5).mean() - 0.3) < 5 * math.sqrt(0.21 / 20000)
    assert ((relaxed < 0.01) | (relaxed > 0.99)).mean() > 0.9


# ---------------------------------------------------------------- rsample gradients

def finite_difference_check(make, params, shape=(5,), seed=13, h=1e-6):
    """rsample's gradient of sum(samples) against central differences on the same random stream."""
    leaves = {k: T(v, grad=True) for k, v in params.items()}
    paddle.seed(seed)
    total = make(**leaves).rsample(list(shape)).sum()
    grads = paddle.grad(total, list(leaves.values()))
    for (name, value), grad in zip(params.items(), grads):
        value = np.asarray(value, dtype=np.float64)
        numeric = np.zeros_like(value)
        for index in np.ndindex(value.shape or (1,)):
            index = index if value.shape else ()
            sums = []
            for step in (h, -h):
                shifted = dict(params)
                moved = value.copy()
                moved[index] += step
                shifted[name] = moved
                paddle.seed(seed)
                sums.append(float(make(**{k: T(v) for k, v in shifted.items()}).rsample(list(shape)).sum()))
            numeric[index] = (sums[0] - sums[1]) / (2 * h)
        np.testing.assert_allclose(N(grad).reshape(value.shape), numeric, rtol=1e-5, atol=1e-6, err_msg=name)


REPARAMETERIZED = [
    ("normal", lambda loc, scale: D.Normal(loc, scale), {"loc": [0.5, -1.0], "scale": [1.5, 0.7]}),
    ("uniform", lambda low, high: D.Uniform(low, high), {"low": [0.0, -2.0], "high": [1.0, 3.0]}),
    ("exponential", lambda rate: D.Exponential(rate), {"rate": [0.5, 2.0]}),
    ("laplace", lambda loc, scale: D.Laplace(loc, scale), {"loc": [0.5], "scale": [1.5]}),
    ("cauchy", lambda loc, scale: D.Cauchy(loc, scale), {"loc": [0.5], "scale": [1.5]}),
    ("gumbel", lambda loc, scale: D.Gumbel(loc, scale), {"loc": [0.5], "scale": [1.5]}),
    ("lognormal", lambda loc, scale: D.LogNormal(loc, scale), {"loc": [0.2], "scale": [0.4]}),
    ("continuous_bernoulli", lambda probs: D.ContinuousBernoulli(probs), {"probs": [0.2, 0.8]}),
    ("bernoulli_relaxed", lambda probs: D.Bernoulli(probs), {"probs": [0.3]}),
    ("multivariate_normal", lambda loc, scale_tril: D.MultivariateNormal(loc, scale_tril=scale_tril),
     {"loc": [0.5, -1.0], "scale_tril": [[1.5, 0.0], [0.3, 0.8]]}),
    ("transformed", lambda loc, scale: D.TransformedDistribution(D.Normal(loc, scale), [D.TanhTransform()]),
     {"loc": [0.1], "scale": [0.5]}),
]


@pytest.mark.parametrize("name, make, params", REPARAMETERIZED, ids=[r[0] for r in REPARAMETERIZED])
def test_rsample_gradients_match_finite_differences(name, make, params):
    finite_difference_check(make, params)


def test_sample_carries_no_gradient_and_rsample_does():
    loc = T([0.0], grad=True)
    assert D.Normal(loc, T([1.0])).sample([3]).stop_gradient
    assert not D.Normal(loc, T([1.0])).rsample([3]).stop_gradient
    concentration = T([2.0], grad=True)
    assert D.Gamma(concentration, T([1.0])).sample([3]).stop_gradient
    assert not D.Gamma(concentration, T([1.0])).rsample([3]).stop_gradient


def test_gamma_rsample_gradients_have_the_expected_means():
    # d/da E[X] = 1/b, d/db E[X] = -a/b^2, and d/da E[X^2] = (2a + 1)/b^2, per sample.
    paddle.seed(21)
    n = 20000
    for a, b in [(0.4, 2.0), (3.0, 0.5)]:
        concentration, rate = T(np.full(n, a), grad=True), T(np.full(n, b), grad=True)
        x = D.Gamma(concentration, rate).rsample()
        da, db = (N(g) for g in paddle.grad(x.sum(), [concentration, rate], retain_graph=True))
        (da2,) = (N(g) for g in paddle.grad((x**2).sum(), [concentration]))
        for per_sample, expected in [(da, 1 / b), (db, -a / b**2), (da2, (2 * a + 1) / b**2)]:
            assert abs(per_sample.mean() - expected) < 5 * per_sample.std() / math.sqrt(n)


def test_beta_dirichlet_and_student_t_rsample_gradients_have_the_expected_means():
    paddle.seed(22)
    n = 20000
    alpha, beta = T(np.full(n, 2.0), grad=True), T(np.full(n, 0.5), grad=True)
    x = D.Beta(alpha, beta).rsample()
    da, db = (N(g) for g in paddle.grad(x.sum(), [alpha, beta]))
    for per_sample, expected in [(da, 0.5 / 2.5**2), (db, -2.0 / 2.5**2)]:  # d/da a/(a+b), d/db a/(a+b)
        assert abs(per_sample.mean() - expected) < 5 * per_sample.std() / math.sqrt(n)

    concentration = T(np.tile([1.0, 2.0, 3.0], (n, 1)), grad=True)
    first = D.Dirichlet(concentration).rsample()[:, 0]
    (grad,) = paddle.grad(first.sum(), [concentration])
    grad = N(grad)
    expected = [5 / 36, -1 / 36, -1 / 36]  # gradient of a_0 / sum(a)
    assert np.all(np.abs(grad.mean(0) - expected) < 5 * grad.std(0) / math.sqrt(n))

    df = T(np.full(n, 6.0), grad=True)
    x = D.StudentT(df, T(1.0), T(2.0)).rsample()
    (grad,) = paddle.grad(((x - 1.0) ** 2).sum(), [df])
    grad = N(grad)
    expected = 4.0 * -2.0 / (6.0 - 2.0) ** 2  # d/d df of scale^2 df / (df - 2)
    assert abs(grad.mean() - expected) < 5 * grad.std() / math.sqrt(n)


def test_gamma_implicit_derivative_keeps_the_cdf_level():
    from paddle.tensor.sampling import standard_gamma_shape_derivative

    def cdf(a, x):
        # P(a, x) = sum_n x^(a+n) e^-x / Gamma(a + n + 1): positive terms, no cancellation.
        n = np.arange(int(x) + 200)
        return np.exp((a + n) * math.log(x) - x - LGAMMA(a + n + 1)).sum()

    for a, x in [(0.5, 0.1), (0.5, 3.0), (1.5, 0.7), (2.0, 6.0), (3.0, 2.0), (10.0, 20.0)]:
        derivative = standard_gamma_shape_derivative(np.array([x]), np.array([a]))[0]
        h = 1e-5
        numeric = -(cdf(a + h, x) - cdf(a - h, x)) / (2 * h) / math.exp((a - 1) * math.log(x) - x - math.lgamma(a))
        assert derivative == pytest.approx(numeric, rel=1e-6)


# ---------------------------------------------------------------- transforms

def jacobian_log_det(f, x, h=1e-6):
    """log|det J| of f at x (1-D numpy in, 1-D numpy out, same length) by central differences."""
    columns = []
    for i in range(len(x)):
        step = np.zeros_like(x)
        step[i] = h
        columns.append((f(x + step) - f(x - step)) / (2 * h))
    return np.linalg.slogdet(np.stack(columns, 1))[1]


ELEMENTWISE = [
    ("exp", lambda: D.ExpTransform(), np.array([-1.0, 0.3, 2.0])),
    ("sigmoid", lambda: D.SigmoidTransform(), np.array([-3.0, 0.3, 5.0])),
    ("tanh", lambda: D.TanhTransform(), np.array([-2.0, 0.3, 1.5])),
    ("affine", lambda: D.AffineTransform(T(1.0), T([2.0, -3.0, 0.5])), np.array([-1.0, 0.3, 2.0])),
    ("power", lambda: D.PowerTransform(T(2.5)), np.array([0.5, 1.0, 2.0])),
    ("chain", lambda: D.ChainTransform([D.AffineTransform(T(0.5), T(2.0)), D.TanhTransform()]),
     np.array([-0.5, 0.1, 0.4])),
]


@pytest.mark.parametrize("name, make, x", ELEMENTWISE, ids=[e[0] for e in ELEMENTWISE])
def test_elementwise_transforms_invert_and_their_log_det_matches_the_derivative(name, make, x):
    t = make()
    y = t.forward(T(x))
    np.testing.assert_allclose(N(t.inverse(y)), x, rtol=1e-9)
    h = 1e-6
    derivative = (N(t.forward(T(x + h))) - N(t.forward(T(x - h)))) / (2 * h)
    np.testing.assert_allclose(N(t.forward_log_det_jacobian(T(x))), np.log(np.abs(derivative)), rtol=1e-6)
    np.testing.assert_allclose(N(t.inverse_log_det_jacobian(y)), -np.log(np.abs(derivative)), rtol=1e-6)
    np.testing.assert_allclose(N(t(T(x))), N(y))


def test_stick_breaking_maps_to_the_simplex_with_the_right_log_det():
    t = D.StickBreakingTransform()
    x = np.array([0.3, -1.2, 0.8])
    y = N(t.forward(T(x)))
    assert y.shape == (4,) and abs(y.sum() - 1) < 1e-12 and (y > 0).all()
    np.testing.assert_allclose(N(t.inverse(T(y))), x, rtol=1e-9)
    np.testing.assert_allclose(N(t.forward(paddle.zeros([3], dtype="float64"))), [0.25] * 4)
    expected = jacobian_log_det(lambda v: N(t.forward(T(v)))[:-1], x)
    np.testing.assert_allclose(N(t.forward_log_det_jacobian(T(x))), expected, rtol=1e-6)
    assert t.forward_shape((2, 3)) == (2, 4) and t.inverse_shape((2, 4)) == (2, 3)


def test_softmax_abs_reshape_stack_and_independent_transforms():
    x = np.array([[0.2, -0.7, 1.5]])
    softmax = D.SoftmaxTransform()
    np.testing.assert_allclose(N(softmax.forward(T(x))), np.exp(x) / np.exp(x).sum(-1, keepdims=True))
    np.testing.assert_allclose(N(softmax.forward(softmax.inverse(softmax.forward(T(x))))), N(softmax.forward(T(x))))
    absolute = D.AbsTransform()
    assert N(absolute.forward(T([-2.0, 3.0]))).tolist() == [2.0, 3.0]
    negative, positive = absolute.inverse(T([2.0]))
    assert N(negative).tolist() == [-2.0] and N(positive).tolist() == [2.0]
    reshape = D.ReshapeTransform((2, 3), (3, 2))
    value = T(np.arange(24.0).reshape(4, 2, 3))
    assert reshape.forward(value).shape == [4, 3, 2] and reshape.forward_shape((4, 2, 3)) == (4, 3, 2)
    np.testing.assert_allclose(N(reshape.inverse(reshape.forward(value))), N(value))
    assert N(reshape.forward_log_det_jacobian(value)).tolist() == [0.0] * 4
    stack = D.StackTransform([D.ExpTransform(), D.AffineTransform(T(1.0), T(2.0))], axis=1)
    y = N(stack.forward(T([[0.0, 1.0], [1.0, -1.0]])))
    np.testing.assert_allclose(y, [[1.0, 3.0], [np.e, -1.0]])
    np.testing.assert_allclose(N(stack.forward_log_det_jacobian(T([[0.0, 1.0], [1.0, -1.0]]))),
                               [[0.0, np.log(2)], [1.0, np.log(2)]])
    independent = D.IndependentTransform(D.ExpTransform(), 1)
    np.testing.assert_allclose(N(independent.forward_log_det_jacobian(T(x))), x.sum(-1))
    chained = D.ExpTransform()(D.AffineTransform(T(0.0), T(2.0)))
    assert isinstance(chained, D.ChainTransform)


def test_transformed_distribution_log_prob_by_change_of_variables():
    base = D.Normal(T([0.0, 1.0]), T([1.0, 2.0]))
    affine = D.TransformedDistribution(base, [D.AffineTransform(T(1.0), T(3.0))])
    y = np.array([0.5, -2.0])
    np.testing.assert_allclose(N(affine.log_prob(T(y))), normal_logpdf(y, np.array([1.0, 4.0]), np.array([3.0, 6.0])),
                               rtol=1e-12)
    tanh = D.TransformedDistribution(D.Normal(T(0.2), T(0.5)), [D.TanhTransform()])
    y = np.array([-0.3, 0.6])
    expected = normal_logpdf(np.arctanh(y), 0.2, 0.5) - np.log1p(-y**2)
    np.testing.assert_allclose(N(tanh.log_prob(T(y))), expected, rtol=1e-9)
    # A transform over a vector event turns batch axes into event axes.
    simplex = D.TransformedDistribution(D.Normal(paddle.zeros([2], dtype="float64"), paddle.ones([2], "float64")),
                                        [D.StickBreakingTransform()])
    assert simplex.batch_shape == () and simplex.event_shape == (3,)
    y = N(simplex.sample([4]))
    assert y.shape == (4, 3)
    x = N(D.StickBreakingTransform().inverse(T(y)))
    jac = N(D.StickBreakingTransform().forward_log_det_jacobian(T(x)))
    np.testing.assert_allclose(N(simplex.log_prob(T(y))), normal_logpdf(x, 0.0, 1.0).sum(-1) - jac, rtol=1e-9)
    called = D.ExpTransform()(D.Normal(T(0.0), T(1.0)))
    assert isinstance(called, D.TransformedDistribution)
    np.testing.assert_allclose(N(called.log_prob(2.0)), normal_logpdf(np.log(2.0), 0.0, 1.0) - np.log(2.0))


def test_independent_sums_over_reinterpreted_axes():
    base = D.Normal(T(np.zeros((2, 3))), T(np.full((2, 3), 2.0)))
    d = D.Independent(base, 1)
    assert d.batch_shape == (2,) and d.event_shape == (3,)
    x = np.arange(6.0).reshape(2, 3)
    np.testing.assert_allclose(N(d.log_prob(T(x))), normal_logpdf(x, 0.0, 2.0).sum(-1), rtol=1e-12)
    np.testing.assert_allclose(N(d.entropy()), np.full(2, 3 * (0.5 + 0.5 * LOG_2PI + np.log(2.0))), rtol=1e-12)
    assert d.sample([5]).shape == [5, 2, 3] and d.rsample([5]).shape == [5, 2, 3]
    whole = D.Independent(base, 2)
    assert whole.batch_shape == () and whole.event_shape == (2, 3)


def test_guide_examples_run():
    """The >>> examples of docs/guide/distribution.md pass as one doctest."""
    guide = pathlib.Path(__file__).resolve().parents[2] / "docs" / "guide" / "distribution.md"
    examples = "\n".join(re.findall(r"```python\n(.*?)```", guide.read_text(), flags=re.S))
    test = doctest.DocTestParser().get_doctest(examples, {}, "distribution.md", str(guide), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).attempted > 5
    assert runner.summarize(verbose=False).failed == 0
