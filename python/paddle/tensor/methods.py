"""Tensor methods written in Python: printing, conversion to Python data and
Tensor.to. (Op methods such as ``x.add(y)`` are generated in C++ from the op
YAML.)"""

from __future__ import annotations

import enum

import numpy as np

from paddle._C import DataType, Place, Tensor, place_from_string
from paddle._signature import creation_options
from paddle.tensor import construction as _construction
from paddle.tensor import creation as _creation
from paddle.tensor import indexing as _indexing
from paddle.tensor import linalg as _linalg
from paddle.tensor import manipulation as _manipulation
from paddle.tensor import math as _math
from paddle.tensor import op_options as _op_options
from paddle.tensor import search as _search
from paddle.tensor import storage as _storage
from paddle.tensor.printing import tensor_repr
from paddle.tensor.size import Size


def _numpy_values(self) -> np.ndarray:
    """The values as NumPy data a user can read (bfloat16 shown as float32)."""
    if self.dtype == DataType.BFLOAT16:
        return self.astype("float32").numpy()
    return self.numpy()


def item(self, *args):
    """The value of a one-element tensor (or the element at `args`) as a Python number.

    Examples:
        >>> import paddle
        >>> paddle.to_tensor([[1, 2], [3, 4]]).item(1, 0)
        3
    """
    values = _numpy_values(self)
    if not args and values.size != 1:
        raise ValueError(
            f"[item] only a tensor with one element can be converted to a Python number, "
            f"but this one has shape {list(self.shape)}")
    return values.item(*args)


def tolist(self):
    """The values as (nested) Python lists.

    Examples:
        >>> import paddle
        >>> paddle.to_tensor([[1, 2], [3, 4]]).tolist()
        [[1, 2], [3, 4]]
    """
    return _numpy_values(self).tolist()


def __deepcopy__(self, memo):
    """copy.deepcopy: a new leaf with a copy of the values and the same stop_gradient."""
    out = self.detach().clone()
    out.stop_gradient = self.stop_gradient
    memo[id(self)] = out
    return out


def __array__(self, dtype=None, copy=None):
    values = self.numpy()
    return values if dtype is None else values.astype(dtype)


def _is_dtype_name(name: str) -> bool:
    return isinstance(getattr(DataType, name.upper(), None), DataType)


def to(self, *args, **kwargs):
    """A copy on another device and/or of another dtype (the tensor itself
    when neither changes): ``x.to(device=None, dtype=None, blocking=None)``,
    positionally in that order (``x.to('gpu')``, ``x.to('float64')``,
    ``x.to('gpu', paddle.float16)``), or ``x.to(other)`` for other's device
    and dtype. blocking=False makes a copy from pinned memory to a GPU
    asynchronous.

    Examples:
        >>> import paddle
        >>> print(paddle.to_tensor([1, 2]).to("float64").dtype)
        paddle.float64
    """
    allowed = {"device", "dtype", "blocking", "other"}
    unknown = set(kwargs) - allowed
    if unknown or len(args) > 3:
        raise TypeError(f"[Tensor.to] expected (device, dtype, blocking) or (other), but got {len(args)} positional "
                        f"arguments and keywords {sorted(kwargs)}")
    device, dtype, blocking = kwargs.get("device"), kwargs.get("dtype"), kwargs.get("blocking")
    other = kwargs.get("other")
    for arg in args:
        if isinstance(arg, Tensor):
            other = arg
        elif isinstance(arg, bool):
            blocking = arg
        elif isinstance(arg, DataType) or (isinstance(arg, str) and _is_dtype_name(arg)):
            dtype = arg
        elif isinstance(arg, (str, Place)):
            device = arg
        else:
            raise TypeError(f"[Tensor.to] argument {arg!r}: expected a device, a dtype, a bool or a Tensor")
    if other is not None:
        device, dtype = other.place, other.dtype
    out = self
    if device is not None:
        place = place_from_string(device) if isinstance(device, str) else device
        if not isinstance(place, Place):
            raise TypeError(f"[Tensor.to] argument 'device': expected a str or Place, but got {type(device).__name__}")
        if place != out.place:
            out = out._copy_to(place, True if blocking is None else bool(blocking))
    if dtype is not None:
        out = out.astype(dtype)
    return out


def _reversed_axes(self) -> Tensor:
    """The tensor with its axes in reverse order (a view); a 0-D or 1-D tensor is itself.

    Examples:
        >>> import paddle
        >>> paddle.to_tensor([[1, 2, 3]]).T.shape
        paddle.Size([3, 1])
    """
    return self if self.ndim < 2 else self.transpose(list(range(self.ndim))[::-1])


def set_value(self, value) -> None:
    """Copies `value` (a Tensor or NumPy array of this shape, cast to this dtype) into this tensor, in place.

    Examples:
        >>> import paddle, numpy as np
        >>> x = paddle.zeros([2])
        >>> x.set_value(np.array([1.5, 2.5], dtype="float32"))
        >>> x.tolist()
        [1.5, 2.5]
    """
    from paddle.base.framework import assign_value

    assign_value(self, value, "Tensor.set_value")


