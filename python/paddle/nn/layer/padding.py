"""Padding layers with a fixed mode: ConstantPad, ZeroPad (1D, 3D), ReflectionPad,
ReplicationPad and CircularPad over 1 to 3 spatial dims (``paddle.nn.functional.pad``)."""

from __future__ import annotations

from paddle import _checks as check
from paddle._C import Tensor
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer

_FORMATS = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}


class _FixedModePad(Layer):
    """Pads the `_nd` spatial dims with mode `_mode`: `padding` is an int (every side) or
    [left, right, top, bottom, front, back] for the spatial dims from the last."""

    _nd = 1
    _mode = "constant"

    def __init__(self, padding, value=0.0, data_format=None, name=None):
        super().__init__()
        op = type(self).__name__
        if isinstance(padding, Tensor):
            padding = check.int_list(op, padding, "padding")
        pads = check.int_list(op, padding, "padding", allow_int=True)
        if not isinstance(padding, (list, tuple)):
            padding = pads = pads * (2 * self._nd)
        if len(pads) != 2 * self._nd:
            raise ValueError(f"[{op}] argument 'padding': expected an int or {2 * self._nd} ints, but got "
                             f"{list(pads)}")
        self._padding = padding  # as given (a list or tuple), for the repr
        self._pads = pads
        self._value = check.number(op, value, "value")
        self._data_format = check.choice(op, data_format or _FORMATS[self._nd][0], _FORMATS[self._nd],
                                         "data_format")
        self._name = name

    def forward(self, x):
        check.tensor(type(self).__name__, x)
        if len(x.shape) != self._nd + 2:
            raise ValueError(f"[{type(self).__name__}] argument 'x': expected a {self._nd + 2}-D tensor "
                             f"({self._data_format}), but got shape {list(x.shape)}")
        return F.pad(x, self._pads, mode=self._mode, value=self._value, data_format=self._data_format,
                     pad_from_left_axis=False)

    def extra_repr(self) -> str:
        name = f", name={self._name}" if self._name else ""
        return f"padding={self._padding}, mode={self._mode}, value={self._value}, " \
               f"data_format={self._data_format}{name}"


class ConstantPad1D(_FixedModePad):
    """Pads x [N, C, L] (or NLC) with `value`: padding is an int or [left, right].

    Args:
        padding (int|list[int]|Tensor): the pad of each side.
        value (float): the fill value.
        data_format (str, optional): 'NCL' or 'NLC'. Default 'NCL'.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> pad = paddle.nn.ConstantPad1D([1, 2], 9.0)
        >>> pad(paddle.to_tensor([[[1.0, 2.0]]])).tolist()
        [[[9.0, 1.0, 2.0, 9.0, 9.0]]]
        >>> pad
        ConstantPad1D(padding=[1, 2], mode=constant, value=9.0, data_format=NCL)
    """

    _nd = 1

    def __init__(self, padding, value, data_format="NCL", name=None):
        super().__init__(padding, value, data_format, name)


class ConstantPad2D(_FixedModePad):
    """Pads x [N, C, H, W] (or NHWC) with `value`: padding is an int or [left, right, top, bottom]."""

    _nd = 2

    def __init__(self, padding, value, data_format="NCHW", name=None):
        super().__init__(padding, value, data_format, name)


class ConstantPad3D(_FixedModePad):
    """Pads x [N, C, D, H, W] (or NDHWC) with `value`: padding is an int or
    [left, right, top, bottom, front, back]."""

    _nd = 3

    def __init__(self, padding, value, data_format="NCDHW", name=None):
        super().__init__(padding, value, data_format, name)


class ZeroPad1D(_FixedModePad):
    """Pads x [N, C, L] (or NLC) with zeros: padding is an int or [left, right].

    Examples:
        >>> import paddle
        >>> paddle.nn.ZeroPad1D(1)(paddle.to_tensor([[[1.0, 2.0]]])).tolist()
        [[[0.0, 1.0, 2.0, 0.0]]]
    """

    _nd = 1

    def __init__(self, padding, data_format="NCL", name=None):
        super().__init__(padding, 0.0, data_format, name)


