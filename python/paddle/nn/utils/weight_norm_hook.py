"""Weight normalization: a parameter ``w`` replaced by a magnitude ``g`` and a direction ``v``,
``w = g * v / ||v||``, recomputed by a forward pre-hook before each call."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle.base.framework import EagerParamBase
from paddle.nn.utils._params import hooked_parameter


def _norm_except_dim(v, dim: int):
    """||v|| over every axis but `dim` (all axes when dim is -1), with keepdim; at least 1e-12."""
    axes = list(range(len(v.shape))) if dim == -1 else [a for a in range(len(v.shape)) if a != dim]
    if not axes:
        return paddle.clip(paddle.abs(v), min=1e-12)
    return paddle.clip(paddle.sqrt(paddle.sum(v * v, axis=axes, keepdim=True)), min=1e-12)


def _g_shape(shape, dim: int) -> list[int]:
    """How g broadcasts against the weight."""
    return [1] * len(shape) if dim == -1 else [shape[a] if a == dim else 1 for a in range(len(shape))]


class WeightNorm:
    """The forward pre-hook: sets ``layer.<name>`` from ``<name>_g`` and ``<name>_v``."""

    def __init__(self, name: str, dim: int):
        self.name = name
        self.dim = dim

    def compute_weight(self, layer):
        g = getattr(layer, self.name + "_g")
        v = getattr(layer, self.name + "_v")
        return v * (g.reshape(_g_shape(v.shape, self.dim)) / _norm_except_dim(v, self.dim))

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer))


def weight_norm(layer, name: str = "weight", dim: int | None = 0):
    """Applies weight normalization, ``w = g * v / ||v||``, to the parameter `name` of `layer`.

    The parameter is replaced by ``<name>_g`` (the magnitudes, shape ``[w.shape[dim]]``, or ``[1]``
    for ``dim=None``) and ``<name>_v`` (the direction, w's shape); ``layer.<name>`` becomes a
    non-persistable Tensor recomputed before every forward call.

    Args:
        layer (Layer): the layer.
        name (str, optional): the parameter's name. Default 'weight'.
        dim (int|None, optional): the axis kept apart: each slice along it gets its own magnitude. None
            (or -1, as in Paddle) normalizes the whole tensor at once. Default 0.

    Returns:
        Layer: `layer`, with the hook.

    Examples:
        >>> import paddle
        >>> from paddle.nn.utils import weight_norm
        >>> conv = weight_norm(paddle.nn.Conv2D(3, 5, 3))
        >>> conv.weight_g.shape, conv.weight_v.shape
        (paddle.Size([5]), paddle.Size([5, 3, 3, 3]))
    """
    op = "weight_norm"
    weight = hooked_parameter(op, layer, name, WeightNorm)
    rank = len(weight.shape)
    if dim is None or dim == -1:
        dim = -1
    else:
        dim = check.axis(op, dim, rank, "dim")
    fn = WeightNorm(name, dim)
    with paddle.no_grad():
        g = _norm_except_dim(weight, dim).reshape([-1]).clone()
        v = weight.detach().clone()
    del layer._parameters[name]
    layer.add_parameter(name + "_g", EagerParamBase._from_tensor(g, name=weight.name + "_g",
                                                                 trainable=weight.trainable))
    layer.add_parameter(name + "_v", EagerParamBase._from_tensor(v, name=weight.name + "_v",
                                                                 trainable=weight.trainable))
    setattr(layer, name, fn.compute_weight(layer))
    layer.register_forward_pre_hook(fn)
    return layer


def remove_weight_norm(layer, name: str = "weight"):
    """Removes the weight_norm hook of `name`, making ``layer.<name>`` a parameter again (its current value).

    Examples:
        >>> import paddle
        >>> from paddle.nn.utils import remove_weight_norm, weight_norm
        >>> fc = remove_weight_norm(weight_norm(paddle.nn.Linear(2, 3)))
        >>> [n for n, _ in fc.named_parameters()]
        ['bias', 'weight']
    """
    for key, hook in list(layer._forward_pre_hooks.items()):
        if isinstance(hook, WeightNorm) and hook.name == name:
            with paddle.no_grad():
                w = hook.compute_weight(layer).detach().clone()
            old = layer._parameters[name + "_v"]
            delattr(layer, name)
            del layer._parameters[name + "_g"]
            del layer._parameters[name + "_v"]
            layer.add_parameter(name, EagerParamBase._from_tensor(w, name=old.name[:-2] if old.name.endswith("_v")
                                                                 else old.name, trainable=old.trainable))
            del layer._forward_pre_hooks[key]
            return layer
    raise ValueError(f"[remove_weight_norm] argument 'name': expected a parameter with a weight_norm hook, but "
                     f"got {name!r}")
