"""Argument checks shared by paddle.nn.utils: the `parameters` argument (a Tensor or an iterable of
Tensors, as a list), and the parameter a reparametrizing hook (weight_norm, spectral_norm) replaces."""

from __future__ import annotations

from paddle import _checks as check
from paddle._C import Tensor


def tensor_list(op: str, parameters, arg: str = "parameters") -> list[Tensor]:
    if isinstance(parameters, Tensor):
        return [parameters]
    try:
        items = list(parameters)
    except TypeError:
        raise TypeError(f"[{op}] argument '{arg}': expected a Tensor or an iterable of Tensors, but got "
                        f"{check.got(parameters)}") from None
    for p in items:
        if not isinstance(p, Tensor):
            raise TypeError(f"[{op}] argument '{arg}': expected a Tensor or an iterable of Tensors, but got an "
                            f"element {check.got(p)}")
    return items


def hooked_parameter(op: str, layer, name, hook_type) -> Tensor:
    """The parameter `name` of `layer` that a `hook_type` forward pre-hook is to
    reparametrize; refuses a non-Layer, an unknown name and a second such hook."""
    import paddle

    if not isinstance(layer, paddle.nn.Layer):
        raise TypeError(f"[{op}] argument 'layer': expected a Layer, but got {check.got(layer)}")
    for hook in layer._forward_pre_hooks.values():
        if isinstance(hook, hook_type) and hook.name == name:
            raise RuntimeError(f"[{op}] the parameter {name!r} already has a {op} hook")
    weight = layer._parameters.get(name) if isinstance(name, str) else None
    if weight is None:
        raise ValueError(f"[{op}] argument 'name': expected the name of a parameter of the layer, but got {name!r}")
    return weight
