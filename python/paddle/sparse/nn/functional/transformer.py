"""Attention whose score matrix is sparse, with the layout of a CSR mask."""

from __future__ import annotations

import math

import numpy as np

import paddle
from paddle.sparse import _arguments as arg
from paddle.sparse._structure import csr_coordinates, host
from paddle.sparse.multiary import masked_matmul, matmul
from paddle.sparse.nn.functional.activation import softmax


def _check_mask(value, arg_name: str, shape: list[int]) -> None:
    arg.dense("attention", value, arg_name)
    if list(value.shape) != shape:
        raise ValueError(f"[attention] argument '{arg_name}': expected shape {shape}, but got {list(value.shape)}")


def attention(query, key, value, sparse_mask, key_padding_mask=None, attn_mask=None, name=None):
    """``softmax(Q K^T / sqrt(head_dim)) V`` with the scores computed and normalized
    only at the sites ``sparse_mask`` stores.

    A site (i, j) of batch b also drops out (gets no weight) where
    ``key_padding_mask[b, j] == 0`` or ``attn_mask[i, j] == 0``. A row whose
    sites all drop out gives NaN, as in Paddle.

    Args:
        query (Tensor): [batch_size, num_heads, seq_len, head_dim], float32 or float64.
        key (Tensor): like query.
        value (Tensor): like query.
        sparse_mask (SparseCsrTensor): the layout, [batch_size * num_heads, seq_len, seq_len].
        key_padding_mask (Tensor, optional): [batch_size, seq_len]; 0 masks a key.
        attn_mask (Tensor, optional): [seq_len, seq_len]; 0 masks a (query, key) pair.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: [batch_size, num_heads, seq_len, head_dim]. Differentiable with respect to
        query, key and value.

    Examples:
        >>> import paddle
        >>> q = paddle.to_tensor([[[[1.0], [2.0]]]])
        >>> layout = paddle.to_tensor([[[1.0, 0.0], [1.0, 1.0]]]).to_sparse_csr()
        >>> out = paddle.sparse.nn.functional.attention(q, q, q, layout)
        >>> out.shape, round(float(out[0, 0, 0, 0]), 4)
        (paddle.Size([1, 1, 2, 1]), 1.0)
    """
    op = "attention"
    for arg_name, tensor in (("query", query), ("key", key), ("value", value)):
        arg.dense(op, tensor, arg_name)
        arg.float_dtype(op, tensor, arg_name)
        arg.rank(op, tensor, arg_name, (4,))
        arg.same_shape(op, query, "query", tensor, arg_name)
    batch, heads, seq_len, head_dim = query.shape
    arg.sparse(op, sparse_mask, "sparse_mask", formats=("csr",))
    if list(sparse_mask.shape) != [batch * heads, seq_len, seq_len]:
        raise ValueError(f"[{op}] argument 'sparse_mask': expected shape {[batch * heads, seq_len, seq_len]}, but "
                         f"got {list(sparse_mask.shape)}")
    stacked = [batch * heads, seq_len, head_dim]
    scores = masked_matmul(query.reshape(stacked) / math.sqrt(head_dim),
                           key.reshape(stacked).transpose([0, 2, 1]), sparse_mask)
    layer, row = csr_coordinates(host(sparse_mask.crows()), sparse_mask.shape)
    column = host(sparse_mask.cols())
    dropped = np.zeros(column.size, dtype=bool)
    if key_padding_mask is not None:
        _check_mask(key_padding_mask, "key_padding_mask", [batch, seq_len])
        dropped |= key_padding_mask.numpy()[layer // heads, column] == 0
    if attn_mask is not None:
        _check_mask(attn_mask, "attn_mask", [seq_len, seq_len])
        dropped |= attn_mask.numpy()[row, column] == 0
    if dropped.any():
        blocked = paddle.full_like(scores.values(), -np.inf)
        scores = scores._with_values(paddle.where(paddle.to_tensor(dropped), blocked, scores.values()))
    weights = softmax(scores)
    return matmul(weights, value.reshape(stacked)).reshape([batch, heads, seq_len, head_dim])
