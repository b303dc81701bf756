"""Argument checks shared by the detection ops, on top of paddle._checks.

Errors read `[op] argument 'arg': expected ..., but got ...`. Box tensors
are read to the host (NumPy) here: the ops that take them build their
indices, weights and output sizes from the boxes' values, as Paddle's
kernels do, so they run in eager mode only.
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor

FLOATING = ("float32", "float64")


def eager_tensor(op: str, value, arg: str) -> Tensor:
    """A Tensor whose values can be read now (not a static-graph Value)."""
    if not isinstance(value, Tensor):
        raise TypeError(f"[{op}] argument '{arg}': expected Tensor (eager mode), but got {check.got(value)}")
    return value


def rank(op: str, value, arg: str, ndim: int, eager: bool = True) -> Tensor:
    """A Tensor of `ndim` dimensions (or, unless `eager`, a static graph's Value)."""
    if eager:
        eager_tensor(op, value, arg)
    else:
        check.tensor(op, value, arg)
    if len(value.shape) != ndim:
        raise ValueError(f"[{op}] argument '{arg}': expected a {ndim}-D Tensor, but got shape {list(value.shape)}")
    return value


def floating(op: str, value, arg: str) -> Tensor:
    """A float32 or float64 Tensor."""
    if value.dtype.name not in FLOATING:
        raise TypeError(f"[{op}] argument '{arg}': expected a float32 or float64 Tensor, but got {value.dtype.name}")
    return value


def same_dtype(op: str, value, arg: str, like: Tensor, like_arg: str) -> Tensor:
    """A Tensor of `like`'s dtype."""
    if value.dtype != like.dtype:
        raise TypeError(f"[{op}] argument '{arg}': expected {like.dtype.name} (the dtype of '{like_arg}'), but got "
                        f"{value.dtype.name}")
    return value


def integer_tensor(op: str, value, arg: str) -> Tensor:
    if not value.dtype.name.startswith(("int", "uint")):
        raise TypeError(f"[{op}] argument '{arg}': expected an integer Tensor, but got {value.dtype.name}")
    return value


def last_dim(op: str, value, arg: str, size: int) -> Tensor:
    if value.shape[-1] != size:
        raise ValueError(f"[{op}] argument '{arg}': expected the last dimension to be {size}, but got shape "
                         f"{list(value.shape)}")
    return value


def pair(op: str, value, arg: str, least: int = 1) -> tuple[int, int]:
    """An int or two ints (height, width), each at least `least`."""
    out = check.int_list(op, value, arg, allow_int=True)
    if len(out) == 1:
        out = out * 2
    if len(out) != 2:
        raise ValueError(f"[{op}] argument '{arg}': expected an int or 2 ints, but got {value}")
    if out[0] < least or out[1] < least:
        raise ValueError(f"[{op}] argument '{arg}': expected ints >= {least}, but got {value}")
    return out[0], out[1]


def float_attribute(op: str, value, arg: str) -> float:
    """A number as the float32 attribute Paddle's kernels receive, widened back to a Python float."""
    return float(np.float32(check.number(op, value, arg)))


def roi_batch(op: str, x: Tensor, boxes, boxes_num) -> tuple[np.ndarray, np.ndarray]:
    """The boxes [R, 4] of a batch x [N, ...] as a float64 array, and the image each belongs to
    (boxes_num [N] counts them, image by image)."""
    last_dim(op, rank(op, boxes, "boxes", 2), "boxes", 4)
    integer_tensor(op, rank(op, boxes_num, "boxes_num", 1), "boxes_num")
    counts = boxes_num.numpy().astype(np.int64)
    if len(counts) != x.shape[0]:
        raise ValueError(f"[{op}] argument 'boxes_num': expected {x.shape[0]} counts (one per image of x), but got "
                         f"{len(counts)}")
    if (counts < 0).any() or counts.sum() != boxes.shape[0]:
        raise ValueError(f"[{op}] argument 'boxes_num': expected non-negative counts summing to the number of boxes "
                         f"({boxes.shape[0]}), but got {counts.tolist()}")
    return boxes.numpy().astype(np.float64), np.repeat(np.arange(len(counts)), counts)


def constant(array, like: Tensor, dtype=None) -> Tensor:
    """A NumPy array as a Tensor on `like`'s device (in `like`'s dtype unless given)."""
    return paddle.to_tensor(np.ascontiguousarray(array), dtype=dtype or like.dtype, place=like.place)
