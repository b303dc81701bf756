"""Adagrad."""

from __future__ import annotations

from paddle import _C_ops
from paddle.optimizer._validate import non_negative
from paddle.optimizer import _static_updates
from paddle.optimizer.optimizer import Optimizer


class Adagrad(Optimizer):
    r"""Adagrad: :math:`moment = moment + g^2`, :math:`param = param - learning\_rate \cdot
    \frac{g}{\sqrt{moment} + \epsilon}`.

    Args:
        learning_rate (float|LRScheduler): the learning rate.
        epsilon (float, optional): added to the denominator. Default 1e-06.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        weight_decay (float|WeightDecayRegularizer, optional): weight decay. Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        name (str, optional): unused.
        initial_accumulator_value (float, optional): the moment's starting value. Default 0.0.
        multi_precision (bool, optional): float32 master weights for half parameters. Default False.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> opt = paddle.optimizer.Adagrad(learning_rate=0.1, parameters=[w], epsilon=0.0)
        >>> (w * 2.0).sum().backward()
        >>> opt.step()
        >>> round(w.item(), 4)  # 1 - 0.1 * 2 / sqrt(4)
        0.9
    """

    _hyperparameters = ("epsilon",)

    def __init__(self, learning_rate, epsilon=1e-06, parameters=None, weight_decay=None, grad_clip=None, name=None,
                 initial_accumulator_value=0.0, multi_precision=False):
        self._epsilon = non_negative("Adagrad", epsilon, "epsilon")
        self._initial = non_negative("Adagrad", initial_accumulator_value, "initial_accumulator_value")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name, multi_precision)

    def _apply(self, param, target, grad, lr, penalty, group):
        moment = self._state("moment", target, param.name, fill=self._initial)
        if self._composes(lr):
            _static_updates.adagrad(target, grad, moment, lr, group["epsilon"], penalty)
            return
        _C_ops.adagrad_(target, grad, moment, lr, group["epsilon"], *penalty)
