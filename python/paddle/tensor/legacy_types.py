"""Paddle's legacy typed-tensor constructors: ``paddle.FloatTensor([1, 2])``,
``paddle.IntTensor(2, 3)``... Each is a class only so that it can be called
as one: it returns a plain ``paddle.Tensor``, so (as in Paddle)
``isinstance(x, paddle.FloatTensor)`` is always False; test ``x.dtype``.

Examples:
    >>> import paddle
    >>> paddle.IntTensor([1, 2]).dtype, paddle.FloatTensor(2, 3).shape
    (paddle.int32, paddle.Size([2, 3]))
    >>> isinstance(paddle.FloatTensor([1.0]), paddle.FloatTensor)
    False
"""

from __future__ import annotations

import numpy as np

from paddle import _checks as check
from paddle._C import Tensor


class _TypedTensor:
    """Called with no arguments: an empty tensor of the class's dtype; with
    ints: an uninitialized one of those sizes; with a list or tuple: those
    values.
    A NumPy array or a Tensor is copied with its own dtype, as Paddle does.
    Keyword arguments (device, requires_grad...) are accepted and ignored,
    as Paddle ignores them."""

    dtype = ""

    def __new__(cls, *args, **kwargs) -> Tensor:
        from paddle.tensor.creation import empty, to_tensor

        if all(check._is_int(a) for a in args):  # also no arguments: shape [0]
            return empty(list(args) or [0], cls.dtype)
        if len(args) == 1 and isinstance(args[0], (list, tuple)):
            return to_tensor(args[0], cls.dtype)
        if len(args) == 1 and isinstance(args[0], (np.ndarray, Tensor)):
            return to_tensor(args[0])
        raise TypeError(f"[{cls.__name__}] expected sizes (ints), a list or tuple of values, a NumPy array or a "
                        f"Tensor, but got ({', '.join(check.got(a) for a in args)})")


def _typed(name: str, dtype: str) -> type:
    return type(name, (_TypedTensor,), {"dtype": dtype, "__doc__": f"A {dtype} tensor. {_TypedTensor.__doc__}"})


FloatTensor = _typed("FloatTensor", "float32")
DoubleTensor = _typed("DoubleTensor", "float64")
HalfTensor = _typed("HalfTensor", "float16")
BFloat16Tensor = _typed("BFloat16Tensor", "bfloat16")
ByteTensor = _typed("ByteTensor", "uint8")
CharTensor = _typed("CharTensor", "int8")
ShortTensor = _typed("ShortTensor", "int16")
IntTensor = _typed("IntTensor", "int32")
LongTensor = _typed("LongTensor", "int64")
BoolTensor = _typed("BoolTensor", "bool")
