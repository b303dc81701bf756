"""ASGD: stochastic average gradient."""

from __future__ import annotations

from paddle import _checks as check
from paddle.optimizer._static_updates import penalized
from paddle.optimizer._validate import dynamic_only
from paddle.optimizer.optimizer import Optimizer


class ASGD(Optimizer):
    r"""ASGD, the stochastic average gradient method (Schmidt, Le Roux and Bach, "Minimizing Finite
    Sums with the Stochastic Average Gradient"). It keeps the last gradient of each of the
    ``batch_num`` batches of an epoch and steps along their average: at step :math:`m` (from 0), with
    :math:`i = m \bmod n`,

    .. math::
        d = d - y_i + g, \quad y_i = g, \quad
        param = param - learning\_rate \cdot \frac{d}{\min(m + 1, n)}

    where the weight decay's gradient is part of :math:`g`.

    The update is composed of eager ops (dynamic mode only). Its states are ``d``, ``y`` (shape
    ``[batch_num] + param.shape``) and the step count ``m``, under Paddle's state names.

    Args:
        learning_rate (float|LRScheduler, optional): the learning rate. Default 0.001.
        batch_num (int, optional): :math:`n`, the number of batches in an epoch (the gradients kept).
            Default 1, plain SGD.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        weight_decay (float|WeightDecayRegularizer, optional): weight decay, added to the gradient.
            Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        multi_precision (bool, optional): float32 master weights for half parameters. Default False.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> opt = paddle.optimizer.ASGD(learning_rate=0.1, batch_num=2, parameters=[w])
        >>> for scale in [2.0, 4.0]:
        ...     (w * scale).sum().backward()
        ...     opt.step()
        ...     opt.clear_grad()
        >>> round(w.item(), 4)  # 1 - 0.1 * 2 - 0.1 * (2 + 4) / 2
        0.5
    """

    def __init__(self, learning_rate=0.001, batch_num=1, parameters=None, weight_decay=None, grad_clip=None,
                 multi_precision=False, name=None):
        dynamic_only("ASGD")
        self._batch_num = check.integer("ASGD", batch_num, "batch_num", min=1)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name, multi_precision)

    def _apply(self, param, target, grad, lr, penalty, group):
        name, n = param.name, self._batch_num
        grad = penalized(grad, target, penalty)
        grad_sum = self._state("d", target, name)
        grads = self._state("y", target, name, shape=[n] + list(target.shape))
        step = self._scalar_state("m", name, 0)
        slot = step % n
        grad_sum.copy_(grad_sum - grads[slot] + grad)
        grads[slot] = grad
        self._set_scalar_state("m", name, step + 1)
        target.copy_(target - grad_sum * (lr / min(step + 1, n)))
