"""Shape manipulation of sparse tensors: transpose, reshape and slice.

They rewrite the coordinates on the host; the values move with
differentiable ops. A CSR tensor goes through COO and back.
"""

from __future__ import annotations

import math

import numpy as np

import paddle
from paddle import _checks as check
from paddle._signature import aliases
from paddle.sparse import _arguments as arg
from paddle.sparse._rows import gather_rows
from paddle.sparse._structure import host, linear_keys, to_index_tensor, unravel_keys
from paddle.sparse.conversion import coo_to_csr, csr_to_coo
from paddle.sparse.sparse_tensor import SparseCooTensor


def _via_coo(x, coo_op):
    """coo_op on x, converting a CSR x to COO and the result back."""
    if x.format == "coo":
        return coo_op(x)
    return coo_to_csr(coo_op(csr_to_coo(x)))


def transpose(x, perm, name=None):
    """Permutes the dims of the sparse tensor ``x``: dim ``i`` of the result is dim
    ``perm[i]`` of x. A COO tensor permutes its sparse dims among themselves and
    its dense dims among themselves; a CSR tensor takes any permutation of its
    2 or 3 dims.

    Args:
        x (SparseCooTensor|SparseCsrTensor): the input.
        perm (list|tuple): a permutation of ``range(x.ndim)``.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor in x's format.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]).to_sparse_csr()
        >>> paddle.sparse.transpose(x, [1, 0]).to_dense().numpy().tolist()
        [[0.0, 2.0], [1.0, 0.0], [0.0, 3.0]]
    """
    arg.sparse("transpose", x)
    perm = check.int_list("transpose", perm, "perm")
    if sorted(perm) != list(range(x.ndim)):
        raise ValueError(f"[transpose] argument 'perm': expected a permutation of {list(range(x.ndim))}, but got "
                         f"{perm}")

    def transpose_coo(coo: SparseCooTensor) -> SparseCooTensor:
        sparse_dim = coo.sparse_dim()
        if sorted(perm[:sparse_dim]) != list(range(sparse_dim)):
            raise ValueError(f"[transpose] argument 'perm': expected the sparse dims {list(range(sparse_dim))} "
                             f"first (a COO tensor keeps its sparse and dense dims apart), but got {perm}")
        values = coo.values()
        if coo.dense_dim():
            values = values.transpose([0] + [p - sparse_dim + 1 for p in perm[sparse_dim:]])
        indices = to_index_tensor(host(coo.indices())[perm[:sparse_dim]], values)
        keeps_order = perm[:sparse_dim] == list(range(sparse_dim))
        return SparseCooTensor(indices, values, [coo.shape[p] for p in perm], coo.is_coalesced() and keeps_order)

    return _via_coo(x, transpose_coo)


def _resolved_shape(shape: list[int], old_shape: list[int]) -> list[int]:
    """`shape` with 0 (keep the dim at that position) and one -1 (infer it) resolved."""
    shape = [old_shape[i] if d == 0 and i < len(old_shape) else d for i, d in enumerate(shape)]
    if shape.count(-1) > 1 or any(d < -1 for d in shape):
        raise ValueError(f"[reshape] argument 'shape': expected sizes >= 0 with at most one -1, but got {shape}")
    if -1 in shape:
        known = math.prod(d for d in shape if d != -1)
        if known == 0 or math.prod(old_shape) % known:
            raise ValueError(f"[reshape] argument 'shape': cannot infer -1 in {shape} for {math.prod(old_shape)} "
                             f"elements (shape {old_shape})")
        shape[shape.index(-1)] = math.prod(old_shape) // known
    return shape


