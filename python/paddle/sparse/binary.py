"""Elementwise ops between two sparse tensors of one format and shape, masking
a dense tensor by a sparse structure, and comparing shapes."""

from __future__ import annotations

import math
import numbers

import numpy as np

import paddle
from paddle._C import Tensor
from paddle.sparse import _arguments as arg
from paddle.sparse._rows import gather_rows, sum_rows
from paddle.sparse._structure import csr_coordinates, host, linear_keys, to_index_tensor, unravel_keys
from paddle.sparse.conversion import coalesce, coo_to_csr, csr_to_coo, to_dense
from paddle.sparse.sparse_tensor import SparseCooTensor, SparseCsrTensor, SparseTensor


def _check_pair(op: str, x, y) -> None:
    arg.sparse(op, x)
    arg.sparse(op, y, "y", formats=(x.format,))
    arg.same_shape(op, x, "x", y, "y")
    arg.same_dtype(op, x, "x", y, "y")
    if x.sparse_dim() != y.sparse_dim():
        raise ValueError(f"[{op}] argument 'y': expected the sparse_dim of 'x' ({x.sparse_dim()}), but got "
                         f"{y.sparse_dim()}")


def _on_union(x: SparseCooTensor, y: SparseCooTensor, combine) -> SparseCooTensor:
    """combine(x_values, y_values) over the union of x's and y's sites, each side
    holding zeros at the sites only the other stores; coalesced."""
    x, y = coalesce(x), coalesce(y)
    sparse_shape = x.shape[:x.sparse_dim()]
    x_keys = linear_keys(host(x.indices()), sparse_shape)
    y_keys = linear_keys(host(y.indices()), sparse_shape)
    union = np.union1d(x_keys, y_keys)
    x_rows = sum_rows(x.values(), np.searchsorted(union, x_keys), union.size)
    y_rows = sum_rows(y.values(), np.searchsorted(union, y_keys), union.size)
    indices = to_index_tensor(unravel_keys(union, sparse_shape), x.values())
    return SparseCooTensor(indices, combine(x_rows, y_rows), x.shape, coalesced=True)


def _elementwise(op: str, x, y, combine):
    _check_pair(op, x, y)
    if x.format == "coo":
        return _on_union(x, y, combine)
    return coo_to_csr(_on_union(csr_to_coo(x), csr_to_coo(y), combine))


def _every_site(dense: Tensor, like: SparseTensor) -> SparseTensor:
    """`dense` stored at every site, in the format (and sparse_dim) of `like`."""
    shape = list(dense.shape)
    sparse_dim = like.sparse_dim() if like.format == "coo" else dense.ndim
    sites = math.prod(shape[:sparse_dim])
    indices = to_index_tensor(unravel_keys(np.arange(sites), shape[:sparse_dim]), dense)
    coo = SparseCooTensor(indices, dense.reshape([sites, *shape[sparse_dim:]]), shape, coalesced=True)
    return coo if like.format == "coo" else coo_to_csr(coo)


def add(x, y, name=None):
    """Adds two sparse tensors of the same format, shape and sparse_dim elementwise.
    The result stores the union of their sites (coalesced for COO).

    Args:
        x (SparseCooTensor|SparseCsrTensor): the first operand.
        y (SparseCooTensor|SparseCsrTensor): the second operand, in x's format.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor in x's format.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 1.0], [2.0, 0.0]]).to_sparse_coo(2)
        >>> y = paddle.to_tensor([[4.0, 0.0], [5.0, 0.0]]).to_sparse_coo(2)
        >>> out = paddle.sparse.add(x, y)
        >>> out.indices().numpy().tolist(), out.values().numpy().tolist()
        ([[0, 0, 1], [0, 1, 0]], [4.0, 1.0, 7.0])
    """
    return _elementwise("add", x, y, paddle.add)


def subtract(x, y, name=None):
    """Subtracts ``y`` from ``x`` elementwise (same format, shape and sparse_dim);
    the result stores the union of their sites.

    Args:
        x (SparseCooTensor|SparseCsrTensor): the minuend.
        y (SparseCooTensor|SparseCsrTensor): the subtrahend, in x's format.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor in x's format.
    """
    return _elementwise("subtract", x, y, paddle.subtract)


