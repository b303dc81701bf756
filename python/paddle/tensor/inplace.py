"""Paddle's in-place API: ``x.exp_()``, ``paddle.exp_(x)``, ``x.add_(y)``,
``F.relu_(x)``, ``x.fill_(v)``, ``x.uniform_()``, ``x.reshape_(shape)``...

Every variant is the out-of-place function applied through
``_C._update_inplace`` (Note [In-place updates] in paddle/autograd/inplace.h):
the result is written into x (which is returned), with its gradient when
gradients are recorded; nothing per op is defined twice. ``install`` runs
once the package has bound its ops, and adds each variant where Paddle 3.x
has it: a Tensor method, a ``paddle`` function, a ``paddle.nn.functional``
function.
"""

from __future__ import annotations

import inspect
import math

import numpy as np

from paddle import _C
from paddle import _checks as check
from paddle._C import Tensor, pir

# Variants whose out-of-place function has another name.
_RENAMED = {"div": "divide", "mul": "multiply", "sub": "subtract", "clamp": "clip", "less": "less_than",
            "gammaln": "lgamma"}

# Where Paddle 3.x has each value variant: "T" a Tensor method, "P" a paddle function.
_VALUE_VARIANTS = {
    "T": ("abs", "acos", "acosh", "add", "addmm", "asin", "asinh", "atan", "atanh", "baddbmm", "bitwise_and",
          "bitwise_not", "bitwise_or", "bitwise_xor", "cast", "ceil", "clamp", "clip", "cos", "cosh", "cumprod",
          "cumsum", "digamma", "div", "divide", "equal", "erfinv", "exp", "floor", "floor_divide", "floor_mod",
          "gammaln", "greater_equal", "greater_than", "index_add", "index_put", "lerp", "less", "less_equal",
          "less_than", "lgamma", "log10", "log1p", "log2", "log", "logical_and", "logical_not", "logical_or",
          "logical_xor", "logit", "masked_fill", "mod", "mul", "multiply", "nan_to_num", "neg", "not_equal",
          "polygamma", "pow", "put_along_axis", "reciprocal", "remainder", "round", "rsqrt", "scale", "scatter",
          "sigmoid", "sin", "sinh", "sqrt", "square", "sub", "subtract", "tan", "tanh", "tril", "triu", "trunc",
          "copysign", "frac", "gcd", "hypot", "lcm", "ldexp", "multigammaln", "sinc", "bitwise_invert",
          "bitwise_left_shift", "bitwise_right_shift", "gammainc", "gammaincc", "i0", "index_fill", "masked_scatter",
          "renorm", "scatter_add", "fill_diagonal_tensor"),
    "P": ("abs", "acos", "acosh", "addmm", "asin", "asinh", "atan", "atanh", "baddbmm", "bitwise_and",
          "bitwise_not", "bitwise_or", "bitwise_xor", "cast", "cos", "cosh", "cumprod", "cumsum", "digamma", "div",
          "divide", "equal", "erf", "expm1", "floor_divide", "floor_mod", "gammaln", "greater_equal",
          "greater_than", "index_add", "index_put", "less", "less_equal", "less_than", "lgamma", "log10", "log1p",
          "log2", "log", "logical_and", "logical_not", "logical_or", "logical_xor", "logit", "masked_fill", "mod",
          "multiply", "nan_to_num", "neg", "not_equal", "polygamma", "pow", "remainder", "scatter", "sin", "sinh",
          "square", "sub", "subtract", "tan", "tanh", "tril", "triu", "trunc", "copysign", "frac", "gcd", "hypot",
          "lcm", "ldexp", "multigammaln", "sinc", "bitwise_invert", "bitwise_left_shift", "bitwise_right_shift",
          "gammainc", "gammaincc", "i0", "index_fill", "masked_scatter", "renorm", "scatter_add"),
}
_VIEW_VARIANTS = {
    "T": ("reshape", "squeeze", "unsqueeze", "flatten", "transpose", "t"),
    "P": ("reshape", "squeeze", "unsqueeze", "flatten", "transpose", "t"),
}
_FUNCTIONAL_VARIANTS = ("relu", "elu", "leaky_relu", "hardtanh", "softmax", "tanh", "thresholded_relu")


def update(op: str, x, compute, view: bool = False):
    """Makes ``compute(alias of x)`` the new value (or, with `view`, the new
    shape over the same memory) of x, and returns x."""
    if isinstance(x, pir.Value):
        return _update_static(op, x, compute(x), view)
    if not isinstance(x, Tensor):
        raise TypeError(f"[{op}] argument 'x': expected a Tensor, but got {type(x).__name__}")
    _C._update_inplace(op, x, compute, view)
    return x


