"""Max pooling of sparse COO tensors [N, D, H, W, C]."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle.sparse import _arguments as arg
from paddle.sparse._structure import host, to_index_tensor
from paddle.sparse.nn.functional import _rulebook as rules
from paddle.sparse.sparse_tensor import SparseCooTensor


def _winners(values: np.ndarray, book: rules.Rulebook) -> np.ndarray:
    """For each output site (every one has pairs) and channel, the input entry holding
    the largest value among the pairs feeding it, the first such pair on ties: [sites, C]."""
    order = np.argsort(book.outputs, kind="stable")
    outputs, inputs = book.outputs[order], book.inputs[order]
    new_site = np.r_[True, outputs[1:] != outputs[:-1]]
    starts, site = np.flatnonzero(new_site), np.cumsum(new_site) - 1
    candidates = values[inputs]  # [pairs, C]
    best = np.maximum.reduceat(candidates, starts, axis=0)
    best_pairs = np.where(candidates == best[site], np.arange(inputs.size)[:, None], inputs.size)
    return inputs[np.minimum.reduceat(best_pairs, starts, axis=0)]


def max_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NDHWC", name=None):
    """3-D max pooling of a sparse input: each output site that a window covers
    some stored input site of gets, per channel, the largest stored value in
    the window (the implicit zeros do not take part, as in Paddle).

    Args:
        x (SparseCooTensor): the input [N, D, H, W, C] with sparse_dim 4.
        kernel_size (int|list|tuple): the window size per spatial dim.
        stride (int|list|tuple, optional): the window step. Default: kernel_size.
        padding (int|list|tuple|str, optional): as sparse conv3d's. Default 0.
        ceil_mode (bool, optional): round the output size up. Default False.
        data_format (str, optional): must be 'NDHWC'.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        SparseCooTensor: [N, D_out, H_out, W_out, C], coalesced. The gradient of each output
        value goes to the input value it was taken from.

    Examples:
        >>> import paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 2, 3]], [[-1.0], [-10.0], [5.0]],
        ...                                     [1, 1, 1, 4, 1])
        >>> out = paddle.sparse.nn.functional.max_pool3d(x, [1, 1, 2])
        >>> out.indices().numpy().tolist(), out.values().numpy().ravel().tolist()
        ([[0, 0], [0, 0], [0, 0], [0, 1]], [-1.0, 5.0])
    """
    op = "max_pool3d"
    arg.sparse(op, x, "x", formats=("coo",))
    if x.ndim != 5 or x.sparse_dim() != 4:
        raise ValueError(f"[{op}] argument 'x': expected a 5-D COO tensor [N, D, H, W, C] with sparse_dim 4, but got "
                         f"shape {list(x.shape)} with sparse_dim {x.sparse_dim()}")
    if data_format != "NDHWC":
        raise ValueError(f"[{op}] argument 'data_format': expected 'NDHWC', but got {data_format!r}")
    kernel = rules.ints(op, kernel_size, 3, "kernel_size")
    stride = kernel if stride is None else rules.ints(op, stride, 3, "stride")
    in_size = list(x.shape[1:4])
    pads = rules.paddings(op, padding, 3, in_size, kernel, stride, [1, 1, 1])
    ceil_mode = check.flag(op, ceil_mode, "ceil_mode")
    out_size = [rules.output_size(n, k, s, 1, p, ceil_mode) for n, k, s, p in zip(in_size, kernel, stride, pads)]
    book = rules.regular(host(x.indices()), x.shape[0], out_size, kernel, stride, [1, 1, 1], pads)
    count = book.out_coords.shape[1]
    values = x.values()
    if count:
        winners = _winners(values.numpy(), book)
        values = paddle.take_along_axis(values, to_index_tensor(winners, values), axis=0)
    else:
        values = paddle.zeros([0, x.shape[-1]], dtype=values.dtype)
    return SparseCooTensor(to_index_tensor(book.out_coords, values), values, [x.shape[0], *out_size, x.shape[-1]],
                           coalesced=True)
