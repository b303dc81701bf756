"""Creating tensors: to_tensor, full, zeros, ones, arange and the *_like forms."""

from __future__ import annotations

import builtins
import numbers

import numpy as np

from paddle import _C
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases, creation_options, place_of, shape_from_ints, writes_out


def _default_float() -> str:
    return _C.get_default_dtype().name


def _numpy_of(data, dtype):
    """NumPy array of `data` with Paddle's dtype inference for Python data:
    floats -> the default float dtype, ints -> int64, bools -> bool,
    complex -> complex64 (complex128 when the default float is float64)."""
    if isinstance(data, np.ndarray):
        return data
    if isinstance(data, np.generic):
        return np.asarray(data)
    try:
        arr = np.asarray(data)
    except ValueError as e:
        raise ValueError(f"[to_tensor] argument 'data': cannot make a tensor from ragged data: {e}") from None
    if arr.dtype == object and _holds_big_int(data):
        raise OverflowError("[to_tensor] argument 'data': an integer does not fit in int64")
    if arr.dtype == object:
        raise TypeError(
            f"[to_tensor] argument 'data': expected a number, a (nested) list of numbers, a NumPy array "
            f"or a Tensor, but got {type(data).__name__} holding non-numeric values")
    if dtype is None:
        if arr.dtype.kind == "f":
            arr = arr.astype(_default_float())
        elif arr.dtype.kind == "c":
            arr = arr.astype("complex128" if _default_float() == "float64" else "complex64")
        elif arr.dtype.kind in "iu" and arr.dtype != np.uint8:
            arr = arr.astype("int64")
    return arr


def _holds_big_int(data) -> bool:
    if isinstance(data, int):
        return not -(2**63) <= data < 2**63
    if isinstance(data, (list, tuple)):
        return builtins.any(_holds_big_int(d) for d in data)
    return False


def _dtype_name(dtype, op) -> str:
    if isinstance(dtype, _C.DataType):
        return dtype.name
    if isinstance(dtype, str):
        name = _C.DataType.__members__[dtype.upper()].name if dtype.upper() in _C.DataType.__members__ else dtype
    else:
        try:
            name = np.dtype(dtype).name
        except (TypeError, ValueError):
            raise TypeError(f"[{op}] argument 'dtype': expected a data type, but got {check.got(dtype)}") from None
    return "bfloat16" if name == "uint16" else name  # Paddle's alias


def to_tensor(data, dtype=None, place=None, stop_gradient=True) -> Tensor:
    """Creates a tensor from a number, a nested list, a NumPy array or a Tensor.

    Args:
        data (scalar|list|tuple|numpy.ndarray|Tensor): the values.
        dtype (str|paddle.dtype|numpy.dtype, optional): the dtype; inferred when
            None (Python float -> the default dtype, int -> int64, bool -> bool,
            NumPy arrays keep theirs).
        place (Place|str, optional): where to put it; the current device when None.
        stop_gradient (bool, optional): whether gradients stop here. Default True.

    Returns:
        Tensor: a new tensor owning a copy of the data.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(x.shape, x.dtype)
        paddle.Size([2, 2]) paddle.float32
        >>> print(paddle.to_tensor(3).dtype)
        paddle.int64
    """
    if isinstance(data, Tensor):
        target = place if place is not None else _C.get_default_place()
        source = data.detach()  # a new leaf, as Paddle's to_tensor of a Tensor
        try:
            out = source.clone() if source.place == target else source._copy_to(target)
        except RuntimeError as e:  # the place's device is missing
            raise RuntimeError(f"[to_tensor] argument 'place': {e}") from None
        if dtype is not None:
            out = out.astype(dtype)
    elif _C.pir.static_mode():
        return _static_constant(data, dtype, place)
    else:
        arr = _numpy_of(data, dtype)
        target = None if dtype is None else _dtype_name(dtype, "to_tensor")
        try:
            if target == "bfloat16":
                out = Tensor._from_numpy(arr.astype("float32"), place).astype("bfloat16")
            else:
                if target is not None and arr.dtype.name != target:
                    arr = arr.astype(target)
                out = Tensor._from_numpy(arr, place)
        except (TypeError, ValueError, OverflowError) as e:
            raise type(e)(f"[to_tensor] cannot make a {target} tensor of this data: {e}") from None
        except RuntimeError as e:  # the place's device is missing
            raise RuntimeError(f"[to_tensor] argument 'place': {e}") from None
    out.stop_gradient = check.flag("to_tensor", stop_gradient, "stop_gradient")
    return out


