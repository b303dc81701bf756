"""Adam."""

from __future__ import annotations

import paddle
from paddle import _C_ops
from paddle import _checks as check
from paddle.optimizer._validate import in_range, non_negative
from paddle.optimizer import _static_updates
from paddle.optimizer.optimizer import Optimizer


class Adam(Optimizer):
    r"""Adam (Kingma and Ba), with bias correction:

    .. math::
        m = \beta_1 m + (1 - \beta_1) g, \quad v = \beta_2 v + (1 - \beta_2) g^2 \\
        param = param - learning\_rate \cdot \frac{m / (1 - \beta_1^t)}{\sqrt{v / (1 - \beta_2^t)} + \epsilon}

    With ``amsgrad`` the running maximum of v replaces v.

    Args:
        learning_rate (float|LRScheduler, optional): the learning rate. Default 0.001.
        beta1 (float, optional): decay of the first moment. Default 0.9.
        beta2 (float, optional): decay of the second moment. Default 0.999.
        epsilon (float, optional): added to the denominator. Default 1e-08.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        weight_decay (float|WeightDecayRegularizer, optional): weight decay, added to the gradient.
            Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        lazy_mode (bool, optional): unused (no sparse gradients); kept for Paddle's signature.
        multi_precision (bool, optional): float32 master weights for half parameters. Default False.
        use_multi_tensor (bool, optional): unused; kept for Paddle's signature.
        amsgrad (bool, optional): use the maximum of the second moments. Default False.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> linear = paddle.nn.Linear(4, 2)
        >>> opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=linear.parameters())
        >>> loss = linear(paddle.ones([3, 4])).sum()
        >>> loss.backward()
        >>> opt.step()
        >>> opt.clear_grad()
    """

    _hyperparameters = ("beta1", "beta2", "epsilon")
    _decoupled = False

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, parameters=None,
                 weight_decay=None, grad_clip=None, lazy_mode=False, multi_precision=False, use_multi_tensor=False,
                 amsgrad=False, name=None):
        op = type(self).__name__
        self._beta1 = in_range(op, beta1, "beta1", 0.0, 1.0)
        self._beta2 = in_range(op, beta2, "beta2", 0.0, 1.0)
        self._epsilon = non_negative(op, epsilon, "epsilon")
        self._amsgrad = check.flag(op, amsgrad, "amsgrad")
        self._lazy_mode = lazy_mode
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name, multi_precision)

    def _adam(self, param, target, grad, lr, penalty, group, decoupled_decay=0.0):
        beta1, beta2, name = group["beta1"], group["beta2"], param.name
        moment1 = self._state("moment1", target, name)
        moment2 = self._state("moment2", target, name)
        moment2_max = self._state("moment2_max", target, name) if self._amsgrad else moment2
        beta1_pow = self._scalar_state("beta1_pow_acc", name, beta1)
        beta2_pow = self._scalar_state("beta2_pow_acc", name, beta2)
        if not paddle.in_dynamic_mode():  # Note [Static updates]: the beta powers are values of the program
            _static_updates.adam(target, grad, moment1, moment2, moment2_max, lr, beta1, beta2, group["epsilon"],
                                 beta1_pow, beta2_pow, decoupled_decay, self._amsgrad, penalty)
            return
        _C_ops.adam_(target, grad, moment1, moment2, moment2_max, lr, beta1, beta2, group["epsilon"], beta1_pow,
                     beta2_pow, decoupled_decay, self._amsgrad, *penalty)
        self._set_scalar_state("beta1_pow_acc", name, beta1_pow * beta1)
        self._set_scalar_state("beta2_pow_acc", name, beta2_pow * beta2)

    def _apply(self, param, target, grad, lr, penalty, group):
        self._adam(param, target, grad, lr, penalty, group)
