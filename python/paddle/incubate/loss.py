"""paddle.incubate.identity_loss: marks a tensor as the loss (Paddle's IPU
uses the mark); elsewhere it is the tensor itself, optionally reduced."""

from __future__ import annotations

from paddle import _checks as check
from paddle._C import Tensor

# Paddle also takes the reductions by number.
_REDUCTIONS = {"sum": "sum", "mean": "mean", "none": "none", 0: "sum", 1: "mean", 2: "none"}


def identity_loss(x, reduction="none") -> Tensor:
    """Returns ``x`` as the loss: its sum, its mean, or itself.

    Args:
        x (Tensor): the loss values, float32 or float64.
        reduction (str|int, optional): 'sum' (or 0), 'mean' (or 1) or 'none' (or 2). Default 'none'.

    Returns:
        Tensor: a 0-D tensor for 'sum' and 'mean', else x unchanged (with its gradient).

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> paddle.incubate.identity_loss(x, reduction="mean").item()
        2.5
        >>> paddle.incubate.identity_loss(x, reduction=0).item()
        10.0
    """
    op = "identity_loss"
    x = check.tensor(op, x, "x")
    if x.dtype.name not in ("float32", "float64"):
        raise TypeError(f"[{op}] argument 'x': expected a float32 or float64 Tensor, but got {x.dtype.name}")
    if isinstance(reduction, bool) or not isinstance(reduction, (str, int)):
        raise TypeError(f"[{op}] argument 'reduction': expected a str or an int, but got {check.got(reduction)}")
    if reduction not in _REDUCTIONS:
        raise ValueError(f"[{op}] argument 'reduction': expected 'sum', 'mean', 'none', 0, 1 or 2, but got "
                         f"{reduction!r}")
    reduction = _REDUCTIONS[reduction]
    if reduction == "sum":
        return x.sum()
    if reduction == "mean":
        return x.mean()
    return x
