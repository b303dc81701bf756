"""Paddle's second names: functions, dtypes and constants that PaddlePaddle
3.x also offers under another name (``paddle.cat`` for ``paddle.concat``,
``paddle.float`` for ``paddle.float32``...). ``install`` binds them once the
package has bound its ops."""

from __future__ import annotations

import inspect
import math

from paddle import _checks as check
from paddle._C import Tensor
from paddle._signature import aliases, writes_out

# alias -> the function of the same signature it names
FUNCTIONS = {
    "cat": "concat", "concatenate": "concat", "clamp": "clip", "div": "divide",
    "mul": "multiply", "sub": "subtract", "eq": "equal", "ne": "not_equal", "gt": "greater_than",
    "greater": "greater_than", "ge": "greater_equal", "lt": "less_than", "less": "less_than",
    "le": "less_equal", "negative": "neg", "ravel": "flatten",
    "gammaln": "lgamma", "reverse": "flip", "take_along_dim": "take_along_axis",
}
# paddle.<alias> -> paddle.nn.functional.<name>
FUNCTIONAL = {
    "conv1d": "conv1d", "conv2d": "conv2d", "conv3d": "conv3d", "layer_norm": "layer_norm",
    "group_norm": "group_norm", "adaptive_avg_pool1d": "adaptive_avg_pool1d",
}
# paddle functions Paddle's Tensor also has as methods (x.angle() is paddle.angle(x))
TENSOR_METHODS = (
    "add_n", "angle", "atleast_1d", "atleast_2d", "atleast_3d", "block_diag", "broadcast_shape", "broadcast_shapes",
    "broadcast_tensors", "cdist", "clamp", "combinations", "concat", "copysign", "count_nonzero", "deg2rad", "diag",
    "diag_embed", "diagflat", "diff", "dist", "div", "dsplit", "eq", "floor_mod", "frac", "frexp", "gammaln", "gcd",
    "ge", "greater", "gt", "heaviside", "histogram", "hsplit", "hypot", "inner", "inverse", "is_complex",
    "is_empty", "is_floating_point", "is_integer", "is_tensor", "isin", "isneginf", "isposinf", "isreal", "lcm",
    "ldexp", "le", "less", "logaddexp", "logical_xor", "lt", "matrix_transpose", "median", "mod", "mul",
    "multigammaln", "multinomial", "nanmedian", "narrow", "ne", "negative", "norm", "permute", "quantile",
    "rad2deg", "rank", "ravel", "reverse", "rot90", "scatter_nd", "sgn", "signbit", "sinc", "softmax", "stack",
    "stanh", "sub", "swapaxes", "swapdims", "take_along_dim", "tensor_split", "tensordot", "trace", "true_divide",
    "unflatten", "unstack", "vander", "vsplit", "where", "polar", "bitwise_left_shift", "bitwise_right_shift",
    "bitwise_invert", "renorm", "i0", "i0e", "i1", "i1e", "gammainc", "gammaincc", "take", "index_sample", "argwhere",
    "index_fill", "masked_scatter", "scatter_add", "scatter_reduce", "select_scatter", "slice_scatter",
    "diagonal_scatter", "fill_diagonal_tensor", "multiplex", "shard_index", "increment", "reduce_as", "searchsorted",
    "bucketize", "msort", "unique_consecutive", "nanquantile", "histogram_bin_edges", "histogramdd", "trapezoid",
    "cumulative_trapezoid", "view", "view_as", "view_as_real", "view_as_complex",
)
# paddle.linalg functions Paddle's Tensor has as methods
LINALG_TENSOR_METHODS = (
    "cholesky_inverse", "cholesky_solve", "corrcoef", "cov", "householder_product", "lu", "lu_unpack", "multi_dot",
    "ormqr", "pca_lowrank", "svd_lowrank", "lstsq", "matrix_power", "pinv", "qr", "slogdet", "solve", "cond",
    "eigvalsh",
)
# paddle functions paddle.linalg also offers
LINALG_ALIASES = ("cross", "diagonal", "matmul", "matrix_transpose")
DTYPES = {"float": "float32", "double": "float64", "half": "float16", "cfloat": "complex64",
          "cdouble": "complex128"}
