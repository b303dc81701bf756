"""Dropout, padding, resizing and the other functions of paddle.nn.functional
composed of differentiable ops."""

from __future__ import annotations

import numbers

import paddle
from paddle import _checks as check
from paddle import _C
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases
from paddle.nn.functional.pooling import adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d

_DROPOUT_MODES = ("upscale_in_train", "downscale_in_infer")


def _check_dropout_args(op, x, p, mode, training):
    check.flag(op, training, "training")
    check.tensor(op, x, "x")
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"[{op}] argument 'p': expected a float, but got {type(p).__name__}")
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"[{op}] argument 'p': expected a value in [0, 1], but got {p}")
    if mode not in _DROPOUT_MODES:
        raise ValueError(f"[{op}] argument 'mode': expected one of {_DROPOUT_MODES}, but got {mode!r}")


@aliases(x="input")
def dropout(x, p=0.5, axis=None, training=True, inplace=False, mode="upscale_in_train", name=None) -> Tensor:
    """Zeroes elements of x with probability p during training.

    Args:
        x (Tensor): the input.
        p (float, optional): the probability of zeroing. Default 0.5.
        axis (int|list|tuple, optional): when given, one decision per index
            along these axes, shared by the others (as Dropout2D does for
            channels). Default None: every element decides alone.
        training (bool, optional): dropout happens only when True.
        inplace (bool, optional): write the result into x and return x
            (refused, as every in-place op, for a leaf that requires grad).
            Default False.
        mode (str, optional): 'upscale_in_train' (kept values are divided by
            1 - p in training, identity in inference) or 'downscale_in_infer'
            (training keeps values as they are, inference multiplies by 1 - p).

    Returns:
        Tensor: as in Paddle, x itself when p is 0 or (in inference, with
        'upscale_in_train') when axis is given; else a new tensor (in
        inference without axis, a copy of x: writing to it leaves x alone).

    Examples:
        >>> import paddle
        >>> x = paddle.ones([1000])
        >>> y = paddle.nn.functional.dropout(x, p=0.5)
        >>> sorted(set(y.numpy().tolist()))
        [0.0, 2.0]
        >>> y = paddle.nn.functional.dropout(x, p=0.5, training=False)
        >>> y is x, bool((y == x).all())
        (False, True)
        >>> paddle.nn.functional.dropout(x, p=0.0) is x
        True
    """
    _check_dropout_args("dropout", x, p, mode, training)
    if p == 0:
        return x
    if check.flag("dropout", inplace, "inplace"):
        from paddle.tensor.inplace import update

        return update("dropout_", x, lambda alias: _dropout(alias, p, axis, training, mode))
    return _dropout(x, p, axis, training, mode)


def _dropout(x, p, axis, training, mode) -> Tensor:
    upscale = mode == "upscale_in_train"
    if not training:
        if not upscale:
            return x * (1.0 - p)
        return x if axis is not None else x.clone()  # Paddle runs its dropout op, a copy in inference
    if axis is None:
        out, _ = _C_ops.dropout(x, p, upscale, 0)
        return out
    axes = check.axes("dropout", axis, len(x.shape))
    mask_shape = [d if i in axes else 1 for i, d in enumerate(x.shape)]
    keep = paddle.bernoulli(paddle.full(mask_shape, 1.0 - p, x.dtype))
    if upscale:
        keep = keep * (1.0 / (1.0 - p) if p < 1.0 else 0.0)
    return x * keep


def _channel_dropout(op, x, p, training, data_format, rank):
    if isinstance(x, check.TENSOR_TYPES) and len(x.shape) != rank:
        raise ValueError(f"[{op}] argument 'x': expected a {rank}-D tensor, but got shape {list(x.shape)}")
    if data_format not in ("NCHW", "NHWC", "NCDHW", "NDHWC"):
        raise ValueError(f"[{op}] argument 'data_format': unknown layout {data_format!r}")
    channel = 1 if data_format[1] == "C" else rank - 1
    _check_dropout_args(op, x, p, "upscale_in_train", training)
    return dropout(x, p, axis=[0, channel], training=training)


def dropout2d(x, p=0.5, training=True, data_format="NCHW", name=None) -> Tensor:
    """Zeroes whole channels of a 4-D x with probability p (kept ones scaled by 1 / (1 - p))."""
    return _channel_dropout("dropout2d", x, p, training, data_format, 4)


