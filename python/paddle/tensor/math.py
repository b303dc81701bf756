"""Math functions whose Python signature differs from a single op."""

from __future__ import annotations

import numbers

from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases, writes_out


@aliases(x="input", y="exponent")
@writes_out
def pow(x, y, name=None) -> Tensor:  # noqa: A001  (Paddle's public name)
    """x raised to the power y, elementwise; y is a number or a Tensor.

    Examples:
        >>> import paddle
        >>> paddle.pow(paddle.to_tensor([1.0, 2.0, 3.0]), 2).numpy().tolist()
        [1.0, 4.0, 9.0]
    """
    check.tensor("pow", x, "x")
    if isinstance(y, check.TENSOR_TYPES):
        return _C_ops.elementwise_pow(x, y)
    if isinstance(y, bool) or not isinstance(y, numbers.Number):
        raise TypeError(f"[pow] argument 'y': expected a number or a Tensor, but got {type(y).__name__}")
    return x ** y


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None) -> Tensor:
    """|x - y| <= atol + rtol * |y| elementwise (NaNs equal when equal_nan).

    Examples:
        >>> import paddle
        >>> paddle.isclose(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([1.0, 2.1])).numpy().tolist()
        [True, False]
    """
    import paddle
    for arg, t in (("x", x), ("y", y)):
        check.tensor("isclose", t, arg)
    for arg, v in (("rtol", rtol), ("atol", atol)):
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError(f"[isclose] argument '{arg}': expected a number, but got {type(v).__name__}")
    if rtol < 0 or atol < 0:
        raise ValueError(f"[isclose] rtol and atol must be >= 0, but got {rtol} and {atol}")
    return _C_ops.isclose(x, y, rtol, atol, check.flag("isclose", equal_nan, "equal_nan"))


def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None) -> Tensor:
    """Whether isclose holds everywhere, as a bool 0-D tensor."""
    import paddle
    return paddle.all(isclose(x, y, rtol, atol, equal_nan))


def equal_all(x, y, name=None) -> Tensor:
    """Whether x and y have one shape and equal values, as a bool 0-D tensor."""
    import paddle
    check.tensor("equal_all", x)
    check.tensor("equal_all", y, "y")
    if list(x.shape) != list(y.shape):
        return paddle.to_tensor(False)
    return paddle.all(x == y)


def nan_to_num(x, nan=0.0, posinf=None, neginf=None, name=None) -> Tensor:
    """x with NaN replaced by `nan` and +-inf by posinf/neginf (the dtype's extremes by default)."""
    import numpy as np

    import paddle
    check.tensor("nan_to_num", x)
    for arg, v in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
        if v is not None:
            check.number("nan_to_num", v, arg)
    info = np.finfo(np.float32 if x.dtype in (paddle.float16, paddle.bfloat16, paddle.float32) else np.float64)
    if x.dtype == paddle.float16:
        info = np.finfo(np.float16)
    big = float(info.max) if posinf is None else posinf
    small = float(info.min) if neginf is None else neginf
    out = paddle.where(paddle.isnan(x), paddle.full([], nan, x.dtype), x)
    out = paddle.where(out == float("inf"), paddle.full([], big, x.dtype), out)
    return paddle.where(out == float("-inf"), paddle.full([], small, x.dtype), out)


def logit(x, eps=None, name=None) -> Tensor:
    """log(x / (1 - x)), with x clipped to [eps, 1 - eps] when eps is given."""
    check.tensor("logit", x)
    return _C_ops.logit(x, 0.0 if eps is None else float(check.number("logit", eps, "eps")))


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None) -> Tensor:  # noqa: A002
    """scale * x + bias (or scale * (x + bias) when bias_after_scale is False)."""
    import paddle

    if act is not None and (not isinstance(act, str) or not hasattr(paddle.nn.functional, act)):
        raise TypeError(f"[scale] argument 'act': expected the name of an activation, but got {act!r}")
    check.tensor("scale", x)
    for arg, v in (("scale", scale), ("bias", bias)):
        if not isinstance(v, Tensor):
            check.number("scale", v, arg)
    bias_after_scale = check.flag("scale", bias_after_scale, "bias_after_scale")
    out = x * scale + bias if bias_after_scale else (x + bias) * scale
    return out if act is None else getattr(paddle.nn.functional, act)(out)


@writes_out
def logical_xor(x, y, name=None) -> Tensor:
    """Elementwise x XOR y (non-zero values are true), written into `out` when given."""
    import paddle
    return paddle.logical_and(paddle.logical_or(x, y), paddle.logical_not(paddle.logical_and(x, y)))


@aliases(x="input", y="other")
@writes_out
def mod(x, y, name=None) -> Tensor:
    """The remainder of x / y with the sign of y (Paddle's name for remainder)."""
    import paddle
    return paddle.remainder(x, y)


floor_mod = mod


def real(x, name=None) -> Tensor:
    """The real part of x (x itself for a real tensor).

    Examples:
        >>> import paddle
        >>> paddle.real(paddle.to_tensor([1 + 2j])).numpy().tolist()
        [1.0]
    """
    import paddle

    check.tensor("real", x, "x")
    if x.dtype not in (paddle.complex64, paddle.complex128):
        return x
    return _C_ops.as_real(x)[..., 0]


def imag(x, name=None) -> Tensor:
    """The imaginary part of x (zeros for a real tensor)."""
    import paddle

    check.tensor("imag", x, "x")
    if x.dtype not in (paddle.complex64, paddle.complex128):
        return paddle.zeros_like(x)
    return _C_ops.as_real(x)[..., 1]


@writes_out
def complex(real, imag, name=None) -> Tensor:  # noqa: A001  (Paddle's name)
    """real + i imag (broadcast together) as a complex tensor."""
    return _C_ops.complex(real, imag)


def add_n(inputs, name=None) -> Tensor:
    """The element-wise sum of `inputs` (a Tensor, or a list of Tensors of one
    shape and dtype).

    Examples:
        >>> import paddle
        >>> paddle.add_n([paddle.ones([2]), paddle.full([2], 2.0)]).tolist()
        [3.0, 3.0]
    """
    op = "add_n"
    if isinstance(inputs, Tensor):
        inputs = [inputs]
    if not isinstance(inputs, (list, tuple)) or not inputs:
        raise TypeError(f"[{op}] argument 'inputs': expected a Tensor or a non-empty list of Tensors, but got "
                        f"{check.got(inputs)}")
    for i, t in enumerate(inputs):
        check.tensor(op, t, f"inputs[{i}]")
        if t.shape != inputs[0].shape or t.dtype != inputs[0].dtype:
            raise ValueError(f"[{op}] argument 'inputs[{i}]': expected shape {list(inputs[0].shape)} and dtype "
                             f"{inputs[0].dtype} like inputs[0], but got {list(t.shape)} and {t.dtype}")
    total = inputs[0]
    for t in inputs[1:]:
        total = total + t
    return total if len(inputs) > 1 else total.clone()
