"""Pooling layers over the functions of paddle/nn/functional/pooling_extra.py:
LPPool1D/2D, MaxUnPool1D/2D/3D and FractionalMaxPool2D/3D."""

from __future__ import annotations

from paddle import _checks as check
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer


def _sizes(op, value, arg, allow_none=False):
    """An int or list of ints >= 1 (None when allowed), kept as given for the repr."""
    if value is None and allow_none:
        return None
    sizes = check.int_list(op, value, arg, allow_int=True)
    if not sizes or min(sizes) < 1:
        raise ValueError(f"[{op}] argument '{arg}': expected ints >= 1, but got {value}")
    return value


class _LPPool(Layer):
    _nd = 1
    _fn = ""

    def __init__(self, norm_type, kernel_size, stride, padding, ceil_mode, data_format, name):
        super().__init__()
        op = type(self).__name__
        self.norm_type = float(check.number(op, norm_type, "norm_type"))
        if self.norm_type == 0:
            raise ValueError(f"[{op}] argument 'norm_type': expected a nonzero number, but got {norm_type}")
        self.kernel_size = _sizes(op, kernel_size, "kernel_size")
        self.stride = _sizes(op, stride, "stride", allow_none=True)
        self.padding = padding
        self.ceil_mode = check.flag(op, ceil_mode, "ceil_mode")
        self.data_format = check.choice(op, data_format, {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC")}[self._nd],
                                        "data_format")
        self.name = name

    def forward(self, x):
        return getattr(F, self._fn)(x, self.norm_type, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                                    self.data_format)

    def extra_repr(self) -> str:
        return f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, stride={self.stride}, " \
               f"padding={self.padding}"


class LPPool1D(_LPPool):
    """Power-average pooling over x [N, C, L] (``paddle.nn.functional.lp_pool1d``).

    Args:
        norm_type (float): the exponent p (inf: max pooling).
        kernel_size (int|list[int]): the window.
        stride (int|list[int], optional): the step; kernel_size when None.
        padding (int|list[int]|str, optional): zeros per side, or 'SAME'/'VALID'. Default 0.
        ceil_mode (bool, optional): round the output size up. Default False.
        data_format (str, optional): 'NCL' or 'NLC'. Default 'NCL'.

    Examples:
        >>> import paddle
        >>> pool = paddle.nn.LPPool1D(norm_type=2, kernel_size=2)
        >>> pool(paddle.to_tensor([[[3.0, 4.0, 6.0, 8.0]]])).tolist()
        [[[5.0, 10.0]]]
        >>> pool
        LPPool1D(norm_type=2.0, kernel_size=2, stride=None, padding=0)
    """

    _nd, _fn = 1, "lp_pool1d"

    def __init__(self, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NCL",
                 name=None):
        super().__init__(norm_type, kernel_size, stride, padding, ceil_mode, data_format, name)


class LPPool2D(_LPPool):
    """Power-average pooling over x [N, C, H, W] (or NHWC) (``paddle.nn.functional.lp_pool2d``);
    arguments as LPPool1D. The repr shows stride = kernel_size when stride is None."""

    _nd, _fn = 2, "lp_pool2d"

    def __init__(self, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NCHW",
                 name=None):
        super().__init__(norm_type, kernel_size, kernel_size if stride is None else stride, padding, ceil_mode,
                         data_format, name)


class _MaxUnPool(Layer):
    _fn = ""
    _format = ""

    def __init__(self, kernel_size, stride, padding, data_format, output_size, name):
        super().__init__()
        op = type(self).__name__
        self.kernel_size = _sizes(op, kernel_size, "kernel_size")
        self.stride = _sizes(op, stride, "stride", allow_none=True)
        self.padding = padding
        self.data_format = check.choice(op, data_format, (self._format,), "data_format")
        if output_size is not None:
            check.int_list(op, output_size, "output_size")
        self.output_size = output_size
        self.name = name

    def forward(self, x, indices, output_size=None):
        """Unpools x at indices; output_size (when given) replaces the layer's."""
        return getattr(F, self._fn)(x, indices, self.kernel_size, self.stride, self.padding, self.data_format,
                                    self.output_size if output_size is None else output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class MaxUnPool1D(_MaxUnPool):
    """The inverse of MaxPool1D(return_mask=True) (``paddle.nn.functional.max_unpool1d``);
    call as ``layer(x, indices, output_size=None)``.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[[1.0, 5.0, 2.0, 3.0]]])
        >>> pooled, mask = paddle.nn.MaxPool1D(2, return_mask=True)(x)
        >>> paddle.nn.MaxUnPool1D(2)(pooled, mask).tolist()
        [[[0.0, 5.0, 0.0, 3.0]]]
    """

    _fn, _format = "max_unpool1d", "NCL"

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCL", output_size=None, name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)


class MaxUnPool2D(_MaxUnPool):
    """The inverse of MaxPool2D(return_mask=True) (``paddle.nn.functional.max_unpool2d``)."""

    _fn, _format = "max_unpool2d", "NCHW"

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCHW", output_size=None, name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)


class MaxUnPool3D(_MaxUnPool):
    """The inverse of MaxPool3D(return_mask=True) (``paddle.nn.functional.max_unpool3d``)."""

    _fn, _format = "max_unpool3d", "NCDHW"

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCDHW", output_size=None, name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)


class _FractionalMaxPool(Layer):
    _fn = ""

    def __init__(self, output_size, kernel_size, random_u, return_mask, name):
        super().__init__()
        op = type(self).__name__
        self.output_size = output_size
        self.kernel_size = None if kernel_size is None else _sizes(op, kernel_size, "kernel_size")
        if random_u is not None and not 0 < check.number(op, random_u, "random_u") < 1:
            raise ValueError(f"[{op}] argument 'random_u': expected a number in (0, 1), but got {random_u}")
        self.random_u = random_u
        self.return_mask = check.flag(op, return_mask, "return_mask")
        self.name = name

    def forward(self, x):
        return getattr(F, self._fn)(x, self.output_size, self.kernel_size, self.random_u, self.return_mask)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}, return_mask={self.return_mask}"


class FractionalMaxPool2D(_FractionalMaxPool):
    """Fractional max pooling of x [N, C, H, W] (``paddle.nn.functional.fractional_max_pool2d``).

    Args:
        output_size (int|list[int]): the output's H and W (a None keeps the input's).
        kernel_size (int|list[int], optional): a fixed window size; tiling windows when None.
        random_u (float, optional): the pseudo-random offset in (0, 1); a fresh draw per call when None.
        return_mask (bool, optional): also return the maxima's positions. Default False.

    Examples:
        >>> import paddle
        >>> pool = paddle.nn.FractionalMaxPool2D(output_size=3, random_u=0.3)
        >>> pool(paddle.rand([2, 4, 7, 7])).shape
        paddle.Size([2, 4, 3, 3])
        >>> pool
        FractionalMaxPool2D(output_size=3, return_mask=False)
    """

    _fn = "fractional_max_pool2d"

    def __init__(self, output_size, kernel_size=None, random_u=None, return_mask=False, name=None):
        super().__init__(output_size, kernel_size, random_u, return_mask, name)


class FractionalMaxPool3D(_FractionalMaxPool):
    """Fractional max pooling of x [N, C, D, H, W] (``paddle.nn.functional.fractional_max_pool3d``)."""

    _fn = "fractional_max_pool3d"

    def __init__(self, output_size, kernel_size=None, random_u=None, return_mask=False, name=None):
        super().__init__(output_size, kernel_size, random_u, return_mask, name)
