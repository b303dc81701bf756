"""Order statistics and histograms composed of sorting and scatters."""

from __future__ import annotations

import math
import numbers

from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases, writes_out


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


@aliases(x="input", axis="dim")
@writes_out
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
    if n < 0:
        raise NotImplementedError(f"[{op}] the quantile positions need the size of the reduced axes, which a "
                                  f"static program leaves to the feed (-1); give paddle.static.data that size")
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


def _median(op, x, axis, keepdim, mode):
    check.tensor(op, x)
    check.choice(op, mode, ("avg", "min"), "mode")
    axes = [] if axis is None else check.axes(op, axis, max(len(x.shape), 1))
    axes = [a for a in axes if a < len(x.shape)]  # axis 0 or -1 of a 0-D x: all of it
    values, indices = getattr(_C_ops, op)(x, axes, check.flag(op, keepdim, "keepdim"), mode)
    # Paddle returns the positions for mode min along one given axis only.
    return (values, indices) if mode == "min" and isinstance(axis, numbers.Integral) else values


@aliases(x="input", axis="dim")
@writes_out
def median(x, axis=None, keepdim=False, mode="avg", name=None):
    """The median along axis (of the flattened x when None): the mean of the two
    middle values for an even count (mode='avg'), or the lower one (mode='min');
    NaN where a line holds NaN. With mode='min' and an int axis, also the
    median's positions along axis, as Paddle returns them.

    Examples:
        >>> import paddle
        >>> paddle.median(paddle.to_tensor([3.0, 1.0, 4.0, 2.0])).item()
        2.5
        >>> values, positions = paddle.median(paddle.to_tensor([[3.0, 1.0, 4.0, 2.0]]), axis=1, mode="min")
        >>> values.numpy().tolist(), positions.numpy().tolist()
        ([2.0], [3])
    """
    check.tensor("median", x)
    if mode == "avg" and x.dtype.name != "float64":  # Paddle averages in float32
        x = x.astype("float32")
    return _median("median", x, axis, keepdim, mode)


def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None):
    """median ignoring NaNs (NaN where a line holds only NaNs); integer x keeps
    its dtype. With mode='min' and an int axis, also the positions."""
    return _median("nanmedian", x, axis, keepdim, mode)


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
    return _C_ops.histogram(input, weight, bins, float(min), float(max), check.flag("histogram", density, "density"))
