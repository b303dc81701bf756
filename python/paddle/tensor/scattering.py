"""Reading and writing at positions, composed from the ops: take,
index_sample, argwhere, index_fill, masked_scatter, scatter_add,
scatter_reduce, the region writers select_scatter / slice_scatter /
diagonal_scatter / fill_diagonal_tensor, multiplex, shard_index, increment,
crop and reduce_as.

The region writers put values at the flat positions of a region of x (a
slice of ``arange(x.size)`` laid out as x), so one differentiable put serves
every region: the values get the gradient at their positions, x elsewhere."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops


def _positions(x: Tensor) -> Tensor:
    return paddle.arange(x.size, dtype="int64").reshape(x.shape)


def _write_region(op: str, x: Tensor, region: Tensor, values) -> Tensor:
    """x with values (broadcast to region's shape) at the flat positions `region`."""
    if not isinstance(values, Tensor):
        values = paddle.full([], values, x.dtype)
    if values.dtype != x.dtype:
        values = values.astype(x.dtype)
    try:
        values = paddle.broadcast_to(values, region.shape)
    except ValueError:
        raise ValueError(f"[{op}] the values of shape {list(values.shape)} do not fit the region of shape "
                         f"{list(region.shape)}") from None
    flat = _C_ops.put_along_axis(x.reshape([-1]), region.reshape([-1]), values.reshape([-1]), 0, "assign")
    return flat.reshape(x.shape)


def take(x, index, mode="raise", name=None) -> Tensor:
    """x's elements at the flat (row-major) positions `index`, shaped like
    index; mode 'raise' refuses positions outside [-size, size), 'wrap'
    wraps them, 'clip' clamps them to [0, size - 1].

    Examples:
        >>> import paddle
        >>> paddle.take(paddle.to_tensor([[1, 2], [3, 4]]), paddle.to_tensor([0, -1])).tolist()
        [1, 4]
    """
    check.tensor("take", x)
    check.tensor("take", index, "index")
    check.choice("take", mode, ("raise", "wrap", "clip"), "mode")
    size = x.size
    index = index.astype("int64")
    if mode == "raise":
        if index.size and (int(index.max()) >= size or int(index.min()) < -size):
            raise IndexError(f"[take] index out of range for a tensor of {size} elements: expected positions in "
                             f"[{-size}, {size}), but got [{int(index.min())}, {int(index.max())}]")
        index = paddle.where(index < 0, index + size, index)
    elif mode == "wrap":
        index = index % size
    else:
        index = paddle.clip(index, 0, size - 1)
    return paddle.gather(x.reshape([-1]), index.reshape([-1])).reshape(index.shape)


def index_sample(x, index) -> Tensor:
    """Row i of the result is x[i, index[i]], for x [N, M] and index [N, K].

    Examples:
        >>> import paddle
        >>> paddle.index_sample(paddle.to_tensor([[1, 2, 3], [4, 5, 6]]), paddle.to_tensor([[2, 0], [1, 1]])).tolist()
        [[3, 1], [5, 5]]
    """
    check.tensor("index_sample", x)
    check.tensor("index_sample", index, "index")
    if len(x.shape) != 2 or len(index.shape) != 2 or index.shape[0] != x.shape[0]:
        raise ValueError(f"[index_sample] expected x [N, M] and index [N, K], but got {list(x.shape)} and {list(index.shape)}")
    return paddle.take_along_axis(x, index.astype("int64"), 1)


def argwhere(input, name=None) -> Tensor:  # noqa: A002  (Paddle's name)
    """The [N, input.ndim] int64 coordinates of input's nonzero elements, in row-major order."""
    check.tensor("argwhere", input, "input")
    return paddle.nonzero(input)


def index_fill(x, index, axis, value, name=None) -> Tensor:
    """x with the slices `index` along `axis` set to `value` (a number or a 0-D tensor).

    Examples:
        >>> import paddle
        >>> paddle.index_fill(paddle.zeros([2, 3]), paddle.to_tensor([0, 2]), 1, 7.0).tolist()
        [[7.0, 0.0, 7.0], [7.0, 0.0, 7.0]]
    """
    check.tensor("index_fill", x)
    check.tensor("index_fill", index, "index")
    axis = check.axis("index_fill", axis, len(x.shape))
    region = paddle.index_select(_positions(x), index.reshape([-1]).astype("int64"), axis)
    return _write_region("index_fill", x, region, value)


def masked_scatter(x, mask, value, name=None) -> Tensor:
    """x with its elements where mask (broadcast to x) is True replaced, in
    row-major order, by value's first elements.

    Examples:
        >>> import paddle
        >>> x = paddle.zeros([2, 2])
        >>> paddle.masked_scatter(x, paddle.to_tensor([[True, False], [True, True]]), paddle.to_tensor([1.0, 2.0, 3.0, 4.0])).tolist()
        [[1.0, 0.0], [2.0, 3.0]]
    """
    check.tensor("masked_scatter", x)
    check.tensor("masked_scatter", mask, "mask")
    check.tensor("masked_scatter", value, "value")
    mask = paddle.broadcast_to(mask, x.shape)
    region = paddle.masked_select(_positions(x), mask)
    if value.size < region.size:
        raise ValueError(f"[masked_scatter] value has {value.size} elements, but the mask selects {region.size}")
    return _write_region("masked_scatter", x, region, value.reshape([-1])[:region.size])


def scatter_add(input, dim, index, src) -> Tensor:  # noqa: A002  (Paddle's names)
    """input with src[i][j] added at input[index[i][j]][j] (dim 0; likewise along any dim).

    Examples:
        >>> import paddle
        >>> paddle.scatter_add(paddle.zeros([3]), 0, paddle.to_tensor([0, 0, 2]), paddle.to_tensor([1.0, 2.0, 3.0])).tolist()
        [3.0, 0.0, 3.0]
    """
    return scatter_reduce(input, dim, index, src, "sum")


_IDENTITIES = {"sum": 0.0, "mean": 0.0, "prod": 1.0, "amin": float("inf"), "amax": float("-inf")}


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True) -> Tensor:  # noqa: A002
    """input with src's elements reduced ('sum', 'prod', 'mean', 'amin', 'amax')
    into the positions index names along `dim` (index and src of one shape),
    with input's own value taking part when include_self.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0, 3.0])
        >>> paddle.scatter_reduce(x, 0, paddle.to_tensor([0, 0, 2]), paddle.to_tensor([5.0, 7.0, 1.0]), "amax").tolist()
        [7.0, 2.0, 3.0]
    """
    check.tensor("scatter_reduce", input, "input")
    check.tensor("scatter_reduce", index, "index")
    check.tensor("scatter_reduce", src, "src")
    check.choice("scatter_reduce", reduce, tuple(_IDENTITIES), "reduce")
    dim = check.axis("scatter_reduce", dim, len(input.shape), "dim")
    if list(index.shape) != list(src.shape):
        raise ValueError(f"[scatter_reduce] index {list(index.shape)} and src {list(src.shape)} must have one shape")
    index, src = index.astype("int64"), src.astype(input.dtype)
    out = input
    if not include_self:  # the positions written start from the reduction's identity
        out = paddle.put_along_axis(out, index, paddle.full(index.shape, _IDENTITIES[reduce], input.dtype), dim,
                                    broadcast=False)
    if reduce in ("sum", "mean"):
        out = paddle.put_along_axis(out, index, src, dim, "add", broadcast=False)
        if reduce == "mean":
            counts = paddle.put_along_axis(paddle.full(input.shape, 1.0 if include_self else 0.0, input.dtype), index,
                                           paddle.ones(index.shape, input.dtype), dim, "add", broadcast=False)
            written = paddle.put_along_axis(paddle.zeros(input.shape, "bool"), index, paddle.ones(index.shape, "bool"),
                                            dim, broadcast=False)
            mean = out / paddle.maximum(counts, paddle.ones_like(counts))
            out = paddle.where(written, mean.astype(input.dtype) if not paddle.is_floating_point(input) else mean, out)
        return out
    combine = {"prod": paddle.multiply, "amin": paddle.minimum, "amax": paddle.maximum}[reduce]
    # one step per position along dim: within a step every target is written at most once
    for k in range(index.shape[dim]):
        at = paddle.slice(index, [dim], [k], [k + 1])
        current = paddle.take_along_axis(out, at, dim, broadcast=False)
        out = paddle.put_along_axis(out, at, combine(current, paddle.slice(src, [dim], [k], [k + 1])), dim,
                                    broadcast=False)
    return out