def _update_static(op: str, x, result, view: bool):
    """A static graph's values never change: x's handle takes the result's
    value, so that every later use of x (and of any name bound to the same
    handle) reads the update, as Paddle's in-place ops do in its programs."""
    known = -1 not in list(x.shape) and -1 not in list(result.shape)
    if not view and known and list(result.shape) != list(x.shape):
        raise ValueError(f"[{op}] the result has shape {list(result.shape)} but x has shape {list(x.shape)}: an "
                         f"in-place op cannot change x's shape")
    x._rebind(result)
    return x


def _first_names(function) -> tuple:
    """The keywords that can name function's first argument: its name and its aliases (``x`` and ``input``
    for a generated op, whose aliases the code generator adds)."""
    if not inspect.isfunction(function):
        return ("x", "input")
    first = next(iter(inspect.signature(function).parameters))
    return (first, *(a for a, p in getattr(function, "_aliases", {}).items() if p == first))


def _variant(op: str, function, view: bool = False):
    names = _first_names(function)

    def variant(*args, **kwargs):
        if args:
            x, args = args[0], args[1:]
        else:  # x by keyword, under its name or an alias (paddle.gcd_(input=a, other=b))
            given = [n for n in names if n in kwargs]
            if len(given) != 1:
                raise TypeError(f"[{op}] expected the tensor to update as the first argument or as one of "
                                f"{', '.join(map(repr, names))}, but got {given or 'none'}")
            x = kwargs.pop(given[0])
        return update(op, x, lambda alias: function(alias, *args, **kwargs), view)

    base = function.__name__
    variant.__name__ = variant.__qualname__ = op
    if inspect.isfunction(function):  # a generated op has no signature to follow
        variant.__wrapped__ = function
    kind = "shape" if view else "result"
    variant.__doc__ = (f"The in-place version of ``{base}``: x takes the {kind} and is returned "
                       f"(see ``{base}`` for the arguments).")
    return variant


def where_(condition, x=None, y=None, name=None):
    """The in-place version of ``paddle.where``: x takes ``where(condition, x, y)`` and is returned.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0, 3.0])
        >>> paddle.where_(x > 1.5, x, paddle.zeros([3])).tolist()
        [0.0, 2.0, 3.0]
    """
    from paddle import where

    return update("where_", x, lambda alias: where(condition, alias, y))


def fill_(x, value) -> Tensor:
    """Sets every element to `value`, in place; returns the tensor.

    Examples:
        >>> import paddle
        >>> paddle.ones([3]).fill_(2.5).tolist()
        [2.5, 2.5, 2.5]
    """
    from paddle.tensor.creation import full_like

    return update("fill_", x, lambda alias: full_like(alias, value))


def zero_(x) -> Tensor:
    """Sets every element to 0, in place; returns the tensor.

    Examples:
        >>> import paddle
        >>> paddle.ones([2]).zero_().tolist()
        [0.0, 0.0]
    """
    from paddle.tensor.creation import full_like

    return update("zero_", x, lambda alias: full_like(alias, 0))


