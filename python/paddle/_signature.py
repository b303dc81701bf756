"""Decorators that give Python-defined functions PaddlePaddle 3.3's
signatures: keyword aliases (``input`` for ``x``, ``dim`` for ``axis``), an
``out=`` tensor, and the creation options (``device``, ``requires_grad``,
``pin_memory``).

Note [Signature decorators]: each decorator renames or pops its keywords and
calls the function it wraps, so the function itself is written once, with
Paddle's own parameter names, and never sees an alias or ``out``. Stacked,
they merge into one wrapper around the function (one call layer, whose fast
path, a call without keywords, costs one test), which renames aliases first,
then reads ``out`` and the creation options. Each sets ``__signature__``:
``inspect.signature`` shows the real parameters followed by the added ones
as keyword-only, which is what tools/api_coverage.py and
test_paddle_signatures.py read.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect

_KEYWORD_ONLY = inspect.Parameter.KEYWORD_ONLY


class _AliasOf:
    """The default an alias parameter shows in a signature: which parameter it names."""

    def __init__(self, param: str):
        self.param = param

    def __repr__(self) -> str:
        return f"<alias of {self.param!r}>"


@dataclasses.dataclass(frozen=True)
class _Layer:
    """What one merged wrapper adds around a function."""
    aliases: tuple = ()  # (alias, parameter) pairs
    out: bool = False
    creation: tuple = ()  # creation option names
    shape_ints: bool = False


def _signature(function, layer: _Layer) -> inspect.Signature:
    """function's signature with the layer's keyword-only parameters (before a **kwargs, which stays last)."""
    added = [inspect.Parameter(a, _KEYWORD_ONLY, default=_AliasOf(p)) for a, p in layer.aliases]
    if layer.out:
        added.append(inspect.Parameter("out", _KEYWORD_ONLY, default=None))
    added += [inspect.Parameter(o, _KEYWORD_ONLY, default=_CREATION_DEFAULTS[o]) for o in layer.creation]
    signature = inspect.signature(function)
    params = list(signature.parameters.values())
    tail = [p for p in params if p.kind == inspect.Parameter.VAR_KEYWORD]
    head = [p for p in params if p.kind != inspect.Parameter.VAR_KEYWORD]
    taken = {p.name for p in params}
    return signature.replace(parameters=head + [p for p in added if p.name not in taken] + tail)


def _layered(function, **changes):
    """function (or the function under its merged wrapper) wrapped once with its layer plus `changes`."""
    base = getattr(function, "_signature_base", function)
    layer = getattr(function, "_signature_layer", _Layer())
    layer = dataclasses.replace(layer, **{k: (getattr(layer, k) + v if isinstance(v, tuple) else v)
                                          for k, v in changes.items()})
    op = base.__name__
    alias_to_param = dict(layer.aliases)
    alias_names = frozenset(alias_to_param)
    keywords = alias_names | ({"out"} if layer.out else set()) | frozenset(layer.creation)
    from paddle._checks import _is_int

    @functools.wraps(base)
    def wrapper(*args, **kwargs):
        if layer.shape_ints and len(args) > 1 and all(_is_int(a) for a in args):
            args = (list(args),)  # zeros(2, 3) for zeros([2, 3])
        if not kwargs or keywords.isdisjoint(kwargs):
            return base(*args, **kwargs)
        for alias in alias_names.intersection(kwargs):
            param = alias_to_param[alias]
            if param in kwargs:
                raise TypeError(f"[{op}] got both '{param}' and its alias '{alias}'; pass one")
            kwargs[param] = kwargs.pop(alias)
        out = kwargs.pop("out", None) if layer.out else None
        chosen = {o: kwargs.pop(o) for o in layer.creation if o in kwargs}
        result = _create(op, lambda: base(*args, **kwargs), **chosen) if chosen else base(*args, **kwargs)
        return result if out is None else write_out(op, out, result)

    wrapper.__signature__ = _signature(base, layer)
    wrapper._signature_base, wrapper._signature_layer = base, layer
    wrapper._aliases = alias_to_param
    return wrapper


def aliases(**names):
    """Accepts each alias keyword in place of its parameter: ``@aliases(x="input",
    axis=("dim", "axes"))``. Passing both a parameter and its alias raises
    TypeError (Paddle raises ValueError("Cannot specify both ...")); the
    generated ops say the same.

    Examples:
        >>> from paddle._signature import aliases
        >>> @aliases(x="input")
        ... def double(x):
        ...     return 2 * x
        >>> double(input=3)
        6
    """
    pairs = tuple((a, param) for param, alias in names.items() for a in ((alias,) if isinstance(alias, str) else alias))
    return lambda function: _layered(function, aliases=pairs)


def write_out(op: str, out, result):
    """Writes `result` into `out` (a Tensor, or a tuple/list of them for a
    multi-output function) and returns out; returns result when out is None.
    When out has the result's shape the values go into out's memory, so views
    of out see them; otherwise out takes the result's storage. out joins the
    autograd graph as the result (see _C._write_out). For the functions that
    take `out` positionally, as Paddle's do; the others use writes_out."""
    if out is None:
        return result
    from paddle import _C

    _C._write_out(op, out, result)
    return out


