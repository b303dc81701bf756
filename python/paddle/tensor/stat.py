"""Order statistics and histograms composed of sorting and scatters."""

from __future__ import annotations

import numbers

from paddle._C import Tensor


def _check(op, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"[{op}] argument 'x': expected Tensor, but got {type(x).__name__}")


def quantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None) -> Tensor:
    """The q-th quantile(s) along axis (of the flattened x when None), linearly interpolated.

    Examples:
        >>> import paddle
        >>> paddle.quantile(paddle.to_tensor([1.0, 2.0, 3.0, 4.0]), 0.5).item()
        2.5
    """
    import paddle

    _check("quantile", x)
    if interpolation not in ("linear", "lower", "higher", "nearest", "midpoint"):
        raise ValueError(f"[quantile] unknown interpolation {interpolation!r}")
    qs = [q] if isinstance(q, numbers.Real) else list(q)
    if not qs or any(not 0.0 <= float(v) <= 1.0 for v in qs):
        raise ValueError(f"[quantile] q must be in [0, 1], but got {q!r}")
    if axis is None:
        x, axis = x.reshape([-1]), 0
    axis = axis % len(x.shape)
    values = paddle.sort(x, axis=axis)
    n = x.shape[axis]
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
        a = paddle.slice(values, [axis], [lo], [lo + 1])
        b = paddle.slice(values, [axis], [hi], [hi + 1])
        out = a + (b - a) * frac if frac else a
        outs.append(out if keepdim else out.squeeze(axis))
    return outs[0] if isinstance(q, numbers.Real) else paddle.stack(outs)


def median(x, axis=None, keepdim=False, mode="avg", name=None) -> Tensor:
    """The median along axis (of the flattened x when None): the mean of the two
    middle values for an even count (mode='avg'), or the lower one (mode='min').

    Examples:
        >>> import paddle
        >>> paddle.median(paddle.to_tensor([3.0, 1.0, 4.0, 2.0])).item()
        2.5
    """
    if mode not in ("avg", "min"):
        raise ValueError(f"[median] mode must be 'avg' or 'min', but got {mode!r}")
    _check("median", x)
    if not x.dtype.name.startswith(("float", "bfloat")):
        x = x.astype("float32")
    return quantile(x, 0.5, axis, keepdim, "linear" if mode == "avg" else "lower")


def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None) -> Tensor:
    """median ignoring NaNs (NaN where a line holds only NaNs)."""
    import paddle

    _check("nanmedian", x)
    if axis is None:
        x, axis = x.reshape([-1]), 0
    axis = axis % len(x.shape)
    values = paddle.sort(x, axis=axis)  # NaNs last
    count = paddle.sum((~paddle.isnan(x)).astype("int64"), axis=axis, keepdim=True)
    lo = paddle.clip((count - 1) // 2, min=0)
    hi = paddle.clip(count // 2, min=0) if mode == "avg" else lo
    a = paddle.take_along_axis(values, lo, axis)
    b = paddle.take_along_axis(values, hi, axis)
    out = paddle.where(count > 0, (a + b) * 0.5, paddle.full([], float("nan"), x.dtype))
    return out if keepdim else out.squeeze(axis)


def histogram(input, bins=100, min=0, max=0, weight=None, density=False, name=None) -> Tensor:  # noqa: A002
    """Counts of input's values in `bins` equal bins over [min, max] (the data's
    range when both are 0); values outside are not counted.

    Examples:
        >>> import paddle
        >>> paddle.histogram(paddle.to_tensor([1.0, 2.0, 1.0]), bins=4, min=0, max=3).numpy().tolist()
        [0, 2, 1, 0]
    """
    import paddle

    _check("histogram", input)
    if bins < 1:
        raise ValueError(f"[histogram] bins must be >= 1, but got {bins}")
    flat = input.reshape([-1]).astype("float64")
    lo, hi = float(min), float(max)
    if lo == 0 and hi == 0 and flat.size:
        lo, hi = float(flat.min()), float(flat.max())
    if lo > hi:
        raise ValueError(f"[histogram] min ({lo}) must not exceed max ({hi})")
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    inside = (flat >= lo) & (flat <= hi)
    index = paddle.clip(((flat - lo) / (hi - lo) * bins).floor().astype("int64"), 0, bins - 1)
    if weight is None:
        values, dtype = inside.astype("int64"), "int64"
    else:
        dtype = weight.dtype
        values = paddle.where(inside, weight.reshape([-1]), paddle.zeros([], dtype))
    counts = paddle.put_along_axis(paddle.zeros([bins], dtype), index, values.astype(dtype), 0, reduce="add")
    if density:
        counts = counts.astype("float32") / (paddle.sum(counts).astype("float32") * (hi - lo) / bins)
    return counts
