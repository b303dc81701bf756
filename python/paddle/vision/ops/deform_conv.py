"""Deformable convolution v1/v2 (deform_conv2d, DeformConv2D): a
convolution whose every kernel tap reads x at its own learned offset (and,
with a mask, scaled by its own modulation), composed as bilinear sampling
by gathers followed by one grouped matmul. Differentiable with respect to
x, offset, mask, weight and bias.
"""

from __future__ import annotations

import math

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.framework import get_default_dtype
from paddle.nn.initializer import Normal
from paddle.nn.layer.layers import Layer
from paddle.vision.ops import _arguments as arg


def _sample_bilinear(x: Tensor, y: Tensor, x_pos: Tensor, groups: int) -> Tensor:
    """x [N, C, H, W] read at positions (y, x_pos) [N, G, P]: [N, C, P], channel group g
    at its own positions. A position more than a pixel outside reads zero, and
    corners outside the image count as zeros, as Paddle's kernel."""
    n, c, h, w = x.shape
    points = y.shape[-1]
    top, left = paddle.floor(y).detach(), paddle.floor(x_pos).detach()
    dy, dx = y - top, x_pos - left
    near = ((y > -1) & (y < h) & (x_pos > -1) & (x_pos < w)).astype(x.dtype)
    weights, indices = [], []
    for row, row_weight in ((top, 1 - dy), (top + 1, dy)):
        for col, col_weight in ((left, 1 - dx), (left + 1, dx)):
            on_image = ((row >= 0) & (row < h) & (col >= 0) & (col < w)).astype(x.dtype)
            weights.append(row_weight * col_weight * on_image * near)
            indices.append((row.clip(0, h - 1) * w + col.clip(0, w - 1)).astype("int64"))
    index = paddle.concat(indices, axis=-1).unsqueeze(2)  # [N, G, 1, 4P]
    pixels = x.reshape([n, groups, c // groups, h * w])
    corners = paddle.take_along_axis(pixels, index, axis=3).reshape([n, groups, c // groups, 4, points])
    weight = paddle.stack(weights, axis=2).unsqueeze(2)  # [N, G, 1, 4, P]
    return (corners * weight).sum(axis=3).reshape([n, c, points])


def _checked_output_size(op, x, offset, weight, bias, mask, stride, padding, dilation, deformable_groups, groups):
    """(H_out, W_out), once the tensors' dtypes and shapes agree with each other and the arguments."""
    arg.floating(op, arg.rank(op, x, "x", 4), "x")
    for name, value in (("offset", offset), ("weight", weight), ("mask", mask)):
        if value is not None or name != "mask":
            arg.same_dtype(op, arg.rank(op, value, name, 4), name, x, "x")
    n, c_in, h, w = x.shape
    c_out, c_per_group, kh, kw = weight.shape
    if c_in % deformable_groups or c_in % groups or c_out % groups:
        raise ValueError(f"[{op}] expected in_channels ({c_in}) divisible by deformable_groups ({deformable_groups}) "
                         f"and groups ({groups}), and out_channels ({c_out}) by groups, but got shapes x "
                         f"{list(x.shape)} and weight {list(weight.shape)}")
    if c_per_group * groups != c_in:
        raise ValueError(f"[{op}] argument 'weight': expected {c_in // groups} input channels per group, but got "
                         f"shape {list(weight.shape)}")
    h_out = (h + 2 * padding[0] - (dilation[0] * (kh - 1) + 1)) // stride[0] + 1
    w_out = (w + 2 * padding[1] - (dilation[1] * (kw - 1) + 1)) // stride[1] + 1
    expected = {"offset": [n, 2 * deformable_groups * kh * kw, h_out, w_out],
                "mask": [n, deformable_groups * kh * kw, h_out, w_out]}
    for name, value in (("offset", offset), ("mask", mask)):
        if value is not None and list(value.shape) != expected[name]:
            raise ValueError(f"[{op}] argument '{name}': expected shape {expected[name]}, but got "
                             f"{list(value.shape)}")
    if bias is not None and list(arg.same_dtype(op, arg.rank(op, bias, "bias", 1), "bias", x, "x").shape) != [c_out]:
        raise ValueError(f"[{op}] argument 'bias': expected shape {[c_out]}, but got {list(bias.shape)}")
    return h_out, w_out


def deform_conv2d(x, offset, weight, bias=None, stride=1, padding=0, dilation=1, deformable_groups=1, groups=1,
                  mask=None, name=None) -> Tensor:
    """Deformable 2-D convolution: v1 (mask None) or v2 (modulated by mask).

    Kernel tap (i, j) of output pixel (oy, ox) reads x at
    (oy * stride - padding + i * dilation + dy, ox * stride - padding + j * dilation + dx),
    bilinearly, where (dy, dx) are channels 2k and 2k + 1 (k = i * kw + j) of
    offset in the tap's deformable group; with a mask the value is multiplied
    by mask channel k of that group.

    Args:
        x (Tensor): [N, C_in, H, W], float32 or float64.
        offset (Tensor): [N, 2 * deformable_groups * kh * kw, H_out, W_out].
        weight (Tensor): [C_out, C_in / groups, kh, kw].
        bias (Tensor, optional): [C_out].
        stride, padding, dilation (int|list[int], optional): as in conv2d (padding is zeros).
        deformable_groups (int, optional): channel groups of x with their own offsets. Default 1.
        groups (int, optional): convolution groups. Default 1.
        mask (Tensor, optional): [N, deformable_groups * kh * kw, H_out, W_out]. Default None.
        name (str, optional): unused, for compatibility.

    Returns:
        Tensor: [N, C_out, H_out, W_out].

    Examples:
        >>> import paddle
        >>> x = paddle.arange(9, dtype="float32").reshape([1, 1, 3, 3])
        >>> weight = paddle.ones([1, 1, 1, 1])
        >>> offset = paddle.full([1, 2, 3, 3], 0.5)  # the tap reads half a pixel down and right
        >>> paddle.vision.ops.deform_conv2d(x, offset, weight).numpy().tolist()
        [[[[2.0, 3.0, 1.75], [5.0, 6.0, 3.25], [3.25, 3.75, 2.0]]]]
    """
    op = "deform_conv2d"
    stride = arg.pair(op, stride, "stride")
    padding = arg.pair(op, padding, "padding", least=0)
    dilation = arg.pair(op, dilation, "dilation")
    deformable_groups = check.integer(op, deformable_groups, "deformable_groups", min=1)
    groups = check.integer(op, groups, "groups", min=1)
    h_out, w_out = _checked_output_size(op, x, offset, weight, bias, mask, stride, padding, dilation,
                                        deformable_groups, groups)
    n, c_in = x.shape[:2]
    c_out, c_per_group, kh, kw = weight.shape
    taps = kh * kw

    # Undeformed tap positions [taps, H_out * W_out], then shifted by the offsets.
    tap_y = np.repeat(np.arange(kh) * dilation[0], kw)[:, None, None]
    tap_x = np.tile(np.arange(kw) * dilation[1], kh)[:, None, None]
    base_y = tap_y + (np.arange(h_out) * stride[0] - padding[0])[None, :, None] + np.zeros((1, 1, w_out))
    base_x = tap_x + (np.arange(w_out) * stride[1] - padding[1])[None, None, :] + np.zeros((1, h_out, 1))
    shifts = offset.reshape([n, deformable_groups, taps, 2, h_out * w_out])
    points = taps * h_out * w_out
    y = (shifts[:, :, :, 0] + arg.constant(base_y.reshape(taps, -1), x)).reshape([n, deformable_groups, points])
    x_pos = (shifts[:, :, :, 1] + arg.constant(base_x.reshape(taps, -1), x)).reshape([n, deformable_groups, points])
    columns = _sample_bilinear(x, y, x_pos, deformable_groups)  # [N, C_in, taps * L]
    if mask is not None:
        per_group = c_in // deformable_groups
        modulation = mask.reshape([n, deformable_groups, 1, points])
        columns = (columns.reshape([n, deformable_groups, per_group, points]) * modulation).reshape([n, c_in, points])
    columns = columns.reshape([n, groups, c_per_group * taps, h_out * w_out])
    kernels = weight.reshape([1, groups, c_out // groups, c_per_group * taps])
    out = paddle.matmul(kernels, columns).reshape([n, c_out, h_out, w_out])
    if bias is not None:
        out = out + bias.reshape([1, c_out, 1, 1])
    return out


class DeformConv2D(Layer):
    """The layer of deform_conv2d, with its weight [out_channels, in_channels / groups, kh, kw]
    (default Normal(0, sqrt(2 / (kh * kw * in_channels))), as Paddle) and bias [out_channels]
    (default zeros). Called as layer(x, offset, mask=None).

    Args:
        in_channels (int): channels of x.
        out_channels (int): channels of the output.
        kernel_size (int|list[int]): (kh, kw).
        stride, padding, dilation (int|list[int], optional): as in deform_conv2d.
        deformable_groups (int, optional): Default 1.
        groups (int, optional): Default 1.
        weight_attr (ParamAttr, optional): the weight's attributes.
        bias_attr (ParamAttr|bool, optional): the bias's attributes; False for no bias.

    Examples:
        >>> import paddle
        >>> layer = paddle.vision.ops.DeformConv2D(4, 6, kernel_size=3, padding=1)
        >>> x = paddle.ones([2, 4, 5, 5])
        >>> layer(x, paddle.zeros([2, 18, 5, 5])).shape
        paddle.Size([2, 6, 5, 5])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, deformable_groups=1,
                 groups=1, weight_attr=None, bias_attr=None):
        super().__init__()
        op = "DeformConv2D"
        self._dtype = get_default_dtype()
        self._in_channels = check.integer(op, in_channels, "in_channels", min=1)
        self._out_channels = check.integer(op, out_channels, "out_channels", min=1)
        self._groups = check.integer(op, groups, "groups", min=1)
        self._deformable_groups = check.integer(op, deformable_groups, "deformable_groups", min=1)
        if self._in_channels % self._groups:
            raise ValueError(f"[{op}] argument 'in_channels': expected a multiple of groups ({self._groups}), but "
                             f"got {self._in_channels}")
        self._kernel_size = list(arg.pair(op, kernel_size, "kernel_size"))
        self._stride = list(arg.pair(op, stride, "stride"))
        self._padding = list(arg.pair(op, padding, "padding", least=0))
        self._dilation = list(arg.pair(op, dilation, "dilation"))
        if weight_attr is False:
            raise ValueError(f"[{op}] argument 'weight_attr': expected a ParamAttr or None, but got False")
        std = math.sqrt(2.0 / (math.prod(self._kernel_size) * self._in_channels))
        shape = [self._out_channels, self._in_channels // self._groups] + self._kernel_size
        self.weight = self.create_parameter(shape, attr=weight_attr, default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter([self._out_channels], attr=bias_attr, is_bias=True)

    def forward(self, x, offset, mask=None) -> Tensor:
        return deform_conv2d(x, offset, self.weight, self.bias, self._stride, self._padding, self._dilation,
                             self._deformable_groups, self._groups, mask)

    def extra_repr(self) -> str:
        return (f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}, stride={self._stride}, "
                f"padding={self._padding}, dilation={self._dilation}, deformable_groups={self._deformable_groups}, "
                f"groups={self._groups}")
