"""Stochastic gradient descent."""

from __future__ import annotations

from paddle import _C_ops
from paddle.optimizer import _static_updates
from paddle.optimizer.optimizer import Optimizer


class SGD(Optimizer):
    r"""Stochastic gradient descent: :math:`param = param - learning\_rate * grad`.

    Args:
        learning_rate (float|LRScheduler, optional): the learning rate. Default 0.001.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        weight_decay (float|WeightDecayRegularizer, optional): weight decay. Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        multi_precision (bool, optional): float32 master weights for half parameters. Default False.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([2], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
        >>> opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=[w])
        >>> (w * paddle.to_tensor([1.0, 2.0])).sum().backward()
        >>> opt.step()
        >>> w.numpy().tolist()
        [0.5, 0.0]
    """

    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
                 multi_precision=False, name=None):
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name, multi_precision)

    def _apply(self, param, target, grad, lr, penalty, group):
        if self._composes(lr):
            _static_updates.sgd(target, grad, lr, penalty)
            return
        _C_ops.sgd_(target, grad, lr, *penalty)
