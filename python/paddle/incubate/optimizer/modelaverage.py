"""ModelAverage: a running average of the parameters over a sliding window of steps."""

from __future__ import annotations

import contextlib

import paddle
from paddle import _checks as check
from paddle.optimizer._validate import dynamic_only, non_negative
from paddle.optimizer.optimizer import Optimizer

# Paddle moves the running sum to a second buffer every this many steps, so
# that one sum does not grow so large that adding a parameter loses precision.
_STEPS_PER_PARTIAL_SUM = 16384


class ModelAverage(Optimizer):
    r"""Keeps the average of each parameter over recent steps, to evaluate
    with in place of the trained values (``apply()``), Paddle's way.

    Each ``step()`` (after the training optimizer's) adds the parameters to a
    running sum. The window restarts once it holds
    ``max(min_average_window, min(max_average_window, num_updates * average_window_rate))``
    steps: the finished window's sum is kept aside and the new one starts
    empty. The average is over the kept window and the running one.

    Only the parameters that have a gradient at a step are summed, as in
    Paddle. Dynamic mode only.

    Args:
        average_window_rate (float): the window's length as a fraction of the steps so far.
        parameters (list, optional): the parameters to average.
        min_average_window (int, optional): the shortest window. Default 10000.
        max_average_window (int, optional): the longest window. Default 10000.
        name (str, optional): unused; kept for Paddle's signature.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(0.0))
        >>> sgd = paddle.optimizer.SGD(learning_rate=1.0, parameters=[w])
        >>> average = paddle.incubate.ModelAverage(0.5, parameters=[w], min_average_window=2,
        ...                                        max_average_window=10)
        >>> for _ in range(3):
        ...     (w * -1.0).sum().backward()  # each step adds 1 to w
        ...     sgd.step()
        ...     average.step()
        ...     sgd.clear_grad()
        >>> with average.apply():
        ...     w.item()  # the mean of 1, 2 and 3
        2.0
        >>> w.item()
        3.0
    """

    def __init__(self, average_window_rate, parameters=None, min_average_window=10000, max_average_window=10000,
                 name=None):
        op = "ModelAverage"
        dynamic_only(op)
        self.average_window = non_negative(op, average_window_rate, "average_window_rate")
        self.min_average_window = check.integer(op, min_average_window, "min_average_window", min=0)
        self.max_average_window = check.integer(op, max_average_window, "max_average_window", min=0)
        if self.min_average_window > self.max_average_window:
            raise ValueError(f"[{op}] argument 'min_average_window': expected at most max_average_window "
                             f"({self.max_average_window}), but got {self.min_average_window}")
        self._backups = {}
        super().__init__(0.0, parameters, name=name)

    def _accumulate(self, param) -> None:
        name = param.name
        sum_1, sum_2, sum_3 = (self._state(state, param, name) for state in ("sum_1", "sum_2", "sum_3"))
        num_accumulates = self._scalar_state("num_accumulates", name, 0) + 1
        old_num_accumulates = self._scalar_state("old_num_accumulates", name, 0)
        num_updates = self._scalar_state("num_updates", name, 0) + 1
        sum_1.copy_(sum_1 + param)
        if num_updates % _STEPS_PER_PARTIAL_SUM == 0:
            sum_2.copy_(sum_2 + sum_1)
            sum_1.zero_()
        window = min(self.max_average_window, num_updates * self.average_window)
        if num_accumulates >= self.min_average_window and num_accumulates >= window:
            sum_3.copy_(sum_1 + sum_2)
            sum_1.zero_()
            sum_2.zero_()
            old_num_accumulates, num_accumulates = num_accumulates, 0
        self._set_scalar_state("num_accumulates", name, num_accumulates)
        self._set_scalar_state("old_num_accumulates", name, old_num_accumulates)
        self._set_scalar_state("num_updates", name, num_updates)

    @paddle.no_grad()
    def step(self) -> None:
        """Adds the current values of the parameters that have a gradient to their sums."""
        for param in self._parameter_list:
            if not param.stop_gradient and param.grad is not None:
                self._accumulate(param)

    def _average(self, param):
        """The parameter's average, or None before its first step."""
        states = self._accumulators.get("sum_1", {})
        if param.name not in states:
            return None
        count = (self._accumulators["num_accumulates"][param.name]
                 + self._accumulators["old_num_accumulates"][param.name])
        if count == 0:
            return None
        total = states[param.name] + self._accumulators["sum_2"][param.name] + self._accumulators["sum_3"][param.name]
        return total / count

    @contextlib.contextmanager
    def apply(self, executor=None, need_restore=True):
        """A context in which the parameters hold their averages; they get their
        trained values back at its end when ``need_restore`` (else call
        ``restore()``). A parameter not yet averaged keeps its value.

        Args:
            executor (Executor, optional): static mode's executor; unused in dynamic mode.
            need_restore (bool, optional): restore the trained values at the end. Default True.
        """
        need_restore = check.flag("ModelAverage.apply", need_restore, "need_restore")
        with paddle.no_grad():
            for param in self._parameter_list:
                average = self._average(param)
                if average is not None:
                    self._backups[param.name] = (param, param.clone())
                    param.copy_(average.astype(param.dtype))
        try:
            yield
        finally:
            if need_restore:
                self.restore()

    @paddle.no_grad()
    def restore(self, executor=None) -> None:
        """Gives the parameters back the values they had before ``apply()``.

        Args:
            executor (Executor, optional): static mode's executor; unused in dynamic mode.
        """
        for param, value in self._backups.values():
            param.copy_(value)
        self._backups.clear()
