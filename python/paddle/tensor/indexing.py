"""Gathers and scatters: Paddle's Python signatures over the take/put
along-axis and gather_nd/put_nd ops (paddle/phi/ops/yaml/index.yaml)."""

from __future__ import annotations

import numbers

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases, write_out, writes_out


def _check_tensor(op, arg, value):
    check.tensor(op, value, arg)


def _check_axis(op, axis, rank):
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
        raise TypeError(f"[{op}] argument 'axis': expected an int, but got {type(axis).__name__}")
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise IndexError(f"[{op}] axis {axis} is out of range for a {rank}-D tensor")
    return axis % max(rank, 1)


def _broadcast_off_axis(op, arr, indices, axis):
    """arr and indices broadcast to each other in every dim but `axis`."""
    if len(arr.shape) != len(indices.shape):
        raise ValueError(f"[{op}] indices must have the rank of arr ({len(arr.shape)}), but got shape {list(indices.shape)}")
    try:
        common = list(np.broadcast_shapes(
            tuple(d for i, d in enumerate(arr.shape) if i != axis),
            tuple(d for i, d in enumerate(indices.shape) if i != axis)))
    except ValueError:
        raise ValueError(f"[{op}] arr of shape {list(arr.shape)} and indices of shape {list(indices.shape)} cannot be "
                         f"broadcast off axis {axis}") from None
    arr_shape = common[:axis] + [arr.shape[axis]] + common[axis:]
    idx_shape = common[:axis] + [indices.shape[axis]] + common[axis:]
    if arr_shape != list(arr.shape):
        arr = paddle.broadcast_to(arr, arr_shape)
    if idx_shape != list(indices.shape):
        indices = _C_ops.broadcast_view(indices, idx_shape)
    return arr, indices


@aliases(arr="input", axis="dim")
@writes_out
def take_along_axis(arr, indices, axis, broadcast=True) -> Tensor:
    """Picks arr's values at `indices` along `axis` (like numpy.take_along_axis).

    Args:
        arr (Tensor): the source.
        indices (Tensor): int32/int64 positions along axis, of arr's rank.
        axis (int): the axis indexed.
        broadcast (bool, optional): broadcast arr and indices in the other dims. Default True.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[10, 30, 20], [60, 40, 50]])
        >>> paddle.take_along_axis(x, paddle.to_tensor([[1], [0]]), axis=1).numpy().tolist()
        [[30], [60]]
    """
    _check_tensor("take_along_axis", "arr", arr)
    _check_tensor("take_along_axis", "indices", indices)
    axis = _check_axis("take_along_axis", axis, len(arr.shape))
    if check.flag("take_along_axis", broadcast, "broadcast") and len(arr.shape):
        arr, indices = _broadcast_off_axis("take_along_axis", arr, indices, axis)
    return _C_ops.take_along_axis(arr, indices, axis)


def put_along_axis(arr, indices, values, axis, reduce="assign", include_self=True, broadcast=True) -> Tensor:
    """A copy of arr with `values` written at `indices` along `axis`.

    Args:
        reduce (str, optional): 'assign' (the last write wins), or 'add'.
        include_self (bool, optional): only True (arr's own values take part) is supported.

    Examples:
        >>> import paddle
        >>> x = paddle.zeros([2, 3])
        >>> paddle.put_along_axis(x, paddle.to_tensor([[2], [0]]), 1.0, axis=1).numpy().tolist()
        [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]
    """
    _check_tensor("put_along_axis", "arr", arr)
    _check_tensor("put_along_axis", "indices", indices)
    if reduce not in ("assign", "add"):
        raise ValueError(f"[put_along_axis] argument 'reduce': expected 'assign' or 'add', but got {reduce!r}")
    if not include_self:
        raise NotImplementedError("[put_along_axis] include_self=False is not supported")
    axis = _check_axis("put_along_axis", axis, len(arr.shape))
    if check.flag("put_along_axis", broadcast, "broadcast") and len(arr.shape):
        if len(arr.shape) != len(indices.shape):
            raise ValueError(f"[put_along_axis] indices must have the rank of arr ({len(arr.shape)}), but got "
                             f"shape {list(indices.shape)}")
        shape = [arr.shape[i] if i != axis else indices.shape[axis] for i in range(len(arr.shape))]
        indices = _C_ops.broadcast_view(indices, shape)
    if not isinstance(values, Tensor):
        values = paddle.to_tensor(values, dtype=arr.dtype, place=arr.place)
    if values.dtype != arr.dtype:
        values = values.astype(arr.dtype)
    if list(values.shape) != list(indices.shape):
        values = paddle.broadcast_to(values, indices.shape)
    return _C_ops.put_along_axis(arr, indices, values, axis, reduce)


