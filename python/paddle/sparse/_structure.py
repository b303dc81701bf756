"""The index bookkeeping of sparse tensors, done on the host with NumPy.

Structure (which coordinates are stored, in which order) depends on index
values and decides output sizes, so it is computed here; the values then move
with the differentiable row ops of ``_rows``.
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle._C import Tensor


def host(index: Tensor) -> np.ndarray:
    """An integer tensor as an int64 NumPy array (a copy: callers may edit it)."""
    return np.array(index.numpy(), dtype=np.int64)


def to_index_tensor(array: np.ndarray, like: Tensor) -> Tensor:
    """An int64 tensor of `array` on the place of `like`."""
    return paddle.to_tensor(np.ascontiguousarray(array, dtype=np.int64), place=like.place)


def linear_keys(indices: np.ndarray, dims) -> np.ndarray:
    """Row-major position of every column of `indices` [k, n] in a grid of `dims`:
    sorting by key sorts the coordinates lexicographically."""
    if indices.shape[0] == 0:
        return np.zeros(indices.shape[1], dtype=np.int64)
    return np.ravel_multi_index(tuple(indices), tuple(int(d) for d in dims)).astype(np.int64)


def unravel_keys(keys: np.ndarray, dims) -> np.ndarray:
    """The coordinates [len(dims), n] of row-major positions `keys`."""
    if len(dims) == 0:
        return np.zeros((0, keys.size), dtype=np.int64)
    return np.stack(np.unravel_index(keys, tuple(int(d) for d in dims))).astype(np.int64).reshape(len(dims), -1)


def is_sorted_unique(keys: np.ndarray) -> bool:
    return bool(np.all(keys[1:] > keys[:-1]))


def csr_coordinates(crows: np.ndarray, shape) -> tuple[np.ndarray, np.ndarray]:
    """The batch and row of every entry of a CSR structure (batch all 0 for a matrix)."""
    rows = shape[-2]
    batches = 1 if len(shape) == 2 else shape[0]
    counts = np.diff(crows.reshape(batches, rows + 1), axis=1)
    row_of_entry = np.repeat(np.tile(np.arange(rows, dtype=np.int64), batches), counts.ravel())
    batch_of_entry = np.repeat(np.arange(batches, dtype=np.int64), counts.sum(axis=1))
    return batch_of_entry, row_of_entry


def csr_offsets(batch_of_entry: np.ndarray, row_of_entry: np.ndarray, shape) -> np.ndarray:
    """The crows of entries sorted by (batch, row): per batch, 0 then the running row counts."""
    rows = shape[-2]
    batches = 1 if len(shape) == 2 else shape[0]
    counts = np.bincount(batch_of_entry * rows + row_of_entry, minlength=batches * rows).reshape(batches, rows)
    offsets = np.concatenate([np.zeros((batches, 1), dtype=np.int64), np.cumsum(counts, axis=1)], axis=1)
    return offsets.ravel()
