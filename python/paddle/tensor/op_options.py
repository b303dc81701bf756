"""Generated ops with the options PaddlePaddle 3.x computes around its op in
Python: add/subtract's alpha, divide's rounding_mode, index_add's alpha,
mean's dtype, var's correction, round's decimals, transpose's two-axis form,
softmax/log_softmax's dtype and silu's inplace. Each is the YAML op (whose
binding already takes out= and the input=/other=/dim= aliases, Note
[Keyword aliases]) plus that option; paddle, paddle.nn.functional and
Tensor bind these in place of the bare ops.
"""

from __future__ import annotations

from paddle import _checks as check
from paddle._C import DataType, Tensor, _C_ops
from paddle._signature import aliases, writes_out
from paddle.tensor.inplace import update

_INTEGERS = (DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64)


def _scaled(op: str, y, alpha):
    """alpha * y, or y itself for alpha 1 (the common call costs no multiply)."""
    return y if check.number(op, alpha, "alpha") == 1 else y * alpha


@aliases(x="input", y="other")
@writes_out
def add(x, y, name=None, *, alpha=1) -> Tensor:
    """x + alpha * y, elementwise with broadcasting.

    Examples:
        >>> import paddle
        >>> paddle.add(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([10.0, 20.0]), alpha=0.5).tolist()
        [6.0, 12.0]
    """
    return _C_ops.add(x, _scaled("add", y, alpha))


@aliases(x="input", y="other")
@writes_out
def subtract(x, y, name=None, *, alpha=1) -> Tensor:
    """x - alpha * y, elementwise with broadcasting.

    Examples:
        >>> import paddle
        >>> paddle.subtract(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([10.0, 20.0]), alpha=2).tolist()
        [-19.0, -38.0]
    """
    return _C_ops.subtract(x, _scaled("subtract", y, alpha))


def _trunc_divide(x, y):
    """Integer x / y rounded toward zero, exactly (no float round trip): the
    floor quotient, plus one where the division was inexact and the signs differ."""
    floor = _C_ops.floor_divide(x, y)
    inexact = _C_ops.not_equal(_C_ops.remainder(x, y), _C_ops.full([], 0, x.dtype, x.place))
    signs_differ = _C_ops.not_equal(_C_ops.less_than(x, _C_ops.full([], 0, x.dtype, x.place)),
                                    _C_ops.less_than(y, _C_ops.full([], 0, y.dtype, y.place)))
    return floor + _C_ops.cast(_C_ops.logical_and(inexact, signs_differ), floor.dtype)


@aliases(x="input", y="other")
@writes_out
def divide(x, y, name=None, *, rounding_mode=None) -> Tensor:
    """x / y elementwise with broadcasting; rounding_mode None divides exactly
    (integers give floats), 'trunc' rounds the quotient toward zero and
    'floor' down, keeping integer inputs integer.

    Examples:
        >>> import paddle
        >>> x, y = paddle.to_tensor([7, -7]), paddle.to_tensor([2, 2])
        >>> paddle.divide(x, y).tolist(), paddle.divide(x, y, rounding_mode="trunc").tolist()
        ([3.5, -3.5], [3, -3])
        >>> paddle.divide(x, y, rounding_mode="floor").tolist()
        [3, -4]
    """
    if rounding_mode is None:
        return _C_ops.divide(x, y)
    integers = isinstance(x, Tensor) and isinstance(y, Tensor) and x.dtype in _INTEGERS and y.dtype in _INTEGERS
    if rounding_mode == "floor":
        return _C_ops.floor_divide(x, y) if integers else _C_ops.floor(_C_ops.divide(x, y))
    if rounding_mode == "trunc":
        return _trunc_divide(x, y) if integers else _C_ops.trunc(_C_ops.divide(x, y))
    raise ValueError(f"[divide] argument 'rounding_mode': expected None, 'trunc' or 'floor', but got "
                     f"{rounding_mode!r}")


@aliases(x="input", axis="dim", value="source")
@writes_out
def index_add(x, index, axis, value, alpha=1, name=None) -> Tensor:
    """A copy of x with alpha * value's slices added at positions index (1-D) along axis.

    Examples:
        >>> import paddle
        >>> paddle.index_add(paddle.zeros([3]), paddle.to_tensor([0, 2]), 0, paddle.ones([2]), alpha=2).tolist()
        [2.0, 0.0, 2.0]
    """
    return _C_ops.index_add(x, index, axis, _scaled("index_add", value, alpha))


@aliases(x="input", axis="dim")
@writes_out
def mean(x, axis=None, keepdim=False, name=None, *, dtype=None) -> Tensor:
    """The mean over the given axes (all axes when None), computed in `dtype` when given.

    Examples:
        >>> import paddle
        >>> paddle.mean(paddle.to_tensor([1, 2]), dtype="float64").item()
        1.5
    """
    return _C_ops.mean(x if dtype is None else _C_ops.cast(x, dtype), axis, keepdim)