CONSTANTS = {"pi": math.pi, "e": math.e, "inf": math.inf, "nan": math.nan, "newaxis": None}


def permute(input, *dims) -> Tensor:  # noqa: A002  (Paddle's name)
    """The axes of `input` reordered as `dims` (a list, or the axes one by one).

    Examples:
        >>> import paddle
        >>> paddle.permute(paddle.ones([2, 3, 4]), [2, 0, 1]).shape
        paddle.Size([4, 2, 3])
    """
    from paddle import transpose

    order = list(dims[0]) if len(dims) == 1 and isinstance(dims[0], (list, tuple)) else list(dims)
    return transpose(input, order)


@aliases(input="x", other="y")
@writes_out
def true_divide(input, other) -> Tensor:  # noqa: A002  (Paddle's name)
    """input / other elementwise with broadcasting (paddle.divide under PyTorch's names).

    Examples:
        >>> import paddle
        >>> paddle.true_divide(paddle.to_tensor([7, -7]), paddle.to_tensor([2, 2])).tolist()
        [3.5, -3.5]
    """
    from paddle import divide

    return divide(input, other)


@aliases(input="x", dim="axis")
@writes_out
def softmax(input, dim=None, dtype=None) -> Tensor:  # noqa: A002  (Paddle's name)
    """paddle.nn.functional.softmax under PyTorch's names, along the last axis when dim is None.

    Examples:
        >>> import paddle
        >>> paddle.softmax(paddle.to_tensor([[0.0, 0.0], [1.0, 1.0]])).tolist()
        [[0.5, 0.5], [0.5, 0.5]]
    """
    from paddle.nn.functional import softmax as functional_softmax

    return functional_softmax(input, -1 if dim is None else dim, dtype)


def matrix_transpose(x, name=None) -> Tensor:
    """x with its last two axes swapped.

    Examples:
        >>> import paddle
        >>> paddle.matrix_transpose(paddle.ones([5, 2, 3])).shape
        paddle.Size([5, 3, 2])
    """
    from paddle import transpose

    check.tensor("matrix_transpose", x)
    if len(x.shape) < 2:
        raise ValueError(f"[matrix_transpose] x must have at least 2 dims, but has shape {list(x.shape)}")
    order = list(range(len(x.shape)))
    order[-2], order[-1] = order[-1], order[-2]
    return transpose(x, order)


@aliases(x="input", perm="dim0")
def swapaxes(x, perm, dim1=None, name=None) -> Tensor:
    """x with two of its axes swapped, ``swapaxes(x, 0, 2)``; or, with a
    permutation, x's axes reordered as ``paddle.transpose(x, perm)`` does
    (Paddle's swapaxes and swapdims are its transpose, which takes both).

    Args:
        x (Tensor): the input.
        perm (int|list|tuple): the first axis to swap; or, without `dim1`, a permutation of x's axes.
        dim1 (int, optional): the second axis to swap.

    Examples:
        >>> import paddle
        >>> paddle.swapdims(paddle.ones([2, 3, 4]), 0, 2).shape
        paddle.Size([4, 3, 2])
        >>> paddle.swapaxes(paddle.ones([2, 3, 4]), [1, 0, 2]).shape
        paddle.Size([3, 2, 4])
    """
    from paddle import transpose

    if dim1 is None:
        return transpose(x, perm)
    check.tensor("swapaxes", x)
    rank = len(x.shape)
    order = list(range(rank))
    first, second = check.axis("swapaxes", perm, rank, "dim0"), check.axis("swapaxes", dim1, rank, "dim1")
    order[first], order[second] = order[second], order[first]
    return transpose(x, order)


swapdims = swapaxes


