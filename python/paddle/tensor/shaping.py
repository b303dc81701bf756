"""Arranging tensors, composed from the ops: broadcast_shape(s) and
broadcast_tensors, atleast_Nd, the h/v/d stacks and splits, unstack, rot90,
narrow, unflatten, diag_embed, vander, tril/triu_indices, cartesian_prod
and combinations."""

from __future__ import annotations

import itertools
import math

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle._signature import aliases


def _tensors(op: str, x, arg: str = "x") -> list:
    if isinstance(x, Tensor) or not isinstance(x, (list, tuple)):
        raise TypeError(f"[{op}] argument '{arg}': expected a list or tuple of Tensors, but got {type(x).__name__}")
    for i, t in enumerate(x):
        check.tensor(op, t, f"{arg}[{i}]")
    if not x:
        raise ValueError(f"[{op}] argument '{arg}': expected at least one Tensor, but got none")
    return list(x)


def broadcast_shapes(*shapes) -> list:
    """The shape all `shapes` broadcast to (NumPy's rules).

    Examples:
        >>> import paddle
        >>> paddle.broadcast_shapes([2, 1], [3], [1, 1, 1])
        [1, 2, 3]
    """
    shapes = [check.int_list("broadcast_shapes", s, "shapes") for s in shapes]
    try:
        return list(np.broadcast_shapes(*[tuple(s) for s in shapes]))
    except ValueError:
        raise ValueError(f"[broadcast_shapes] the shapes {[list(s) for s in shapes]} do not broadcast") from None


def broadcast_shape(x_shape, y_shape) -> list:
    """The shape x_shape and y_shape broadcast to."""
    return broadcast_shapes(x_shape, y_shape)


def broadcast_tensors(input, name=None) -> list:  # noqa: A002  (Paddle's name)
    """Each tensor broadcast to the shape all of them broadcast to.

    Examples:
        >>> import paddle
        >>> [t.shape for t in paddle.broadcast_tensors([paddle.ones([2, 1]), paddle.ones([3])])]
        [paddle.Size([2, 3]), paddle.Size([2, 3])]
    """
    tensors = _tensors("broadcast_tensors", input, "input")
    shape = broadcast_shapes(*[t.shape for t in tensors])
    return [t if list(t.shape) == shape else paddle.broadcast_to(t, shape) for t in tensors]


def _atleast(op: str, rank: int, inputs):
    def lift(t):
        check.tensor(op, t, "inputs")
        shape = list(t.shape)
        if len(shape) >= rank:
            return t
        if rank == 3 and len(shape) == 2:
            return t.unsqueeze(-1)
        if rank == 3 and len(shape) == 1:
            return t.reshape([1, shape[0], 1])
        return t.reshape([1] * (rank - len(shape)) + shape)

    lifted = [lift(t) for t in inputs]
    return lifted[0] if len(lifted) == 1 else lifted


def atleast_1d(*inputs, name=None):
    """Each input with at least 1 dim (a 0-D tensor becomes shape [1]); one input gives a tensor, several a list."""
    return _atleast("atleast_1d", 1, inputs)


def atleast_2d(*inputs, name=None):
    """Each input with at least 2 dims (shape [n] becomes [1, n])."""
    return _atleast("atleast_2d", 2, inputs)


def atleast_3d(*inputs, name=None):
    """Each input with at least 3 dims (shape [n] becomes [1, n, 1], [m, n] becomes [m, n, 1]), as NumPy's."""
    return _atleast("atleast_3d", 3, inputs)


def hstack(x, name=None) -> Tensor:
    """The tensors joined along axis 1 (axis 0 for 1-D ones)."""
    tensors = _atleast("hstack", 1, _tensors("hstack", x))
    tensors = tensors if isinstance(tensors, list) else [tensors]
    return paddle.concat(tensors, axis=0 if len(tensors[0].shape) == 1 else 1)


def vstack(x, name=None) -> Tensor:
    """The tensors, each made at least 2-D, joined along axis 0.

    Examples:
        >>> import paddle
        >>> paddle.vstack([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).tolist()
        [[1, 2], [3, 4]]
    """
    tensors = _atleast("vstack", 2, _tensors("vstack", x))
    return paddle.concat(tensors if isinstance(tensors, list) else [tensors], axis=0)


