"""The `parameters` argument shared by paddle.nn.utils: a Tensor or an iterable of Tensors, as a list."""

from __future__ import annotations

from paddle import _checks as check
from paddle._C import Tensor


def tensor_list(op: str, parameters, arg: str = "parameters") -> list[Tensor]:
    if isinstance(parameters, Tensor):
        return [parameters]
    try:
        items = list(parameters)
    except TypeError:
        raise TypeError(f"[{op}] argument '{arg}': expected a Tensor or an iterable of Tensors, but got "
                        f"{check.got(parameters)}") from None
    for p in items:
        if not isinstance(p, Tensor):
            raise TypeError(f"[{op}] argument '{arg}': expected a Tensor or an iterable of Tensors, but got an "
                            f"element {check.got(p)}")
    return items