def _diagonal_mask(op: str, shape: list, offset: int, wrap: bool) -> np.ndarray:
    if len(shape) < 2:
        raise ValueError(f"[{op}] the tensor must have at least 2 dims, but has shape {shape}")
    mask = np.zeros(shape, dtype=bool)
    if len(shape) == 2:
        rows, cols = shape
        if wrap and offset == 0:
            flat = np.arange(0, rows * cols, cols + 1)
            mask[flat // cols, flat % cols] = True
        else:
            i = np.arange(max(0, -offset), min(rows, cols - offset))
            mask[i, i + offset] = True
    else:
        if len(set(shape)) != 1 or offset != 0:
            raise ValueError(f"[{op}] a tensor of {len(shape)} dims needs all of one length and offset 0, but has "
                             f"shape {shape} and offset {offset}")
        mask[(np.arange(shape[0]),) * len(shape)] = True
    return mask


def fill_diagonal_(x, value, offset=0, wrap=False, name=None) -> Tensor:
    """Sets the diagonal to `value`, in place, and returns the tensor: of a
    matrix, the elements (i, i + offset); with `wrap`, a tall matrix's
    diagonal starts again below every square block, as numpy.fill_diagonal's
    does. Of a tensor of 3 or more dims, all of one length, the elements
    (i, i, ..., i).

    Examples:
        >>> import paddle
        >>> paddle.zeros([2, 3]).fill_diagonal_(1.0, offset=1).tolist()
        [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    """
    from paddle import where
    from paddle.tensor.creation import full_like, to_tensor

    op = "fill_diagonal_"
    if not isinstance(x, Tensor):
        raise TypeError(f"[{op}] argument 'x': expected a Tensor, but got {type(x).__name__}")
    mask = to_tensor(_diagonal_mask(op, list(x.shape), offset, wrap))
    return update(op, x, lambda alias: where(mask, full_like(alias, value), alias))


def _uniform_of(alias, low, high):
    from paddle.tensor.random import uniform

    return uniform(alias.shape, "float64", low, high)


def _location_scale(op: str, location, scale, names=("mean", "std")):
    """The distribution's location and (non-negative) scale as floats; `names` are the arguments'."""
    location_arg, scale_arg = names
    location = check.number(op, location, location_arg)
    scale = check.number(op, scale, scale_arg)
    if scale < 0:
        raise ValueError(f"[{op}] argument '{scale_arg}': expected a number >= 0, but got {scale}")
    return float(location), float(scale)


def _sample(op: str, x, draw):
    """Fills x with draw(alias) (float64 samples, cast to x's dtype)."""
    return update(op, x, lambda alias: draw(alias).astype(alias.dtype))


def uniform_(x, min=0.0, max=1.0, seed=0, name=None) -> Tensor:
    """Fills x with samples of U[min, max), in place; returns x."""
    from paddle.tensor.random import uniform

    return update("uniform_", x, lambda alias: uniform(alias.shape, alias.dtype, min, max, seed))


def normal_(x, mean=0.0, std=1.0, name=None) -> Tensor:
    """Fills x with samples of N(mean, std**2), in place; returns x."""
    from paddle.tensor.random import normal

    mean, std = _location_scale("normal_", mean, std)
    return _sample("normal_", x, lambda alias: normal(mean, std, alias.shape).astype("float64"))


def log_normal_(x, mean=1.0, std=2.0, name=None) -> Tensor:
    """Fills x with exp of samples of N(mean, std**2), in place; returns x."""
    from paddle.tensor.random import normal

    mean, std = _location_scale("log_normal_", mean, std)
    return _sample("log_normal_", x, lambda alias: normal(mean, std, alias.shape).astype("float64").exp())


def exponential_(x, lam=1.0, name=None) -> Tensor:
    """Fills x with samples of the exponential distribution of rate `lam`, in place; returns x."""
    lam = check.number("exponential_", lam, "lam")
    return _sample("exponential_", x, lambda alias: -(1.0 - _uniform_of(alias, 0.0, 1.0)).log() / lam)


def cauchy_(x, loc=0, scale=1, name=None) -> Tensor:
    """Fills x with samples of the Cauchy distribution (loc, scale), in place; returns x."""
    loc, scale = _location_scale("cauchy_", loc, scale, ("loc", "scale"))
    return _sample("cauchy_", x, lambda alias: loc + scale * (math.pi * (_uniform_of(alias, 0.0, 1.0) - 0.5)).tan())


def geometric_(x, probs, name=None) -> Tensor:
    """Fills x with the number of Bernoulli(probs) trials up to the first success, in place; returns x."""
    probs = check.number("geometric_", probs, "probs")
    if not 0 < probs <= 1:
        raise ValueError(f"[geometric_] argument 'probs': expected a probability in (0, 1], but got {probs}")

    log_failure = math.log1p(-probs) if probs < 1 else -math.inf

    def draw(alias):
        u = 1.0 - _uniform_of(alias, 0.0, 1.0)  # in (0, 1]
        return (u.log() / log_failure).floor() + 1.0
    return _sample("geometric_", x, draw)


def bernoulli_(x, p=0.5, name=None) -> Tensor:
    """Fills x with 1 with probability `p` (a number or a tensor broadcast to x) and 0 otherwise, in place; returns x."""
    if not isinstance(p, Tensor):
        p = check.number("bernoulli_", p, "p")

    def draw(alias):
        return (_uniform_of(alias, 0.0, 1.0) < (p.astype("float64") if isinstance(p, Tensor) else p)).astype("float64")
    return _sample("bernoulli_", x, draw)


# Digits of each float dtype's significand: it holds every integer in [0, 2**digits] exactly.
_SIGNIFICAND_DIGITS = {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}


def random_(x, from_=0, to=None, *, generator=None) -> Tensor:
    """Fills x with integers drawn uniformly from [from_, to), in place;
    returns x. ``x.random_(n)`` draws from [0, n); with no bounds, from
    [0, 2**digits) of a float dtype (digits of its significand: 24 for
    float32) or [0, max) of an integer one. `generator` is there for
    Paddle's signature, where it is a placeholder too: the device's
    generator draws.

    Examples:
        >>> import paddle
        >>> x = paddle.zeros([100], dtype="int32").random_(2, 5)
        >>> sorted(set(x.tolist())) == [2, 3, 4]
        True
    """
    from paddle.tensor.random import randint

    op = "random_"
    check.tensor(op, x)
    dtype = x.dtype.name
    if dtype not in _SIGNIFICAND_DIGITS and not dtype.startswith(("int", "uint")):
        raise TypeError(f"[{op}] argument 'x': expected an integer or floating-point Tensor, but got {check.got(x)}")
    from_ = check.integer(op, from_, "from_")
    if to is None and from_ != 0:  # random_(n): [0, n)
        from_, to = 0, from_
    elif to is None:
        to = 2 ** _SIGNIFICAND_DIGITS[dtype] if dtype in _SIGNIFICAND_DIGITS else int(np.iinfo(dtype).max)
    to = check.integer(op, to, "to")
    if from_ >= to:
        raise ValueError(f"[{op}] expected 'from_' < 'to', but got from_={from_} and to={to}")
    if dtype not in _SIGNIFICAND_DIGITS and not np.iinfo(dtype).min <= from_ < to <= np.iinfo(dtype).max + 1:
        raise ValueError(f"[{op}] [from_, to) = [{from_}, {to}) does not fit in x's dtype {dtype}")
    return update(op, x, lambda alias: randint(from_, to, alias.shape).astype(alias.dtype))


def detach_(x) -> Tensor:
    """Cuts x from the graph that made it, in place: no gradient flows through x (stop_gradient=True); returns x."""
    x.stop_gradient = True
    return x


def requires_grad_(x, requires_grad=True) -> Tensor:
    """Sets ``x.stop_gradient = not requires_grad``; returns x."""
    x.stop_gradient = not requires_grad
    return x


def apply_(x, func) -> Tensor:
    """Replaces x by ``func(x)`` in place (under paddle.no_grad(), as Paddle requires); returns x."""
    from paddle.autograd import is_grad_enabled

    if x.stop_gradient is False and is_grad_enabled():
        raise RuntimeError("[apply_] Tensor.apply_ is only supported under paddle.no_grad() for a tensor that "
                           "requires grad")
    return update("apply_", x, func)


def apply(x, func) -> Tensor:
    """``func(x)``, for a tensor that does not require grad or under paddle.no_grad()."""
    from paddle.autograd import is_grad_enabled

    if x.stop_gradient is False and is_grad_enabled():
        raise RuntimeError("[apply] Tensor.apply is only supported under paddle.no_grad() for a tensor that "
                           "requires grad")
    return func(x)


def copy_(x, src, blocking=True) -> Tensor:
    """Copies src's values (broadcast to x's shape, cast to x's dtype) into x, in place; returns x."""
    def compute(alias):
        if not isinstance(src, Tensor):
            raise TypeError(f"[copy_] argument 'src': expected a Tensor, but got {type(src).__name__}")
        value = src.astype(alias.dtype) if src.dtype != alias.dtype else src
        return value.broadcast_to(alias.shape) if list(value.shape) != list(alias.shape) else value
    return update("copy_", x, compute)


_TENSOR_ONLY = {"fill_": fill_, "zero_": zero_, "fill_diagonal_": fill_diagonal_, "uniform_": uniform_,
                "random_": random_, "exponential_": exponential_, "detach_": detach_, "requires_grad_": requires_grad_,
                "apply_": apply_, "apply": apply, "copy_": copy_}
_BOTH = {"where_": where_, "normal_": normal_, "log_normal_": log_normal_, "cauchy_": cauchy_,
         "geometric_": geometric_, "bernoulli_": bernoulli_}


def install(paddle_module) -> None:
    """Adds the variants to Tensor, paddle and paddle.nn.functional."""
    functional = paddle_module.nn.functional
    for view, table in ((False, _VALUE_VARIANTS), (True, _VIEW_VARIANTS)):
        for where, names in table.items():
            for name in names:
                base = _RENAMED.get(name, name)
                function = getattr(paddle_module, base, None) or getattr(Tensor, base)
                variant = _variant(name + "_", function, view)
                setattr(Tensor if where == "T" else paddle_module, name + "_", variant)
    for name in _FUNCTIONAL_VARIANTS:
        setattr(functional, name + "_", _variant(name + "_", getattr(functional, name)))
    for name, variant in _TENSOR_ONLY.items():
        setattr(Tensor, name, variant)
    for name, variant in _BOTH.items():
        setattr(Tensor, name, variant)
        setattr(paddle_module, name, variant)