def _static_constant(data, dtype, place):
    """to_tensor in static mode: a constant of the program (assign_value), as
    Paddle's static to_tensor builds one."""
    arr = _numpy_of(data, dtype)
    target = arr.dtype.name if dtype is None else _dtype_name(dtype, "to_tensor")
    stored = {"float16": "float32", "bfloat16": "float32", "int8": "int32", "int16": "int32", "uint8": "int32"}
    kind = stored.get(target, target)
    if kind not in ("bool", "int32", "int64", "float32", "float64"):
        raise NotImplementedError(f"[to_tensor] a {target} constant of a static program is not supported yet")
    values = arr.astype(kind).astype("float64").ravel().tolist()
    out = _C_ops.assign_value(list(arr.shape), kind, values, place)
    return out if kind == target else out.astype(target)


def _infer_fill_dtype(fill_value, dtype):
    if dtype is not None:
        return dtype
    return _default_float()


@aliases(shape="size")
@writes_out
@creation_options()
def full(shape, fill_value, dtype=None, name=None) -> Tensor:
    """A tensor of `shape` filled with `fill_value`.

    Args:
        shape (list|tuple|Tensor): the shape.
        fill_value (bool|int|float|complex|Tensor): the value.
        dtype (str|paddle.dtype, optional): the dtype; the default float dtype when None.
        name (str, optional): unused, kept for API compatibility.
        out (Tensor, optional): a tensor to write the result into (keyword only).
        device (str|Place, optional): where to make it; the current device when None (keyword only).
        requires_grad (bool, optional): whether gradients flow to it (stop_gradient=False). Default False.
        pin_memory (bool, optional): whether to put it in page-locked memory (needs CUDA). Default False.

    Examples:
        >>> import paddle
        >>> paddle.full([2, 3], 1.5).numpy().tolist()
        [[1.5, 1.5, 1.5], [1.5, 1.5, 1.5]]
    """
    return _full(shape, fill_value, dtype)


def _full(shape, fill_value, dtype) -> Tensor:
    """full without the signature layers, for the functions here that call it."""
    return _C_ops.full(shape, fill_value, _infer_fill_dtype(fill_value, dtype), None)


@shape_from_ints
@aliases(shape="size")
@writes_out
@creation_options()
def zeros(shape, dtype=None, name=None) -> Tensor:
    """A tensor of `shape` filled with 0 (default float dtype when dtype is None).

    Examples:
        >>> import paddle
        >>> paddle.zeros([2], dtype="int32").numpy().tolist()
        [0, 0]
    """
    return _full(shape, 0, dtype)


@shape_from_ints
@aliases(shape="size")
@writes_out
@creation_options()
def ones(shape, dtype=None, name=None) -> Tensor:
    """A tensor of `shape` filled with 1 (default float dtype when dtype is None).

    Examples:
        >>> import paddle
        >>> paddle.ones([2]).numpy().tolist()
        [1.0, 1.0]
    """
    return _full(shape, 1, dtype)


def _like(op: str, x, fill_value, dtype, device) -> Tensor:
    """A tensor shaped like `x` filled with `fill_value`, of x's dtype and on x's place unless given."""
    check.tensor(op, x, "x")
    place = x.place if device is None else place_of(op, device)
    return _C_ops.full(x.shape, fill_value, x.dtype if dtype is None else dtype, place)


