"""paddle.iinfo and paddle.finfo: the limits of the integer and floating dtypes."""

from __future__ import annotations

import numpy as np

from paddle._C import DataType

_INTS = {DataType.UINT8: np.uint8, DataType.INT8: np.int8, DataType.INT16: np.int16, DataType.INT32: np.int32,
         DataType.INT64: np.int64}
_FLOATS = {DataType.FLOAT16: np.float16, DataType.FLOAT32: np.float32, DataType.FLOAT64: np.float64}


def _dtype(op: str, dtype) -> DataType:
    """`dtype` (a paddle dtype, its name or a NumPy dtype) as a DataType, as the ops read it."""
    from paddle.tensor.creation import empty

    try:
        return empty([0], dtype=dtype).dtype
    except (TypeError, ValueError):
        raise TypeError(f"[{op}] argument 'dtype': expected a paddle dtype, but got {dtype!r}") from None


def _name(dtype: DataType) -> str:
    return str(dtype).replace("paddle.", "")


class iinfo:  # noqa: N801  (Paddle's name)
    """The limits of an integer dtype: bits, min, max and dtype (its name).

    Examples:
        >>> import paddle
        >>> paddle.iinfo(paddle.int8)
        paddle.iinfo(min=-128, max=127, bits=8, dtype=int8)
    """

    def __init__(self, dtype):
        dt = _dtype("iinfo", dtype)
        if dt not in _INTS:
            raise ValueError(f"[iinfo] argument 'dtype': expected an integer dtype, but got {_name(dt)}")
        info = np.iinfo(_INTS[dt])
        self.bits, self.min, self.max, self.dtype = info.bits, int(info.min), int(info.max), _name(dt)

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
        dt = _dtype("finfo", dtype)
        if dt == DataType.BFLOAT16:  # 8 exponent bits like float32, 7 fraction bits
            self.bits, self.eps, self.resolution = 16, 2.0 ** -7, 0.01
            self.max = float((2 - 2.0 ** -7) * 2.0 ** 127)
            self.tiny = float(2.0 ** -126)
        elif dt in _FLOATS:
            info = np.finfo(_FLOATS[dt])
            self.bits, self.eps, self.resolution = info.bits, float(info.eps), float(info.resolution)
            self.max, self.tiny = float(info.max), float(info.tiny)
        else:
            raise ValueError(f"[finfo] argument 'dtype': expected a floating dtype, but got {_name(dt)}")
        self.min, self.smallest_normal, self.dtype = -self.max, self.tiny, _name(dt)

    def __repr__(self):
        return (f"paddle.finfo(min={self.min:g}, max={self.max:g}, eps={self.eps:g}, resolution={self.resolution:g}, "
                f"smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, bits={self.bits}, dtype={self.dtype})")