def select_scatter(x, values, axis, index, name=None) -> Tensor:
    """x with its slice `index` along `axis` replaced by values (that slice's shape)."""
    check.tensor("select_scatter", x)
    check.tensor("select_scatter", values, "values")
    axis = check.axis("select_scatter", axis, len(x.shape))
    index = check.integer("select_scatter", index, "index")
    size = x.shape[axis]
    if not -size <= index < size:
        raise IndexError(f"[select_scatter] index {index} is out of range for axis {axis} of size {size}")
    region = paddle.index_select(_positions(x), paddle.to_tensor([index % size]), axis).squeeze(axis)
    return _write_region("select_scatter", x, region, values)


def slice_scatter(x, value, axes, starts, ends, strides, name=None) -> Tensor:
    """x with the strided slice (axes, starts, ends, strides) replaced by value.

    Examples:
        >>> import paddle
        >>> paddle.slice_scatter(paddle.zeros([2, 4]), paddle.ones([2, 2]), [1], [0], [4], [2]).tolist()
        [[1.0, 0.0, 1.0, 0.0], [1.0, 0.0, 1.0, 0.0]]
    """
    check.tensor("slice_scatter", x)
    region = paddle.strided_slice(_positions(x), axes, starts, ends, strides)
    return _write_region("slice_scatter", x, region, value)


