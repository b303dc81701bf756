"""Clipping the gradients of parameters in place: by their total norm or by value."""

from __future__ import annotations

import math

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.nn.utils._params import tensor_list


def _norm(x: Tensor, p: float) -> Tensor:
    """The p-norm of all of x's elements, as a 0-D Tensor."""
    x = paddle.abs(x.detach().reshape([-1]))
    if p == math.inf:
        return paddle.max(x)
    if p == -math.inf:
        return paddle.min(x)
    return paddle.sum(x ** p) ** (1.0 / p)


def clip_grad_norm_(parameters, max_norm: float, norm_type: float = 2.0,
                    error_if_nonfinite: bool = False) -> Tensor:
    """Scales the gradients of `parameters` in place so that their total norm is at most `max_norm`.

    The total norm is the `norm_type`-norm of all gradients together (the norm of the per-gradient norms);
    every gradient is multiplied by ``min(1, max_norm / (total_norm + 1e-6))``. Parameters without a
    gradient are skipped.

    Args:
        parameters (Tensor|Iterable[Tensor]): the parameters whose ``grad`` to clip.
        max_norm (float): the largest total norm allowed.
        norm_type (float, optional): the p of the p-norm; ``float('inf')`` for the largest absolute value.
            Default 2.0.
        error_if_nonfinite (bool, optional): raise a RuntimeError when the total norm is nan or inf
            (otherwise the gradients are scaled by it anyway). Default False.

    Returns:
        Tensor: the total norm of the gradients before clipping (0-D).

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([2], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> (w * paddle.to_tensor([3.0, 4.0])).sum().backward()
        >>> float(paddle.nn.utils.clip_grad_norm_([w], max_norm=1.0))
        5.0
        >>> [round(v, 4) for v in w.grad.numpy().tolist()]
        [0.6, 0.8]
    """
    op = "clip_grad_norm_"
    params = tensor_list(op, parameters)
    max_norm = float(check.number(op, max_norm, "max_norm"))
    norm_type = float(check.number(op, norm_type, "norm_type"))
    if norm_type <= 0 and norm_type != -math.inf:
        raise ValueError(f"[{op}] argument 'norm_type': expected a positive number or inf, but got {norm_type}")
    error_if_nonfinite = check.flag(op, error_if_nonfinite, "error_if_nonfinite")
    grads = [p.grad for p in params if p.grad is not None]
    if not grads:
        return paddle.to_tensor(0.0)
    with paddle.no_grad():
        norms = [_norm(g, norm_type) for g in grads]
        total = norms[0] if len(norms) == 1 else _norm(paddle.stack([n.astype("float32") for n in norms]),
                                                       norm_type)
        total_value = float(total)
        if error_if_nonfinite and not math.isfinite(total_value):
            raise RuntimeError(f"[{op}] the total norm of order {norm_type} of the gradients is {total_value}, "
                               f"so it cannot be clipped; pass error_if_nonfinite=False to scale the gradients "
                               f"by it anyway")
        coef = max_norm / (total_value + 1e-6)
        if not coef < 1.0 and not math.isnan(coef):
            return total
        for g in grads:
            g[...] = g * paddle.to_tensor(coef, dtype=g.dtype, place=g.place)
    return total


def clip_grad_value_(parameters, clip_value: float) -> None:
    """Clips every gradient of `parameters` to ``[-clip_value, clip_value]`` in place.

    Args:
        parameters (Tensor|Iterable[Tensor]): the parameters whose ``grad`` to clip.
        clip_value (float): the bound, a non-negative number.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([3], "float32")
        >>> (w * paddle.to_tensor([-3.0, 0.5, 2.0])).sum().backward()
        >>> paddle.nn.utils.clip_grad_value_(w, 1.0)
        >>> w.grad.numpy().tolist()
        [-1.0, 0.5, 1.0]
    """
    op = "clip_grad_value_"
    params = tensor_list(op, parameters)
    clip_value = float(check.number(op, clip_value, "clip_value"))
    if clip_value < 0:
        raise ValueError(f"[{op}] argument 'clip_value': expected a number >= 0, but got {clip_value}")
    with paddle.no_grad():
        for p in params:
            if p.grad is not None:
                p.grad[...] = paddle.clip(p.grad, -clip_value, clip_value)
