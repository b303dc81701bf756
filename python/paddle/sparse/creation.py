"""Building sparse tensors from their parts: sparse_coo_tensor and sparse_csr_tensor."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.sparse._structure import host
from paddle.sparse.sparse_tensor import SparseCooTensor, SparseCsrTensor

_INDEX_DTYPES = ("int8", "int16", "int32", "int64")


def _index_tensor(op: str, value, arg: str, ndim: int, place) -> Tensor:
    if not isinstance(value, Tensor):
        array = np.asarray(value)
        # An empty list has no integer type of its own.
        value = paddle.to_tensor(array.astype(np.int64) if array.size == 0 else array, place=place)
    if value.dtype.name not in _INDEX_DTYPES:
        raise TypeError(f"[{op}] argument '{arg}': expected integer indices (int8, int16, int32 or int64), but got "
                        f"{value.dtype.name}")
    if value.ndim != ndim:
        raise ValueError(f"[{op}] argument '{arg}': expected a {ndim}-D tensor, but got shape {list(value.shape)}")
    return value


def _values_tensor(values, dtype, place, stop_gradient: bool) -> Tensor:
    """The values as a tensor whose stop_gradient is `stop_gradient`, without changing
    the caller's tensor: one that requires grad stays the same object when
    stop_gradient is False, so gradients reach it."""
    if isinstance(values, Tensor):
        if dtype is not None:
            values = values.astype(dtype)
        if place is not None:
            values = values.to(place)
    else:
        values = paddle.to_tensor(values, dtype=dtype, place=place)
    if stop_gradient:
        return values.detach()
    if values.stop_gradient:
        values = values.detach()
        values.stop_gradient = False
    return values


def _shape_list(op: str, shape) -> list[int]:
    shape = check.int_list(op, shape, "shape")
    if any(d < 0 for d in shape):
        raise ValueError(f"[{op}] argument 'shape': expected non-negative sizes, but got {shape}")
    return shape


def sparse_coo_tensor(indices, values, shape=None, dtype=None, place=None, stop_gradient=True) -> SparseCooTensor:
    """Builds a sparse tensor in coordinate (COO) format.

    Entry ``j`` stores ``values[j]`` at the coordinates ``indices[:, j]`` of the
    first ``sparse_dim = len(indices)`` dims; ``values[j]`` has the shape of the
    remaining (dense) dims. Duplicate coordinates are allowed; they add up.

    Args:
        indices (list|tuple|numpy.ndarray|Tensor): integer coordinates, 2-D [sparse_dim, nnz].
        values (list|tuple|numpy.ndarray|Tensor): the entries, [nnz, *dense_dims].
        shape (list|tuple, optional): the dense shape. Default: the smallest shape holding every
            coordinate (and the values' dense dims).
        dtype (str|paddle.dtype, optional): the values' dtype. Default: inferred from ``values``.
        place (Place|str, optional): where the tensors live. Default: the current device.
        stop_gradient (bool, optional): whether autograd ignores the values. Default True.

    Returns:
        SparseCooTensor: the sparse tensor.

    Examples:
        >>> import paddle
        >>> coo = paddle.sparse.sparse_coo_tensor([[0, 1, 2], [1, 2, 0]], [1.0, 2.0, 3.0], [3, 3])
        >>> print(coo)
        Tensor(shape=[3, 3], dtype=paddle.float32, place=Place(cpu), stop_gradient=True,
               indices=[[0, 1, 2],
                        [1, 2, 0]],
               values=[1., 2., 3.])
        >>> coo.to_dense().numpy().tolist()
        [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [3.0, 0.0, 0.0]]
    """
    op = "sparse_coo_tensor"
    indices = _index_tensor(op, indices, "indices", 2, place)
    values = _values_tensor(values, dtype, place, stop_gradient)
    sparse_dim, nnz = indices.shape
    if values.ndim == 0 or values.shape[0] != nnz:
        raise ValueError(f"[{op}] argument 'values': expected one entry per column of indices ({nnz}), but got "
                         f"shape {list(values.shape)}")
    coords = host(indices)
    if np.any(coords < 0):
        raise ValueError(f"[{op}] argument 'indices': expected non-negative coordinates, but got "
                         f"{int(coords.min())}")
    dense_shape = list(values.shape[1:])
    if shape is None:
        if nnz == 0:
            raise ValueError(f"[{op}] argument 'shape': expected a shape for a tensor without entries, but got None")
        return SparseCooTensor(indices, values, [int(m) + 1 for m in coords.max(axis=1)] + dense_shape)
    shape = _shape_list(op, shape)
    if len(shape) != sparse_dim + len(dense_shape) or shape[sparse_dim:] != dense_shape:
        raise ValueError(f"[{op}] argument 'shape': expected {sparse_dim} sparse dims followed by the values' dense "
                         f"dims {dense_shape}, but got {shape}")
    if nnz and np.any(coords.max(axis=1) >= shape[:sparse_dim]):
        raise ValueError(f"[{op}] argument 'indices': expected coordinates below the sparse shape "
                         f"{shape[:sparse_dim]}, but got maxima {coords.max(axis=1).tolist()}")
    return SparseCooTensor(indices, values, shape)


def _inferred_csr_shape(crows: np.ndarray, columns: np.ndarray) -> list[int]:
    """The shape crows and cols imply: a new batch starts where crows drops back."""
    batches = int(np.sum(crows[1:] < crows[:-1])) + 1
    rows = crows.size // batches - 1
    shape = [rows, int(columns.max()) + 1 if columns.size else 0]
    return shape if batches == 1 else [batches] + shape


def _check_csr_structure(op: str, crows: np.ndarray, columns: np.ndarray, shape: list[int]) -> None:
    rows, ncols = shape[-2], shape[-1]
    batches = 1 if len(shape) == 2 else shape[0]
    if crows.size != batches * (rows + 1):
        raise ValueError(f"[{op}] argument 'crows': expected {batches * (rows + 1)} offsets ({batches} batch(es) of "
                         f"rows + 1 = {rows + 1}) for shape {shape}, but got {crows.size}")
    per_batch = crows.reshape(batches, rows + 1)
    if np.any(per_batch[:, 0] != 0) or np.any(np.diff(per_batch, axis=1) < 0):
        raise ValueError(f"[{op}] argument 'crows': expected each batch's offsets to start at 0 and never decrease, "
                         f"but got {crows.tolist()}")
    if int(per_batch[:, -1].sum()) != columns.size:
        raise ValueError(f"[{op}] argument 'crows': expected the last offsets to add up to nnz ({columns.size}), "
                         f"but got {int(per_batch[:, -1].sum())}")
    if columns.size and (columns.min() < 0 or columns.max() >= ncols):
        raise ValueError(f"[{op}] argument 'cols': expected columns in [0, {ncols}), but got "
                         f"[{int(columns.min())}, {int(columns.max())}]")


def sparse_csr_tensor(crows, cols, values, shape=None, dtype=None, place=None, stop_gradient=True) -> SparseCsrTensor:
    """Builds a sparse matrix (2-D), or a batch of them (3-D), in compressed sparse row (CSR) format.

    Row ``i`` of a matrix stores ``values[crows[i]:crows[i + 1]]`` at the columns
    ``cols[crows[i]:crows[i + 1]]``. A batch concatenates the matrices' crows
    (each starting at 0), cols and values.

    Args:
        crows (list|tuple|numpy.ndarray|Tensor): 1-D integer row offsets, batch * (rows + 1) of them.
        cols (list|tuple|numpy.ndarray|Tensor): 1-D integer column of every entry.
        values (list|tuple|numpy.ndarray|Tensor): 1-D entries.
        shape (list|tuple, optional): [rows, columns] or [batch, rows, columns]. Default: inferred
            (a batch starts where crows drops back; columns from the largest column index).
        dtype (str|paddle.dtype, optional): the values' dtype. Default: inferred from ``values``.
        place (Place|str, optional): where the tensors live. Default: the current device.
        stop_gradient (bool, optional): whether autograd ignores the values. Default True.

    Returns:
        SparseCsrTensor: the sparse tensor.

    Examples:
        >>> import paddle
        >>> csr = paddle.sparse.sparse_csr_tensor([0, 2, 3, 5], [1, 3, 2, 0, 1], [1, 2, 3, 4, 5], [3, 4])
        >>> print(csr)
        Tensor(shape=[3, 4], dtype=paddle.int64, place=Place(cpu), stop_gradient=True,
               crows=[0, 2, 3, 5],
               cols=[1, 3, 2, 0, 1],
               values=[1, 2, 3, 4, 5])
        >>> csr.to_dense().numpy().tolist()
        [[0, 1, 0, 2], [0, 0, 3, 0], [4, 5, 0, 0]]
    """
    op = "sparse_csr_tensor"
    crows = _index_tensor(op, crows, "crows", 1, place)
    cols = _index_tensor(op, cols, "cols", 1, place)
    values = _values_tensor(values, dtype, place, stop_gradient)
    if values.ndim != 1 or values.shape[0] != cols.shape[0]:
        raise ValueError(f"[{op}] argument 'values': expected a 1-D tensor with one entry per column index "
                         f"({cols.shape[0]}), but got shape {list(values.shape)}")
    crow_offsets, columns = host(crows), host(cols)
    if shape is None:
        if crow_offsets.size < 2:
            raise ValueError(f"[{op}] argument 'crows': expected at least 2 offsets, but got {crow_offsets.size}")
        shape = _inferred_csr_shape(crow_offsets, columns)
    shape = _shape_list(op, shape)
    if len(shape) not in (2, 3):
        raise ValueError(f"[{op}] argument 'shape': expected a 2-D or 3-D shape, but got {shape}")
    _check_csr_structure(op, crow_offsets, columns, shape)
    return SparseCsrTensor(crows, cols, values, shape)
