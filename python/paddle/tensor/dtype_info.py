"""paddle.iinfo and paddle.finfo: the limits of the integer and floating dtypes."""

from __future__ import annotations

import numpy as np

from paddle._C import DataType
from paddle.tensor.creation import _dtype_name

_INTS = {"uint8": np.uint8, "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64}
_FLOATS = {"float16": np.float16, "float32": np.float32, "float64": np.float64}


def _name(op: str, dtype) -> str:
    """The name of `dtype` (a paddle dtype, its name or a NumPy dtype), as the ops read it."""
    name = _dtype_name(dtype, op)
    if name.upper() not in DataType.__members__:
        raise TypeError(f"[{op}] argument 'dtype': expected a paddle dtype, but got {dtype!r}")
    return name


class iinfo:  # noqa: N801  (Paddle's name)
    """The limits of an integer dtype: bits, min, max and dtype (its name).

    Examples:
        >>> import paddle
        >>> paddle.iinfo(paddle.int8)
        paddle.iinfo(min=-128, max=127, bits=8, dtype=int8)
    """

    def __init__(self, dtype):
        name = _name("iinfo", dtype)
        if name not in _INTS:
            raise ValueError(f"[iinfo] argument 'dtype': expected an integer dtype, but got {name}")
        info = np.iinfo(_INTS[name])
        self.bits, self.min, self.max, self.dtype = info.bits, int(info.min), int(info.max), name

    def __repr__(self):
        return f"paddle.iinfo(min={self.min}, max={self.max}, bits={self.bits}, dtype={self.dtype})"


class finfo:  # noqa: N801  (Paddle's name)
    """The limits of a floating dtype: bits, eps, min, max, tiny (=
    smallest_normal), resolution and dtype (its name).

    Examples:
        >>> import paddle
        >>> paddle.finfo(paddle.float16).eps
        0.0009765625
    """

    def __init__(self, dtype):
        name = _name("finfo", dtype)
        if name == "bfloat16":  # 8 exponent bits like float32, 7 fraction bits
            self.bits, self.eps, self.resolution = 16, 2.0 ** -7, 0.01
            self.max = float((2 - 2.0 ** -7) * 2.0 ** 127)
            self.tiny = float(2.0 ** -126)
        elif name in _FLOATS:
            info = np.finfo(_FLOATS[name])
            self.bits, self.eps, self.resolution = info.bits, float(info.eps), float(info.resolution)
            self.max, self.tiny = float(info.max), float(info.tiny)
        else:
            raise ValueError(f"[finfo] argument 'dtype': expected a floating dtype, but got {name}")
        self.min, self.smallest_normal, self.dtype = -self.max, self.tiny, name

    def __repr__(self):
        return (f"paddle.finfo(min={self.min:g}, max={self.max:g}, eps={self.eps:g}, resolution={self.resolution:g}, "
                f"smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, bits={self.bits}, dtype={self.dtype})")
