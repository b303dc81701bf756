"""paddle.nn.utils against NumPy: gradient clipping, parameters <-> vector, weight and spectral norm."""

import math

import numpy as np
import pytest

import paddle
from paddle.nn import utils


def params_with_grads(seed=0, scale=1.0):
    """Three parameters whose grads are set to known random values; returns them and the grads."""
    rng = np.random.default_rng(seed)
    shapes = [[3, 4], [4], [2, 2, 2]]
    params, grads = [], []
    for shape in shapes:
        p = paddle.create_parameter(shape, "float32")
        g = (rng.standard_normal(shape) * scale).astype(np.float32)
        (p * paddle.to_tensor(g)).sum().backward()  # d/dp sum(p * g) = g
        params.append(p)
        grads.append(g)
    return params, grads


def np_total_norm(grads, p):
    flat = np.concatenate([g.reshape(-1).astype(np.float64) for g in grads])
    return np.abs(flat).max() if p == math.inf else (np.abs(flat) ** p).sum() ** (1 / p)


@pytest.mark.parametrize("norm_type", [2.0, 1.0, 3.0, math.inf])
def test_clip_grad_norm_scales_to_max_norm(norm_type):
    params, grads = params_with_grads()
    total = np_total_norm(grads, norm_type)
    max_norm = total / 4
    got = utils.clip_grad_norm_(params, max_norm, norm_type=norm_type)
    assert isinstance(got, paddle.Tensor)
    np.testing.assert_allclose(float(got), total, rtol=1e-5)
    coef = max_norm / (total + 1e-6)
    for p, g in zip(params, grads):
        np.testing.assert_allclose(p.grad.numpy(), g * coef, rtol=1e-5, atol=1e-7)
    after = np_total_norm([p.grad.numpy() for p in params], norm_type)
    np.testing.assert_allclose(after, max_norm, rtol=1e-4)


def test_clip_grad_norm_leaves_small_grads_and_skips_missing():
    params, grads = params_with_grads()
    extra = paddle.create_parameter([5], "float32")  # no grad
    total = utils.clip_grad_norm_(params + [extra], max_norm=1e6)
    np.testing.assert_allclose(float(total), np_total_norm(grads, 2), rtol=1e-5)
    for p, g in zip(params, grads):
        np.testing.assert_array_equal(p.grad.numpy(), g)
    assert extra.grad is None
    assert float(utils.clip_grad_norm_([extra], 1.0)) == 0.0


def test_clip_grad_norm_single_tensor():
    p = paddle.create_parameter([2], "float32")
    (p * paddle.to_tensor([6.0, 8.0])).sum().backward()
    assert float(utils.clip_grad_norm_(p, 5.0)) == pytest.approx(10.0)
    np.testing.assert_allclose(p.grad.numpy(), [3.0, 4.0], rtol=1e-5)


def test_clip_grad_norm_nonfinite():
    p = paddle.create_parameter([3], "float32")
    (p * paddle.to_tensor([1.0, float("inf"), 2.0])).sum().backward()
    with pytest.raises(RuntimeError, match=r"\[clip_grad_norm_\] the total norm of order 2.0 .* is inf"):
        utils.clip_grad_norm_([p], 1.0, error_if_nonfinite=True)
    np.testing.assert_array_equal(p.grad.numpy(), [1.0, np.inf, 2.0])  # untouched on error
    assert math.isinf(float(utils.clip_grad_norm_([p], 1.0)))  # scaled by 0 otherwise, as Paddle
    assert p.grad.numpy()[0] == 0.0


def test_clip_grad_value():
    params, grads = params_with_grads(seed=1, scale=2.0)
    assert utils.clip_grad_value_(params, 0.7) is None
    for p, g in zip(params, grads):
        np.testing.assert_array_equal(p.grad.numpy(), np.clip(g, -0.7, 0.7))


def test_parameters_to_vector_round_trip():
    net = paddle.nn.Sequential(paddle.nn.Linear(3, 4), paddle.nn.Linear(4, 2))
    ps = net.parameters()
    vec = utils.parameters_to_vector(ps)
    np.testing.assert_array_equal(vec.numpy(), np.concatenate([p.numpy().reshape(-1) for p in ps]))
    assert vec.shape == [3 * 4 + 4 + 4 * 2 + 2]
    new = np.arange(vec.shape[0], dtype=np.float32) / 10
    before = [id(p) for p in net.parameters()]
    utils.vector_to_parameters(paddle.to_tensor(new), ps)
    assert [id(p) for p in net.parameters()] == before  # in place
    np.testing.assert_array_equal(utils.parameters_to_vector(ps).numpy(), new)
    np.testing.assert_array_equal(net[0].bias.numpy(), new[12:16])


def test_parameters_to_vector_is_differentiable():
    p = paddle.create_parameter([2, 2], "float32")
    q = paddle.create_parameter([3], "float32")
    w = paddle.to_tensor(np.arange(7, dtype=np.float32))
    (utils.parameters_to_vector([p, q]) * w).sum().backward()
    np.testing.assert_array_equal(p.grad.numpy(), [[0, 1], [2, 3]])
    np.testing.assert_array_equal(q.grad.numpy(), [4, 5, 6])


