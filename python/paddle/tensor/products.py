"""Sums of products and differences, composed from the ops: trace, diff,
inner, tensordot, and the distances dist, cdist and pdist."""

from __future__ import annotations

import math

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle._signature import aliases, writes_out


@aliases(x="input")
def trace(x, offset=0, axis1=0, axis2=1, name=None) -> Tensor:
    """The sum of the diagonal `offset` of the planes of axis1 and axis2.

    Examples:
        >>> import paddle
        >>> paddle.trace(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])).item()
        5.0
    """
    check.tensor("trace", x)
    return paddle.diagonal(x, offset, axis1, axis2).sum(-1)


@aliases(x="input", axis="dim")
@writes_out
def diff(x, n=1, axis=-1, prepend=None, append=None, name=None) -> Tensor:
    """The n-th forward difference along `axis`, after joining prepend and append.

    Examples:
        >>> import paddle
        >>> paddle.diff(paddle.to_tensor([1, 4, 9, 16]), n=2).tolist()
        [2, 2]
    """
    check.tensor("diff", x)
    axis = check.axis("diff", axis, len(x.shape))
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"[diff] n must be a non-negative int, but got {n!r}")
    parts = [t for t in (prepend, x, append) if t is not None]
    if len(parts) > 1:
        x = paddle.concat(parts, axis=axis)
    for _ in range(n):
        size = x.shape[axis]
        if size == 0:
            break
        x = paddle.slice(x, [axis], [1], [size]) - paddle.slice(x, [axis], [0], [size - 1])
        if x.dtype == paddle.bool:
            x = x != 0
    return x


def inner(x, y, name=None) -> Tensor:
    """Sums of products over the last axes of x and y (x * y for a 0-D one).

    Examples:
        >>> import paddle
        >>> paddle.inner(paddle.to_tensor([[1.0, 2.0]]), paddle.to_tensor([[3.0, 4.0], [5.0, 6.0]])).tolist()
        [[11.0, 17.0]]
    """
    check.tensor("inner", x)
    check.tensor("inner", y, "y")
    if not x.shape or not y.shape:
        return x * y
    if x.shape[-1] != y.shape[-1]:
        raise ValueError(f"[inner] the last dims of x {list(x.shape)} and y {list(y.shape)} must agree")
    return tensordot(x, y, [[len(x.shape) - 1], [len(y.shape) - 1]])


def _contracted_axes(axes, x_rank: int, y_rank: int) -> tuple[list[int], list[int]]:
    if isinstance(axes, Tensor):
        axes = axes.tolist()
    if isinstance(axes, int) and not isinstance(axes, bool):
        if not 0 <= axes <= min(x_rank, y_rank):
            raise ValueError(f"[tensordot] axes {axes} must be in [0, {min(x_rank, y_rank)}]")
        return list(range(x_rank - axes, x_rank)), list(range(axes))
    if not isinstance(axes, (list, tuple)):
        raise TypeError(f"[tensordot] argument 'axes': expected an int or a pair of axis lists, but got "
                        f"{check.got(axes)}")
    axes = list(axes)
    if len(axes) == 1:
        axes = axes * 2
    if len(axes) != 2:
        raise ValueError(f"[tensordot] axes must be an int or a pair of axis lists, but got {axes}")
    x_axes, y_axes = (check.int_list("tensordot", a, "axes", allow_int=True) for a in axes)
    # a shorter list takes the other's trailing entries, as in Paddle
    if len(x_axes) < len(y_axes):
        x_axes = x_axes + y_axes[len(x_axes):]
    elif len(y_axes) < len(x_axes):
        y_axes = y_axes + x_axes[len(y_axes):]
    return ([check.axis("tensordot", a, x_rank, "axes") for a in x_axes],
            [check.axis("tensordot", a, y_rank, "axes") for a in y_axes])


def tensordot(x, y, axes=2, name=None) -> Tensor:
    """Sums of products of x and y over the axes pairs `axes` (the last
    `axes` of x with the first of y, for an int).

    Examples:
        >>> import paddle
        >>> paddle.tensordot(paddle.ones([2, 3, 4]), paddle.ones([3, 4, 5]), 2).shape
        paddle.Size([2, 5])
    """
    check.tensor("tensordot", x)
    check.tensor("tensordot", y, "y")
    x_axes, y_axes = _contracted_axes(axes, len(x.shape), len(y.shape))
    for a, b in zip(x_axes, y_axes):
        if x.shape[a] != y.shape[b]:
            raise ValueError(f"[tensordot] x's axis {a} ({x.shape[a]}) and y's axis {b} ({y.shape[b]}) must agree")
    x_free = [a for a in range(len(x.shape)) if a not in x_axes]
    y_free = [b for b in range(len(y.shape)) if b not in y_axes]
    size = math.prod(x.shape[a] for a in x_axes)
    left = paddle.transpose(x, x_free + x_axes).reshape([-1, size])
    right = paddle.transpose(y, y_axes + y_free).reshape([size, -1])
    return paddle.matmul(left, right).reshape([x.shape[a] for a in x_free] + [y.shape[b] for b in y_free])


def _p_norm(op: str, difference: Tensor, p: float, axis) -> Tensor:
    if isinstance(p, bool) or not isinstance(p, (int, float)) or p < 0:
        raise ValueError(f"[{op}] p must be a number >= 0, but got {p!r}")
    magnitude = paddle.abs(difference)
    if p == 0:
        return (magnitude != 0).astype(difference.dtype).sum(axis)
    if math.isinf(p):
        return magnitude.max(axis)
    if p == 2:
        return paddle.sqrt((magnitude * magnitude).sum(axis))
    return paddle.pow(paddle.pow(magnitude, p).sum(axis), 1.0 / p)


def dist(x, y, p=2, name=None) -> Tensor:
    """The p-norm of x - y (broadcast), over all elements.

    Examples:
        >>> import paddle
        >>> paddle.dist(paddle.to_tensor([3.0, 0.0]), paddle.to_tensor([0.0, 4.0])).item()
        5.0
    """
    check.tensor("dist", x)
    check.tensor("dist", y, "y")
    return _p_norm("dist", (x - y).reshape([-1]), p, 0)


def cdist(x, y, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary", name=None) -> Tensor:
    """The p-norm distances between the rows of x [..., M, D] and of y [..., N, D]: [..., M, N]."""
    check.tensor("cdist", x)
    check.tensor("cdist", y, "y")
    if len(x.shape) < 2 or len(y.shape) < 2 or x.shape[-1] != y.shape[-1]:
        raise ValueError(f"[cdist] x and y must be [..., M, D] and [..., N, D], but got {list(x.shape)} and {list(y.shape)}")
    return _p_norm("cdist", x.unsqueeze(-2) - y.unsqueeze(-3), p, -1)


def pdist(x, p=2.0, name=None) -> Tensor:
    """The p-norm distances between each pair i < j of rows of x [N, D], in row-major order of the pairs.

    Examples:
        >>> import paddle
        >>> paddle.pdist(paddle.to_tensor([[0.0, 0.0], [3.0, 4.0], [6.0, 8.0]])).tolist()
        [5.0, 10.0, 5.0]
    """
    check.tensor("pdist", x)
    if len(x.shape) != 2:
        raise ValueError(f"[pdist] x must be [N, D], but has shape {list(x.shape)}")
    n = x.shape[0]
    pairs = paddle.triu_indices(n, n, 1)
    return _p_norm("pdist", paddle.gather(x, pairs[0]) - paddle.gather(x, pairs[1]), p, -1)
