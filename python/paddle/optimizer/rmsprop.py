"""RMSProp."""

from __future__ import annotations

from paddle import _C_ops
from paddle import _checks as check
from paddle.optimizer._validate import in_range, non_negative
from paddle.optimizer import _static_updates
from paddle.optimizer.optimizer import Optimizer


class RMSProp(Optimizer):
    r"""RMSProp (Hinton), with optional momentum and centering:

    .. math::
        r = \rho r + (1 - \rho) g^2 \\
        v = momentum \cdot v + \frac{learning\_rate \cdot g}{\sqrt{r - \bar g^2 + \epsilon}} \\
        param = param - v

    where :math:`\bar g = \rho \bar g + (1 - \rho) g` when ``centered``, else 0.

    Args:
        learning_rate (float|LRScheduler): the learning rate.
        rho (float, optional): the decay of the running averages. Default 0.95.
        epsilon (float, optional): added inside the square root. Default 1e-06.
        momentum (float, optional): the momentum factor. Default 0.0.
        centered (bool, optional): normalize by the variance estimate. Default False.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        weight_decay (float|WeightDecayRegularizer, optional): weight decay. Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> opt = paddle.optimizer.RMSProp(learning_rate=0.1, rho=0.0, epsilon=0.0, parameters=[w])
        >>> (w * 2.0).sum().backward()
        >>> opt.step()
        >>> round(w.item(), 4)  # 1 - 0.1 * 2 / sqrt(4)
        0.9
    """

    _hyperparameters = ("rho", "epsilon", "momentum")

    def __init__(self, learning_rate, rho=0.95, epsilon=1e-06, momentum=0.0, centered=False, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        self._rho = in_range("RMSProp", rho, "rho", 0.0, 1.0, high_open=False)
        self._epsilon = non_negative("RMSProp", epsilon, "epsilon")
        self._momentum = non_negative("RMSProp", momentum, "momentum")
        self._centered = check.flag("RMSProp", centered, "centered")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)

    def _apply(self, param, target, grad, lr, penalty, group):
        name = param.name
        mean_square = self._state("mean_square", target, name)
        mean_grad = self._state("mean_grad", target, name) if self._centered else mean_square
        moment = self._state("momentum", target, name)
        if self._composes(lr):
            _static_updates.rmsprop(target, grad, mean_square, mean_grad, moment, lr, group["rho"], group["epsilon"],
                                    group["momentum"], self._centered, penalty)
            return
        _C_ops.rmsprop_(target, grad, mean_square, mean_grad, moment, lr, group["rho"], group["epsilon"],
                        group["momentum"], self._centered, *penalty)