def test_weight_norm_forward_and_grads():
    paddle.seed(3)
    fc = paddle.nn.Linear(4, 3)
    w0 = fc.weight.numpy()
    x = paddle.randn([5, 4])
    ref = fc(x).numpy()
    utils.weight_norm(fc, dim=0)
    names = [n for n, _ in fc.named_parameters()]
    assert sorted(names) == ["bias", "weight_g", "weight_v"]
    np.testing.assert_allclose(fc.weight_g.numpy(), np.linalg.norm(w0, axis=1), rtol=1e-5)
    np.testing.assert_allclose(fc(x).numpy(), ref, rtol=1e-5, atol=1e-6)  # same weight at first
    fc.weight_g.set_value(np.array([1.0, 2.0, 3.0, 4.0], np.float32))
    v = fc.weight_v.numpy()
    expected = v / np.linalg.norm(v, axis=1, keepdims=True) * np.array([1, 2, 3, 4.0])[:, None]
    out = fc(x)
    np.testing.assert_allclose(fc.weight.numpy(), expected, rtol=1e-5)
    out.sum().backward()
    assert fc.weight_g.grad is not None and fc.weight_v.grad is not None
    assert "weight" not in fc.state_dict() and "weight_g" in fc.state_dict()


def test_weight_norm_whole_tensor_and_remove():
    fc = paddle.nn.Linear(3, 2)
    w0 = fc.weight.numpy()
    utils.weight_norm(fc, dim=None)
    assert fc.weight_g.shape == [1]
    np.testing.assert_allclose(fc.weight_g.numpy(), [np.linalg.norm(w0)], rtol=1e-5)
    with pytest.raises(RuntimeError, match="already has a weight_norm hook"):
        utils.weight_norm(fc)
    utils.remove_weight_norm(fc)
    assert sorted(n for n, _ in fc.named_parameters()) == ["bias", "weight"]
    np.testing.assert_allclose(fc.weight.numpy(), w0, rtol=1e-5)
    assert not fc._forward_pre_hooks


def test_spectral_norm_converges_to_top_singular_value():
    paddle.seed(5)
    fc = paddle.nn.Linear(6, 4)
    w = fc.weight.numpy()
    utils.spectral_norm(fc, n_power_iterations=30)
    x = paddle.randn([2, 6])
    fc(x)
    sigma = np.linalg.svd(w, compute_uv=False)[0]
    np.testing.assert_allclose(fc.weight.numpy(), w / sigma, rtol=1e-4, atol=1e-6)
    assert "weight_u" in fc.state_dict() and "weight_orig" in fc.state_dict()
    fc.eval()
    u = fc.weight_u.numpy().copy()
    fc(x)
    np.testing.assert_array_equal(fc.weight_u.numpy(), u)  # no power iteration in eval


def test_spectral_norm_conv_dim0():
    paddle.seed(6)
    conv = paddle.nn.Conv2D(2, 3, 3)
    w = conv.weight.numpy()
    utils.spectral_norm(conv, n_power_iterations=50)
    conv(paddle.randn([1, 2, 5, 5]))
    sigma = np.linalg.svd(w.reshape(3, -1), compute_uv=False)[0]
    np.testing.assert_allclose(conv.weight.numpy(), w / sigma, rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("call, exc, text", [
    (lambda: utils.clip_grad_norm_(3, 1.0), TypeError,
     "[clip_grad_norm_] argument 'parameters': expected a Tensor or an iterable of Tensors, but got int"),
    (lambda: utils.clip_grad_norm_([1.0], 1.0), TypeError, "but got an element float"),
    (lambda: utils.clip_grad_norm_([], "1"), TypeError, "[clip_grad_norm_] argument 'max_norm': expected a number"),
    (lambda: utils.clip_grad_norm_([], 1.0, norm_type=0), ValueError, "argument 'norm_type'"),
    (lambda: utils.clip_grad_value_([], -1.0), ValueError, "[clip_grad_value_] argument 'clip_value'"),
    (lambda: utils.vector_to_parameters(paddle.ones([3]), [paddle.ones([2])]), ValueError,
     "[vector_to_parameters] argument 'vec': expected 2 elements"),
    (lambda: utils.vector_to_parameters(paddle.ones([1, 2]), [paddle.ones([2])]), ValueError,
     "expected a 1-D Tensor"),
    (lambda: utils.weight_norm(paddle.nn.Linear(2, 2), name="w"), ValueError,
     "[weight_norm] argument 'name': expected the name of a parameter"),
    (lambda: utils.weight_norm(paddle.nn.Linear(2, 2), dim=2), IndexError, "[weight_norm] dim 2 is out of range"),
    (lambda: utils.remove_weight_norm(paddle.nn.Linear(2, 2)), ValueError, "[remove_weight_norm]"),
    (lambda: utils.spectral_norm("fc"), TypeError, "[spectral_norm] argument 'layer': expected a Layer"),
])
def test_bad_arguments(call, exc, text):
    with pytest.raises(exc) as info:
        call()
    assert text in str(info.value)