def data_ptr(self) -> int:
    """The address of the tensor's first element.

    Examples:
        >>> import paddle
        >>> x = paddle.ones([4])
        >>> x[1:].data_ptr() - x.data_ptr()
        4
    """
    return self._data_ptr()


def get_strides(self) -> list:
    """The step, in elements, between neighbours along each axis.

    Examples:
        >>> import paddle
        >>> paddle.ones([2, 3]).T.get_strides()
        [1, 3]
    """
    return list(self.strides)


_DTYPE_METHODS = {
    "bool": "bool", "byte": "uint8", "char": "int8", "short": "int16", "int": "int32", "long": "int64",
    "half": "float16", "float": "float32", "double": "float64", "cfloat": "complex64", "cdouble": "complex128",
    "uint8": "uint8", "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64", "float16": "float16",
    "bfloat16": "bfloat16", "float32": "float32", "float64": "float64", "complex64": "complex64",
    "complex128": "complex128",
}


def _converter(dtype: str):
    def convert(self) -> Tensor:
        return self.astype(dtype)

    convert.__name__ = dtype
    convert.__doc__ = f"A copy of the tensor as {dtype} (the tensor itself when it already is)."
    return convert


def _matrix_transposed(self) -> Tensor:
    """The tensor with its last two axes swapped (a view)."""
    from paddle.tensor.aliases import matrix_transpose

    return matrix_transpose(self)


def _requires_grad(self) -> bool:
    return not self.stop_gradient


def _set_requires_grad(self, value) -> None:
    self.stop_gradient = not value


class VarType(int, enum.Enum):
    """The kind of variable a tensor is (Tensor.type), numbered as in
    Paddle's ``core.VarDesc.VarType``. A paddle.Tensor here is always dense
    (sparse tensors are classes of their own)."""

    DENSE_TENSOR = 7


