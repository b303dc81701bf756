"""paddle.amp: the dtypes auto_cast gives each kind of op, values against NumPy on the rounded
inputs, gradients, decorate for O2, and GradScaler's scaling, skipping and bookkeeping."""

import numpy as np
import pytest

import paddle

LOW = ["float16", "bfloat16"]


def _rounded(x: np.ndarray, dtype: str) -> np.ndarray:
    """x rounded to `dtype` and back to float64, through our own cast (checked in the op tests)."""
    return paddle.to_tensor(x).astype(dtype).astype("float64").numpy()


@pytest.mark.parametrize("dtype", LOW)
def test_o1_white_op_runs_low_with_values_of_the_rounded_inputs(dtype):
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((4, 8)).astype(np.float32), rng.standard_normal((8, 3)).astype(np.float32)
    with paddle.amp.auto_cast(dtype=dtype):
        y = paddle.matmul(paddle.to_tensor(a), paddle.to_tensor(b))
    assert y.dtype == getattr(paddle, dtype)
    expected = _rounded(a, dtype) @ _rounded(b, dtype)
    np.testing.assert_allclose(y.astype("float64").numpy(), expected, rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("dtype", LOW)
def test_o1_black_gray_and_untouched_ops(dtype):
    low = getattr(paddle, dtype)
    x32 = paddle.rand([3, 4])
    xlow = x32.astype(dtype)
    x64 = paddle.rand([3, 4], dtype="float64")
    ints = paddle.to_tensor([1, 2, 3])
    with paddle.amp.auto_cast(dtype=dtype):
        e = paddle.exp(xlow)
        assert e.dtype == paddle.float32  # black: low inputs go up
        assert paddle.exp(x32).dtype == paddle.float32
        assert paddle.nn.functional.softmax(xlow).dtype == paddle.float32
        assert xlow.sum().dtype == paddle.float32
        assert (xlow + x32).dtype == paddle.float32  # gray, mixed: promoted
        assert (xlow * xlow).dtype == low  # gray, all low: stays
        assert paddle.tanh(x32).dtype == paddle.float32  # gray, all float32: stays
        assert paddle.matmul(x64, x64.t()).dtype == paddle.float64  # float64 is never cast
        assert (ints + ints).dtype == paddle.int64
    np.testing.assert_allclose(e.numpy(), np.exp(xlow.astype("float32").numpy()), rtol=1e-6)


def test_disabled_and_restored_state():
    x = paddle.rand([2, 2])
    with paddle.amp.auto_cast(enable=False):
        assert paddle.matmul(x, x).dtype == paddle.float32
    with paddle.amp.auto_cast(dtype="bfloat16"):
        with paddle.amp.auto_cast(dtype="float16"):
            assert paddle.matmul(x, x).dtype == paddle.float16
        assert paddle.matmul(x, x).dtype == paddle.bfloat16
        with pytest.raises(ValueError):
            with paddle.amp.auto_cast(dtype="float16"):
                raise ValueError("inside")
        assert paddle.matmul(x, x).dtype == paddle.bfloat16
    assert paddle.matmul(x, x).dtype == paddle.float32
    assert paddle.amp.auto_cast.__name__ == "auto_cast"
    assert paddle._C._get_amp_state()[0] is False


def test_custom_lists_move_ops():
    x = paddle.rand([2, 2])
    with paddle.amp.auto_cast(dtype="bfloat16", custom_black_list={"matmul"}, custom_white_list=["exp"]):
        assert paddle.matmul(x, x).dtype == paddle.float32
        assert paddle.exp(x).dtype == paddle.bfloat16


def test_gradients_reach_float32_parameters_in_float32():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((5, 3)).astype(np.float32)
    w = paddle.create_parameter([3, 2], "float32", default_initializer=paddle.nn.initializer.Assign(
        rng.standard_normal((3, 2)).astype(np.float32)))
    with paddle.amp.auto_cast(dtype="bfloat16"):
        loss = paddle.matmul(paddle.to_tensor(a), w).sum()
    loss.backward()
    assert w.grad.dtype == paddle.float32
    # d/dw sum(a @ w) = a^T 1, with a rounded to bfloat16 in the forward's cast
    expected = _rounded(a, "bfloat16").T @ np.ones((5, 2))
    np.testing.assert_allclose(w.grad.numpy(), expected, rtol=1e-2, atol=1e-2)


def test_backward_inside_auto_cast_keeps_forward_dtypes():
    w = paddle.create_parameter([2, 2], "float32", default_initializer=paddle.nn.initializer.Constant(0.5))
    with paddle.amp.auto_cast(dtype="bfloat16"):
        loss = (paddle.matmul(paddle.ones([1, 2]), w) * 3.0).sum()
        loss.backward()
    assert w.grad.dtype == paddle.float32
    np.testing.assert_allclose(w.grad.numpy(), np.full((2, 2), 3.0))


def test_o2_runs_every_op_but_the_black_list_low():
    x = paddle.rand([2, 3])
    with paddle.amp.auto_cast(level="O2", dtype="bfloat16"):
        assert paddle.tanh(x).dtype == paddle.bfloat16
        assert (x + x).dtype == paddle.bfloat16
        assert paddle.exp(x.astype("bfloat16")).dtype == paddle.float32


def test_decorate_o2_casts_parameters_in_place_except_norms():
    model = paddle.nn.Sequential(paddle.nn.Linear(4, 4), paddle.nn.LayerNorm(4), paddle.nn.Linear(4, 2))
    weight = model[0].weight
    before = weight.numpy()
    opt = paddle.optimizer.AdamW(learning_rate=0.01, parameters=model.parameters())
    model2, opt2 = paddle.amp.decorate(model, opt, level="O2", dtype="bfloat16")
    assert model2 is model and opt2 is opt and model[0].weight is weight
    assert weight.dtype == paddle.bfloat16 and model[2].bias.dtype == paddle.bfloat16
    assert model[1].weight.dtype == paddle.float32
    np.testing.assert_array_equal(weight.astype("float32").numpy(), _rounded(before, "bfloat16").astype(np.float32))
    with paddle.amp.auto_cast(level="O2", dtype="bfloat16"):
        loss = model(paddle.rand([3, 4])).astype("float32").mean()
    loss.backward()
    opt.step()
    assert weight.dtype == paddle.bfloat16
    assert opt.state_dict()["master_weights"][weight.name].dtype == paddle.float32


def test_decorate_o1_and_excluded_layers():
    model = paddle.nn.Linear(2, 2)
    assert paddle.amp.decorate(model, level="O1") is model
    assert model.weight.dtype == paddle.float32
    paddle.amp.decorate(model, level="O2", excluded_layers=[paddle.nn.Linear])
    assert model.weight.dtype == paddle.float32


def _param(value):
    return paddle.create_parameter([2], "float32", default_initializer=paddle.nn.initializer.Assign(
        np.array(value, np.float32)))


def test_grad_scaler_scales_and_unscales():
    p = _param([1.0, 2.0])
    opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=[p])
    scaler = paddle.amp.GradScaler(init_loss_scaling=8.0)
    loss = (p * paddle.to_tensor([1.0, 3.0])).sum()
    scaled = scaler.scale(loss)
    np.testing.assert_allclose(float(scaled), 8.0 * float(loss))
    scaled.backward()
    np.testing.assert_allclose(p.grad.numpy(), [8.0, 24.0])
    scaler.step(opt)
    scaler.update()
    np.testing.assert_allclose(p.grad.numpy(), [1.0, 3.0])
    np.testing.assert_allclose(p.numpy(), [0.5, 0.5])


