"""In-place variants (x.exp_(), paddle.exp_(x), F.relu_(x), fill_, the random
fillers, reshape_...): values against NumPy, the memory and version they
write, gradients through them by finite differences, and the updates that
must be refused (Note [In-place updates])."""

from __future__ import annotations

import math

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from gradcheck import check_grads

RNG = np.random.default_rng(7)

_erf = np.vectorize(math.erf)
_lgamma = np.vectorize(math.lgamma)

# name -> NumPy reference, for inputs in (0.1, 0.9)
UNARY = {
    "abs": np.abs, "acos": np.arccos, "asin": np.arcsin, "atan": np.arctan, "atanh": np.arctanh,
    "asinh": np.arcsinh, "cos": np.cos, "cosh": np.cosh, "exp": np.exp, "expm1": np.expm1, "floor": np.floor,
    "ceil": np.ceil, "lgamma": _lgamma, "gammaln": _lgamma, "erf": _erf, "log": np.log, "log10": np.log10,
    "log1p": np.log1p, "log2": np.log2, "logit": lambda v: np.log(v / (1 - v)), "neg": np.negative,
    "reciprocal": np.reciprocal, "round": np.round, "rsqrt": lambda v: 1 / np.sqrt(v),
    "sigmoid": lambda v: 1 / (1 + np.exp(-v)), "sin": np.sin, "sinh": np.sinh, "sqrt": np.sqrt,
    "square": np.square, "tan": np.tan, "tanh": np.tanh, "trunc": np.trunc,
}
BINARY = {
    "add": np.add, "subtract": np.subtract, "sub": np.subtract, "multiply": np.multiply, "mul": np.multiply,
    "divide": np.divide, "div": np.divide, "pow": np.power, "remainder": np.mod, "mod": np.mod,
    "floor_mod": np.mod, "floor_divide": np.floor_divide,
}
COMPARE = {
    "equal": np.equal, "not_equal": np.not_equal, "less_than": np.less, "less": np.less,
    "less_equal": np.less_equal, "greater_than": np.greater, "greater_equal": np.greater_equal,
}