row_stack = vstack


def dstack(x, name=None) -> Tensor:
    """The tensors, each made at least 3-D, joined along axis 2."""
    tensors = _atleast("dstack", 3, _tensors("dstack", x))
    return paddle.concat(tensors if isinstance(tensors, list) else [tensors], axis=2)


def column_stack(x, name=None) -> Tensor:
    """The tensors as columns: 1-D ones become [n, 1], then all join along axis 1.

    Examples:
        >>> import paddle
        >>> paddle.column_stack([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).tolist()
        [[1, 3], [2, 4]]
    """
    tensors = _tensors("column_stack", x)
    columns = [t.reshape([-1, 1]) if len(t.shape) <= 1 else t for t in tensors]
    return paddle.concat(columns, axis=1)


def _split_along(op: str, x, num_or_indices, axis: int, min_rank: int) -> list:
    check.tensor(op, x)
    if len(x.shape) < min_rank:
        raise ValueError(f"[{op}] x must have at least {min_rank} dims, but has shape {list(x.shape)}")
    if isinstance(num_or_indices, int) and not isinstance(num_or_indices, bool):
        if num_or_indices <= 0 or x.shape[axis] % num_or_indices:
            raise ValueError(f"[{op}] {num_or_indices} sections do not divide axis {axis} of size "
                             f"{x.shape[axis]} equally")
    return paddle.tensor_split(x, num_or_indices, axis=axis)


def hsplit(x, num_or_indices, name=None) -> list:
    """x split along axis 1 (axis 0 for 1-D x) into equal sections or at indices."""
    check.tensor("hsplit", x)
    return _split_along("hsplit", x, num_or_indices, 0 if len(x.shape) == 1 else 1, 1)


def vsplit(x, num_or_indices, name=None) -> list:
    """x split along axis 0 into equal sections or at indices (x of at least 2 dims)."""
    return _split_along("vsplit", x, num_or_indices, 0, 2)


def dsplit(x, num_or_indices, name=None) -> list:
    """x split along axis 2 into equal sections or at indices (x of at least 3 dims)."""
    return _split_along("dsplit", x, num_or_indices, 2, 3)


def unstack(x, axis=0, num=None) -> list:
    """The slices of x along `axis`, each without that axis.

    Examples:
        >>> import paddle
        >>> [t.tolist() for t in paddle.unstack(paddle.to_tensor([[1, 2], [3, 4]]), axis=1)]
        [[1, 3], [2, 4]]
    """
    check.tensor("unstack", x)
    check.axis("unstack", axis, len(x.shape))
    if num is not None and num != x.shape[axis]:
        raise ValueError(f"[unstack] num ({num}) must equal x.shape[{axis}] ({x.shape[axis]})")
    return paddle.unbind(x, axis)


def rot90(x, k=1, axes=(0, 1), name=None) -> Tensor:
    """x rotated by k quarter turns in the plane of `axes`, from the first axis towards the second.

    Examples:
        >>> import paddle
        >>> paddle.rot90(paddle.to_tensor([[1, 2], [3, 4]])).tolist()
        [[2, 4], [1, 3]]
    """
    check.tensor("rot90", x)
    k = check.integer("rot90", k, "k")
    axes = check.int_list("rot90", axes, "axes")
    rank = len(x.shape)
    if len(axes) != 2 or rank < 2:
        raise ValueError(f"[rot90] expected 2 axes of a tensor of at least 2 dims, but got axes {list(axes)} "
                         f"of shape {list(x.shape)}")
    a, b = (check.axis("rot90", axis, rank) for axis in axes)
    if a == b:
        raise ValueError(f"[rot90] the two axes must differ, but got {list(axes)}")
    k %= 4
    if k == 0:
        return x
    if k == 2:
        return paddle.flip(x, [a, b])
    order = list(range(rank))
    order[a], order[b] = order[b], order[a]
    if k == 1:
        return paddle.transpose(paddle.flip(x, [b]), order)
    return paddle.flip(paddle.transpose(x, order), [b])


