"""Creation functions without tensor inputs, against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import paddle


def test_eye_linspace_logspace_meshgrid_match_numpy():
    np.testing.assert_array_equal(paddle.eye(3, 4, dtype="int64").numpy(), np.eye(3, 4, dtype=np.int64))
    assert paddle.eye(2).dtype == paddle.float32
    np.testing.assert_allclose(paddle.linspace(-1, 2, 7, dtype="float64").numpy(), np.linspace(-1, 2, 7), rtol=0,
                               atol=1e-15)
    assert paddle.linspace(0, 1, 3).numpy()[-1] == 1.0
    np.testing.assert_array_equal(paddle.linspace(5, 6, 1).numpy(), [5.0])
    assert paddle.linspace(0, 1, 0).shape == [0]
    np.testing.assert_allclose(paddle.logspace(0, 3, 4, base=2.0).numpy(), np.logspace(0, 3, 4, base=2.0), rtol=1e-6)
    a, b, c = paddle.meshgrid(paddle.arange(2), paddle.arange(3), paddle.arange(4))
    ea, eb, ec = np.meshgrid(np.arange(2), np.arange(3), np.arange(4), indexing="ij")
    for got, want in ((a, ea), (b, eb), (c, ec)):
        np.testing.assert_array_equal(got.numpy(), want)
    assert paddle.empty([2, 3], dtype="int32").shape == [2, 3]
    assert paddle.empty_like(paddle.ones([4], dtype="float64")).dtype == paddle.float64


def test_comparisons_of_whole_tensors():
    x = paddle.to_tensor([1.0, float("nan"), float("inf")])
    assert not bool(paddle.allclose(x, x))
    assert bool(paddle.allclose(x, x, equal_nan=True))
    assert bool(paddle.equal_all(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 2])))
    assert not bool(paddle.equal_all(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 2, 3])))


def test_shape_numel_rank_and_operators():
    x = paddle.ones([2, 3])
    assert paddle.numel(x).item() == 6 and paddle.shape(x).tolist() == [2, 3] and paddle.rank(x).item() == 2
    y = paddle.to_tensor([5, -7, 9])
    np.testing.assert_array_equal((y % 4).numpy(), np.array([5, -7, 9]) % 4)
    np.testing.assert_array_equal((y // 4).numpy(), np.array([5, -7, 9]) // 4)
    np.testing.assert_array_equal((20 % y).numpy(), 20 % np.array([5, -7, 9]))


@pytest.mark.parametrize("call,error,match", [
    (lambda: paddle.eye(-1), ValueError, r"\[eye\] argument 'num_rows'"),
    (lambda: paddle.linspace(0, 1, -2), ValueError, r"\[linspace\] argument 'num'"),
    (lambda: paddle.linspace("a", 1, 2), TypeError, r"\[linspace\] argument 'start'"),
    (lambda: paddle.meshgrid(paddle.ones([2, 2])), ValueError, r"\[meshgrid\]"),
    (lambda: paddle.diag(paddle.ones([2, 2, 2])), ValueError, r"\[diag\] x must have at most 2 dims"),
    (lambda: paddle.moveaxis(paddle.ones([2, 3]), [0, 0], [0, 1]), ValueError, r"\[moveaxis\]"),
    (lambda: paddle.isclose(paddle.ones([2]), paddle.ones([2]), rtol=-1), ValueError, r"\[isclose\]"),
])
def test_bad_arguments_raise(call, error, match):
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize("dtype", ["bool", "int32", "int64", "float32", "float64"])
def test_assign_value_holds_its_values_row_major(dtype):
    values = [1.0, 0.0, -2.0, 3.0, 0.5, 7.0]
    out = paddle._C_ops.assign_value([2, 3], dtype, values)
    expected = np.array(values).astype(dtype).reshape(2, 3)
    assert out.shape == [2, 3] and out.dtype == getattr(paddle, dtype)
    np.testing.assert_array_equal(out.numpy(), expected)


@pytest.mark.parametrize("dtype", ["int32", "int64", "float32", "float64", "bool"])
def test_full_int_array_holds_its_values(dtype):
    """Paddle's full_int_array (how its programs hold a list argument)."""
    out = paddle._C_ops.full_int_array([3, -1, 0, 7], dtype)
    assert out.dtype == getattr(paddle, dtype) and out.shape == [4]
    np.testing.assert_array_equal(out.numpy(), np.array([3, -1, 0, 7]).astype(dtype))
    assert paddle._C_ops.full_int_array([], "int64").shape == [0]


def test_full_int_array_bad_arguments_name_the_op():
    with pytest.raises(TypeError, match=r"\[full_int_array\]"):
        paddle._C_ops.full_int_array([1.5, 2], "int64")
    with pytest.raises(NotImplementedError, match=r"\[full_int_array\] no kernel for \(CPU, complex64\)"):
        paddle._C_ops.full_int_array([1, 2], "complex64")


@pytest.mark.parametrize("dtype", ["bool", "int32", "float16", "float32", "float64", "complex64"])
@pytest.mark.parametrize("shape", [[2, 3, 0], [5], [], [1, 4, 1, 2]])
def test_shape64_holds_the_dims_of_any_tensor(dtype, shape):
    x = paddle.to_tensor(np.zeros(shape).astype(dtype))
    out = paddle.shape(x)
    assert out.dtype == paddle.int64 and out.shape == [len(shape)]
    np.testing.assert_array_equal(out.numpy(), np.array(shape, dtype=np.int64))
    np.testing.assert_array_equal(paddle.shape(x[..., ::2] if shape else x).numpy(),
                                  np.zeros(shape)[..., ::2].shape if shape else [])  # a strided view


def test_shape64_in_a_static_program_reads_the_fed_dims():
    """A -1 dim is read when the program runs, not fixed when it is built."""
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [-1, 3, -1], "float32")
            dims = paddle.shape(x)
        exe = paddle.static.Executor()
        for feed in ((2, 3, 5), (7, 3, 1)):
            (got,) = exe.run(main, feed={"x": np.zeros(feed, "float32")}, fetch_list=[dims])
            np.testing.assert_array_equal(got, feed)
    finally:
        paddle.disable_static()


def test_shape64_bad_arguments_name_the_op():
    with pytest.raises(TypeError, match=r"\[shape\] argument 'input'"):
        paddle.shape([1, 2])
    with pytest.raises(TypeError, match=r"\[shape64\]"):
        paddle._C_ops.shape64("x")


def test_assign_value_bad_arguments_name_the_op():
    with pytest.raises(ValueError, match=r"\[assign_value\] values has 3 elements, but shape \[2, 2\] needs 4"):
        paddle._C_ops.assign_value([2, 2], "float32", [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match=r"\[assign_value\] every dim of shape must be >= 0"):
        paddle._C_ops.assign_value([-1, 2], "float32", [1.0, 2.0])
    with pytest.raises(NotImplementedError, match=r"\[assign_value\] no kernel"):
        paddle._C_ops.assign_value([1], "complex64", [1.0])
