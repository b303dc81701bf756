"""Argument checks shared by the Python wrappers.

Each check raises the project's clear error, `[op] argument 'arg': expected
..., but got ...` (TypeError for a wrong type, ValueError for a bad value,
IndexError for an axis out of range), and returns the argument normalized:
an int for an int-like Tensor, a list for a tuple, an axis in [0, rank).
"""

from __future__ import annotations

import numbers

import numpy as np

from paddle._C import Tensor, pir

# What a wrapper accepts where it takes a tensor: an eager Tensor, or in
# static mode a program's Value (Note [Static mode]).
TENSOR_TYPES = (Tensor, pir.Value)


def got(value) -> str:
    """How an error message names a bad argument: its type (or the class itself)."""
    if isinstance(value, type):
        return f"the class {value.__name__}"
    if isinstance(value, Tensor):
        return f"a {value.dtype.name} Tensor of shape {list(value.shape)}"
    return type(value).__name__


def _is_int(value) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _int_item(value):
    """A 1-element integer Tensor as a Python int; anything else unchanged."""
    if isinstance(value, Tensor) and value.size == 1 and value.dtype.name.startswith(("int", "uint")):
        return value.item()
    return value


def tensor(op: str, value, arg: str = "x") -> Tensor:
    if not isinstance(value, TENSOR_TYPES):
        raise TypeError(f"[{op}] argument '{arg}': expected Tensor, but got {got(value)}")
    return value


def integer(op: str, value, arg: str, min: int | None = None) -> int:  # noqa: A002
    """An int (or a 1-element integer Tensor), at least `min` when given."""
    value = _int_item(value)
    if not _is_int(value):
        raise TypeError(f"[{op}] argument '{arg}': expected an int, but got {got(value)}")
    if min is not None and value < min:
        raise ValueError(f"[{op}] argument '{arg}': expected an int >= {min}, but got {value}")
    return int(value)


def number(op: str, value, arg: str) -> float | int:
    """A real number (bool is not one)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"[{op}] argument '{arg}': expected a number, but got {got(value)}")
    return value


def flag(op: str, value, arg: str) -> bool:
    """A bool (or an int or NumPy bool standing for one)."""
    if not isinstance(value, (bool, numbers.Integral, np.bool_)):
        raise TypeError(f"[{op}] argument '{arg}': expected a bool, but got {got(value)}")
    return bool(value)


def string(op: str, value, arg: str) -> str:
    """A str."""
    if not isinstance(value, str):
        raise TypeError(f"[{op}] argument '{arg}': expected a str, but got {got(value)}")
    return value


def int_list(op: str, value, arg: str, allow_int: bool = False) -> list[int]:
    """A list/tuple of ints or an integer Tensor (or a single int when allow_int) as a list of ints."""
    expected = "an int or a list of ints" if allow_int else "a list of ints"
    if isinstance(value, Tensor):
        if not value.dtype.name.startswith(("int", "uint")) or len(value.shape) > 1:
            raise TypeError(f"[{op}] argument '{arg}': expected {expected}, but got {got(value)}")
        value = value.numpy().tolist()
    if allow_int and _is_int(value):
        return [int(value)]
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"[{op}] argument '{arg}': expected {expected}, but got {got(value)}")
    out = []
    for v in value:
        v = _int_item(v)
        if not _is_int(v):
            raise TypeError(f"[{op}] argument '{arg}': expected {expected}, but got an element {got(v)}")
        out.append(int(v))
    return out


def axis(op: str, value, rank: int, arg: str = "axis") -> int:
    """An int axis (or a 1-element integer Tensor) in [-rank, rank), returned in [0, rank)."""
    value = _int_item(value)
    if not _is_int(value):
        raise TypeError(f"[{op}] argument '{arg}': expected an int, but got {got(value)}")
    if rank == 0:
        raise IndexError(f"[{op}] {arg} {value} is out of range for a 0-D tensor, which has no axes")
    if not -rank <= value < rank:
        raise IndexError(f"[{op}] {arg} {value} is out of range for a {rank}-D tensor: expected an axis in "
                         f"[{-rank}, {rank - 1}]")
    return value % rank


def axes(op: str, value, rank: int, arg: str = "axis") -> list[int]:
    """An int axis or a list of distinct ones, each returned in [0, rank)."""
    out = [axis(op, a, rank, arg) for a in int_list(op, value, arg, allow_int=True)]
    if len(set(out)) != len(out):
        raise ValueError(f"[{op}] argument '{arg}': expected distinct axes, but got {value}")
    return out


def choice(op: str, value, choices, arg: str):
    """One of `choices` (strings)."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"[{op}] argument '{arg}': expected one of {', '.join(map(repr, choices))}, but got "
                         f"{value!r}")
    return value
