"""The generated ops with the options Paddle 3.x computes around them
(python/paddle/tensor/op_options.py), against NumPy: add/subtract/index_add's
alpha, divide's rounding_mode (and integer true division), mean's dtype,
var's correction, round's decimals, transpose's two-axis form, softmax's
dtype, silu's inplace."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F

RNG = np.random.default_rng(11)
A = RNG.standard_normal((3, 4))
B = RNG.standard_normal((4,))


@pytest.mark.parametrize("alpha", [1, 2.5, -1])
def test_add_and_subtract_scale_y_by_alpha(alpha):
    x, y = paddle.to_tensor(A), paddle.to_tensor(B)
    np.testing.assert_allclose(paddle.add(x, y, alpha=alpha).numpy(), A + alpha * B, rtol=1e-12)
    np.testing.assert_allclose(paddle.subtract(x, y, alpha=alpha).numpy(), A - alpha * B, rtol=1e-12)
    np.testing.assert_allclose(x.add(y, alpha=alpha).numpy(), A + alpha * B, rtol=1e-12)
    z = paddle.to_tensor(A)
    z.subtract_(y, alpha=alpha)
    np.testing.assert_allclose(z.numpy(), A - alpha * B, rtol=1e-12)


def test_alpha_gradient_matches_the_closed_form():
    x, y = paddle.to_tensor(A, stop_gradient=False), paddle.to_tensor(B, stop_gradient=False)
    (paddle.add(x, y, alpha=3.0) ** 2).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * (A + 3 * B), rtol=1e-12)
    np.testing.assert_allclose(y.grad.numpy(), (6 * (A + 3 * B)).sum(axis=0), rtol=1e-12)


def test_index_add_scales_value_by_alpha():
    index = np.array([2, 0])
    value = RNG.standard_normal((2, 4))
    expected = A.copy()
    np.add.at(expected, index, 0.5 * value)
    out = paddle.index_add(paddle.to_tensor(A), paddle.to_tensor(index), 0, paddle.to_tensor(value), alpha=0.5)
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-12)


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_integer_division_is_exact_or_rounded_as_asked(dtype):
    x = np.array([7, -7, 6, -6, 9_007_199_254_740_993 if dtype == "int64" else 2_000_000_001, 0], dtype=dtype)
    y = np.array([2, 2, -4, -4, 2, 5], dtype=dtype)
    tx, ty = paddle.to_tensor(x), paddle.to_tensor(y)
    true = paddle.divide(tx, ty)
    assert true.dtype == paddle.float32
    np.testing.assert_allclose(true.numpy(), (x / y).astype(np.float32))
    np.testing.assert_allclose((tx / ty).numpy(), (x / y).astype(np.float32))
    trunc = paddle.divide(tx, ty, rounding_mode="trunc")
    assert trunc.dtype == getattr(paddle, dtype)
    exact = [abs(a) // abs(b) * (1 if (a >= 0) == (b > 0) else -1) for a, b in zip(x.tolist(), y.tolist())]
    np.testing.assert_array_equal(trunc.numpy(), exact)  # exactly, even past float64's 2**53
    floor = paddle.divide(tx, ty, rounding_mode="floor")
    np.testing.assert_array_equal(floor.numpy(), x // y)


def test_float_division_rounding_modes():
    x, y = np.array([7.5, -7.5, 1.0]), np.array([2.0, 2.0, -3.0])
    tx, ty = paddle.to_tensor(x), paddle.to_tensor(y)
    np.testing.assert_allclose(paddle.divide(tx, ty, rounding_mode="trunc").numpy(), np.trunc(x / y))
    np.testing.assert_allclose(paddle.divide(tx, ty, rounding_mode="floor").numpy(), np.floor(x / y))
    with pytest.raises(ValueError, match=r"\[divide\] argument 'rounding_mode'"):
        paddle.divide(tx, ty, rounding_mode="round")


def test_mean_in_another_dtype():
    x = paddle.to_tensor([[1, 2], [4, 8]], dtype="int32")
    out = paddle.mean(x, axis=1, dtype="float64")
    assert out.dtype == paddle.float64
    np.testing.assert_allclose(out.numpy(), [1.5, 6.0])
    np.testing.assert_allclose(x.mean(dtype="float32").numpy(), 3.75)


@pytest.mark.parametrize("correction", [0, 1, 2, 0.5])
def test_var_divides_by_n_minus_correction(correction):
    x = paddle.to_tensor(A)
    np.testing.assert_allclose(paddle.var(x, correction=correction).numpy(), np.var(A, ddof=correction), rtol=1e-12)
    np.testing.assert_allclose(paddle.var(x, axis=1, correction=correction).numpy(),
                               np.var(A, axis=1, ddof=correction), rtol=1e-12)
    np.testing.assert_allclose(x.var(axis=0, keepdim=True, correction=correction).numpy(),
                               np.var(A, axis=0, ddof=correction, keepdims=True), rtol=1e-12)


def test_var_unbiased_decides_over_correction():
    x = paddle.to_tensor(A)
    np.testing.assert_allclose(paddle.var(x, unbiased=False, correction=1).numpy(), np.var(A), rtol=1e-12)
    np.testing.assert_allclose(paddle.var(x, unbiased=True, correction=0).numpy(), np.var(A, ddof=1), rtol=1e-12)


@pytest.mark.parametrize("decimals", [0, 1, 2, 3, -1, -2])
def test_round_to_decimals_halves_to_even_as_numpy(decimals):
    values = np.array([1.2345, -0.125, 2.5, 1250.0, 1350.0, -37.55, 0.0])
    np.testing.assert_allclose(paddle.round(paddle.to_tensor(values), decimals=decimals).numpy(),
                               np.round(values, decimals), rtol=1e-12, atol=1e-12)
    with pytest.raises(TypeError, match=r"\[round\] argument 'decimals'"):
        paddle.round(paddle.to_tensor(values), decimals=1.5)


def test_round_keeps_values_too_coarse_for_the_decimals():
    values = np.array([1e300, -3.75, 1.25e-5], dtype=np.float64)
    np.testing.assert_array_equal(paddle.round(paddle.to_tensor(values), decimals=300).numpy(), values)
    halves = paddle.round(paddle.to_tensor([0.125, 60000.0], dtype="float16"), decimals=2)
    assert halves.dtype == paddle.float16  # computed wide: 60000 * 100 would overflow float16
    np.testing.assert_array_equal(halves.numpy(), np.array([0.12, 60000.0], dtype=np.float16))
    with pytest.raises(ValueError, match=r"\[round\] argument 'decimals': expected an int in \[-308, 308\]"):
        paddle.round(paddle.to_tensor(values), decimals=2**31 - 1)


def test_alpha_must_be_a_number():
    with pytest.raises(TypeError, match=r"\[subtract\] argument 'alpha': expected a number, but got None"):
        paddle.to_tensor([1.0]).subtract_(paddle.to_tensor([1.0]), alpha=None)


def test_transpose_by_perm_or_by_two_axes():
    a = RNG.standard_normal((2, 3, 4))
    x = paddle.to_tensor(a)
    np.testing.assert_array_equal(paddle.transpose(x, [2, 0, 1]).numpy(), a.transpose(2, 0, 1))
    np.testing.assert_array_equal(paddle.transpose(x, 0, 2).numpy(), a.swapaxes(0, 2))
    np.testing.assert_array_equal(paddle.transpose(x, dim0=-1, dim1=1).numpy(), a.swapaxes(-1, 1))
    np.testing.assert_array_equal(x.transpose(1, 0).numpy(), a.swapaxes(1, 0))
    np.testing.assert_array_equal(x.transpose([1, 0, 2]).numpy(), a.transpose(1, 0, 2))
    with pytest.raises(TypeError, match=r"\[transpose\] swapping two axes takes both dim0 and dim1"):
        paddle.transpose(x, dim0=1)
    with pytest.raises(IndexError, match=r"\[transpose\] dim1 5 is out of range"):
        paddle.transpose(x, 0, 5)


def _softmax(a, axis):
    e = np.exp(a - a.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def test_softmax_in_a_dtype_and_under_pytorchs_names():
    x = paddle.to_tensor(A.astype(np.float32))
    out = F.softmax(x, 0, "float64")  # dtype is the third positional argument, as in Paddle
    assert out.dtype == paddle.float64
    np.testing.assert_allclose(out.numpy(), _softmax(A, 0), rtol=1e-6)
    np.testing.assert_allclose(paddle.softmax(x).numpy(), _softmax(A, -1), rtol=1e-6)  # dim None: the last
    np.testing.assert_allclose(x.softmax(dim=0).numpy(), _softmax(A, 0), rtol=1e-6)
    np.testing.assert_allclose(F.log_softmax(x, dtype="float64").numpy(), np.log(_softmax(A, -1)), rtol=1e-6)
    np.testing.assert_allclose(paddle.true_divide(input=x, other=x).numpy(), np.ones_like(A))


def test_silu_in_place_writes_x():
    x = paddle.to_tensor(A)
    assert F.silu(x, inplace=True) is x
    np.testing.assert_allclose(x.numpy(), A / (1 + np.exp(-A)), rtol=1e-12)
    y = paddle.to_tensor(A)
    np.testing.assert_allclose(F.silu(y).numpy(), A / (1 + np.exp(-A)), rtol=1e-12)
    np.testing.assert_array_equal(y.numpy(), A)
