"""Attention."""

from __future__ import annotations

import math

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle.nn.functional.common import dropout


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, training=True,
                                 name=None) -> Tensor:
    """softmax(q k^T / sqrt(d) + mask) v for [batch, seq, heads, dim] tensors (Paddle's layout).

    Without a mask or dropout this runs the fused flash_attention kernel where
    the backend has one (float32 on the CPU): blockwise, with an online
    softmax, so the [seq_q, seq_k] scores are never stored.

    Args:
        attn_mask (Tensor, optional): added to the scores (float) or a keep-mask (bool).
        is_causal (bool): each query attends only to keys at or before it
            (aligned at the end when the key sequence is longer).

    Examples:
        >>> import paddle
        >>> q = paddle.ones([1, 3, 2, 4])
        >>> paddle.nn.functional.scaled_dot_product_attention(q, q, q).shape
        paddle.Size([1, 3, 2, 4])
    """
    for arg, t in (("query", query), ("key", key), ("value", value)):
        check.tensor("scaled_dot_product_attention", t, arg)
        if len(t.shape) != 4:
            raise ValueError(f"[scaled_dot_product_attention] argument '{arg}': expected a 4-D tensor "
                             f"[batch, seq, heads, dim], but got shape {list(t.shape)}")
    if attn_mask is not None:
        check.tensor("scaled_dot_product_attention", attn_mask, "attn_mask")
    is_causal = check.flag("scaled_dot_product_attention", is_causal, "is_causal")
    if attn_mask is None and not (dropout_p and training):
        scale = 1.0 / math.sqrt(max(query.shape[-1], 1))
        return _C_ops.flash_attention(query, key, value, is_causal, scale)[0]
    q = query.transpose([0, 2, 1, 3])
    k = key.transpose([0, 2, 1, 3])
    v = value.transpose([0, 2, 1, 3])
    scores = paddle.matmul(q, k, transpose_y=True) * (1.0 / math.sqrt(max(q.shape[-1], 1)))  # dim 0: scores 0
    if is_causal:
        lq, lk = q.shape[-2], k.shape[-2]
        keep = paddle.tril(paddle.ones([lq, lk], dtype="int32"), lk - lq).astype("bool")
        scores = paddle.where(keep, scores, paddle.full([], float("-inf"), scores.dtype))
    if attn_mask is not None:
        if attn_mask.dtype == paddle.bool:
            scores = paddle.where(attn_mask, scores, paddle.full([], float("-inf"), scores.dtype))
        else:
            scores = scores + attn_mask
    probs = paddle.nn.functional.softmax(scores, axis=-1)
    if dropout_p and training:
        probs = dropout(probs, dropout_p)
    return paddle.matmul(probs, v).transpose([0, 2, 1, 3])
