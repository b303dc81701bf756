"""paddle.callbacks.ReduceLROnPlateau, the Bilinear and Dirac initializers, the paddle.amp state queries,
and paddle.incubate.autograd's Jacobian, Hessian, grad, forward_grad and primitive-op switch: each
against hand-derived values, NumPy constructions or analytic derivatives."""

import math
import warnings

import numpy as np
import pytest

import paddle
from paddle import nn
from paddle.incubate import autograd as iag
from paddle.io import Dataset

# ---- ReduceLROnPlateau


class _Model:
    """What the callback reads: the optimizer of a paddle.Model."""

    def __init__(self, learning_rate):
        w = paddle.create_parameter([1], "float32")
        self._optimizer = paddle.optimizer.SGD(learning_rate=learning_rate, parameters=[w])


def _rates(callback, values, learning_rate=1.0, key="loss"):
    model = _Model(learning_rate)
    callback.set_model(model)
    callback.on_train_begin()
    rates = []
    for value in values:
        callback.on_eval_end({key: [value]})
        rates.append(model._optimizer.get_lr())
    return rates


def test_reduce_on_plateau_patience_and_cooldown(capsys):
    # best 1.0, 0.9; 0.95 and 0.97 do not improve: patience 2 is reached at epoch 4 (halve, cool down one
    # evaluation); 0.96 waits in the cooldown, 0.99 is the 2nd bad one: halve; 0.5 improves; 0.6, 0.7: halve.
    callback = paddle.callbacks.ReduceLROnPlateau(patience=2, factor=0.5, cooldown=1)
    got = _rates(callback, [1.0, 0.9, 0.95, 0.97, 0.96, 0.99, 0.5, 0.6, 0.7])
    assert got == [1.0, 1.0, 1.0, 0.5, 0.5, 0.25, 0.25, 0.25, 0.125]
    assert capsys.readouterr().out.splitlines() == [
        "", "Epoch 4: ReduceLROnPlateau reducing learning rate to 0.5.",
        "", "Epoch 6: ReduceLROnPlateau reducing learning rate to 0.25.",
        "", "Epoch 9: ReduceLROnPlateau reducing learning rate to 0.125.",
    ]


def test_reduce_on_plateau_modes_min_delta_and_min_lr():
    # 'acc' is maximized in 'auto' mode; gains below min_delta do not count; the rate stops at min_lr.
    callback = paddle.callbacks.ReduceLROnPlateau(monitor="acc", patience=1, factor=0.1, min_delta=0.01,
                                                  min_lr=0.005, verbose=0)
    assert _rates(callback, [0.5, 0.505, 0.6, 0.55, 0.6, 0.9], key="acc") == pytest.approx(
        [1.0, 0.1, 0.1, 0.01, 0.005, 0.005], rel=1e-12)
    explicit_min = paddle.callbacks.ReduceLROnPlateau(monitor="acc", mode="min", patience=1, factor=0.5, verbose=0)
    assert _rates(explicit_min, [0.5, 0.6], key="acc") == [1.0, 0.5]


def test_reduce_on_plateau_leaves_schedulers_alone():
    callback = paddle.callbacks.ReduceLROnPlateau(patience=0, verbose=0)
    model = _Model(paddle.optimizer.lr.ExponentialDecay(0.5, gamma=0.9))
    callback.set_model(model)
    with pytest.warns(UserWarning, match="expects the optimizer's learning rate to be a float"):
        callback.on_eval_end({"loss": [1.0]})
    assert model._optimizer.get_lr() == 0.5
    with pytest.warns(UserWarning, match="'acc' is not in the evaluation logs"):
        paddle.callbacks.ReduceLROnPlateau(monitor="acc").on_eval_end({"loss": [1.0]})


class _Points(Dataset):
    def __init__(self, n):
        rng = np.random.RandomState(n)
        self.x = rng.randn(n, 2).astype("float32")
        self.y = rng.randint(0, 2, size=(n, 1)).astype("int64")

    def __getitem__(self, i):
        return self.x[i], self.y[i]

    def __len__(self):
        return len(self.x)


