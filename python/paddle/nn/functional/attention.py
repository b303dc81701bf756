"""Attention."""

from __future__ import annotations

import math

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle.nn.functional.common import dropout


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, training=True,
                                 backend=None, scale=None, enable_gqa=True, name=None) -> Tensor:
    """softmax(q k^T * scale + mask) v for [batch, seq, heads, dim] tensors (Paddle's layout; [seq, heads,
    dim] without the batch dim works too).

    Without a mask or dropout this runs the fused flash_attention kernel where
    the backend has one (float32 on the CPU): blockwise, with an online
    softmax, so the [seq_q, seq_k] scores are never stored.

    Args:
        attn_mask (Tensor, optional): added to the scores (float) or a keep-mask (bool).
        is_causal (bool): each query attends only to keys at or before it
            (aligned at the end when the key sequence is longer).
        backend (str, optional): Paddle's choice of a distributed backend ('p2p'); only None is supported.
        scale (float, optional): the scores' factor; 1 / sqrt(dim) when None.
        enable_gqa (bool): grouped-query attention: key and value may have
            fewer heads than query (a divisor of its count), each serving
            that many query heads in turn. Default True.

    Examples:
        >>> import paddle
        >>> q = paddle.ones([1, 3, 2, 4])
        >>> paddle.nn.functional.scaled_dot_product_attention(q, q, q).shape
        paddle.Size([1, 3, 2, 4])
    """
    op = "scaled_dot_product_attention"
    if backend is not None:
        raise NotImplementedError(f"[{op}] argument 'backend': only None is supported (Paddle's 'p2p' is for "
                                  f"its distributed runs), but got {backend!r}")
    ranks = set()
    for arg, t in (("query", query), ("key", key), ("value", value)):
        check.tensor(op, t, arg)
        if len(t.shape) not in (3, 4):
            raise ValueError(f"[{op}] argument '{arg}': expected a 4-D tensor [batch, seq, heads, dim] or a 3-D "
                             f"one [seq, heads, dim], but got shape {list(t.shape)}")
        ranks.add(len(t.shape))
    if ranks == {3}:  # no batch dim: one batch of one
        out = scaled_dot_product_attention(query.unsqueeze(0), key.unsqueeze(0), value.unsqueeze(0), attn_mask,
                                           dropout_p, is_causal, training, None, scale, enable_gqa)
        return out.squeeze(0)
    if attn_mask is not None:
        check.tensor(op, attn_mask, "attn_mask")
    is_causal = check.flag(op, is_causal, "is_causal")
    key, value = _shared_heads(op, query, key, value, check.flag(op, enable_gqa, "enable_gqa"))
    scale = 1.0 / math.sqrt(max(query.shape[-1], 1)) if scale is None else float(check.number(op, scale, "scale"))
    if attn_mask is None and not (dropout_p and training):
        return _C_ops.flash_attention(query, key, value, is_causal, scale)[0]
    q = query.transpose([0, 2, 1, 3])
    k = key.transpose([0, 2, 1, 3])
    v = value.transpose([0, 2, 1, 3])
    scores = paddle.matmul(q, k, transpose_y=True) * scale  # dim 0: scores 0
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


def _shared_heads(op, query, key, value, enable_gqa):
    """key and value with as many heads as query: with grouped-query attention each of their heads serves
    query_heads / kv_heads consecutive query heads."""
    heads = query.shape[2]
    if key.shape[2] == heads and value.shape[2] == heads:
        return key, value
    if not enable_gqa or heads % key.shape[2] or key.shape[2] != value.shape[2]:
        raise ValueError(f"[{op}] query has {heads} heads but key and value {key.shape[2]} and {value.shape[2]}: "
                         f"expected equal counts, or with enable_gqa=True one count of key and value heads that "
                         f"divides query's")
    group = heads // key.shape[2]
    return paddle.repeat_interleave(key, group, axis=2), paddle.repeat_interleave(value, group, axis=2)
