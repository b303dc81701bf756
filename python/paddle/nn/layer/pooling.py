"""Pooling layers: Max/Avg/AdaptiveAvg/AdaptiveMax pools over 1 to 3 spatial dims.

Each layer checks its arguments and keeps them; ``_Pool.forward`` passes them
to the ``paddle.nn.functional`` function the class names.
"""

from __future__ import annotations

from paddle import _checks as check
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer

_FORMATS = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}


class _Pool(Layer):
    """Calls ``F.<_fn>(x, **self._attrs)``; ``_shown`` lists the attributes of the repr."""

    _fn = ""
    _shown: tuple = ()

    def __init__(self, attrs: dict, name=None):
        super().__init__()
        self._attrs = attrs
        self._name = name

    def forward(self, x):
        return getattr(F, self._fn)(x, **self._attrs)

    def extra_repr(self) -> str:
        parts = [f"{k}={self._attrs[k]}" for k in self._shown]
        if self._name:
            parts.append(f"name={self._name}")
        return ", ".join(parts)


def _sizes(op: str, value, arg: str, allow_none: bool = False):
    """An int or list of ints >= 1 (None when allowed), checked at construction."""
    if value is None and allow_none:
        return None
    sizes = check.int_list(op, value, arg, allow_int=True)
    if not sizes or min(sizes) < 1:
        raise ValueError(f"[{op}] argument '{arg}': expected ints >= 1, but got {value}")
    return value


def _window_attrs(op, nd, kernel_size, stride, padding, ceil_mode, data_format):
    attrs = dict(kernel_size=_sizes(op, kernel_size, "kernel_size"), stride=_sizes(op, stride, "stride", True),
                 padding=padding, ceil_mode=check.flag(op, ceil_mode, "ceil_mode"))
    if nd > 1:
        attrs["data_format"] = check.choice(op, data_format, _FORMATS[nd], "data_format")
    return attrs


class _MaxPool(_Pool):
    _nd = 2
    _shown = ("kernel_size", "stride", "padding")

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format=None,
                 name=None):
        op = type(self).__name__
        attrs = _window_attrs(op, self._nd, kernel_size, stride, padding, ceil_mode,
                              data_format or _FORMATS[self._nd][0])
        attrs["return_mask"] = check.flag(op, return_mask, "return_mask")
        super().__init__(attrs, name)


class MaxPool1D(_MaxPool):
    """Max pooling over x [N, C, L].

    Args:
        kernel_size (int|list[int]): the window.
        stride (int|list[int], optional): the step; kernel_size when None.
        padding (int|list[int]|str, optional): padding per side, or 'SAME'/'VALID'. Default 0.
        return_mask (bool, optional): also return the flat indices of the maxima. Default False.
        ceil_mode (bool, optional): round the output size up. Default False.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[[1.0, 3.0, 2.0, 5.0]]])
        >>> paddle.nn.MaxPool1D(2)(x).numpy().tolist()
        [[[3.0, 5.0]]]
    """

    _nd, _fn = 1, "max_pool1d"

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode, None, name)


class MaxPool2D(_MaxPool):
    """Max pooling over x [N, C, H, W] (or NHWC); arguments as MaxPool1D plus data_format.

    Examples:
        >>> import paddle
        >>> pool = paddle.nn.MaxPool2D(kernel_size=2, stride=2)
        >>> pool(paddle.ones([1, 3, 8, 8])).shape
        paddle.Size([1, 3, 4, 4])
        >>> pool
        MaxPool2D(kernel_size=2, stride=2, padding=0)
    """

    _nd, _fn = 2, "max_pool2d"

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format="NCHW",
                 name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode, data_format, name)


class MaxPool3D(_MaxPool):
    """Max pooling over x [N, C, D, H, W] (or NDHWC); arguments as MaxPool2D."""

    _nd, _fn = 3, "max_pool3d"

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format="NCDHW",
                 name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode, data_format, name)


class _AvgPool(_Pool):
    _nd = 2
    _shown = ("kernel_size", "stride", "padding")

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None,
                 data_format=None, name=None):
        op = type(self).__name__
        attrs = _window_attrs(op, self._nd, kernel_size, stride, padding, ceil_mode,
                              data_format or _FORMATS[self._nd][0])
        attrs["exclusive"] = check.flag(op, exclusive, "exclusive")
        if self._nd > 1:
            if divisor_override is not None:
                divisor_override = check.integer(op, divisor_override, "divisor_override", min=1)
            attrs["divisor_override"] = divisor_override
        super().__init__(attrs, name)


