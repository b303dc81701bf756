"""Argument checks shared by the paddle.geometric functions.

Each check raises ``[op] argument 'arg': expected ..., but got ...``. The
functions run in dynamic mode only: their output shapes depend on index
values, which they read on the host.
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor

INDEX_DTYPES = ("int32", "int64")
# What the reductions and message ops compute in; Paddle's kernels take the same list.
VALUE_DTYPES = ("float16", "bfloat16", "float32", "float64", "int32", "int64")
FLOAT_DTYPES = ("float32", "float64")


def eager_tensor(op: str, value, arg: str) -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError(f"[{op}] argument '{arg}': expected Tensor, but got {check.got(value)}")
    return value


def value_tensor(op: str, value, arg: str, dtypes=VALUE_DTYPES) -> Tensor:
    """A tensor of one of `dtypes` with at least one dim (dim 0 counts nodes, edges or rows)."""
    eager_tensor(op, value, arg)
    if value.dtype.name not in dtypes:
        raise TypeError(f"[{op}] argument '{arg}': expected a Tensor of dtype {', '.join(dtypes)}, but got "
                        f"{value.dtype.name}")
    if value.ndim == 0:
        raise ValueError(f"[{op}] argument '{arg}': expected a Tensor with at least 1 dim, but got a 0-D Tensor")
    return value


def index_tensor(op: str, value, arg: str, dtypes=INDEX_DTYPES) -> Tensor:
    """An integer index: 1-D, or [n, 1] as Paddle also accepts; returned 1-D."""
    eager_tensor(op, value, arg)
    if value.dtype.name not in dtypes:
        raise TypeError(f"[{op}] argument '{arg}': expected a Tensor of dtype {' or '.join(dtypes)}, but got "
                        f"{value.dtype.name}")
    shape = list(value.shape)
    if len(shape) == 2 and shape[1] == 1:
        return value.reshape([-1])
    if len(shape) != 1:
        raise ValueError(f"[{op}] argument '{arg}': expected a 1-D Tensor (or of shape [n, 1]), but got shape "
                         f"{shape}")
    return value


def same_dtype(op: str, first: Tensor, first_arg: str, second: Tensor, second_arg: str) -> None:
    if first.dtype != second.dtype:
        raise TypeError(f"[{op}] argument '{second_arg}': expected the dtype of '{first_arg}' "
                        f"({first.dtype.name}), but got {second.dtype.name}")


def same_length(op: str, length: int, what: str, value: Tensor, arg: str) -> None:
    if value.shape[0] != length:
        raise ValueError(f"[{op}] argument '{arg}': expected {length} entries ({what}), but got {value.shape[0]}")


def host_indices(op: str, index: Tensor, arg: str, bound: int | None = None, bound_name: str = "") -> np.ndarray:
    """The index values as int64 NumPy, checked to lie in [0, bound) when a bound is given."""
    values = index.numpy().astype(np.int64)
    if values.size and values.min() < 0:
        raise ValueError(f"[{op}] argument '{arg}': expected non-negative indices, but got {values.min()}")
    if bound is not None and values.size and values.max() >= bound:
        raise ValueError(f"[{op}] argument '{arg}': expected indices below {bound} ({bound_name}), but got "
                         f"{values.max()}")
    return values


def as_index_tensor(values: np.ndarray, like: Tensor) -> Tensor:
    """Host indices as a tensor of `like`'s dtype on its place."""
    return paddle.to_tensor(values.astype(like.dtype.name), place=like.place)
