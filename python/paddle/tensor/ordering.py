"""Questions about order, composed from the ops: searchsorted, bucketize,
msort, unique_consecutive, nanquantile, histogram_bin_edges, histogramdd,
and the trapezoid rules."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle._signature import aliases, writes_out


@aliases(values="input")
@writes_out
def searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None, *, side=None,
                 sorter=None) -> Tensor:
    """For each value, the position in the (last axis of the) ascending
    sorted_sequence where it would be inserted to keep the order: before
    equal elements, or after them with `right` (side='right').

    Examples:
        >>> import paddle
        >>> paddle.searchsorted(paddle.to_tensor([1.0, 3.0, 5.0]), paddle.to_tensor([3.0, 6.0])).tolist()
        [1, 3]
    """
    check.tensor("searchsorted", sorted_sequence, "sorted_sequence")
    check.tensor("searchsorted", values, "values")
    if side is not None:
        check.choice("searchsorted", side, ("left", "right"), "side")
        right = side == "right"
    if sorter is not None:
        sorted_sequence = paddle.take_along_axis(sorted_sequence, sorter, -1)
    sequence = sorted_sequence
    if len(sequence.shape) > 1:
        if list(sequence.shape[:-1]) != list(values.shape[:-1]):
            raise ValueError(f"[searchsorted] the leading dims of sorted_sequence {list(sequence.shape)} and values "
                             f"{list(values.shape)} must agree")
        sequence = sequence.unsqueeze(-2)
    before = (sequence <= values.unsqueeze(-1)) if right else (sequence < values.unsqueeze(-1))
    return before.astype("int64").sum(-1).astype("int32" if out_int32 else "int64")


@aliases(x="input", sorted_sequence="boundaries")
@writes_out
def bucketize(x, sorted_sequence, out_int32=False, right=False, name=None) -> Tensor:
    """The bucket of each element of x among the boundaries of the 1-D ascending sorted_sequence."""
    check.tensor("bucketize", sorted_sequence, "sorted_sequence")
    if len(sorted_sequence.shape) != 1:
        raise ValueError(f"[bucketize] sorted_sequence must be 1-D, but has shape {list(sorted_sequence.shape)}")
    return searchsorted(sorted_sequence, x, out_int32, right)


@writes_out
def msort(input) -> Tensor:  # noqa: A002  (Paddle's name)
    """input sorted along its first axis."""
    check.tensor("msort", input, "input")
    return paddle.sort(input, axis=0)


@aliases(x="input", axis="dim")
def unique_consecutive(x, return_inverse=False, return_counts=False, axis=None, dtype="int64", name=None):
    """x with each run of equal consecutive elements (slices along `axis`)
    kept once; with the index of each element's run and each run's length.

    Examples:
        >>> import paddle
        >>> out, counts = paddle.unique_consecutive(paddle.to_tensor([1, 1, 2, 2, 3, 1]), return_counts=True)
        >>> out.tolist(), counts.tolist()
        ([1, 2, 3, 1], [2, 2, 1, 1])
    """
    check.tensor("unique_consecutive", x)
    if axis is None:
        flat = x.reshape([-1])
        axis_, items = 0, flat
        starts = flat[1:] != flat[:-1]
    else:
        axis_ = check.axis("unique_consecutive", axis, len(x.shape))
        items = x
        moved = paddle.moveaxis(x, axis_, 0).reshape([x.shape[axis_], -1])
        starts = (moved[1:] != moved[:-1]).any(1)
    if items.shape[axis_] == 0:
        keep = paddle.zeros([0], "bool")
    else:
        keep = paddle.concat([paddle.ones([1], "bool"), starts])
    positions = paddle.nonzero(keep).reshape([-1])
    out = paddle.index_select(items, positions, axis_)
    results = [out]
    if return_inverse:
        results.append((paddle.cumsum(keep.astype("int64"), 0) - 1).astype(dtype))
    if return_counts:
        ends = paddle.concat([positions[1:], paddle.to_tensor([keep.shape[0]], "int64")])
        results.append((ends - positions).astype(dtype))
    return results[0] if len(results) == 1 else tuple(results)


def nanquantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None) -> Tensor:
    """quantile of each line's non-NaN elements (NaN for a line of NaNs only).

    Examples:
        >>> import paddle
        >>> paddle.nanquantile(paddle.to_tensor([1.0, float("nan"), 3.0, 4.0]), 0.5).item()
        3.0
    """
    from paddle.tensor.stat import _to_last_axis

    op = "nanquantile"
    x, finish = _to_last_axis(op, x, axis)
    check.choice(op, interpolation, ("linear", "lower", "higher", "nearest", "midpoint"), "interpolation")
    if isinstance(q, Tensor):
        q = q.item() if not q.shape else q.numpy().tolist()
    qs = [q] if not isinstance(q, (list, tuple)) else list(q)
    if not qs or any(not 0.0 <= float(check.number(op, v, "q")) <= 1.0 for v in qs):
        raise ValueError(f"[{op}] argument 'q': expected numbers in [0, 1], but got {q!r}")
    nan = paddle.isnan(x)
    values = paddle.sort(paddle.where(nan, paddle.full_like(x, float("inf")), x), axis=-1)  # NaNs last
    count = (~nan).astype("int64").sum(-1, keepdim=True)
    last = paddle.maximum(count - 1, paddle.zeros_like(count))
    outs = []
    for v in qs:
        pos = float(v) * last.astype(x.dtype)
        lo = paddle.floor(pos)
        frac = pos - lo
        if interpolation == "lower":
            frac = paddle.zeros_like(frac)
        elif interpolation == "higher":
            frac = (frac > 0).astype(x.dtype)
        elif interpolation == "nearest":  # halves to the even position, as NumPy's round
            frac = (paddle.round(pos) > lo).astype(x.dtype)
        elif interpolation == "midpoint":
            frac = paddle.where(frac > 0, paddle.full_like(frac, 0.5), frac)
        lo_i = lo.astype("int64")
        hi_i = paddle.minimum(lo_i + 1, last)
        a = paddle.take_along_axis(values, lo_i, -1)
        b = paddle.take_along_axis(values, hi_i, -1)
        out = paddle.where(count == 0, paddle.full_like(a, float("nan")), a + (b - a) * frac)
        outs.append(finish(out, keepdim))
    return outs[0] if not isinstance(q, (list, tuple)) else paddle.stack(outs)


def histogram_bin_edges(input, bins=100, min=0.0, max=0.0, name=None) -> Tensor:  # noqa: A002
    """The bins + 1 edges of equal-width bins over [min, max] (over input's range when both are 0).

    Examples:
        >>> import paddle
        >>> paddle.histogram_bin_edges(paddle.to_tensor([1.0, 2.0, 5.0]), bins=4).tolist()
        [1.0, 2.0, 3.0, 4.0, 5.0]
    """
    check.tensor("histogram_bin_edges", input, "input")
    if isinstance(bins, bool) or not isinstance(bins, int) or bins < 1:
        raise ValueError(f"[histogram_bin_edges] bins must be a positive int, but got {bins!r}")
    low = float(check.number("histogram_bin_edges", min, "min"))
    high = float(check.number("histogram_bin_edges", max, "max"))
    if low == 0 and high == 0 and input.size:
        low, high = float(input.min()), float(input.max())
    if low > high:
        raise ValueError(f"[histogram_bin_edges] min ({low}) must not exceed max ({high})")
    if low == high:
        low, high = low - 0.5, high + 0.5
    dtype = input.dtype if paddle.is_floating_point(input) else paddle.get_default_dtype()
    return paddle.linspace(low, high, bins + 1, dtype=dtype)


_NUMPY_ERRORS = (ValueError, TypeError, IndexError, MemoryError)


def histogramdd(x, bins=10, ranges=None, density=False, weights=None, name=None):
    """The D-dimensional histogram of the N points x [..., D] (NumPy's
    histogramdd): counts (or weight sums, or densities) and the D edge tensors."""
    op = "histogramdd"
    check.tensor(op, x)
    if len(x.shape) < 2:
        raise ValueError(f"[{op}] argument 'x': expected points of shape [..., D], at least 2 dims, but got shape "
                         f"{list(x.shape)}")
    if weights is not None:
        check.tensor(op, weights, "weights")
    points = x.reshape([-1, x.shape[-1]]).numpy()
    dims = points.shape[1]
    if isinstance(bins, Tensor):
        bins = [bins.numpy()]
    elif isinstance(bins, (list, tuple)) and bins and isinstance(bins[0], Tensor):
        bins = [b.numpy() for b in bins]
    if ranges is not None and (not isinstance(ranges, (list, tuple)) or len(ranges) != 2 * dims):
        raise ValueError(f"[{op}] argument 'ranges': expected a list of {2 * dims} numbers (a low and a high per "
                         f"dim), but got {ranges!r}")
    rng = None if ranges is None else [(ranges[2 * i], ranges[2 * i + 1]) for i in range(dims)]
    w = None if weights is None else weights.reshape([-1]).numpy()
    try:
        hist, edges = np.histogramdd(points, bins=bins, range=rng, density=check.flag(op, density, "density"),
                                     weights=w)
    except _NUMPY_ERRORS as e:  # NumPy's own checks (and limits) of bins, ranges and weights
        kind = next(k for k in _NUMPY_ERRORS if isinstance(e, k))  # the builtin class: NumPy's subclasses differ
        raise kind(f"[{op}] {e}") from None
    return (paddle.to_tensor(hist.astype(points.dtype)),
            [paddle.to_tensor(e.astype(points.dtype)) for e in edges])


def _trapezoids(op: str, y, x, dx, axis) -> tuple[Tensor, int]:
    """The areas of the trapezoids between neighbouring samples of y along axis."""
    check.tensor(op, y, "y")
    axis = check.axis(op, axis, len(y.shape))
    if dx is not None:
        check.number(op, dx, "dx")
    if x is not None and dx is not None:
        raise ValueError(f"[{op}] give x or dx, not both")
    n = y.shape[axis]
    mids = (paddle.slice(y, [axis], [1], [n]) + paddle.slice(y, [axis], [0], [n - 1])) / 2.0
    if x is None:
        return mids * (1.0 if dx is None else dx), axis
    check.tensor(op, x, "x")
    if len(x.shape) == 1:
        if x.shape[0] != n:
            raise ValueError(f"[{op}] x has {x.shape[0]} samples, but y has {n} along axis {axis}")
        x = x.reshape([n] + [1] * (len(y.shape) - 1 - axis))
        return mids * paddle.diff(x, axis=0), axis
    return mids * paddle.diff(x, axis=axis), axis


def trapezoid(y, x=None, dx=None, axis=-1, name=None) -> Tensor:
    """The integral of y along `axis` by the trapezoid rule, at sample points x or spacing dx (1 by default).

    Examples:
        >>> import paddle
        >>> paddle.trapezoid(paddle.to_tensor([1.0, 2.0, 4.0]), dx=0.5).item()
        2.25
    """
    pieces, axis = _trapezoids("trapezoid", y, x, dx, axis)
    return pieces.sum(axis)


def cumulative_trapezoid(y, x=None, dx=None, axis=-1, name=None) -> Tensor:
    """The running trapezoid-rule integrals of y along `axis` (one fewer than y's samples).

    Examples:
        >>> import paddle
        >>> paddle.cumulative_trapezoid(paddle.to_tensor([1.0, 2.0, 4.0]), paddle.to_tensor([0.0, 1.0, 3.0])).tolist()
        [1.5, 7.5]
    """
    pieces, axis = _trapezoids("cumulative_trapezoid", y, x, dx, axis)
    return paddle.cumsum(pieces, axis)
