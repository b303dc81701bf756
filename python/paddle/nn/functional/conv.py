"""Convolution and its building blocks: unfold (im2col), fold (col2im), conv2d."""

from __future__ import annotations

import numbers

from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases


def _pair(value, name: str, op: str) -> list[int]:
    if isinstance(value, numbers.Integral):
        return [int(value)] * 2
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, numbers.Integral) for v in value):
        return [int(v) for v in value]
    raise ValueError(f"[{op}] argument '{name}': expected an int or 2 ints, but got {value!r}")


def _paddings(value, op: str) -> list[int]:
    """[top, left, bottom, right] from an int, [h, w] or [top, left, bottom, right]."""
    if isinstance(value, numbers.Integral):
        return [int(value)] * 4
    ints = isinstance(value, (list, tuple)) and all(isinstance(v, numbers.Integral) for v in value)
    if ints and len(value) == 2:
        return [int(value[0]), int(value[1]), int(value[0]), int(value[1])]
    if ints and len(value) == 4:
        return [int(v) for v in value]
    raise ValueError(f"[{op}] argument 'paddings': expected an int, 2 or 4 ints, but got {value!r}")


def unfold(x, kernel_sizes, strides=1, paddings=0, dilations=1, name=None) -> Tensor:
    """Sliding blocks of an NCHW tensor as columns: [N, C*kh*kw, L] (im2col).

    Examples:
        >>> import paddle
        >>> x = paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4])
        >>> paddle.nn.functional.unfold(x, 2, strides=2).shape
        paddle.Size([1, 4, 4])
    """
    return _C_ops.unfold(x, _pair(kernel_sizes, "kernel_sizes", "unfold"), _pair(strides, "strides", "unfold"),
                         _paddings(paddings, "unfold"), _pair(dilations, "dilations", "unfold"))


@aliases(x="input")
def fold(x, output_sizes, kernel_sizes, strides=1, paddings=0, dilations=1, name=None) -> Tensor:
    """Sums columns [N, C*kh*kw, L] back into [N, C, H, W] (col2im), the adjoint of unfold.

    Examples:
        >>> import paddle
        >>> cols = paddle.ones([1, 4, 4])
        >>> paddle.nn.functional.fold(cols, [3, 3], 2).numpy()[0, 0].tolist()
        [[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]
    """
    return _C_ops.fold(x, _pair(output_sizes, "output_sizes", "fold"), _pair(kernel_sizes, "kernel_sizes", "fold"),
                       _pair(strides, "strides", "fold"), _paddings(paddings, "fold"),
                       _pair(dilations, "dilations", "fold"))


