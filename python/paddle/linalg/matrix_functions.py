"""Norms, products and functions of matrices composed from the ops:
vector_norm, matrix_norm, vecdot, multi_dot, matrix_rank, matrix_exp, cov,
corrcoef, and the randomized svd_lowrank and pca_lowrank."""

from __future__ import annotations

import math
import numbers

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle._signature import aliases, writes_out


@aliases(axis="dim", p="ord")
@writes_out
def vector_norm(x, p=2.0, axis=None, keepdim=False, name=None, *, dtype=None) -> Tensor:
    """The p-norm of x's elements (along `axis`): p may be any number, inf or -inf (max / min |x|), 0 (the count of nonzeros).

    Examples:
        >>> import paddle
        >>> paddle.linalg.vector_norm(paddle.to_tensor([3.0, -4.0])).item()
        5.0
    """
    check.tensor("vector_norm", x)
    if isinstance(p, bool) or not isinstance(p, (int, float)):
        raise TypeError(f"[vector_norm] argument 'p': expected a number, but got {type(p).__name__}")
    if dtype is not None:
        x = x.astype(dtype)
    axes = None if axis is None else check.axes("vector_norm", axis, len(x.shape))
    magnitude = paddle.abs(x)
    if p == math.inf:
        return magnitude.max(axes, keepdim)
    if p == -math.inf:
        return magnitude.min(axes, keepdim)
    if p == 0:
        return (magnitude != 0).astype(magnitude.dtype).sum(axes, keepdim=keepdim)
    if p == 2:
        return paddle.sqrt((magnitude * magnitude).sum(axes, keepdim=keepdim))
    return paddle.pow(paddle.pow(magnitude, p).sum(axes, keepdim=keepdim), 1.0 / p)


def matrix_norm(x, p="fro", axis=(-2, -1), keepdim=False, name=None) -> Tensor:
    """The matrix norm of the planes of `axis`: 'fro', 'nuc', inf / -inf (max / min row sum of |x|),
    1 / -1 (max / min column sum), 2 / -2 (largest / smallest singular value).

    Examples:
        >>> import paddle
        >>> paddle.linalg.matrix_norm(paddle.to_tensor([[1.0, -2.0], [3.0, 4.0]]), p=1).item()
        6.0
    """
    check.tensor("matrix_norm", x)
    if not isinstance(p, str):
        check.number("matrix_norm", p, "p")
    axis = check.int_list("matrix_norm", axis, "axis")
    rank = len(x.shape)
    if rank < 2 or len(axis) != 2:
        raise ValueError(f"[matrix_norm] expected a tensor of at least 2 dims and 2 axes, but got shape {list(x.shape)} "
                         f"and axis {list(axis)}")
    rows, cols = (check.axis("matrix_norm", a, rank) for a in axis)
    if rows == cols:
        raise ValueError(f"[matrix_norm] the two axes must differ, but got {list(axis)}")
    if p == "fro":
        return vector_norm(x, 2.0, [rows, cols], keepdim)
    rest = [a for a in range(rank) if a not in (rows, cols)]
    planes = paddle.transpose(x, rest + [rows, cols])
    if p in ("nuc", 2, -2):
        s = paddle.linalg.svd(planes)[1]
        out = s.sum(-1) if p == "nuc" else s.max(-1) if p == 2 else s.min(-1)
    elif p in (1, -1, math.inf, -math.inf):
        sums = paddle.abs(planes).sum(-2 if p in (1, -1) else -1)
        out = sums.max(-1) if p in (1, math.inf) else sums.min(-1)
    else:
        raise ValueError(f"[matrix_norm] p must be 'fro', 'nuc', 1, -1, 2, -2, inf or -inf, but got {p!r}")
    if keepdim:
        for a in sorted((rows, cols)):
            out = out.unsqueeze(a)
    return out


def vecdot(x, y, axis=-1, name=None) -> Tensor:
    """sum(conj(x) * y) along `axis`, with broadcasting.

    Examples:
        >>> import paddle
        >>> paddle.linalg.vecdot(paddle.to_tensor([[1.0, 2.0]]), paddle.to_tensor([3.0, 4.0])).tolist()
        [11.0]
    """
    check.tensor("vecdot", x)
    check.tensor("vecdot", y, "y")
    return ((paddle.conj(x) if paddle.is_complex(x) else x) * y).sum(axis)


