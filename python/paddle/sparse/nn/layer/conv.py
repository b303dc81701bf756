"""Sparse convolution layers: Conv2D/Conv3D and the submanifold SubmConv2D/SubmConv3D.

Like Paddle's, the weight is [*kernel_size, in_channels, out_channels],
initialized Normal(0, sqrt(2 / (prod(kernel_size) * in_channels))); the bias
[out_channels] starts at zeros.
"""

from __future__ import annotations

import math

from paddle import _checks as check
from paddle.framework import get_default_dtype
from paddle.nn.initializer import Normal
from paddle.nn.layer.layers import Layer
from paddle.sparse.nn import functional as F
from paddle.sparse.nn.functional import _rulebook as rules


class _SparseConvNd(Layer):
    """The shared constructor and forward; subclasses set the dims and the kind."""

    _dims = 3
    _subm = False

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode, key,
                 weight_attr, bias_attr, data_format, backend):
        super().__init__()
        self._dtype = get_default_dtype()
        op, dims = type(self).__name__, self._dims
        self._in_channels = check.integer(op, in_channels, "in_channels", min=1)
        self._out_channels = check.integer(op, out_channels, "out_channels", min=1)
        self._kernel_size = rules.ints(op, kernel_size, dims, "kernel_size")
        self._stride = rules.ints(op, stride, dims, "stride")
        self._dilation = rules.ints(op, dilation, dims, "dilation")
        # Checks the padding's form now; 'SAME' is resolved per input, whose size it depends on.
        rules.paddings(op, padding, dims, self._kernel_size, self._kernel_size, self._stride, self._dilation)
        self._padding = padding  # as given, as Paddle keeps (and prints) it
        if groups != 1:
            raise ValueError(f"[{op}] argument 'groups': expected 1, but got {groups}")
        self._groups = groups
        self._padding_mode = check.choice(op, padding_mode, ("zeros",), "padding_mode")
        self._data_format = check.choice(op, data_format, ("NDHWC",) if dims == 3 else ("NHWC",), "data_format")
        self._key = key
        self._backend = None if backend is None else check.choice(op, backend, ("igemm",), "backend")
        if weight_attr is False:
            raise ValueError(f"[{op}] argument 'weight_attr': expected a ParamAttr or None (a convolution needs its "
                             f"weight), but got False")
        std = math.sqrt(2.0 / (math.prod(self._kernel_size) * self._in_channels))
        self.weight = self.create_parameter([*self._kernel_size, self._in_channels, self._out_channels],
                                            attr=weight_attr, default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter([self._out_channels], attr=bias_attr, is_bias=True)

    def forward(self, x):
        args = (x, self.weight, self.bias, self._stride, self._padding, self._dilation, self._groups,
                self._data_format)
        if not self._subm:
            return (F.conv3d if self._dims == 3 else F.conv2d)(*args)
        return (F.subm_conv3d if self._dims == 3 else F.subm_conv2d)(*args, key=self._key)

    def extra_repr(self) -> str:
        text = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != [1] * self._dims:
            text += f", stride={self._stride}"
        if self._padding != 0:
            text += f", padding={self._padding}"
        if self._dilation != [1] * self._dims:
            text += f", dilation={self._dilation}"
        return text + f", data_format={self._data_format}"


class Conv3D(_SparseConvNd):
    """The 3-D sparse convolution layer over COO tensors [N, D, H, W, C]; see
    :func:`paddle.sparse.nn.functional.conv3d`.

    Args:
        in_channels (int): C_in.
        out_channels (int): C_out.
        kernel_size (int|list|tuple): the kernel size per spatial dim.
        stride (int|list|tuple, optional): Default 1.
        padding (int|list|tuple|str, optional): Default 0.
        dilation (int|list|tuple, optional): Default 1.
        groups (int, optional): must be 1.
        padding_mode (str, optional): must be 'zeros'.
        weight_attr (ParamAttr, optional): the weight's attributes.
        bias_attr (ParamAttr|bool, optional): the bias's attributes; False for no bias.
        data_format (str, optional): must be 'NDHWC'.

    Examples:
        >>> import paddle
        >>> conv = paddle.sparse.nn.Conv3D(2, 3, 3)
        >>> conv
        Conv3D(2, 3, kernel_size=[3, 3, 3], data_format=NDHWC)
        >>> conv.weight.shape
        paddle.Size([3, 3, 3, 2, 3])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", weight_attr=None, bias_attr=None, data_format="NDHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode,
                         None, weight_attr, bias_attr, data_format, None)


class Conv2D(_SparseConvNd):
    """The 2-D sparse convolution layer over COO tensors [N, H, W, C]; arguments as
    :class:`Conv3D` with data_format 'NHWC'."""

    _dims = 2

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", weight_attr=None, bias_attr=None, data_format="NHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode,
                         None, weight_attr, bias_attr, data_format, None)


class SubmConv3D(_SparseConvNd):
    """The 3-D submanifold convolution layer: outputs at exactly the input's sites; see
    :func:`paddle.sparse.nn.functional.subm_conv3d`. Arguments as :class:`Conv3D`, plus
    ``key`` (unused) and ``backend`` (None or 'igemm', computed the same way)."""

    _subm = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", key=None, weight_attr=None, bias_attr=None, data_format="NDHWC", backend=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode,
                         key, weight_attr, bias_attr, data_format, backend)


class SubmConv2D(_SparseConvNd):
    """The 2-D submanifold convolution layer over [N, H, W, C]; arguments as
    :class:`SubmConv3D` with data_format 'NHWC'."""

    _dims = 2
    _subm = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", key=None, weight_attr=None, bias_attr=None, data_format="NHWC", backend=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode,
                         key, weight_attr, bias_attr, data_format, backend)
