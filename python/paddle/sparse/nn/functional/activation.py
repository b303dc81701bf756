"""Activations of sparse tensors: relu, relu6 and leaky_relu map 0 to 0 and act
on the stored values; softmax normalizes over the stored values only."""

from __future__ import annotations

import numbers

import numpy as np

import paddle
from paddle import _checks as check
from paddle.nn import functional as F
from paddle.sparse import _arguments as arg
from paddle.sparse._rows import gather_rows, sum_rows
from paddle.sparse._structure import host, linear_keys
from paddle.sparse.conversion import csr_to_coo
from paddle.sparse.unary import map_values

_ACTIVATION_ARGS = """
    Args:
        x (SparseCooTensor|SparseCsrTensor): the input.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor of x's format and structure.
"""


def relu(x, name=None):
    return map_values("relu", x, F.relu)


def relu6(x, name=None):
    return map_values("relu6", x, F.relu6)


relu.__doc__ = "``max(x, 0)`` of every stored value of ``x``.\n" + _ACTIVATION_ARGS + """
    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, -1.0], [2.0, 0.0]]).to_sparse_coo(2)
        >>> paddle.sparse.nn.functional.relu(x).values().numpy().tolist()
        [0.0, 2.0]
"""
relu6.__doc__ = "``min(max(x, 0), 6)`` of every stored value of ``x``.\n" + _ACTIVATION_ARGS


def leaky_relu(x, negative_slope=0.01, name=None):
    """``x`` where positive, ``negative_slope * x`` elsewhere, for every stored value.

    Args:
        x (SparseCooTensor|SparseCsrTensor): the input.
        negative_slope (float, optional): the slope of the negative part. Default 0.01.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor of x's format and structure.
    """
    if isinstance(negative_slope, bool) or not isinstance(negative_slope, numbers.Real):
        raise TypeError(f"[leaky_relu] argument 'negative_slope': expected a number, but got "
                        f"{arg.describe(negative_slope)}")
    return map_values("leaky_relu", x, lambda values: F.leaky_relu(values, negative_slope))


def _softmax_over_groups(values, groups: np.ndarray, count: int):
    """Softmax of the rows of `values` within each group: exp(v - max) / sum exp(v - max),
    the per-group max (a constant for autograd) keeping exp in range."""
    host_values = values.numpy()
    largest = np.full((count, *host_values.shape[1:]), -np.inf, dtype=host_values.dtype)
    np.maximum.at(largest, groups, host_values)
    exponentials = paddle.exp(values - paddle.to_tensor(largest[groups], place=values.place))
    return exponentials / gather_rows(sum_rows(exponentials, groups, count), groups)


def softmax(x, axis=-1, name=None):
    """Softmax along ``axis`` over the stored values only: the implicit zeros count
    as -inf (they stay zero and take no share), so each line of stored values
    along ``axis`` sums to 1. The structure is kept.

    Args:
        x (SparseCooTensor|SparseCsrTensor): the input, float32 or float64.
        axis (int, optional): the dim to normalize along. Default -1.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor of x's format and structure.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 1.0, 1.0], [3.0, 0.0, 0.0]]).to_sparse_csr()
        >>> paddle.sparse.nn.functional.softmax(x).values().numpy().tolist()
        [0.5, 0.5, 1.0]
    """
    op = "softmax"
    arg.sparse(op, x)
    arg.float_dtype(op, x, "x")
    axis = check.axis(op, axis, x.ndim)
    coo = csr_to_coo(x) if x.format == "csr" else x  # a CSR tensor's entries keep their order in COO
    sparse_dim = coo.sparse_dim()
    if axis >= sparse_dim:
        return x._with_values(F.softmax(x.values(), axis=axis - sparse_dim + 1))
    # Entries sharing every sparse coordinate but the one along axis form a line.
    others = [d for d in range(sparse_dim) if d != axis]
    keys = linear_keys(host(coo.indices())[others], [x.shape[d] for d in others])
    lines, line_of_entry = np.unique(keys, return_inverse=True)
    return x._with_values(_softmax_over_groups(x.values(), line_of_entry.reshape(-1), lines.size))