def test_reduce_on_plateau_in_fit():
    # A tiny rate keeps the evaluation loss flat: every evaluation after the first is a bad one.
    paddle.seed(0)
    model = paddle.Model(nn.Linear(2, 2))
    model.prepare(paddle.optimizer.SGD(learning_rate=1e-6, parameters=model.parameters()), nn.CrossEntropyLoss())
    callback = paddle.callbacks.ReduceLROnPlateau(patience=1, factor=0.5, verbose=0)
    model.fit(_Points(20), eval_data=_Points(10), batch_size=10, epochs=3, verbose=0, callbacks=[callback])
    assert model._optimizer.get_lr() == pytest.approx(0.25e-6)


def test_reduce_on_plateau_bad_arguments():
    with pytest.raises(ValueError, match=r"^\[ReduceLROnPlateau\] argument 'factor': expected a number < 1.0, "
                                         r"but got 1.0"):
        paddle.callbacks.ReduceLROnPlateau(factor=1.0)
    with pytest.raises(ValueError, match=r"^\[ReduceLROnPlateau\] argument 'patience': expected an int >= 0"):
        paddle.callbacks.ReduceLROnPlateau(patience=-1)
    with pytest.warns(UserWarning, match="mode 'up' is unknown"):
        assert paddle.callbacks.ReduceLROnPlateau(mode="up").mode == "auto"


# ---- Bilinear and Dirac


def _init(initializer, shape, dtype="float32"):
    return paddle.create_parameter(shape, dtype, default_initializer=initializer).numpy()


@pytest.mark.parametrize("size, taps", [
    (4, [0.25, 0.75, 0.75, 0.25]),              # factor 2
    (5, [1 / 3, 2 / 3, 1.0, 2 / 3, 1 / 3]),     # factor 3
    (3, [0.25, 0.75, 0.75]),                    # factor 2, an odd kernel
])
def test_bilinear_is_the_outer_product_of_the_triangle(size, taps):
    weight = _init(nn.initializer.Bilinear(), [3, 2, size, size], "float64")
    np.testing.assert_allclose(weight, np.broadcast_to(np.outer(taps, taps), (3, 2, size, size)), rtol=1e-7)


@pytest.mark.parametrize("factor, border", [(2, 1), (3, 2)])
def test_bilinear_transposed_convolution_interpolates_linearly(factor, border):
    """Upsampling a linear ramp gives a linear ramp (away from the zero-padded border): the slopes are
    divided by the factor."""
    up = nn.Conv2DTranspose(1, 1, 2 * factor - factor % 2, stride=factor, padding=math.ceil((factor - 1) / 2),
                            weight_attr=nn.initializer.Bilinear(), bias_attr=False)
    ramp = np.add.outer(np.arange(6.0), 2 * np.arange(6.0)).astype("float32")
    out = up(paddle.to_tensor(ramp[None, None])).numpy()[0, 0]
    assert out.shape == (6 * factor, 6 * factor)
    inner = out[border:-1, border:-1]
    np.testing.assert_allclose(np.diff(inner, axis=0), 1 / factor, rtol=1e-5)
    np.testing.assert_allclose(np.diff(inner, axis=1), 2 / factor, rtol=1e-5)


