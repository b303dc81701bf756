"""Convolution and its building blocks: unfold (im2col), fold (col2im), conv2d."""

from __future__ import annotations

import numbers

from paddle._C import Tensor, _C_ops


def _pair(value, name: str, op: str) -> list[int]:
    if isinstance(value, numbers.Integral):
        return [int(value)] * 2
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return [int(v) for v in value]
    raise ValueError(f"[{op}] argument '{name}': expected an int or 2 ints, but got {value!r}")


def _paddings(value, op: str) -> list[int]:
    """[top, left, bottom, right] from an int, [h, w] or [top, left, bottom, right]."""
    if isinstance(value, numbers.Integral):
        return [int(value)] * 4
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return [int(value[0]), int(value[1]), int(value[0]), int(value[1])]
    if isinstance(value, (list, tuple)) and len(value) == 4:
        return [int(v) for v in value]
    raise ValueError(f"[{op}] argument 'paddings': expected an int, 2 or 4 ints, but got {value!r}")


def unfold(x, kernel_sizes, strides=1, paddings=0, dilations=1, name=None) -> Tensor:
    """Sliding blocks of an NCHW tensor as columns: [N, C*kh*kw, L] (im2col).

    Examples:
        >>> import paddle
        >>> x = paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4])
        >>> paddle.nn.functional.unfold(x, 2, strides=2).shape
        [1, 4, 4]
    """
    return _C_ops.unfold(x, _pair(kernel_sizes, "kernel_sizes", "unfold"), _pair(strides, "strides", "unfold"),
                         _paddings(paddings, "unfold"), _pair(dilations, "dilations", "unfold"))


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
    if not isinstance(x, Tensor) or not isinstance(weight, Tensor):
        raise TypeError("[conv2d] arguments 'x' and 'weight' must be Tensors")
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
        paddings = [int(padding[0]), int(padding[2]), int(padding[1]), int(padding[3])]
    else:
        paddings = _paddings(padding, "conv2d")
    out = _C_ops.conv2d(x, weight, strides, paddings, dilations, groups)
    if bias is not None:
        out = out + bias.reshape([1, -1, 1, 1])
    return out.transpose([0, 2, 3, 1]) if data_format == "NHWC" else out