def test_grad_scaler_skips_non_finite_steps_and_shrinks():
    p = _param([1.0, 2.0])
    opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=[p])
    scaler = paddle.amp.GradScaler(init_loss_scaling=4.0, decr_ratio=0.25, decr_every_n_nan_or_inf=2)
    for expected_scale in (4.0, 1.0):
        scaler.scale((p * paddle.to_tensor([float("inf"), 1.0])).sum()).backward()
        scaler.step(opt)
        scaler.update()
        opt.clear_grad()
        np.testing.assert_array_equal(p.numpy(), [1.0, 2.0])
        assert scaler.get_init_loss_scaling() == expected_scale
    scaler.scale((p * paddle.to_tensor([float("nan"), 1.0])).sum()).backward()
    scaler.step(opt)
    scaler.update()
    scaler.scale((p * paddle.to_tensor([float("nan"), 1.0])).sum()).backward()
    scaler.step(opt)
    scaler.update()
    assert scaler.get_init_loss_scaling() == 1.0  # never below 1


def test_grad_scaler_grows_after_finite_steps_and_round_trips():
    p = _param([0.0, 0.0])
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=[p])
    scaler = paddle.amp.GradScaler(init_loss_scaling=2.0, incr_ratio=3.0, incr_every_n_steps=2)
    for _ in range(5):
        scaler.scale(p.sum()).backward()
        scaler.minimize(opt, None)
        opt.clear_grad()
    assert scaler.get_init_loss_scaling() == 18.0  # grew after steps 2 and 4
    np.testing.assert_allclose(p.numpy(), [-0.5, -0.5], rtol=1e-6)
    state = scaler.state_dict()
    assert state["incr_count"] == 1
    other = paddle.amp.GradScaler()
    other.load_state_dict(state)
    assert other.get_init_loss_scaling() == 18.0 and other._incr_count == 1 and other._incr_ratio == 3.0