def _dirac_reference(shape, groups):
    weight = np.zeros(shape)
    per_group = shape[0] // groups
    for g in range(groups):
        for i in range(min(per_group, shape[1])):
            weight[(g * per_group + i, i) + tuple(k // 2 for k in shape[2:])] = 1.0
    return weight


@pytest.mark.parametrize("shape, groups", [([4, 2, 3], 1), ([6, 2, 3], 2), ([2, 4, 3, 3], 1), ([4, 2, 3, 3], 2),
                                           ([3, 3, 3, 5, 3], 1), ([3, 3, 1, 1], 3)])
def test_dirac_matches_numpy(shape, groups):
    np.testing.assert_array_equal(_init(nn.initializer.Dirac(groups), shape), _dirac_reference(shape, groups))


def test_dirac_convolution_copies_its_input():
    x = paddle.to_tensor(np.random.default_rng(0).standard_normal((2, 3, 5, 5)).astype("float32"))
    same = nn.Conv2D(3, 3, 3, padding=1, weight_attr=nn.initializer.Dirac(), bias_attr=False)
    np.testing.assert_allclose(same(x).numpy(), x.numpy(), rtol=1e-6)
    grouped = nn.Conv2D(3, 6, 3, padding=1, weight_attr=nn.initializer.Dirac(groups=2), bias_attr=False)
    np.testing.assert_allclose(grouped(x).numpy(), np.concatenate([x.numpy()] * 2, axis=1), rtol=1e-6)


@pytest.mark.parametrize("make, shape, pattern", [
    (lambda: nn.initializer.Bilinear(), [2, 2, 3], r"^\[Bilinear\] expected a 4-D weight"),
    (lambda: nn.initializer.Bilinear(), [2, 2, 3, 4], r"^\[Bilinear\] expected a square kernel"),
    (lambda: nn.initializer.Dirac(), [2, 2], r"^\[Dirac\] expected a 3-D, 4-D or 5-D convolution weight, but got "
                                             r"shape \[2, 2\]"),
    (lambda: nn.initializer.Dirac(groups=2), [3, 2, 3], r"^\[Dirac\] expected shape\[0\] .* divisible by groups=2"),
])
def test_initializer_shape_errors(make, shape, pattern):
    with pytest.raises(ValueError, match=pattern):
        _init(make(), shape)


def test_dirac_groups_errors():
    with pytest.raises(ValueError, match=r"^\[Dirac\] argument 'groups': expected an int >= 1, but got 0"):
        nn.initializer.Dirac(groups=0)
    with pytest.raises(TypeError, match=r"^\[Dirac\] argument 'groups': expected an int, but got float"):
        nn.initializer.Dirac(groups=1.5)


# ---- paddle.amp queries


def test_autocast_queries_follow_auto_cast():
    assert paddle.amp.is_autocast_enabled() is False
    assert paddle.amp.get_autocast_dtype() == "float16"
    with paddle.amp.auto_cast(dtype="bfloat16"):
        assert paddle.amp.is_autocast_enabled() is True
        assert paddle.amp.get_autocast_dtype() == "bfloat16"
        assert paddle.amp.get_autocast_cpu_dtype("cpu") == paddle.amp.get_autocast_gpu_dtype() == "bfloat16"
        with paddle.amp.auto_cast(enable=False):
            assert paddle.amp.is_autocast_enabled() is False
            assert paddle.amp.get_autocast_dtype() == "float16"
        assert paddle.amp.is_autocast_enabled("gpu") is True
    with paddle.amp.auto_cast(level="O2", dtype="float16"):
        assert paddle.amp.is_autocast_enabled() and paddle.amp.get_autocast_dtype() == "float16"
    with paddle.amp.auto_cast(level="O0", dtype="bfloat16"):
        assert paddle.amp.is_autocast_enabled() is False
    assert paddle.amp.is_autocast_enabled() is False


def test_dtype_support_on_the_cpu():
    assert paddle.amp.is_float16_supported("cpu") is False
    assert paddle.amp.is_bfloat16_supported("cpu") is True
    on_cpu = paddle.device.get_device() == "cpu"
    if on_cpu:
        assert paddle.amp.is_float16_supported() is False and paddle.amp.is_bfloat16_supported() is True


@pytest.mark.skipif(paddle.device.cuda.device_count() == 0, reason="needs a GPU")
def test_dtype_support_on_a_gpu():
    capability = paddle.device.cuda.get_device_capability(0)
    assert paddle.amp.is_float16_supported("gpu:0") is (tuple(capability) >= (5, 3))
    assert paddle.amp.is_bfloat16_supported("gpu") is (tuple(capability) >= (8, 0))


@pytest.mark.parametrize("device, exc, pattern", [
    ("xpu", ValueError, r"expected 'cpu', 'gpu' or 'gpu:N', but got 'xpu'"),
    ("cpu:1", ValueError, r"expected 'cpu', 'gpu' or 'gpu:N', but got 'cpu:1'"),
    (f"gpu:{paddle.device.cuda.device_count()}", ValueError, r"expected one of the \d+ visible GPUs, but got 'gpu:"),
    (0, TypeError, r"expected a str, but got int"),
])
@pytest.mark.parametrize("name", ["is_float16_supported", "is_bfloat16_supported"])
def test_dtype_support_bad_devices(name, device, exc, pattern):
    with pytest.raises(exc, match=rf"^\[{name}\] argument 'device': {pattern}"):
        getattr(paddle.amp, name)(device)


# ---- paddle.incubate.autograd


def _f(x, y):
    """R^2 x R^2 -> R^3, with its Jacobian written out below."""
    return paddle.stack([x[0] * y[0], paddle.sin(x[1]) + y[1] ** 2, x[0] * x[1] * y[1]])


def _f_jacobian(x, y):
    return np.array([
        [y[0], 0.0, x[0], 0.0],
        [0.0, math.cos(x[1]), 0.0, 2 * y[1]],
        [x[1] * y[1], x[0] * y[1], 0.0, x[0] * x[1]],
    ])


X, Y = np.array([0.5, -1.2]), np.array([2.0, 0.7])


def test_jacobian_of_two_inputs():
    J = iag.Jacobian(_f, [paddle.to_tensor(X), paddle.to_tensor(Y)])
    expected = _f_jacobian(X, Y)
    assert J.shape == (3, 4)
    np.testing.assert_allclose(J[:].numpy(), expected, rtol=1e-12)
    np.testing.assert_allclose(J[1].numpy(), expected[1], rtol=1e-12)
    np.testing.assert_allclose(J[-1, 1:3].numpy(), expected[-1, 1:3], rtol=1e-12)
    np.testing.assert_allclose(J[:, 2].numpy(), expected[:, 2], rtol=1e-12)
    np.testing.assert_allclose(J[::2, ::-1].numpy(), expected[::2, ::-1], rtol=1e-12)
    assert J[1:1].shape == [0, 4]


def test_jacobian_is_batched_and_leaves_the_inputs_alone():
    x = paddle.to_tensor(np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.25]]), stop_gradient=False)
    J = iag.Jacobian(lambda t: paddle.concat([t * t, t.sum(axis=1, keepdim=True)], axis=1), x, is_batched=True)
    assert J.shape == (3, 3, 2)
    xs = x.numpy()
    expected = np.stack([np.array([[2 * a, 0.0], [0.0, 2 * b], [1.0, 1.0]]) for a, b in xs])
    np.testing.assert_allclose(J[:].numpy(), expected, rtol=1e-12)
    np.testing.assert_allclose(J[:, 2].numpy(), expected[:, 2], rtol=1e-12)
    assert x.grad is None