def diagonal_scatter(x, y, offset=0, axis1=0, axis2=1, name=None) -> Tensor:
    """x with its diagonal (offset, in the planes of axis1 and axis2) replaced by y (that diagonal's shape).

    Examples:
        >>> import paddle
        >>> paddle.diagonal_scatter(paddle.zeros([2, 3]), paddle.to_tensor([7.0, 8.0]), 1).tolist()
        [[0.0, 7.0, 0.0], [0.0, 0.0, 8.0]]
    """
    check.tensor("diagonal_scatter", x)
    region = paddle.diagonal(_positions(x), offset, axis1, axis2)
    return _write_region("diagonal_scatter", x, region, y)


def fill_diagonal_tensor(x, y, offset=0, dim1=0, dim2=1, name=None) -> Tensor:
    """x with its diagonal (offset, in the planes of dim1 and dim2) set to y; as diagonal_scatter."""
    return diagonal_scatter(x, y, offset, dim1, dim2)


def multiplex(inputs, index, name=None) -> Tensor:
    """Row i of the result is row i of inputs[index[i]] (index [N, 1] int)."""
    if not isinstance(inputs, (list, tuple)) or len(inputs) < 1:
        raise TypeError(f"[multiplex] argument 'inputs': expected a list of Tensors, but got {type(inputs).__name__}")
    check.tensor("multiplex", index, "index")
    for i, t in enumerate(inputs):
        check.tensor("multiplex", t, f"inputs[{i}]")
        if len(t.shape) < 2:
            raise ValueError(f"[multiplex] argument 'inputs[{i}]': expected a tensor of at least 2 dims, but got "
                             f"shape {list(t.shape)}")
    stacked = paddle.stack(list(inputs), axis=0)
    rows = index.reshape([-1]).astype("int64")
    if rows.shape[0] != stacked.shape[1]:
        raise ValueError(f"[multiplex] index has {rows.shape[0]} rows, but the inputs have {stacked.shape[1]}")
    picked = paddle.take_along_axis(stacked, rows.reshape([1, -1] + [1] * (len(stacked.shape) - 2)), 0)
    return picked.squeeze(0)


