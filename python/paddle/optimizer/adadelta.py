"""Adadelta."""

from __future__ import annotations

from paddle import _C_ops
from paddle.optimizer._validate import in_range, non_negative
from paddle.optimizer import _static_updates
from paddle.optimizer.optimizer import Optimizer


class Adadelta(Optimizer):
    r"""Adadelta (Zeiler):

    .. math::
        E[g^2] = \rho E[g^2] + (1 - \rho) g^2 \\
        update = -\sqrt{\frac{E[\Delta^2] + \epsilon}{E[g^2] + \epsilon}} \, g \\
        E[\Delta^2] = \rho E[\Delta^2] + (1 - \rho) \, update^2 \\
        param = param + learning\_rate \cdot update

    Args:
        learning_rate (float|LRScheduler, optional): the learning rate. Default 0.001.
        epsilon (float, optional): keeps the ratio finite. Default 1e-06.
        rho (float, optional): the decay of the running averages. Default 0.95.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        weight_decay (float|WeightDecayRegularizer, optional): weight decay. Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> opt = paddle.optimizer.Adadelta(learning_rate=1.0, parameters=[w])
        >>> (w * 2.0).sum().backward()
        >>> opt.step()
        >>> w.item() < 1.0
        True
    """

    _hyperparameters = ("epsilon", "rho")

    def __init__(self, learning_rate=0.001, epsilon=1e-06, rho=0.95, parameters=None, weight_decay=None,
                 grad_clip=None, name=None):
        self._epsilon = non_negative("Adadelta", epsilon, "epsilon")
        self._rho = in_range("Adadelta", rho, "rho", 0.0, 1.0, high_open=False)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)

    def _apply(self, param, target, grad, lr, penalty, group):
        avg_squared_grad = self._state("avg_squared_grad", target, param.name)
        avg_squared_update = self._state("avg_squared_update", target, param.name)
        if self._composes(lr):
            _static_updates.adadelta(target, grad, avg_squared_grad, avg_squared_update, lr, group["rho"],
                                     group["epsilon"], penalty)
            return
        _C_ops.adadelta_(target, grad, avg_squared_grad, avg_squared_update, lr, group["rho"], group["epsilon"],
                         *penalty)
