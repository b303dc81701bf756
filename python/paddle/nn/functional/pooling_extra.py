"""Power-average (LP) pooling, max unpooling and fractional max pooling, composed
of the pooling kernels, padding, gathers and scatters."""

from __future__ import annotations

import math

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases
from paddle.nn.functional.pooling import _as_list, _from_channel_first, _paddings, _pool, _to_channel_first

# ---- LP pooling ------------------------------------------------------------


def _lp_pool(op, x, nd, norm_type, kernel_size, stride, padding, ceil_mode, data_format):
    norm_type = float(check.number(op, norm_type, "norm_type"))
    if norm_type == 0 or math.isnan(norm_type):
        raise ValueError(f"[{op}] argument 'norm_type': expected a nonzero number, but got {norm_type}")
    if norm_type == math.inf:  # the limit of the p-norm: the largest element
        return _pool(op, "max", x, nd, kernel_size, stride, padding, ceil_mode, data_format)
    ceil_mode = check.flag(op, ceil_mode, "ceil_mode")
    x, last = _to_channel_first(op, x, nd, data_format)
    kernel = _as_list(op, "kernel_size", kernel_size, nd)
    strides = kernel if stride is None else _as_list(op, "stride", stride, nd)
    if min(kernel) < 1 or min(strides) < 1:
        raise ValueError(f"[{op}] arguments 'kernel_size' and 'stride': expected ints >= 1, but got {kernel} and "
                         f"{strides}")
    pads = _paddings(op, padding, nd, x.shape[2:], kernel, strides)
    # Each window's sum of x^p, read exactly from an average pool over windows that
    # lie wholly inside a zero-padded x^p: the pad covers `padding` and, in
    # ceil_mode, windows that run past the end (Paddle's LP kernel sums only
    # the elements inside, i.e. treats the rest as zeros).
    per_dim = [0, 0, 0, 0]
    for d in range(nd):
        size = x.shape[2 + d] + pads[2 * d] + pads[2 * d + 1]
        span = size - kernel[d] + (strides[d] - 1 if ceil_mode else 0)
        if span < 0:
            raise ValueError(f"[{op}] kernel_size {kernel} is larger than the padded input {list(x.shape[2:])}")
        out = span // strides[d] + 1
        extra = max((out - 1) * strides[d] + kernel[d] - size, 0)
        per_dim += [pads[2 * d], pads[2 * d + 1] + extra]
    powered = paddle.pow(x, norm_type)
    powered = paddle.nn.functional.pad(powered, per_dim, mode="constant", value=0.0)
    mean = _C_ops.avg_pool(powered, kernel, strides, [0] * (2 * nd), False, False, False)
    out = paddle.pow(mean * float(math.prod(kernel)), 1.0 / norm_type)
    return _from_channel_first(out, last)


@aliases(x="input")
def lp_pool1d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NCL",
              name=None) -> Tensor:
    """Power-average pooling of x [N, C, L]: (sum of x^p over each window)^(1 / p),
    p = norm_type (p = inf gives max pooling). Zero padding adds nothing to a sum.

    Args:
        x (Tensor): [N, C, L] (or [N, L, C] with data_format="NLC"), floating point.
        norm_type (float): the exponent p, nonzero.
        kernel_size (int|list[int]): the window.
        stride (int|list[int], optional): the step; kernel_size when None.
        padding (int|list[int]|str, optional): zeros per side, [left, right], or 'SAME'/'VALID'. Default 0.
        ceil_mode (bool, optional): round the output size up (the last window may run past the end).
        data_format (str, optional): 'NCL' or 'NLC'.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[[3.0, 4.0, 1.0, 0.0]]])
        >>> paddle.nn.functional.lp_pool1d(x, norm_type=2, kernel_size=2).tolist()
        [[[5.0, 1.0]]]
    """
    return _lp_pool("lp_pool1d", x, 1, norm_type, kernel_size, stride, padding, ceil_mode, data_format)