# The *_like functions take `device` themselves: None there means x's place, not the current device.
@aliases(x="input")
@creation_options("requires_grad", "pin_memory")
def full_like(x, fill_value, dtype=None, name=None, *, device=None) -> Tensor:
    """A tensor shaped like `x` filled with `fill_value` (x's dtype and place unless given).

    Examples:
        >>> import paddle
        >>> paddle.full_like(paddle.ones([2], dtype="int32"), 7).tolist()
        [7, 7]
    """
    return _like("full_like", x, fill_value, dtype, device)


@aliases(x="input")
@creation_options("requires_grad", "pin_memory")
def zeros_like(x, dtype=None, name=None, *, device=None) -> Tensor:
    """A tensor shaped like `x` filled with 0 (x's dtype and place unless given)."""
    return _like("zeros_like", x, 0, dtype, device)


@aliases(x="input")
@creation_options("requires_grad", "pin_memory")
def ones_like(x, dtype=None, name=None, *, device=None) -> Tensor:
    """A tensor shaped like `x` filled with 1 (x's dtype and place unless given)."""
    return _like("ones_like", x, 1, dtype, device)


def _scalar(v, arg, op="arange"):
    if isinstance(v, Tensor):
        v = v.item()
    if not isinstance(v, numbers.Number) or isinstance(v, complex):
        raise TypeError(f"[{op}] argument '{arg}': expected a real number, but got {type(v).__name__}")
    return v


@writes_out
@creation_options()
def arange(start=0, end=None, step=1, dtype=None, name=None) -> Tensor:
    """Values in [start, end) spaced by step; arange(n) counts 0..n-1.

    Args:
        start (int|float|Tensor): first value, or the end when `end` is None.
        end (int|float|Tensor, optional): exclusive bound.
        step (int|float|Tensor, optional): spacing, non-zero. Default 1.
        dtype (str|paddle.dtype, optional): int64 when all bounds are ints,
            the default float dtype otherwise.

    Examples:
        >>> import paddle
        >>> paddle.arange(5).numpy().tolist()
        [0, 1, 2, 3, 4]
        >>> paddle.arange(0, 1, 0.25).numpy().tolist()
        [0.0, 0.25, 0.5, 0.75]
    """
    if end is None:
        start, end = 0, start
    start, end, step = _scalar(start, "start"), _scalar(end, "end"), _scalar(step, "step")
    if dtype is None:
        all_int = builtins.all(isinstance(v, (int, np.integer)) for v in (start, end, step))
        dtype = "int64" if all_int else _default_float()
    if _dtype_name(dtype, "arange") in ("uint8", "int8", "int16", "int32", "int64"):
        # Integer ranges take integer bounds, as Paddle casts them first; a
        # step that truncates to 0 is then an error rather than zeros.
        if not builtins.all(np.isfinite(float(v)) for v in (start, end, step)):
            raise ValueError(f"[arange] start, end and step must be finite, but got {start}, {end}, {step}")
        start, end, step = int(start), int(end), int(step)
    return _C_ops.arange(start, end, step, dtype, None)


@shape_from_ints
@aliases(shape="size")
@writes_out
@creation_options()
def empty(shape, dtype=None, name=None) -> Tensor:
    """A tensor of `shape` whose values are unspecified (zeros here)."""
    return _full(shape, 0, dtype)


@aliases(x="input")
@creation_options("requires_grad", "pin_memory")
def empty_like(x, dtype=None, name=None, *, device=None) -> Tensor:
    """A tensor shaped like x whose values are unspecified (zeros here; x's dtype and place unless given)."""
    return _like("empty_like", x, 0, dtype, device)


