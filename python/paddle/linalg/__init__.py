"""paddle.linalg: norms and matrix functions. Factorizations run on LAPACK
(the CPU kernels of paddle/phi/ops/yaml/linalg.yaml); the rest is composed of
them, and everything is differentiable."""

from __future__ import annotations

import math
import numbers

import numpy as np

from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle import _signature  # (a module of public names: the decorators stay out of it)


@_signature.aliases(x="input", axis="dim", p="ord")
def norm(x, p=None, axis=None, keepdim: bool = False, out=None, dtype=None, name=None) -> Tensor:
    """The norm of x over `axis`.

    Args:
        x (Tensor): floating or complex input.
        p (float|str, optional): None or 'fro' for the 2-norm of the selected
            elements (the Frobenius norm of a matrix); a number for the vector
            p-norm (inf, -inf and 0 included). Default None.
        axis (int|list[int], optional): the axes; all of them when None.
        keepdim (bool, optional): keep reduced axes as size 1. Default False.
        out (Tensor, optional): a tensor to write the result into.
        dtype (str|paddle.dtype, optional): x is cast to it first (an integer x too).

    Returns:
        Tensor: the norm, differentiable to any order.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[3.0, 4.0], [0.0, 0.0]])
        >>> paddle.linalg.norm(x).item()
        5.0
        >>> paddle.linalg.norm(x, p=1, axis=1).tolist()
        [7.0, 0.0]
    """
    check.tensor("norm", x, "x")
    if dtype is not None:
        x = x.astype(dtype)
    return _signature.write_out("norm", out, _norm(x, p, axis, keepdim))


def _norm(x, p, axis, keepdim) -> Tensor:
    axes = None if axis is None else check.axes("norm", axis, max(len(x.shape), 1))
    if p is None or p == "fro":
        if axes is not None and len(axes) > 2:
            raise ValueError(f"[norm] p='fro' takes at most 2 axes, but got {axes}")
        return _C_ops.p_norm(x, 2.0, axes, keepdim)
    if isinstance(p, str):
        raise NotImplementedError(f"[norm] p={p!r} is not supported yet (only 'fro' and numbers)")
    if not isinstance(p, numbers.Real):
        raise TypeError(f"[norm] argument 'p': expected a number, 'fro' or None, but got {type(p).__name__}")
    if axes is not None and len(axes) == 2:
        raise NotImplementedError("[norm] matrix norms with a numeric p are not supported yet")
    porder = float(p) if not math.isinf(p) else p
    return _C_ops.p_norm(x, porder, axes, keepdim)


def _check_square(op, x):
    check.tensor(op, x, "x")
    if len(x.shape) < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"[{op}] x must hold square matrices [..., n, n], but got shape {list(x.shape)}")


@_signature.writes_out
def solve(x, y, left=True, name=None) -> Tensor:
    """The solution of x @ out = y (x square [..., n, n]; y [..., n, k] or [..., n]).

    Examples:
        >>> import paddle
        >>> a = paddle.to_tensor([[2.0, 0.0], [0.0, 4.0]])
        >>> paddle.linalg.solve(a, paddle.to_tensor([2.0, 8.0])).numpy().tolist()
        [1.0, 2.0]
    """
    import paddle

    _check_square("solve", x)
    check.tensor("solve", y, "y")
    vector = len(y.shape) == len(x.shape) - 1
    if vector:
        y = y.unsqueeze(-1)
    try:
        batch = list(np.broadcast_shapes(tuple(x.shape[:-2]), tuple(y.shape[:-2])))
    except ValueError:
        raise ValueError(f"[solve] the batch dims of x {list(x.shape)} and y {list(y.shape)} cannot be broadcast together") from None
    x = paddle.broadcast_to(x, batch + x.shape[-2:]) if list(x.shape[:-2]) != batch else x
    y = paddle.broadcast_to(y, batch + y.shape[-2:]) if list(y.shape[:-2]) != batch else y
    out = _C_ops.linalg_solve(x, y)
    return out.squeeze(-1) if vector else out


def inv(x, name=None) -> Tensor:
    """The inverse of every square matrix of x.

    Examples:
        >>> import paddle
        >>> paddle.linalg.inv(paddle.to_tensor([[2.0, 0.0], [0.0, 4.0]])).numpy().tolist()
        [[0.5, 0.0], [0.0, 0.25]]
    """
    _check_square("inv", x)
    return _C_ops.inverse(x)


def slogdet(x, name=None) -> Tensor:
    """[sign, log|det|] of every square matrix of x, stacked in the first dim."""
    _check_square("slogdet", x)
    return _C_ops.slogdet(x)


def det(x, name=None) -> Tensor:
    """The determinant of every square matrix of x.

    Examples:
        >>> import paddle
        >>> round(paddle.linalg.det(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])).item(), 4)
        -2.0
    """
    _check_square("det", x)
    return _C_ops.det(x)


def qr(x, mode="reduced", name=None):
    """Q, R with x = Q R (mode 'reduced', 'complete', or 'r' for R alone)."""
    check.tensor("qr", x, "x")
    q, r = _C_ops.qr(x, mode)
    return r if mode == "r" else (q, r)


