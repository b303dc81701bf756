"""paddle.incubate's segment reductions: deprecated aliases of paddle.geometric's."""

from __future__ import annotations

from paddle import geometric
from paddle.utils.deprecated import deprecated


@deprecated(since="2.4.0", update_to="paddle.geometric.segment_sum", level=1,
            reason="paddle.incubate.segment_sum will be removed in future")
def segment_sum(data, segment_ids, name=None):
    """Sums the rows of ``data`` that share a (sorted) segment id; see
    :func:`paddle.geometric.segment_sum`.

    Args:
        data (Tensor): the rows, of dtype float16, bfloat16, float32, float64, int32 or int64.
        segment_ids (Tensor): one int32/int64 id per row of data, sorted ascending.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of data's dtype; a segment without rows is 0.
    """
    return geometric.segment_sum(data, segment_ids, name)


@deprecated(since="2.4.0", update_to="paddle.geometric.segment_mean", level=1,
            reason="paddle.incubate.segment_mean will be removed in future")
def segment_mean(data, segment_ids, name=None):
    """Averages the rows of ``data`` that share a (sorted) segment id; see
    :func:`paddle.geometric.segment_mean`.

    Args:
        data (Tensor): the rows, of dtype float16, bfloat16, float32, float64, int32 or int64.
        segment_ids (Tensor): one int32/int64 id per row of data, sorted ascending.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of data's dtype; a segment without rows is 0.
    """
    return geometric.segment_mean(data, segment_ids, name)


@deprecated(since="2.4.0", update_to="paddle.geometric.segment_max", level=1,
            reason="paddle.incubate.segment_max will be removed in future")
def segment_max(data, segment_ids, name=None):
    """The element-wise maximum of the rows of ``data`` that share a (sorted)
    segment id; see :func:`paddle.geometric.segment_max`.

    Args:
        data (Tensor): the rows, of dtype float16, bfloat16, float32, float64, int32 or int64.
        segment_ids (Tensor): one int32/int64 id per row of data, sorted ascending.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of data's dtype; a segment without rows is 0.
    """
    return geometric.segment_max(data, segment_ids, name)


@deprecated(since="2.4.0", update_to="paddle.geometric.segment_min", level=1,
            reason="paddle.incubate.segment_min will be removed in future")
def segment_min(data, segment_ids, name=None):
    """The element-wise minimum of the rows of ``data`` that share a (sorted)
    segment id; see :func:`paddle.geometric.segment_min`.

    Args:
        data (Tensor): the rows, of dtype float16, bfloat16, float32, float64, int32 or int64.
        segment_ids (Tensor): one int32/int64 id per row of data, sorted ascending.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: ``max(segment_ids) + 1`` rows of data's dtype; a segment without rows is 0.
    """
    return geometric.segment_min(data, segment_ids, name)