@aliases(x="input")
def lp_pool2d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NCHW",
              name=None) -> Tensor:
    """Power-average pooling of x [N, C, H, W] (or NHWC): (sum of x^p over each window)^(1 / p);
    arguments as lp_pool1d, padding also [top, bottom, left, right].

    Examples:
        >>> import paddle
        >>> x = paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4])
        >>> paddle.nn.functional.lp_pool2d(x, norm_type=1, kernel_size=2).tolist()
        [[[[10.0, 18.0], [42.0, 50.0]]]]
    """
    return _lp_pool("lp_pool2d", x, 2, norm_type, kernel_size, stride, padding, ceil_mode, data_format)


# ---- max unpooling -----------------------------------------------------------

_UNPOOL_FORMATS = {1: "NCL", 2: "NCHW", 3: "NCDHW"}


def _unpool_output_size(op, in_sizes, kernel, strides, pads, output_size):
    default = [(n - 1) * s - 2 * p + k for n, s, p, k in zip(in_sizes, strides, pads, kernel)]
    if output_size is None:
        return default
    nd = len(in_sizes)
    sizes = check.int_list(op, output_size, "output_size")
    if len(sizes) == nd + 2:
        sizes = sizes[2:]
    if len(sizes) != nd:
        raise ValueError(f"[{op}] argument 'output_size': expected {nd} or {nd + 2} ints, but got {output_size}")
    for d, (size, base, s) in enumerate(zip(sizes, default, strides)):
        # The sizes whose max pooling (same kernel and stride) gives the input's size.
        if not base - s < size < base + s:
            raise ValueError(f"[{op}] argument 'output_size': expected dim {d} in ({base - s}, {base + s}), but got "
                             f"{size}")
    return sizes


def _max_unpool(op, nd, x, indices, kernel_size, stride, padding, data_format, output_size):
    check.tensor(op, x)
    check.tensor(op, indices, "indices")
    if data_format != _UNPOOL_FORMATS[nd]:
        raise ValueError(f"[{op}] argument 'data_format': expected {_UNPOOL_FORMATS[nd]!r}, but got {data_format!r}")
    if len(x.shape) != nd + 2:
        raise ValueError(f"[{op}] argument 'x': expected a {nd + 2}-D tensor ({data_format}), but got shape "
                         f"{list(x.shape)}")
    if indices.dtype not in (paddle.int32, paddle.int64):
        raise TypeError(f"[{op}] argument 'indices': expected an int32 or int64 Tensor, but got {check.got(indices)}")
    if list(indices.shape) != list(x.shape):
        raise ValueError(f"[{op}] argument 'indices': expected the shape of x {list(x.shape)}, but got "
                         f"{list(indices.shape)}")
    kernel = _as_list(op, "kernel_size", kernel_size, nd)
    strides = kernel if stride is None else _as_list(op, "stride", stride, nd)
    pads = _as_list(op, "padding", padding, nd)
    sizes = _unpool_output_size(op, list(x.shape[2:]), kernel, strides, pads, output_size)
    n, c = x.shape[:2]
    plane = math.prod(sizes)
    flat_index = indices.reshape([n, c, -1]).astype("int64")
    if flat_index.size:
        low, high = int(flat_index.min()), int(flat_index.max())
        if low < 0 or high >= plane:
            raise ValueError(f"[{op}] argument 'indices': expected values in [0, {plane}) for the output size "
                             f"{sizes}, but got values in [{low}, {high}]")
    out = paddle.put_along_axis(paddle.zeros([n, c, plane], x.dtype), flat_index, x.reshape([n, c, -1]), 2)
    return out.reshape([n, c, *sizes])


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, data_format="NCL", output_size=None,
                 name=None) -> Tensor:
    """The inverse of max_pool1d(return_mask=True): each value of x [N, C, L] goes to the
    position its index names in a zero output [N, C, L_out].

    L_out is (L - 1) * stride - 2 * padding + kernel_size unless output_size gives it.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[[1.0, 5.0, 2.0, 3.0]]])
        >>> pooled, mask = paddle.nn.functional.max_pool1d(x, 2, return_mask=True)
        >>> paddle.nn.functional.max_unpool1d(pooled, mask, 2).tolist()
        [[[0.0, 5.0, 0.0, 3.0]]]
    """
    return _max_unpool("max_unpool1d", 1, x, indices, kernel_size, stride, padding, data_format, output_size)


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, data_format="NCHW", output_size=None,
                 name=None) -> Tensor:
    """The inverse of max_pool2d(return_mask=True) for x [N, C, H, W]; indices are
    positions in each output plane (h * W_out + w)."""
    return _max_unpool("max_unpool2d", 2, x, indices, kernel_size, stride, padding, data_format, output_size)


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, data_format="NCDHW", output_size=None,
                 name=None) -> Tensor:
    """The inverse of max_pool3d(return_mask=True) for x [N, C, D, H, W]; indices are
    positions in each output volume ((d * H_out + h) * W_out + w)."""
    return _max_unpool("max_unpool3d", 3, x, indices, kernel_size, stride, padding, data_format, output_size)


