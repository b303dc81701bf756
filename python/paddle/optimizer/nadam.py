"""NAdam: Adam with Nesterov momentum."""

from __future__ import annotations

from paddle.optimizer._static_updates import penalized
from paddle.optimizer._validate import dynamic_only, in_range, non_negative
from paddle.optimizer.optimizer import Optimizer

# The base of the momentum schedule mu_t (Dozat, "Incorporating Nesterov Momentum into Adam").
_MOMENTUM_SCHEDULE_BASE = 0.96


class NAdam(Optimizer):
    r"""NAdam (Dozat, "Incorporating Nesterov Momentum into Adam"), with the momentum schedule
    :math:`\mu_t = \beta_1 (1 - \frac{1}{2} 0.96^{t \psi})`:

    .. math::
        m = \beta_1 m + (1 - \beta_1) g, \quad v = \beta_2 v + (1 - \beta_2) g^2, \quad
        denom = \sqrt{v / (1 - \beta_2^t)} + \epsilon \\
        param = param - learning\_rate \left(\frac{(1 - \mu_t)\, g}{1 - \prod_{i \le t} \mu_i}
            + \frac{\mu_{t+1}\, m}{1 - \prod_{i \le t+1} \mu_i}\right) / denom

    The update is composed of eager ops (dynamic mode only). Its states are ``moment1``, ``moment2`` and
    the scalars ``momentum_decay_pow`` (:math:`0.96^t`), ``beta2_pow`` and ``mu_product``
    (:math:`\prod_{i \le t} \mu_i`), under Paddle's state names.

    Args:
        learning_rate (float|LRScheduler, optional): the learning rate. Default 0.002.
        beta1 (float, optional): decay of the first moment, in [0, 1). Default 0.9.
        beta2 (float, optional): decay of the second moment, in [0, 1). Default 0.999.
        epsilon (float, optional): added to the denominator. Default 1e-08.
        momentum_decay (float, optional): :math:`\psi`, how fast the momentum schedule rises. Default 0.004.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``; a group may
            override ``beta1``, ``beta2``, ``epsilon`` and ``momentum_decay``).
        weight_decay (float|WeightDecayRegularizer, optional): weight decay, added to the gradient.
            Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> linear = paddle.nn.Linear(4, 2)
        >>> opt = paddle.optimizer.NAdam(learning_rate=0.01, parameters=linear.parameters(), weight_decay=0.01)
        >>> linear(paddle.ones([3, 4])).sum().backward()
        >>> opt.step()
        >>> opt.clear_grad()
        >>> sorted(k.split("_0_")[-1] for k in opt.state_dict() if k.startswith(linear.weight.name))
        ['beta2_pow_0', 'moment1_0', 'moment2_0', 'momentum_decay_pow_0', 'mu_product_0']
    """

    _hyperparameters = ("beta1", "beta2", "epsilon", "momentum_decay")

    def __init__(self, learning_rate=0.002, beta1=0.9, beta2=0.999, epsilon=1e-08, momentum_decay=0.004,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        dynamic_only("NAdam")
        self._beta1 = in_range("NAdam", beta1, "beta1", 0.0, 1.0)
        self._beta2 = in_range("NAdam", beta2, "beta2", 0.0, 1.0)
        self._epsilon = non_negative("NAdam", epsilon, "epsilon")
        self._momentum_decay = non_negative("NAdam", momentum_decay, "momentum_decay")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)

    def _apply(self, param, target, grad, lr, penalty, group):
        name, beta1, beta2, psi = param.name, group["beta1"], group["beta2"], group["momentum_decay"]
        grad = penalized(grad, target, penalty)
        moment1 = self._state("moment1", target, name)
        moment2 = self._state("moment2", target, name)
        moment1.copy_(moment1 * beta1 + grad * (1 - beta1))
        moment2.copy_(moment2 * beta2 + grad * grad * (1 - beta2))

        decay_pow = self._scalar_state("momentum_decay_pow", name, 1.0) * _MOMENTUM_SCHEDULE_BASE
        beta2_pow = self._scalar_state("beta2_pow", name, 1.0) * beta2
        mu = beta1 * (1 - 0.5 * decay_pow ** psi)
        mu_next = beta1 * (1 - 0.5 * (decay_pow * _MOMENTUM_SCHEDULE_BASE) ** psi)
        mu_product = self._scalar_state("mu_product", name, 1.0) * mu
        self._set_scalar_state("momentum_decay_pow", name, decay_pow)
        self._set_scalar_state("beta2_pow", name, beta2_pow)
        self._set_scalar_state("mu_product", name, mu_product)

        denom = (moment2 / (1 - beta2_pow)).sqrt() + group["epsilon"]
        grad_step = lr * (1 - mu) / (1 - mu_product)
        moment_step = lr * mu_next / (1 - mu_product * mu_next)
        target.copy_(target - (grad * grad_step + moment1 * moment_step) / denom)