def dropout3d(x, p=0.5, training=True, data_format="NCDHW", name=None) -> Tensor:
    """Zeroes whole channels of a 5-D x with probability p (kept ones scaled by 1 / (1 - p))."""
    return _channel_dropout("dropout3d", x, p, training, data_format, 5)


def alpha_dropout(x, p=0.5, training=True, name=None) -> Tensor:
    """Dropout that keeps SELU's self-normalizing mean and variance: each element is
    set to SELU's negative saturation -alpha*scale with probability p, then the whole
    result is mapped by a * y + b so that a zero-mean unit-variance input keeps those
    moments. The identity when not training.

    With alpha' = -1.6732632423543772 * 1.0507009873554805:
    a = ((1 - p) * (1 + p * alpha'^2)) ** -0.5 and b = -a * alpha' * p.

    Examples:
        >>> import paddle
        >>> x = paddle.ones([4])
        >>> paddle.nn.functional.alpha_dropout(x, 0.5, training=False) is x
        True
        >>> y = paddle.nn.functional.alpha_dropout(x, 0.0)
        >>> y.numpy().tolist()
        [1.0, 1.0, 1.0, 1.0]
    """
    _check_dropout_args("alpha_dropout", x, p, "upscale_in_train", training)
    if not training:
        return x
    if p == 1.0:
        return x * 0.0
    alpha_p = -1.6732632423543772848170429916717 * 1.0507009873554804934193349852946
    a = ((1.0 - p) * (1.0 + p * alpha_p * alpha_p)) ** -0.5
    b = -a * alpha_p * p
    keep = paddle.bernoulli(paddle.full(x.shape, 1.0 - p, x.dtype))
    return (x * keep + (1.0 - keep) * alpha_p) * a + b


_PAD_MODES = ("constant", "reflect", "replicate", "circular")


def _edge_index(mode, n, before, after):
    """Source positions along a dim of size n for a pad of (before, after)."""
    import numpy as np

    positions = np.arange(-before, n + after)
    if mode == "reflect":
        period = 2 * (n - 1)
        positions = np.abs(positions) % period if period else np.zeros_like(positions)
        positions = np.where(positions >= n, period - positions, positions)
    elif mode == "replicate":
        positions = np.clip(positions, 0, n - 1)
    else:  # circular
        positions = positions % n
    return paddle.to_tensor(positions.astype("int64"))


