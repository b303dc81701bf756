"""paddle.linalg: linear algebra. Matrix functions (inv, solve, svd, ...)
arrive with the op library; norms are here now."""

from __future__ import annotations

import math
import numbers

from paddle._C import Tensor, _C_ops


def norm(x, p=None, axis=None, keepdim: bool = False, name=None) -> Tensor:
    """The norm of x over `axis`.

    Args:
        x (Tensor): floating or complex input.
        p (float|str, optional): None or 'fro' for the 2-norm of the selected
            elements (the Frobenius norm of a matrix); a number for the vector
            p-norm (inf, -inf and 0 included). Default None.
        axis (int|list[int], optional): the axes; all of them when None.
        keepdim (bool, optional): keep reduced axes as size 1. Default False.

    Returns:
        Tensor: the norm, differentiable to any order.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[3.0, 4.0], [0.0, 0.0]])
        >>> paddle.linalg.norm(x).item()
        5.0
        >>> paddle.linalg.norm(x, p=1, axis=1).tolist()
        [7.0, 0.0]
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"[norm] argument 'x': expected Tensor, but got {type(x).__name__}")
    axes = [axis] if isinstance(axis, numbers.Integral) else axis
    if p is None or p == "fro":
        if axes is not None and len(axes) > 2:
            raise ValueError(f"[norm] p='fro' takes at most 2 axes, but got {axes}")
        return _C_ops.p_norm(x, 2.0, axes, keepdim)
    if isinstance(p, str):
        raise NotImplementedError(f"[norm] p={p!r} is not supported yet (only 'fro' and numbers)")
    if not isinstance(p, numbers.Real):
        raise TypeError(f"[norm] argument 'p': expected a number, 'fro' or None, but got {type(p).__name__}")
    if axes is not None and len(axes) == 2:
        raise NotImplementedError("[norm] matrix norms with a numeric p are not supported yet")
    porder = float(p) if not math.isinf(p) else p
    return _C_ops.p_norm(x, porder, axes, keepdim)