def _values(shape=(2, 3), dtype="float64"):
    return RNG.uniform(0.1, 0.9, shape).astype(dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_variants_write_numpys_values_into_x(name, dtype):
    a = _values(dtype=dtype)
    x = paddle.to_tensor(a)
    buffer = x.data_ptr()
    target = x if hasattr(paddle.Tensor, name + "_") else None
    out = getattr(x, name + "_")() if target is not None else getattr(paddle, name + "_")(x)
    assert out is x and x.data_ptr() == buffer and x.inplace_version == 1
    assert x.dtype == getattr(paddle, dtype)
    np.testing.assert_allclose(x.numpy(), UNARY[name](a), rtol=1e-6 if dtype == "float32" else 1e-12)


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_variants_broadcast_y_into_x(name):
    a, b = _values((2, 3)), _values((3,)) + 0.5
    x = paddle.to_tensor(a)
    assert getattr(x, name + "_")(paddle.to_tensor(b)) is x
    np.testing.assert_allclose(x.numpy(), BINARY[name](a, b), rtol=1e-12)


@pytest.mark.parametrize("name", sorted(COMPARE))
def test_comparison_variants_make_x_bool(name):
    a, b = _values(), _values()
    b[0, 0] = a[0, 0]
    x = paddle.to_tensor(a)
    getattr(x, name + "_")(paddle.to_tensor(b))
    assert x.dtype == paddle.bool
    np.testing.assert_array_equal(x.numpy(), COMPARE[name](a, b))


def test_variants_that_take_arguments():
    a = _values((3, 4))
    cases = [
        (lambda x: x.clip_(0.3, 0.6), np.clip(a, 0.3, 0.6)),
        (lambda x: x.clamp_(max=0.5), np.minimum(a, 0.5)),
        (lambda x: x.scale_(2.0, 1.0), 2 * a + 1),
        (lambda x: x.scale_(2.0, 1.0, bias_after_scale=False), 2 * (a + 1)),
        (lambda x: x.cumsum_(1), np.cumsum(a, 1)),
        (lambda x: paddle.cumprod_(x, 0), np.cumprod(a, 0)),
        (lambda x: x.tril_(1), np.tril(a, 1)),
        (lambda x: paddle.triu_(x, -1), np.triu(a, -1)),
        (lambda x: x.lerp_(paddle.ones([3, 4], "float64"), paddle.to_tensor(0.25, "float64")), a + 0.25 * (1 - a)),
        (lambda x: x.masked_fill_(paddle.to_tensor(a > 0.5), -1.0), np.where(a > 0.5, -1.0, a)),
        (lambda x: x.nan_to_num_(), a),
        (lambda x: paddle.where_(paddle.to_tensor(a > 0.5), x, paddle.zeros([3, 4], "float64")), np.where(a > 0.5, a, 0)),
        (lambda x: x.addmm_(paddle.ones([3, 2], "float64"), paddle.ones([2, 4], "float64"), 0.5, 2.0), 0.5 * a + 4),
        (lambda x: F.relu_(x.scale_(1.0, -0.5)), np.maximum(a - 0.5, 0)),
        (lambda x: F.thresholded_relu_(x, 0.5), np.where(a > 0.5, a, 0.0)),
        (lambda x: F.leaky_relu_(x.scale_(1.0, -0.5), 0.1), np.where(a - 0.5 > 0, a - 0.5, 0.1 * (a - 0.5))),
        (lambda x: F.softmax_(x, 1), np.exp(a) / np.exp(a).sum(1, keepdims=True)),
        (lambda x: F.hardtanh_(x, 0.2, 0.7), np.clip(a, 0.2, 0.7)),
    ]
    for update, want in cases:
        x = paddle.to_tensor(a)
        assert update(x) is x
        np.testing.assert_allclose(x.numpy(), want, rtol=1e-12)


def test_a_dtype_changing_variant_gives_x_the_new_dtype_and_storage():
    x = paddle.to_tensor([1.5, 2.5], dtype="float32")
    buffer = x.data_ptr()
    x.add_(paddle.to_tensor([1.0, 1.0], dtype="float64"))
    assert x.dtype == paddle.float64 and x.data_ptr() != buffer
    np.testing.assert_array_equal(x.numpy(), [2.5, 3.5])
    assert x.inplace_version == 1  # the count goes on in the new storage, as in Paddle
    x.add_(paddle.to_tensor([1.0, 1.0], dtype="float64"))
    assert x.inplace_version == 2
    y = paddle.to_tensor([1.7, -2.2])
    assert y.cast_("int32") is y and y.dtype == paddle.int32 and y.tolist() == [1, -2]
    assert y.inplace_version == 1


def test_view_variants_reshape_x_over_the_same_memory():
    a = np.arange(6.0)
    x = paddle.to_tensor(a)
    buffer = x.data_ptr()
    assert x.reshape_([2, 3]) is x and x.shape == [2, 3] and x.data_ptr() == buffer
    assert paddle.unsqueeze_(x, 0).shape == [1, 2, 3]
    assert x.squeeze_(0).shape == [2, 3]
    assert x.t_().shape == [3, 2]
    np.testing.assert_array_equal(x.numpy(), a.reshape(2, 3).T)
    assert x.transpose_([1, 0]).flatten_().shape == [6]
    np.testing.assert_array_equal(x.numpy(), a)


def test_a_write_through_a_view_reaches_its_base():
    base = paddle.zeros([2, 3])
    row = base[1]
    row.add_(paddle.to_tensor([1.0, 2.0, 3.0]))
    np.testing.assert_array_equal(base.numpy(), [[0, 0, 0], [1, 2, 3]])
    assert base.inplace_version == 1


def test_gradient_through_an_in_place_op_on_an_intermediate():
    def inplace(x, y):
        h = x * 1.5
        h.sin_()
        h.multiply_(y)
        h.pow_(2)
        return h

    check_grads(inplace, [_values((2, 3)), _values((2, 3))], RNG)


def test_gradient_through_a_dtype_and_a_view_change():
    x = paddle.to_tensor(_values((3, 2), "float32"), stop_gradient=False)
    h = x * 2
    h.add_(paddle.ones([3, 2], "float64"))  # now float64
    h.reshape_([6])
    (h * paddle.arange(6, dtype="float64")).sum().backward()
    assert x.grad.dtype == paddle.float32
    np.testing.assert_array_equal(x.grad.numpy(), 2 * np.arange(6.0).reshape(3, 2))


def test_a_function_of_x_that_later_changes_in_place_keeps_its_gradient():
    x = paddle.to_tensor(_values((4,)), stop_gradient=False)
    h = x * 2
    y = h.exp()  # saves its output, not h
    h.tanh_()
    (y.sum() + h.sum()).backward()
    want = 2 * np.exp(2 * x.numpy()) + 2 * (1 - np.tanh(2 * x.numpy()) ** 2)
    np.testing.assert_allclose(x.grad.numpy(), want, rtol=1e-12)


def test_fill_gives_the_old_values_a_zero_gradient():
    x = paddle.to_tensor(_values((3,)), stop_gradient=False)
    h = x * 2
    h.fill_(3.0)
    assert not h.stop_gradient
    (h * x).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [3.0, 3.0, 3.0])