@aliases(x="input", axis="dim")
@writes_out
def var(x, axis=None, unbiased=None, keepdim=False, name=None, *, correction=1) -> Tensor:
    """The variance over the given axes: the squared deviations' sum divided
    by N - correction (N the number of values reduced); `unbiased`, when
    given, decides instead (True: correction 1, False: 0), as in Paddle.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0, 4.0, 9.0])
        >>> paddle.var(x).item(), paddle.var(x, correction=0).item(), paddle.var(x, correction=2).item()
        (12.666666984558105, 9.5, 19.0)
    """
    if unbiased is not None:
        return _C_ops.var(x, axis, check.flag("var", unbiased, "unbiased"), keepdim)
    if correction == 0 or correction == 1:
        return _C_ops.var(x, axis, correction == 1, keepdim)
    population = _C_ops.var(x, axis, False, keepdim)
    count = x.numel() // max(population.numel(), 1)  # the values each result reduced
    return population * (count / (count - correction))


@aliases(x="input")
@writes_out
def round(x, decimals=0, name=None) -> Tensor:  # noqa: A001  (Paddle's name)
    """x rounded to `decimals` decimal places (negative: to tens, hundreds...), halves to even.

    Examples:
        >>> import paddle
        >>> paddle.round(paddle.to_tensor([1.2345, -0.125, 2.5], dtype="float64"), decimals=2).tolist()
        [1.23, -0.12, 2.5]
        >>> paddle.round(paddle.to_tensor([1250.0, 1350.0]), decimals=-2).tolist()
        [1200.0, 1400.0]
    """
    if decimals == 0:
        return _C_ops.round(x)
    decimals = check.integer("round", decimals, "decimals")
    if not -308 <= decimals <= 308:  # 10 ** decimals beyond float64's range
        raise ValueError(f"[round] argument 'decimals': expected an int in [-308, 308], but got {decimals}")
    if check.tensor("round", x).dtype in _INTEGERS and decimals > 0:
        return _C_ops.round(x)  # already whole
    # In float64, so that x * 10 ** decimals overflows only where x has no digit
    # that fine: there x is already rounded and is kept.
    wide = _C_ops.cast(x, DataType.FLOAT64)
    scale = 10.0 ** decimals
    scaled = wide * scale
    rounded = _C_ops.where(_C_ops.isfinite(scaled), _C_ops.round(scaled) / scale, wide)
    return _C_ops.cast(rounded, x.dtype)


@aliases(x="input")
def transpose(x, perm=None, name=None, *, dim0=None, dim1=None) -> Tensor:
    """x with its axes permuted by `perm`; or, as transpose(x, dim0, dim1) or
    with dim0=/dim1=, with those two axes swapped (a view either way).

    Examples:
        >>> import paddle
        >>> x = paddle.zeros([2, 3, 4])
        >>> paddle.transpose(x, [2, 0, 1]).shape, paddle.transpose(x, 0, 2).shape
        (paddle.Size([4, 2, 3]), paddle.Size([4, 3, 2]))
    """
    if check._is_int(perm) and check._is_int(name):  # transpose(x, 0, 2)
        dim0, dim1 = perm, name
    elif dim0 is not None or dim1 is not None:
        if perm is not None:
            raise TypeError("[transpose] pass either perm or dim0 and dim1, not both")
    else:
        return _C_ops.transpose(x, perm)
    if dim0 is None or dim1 is None:
        raise TypeError("[transpose] swapping two axes takes both dim0 and dim1")
    check.tensor("transpose", x)
    rank = len(x.shape)
    order = list(range(rank))
    first, second = (check.axis("transpose", d, rank, arg) for d, arg in ((dim0, "dim0"), (dim1, "dim1")))
    order[first], order[second] = order[second], order[first]
    return _C_ops.transpose(x, order)


@aliases(x="input", axis="dim")
@writes_out
def softmax(x, axis=-1, dtype=None, name=None) -> Tensor:
    """exp(x) normalized to sum to 1 along axis, computed in `dtype` when given (x is cast first).

    Examples:
        >>> import paddle
        >>> paddle.nn.functional.softmax(paddle.to_tensor([0.0, 0.0]), dtype="float64").tolist()
        [0.5, 0.5]
    """
    return _C_ops.softmax(x if dtype is None else _C_ops.cast(x, dtype), axis)


@aliases(x="input", axis="dim")
@writes_out
def log_softmax(x, axis=-1, dtype=None, name=None) -> Tensor:
    """log(softmax(x)) along axis, computed stably, in `dtype` when given (x is cast first).

    Examples:
        >>> import paddle
        >>> paddle.nn.functional.log_softmax(paddle.to_tensor([0.0, 0.0], dtype="float64")).numpy().round(6).tolist()
        [-0.693147, -0.693147]
    """
    return _C_ops.log_softmax(x if dtype is None else _C_ops.cast(x, dtype), axis)


@aliases(x="input")
@writes_out
def silu(x, inplace=False, name=None) -> Tensor:
    """x * sigmoid(x); with inplace=True written into x, which is returned.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([0.0, 1.0], dtype="float64")
        >>> paddle.nn.functional.silu(x, inplace=True) is x
        True
        >>> x.numpy().round(6).tolist()
        [0.0, 0.731059]
    """
    if check.flag("silu", inplace, "inplace"):
        return update("silu_", x, _C_ops.silu)
    return _C_ops.silu(x)


TENSOR_METHODS = {"add": add, "subtract": subtract, "divide": divide, "index_add": index_add, "mean": mean,
                  "var": var, "round": round, "transpose": transpose}
