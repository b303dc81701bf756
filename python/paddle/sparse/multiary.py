"""Matrix products with sparse operands: matmul, mv, addmm and masked_matmul.

Sparse @ dense is the sparse_dense_matmul op: each entry's value times the
dense row at its column, added into the output row at its row, with the
gradient reaching both the sparse values and the dense operand. Batch dims
([*, M, K]) are folded into the row numbers.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

import paddle
from paddle import _C_ops
from paddle._C import Tensor
from paddle.sparse import _arguments as arg
from paddle.sparse._rows import gather_rows, sum_rows
from paddle.sparse._structure import csr_coordinates, host, linear_keys, to_index_tensor, unravel_keys
from paddle.sparse.binary import add
from paddle.sparse.conversion import coo_to_csr, csr_to_coo, expand_dense_dims
from paddle.sparse.sparse_tensor import SparseCooTensor, SparseCsrTensor, SparseTensor


def _entries(x: SparseTensor):
    """(batch number, row, column, values) of every entry of a sparse [*, M, K] tensor,
    the batch dims folded into one number."""
    coo = csr_to_coo(x) if x.format == "csr" else expand_dense_dims(x)
    coords = host(coo.indices())
    return linear_keys(coords[:-2], x.shape[:-2]), coords[-2], coords[-1], coo.values()


def _check_operands(op: str, x, x_arg: str, y, y_arg: str) -> None:
    """x [*, M, K] and y [*, K, N] with the same batch dims and dtype."""
    arg.same_dtype(op, x, x_arg, y, y_arg)
    if x.ndim < 2:
        raise ValueError(f"[{op}] argument '{x_arg}': expected at least 2 dims, but got shape {list(x.shape)}")
    expected = "[" + ", ".join(str(d) for d in [*x.shape[:-2], x.shape[-1]]) + ", N]"
    if y.ndim != x.ndim or list(y.shape[:-2]) != list(x.shape[:-2]) or y.shape[-2] != x.shape[-1]:
        raise ValueError(f"[{op}] argument '{y_arg}': expected shape {expected} to multiply '{x_arg}' of shape "
                         f"{list(x.shape)}, but got {list(y.shape)}")


def _sparse_times_dense(x: SparseTensor, y: Tensor) -> Tensor:
    batch_shape, (m, k), n = list(x.shape[:-2]), x.shape[-2:], y.shape[-1]
    batches = math.prod(batch_shape)
    if x.format == "coo" and x.ndim == 2 and not x.dense_dim():  # the indices as they are: no trip to the host
        indices, values = x.indices(), x.values()
        indices = indices if indices.dtype == paddle.int64 else indices.astype("int64")
        row, col = indices[0], indices[1]
    else:
        batch, row, col, values = _entries(x)
        row, col = to_index_tensor(batch * m + row, values), to_index_tensor(batch * k + col, values)
    dense = y.reshape([batches * k, n])
    if values.dtype in (paddle.float16, paddle.bfloat16):  # summed in float32, as a GEMM on half inputs would
        product = _C_ops.sparse_dense_matmul(row, col, values.astype("float32"), dense.astype("float32"), batches * m)
        product = product.astype(values.dtype)
    else:
        product = _C_ops.sparse_dense_matmul(row, col, values, dense, batches * m)
    return product.reshape([*batch_shape, m, n])


def _sparse_times_sparse(x: SparseTensor, y: SparseTensor) -> SparseCooTensor:
    """The product's coalesced COO: every x entry (b, i, k) meets every y entry (b, k, j)."""
    batch_shape, (m, k), n = list(x.shape[:-2]), x.shape[-2:], y.shape[-1]
    x_batch, x_row, x_col, x_values = _entries(x)
    y_batch, y_row, y_col, y_values = _entries(y)
    y_order = np.argsort(y_batch * k + y_row, kind="stable")
    y_keys = (y_batch * k + y_row)[y_order]
    x_keys = x_batch * k + x_col
    first, last = np.searchsorted(y_keys, x_keys, "left"), np.searchsorted(y_keys, x_keys, "right")
    counts = last - first
    x_pick = np.repeat(np.arange(x_keys.size), counts)
    rank_in_group = np.arange(x_pick.size) - np.repeat(np.cumsum(counts) - counts, counts)
    y_pick = y_order[np.repeat(first, counts) + rank_in_group]
    out_keys = (x_batch[x_pick] * m + x_row[x_pick]) * n + y_col[y_pick]
    unique, inverse = np.unique(out_keys, return_inverse=True)
    products = gather_rows(x_values, x_pick) * gather_rows(y_values, y_pick)
    values = sum_rows(products, inverse.reshape(-1), unique.size)
    batch, rest = np.divmod(unique, m * n)
    coords = np.concatenate([unravel_keys(batch, batch_shape), np.stack(np.divmod(rest, n))])
    return SparseCooTensor(to_index_tensor(coords, values), values, [*batch_shape, m, n], coalesced=True)


def matmul(x, y, name=None):
    """The matrix product ``x @ y`` of a sparse ``x`` [*, M, K] and ``y`` [*, K, N]
    (the same batch dims ``*``, no broadcasting):

    - sparse (COO or CSR) @ dense -> dense;
    - COO @ COO -> COO and CSR @ CSR -> CSR.

    Differentiable with respect to x's values and y.

    Args:
        x (SparseCooTensor|SparseCsrTensor): the left factor.
        y (Tensor|SparseCooTensor|SparseCsrTensor): the right factor, dense or in x's format.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor|SparseCooTensor|SparseCsrTensor: [*, M, N], dense when y is.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]).to_sparse_csr()
        >>> y = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> paddle.sparse.matmul(x, y).numpy().tolist()
        [[3.0, 4.0], [17.0, 22.0]]
    """
    arg.sparse("matmul", x)
    if not isinstance(y, Tensor):
        arg.sparse("matmul", y, "y", formats=(x.format,))
    _check_operands("matmul", x, "x", y, "y")
    if isinstance(y, Tensor):
        return _sparse_times_dense(x, y)
    product = _sparse_times_sparse(x, y)
    return product if x.format == "coo" else coo_to_csr(product)


