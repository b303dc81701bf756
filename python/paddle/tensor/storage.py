"""Tensors that take other memory: ``Tensor.set_`` (a view of another
tensor's memory), ``Tensor.resize_``, ``Tensor.reconstruct_from_``, and
``paddle.MmapStorage`` (slices of a file mapped into memory)."""

from __future__ import annotations

import math
import mmap
import os

import numpy as np

from paddle import _C, _C_ops
from paddle import _checks as check
from paddle._C import Tensor
from paddle.tensor import inplace
from paddle.tensor.construction import row_major_strides
from paddle.tensor.creation import _dtype_name
from paddle.utils import dlpack


def set_(x, source=None, shape=None, stride=None, offset=0, name=None) -> Tensor:
    """Makes ``x`` a view of ``source``'s memory with ``shape``, ``stride``
    (in elements) and ``offset`` (in bytes, from where ``source``'s data
    starts), and returns x. Later writes through either tensor show in the
    other.

    Args:
        x (Tensor): the tensor to set; it keeps its identity (name, hooks).
        source (Tensor|None, optional): the tensor whose memory x takes, of x's
            dtype. Default None: x becomes an empty tensor of shape [0].
        shape (list|tuple|None, optional): x's new shape. Default None:
            source's shape (and, with ``stride`` None, source's strides).
        stride (list|tuple|None, optional): x's new strides. Default None:
            source's strides when ``shape`` is None too, else the contiguous
            strides of ``shape``.
        offset (int, optional): bytes from the start of source's data; a
            multiple of the element size. Default 0.
        name (str|None, optional): unused, as in Paddle.

    Every element the view reaches must lie in source's memory. Unlike
    Paddle's, whose kernel reinterprets the bytes, a source of another dtype
    is refused. Like Paddle's, it has no gradient: x's gradient history ends
    here, and a leaf that requires grad is refused.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0, 5.0])
        >>> src = paddle.to_tensor([11.0, 22.0, 33.0, 44.0, 55.0, 66.0])
        >>> x.set_(src, shape=[3], stride=[2]).tolist()
        [11.0, 33.0, 55.0]
        >>> x.set_(src, shape=[5], offset=4).tolist()
        [22.0, 33.0, 44.0, 55.0, 66.0]
    """
    op = "set_"
    check.tensor(op, x)
    if source is None:
        source, shape, stride = _C_ops.full([0], 0, x.dtype, x.place), [0], [0]
    else:
        check.tensor(op, source, "source")
        if source.dtype != x.dtype:
            raise TypeError(f"[{op}] argument 'source': expected a tensor of x's dtype {x.dtype.name}, but got "
                            f"{source.dtype.name}")
    if shape is None:
        shape = list(source.shape)
        stride = list(source.strides) if stride is None else stride
    else:
        shape = check.int_list(op, shape, "shape")
        if stride is None:
            stride = row_major_strides(shape)
    view = Tensor._strided_view(source, list(shape), list(stride), offset)
    return inplace.update(op, x, lambda alias: view, view=True)


def resize_(x, shape, fill_zero=False, name=None) -> Tensor:
    """Gives ``x`` the shape ``shape`` in place and returns x: its first
    elements in row-major order, then (when it grows) zeros.

    Args:
        x (Tensor): the tensor to resize.
        shape (list|tuple): the new shape.
        fill_zero (bool, optional): whether the elements added when x grows
            are zeros. Paddle leaves them undetermined without it; here they
            are zeros either way, never stale memory.
        name (str|None, optional): unused, as in Paddle.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0, 3.0])
        >>> x.resize_([2, 3], fill_zero=True).tolist()
        [[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]
        >>> x.resize_([2]).tolist()
        [1.0, 2.0]
    """
    op = "resize_"
    check.tensor(op, x)
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"[{op}] argument 'shape': expected a list or tuple, but got {check.got(shape)}")
    shape = check.int_list(op, shape, "shape")
    if any(d < 0 for d in shape):
        raise ValueError(f"[{op}] argument 'shape': expected non-negative sizes, but got {shape}")
    size = math.prod(shape)

    def resized(alias):
        flat = alias.reshape([-1])
        if size > flat.size:
            flat = _C_ops.concat([flat, _C_ops.full([size - flat.size], 0, flat.dtype, flat.place)], 0)
        return flat[:size].reshape(shape)

    return inplace.update(op, x, resized, view=True)


