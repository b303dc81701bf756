"""Pooling with Paddle's signatures over the max_pool/avg_pool kernels, which
work on NC<spatial> layouts with 1 to 3 spatial dims."""

from __future__ import annotations

import math
import numbers

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases

_CHANNEL_LAST = {"NLC": 1, "NHWC": 2, "NDHWC": 3}
_CHANNEL_FIRST = {"NCL": 1, "NCHW": 2, "NCDHW": 3}


def _as_list(op, arg, value, nd):
    if isinstance(value, Tensor):
        value = value.tolist()
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return [int(value)] * nd
    if isinstance(value, (list, tuple)) and len(value) == nd and all(isinstance(v, numbers.Integral) for v in value):
        return [int(v) for v in value]
    raise ValueError(f"[{op}] argument '{arg}': expected an int or {nd} ints, but got {value!r}")


def _paddings(op, padding, nd, spatial, kernel, stride):
    """[before, after] per spatial dim from Paddle's padding forms."""
    if isinstance(padding, str):
        mode = padding.upper()
        if mode == "VALID":
            return [0] * (2 * nd)
        if mode != "SAME":
            raise ValueError(f"[{op}] argument 'padding': expected 'SAME' or 'VALID', but got {padding!r}")
        pads = []
        for size, k, s in zip(spatial, kernel, stride):
            total = max((math.ceil(size / s) - 1) * s + k - size, 0)
            pads += [total // 2, total - total // 2]
        return pads
    if isinstance(padding, (list, tuple)) and padding and isinstance(padding[0], (list, tuple)):
        pairs = [check.int_list(op, p, "padding") for p in padding][-nd:]  # [[0, 0], [0, 0], [t, b], [l, r]]
        return [v for pair in pairs for v in pair]
    if isinstance(padding, (list, tuple)) and len(padding) == 2 * nd:
        return check.int_list(op, padding, "padding")
    return [v for p in _as_list(op, "padding", padding, nd) for v in (p, p)]


def _to_channel_first(op, x, nd, data_format):
    check.tensor(op, x, "x")
    if not isinstance(data_format, str):
        raise ValueError(f"[{op}] argument 'data_format': expected a layout name, but got {data_format!r}")
    if _CHANNEL_FIRST.get(data_format) == nd:
        last = False
    elif _CHANNEL_LAST.get(data_format) == nd:
        last = True
    else:
        raise ValueError(f"[{op}] argument 'data_format': {data_format!r} is not a layout for {nd} spatial dims")
    if len(x.shape) != nd + 2:
        raise ValueError(f"[{op}] x must be {nd + 2}-D ({data_format}), but got shape {list(x.shape)}")
    return (paddle.moveaxis(x, -1, 1) if last else x), last


def _from_channel_first(t, last):
    return paddle.moveaxis(t, 1, -1) if last else t


def _pool(op, kind, x, nd, kernel_size, stride, padding, ceil_mode, data_format, exclusive=True,
          return_mask=False, divisor_override=None):
    x, last = _to_channel_first(op, x, nd, data_format)
    kernel = _as_list(op, "kernel_size", kernel_size, nd)
    strides = kernel if stride is None else _as_list(op, "stride", stride, nd)
    pads = _paddings(op, padding, nd, x.shape[2:], kernel, strides)
    if kind == "max":
        out, mask = _C_ops.max_pool(x, kernel, strides, pads, check.flag(op, ceil_mode, "ceil_mode"), False)
        out = _from_channel_first(out, last)
        return (out, _from_channel_first(mask, last)) if return_mask else out
    if divisor_override is not None:
        check.number(op, divisor_override, "divisor_override")
    if divisor_override:
        out = _C_ops.avg_pool(x, kernel, strides, pads, check.flag(op, ceil_mode, "ceil_mode"), False, False)
        out = out * (math.prod(kernel) / divisor_override)
    else:
        out = _C_ops.avg_pool(x, kernel, strides, pads, check.flag(op, ceil_mode, "ceil_mode"), bool(exclusive), False)
    return _from_channel_first(out, last)


def max_pool1d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, name=None):
    """The maximum over sliding windows of an NCL tensor (and their positions when return_mask)."""
    return _pool("max_pool1d", "max", x, 1, kernel_size, stride, padding, ceil_mode, "NCL", return_mask=return_mask)