def test_hessian_of_one_and_two_inputs():
    x = np.array([1.0, -2.0, 0.5])
    H = iag.Hessian(lambda t: (t ** 3).sum() + t[0] * t[1], paddle.to_tensor(x))
    expected = np.diag(6 * x)
    expected[0, 1] = expected[1, 0] = 1.0
    assert H.shape == (3, 3)
    np.testing.assert_allclose(H[:].numpy(), expected, rtol=1e-12)
    # f(x, y) = sum(x * y) + sum(x^2): [[2I, I], [I, 0]]
    H2 = iag.Hessian(lambda a, b: (a * b).sum() + (a * a).sum(), [paddle.to_tensor(X), paddle.to_tensor(Y)])
    eye = np.eye(2)
    np.testing.assert_allclose(H2[:].numpy(), np.block([[2 * eye, eye], [eye, 0 * eye]]), atol=1e-15)


def test_hessian_batched():
    x = np.array([[1.0, 2.0], [-1.0, 0.5]])
    H = iag.Hessian(lambda t: (t ** 3).sum(axis=1), paddle.to_tensor(x), is_batched=True)
    assert H.shape == (2, 2, 2)
    np.testing.assert_allclose(H[:].numpy(), np.stack([np.diag(6 * row) for row in x]), rtol=1e-12)


def test_grad_and_forward_grad_against_the_jacobian():
    x = paddle.to_tensor(X, stop_gradient=False)
    y = paddle.to_tensor(Y, stop_gradient=False)
    out = _f(x, y)
    J = _f_jacobian(X, Y)
    w, v = np.array([1.0, -2.0, 0.5]), np.array([0.3, -0.4, 1.0, 2.0])
    gx, gy = iag.grad(out, [x, y], paddle.to_tensor(w))
    np.testing.assert_allclose(np.concatenate([gx.numpy(), gy.numpy()]), w @ J, rtol=1e-12)
    np.testing.assert_allclose(iag.grad(out, x).numpy(), J.sum(0)[:2], rtol=1e-12)
    jv = iag.forward_grad(out, [x, y], [paddle.to_tensor(v[:2]), paddle.to_tensor(v[2:])])
    np.testing.assert_allclose(jv.numpy(), J @ v, rtol=1e-12)
    np.testing.assert_allclose(iag.forward_grad(out, [x, y]).numpy(), J.sum(1), rtol=1e-12)
    # a list of outputs, one of them independent of x
    first, second = iag.forward_grad([x * x, y * 2], x)
    np.testing.assert_allclose(first.numpy(), 2 * X, rtol=1e-12)
    np.testing.assert_array_equal(second.numpy(), [0.0, 0.0])
    unused = paddle.to_tensor([1.0], stop_gradient=False)
    np.testing.assert_array_equal(iag.grad(out, [x, unused])[1].numpy(), [0.0])


