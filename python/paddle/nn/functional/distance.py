"""pairwise_distance: the p-norm of the difference of two batches of vectors."""

from __future__ import annotations

import math

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle._signature import aliases


@aliases(epsilon="eps")
def pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False, name=None) -> Tensor:
    """||x - y + epsilon||_p along the last dim (x and y broadcast against each other).

    p = inf gives the largest |element|, p = -inf the smallest, p = 0 the number of
    nonzero elements; epsilon keeps the norm's gradient finite where x == y.

    Args:
        x (Tensor): [N, D] or [D], floating point.
        y (Tensor): broadcastable to x.
        p (float, optional): the norm's order. Default 2.0.
        epsilon (float, optional): added to the difference. Default 1e-6.
        keepdim (bool, optional): keep the last dim as 1. Default False.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 0.0], [1.0, 1.0]])
        >>> y = paddle.to_tensor([[3.0, 4.0], [1.0, 1.0]])
        >>> [round(v, 4) for v in paddle.nn.functional.pairwise_distance(x, y, epsilon=0.0).tolist()]
        [5.0, 0.0]
    """
    op = "pairwise_distance"
    for arg, t in (("x", x), ("y", y)):
        check.tensor(op, t, arg)
        if not t.dtype.name.startswith(("float", "bfloat")):
            raise TypeError(f"[{op}] argument '{arg}': expected a floating-point Tensor, but got {check.got(t)}")
    try:
        paddle.broadcast_shape(list(x.shape), list(y.shape))
    except ValueError:
        raise ValueError(f"[{op}] the shapes of x {list(x.shape)} and y {list(y.shape)} do not broadcast") from None
    p = float(check.number(op, p, "p"))
    epsilon = check.number(op, epsilon, "epsilon")
    keepdim = check.flag(op, keepdim, "keepdim")
    diff = x - y + epsilon
    magnitude = paddle.abs(diff)
    if p == math.inf:
        return paddle.max(magnitude, axis=-1, keepdim=keepdim)
    if p == -math.inf:
        return paddle.min(magnitude, axis=-1, keepdim=keepdim)
    if p == 0:
        return paddle.sum((diff != 0).astype(diff.dtype), axis=-1, keepdim=keepdim)
    return paddle.pow(paddle.sum(paddle.pow(magnitude, p), axis=-1, keepdim=keepdim), 1.0 / p)