def reconstruct_from_(x, other) -> Tensor:
    """Makes ``x`` a deep copy of ``other`` in place (its data, dtype, shape
    and stop_gradient), keeping x's identity; x's gradient history ends.

    Examples:
        >>> import paddle
        >>> t1 = paddle.to_tensor([1.0], stop_gradient=False)
        >>> t1.reconstruct_from_(paddle.to_tensor([2.0, 3.0]))
        >>> t1.tolist(), t1.stop_gradient
        ([2.0, 3.0], True)
    """
    op = "reconstruct_from_"
    check.tensor(op, x)
    check.tensor(op, other, "other")
    x._replace_data(other.detach().clone())
    x.stop_gradient = other.stop_gradient


class MmapStorage:
    """The first ``nbytes`` bytes of the file ``filename``, mapped into
    memory; ``get_slice`` makes tensors of parts of it (a file of raw tensor
    data, such as a .safetensors payload) that share the mapped pages, so
    only what is read is loaded. The mapping is copy-on-write: writing to a
    slice never changes the file.

    Args:
        filename (str): the file's path.
        nbytes (int): how many bytes to map, at most the file's size.

    Examples:
        >>> import paddle, tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "t.pp")
        >>> paddle.arange(20, dtype="float32").numpy().tofile(path)
        >>> storage = paddle.MmapStorage(path, 80)
        >>> storage.get_slice(paddle.float32, 2, 5).tolist()
        [2.0, 3.0, 4.0]
    """

    def __init__(self, filename, nbytes):
        op = "MmapStorage"
        if not isinstance(filename, (str, os.PathLike)):
            raise TypeError(f"[{op}] argument 'filename': expected a path, but got {check.got(filename)}")
        nbytes = check.integer(op, nbytes, "nbytes", min=0)
        try:
            size = os.path.getsize(filename)
        except OSError as e:
            raise FileNotFoundError(f"[{op}] argument 'filename': cannot open {os.fspath(filename)!r}: "
                                    f"{e.strerror}") from None
        if nbytes > size:
            raise ValueError(f"[{op}] argument 'nbytes': expected at most the file's {size} bytes, but got {nbytes}")
        self._nbytes = nbytes
        self._map = None
        if nbytes:
            # Copy-on-write: slices share the file's pages, and a write to one never reaches the file.
            with open(filename, "rb") as f:
                self._map = mmap.mmap(f.fileno(), nbytes, access=mmap.ACCESS_COPY)

    def get_slice(self, dtype, start, stop, step=1) -> Tensor:
        """The 1-D tensor of the elements ``start`` to ``stop`` (exclusive,
        every ``step``-th) of the mapped bytes read as ``dtype``."""
        op = "MmapStorage.get_slice"
        name = _dtype_name(dtype, op)
        if name.upper() not in _C.DataType.__members__ or name == "undefined":
            raise TypeError(f"[{op}] argument 'dtype': expected a data type, but got {check.got(dtype)}")
        dtype = _C.DataType.__members__[name.upper()]
        start = check.integer(op, start, "start", min=0)
        stop = check.integer(op, stop, "stop", min=start)
        step = check.integer(op, step, "step", min=1)
        count = self._nbytes // dtype.itemsize
        if stop > count:
            raise ValueError(f"[{op}] argument 'stop': expected at most {count} {dtype.name} elements in "
                             f"{self._nbytes} bytes, but got {stop}")
        if dtype.name == "bfloat16":  # NumPy holds its bits as uint16, which only _from_numpy (a copy) reads back
            items = np.frombuffer(self._map, dtype="uint16", count=stop) if stop else np.empty([0], "uint16")
            return Tensor._from_numpy(np.ascontiguousarray(items[start:stop:step]))
        items = np.frombuffer(self._map, dtype=dtype.name, count=stop) if stop else np.empty([0], dtype.name)
        return dlpack.from_dlpack(items[start:stop:step])  # the mapped pages themselves, read when touched


def install() -> None:
    Tensor.set_ = set_
    Tensor.resize_ = resize_
    Tensor.reconstruct_from_ = reconstruct_from_