def positive(x, name=None) -> Tensor:
    """x itself (unary plus); a bool tensor is refused, as in Paddle.

    Examples:
        >>> import paddle
        >>> paddle.positive(paddle.to_tensor([-1, 2])).tolist()
        [-1, 2]
    """
    from paddle import bool as bool_

    if not isinstance(x, Tensor):
        raise TypeError(f"[positive] argument 'x': expected a Tensor, but got {type(x).__name__}")
    if x.dtype == bool_:
        raise TypeError("[positive] argument 'x': a bool tensor has no unary plus")
    return x


@aliases(x="obj")
def is_tensor(x) -> bool:
    """Whether x is a paddle.Tensor."""
    return isinstance(x, Tensor)


def _dtype_kind(op: str, x) -> str:
    if not isinstance(x, Tensor):
        raise TypeError(f"[{op}] argument 'x': expected a Tensor, but got {type(x).__name__}")
    name = str(x.dtype).replace("paddle.", "")
    return "complex" if name.startswith("complex") else "float" if "float" in name else name


@aliases(x="input")
def is_complex(x) -> bool:
    """Whether x's dtype is complex64 or complex128."""
    return _dtype_kind("is_complex", x) == "complex"


@aliases(x="input")
def is_floating_point(x) -> bool:
    """Whether x's dtype is a floating-point one (float16, bfloat16, float32, float64)."""
    return _dtype_kind("is_floating_point", x) == "float"


def is_integer(x) -> bool:
    """Whether x's dtype is an integer one (uint8, int8, int16, int32, int64)."""
    return _dtype_kind("is_integer", x) in ("uint8", "int8", "int16", "int32", "int64")


def is_empty(x, name=None) -> Tensor:
    """Whether x has no elements, as a bool 0-D tensor.

    Examples:
        >>> import paddle
        >>> paddle.is_empty(paddle.ones([2, 0])).item()
        True
    """
    from paddle.tensor.creation import to_tensor

    _dtype_kind("is_empty", x)
    return to_tensor(x.size == 0)


def tolist(x) -> list:
    """x's values as (nested) Python lists."""
    return check.tensor("tolist", x).tolist()


def _as_method(function):
    """A function Tensor can hold as a method: a generated op is a builtin,
    which a class would not bind to the instance."""
    if inspect.isfunction(function):
        return function

    def method(self, *args, **kwargs):
        return function(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = function.__name__
    method.__doc__ = function.__doc__
    return method


def install(paddle_module) -> None:
    """Binds the aliases into paddle."""
    functional = paddle_module.nn.functional
    for alias, name in FUNCTIONS.items():
        setattr(paddle_module, alias, getattr(paddle_module, name))
    for alias, name in FUNCTIONAL.items():
        setattr(paddle_module, alias, getattr(functional, name))
    for alias, name in DTYPES.items():
        setattr(paddle_module, alias, getattr(paddle_module, name))
    for name, value in CONSTANTS.items():
        setattr(paddle_module, name, value)
    for function in (true_divide, softmax, permute, matrix_transpose, positive, is_tensor, is_complex, is_floating_point, is_integer,
                     is_empty, tolist):
        setattr(paddle_module, function.__name__, function)
    paddle_module.swapaxes = paddle_module.swapdims = swapaxes
    for name in TENSOR_METHODS:
        if not hasattr(Tensor, name):
            setattr(Tensor, name, _as_method(getattr(paddle_module, name)))
    Tensor.softmax = _as_method(softmax)  # Paddle's is paddle.softmax's (dim, dtype), not the functional one's
    for name in ("stft", "istft"):
        setattr(Tensor, name, _as_method(getattr(paddle_module.signal, name)))
    for name in LINALG_ALIASES:
        setattr(paddle_module.linalg, name, getattr(paddle_module, name))
    for name in LINALG_TENSOR_METHODS:
        if not hasattr(Tensor, name):
            setattr(Tensor, name, _as_method(getattr(paddle_module.linalg, name)))
