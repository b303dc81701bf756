"""LookAhead: an inner optimizer's fast weights, pulled back toward slow weights every k steps."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle.optimizer._validate import dynamic_only, in_range
from paddle.optimizer.optimizer import Optimizer


class LookAhead(Optimizer):
    r"""LookAhead (Zhang, Lucas, Hinton and Ba, "Lookahead Optimizer: k steps
    forward, 1 step back"). The inner optimizer updates the (fast) parameters
    every step; every ``k`` steps the slow weights move toward them and the
    parameters restart from there:

    .. math::
        slow = slow + \alpha \cdot (fast - slow), \quad fast = slow

    The slow weights start as the parameters after the first step. Only the
    parameters that have a gradient at a step take part in it, as in Paddle.
    Dynamic mode only.

    Args:
        inner_optimizer (Optimizer): the optimizer making the fast updates.
        alpha (float, optional): the slow weights' step toward the fast ones, in [0, 1]. Default 0.5.
        k (int, optional): the fast steps between two slow ones, >= 1. Default 5.
        name (str, optional): unused; kept for Paddle's signature.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=[w])
        >>> opt = paddle.incubate.LookAhead(sgd, alpha=0.5, k=2)
        >>> for _ in range(2):
        ...     (w * 1.0).sum().backward()
        ...     opt.step()
        ...     opt.clear_grad()
        >>> round(w.item(), 4)  # slow 0.9 (after step 1), fast 0.8: 0.9 + 0.5 * (0.8 - 0.9)
        0.85
    """

    def __init__(self, inner_optimizer, alpha=0.5, k=5, name=None):
        dynamic_only("LookAhead")
        if not isinstance(inner_optimizer, Optimizer):
            raise TypeError(f"[LookAhead] argument 'inner_optimizer': expected an Optimizer, but got "
                            f"{check.got(inner_optimizer)}")
        self.inner_optimizer = inner_optimizer
        self.alpha = in_range("LookAhead", alpha, "alpha", 0.0, 1.0, high_open=False)
        self.k = check.integer("LookAhead", k, "k", min=1)
        self._steps = 0
        super().__init__(0.0, list(inner_optimizer._parameter_list), name=name)

    def get_lr(self) -> float:
        """The inner optimizer's learning rate."""
        return self.inner_optimizer.get_lr()

    def set_lr(self, value: float) -> None:
        """Sets the inner optimizer's learning rate."""
        self.inner_optimizer.set_lr(value)

    def clear_grad(self, set_to_zero: bool = True) -> None:
        """Clears the gradients of the inner optimizer's parameters."""
        self.inner_optimizer.clear_grad(set_to_zero)

    clear_gradients = clear_grad

    def _slow_weights(self, param):
        """The parameter's slow weights; new ones (not loaded from a state dict) start as the parameter."""
        fresh = (param.name not in self._accumulators.get("slow", {})
                 and f"{param.name}_slow_0" not in self._pending_state)
        slow = self._state("slow", param, param.name)
        if fresh:
            slow.copy_(param)
        return slow

    @paddle.no_grad()
    def step(self) -> None:
        """One inner step, then (every k-th step) the slow step."""
        self.inner_optimizer.step()
        self._steps += 1
        for param in self._parameter_list:
            if param.stop_gradient or param.grad is None:
                continue
            slow = self._slow_weights(param)
            if self._steps % self.k == 0:
                slow.copy_(slow + (param - slow) * self.alpha)
                param.copy_(slow)