def multi_dot(x, name=None) -> Tensor:
    """The product of the matrices in x (the first may be 1-D, a row; the
    last 1-D, a column), multiplied in the order that costs the fewest
    scalar multiplications.

    Examples:
        >>> import paddle
        >>> paddle.linalg.multi_dot([paddle.ones([2, 3]), paddle.ones([3, 4]), paddle.ones([4])]).tolist()
        [12.0, 12.0]
    """
    if not isinstance(x, (list, tuple)) or len(x) < 2:
        raise ValueError(f"[multi_dot] argument 'x': expected a list of at least 2 Tensors, but got {x!r}")
    mats = [check.tensor("multi_dot", m, f"x[{i}]") for i, m in enumerate(x)]
    first_vector, last_vector = len(mats[0].shape) == 1, len(mats[-1].shape) == 1
    if first_vector:
        mats[0] = mats[0].unsqueeze(0)
    if last_vector:
        mats[-1] = mats[-1].unsqueeze(1)
    for i, m in enumerate(mats):
        if len(m.shape) != 2:
            raise ValueError(f"[multi_dot] x[{i}] must be a matrix, but has shape {list(x[i].shape)}")
        if i and mats[i - 1].shape[1] != m.shape[0]:
            raise ValueError(f"[multi_dot] x[{i - 1}] {list(mats[i - 1].shape)} and x[{i}] {list(m.shape)} do not chain")
    dims = [mats[0].shape[0]] + [m.shape[1] for m in mats]
    out = _chain(mats, _chain_order(dims), 0, len(mats) - 1)
    if first_vector:
        out = out.squeeze(0)
    if last_vector:
        out = out.squeeze(-1)
    return out