def shard_index(input, index_num, nshards, shard_id, ignore_value=-1) -> Tensor:  # noqa: A002
    """Each index of `input` relative to shard `shard_id` of `nshards` equal
    shards of [0, index_num), and ignore_value where it lies in another shard.

    Examples:
        >>> import paddle
        >>> paddle.shard_index(paddle.to_tensor([[1], [6], [12], [19]]), 20, 2, 1).tolist()
        [[-1], [-1], [2], [9]]
    """
    op = "shard_index"
    check.tensor(op, input, "input")
    index_num = check.integer(op, index_num, "index_num", min=1)
    nshards = check.integer(op, nshards, "nshards", min=1)
    shard_id = check.integer(op, shard_id, "shard_id")
    ignore_value = check.integer(op, ignore_value, "ignore_value")
    if not 0 <= shard_id < nshards:
        raise ValueError(f"[{op}] argument 'shard_id': expected an int in [0, {nshards}), but got {shard_id}")
    size = (index_num + nshards - 1) // nshards
    inside = (input // size) == shard_id
    return paddle.where(inside, input % size, paddle.full_like(input, ignore_value))


def increment(x, value=1.0, name=None) -> Tensor:
    """x + value for a one-element x, written into x (as Paddle's increment) and returned."""
    check.tensor("increment", x)
    if x.size != 1:
        raise ValueError(f"[increment] x must have exactly one element, but has shape {list(x.shape)}")
    value = check.number("increment", value, "value")
    from paddle.tensor.inplace import update

    return update("increment", x, lambda alias: alias + value)


def crop(x, shape=None, offsets=None, name=None) -> Tensor:
    """The block of x of `shape` (-1 keeps the rest of that axis) starting at `offsets` (zeros by default)."""
    check.tensor("crop", x)
    rank = len(x.shape)
    shape = list(x.shape) if shape is None else check.int_list("crop", shape, "shape")
    offsets = [0] * rank if offsets is None else check.int_list("crop", offsets, "offsets")
    if len(shape) != rank or len(offsets) != rank:
        raise ValueError(f"[crop] shape {shape} and offsets {offsets} must have one entry per dim of x {list(x.shape)}")
    ends = [x.shape[i] if shape[i] == -1 else offsets[i] + shape[i] for i in range(rank)]
    for i in range(rank):
        if offsets[i] < 0 or ends[i] > x.shape[i]:
            raise ValueError(f"[crop] the block at offsets {offsets} of shape {shape} does not fit in x {list(x.shape)}")
    return paddle.slice(x, list(range(rank)), offsets, ends)


def reduce_as(x, target, name=None) -> Tensor:
    """x summed over the axes broadcasting added to target's shape, giving target's shape.

    Examples:
        >>> import paddle
        >>> paddle.reduce_as(paddle.ones([2, 3]), paddle.zeros([3])).tolist()
        [2.0, 2.0, 2.0]
    """
    check.tensor("reduce_as", x)
    check.tensor("reduce_as", target, "target")
    lead = len(x.shape) - len(target.shape)
    if lead < 0 or paddle.broadcast_shape(x.shape, target.shape) != list(x.shape):
        raise ValueError(f"[reduce_as] x {list(x.shape)} is not target {list(target.shape)} broadcast")
    out = x.sum(list(range(lead))) if lead else x
    kept = [i for i, d in enumerate(target.shape) if d == 1 and out.shape[i] != 1]
    return out.sum(kept, keepdim=True) if kept else out