def writes_out(function):
    """Adds a keyword-only ``out=None``: when given, the result is written into
    it (write_out) and out is returned.

    Examples:
        >>> import paddle
        >>> out = paddle.zeros([3], dtype="int64")
        >>> paddle.cumsum(paddle.to_tensor([1, 2, 3]), out=out) is out
        True
        >>> out.tolist()
        [1, 3, 6]
    """
    return _layered(function, out=True)


def shape_from_ints(function):
    """Also takes the shape as ints one by one, ``zeros(2, 3)`` for
    ``zeros([2, 3])``, as Paddle 3.3's zeros, ones, empty, rand and randn do:
    when there are several positional arguments and every one is an int,
    together they are the shape."""
    return _layered(function, shape_ints=True)


def place_of(op: str, device):
    """The place `device` names: a Place, or a string such as 'cpu', 'gpu', 'gpu:1' or 'cuda:0'."""
    from paddle import _C
    from paddle.device import _device_place

    if isinstance(device, bool) or not isinstance(device, (str, _C.Place)):
        raise TypeError(f"[{op}] argument 'device': expected a str or a Place, but got {type(device).__name__}")
    return _device_place(device, op)


def on_device(op: str, device, make):
    """make() run with `device` as the current device (as
    paddle.device.device_guard does), so that the result is made there
    rather than made elsewhere and copied; make() itself when device is None."""
    from paddle import _C

    if device is None:
        return make()
    place = place_of(op, device)
    previous = _C.get_default_place()
    if place == previous:
        return make()
    try:
        _C.set_device(place._device_string())
    except RuntimeError as e:  # the device is missing
        raise RuntimeError(f"[{op}] argument 'device': {e}") from None
    try:
        return make()
    finally:
        _C.set_device(previous._device_string())


_CREATION_DEFAULTS = {"device": None, "requires_grad": False, "pin_memory": False}


def _create(op: str, make, device=None, requires_grad=False, pin_memory=False):
    from paddle import _checks as check

    requires_grad, pin_memory = check.flag(op, requires_grad, "requires_grad"), check.flag(op, pin_memory, "pin_memory")
    result = on_device(op, device, make)
    if requires_grad:
        result.stop_gradient = False
    return result.pin_memory() if pin_memory else result


def creation_options(*options: str):
    """Adds Paddle 3.3's keyword-only creation options (all three when none
    are named): ``device`` makes the result on that device (a str or a
    Place), ``requires_grad=True`` sets its stop_gradient to False, and
    ``pin_memory=True`` returns it in page-locked memory (which needs a CUDA
    GPU; without one it raises RuntimeError, as Paddle's CPU build does).

    Examples:
        >>> import paddle
        >>> x = paddle.zeros([2], device="cpu", requires_grad=True)
        >>> x.place, x.stop_gradient
        (Place(cpu), False)
    """
    options = options or tuple(_CREATION_DEFAULTS)
    unknown = set(options) - set(_CREATION_DEFAULTS)
    if unknown:
        raise ValueError(f"[creation_options] unknown options {sorted(unknown)}")
    return lambda function: _layered(function, creation=options)