def multiply(x, y, name=None):
    """Multiplies two sparse tensors elementwise, or scales ``x`` by the number ``y``.
    Like Paddle, the product of two tensors stores the union of their sites
    (zero where only one of them stores a value).

    Args:
        x (SparseCooTensor|SparseCsrTensor): the first factor.
        y (SparseCooTensor|SparseCsrTensor|int|float): the second factor, in x's format, or a number.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor in x's format.
    """
    if isinstance(y, numbers.Real) and not isinstance(y, bool):
        arg.sparse("multiply", x)
        return x._with_values(x.values() * y)
    return _elementwise("multiply", x, y, paddle.multiply)


def divide(x, y, name=None):
    """Divides ``x`` by ``y`` elementwise, or by the number ``y``.

    Dividing by a sparse tensor is defined at every site (0 / 0 is NaN, a
    nonzero over 0 is infinite), so, as in Paddle, the result stores every
    site; dividing by a number keeps x's structure.

    Args:
        x (SparseCooTensor|SparseCsrTensor): the dividend.
        y (SparseCooTensor|SparseCsrTensor|int|float): the divisor, in x's format, or a number.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor in x's format.
    """
    if isinstance(y, numbers.Real) and not isinstance(y, bool):
        arg.sparse("divide", x)
        return x._with_values(x.values() / y)
    _check_pair("divide", x, y)
    return _every_site(paddle.divide(to_dense(x), to_dense(y)), x)


def mask_as(x, mask, name=None):
    """The elements of the dense ``x`` at the sites ``mask`` stores, as a sparse
    tensor with mask's structure (mask's values are not used; zeros of x stay stored).

    Args:
        x (Tensor): a dense tensor of mask's shape.
        mask (SparseCooTensor|SparseCsrTensor): the sites to keep.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor in mask's format.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[5.0, 6.0], [7.0, 8.0]])
        >>> mask = paddle.to_tensor([[1.0, 0.0], [0.0, 1.0]]).to_sparse_csr()
        >>> paddle.sparse.mask_as(x, mask).values().numpy().tolist()
        [5.0, 8.0]
    """
    arg.dense("mask_as", x, "x")
    arg.sparse("mask_as", mask, "mask")
    arg.same_shape("mask_as", mask, "mask", x, "x")
    if mask.format == "coo":
        sparse_shape = list(x.shape[:mask.sparse_dim()])
        keys = linear_keys(host(mask.indices()), sparse_shape)
        flat = x.reshape([math.prod(sparse_shape), *x.shape[mask.sparse_dim():]])
        return SparseCooTensor(mask.indices(), gather_rows(flat, keys), x.shape, mask.is_coalesced())
    batch, row = csr_coordinates(host(mask.crows()), mask.shape)
    coords = [row, host(mask.cols())] if mask.ndim == 2 else [batch, row, host(mask.cols())]
    keys = linear_keys(np.stack(coords), x.shape)
    return SparseCsrTensor(mask.crows(), mask.cols(), gather_rows(x.reshape([-1]), keys), x.shape)


def is_same_shape(x, y) -> bool:
    """Whether ``x`` and ``y`` (dense, COO or CSR, in any combination) have the same shape.

    Args:
        x (Tensor|SparseCooTensor|SparseCsrTensor): the first tensor.
        y (Tensor|SparseCooTensor|SparseCsrTensor): the second tensor.

    Returns:
        bool: True when the shapes are equal.

    Examples:
        >>> import paddle
        >>> x = paddle.ones([2, 3]).to_sparse_coo(2)
        >>> paddle.sparse.is_same_shape(x, paddle.ones([2, 3])), paddle.sparse.is_same_shape(x, paddle.ones([3, 2]))
        (True, False)
    """
    for name, value in (("x", x), ("y", y)):
        if not isinstance(value, (Tensor, SparseTensor)):
            raise TypeError(f"[is_same_shape] argument '{name}': expected a dense or sparse tensor, but got "
                            f"{arg.describe(value)}")
    return list(x.shape) == list(y.shape)
