"""paddle.nn.initializer: sample statistics against closed-form moments and
bounds (fixed seeds, so the checks are deterministic), fan-in/fan-out for
Linear- and conv-shaped weights, orthogonality, the order in which a layer
picks its initializer, and bad arguments."""

from __future__ import annotations

import math

import numpy as np
import pytest

import paddle
from paddle.nn import initializer as init


def _param(shape, initializer, dtype="float32", seed=2024):
    paddle.seed(seed)
    return paddle.create_parameter(shape, dtype, default_initializer=initializer).numpy().astype(np.float64)


@pytest.mark.parametrize("shape,fans", [([], (1, 1)), ([5], (5, 5)), ([3, 4], (3, 4)), ([8, 4, 3, 3], (36, 72)),
                                        ([2, 3, 4, 5, 6], (360, 240))])
def test_compute_fans(shape, fans):
    assert init.compute_fans(shape) == fans


def test_constant_and_assign_are_exact():
    np.testing.assert_array_equal(_param([2, 3], init.Constant(1.25)), np.full([2, 3], 1.25))
    values = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(_param([2, 3], init.Assign(values)), values)
    np.testing.assert_array_equal(_param([2, 3], init.Assign(paddle.to_tensor(values))), values)
    np.testing.assert_array_equal(_param([3], init.Assign([1, 2, 3]), dtype="float64"), [1.0, 2.0, 3.0])


def test_uniform_and_normal_moments():
    low, high = -0.3, 0.7
    w = _param([400, 500], init.Uniform(low, high))
    assert low <= w.min() and w.max() < high
    assert abs(w.mean() - (low + high) / 2) < 0.003
    assert abs(w.std() - (high - low) / math.sqrt(12)) < 0.003
    w = _param([400, 500], init.Normal(1.5, 0.2))
    assert abs(w.mean() - 1.5) < 0.002 and abs(w.std() - 0.2) < 0.002


def test_truncated_normal_matches_the_closed_form_moments():
    mean, std, a, b = 0.5, 2.0, -1.0, 1.5
    w = _param([500, 400], init.TruncatedNormal(mean, std, a, b))
    assert a <= w.min() and w.max() <= b
    alpha, beta = (a - mean) / std, (b - mean) / std
    pdf = lambda z: math.exp(-z * z / 2) / math.sqrt(2 * math.pi)  # noqa: E731
    cdf = lambda z: 0.5 * (1 + math.erf(z / math.sqrt(2)))  # noqa: E731
    z = cdf(beta) - cdf(alpha)
    expected_mean = mean + std * (pdf(alpha) - pdf(beta)) / z
    expected_var = std ** 2 * (1 + (alpha * pdf(alpha) - beta * pdf(beta)) / z - ((pdf(alpha) - pdf(beta)) / z) ** 2)
    assert abs(w.mean() - expected_mean) < 0.003
    assert abs(w.var() - expected_var) < 0.003
    # The defaults cut at the absolute values -2 and 2.
    w = _param([10000], init.TruncatedNormal())
    assert w.min() >= -2 and w.max() <= 2 and w.min() < -1.9 and w.max() > 1.9


def test_xavier_uses_fan_in_plus_fan_out():
    shape = [16, 8, 3, 3]  # conv weight: fan_in 72, fan_out 144
    limit = math.sqrt(6.0 / (72 + 144))
    w = _param(shape, init.XavierUniform())
    assert np.abs(w).max() <= limit and np.abs(w).max() > 0.97 * limit
    assert abs(w.std() - limit / math.sqrt(3)) < 0.01 * limit
    w = _param([400, 600], init.XavierNormal(gain=2.0))
    assert abs(w.std() - 2.0 * math.sqrt(2.0 / 1000)) < 0.002
    w = _param([400, 600], init.XavierNormal(fan_in=10, fan_out=30))
    assert abs(w.std() - math.sqrt(2.0 / 40)) < 0.003


def test_kaiming_uses_fan_in_or_fan_out_and_the_gain():
    w = _param([64, 32, 3, 3], init.KaimingNormal())  # fan_in 288
    assert abs(w.std() - math.sqrt(2.0 / 288)) < 0.002
    w = _param([64, 32, 3, 3], init.KaimingNormal(mode="fan_out"))  # fan_out 576
    assert abs(w.std() - math.sqrt(2.0 / 576)) < 0.002
    gain = math.sqrt(2.0 / (1 + 0.2 ** 2))
    w = _param([300, 400], init.KaimingUniform(negative_slope=0.2, nonlinearity="leaky_relu"))
    limit = gain * math.sqrt(3.0 / 300)
    assert np.abs(w).max() <= limit and np.abs(w).max() > 0.99 * limit
    w = _param([300, 400], init.KaimingUniform(fan_in=12, nonlinearity="tanh"))
    assert np.abs(w).max() <= 5 / 3 * math.sqrt(3.0 / 12)


