"""fleet.distributed_optimizer: the optimizer as the strategy wants it run."""

from __future__ import annotations

import paddle


class _GradientMerge:
    """Applies the inner optimizer on every k-th step() with the gradients
    accumulated since (averaged over the k backward passes when `avg`);
    clear_grad keeps them until then. Everything else is the inner optimizer's."""

    def __init__(self, optimizer, k_steps: int, avg: bool):
        self._inner = optimizer
        self._k_steps = k_steps
        self._avg = avg
        self._count = 0

    def _applies(self) -> bool:
        return self._count % self._k_steps == 0

    def step(self):
        self._count += 1
        if not self._applies():
            return
        if self._avg:
            with paddle.no_grad():
                for p in self._inner._parameter_list:
                    if p.grad is not None:
                        p.grad = p.grad / self._k_steps
        self._inner.step()

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        self.step()
        return None, []

    def clear_grad(self, set_to_zero=True):
        if self._applies():
            self._inner.clear_grad(set_to_zero)

    def __getattr__(self, name):
        return getattr(self._inner, name)


def distributed_optimizer(optimizer, strategy=None):
    """`optimizer` set up for fleet's strategy (the one given here or to
    fleet.init): under strategy.gradient_merge it steps once every
    ``gradient_merge_configs["k_steps"]`` calls, on the gradients accumulated
    meanwhile. DataParallel has averaged the gradients over the ranks already.

    Examples:
        >>> import paddle
        >>> from paddle.distributed import fleet
        >>> fleet.init(is_collective=True)
        >>> model = paddle.nn.Linear(4, 2)
        >>> opt = fleet.distributed_optimizer(paddle.optimizer.SGD(parameters=model.parameters()))
    """
    from paddle.distributed.fleet import DistributedStrategy, _Fleet, _strategy

    if strategy is not None:
        if not isinstance(strategy, DistributedStrategy):
            raise TypeError(f"[fleet.distributed_optimizer] argument 'strategy': expected a DistributedStrategy, "
                            f"but got {type(strategy).__name__}")
        _Fleet.strategy = strategy
    strategy = _strategy("distributed_optimizer")
    if not isinstance(optimizer, paddle.optimizer.Optimizer):
        raise TypeError(f"[fleet.distributed_optimizer] argument 'optimizer': expected a paddle.optimizer.Optimizer, "
                        f"but got {type(optimizer).__name__}")
    k_steps = strategy.gradient_merge_configs["k_steps"]
    if strategy.gradient_merge and k_steps > 1:
        return _GradientMerge(optimizer, k_steps, strategy.gradient_merge_configs["avg"])
    return optimizer