def test_fill_diagonal_passes_the_gradient_off_the_diagonal():
    x = paddle.to_tensor(_values((3, 3)), stop_gradient=False)
    h = x * 1.0
    h.fill_diagonal_(0.0)
    h.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), 1 - np.eye(3))


def test_an_update_of_a_saved_tensor_makes_its_gradient_refuse():
    x = paddle.to_tensor(_values((3,)), stop_gradient=False)
    h = x * 2
    y = h * h
    h.exp_()
    with pytest.raises(RuntimeError, match="modified in place"):
        y.sum().backward()


def test_refusals_name_the_op_and_the_reason():
    leaf = paddle.to_tensor(_values((3,)), stop_gradient=False)
    with pytest.raises(ValueError, match=r"\[exp_\] x is a leaf tensor that requires grad"):
        leaf.exp_()
    with paddle.no_grad():
        leaf.exp_()  # as an optimizer updates its parameters
    h = leaf * 2
    view = h[0:2]
    with pytest.raises(RuntimeError, match=r"\[scale_\] x shares its memory with another tensor"):
        view.scale_(3.0)
    with pytest.raises(RuntimeError, match=r"\[scale_\] x shares its memory with another tensor"):
        h.scale_(3.0)
    with pytest.raises(ValueError, match=r"\[add_\] the result has shape \[2, 3\] but x has shape \[3\]"):
        paddle.ones([3]).add_(paddle.ones([2, 3]))
    with pytest.raises(TypeError, match=r"\[tanh_\] argument 'x': expected a Tensor, but got list"):
        paddle.tanh_([1.0])


def test_random_fillers_keep_x_and_draw_from_their_distribution():
    n = 20000
    cases = [
        (lambda x: x.uniform_(-2.0, 4.0), 1.0, math.sqrt(3.0)),
        (lambda x: x.normal_(1.0, 2.0), 1.0, 2.0),
        (lambda x: x.exponential_(4.0), 0.25, 0.25),
        (lambda x: x.bernoulli_(0.3), 0.3, math.sqrt(0.21)),
        (lambda x: x.geometric_(0.25), 4.0, math.sqrt(0.75 / 0.0625)),
    ]
    for fill, mean, std in cases:
        x = paddle.zeros([n], dtype="float64")
        buffer = x.data_ptr()
        assert fill(x) is x and x.data_ptr() == buffer and x.dtype == paddle.float64
        values = x.numpy()
        assert abs(values.mean() - mean) < 5 * std / math.sqrt(n)
        assert abs(values.std() - std) < 0.05 * std
    values = paddle.zeros([n]).log_normal_(0.0, 0.5).numpy()
    assert abs(np.log(values).mean()) < 0.02 and abs(np.log(values).std() - 0.5) < 0.02
    values = paddle.zeros([n]).cauchy_(1.0, 2.0).numpy()
    assert abs(np.median(values) - 1.0) < 0.1  # the Cauchy median is loc; quartiles at loc -+ scale
    np.testing.assert_allclose(np.percentile(values, [25, 75]), [-1.0, 3.0], atol=0.15)
    assert set(paddle.zeros([100], dtype="int64").bernoulli_(0.5).tolist()) <= {0, 1}


