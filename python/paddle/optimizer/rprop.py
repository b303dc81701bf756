"""Rprop: resilient backpropagation."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle.optimizer._static_updates import penalized
from paddle.optimizer._validate import dynamic_only
from paddle.optimizer.optimizer import Optimizer


def _pair(op: str, value, arg: str) -> tuple[float, float]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise TypeError(f"[{op}] argument '{arg}': expected a pair of numbers, but got {check.got(value)}")
    return float(check.number(op, value[0], arg)), float(check.number(op, value[1], arg))


class Rprop(Optimizer):
    r"""Rprop (Riedmiller and Braun), for full-batch training: each element has its own step size,
    grown by :math:`\eta^+` while its gradient keeps its sign and shrunk by :math:`\eta^-` when the sign
    flips, within ``learning_rate_range``; the element moves against the sign of its gradient:

    .. math::
        s = \begin{cases} \min(s \eta^+, s_{max}) & g \cdot g_{prev} > 0 \\
                          \max(s \eta^-, s_{min}) & g \cdot g_{prev} < 0 \\
                          s & \text{otherwise} \end{cases} \\
        g = 0 \text{ where } g \cdot g_{prev} < 0, \quad param = param - \mathrm{sign}(g)\, s, \quad g_{prev} = g

    The step sizes start at ``learning_rate`` (times a parameter group's ``learning_rate`` and the
    parameter's own ``ParamAttr`` rate); only the gradient's sign matters afterwards. The update is
    composed of eager ops (dynamic mode only). Its states are ``prevs`` and ``learning_rates``, under
    Paddle's state names.

    Args:
        learning_rate (float, optional): the initial step size. Default 0.001.
        learning_rate_range (tuple, optional): (minimum, maximum) step size, with
            ``0 < minimum <= learning_rate <= maximum``. Default (1e-5, 50).
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        etas (tuple, optional): (:math:`\eta^-`, :math:`\eta^+`), with
            ``0 < eta_minus < 1 < eta_plus``. Default (0.5, 1.2).
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        multi_precision (bool, optional): float32 master weights for half parameters. Default False.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([2], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> opt = paddle.optimizer.Rprop(learning_rate=0.1, parameters=[w])
        >>> for _ in range(2):
        ...     (w * paddle.to_tensor([3.0, -1.0])).sum().backward()
        ...     opt.step()
        ...     opt.clear_grad()
        >>> [round(v, 4) for v in w.tolist()]  # steps of 0.1, then 0.1 * 1.2
        [0.78, 1.22]
    """

    def __init__(self, learning_rate=0.001, learning_rate_range=(1e-5, 50), parameters=None, etas=(0.5, 1.2),
                 grad_clip=None, multi_precision=False, name=None):
        op = "Rprop"
        dynamic_only(op)
        if isinstance(learning_rate, paddle.optimizer.lr.LRScheduler):
            # The rate is only where the step sizes start: a schedule of it would have no effect.
            raise TypeError(f"[{op}] argument 'learning_rate': expected a float (the initial step size), but "
                            f"got {check.got(learning_rate)}")
        low, high = _pair(op, learning_rate_range, "learning_rate_range")
        rate = float(check.number(op, learning_rate, "learning_rate"))
        if not 0.0 < low <= rate <= high:
            raise ValueError(f"[{op}] arguments 'learning_rate' and 'learning_rate_range': expected "
                             f"0 < learning_rate_range[0] <= learning_rate <= learning_rate_range[1], but got "
                             f"learning_rate={learning_rate} and learning_rate_range={tuple(learning_rate_range)}")
        eta_minus, eta_plus = _pair(op, etas, "etas")
        if not 0.0 < eta_minus < 1.0 < eta_plus:
            raise ValueError(f"[{op}] argument 'etas': expected 0 < etas[0] < 1 < etas[1], but got {tuple(etas)}")
        self._learning_rate_range = (low, high)
        self._etas = (eta_minus, eta_plus)
        super().__init__(rate, parameters, None, grad_clip, name, multi_precision)

    def _apply(self, param, target, grad, lr, penalty, group):
        name, (low, high), (eta_minus, eta_plus) = param.name, self._learning_rate_range, self._etas
        grad = penalized(grad, target, penalty)
        prev = self._state("prevs", target, name)
        step_size = self._state("learning_rates", target, name, fill=lr)
        agreement = (grad * prev).sign()
        factor = paddle.where(agreement > 0, paddle.full_like(grad, eta_plus),
                              paddle.where(agreement < 0, paddle.full_like(grad, eta_minus), paddle.ones_like(grad)))
        step_size.copy_((step_size * factor).clip(low, high))
        # After a sign flip the element stays put, and forgetting the gradient makes the next step a plain one.
        grad = paddle.where(agreement < 0, paddle.zeros_like(grad), grad)
        prev.copy_(grad)
        target.copy_(target - grad.sign() * step_size)