class GradNode:
    """The backward node of the op that made a tensor (Tensor.grad_fn),
    named as Paddle names its nodes: 'MultiplyGradNode' for multiply's,
    'GradNodeAccumulation' for the node that sums a leaf's gradient."""

    def __init__(self, name: str):
        self._name = name

    def name(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"<GradNode {self._name}>"


def _grad_fn(self) -> GradNode | None:
    """The node that backward passes through to reach the tensor's inputs:
    a leaf that requires grad has its accumulation node, a tensor that
    needs no gradient None (Paddle gives a leaf made by to_tensor an
    accumulation node even then).

    Examples:
        >>> import paddle
        >>> x = paddle.ones([2], dtype="float32")
        >>> x.stop_gradient = False
        >>> (x * x).grad_fn.name(), x.grad_fn.name()
        ('MultiplyGradNode', 'GradNodeAccumulation')
    """
    if self.stop_gradient:
        return None
    op = self._grad_node_name()
    if op in (None, "accumulate_grad"):  # a leaf's node is made when an op first records it
        return GradNode("GradNodeAccumulation")
    return GradNode("".join(w.capitalize() for w in op.removesuffix("_grad").split("_")) + "GradNode")


def type_as(self, other) -> Tensor:
    """The tensor cast to other's dtype."""
    return self.astype(other.dtype)


def _new_filled(self, size, more, fill, dtype, device) -> Tensor:
    """A new tensor of shape `size` (a list, or ints one by one) with this tensor's dtype and place unless
    given."""
    shape = list(size) if isinstance(size, (list, tuple)) else [size, *more]
    return _creation.full(shape, fill, dtype or self.dtype, device=self.place if device is None else device)


def _new(fill):
    @creation_options("requires_grad", "pin_memory")
    def new(self, size, *args, dtype=None, device=None):
        """A new tensor of shape `size` with this tensor's dtype and place (unless given)."""
        return _new_filled(self, size, args, fill, dtype, device)

    return new


@creation_options("requires_grad", "pin_memory")
def new_full(self, size, fill_value, *, dtype=None, device=None) -> Tensor:
    """A new tensor of shape `size` filled with `fill_value`, with this tensor's dtype and place (unless given).

    Examples:
        >>> import paddle
        >>> paddle.ones([2], dtype="int32").new_full([3], 7).tolist()
        [7, 7, 7]
    """
    return _new_filled(self, size, (), fill_value, dtype, device)


def repeat(self, repeats, *more) -> Tensor:
    """The tensor tiled `repeats` times along each axis (PyTorch's repeat): a
    list or tuple, or the counts one by one.

    Examples:
        >>> import paddle
        >>> paddle.to_tensor([[1, 2]]).repeat(2, 2).tolist()
        [[1, 2, 1, 2], [1, 2, 1, 2]]
        >>> paddle.to_tensor([[1, 2]]).repeat(repeats=[2, 1]).tolist()
        [[1, 2], [1, 2]]
    """
    times = list(repeats) if isinstance(repeats, (list, tuple)) and not more else [repeats, *more]
    return _manipulation.tile(self, times)


def stride(self, dim=None):
    """The step, in elements, between neighbours along `dim` (every axis when None)."""
    strides = list(self.strides)
    return strides if dim is None else strides[dim]


def split_with_sizes(self, split_sizes, dim=0) -> list:
    """The tensor split along `dim` into pieces of the given sizes."""
    return _manipulation.split(self, list(split_sizes), dim)


def get_device(self) -> int:
    """The GPU's index of a tensor on a GPU, -1 on the CPU."""
    place = self.place
    return place.gpu_device_id() if place.is_gpu_place() else -1


def gradient(self):
    """The gradient as a NumPy array (None without one)."""
    return None if self.grad is None else self.grad.numpy()


def _create_parameter(*args, **kwargs):
    from paddle.base.framework import create_parameter  # paddle.base imports this module

    return create_parameter(*args, **kwargs)


def _itself(self) -> Tensor:
    return self


_dims = Tensor.shape  # the extension's property: a list


Tensor.shape = property(lambda self: Size(_dims.fget(self)), doc="The tensor's dims, a paddle.Size.")
Tensor.T = property(_reversed_axes)
Tensor.unfold = _construction.unfold
Tensor.as_strided = _construction.as_strided
Tensor.nextafter = _construction.nextafter
# Where the tensor lives, as Paddle names it ('cpu', 'gpu:0', ...), and its layout (Paddle's dense tensors
# report 'NCHW', its default DataLayout, whatever the dims mean).
Tensor.device = property(lambda self: "cpu" if self.place.is_cpu_place() else self.place._device_string())
Tensor.layout = property(lambda self: "NCHW")
Tensor.type = property(lambda self: VarType.DENSE_TENSOR, doc="The kind of variable: VarType.DENSE_TENSOR.")
Tensor.grad_fn = property(_grad_fn)
Tensor.mT = property(_matrix_transposed)
Tensor.requires_grad = property(_requires_grad, _set_requires_grad)
Tensor.itemsize = property(lambda self: self.element_size())
Tensor.is_cuda = property(lambda self: self.place.is_gpu_place())
Tensor.data = property(_itself, set_value)
Tensor.persistable = False
Tensor.ndimension = Tensor.dim
Tensor.type_as = type_as
Tensor.new_full = new_full
Tensor.new_zeros = _new(0)
Tensor.new_ones = _new(1)
Tensor.new_empty = _new(0)
Tensor.repeat = repeat
Tensor.stride = stride
Tensor.split_with_sizes = split_with_sizes
Tensor.is_same_shape = lambda self, y: list(self.shape) == list(y.shape)
Tensor.get_device = get_device
Tensor.gradient = gradient
_storage.install()
Tensor.grad_ = Tensor.grad
# Paddle sets these two creation functions on Tensor as they are: x is their first argument.
Tensor.create_parameter = _create_parameter
Tensor.create_tensor = _creation.create_tensor
Tensor.value = Tensor.get_tensor = _itself
Tensor.is_dense = lambda self: True
Tensor.is_sparse = Tensor.is_sparse_coo = Tensor.is_sparse_csr = Tensor.is_dist = lambda self: False
for _name, _dtype in _DTYPE_METHODS.items():
    setattr(Tensor, _name, _converter(_dtype))
Tensor.data_ptr = data_ptr
Tensor.get_strides = get_strides
Tensor.set_value = set_value
Tensor.to = to
Tensor.item = item
Tensor.tolist = tolist
Tensor.__array__ = __array__
Tensor.__deepcopy__ = __deepcopy__
Tensor.__repr__ = tensor_repr


def _refuse_new(cls, *args, **kwargs):
    # pybind11's __new__ would hand out an instance whose C++ tensor was never
    # constructed, and the first use of it would crash the process.
    raise TypeError(f"[Tensor] {cls.__name__} objects come from paddle.to_tensor and the ops, not from "
                    f"{cls.__name__}() or {cls.__name__}.__new__")


Tensor.__new__ = staticmethod(_refuse_new)
Tensor.__str__ = tensor_repr
Tensor.pow = _math.pow
for _name, _function in _op_options.TENSOR_METHODS.items():
    setattr(Tensor, _name, _function)
Tensor.__array_priority__ = 100  # NumPy defers `ndarray + Tensor` to us
for _name in ("take_along_axis", "put_along_axis", "gather", "scatter", "scatter_nd_add", "nonzero",
              "masked_select", "masked_fill", "index_put", "where"):
    setattr(Tensor, _name, getattr(_indexing, _name))
for _name in ("argsort", "sort", "argmax", "argmin", "cumsum", "cumprod", "logcumsumexp", "cummax", "cummin", "prod",
              "kthvalue", "mode", "unique", "bincount", "top_p_sampling"):
    setattr(Tensor, _name, getattr(_search, _name))
for _module, _names in ((_manipulation, ("split", "chunk", "unbind", "tile", "flip", "roll", "moveaxis", "t",
                                        "repeat_interleave", "strided_slice")),
                        (_creation, ("tril", "triu", "diagonal")),
                        (_linalg, ("mm", "bmm", "dot", "mv", "outer", "addmm", "baddbmm", "cross", "kron")),
                        (_math, ("isclose", "allclose", "equal_all", "nan_to_num", "logit", "scale", "real", "imag"))):
    for _name in _names:
        setattr(Tensor, _name, getattr(_module, _name))
