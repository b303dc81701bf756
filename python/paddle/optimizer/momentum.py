"""Momentum SGD, plain or Nesterov."""

from __future__ import annotations

from paddle import _C_ops
from paddle import _checks as check
from paddle.optimizer._validate import non_negative
from paddle.optimizer import _static_updates
from paddle.optimizer.optimizer import Optimizer


class Momentum(Optimizer):
    r"""SGD with momentum:

    .. math::
        velocity = momentum * velocity + grad \\
        param = param - learning\_rate * velocity \quad
        (\text{Nesterov: } param - learning\_rate * (grad + momentum * velocity))

    Args:
        learning_rate (float|LRScheduler, optional): the learning rate. Default 0.001.
        momentum (float, optional): the momentum factor. Default 0.9.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        use_nesterov (bool, optional): Nesterov momentum. Default False.
        weight_decay (float|WeightDecayRegularizer, optional): weight decay. Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        multi_precision (bool, optional): float32 master weights for half parameters. Default False.
        rescale_grad (float, optional): multiplies the gradient first. Default 1.0.
        use_multi_tensor (bool, optional): unused; kept for Paddle's signature.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> opt = paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.5, parameters=[w])
        >>> for _ in range(2):
        ...     (w * 1.0).sum().backward()
        ...     opt.step()
        ...     opt.clear_grad()
        >>> round(w.item(), 4)  # 1 - 0.1 * 1 - 0.1 * 1.5
        0.75
    """

    _hyperparameters = ("momentum",)

    def __init__(self, learning_rate=0.001, momentum=0.9, parameters=None, use_nesterov=False, weight_decay=None,
                 grad_clip=None, multi_precision=False, rescale_grad=1.0, use_multi_tensor=False, name=None):
        self._momentum = non_negative("Momentum", momentum, "momentum")
        self._use_nesterov = check.flag("Momentum", use_nesterov, "use_nesterov")
        self._rescale_grad = float(check.number("Momentum", rescale_grad, "rescale_grad"))
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name, multi_precision)

    def _apply(self, param, target, grad, lr, penalty, group):
        if self._rescale_grad != 1.0:
            grad = grad * self._rescale_grad
        velocity = self._state("velocity", target, param.name)
        if self._composes(lr):
            _static_updates.momentum(target, grad, velocity, lr, group["momentum"], self._use_nesterov, penalty)
            return
        _C_ops.momentum_(target, grad, velocity, lr, group["momentum"], self._use_nesterov, *penalty)
