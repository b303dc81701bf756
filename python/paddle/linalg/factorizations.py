"""LU with partial pivoting and the solvers built on factors: lu, lu_unpack,
lu_solve, triangular_solve, cholesky_solve, cholesky_inverse, and the
Householder products householder_product and ormqr.

The LU factorization is composed from the ops, one column at a time, so it
is differentiable through autograd and runs on every device; LAPACK's getrf
would be faster for large matrices."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor


def _matrices(op: str, x, arg: str = "x", square: bool = False) -> Tensor:
    check.tensor(op, x, arg)
    if len(x.shape) < 2 or (square and x.shape[-1] != x.shape[-2]):
        kind = "square matrices [..., n, n]" if square else "matrices [..., m, n]"
        raise ValueError(f"[{op}] argument '{arg}': expected {kind}, but got shape {list(x.shape)}")
    return x


def _eye_like(x: Tensor, n: int) -> Tensor:
    return paddle.eye(n, dtype=x.dtype).expand(list(x.shape[:-2]) + [n, n])


def lu(x, pivot=True, get_infos=False, name=None):
    """The LU factorization P A = L U with partial pivoting of matrices x
    [..., m, n]: L (unit lower) and U packed into one tensor, and the pivots
    (1-based row swaps, int32, LAPACK's convention); with `get_infos` also
    an int32 status per matrix (0, or k when U[k-1, k-1] is exactly 0).

    Examples:
        >>> import paddle
        >>> lu, pivots = paddle.linalg.lu(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]))
        >>> lu.tolist(), pivots.tolist()
        ([[3.0, 4.0], [0.3333333432674408, 0.6666666269302368]], [2, 2])
    """
    x = _matrices("lu", x)
    if not pivot:
        raise NotImplementedError("[lu] pivot=False (LU without pivoting) is only offered on GPUs by Paddle")
    m, n = x.shape[-2], x.shape[-1]
    batch = list(x.shape[:-2])
    a = x.reshape([-1, m, n])
    pivots, singular_at = [], paddle.zeros([a.shape[0]], "int32")
    for k in range(min(m, n)):
        column = paddle.abs(a[:, k:, k])
        best = paddle.argmax(column, axis=1) + k  # the largest remaining entry of column k
        pivots.append(best + 1)
        order = paddle.arange(m).unsqueeze(0).expand([a.shape[0], m])
        order = paddle.where(order == k, best.unsqueeze(1), paddle.where(order == best.unsqueeze(1),
                                                                           paddle.full_like(order, k), order))
        a = paddle.take_along_axis(a, order.unsqueeze(2).expand([-1, -1, n]), 1)
        head = a[:, k, k]
        zero = head == 0
        singular_at = paddle.where(zero & (singular_at == 0), paddle.full_like(singular_at, k + 1), singular_at)
        safe = paddle.where(zero, paddle.ones_like(head), head)
        multipliers = a[:, k + 1:, k] / safe.unsqueeze(1)
        update = multipliers.unsqueeze(2) * a[:, k, k + 1:].unsqueeze(1)
        below = paddle.concat([multipliers.unsqueeze(2), a[:, k + 1:, k + 1:] - update], axis=2)
        a = paddle.concat([a[:, :k + 1], paddle.concat([a[:, k + 1:, :k], below], axis=2)], axis=1)
    packed = a.reshape(batch + [m, n])
    pivots = (paddle.stack(pivots, axis=1) if pivots else paddle.zeros([a.shape[0], 0], "int64"))
    pivots = pivots.astype("int32").reshape(batch + [min(m, n)])
    if get_infos:
        return packed, pivots, singular_at.reshape(batch)
    return packed, pivots


def _permutation_of(pivots: Tensor, m: int) -> Tensor:
    """The row order [..., m] the 1-based LAPACK swaps `pivots` produce."""
    flat = pivots.reshape([-1, pivots.shape[-1]]).astype("int64") - 1
    order = paddle.arange(m).unsqueeze(0).expand([flat.shape[0], m])
    for k in range(flat.shape[-1]):
        target = flat[:, k].unsqueeze(1)
        at_k = paddle.take_along_axis(order, target * 0 + k, 1)
        at_target = paddle.take_along_axis(order, target, 1)
        positions = paddle.arange(m).unsqueeze(0)
        order = paddle.where(positions == k, at_target, paddle.where(positions == target, at_k, order))
    return order.reshape(list(pivots.shape[:-1]) + [m])


def lu_unpack(x, y, unpack_ludata=True, unpack_pivots=True, name=None):
    """(P, L, U) from lu's packed factors x and pivots y, with A = P L U.

    Examples:
        >>> import paddle
        >>> a = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> P, L, U = paddle.linalg.lu_unpack(*paddle.linalg.lu(a))
        >>> (P @ L @ U).tolist()
        [[1.0, 2.0], [3.0, 4.0]]
    """
    x = _matrices("lu_unpack", x)
    check.tensor("lu_unpack", y, "y")
    m, n = x.shape[-2], x.shape[-1]
    k = min(m, n)
    if list(y.shape) != list(x.shape[:-2]) + [k]:
        raise ValueError(f"[lu_unpack] argument 'y': expected the pivots of x, shape {list(x.shape[:-2]) + [k]}, but "
                         f"got shape {list(y.shape)}")
    L = U = P = None
    if unpack_ludata:
        L = paddle.tril(x[..., :, :k], -1) + paddle.eye(m, k, dtype=x.dtype)
        U = paddle.triu(x[..., :k, :])
    if unpack_pivots:
        order = _permutation_of(y, m)  # row i of P A is row order[i] of A
        identity = paddle.eye(m, dtype=x.dtype).expand(list(order.shape[:-1]) + [m, m])
        rows_of_pa = paddle.take_along_axis(identity, order.unsqueeze(-1).expand(list(order.shape) + [m]), -2)
        P = paddle.transpose(rows_of_pa, list(range(len(order.shape) - 1)) + [len(order.shape), len(order.shape) - 1])
    return P, L, U


def triangular_solve(x, y, upper=True, transpose=False, unitriangular=False, name=None) -> Tensor:
    """The solution X of op(x) X = y for triangular x [..., n, n] (its upper
    or lower triangle; op is the transpose with `transpose`; a unit diagonal
    with `unitriangular`) and y [..., n, k].

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[2.0, 1.0], [0.0, 4.0]])
        >>> paddle.linalg.triangular_solve(x, paddle.to_tensor([[4.0], [8.0]])).tolist()
        [[1.0], [2.0]]
    """
    x = _matrices("triangular_solve", x, square=True)
    _matrices("triangular_solve", y, "y")
    a = paddle.triu(x) if upper else paddle.tril(x)
    if unitriangular:
        n = x.shape[-1]
        a = a - paddle.diag_embed(paddle.diagonal(a, 0, -2, -1)) + _eye_like(a, n)
    if transpose:
        a = paddle.matrix_transpose(a)
    return paddle.linalg.solve(a, y)


def cholesky_solve(x, y, upper=False, name=None) -> Tensor:
    """The solution X of A X = x, with A = y y^T (y lower) or y^T y (y upper) from Cholesky factor y.

    Examples:
        >>> import paddle
        >>> factor = paddle.to_tensor([[2.0, 0.0], [1.0, 1.0]])
        >>> paddle.linalg.cholesky_solve(paddle.to_tensor([[4.0], [3.0]]), factor).tolist()
        [[0.5], [1.0]]
    """
    _matrices("cholesky_solve", x)
    y = _matrices("cholesky_solve", y, "y", square=True)
    inner = triangular_solve(y, x, upper=upper, transpose=upper)
    return triangular_solve(y, inner, upper=upper, transpose=not upper)


def cholesky_inverse(x, upper=False, name=None) -> Tensor:
    """The inverse of A = x x^T (x lower) or x^T x (x upper) from its Cholesky factor x."""
    x = _matrices("cholesky_inverse", x, square=True)
    return cholesky_solve(_eye_like(x, x.shape[-1]), x, upper)


def lu_solve(b, lu, pivots, trans="N", name=None) -> Tensor:
    """The solution X of A X = b (A^T X = b for trans 'T' or 'C'), from lu's factors of A.

    Examples:
        >>> import paddle
        >>> a = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> paddle.linalg.lu_solve(paddle.to_tensor([[5.0], [11.0]]), *paddle.linalg.lu(a)).tolist()
        [[1.0], [2.0]]
    """
    _matrices("lu_solve", b, "b")
    check.choice("lu_solve", trans, ("N", "T", "C"), "trans")
    P, L, U = lu_unpack(lu, pivots)
    if trans == "N":  # A = P L U
        inner = triangular_solve(L, paddle.matrix_transpose(P) @ b, upper=False, unitriangular=True)
        return triangular_solve(U, inner, upper=True)
    inner = triangular_solve(U, b, upper=True, transpose=True)  # A^T = U^T L^T P^T
    return P @ triangular_solve(L, inner, upper=False, transpose=True, unitriangular=True)


def householder_product(x, tau, name=None) -> Tensor:
    """The first n columns of H_1 H_2 ... H_k, H_i = I - tau_i v_i v_i^T, with
    v_i the i-th column of x [..., m, n] below the diagonal and a 1 on it (LAPACK's orgqr).

    Examples:
        >>> import paddle
        >>> paddle.linalg.householder_product(paddle.to_tensor([[1.0], [1.0]]), paddle.to_tensor([1.0])).tolist()
        [[0.0], [-1.0]]
    """
    x = _matrices("householder_product", x)
    check.tensor("householder_product", tau, "tau")
    if list(tau.shape[:-1]) != list(x.shape[:-2]) or len(tau.shape) != len(x.shape) - 1:
        raise ValueError(f"[householder_product] argument 'tau': expected shape [..., k] with x's batch dims "
                         f"{list(x.shape[:-2])}, but got shape {list(tau.shape)}")
    m, n = x.shape[-2], x.shape[-1]
    if n > m or tau.shape[-1] > n:
        raise ValueError(f"[householder_product] expected x [..., m, n] with m >= n and tau [..., k] with k <= n, "
                         f"but got x {list(x.shape)} and tau {list(tau.shape)}")
    q = _eye_like(x, m)
    for i in range(tau.shape[-1]):
        q = q @ _reflector(x, tau, i, m)
    return q[..., :, :n]


def _reflector(x: Tensor, tau: Tensor, i: int, m: int) -> Tensor:
    unit = paddle.zeros([m], x.dtype)
    unit[i] = 1.0
    mask = (paddle.arange(m) > i).astype(x.dtype)
    v = x[..., :, i] * mask + unit
    outer = v.unsqueeze(-1) * v.unsqueeze(-2)
    return _eye_like(x, m) - tau[..., i].unsqueeze(-1).unsqueeze(-1) * outer


def ormqr(x, tau, y, left=True, transpose=False, name=None) -> Tensor:
    """Q y (y Q with left=False; Q^T with `transpose`), Q the full product of
    x's Householder reflectors (householder_product's, not truncated)."""
    x = _matrices("ormqr", x)
    _matrices("ormqr", y, "y")
    check.tensor("ormqr", tau, "tau")
    if len(tau.shape) < 1:
        raise ValueError("[ormqr] argument 'tau': expected a tensor of at least 1 dim (one factor per reflector), but "
                         "got a 0-D tensor")
    left, transpose = check.flag("ormqr", left, "left"), check.flag("ormqr", transpose, "transpose")
    m = x.shape[-2]
    q = _eye_like(x, m)
    for i in range(tau.shape[-1]):
        q = q @ _reflector(x, tau, i, m)
    if transpose:
        q = paddle.matrix_transpose(q)
    return q @ y if left else y @ q
