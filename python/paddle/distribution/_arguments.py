"""Argument handling shared by the distributions.

Parameters arrive as Python numbers, (nested) lists, NumPy arrays or Tensors.
They become Tensors of one floating dtype, broadcast to one shape: a floating
Tensor argument decides the dtype (float64 if any is float64), else a float32
or float64 NumPy array does, else the default dtype (float32). Tensors keep
their autograd history, so gradients flow from log_prob/rsample back to them.

Every error names the operation as `[Class.method]` and says what was
expected and what came instead, like the rest of the package (paddle._checks).
"""

from __future__ import annotations

import numbers

import numpy as np

import paddle
from paddle._C import Tensor
from paddle._checks import got, int_list

_FLOAT_DTYPES = {"float32", "float64"}


def _floating_dtype_name(value) -> str | None:
    """The float dtype a parameter asks for by itself, if any."""
    if isinstance(value, Tensor) and value.dtype.name in _FLOAT_DTYPES:
        return value.dtype.name
    if isinstance(value, np.ndarray) and value.dtype.name in _FLOAT_DTYPES:
        return value.dtype.name
    return None


def check_parameter_type(op: str, name: str, value) -> None:
    """A TypeError unless `value` is a real number, a list/array of them, or a real Tensor."""
    if isinstance(value, Tensor):
        if value.dtype.name.startswith("complex"):
            raise TypeError(f"[{op}] argument '{name}': expected a real Tensor, but got {got(value)}")
        return
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Real, list, tuple, np.ndarray)):
        raise TypeError(f"[{op}] argument '{name}': expected a float, list, numpy.ndarray or Tensor, "
                        f"but got {got(value)}")
    kind = np.asarray(value).dtype.kind
    if kind not in "iuf":
        raise TypeError(f"[{op}] argument '{name}': expected real numbers, but got values of NumPy kind '{kind}'")


def common_dtype(*values) -> str:
    """The float dtype that parameters given together are converted to."""
    tensor_dtypes = [_floating_dtype_name(v) for v in values if isinstance(v, Tensor)]
    tensor_dtypes = [d for d in tensor_dtypes if d is not None]
    if tensor_dtypes:
        return "float64" if "float64" in tensor_dtypes else "float32"
    array_dtypes = [_floating_dtype_name(v) for v in values if isinstance(v, np.ndarray)]
    array_dtypes = [d for d in array_dtypes if d is not None]
    if array_dtypes:
        return "float64" if "float64" in array_dtypes else "float32"
    return paddle.get_default_dtype()


def as_float_tensor(value, dtype: str) -> Tensor:
    """`value` as a Tensor of `dtype`, keeping a Tensor's autograd history."""
    if isinstance(value, Tensor):
        return value if value.dtype.name == dtype else value.astype(dtype)
    return paddle.to_tensor(np.asarray(value, dtype=dtype))


def broadcast(op: str, names, tensors) -> list[Tensor]:
    """Tensors broadcast to their common shape, or a ValueError naming them."""
    shapes = [tuple(t.shape) for t in tensors]
    try:
        shape = np.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError(f"[{op}] arguments {', '.join(repr(n) for n in names)}: expected shapes that broadcast "
                         f"together, but got {', '.join(str(list(s)) for s in shapes)}") from None
    return [t if tuple(t.shape) == shape else paddle.broadcast_to(t, list(shape)) for t in tensors]


def parameters(op: str, dtype: str | None = None, **values) -> list[Tensor]:
    """The named parameters as Tensors of one float dtype and one broadcast shape."""
    for name, value in values.items():
        check_parameter_type(op, name, value)
    dtype = dtype or common_dtype(*values.values())
    tensors = [as_float_tensor(v, dtype) for v in values.values()]
    return broadcast(op, list(values), tensors)


def value_tensor(op: str, value, dtype, shape: tuple[int, ...] | None = None, arg: str = "value") -> Tensor:
    """A value to evaluate (log_prob, cdf, ...) as a Tensor of the distribution's dtype.

    With `shape` (the distribution's batch + event shape) the value must broadcast against it.
    """
    check_parameter_type(op, arg, value)
    value = as_float_tensor(value, dtype.name if hasattr(dtype, "name") else str(dtype))
    if shape is not None:
        try:
            np.broadcast_shapes(tuple(value.shape), tuple(shape))
        except ValueError:
            raise ValueError(f"[{op}] argument '{arg}': expected a shape that broadcasts with the distribution's "
                             f"shape {list(shape)}, but got {list(value.shape)}") from None
    return value


def sample_shape(op: str, shape, arg: str = "shape") -> tuple[int, ...]:
    """A sample shape (list/tuple of non-negative ints) as a tuple."""
    if isinstance(shape, np.ndarray):
        shape = shape.tolist()
    dims = int_list(op, shape, arg)
    if any(d < 0 for d in dims):
        raise ValueError(f"[{op}] argument '{arg}': expected non-negative sizes, but got {dims}")
    return tuple(dims)


def sum_rightmost(value: Tensor, n: int) -> Tensor:
    """Sum of `value` over its last `n` axes (n = 0 leaves it as is)."""
    return value.sum(list(range(-n, 0))) if n > 0 else value


def all_true(tensor: Tensor) -> bool:
    """Whether every element of a boolean Tensor is True (a host sync, as Paddle's own checks do)."""
    return bool(paddle.all(tensor).item()) if tensor.size > 0 else True
