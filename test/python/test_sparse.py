"""paddle.sparse against dense NumPy computations: building COO and CSR
tensors, conversions and coalescing, the unary, binary, matrix, reduction and
shape ops (both formats, float32 and float64), gradients of the values and
the dense operands by finite differences in float64, the printed form
(texts PaddlePaddle 3.3.1 prints), the Tensor methods, and the argument
errors."""

from __future__ import annotations

import doctest
import pathlib
import re

import numpy as np
import pytest
from gradcheck import check_grads

import paddle
import paddle.sparse as S

DTYPES = ("float32", "float64")
FORMATS = ("coo", "csr")


def _tol(dtype):
    return dict(rtol=1e-5, atol=1e-6) if dtype == "float32" else dict(rtol=1e-12, atol=1e-12)


def _sparse_array(rng, shape, density=0.4, dtype="float64", low=0.1, high=0.9):
    """A dense array with about `density` of its elements nonzero, magnitudes in [low, high)."""
    values = rng.uniform(low, high, shape) * rng.choice([-1.0, 1.0], shape)
    return np.where(rng.random(shape) < density, values, 0.0).astype(dtype)


def _to(fmt, array, sparse_dim=None):
    dense = paddle.to_tensor(array)
    return dense.to_sparse_csr() if fmt == "csr" else dense.to_sparse_coo(sparse_dim or array.ndim)


def _dense(x):
    return x.to_dense().numpy()


# --- building --------------------------------------------------------------


def test_sparse_coo_tensor_sums_duplicates_into_the_dense_tensor():
    indices = [[0, 1, 0, 2], [1, 2, 1, 0]]
    values = [1.0, 2.0, 3.0, 4.0]
    x = S.sparse_coo_tensor(indices, values, [3, 4])
    expected = np.zeros((3, 4), dtype=np.float32)
    np.add.at(expected, (np.array(indices[0]), np.array(indices[1])), values)
    np.testing.assert_array_equal(_dense(x), expected)
    assert x.shape == [3, 4] and isinstance(x.shape, paddle.Size)
    assert (x.nnz(), x.sparse_dim(), x.dense_dim(), x.ndim, x.dtype) == (4, 2, 0, 2, paddle.float32)
    assert not x.is_coalesced() and x.stop_gradient


def test_sparse_coo_tensor_infers_the_smallest_shape_and_keeps_dense_dims():
    x = S.sparse_coo_tensor([[0, 2], [1, 0]], [[1.0, 2.0], [3.0, 4.0]], dtype="float64")
    assert x.shape == [3, 2, 2] and x.sparse_dim() == 2 and x.dense_dim() == 1 and x.dtype == paddle.float64
    expected = np.zeros((3, 2, 2))
    expected[0, 1] = [1.0, 2.0]
    expected[2, 0] = [3.0, 4.0]
    np.testing.assert_array_equal(_dense(x), expected)


@pytest.mark.parametrize("shape", [[3, 4], [2, 3, 4]])
def test_sparse_csr_tensor_matches_a_loop_over_rows(shape):
    rng = np.random.default_rng(1)
    array = _sparse_array(rng, shape)
    crows, cols, values = [], [], []
    for matrix in array.reshape(-1, *shape[-2:]):
        start = len(cols)
        crows.append(0)
        for row in matrix:
            nonzero = np.flatnonzero(row)
            cols.extend(nonzero.tolist())
            values.extend(row[nonzero].tolist())
            crows.append(len(cols) - start)
    x = S.sparse_csr_tensor(crows, cols, values, shape, dtype="float64")
    np.testing.assert_array_equal(_dense(x), array)
    np.testing.assert_array_equal(array.ravel()[np.flatnonzero(array)], x.values().numpy())
    # Without a shape the batch starts where crows drops back to 0; columns from the largest index.
    inferred = S.sparse_csr_tensor(crows, cols, values).shape
    assert inferred == shape[:-1] + [max(cols) + 1]


def test_creation_copies_and_autograd_state():
    values = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    x = S.sparse_coo_tensor([[0, 1]], values, [2])
    assert x.stop_gradient and not values.stop_gradient  # the caller's tensor is left alone
    y = S.sparse_coo_tensor([[0, 1]], values, [2], stop_gradient=False)
    assert y.values() is values
    (y.to_dense() * paddle.to_tensor([3.0, 5.0])).sum().backward()
    np.testing.assert_array_equal(values.grad.numpy(), [3.0, 5.0])
    assert y.grad.is_sparse_coo() and y.grad.indices() is y.indices()
    np.testing.assert_array_equal(y.grad.values().numpy(), [3.0, 5.0])


def test_backward_from_a_sparse_tensor():
    x = S.sparse_csr_tensor([0, 1, 2], [1, 0], [1.0, 2.0], [2, 2], stop_gradient=False)
    y = S.multiply(S.sin(x), 3.0)
    assert not y.stop_gradient and x.is_leaf and not y.is_leaf
    y.backward()  # from every value, with gradient 1
    assert x.grad.is_sparse_csr() and x.grad.cols() is x.cols()
    np.testing.assert_allclose(x.grad.values().numpy(), 3 * np.cos([1.0, 2.0]), rtol=1e-6)
    x.clear_gradient()
    np.testing.assert_array_equal(x.grad.values().numpy(), [0.0, 0.0])
    assert x.detach().stop_gradient and not x.stop_gradient


