"""Making tensors, composed from creation and random: from_numpy, as_tensor,
asarray, range, rand_like, randn_like, binomial, standard_gamma,
log_normal, manual_seed, and the shape views view / view_as /
view_as_real / view_as_complex / Tensor.unfold."""

from __future__ import annotations

import math

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases, creation_options, writes_out


def from_numpy(ndarray) -> Tensor:
    """A tensor with ndarray's values, dtype and shape (a copy).

    Examples:
        >>> import paddle, numpy as np
        >>> paddle.from_numpy(np.array([1, 2])).tolist()
        [1, 2]
    """
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"[from_numpy] argument 'ndarray': expected a numpy.ndarray, but got "
                        f"{type(ndarray).__name__}")
    return paddle.to_tensor(ndarray)


def as_tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False) -> Tensor:
    """data as a tensor: data itself when it is a tensor of that dtype and device already."""
    from paddle.tensor.creation import _dtype_name

    if isinstance(data, Tensor) and device is None and (
            dtype is None or data.dtype.name == _dtype_name(dtype, "as_tensor")):
        return data
    out = paddle.to_tensor(data, dtype=dtype, place=device, stop_gradient=not requires_grad)
    return out.pin_memory() if pin_memory else out


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False) -> Tensor:
    """obj as a tensor (a copy when copy=True; never a copy of a matching tensor when copy is None or False)."""
    if copy is not None:
        copy = check.flag("asarray", copy, "copy")
    if isinstance(obj, Tensor) and copy:
        out = obj.clone() if dtype is None else obj.astype(dtype)
        out.stop_gradient = not requires_grad
        return out
    return as_tensor(obj, dtype, device, requires_grad)


@writes_out
@creation_options("device", "requires_grad")
def range(start=0, end=None, step=1, dtype=None, *, name=None) -> Tensor:  # noqa: A001
    """The numbers start, start + step, ... up to and including end (Paddle's
    deprecated inclusive range; paddle.arange excludes end).

    Examples:
        >>> import paddle
        >>> paddle.range(0, 3).tolist()
        [0.0, 1.0, 2.0, 3.0]
    """
    if end is None:
        start, end = 0, start
    start, end, step = (check.number("range", v, arg) for v, arg in ((start, "start"), (end, "end"), (step, "step")))
    if step == 0:
        raise ValueError("[range] argument 'step': expected a non-zero number, but got 0")
    for v, arg in ((start, "start"), (end, "end"), (step, "step")):
        if math.isnan(v) or (arg != "step" and math.isinf(v)):
            raise ValueError(f"[range] argument '{arg}': expected a finite number, but got {v}")
    if abs((end - start) / step) >= 2**62:
        raise ValueError(f"[range] from {start} to {end} by {step} has more numbers than a tensor holds")
    too_many = f"[range] the numbers from {start} to {end} by {step} do not fit in memory"
    try:
        values = np.arange(start, end + step / 2 if step > 0 else end - abs(step) / 2, step)
    except (MemoryError, ValueError):  # NumPy's ValueError: more bytes than an address space has
        raise MemoryError(too_many) from None
    dtype = dtype or paddle.get_default_dtype()
    try:  # the cast to dtype takes a second copy
        return paddle.to_tensor(values, dtype=dtype)
    except MemoryError:
        raise MemoryError(too_many) from None


@creation_options("requires_grad")
def rand_like(input, name=None, *, dtype=None, device=None) -> Tensor:  # noqa: A002
    """Uniform samples in [0, 1) shaped like input, of its dtype and on its place unless given."""
    check.tensor("rand_like", input, "input")
    return paddle.rand(input.shape, dtype or input.dtype, device=input.place if device is None else device)


@aliases(x="input")
@creation_options("requires_grad")
def randn_like(x, dtype=None, name=None, *, device=None) -> Tensor:
    """Standard normal samples shaped like x, of its dtype and on its place unless given."""
    check.tensor("randn_like", x)
    return paddle.randn(x.shape, dtype or x.dtype, device=x.place if device is None else device)


def binomial(count, prob, name=None) -> Tensor:
    """Samples of Binomial(count, prob), elementwise (int64): the number of
    successes among `count` Bernoulli(prob) trials."""
    from paddle.tensor.sampling import draw_binomial

    check.tensor("binomial", count, "count")
    check.tensor("binomial", prob, "prob")
    count, prob = paddle.broadcast_tensors([count.astype("float64"), prob.astype("float64")])
    return draw_binomial(count, prob).astype("int64")


def standard_gamma(x, name=None) -> Tensor:
    """Samples of Gamma(x, 1), elementwise, of x's dtype (differentiable in x)."""
    from paddle.tensor.sampling import standard_gamma as sample

    check.tensor("standard_gamma", x)
    return sample(x)


def log_normal(mean=1.0, std=2.0, shape=None, name=None) -> Tensor:
    """exp of samples of N(mean, std**2), of `shape` (or mean's / std's shape when they are tensors)."""
    return paddle.exp(paddle.normal(mean, std, shape))


def manual_seed(seed) -> None:
    """Seeds every random generator (paddle.seed)."""
    paddle.seed(seed)


