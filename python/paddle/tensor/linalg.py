"""Matrix products with Paddle's names, composed of matmul and elementwise ops."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases, writes_out


def _check(op, **tensors):
    for arg, t in tensors.items():
        check.tensor(op, t, arg)


def _check_factors(op, beta, alpha):
    check.number(op, beta, "beta")
    check.number(op, alpha, "alpha")


def mm(input, mat2, name=None) -> Tensor:  # noqa: A002
    """The matrix product of input and mat2 (matmul's broadcasting rules)."""
    _check("mm", input=input, mat2=mat2)
    return paddle.matmul(input, mat2)


@writes_out
def bmm(x, y, name=None) -> Tensor:
    """Batched matrix product of [b, m, k] and [b, k, n] tensors.

    Examples:
        >>> import paddle
        >>> paddle.bmm(paddle.ones([2, 1, 3]), paddle.ones([2, 3, 1])).numpy().tolist()
        [[[3.0]], [[3.0]]]
    """
    _check("bmm", x=x, y=y)
    if len(x.shape) != 3 or len(y.shape) != 3:
        raise ValueError(f"[bmm] x and y must be 3-D, but got shapes {list(x.shape)} and {list(y.shape)}")
    if x.shape[0] != y.shape[0] or x.shape[2] != y.shape[1]:
        raise ValueError(f"[bmm] shapes {list(x.shape)} and {list(y.shape)} do not chain: need [b, m, k] and [b, k, n]")
    return paddle.matmul(x, y)


@writes_out
def dot(x, y, name=None) -> Tensor:
    """The inner product of 1-D tensors (row-wise for 2-D ones).

    Examples:
        >>> import paddle
        >>> paddle.dot(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([3.0, 4.0])).item()
        11.0
    """
    _check("dot", x=x, y=y)
    if x.shape != y.shape or len(x.shape) not in (1, 2):
        raise ValueError(f"[dot] x and y must be 1-D or 2-D of one shape, but got {list(x.shape)} and {list(y.shape)}")
    return _C_ops.dot(x, y)


def mv(x, vec, name=None) -> Tensor:
    """The product of the matrix x [m, n] and the vector vec [n]."""
    _check("mv", x=x, vec=vec)
    if len(x.shape) != 2 or len(vec.shape) != 1 or x.shape[1] != vec.shape[0]:
        raise ValueError(f"[mv] need x [m, n] and vec [n], but got {list(x.shape)} and {list(vec.shape)}")
    return paddle.matmul(x, vec)


@aliases(x="input", y="vec2")
@writes_out
def outer(x, y, name=None) -> Tensor:
    """out[i, j] = x[i] * y[j] (inputs flattened)."""
    _check("outer", x=x, y=y)
    return x.reshape([-1, 1]) * y.reshape([1, -1])


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None) -> Tensor:  # noqa: A002
    """beta * input + alpha * (x @ y)."""
    _check("addmm", input=input, x=x, y=y)
    _check_factors("addmm", beta, alpha)
    if len(x.shape) != 2 or len(y.shape) != 2:
        raise ValueError(f"[addmm] x and y must be 2-D, but got shapes {list(x.shape)} and {list(y.shape)}")
    return _C_ops.addmm(input, x, y, float(beta), float(alpha))


def baddbmm(input, x, y, beta=1.0, alpha=1.0, name=None) -> Tensor:  # noqa: A002
    """beta * input + alpha * (x @ y) for batches of matrices x [B, M, K] and y [B, K, N].

    Examples:
        >>> import paddle
        >>> x, y = paddle.ones([2, 1, 3]), paddle.ones([2, 3, 1])
        >>> paddle.baddbmm(paddle.ones([2, 1, 1]), x, y, beta=2.0, alpha=0.5).numpy().tolist()
        [[[3.5]], [[3.5]]]
    """
    _check("baddbmm", input=input, x=x, y=y)
    _check_factors("baddbmm", beta, alpha)
    if len(x.shape) != 3 or len(y.shape) != 3:
        raise ValueError(f"[baddbmm] x and y must be 3-D, but got shapes {list(x.shape)} and {list(y.shape)}")
    return _C_ops.baddbmm(input, x, y, float(beta), float(alpha))


@aliases(axis="dim")
def cross(x, y, axis=9, name=None) -> Tensor:
    """The 3-D cross product along axis (the first axis of size 3 when axis is 9, Paddle's default)."""
    _check("cross", x=x, y=y)
    if x.shape != y.shape:
        raise ValueError(f"[cross] x and y must have one shape, but got {list(x.shape)} and {list(y.shape)}")
    if check.integer("cross", axis, "axis") == 9:
        sizes = [i for i, d in enumerate(x.shape) if d == 3]
        if not sizes:
            raise ValueError(f"[cross] no axis of size 3 in shape {list(x.shape)}")
        axis = sizes[0]
    axis = check.axis("cross", axis, len(x.shape))
    if x.shape[axis] != 3:
        raise ValueError(f"[cross] x.shape[{axis}] must be 3, but got {x.shape[axis]}")
    return _C_ops.cross(x, y, axis)


def kron(x, y, name=None) -> Tensor:
    """The Kronecker product of x and y.

    Examples:
        >>> import paddle
        >>> paddle.kron(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 10])).numpy().tolist()
        [1, 10, 2, 20]
    """
    _check("kron", x=x, y=y)
    rank = max(len(x.shape), len(y.shape))
    xs = [1] * (rank - len(x.shape)) + list(x.shape)
    ys = [1] * (rank - len(y.shape)) + list(y.shape)
    xe = x.reshape([v for d in xs for v in (d, 1)])
    ye = y.reshape([v for d in ys for v in (1, d)])
    # (a dim a static program leaves to the feed, -1, stays unknown)
    return (xe * ye).reshape([-1 if a < 0 or b < 0 else a * b for a, b in zip(xs, ys)])
