"""Segment reductions: rows of data reduced by sorted segment ids."""

from __future__ import annotations

import numpy as np

from paddle._C import Tensor
from paddle.geometric import _arguments as arg
from paddle.geometric._scatter_reduce import scatter_reduce


def _segment_reduce(op: str, data, segment_ids, reduce: str) -> Tensor:
    data = arg.value_tensor(op, data, "data")
    segment_ids = arg.index_tensor(op, segment_ids, "segment_ids")
    arg.same_length(op, data.shape[0], "one per row of data", segment_ids, "segment_ids")
    ids = arg.host_indices(op, segment_ids, "segment_ids")
    if ids.size and np.any(ids[1:] < ids[:-1]):
        at = int(np.argmax(ids[1:] < ids[:-1]))
        raise ValueError(f"[{op}] argument 'segment_ids': expected ids sorted in ascending order, but got "
                         f"{ids[at]} before {ids[at + 1]} at position {at}")
    num_segments = int(ids[-1]) + 1 if ids.size else 0
    return scatter_reduce(data, segment_ids, num_segments, reduce)


def segment_sum(data, segment_ids, name=None) -> Tensor:
    r"""Sums the rows of ``data`` that share a segment id:
    :math:`out_i = \sum_{j: segment\_ids_j = i} data_j`.

    Args:
        data (Tensor): the rows, of dtype float16, bfloat16, float32, float64, int32 or int64.
        segment_ids (Tensor): one int32/int64 id per row of data, sorted ascending.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of data's dtype; a segment without rows is 0.

    Examples:
        >>> import paddle
        >>> data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> paddle.geometric.segment_sum(data, paddle.to_tensor([0, 0, 2])).numpy().tolist()
        [[4.0, 6.0], [0.0, 0.0], [5.0, 6.0]]
    """
    return _segment_reduce("segment_sum", data, segment_ids, "sum")


def segment_mean(data, segment_ids, name=None) -> Tensor:
    r"""Averages the rows of ``data`` that share a segment id. Integer data is
    divided as Paddle does, truncating toward zero.

    Args:
        data (Tensor): the rows, of dtype float16, bfloat16, float32, float64, int32 or int64.
        segment_ids (Tensor): one int32/int64 id per row of data, sorted ascending.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of data's dtype; a segment without rows is 0.

    Examples:
        >>> import paddle
        >>> data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> paddle.geometric.segment_mean(data, paddle.to_tensor([0, 0, 1])).numpy().tolist()
        [[2.0, 3.0], [5.0, 6.0]]
    """
    return _segment_reduce("segment_mean", data, segment_ids, "mean")


def segment_max(data, segment_ids, name=None) -> Tensor:
    r"""The element-wise maximum of the rows of ``data`` that share a segment id.
    Its gradient goes to every row that attains the maximum (ties each get it whole).

    Args:
        data (Tensor): the rows, of dtype float16, bfloat16, float32, float64, int32 or int64.
        segment_ids (Tensor): one int32/int64 id per row of data, sorted ascending.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of data's dtype; a segment without rows is 0.

    Examples:
        >>> import paddle
        >>> data = paddle.to_tensor([[1.0, 8.0], [3.0, 4.0], [5.0, 6.0]])
        >>> paddle.geometric.segment_max(data, paddle.to_tensor([0, 0, 1])).numpy().tolist()
        [[3.0, 8.0], [5.0, 6.0]]
    """
    return _segment_reduce("segment_max", data, segment_ids, "max")


def segment_min(data, segment_ids, name=None) -> Tensor:
    r"""The element-wise minimum of the rows of ``data`` that share a segment id.
    Its gradient goes to every row that attains the minimum (ties each get it whole).

    Args:
        data (Tensor): the rows, of dtype float16, bfloat16, float32, float64, int32 or int64.
        segment_ids (Tensor): one int32/int64 id per row of data, sorted ascending.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of data's dtype; a segment without rows is 0.
    """
    return _segment_reduce("segment_min", data, segment_ids, "min")
