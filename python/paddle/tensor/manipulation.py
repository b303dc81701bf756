"""Manipulation functions composed of the manipulation and index ops:
splitting, tiling, flipping, rolling and moving axes."""

from __future__ import annotations

import itertools
import numbers

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases


def split(x, num_or_sections, axis=0, name=None) -> list:
    """Splits x along axis into num_or_sections equal parts, or parts of the
    given sizes (one size may be -1: the rest).

    Examples:
        >>> import paddle
        >>> a, b = paddle.split(paddle.arange(6), [2, -1])
        >>> a.numpy().tolist(), b.numpy().tolist()
        ([0, 1], [2, 3, 4, 5])
    """
    check.tensor("split", x)
    axis = check.axis("split", axis, len(x.shape))
    n = x.shape[axis]
    if isinstance(num_or_sections, numbers.Integral) and not isinstance(num_or_sections, bool):
        if num_or_sections <= 0 or n % num_or_sections:
            raise ValueError(f"[split] x.shape[{axis}] ({n}) must be divisible by num_or_sections "
                             f"({num_or_sections})")
        try:  # a zero-size dim splits into any number of empty parts, if they fit in memory
            sizes = [n // num_or_sections] * num_or_sections
        except (MemoryError, OverflowError):
            raise MemoryError(f"[split] {num_or_sections} parts of x.shape[{axis}] ({n}) do not fit in memory") from None
    elif isinstance(num_or_sections, (list, tuple)):
        sizes = check.int_list("split", num_or_sections, "num_or_sections")
        if sizes.count(-1) > 1 or any(s < -1 for s in sizes):
            raise ValueError(f"[split] sections may hold one -1 and otherwise sizes >= 0, but got {sizes}")
        if -1 in sizes:
            sizes[sizes.index(-1)] = n - (sum(sizes) + 1)
        if sum(sizes) != n or min(sizes, default=0) < 0:
            raise ValueError(f"[split] sections {list(num_or_sections)} must add up to x.shape[{axis}] ({n})")
    else:
        raise TypeError(f"[split] argument 'num_or_sections': expected an int or a list, but got "
                        f"{type(num_or_sections).__name__}")
    return _C_ops.split(x, sizes, axis)


@aliases(x="input", axis="dim")
def chunk(x, chunks, axis=0, name=None) -> list:
    """Splits x into `chunks` equal parts along axis (x.shape[axis] must divide)."""
    check.integer("chunk", chunks, "chunks")
    return split(x, chunks, axis)


@aliases(axis="dim")
def unbind(input, axis=0) -> list:  # noqa: A002  (Paddle's name)
    """The slices of input along axis, each without that axis.

    Examples:
        >>> import paddle
        >>> [t.numpy().tolist() for t in paddle.unbind(paddle.to_tensor([[1, 2], [3, 4]]), axis=1)]
        [[1, 3], [2, 4]]
    """
    check.tensor("unbind", input, "input")
    axis = check.axis("unbind", axis, len(input.shape))
    return [paddle.squeeze(p, [axis]) for p in split(input, input.shape[axis], axis)] if input.shape[axis] else []


@aliases(x="input", repeat_times="dims")
def tile(x, repeat_times, name=None) -> Tensor:
    """x repeated repeat_times[i] times along dim i (leading dims added as needed).

    Examples:
        >>> import paddle
        >>> paddle.tile(paddle.to_tensor([1, 2]), [2, 2]).numpy().tolist()
        [[1, 2, 1, 2], [1, 2, 1, 2]]
    """
    check.tensor("tile", x)
    reps = check.int_list("tile", repeat_times, "repeat_times")
    if any(r < 0 for r in reps):
        raise ValueError(f"[tile] repeat_times must be >= 0, but got {reps}")
    rank = max(len(reps), len(x.shape))
    reps = [1] * (rank - len(reps)) + reps
    shape = [1] * (rank - len(x.shape)) + list(x.shape)
    if any(s < 0 for s in shape):  # a static program's dims the run decides: copies joined along each dim
        out = paddle.unsqueeze(x, list(range(rank - len(x.shape)))) if rank > len(x.shape) else x
        for axis, r in enumerate(reps):
            if r != 1:
                out = paddle.concat([out] * r, axis=axis) if r else paddle.slice(out, [axis], [0], [0])
        return out
    interleaved = []
    for s in shape:
        interleaved += [1, s]
    expanded = paddle.broadcast_to(x.reshape(interleaved),
                                   [v for r, s in zip(reps, shape) for v in (r, s)])
    return expanded.reshape([r * s for r, s in zip(reps, shape)])


def flip(x, axis, name=None) -> Tensor:
    """x with the order of elements reversed along the given axes.

    Examples:
        >>> import paddle
        >>> paddle.flip(paddle.to_tensor([[1, 2], [3, 4]]), [0, 1]).numpy().tolist()
        [[4, 3], [2, 1]]
    """
    check.tensor("flip", x)
    return _C_ops.flip(x, check.axes("flip", axis, len(x.shape)))


def roll(x, shifts, axis=None, name=None) -> Tensor:
    """x shifted circularly by `shifts` along axis (of the flattened x when axis is None).

    Examples:
        >>> import paddle
        >>> paddle.roll(paddle.to_tensor([1, 2, 3, 4]), 1).numpy().tolist()
        [4, 1, 2, 3]
    """
    check.tensor("roll", x)
    shifts = check.int_list("roll", shifts, "shifts", allow_int=True)
    axes = [] if axis is None else [check.axis("roll", a, len(x.shape))
                                    for a in check.int_list("roll", axis, "axis", allow_int=True)]
    if len(shifts) != max(len(axes), 1):
        raise ValueError(f"[roll] shifts ({len(shifts)}) and axis ({len(axes)}) must have the same length")
    return _C_ops.roll(x, shifts, axes)


def moveaxis(x, source, destination, name=None) -> Tensor:
    """x with the axes `source` moved to positions `destination` (others keep their order)."""
    check.tensor("moveaxis", x)
    rank = len(x.shape)
    src = check.int_list("moveaxis", source, "source", allow_int=True)
    dst = check.int_list("moveaxis", destination, "destination", allow_int=True)
    if len(src) != len(dst):
        raise ValueError(f"[moveaxis] source and destination must have the same length, but got {src} and {dst}")
    src = [check.axis("moveaxis", a, rank, "source") for a in src]
    dst = [check.axis("moveaxis", a, rank, "destination") for a in dst]
    if len(set(src)) != len(src) or len(set(dst)) != len(dst):
        raise ValueError("[moveaxis] source and destination must not repeat an axis")
    order = [a for a in range(rank) if a not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return paddle.transpose(x, order)


def t(input, name=None) -> Tensor:  # noqa: A002
    """The transpose of a tensor of at most 2 dims."""
    check.tensor("t", input, "input")
    if len(input.shape) > 2:
        raise ValueError(f"[t] input must have at most 2 dims, but got shape {list(input.shape)}")
    return input if len(input.shape) < 2 else paddle.transpose(input, [1, 0])


@aliases(x="input", axis="dim")
def repeat_interleave(x, repeats, axis=None, name=None, *, output_size=None) -> Tensor:
    """Each element repeated `repeats` times (an int, or a 1-D tensor with a
    count per element) along axis (of the flattened x when axis is None).
    `output_size`, when given, is the length of the result along axis (the
    sum of the counts), which must match.

    Examples:
        >>> import paddle
        >>> paddle.repeat_interleave(paddle.to_tensor([1, 2]), 2).numpy().tolist()
        [1, 1, 2, 2]
    """
    check.tensor("repeat_interleave", x)
    if axis is None:
        x, axis = x.reshape([-1]), 0
    axis = check.axis("repeat_interleave", axis, len(x.shape))
    n = x.shape[axis]
    import numpy as np

    counts = repeats.tolist() if isinstance(repeats, Tensor) else repeats
    if isinstance(counts, numbers.Integral) and not isinstance(counts, bool):
        counts = [int(counts)] * n
    if not isinstance(counts, (list, tuple)) or len(counts) != n or \
            not all(isinstance(c, numbers.Integral) and not isinstance(c, bool) and c >= 0 for c in counts):
        raise ValueError(f"[repeat_interleave] repeats must be ints >= 0, one per element ({n}), but got {repeats!r}")
    try:
        index = np.repeat(np.arange(n, dtype=np.int64), np.asarray(counts, dtype=np.int64))
    except (OverflowError, MemoryError, ValueError):
        raise ValueError(f"[repeat_interleave] repeats {list(counts)} give more elements than memory holds") from None
    if output_size is not None and check.integer("repeat_interleave", output_size, "output_size") != len(index):
        # as Paddle checks it for a tensor of counts (for an int count its kernel reads past the data)
        raise ValueError(f"[repeat_interleave] argument 'output_size': expected the sum of repeats ({len(index)}), "
                         f"but got {output_size}")
    return paddle.index_select(x, paddle.to_tensor(index), axis)


def strided_slice(x, axes, starts, ends, strides, name=None) -> Tensor:
    """x[starts:ends:strides] along axes, with Python's slicing rules (negative
    positions count from the end, out-of-range ones are clamped, a negative
    stride walks backward); a view of x.

    Examples:
        >>> import paddle
        >>> x = paddle.arange(6).reshape([2, 3])
        >>> paddle.strided_slice(x, axes=[1], starts=[-1], ends=[-4], strides=[-2]).numpy().tolist()
        [[2, 0], [5, 3]]
    """
    check.tensor("strided_slice", x)
    axes, starts = check.int_list("strided_slice", axes, "axes"), check.int_list("strided_slice", starts, "starts")
    ends, strides = check.int_list("strided_slice", ends, "ends"), check.int_list("strided_slice", strides, "strides")
    if not len(axes) == len(starts) == len(ends) == len(strides):
        raise ValueError(f"[strided_slice] axes, starts, ends and strides must have one length, but got "
                         f"{len(axes)}, {len(starts)}, {len(ends)} and {len(strides)}")
    index = [slice(None)] * len(x.shape)
    for axis, start, end, stride in zip(axes, starts, ends, strides):
        if stride == 0:
            raise ValueError(f"[strided_slice] strides must not be 0 (axis {axis})")
        index[check.axis("strided_slice", axis, len(x.shape))] = slice(start, end, stride)
    return x[tuple(index)]


def numel(x, name=None) -> Tensor:
    """The number of elements of x as an int64 0-D tensor."""
    check.tensor("numel", x)
    return paddle.to_tensor(x.size, dtype="int64")


def shape(input) -> Tensor:  # noqa: A002
    """The shape of input as an int64 1-D tensor; in a static program, its dims when the program runs (-1 dims
    included)."""
    check.tensor("shape", input, "input")
    return _C_ops.shape64(input)


def rank(input) -> Tensor:  # noqa: A002
    """The number of dims of input as an int32 0-D tensor."""
    check.tensor("rank", input, "input")
    return paddle.to_tensor(len(input.shape), dtype="int32")


@aliases(x="input", axis="dim", num_or_indices=("indices", "sections"))
def tensor_split(x, num_or_indices, axis=0, name=None) -> list:
    """Splits x along `axis` as numpy.array_split does: into `num_or_indices`
    parts (the first x.shape[axis] % n of them one longer), or at the given
    indices (each part a slice ``x[i:j]``; negative indices count from the
    end). The parts are views of x.

    Examples:
        >>> import paddle
        >>> [t.tolist() for t in paddle.tensor_split(paddle.arange(7), 3)]
        [[0, 1, 2], [3, 4], [5, 6]]
        >>> [t.tolist() for t in paddle.tensor_split(paddle.arange(7), [2, 5])]
        [[0, 1], [2, 3, 4], [5, 6]]
    """
    op = "tensor_split"
    check.tensor(op, x)
    if len(x.shape) == 0:
        raise ValueError(f"[{op}] argument 'x': expected a tensor of at least 1 dimension, but got a 0-D one")
    axis = check.axis(op, axis, len(x.shape))
    n = x.shape[axis]
    if isinstance(num_or_indices, numbers.Integral) and not isinstance(num_or_indices, bool):
        parts = int(num_or_indices)
        if parts < 1:
            raise ValueError(f"[{op}] argument 'num_or_indices': expected a number of parts >= 1, but got {parts}")
        try:  # a short axis splits into any number of parts (most of them empty), if they fit in memory
            sizes = [n // parts + 1] * (n % parts) + [n // parts] * (parts - n % parts)
            bounds = list(itertools.accumulate(sizes, initial=0))
            slices = [slice(bounds[i], bounds[i + 1]) for i in range(parts)]
        except (MemoryError, OverflowError):
            raise MemoryError(f"[{op}] {parts} parts of x.shape[{axis}] ({n}) do not fit in memory") from None
    elif isinstance(num_or_indices, (list, tuple)):
        indices = check.int_list(op, num_or_indices, "num_or_indices")
        edges = [None, *indices, None]
        slices = [slice(edges[i], edges[i + 1]) for i in range(len(indices) + 1)]
    else:
        raise TypeError(f"[{op}] argument 'num_or_indices': expected an int or a list of ints, but got "
                        f"{type(num_or_indices).__name__}")
    lead = (slice(None),) * axis
    return [x[lead + (s,)] for s in slices]


def block_diag(inputs, name=None) -> Tensor:
    """The block-diagonal matrix of `inputs` (0-D, 1-D or 2-D tensors of one
    dtype; a 0-D tensor is a 1x1 block, a 1-D one a row), zeros elsewhere.

    Examples:
        >>> import paddle
        >>> paddle.block_diag([paddle.ones([1, 2]), paddle.full([2, 1], 2.0)]).tolist()
        [[1.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 2.0]]
    """
    op = "block_diag"
    if not isinstance(inputs, (list, tuple)) or not inputs:
        raise TypeError(f"[{op}] argument 'inputs': expected a non-empty list of Tensors, but got {check.got(inputs)}")
    blocks = []
    for i, t in enumerate(inputs):
        check.tensor(op, t, f"inputs[{i}]")
        if len(t.shape) > 2:
            raise ValueError(f"[{op}] argument 'inputs[{i}]': expected a 0-D, 1-D or 2-D tensor, but got shape "
                             f"{list(t.shape)}")
        if t.dtype != inputs[0].dtype:
            raise TypeError(f"[{op}] argument 'inputs[{i}]': expected dtype {inputs[0].dtype} like inputs[0], but "
                            f"got {t.dtype}")
        blocks.append(t.reshape([1, -1]) if len(t.shape) < 2 else t)
    width = sum(b.shape[1] for b in blocks)
    rows, left = [], 0
    for b in blocks:
        r, c = b.shape
        pieces = [paddle.zeros([r, left], b.dtype), b, paddle.zeros([r, width - left - c], b.dtype)]
        rows.append(paddle.concat(pieces, axis=1))
        left += c
    return paddle.concat(rows, axis=0)