def test_random_fillers_check_their_parameters():
    x = paddle.zeros([4])
    with pytest.raises(TypeError, match=r"^\[normal_\] argument 'std': expected a number, but got a float32 Tensor"):
        x.normal_(0.0, paddle.ones([2]))
    with pytest.raises(ValueError, match=r"^\[log_normal_\] argument 'std': expected a number >= 0, but got -1.0"):
        x.log_normal_(0.0, -1.0)
    with pytest.raises(TypeError, match=r"^\[cauchy_\] argument 'scale': expected a number, but got str"):
        x.cauchy_(4, "float32")
    with pytest.raises(TypeError, match=r"^\[geometric_\] argument 'probs': expected a number, but got str"):
        x.geometric_("")
    with pytest.raises(ValueError, match=r"^\[geometric_\] argument 'probs': expected a probability in \(0, 1\]"):
        x.geometric_(0.0)
    assert x.tolist() == [0.0] * 4  # nothing was written
    assert paddle.ones([3], dtype="float64").geometric_(1.0).tolist() == [1.0] * 3  # success at the first trial


def test_tensor_helpers():
    x = paddle.to_tensor([1.0, 2.0])
    assert x.requires_grad_() is x and not x.stop_gradient
    h = x * 2
    assert h.detach_() is h and h.stop_gradient
    with paddle.no_grad():
        assert x.apply_(lambda t: t * 3) is x
    np.testing.assert_array_equal(x.numpy(), [3.0, 6.0])
    with pytest.raises(RuntimeError, match=r"\[apply_\] Tensor.apply_ is only supported under paddle.no_grad"):
        x.apply_(lambda t: t * 3)
    y = paddle.zeros([2, 2])
    assert y.copy_(paddle.to_tensor([1, 2])) is y
    np.testing.assert_array_equal(y.numpy(), [[1.0, 2.0], [1.0, 2.0]])


@pytest.mark.parametrize("index", [1, (slice(None), 0), (slice(0, 3, 2), slice(1, None)), (Ellipsis, -1),
                                   ([0, 2], [1, 0]), "mask"])
def test_assignment_while_recording_passes_gradients_to_both_sides(index):
    a = _values((3, 2))
    if isinstance(index, str):
        index = paddle.to_tensor(a > 0.5)
    region = np.zeros((3, 2), dtype=bool)
    region[index.numpy() if isinstance(index, paddle.Tensor) else index] = True
    shape = np.empty((3, 2))[index.numpy() if isinstance(index, paddle.Tensor) else index].shape

    def assign(x, v):
        h = x * 3
        h[index] = v * 2
        return h

    check_grads(assign, [a, _values(shape)], RNG)
    x = paddle.to_tensor(a, stop_gradient=False)
    h = x * 3
    h[index] = 0.0
    h.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), np.where(region, 0.0, 3.0))


def test_assigning_a_tensor_that_requires_grad_into_a_constant():
    v = paddle.to_tensor([2.0, 3.0], stop_gradient=False)
    h = paddle.zeros([3])
    h[1:] = v * v
    assert not h.stop_gradient
    (h * paddle.to_tensor([1.0, 10.0, 100.0])).sum().backward()
    np.testing.assert_array_equal(v.grad.numpy(), [2 * 2.0 * 10, 2 * 3.0 * 100])


def test_in_place_ops_in_a_static_graph_update_x_for_later_uses():
    a = np.arange(6, dtype="float32").reshape(2, 3)
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [2, 3], "float32")
            same = x
            x.add_(paddle.ones([2, 3]))
            doubled = x * 2
            same.exp_()
            reshaped = same.reshape_([3, 2])
        got = paddle.static.Executor().run(main, feed={"x": a}, fetch_list=[doubled, x, reshaped])
        with paddle.static.program_guard(paddle.static.Program()):
            v = paddle.static.data("v", [3], "float32")
            with pytest.raises(ValueError, match=r"^\[add_\] the result has shape \[2, 3\] but x has shape \[3\]"):
                v.add_(paddle.ones([2, 3]))
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal(got[0], (a + 1) * 2)
    np.testing.assert_allclose(got[1], np.exp(a + 1).reshape(3, 2), rtol=1e-6)
    np.testing.assert_allclose(got[2], np.exp(a + 1).reshape(3, 2), rtol=1e-6)


def test_in_place_ops_under_to_static_match_numpy():
    @paddle.jit.to_static
    def f(a, b):
        c = a * 1.0
        c.add_(b)
        c.tanh_()
        return c

    rng = np.random.default_rng(4)
    a, b = rng.standard_normal((2, 3)).astype("float32"), rng.standard_normal((2, 3)).astype("float32")
    np.testing.assert_allclose(f(paddle.to_tensor(a), paddle.to_tensor(b)).numpy(), np.tanh(a + b), rtol=1e-6)