@aliases(shape_or_dtype=("size", "dtype"))
def view(x, shape_or_dtype, name=None) -> Tensor:
    """x viewed with another shape (a list; one entry may be -1). Viewing as another dtype is not offered."""
    check.tensor("view", x)
    if not isinstance(shape_or_dtype, (list, tuple)):
        raise NotImplementedError(f"[view] viewing x as another dtype ({shape_or_dtype!r}) is not supported; "
                                  f"give a shape")
    return paddle.reshape(x, list(shape_or_dtype))


def view_as(x, other, name=None) -> Tensor:
    """x viewed with other's shape."""
    check.tensor("view_as", other, "other")
    return view(x, list(other.shape))


def view_as_real(input, name=None) -> Tensor:  # noqa: A002  (Paddle's name)
    """Complex input as real numbers with a last dim of 2 (real, imaginary), sharing its memory."""
    check.tensor("view_as_real", input, "input")
    return _C_ops.as_real(input)


def view_as_complex(input, name=None) -> Tensor:  # noqa: A002  (Paddle's name)
    """Real input with a last dim of 2 as complex numbers."""
    check.tensor("view_as_complex", input, "input")
    return _C_ops.as_complex(input)


def as_strided(x, shape, stride, offset=0, name=None) -> Tensor:
    """The view of x's memory with `shape` and `stride` (in elements) from
    `offset` bytes on, as in Paddle: its element at index i is x's element
    at flat position offset / x.element_size() + sum(i[d] * stride[d]). It
    shares x's memory when x is contiguous (a non-contiguous x is read as
    its row-major copy). Elements may repeat; differentiable in x (a
    repeated element gathers the gradients of all its places).

    Args:
        x (Tensor): the tensor whose elements are read.
        shape (list|tuple): the view's shape.
        stride (list|tuple): the view's strides, one per dim, in elements.
        offset (int, optional): bytes from the start of x's data to the
            view's first element, a multiple of x's element size (Paddle
            reads misaligned bytes for other offsets). Default 0.
        name (str|None, optional): unused, as in Paddle.

    Examples:
        >>> import paddle
        >>> paddle.as_strided(paddle.arange(6.0), [2, 2], [1, 2], 4).tolist()
        [[1.0, 3.0], [2.0, 4.0]]
    """
    op = "as_strided"
    check.tensor(op, x)
    shape, stride = check.int_list(op, shape, "shape"), check.int_list(op, stride, "stride")
    offset = check.integer(op, offset, "offset", min=0)
    size = x.dtype.itemsize  # (a graph's Value has a dtype too)
    if offset % size:
        raise ValueError(f"[{op}] argument 'offset': expected a multiple of x's element size ({size} bytes), "
                         f"but got {offset}")
    return _C_ops.as_strided(x, shape, stride, offset // size)  # the op counts the offset in elements


def nextafter(x, y, name=None) -> Tensor:
    """The next float after x in the direction of y, elementwise (broadcast),
    in x's and y's dtype (float32 or float64; float64 when they differ, as
    Paddle promotes). It has no gradient (nor has Paddle's).

    Examples:
        >>> import paddle
        >>> paddle.nextafter(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([2.0, 1.0])).tolist()
        [1.0000001192092896, 1.9999998807907104]
    """
    op = "nextafter"
    check.tensor(op, x)
    check.tensor(op, y, "y")
    if x.dtype.name not in ("float32", "float64") or y.dtype.name not in ("float32", "float64"):
        raise TypeError(f"[{op}] arguments 'x' and 'y': expected float32 or float64 tensors, but got "
                        f"{x.dtype.name} and {y.dtype.name}")
    with paddle.no_grad():  # its result is a constant to autograd (stop_gradient), as in Paddle
        return _C_ops.nextafter(x, y)


def row_major_strides(shape) -> list:
    """The strides, in elements, of a contiguous tensor of `shape`."""
    return [math.prod(shape[d + 1:]) for d, _ in enumerate(shape)]  # (this module's `range` is paddle.range)


def unfold(x, axis, size, step, name=None) -> Tensor:
    """The windows of `size` elements taken every `step` along `axis`, as a
    new last axis (the windows replace that axis by their count).

    Examples:
        >>> import paddle
        >>> paddle.arange(5).unfold(0, 2, 2).tolist()
        [[0, 1], [2, 3]]
    """
    check.tensor("unfold", x)
    axis = check.axis("unfold", axis, max(len(x.shape), 1))
    length = x.shape[axis] if x.shape else 1
    size, step = check.integer("unfold", size, "size"), check.integer("unfold", step, "step")
    if size < 0 or size > length or step <= 0:
        raise ValueError(f"[unfold] size {size} must be in [0, {length}] and step {step} positive")
    count = (length - size) // step + 1
    # A view (as in Paddle): the windows' axis steps `step` times axis's stride, the new last axis one stride.
    strides = row_major_strides(list(x.shape) or [1])  # as_strided reads x's row-major order
    shape = list(x.shape[:axis]) + [count] + list(x.shape[axis + 1:]) + [size]
    return as_strided(x, shape, strides[:axis] + [strides[axis] * step] + strides[axis + 1:] + [strides[axis]])