@aliases(x="input")
def pad(x, pad, mode="constant", value=0.0, data_format=None, pad_from_left_axis=True, name=None) -> Tensor:  # noqa: A002
    """Pads x: with len(pad) == 2 * x.ndim, pad = [before, after] per dim from
    the first; otherwise (3-D to 5-D x) pad lists [left, right, top, bottom,
    front, back] for the spatial dims from the last. Negative pads crop.
    data_format ('NCL', 'NHWC', ...) says where the channels are; None means
    channels first (NCL, NCHW or NCDHW by x's rank).

    Args:
        mode (str): 'constant' (value), 'reflect' (mirror without the edge),
            'replicate' (repeat the edge) or 'circular' (wrap around).

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[[1.0, 2.0, 3.0]]])
        >>> paddle.nn.functional.pad(x, [2, 1], mode="reflect").numpy().tolist()
        [[[3.0, 2.0, 1.0, 2.0, 3.0, 2.0]]]
    """
    check.tensor("pad", x, "x")
    if mode not in _PAD_MODES:
        raise ValueError(f"[pad] argument 'mode': expected one of {_PAD_MODES}, but got {mode!r}")
    pads = check.int_list("pad", pad, "pad")
    rank = len(x.shape)
    if len(pads) % 2:
        raise ValueError(f"[pad] argument 'pad': expected an even number of values, but got {pads}")
    per_dim = [(0, 0)] * rank
    if len(pads) == 2 * rank and pad_from_left_axis:
        per_dim = [(pads[2 * d], pads[2 * d + 1]) for d in range(rank)]
    else:
        channel_last = data_format in ("NLC", "NHWC", "NDHWC")  # None: channels first
        spatial = list(range(1, rank - 1)) if channel_last else list(range(2, rank))
        if len(pads) > 2 * len(spatial):
            raise ValueError(f"[pad] {len(pads)} pad values do not fit the {len(spatial)} spatial dims of a "
                             f"{rank}-D {data_format} tensor")
        for i in range(len(pads) // 2):
            per_dim[spatial[-1 - i]] = (pads[2 * i], pads[2 * i + 1])
    out = x
    for d, (before, after) in enumerate(per_dim):
        if before == 0 and after == 0:
            continue
        n = out.shape[d]
        if n + before + after >= 2**63:
            raise ValueError(f"[pad] dim {d} of size {n} padded by ({before}, {after}) exceeds the int64 range")
        if before < 0 or after < 0:  # crop first
            out = paddle.slice(out, [d], [max(-before, 0)], [n - max(-after, 0)])
            n = out.shape[d]
            before, after = max(before, 0), max(after, 0)
            if before == 0 and after == 0:
                continue
        if mode == "constant":
            if any(dim < 0 for dim in out.shape):  # a static program's dims the run decides: built from x's
                edge = paddle.expand_as(paddle.full([], value, out.dtype), paddle.slice(out, [d], [0], [1]))
                parts = [paddle.expand(edge, [size if i == d else -1 for i in range(rank)])
                         for size in (before, after)]
            else:
                parts = []
                for size in (before, after):
                    shape = list(out.shape)
                    shape[d] = size
                    parts.append(paddle.full(shape, value, out.dtype))
            out = paddle.concat([parts[0], out, parts[1]], axis=d)
            continue
        if n == 0 or (mode == "reflect" and (before >= n or after >= n)):
            raise ValueError(f"[pad] {mode} padding of ({before}, {after}) needs a dim larger than the pad, but "
                             f"dim {d} has size {n}")
        edges = _edge_slices(mode, out, d, n, before, after)
        if edges is None:
            out = paddle.index_select(out, _edge_index(mode, n, before, after), d)
        else:
            out = paddle.concat([part for part in (edges[0], out, edges[1]) if part.shape[d] != 0], axis=d)
    return out


def _edge_slices(mode, x, d, n, before, after):
    """The (before, after) pads of x along d as slices of x (flipped for
    reflect, broadcast for replicate), or None where a pad wraps x more than
    once (circular): copying rows beats gathering every element through
    an index."""
    def part(start, stop):
        return paddle.slice(x, [d], [start], [stop])

    if mode == "reflect":
        return paddle.flip(part(1, before + 1), [d]), paddle.flip(part(n - after - 1, n - 1), [d])
    if mode == "replicate":
        def repeated(edge, size):
            return paddle.expand(edge, [size if i == d else -1 for i in range(len(x.shape))])
        return repeated(part(0, 1), before), repeated(part(n - 1, n), after)
    if before > n or after > n:
        return None
    return part(n - before, n), part(0, after)


def zeropad2d(x, padding, data_format="NCHW", name=None) -> Tensor:
    """Zero padding of the spatial dims: padding = [left, right, top, bottom] (or one int for all four)."""
    if isinstance(padding, numbers.Integral) and not isinstance(padding, bool):
        padding = [padding] * 4
    padding = check.int_list("zeropad2d", padding, "padding", allow_int=True)
    return pad(x, padding, "constant", 0.0, data_format, pad_from_left_axis=False)


_INTERP_DIMS = {"linear": 1, "bilinear": 2, "trilinear": 3, "bicubic": 2}


@aliases(x="input")
def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
                data_format=None, recompute_scale_factor=None, antialias=False, name=None) -> Tensor:
    """Resizes the spatial dims of x to `size` (or by `scale_factor`).

    Args:
        mode (str): 'nearest', 'linear' (3-D x), 'bilinear'/'bicubic' (4-D),
            'trilinear' (5-D) or 'area' (adaptive average pooling).
        align_corners (bool): map the corner pixels' centers onto each other.
        align_mode (int): for linear modes without align_corners: 0 maps
            centers (src = (dst + 0.5) / scale - 0.5), 1 maps origins (src = dst / scale).
        recompute_scale_factor (bool): with scale_factor, compute the
            interpolation from the output size rather than from the factor.
        antialias (bool): for 'bilinear' and 'bicubic': when shrinking,
            widen the filter by the shrink factor so that every input pixel
            counts (see Note [Antialiased resize]).

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[[1.0, 3.0]]])
        >>> y = paddle.nn.functional.interpolate(x, size=[4], mode="linear", align_corners=True)
        >>> [round(v, 4) for v in y.numpy()[0, 0].tolist()]
        [1.0, 1.6667, 2.3333, 3.0]
    """
    import numbers as _numbers

    check.tensor("interpolate", x, "x")
    rank = len(x.shape)
    if rank not in (3, 4, 5):
        raise ValueError(f"[interpolate] x must be 3-D, 4-D or 5-D, but got shape {list(x.shape)}")
    mode = check.choice("interpolate", mode.lower() if isinstance(mode, str) else mode,
                        ("nearest", "area", *_INTERP_DIMS), "mode")
    if mode not in ("nearest", "area") and _INTERP_DIMS.get(mode) != rank - 2:
        raise ValueError(f"[interpolate] mode {mode!r} does not fit a {rank}-D x")
    if mode == "nearest" and align_corners is None:
        align_corners = False
    if mode == "nearest" and align_corners:
        raise ValueError("[interpolate] align_corners is only for the linear modes (linear, bilinear, bicubic, "
                         "trilinear), but got mode 'nearest'")
    if data_format is None:
        data_format = {3: "NCW", 4: "NCHW", 5: "NCDHW"}[rank]
    channel_last = data_format in ("NWC", "NHWC", "NDHWC")
    spatial = list(x.shape[1:-1] if channel_last else x.shape[2:])
    if (size is None) == (scale_factor is None):
        raise ValueError("[interpolate] exactly one of size and scale_factor must be given")
    scales = []
    if size is not None:
        sizes = check.int_list("interpolate", size, "size", allow_int=True)
        sizes = sizes * len(spatial) if isinstance(size, _numbers.Integral) else sizes
    else:
        if isinstance(scale_factor, Tensor):
            scale_factor = scale_factor.numpy().tolist()
        factors = [scale_factor] * len(spatial) if isinstance(scale_factor, _numbers.Real) else scale_factor
        if not isinstance(factors, (list, tuple)):
            raise TypeError(f"[interpolate] argument 'scale_factor': expected a number or a list of numbers, but "
                            f"got {check.got(scale_factor)}")
        if not all(0 < check.number("interpolate", f, "scale_factor") < float("inf") for f in factors):
            raise ValueError(f"[interpolate] argument 'scale_factor': expected finite numbers > 0, but got "
                             f"{scale_factor}")
        if not all(n * f < 2**63 for n, f in zip(spatial, factors)):
            raise ValueError(f"[interpolate] argument 'scale_factor': {scale_factor} makes an output size beyond int64")
        sizes = [int(n * f) for n, f in zip(spatial, factors)]
        scales = [] if recompute_scale_factor else [float(f) for f in factors]
    if len(sizes) != len(spatial) or any(s <= 0 for s in sizes):
        raise ValueError(f"[interpolate] the output size {sizes} must give one positive size per spatial dim")
    if check.flag("interpolate", antialias, "antialias"):
        if mode not in ("bilinear", "bicubic"):
            raise ValueError(f"[interpolate] antialias is only supported for the 'bilinear' and 'bicubic' modes, "
                             f"but got mode {mode!r}")
        return _antialiased(x, sizes, scales, mode, check.flag("interpolate", align_corners, "align_corners"),
                            channel_last)
    if mode == "area":
        moved = paddle.moveaxis(x, -1, 1) if channel_last else x
        out = {3: adaptive_avg_pool1d, 4: adaptive_avg_pool2d, 5: adaptive_avg_pool3d}[rank](moved, sizes)
        return paddle.moveaxis(out, 1, -1) if channel_last else out
    out_d, out_h, out_w = ([0, 0, 0] + sizes)[-3:]
    op = getattr(_C_ops, f"{mode}_interp")
    try:
        return op(x, data_format, out_d, out_h, out_w, scales, mode, check.flag("interpolate", align_corners, "align_corners"), int(align_mode))
    except MemoryError:
        raise MemoryError(f"[interpolate] an output of spatial size {sizes} does not fit in memory") from None