@writes_out
@creation_options()
def eye(num_rows, num_columns=None, dtype=None, name=None) -> Tensor:
    """A 2-D tensor with ones on the diagonal and zeros elsewhere.

    Examples:
        >>> import paddle
        >>> paddle.eye(2, 3, dtype="int32").numpy().tolist()
        [[1, 0, 0], [0, 1, 0]]
    """
    num_columns = num_rows if num_columns is None else num_columns
    for arg, v in (("num_rows", num_rows), ("num_columns", num_columns)):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral) or v < 0:
            raise ValueError(f"[eye] argument '{arg}': expected a non-negative int, but got {v!r}")
    return _C_ops.eye(num_rows, num_columns, _default_float() if dtype is None else dtype)


@aliases(stop="end")
@writes_out
@creation_options("device", "requires_grad")
def linspace(start, stop, num, dtype=None, name=None) -> Tensor:
    """`num` evenly spaced values from start to stop, both included.

    Examples:
        >>> import paddle
        >>> paddle.linspace(0, 1, 5).numpy().tolist()
        [0.0, 0.25, 0.5, 0.75, 1.0]
    """
    start, stop, num = (_scalar(v, arg, "linspace") for v, arg in ((start, "start"), (stop, "stop"), (num, "num")))
    if isinstance(num, float) and not num.is_integer() or num < 0:
        raise ValueError(f"[linspace] argument 'num': expected a non-negative int, but got {num!r}")
    num = int(num)
    step = (stop - start) / (num - 1) if num > 1 else 0.0
    values = arange(num, dtype="float64") * step + start
    if num > 1:  # the end exactly, not start + (num - 1) * step rounded
        from paddle import concat
        values = concat([values[:-1], full([1], stop, "float64")])
    return values.astype(_default_float() if dtype is None else dtype)


def logspace(start, stop, num, base=10.0, dtype=None, name=None) -> Tensor:
    """base ** linspace(start, stop, num)."""
    base = _scalar(base, "base", "logspace")
    exponents = linspace(start, stop, num, dtype="float64")
    return (full([], float(base), "float64") ** exponents).astype(_default_float() if dtype is None else dtype)


def meshgrid(*args, **kwargs) -> list:
    """Coordinate grids from 1-D tensors (matrix 'ij' indexing), one per input.

    Examples:
        >>> import paddle
        >>> a, b = paddle.meshgrid(paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4, 5]))
        >>> a.shape, b.numpy().tolist()
        (paddle.Size([2, 3]), [[3, 4, 5], [3, 4, 5]])
    """
    tensors = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else list(args)
    for t in tensors:
        if not isinstance(t, Tensor) or len(t.shape) > 1:
            raise ValueError("[meshgrid] every input must be a 0-D or 1-D tensor")
    shape = [t.shape[0] if len(t.shape) else 1 for t in tensors]
    from paddle import broadcast_to
    grids = []
    for i, t in enumerate(tensors):
        view = [1] * len(tensors)
        view[i] = shape[i]
        grids.append(broadcast_to(t.reshape(view), shape))
    return grids


def _triangle(op, x, diagonal, keep_lower):
    check.tensor(op, x, "x")
    if len(x.shape) < 2:
        raise ValueError(f"[{op}] x must have at least 2 dims, but got shape {list(x.shape)}")
    if isinstance(diagonal, bool) or not isinstance(diagonal, numbers.Integral):
        raise TypeError(f"[{op}] argument 'diagonal': expected an int, but got {type(diagonal).__name__}")
    return (_C_ops.tril if keep_lower else _C_ops.triu)(x, int(diagonal))


@writes_out
def tril(x, diagonal=0, name=None) -> Tensor:
    """x with the elements above the `diagonal`-th diagonal zeroed (last two dims).

    Examples:
        >>> import paddle
        >>> paddle.tril(paddle.ones([2, 2])).numpy().tolist()
        [[1.0, 0.0], [1.0, 1.0]]
    """
    return _triangle("tril", x, diagonal, True)


@writes_out
def triu(x, diagonal=0, name=None) -> Tensor:
    """x with the elements below the `diagonal`-th diagonal zeroed (last two dims)."""
    return _triangle("triu", x, diagonal, False)


