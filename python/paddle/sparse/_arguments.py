"""Argument checks shared by paddle.sparse.

Each check raises ``[op] argument 'arg': expected ..., but got ...``: a
TypeError for a wrong kind of tensor or dtype, a ValueError for a bad shape
or value.
"""

from __future__ import annotations

from paddle import _checks as check
from paddle._C import Tensor
from paddle.sparse.sparse_tensor import SparseTensor

_FORMAT_NAMES = {"coo": "a sparse COO tensor", "csr": "a sparse CSR tensor"}
FLOAT_DTYPES = ("float32", "float64")


def describe(value) -> str:
    """How an error message names an argument: its kind, dtype and shape."""
    if isinstance(value, SparseTensor):
        return f"{_FORMAT_NAMES[value.format]} of dtype {value.dtype.name} and shape {list(value.shape)}"
    if isinstance(value, Tensor):
        return f"a dense {value.dtype.name} Tensor of shape {list(value.shape)}"
    return check.got(value)


def sparse(op: str, value, arg: str = "x", formats=("coo", "csr")) -> SparseTensor:
    """A sparse tensor in one of `formats`."""
    if not isinstance(value, SparseTensor) or value.format not in formats:
        wanted = " or ".join(_FORMAT_NAMES[f] for f in formats)
        raise TypeError(f"[{op}] argument '{arg}': expected {wanted}, but got {describe(value)}")
    return value


def dense(op: str, value, arg: str) -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError(f"[{op}] argument '{arg}': expected a dense Tensor, but got {describe(value)}")
    return value


def float_dtype(op: str, value, arg: str) -> None:
    """The values of `value` (sparse or dense) are float32 or float64."""
    if value.dtype.name not in FLOAT_DTYPES:
        raise TypeError(f"[{op}] argument '{arg}': expected float32 or float64 values, but got {value.dtype.name}")


def same_dtype(op: str, first, first_arg: str, second, second_arg: str) -> None:
    if first.dtype != second.dtype:
        raise TypeError(f"[{op}] argument '{second_arg}': expected the dtype of '{first_arg}' "
                        f"({first.dtype.name}), but got {second.dtype.name}")


def same_shape(op: str, first, first_arg: str, second, second_arg: str) -> None:
    if list(first.shape) != list(second.shape):
        raise ValueError(f"[{op}] argument '{second_arg}': expected the shape of '{first_arg}' "
                         f"{list(first.shape)}, but got {list(second.shape)}")


def rank(op: str, value, arg: str, ranks) -> None:
    """`value` has one of the ranks `ranks`."""
    if len(value.shape) not in ranks:
        wanted = " or ".join(f"{r}-D" for r in ranks)
        raise ValueError(f"[{op}] argument '{arg}': expected a {wanted} tensor, but got shape {list(value.shape)}")