def narrow(input, dim, start, length) -> Tensor:  # noqa: A002  (Paddle's name)
    """The elements start .. start + length - 1 of `input` along `dim` (a view).

    Examples:
        >>> import paddle
        >>> paddle.narrow(paddle.arange(5), 0, 1, 3).tolist()
        [1, 2, 3]
    """
    check.tensor("narrow", input, "input")
    dim = check.axis("narrow", dim, len(input.shape))
    size = input.shape[dim]
    start, length = check.integer("narrow", start, "start"), check.integer("narrow", length, "length")
    start = start + size if start < 0 else start
    if not (0 <= start <= size) or length < 0 or start + length > size:
        raise ValueError(f"[narrow] start {start} and length {length} must lie within dim {dim} of size {size}")
    index = [slice(None)] * len(input.shape)
    index[dim] = slice(start, start + length)
    return input[tuple(index)]


@aliases(x="input", axis="dim")
def unflatten(x, axis, shape, name=None) -> Tensor:
    """x with axis `axis` split into `shape` (one entry may be -1).

    Examples:
        >>> import paddle
        >>> paddle.unflatten(paddle.ones([2, 6]), 1, [2, -1]).shape
        paddle.Size([2, 2, 3])
    """
    check.tensor("unflatten", x)
    axis = check.axis("unflatten", axis, len(x.shape))
    shape = check.int_list("unflatten", shape, "shape")
    known = int(np.prod([d for d in shape if d != -1]))
    if shape.count(-1) > 1 or (-1 not in shape and known != x.shape[axis]) or (known and x.shape[axis] % known):
        raise ValueError(f"[unflatten] shape {shape} does not split axis {axis} of size {x.shape[axis]}")
    return x.reshape(list(x.shape[:axis]) + shape + list(x.shape[axis + 1:]))


def diag_embed(input, offset=0, dim1=-2, dim2=-1) -> Tensor:  # noqa: A002
    """A tensor whose diagonals (offset, in the planes of dim1 and dim2) are the last axis of `input`, zeros elsewhere.

    Examples:
        >>> import paddle
        >>> paddle.diag_embed(paddle.to_tensor([[1, 2]])).tolist()
        [[[1, 0], [0, 2]]]
    """
    x = input if isinstance(input, Tensor) else paddle.to_tensor(input)
    if len(x.shape) == 0:
        raise ValueError("[diag_embed] argument 'input': expected a tensor of at least 1 dim, but got a 0-D tensor")
    offset = check.integer("diag_embed", offset, "offset")
    if abs(offset) >= 2**31:
        raise ValueError(f"[diag_embed] argument 'offset': expected |offset| < 2^31, but got {offset}")
    n = x.shape[-1] + abs(offset)
    rank = len(x.shape) + 1
    d1, d2 = check.axis("diag_embed", dim1, rank), check.axis("diag_embed", dim2, rank)
    if d1 == d2:
        raise ValueError(f"[diag_embed] dim1 and dim2 must differ, but both are {d1}")
    rows = np.arange(x.shape[-1]) + max(0, -offset)
    cols = rows + offset
    flat = paddle.to_tensor(rows * n + cols)
    batch = list(x.shape[:-1])
    values = x.reshape([-1, x.shape[-1]])
    out = paddle.zeros([values.shape[0], n * n], x.dtype)
    out = paddle.put_along_axis(out, flat.unsqueeze(0).expand([values.shape[0], -1]), values, 1)
    out = out.reshape(batch + [n, n])
    order = [i for i in range(rank) if i not in (d1, d2)]  # where the batch axes go
    perm = [0] * rank
    for src, dst in enumerate(order + [d1, d2]):
        perm[dst] = src
    return paddle.transpose(out, perm)


def vander(x, n=None, increasing=False, name=None) -> Tensor:
    """The Vandermonde matrix of 1-D x: columns x**(n-1), ..., x**0 (reversed with `increasing`).

    Examples:
        >>> import paddle
        >>> paddle.vander(paddle.to_tensor([1, 2, 3]), 3).tolist()
        [[1, 1, 1], [4, 2, 1], [9, 3, 1]]
    """
    check.tensor("vander", x)
    if len(x.shape) != 1:
        raise ValueError(f"[vander] x must be 1-D, but has shape {list(x.shape)}")
    n = x.shape[0] if n is None else check.integer("vander", n, "n")
    if n < 0:
        raise ValueError(f"[vander] n must be >= 0, but got {n}")
    powers = paddle.arange(n, dtype=x.dtype) if increasing else paddle.arange(n - 1, -1, -1, dtype=x.dtype)
    if n == 0:
        return paddle.zeros([x.shape[0], 0], x.dtype)
    return paddle.pow(x.unsqueeze(1), powers.unsqueeze(0))


