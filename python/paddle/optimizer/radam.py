"""RAdam: Adam with its adaptive step rectified while the second moment is unreliable."""

from __future__ import annotations

import math

from paddle.optimizer._static_updates import penalized
from paddle.optimizer._validate import dynamic_only, in_range, non_negative
from paddle.optimizer.optimizer import Optimizer


class RAdam(Optimizer):
    r"""RAdam (Liu et al., "On the Variance of the Adaptive Learning Rate and Beyond"):

    .. math::
        m = \beta_1 m + (1 - \beta_1) g, \quad v = \beta_2 v + (1 - \beta_2) g^2, \quad
        \hat m = m / (1 - \beta_1^t) \\
        \rho_\infty = 2 / (1 - \beta_2) - 1, \quad \rho_t = \rho_\infty - 2 t \beta_2^t / (1 - \beta_2^t)

    When :math:`\rho_t > 5` the variance of the adaptive rate is tractable and

    .. math::
        r_t = \sqrt{\frac{(\rho_t - 4)(\rho_t - 2)\rho_\infty}{(\rho_\infty - 4)(\rho_\infty - 2)\rho_t}}, \quad
        param = param - learning\_rate \cdot \hat m \cdot r_t \frac{\sqrt{1 - \beta_2^t}}{\sqrt{v} + \epsilon}

    otherwise :math:`param = param - learning\_rate \cdot \hat m` (momentum SGD).

    The update is composed of eager ops (dynamic mode only). Its states are ``moment1``, ``moment2`` and
    the scalars ``beta1_pow``, ``beta2_pow`` and ``rho`` (:math:`t \beta_2^t / (1 - \beta_2^t)`), under
    Paddle's state names.

    Args:
        learning_rate (float|LRScheduler, optional): the learning rate. Default 0.001.
        beta1 (float, optional): decay of the first moment, in [0, 1). Default 0.9.
        beta2 (float, optional): decay of the second moment, in [0, 1). Default 0.999.
        epsilon (float, optional): added to the denominator. Default 1e-08.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``; a group may
            override ``beta1``, ``beta2`` and ``epsilon``).
        weight_decay (float|WeightDecayRegularizer, optional): weight decay, added to the gradient.
            Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> opt = paddle.optimizer.RAdam(learning_rate=0.1, parameters=[w])
        >>> (w * 2.0).sum().backward()
        >>> opt.step()
        >>> round(w.item(), 4)  # rho_1 = 1 <= 5: 1 - 0.1 * 2
        0.8
    """

    _hyperparameters = ("beta1", "beta2", "epsilon")

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        dynamic_only("RAdam")
        self._beta1 = in_range("RAdam", beta1, "beta1", 0.0, 1.0)
        self._beta2 = in_range("RAdam", beta2, "beta2", 0.0, 1.0)
        self._epsilon = non_negative("RAdam", epsilon, "epsilon")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)

    def _apply(self, param, target, grad, lr, penalty, group):
        name, beta1, beta2 = param.name, group["beta1"], group["beta2"]
        grad = penalized(grad, target, penalty)
        moment1 = self._state("moment1", target, name)
        moment2 = self._state("moment2", target, name)
        moment1.copy_(moment1 * beta1 + grad * (1 - beta1))
        moment2.copy_(moment2 * beta2 + grad * grad * (1 - beta2))

        beta1_pow = self._scalar_state("beta1_pow", name, 1.0) * beta1
        old_beta2_pow = self._scalar_state("beta2_pow", name, 1.0)
        beta2_pow = old_beta2_pow * beta2
        # rho holds t * beta2^t / (1 - beta2^t), advanced without t: multiplying the previous value by
        # beta2 * (1 - beta2^(t-1)) gives (t-1) * beta2^t; it starts at 1 so that the first step works too.
        rho = (self._scalar_state("rho", name, 1.0) * beta2 * (1 - old_beta2_pow) + beta2_pow) / (1 - beta2_pow)
        self._set_scalar_state("beta1_pow", name, beta1_pow)
        self._set_scalar_state("beta2_pow", name, beta2_pow)
        self._set_scalar_state("rho", name, rho)

        step = lr / (1 - beta1_pow)
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * rho
        if rho_t > 5:
            rectifier = math.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
            step = step * rectifier * math.sqrt(1 - beta2_pow)
            target.copy_(target - moment1 / (moment2.sqrt() + group["epsilon"]) * step)
        else:
            target.copy_(target - moment1 * step)
