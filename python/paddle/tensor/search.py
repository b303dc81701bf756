"""Sorting and arg-reductions with Paddle's Python signatures."""

from __future__ import annotations

import numbers

from paddle._C import Tensor, _C_ops


def _check(op, x, axis):
    if not isinstance(x, Tensor):
        raise TypeError(f"[{op}] argument 'x': expected Tensor, but got {type(x).__name__}")
    if axis is not None and (isinstance(axis, bool) or not isinstance(axis, numbers.Integral)):
        raise TypeError(f"[{op}] argument 'axis': expected an int or None, but got {type(axis).__name__}")


def argsort(x, axis=-1, descending=False, stable=False, name=None) -> Tensor:
    """The int64 positions that sort x along axis (ties keep their order).

    Examples:
        >>> import paddle
        >>> paddle.argsort(paddle.to_tensor([3.0, 1.0, 2.0])).numpy().tolist()
        [1, 2, 0]
    """
    _check("argsort", x, axis)
    return _C_ops.argsort(x, axis, descending, stable)[1]


def sort(x, axis=-1, descending=False, stable=False, name=None) -> Tensor:
    """x sorted along axis (NaN last; descending puts NaN first).

    Examples:
        >>> import paddle
        >>> paddle.sort(paddle.to_tensor([3.0, 1.0, 2.0]), descending=True).numpy().tolist()
        [3.0, 2.0, 1.0]
    """
    _check("sort", x, axis)
    return _C_ops.argsort(x, axis, descending, stable)[0]


def _arg_extreme(op, x, axis, keepdim, dtype):
    _check(op, x, axis)
    fn = _C_ops.argmax if op == "argmax" else _C_ops.argmin
    if axis is None:
        return fn(x, -1, keepdim, True, dtype)
    return fn(x, axis, keepdim, False, dtype)


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None) -> Tensor:
    """The position of the largest value along axis (of the flattened x when
    axis is None); the first of ties, and a NaN wins.

    Examples:
        >>> import paddle
        >>> paddle.argmax(paddle.to_tensor([[1, 5], [7, 2]]), axis=1).numpy().tolist()
        [1, 0]
    """
    return _arg_extreme("argmax", x, axis, keepdim, dtype)


def argmin(x, axis=None, keepdim=False, dtype="int64", name=None) -> Tensor:
    """The position of the smallest value along axis (of the flattened x when axis is None)."""
    return _arg_extreme("argmin", x, axis, keepdim, dtype)


def cumsum(x, axis=None, dtype=None, name=None) -> Tensor:
    """Running sums along axis (of the flattened x when axis is None).

    Examples:
        >>> import paddle
        >>> paddle.cumsum(paddle.to_tensor([[1, 2], [3, 4]]), axis=0).numpy().tolist()
        [[1, 2], [4, 6]]
    """
    _check("cumsum", x, axis)
    if dtype is not None:
        x = x.astype(dtype)
    if axis is None:
        return _C_ops.cumsum(x.reshape([-1]), 0, False)
    return _C_ops.cumsum(x, axis, False)


def prod(x, axis=None, keepdim=False, dtype=None, name=None) -> Tensor:
    """The product over axis (all axes when None), in dtype when given.

    Examples:
        >>> import paddle
        >>> paddle.prod(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]), axis=1).numpy().tolist()
        [2.0, 12.0]
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"[prod] argument 'x': expected Tensor, but got {type(x).__name__}")
    if dtype is not None:
        x = x.astype(dtype)
    return _C_ops.prod(x, [] if axis is None else axis, keepdim)
