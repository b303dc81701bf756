"""Dropout and the other functions of paddle.nn.functional that wrap an op."""

from __future__ import annotations

import numbers

import paddle
from paddle._C import Tensor, _C_ops

_DROPOUT_MODES = ("upscale_in_train", "downscale_in_infer")


def _check_dropout_args(op, x, p, mode):
    if not isinstance(x, Tensor):
        raise TypeError(f"[{op}] argument 'x': expected Tensor, but got {type(x).__name__}")
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"[{op}] argument 'p': expected a float, but got {type(p).__name__}")
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"[{op}] argument 'p': expected a value in [0, 1], but got {p}")
    if mode not in _DROPOUT_MODES:
        raise ValueError(f"[{op}] argument 'mode': expected one of {_DROPOUT_MODES}, but got {mode!r}")


def dropout(x, p=0.5, axis=None, training=True, mode="upscale_in_train", name=None) -> Tensor:
    """Zeroes elements of x with probability p during training.

    Args:
        x (Tensor): the input.
        p (float, optional): the probability of zeroing. Default 0.5.
        axis (int|list|tuple, optional): when given, one decision per index
            along these axes, shared by the others (as Dropout2D does for
            channels). Default None: every element decides alone.
        training (bool, optional): dropout happens only when True.
        mode (str, optional): 'upscale_in_train' (kept values are divided by
            1 - p in training, identity in inference) or 'downscale_in_infer'
            (training keeps values as they are, inference multiplies by 1 - p).

    Examples:
        >>> import paddle
        >>> x = paddle.ones([1000])
        >>> y = paddle.nn.functional.dropout(x, p=0.5)
        >>> sorted(set(y.numpy().tolist()))
        [0.0, 2.0]
        >>> paddle.nn.functional.dropout(x, p=0.5, training=False) is x
        True
    """
    _check_dropout_args("dropout", x, p, mode)
    upscale = mode == "upscale_in_train"
    if not training:
        return x if upscale else x * (1.0 - p)
    if axis is None:
        out, _ = _C_ops.dropout(x, p, upscale, 0)
        return out
    axes = [axis] if isinstance(axis, int) else list(axis)
    rank = len(x.shape)
    for a in axes:
        if isinstance(a, bool) or not isinstance(a, int) or not -rank <= a < rank:
            raise ValueError(f"[dropout] argument 'axis': {a!r} is not an axis of a {rank}-D tensor")
    mask_shape = [d if (i in axes or i - rank in axes) else 1 for i, d in enumerate(x.shape)]
    keep = paddle.bernoulli(paddle.full(mask_shape, 1.0 - p, x.dtype))
    if upscale:
        keep = keep * (1.0 / (1.0 - p) if p < 1.0 else 0.0)
    return x * keep


def _channel_dropout(op, x, p, training, data_format, rank):
    if isinstance(x, Tensor) and len(x.shape) != rank:
        raise ValueError(f"[{op}] argument 'x': expected a {rank}-D tensor, but got shape {x.shape}")
    if data_format not in ("NCHW", "NHWC", "NCDHW", "NDHWC"):
        raise ValueError(f"[{op}] argument 'data_format': unknown layout {data_format!r}")
    channel = 1 if data_format[1] == "C" else rank - 1
    _check_dropout_args(op, x, p, "upscale_in_train")
    return dropout(x, p, axis=[0, channel], training=training)


def dropout2d(x, p=0.5, training=True, data_format="NCHW", name=None) -> Tensor:
    """Zeroes whole channels of a 4-D x with probability p (kept ones scaled by 1 / (1 - p))."""
    return _channel_dropout("dropout2d", x, p, training, data_format, 4)


def dropout3d(x, p=0.5, training=True, data_format="NCDHW", name=None) -> Tensor:
    """Zeroes whole channels of a 5-D x with probability p (kept ones scaled by 1 / (1 - p))."""
    return _channel_dropout("dropout3d", x, p, training, data_format, 5)