# Note [Antialiased resize]: Paddle 3.3's antialias (PyTorch's, which follows
# Pillow) is separable: output pixel i along an axis of scale s = in / out
# averages the inputs j near its center c = s * (i + 0.5) with weights
# filter((j - c + 0.5) / max(s, 1)), normalized to sum to 1, over a support of
# half-width max(s, 1) * (1 for bilinear, 2 for bicubic). The filter is the
# triangle for bilinear and Keys' cubic with a = -0.5 for bicubic. The weights
# depend only on the sizes, so each axis is one matmul with an [out, in]
# matrix: differentiable, and equal to Paddle's up to float32 rounding.
def _aa_filter(mode: str, t):
    import numpy as np

    t = np.abs(t)
    if mode == "bilinear":
        return np.maximum(0.0, 1.0 - t)
    a = -0.5
    near = ((a + 2) * t - (a + 3)) * t * t + 1
    far = ((a * t - 5 * a) * t + 8 * a) * t - 4 * a
    return np.where(t < 1, near, np.where(t < 2, far, 0.0))


def _aa_matrix(mode: str, n_in: int, n_out: int, scale: float):
    """The [n_out, n_in] matrix of one axis's antialiased resize."""
    import numpy as np

    support = (1.0 if mode == "bilinear" else 2.0) * max(scale, 1.0)
    inverse = 1.0 / scale if scale >= 1.0 else 1.0
    matrix = np.zeros((n_out, n_in))
    for i in range(n_out):
        center = scale * (i + 0.5)
        lo = max(int(center - support + 0.5), 0)
        hi = min(int(center + support + 0.5), n_in)
        weights = _aa_filter(mode, (np.arange(lo, hi) - center + 0.5) * inverse)
        total = weights.sum()
        matrix[i, lo:hi] = weights / total if total != 0 else weights
    return matrix


