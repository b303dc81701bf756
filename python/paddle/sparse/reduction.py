"""Summing a sparse tensor over some of its dims."""

from __future__ import annotations

import numpy as np

from paddle import _checks as check
from paddle.sparse import _arguments as arg
from paddle.sparse._structure import host, to_index_tensor
from paddle.sparse.conversion import coalesce, coo_to_csr, csr_to_coo
from paddle.sparse.sparse_tensor import SparseCooTensor, SparseCsrTensor


def _sum_coo(x: SparseCooTensor, values, axes: list[int], keepdim: bool) -> SparseCooTensor:
    """Dense dims are summed within the values; summed sparse dims are dropped (or
    set to 0 with keepdim) from the coordinates, and the entries that then
    coincide are added by coalescing."""
    sparse_dim, shape = x.sparse_dim(), list(x.shape)
    dense_axes = [a - sparse_dim + 1 for a in axes if a >= sparse_dim]
    if dense_axes:
        values = values.sum(axis=dense_axes, keepdim=keepdim)
    summed = [a for a in axes if a < sparse_dim]
    coords = host(x.indices())
    if keepdim:
        coords[summed] = 0
        out_shape = [1 if d in axes else n for d, n in enumerate(shape)]
    else:
        coords = coords[[d for d in range(sparse_dim) if d not in summed]]
        out_shape = [n for d, n in enumerate(shape) if d not in axes]
    if coords.shape[0] == 0:
        # No sparse dim is left: store the total block as one entry per row of its first
        # dim, or as the single entry of a [1] tensor when nothing is left at all.
        total = values.sum(axis=0)
        if not out_shape:
            return SparseCooTensor(to_index_tensor(np.zeros((1, 1)), total), total.reshape([1]), [1], coalesced=True)
        rows = to_index_tensor(np.arange(out_shape[0]).reshape(1, -1), total)
        return SparseCooTensor(rows, total, out_shape, coalesced=True)
    return coalesce(SparseCooTensor(to_index_tensor(coords, values), values, out_shape))


def _sum_csr(x: SparseCsrTensor, values, axes: list[int], keepdim: bool) -> SparseCsrTensor:
    """Sums over all dims or the last one, the two reductions a CSR result can hold."""
    if len(axes) == x.ndim:
        total = values.sum().reshape([1])
        offsets, column = to_index_tensor(np.array([0, 1]), total), to_index_tensor(np.array([0]), total)
        return SparseCsrTensor(offsets, column, total, [1] * x.ndim if keepdim else [1, 1])
    rows = _sum_coo(csr_to_coo(x), values, axes, keepdim=True)
    if x.ndim == 3 and not keepdim:  # [B, M, 1] -> the [B, M] matrix of row sums
        rows = SparseCooTensor(to_index_tensor(host(rows.indices())[:2], values), rows.values(), x.shape[:2])
    return coo_to_csr(rows)


def sum(x, axis=None, dtype=None, keepdim=False, name=None):  # noqa: A001
    """Sums the elements of the sparse tensor ``x`` over ``axis``; the result is sparse.

    A COO tensor sums over any dims (summing all of them without ``keepdim``
    gives shape [1]). A CSR tensor sums over all dims (giving a [1, 1] matrix)
    or over its last dim (giving [M, 1], or [B, M] for a batch without keepdim).

    Args:
        x (SparseCooTensor|SparseCsrTensor): the input.
        axis (int|list|tuple, optional): the dims to sum over. Default None: all.
        dtype (str|paddle.dtype, optional): cast the values to it before summing.
        keepdim (bool, optional): keep the summed dims with size 1. Default False.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor in x's format.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 1.0, 0.0], [-2.0, 0.0, 3.0]]).to_sparse_coo(2)
        >>> out = paddle.sparse.sum(x, axis=0)
        >>> out.shape, out.to_dense().numpy().tolist()
        (paddle.Size([3]), [-2.0, 1.0, 3.0])
    """
    arg.sparse("sum", x)
    keepdim = check.flag("sum", keepdim, "keepdim")
    axes = list(range(x.ndim)) if axis is None else sorted(check.axes("sum", axis, x.ndim))
    values = x.values() if dtype is None else x.values().astype(dtype)
    if x.format == "coo":
        return _sum_coo(x, values, axes, keepdim)
    if len(axes) != x.ndim and axes != [x.ndim - 1]:
        raise ValueError(f"[sum] argument 'axis': expected None (all dims) or the last dim ({x.ndim - 1} or -1) "
                         f"for a CSR tensor, but got {axis}")
    return _sum_csr(x, values, axes, keepdim)
