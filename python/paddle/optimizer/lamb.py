"""LAMB: layer-wise adaptive moments."""

from __future__ import annotations

import paddle
from paddle import _C_ops
from paddle import _checks as check
from paddle.optimizer._validate import in_range, non_negative
from paddle.optimizer import _static_updates
from paddle.optimizer.optimizer import Optimizer


class Lamb(Optimizer):
    r"""LAMB (You et al.): Adam's direction plus weight decay, scaled per parameter by the trust
    ratio of norms:

    .. math::
        r = \frac{m / (1 - \beta_1^t)}{\sqrt{v / (1 - \beta_2^t)} + \epsilon} + \lambda \, param \\
        param = param - learning\_rate \cdot \frac{\|param\|}{\|r\|} \, r

    (the ratio is 1 when either norm is 0).

    Args:
        learning_rate (float|LRScheduler, optional): the learning rate. Default 0.001.
        lamb_weight_decay (float, optional): the decay :math:`\lambda`. Default 0.01.
        beta1 (float, optional): decay of the first moment. Default 0.9.
        beta2 (float, optional): decay of the second moment. Default 0.999.
        epsilon (float, optional): added to the denominator. Default 1e-06.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        exclude_from_weight_decay_fn (callable, optional): ``fn(param)`` True exempts a parameter from
            the decay. Default None.
        multi_precision (bool, optional): float32 master weights for half parameters. Default False.
        always_adapt (bool, optional): unused; the trust ratio always applies. Default False.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> linear = paddle.nn.Linear(4, 2)
        >>> opt = paddle.optimizer.Lamb(learning_rate=0.01, parameters=linear.parameters())
        >>> linear(paddle.ones([3, 4])).sum().backward()
        >>> opt.step()
    """

    _hyperparameters = ("beta1", "beta2", "epsilon", "lamb_weight_decay")

    def __init__(self, learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999, epsilon=1e-06,
                 parameters=None, grad_clip=None, exclude_from_weight_decay_fn=None, multi_precision=False,
                 always_adapt=False, name=None):
        self._lamb_weight_decay = non_negative("Lamb", lamb_weight_decay, "lamb_weight_decay")
        self._beta1 = in_range("Lamb", beta1, "beta1", 0.0, 1.0)
        self._beta2 = in_range("Lamb", beta2, "beta2", 0.0, 1.0)
        self._epsilon = non_negative("Lamb", epsilon, "epsilon")
        if exclude_from_weight_decay_fn is not None and not callable(exclude_from_weight_decay_fn):
            raise TypeError(f"[Lamb] argument 'exclude_from_weight_decay_fn': expected a callable, but got "
                            f"{check.got(exclude_from_weight_decay_fn)}")
        self._exclude_fn = exclude_from_weight_decay_fn
        super().__init__(learning_rate, parameters, None, grad_clip, name, multi_precision)

    def _apply(self, param, target, grad, lr, penalty, group):
        name, beta1, beta2 = param.name, group["beta1"], group["beta2"]
        moment1 = self._state("moment1", target, name)
        moment2 = self._state("moment2", target, name)
        beta1_pow = self._scalar_state("beta1_pow_acc", name, beta1)
        beta2_pow = self._scalar_state("beta2_pow_acc", name, beta2)
        decay = 0.0 if self._exclude_fn is not None and self._exclude_fn(param) else group["lamb_weight_decay"]
        if not paddle.in_dynamic_mode():  # Note [Static updates]: the beta powers are values of the program
            _static_updates.lamb(target, grad, moment1, moment2, lr, beta1, beta2, group["epsilon"], beta1_pow,
                                 beta2_pow, decay)
            return
        _C_ops.lamb_(target, grad, moment1, moment2, lr, beta1, beta2, group["epsilon"], beta1_pow, beta2_pow,
                     decay)
        self._set_scalar_state("beta1_pow_acc", name, beta1_pow * beta1)
        self._set_scalar_state("beta2_pow_acc", name, beta2_pow * beta2)
