"""Order statistics and histograms composed of sorting and scatters."""

from __future__ import annotations

import math
import numbers

from paddle import _checks as check
from paddle._C import Tensor, _C_ops


def _to_last_axis(op, x, axis):
    """x with the axes to reduce (all when None; an int or a list) merged into
    one last dim, and the function that gives a result over that dim (kept as
    size 1) the shape keepdim asks for, or drops it."""
    check.tensor(op, x)
    rank = len(x.shape)
    if axis is None:
        axes = list(range(rank))
    else:
        axes = check.axes(op, axis, max(rank, 1))
        axes = [a for a in axes if a < rank]  # axis 0 or -1 of a 0-D tensor
    others = [d for d in range(rank) if d not in axes]
    merged = x.transpose(others + axes).reshape([x.shape[d] for d in others] + [math.prod(x.shape[d] for d in axes)])
    kept = [1 if d in axes else x.shape[d] for d in range(rank)]
    return merged, lambda out, keepdim: out.reshape(kept) if keepdim else out.squeeze(-1)


def quantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None) -> Tensor:
    """The q-th quantile(s) along axis (an int or a list; all of x when None), linearly interpolated.

    Examples:
        >>> import paddle
        >>> paddle.quantile(paddle.to_tensor([1.0, 2.0, 3.0, 4.0]), 0.5).item()
        2.5
    """
    return _quantile("quantile", x, q, axis, keepdim, interpolation)


def _quantile(op, x, q, axis, keepdim, interpolation):
    import paddle

    x, finish = _to_last_axis(op, x, axis)
    check.choice(op, interpolation, ("linear", "lower", "higher", "nearest", "midpoint"), "interpolation")
    if isinstance(q, Tensor) and len(q.shape) <= 1:
        q = q.item() if not q.shape else q.numpy().tolist()
    qs = [q] if isinstance(q, numbers.Number) or not isinstance(q, (list, tuple)) else list(q)
    qs = [check.number(op, v, "q") for v in qs]
    if not qs or any(not 0.0 <= v <= 1.0 for v in qs):
        raise ValueError(f"[{op}] argument 'q': expected numbers in [0, 1], but got {q!r}")
    values = paddle.sort(x, axis=-1)
    n = x.shape[-1]
    outs = []
    for v in qs:
        pos = float(v) * (n - 1)
        lo, hi = int(pos // 1), min(int(pos // 1) + 1, n - 1)
        frac = pos - lo
        if interpolation == "lower" or (interpolation == "nearest" and frac <= 0.5 and not (frac == 0.5 and lo % 2)):
            hi, frac = lo, 0.0
        elif interpolation in ("higher", "nearest"):
            lo, frac = hi, 0.0
        elif interpolation == "midpoint":
            frac = 0.5 if hi != lo else 0.0
        a = paddle.slice(values, [-1], [lo], [lo + 1])
        b = paddle.slice(values, [-1], [hi], [hi + 1])
        out = a + (b - a) * frac if frac else a
        outs.append(finish(out, keepdim))
    return outs[0] if isinstance(q, numbers.Number) else paddle.stack(outs)


def median(x, axis=None, keepdim=False, mode="avg", name=None) -> Tensor:
    """The median along axis (of the flattened x when None): the mean of the two
    middle values for an even count (mode='avg'), or the lower one (mode='min').

    Examples:
        >>> import paddle
        >>> paddle.median(paddle.to_tensor([3.0, 1.0, 4.0, 2.0])).item()
        2.5
    """
    check.choice("median", mode, ("avg", "min"), "mode")
    check.tensor("median", x)
    if not x.dtype.name.startswith(("float", "bfloat")):
        x = x.astype("float32")
    return _quantile("median", x, 0.5, axis, keepdim, "linear" if mode == "avg" else "lower")


def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None) -> Tensor:
    """median ignoring NaNs (NaN where a line holds only NaNs)."""
    import paddle

    x, finish = _to_last_axis("nanmedian", x, axis)
    check.choice("nanmedian", mode, ("avg", "min"), "mode")
    values = paddle.sort(x, axis=-1)  # NaNs last
    count = paddle.sum((~paddle.isnan(x)).astype("int64"), axis=-1, keepdim=True)
    lo = paddle.clip((count - 1) // 2, min=0)
    hi = paddle.clip(count // 2, min=0) if mode == "avg" else lo
    a = paddle.take_along_axis(values, lo, -1)
    b = paddle.take_along_axis(values, hi, -1)
    out = paddle.where(count > 0, (a + b) * 0.5, paddle.full([], float("nan"), x.dtype))
    return finish(out, keepdim)


def histogram(input, bins=100, min=0, max=0, weight=None, density=False, name=None) -> Tensor:  # noqa: A002
    """Counts of input's values in `bins` equal bins over [min, max] (the data's
    range when both are 0); values outside are not counted.

    Examples:
        >>> import paddle
        >>> paddle.histogram(paddle.to_tensor([1.0, 2.0, 1.0]), bins=4, min=0, max=3).numpy().tolist()
        [0, 2, 1, 0]
    """
    import paddle

    check.tensor("histogram", input, "input")
    bins = check.integer("histogram", bins, "bins", min=1)
    check.number("histogram", min, "min")
    check.number("histogram", max, "max")
    if weight is not None:
        check.tensor("histogram", weight, "weight")
    if weight is None:  # each value counts 1
        weight = paddle.ones(input.shape, "int64")
    return _C_ops.histogram(input, weight, bins, float(min), float(max), bool(density))