def test_disabled_grad_scaler_passes_through():
    p = _param([1.0, 1.0])
    opt = paddle.optimizer.SGD(learning_rate=1.0, parameters=[p])
    scaler = paddle.amp.GradScaler(enable=False)
    loss = p.sum()
    assert scaler.scale(loss) is loss
    loss.backward()
    scaler.step(opt)
    np.testing.assert_allclose(p.numpy(), [0.0, 0.0])
    assert scaler.state_dict() == {}


def test_mixed_precision_training_fits():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((128, 4)).astype(np.float32)
    labels = (x[:, 0] + x[:, 1] > 0).astype(np.int64)
    model = paddle.nn.Sequential(paddle.nn.Linear(4, 16), paddle.nn.ReLU(), paddle.nn.Linear(16, 2))
    opt = paddle.optimizer.Adam(learning_rate=0.05, parameters=model.parameters())
    scaler = paddle.amp.GradScaler(init_loss_scaling=128.0)
    xt, yt = paddle.to_tensor(x), paddle.to_tensor(labels)
    for _ in range(60):
        with paddle.amp.auto_cast(dtype="bfloat16"):
            loss = paddle.nn.functional.cross_entropy(model(xt), yt)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        opt.clear_grad()
    accuracy = (model(xt).argmax(axis=1).numpy() == labels).mean()
    assert accuracy > 0.95


@pytest.mark.parametrize("make, error, match", [
    (lambda: paddle.amp.auto_cast(level="O3").__enter__(), ValueError, r"\[auto_cast\] argument 'level'"),
    (lambda: paddle.amp.auto_cast(dtype="float32").__enter__(), ValueError, "dtype"),
    (lambda: paddle.amp.auto_cast(custom_white_list="matmul").__enter__(), TypeError, "custom_white_list"),
    (lambda: paddle.amp.auto_cast(custom_white_list={"exp"}, custom_black_list={"exp"}).__enter__(), ValueError,
     "both"),
    (lambda: paddle.amp.decorate(paddle.nn.Linear(2, 2), level="O3"), ValueError, "level"),
    (lambda: paddle.amp.GradScaler(decr_ratio=1.5), ValueError, "decr_ratio"),
    (lambda: paddle.amp.GradScaler(incr_every_n_steps=0), ValueError, "incr_every_n_steps"),
    (lambda: paddle.amp.GradScaler().scale(3.0), TypeError, "var"),
])
def test_bad_arguments(make, error, match):
    with pytest.raises(error, match=match):
        make()
    assert paddle._C._get_amp_state()[0] is False