def mv(x, vec, name=None):
    """The product of a sparse matrix ``x`` [M, N] and a dense vector ``vec`` [N].

    Args:
        x (SparseCooTensor|SparseCsrTensor): the 2-D matrix.
        vec (Tensor): the 1-D vector, of x's dtype.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: the dense vector [M].

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]).to_sparse_coo(2)
        >>> paddle.sparse.mv(x, paddle.to_tensor([1.0, 2.0, 3.0])).numpy().tolist()
        [2.0, 11.0]
    """
    arg.sparse("mv", x)
    arg.dense("mv", vec, "vec")
    arg.rank("mv", x, "x", (2,))
    arg.rank("mv", vec, "vec", (1,))
    if vec.shape[0] != x.shape[1]:
        raise ValueError(f"[mv] argument 'vec': expected shape [{x.shape[1]}] to multiply 'x' of shape "
                         f"{list(x.shape)}, but got {list(vec.shape)}")
    arg.same_dtype("mv", x, "x", vec, "vec")
    return _sparse_times_dense(x, vec.unsqueeze(-1)).squeeze(-1)


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002
    """``beta * input + alpha * (x @ y)`` for a sparse ``x`` [*, M, K], ``y`` [*, K, N]
    and ``input`` [*, M, N]:

    - dense input, sparse x, dense y -> dense;
    - COO input, x and y -> COO; CSR input, x and y -> CSR.

    Args:
        input (Tensor|SparseCooTensor|SparseCsrTensor): the added term.
        x (SparseCooTensor|SparseCsrTensor): the left factor.
        y (Tensor|SparseCooTensor|SparseCsrTensor): the right factor, dense or in x's format.
        beta (float, optional): the factor of input. Default 1.0.
        alpha (float, optional): the factor of the product. Default 1.0.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor|SparseCooTensor|SparseCsrTensor: of input's kind and shape.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 1.0], [2.0, 0.0]]).to_sparse_coo(2)
        >>> out = paddle.sparse.addmm(paddle.ones([2, 2]), x, paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]), 0.5, 2.0)
        >>> out.numpy().tolist()
        [[6.5, 8.5], [4.5, 8.5]]
    """
    for arg_name, factor in (("beta", beta), ("alpha", alpha)):
        if isinstance(factor, bool) or not isinstance(factor, numbers.Real):
            raise TypeError(f"[addmm] argument '{arg_name}': expected a number, but got {arg.describe(factor)}")
    arg.sparse("addmm", x, "x")
    if isinstance(y, Tensor):
        arg.dense("addmm", input, "input")
    else:
        arg.sparse("addmm", y, "y", formats=(x.format,))
        arg.sparse("addmm", input, "input", formats=(x.format,))
    product = matmul(x, y)
    arg.same_shape("addmm", product, "x @ y", input, "input")
    arg.same_dtype("addmm", x, "x", input, "input")
    if isinstance(input, Tensor):
        return beta * input + alpha * product
    return add(input._with_values(input.values() * beta), product._with_values(product.values() * alpha))


def masked_matmul(x, y, mask, name=None):
    """The product ``x @ y`` of two dense tensors, computed only at the sites the
    sparse ``mask`` stores (mask's values are not used): entry (b, i, j) is the
    dot product of row i of x[b] and column j of y[b].

    Args:
        x (Tensor): dense [*, M, K].
        y (Tensor): dense [*, K, N].
        mask (SparseCooTensor|SparseCsrTensor): the sites, [*, M, N].
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor with mask's format and structure.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> mask = paddle.to_tensor([[0.0, 1.0], [1.0, 0.0]]).to_sparse_csr()
        >>> paddle.sparse.masked_matmul(x, x, mask).values().numpy().tolist()
        [10.0, 15.0]
    """
    arg.dense("masked_matmul", x, "x")
    arg.dense("masked_matmul", y, "y")
    arg.sparse("masked_matmul", mask, "mask")
    _check_operands("masked_matmul", x, "x", y, "y")
    expected = [*x.shape[:-1], y.shape[-1]]
    if list(mask.shape) != expected:
        raise ValueError(f"[masked_matmul] argument 'mask': expected the shape of x @ y {expected}, but got "
                         f"{list(mask.shape)}")
    batch_shape, (m, k), n = list(x.shape[:-2]), x.shape[-2:], y.shape[-1]
    batches = math.prod(batch_shape)
    if mask.format == "coo":
        mask = expand_dense_dims(mask)
        coords = host(mask.indices())
        batch, row, col = linear_keys(coords[:-2], batch_shape), coords[-2], coords[-1]
    else:
        batch, row = csr_coordinates(host(mask.crows()), mask.shape)
        col = host(mask.cols())
    x_rows = gather_rows(x.reshape([batches * m, k]), batch * m + row)
    y_columns = gather_rows(y.transpose([*range(len(batch_shape)), y.ndim - 1, y.ndim - 2]).reshape([batches * n, k]),
                            batch * n + col)
    values = (x_rows * y_columns).sum(-1)
    if mask.format == "csr":
        return SparseCsrTensor(mask.crows(), mask.cols(), values, mask.shape)
    return SparseCooTensor(mask.indices(), values, mask.shape, mask.is_coalesced())