# --- printing --------------------------------------------------------------


def test_repr_matches_paddle():
    coo = S.sparse_coo_tensor([[0, 1, 2], [1, 2, 0]], [1.0, 2.0, 3.0], [3, 4])
    assert repr(coo) == ("Tensor(shape=[3, 4], dtype=paddle.float32, place=Place(cpu), stop_gradient=True, \n"
                         "       indices=[[0, 1, 2],\n"
                         "                [1, 2, 0]], \n"
                         "       values=[1., 2., 3.])")
    csr = S.sparse_csr_tensor([0, 2, 3, 5], [1, 3, 2, 0, 1], [1.0, 2.0, 3.0, 4.0, 5.0], [3, 4])
    assert str(csr) == ("Tensor(shape=[3, 4], dtype=paddle.float32, place=Place(cpu), stop_gradient=True, \n"
                        "       crows=[0, 2, 3, 5], \n"
                        "       cols=[1, 3, 2, 0, 1], \n"
                        "       values=[1., 2., 3., 4., 5.])")
    blocks = paddle.to_tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]).to_sparse_coo(1)
    assert str(blocks) == ("Tensor(shape=[2, 3], dtype=paddle.float32, place=Place(cpu), stop_gradient=True, \n"
                           "       indices=[[0, 1]], \n"
                           "       values=[[0., 1., 0.],\n"
                           "               [2., 0., 3.]])")
    empty = paddle.zeros([2, 2]).to_sparse_coo(2)
    assert str(empty) == ("Tensor(shape=[2, 2], dtype=paddle.float32, place=Place(cpu), stop_gradient=True, \n"
                          "       indices=[[],\n"
                          "                []], \n"
                          "       values=[])")
    signed = S.sparse_coo_tensor([[0, 1]], [-4.0, 1.0], [2], stop_gradient=False)
    assert str(signed).splitlines()[-1] == "       values=[-4.,  1.])"
    assert "stop_gradient=False" in str(signed)


# --- conversions -----------------------------------------------------------


@pytest.mark.parametrize("sparse_dim", [1, 2, 3])
def test_to_sparse_coo_stores_the_nonzero_blocks(sparse_dim):
    rng = np.random.default_rng(2)
    array = _sparse_array(rng, [3, 4, 2], density=0.3)
    x = paddle.to_tensor(array).to_sparse_coo(sparse_dim)
    blocks = array.reshape(*array.shape[:sparse_dim], -1)
    sites = np.argwhere(np.any(blocks != 0, axis=-1)).T
    np.testing.assert_array_equal(x.indices().numpy(), sites)
    np.testing.assert_array_equal(x.values().numpy(), array[tuple(sites)])
    assert x.is_coalesced() and x.sparse_dim() == sparse_dim
    np.testing.assert_array_equal(_dense(x), array)


@pytest.mark.parametrize("shape", [[4, 5], [2, 3, 4]])
def test_to_sparse_csr_and_back(shape):
    rng = np.random.default_rng(3)
    array = _sparse_array(rng, shape)
    csr = paddle.to_tensor(array).to_sparse_csr()
    matrices = array.reshape(-1, *shape[-2:])
    expected_crows = np.concatenate([np.r_[0, np.cumsum((m != 0).sum(axis=1))] for m in matrices])
    np.testing.assert_array_equal(csr.crows().numpy(), expected_crows)
    np.testing.assert_array_equal(csr.cols().numpy(), np.nonzero(array)[-1])
    np.testing.assert_array_equal(csr.values().numpy(), array[np.nonzero(array)])
    coo = csr.to_sparse_coo(len(shape))
    np.testing.assert_array_equal(coo.indices().numpy(), np.array(np.nonzero(array)))
    assert coo.is_coalesced()
    np.testing.assert_array_equal(_dense(coo.to_sparse_csr()), array)
    np.testing.assert_array_equal(_dense(csr), array)


def test_conversions_between_sparse_dims_keep_the_tensor():
    rng = np.random.default_rng(4)
    array = _sparse_array(rng, [3, 4, 2])
    coo = paddle.to_tensor(array).to_sparse_coo(2)
    assert coo.to_sparse_coo(2) is coo
    for sparse_dim in (1, 3):
        moved = coo.to_sparse_coo(sparse_dim)
        assert moved.sparse_dim() == sparse_dim
        np.testing.assert_array_equal(_dense(moved), array)
    # A COO tensor with dense dims becomes CSR with every element of its stored blocks.
    matrix = paddle.to_tensor(array[0]).to_sparse_coo(1)
    csr = matrix.to_sparse_csr()
    assert csr.nnz() == matrix.nnz() * array.shape[-1]
    np.testing.assert_array_equal(_dense(csr), array[0])