def _antialiased(x, sizes, scales, mode, align_corners, channel_last) -> Tensor:
    moved = x.transpose([0, 3, 1, 2]) if channel_last else x
    out = moved
    for axis, (n_out, factor) in enumerate(zip(sizes, scales or [None] * len(sizes))):
        n_in = moved.shape[2 + axis]
        if align_corners:
            scale = (n_in - 1) / (n_out - 1) if n_out > 1 else 0.0
        else:
            scale = 1.0 / factor if factor else n_in / n_out
        matrix = paddle.to_tensor(_aa_matrix(mode, n_in, n_out, scale), dtype=x.dtype, place=x.place)
        # rows of the matrix mix the axis: H is the second to last dim, W the last
        out = paddle.matmul(matrix, out) if axis == 0 else paddle.matmul(out, matrix, transpose_y=True)
    return out.transpose([0, 2, 3, 1]) if channel_last else out


def upsample(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
             data_format=None, name=None) -> Tensor:
    """interpolate under its other name."""
    return interpolate(x, size, scale_factor, mode, align_corners, align_mode, data_format)


def linear(x, weight, bias=None, name=None) -> Tensor:
    """x @ weight + bias, weight [in_features, out_features] (Paddle's layout).

    Examples:
        >>> import paddle
        >>> paddle.nn.functional.linear(paddle.ones([1, 2]), paddle.ones([2, 3])).numpy().tolist()
        [[2.0, 2.0, 2.0]]
    """
    check.tensor("linear", x)
    check.tensor("linear", weight, "weight")
    if bias is not None:
        check.tensor("linear", bias, "bias")
    if bias is None:
        return paddle.matmul(x, weight)
    if x.dtype == weight.dtype == bias.dtype and not _C.pir.static_mode():
        return _C_ops.linear(x, weight, bias)  # one op: no second pass over out for the bias
    # Mixed dtypes promote; a program holds matmul + add as PaddlePaddle's do (its files have no linear op), and
    # the executor fuses them back into linear (matmul_add_fusion).
    return paddle.matmul(x, weight) + bias


def bilinear(x1, x2, weight, bias=None, name=None) -> Tensor:
    """out[n, o] = x1[n] @ weight[o] @ x2[n] + bias[o], weight [out, in1, in2]."""
    for arg, t in (("x1", x1), ("x2", x2), ("weight", weight)):
        check.tensor("bilinear", t, arg)
    if bias is not None:
        check.tensor("bilinear", bias, "bias")
    out = paddle.einsum("ni,oij,nj->no", x1, weight, x2)
    return out if bias is None else out + bias.reshape([1, -1])
