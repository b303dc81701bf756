"""Random ops: reproducibility under paddle.seed, independence from the
thread count, distribution checks against closed-form moments and
chi-square bounds (fixed seeds, so the checks are deterministic), dropout's
masks and gradients, and bad arguments."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F

FLOATS = ["float32", "float64", "float16", "bfloat16"]


def _np(t):
    return t.astype("float32").numpy() if t.dtype in (paddle.bfloat16, paddle.float16) else t.numpy()


@pytest.mark.parametrize("make", [
    lambda: paddle.rand([50]), lambda: paddle.randn([50]), lambda: paddle.randint(0, 100, [50]),
    lambda: paddle.uniform([50], min=2, max=5), lambda: paddle.normal(3.0, 2.0, [50]),
    lambda: paddle.bernoulli(paddle.full([50], 0.5)),
    lambda: F.dropout(paddle.ones([50]), 0.3), lambda: paddle.poisson(paddle.full([50], 20.0)),
], ids=["rand", "randn", "randint", "uniform", "normal", "bernoulli", "dropout", "poisson"])
def test_same_seed_same_values_and_the_stream_advances(make):
    paddle.seed(2024)
    first, second = make().numpy(), make().numpy()
    paddle.seed(2024)
    np.testing.assert_array_equal(make().numpy(), first)
    np.testing.assert_array_equal(make().numpy(), second)
    assert not np.array_equal(first, second)


def test_rng_state_round_trips_and_pickles():
    import pickle

    paddle.seed(5)
    state = paddle.get_rng_state()
    a = paddle.randn([10]).numpy()
    paddle.set_rng_state(pickle.loads(pickle.dumps(state)))
    np.testing.assert_array_equal(paddle.randn([10]).numpy(), a)
    assert state[0].seed == 5
    with pytest.raises(TypeError, match=r"\[set_rng_state\]"):
        paddle.set_rng_state([1])
    with pytest.raises(ValueError, match=r"\[set_rng_state\]"):
        paddle.set_rng_state([])


def test_op_seed_gives_the_same_values_every_call():
    a = paddle.uniform([20], seed=11).numpy()
    paddle.randn([5])
    np.testing.assert_array_equal(paddle.uniform([20], seed=11).numpy(), a)
    assert not np.array_equal(paddle.uniform([20], seed=12).numpy(), a)


def test_values_do_not_depend_on_the_thread_count():
    script = ("import hashlib, paddle, sys; paddle.seed(9); x = paddle.randn([300001]);"
              "y = paddle.rand([300001], 'float64'); z = paddle.nn.functional.dropout(paddle.ones([300001]));"
              "p = paddle.poisson(paddle.linspace(0, 40, 300001));"
              "sys.stdout.write(''.join(hashlib.sha256(t.numpy().tobytes()).hexdigest() for t in (x, y, z, p)))")
    outs = []
    for threads in ("1", "2"):
        env = dict(os.environ, OMP_NUM_THREADS=threads)
        outs.append(subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                                   check=True).stdout)
    assert outs[0] == outs[1]


@pytest.mark.parametrize("dtype", FLOATS)
def test_uniform_lies_in_range_with_uniform_moments(dtype):
    paddle.seed(1)
    x = _np(paddle.uniform([40000], dtype=dtype, min=-2.0, max=3.0)).astype(np.float64)
    assert x.min() >= -2.0 and x.max() <= 3.0
    if dtype in ("float32", "float64"):
        assert x.max() < 3.0
    # mean 0.5, variance 25/12; with n = 40000 the standard errors are 0.0072 and 0.013
    assert abs(x.mean() - 0.5) < 0.04
    assert abs(x.var() - 25 / 12) < 0.07
    counts = np.histogram(x, bins=10, range=(-2, 3))[0]
    chi2 = np.sum((counts - 4000) ** 2 / 4000)
    assert chi2 < 27.9 + (40 if dtype in ("float16", "bfloat16") else 0)  # 99.9% quantile of chi2(9)


@pytest.mark.parametrize("dtype", FLOATS)
def test_gaussian_has_normal_moments(dtype):
    paddle.seed(2)
    x = _np(paddle.normal(1.5, 2.0, [40000]).astype(dtype)).astype(np.float64)
    z = (x - 1.5) / 2.0
    assert abs(z.mean()) < 0.03 and abs(z.std() - 1) < 0.03
    assert abs(np.mean(z**3)) < 0.06 and abs(np.mean(z**4) - 3) < 0.15  # skew 0, kurtosis 3
    # P(|z| < 1) = 0.6827
    assert abs(np.mean(np.abs(z) < 1) - 0.6827) < 0.01


def test_gaussian_float64_and_randn_dtypes():
    paddle.seed(3)
    x = paddle.randn([20001], dtype="float64")
    assert x.dtype == paddle.float64 and x.shape == [20001]
    assert abs(float(x.numpy().std()) - 1) < 0.03
    assert paddle.standard_normal([2, 3]).dtype == paddle.float32


def test_normal_with_tensor_mean_and_std_broadcasts():
    paddle.seed(4)
    mean = paddle.to_tensor([[0.0], [100.0]])
    std = paddle.to_tensor([1.0, 2.0, 3.0])
    x = paddle.normal(mean, std)
    assert x.shape == [2, 3]
    assert np.all(np.abs(x.numpy()[1] - 100.0) < 20) and np.all(np.abs(x.numpy()[0]) < 20)


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_randint_is_uniform_over_its_range(dtype):
    paddle.seed(6)
    x = paddle.randint(-3, 4, [70000], dtype=dtype)
    assert x.dtype == getattr(paddle, dtype)
    counts = np.bincount(x.numpy() + 3, minlength=7)
    assert counts.size == 7
    chi2 = np.sum((counts - 10000) ** 2 / 10000)
    assert chi2 < 22.5  # 99.9% quantile of chi2(6)
    assert paddle.randint(5, shape=[3]).numpy().max() < 5
    like = paddle.randint_like(paddle.zeros([2, 3], "int32"), 0, 2)
    assert like.shape == [2, 3] and like.dtype == paddle.int32


def test_randint_large_range_reaches_high_values():
    paddle.seed(7)
    x = paddle.randint(0, 2**40, [1000]).numpy()
    assert x.min() >= 0 and x.max() < 2**40 and x.max() > 2**39


def test_randint_over_the_whole_int64_range():
    # high - low = 2^64 - 1 does not fit int64 (every draw was once the same number)
    paddle.seed(9)
    x = paddle.randint(-2**63, 2**63 - 1, [4000]).numpy()
    assert len(np.unique(x)) == 4000
    assert (x < 0).mean() == pytest.approx(0.5, abs=0.05)  # as often below 0 as above
    y = paddle.zeros([4000], "int64").random_(-2**63, 2**63 - 1).numpy()
    assert len(np.unique(y)) == 4000 and (y < 0).mean() == pytest.approx(0.5, abs=0.05)
    with pytest.raises(ValueError, match=r"^\[randint\] low and high must lie within int32's range for an int32 "
                                         r"result, but \[low, high\) is \[0, 1099511627776\)"):
        paddle.randint(0, 2**40, [2], dtype="int32")


@pytest.mark.parametrize("dtype", FLOATS)
def test_bernoulli_rate_follows_the_probabilities(dtype):
    paddle.seed(8)
    p = paddle.to_tensor(np.repeat([0.0, 0.25, 1.0], 20000).astype("float32")).astype(dtype)
    x = _np(paddle.bernoulli(p)).reshape(3, -1)
    assert x.dtype == np.float32 or x.dtype == np.dtype(dtype)
    assert set(np.unique(x)) <= {0.0, 1.0}
    assert x[0].sum() == 0 and x[2].sum() == 20000
    assert abs(x[1].mean() - 0.25) < 0.01  # standard error 0.003
    assert abs(float(paddle.bernoulli(paddle.zeros([4000]), p=0.5).mean()) - 0.5) < 0.04


def _poisson_pmf(k, rate):
    return np.exp(k * np.log(rate) - rate - np.array([math.lgamma(v + 1) for v in k]))


# Rates on both sides of the switch from multiplying uniforms to rejection (10).
@pytest.mark.parametrize("rate", [0.4, 3.0, 9.5, 10.0, 27.0, 400.0])
def test_poisson_follows_its_probability_mass_function(rate):
    paddle.seed(13)
    x = paddle.poisson(paddle.full([60000], rate, "float64")).numpy()
    assert np.all(x == np.round(x)) and x.min() >= 0
    # bins holding >= 50 expected samples each; the tails merged into the end bins
    k = np.arange(int(rate + 12 * np.sqrt(rate) + 12))
    expected = 60000 * _poisson_pmf(k, rate)
    keep = k[expected >= 50]
    lo, hi = keep.min(), keep.max()
    observed = np.array([np.sum(x <= lo)] + [np.sum(x == v) for v in range(lo + 1, hi)] + [np.sum(x >= hi)])
    cdf_lo, cdf_hi = expected[: lo + 1].sum(), expected[: hi].sum()
    wanted = np.concatenate([[cdf_lo], expected[lo + 1:hi], [60000 - cdf_hi]])
    chi2 = np.sum((observed - wanted) ** 2 / wanted)
    df = len(wanted) - 1
    assert chi2 < df + 5 * np.sqrt(2 * df), (chi2, df)  # beyond the 99.9% quantile for these df


@pytest.mark.parametrize("dtype", FLOATS)
def test_poisson_keeps_the_dtype_and_the_zero_rate(dtype):
    paddle.seed(3)
    rates = paddle.to_tensor(np.repeat([0.0, 5.0], 4000).astype("float32")).astype(dtype).reshape([2, -1])
    x = paddle.poisson(rates)
    assert x.dtype == rates.dtype and x.shape == [2, 4000] and x.stop_gradient
    x = _np(x)
    assert np.all(x[0] == 0) and abs(x[1].mean() - 5) < 0.15  # standard error 0.035
    assert paddle.poisson(paddle.zeros([0, 3])).shape == [0, 3]


@pytest.mark.parametrize("dtype", FLOATS)
def test_dropout_keeps_with_probability_1_minus_p_and_scales(dtype):
    paddle.seed(10)
    x = paddle.to_tensor(np.linspace(1, 2, 30000).astype("float32")).astype(dtype)
    y = _np(F.dropout(x, p=0.2))
    xv = _np(x)
    kept = y != 0
    assert abs(kept.mean() - 0.8) < 0.01
    tol = 1e-6 if dtype in ("float32", "float64") else 2e-2
    np.testing.assert_allclose(y[kept], xv[kept] / 0.8, rtol=tol)


def test_dropout_gradient_is_the_mask_and_matches_finite_differences():
    paddle.seed(12)
    x = paddle.to_tensor(np.random.default_rng(0).normal(size=(4, 5)), stop_gradient=False)
    y = F.dropout(x, p=0.4)
    w = paddle.to_tensor(np.random.default_rng(1).normal(size=(4, 5)))
    (g,) = paddle.grad((y * w).sum(), x, create_graph=True)
    factor = np.where(y.numpy() != 0, 1 / 0.6, 0.0)
    np.testing.assert_allclose(g.numpy(), w.numpy() * factor, rtol=1e-12)
    # the gradient does not depend on x: nothing flows back to it
    assert g.stop_gradient


def test_dropout_modes_training_flag_and_edge_probabilities():
    x = paddle.ones([1000])
    # As Paddle 3.3.1: inference without axis runs the op, a copy (writing to it leaves x alone); p == 0
    # returns x itself, and so does inference with an axis.
    y = F.dropout(x, 0.5, training=False)
    assert y is not x
    y[0] = 5.0
    assert x.numpy()[0] == 1.0 and y.numpy()[0] == 5.0
    assert F.dropout(x, 0.0) is x and F.dropout(x, 0.0, mode="downscale_in_infer", training=False) is x
    assert F.dropout(x, 0.5, axis=0, training=False) is x
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    F.dropout(w, 0.5, training=False).sum().backward()  # the copy passes the gradient on
    np.testing.assert_array_equal(w.grad.numpy(), [1.0, 1.0])
    np.testing.assert_allclose(F.dropout(x, 0.25, training=False, mode="downscale_in_infer").numpy(), 0.75)
    y = F.dropout(x, 0.5, mode="downscale_in_infer").numpy()
    assert set(np.unique(y)) <= {0.0, 1.0}
    np.testing.assert_array_equal(F.dropout(x, 0.0).numpy(), 1.0)
    np.testing.assert_array_equal(F.dropout(x, 1.0).numpy(), 0.0)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_dropout_op_at_test_time_scales_as_its_mode_says(dtype):
    """The op's is_test (how Paddle exports an inference dropout): nothing is dropped; upscale_in_train
    gives x, downgrade_in_infer x * (1 - p); the mask is the factor, and so is the gradient."""
    xs = np.random.default_rng(3).normal(size=(3, 7)).astype(dtype)
    for upscale, factor in ((True, 1.0), (False, 0.75)):
        x = paddle.to_tensor(xs, stop_gradient=False)
        out, mask = paddle._C_ops.dropout(x, 0.25, upscale, 0, True)
        np.testing.assert_allclose(out.numpy(), xs * factor, rtol=1e-6)
        np.testing.assert_array_equal(mask.numpy(), np.full_like(xs, factor))
        (g,) = paddle.grad(out.sum(), x)
        np.testing.assert_allclose(g.numpy(), np.full_like(xs, factor), rtol=1e-6)


def test_dropout_along_axis_shares_decisions():
    paddle.seed(13)
    x = paddle.ones([8, 6, 5])
    y = F.dropout(x, 0.5, axis=1).numpy()
    for c in range(6):
        assert len(np.unique(y[:, c, :])) == 1
    z = F.dropout2d(paddle.ones([4, 8, 3, 3]), 0.5).numpy()
    per_channel = z.reshape(4, 8, -1)
    assert np.all(per_channel.min(-1) == per_channel.max(-1))
    assert set(np.unique(z)) <= {0.0, 2.0}


@pytest.mark.parametrize("call,error,match", [
    (lambda: F.dropout(paddle.ones([2]), 1.5), ValueError, r"\[dropout\] argument 'p'"),
    (lambda: F.dropout(paddle.ones([2]), "a"), TypeError, r"\[dropout\] argument 'p'"),
    (lambda: F.dropout(paddle.ones([2]), 0.5, mode="x"), ValueError, r"\[dropout\] argument 'mode'"),
    (lambda: F.dropout([1.0], 0.5), TypeError, r"\[dropout\] argument 'x'"),
    (lambda: F.dropout(paddle.ones([2]), 0.5, axis=3), IndexError, r"\[dropout\] axis 3 is out of range"),
    (lambda: F.dropout(paddle.ones([2], "int64"), 0.5), NotImplementedError, r"\[dropout\] no kernel"),
    (lambda: F.dropout2d(paddle.ones([2, 3]), 0.5), ValueError, r"\[dropout2d\] argument 'x'"),
    (lambda: paddle.rand([2, -1]), ValueError, r"\[uniform\] every dim of shape must be >= 0"),
    (lambda: paddle.rand([2], dtype="int32"), NotImplementedError, r"\[uniform\] no kernel"),
    (lambda: paddle.uniform([2], min=3, max=1), ValueError, r"\[uniform\] min"),
    (lambda: paddle.randint(5, 5, [2]), ValueError, r"\[randint\] low \(5\) must be less than high \(5\)"),
    (lambda: paddle.randint(0, 5, [2], dtype="float32"), TypeError, r"\[randint\] dtype must be int32 or int64"),
    (lambda: paddle.randint(0.5, 5), TypeError, r"\[randint\] argument 'low'"),
    (lambda: paddle.normal(0.0, -1.0, [2]), ValueError, r"\[normal\] std"),
    (lambda: paddle.normal(0.0, 1.0), ValueError, r"\[normal\] shape"),
    (lambda: paddle.bernoulli(paddle.ones([2]), p=2.0), ValueError, r"\[bernoulli\] p"),
    (lambda: paddle.bernoulli([0.5]), TypeError, r"\[bernoulli\] argument 'x'"),
    (lambda: paddle.seed("1"), TypeError, r"\[seed\] argument 'seed'"),
    (lambda: paddle.poisson(paddle.to_tensor([1.0, -1.0])), ValueError, r"\[poisson\] x holds rates, which must be >= 0"),
    (lambda: paddle.poisson(paddle.to_tensor([float("nan")])), ValueError, r"\[poisson\] x holds rates"),
    (lambda: paddle.poisson(paddle.to_tensor([1, 2])), TypeError, r"\[poisson\] x must be floating point"),
    (lambda: paddle.poisson([1.0]), TypeError, r"\[poisson\] argument 'x'"),
    (lambda: paddle.get_rng_state("tpu"), ValueError, r"argument 'device'"),
])
def test_bad_arguments_raise(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_randperm_is_a_uniform_permutation():
    paddle.seed(21)
    perms = np.stack([paddle.randperm(4).numpy() for _ in range(2400)])
    assert all(sorted(p) == [0, 1, 2, 3] for p in perms[:50])
    # each value lands in each position with probability 1/4: 600 expected per cell
    counts = np.stack([(perms == v).sum(0) for v in range(4)])
    chi2 = np.sum((counts - 600) ** 2 / 600)
    assert chi2 < 27.9  # 99.9% quantile of chi2(9)
    assert paddle.randperm(0).shape == [0]
    assert paddle.randperm(3, dtype="int32").dtype == paddle.int32
    with pytest.raises(ValueError, match=r"\[randperm\] argument 'n'"):
        paddle.randperm(-1)


def test_multinomial_follows_the_weights_with_and_without_replacement():
    paddle.seed(31)
    w = paddle.to_tensor([1.0, 0.0, 3.0])
    draws = paddle.multinomial(w, 4000, replacement=True).numpy()
    counts = np.bincount(draws, minlength=3)
    assert counts[1] == 0 and abs(counts[2] / 4000 - 0.75) < 0.03
    rows = paddle.multinomial(paddle.to_tensor([[1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 5.0, 1.0]]), 2)
    assert rows.shape == [2, 2]
    for r in rows.numpy():
        assert len(set(r.tolist())) == 2
    assert set(rows.numpy()[1].tolist()) == {2, 3}
    with pytest.raises(ValueError, match=r"\[multinomial\] cannot draw 5"):
        paddle.multinomial(paddle.ones([4]), 5)
    with pytest.raises(ValueError, match=r"\[multinomial\] weights must be finite"):
        paddle.multinomial(paddle.to_tensor([1.0, -1.0]))