@aliases(x="input")
def reshape(x, shape, name=None):
    """Gives the sparse tensor ``x`` a new shape with the same number of elements
    (0 keeps a dim, one -1 is inferred). A COO tensor reshapes its sparse dims
    and keeps its dense dims, which must end the new shape; a CSR tensor takes
    a 2-D or 3-D shape.

    Args:
        x (SparseCooTensor|SparseCsrTensor): the input.
        shape (list|tuple): the new shape.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor in x's format.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]).to_sparse_coo(2)
        >>> paddle.sparse.reshape(x, [3, -1]).to_dense().numpy().tolist()
        [[0.0, 1.0], [0.0, 2.0], [0.0, 3.0]]
    """
    arg.sparse("reshape", x)
    shape = _resolved_shape(check.int_list("reshape", shape, "shape"), list(x.shape))
    if math.prod(shape) != math.prod(x.shape):
        raise ValueError(f"[reshape] argument 'shape': expected {math.prod(x.shape)} elements (shape "
                         f"{list(x.shape)}), but got shape {shape}")
    if x.format == "csr" and len(shape) not in (2, 3):
        raise ValueError(f"[reshape] argument 'shape': expected a 2-D or 3-D shape for a CSR tensor, but got {shape}")

    def reshape_coo(coo: SparseCooTensor) -> SparseCooTensor:
        dense_shape = list(coo.shape[coo.sparse_dim():])
        sparse_shape = shape[:len(shape) - len(dense_shape)]
        if not sparse_shape or shape[len(sparse_shape):] != dense_shape:
            raise ValueError(f"[reshape] argument 'shape': expected a shape ending with the dense dims {dense_shape} "
                             f"after at least one sparse dim, but got {shape}")
        keys = linear_keys(host(coo.indices()), coo.shape[:coo.sparse_dim()])
        indices = to_index_tensor(unravel_keys(keys, sparse_shape), coo.values())
        return SparseCooTensor(indices, coo.values(), shape, coo.is_coalesced())

    return _via_coo(x, reshape_coo)


def _bounds(starts: list[int], ends: list[int], sizes: list[int]) -> list[tuple[int, int]]:
    """Each (start, end) as paddle.slice reads it: negative counts from the end, clamped to [0, size]."""
    bounds = []
    for start, end, size in zip(starts, ends, sizes):
        start = min(max(start + size if start < 0 else start, 0), size)
        end = min(max(end + size if end < 0 else end, 0), size)
        bounds.append((start, max(end, start)))
    return bounds


def slice(x, axes, starts, ends, name=None):  # noqa: A001
    """The part of the sparse tensor ``x`` with ``starts[i] <= index < ends[i]``
    along each dim ``axes[i]``, as paddle.slice reads them (negative values
    count from the end; bounds are clamped).

    Args:
        x (SparseCooTensor|SparseCsrTensor): the input.
        axes (list|tuple|Tensor): the dims to slice.
        starts (list|tuple|Tensor): the first index kept along each of axes.
        ends (list|tuple|Tensor): one past the last index kept along each of axes.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor in x's format.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]).to_sparse_coo(2)
        >>> paddle.sparse.slice(x, [1], [1], [3]).to_dense().numpy().tolist()
        [[1.0, 0.0], [0.0, 3.0]]
    """
    op = "slice"
    arg.sparse(op, x)
    axes = check.axes(op, check.int_list(op, axes, "axes"), x.ndim, "axes")
    starts, ends = check.int_list(op, starts, "starts"), check.int_list(op, ends, "ends")
    if not len(axes) == len(starts) == len(ends):
        raise ValueError(f"[{op}] arguments 'axes', 'starts', 'ends': expected the same length, but got "
                         f"{len(axes)}, {len(starts)} and {len(ends)}")
    bounds = dict(zip(axes, _bounds(starts, ends, [x.shape[a] for a in axes])))

    def slice_coo(coo: SparseCooTensor) -> SparseCooTensor:
        sparse_dim = coo.sparse_dim()
        coords = host(coo.indices())
        inside = np.ones(coords.shape[1], dtype=bool)
        for axis, (start, end) in bounds.items():
            if axis < sparse_dim:
                inside &= (coords[axis] >= start) & (coords[axis] < end)
                coords[axis] -= start
        kept = np.flatnonzero(inside)
        values = gather_rows(coo.values(), kept)
        for axis, (start, end) in bounds.items():
            if axis >= sparse_dim:
                values = paddle.slice(values, [axis - sparse_dim + 1], [start], [end])
        shape = [bounds[d][1] - bounds[d][0] if d in bounds else n for d, n in enumerate(coo.shape)]
        return SparseCooTensor(to_index_tensor(coords[:, kept], values), values, shape, coo.is_coalesced())

    return _via_coo(x, slice_coo)