def test_calculate_gain():
    assert init.calculate_gain("conv2d") == 1.0
    assert init.calculate_gain("tanh") == pytest.approx(5 / 3)
    assert init.calculate_gain("relu") == pytest.approx(math.sqrt(2))
    assert init.calculate_gain("leaky_relu") == pytest.approx(math.sqrt(2 / (1 + 0.01 ** 2)))
    assert init.calculate_gain("selu") == 0.75
    with pytest.raises(ValueError, match=r"\[calculate_gain\] argument 'nonlinearity': expected one of .*'swish'"):
        init.calculate_gain("swish")


@pytest.mark.parametrize("shape", [[4, 6], [6, 4], [4, 2, 3], [5, 5]])
def test_orthogonal(shape):
    w = _param(shape, init.Orthogonal(gain=2.0)).reshape(shape[0], -1)
    gram = w @ w.T if w.shape[0] <= w.shape[1] else w.T @ w
    np.testing.assert_allclose(gram, 4.0 * np.eye(min(w.shape)), atol=1e-5)
    with pytest.raises(ValueError, match=r"\[Orthogonal\] expected a parameter with 2 or more dims"):
        _param([4], init.Orthogonal())


def test_same_seed_same_values_and_float64():
    a = _param([3, 3], init.KaimingNormal(), seed=5)
    b = _param([3, 3], init.KaimingNormal(), seed=5)
    np.testing.assert_array_equal(a, b)
    p = paddle.create_parameter([3, 3], "float64", default_initializer=init.TruncatedNormal())
    assert p.dtype == paddle.float64


def test_calling_an_initializer_rewrites_a_parameter_in_place():
    p = paddle.create_parameter([2, 2], "float32")
    same = init.Constant(7.0)(p)
    assert same is p and type(p).__name__ == "EagerParamBase" and not p.stop_gradient
    np.testing.assert_array_equal(p.numpy(), np.full([2, 2], 7.0))


def test_initializer_priority():
    """attr's initializer > the global one > the layer's default_initializer > the built-in default."""
    layer = paddle.nn.Layer()
    assert float(layer.create_parameter([3], is_bias=True).abs().sum()) == 0  # biases start at zero
    try:
        init.set_global_initializer(init.Constant(2.0), init.Constant(3.0))
        w = layer.create_parameter([2], default_initializer=init.Constant(9.0))
        b = layer.create_parameter([2], is_bias=True)
        given = layer.create_parameter([2], attr=paddle.ParamAttr(initializer=init.Constant(5.0)))
        assert w.numpy().tolist() == [2.0, 2.0] and b.numpy().tolist() == [3.0, 3.0]
        assert given.numpy().tolist() == [5.0, 5.0]
    finally:
        init.set_global_initializer(None)
    assert layer.create_parameter([2], default_initializer=init.Constant(9.0)).numpy().tolist() == [9.0, 9.0]


@pytest.mark.parametrize("make,error,message", [
    (lambda: init.Normal(std=-1.0), ValueError, r"\[Normal\] argument 'std': expected a number >= 0, but got -1.0"),
    (lambda: init.Normal(mean="0"), TypeError, r"\[Normal\] argument 'mean': expected a number, but got str"),
    (lambda: init.Uniform(1.0, 0.0), ValueError, r"\[Uniform\] argument 'high': expected a number >= low"),
    (lambda: init.TruncatedNormal(a=1.0, b=1.0), ValueError, r"\[TruncatedNormal\] argument 'b'"),
    (lambda: init.TruncatedNormal(std=0.0), ValueError, r"\[TruncatedNormal\] argument 'std'"),
    (lambda: init.XavierUniform(fan_in=0), ValueError, r"\[XavierUniform\] argument 'fan_in': expected a number > 0"),
    (lambda: init.KaimingNormal(mode="fan_avg"), ValueError, r"\[KaimingNormal\] argument 'mode': expected one of"),
    (lambda: init.KaimingUniform(nonlinearity="swish"), ValueError, r"\[calculate_gain\]"),
    (lambda: init.Assign("abc"), TypeError, r"\[Assign\] argument 'value': expected a Tensor"),
    (lambda: _param([2, 2], init.Assign([1.0, 2.0])), ValueError,
     r"\[Assign\] argument 'value': expected shape \[2, 2\] \(the parameter's\), but got \[2\]"),
    (lambda: init.set_global_initializer(3), TypeError,
     r"\[set_global_initializer\] argument 'weight_init': expected an Initializer or None, but got int"),
    (lambda: paddle.ParamAttr(initializer="zeros"), TypeError, r"\[ParamAttr\] argument 'initializer'"),
    (lambda: paddle.create_parameter([2, 0], "float32"), ValueError,
     r"\[create_parameter\] argument 'shape': expected positive dims, but got \[2, 0\]"),
    (lambda: init.Constant()(paddle.create_parameter([2], "float32").numpy()), TypeError,
     r"\[Constant\] argument 'param': expected Tensor, but got ndarray"),
])
def test_bad_arguments(make, error, message):
    with pytest.raises(error, match=message):
        make()
