"""Paddle 3.x names composed from the ops (python/paddle/tensor/{aliases,
special,shaping,products}.py and the Tensor helpers of methods.py): values
against NumPy, gradients by finite differences, errors that name the op."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

import paddle
from gradcheck import check_grads

RNG = np.random.default_rng(11)


def _t(a):
    return paddle.to_tensor(np.asarray(a))


# ---- aliases ----------------------------------------------------------------

def test_aliases_name_the_same_functions():
    a, b = RNG.standard_normal((2, 3)), RNG.standard_normal((2, 3))
    x, y = _t(a), _t(b)
    np.testing.assert_array_equal(paddle.cat([x, y], 1).numpy(), np.concatenate([a, b], 1))
    np.testing.assert_array_equal(paddle.concatenate([x, y]).numpy(), np.concatenate([a, b]))
    np.testing.assert_array_equal(paddle.clamp(x, -0.5, 0.5).numpy(), np.clip(a, -0.5, 0.5))
    np.testing.assert_allclose(paddle.div(x, y).numpy(), a / b)
    np.testing.assert_allclose(paddle.true_divide(x, y).numpy(), a / b)
    np.testing.assert_array_equal(paddle.mul(x, y).numpy(), a * b)
    np.testing.assert_array_equal(paddle.sub(x, y).numpy(), a - b)
    for alias, ref in (("eq", np.equal), ("ne", np.not_equal), ("gt", np.greater), ("greater", np.greater),
                       ("ge", np.greater_equal), ("lt", np.less), ("less", np.less), ("le", np.less_equal)):
        np.testing.assert_array_equal(getattr(paddle, alias)(x, y).numpy(), ref(a, b))
        np.testing.assert_array_equal(getattr(x, alias)(y).numpy(), ref(a, b))
    np.testing.assert_array_equal(paddle.negative(x).numpy(), -a)
    np.testing.assert_array_equal(paddle.ravel(x).numpy(), a.ravel())
    np.testing.assert_array_equal(paddle.reverse(x, [1]).numpy(), a[:, ::-1])
    np.testing.assert_array_equal(paddle.permute(x, [1, 0]).numpy(), a.T)
    np.testing.assert_array_equal(x.permute(1, 0).numpy(), a.T)
    np.testing.assert_array_equal(paddle.swapaxes(x, [1, 0]).numpy(), a.T)
    np.testing.assert_array_equal(paddle.matrix_transpose(_t(np.ones((4, 2, 3)))).shape, [4, 3, 2])
    np.testing.assert_array_equal(x.mT.numpy(), a.T)
    np.testing.assert_allclose(paddle.gammaln(_t([0.5, 3.0])).numpy(), [math.lgamma(0.5), math.log(2.0)])
    assert paddle.positive(x) is x
    with pytest.raises(TypeError, match=r"\[positive\]"):
        paddle.positive(_t([True]))


def test_dtype_and_constant_aliases():
    assert (paddle.float, paddle.double, paddle.half) == (paddle.float32, paddle.float64, paddle.float16)
    assert (paddle.cfloat, paddle.cdouble) == (paddle.complex64, paddle.complex128)
    assert (paddle.pi, paddle.e, paddle.inf, paddle.newaxis) == (math.pi, math.e, math.inf, None)
    assert math.isnan(paddle.nan)
    x = _t([1.7, -2.2])
    conversions = {"bool": "bool", "byte": "uint8", "char": "int8", "short": "int16", "int": "int32",
                   "long": "int64", "half": "float16", "float": "float32", "double": "float64",
                   "cfloat": "complex64", "cdouble": "complex128", "bfloat16": "bfloat16"}
    for method, dtype in conversions.items():
        assert getattr(x, method)().dtype == getattr(paddle, dtype)
    assert x.int().tolist() == [1, -2]
    assert paddle.is_tensor(x) and not paddle.is_tensor(np.ones(2))
    assert paddle.is_floating_point(x) and not paddle.is_integer(x) and not paddle.is_complex(x)
    assert paddle.is_integer(_t([1])) and paddle.is_complex(_t([1j]))
    assert paddle.is_empty(paddle.ones([2, 0])).item() and not paddle.is_empty(x).item()


def test_tensor_helpers():
    x = paddle.ones([2, 3], "float64")
    assert x.itemsize == 8 and x.ndimension() == 2 and not x.is_cuda and x.get_device() == -1
    assert x.stride() == [3, 1] and x.stride(0) == 3
    assert not x.requires_grad
    x.requires_grad = True
    assert not x.stop_gradient
    assert x.type_as(_t([1])).dtype == paddle.int64
    full = x.new_full([2], 3.0)
    assert full.dtype == paddle.float64 and full.tolist() == [3.0, 3.0]
    assert x.new_zeros([1, 2]).tolist() == [[0.0, 0.0]] and x.new_ones(2).tolist() == [1.0, 1.0]
    np.testing.assert_array_equal(_t([[1, 2]]).repeat(2, 3).numpy(), np.tile([[1, 2]], (2, 3)))
    assert [t.shape for t in x.split_with_sizes([1, 2], 1)] == [[2, 1], [2, 2]]
    assert x.is_same_shape(paddle.zeros([2, 3])) and not x.is_same_shape(paddle.zeros([3, 2]))
    y = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (y * 3).sum().backward()
    np.testing.assert_array_equal(y.gradient(), [3.0, 3.0])
    assert y.data is y


# ---- elementwise --------------------------------------------------------------

UNARY = [
    ("deg2rad", np.deg2rad), ("rad2deg", np.rad2deg), ("frac", lambda v: v - np.trunc(v)),
    ("sinc", np.sinc), ("stanh", lambda v: 1.7159 * np.tanh(0.67 * v)),
    ("signbit", np.signbit), ("isposinf", np.isposinf), ("isneginf", np.isneginf), ("isreal", np.isreal),
]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name,ref", UNARY, ids=[n for n, _ in UNARY])
def test_unary_functions_match_numpy(name, ref, dtype):
    a = np.concatenate([RNG.uniform(-3, 3, 8), [0.0, -0.0, 1.0, -2.0, np.inf, -np.inf]]).astype(dtype)
    if name in ("frac", "sinc", "stanh", "deg2rad", "rad2deg"):
        a = a[np.isfinite(a)]
    got = getattr(paddle, name)(_t(a)).numpy()
    np.testing.assert_allclose(got, ref(a), rtol=2e-6 if dtype == "float32" else 1e-12, atol=1e-7)


def test_binary_functions_match_numpy():
    a, b = RNG.uniform(-3, 3, (3, 4)), RNG.uniform(-3, 3, (4,))
    x, y = _t(a), _t(b)
    np.testing.assert_allclose(paddle.hypot(x, y).numpy(), np.hypot(a, b), rtol=1e-12)
    np.testing.assert_allclose(paddle.logaddexp(x, y).numpy(), np.logaddexp(a, b), rtol=1e-12)
    np.testing.assert_allclose(paddle.logaddexp(_t([1000.0]), _t([999.0])).numpy(), np.logaddexp(1000.0, 999.0))
    np.testing.assert_array_equal(paddle.copysign(x, y).numpy(), np.copysign(a, b))
    np.testing.assert_array_equal(paddle.copysign(_t([1.0, -2.0]), -0.0).numpy(), [-1.0, -2.0])
    np.testing.assert_array_equal(paddle.heaviside(_t([-1.0, 0.0, 2.0]), _t([0.5])).numpy(),
                                  np.heaviside([-1.0, 0.0, 2.0], 0.5))
    exponents = RNG.integers(-4, 5, (3, 4))
    np.testing.assert_array_equal(paddle.ldexp(x, _t(exponents)).numpy(), np.ldexp(a, exponents))
    assert paddle.ldexp(_t([3]), _t([2])).dtype == paddle.float32
    np.testing.assert_allclose(paddle.angle(_t(a + 1j * a[::-1])).numpy(), np.angle(a + 1j * a[::-1]), rtol=1e-12)
    np.testing.assert_array_equal(paddle.angle(x).numpy(), np.angle(a))
    z = np.array([3 + 4j, 0j, -2j])
    np.testing.assert_allclose(paddle.sgn(_t(z)).numpy(), [0.6 + 0.8j, 0, -1j])
    np.testing.assert_array_equal(paddle.sgn(x).numpy(), np.sign(a))


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_gcd_and_lcm_match_numpy(dtype):
    a = RNG.integers(-60, 60, (5, 6)).astype(dtype)
    b = RNG.integers(-60, 60, (6,)).astype(dtype)
    a[0, 0] = b[0] = 0
    np.testing.assert_array_equal(paddle.gcd(_t(a), _t(b)).numpy(), np.gcd(a, b))
    np.testing.assert_array_equal(paddle.lcm(_t(a), _t(b)).numpy(), np.lcm(a, b))
    with pytest.raises(TypeError, match=r"\[gcd\] argument 'x': expected an integer tensor"):
        paddle.gcd(_t([1.0]), _t([2]))


def test_frexp_multigammaln_count_nonzero_isin():
    a = np.array([8.0, -0.75, 0.0, 1e-3, 3.0, -1024.0, 0.5])
    mantissa, exponent = paddle.frexp(_t(a))
    want_m, want_e = np.frexp(a)
    np.testing.assert_array_equal(mantissa.numpy(), want_m)
    np.testing.assert_array_equal(exponent.numpy(), want_e)
    x = np.array([2.5, 3.0, 7.25])
    want = np.array([sum(math.lgamma(v - j / 2) for j in range(3)) + 3 * 2 / 4 * math.log(math.pi) for v in x])
    np.testing.assert_allclose(paddle.multigammaln(_t(x), 3).numpy(), want, rtol=1e-12)
    with pytest.raises(ValueError, match=r"\[multigammaln\] argument 'p'"):
        paddle.multigammaln(_t(x), 0)
    m = RNG.integers(-1, 2, (3, 4))
    assert paddle.count_nonzero(_t(m)).item() == np.count_nonzero(m)
    np.testing.assert_array_equal(paddle.count_nonzero(_t(m), axis=1, keepdim=True).numpy(),
                                  np.count_nonzero(m, axis=1, keepdims=True))
    values, tests = RNG.integers(0, 9, (3, 5)), np.array([1, 4, 7])
    np.testing.assert_array_equal(paddle.isin(_t(values), _t(tests)).numpy(), np.isin(values, tests))
    np.testing.assert_array_equal(paddle.isin(_t(values), _t(tests), invert=True).numpy(),
                                  np.isin(values, tests, invert=True))


@pytest.mark.parametrize("fn", [
    lambda x, y: paddle.hypot(x, y), lambda x, y: paddle.logaddexp(x, y), lambda x, y: paddle.sinc(x * y),
    lambda x, y: paddle.copysign(x, y), lambda x, y: paddle.stanh(x) * paddle.deg2rad(y),
    lambda x, y: paddle.multigammaln(x * x + 3.0, 2) + paddle.frac(y * 0.3),
], ids=["hypot", "logaddexp", "sinc", "copysign", "stanh", "multigammaln"])
def test_gradients_by_finite_differences(fn):
    check_grads(fn, [RNG.uniform(0.2, 1.5, (2, 3)), RNG.uniform(-1.5, -0.2, (2, 3))], RNG)


def test_sinc_gradient_at_zero_is_zero():
    x = paddle.to_tensor([0.0, 0.5], dtype="float64", stop_gradient=False)
    paddle.sinc(x).sum().backward()
    want = (np.cos(np.pi * 0.5) * np.pi * 0.5 - np.sin(np.pi * 0.5)) / (np.pi * 0.5 ** 2)
    np.testing.assert_allclose(x.grad.numpy(), [0.0, want], rtol=1e-12)


# ---- arranging -----------------------------------------------------------------

def test_broadcasting_helpers():
    assert paddle.broadcast_shape([2, 1], [3]) == [2, 3]
    assert paddle.broadcast_shapes([2, 1], [3], [1, 1, 1]) == [1, 2, 3]
    with pytest.raises(ValueError, match=r"\[broadcast_shapes\]"):
        paddle.broadcast_shapes([2], [3])
    with pytest.raises(TypeError, match=r"^\[broadcast_shapes\] argument 'shapes': expected a list of ints, but got bool"):
        paddle.broadcast_shape(False, [1])
    a, b = RNG.standard_normal((2, 1)), RNG.standard_normal((3,))
    got = paddle.broadcast_tensors([_t(a), _t(b)])
    for g, w in zip(got, np.broadcast_arrays(a, b)):
        np.testing.assert_array_equal(g.numpy(), w)


def test_stacks_and_splits_match_numpy():
    vectors = [RNG.standard_normal(3) for _ in range(2)]
    matrices = [RNG.standard_normal((2, 3)) for _ in range(2)]
    for name in ("hstack", "vstack", "dstack", "column_stack", "row_stack"):
        ref = getattr(np, name if name != "row_stack" else "vstack")
        for arrays in (vectors, matrices):
            np.testing.assert_array_equal(getattr(paddle, name)([_t(a) for a in arrays]).numpy(), ref(arrays))
    cube = RNG.standard_normal((4, 6, 2))
    for name, sections in (("hsplit", 3), ("vsplit", [1, 3]), ("dsplit", 2)):
        got = getattr(paddle, name)(_t(cube), sections)
        for g, w in zip(got, getattr(np, name)(cube, sections)):
            np.testing.assert_array_equal(g.numpy(), w)
    with pytest.raises(ValueError, match=r"\[hsplit\] 4 sections do not divide axis 1 of size 6"):
        paddle.hsplit(_t(cube), 4)
    with pytest.raises(ValueError, match=r"\[dsplit\] x must have at least 3 dims"):
        paddle.dsplit(_t(matrices[0]), 1)
    for name, rank in (("atleast_1d", 1), ("atleast_2d", 2), ("atleast_3d", 3)):
        for a in (np.float64(2.0), vectors[0], matrices[0]):
            assert getattr(paddle, name)(_t(a)).shape == list(getattr(np, name)(a).shape)
    assert len(paddle.atleast_2d(_t(1.0), _t([1.0]))) == 2


def test_reshaping_functions_match_numpy():
    a = RNG.standard_normal((2, 3, 4))
    x = _t(a)
    for k in range(-2, 6):
        for axes in ((0, 1), (1, 2), (2, 0)):
            np.testing.assert_array_equal(paddle.rot90(x, k, axes).numpy(), np.rot90(a, k, axes))
    with pytest.raises(ValueError, match=r"\[rot90\] the two axes must differ"):
        paddle.rot90(x, 1, [1, 1])
    with pytest.raises(TypeError, match=r"^\[rot90\] argument 'axes': expected a list of ints, but got int"):
        paddle.rot90(x, 3, axes=2)
    with pytest.raises(TypeError, match=r"^\[rot90\] argument 'k': expected an int, but got float"):
        paddle.rot90(x, 1.5)
    for u, w in zip(paddle.unstack(x, axis=1), np.moveaxis(a, 1, 0)):
        np.testing.assert_array_equal(u.numpy(), w)
    np.testing.assert_array_equal(paddle.narrow(x, 2, 1, 2).numpy(), a[:, :, 1:3])
    np.testing.assert_array_equal(paddle.narrow(x, -1, -3, 2).numpy(), a[:, :, 1:3])
    with pytest.raises(ValueError, match=r"\[narrow\] start 3 and length 2 must lie within dim 2 of size 4"):
        paddle.narrow(x, 2, 3, 2)
    np.testing.assert_array_equal(paddle.unflatten(x, 2, [2, -1]).numpy(), a.reshape(2, 3, 2, 2))
    with pytest.raises(ValueError, match=r"\[unflatten\] shape \[3, -1\] does not split axis 2 of size 4"):
        paddle.unflatten(x, 2, [3, -1])


@pytest.mark.parametrize("offset,dim1,dim2", [(0, -2, -1), (1, -2, -1), (-2, 0, 2), (1, 2, 0)])
def test_diag_embed_matches_numpy(offset, dim1, dim2):
    a = RNG.standard_normal((2, 3))
    n = 3 + abs(offset)
    want = np.zeros((2, n, n))
    for b in range(2):
        want[b] = np.diag(a[b], offset)
    want = np.moveaxis(want, (1, 2), (dim1 % 3, dim2 % 3)) if (dim1, dim2) != (-2, -1) else want
    np.testing.assert_array_equal(paddle.diag_embed(_t(a), offset, dim1, dim2).numpy(), want)


def test_vander_indices_products_and_combinations():
    v = np.array([1.0, 2.0, -3.0])
    np.testing.assert_array_equal(paddle.vander(_t(v)).numpy(), np.vander(v))
    np.testing.assert_array_equal(paddle.vander(_t(v), 4, increasing=True).numpy(), np.vander(v, 4, True))
    for row, col, offset in ((3, 3, 0), (4, 2, -1), (2, 5, 2)):
        np.testing.assert_array_equal(paddle.tril_indices(row, col, offset).numpy(),
                                      np.stack(np.tril_indices(row, offset, col)))
        np.testing.assert_array_equal(paddle.triu_indices(row, col, offset).numpy(),
                                      np.stack(np.triu_indices(row, offset, col)))
    a, b = np.array([1, 2, 3]), np.array([7, 8])
    np.testing.assert_array_equal(paddle.cartesian_prod([_t(a), _t(b)]).numpy(),
                                  np.array(list(itertools.product(a, b))))
    for r, replace in ((2, False), (3, False), (2, True)):
        pick = itertools.combinations_with_replacement if replace else itertools.combinations
        np.testing.assert_array_equal(paddle.combinations(_t(a), r, replace).numpy(), np.array(list(pick(a, r))))
    assert paddle.combinations(_t(a), 4).shape == [0, 4]


def test_sums_of_products_match_numpy():
    a, b = RNG.standard_normal((2, 3, 4)), RNG.standard_normal((3, 4, 5))
    np.testing.assert_allclose(paddle.tensordot(_t(a), _t(b), 2).numpy(), np.tensordot(a, b, 2), rtol=1e-12)
    np.testing.assert_allclose(paddle.tensordot(_t(a), _t(b), [[1], [0]]).numpy(),
                               np.tensordot(a, b, [[1], [0]]), rtol=1e-12)
    np.testing.assert_allclose(paddle.tensordot(_t(a), _t(b), 0).numpy(), np.tensordot(a, b, 0), rtol=1e-12)
    with pytest.raises(ValueError, match=r"\[tensordot\] x's axis 2 \(4\) and y's axis 0 \(3\) must agree"):
        paddle.tensordot(_t(a), _t(b), [[2], [0]])
    c = RNG.standard_normal((5, 4))
    np.testing.assert_allclose(paddle.inner(_t(a), _t(c)).numpy(), np.inner(a, c), rtol=1e-12)
    m = RNG.standard_normal((4, 4))
    for offset in (-1, 0, 2):
        np.testing.assert_allclose(paddle.trace(_t(m), offset).numpy(), np.trace(m, offset), rtol=1e-12)
    np.testing.assert_allclose(paddle.trace(_t(a), 0, 1, 2).numpy(), np.trace(a, 0, 1, 2), rtol=1e-12)
    seq = RNG.integers(-9, 9, (3, 6))
    for n in (1, 2, 3):
        np.testing.assert_array_equal(paddle.diff(_t(seq), n).numpy(), np.diff(seq, n))
    np.testing.assert_array_equal(paddle.diff(_t(seq), 1, 0, prepend=_t(seq[:1]), append=_t(seq[:2])).numpy(),
                                  np.diff(seq, 1, 0, prepend=seq[:1], append=seq[:2]))


@pytest.mark.parametrize("p", [0, 1, 2, 3.5, math.inf])
def test_distances_match_numpy(p):
    x, y = RNG.standard_normal((4, 3)), RNG.standard_normal((5, 3))

    def norm(v, axis=None):
        v = np.abs(v)
        if p == 0:
            return (v != 0).sum(axis)
        return v.max(axis) if math.isinf(p) else (v ** p).sum(axis) ** (1 / p)

    np.testing.assert_allclose(paddle.dist(_t(x), _t(x[::-1])).numpy(), norm(x - x[::-1]) if p == 2 else
                               np.sqrt(((x - x[::-1]) ** 2).sum()), rtol=1e-12)
    np.testing.assert_allclose(paddle.dist(_t(x), _t(x[::-1]), p).numpy(), norm(x - x[::-1]), rtol=1e-12)
    np.testing.assert_allclose(paddle.cdist(_t(x), _t(y), p).numpy(), norm(x[:, None] - y[None], -1), rtol=1e-12)
    rows, cols = np.triu_indices(4, 1)
    np.testing.assert_allclose(paddle.pdist(_t(x), p).numpy(), norm(x[rows] - x[cols], -1), rtol=1e-12)


def test_distance_and_product_gradients():
    check_grads(lambda x, y: paddle.cdist(x, y, 3.0), [RNG.standard_normal((3, 2)), RNG.standard_normal((2, 2))], RNG)
    check_grads(lambda x, y: paddle.tensordot(x, y, [[0, 1], [1, 0]]),
                [RNG.standard_normal((2, 3, 2)), RNG.standard_normal((3, 2))], RNG)
    check_grads(lambda x: paddle.pdist(x), [RNG.standard_normal((4, 3))], RNG)
    check_grads(lambda x: paddle.diff(x, 2, 0) * paddle.trace(x), [RNG.standard_normal((4, 4))], RNG)


# ---- integer inputs (Note [Integer inputs]) ------------------------------------------

INTEGER_TO_FLOAT = {
    "acos": np.arccos, "asin": np.arcsin, "atan": np.arctan, "atanh": np.arctanh, "cos": np.cos, "cosh": np.cosh,
    "erf": np.vectorize(math.erf), "exp": np.exp, "expm1": np.expm1, "log": np.log, "log10": np.log10,
    "log1p": np.log1p, "log2": np.log2, "reciprocal": np.reciprocal, "rsqrt": lambda v: 1 / np.sqrt(v),
    "sigmoid": lambda v: 1 / (1 + np.exp(-v)), "sin": np.sin, "sinh": np.sinh, "sqrt": np.sqrt, "tan": np.tan,
    "tanh": np.tanh, "lgamma": np.vectorize(math.lgamma), "acosh": np.arccosh, "asinh": np.arcsinh,
}


@pytest.mark.parametrize("dtype", ["int32", "int64", "bool"])
@pytest.mark.parametrize("name", sorted(INTEGER_TO_FLOAT))
def test_math_of_integers_is_computed_in_the_default_float_dtype(name, dtype):
    positive = name in ("acosh", "lgamma", "reciprocal", "rsqrt")  # where the reference needs x >= 1
    values = np.array([1, 1, 1] if dtype == "bool" and positive else [1, 0, 1] if dtype == "bool" else
                      [1, 2, 5] if positive else [0, 1, 0], dtype=dtype)
    got = getattr(paddle, name)(_t(values))
    assert got.dtype == paddle.float32
    with np.errstate(all="ignore"):
        np.testing.assert_allclose(got.numpy(), INTEGER_TO_FLOAT[name](values.astype("float64")), rtol=1e-6)


@pytest.mark.parametrize("name", ["floor", "ceil", "round", "trunc"])
def test_rounding_an_integer_tensor_copies_it(name):
    x = _t(np.array([-3, 0, 7], dtype="int64"))
    got = getattr(paddle, name)(x)
    assert got.dtype == paddle.int64 and got.tolist() == [-3, 0, 7] and got.data_ptr() != x.data_ptr()