def _as_index(op, index):
    _check_tensor(op, "index", index)
    if index.dtype not in (paddle.int32, paddle.int64):
        raise TypeError(f"[{op}] argument 'index': expected an int32 or int64 tensor, but got {index.dtype}")
    return index


def gather(x, index, axis=None, name=None, out=None) -> Tensor:
    """The entries of x at positions `index` (1-D, or 0-D to drop the axis) along axis (default 0),
    written into `out` when given.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1, 2], [3, 4], [5, 6]])
        >>> paddle.gather(x, paddle.to_tensor([2, 0])).numpy().tolist()
        [[5, 6], [1, 2]]
    """
    _check_tensor("gather", "x", x)
    index = _as_index("gather", index)
    if isinstance(axis, Tensor):
        axis = axis.item()
    if axis is not None and (isinstance(axis, bool) or not isinstance(axis, numbers.Integral)):
        raise TypeError(f"[gather] argument 'axis': expected an int, but got {type(axis).__name__}")
    axis = 0 if axis is None else int(axis)
    if len(index.shape) > 1:
        raise ValueError(f"[gather] argument 'index': expected a 1-D or 0-D tensor, but got shape {list(index.shape)}")
    result = paddle.index_select(x, index.reshape([-1]), axis)
    result = result.squeeze(axis) if len(index.shape) == 0 else result
    return write_out("gather", out, result)


def scatter(x, index, updates, overwrite=True, name=None, out=None) -> Tensor:
    """A copy of x whose rows `index` (1-D) are replaced by (overwrite=True)
    or set to the sum of (overwrite=False) the matching rows of updates
    (written into `out` when given).

    Examples:
        >>> import paddle
        >>> x = paddle.zeros([3, 2])
        >>> u = paddle.to_tensor([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
        >>> paddle.scatter(x, paddle.to_tensor([1, 0, 1]), u, overwrite=False).numpy().tolist()
        [[2.0, 2.0], [4.0, 4.0], [0.0, 0.0]]
    """
    _check_tensor("scatter", "x", x)
    _check_tensor("scatter", "updates", updates)
    index = _as_index("scatter", index).reshape([-1])
    if not x.shape:
        raise ValueError("[scatter] x must have at least 1 dim, but got a 0-D tensor")
    if len(updates.shape) != len(x.shape) or updates.shape[0] != index.shape[0] or updates.shape[1:] != x.shape[1:]:
        raise ValueError(f"[scatter] updates.shape {list(updates.shape)} must be [len(index)={index.shape[0]}] + "
                         f"x.shape[1:] {list(x.shape[1:])}")
    lined = _C_ops.broadcast_view(index.reshape([-1] + [1] * (len(x.shape) - 1)), updates.shape)
    if overwrite:
        result = _C_ops.put_along_axis(x, lined, updates, 0, "assign")
    else:
        cleared = _C_ops.put_along_axis(x, lined, paddle.zeros_like(updates), 0, "assign")
        result = _C_ops.put_along_axis(cleared, lined, updates, 0, "add")
    return write_out("scatter", out, result)


def scatter_nd_add(x, index, updates, name=None) -> Tensor:
    """A copy of x with updates added at the slices index[..., :] names.

    Examples:
        >>> import paddle
        >>> x = paddle.zeros([3])
        >>> paddle.scatter_nd_add(x, paddle.to_tensor([[1], [1]]), paddle.to_tensor([1.0, 2.0])).numpy().tolist()
        [0.0, 3.0, 0.0]
    """
    _check_tensor("scatter_nd_add", "x", x)
    return _C_ops.put_nd(x, _as_index("scatter_nd_add", index), updates, True)


def scatter_nd(index, updates, shape, name=None) -> Tensor:
    """scatter_nd_add into zeros of `shape`."""
    _check_tensor("scatter_nd", "updates", updates)
    return scatter_nd_add(paddle.zeros(shape, dtype=updates.dtype), index, updates)


