"""Adamax: Adam with the infinity norm."""

from __future__ import annotations

import paddle
from paddle import _C_ops
from paddle.optimizer._validate import in_range, non_negative
from paddle.optimizer import _static_updates
from paddle.optimizer.optimizer import Optimizer


class Adamax(Optimizer):
    r"""Adamax, the infinity-norm variant of Adam:

    .. math::
        m = \beta_1 m + (1 - \beta_1) g, \quad u = \max(\beta_2 u + \epsilon, |g|) \\
        param = param - \frac{learning\_rate}{1 - \beta_1^t} \cdot \frac{m}{u}

    Args:
        learning_rate (float|LRScheduler, optional): the learning rate. Default 0.001.
        beta1 (float, optional): decay of the first moment. Default 0.9.
        beta2 (float, optional): decay of the infinity norm. Default 0.999.
        epsilon (float, optional): keeps the norm positive. Default 1e-08.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        weight_decay (float|WeightDecayRegularizer, optional): weight decay. Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> opt = paddle.optimizer.Adamax(learning_rate=0.1, parameters=[w])
        >>> (w * 2.0).sum().backward()
        >>> opt.step()
        >>> round(w.item(), 4)  # 1 - 0.1 / (1 - 0.9) * (0.1 * 2) / 2
        0.9
    """

    _hyperparameters = ("beta1", "beta2", "epsilon")

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        self._beta1 = in_range("Adamax", beta1, "beta1", 0.0, 1.0)
        self._beta2 = in_range("Adamax", beta2, "beta2", 0.0, 1.0)
        self._epsilon = non_negative("Adamax", epsilon, "epsilon")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)

    def _apply(self, param, target, grad, lr, penalty, group):
        name, beta1 = param.name, group["beta1"]
        moment = self._state("moment", target, name)
        inf_norm = self._state("inf_norm", target, name)
        beta1_pow = self._scalar_state("beta1_pow_acc", name, beta1)
        if not paddle.in_dynamic_mode():  # Note [Static updates]: the beta power is a value of the program
            _static_updates.adamax(target, grad, moment, inf_norm, lr, beta1, group["beta2"], group["epsilon"],
                                   beta1_pow, penalty)
            return
        _C_ops.adamax_(target, grad, moment, inf_norm, lr, beta1, group["beta2"], group["epsilon"], beta1_pow,
                       *penalty)
        self._set_scalar_state("beta1_pow_acc", name, beta1_pow * beta1)