def _chain_order(dims: list[int]) -> list[list[int]]:
    """split[i][j]: where the cheapest product of matrices i..j splits (dynamic programming)."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = math.inf
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if c < cost[i][j]:
                    cost[i][j], split[i][j] = c, k
    return split


def _chain(mats, split, i, j):
    if i == j:
        return mats[i]
    k = split[i][j]
    return paddle.matmul(_chain(mats, split, i, k), _chain(mats, split, k + 1, j))


def matrix_rank(x, tol=None, hermitian=False, atol=None, rtol=None, name=None) -> Tensor:
    """The number of singular values (|eigenvalues| when hermitian) above
    the tolerance: `tol`, or max(atol, rtol * largest), with rtol defaulting
    to eps * max(m, n); int64.

    Examples:
        >>> import paddle
        >>> paddle.linalg.matrix_rank(paddle.to_tensor([[1.0, 2.0], [2.0, 4.0]])).item()
        1
    """
    check.tensor("matrix_rank", x)
    if len(x.shape) < 2:
        raise ValueError(f"[matrix_rank] x must be matrices [..., m, n], but has shape {list(x.shape)}")
    for value, arg in ((tol, "tol"), (atol, "atol"), (rtol, "rtol")):
        if value is not None and not isinstance(value, Tensor) and (isinstance(value, bool) or
                                                                    not isinstance(value, numbers.Real)):
            raise TypeError(f"[matrix_rank] argument '{arg}': expected a number or a Tensor, but got "
                            f"{check.got(value)}")
    hermitian = check.flag("matrix_rank", hermitian, "hermitian")
    s = paddle.abs(paddle.linalg.eigvalsh(x)) if hermitian else paddle.linalg.svd(x)[1]
    largest = s.max(-1, keepdim=True)

    def per_matrix(value):  # a number, or a Tensor with one value per matrix, as [..., 1]
        return value.astype(largest.dtype).unsqueeze(-1) if isinstance(value, Tensor) else \
            paddle.full_like(largest, value)

    if tol is not None:
        threshold = per_matrix(tol)
    else:
        if rtol is None:
            rtol = 0.0 if atol is not None else float(np.finfo(str(x.dtype).replace("paddle.", "")).eps) * max(
                x.shape[-2:])
        threshold = paddle.maximum(per_matrix(0.0 if atol is None else atol), per_matrix(rtol) * largest)
    return (s > threshold).astype("int64").sum(-1)


# Higham (2005): the degree-13 Pade approximant and the 1-norm it is accurate to.
_PADE13 = (64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0, 129060195264000.0,
           10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0, 40840800.0, 960960.0, 16380.0, 182.0,
           1.0)
_THETA13 = 5.371920351148152


def matrix_exp(x, name=None) -> Tensor:
    """The matrix exponential of square x [..., n, n], by scaling and squaring with a Pade approximant.

    Examples:
        >>> import paddle
        >>> paddle.linalg.matrix_exp(paddle.to_tensor([[0.0, 1.0], [0.0, 0.0]])).tolist()
        [[1.0, 1.0], [0.0, 1.0]]
    """
    check.tensor("matrix_exp", x)
    if len(x.shape) < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"[matrix_exp] x must be square matrices [..., n, n], but has shape {list(x.shape)}")
    n = x.shape[-1]
    one_norm = float(paddle.abs(x).sum(-2).max().item()) if x.size else 0.0
    # an infinite norm (an inf in x) cannot be scaled down: the approximant then gives nan
    squarings = math.ceil(math.log2(one_norm / _THETA13)) if _THETA13 < one_norm < math.inf else 0
    a = x / (2.0 ** squarings)
    b = _PADE13
    identity = paddle.eye(n, dtype=x.dtype).expand(x.shape)
    a2 = a @ a
    a4 = a2 @ a2
    a6 = a4 @ a2
    u = a @ (a6 @ (b[13] * a6 + b[11] * a4 + b[9] * a2) + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * identity)
    v = a6 @ (b[12] * a6 + b[10] * a4 + b[8] * a2) + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * identity
    result = paddle.linalg.solve(v - u, v + u)
    for _ in range(squarings):
        result = result @ result
    return result


def cov(x, rowvar=True, ddof=True, fweights=None, aweights=None, name=None) -> Tensor:
    """The covariance matrix of the variables of x (rows, or columns when not
    rowvar), with frequency and/or analytic weights, as numpy.cov; ddof=True
    divides by N - 1.

    Examples:
        >>> import paddle
        >>> paddle.linalg.cov(paddle.to_tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]])).tolist()
        [[1.0, 2.0], [2.0, 4.0]]
    """
    check.tensor("cov", x)
    rowvar, ddof = check.flag("cov", rowvar, "rowvar"), check.flag("cov", ddof, "ddof")
    if len(x.shape) > 2:
        raise ValueError(f"[cov] x must have at most 2 dims, but has shape {list(x.shape)}")
    obs = x.reshape([1, -1]) if len(x.shape) < 2 else (x if rowvar else x.t())
    n = obs.shape[1]
    weights = None
    for arg, w in (("fweights", fweights), ("aweights", aweights)):
        if w is None:
            continue
        check.tensor("cov", w, arg)
        if list(w.shape) != [n]:
            raise ValueError(f"[cov] {arg} must have shape [{n}], but got {list(w.shape)}")
        w = w.astype(obs.dtype)
        weights = w if weights is None else weights * w
    if weights is None:
        weights = paddle.ones([n], obs.dtype)
    total = weights.sum()
    mean = (obs * weights).sum(1, keepdim=True) / total
    centered = obs - mean
    if not ddof:
        norm = total
    elif aweights is None:
        norm = total - 1
    else:
        norm = total - (weights * aweights.astype(obs.dtype)).sum() / total
    out = (centered * weights) @ paddle.conj(centered).t() / norm
    return out.squeeze() if out.shape == [1, 1] else out


def corrcoef(x, rowvar=True, name=None) -> Tensor:
    """The Pearson correlation coefficients of the variables of x (rows, or columns when not rowvar)."""
    check.tensor("corrcoef", x)
    c = cov(x, check.flag("corrcoef", rowvar, "rowvar"))
    if not c.shape:
        return c / c
    std = paddle.sqrt(paddle.diagonal(c).real() if paddle.is_complex(c) else paddle.diagonal(c))
    out = c / std.unsqueeze(1) / std.unsqueeze(0)
    return paddle.clip(out, -1.0, 1.0) if not paddle.is_complex(out) else out


def _check_matrices(op, x):
    if len(x.shape) < 2:
        raise ValueError(f"[{op}] argument 'x': expected a tensor of at least 2 dims, but got shape {list(x.shape)}")


def svd_lowrank(x, q=None, niter=2, M=None, name=None):
    """(U, S, V) of a rank-q approximation of x - M from a randomized range
    finder with `niter` power iterations (Halko, Martinsson and Tropp):
    x - M ~ U diag(S) V^T."""
    check.tensor("svd_lowrank", x)
    _check_matrices("svd_lowrank", x)
    m, n = x.shape[-2], x.shape[-1]
    q = min(6, m, n) if q is None else check.integer("svd_lowrank", q, "q")
    if not 0 < q <= min(m, n):
        raise ValueError(f"[svd_lowrank] argument 'q': expected an int in [1, {min(m, n)}], but got {q}")
    niter = check.integer("svd_lowrank", niter, "niter", min=0)
    if M is not None:
        check.tensor("svd_lowrank", M, "M")
    a = x if M is None else x - M
    at = paddle.matrix_transpose(a)
    probe = paddle.randn(list(x.shape[:-2]) + [n, q], dtype=x.dtype)
    basis = paddle.linalg.qr(a @ probe)[0]
    for _ in range(niter):
        basis = paddle.linalg.qr(a @ paddle.linalg.qr(at @ basis)[0])[0]
    u, s, vh = paddle.linalg.svd(paddle.matrix_transpose(basis) @ a)
    return basis @ u, s, paddle.matrix_transpose(vh)


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """(U, S, V) of the principal components of x's rows: svd_lowrank of x
    with its column means taken off when `center`."""
    check.tensor("pca_lowrank", x)
    _check_matrices("pca_lowrank", x)
    m, n = x.shape[-2], x.shape[-1]
    q = min(6, m, n) if q is None else q
    center = check.flag("pca_lowrank", center, "center")
    mean = x.mean(-2, keepdim=True) if center else None
    return svd_lowrank(x, q, niter, None if mean is None else mean.expand(x.shape))