def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format="NCHW",
               name=None):
    """The maximum over sliding windows of an NCHW (or NHWC) tensor.

    Examples:
        >>> import paddle
        >>> x = paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4])
        >>> paddle.nn.functional.max_pool2d(x, 2).numpy().tolist()
        [[[[5.0, 7.0], [13.0, 15.0]]]]
    """
    return _pool("max_pool2d", "max", x, 2, kernel_size, stride, padding, ceil_mode, data_format,
                 return_mask=return_mask)


def max_pool3d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format="NCDHW",
               name=None):
    """The maximum over sliding windows of an NCDHW (or NDHWC) tensor."""
    return _pool("max_pool3d", "max", x, 3, kernel_size, stride, padding, ceil_mode, data_format,
                 return_mask=return_mask)


def avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False, name=None):
    """The mean over sliding windows of an NCL tensor (exclusive: padding not counted)."""
    return _pool("avg_pool1d", "avg", x, 1, kernel_size, stride, padding, ceil_mode, "NCL", exclusive)


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None,
               data_format="NCHW", name=None):
    """The mean over sliding windows of an NCHW (or NHWC) tensor.

    Examples:
        >>> import paddle
        >>> x = paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4])
        >>> paddle.nn.functional.avg_pool2d(x, 2).numpy().tolist()
        [[[[2.5, 4.5], [10.5, 12.5]]]]
    """
    return _pool("avg_pool2d", "avg", x, 2, kernel_size, stride, padding, ceil_mode, data_format, exclusive,
                 divisor_override=divisor_override)


def avg_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None,
               data_format="NCDHW", name=None):
    """The mean over sliding windows of an NCDHW (or NDHWC) tensor."""
    return _pool("avg_pool3d", "avg", x, 3, kernel_size, stride, padding, ceil_mode, data_format, exclusive,
                 divisor_override=divisor_override)


def _adaptive(op, kind, x, nd, output_size, data_format, return_mask=False):
    x, last = _to_channel_first(op, x, nd, data_format)
    if isinstance(output_size, (list, tuple)):  # a None keeps that dim's input size
        output_size = [x.shape[2 + d] if s is None and d < nd else s for d, s in enumerate(output_size)]
    sizes = check.int_list(op, output_size, "output_size", allow_int=True)
    if len(sizes) == 1 and not isinstance(output_size, list):  # an int for every dim
        sizes *= nd
    if len(sizes) != nd or min(sizes) < 1:
        raise ValueError(f"[{op}] argument 'output_size': expected an int or {nd} ints >= 1, but got {output_size!r}")
    if kind == "max":
        out, mask = _C_ops.max_pool(x, sizes, [], [], False, True)
        out = _from_channel_first(out, last)
        return (out, _from_channel_first(mask, last)) if return_mask else out
    return _from_channel_first(_C_ops.avg_pool(x, sizes, [], [], False, True, True), last)


@aliases(x="input")
def adaptive_avg_pool1d(x, output_size, name=None):
    """Mean pooling of an NCL tensor into output_size windows that tile the input."""
    return _adaptive("adaptive_avg_pool1d", "avg", x, 1, output_size, "NCL")


@aliases(x="input")
def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    """Mean pooling of an NCHW tensor into output_size windows that tile the input.

    Examples:
        >>> import paddle
        >>> x = paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4])
        >>> paddle.nn.functional.adaptive_avg_pool2d(x, 1).numpy().tolist()
        [[[[7.5]]]]
    """
    return _adaptive("adaptive_avg_pool2d", "avg", x, 2, output_size, data_format)


@aliases(x="input")
def adaptive_avg_pool3d(x, output_size, data_format="NCDHW", name=None):
    """Mean pooling of an NCDHW tensor into output_size windows that tile the input."""
    return _adaptive("adaptive_avg_pool3d", "avg", x, 3, output_size, data_format)


@aliases(x="input", return_mask="return_indices")
def adaptive_max_pool1d(x, output_size, return_mask=False, name=None):
    """Max pooling of an NCL tensor into output_size windows that tile the input."""
    return _adaptive("adaptive_max_pool1d", "max", x, 1, output_size, "NCL", return_mask)


@aliases(x="input", return_mask="return_indices")
def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    """Max pooling of an NCHW tensor into output_size windows that tile the input."""
    return _adaptive("adaptive_max_pool2d", "max", x, 2, output_size, "NCHW", return_mask)


@aliases(x="input", return_mask="return_indices")
def adaptive_max_pool3d(x, output_size, return_mask=False, name=None):
    """Max pooling of an NCDHW tensor into output_size windows that tile the input."""
    return _adaptive("adaptive_max_pool3d", "max", x, 3, output_size, "NCDHW", return_mask)
