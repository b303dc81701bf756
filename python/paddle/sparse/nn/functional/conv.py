"""Sparse convolutions of COO tensors [N, *spatial, C] (sparse over N and the
spatial dims, dense over the channels), by gather-GEMM-scatter: for each
kernel offset, the input rows its rulebook pairs name are gathered,
multiplied by that offset's [C_in, C_out] weight slice and added into the
paired output rows. Differentiable with respect to x's values, the weight
and the bias.
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle.sparse import _arguments as arg
from paddle.sparse._rows import gather_rows, sum_rows
from paddle.sparse._structure import host, to_index_tensor
from paddle.sparse.conversion import coalesce
from paddle.sparse.nn.functional import _rulebook as rules
from paddle.sparse.sparse_tensor import SparseCooTensor

_FORMATS = {2: "NHWC", 3: "NDHWC"}


def _check(op: str, x, weight, bias, groups, data_format, dims: int) -> None:
    arg.sparse(op, x, "x", formats=("coo",))
    if x.ndim != dims + 2 or x.sparse_dim() != dims + 1:
        raise ValueError(f"[{op}] argument 'x': expected a {dims + 2}-D COO tensor [N, {'D, ' * (dims == 3)}H, W, C] "
                         f"with sparse_dim {dims + 1}, but got shape {list(x.shape)} with sparse_dim {x.sparse_dim()}")
    arg.dense(op, weight, "weight")
    if weight.ndim != dims + 2 or weight.shape[-2] != x.shape[-1]:
        raise ValueError(f"[{op}] argument 'weight': expected a {dims + 2}-D tensor [*kernel_size, {x.shape[-1]}, "
                         f"C_out] for x of shape {list(x.shape)}, but got shape {list(weight.shape)}")
    arg.same_dtype(op, x, "x", weight, "weight")
    if bias is not None:
        arg.dense(op, bias, "bias")
        if list(bias.shape) != [weight.shape[-1]]:
            raise ValueError(f"[{op}] argument 'bias': expected shape [{weight.shape[-1]}], but got "
                             f"{list(bias.shape)}")
    if groups != 1:
        raise ValueError(f"[{op}] argument 'groups': expected 1 (the only grouping sparse convolution has), but got "
                         f"{groups}")
    if data_format != _FORMATS[dims]:
        raise ValueError(f"[{op}] argument 'data_format': expected {_FORMATS[dims]!r}, but got {data_format!r}")


def _gather_gemm_scatter(values, weight, book: rules.Rulebook):
    """Sum over pairs p of values[inputs[p]] @ kernels[offsets[p]] into row outputs[p]."""
    kernels = weight.reshape([-1, weight.shape[-2], weight.shape[-1]])
    count = book.out_coords.shape[1]
    terms, targets = [], []
    for number in np.unique(book.offsets):
        chosen = book.offsets == number
        terms.append(gather_rows(values, book.inputs[chosen]) @ kernels[int(number)])
        targets.append(book.outputs[chosen])
    if not terms:
        return paddle.zeros([count, weight.shape[-1]], dtype=values.dtype)
    return sum_rows(paddle.concat(terms), np.concatenate(targets), count)


def _conv(op: str, x, weight, bias, stride, padding, dilation, groups, data_format, dims: int, subm: bool):
    _check(op, x, weight, bias, groups, data_format, dims)
    kernel = list(weight.shape[:dims])
    stride = rules.ints(op, stride, dims, "stride")
    dilation = rules.ints(op, dilation, dims, "dilation")
    batch, in_size = x.shape[0], list(x.shape[1:-1])
    pads = rules.paddings(op, padding, dims, in_size, kernel, stride, dilation)
    if subm:
        x = coalesce(x)
        book = rules.submanifold(host(x.indices()), batch, in_size, kernel, dilation)
        out_size = in_size
    else:
        out_size = [rules.output_size(*dim) for dim in zip(in_size, kernel, stride, dilation, pads)]
        book = rules.regular(host(x.indices()), batch, out_size, kernel, stride, dilation, pads)
    values = _gather_gemm_scatter(x.values(), weight, book)
    if bias is not None:
        values = values + bias
    indices = to_index_tensor(book.out_coords, values)
    return SparseCooTensor(indices, values, [batch, *out_size, weight.shape[-1]], coalesced=True)


def _doc(summary: str, dims: int, subm: bool, example: str = "") -> str:
    """The docstring of a convolution function: `summary`, then its arguments."""
    spatial = "D, H, W" if dims == 3 else "H, W"
    out_spatial = spatial if subm else ", ".join(f"{d}_out" for d in spatial.split(", "))
    key = "\n        key (str, optional): unused (Paddle caches the rulebook under it)." if subm else ""
    return f"""{summary}

    Args:
        x (SparseCooTensor): the input [N, {spatial}, C_in], sparse over all dims but the channels
            (``dense.to_sparse_coo({dims + 1})``).
        weight (Tensor): the kernel [{", ".join("k" + d for d in spatial.split(", "))}, C_in, C_out].
        bias (Tensor, optional): [C_out], added at every output site.
        stride (int|list|tuple, optional): the stride per spatial dim. Default 1.
        padding (int|list|tuple|str, optional): an int, one per spatial dim, a (before, after) pair per
            spatial dim, or 'SAME'/'VALID'. Default 0.
        dilation (int|list|tuple, optional): the spacing of the kernel taps. Default 1.
        groups (int, optional): must be 1.
        data_format (str, optional): must be {_FORMATS[dims]!r}.{key}
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        SparseCooTensor: [N, {out_spatial}, C_out] with sparse_dim {dims + 1}.
{example}"""


def _regular_summary(dims: int) -> str:
    return (f"""The {dims}-D convolution (cross-correlation, as paddle.nn.functional.conv{dims}d) of a
    sparse input, evaluated at every output site that some stored input site reaches
    through the kernel; the other outputs are implicit zeros (no bias there).""")


def _subm_summary(dims: int, igemm: bool = False) -> str:
    return (f"""The {dims}-D submanifold convolution: the output keeps x's shape and stores exactly x's
    sites (coalesced); output site o sums ``x[o + (k - kernel_size // 2) * dilation] @ weight[k]``
    over the kernel offsets k whose input site is stored. As in Paddle, ``stride`` and
    ``padding`` do not change the result.""" + (f" Paddle's implicit-GEMM variant; here the same computation "
                                                  f"as subm_conv{dims}d." if igemm else ""))


def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NDHWC", name=None):
    return _conv("conv3d", x, weight, bias, stride, padding, dilation, groups, data_format, 3, subm=False)


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NHWC", name=None):
    return _conv("conv2d", x, weight, bias, stride, padding, dilation, groups, data_format, 2, subm=False)


def subm_conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NDHWC", key=None,
                name=None):
    return _conv("subm_conv3d", x, weight, bias, stride, padding, dilation, groups, data_format, 3, subm=True)


def subm_conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NHWC", key=None,
                name=None):
    return _conv("subm_conv2d", x, weight, bias, stride, padding, dilation, groups, data_format, 2, subm=True)


def subm_conv3d_igemm(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NDHWC", key=None,
                      name=None):
    return _conv("subm_conv3d_igemm", x, weight, bias, stride, padding, dilation, groups, data_format, 3, subm=True)


def subm_conv2d_igemm(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NHWC", key=None,
                      name=None):
    return _conv("subm_conv2d_igemm", x, weight, bias, stride, padding, dilation, groups, data_format, 2, subm=True)


conv3d.__doc__ = _doc(_regular_summary(3), 3, subm=False, example="""
    Examples:
        >>> import paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 0], [0, 1], [1, 2]], [[1.0], [2.0]], [1, 1, 2, 3, 1])
        >>> out = paddle.sparse.nn.functional.conv3d(x, paddle.ones([1, 2, 2, 1, 1]))
        >>> out.shape, out.indices().numpy().tolist(), out.values().numpy().ravel().tolist()
        (paddle.Size([1, 1, 1, 2, 1]), [[0, 0], [0, 0], [0, 0], [0, 1]], [1.0, 3.0])
""")
conv2d.__doc__ = _doc(_regular_summary(2), 2, subm=False)
subm_conv3d.__doc__ = _doc(_subm_summary(3), 3, subm=True, example="""
    Examples:
        >>> import paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 0], [0, 1], [1, 2]], [[1.0], [2.0]], [1, 1, 2, 3, 1])
        >>> out = paddle.sparse.nn.functional.subm_conv3d(x, paddle.ones([1, 3, 3, 1, 1]))
        >>> out.indices().numpy().tolist(), out.values().numpy().ravel().tolist()
        ([[0, 0], [0, 0], [0, 1], [1, 2]], [3.0, 3.0])
""")
subm_conv2d.__doc__ = _doc(_subm_summary(2), 2, subm=True)
subm_conv3d_igemm.__doc__ = _doc(_subm_summary(3, igemm=True), 3, subm=True)
subm_conv2d_igemm.__doc__ = _doc(_subm_summary(2, igemm=True), 2, subm=True)