# ---- fractional max pooling ----------------------------------------------------


def _fractional_windows(in_size, out_size, kernel, u):
    """[start, end) of each of the out_size pooling windows along a dim of in_size.

    As Paddle's kernel (in float32): with a kernel, alpha = (in - k) / (out - 1)
    and window i is [s_i, s_i + k) with s_i = int((i + u) alpha) - int(u alpha);
    without one (kernel 0), alpha = in / out, u is first scaled into the range
    that keeps every window within the input, and window i ends where i + 1 starts.
    """
    f32 = np.float32
    if kernel:
        alpha = f32(in_size - kernel) / f32(max(out_size - 1, 1))
    else:
        alpha = f32(in_size) / f32(out_size)
        base = in_size // out_size
        u_max = min(f32(base + 2) / alpha - f32(1), f32(in_size + 1 - base) / alpha - f32(out_size - 1))
        u = f32(u) * f32(u_max)
    u = f32(u)
    offset = int(u * alpha)
    starts = [int((f32(i) + u) * alpha) - offset for i in range(out_size)]
    if kernel:
        ends = [s + kernel for s in starts]
    else:
        ends = [int((f32(i + 1) + u) * alpha) - offset for i in range(out_size)]
    return [(max(s, 0), min(e, in_size)) for s, e in zip(starts, ends)]


def _spread(per_dim, nd, sizes):
    """Each dim's [out_d, width_d] array broadcast to [out_1, ..., out_nd, width_1, ..., width_nd]."""
    spread = []
    for d, a in enumerate(per_dim):
        shape = [1] * (2 * nd)
        shape[d], shape[nd + d] = a.shape
        spread.append(np.broadcast_to(a.reshape(shape), sizes + [p.shape[1] for p in per_dim]))
    return spread