@aliases(x="input")
@writes_out
def nonzero(x, as_tuple=False):
    """The coordinates of x's non-zero elements: an int64 [count, rank]
    tensor, or (as_tuple=True) one 1-D tensor per dim.

    Examples:
        >>> import paddle
        >>> paddle.nonzero(paddle.to_tensor([[1, 0], [0, 2]])).numpy().tolist()
        [[0, 0], [1, 1]]
    """
    _check_tensor("nonzero", "x", x)
    as_tuple = check.flag("nonzero", as_tuple, "as_tuple")
    coords = _C_ops.nonzero(x)
    if not as_tuple:
        return coords
    return tuple(coords[:, i] for i in range(coords.shape[1]))


@aliases(x="input", y="other")
@writes_out
def where(condition, x=None, y=None, name=None):
    """x where condition is true, y elsewhere, with broadcasting; with
    condition alone, the coordinates of its non-zero elements, one 1-D
    int64 tensor per dim (``nonzero(condition, as_tuple=True)``). A Python
    number for x or y takes the other's dtype (both numbers: bool, int64 or
    the default float dtype).

    Examples:
        >>> import paddle
        >>> c = paddle.to_tensor([True, False, True])
        >>> paddle.where(c, paddle.to_tensor([1.0, 2.0, 3.0]), 0.0).tolist()
        [1.0, 0.0, 3.0]
        >>> [t.tolist() for t in paddle.where(paddle.to_tensor([[1, 0], [0, 1]]))]
        [[0, 1], [0, 1]]
    """
    _check_tensor("where", "condition", condition)
    if x is None and y is None:
        return nonzero(condition, as_tuple=True)
    if x is None or y is None:
        raise ValueError("[where] arguments 'x' and 'y': expected both or neither, but got only "
                         f"{'y' if x is None else 'x'}")
    x, y = _where_operand(x, y), _where_operand(y, x)
    return _C_ops.where(condition, x, y)


def _where_operand(value, other):
    """value as a tensor: a Python number takes other's dtype when other is a tensor of a kind that holds it."""
    if isinstance(value, check.TENSOR_TYPES):
        return value
    if isinstance(other, check.TENSOR_TYPES) and isinstance(value, (bool, numbers.Number)):
        kind = other.dtype.name
        fits = ((isinstance(value, bool) and kind == "bool") or
                (check._is_int(value) and kind != "bool") or
                (isinstance(value, float) and ("float" in kind or "complex" in kind)) or
                (isinstance(value, complex) and "complex" in kind))
        if fits:
            return paddle.full([], value, other.dtype)
    return paddle.to_tensor(value)


@aliases(x="input")
@writes_out
def masked_select(x, mask, name=None) -> Tensor:
    """The 1-D tensor of x's elements where mask (broadcast with x) is True.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> paddle.masked_select(x, x > 1.5).numpy().tolist()
        [2.0, 3.0, 4.0]
    """
    _check_tensor("masked_select", "x", x)
    _check_tensor("masked_select", "mask", mask)
    if mask.dtype != paddle.bool:
        raise TypeError(f"[masked_select] argument 'mask': expected a bool tensor, but got {mask.dtype}")
    return _C_ops.masked_select(x, mask)


def masked_fill(x, mask, value, name=None) -> Tensor:
    """x with `value` where mask (broadcast with x) is True.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0, 3.0])
        >>> paddle.masked_fill(x, x > 1.5, 0.0).numpy().tolist()
        [1.0, 0.0, 0.0]
    """
    _check_tensor("masked_fill", "x", x)
    _check_tensor("masked_fill", "mask", mask)
    if mask.dtype != paddle.bool:
        raise TypeError(f"[masked_fill] argument 'mask': expected a bool tensor, but got {mask.dtype}")
    if not isinstance(value, Tensor):
        value = paddle.full([], value, x.dtype)
    return paddle.where(mask, value.astype(x.dtype), x)


def index_put(x, indices, value, accumulate=False, name=None) -> Tensor:
    """A copy of x with `value` written (or added, accumulate=True) at x[indices],
    where indices is a tuple of int tensors (broadcast together) or one bool mask.

    Examples:
        >>> import paddle
        >>> x = paddle.zeros([2, 3])
        >>> i, j = paddle.to_tensor([0, 1]), paddle.to_tensor([2, 0])
        >>> paddle.index_put(x, (i, j), paddle.to_tensor(5.0)).numpy().tolist()
        [[0.0, 0.0, 5.0], [5.0, 0.0, 0.0]]
    """
    _check_tensor("index_put", "x", x)
    if not isinstance(indices, (tuple, list)) or not indices:
        raise TypeError("[index_put] argument 'indices': expected a non-empty tuple of Tensors")
    coords = _coordinates("index_put", x, list(indices))
    target_shape = list(coords.shape[:-1]) + list(x.shape[coords.shape[-1]:])
    if not isinstance(value, Tensor):
        value = paddle.to_tensor(value, dtype=x.dtype)
    value = paddle.broadcast_to(value.astype(x.dtype), target_shape)
    return _C_ops.put_nd(x, coords, value, check.flag("index_put", accumulate, "accumulate"))