def diagonal(x, offset=0, axis1=0, axis2=1, name=None) -> Tensor:
    """The `offset`-th diagonal of the planes (axis1, axis2), as the last dim.

    Examples:
        >>> import paddle
        >>> paddle.diagonal(paddle.to_tensor([[1, 2], [3, 4]])).numpy().tolist()
        [1, 4]
    """
    check.tensor("diagonal", x, "x")
    return _C_ops.diagonal(x, check.integer("diagonal", offset, "offset"), axis1, axis2)


def diag(x, offset=0, padding_value=0, name=None) -> Tensor:
    """A 1-D x placed on the offset-th diagonal of a square matrix (the rest
    padding_value), or the offset-th diagonal of a 2-D x.

    Examples:
        >>> import paddle
        >>> paddle.diag(paddle.to_tensor([1, 2])).numpy().tolist()
        [[1, 0], [0, 2]]
    """
    check.tensor("diag", x, "x")
    return _C_ops.diag(x, check.integer("diag", offset, "offset"), padding_value)


def diagflat(x, offset=0, name=None) -> Tensor:
    """The flattened x placed on the offset-th diagonal of a square matrix."""
    check.tensor("diagflat", x, "x")
    check.integer("diagflat", offset, "offset")
    return diag(x.reshape([-1]), offset)


def assign(x, output=None) -> Tensor:
    """A copy of `x` (a Tensor, a NumPy array, a list or tuple, or a number;
    the latter keep NumPy's dtype), or `x` copied into `output` in place,
    which is returned and takes x's shape and dtype. Gradients flow through a
    Tensor `x` into the returned copy.

    Examples:
        >>> import paddle
        >>> paddle.assign([[1, 2], [3, 4]])
        Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[1, 2],
                [3, 4]])
        >>> out = paddle.zeros([2])
        >>> paddle.assign(paddle.to_tensor([5.0, 6.0]), output=out) is out
        True
    """
    from paddle.base.framework import assign_value

    if isinstance(x, Tensor):
        copy = x.clone()
    elif isinstance(x, (np.ndarray, np.generic, list, tuple, bool, int, float, complex)):
        try:
            array = np.asarray(x)
        except ValueError as e:
            raise ValueError(f"[assign] argument 'x': cannot make a tensor from ragged data: {e}") from None
        copy = to_tensor(array)
    else:
        raise TypeError(f"[assign] argument 'x': expected a Tensor, a NumPy array, a list, a tuple or a number, but "
                        f"got {type(x).__name__}")
    if output is None:
        return copy
    if not isinstance(output, Tensor):
        raise TypeError(f"[assign] argument 'output': expected a Tensor or None, but got {type(output).__name__}")
    if list(output.shape) == list(copy.shape) and output.dtype == copy.dtype:
        assign_value(output, copy, "assign")  # in its memory, so that views of output see it
    else:  # output takes x's shape and dtype, as in Paddle
        output._replace_data(copy.detach())
    return output


def create_tensor(dtype, name=None, persistable=False) -> Tensor:
    """An empty tensor (shape [0]) of ``dtype``, to be filled later, e.g. by
    ``paddle.assign(x, output=t)``, which gives it x's shape. Paddle's has
    no memory until then and reports shape []; this one holds no elements.

    Args:
        dtype (str|paddle.dtype|numpy.dtype): the data type.
        name (str|None, optional): the tensor's name. Default: a generated one.
        persistable (bool, optional): the tensor's persistable flag. Default False.

    Examples:
        >>> import paddle
        >>> t = paddle.tensor.create_tensor(dtype="float32")
        >>> paddle.assign(paddle.to_tensor([[1.0, 2.0]]), output=t).shape
        paddle.Size([1, 2])
    """
    op = "create_tensor"
    out = _C_ops.full([0], 0, _dtype_name(dtype, op), None)
    if name is not None:
        out.name = check.string(op, name, "name")
    out.persistable = check.flag(op, persistable, "persistable")
    return out
