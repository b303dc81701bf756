"""Convolution layers: Conv1D/2D/3D and Conv1D/2DTranspose over ``paddle.nn.functional``.

One base, ``_ConvNd``, checks the arguments, creates the parameters as Paddle
does and pads for a non-zero ``padding_mode``; each subclass names its
functional and its layouts.
"""

from __future__ import annotations

import math

from paddle import _checks as check
from paddle._signature import on_device
from paddle.framework import get_default_dtype
from paddle.nn import functional as F
from paddle.nn.initializer import Normal
from paddle.nn.layer.layers import Layer

_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")


def _ntuple(op: str, value, n: int, arg: str) -> list[int]:
    """An int or n ints as a list of n ints."""
    out = check.int_list(op, value, arg, allow_int=True)
    if len(out) == 1:
        out = out * n
    if len(out) != n:
        raise ValueError(f"[{op}] argument '{arg}': expected an int or {n} ints, but got {value}")
    return out


class _ConvNd(Layer):
    """The shared constructor of the convolutions.

    The weight is [out_channels, in_channels / groups, *kernel_size] ([in_channels,
    out_channels / groups, *kernel_size] when transposed). As Paddle: a convolution's
    weight defaults to Normal(0, sqrt(2 / (in_channels * prod(kernel_size)))), a transposed
    one's to XavierUniform; the bias to zeros. PyTorch-style, as Paddle 3.3:
    ``bias=False`` makes no bias (as ``bias_attr=False`` does), ``dtype`` is
    the parameters' dtype (the global default when None) and ``device``
    where they are made (the current device when None).
    """

    _nd = 2
    _transposed = False
    _fn = None
    _formats: tuple = ()

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None, data_format=None, *, bias=True,
                 device=None, dtype=None):
        super().__init__()
        # parameters in the global default dtype unless given, as Paddle's layers
        self._dtype = get_default_dtype() if dtype is None else dtype
        op, nd = type(self).__name__, self._nd
        self._in_channels = check.integer(op, in_channels, "in_channels", min=1)
        self._out_channels = check.integer(op, out_channels, "out_channels", min=1)
        self._groups = check.integer(op, groups, "groups", min=1)
        for arg, value in (("in_channels", self._in_channels), ("out_channels", self._out_channels)):
            if value % self._groups:
                raise ValueError(f"[{op}] argument '{arg}': expected a multiple of groups ({self._groups}), but got "
                                 f"{value}")
        self._kernel_size = _ntuple(op, kernel_size, nd, "kernel_size")
        if min(self._kernel_size) < 1:
            raise ValueError(f"[{op}] argument 'kernel_size': expected positive sizes, but got {kernel_size}")
        self._stride = _ntuple(op, stride, nd, "stride")
        self._dilation = _ntuple(op, dilation, nd, "dilation")
        self._output_padding = output_padding
        self._padding_mode = check.choice(op, padding_mode, _PADDING_MODES, "padding_mode")
        self._data_format = check.choice(op, data_format or self._formats[0], self._formats, "data_format")
        if isinstance(padding, str):
            padding = check.choice(op, padding.upper(), ("SAME", "VALID"), "padding")
        else:
            check.int_list(op, padding, "padding", allow_int=True)
        self._padding = padding  # as given: an int, a list or a string
        if self._padding_mode != "zeros":
            if self._transposed:
                raise ValueError(f"[{op}] argument 'padding_mode': expected 'zeros' for a transposed convolution, "
                                 f"but got {padding_mode!r}")
            if isinstance(self._padding, str):
                raise ValueError(f"[{op}] argument 'padding': expected ints with padding_mode={padding_mode!r}, "
                                 f"but got {padding!r}")
            per_dim = _ntuple(op, self._padding, nd, "padding")
            # F.pad takes [before, after] pairs from the last spatial dim.
            self._pad_pairs = [p for d in reversed(per_dim) for p in (d, d)]
        if self._transposed:
            shape = [self._in_channels, self._out_channels // self._groups] + self._kernel_size
            default = None
        else:
            shape = [self._out_channels, self._in_channels // self._groups] + self._kernel_size
            default = Normal(0.0, math.sqrt(2.0 / (math.prod(self._kernel_size) * self._in_channels)))
        on_device(op, device, lambda: self._create_parameters(shape, weight_attr, default, bias, bias_attr))

    def _create_parameters(self, shape, weight_attr, default, bias, bias_attr) -> None:
        self.weight = self.create_parameter(shape, attr=weight_attr, default_initializer=default)
        with_bias = check.flag(type(self).__name__, bias, "bias")
        self.bias = self.create_parameter([self._out_channels], attr=bias_attr, is_bias=True) if with_bias else None

    def forward(self, x, output_size=None):
        padding = self._padding
        if self._padding_mode != "zeros":
            x = F.pad(x, self._pad_pairs, mode=self._padding_mode, data_format=self._data_format)
            padding = 0
        kwargs = dict(stride=self._stride, padding=padding, dilation=self._dilation, groups=self._groups,
                      data_format=self._data_format)
        if self._transposed:
            kwargs.update(output_padding=self._output_padding, output_size=output_size)
        return type(self)._fn(x, self.weight, self.bias, **kwargs)

    def extra_repr(self) -> str:
        s = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != [1] * self._nd:
            s += f", stride={self._stride}"
        if self._padding != 0:
            s += f", padding={self._padding}"
        if self._padding_mode != "zeros":
            s += f", padding_mode={self._padding_mode}"
        if self._transposed and self._output_padding != 0:
            s += f", output_padding={self._output_padding}"
        if self._dilation != [1] * self._nd:
            s += f", dilation={self._dilation}"
        if self._groups != 1:
            s += f", groups={self._groups}"
        return s + f", data_format={self._data_format}"  # always, as Paddle prints it


class Conv1D(_ConvNd):
    """1-D convolution over x [N, C, L] (or [N, L, C] with data_format='NLC').

    Args:
        in_channels (int): the input channels.
        out_channels (int): the output channels.
        kernel_size (int|list[int]): the kernel's length.
        stride, dilation (int|list[int], optional): Default 1.
        padding (int|list[int]|str, optional): zeros on each side, or 'SAME'/'VALID'. Default 0.
        groups (int, optional): channel groups. Default 1.
        padding_mode (str, optional): 'zeros', 'reflect', 'replicate' or 'circular'. Default 'zeros'.
        weight_attr, bias_attr (ParamAttr, optional): the parameters' attributes; bias_attr=False for no bias.
        data_format (str, optional): 'NCL' or 'NLC'. Default 'NCL'.
        bias (bool, optional, keyword only): False for no bias. Default True.
        device (str|Place, optional, keyword only): where to make the parameters.
        dtype (str|paddle.dtype, optional, keyword only): the parameters' dtype.

    Examples:
        >>> import paddle
        >>> conv = paddle.nn.Conv1D(2, 4, 3, padding=1)
        >>> conv.weight.shape, conv.bias.shape
        (paddle.Size([4, 2, 3]), paddle.Size([4]))
        >>> conv(paddle.ones([1, 2, 5])).shape
        paddle.Size([1, 4, 5])
    """

    _nd, _fn, _formats = 1, F.conv1d, ("NCL", "NLC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", weight_attr=None, bias_attr=None, data_format="NCL", *, bias=True, device=None,
                 dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, 0, dilation, groups, padding_mode,
                         weight_attr, bias_attr, data_format, bias=bias, device=device, dtype=dtype)

    def forward(self, x):
        return super().forward(x)


class Conv2D(_ConvNd):
    """2-D convolution over x [N, C, H, W] (or NHWC); arguments as Conv1D with two sizes per argument.

    Examples:
        >>> import paddle
        >>> conv = paddle.nn.Conv2D(3, 8, 3, stride=2, padding=1)
        >>> conv.weight.shape
        paddle.Size([8, 3, 3, 3])
        >>> conv(paddle.ones([2, 3, 8, 8])).shape
        paddle.Size([2, 8, 4, 4])
        >>> conv
        Conv2D(3, 8, kernel_size=[3, 3], stride=[2, 2], padding=1, data_format=NCHW)
    """

    _nd, _fn, _formats = 2, F.conv2d, ("NCHW", "NHWC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", weight_attr=None, bias_attr=None, data_format="NCHW", *, bias=True, device=None,
                 dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, 0, dilation, groups, padding_mode,
                         weight_attr, bias_attr, data_format, bias=bias, device=device, dtype=dtype)

    def forward(self, x):
        return super().forward(x)


class Conv3D(_ConvNd):
    """3-D convolution over x [N, C, D, H, W] (or NDHWC); arguments as Conv1D with three sizes per argument.

    Examples:
        >>> import paddle
        >>> paddle.nn.Conv3D(2, 4, 3)(paddle.ones([1, 2, 4, 4, 4])).shape
        paddle.Size([1, 4, 2, 2, 2])
    """

    _nd, _fn, _formats = 3, F.conv3d, ("NCDHW", "NDHWC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", weight_attr=None, bias_attr=None, data_format="NCDHW", *, bias=True, device=None,
                 dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, 0, dilation, groups, padding_mode,
                         weight_attr, bias_attr, data_format, bias=bias, device=device, dtype=dtype)

    def forward(self, x):
        return super().forward(x)


class Conv1DTranspose(_ConvNd):
    """The transpose of Conv1D; weight [in_channels, out_channels / groups, k].

    Args:
        output_padding (int, optional): extra size added to one side of the output. Default 0.
        Others as Conv1D (padding_mode must be 'zeros').

    Examples:
        >>> import paddle
        >>> deconv = paddle.nn.Conv1DTranspose(2, 3, 2, stride=2)
        >>> deconv.weight.shape, deconv(paddle.ones([1, 2, 4])).shape
        (paddle.Size([2, 3, 2]), paddle.Size([1, 3, 8]))
    """

    _nd, _transposed, _fn, _formats = 1, True, F.conv1d_transpose, ("NCL", "NLC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 dilation=1, weight_attr=None, bias_attr=None, data_format="NCL"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, output_padding, dilation, groups,
                         "zeros", weight_attr, bias_attr, data_format)


class Conv2DTranspose(_ConvNd):
    """The transpose of Conv2D; weight [in_channels, out_channels / groups, kh, kw].

    Examples:
        >>> import paddle
        >>> deconv = paddle.nn.Conv2DTranspose(4, 2, 3, stride=2, padding=1, output_padding=1)
        >>> deconv(paddle.ones([1, 4, 5, 5])).shape
        paddle.Size([1, 2, 10, 10])
    """

    _nd, _transposed, _fn, _formats = 2, True, F.conv2d_transpose, ("NCHW", "NHWC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, dilation=1,
                 groups=1, weight_attr=None, bias_attr=None, data_format="NCHW"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, output_padding, dilation, groups,
                         "zeros", weight_attr, bias_attr, data_format)


class Conv3DTranspose(_ConvNd):
    """The transpose of Conv3D; weight [in_channels, out_channels / groups, kd, kh, kw].

    Args: as Conv3D plus output_padding (padding_mode must be 'zeros'); ``forward(x, output_size=None)``.

    Examples:
        >>> import paddle
        >>> deconv = paddle.nn.Conv3DTranspose(4, 2, 3, stride=2, padding=1, output_padding=1)
        >>> deconv.weight.shape, deconv(paddle.ones([1, 4, 3, 3, 3])).shape
        (paddle.Size([4, 2, 3, 3, 3]), paddle.Size([1, 2, 6, 6, 6]))
    """

    _nd, _transposed, _fn, _formats = 3, True, F.conv3d_transpose, ("NCDHW", "NDHWC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, dilation=1,
                 groups=1, weight_attr=None, bias_attr=None, data_format="NCDHW"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, output_padding, dilation, groups,
                         "zeros", weight_attr, bias_attr, data_format)
