"""Gradient clipping strategies for the optimizers' ``grad_clip`` argument.

Each is called with the ``[(param, grad), ...]`` pairs of one step and returns the pairs with
clipped gradients (new tensors; the parameters' ``.grad`` is left as it is). Parameters whose
``need_clip`` is False pass through unchanged. The work stays on the gradients' device: no value
is read back to the host.
"""

from __future__ import annotations

import paddle
from paddle import _checks as check


def _clipped(param) -> bool:
    return getattr(param, "need_clip", True)


def _positive(op: str, value, arg: str) -> float:
    value = float(check.number(op, value, arg))
    if not value > 0:
        raise ValueError(f"[{op}] argument '{arg}': expected a number > 0, but got {value}")
    return value


class ClipGradBase:
    """The base of the strategies: `__call__(params_grads)` returns the clipped pairs."""

    def __call__(self, params_grads):
        if not isinstance(params_grads, (list, tuple)):
            raise TypeError(f"[{type(self).__name__}] expected a list of (param, grad) pairs, but got "
                            f"{check.got(params_grads)}")
        with paddle.no_grad():
            return self._clip(list(params_grads))

    def _clip(self, params_grads):
        raise NotImplementedError


class ClipGradByValue(ClipGradBase):
    """Clips every gradient element to ``[min, max]``.

    Args:
        max (float): the upper bound.
        min (float, optional): the lower bound; ``-max`` when None. Default None.

    Examples:
        >>> import paddle
        >>> clip = paddle.nn.ClipGradByValue(max=1.0)
        >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> [(_, g)] = clip([(w, paddle.to_tensor([-3.0, 0.5]))])
        >>> g.numpy().tolist()
        [-1.0, 0.5]
    """

    def __init__(self, max, min=None):  # noqa: A002
        self.max = float(check.number("ClipGradByValue", max, "max"))
        self.min = -self.max if min is None else float(check.number("ClipGradByValue", min, "min"))
        if self.min > self.max:
            raise ValueError(f"[ClipGradByValue] argument 'min': expected at most max ({self.max}), "
                             f"but got {self.min}")

    def _clip(self, params_grads):
        return [(p, paddle.clip(g, self.min, self.max) if g is not None and _clipped(p) else g)
                for p, g in params_grads]

    def __repr__(self) -> str:
        return f"ClipGradByValue(min={self.min}, max={self.max})"


class ClipGradByNorm(ClipGradBase):
    """Scales each gradient whose L2 norm exceeds `clip_norm` down to norm `clip_norm`.

    Args:
        clip_norm (float): the largest norm a gradient keeps.

    Examples:
        >>> import paddle
        >>> clip = paddle.nn.ClipGradByNorm(clip_norm=1.0)
        >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> [(_, g)] = clip([(w, paddle.to_tensor([3.0, 4.0]))])
        >>> [round(v, 4) for v in g.numpy().tolist()]
        [0.6, 0.8]
    """

    def __init__(self, clip_norm: float):
        self.clip_norm = _positive("ClipGradByNorm", clip_norm, "clip_norm")

    def _clip(self, params_grads):
        out = []
        for p, g in params_grads:
            if g is not None and _clipped(p):
                norm = paddle.sqrt(paddle.sum(g.astype("float32") ** 2))
                g = g * (self.clip_norm / paddle.maximum(norm, paddle.full([], self.clip_norm, norm.dtype))).astype(g.dtype)
            out.append((p, g))
        return out

    def __repr__(self) -> str:
        return f"ClipGradByNorm(clip_norm={self.clip_norm})"


class ClipGradByGlobalNorm(ClipGradBase):
    """Scales all gradients by ``clip_norm / max(global_norm, clip_norm)``, where `global_norm` is the
    L2 norm of all the clipped gradients together.

    Args:
        clip_norm (float): the largest global norm.
        group_name (str, optional): kept for Paddle's signature. Default "default_group".
        auto_skip_clip (bool, optional): kept for Paddle's signature. Default False.

    Examples:
        >>> import paddle
        >>> clip = paddle.nn.ClipGradByGlobalNorm(clip_norm=1.0)
        >>> a = paddle.to_tensor([1.0], stop_gradient=False)
        >>> b = paddle.to_tensor([1.0], stop_gradient=False)
        >>> pairs = clip([(a, paddle.to_tensor([3.0])), (b, paddle.to_tensor([4.0]))])
        >>> [round(g.item(), 4) for _, g in pairs]
        [0.6, 0.8]
    """

    def __init__(self, clip_norm: float, group_name: str = "default_group", auto_skip_clip: bool = False):
        self.clip_norm = _positive("ClipGradByGlobalNorm", clip_norm, "clip_norm")
        self.group_name = group_name
        self.auto_skip_clip = check.flag("ClipGradByGlobalNorm", auto_skip_clip, "auto_skip_clip")

    def _clip(self, params_grads):
        squares = [paddle.sum(g.astype("float32") ** 2) for p, g in params_grads if g is not None and _clipped(p)]
        if not squares:
            return params_grads
        global_norm = paddle.sqrt(paddle.sum(paddle.stack(squares)))
        scale = self.clip_norm / paddle.maximum(global_norm, paddle.full([], self.clip_norm, global_norm.dtype))
        return [(p, g * scale.astype(g.dtype) if g is not None and _clipped(p) else g) for p, g in params_grads]

    def __repr__(self) -> str:
        return f"ClipGradByGlobalNorm(clip_norm={self.clip_norm})"
