"""Elementwise functions of sparse tensors that map 0 to 0, so they act on
the stored values alone and keep the structure (COO and CSR alike)."""

from __future__ import annotations

import numbers

import paddle
from paddle.sparse import _arguments as arg

# Functions Paddle's sparse kernels compute in floating point: integer values
# are cast to the default float dtype first, as Paddle's autocast does.
_FLOATING = ("sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh", "sqrt", "log1p", "expm1", "deg2rad",
             "rad2deg")


def map_values(op: str, x, fn):
    """x with fn applied to its values (which fn must map 0 to 0 for)."""
    arg.sparse(op, x)
    values = x.values()
    if op in _FLOATING and not (paddle.is_floating_point(values) or paddle.is_complex(values)):
        values = values.astype(paddle.get_default_dtype())
    return x._with_values(fn(values))


def _elementwise(op: str, formula: str):
    def function(x, name=None):
        return map_values(op, x, getattr(paddle, op))  # looked up at call time: paddle is still loading here

    function.__name__ = function.__qualname__ = op
    function.__doc__ = f"""Computes ``{formula}`` for every stored value of the sparse tensor ``x``
    (COO or CSR); the structure is kept.

    Args:
        x (SparseCooTensor|SparseCsrTensor): the input; integer values are computed in float.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor of x's format and structure.
    """
    return function


sin = _elementwise("sin", "sin(x)")
tan = _elementwise("tan", "tan(x)")
asin = _elementwise("asin", "asin(x)")
atan = _elementwise("atan", "atan(x)")
sinh = _elementwise("sinh", "sinh(x)")
asinh = _elementwise("asinh", "asinh(x)")
atanh = _elementwise("atanh", "atanh(x)")
tanh = _elementwise("tanh", "tanh(x)")
sqrt = _elementwise("sqrt", "sqrt(x)")
log1p = _elementwise("log1p", "log(1 + x)")
expm1 = _elementwise("expm1", "exp(x) - 1")
deg2rad = _elementwise("deg2rad", "x * pi / 180")
rad2deg = _elementwise("rad2deg", "x * 180 / pi")
square = _elementwise("square", "x * x")
abs = _elementwise("abs", "|x|")  # noqa: A001
neg = _elementwise("neg", "-x")


def pow(x, factor, name=None):  # noqa: A001
    """Raises every stored value of ``x`` to the power ``factor`` (a number); the
    structure is kept, so the implicit zeros stay 0 (``factor`` should be positive).

    Args:
        x (SparseCooTensor|SparseCsrTensor): the input.
        factor (float): the exponent.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor of x's format and structure.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 2.0], [3.0, 0.0]]).to_sparse_coo(2)
        >>> paddle.sparse.pow(x, 2).to_dense().numpy().tolist()
        [[0.0, 4.0], [9.0, 0.0]]
    """
    if isinstance(factor, bool) or not isinstance(factor, numbers.Real):
        raise TypeError(f"[pow] argument 'factor': expected a number, but got {arg.describe(factor)}")
    return map_values("pow", x, lambda values: paddle.pow(values, factor))


def isnan(x, name=None):
    """Whether each stored value of ``x`` is NaN, as a bool sparse tensor of the same
    structure (the implicit zeros are not NaN).

    Args:
        x (SparseCooTensor|SparseCsrTensor): the input.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A bool sparse tensor of x's format and structure.
    """
    return map_values("isnan", x, paddle.isnan)


def cast(x, index_dtype=None, value_dtype=None, name=None):
    """Casts the indices (COO indices, or CSR crows and cols) to ``index_dtype`` and
    the values to ``value_dtype``; either may be None to keep it.

    Args:
        x (SparseCooTensor|SparseCsrTensor): the input.
        index_dtype (str|paddle.dtype, optional): an integer dtype for the indices.
        value_dtype (str|paddle.dtype, optional): the values' new dtype.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        A sparse tensor of x's format and structure.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0, 2], [3, 0]]).to_sparse_csr()
        >>> y = paddle.sparse.cast(x, 'int32', 'float64')
        >>> print(y.crows().dtype, y.values().dtype)
        paddle.int32 paddle.float64
    """
    arg.sparse("cast", x)
    values = x.values() if value_dtype is None else x.values().astype(value_dtype)

    def indices(t):
        if index_dtype is None:
            return t
        t = t.astype(index_dtype)
        if t.dtype.name not in ("int8", "int16", "int32", "int64"):
            raise TypeError(f"[cast] argument 'index_dtype': expected an integer dtype, but got {t.dtype.name}")
        return t

    if x.format == "coo":
        return type(x)(indices(x.indices()), values, x.shape, x.is_coalesced())
    return type(x)(indices(x.crows()), indices(x.cols()), values, x.shape)