def _coordinates(op, x, indices):
    """The [..., k] coordinate tensor for indexing x's first k dims with
    int tensors (broadcast together) or a single bool mask."""
    if len(indices) == 1 and isinstance(indices[0], Tensor) and indices[0].dtype == paddle.bool:
        mask = indices[0]
        if list(mask.shape) != list(x.shape[:len(mask.shape)]):
            raise IndexError(f"[{op}] a bool mask of shape {list(mask.shape)} does not match x's shape {list(x.shape)}")
        return _C_ops.nonzero(mask)
    if len(indices) > len(x.shape):
        raise IndexError(f"[{op}] too many indices ({len(indices)}) for a {len(x.shape)}-D tensor")
    tensors = []
    for t in indices:
        if not isinstance(t, Tensor):
            t = paddle.to_tensor(t)
        if t.dtype not in (paddle.int32, paddle.int64):
            raise TypeError(f"[{op}] index tensors must be int32 or int64 (or one bool mask), but got {t.dtype}")
        tensors.append(t.astype("int64"))
    try:
        shape = list(np.broadcast_shapes(*[tuple(t.shape) for t in tensors]))
    except ValueError:
        raise IndexError(f"[{op}] index shapes {[t.shape for t in tensors]} cannot be broadcast together") from None
    return paddle.stack([paddle.broadcast_to(t, shape) for t in tensors], axis=-1)


# ---- advanced indexing: x[tensor], x[mask], x[[0, 2], 1:] -----------------
# Basic items (ints, slices, None, ...) are taken as a view first; the
# advanced ones (integer tensors/lists broadcast together, bool masks as
# their nonzero coordinates) then gather with gather_nd over those dims moved
# to the front. As in NumPy, the gathered dims replace adjacent advanced
# dims in place, and go first when advanced indices are separated.

def _is_advanced(item):
    if isinstance(item, Tensor):
        return not (len(item.shape) == 0 and item.dtype not in (paddle.bool,))
    return isinstance(item, (list, np.ndarray)) or isinstance(item, bool)


def has_advanced(index):
    items = index if isinstance(index, tuple) else (index,)
    return any(_is_advanced(item) for item in items)


def _rectangular(op, what, data):
    """data as a NumPy array; a ragged nested list is an error of `op`."""
    try:
        return np.asarray(data)
    except ValueError:
        raise ValueError(f"[{op}] {what} must be a rectangular nested list, but got {data!r}") from None


def _plan(x, index):
    """(basic index, advanced dims of the view, index tensors) for x[index]."""
    items = list(index) if isinstance(index, tuple) else [index]
    converted = []
    for item in items:
        if isinstance(item, bool):
            item = paddle.to_tensor(item)
        elif isinstance(item, (list, np.ndarray)):
            item = paddle.to_tensor(_rectangular("getitem", "an index list", item))
            if item.dtype not in (paddle.bool, paddle.int32, paddle.int64):
                raise IndexError(f"[getitem] an index list must hold ints or bools, but got {item.dtype}")
        converted.append(item)
    consumed = sum(len(i.shape) if isinstance(i, Tensor) and i.dtype == paddle.bool else
                   0 if i is None or i is Ellipsis else 1 for i in converted)
    if consumed > len(x.shape):
        raise IndexError(f"[getitem] too many indices: the tensor has {len(x.shape)} dims but {consumed} were indexed")
    expanded, x_dim = [], 0
    for item in converted:
        if item is Ellipsis:
            expanded.extend([slice(None)] * (len(x.shape) - consumed))
            x_dim += len(x.shape) - consumed
        elif isinstance(item, Tensor) and item.dtype == paddle.bool and len(item.shape) > 0:
            covered = list(x.shape[x_dim:x_dim + len(item.shape)])
            if list(item.shape) != covered:
                raise IndexError(f"[getitem] a bool mask of shape {list(item.shape)} does not match the indexed dims "
                                 f"{covered} of a tensor of shape {list(x.shape)}")
            expanded.extend(("mask_column", col) for col in nonzero(item, as_tuple=True))
            x_dim += len(item.shape)
        else:
            expanded.append(item)
            x_dim += item is not None
    basic, tensors, dims, view_dim = [], [], [], 0
    for item in expanded:
        if isinstance(item, tuple):  # a column of a bool mask's coordinates
            basic.append(slice(None))
            tensors.append(item[1])
            dims.append(view_dim)
            view_dim += 1
        elif isinstance(item, Tensor) and len(item.shape) > 0 or isinstance(item, Tensor) and item.dtype == paddle.bool:
            if item.dtype not in (paddle.int32, paddle.int64):
                raise IndexError(f"[getitem] index tensors must be integer or bool, but got {item.dtype}")
            basic.append(slice(None))
            tensors.append(item.astype("int64"))
            dims.append(view_dim)
            view_dim += 1
        elif item is None:
            basic.append(None)
            view_dim += 1
        elif isinstance(item, slice):
            basic.append(item)
            view_dim += 1
        else:
            basic.append(item)  # an int: removes the dim
    return tuple(basic), dims, tensors


