"""Principal component analysis of a sparse matrix."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle.sparse import _arguments as arg
from paddle.sparse.conversion import csr_to_coo
from paddle.sparse.manipulation import transpose
from paddle.sparse.multiary import matmul


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """The principal components of the rows of the sparse matrix ``x`` [N, M], by a
    randomized range finder with ``niter`` power iterations (Halko, Martinsson
    and Tropp): ``x - mean ~ U diag(S) V^T`` with ``U`` [N, q], ``S`` [q] and
    ``V`` [M, q]. The column means are taken off implicitly, so x stays sparse.

    Args:
        x (SparseCooTensor|SparseCsrTensor): the 2-D float32/float64 matrix.
        q (int, optional): the rank, a slight overestimate of x's. Default min(6, N, M).
        center (bool, optional): subtract the column means first. Default True.
        niter (int, optional): the number of power iterations. Default 2.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        tuple[Tensor, Tensor, Tensor]: the dense U, S and V.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0, 0.0], [0.0, 0.0], [0.0, 2.0]], dtype='float64').to_sparse_coo(2)
        >>> U, S, V = paddle.sparse.pca_lowrank(x, q=2)
        >>> U.shape, S.shape, V.shape
        (paddle.Size([3, 2]), paddle.Size([2]), paddle.Size([2, 2]))
    """
    op = "pca_lowrank"
    arg.sparse(op, x)
    arg.rank(op, x, "x", (2,))
    arg.float_dtype(op, x, "x")
    rows, cols = x.shape
    q = min(6, rows, cols) if q is None else check.integer(op, q, "q")
    if not 1 <= q <= min(rows, cols):
        raise ValueError(f"[{op}] argument 'q': expected an int in [1, {min(rows, cols)}] for shape {list(x.shape)}, "
                         f"but got {q}")
    niter = check.integer(op, niter, "niter", min=0)
    coo = csr_to_coo(x) if x.format == "csr" else x
    coo_t = transpose(coo, [1, 0])
    ones = paddle.ones([rows, 1], dtype=x.dtype)
    mean = matmul(coo_t, ones) / rows if check.flag(op, center, "center") else paddle.zeros([cols, 1], x.dtype)

    def times(b):  # (x - mean) @ b
        return matmul(coo, b) - ones @ (mean.t() @ b)

    def transposed_times(b):  # (x - mean)^T @ b
        return matmul(coo_t, b) - mean @ (ones.t() @ b)

    basis = paddle.linalg.qr(times(paddle.randn([cols, q], dtype=x.dtype)))[0]
    for _ in range(niter):
        basis = paddle.linalg.qr(times(paddle.linalg.qr(transposed_times(basis))[0]))[0]
    u, s, vh = paddle.linalg.svd(transposed_times(basis).t(), full_matrices=False)
    return basis @ u, s, vh.t()
