"""embedding and one_hot."""

from __future__ import annotations

import numbers

from paddle import _checks as check
from paddle._C import Tensor, _C_ops


def one_hot(x, num_classes, name=None) -> Tensor:
    """A float32 tensor of shape x.shape + [num_classes] with 1 at each label.

    Examples:
        >>> import paddle
        >>> paddle.nn.functional.one_hot(paddle.to_tensor([1, 0]), 3).numpy().tolist()
        [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
    """
    check.tensor("one_hot", x)
    if isinstance(num_classes, bool) or not isinstance(num_classes, numbers.Integral) or num_classes < 1:
        raise ValueError(f"[one_hot] argument 'num_classes': expected a positive int, but got {num_classes!r}")
    return _C_ops.one_hot(x, int(num_classes))


def embedding(x, weight, padding_idx=None, max_norm=None, norm_type=2.0, sparse=False, name=None) -> Tensor:
    """The rows of `weight` ([num_embeddings, dim]) at the ids in x: shape x.shape + [dim].

    Args:
        x (Tensor): int32/int64 ids in [0, num_embeddings).
        weight (Tensor): the embedding table.
        padding_idx (int, optional): an id whose rows come out as zeros and
            get no gradient; negative counts from the end.
        sparse (bool, optional): accepted for compatibility; gradients are dense.

    Examples:
        >>> import paddle
        >>> w = paddle.to_tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]])
        >>> paddle.nn.functional.embedding(paddle.to_tensor([[2, 1]]), w).numpy().tolist()
        [[[3.0, 4.0], [1.0, 2.0]]]
    """
    check.tensor("embedding", x)
    if not isinstance(weight, check.TENSOR_TYPES) or len(weight.shape) != 2:
        raise ValueError("[embedding] argument 'weight': expected a 2-D tensor [num_embeddings, embedding_dim]")
    if max_norm is not None:
        raise NotImplementedError("[embedding] max_norm is not supported")
    rows = weight.shape[0]
    if padding_idx is None:
        padding_idx = -1
    elif not -rows <= check.integer("embedding", padding_idx, "padding_idx") < rows:
        raise ValueError(f"[embedding] padding_idx {padding_idx} is out of range for {rows} embeddings")
    else:
        padding_idx %= rows
    return _C_ops.embedding(x, weight, padding_idx)
