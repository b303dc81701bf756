"""Row reductions of scattered values, the engine of the segment and
message-passing ops: ``out[r]`` reduces the ``values[i]`` whose ``index[i]``
is ``r``; a row no value maps to is 0.

The core has no scatter-max/min op, so those are composed: a stable sort
groups the values by row (ascending within each row) and the row's last
(max) or first (min) entry is taken. Their gradient is Paddle's: every value
equal to its row's extreme receives the row's whole gradient (ties are not
split), which a PyLayer provides.
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle._C import Tensor
from paddle.autograd import PyLayer

REDUCE_OPS = ("sum", "mean", "max", "min")


def scatter_reduce(values: Tensor, index: Tensor, num_rows: int, reduce: str) -> Tensor:
    """The [num_rows, *values.shape[1:]] reduction of values (dim 0 indexed by
    the 1-D `index`, whose entries the caller checked to be in [0, num_rows))."""
    if reduce == "sum":
        return _scatter_sum(values, index, num_rows)
    if reduce == "mean":
        return _scatter_mean(values, index, num_rows)
    return _ScatterExtreme.apply(values, index, num_rows, reduce == "max")


def _zeros_for(values: Tensor, shape: list[int]) -> Tensor:
    """Zeros of `shape` with values' dtype, on values' device."""
    return paddle.zeros(shape, values.dtype).to(values.place)


def _scatter_sum(values: Tensor, index: Tensor, num_rows: int) -> Tensor:
    zeros = _zeros_for(values, [num_rows] + list(values.shape[1:]))
    return paddle.index_add(zeros, index, 0, values)


def _row_counts(index: Tensor, num_rows: int, rank: int) -> Tensor:
    """How many values each row receives, shaped to broadcast against a rank-`rank` output."""
    counts = paddle.bincount(index, minlength=num_rows)
    return counts.reshape([num_rows] + [1] * (rank - 1))


def _scatter_mean(values: Tensor, index: Tensor, num_rows: int) -> Tensor:
    total = _scatter_sum(values, index, num_rows)
    counts = _row_counts(index, num_rows, values.ndim).clip(min=1)  # empty rows stay 0
    if values.dtype.name.startswith("int"):
        # Paddle's kernels divide in the integer type, truncating toward zero.
        counts = counts.astype(values.dtype)
        return paddle.sign(total) * (paddle.abs(total) // counts)
    return total / counts.astype(values.dtype)


def _scatter_extreme(values: Tensor, index: Tensor, num_rows: int, largest: bool) -> Tensor:
    feature_shape = list(values.shape[1:])
    num_values, width = values.shape[0], int(np.prod(feature_shape))
    out = _zeros_for(values, [num_rows, width])
    if num_values == 0 or num_rows == 0 or width == 0:
        return out.reshape([num_rows] + feature_shape)
    flat = values.reshape([num_values, width])
    # Positions of each column's values grouped by row, ascending within a row:
    # sort by value, then stably by row.
    by_value = paddle.argsort(flat, axis=0, stable=True)
    rows = paddle.broadcast_to(index.unsqueeze(1), [num_values, width])
    by_row = paddle.argsort(paddle.take_along_axis(rows, by_value, 0), axis=0, stable=True)
    grouped = paddle.take_along_axis(by_value, by_row, 0)
    counts = paddle.bincount(index, minlength=num_rows)
    ends = paddle.cumsum(counts, axis=0)
    pick = (ends - 1) if largest else (ends - counts)
    pick = paddle.broadcast_to(pick.clip(0, num_values - 1).unsqueeze(1), [num_rows, width])
    extreme = paddle.take_along_axis(flat, paddle.take_along_axis(grouped, pick, 0), 0)
    out = paddle.where((counts > 0).unsqueeze(1), extreme, out)
    return out.reshape([num_rows] + feature_shape)


class _ScatterExtreme(PyLayer):
    @staticmethod
    def forward(ctx, values, index, num_rows, largest):
        out = _scatter_extreme(values, index, num_rows, largest)
        ctx.save_for_backward(values == paddle.index_select(out, index, 0), index)
        return out

    @staticmethod
    def backward(ctx, grad):
        is_extreme, index = ctx.saved_tensor()
        spread = paddle.index_select(grad, index, 0)
        return paddle.where(is_extreme, spread, paddle.zeros_like(spread)), None
