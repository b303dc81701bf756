"""The masked softmaxes of attention scores that Paddle fuses into one GPU
kernel; here composed of ops, on any device and differentiable."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor

_DTYPES = ("float16", "bfloat16", "float32", "float64")


def _scores(op: str, x) -> Tensor:
    x = check.tensor(op, x, "x")
    if x.dtype.name not in _DTYPES:
        raise TypeError(f"[{op}] argument 'x': expected a Tensor of dtype {', '.join(_DTYPES)}, but got "
                        f"{x.dtype.name}")
    if x.ndim != 4:
        raise ValueError(f"[{op}] argument 'x': expected a 4-D Tensor [batch, heads, query_len, key_len], but "
                         f"got shape {list(x.shape)}")
    return x


def _softmax(x: Tensor) -> Tensor:
    """Softmax over the keys, in float32 at least (as the fused kernel accumulates), in x's dtype."""
    if x.dtype.name in ("float16", "bfloat16"):
        return paddle.nn.functional.softmax(x.astype("float32"), axis=-1).astype(x.dtype)
    return paddle.nn.functional.softmax(x, axis=-1)


def softmax_mask_fuse(x, mask, name=None) -> Tensor:
    """``softmax(x + mask)`` over the last axis: attention scores with an additive mask.

    Args:
        x (Tensor): the scores [batch, heads, query_len, key_len], float16, bfloat16, float32 or float64.
        mask (Tensor): the additive mask [batch, 1, query_len, key_len] of x's dtype (0 keeps a
            score, a large negative value drops it).
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: the probabilities, of x's shape and dtype.

    Examples:
        >>> import paddle
        >>> x = paddle.zeros([1, 1, 1, 3])
        >>> mask = paddle.to_tensor([[[[0.0, -10000.0, 0.0]]]])
        >>> paddle.incubate.softmax_mask_fuse(x, mask).numpy().round(3).tolist()
        [[[[0.5, 0.0, 0.5]]]]
    """
    op = "softmax_mask_fuse"
    x = _scores(op, x)
    mask = check.tensor(op, mask, "mask")
    if mask.dtype != x.dtype:
        raise TypeError(f"[{op}] argument 'mask': expected x's dtype ({x.dtype.name}), but got {mask.dtype.name}")
    expected = [x.shape[0], 1, x.shape[2], x.shape[3]]
    if list(mask.shape) != expected:
        raise ValueError(f"[{op}] argument 'mask': expected shape {expected} (one mask per batch entry, shared by "
                         f"the heads), but got {list(mask.shape)}")
    return _softmax(x + mask)


def softmax_mask_fuse_upper_triangle(x) -> Tensor:
    """Causal attention's softmax: over the last axis of ``x`` with every score
    above the diagonal (key position > query position) masked out.

    Args:
        x (Tensor): the scores [batch, heads, seq_len, seq_len], float16, bfloat16, float32 or float64.

    Returns:
        Tensor: the probabilities, of x's shape and dtype; 0 above the diagonal.

    Examples:
        >>> import paddle
        >>> out = paddle.incubate.softmax_mask_fuse_upper_triangle(paddle.zeros([1, 1, 3, 3]))
        >>> (out.numpy() * 6).round().tolist()  # sixths
        [[[[6.0, 0.0, 0.0], [3.0, 3.0, 0.0], [2.0, 2.0, 2.0]]]]
    """
    op = "softmax_mask_fuse_upper_triangle"
    x = _scores(op, x)
    if x.shape[2] != x.shape[3]:
        raise ValueError(f"[{op}] argument 'x': expected square scores (query_len == key_len), but got shape "
                         f"{list(x.shape)}")
    future = paddle.triu(paddle.ones([x.shape[2], x.shape[3]], "bool"), diagonal=1).to(x.place)
    return _softmax(paddle.where(future, paddle.full([], float("-inf"), x.dtype).to(x.place), x))