class ZeroPad3D(_FixedModePad):
    """Pads x [N, C, D, H, W] (or NDHWC) with zeros: padding is an int or
    [left, right, top, bottom, front, back]."""

    _nd = 3

    def __init__(self, padding, data_format="NCDHW", name=None):
        super().__init__(padding, 0.0, data_format, name)


class ReflectionPad1D(_FixedModePad):
    """Pads x [N, C, L] (or NLC) with its mirror image without the edge: padding is an int or
    [left, right], each smaller than L.

    Examples:
        >>> import paddle
        >>> paddle.nn.ReflectionPad1D([2, 1])(paddle.to_tensor([[[1.0, 2.0, 3.0]]])).tolist()
        [[[3.0, 2.0, 1.0, 2.0, 3.0, 2.0]]]
    """

    _nd, _mode = 1, "reflect"

    def __init__(self, padding, data_format="NCL", name=None):
        super().__init__(padding, 0.0, data_format, name)


class ReflectionPad2D(_FixedModePad):
    """Pads x [N, C, H, W] (or NHWC) by reflection: padding is an int or [left, right, top, bottom]."""

    _nd, _mode = 2, "reflect"

    def __init__(self, padding, data_format="NCHW", name=None):
        super().__init__(padding, 0.0, data_format, name)


class ReflectionPad3D(_FixedModePad):
    """Pads x [N, C, D, H, W] (or NDHWC) by reflection: padding is an int or
    [left, right, top, bottom, front, back]."""

    _nd, _mode = 3, "reflect"

    def __init__(self, padding, data_format="NCDHW", name=None):
        super().__init__(padding, 0.0, data_format, name)


class ReplicationPad1D(_FixedModePad):
    """Pads x [N, C, L] (or NLC) by repeating its edge values: padding is an int or [left, right].

    Examples:
        >>> import paddle
        >>> paddle.nn.ReplicationPad1D([2, 1])(paddle.to_tensor([[[1.0, 2.0, 3.0]]])).tolist()
        [[[1.0, 1.0, 1.0, 2.0, 3.0, 3.0]]]
    """

    _nd, _mode = 1, "replicate"

    def __init__(self, padding, data_format="NCL", name=None):
        super().__init__(padding, 0.0, data_format, name)


class ReplicationPad2D(_FixedModePad):
    """Pads x [N, C, H, W] (or NHWC) by repeating its edges: padding is an int or [left, right, top, bottom]."""

    _nd, _mode = 2, "replicate"

    def __init__(self, padding, data_format="NCHW", name=None):
        super().__init__(padding, 0.0, data_format, name)


class ReplicationPad3D(_FixedModePad):
    """Pads x [N, C, D, H, W] (or NDHWC) by repeating its edges: padding is an int or
    [left, right, top, bottom, front, back]."""

    _nd, _mode = 3, "replicate"

    def __init__(self, padding, data_format="NCDHW", name=None):
        super().__init__(padding, 0.0, data_format, name)


class CircularPad1D(_FixedModePad):
    """Pads x [N, C, L] (or NLC) by wrapping around: padding is an int or [left, right].

    Examples:
        >>> import paddle
        >>> paddle.nn.CircularPad1D([2, 1])(paddle.to_tensor([[[1.0, 2.0, 3.0]]])).tolist()
        [[[2.0, 3.0, 1.0, 2.0, 3.0, 1.0]]]
    """

    _nd, _mode = 1, "circular"

    def __init__(self, padding, data_format="NCL", name=None):
        super().__init__(padding, 0.0, data_format, name)


class CircularPad2D(_FixedModePad):
    """Pads x [N, C, H, W] (or NHWC) by wrapping around: padding is an int or [left, right, top, bottom]."""

    _nd, _mode = 2, "circular"

    def __init__(self, padding, data_format="NCHW", name=None):
        super().__init__(padding, 0.0, data_format, name)


class CircularPad3D(_FixedModePad):
    """Pads x [N, C, D, H, W] (or NDHWC) by wrapping around: padding is an int or
    [left, right, top, bottom, front, back]."""

    _nd, _mode = 3, "circular"

    def __init__(self, padding, data_format="NCDHW", name=None):
        super().__init__(padding, 0.0, data_format, name)
