"""embedding and one_hot."""

from __future__ import annotations

import numbers

from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases


@aliases(x="input")
def one_hot(x, num_classes=-1, name=None) -> Tensor:
    """A float32 tensor of shape x.shape + [num_classes] with 1 at each label;
    num_classes=-1 (the default) takes max(x) + 1.

    Examples:
        >>> import paddle
        >>> paddle.nn.functional.one_hot(paddle.to_tensor([1, 0]), 3).numpy().tolist()
        [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
        >>> paddle.nn.functional.one_hot(paddle.to_tensor([2])).numpy().tolist()
        [[0.0, 0.0, 1.0]]
    """
    check.tensor("one_hot", x)
    if isinstance(num_classes, bool) or not isinstance(num_classes, numbers.Integral) or not (
            num_classes >= 1 or num_classes == -1):
        raise ValueError(f"[one_hot] argument 'num_classes': expected a positive int or -1, but got {num_classes!r}")
    if num_classes == -1:
        if x.size == 0:
            raise ValueError("[one_hot] num_classes=-1 infers the count from max(x) + 1, but x is empty")
        num_classes = int(x.max().item()) + 1
    return _C_ops.one_hot(x, int(num_classes))


@aliases(x="input")
def embedding(x, weight, padding_idx=None, max_norm=None, norm_type=2.0, sparse=False, scale_grad_by_freq=False,
              name=None) -> Tensor:
    """The rows of `weight` ([num_embeddings, dim]) at the ids in x: shape x.shape + [dim].

    Args:
        x (Tensor): int32/int64 ids in [0, num_embeddings).
        weight (Tensor): the embedding table.
        padding_idx (int, optional): an id whose rows come out as zeros and
            get no gradient; negative counts from the end.
        max_norm (float, optional): first, in place and without gradient,
            every row of weight that x looks up whose norm exceeds max_norm
            is scaled to norm max_norm (by max_norm / (norm + 1e-7)).
        norm_type (float, optional): the p of that p-norm. Default 2.0.
        sparse (bool, optional): accepted for compatibility; gradients are dense.
        scale_grad_by_freq (bool, optional): divide each row's gradient by
            how often x looks it up. Default False.

    Examples:
        >>> import paddle
        >>> w = paddle.to_tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]])
        >>> paddle.nn.functional.embedding(paddle.to_tensor([[2, 1]]), w).numpy().tolist()
        [[[3.0, 4.0], [1.0, 2.0]]]
        >>> y = paddle.nn.functional.embedding(paddle.to_tensor([2]), w, max_norm=1.0)  # rescales row 2 of w too
        >>> [round(v, 4) for v in y[0].tolist()], [round(v, 4) for v in w[2].tolist()]
        ([0.6, 0.8], [0.6, 0.8])
    """
    op = "embedding"
    check.tensor(op, x)
    if not isinstance(weight, check.TENSOR_TYPES) or len(weight.shape) != 2:
        raise ValueError("[embedding] argument 'weight': expected a 2-D tensor [num_embeddings, embedding_dim]")
    rows = weight.shape[0]
    if padding_idx is None:
        padding_idx = -1
    elif not -rows <= check.integer(op, padding_idx, "padding_idx") < rows:
        raise ValueError(f"[embedding] padding_idx {padding_idx} is out of range for {rows} embeddings")
    else:
        padding_idx %= rows
    if max_norm is not None:
        _renorm_rows(x, weight, check.number(op, max_norm, "max_norm"), check.number(op, norm_type, "norm_type"))
    out = _C_ops.embedding(x, weight, padding_idx)
    if check.flag(op, scale_grad_by_freq, "scale_grad_by_freq") and not out.stop_gradient:
        _scale_grad_by_freq(out, x, rows)
    return out


def _renorm_rows(x, weight, max_norm: float, norm_type: float) -> None:
    """Scales, in place, the rows of weight that x looks up to a norm of at most max_norm (as Paddle and
    PyTorch: by max_norm / (norm + 1e-7)); the rows of a padding id too."""
    import paddle

    with paddle.no_grad():
        ids = paddle.unique(x.reshape([-1]).astype("int64"))
        picked = paddle.gather(weight, ids)
        # in weight's dtype, as Paddle: float32 rounds norm + 1e-7 back to the norm, so 5 -> exactly 2 / 5
        norms = paddle.linalg.vector_norm(picked, p=norm_type, axis=1, keepdim=True)
        scale = paddle.where(norms > max_norm, max_norm / (norms + 1e-7), paddle.ones_like(norms))
        weight[ids] = picked * scale


def _scale_grad_by_freq(out, x, rows: int) -> None:
    """Divides the gradient of each looked-up row by the number of times x names it: the gradient of
    every output position is divided by its id's count."""
    import paddle

    counts = paddle.bincount(x.reshape([-1]).astype("int64"), minlength=rows)
    per_position = paddle.gather(counts, x.reshape([-1]).astype("int64")).reshape(list(x.shape) + [1])
    out.register_hook(lambda grad: grad / per_position.astype(grad.dtype))