def _triangle_indices(op: str, row: int, col: int, offset: int, dtype, lower: bool) -> Tensor:
    for arg, v in (("row", row), ("col", col), ("offset", offset)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"[{op}] argument '{arg}': expected an int, but got {type(v).__name__}")
    if row < 0 or col < 0:
        raise ValueError(f"[{op}] row and col must be >= 0, but got {row} and {col}")
    offset = max(-row, min(offset, col))  # a diagonal beyond the matrix takes all of it or none
    # the rows from col - offset on hold nothing of the upper triangle: a tall matrix costs no more
    rows_used = row if lower else min(row, max(col - offset, 0))
    try:
        rows, cols = (np.tril_indices if lower else np.triu_indices)(rows_used, offset, col)
    except (MemoryError, OverflowError, ValueError):
        raise MemoryError(f"[{op}] the indices of a {row} x {col} matrix's triangle do not fit in memory") from None
    return paddle.to_tensor(np.stack([rows, cols]).reshape(2, -1), dtype=dtype)


def tril_indices(row, col, offset=0, dtype="int64") -> Tensor:
    """The [2, N] row/column indices of the lower triangle (diagonal `offset`) of a row x col matrix."""
    return _triangle_indices("tril_indices", row, col, offset, dtype, True)


def triu_indices(row, col=None, offset=0, dtype="int64") -> Tensor:
    """The [2, N] row/column indices of the upper triangle (diagonal `offset`) of a row x col matrix."""
    return _triangle_indices("triu_indices", row, row if col is None else col, offset, dtype, False)


def cartesian_prod(x, name=None) -> Tensor:
    """All combinations of one element from each 1-D tensor, one per row (a 1-D result for one tensor).

    Examples:
        >>> import paddle
        >>> paddle.cartesian_prod([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).tolist()
        [[1, 3], [1, 4], [2, 3], [2, 4]]
    """
    tensors = _tensors("cartesian_prod", x)
    for t in tensors:
        if len(t.shape) != 1:
            raise ValueError(f"[cartesian_prod] every tensor must be 1-D, but got shape {list(t.shape)}")
    if len(tensors) == 1:
        return tensors[0]
    grids = paddle.meshgrid(*tensors)
    return paddle.stack([g.reshape([-1]) for g in grids], axis=1)


def combinations(x, r=2, with_replacement=False, name=None) -> Tensor:
    """The length-r combinations of 1-D x's elements, one per row, in itertools' order.

    Examples:
        >>> import paddle
        >>> paddle.combinations(paddle.to_tensor([1, 2, 3])).tolist()
        [[1, 2], [1, 3], [2, 3]]
    """
    check.tensor("combinations", x)
    if len(x.shape) != 1:
        raise ValueError(f"[combinations] x must be 1-D, but has shape {list(x.shape)}")
    r = check.integer("combinations", r, "r", min=0)
    if r == 0:
        return paddle.zeros([0], x.dtype)
    n = x.shape[0]
    count = math.comb(n + r - 1, r) if with_replacement else math.comb(n, r)
    if count * r >= 2**31:
        raise ValueError(f"[combinations] {count} combinations of {r} of {n} elements are more than this op makes "
                         f"(fewer than 2^31 elements)")
    if count == 0:  # more picks than elements (itertools would still allocate r indices)
        return paddle.zeros([0, r], x.dtype)
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    try:  # under 2^31 elements, but r can still be too long for the tuples itertools makes
        index = np.array(list(pick(range(x.shape[0]), r)), dtype="int64").reshape(-1, r)
    except MemoryError:
        raise MemoryError(f"[combinations] {count} combinations of {r} of {n} elements do not fit in memory") from None
    return paddle.gather(x, paddle.to_tensor(index.reshape(-1))).reshape([-1, r])
