"""Conversions between dense, COO and CSR tensors, and coalescing.

All of them move values with differentiable row ops, so a gradient flows
from a converted tensor's values back to the source's values (or dense
elements).
"""

from __future__ import annotations

import math

import numpy as np

from paddle import _checks as check
from paddle._C import Tensor
from paddle.sparse import _arguments as arg
from paddle.sparse._rows import gather_rows, sum_rows
from paddle.sparse._structure import (
    csr_coordinates,
    csr_offsets,
    host,
    is_sorted_unique,
    linear_keys,
    to_index_tensor,
    unravel_keys,
)
from paddle.sparse.sparse_tensor import SparseCooTensor, SparseCsrTensor, SparseTensor


def dense_to_coo(x: Tensor, sparse_dim: int) -> SparseCooTensor:
    """The sites of the first `sparse_dim` dims whose block over the other dims has a nonzero."""
    shape = list(x.shape)
    sparse_shape, dense_shape = shape[:sparse_dim], shape[sparse_dim:]
    sites = math.prod(sparse_shape)
    nonzero = (x != 0).numpy().reshape(sites, math.prod(dense_shape)).any(axis=1)
    keys = np.flatnonzero(nonzero)
    values = gather_rows(x.reshape([sites, *dense_shape]), keys)
    return SparseCooTensor(to_index_tensor(unravel_keys(keys, sparse_shape), x), values, shape, coalesced=True)


def expand_dense_dims(x: SparseCooTensor) -> SparseCooTensor:
    """x with every dim sparse: each entry's block over the dense dims becomes
    one entry per element (zeros included, so the stored sites are kept)."""
    if not x.dense_dim():
        return x
    dense_shape = x.shape[x.sparse_dim():]
    block = math.prod(dense_shape)
    sparse_part = np.repeat(host(x.indices()), block, axis=1)
    dense_part = np.tile(unravel_keys(np.arange(block), dense_shape), (1, x.nnz()))
    indices = to_index_tensor(np.concatenate([sparse_part, dense_part]), x.values())
    return SparseCooTensor(indices, x.values().reshape([-1]), x.shape, x.is_coalesced())


def coo_to_dense(x: SparseCooTensor) -> Tensor:
    sparse_shape = x.shape[:x.sparse_dim()]
    keys = linear_keys(host(x.indices()), sparse_shape)
    return sum_rows(x.values(), keys, math.prod(sparse_shape)).reshape(list(x.shape))


def csr_to_coo(x: SparseCsrTensor) -> SparseCooTensor:
    """The COO tensor with every dim sparse; coalesced when each row's columns ascend."""
    batch, row = csr_coordinates(host(x.crows()), x.shape)
    columns = host(x.cols())
    coords = np.stack([row, columns] if x.ndim == 2 else [batch, row, columns])
    sorted_unique = is_sorted_unique(linear_keys(coords, x.shape))
    return SparseCooTensor(to_index_tensor(coords, x.values()), x.values(), x.shape, coalesced=sorted_unique)


def coalesce(x: SparseCooTensor, name=None) -> SparseCooTensor:
    """The COO tensor ``x`` with its coordinates sorted (row-major) and the values of
    duplicate coordinates summed; the result reports ``is_coalesced()``.

    Args:
        x (SparseCooTensor): the input.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        SparseCooTensor: the coalesced tensor.

    Examples:
        >>> import paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[1, 0, 1]], [1.0, 2.0, 3.0], [2])
        >>> y = paddle.sparse.coalesce(x)
        >>> y.indices().numpy().tolist(), y.values().numpy().tolist(), y.is_coalesced()
        ([[0, 1]], [2.0, 4.0], True)
    """
    arg.sparse("coalesce", x, "x", formats=("coo",))
    sparse_shape = x.shape[:x.sparse_dim()]
    keys = linear_keys(host(x.indices()), sparse_shape)
    if is_sorted_unique(keys):
        return SparseCooTensor(x.indices(), x.values(), x.shape, coalesced=True)
    unique, inverse = np.unique(keys, return_inverse=True)
    values = sum_rows(x.values(), inverse.reshape(-1), unique.size)
    return SparseCooTensor(to_index_tensor(unravel_keys(unique, sparse_shape), x.values()), values, x.shape,
                           coalesced=True)


def coo_to_csr(x: SparseCooTensor) -> SparseCsrTensor:
    arg.rank("to_sparse_csr", x, "x", (2, 3))
    x = coalesce(expand_dense_dims(x))
    coords = host(x.indices())
    batch = coords[0] if x.ndim == 3 else np.zeros(coords.shape[1], dtype=np.int64)
    crows = csr_offsets(batch, coords[-2], x.shape)
    return SparseCsrTensor(to_index_tensor(crows, x.values()), to_index_tensor(coords[-1], x.values()), x.values(),
                           x.shape)


def to_dense(x) -> Tensor:
    """x as a dense Tensor; a dense x is returned as it is."""
    if isinstance(x, Tensor):
        return x
    arg.sparse("to_dense", x)
    return coo_to_dense(x if x.format == "coo" else csr_to_coo(x))


def to_sparse_coo(x, sparse_dim: int) -> SparseCooTensor:
    """x in COO format with its first `sparse_dim` dims sparse."""
    if not isinstance(x, (Tensor, SparseTensor)):
        raise TypeError(f"[to_sparse_coo] argument 'x': expected a Tensor, but got {arg.describe(x)}")
    sparse_dim = check.integer("to_sparse_coo", sparse_dim, "sparse_dim")
    if not 1 <= sparse_dim <= x.ndim:
        raise ValueError(f"[to_sparse_coo] argument 'sparse_dim': expected an int in [1, {x.ndim}] (x is "
                         f"{x.ndim}-D), but got {sparse_dim}")
    if isinstance(x, SparseCsrTensor):
        x = csr_to_coo(x)
    if isinstance(x, SparseCooTensor):
        # Moving dims between the sparse and the dense part regroups the entries; the dense
        # tensor is the simple exact route.
        return x if x.sparse_dim() == sparse_dim else dense_to_coo(coo_to_dense(x), sparse_dim)
    return dense_to_coo(x, sparse_dim)


def to_sparse_csr(x) -> SparseCsrTensor:
    """x (dense or COO, 2-D or 3-D) in CSR format."""
    if isinstance(x, SparseCsrTensor):
        return x
    if not isinstance(x, (Tensor, SparseTensor)):
        raise TypeError(f"[to_sparse_csr] argument 'x': expected a Tensor, but got {arg.describe(x)}")
    arg.rank("to_sparse_csr", x, "x", (2, 3))
    return coo_to_csr(x if isinstance(x, SparseCooTensor) else dense_to_coo(x, x.ndim))