class AvgPool1D(_AvgPool):
    """Mean pooling over x [N, C, L].

    Args:
        kernel_size, stride, padding, ceil_mode: as MaxPool1D.
        exclusive (bool, optional): leave the padding out of each window's count. Default True.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[[1.0, 3.0, 2.0, 6.0]]])
        >>> paddle.nn.AvgPool1D(2)(x).numpy().tolist()
        [[[2.0, 4.0]]]
    """

    _nd, _fn = 1, "avg_pool1d"

    def __init__(self, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False, name=None):
        super().__init__(kernel_size, stride, padding, ceil_mode, exclusive, None, None, name)


class AvgPool2D(_AvgPool):
    """Mean pooling over x [N, C, H, W] (or NHWC).

    Args:
        divisor_override (int, optional): divide each window's sum by this instead of its count.
        Others as AvgPool1D, plus data_format.

    Examples:
        >>> import paddle
        >>> paddle.nn.AvgPool2D(2)(paddle.ones([1, 1, 4, 4])).shape
        paddle.Size([1, 1, 2, 2])
    """

    _nd, _fn = 2, "avg_pool2d"

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None,
                 data_format="NCHW", name=None):
        super().__init__(kernel_size, stride, padding, ceil_mode, exclusive, divisor_override, data_format, name)


class AvgPool3D(_AvgPool):
    """Mean pooling over x [N, C, D, H, W] (or NDHWC); arguments as AvgPool2D."""

    _nd, _fn = 3, "avg_pool3d"

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None,
                 data_format="NCDHW", name=None):
        super().__init__(kernel_size, stride, padding, ceil_mode, exclusive, divisor_override, data_format, name)


class _AdaptivePool(_Pool):
    _nd = 2
    _shown = ("output_size",)

    def __init__(self, output_size, return_mask=None, data_format=None, name=None):
        op = type(self).__name__
        if isinstance(output_size, (list, tuple)):  # None keeps an input dim
            if any(s is not None for s in output_size):
                _sizes(op, [s for s in output_size if s is not None], "output_size")
        else:
            _sizes(op, output_size, "output_size")
        attrs = {"output_size": output_size}
        if return_mask is not None:
            attrs["return_mask"] = check.flag(op, return_mask, "return_mask")
        if data_format is not None:
            attrs["data_format"] = check.choice(op, data_format, _FORMATS[self._nd], "data_format")
        super().__init__(attrs, name)


class AdaptiveAvgPool1D(_AdaptivePool):
    """Mean pooling of x [N, C, L] into `output_size` windows that tile the input.

    Examples:
        >>> import paddle
        >>> x = paddle.arange(8, dtype="float32").reshape([1, 1, 8])
        >>> paddle.nn.AdaptiveAvgPool1D(2)(x).numpy().tolist()
        [[[1.5, 5.5]]]
    """

    _nd, _fn = 1, "adaptive_avg_pool1d"

    def __init__(self, output_size, name=None):
        super().__init__(output_size, None, None, name)


class AdaptiveAvgPool2D(_AdaptivePool):
    """Mean pooling of x [N, C, H, W] (or NHWC) into `output_size` (an int, or [h, w] where None keeps a dim).

    Examples:
        >>> import paddle
        >>> paddle.nn.AdaptiveAvgPool2D(1)(paddle.ones([2, 3, 5, 7])).shape
        paddle.Size([2, 3, 1, 1])
    """

    _nd, _fn = 2, "adaptive_avg_pool2d"

    def __init__(self, output_size, data_format="NCHW", name=None):
        super().__init__(output_size, None, data_format, name)


class AdaptiveAvgPool3D(_AdaptivePool):
    """Mean pooling of x [N, C, D, H, W] (or NDHWC) into `output_size`."""

    _nd, _fn = 3, "adaptive_avg_pool3d"

    def __init__(self, output_size, data_format="NCDHW", name=None):
        super().__init__(output_size, None, data_format, name)


class AdaptiveMaxPool1D(_AdaptivePool):
    """Max pooling of x [N, C, L] into `output_size` windows; return_mask also returns the indices.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[[1.0, 4.0, 2.0, 3.0]]])
        >>> paddle.nn.AdaptiveMaxPool1D(2)(x).numpy().tolist()
        [[[4.0, 3.0]]]
    """

    _nd, _fn = 1, "adaptive_max_pool1d"

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__(output_size, return_mask, None, name)


class AdaptiveMaxPool2D(_AdaptivePool):
    """Max pooling of x [N, C, H, W] into `output_size` windows."""

    _nd, _fn = 2, "adaptive_max_pool2d"

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__(output_size, return_mask, None, name)


class AdaptiveMaxPool3D(_AdaptivePool):
    """Max pooling of x [N, C, D, H, W] into `output_size` windows."""

    _nd, _fn = 3, "adaptive_max_pool3d"

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__(output_size, return_mask, None, name)