def _fractional_max_pool(op, nd, x, output_size, kernel_size, random_u, return_mask):
    check.tensor(op, x)
    if len(x.shape) != nd + 2:
        raise ValueError(f"[{op}] argument 'x': expected a {nd + 2}-D tensor, but got shape {list(x.shape)}")
    if not x.dtype.name.startswith(("float", "bfloat")):
        raise TypeError(f"[{op}] argument 'x': expected a floating-point Tensor, but got {check.got(x)}")
    spatial = list(x.shape[2:])
    if isinstance(output_size, (list, tuple)):  # a None keeps that dim's size
        output_size = [spatial[d] if s is None and d < nd else s for d, s in enumerate(output_size)]
    sizes = _as_list(op, "output_size", output_size, nd)
    kernel = [0] * nd if kernel_size is None else _as_list(op, "kernel_size", kernel_size, nd)
    for d in range(nd):
        if sizes[d] < 1 or kernel[d] < 0:
            raise ValueError(f"[{op}] arguments 'output_size' and 'kernel_size': expected sizes >= 1, but got "
                             f"{sizes} and {kernel_size}")
        if spatial[d] < sizes[d] + max(kernel[d] - 1, 0):
            raise ValueError(f"[{op}] spatial dim {d} of x has size {spatial[d]}: too small for {sizes[d]} windows "
                             f"of kernel size {kernel[d] or 'at least 1'}")
    if random_u is None:
        random_u = float(paddle.rand([1]).item())
    random_u = check.number(op, random_u, "random_u")
    if not 0 < random_u < 1:
        raise ValueError(f"[{op}] argument 'random_u': expected a number in (0, 1), but got {random_u}")
    # Per dim, the positions of each window (padded to the widest by repeating the
    # first) and which of them are real.
    positions, valid = [], []
    for d in range(nd):
        spans = _fractional_windows(spatial[d], sizes[d], kernel[d], random_u)
        offsets = range(max(e - s for s, e in spans))
        positions.append(np.array([[s + o if s + o < e else s for o in offsets] for s, e in spans]))
        valid.append(np.array([[s + o < e for o in offsets] for s, e in spans]))
    # Gather every window: dim d of size n becomes (out_d, width_d).
    gathered = x
    for d in range(nd):
        axis = 2 + 2 * d
        index = paddle.to_tensor(positions[d].reshape([-1]).astype("int64"))
        gathered = paddle.index_select(gathered, index, axis=axis)
        shape = list(gathered.shape)
        gathered = gathered.reshape(shape[:axis] + list(positions[d].shape) + shape[axis + 1:])
    # [N, C, o1, w1, o2, w2, ...] -> [N, C, o1, o2, ..., w1 * w2 * ...]
    perm = [0, 1] + [2 + 2 * d for d in range(nd)] + [3 + 2 * d for d in range(nd)]
    windows = gathered.transpose(perm).reshape(list(x.shape[:2]) + sizes + [-1])
    mask = np.logical_and.reduce(_spread(valid, nd, sizes))
    window_mask = paddle.to_tensor(mask.reshape(sizes + [-1]))
    lowest = paddle.full([], -math.inf, x.dtype)
    windows = paddle.where(window_mask, windows, lowest)
    best = paddle.argmax(windows, axis=-1, keepdim=True)  # the first maximum, as the kernel's scan
    out = paddle.take_along_axis(windows, best, axis=-1).squeeze(-1)
    if not check.flag(op, return_mask, "return_mask"):
        return out
    # The flat input position of each chosen element.
    strides = [math.prod(spatial[d + 1:]) for d in range(nd)]
    flat = sum(p * stride for p, stride in zip(_spread(positions, nd, sizes), strides))
    where = paddle.to_tensor(flat.reshape(sizes + [-1]).astype("int64"))
    index = paddle.take_along_axis(where.expand(list(windows.shape)), best, axis=-1).squeeze(-1)
    return out, index.astype("int32")


def fractional_max_pool2d(x, output_size, kernel_size=None, random_u=None, return_mask=False,
                          name=None) -> Tensor:
    """Fractional max pooling (Graham, 2015) of x [N, C, H, W] into output_size windows
    per spatial dim whose sizes and steps vary pseudo-randomly with u = random_u.

    Without kernel_size the windows tile each dim: with alpha = in / out, window i
    spans [int((i + u') alpha) - int(u' alpha), int((i + 1 + u') alpha) - int(u' alpha)),
    u' being u scaled so that the last window ends inside the input. With kernel_size
    k, alpha = (in - k) / (out - 1) and every window has size k.

    Args:
        x (Tensor): [N, C, H, W], floating point.
        output_size (int|list[int]): the output's H and W; a None keeps the input's size.
        kernel_size (int|list[int], optional): a fixed window size; tiling windows when None.
        random_u (float, optional): u in (0, 1); drawn from paddle's generator when None.
        return_mask (bool, optional): also return each maximum's position in its input
            plane (h * W + w, int32). Default False.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([2.0, 4.0, 3.0, 1.0, 5.0, 2.0, 3.0]).reshape([1, 1, 1, 7])
        >>> paddle.nn.functional.fractional_max_pool2d(x, [1, 5], random_u=0.3).flatten().tolist()
        [2.0, 4.0, 1.0, 5.0, 3.0]
    """
    return _fractional_max_pool("fractional_max_pool2d", 2, x, output_size, kernel_size, random_u, return_mask)


def fractional_max_pool3d(x, output_size, kernel_size=None, random_u=None, return_mask=False,
                          name=None) -> Tensor:
    """Fractional max pooling of x [N, C, D, H, W]; arguments as fractional_max_pool2d
    (the mask holds (d * H + h) * W + w)."""
    return _fractional_max_pool("fractional_max_pool3d", 3, x, output_size, kernel_size, random_u, return_mask)