@aliases(x="input")
def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCHW",
           name=None) -> Tensor:
    """2-D convolution (cross-correlation) of x with weight [OC, C/groups, kh, kw].

    Args:
        x (Tensor): [N, C, H, W] (or [N, H, W, C] with data_format="NHWC").
        weight (Tensor): [OC, C / groups, kh, kw].
        bias (Tensor, optional): [OC].
        stride, dilation (int|list[int]): per spatial dim.
        padding (int|list[int]|str): int, [h, w], [top, bottom, left, right]
            (Paddle's order) or "VALID" / "SAME".
        groups (int): channel groups.
        data_format (str): "NCHW" or "NHWC".

    Examples:
        >>> import paddle
        >>> x = paddle.ones([1, 1, 3, 3])
        >>> w = paddle.ones([1, 1, 2, 2])
        >>> paddle.nn.functional.conv2d(x, w).numpy()[0, 0].tolist()
        [[4.0, 4.0], [4.0, 4.0]]
    """
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"[conv2d] argument 'data_format': expected 'NCHW' or 'NHWC', but got {data_format!r}")
    check.tensor("conv2d", x, "x")
    check.tensor("conv2d", weight, "weight")
    if data_format == "NHWC":
        x = x.transpose([0, 3, 1, 2])
    strides = _pair(stride, "stride", "conv2d")
    dilations = _pair(dilation, "dilation", "conv2d")
    if isinstance(padding, str):
        if padding.upper() == "VALID":
            paddings = [0, 0, 0, 0]
        elif padding.upper() == "SAME":
            paddings = []
            for dim, k, s, d in zip(x.shape[2:], weight.shape[2:], strides, dilations):
                out = -(-dim // s)
                total = max((out - 1) * s + d * (k - 1) + 1 - dim, 0)
                paddings.append((total // 2, total - total // 2))
            paddings = [paddings[0][0], paddings[1][0], paddings[0][1], paddings[1][1]]
        else:
            raise ValueError(f"[conv2d] argument 'padding': expected 'SAME' or 'VALID', but got {padding!r}")
    elif isinstance(padding, (list, tuple)) and len(padding) == 4:  # Paddle: [top, bottom, left, right]
        top, bottom, left, right = check.int_list("conv2d", padding, "padding")
        paddings = [top, left, bottom, right]
    else:
        paddings = _paddings(padding, "conv2d")
    out = _C_ops.conv2d(x, weight, strides, paddings, dilations, groups)
    if bias is not None:
        out = out + check.tensor("conv2d", bias, "bias").reshape([1, -1, 1, 1])
    return out.transpose([0, 2, 3, 1]) if data_format == "NHWC" else out


def _check_format(op, data_format, formats):
    if data_format not in formats:
        raise ValueError(f"[{op}] argument 'data_format': expected one of {formats}, but got {data_format!r}")


def _one(op, value, arg):
    """An int given as an int or a 1-element list (a 1-D convolution's stride, dilation, ...)."""
    values = check.int_list(op, value, arg, allow_int=True)
    if len(values) != 1:
        raise ValueError(f"[{op}] argument '{arg}': expected an int or a list of 1 int, but got {value!r}")
    return values[0]


def _check_3d(op, x, weight):
    for arg, t in (("x", x), ("weight", weight)):
        if len(check.tensor(op, t, arg).shape) != 3:
            raise ValueError(f"[{op}] argument '{arg}': expected a 3-D tensor, but got shape {list(t.shape)}")


@aliases(x="input")
def conv1d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCL", name=None) -> Tensor:
    """1-D convolution of x [N, C, L] with weight [OC, C/groups, k], as a conv2d of height 1."""
    _check_format("conv1d", data_format, ("NCL", "NLC"))
    _check_3d("conv1d", x, weight)
    if data_format == "NLC":
        x = x.transpose([0, 2, 1])
    if isinstance(padding, str):
        pad2 = padding
    else:
        p = check.int_list("conv1d", padding, "padding", allow_int=True)
        if len(p) not in (1, 2):
            raise ValueError(f"[conv1d] argument 'padding': expected an int or 1 or 2 ints, but got {padding!r}")
        pad2 = [0, 0] + (p if len(p) == 2 else p * 2)  # [top, bottom, left, right]
    stride, dilation = _one("conv1d", stride, "stride"), _one("conv1d", dilation, "dilation")
    out = conv2d(x.unsqueeze(2), weight.unsqueeze(2), bias, [1, stride], pad2, [1, dilation], groups)
    out = out.squeeze(2)
    return out.transpose([0, 2, 1]) if data_format == "NLC" else out


def conv2d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, dilation=1, groups=1,
                     output_size=None, data_format="NCHW", name=None) -> Tensor:
    """The transpose (gradient) of conv2d: x [N, C, H, W], weight [C, OC/groups, kh, kw].
    (Paddle orders dilation before groups here, but groups first in conv1d_transpose and conv3d_transpose.)

    Examples:
        >>> import paddle
        >>> y = paddle.nn.functional.conv2d_transpose(paddle.ones([1, 1, 2, 2]), paddle.ones([1, 1, 2, 2]), stride=2)
        >>> y.shape
        paddle.Size([1, 1, 4, 4])
    """
    _check_format("conv2d_transpose", data_format, ("NCHW", "NHWC"))
    if not isinstance(x, check.TENSOR_TYPES) or len(x.shape) != 4 or not isinstance(weight, check.TENSOR_TYPES) \
            or len(weight.shape) != 4:
        raise ValueError("[conv2d_transpose] x and weight must be 4-D tensors")
    if data_format == "NHWC":
        x = x.transpose([0, 3, 1, 2])
    n, c, h, w = x.shape
    groups = check.integer("conv2d_transpose", groups, "groups", min=1)
    if c != weight.shape[0] or c % groups:
        raise ValueError(f"[conv2d_transpose] weight.shape[0] ({weight.shape[0]}) must equal the input channels "
                         f"({c}), divisible by groups ({groups})")
    strides = _pair(stride, "stride", "conv2d_transpose")
    dilations = _pair(dilation, "dilation", "conv2d_transpose")
    if isinstance(padding, (list, tuple)) and len(padding) == 4:  # [top, bottom, left, right]
        top, bottom, left, right = check.int_list("conv2d_transpose", padding, "padding")
        pads = [top, left, bottom, right]
    else:
        pads = _paddings(padding, "conv2d_transpose")  # [top, left, bottom, right]
    kh, kw = weight.shape[2:]
    sizes = [(h - 1) * strides[0] - pads[0] - pads[2] + dilations[0] * (kh - 1) + 1,
             (w - 1) * strides[1] - pads[1] - pads[3] + dilations[1] * (kw - 1) + 1]
    extra = _pair(output_padding, "output_padding", "conv2d_transpose")
    if output_size is not None:
        extra = [int(o) - s for o, s in zip(_pair(output_size, "output_size", "conv2d_transpose"), sizes)]
    if any(e < 0 or e >= max(s, d) for e, s, d in zip(extra, strides, dilations)):
        raise ValueError(f"[conv2d_transpose] output_padding {extra} must be in [0, max(stride, dilation))")
    sizes = [s + e for s, e in zip(sizes, extra)]
    out = _C_ops.conv2d_transpose(x, weight, sizes, strides, pads, dilations, groups)
    if bias is not None:
        out = out + check.tensor("conv2d_transpose", bias, "bias").reshape([1, -1, 1, 1])
    return out.transpose([0, 2, 3, 1]) if data_format == "NHWC" else out


def conv1d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1,
                     output_size=None, data_format="NCL", name=None) -> Tensor:
    """The transpose of conv1d: x [N, C, L], weight [C, OC/groups, k]."""
    op = "conv1d_transpose"
    _check_format(op, data_format, ("NCL", "NLC"))
    _check_3d(op, x, weight)
    if data_format == "NLC":
        x = x.transpose([0, 2, 1])
    pad = [0, 0] + [_one(op, padding, "padding")] * 2 if not isinstance(padding, str) else padding
    out = conv2d_transpose(x.unsqueeze(2), weight.unsqueeze(2), bias, [1, _one(op, stride, "stride")], pad,
                           [0, _one(op, output_padding, "output_padding")],
                           groups=check.integer(op, groups, "groups", min=1),
                           dilation=[1, _one(op, dilation, "dilation")],
                           output_size=None if output_size is None else [1, _one(op, output_size, "output_size")])
    out = out.squeeze(2)
    return out.transpose([0, 2, 1]) if data_format == "NLC" else out


@aliases(x="input")
def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCDHW", name=None) -> Tensor:
    """3-D convolution of x [N, C, D, H, W] with weight [OC, C/groups, kd, kh, kw]: per output
    depth, the sum over the kernel's depth of conv2d of the matching input slices."""
    _check_format("conv3d", data_format, ("NCDHW", "NDHWC"))
    if not isinstance(x, check.TENSOR_TYPES) or len(x.shape) != 5 or not isinstance(weight, check.TENSOR_TYPES) \
            or len(weight.shape) != 5:
        raise ValueError("[conv3d] x and weight must be 5-D tensors")
    if data_format == "NDHWC":
        x = x.transpose([0, 4, 1, 2, 3])
    s, d, p = (check.int_list("conv3d", v, arg, allow_int=True)
               for v, arg in ((stride, "stride"), (dilation, "dilation"), (padding, "padding")))
    s, d, p = (v * 3 if len(v) == 1 else v for v in (s, d, p))
    if len(s) != 3 or len(d) != 3 or len(p) != 3:
        raise ValueError("[conv3d] stride, padding and dilation must be an int or 3 ints")
    for values, arg, least in ((s, "stride", 1), (d, "dilation", 1), (p, "padding", 0)):
        if min(values) < least:
            raise ValueError(f"[conv3d] argument '{arg}': expected ints >= {least}, but got {values}")
    out = _C_ops.conv3d(x, weight, s, p, d, check.integer("conv3d", groups, "groups", min=1))
    if bias is not None:
        out = out + check.tensor("conv3d", bias, "bias").reshape([1, -1, 1, 1, 1])
    return out.transpose([0, 2, 3, 4, 1]) if data_format == "NDHWC" else out


def _triple(op, value, arg):
    values = check.int_list(op, value, arg, allow_int=True)
    if len(values) == 1:
        values = values * 3
    if len(values) != 3:
        raise ValueError(f"[{op}] argument '{arg}': expected an int or 3 ints, but got {value!r}")
    return values


def conv3d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1,
                     output_size=None, data_format="NCDHW", name=None) -> Tensor:
    """The transpose (gradient) of conv3d: x [N, C, D, H, W], weight [C, OC/groups, kd, kh, kw].

    Computed as one conv2d_transpose over height and width per kernel depth tap (the depth slices
    batched together), each result spread along the output depth with the stride and summed.

    Args:
        padding (int|list[int]|str): an int, 3 ints, 6 ints [front, back, top, bottom, left, right], or
            'VALID'.
        output_padding (int|list[int]): extra size at the end of each spatial dim, < max(stride, dilation).
        output_size (list[int], optional): the output's [D, H, W]; sets output_padding.
        Others as conv3d.

    Examples:
        >>> import paddle
        >>> y = paddle.nn.functional.conv3d_transpose(paddle.ones([1, 2, 2, 2, 2]), paddle.ones([2, 3, 2, 2, 2]),
        ...                                           stride=2)
        >>> y.shape, float(y.sum())
        (paddle.Size([1, 3, 4, 4, 4]), 384.0)
    """
    import paddle

    op = "conv3d_transpose"
    _check_format(op, data_format, ("NCDHW", "NDHWC"))
    for arg, t in (("x", x), ("weight", weight)):
        if len(check.tensor(op, t, arg).shape) != 5:
            raise ValueError(f"[{op}] argument '{arg}': expected a 5-D tensor, but got shape {list(t.shape)}")
    if data_format == "NDHWC":
        x = x.transpose([0, 4, 1, 2, 3])
    n, c, depth, h, w = x.shape
    groups = check.integer(op, groups, "groups", min=1)
    if c != weight.shape[0] or c % groups:
        raise ValueError(f"[{op}] weight.shape[0] ({weight.shape[0]}) must equal the input channels ({c}), "
                         f"divisible by groups ({groups})")
    s, d = _triple(op, stride, "stride"), _triple(op, dilation, "dilation")
    if isinstance(padding, str):
        if padding.upper() != "VALID":
            raise ValueError(f"[{op}] argument 'padding': expected 'VALID' or ints, but got {padding!r}")
        padding = 0
    pads = check.int_list(op, padding, "padding", allow_int=True)
    if len(pads) == 1:
        pads = pads * 6
    elif len(pads) == 3:
        pads = [p for p in pads for _ in range(2)]
    if len(pads) != 6:
        raise ValueError(f"[{op}] argument 'padding': expected an int, 3 or 6 ints, but got {padding!r}")
    k = weight.shape[2:]
    full = [(i - 1) * st + dl * (kk - 1) + 1 for i, st, dl, kk in zip((depth, h, w), s, d, k)]
    base = [f - pads[2 * i] - pads[2 * i + 1] for i, f in enumerate(full)]
    extra = _triple(op, output_padding, "output_padding")
    if output_size is not None:
        extra = [int(o) - b for o, b in zip(_triple(op, output_size, "output_size"), base)]
    if any(e < 0 or e >= max(st, dl) for e, st, dl in zip(extra, s, d)):
        raise ValueError(f"[{op}] output_padding {extra} must be in [0, max(stride, dilation))")
    out_depth = base[0] + extra[0]
    # Each input depth slice is a batch item of the 2-D transposed convolutions.
    slices = x.transpose([0, 2, 1, 3, 4]).reshape([n * depth, c, h, w])
    spread_len = (depth - 1) * s[0] + 1
    total = max(full[0], pads[0] + out_depth)
    acc = None
    for tap in range(k[0]):
        y = conv2d_transpose(slices, weight[:, :, tap], None, s[1:], pads[2:], extra[1:], groups=groups, dilation=d[1:])
        y = y.reshape([n, depth] + y.shape[1:]).transpose([0, 2, 1, 3, 4])  # [N, OC, D, Ho, Wo]
        if s[0] > 1:  # input slice i lands on depth i * stride
            y = paddle.stack([y] + [paddle.zeros_like(y)] * (s[0] - 1), axis=3)
            y = y.reshape([y.shape[0], y.shape[1], depth * s[0]] + y.shape[4:])[:, :, :spread_len]
        front, back = tap * d[0], total - tap * d[0] - spread_len
        parts = [y]
        if front:
            parts.insert(0, paddle.zeros(y.shape[:2] + [front] + y.shape[3:], y.dtype))
        if back:
            parts.append(paddle.zeros(y.shape[:2] + [back] + y.shape[3:], y.dtype))
        y = paddle.concat(parts, axis=2) if len(parts) > 1 else y
        acc = y if acc is None else acc + y
    out = acc[:, :, pads[0]:pads[0] + out_depth]
    if bias is not None:
        out = out + check.tensor(op, bias, "bias").reshape([1, -1, 1, 1, 1])
    return out.transpose([0, 2, 3, 4, 1]) if data_format == "NDHWC" else out