def _gather_layout(view, dims, tensors):
    """The view with advanced dims first, the coordinates, and where the
    gathered dims go in the result."""
    try:
        shape = list(np.broadcast_shapes(*[tuple(t.shape) for t in tensors]))
    except ValueError:
        raise IndexError(f"[getitem] index shapes {[t.shape for t in tensors]} cannot be broadcast together") from None
    coords = paddle.stack([paddle.broadcast_to(t, shape) for t in tensors], axis=-1)
    rest = [d for d in range(len(view.shape)) if d not in dims]
    perm = dims + rest
    front = view if perm == list(range(len(perm))) else view.transpose(perm)
    adjacent = dims == list(range(dims[0], dims[0] + len(dims)))
    position = dims[0] if adjacent else 0
    return front, coords, len(shape), position


def _move_block(t, start, count, to):
    """Moves dims [start, start+count) of t to position `to`."""
    if start == to:
        return t
    order = [d for d in range(len(t.shape)) if not start <= d < start + count]
    block = list(range(start, start + count))
    return t.transpose(order[:to] + block + order[to:])


def advanced_getitem(x, index):
    basic, dims, tensors = _plan(x, index)
    view = x[basic]
    if not tensors:
        return view
    front, coords, batch_rank, position = _gather_layout(view, dims, tensors)
    out = paddle.gather_nd(front, coords)
    return _move_block(out, 0, batch_rank, position)


def recorded_setitem(x, index, value):
    """x[index] = value while gradients are recorded (Note [In-place updates]):
    value's gradient is the gradient at the positions written, x's old
    values get none there."""
    from paddle.tensor.inplace import update

    def compute(alias):
        with paddle.no_grad():
            positions = paddle.arange(alias.size, dtype="int64").reshape(alias.shape)[index]
        v = value
        if not isinstance(v, Tensor):
            v = paddle.to_tensor(_rectangular("setitem", "the value", v), dtype=alias.dtype)
        if v.dtype != alias.dtype:
            v = v.astype(alias.dtype)
        v = paddle.broadcast_to(v, positions.shape)
        written = _C_ops.put_along_axis(alias.reshape([-1]), positions.reshape([-1]), v.reshape([-1]), 0, "assign")
        return written.reshape(alias.shape)

    update("setitem", x, compute)


def advanced_setitem(x, index, value):
    basic, dims, tensors = _plan(x, index)
    with paddle.no_grad():
        front, coords, batch_rank, position = _gather_layout(x[basic], dims, tensors)
        gathered = list(coords.shape[:-1]) + list(front.shape[coords.shape[-1]:])
        batch, rest = gathered[:batch_rank], gathered[batch_rank:]
        if not isinstance(value, Tensor):
            value = paddle.to_tensor(_rectangular("setitem", "the value", value), dtype=x.dtype)
        if value.dtype != x.dtype:
            value = value.astype(x.dtype)
        value = paddle.broadcast_to(value, rest[:position] + batch + rest[position:])
        value = _move_block(value, position, batch_rank, 0)
        front[...] = _C_ops.put_nd(front, coords, value, False)