def test_grad_results_can_be_differentiated_again():
    x = paddle.to_tensor([1.0, 2.0], dtype="float64", stop_gradient=False)
    g = iag.grad((x ** 3).sum(), x)
    np.testing.assert_allclose(iag.grad(g.sum(), x).numpy(), [6.0, 12.0])


def test_grad_and_forward_grad_in_static_mode():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2], "float64")
            x.stop_gradient = False
            out = x * x * x
            dx = iag.grad(out, x)
            jv = iag.forward_grad(out, x, paddle.full([2], 2.0, "float64"))
            J = iag.Jacobian(lambda t: t * t * t, x)[:]
        got = paddle.static.Executor().run(main, feed={"x": np.array([1.0, -3.0])}, fetch_list=[dx, jv, J])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got[0], [3.0, 27.0])
    np.testing.assert_allclose(got[1], [6.0, 54.0])
    np.testing.assert_allclose(got[2], np.diag([3.0, 27.0]))


def test_prim_switch_forces_decompositions():
    x = paddle.rand([1, 2, 5, 5])
    x.stop_gradient = False
    w = paddle.rand([3, 2, 3, 3])
    assert iag.prim_enabled() is False
    fused = nn.functional.conv2d(x, w)
    iag.enable_prim()
    try:
        assert iag.prim_enabled() is True and paddle._C._is_decomposition_forced()
        parts = nn.functional.conv2d(x, w)
    finally:
        iag.disable_prim()
    assert iag.prim_enabled() is False
    assert fused._grad_node_name() == "conv2d_grad" and parts._grad_node_name() != "conv2d_grad"
    np.testing.assert_allclose(parts.numpy(), fused.numpy(), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("call, exc, pattern", [
    (lambda: iag.Jacobian(3, paddle.ones([2])), TypeError,
     r"^\[Jacobian\] argument 'func': expected a callable, but got int"),
    (lambda: iag.Jacobian(lambda t: t, [1.0, 2.0]), TypeError,
     r"^\[Jacobian\] argument 'xs': expected a Tensor or a sequence of Tensors, but got list"),
    (lambda: iag.Jacobian(lambda a, b: a, [paddle.ones([2, 1]), paddle.ones([3, 1])], is_batched=True), ValueError,
     r"^\[Jacobian\] argument 'xs': expected Tensors sharing a first \(batch\) axis for is_batched=True, but got "
     r"shapes \[\[2, 1\], \[3, 1\]\]"),
    (lambda: iag.Jacobian(lambda t: t, paddle.ones([2]))[..., 0], IndexError, r"^\[Jacobian\] Ellipsis"),
    (lambda: iag.Jacobian(lambda t: t, paddle.ones([2]))[2], IndexError,
     r"^\[Jacobian\] index 2 is out of range for axis 0 of size 2"),
    (lambda: iag.Jacobian(lambda t: t, paddle.ones([2]))[0.5], TypeError,
     r"^\[Jacobian\] expected int or slice indices, but got float"),
    (lambda: iag.Hessian(lambda t: t * t, paddle.ones([2])), ValueError,
     r"^\[Hessian\] argument 'func': expected a function returning a single-element Tensor, but it returns 2"),
    (lambda: iag.grad(paddle.ones([2]), "x"), TypeError,
     r"^\[grad\] argument 'inputs': expected a Tensor or a sequence of Tensors, but got str"),
    (lambda: iag.forward_grad(paddle.ones([2]), paddle.ones([2]), [paddle.ones([2])] * 2), ValueError,
     r"^\[forward_grad\] argument 'grad_inputs': expected 1 Tensors \(one per input\), but got 2"),
    (lambda: iag.grad(paddle.ones([2]), paddle.ones([2]), paddle.ones([3])), ValueError,
     r"^\[grad\] argument 'grad_outputs': element 0: expected shape \[2\], but got \[3\]"),
])
def test_autograd_bad_arguments(call, exc, pattern):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(exc, match=pattern):
            call()
