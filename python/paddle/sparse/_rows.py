"""Differentiable moves of value rows: every sparse op builds its output
values with these two (plus ordinary elementwise ops and matmul), so the
gradient reaches the input values and dense operands."""

from __future__ import annotations

import numpy as np

import paddle
from paddle._C import Tensor
from paddle.sparse._structure import to_index_tensor


def gather_rows(values: Tensor, rows: np.ndarray) -> Tensor:
    """values[rows] along dim 0 (the tensor itself when `rows` is 0..n-1)."""
    if rows.size == values.shape[0] and np.array_equal(rows, np.arange(rows.size)):
        return values
    return paddle.gather(values, to_index_tensor(rows, values), axis=0)


def sum_rows(values: Tensor, targets: np.ndarray, count: int) -> Tensor:
    """`count` rows, row t the sum of the rows of `values` whose target is t (zeros where none is)."""
    out = paddle.zeros([count, *values.shape[1:]], dtype=values.dtype)
    if targets.size == 0:
        return out
    return paddle.index_add(out, to_index_tensor(targets, values), 0, values)