def test_coalesce_sorts_and_sums_duplicates():
    indices = np.array([[2, 0, 2, 1, 0], [1, 3, 1, 0, 3]])
    values = np.array([1.0, 2.0, 4.0, 8.0, 16.0])
    x = S.sparse_coo_tensor(indices, values, [3, 4])
    out = S.coalesce(x)
    keys = indices[0] * 4 + indices[1]
    unique = np.unique(keys)
    np.testing.assert_array_equal(out.indices().numpy(), np.stack([unique // 4, unique % 4]))
    np.testing.assert_array_equal(out.values().numpy(), [values[keys == k].sum() for k in unique])
    assert out.is_coalesced() and x.coalesce().is_coalesced()


def test_coalesce_gradient_reaches_every_duplicate():
    rng = np.random.default_rng(5)
    indices = paddle.to_tensor([[1, 0, 1, 1]])
    weights = np.array([1.0, 10.0])
    check_grads(lambda v: S.coalesce(S.sparse_coo_tensor(indices, v, [2, 2], stop_gradient=False)).values()
                * paddle.to_tensor(weights[:, None]), [rng.standard_normal((4, 2))], rng)


def test_conversion_gradients():
    rng = np.random.default_rng(6)
    array = _sparse_array(rng, [3, 4])
    mask = paddle.to_tensor(array != 0)

    def through_csr(dense):  # the CSR values of the nonzeros, back to dense
        return paddle.where(mask, dense, paddle.zeros_like(dense)).to_sparse_csr().to_dense()

    check_grads(through_csr, [array], rng)
    indices = paddle.to_tensor([[0, 2, 1], [1, 0, 3]])
    check_grads(lambda v: S.sparse_coo_tensor(indices, v, [3, 4], stop_gradient=False).to_sparse_csr().to_dense(),
                [rng.standard_normal(3)], rng)


# --- the Tensor methods ----------------------------------------------------


def test_dense_tensor_methods():
    x = paddle.ones([2, 3])
    assert (x.sparse_dim(), x.dense_dim(), x.is_sparse(), x.is_sparse_coo(), x.is_sparse_csr()) == (0, 2, False,
                                                                                                    False, False)
    assert x.to_dense() is x
    for method in ("indices", "values", "crows", "cols", "nnz", "coalesce", "is_coalesced"):
        with pytest.raises(TypeError, match=rf"^\[{method}\] expected a sparse .*, but got a dense Tensor"):
            getattr(x, method)()


def test_sparse_tensor_methods():
    coo = paddle.to_tensor([[0.0, 1.0], [2.0, 0.0]]).to_sparse_coo(2)
    csr = coo.to_sparse_csr()
    assert (coo.is_sparse(), coo.is_sparse_coo(), coo.is_sparse_csr(), coo.is_dense()) == (True, True, False, False)
    assert (csr.is_sparse(), csr.is_sparse_coo(), csr.is_sparse_csr()) == (True, False, True)
    assert (csr.sparse_dim(), csr.dense_dim(), csr.nnz()) == (2, 0, 2)
    assert csr.to_sparse_csr() is csr and str(coo.place) == "Place(cpu)" and coo.size == csr.size == 4
    assert coo.astype("float64").values().dtype == paddle.float64
    for method, sparse, wanted in (("crows", coo, "CSR"), ("cols", coo, "CSR"), ("indices", csr, "COO"),
                                   ("coalesce", csr, "COO"), ("is_coalesced", csr, "COO")):
        with pytest.raises(TypeError, match=rf"^\[{method}\] expected a sparse {wanted} tensor"):
            getattr(sparse, method)()


# --- unary -----------------------------------------------------------------

UNARY = {
    "sin": np.sin, "tan": np.tan, "asin": np.arcsin, "atan": np.arctan, "sinh": np.sinh, "tanh": np.tanh,
    "asinh": np.arcsinh, "atanh": np.arctanh, "sqrt": np.sqrt, "square": np.square, "log1p": np.log1p,
    "abs": np.abs, "neg": np.negative, "deg2rad": np.deg2rad, "rad2deg": np.rad2deg, "expm1": np.expm1,
}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_ops(op, dtype, fmt):
    rng = np.random.default_rng(7)
    array = _sparse_array(rng, [4, 5], dtype=dtype)
    if op == "sqrt":
        array = np.abs(array)
    x = _to(fmt, array)
    out = getattr(S, op)(x)
    assert out.format == fmt and out.dtype == x.dtype and out.nnz() == x.nnz()
    expected = np.where(array != 0, UNARY[op](array), 0)
    np.testing.assert_allclose(_dense(out), expected, **_tol(dtype))


@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_gradients(op):
    rng = np.random.default_rng(8)
    indices = paddle.to_tensor([[0, 1, 3], [2, 0, 1]])
    values = rng.uniform(0.1, 0.8, 3)
    check_grads(lambda v: getattr(S, op)(S.sparse_coo_tensor(indices, v, [4, 3], stop_gradient=False)).to_dense(),
                [values], rng)


def test_integer_values_are_computed_in_float_where_paddle_does():
    x = paddle.to_tensor([[0, 2], [-3, 0]]).to_sparse_coo(2)
    out = S.sin(x)
    assert out.dtype == paddle.float32
    np.testing.assert_allclose(out.values().numpy(), np.sin([2.0, -3.0]), rtol=1e-6)
    assert S.abs(x).dtype == paddle.int64
    np.testing.assert_array_equal(S.abs(x).values().numpy(), [2, 3])


@pytest.mark.parametrize("fmt", FORMATS)
def test_pow_cast_isnan(fmt):
    array = np.array([[0.0, 2.0, np.nan], [-3.0, 0.0, 0.5]])
    x = _to(fmt, array)
    np.testing.assert_allclose(_dense(S.pow(x, 3)), np.where(array != 0, array ** 3, 0))
    nan = S.isnan(x)
    assert nan.dtype == paddle.bool and nan.nnz() == x.nnz()
    np.testing.assert_array_equal(_dense(nan), np.isnan(array))
    cast = S.cast(x, "int32", "float32")
    assert cast.values().dtype == paddle.float32
    parts = [cast.indices()] if fmt == "coo" else [cast.crows(), cast.cols()]
    assert all(p.dtype == paddle.int32 for p in parts)
    np.testing.assert_allclose(_dense(cast), array.astype(np.float32))


def test_pow_gradient():
    rng = np.random.default_rng(9)
    indices = paddle.to_tensor([[0, 2], [1, 1]])
    check_grads(lambda v: S.pow(S.sparse_coo_tensor(indices, v, [3, 2], stop_gradient=False), 2.5).to_dense(),
                [rng.uniform(0.5, 1.5, 2)], rng)


# --- binary ----------------------------------------------------------------

BINARY = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", sorted(BINARY))
def test_binary_ops_store_the_union(op, dtype, fmt):
    rng = np.random.default_rng(10)
    shape = [4, 5] if fmt == "coo" else [2, 3, 4]
    a, b = _sparse_array(rng, shape, dtype=dtype), _sparse_array(rng, shape, dtype=dtype)
    out = getattr(S, op)(_to(fmt, a), _to(fmt, b))
    assert out.format == fmt
    np.testing.assert_allclose(_dense(out), BINARY[op](a, b), **_tol(dtype))
    union = np.array(np.nonzero((a != 0) | (b != 0)))
    got = out.indices().numpy() if fmt == "coo" else out.to_sparse_coo(len(shape)).indices().numpy()
    np.testing.assert_array_equal(got, union)


def test_binary_ops_with_dense_dims():
    rng = np.random.default_rng(11)
    a, b = _sparse_array(rng, [4, 3], 0.3), _sparse_array(rng, [4, 3], 0.3)
    for op, reference in BINARY.items():
        out = getattr(S, op)(_to("coo", a, 1), _to("coo", b, 1))
        assert out.sparse_dim() == 1
        np.testing.assert_allclose(_dense(out), reference(a, b))


@pytest.mark.parametrize("fmt", FORMATS)
def test_divide_stores_every_site(fmt):
    a = np.array([[0.0, 2.0, 0.0], [3.0, 0.0, 1.0]])
    b = np.array([[4.0, 0.0, 0.0], [6.0, 0.0, 2.0]])
    out = S.divide(_to(fmt, a), _to(fmt, b))
    assert out.nnz() == 6
    with np.errstate(divide="ignore", invalid="ignore"):
        np.testing.assert_allclose(_dense(out), a / b)
    np.testing.assert_allclose(_dense(S.divide(_to(fmt, a), 4.0)), a / 4)
    np.testing.assert_allclose(_dense(S.multiply(_to(fmt, a), -2)), a * -2)
    assert S.multiply(_to(fmt, a), 3.0).nnz() == 3


@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide"])
def test_binary_gradients(op):
    rng = np.random.default_rng(12)
    x_indices = paddle.to_tensor([[0, 1, 2], [1, 1, 0]])
    # Dividing reads every site, and a site where y is 0 gives x a NaN gradient (1 / 0 times a zero
    # upstream gradient, as in dense division): there y stores x's sites and only those are read.
    y_indices = x_indices if op == "divide" else paddle.to_tensor([[1, 2, 0], [1, 1, 0]])

    def fn(u, v):
        x = S.sparse_coo_tensor(x_indices, u, [3, 2], stop_gradient=False)
        y = S.sparse_coo_tensor(y_indices, v, [3, 2], stop_gradient=False)
        out = getattr(S, op)(x, y).to_dense()
        return out if op != "divide" else paddle.gather_nd(out, x_indices.t())

    check_grads(fn, [rng.uniform(0.5, 1.5, 3), rng.uniform(0.5, 1.5, 3)], rng)


@pytest.mark.parametrize("fmt", FORMATS)
def test_mask_as(fmt):
    rng = np.random.default_rng(13)
    dense = rng.standard_normal((3, 4))
    pattern = _sparse_array(rng, [3, 4])
    out = S.mask_as(paddle.to_tensor(dense), _to(fmt, pattern))
    assert out.format == fmt and out.nnz() == np.count_nonzero(pattern)
    np.testing.assert_array_equal(_dense(out), np.where(pattern != 0, dense, 0))
    mask = _to(fmt, pattern)
    check_grads(lambda d: S.mask_as(d, mask).to_dense(), [dense], rng)


def test_is_same_shape():
    x = paddle.ones([2, 3])
    assert S.is_same_shape(x.to_sparse_coo(2), x) and S.is_same_shape(x.to_sparse_csr(), x.to_sparse_coo(1))
    assert not S.is_same_shape(x.to_sparse_csr(), paddle.ones([3, 2]))


# --- matrix products -------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("batch", [[], [2]])
def test_matmul_sparse_dense(batch, dtype, fmt):
    rng = np.random.default_rng(14)
    a = _sparse_array(rng, batch + [4, 5], dtype=dtype)
    b = rng.standard_normal(batch + [5, 3]).astype(dtype)
    out = S.matmul(_to(fmt, a), paddle.to_tensor(b))
    assert isinstance(out, paddle.Tensor) and out.dtype == paddle.to_tensor(b).dtype
    np.testing.assert_allclose(out.numpy(), a @ b, **_tol(dtype))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("batch", [[], [2]])
def test_matmul_sparse_sparse(batch, fmt):
    rng = np.random.default_rng(15)
    a, b = _sparse_array(rng, batch + [4, 5]), _sparse_array(rng, batch + [5, 3])
    out = S.matmul(_to(fmt, a), _to(fmt, b))
    assert out.format == fmt
    np.testing.assert_allclose(_dense(out), a @ b, rtol=1e-12, atol=1e-12)
    reached = np.array(np.nonzero((np.abs(a) > 0).astype(int) @ (np.abs(b) > 0).astype(int)))
    stored = out.indices().numpy() if fmt == "coo" else out.to_sparse_coo(len(batch) + 2).indices().numpy()
    np.testing.assert_array_equal(stored, reached)


@pytest.mark.parametrize("fmt", FORMATS)
def test_matmul_gradients(fmt):
    rng = np.random.default_rng(16)
    indices = paddle.to_tensor([[0, 0, 1, 2], [1, 2, 0, 2]])
    y_indices = paddle.to_tensor([[0, 1, 2], [1, 0, 1]])

    def sparse(v, idx, shape):
        coo = S.sparse_coo_tensor(idx, v, shape, stop_gradient=False)
        return coo if fmt == "coo" else coo.to_sparse_csr()

    check_grads(lambda v, y: S.matmul(sparse(v, indices, [3, 3]), y),
                [rng.standard_normal(4), rng.standard_normal((3, 2))], rng)
    check_grads(lambda v, w: S.matmul(sparse(v, indices, [3, 3]), sparse(w, y_indices, [3, 2])).to_dense(),
                [rng.standard_normal(4), rng.standard_normal(3)], rng)
    check_grads(lambda v, y: S.mv(sparse(v, indices, [3, 3]), y), [rng.standard_normal(4), rng.standard_normal(3)],
                rng)


@pytest.mark.parametrize("fmt", FORMATS)
def test_mv_and_addmm(fmt):
    rng = np.random.default_rng(17)
    a = _sparse_array(rng, [4, 5])
    vec, b, c = rng.standard_normal(5), rng.standard_normal((5, 3)), rng.standard_normal((4, 3))
    np.testing.assert_allclose(S.mv(_to(fmt, a), paddle.to_tensor(vec)).numpy(), a @ vec, rtol=1e-12)
    out = S.addmm(paddle.to_tensor(c), _to(fmt, a), paddle.to_tensor(b), beta=0.5, alpha=-2.0)
    np.testing.assert_allclose(out.numpy(), 0.5 * c + -2.0 * (a @ b), rtol=1e-12)
    sparse_b, sparse_c = _sparse_array(rng, [5, 3]), _sparse_array(rng, [4, 3])
    out = S.addmm(_to(fmt, sparse_c), _to(fmt, a), _to(fmt, sparse_b), beta=3.0, alpha=0.5)
    assert out.format == fmt
    np.testing.assert_allclose(_dense(out), 3.0 * sparse_c + 0.5 * (a @ sparse_b), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("batch", [[], [2]])
def test_masked_matmul(batch, fmt):
    rng = np.random.default_rng(18)
    x, y = rng.standard_normal(batch + [3, 4]), rng.standard_normal(batch + [4, 5])
    pattern = _sparse_array(rng, batch + [3, 5])
    out = S.masked_matmul(paddle.to_tensor(x), paddle.to_tensor(y), _to(fmt, pattern))
    assert out.format == fmt and out.nnz() == np.count_nonzero(pattern)
    np.testing.assert_allclose(_dense(out), np.where(pattern != 0, x @ y, 0), rtol=1e-12, atol=1e-12)
    mask = _to(fmt, pattern)
    check_grads(lambda a, b: S.masked_matmul(a, b, mask).to_dense(), [x, y], rng)


def test_matmul_errors():
    x = paddle.ones([2, 3]).to_sparse_coo(2)
    with pytest.raises(ValueError, match=r"^\[matmul\] argument 'y': expected shape \[3, N\] .* but got \[2, 3\]"):
        S.matmul(x, paddle.ones([2, 3]))
    with pytest.raises(TypeError, match=r"^\[matmul\] argument 'x': expected a sparse COO tensor or a sparse CSR"):
        S.matmul(paddle.ones([2, 3]), x)
    with pytest.raises(TypeError, match=r"^\[matmul\] argument 'y': expected a sparse COO tensor, but got a sparse "
                                        r"CSR tensor"):
        S.matmul(x, paddle.ones([3, 2]).to_sparse_csr())
    with pytest.raises(TypeError, match=r"^\[matmul\] argument 'y': expected the dtype of 'x' \(float32\), but got "
                                        r"float64"):
        S.matmul(x, paddle.ones([3, 2], dtype="float64"))
    with pytest.raises(ValueError, match=r"^\[mv\] argument 'vec': expected shape \[3\]"):
        S.mv(x, paddle.ones([2]))
    with pytest.raises(ValueError, match=r"^\[masked_matmul\] argument 'mask': expected the shape of x @ y "
                                         r"\[2, 2\], but got \[2, 3\]"):
        S.masked_matmul(paddle.ones([2, 3]), paddle.ones([3, 2]), x)


# --- sum -------------------------------------------------------------------


@pytest.mark.parametrize("keepdim", [False, True])
@pytest.mark.parametrize("axis", [None, 0, 1, -1, [0, 2], [1, 2]])
@pytest.mark.parametrize("sparse_dim", [2, 3])
def test_sum_coo(sparse_dim, axis, keepdim):
    rng = np.random.default_rng(19)
    array = _sparse_array(rng, [3, 4, 2])
    out = S.sum(_to("coo", array, sparse_dim), axis=axis, keepdim=keepdim)
    expected = array.sum(axis=None if axis is None else tuple(axis) if isinstance(axis, list) else axis,
                         keepdims=keepdim)
    if axis is None and not keepdim:
        expected = expected.reshape(1)
    assert out.is_sparse_coo() and out.is_coalesced()
    np.testing.assert_allclose(_dense(out), expected, rtol=1e-12)


@pytest.mark.parametrize("keepdim", [False, True])
@pytest.mark.parametrize("shape", [[3, 4], [2, 3, 4]])
def test_sum_csr(shape, keepdim):
    rng = np.random.default_rng(20)
    array = _sparse_array(rng, shape)
    x = _to("csr", array)
    total = S.sum(x, keepdim=keepdim)
    assert total.is_sparse_csr() and total.shape == ([1] * len(shape) if keepdim else [1, 1])
    np.testing.assert_allclose(total.values().numpy(), [array.sum()], rtol=1e-12)
    rows = S.sum(x, axis=-1, keepdim=keepdim)
    expected = array.sum(-1, keepdims=keepdim or len(shape) == 2)
    assert rows.is_sparse_csr()
    np.testing.assert_allclose(_dense(rows), expected, rtol=1e-12)
    assert rows.nnz() == np.count_nonzero(np.any(array != 0, axis=-1))


def test_sum_dtype_and_gradient():
    rng = np.random.default_rng(21)
    x = paddle.to_tensor([[0, 2], [3, 0]], dtype="int32").to_sparse_coo(2)
    assert S.sum(x, dtype="float64").dtype == paddle.float64
    indices = paddle.to_tensor([[0, 1, 1, 2], [0, 0, 1, 1]])
    check_grads(lambda v: S.sum(S.sparse_coo_tensor(indices, v, [3, 2, 2], stop_gradient=False), axis=[1, 2])
                .to_dense(), [rng.standard_normal((4, 2))], rng)


def test_sum_errors():
    x = paddle.ones([2, 3]).to_sparse_csr()
    with pytest.raises(ValueError, match=r"^\[sum\] argument 'axis': expected None \(all dims\) or the last dim"):
        S.sum(x, axis=0)
    with pytest.raises(IndexError, match=r"^\[sum\] axis 2 is out of range"):
        S.sum(x.to_sparse_coo(2), axis=2)


# --- shape ops -------------------------------------------------------------


@pytest.mark.parametrize("perm", [[1, 0, 2], [0, 1, 2], [2, 1, 0], [1, 2, 0]])
def test_transpose(perm):
    rng = np.random.default_rng(22)
    array = _sparse_array(rng, [2, 3, 4])
    for x in (_to("coo", array), _to("csr", array)):
        out = S.transpose(x, perm)
        assert out.format == x.format and out.shape == list(np.transpose(array, perm).shape)
        np.testing.assert_array_equal(_dense(out), np.transpose(array, perm))
    blocks = S.transpose(_to("coo", array, 2), [1, 0, 2])
    np.testing.assert_array_equal(_dense(blocks), np.transpose(array, [1, 0, 2]))
    with pytest.raises(ValueError, match=r"^\[transpose\] argument 'perm': expected the sparse dims \[0, 1\] first"):
        S.transpose(_to("coo", array, 2), [2, 0, 1])
    with pytest.raises(ValueError, match=r"^\[transpose\] argument 'perm': expected a permutation of \[0, 1, 2\]"):
        S.transpose(_to("coo", array), [0, 1])


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("shape", [[4, 6], [2, 12], [3, -1, 2], [0, 3, 4]])
def test_reshape(shape, fmt):
    rng = np.random.default_rng(23)
    array = _sparse_array(rng, [2, 3, 4])
    out = S.reshape(_to(fmt, array), shape)
    expected = array.reshape([array.shape[i] if d == 0 else d for i, d in enumerate(shape)])
    assert out.format == fmt and out.shape == list(expected.shape)
    np.testing.assert_array_equal(_dense(out), expected)


def test_reshape_keeps_dense_dims():
    rng = np.random.default_rng(24)
    array = _sparse_array(rng, [2, 3, 4])
    out = S.reshape(_to("coo", array, 2), [6, 4])
    assert out.sparse_dim() == 1
    np.testing.assert_array_equal(_dense(out), array.reshape(6, 4))
    with pytest.raises(ValueError, match=r"^\[reshape\] argument 'shape': expected a shape ending with the dense "
                                         r"dims \[4\]"):
        S.reshape(_to("coo", array, 2), [4, 6])
    with pytest.raises(ValueError, match=r"^\[reshape\] argument 'shape': expected 24 elements \(shape \[2, 3, 4\]\), "
                                         r"but got shape \[5, 5\]"):
        S.reshape(_to("coo", array), [5, 5])


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("axes, starts, ends", [([0], [1], [2]), ([1, 2], [0, -3], [2, 10]), ([2], [3], [1]),
                                               ([0, 1, 2], [-10, 1, 1], [10, 3, 3])])
def test_slice(axes, starts, ends, fmt):
    rng = np.random.default_rng(25)
    array = _sparse_array(rng, [2, 3, 4])
    index = [slice(None)] * 3
    for axis, start, end in zip(axes, starts, ends):
        index[axis] = slice(start, end)
    expected = array[tuple(index)]
    out = S.slice(_to(fmt, array), axes, starts, ends)
    assert out.shape == list(expected.shape)
    np.testing.assert_array_equal(_dense(out), expected)
    blocks = S.slice(_to("coo", array, 1), paddle.to_tensor(axes), starts, ends)
    np.testing.assert_array_equal(_dense(blocks), expected)


def test_shape_op_gradients():
    rng = np.random.default_rng(26)
    indices = paddle.to_tensor([[0, 1, 1], [2, 0, 3]])

    def coo(v):
        return S.sparse_coo_tensor(indices, v, [2, 4, 2], stop_gradient=False)

    values = [rng.standard_normal((3, 2))]
    check_grads(lambda v: S.transpose(coo(v), [1, 0, 2]).to_dense(), values, rng)
    check_grads(lambda v: S.reshape(coo(v), [8, 2]).to_dense(), values, rng)
    check_grads(lambda v: S.slice(coo(v), [1, 2], [1, 1], [4, 2]).to_dense(), values, rng)


# --- pca_lowrank -----------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("center", [True, False])
def test_pca_lowrank_recovers_the_svd(center, fmt):
    rng = np.random.default_rng(27)
    array = _sparse_array(rng, [6, 4], density=0.5)
    paddle.seed(0)
    u, s, v = S.pca_lowrank(_to(fmt, array), q=4, center=center)
    centered = array - array.mean(axis=0) if center else array
    np.testing.assert_allclose(s.numpy(), np.linalg.svd(centered, compute_uv=False), rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose((u * s) @ v.t(), centered, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(u.t() @ u, np.eye(4), atol=1e-10)
    assert list(u.shape) == [6, 4] and list(v.shape) == [4, 4]


# --- argument errors -------------------------------------------------------


@pytest.mark.parametrize("call, error, message", [
    (lambda: S.sparse_coo_tensor([0, 1], [1.0, 2.0]), ValueError,
     r"^\[sparse_coo_tensor\] argument 'indices': expected a 2-D tensor, but got shape \[2\]"),
    (lambda: S.sparse_coo_tensor([[0.5, 1.0]], [1.0, 2.0]), TypeError,
     r"^\[sparse_coo_tensor\] argument 'indices': expected integer indices .* but got float"),
    (lambda: S.sparse_coo_tensor([[0, 1]], [1.0, 2.0, 3.0]), ValueError,
     r"^\[sparse_coo_tensor\] argument 'values': expected one entry per column of indices \(2\), but got shape \[3\]"),
    (lambda: S.sparse_coo_tensor([[0, 3]], [1.0, 2.0], [3]), ValueError,
     r"^\[sparse_coo_tensor\] argument 'indices': expected coordinates below the sparse shape \[3\], but got maxima "
     r"\[3\]"),
    (lambda: S.sparse_coo_tensor([[0, 1]], [1.0, 2.0], [3, 3]), ValueError,
     r"^\[sparse_coo_tensor\] argument 'shape': expected 1 sparse dims followed by the values' dense dims \[\], but "
     r"got \[3, 3\]"),
    (lambda: S.sparse_csr_tensor([0, 1, 2], [0, 1], [1.0, 2.0], [3, 2]), ValueError,
     r"^\[sparse_csr_tensor\] argument 'crows': expected 4 offsets"),
    (lambda: S.sparse_csr_tensor([0, 1, 2], [0, 5], [1.0, 2.0], [2, 2]), ValueError,
     r"^\[sparse_csr_tensor\] argument 'cols': expected columns in \[0, 2\), but got \[0, 5\]"),
    (lambda: S.sparse_csr_tensor([0, 2, 1], [0, 1], [1.0, 2.0], [2, 2]), ValueError,
     r"^\[sparse_csr_tensor\] argument 'crows': expected each batch's offsets to start at 0 and never decrease"),
    (lambda: S.sparse_csr_tensor([0, 1], [0], [1.0], [1, 1, 1, 1]), ValueError,
     r"^\[sparse_csr_tensor\] argument 'shape': expected a 2-D or 3-D shape, but got \[1, 1, 1, 1\]"),
    (lambda: paddle.ones([2, 3]).to_sparse_coo(3), ValueError,
     r"^\[to_sparse_coo\] argument 'sparse_dim': expected an int in \[1, 2\] \(x is 2-D\), but got 3"),
    (lambda: paddle.ones([2, 3, 4, 5]).to_sparse_csr(), ValueError,
     r"^\[to_sparse_csr\] argument 'x': expected a 2-D or 3-D tensor, but got shape \[2, 3, 4, 5\]"),
    (lambda: S.sin(paddle.ones([2])), TypeError,
     r"^\[sin\] argument 'x': expected a sparse COO tensor or a sparse CSR tensor, but got a dense float32 Tensor"),
    (lambda: S.pow(paddle.ones([2]).to_sparse_coo(1), "2"), TypeError,
     r"^\[pow\] argument 'factor': expected a number, but got str"),
    (lambda: S.add(paddle.ones([2, 2]).to_sparse_coo(2), paddle.ones([2, 2])), TypeError,
     r"^\[add\] argument 'y': expected a sparse COO tensor, but got a dense float32 Tensor of shape \[2, 2\]"),
    (lambda: S.add(paddle.ones([2, 2]).to_sparse_coo(2), paddle.ones([2, 3]).to_sparse_coo(2)), ValueError,
     r"^\[add\] argument 'y': expected the shape of 'x' \[2, 2\], but got \[2, 3\]"),
    (lambda: S.multiply(paddle.ones([2, 2]).to_sparse_coo(2), paddle.ones([2, 2]).to_sparse_coo(1)), ValueError,
     r"^\[multiply\] argument 'y': expected the sparse_dim of 'x' \(2\), but got 1"),
    (lambda: S.subtract(paddle.ones([2, 2]).to_sparse_csr(), paddle.ones([2, 2], "float64").to_sparse_csr()),
     TypeError, r"^\[subtract\] argument 'y': expected the dtype of 'x' \(float32\), but got float64"),
    (lambda: S.coalesce(paddle.ones([2, 2]).to_sparse_csr()), TypeError,
     r"^\[coalesce\] argument 'x': expected a sparse COO tensor, but got a sparse CSR tensor"),
    (lambda: S.mask_as(paddle.ones([2, 3]), paddle.ones([2, 2]).to_sparse_coo(2)), ValueError,
     r"^\[mask_as\] argument 'x': expected the shape of 'mask' \[2, 2\], but got \[2, 3\]"),
    (lambda: S.slice(paddle.ones([2, 2]).to_sparse_coo(2), [0, 1], [0], [1]), ValueError,
     r"^\[slice\] arguments 'axes', 'starts', 'ends': expected the same length, but got 2, 1 and 1"),
    (lambda: S.pca_lowrank(paddle.ones([3, 2]).to_sparse_coo(2), q=3), ValueError,
     r"^\[pca_lowrank\] argument 'q': expected an int in \[1, 2\] for shape \[3, 2\], but got 3"),
    (lambda: S.is_same_shape([1, 2], paddle.ones([2])), TypeError,
     r"^\[is_same_shape\] argument 'x': expected a dense or sparse tensor, but got list"),
])
def test_argument_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_guide_examples_run():
    """The >>> examples of docs/guide/sparse.md pass as one doctest."""
    guide = pathlib.Path(__file__).resolve().parents[2] / "docs" / "guide" / "sparse.md"
    examples = "\n".join(re.findall(r"```python\n(.*?)```", guide.read_text(), flags=re.S))
    assert examples.count(">>>") >= 20
    test = doctest.DocTestParser().get_doctest(examples, {}, "sparse.md", str(guide), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