def eigvalsh(x, UPLO="L", name=None) -> Tensor:  # noqa: N803  (Paddle's name)
    """The eigenvalues (ascending) of symmetric x."""
    return eigh(x, UPLO)[0]


def svdvals(x, name=None) -> Tensor:
    """The singular values (descending) of x."""
    return svd(x)[1]


def matrix_power(x, n, name=None) -> Tensor:
    """x @ x @ ... (n times) by repeated squaring; n < 0 inverts first, n = 0 gives I."""
    _check_square("matrix_power", x)
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"[matrix_power] argument 'n': expected an int, but got {type(n).__name__}")
    return _C_ops.matrix_power(x, int(n))


def pinv(x, rcond=1e-15, hermitian=False, name=None) -> Tensor:
    """The Moore-Penrose pseudo-inverse: V diag(1/s) U^T over the singular
    values above rcond * the largest."""
    import paddle

    check.number("pinv", rcond, "rcond")
    u, s, vh = svd(x)
    cutoff = rcond * paddle.max(s, axis=-1, keepdim=True)
    s_inv = paddle.where(s > cutoff, 1.0 / paddle.where(s > cutoff, s, paddle.ones_like(s)), paddle.zeros_like(s))
    return paddle.matmul(vh, u * s_inv.unsqueeze(-2), transpose_x=True, transpose_y=True)


def lstsq(x, y, rcond=None, driver=None, name=None):
    """The least-squares solution of x @ out = y, as (solution, residuals,
    rank, singular_values). What comes back besides the solution follows
    Paddle's LAPACK driver: 'gelsy' (the CPU default) gives the rank; 'gels'
    (the GPU's) the residuals; 'gelsd' and 'gelss' all three. Residuals are
    the squared error per column of y, given only where x has more rows than
    columns and full column rank ('gels' assumes it); an empty tensor stands
    for what is not given.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
        >>> y = paddle.to_tensor([[1.0], [2.0], [3.0]])
        >>> solution, residuals, rank, s = paddle.linalg.lstsq(x, y, driver="gelsd")
        >>> solution.numpy().round(4).tolist(), residuals.numpy().round(4).tolist(), int(rank)
        ([[1.0], [2.0]], [0.0], 2)
    """
    import paddle

    for arg, t in (("x", x), ("y", y)):
        if not isinstance(t, check.TENSOR_TYPES) or len(t.shape) < 2:
            raise ValueError(f"[lstsq] argument '{arg}': expected a tensor of matrices [..., m, n]")
    if x.dtype != y.dtype or x.dtype.name not in ("float32", "float64"):
        raise TypeError(f"[lstsq] x and y must both be float32 or both float64, but got {x.dtype.name} and "
                        f"{y.dtype.name}")
    if x.shape[-2] != y.shape[-2]:
        raise ValueError(f"[lstsq] x [..., m, n] and y [..., m, k] must have one m, but got shapes {list(x.shape)} and "
                         f"{list(y.shape)}")
    on_gpu = "gpu" in str(x.place).lower()
    drivers = ("gels",) if on_gpu else ("gels", "gelss", "gelsd", "gelsy")
    if driver is None:
        driver = "gels" if on_gpu else "gelsy"
    check.choice("lstsq", driver, drivers, "driver")
    if rcond is None:  # Paddle's default cutoff
        rcond = (1e-7 if x.dtype == paddle.float32 else 1e-15) * max(x.shape[-2:])
    check.number("lstsq", rcond, "rcond")
    u, s, vh = svd(x)
    cutoff = rcond * paddle.max(s, axis=-1, keepdim=True)
    kept = s > cutoff
    s_inv = paddle.where(kept, 1.0 / paddle.where(kept, s, paddle.ones_like(s)), paddle.zeros_like(s))
    solution = paddle.matmul(vh, paddle.matmul(u, y, transpose_x=True) * s_inv.unsqueeze(-1), transpose_x=True)
    rank = paddle.sum(kept.astype("int32"), axis=-1).astype("int32")
    m, n = x.shape[-2:]
    # Value-dependent: the residuals' shape depends on the ranks, read here once.
    if m > n and (driver == "gels" or (driver != "gelsy" and bool((rank == n).all()))):
        residuals = paddle.sum(paddle.square(paddle.matmul(x, solution) - y), axis=-2)
    else:
        residuals = paddle.zeros([0], x.dtype)
    if driver == "gels":
        rank = paddle.zeros([0], "int64")
    if driver in ("gels", "gelsy"):
        s = paddle.zeros([0], x.dtype)
    return solution, residuals, rank, s


def cond(x, p=None, name=None) -> Tensor:
    """The 2-norm condition number: largest / smallest singular value."""
    s = svd(x)[1]
    return s[..., 0] / s[..., -1]


from paddle.linalg.factorizations import (  # noqa: E402
    lu, lu_unpack, lu_solve, triangular_solve, cholesky_solve, cholesky_inverse, householder_product, ormqr,
)
from paddle.linalg.matrix_functions import (  # noqa: E402
    vector_norm, matrix_norm, vecdot, multi_dot, matrix_rank, matrix_exp, cov, corrcoef, svd_lowrank, pca_lowrank,
)
