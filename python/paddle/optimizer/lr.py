"""paddle.optimizer.lr: learning-rate schedulers.

A scheduler holds the current learning rate (`last_lr`, also what calling it
returns) and the epoch (or step) count `last_epoch`. Constructing one calls
`step()` once, so a fresh scheduler is at epoch 0 with its initial rate;
`step()` advances by one, `step(epoch)` jumps to an epoch. Formulas are
Paddle's, in each class's docstring.

Examples:
    >>> import paddle
    >>> sched = paddle.optimizer.lr.StepDecay(learning_rate=0.5, step_size=2, gamma=0.1)
    >>> lrs = []
    >>> for epoch in range(5):
    ...     lrs.append(round(sched(), 6))
    ...     sched.step()
    >>> lrs
    [0.5, 0.5, 0.05, 0.05, 0.005]
"""

from __future__ import annotations

import math
import numbers
import warnings

import numpy as np

from paddle import _checks as check
from paddle._C import Tensor

__all__ = ["LRScheduler", "NoamDecay", "PiecewiseDecay", "PolynomialDecay", "LinearWarmup", "ExponentialDecay",
           "MultiStepDecay", "StepDecay", "LambdaDecay", "ReduceOnPlateau", "CosineAnnealingDecay", "OneCycleLR",
           "CosineAnnealingWarmRestarts", "NaturalExpDecay", "InverseTimeDecay", "MultiplicativeDecay", "CyclicLR",
           "LinearLR"]


def _rate(op: str, value, arg: str) -> float:
    return float(check.number(op, value, arg))


def _positive_int(op: str, value, arg: str) -> int:
    return check.integer(op, value, arg, min=1)


class LRScheduler:
    """The base of the schedulers: subclasses implement `get_lr()` for `last_epoch`.

    Args:
        learning_rate (float, optional): the initial rate, `base_lr`. Default 0.1.
        last_epoch (int, optional): the epoch to start from minus one. Default -1.
        verbose (bool, optional): print the rate at each step. Default False.
    """

    def __init__(self, learning_rate: float = 0.1, last_epoch: int = -1, verbose: bool = False):
        name = type(self).__name__
        self.base_lr = _rate(name, learning_rate, "learning_rate")
        self.last_lr = self.base_lr
        self.last_epoch = check.integer(name, last_epoch, "last_epoch", min=-1)
        self.verbose = check.flag(name, verbose, "verbose")
        self.step()

    def __call__(self) -> float:
        """The current learning rate."""
        return self.last_lr

    def step(self, epoch: int | None = None) -> None:
        """Advances one epoch (or sets `last_epoch = epoch`) and recomputes `last_lr`."""
        if epoch is None:
            self.last_epoch += 1
            self.last_lr = self.get_lr()
        else:
            self.last_epoch = check.integer(type(self).__name__, epoch, "epoch")
            closed_form = getattr(self, "_get_closed_form_lr", None)
            self.last_lr = closed_form() if closed_form is not None else self.get_lr()
        self._report()

    def _report(self) -> None:
        if self.verbose:
            print(f"Epoch {self.last_epoch}: {type(self).__name__} set learning rate to {self.last_lr}.")

    def get_lr(self) -> float:
        """The rate at `last_epoch`; each scheduler defines it."""
        raise NotImplementedError(f"[{type(self).__name__}] get_lr is not implemented")

    def state_dict(self) -> dict:
        """The scheduler's plain attributes (numbers, strings, lists), by name."""
        state = {}
        for key, value in self.__dict__.items():
            if isinstance(value, Tensor):
                value = value.numpy()
            if isinstance(value, np.ndarray) and value.size == 1:
                value = value.item()
            if isinstance(value, (numbers.Number, str, list, tuple)) or value is None:
                state[key] = list(value) if isinstance(value, tuple) else value
        return state

    def set_state_dict(self, state_dict: dict) -> None:
        """Restores what `state_dict()` returned; keys it does not know are ignored with a warning."""
        if not isinstance(state_dict, dict):
            raise TypeError(f"[{type(self).__name__}.set_state_dict] argument 'state_dict': expected a dict, "
                            f"but got {check.got(state_dict)}")
        known = self.state_dict()
        unknown = [k for k in state_dict if k not in known]
        if unknown:
            warnings.warn(f"[{type(self).__name__}.set_state_dict] ignoring unknown keys {unknown}")
        for key, value in state_dict.items():
            if key in known:
                setattr(self, key, value)

    set_dict = set_state_dict


class NoamDecay(LRScheduler):
    """``lr = learning_rate * d_model**-0.5 * min(epoch**-0.5, epoch * warmup_steps**-1.5)``
    (the first factor is 1 at epoch 0).

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.NoamDecay(d_model=16, warmup_steps=4)
        >>> sched.step()
        >>> round(sched(), 6)
        0.03125
    """

    def __init__(self, d_model: int, warmup_steps: int, learning_rate: float = 1.0, last_epoch: int = -1,
                 verbose: bool = False):
        self.d_model = _rate("NoamDecay", d_model, "d_model")
        if self.d_model <= 0:
            raise ValueError(f"[NoamDecay] argument 'd_model': expected a positive number, but got {d_model}")
        self.warmup_steps = _positive_int("NoamDecay", warmup_steps, "warmup_steps")
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        a = 1.0 if self.last_epoch == 0 else self.last_epoch ** -0.5
        b = self.warmup_steps ** -1.5 * self.last_epoch
        return self.base_lr * self.d_model ** -0.5 * min(a, b)


class PiecewiseDecay(LRScheduler):
    """``values[i]`` for the first ``i`` with ``epoch < boundaries[i]``, else ``values[-1]``.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.PiecewiseDecay(boundaries=[2], values=[1.0, 0.5])
        >>> [sched() for _ in range(3) if sched.step() is None]
        [1.0, 0.5, 0.5]
    """

    def __init__(self, boundaries, values, last_epoch: int = -1, verbose: bool = False):
        self.boundaries = check.int_list("PiecewiseDecay", boundaries, "boundaries")
        if not isinstance(values, (list, tuple)):
            raise TypeError(f"[PiecewiseDecay] argument 'values': expected a list of numbers, but got "
                            f"{check.got(values)}")
        self.values = [_rate("PiecewiseDecay", v, "values") for v in values]
        if len(self.values) != len(self.boundaries) + 1:
            raise ValueError(f"[PiecewiseDecay] argument 'values': expected {len(self.boundaries) + 1} values "
                             f"(one more than boundaries), but got {len(self.values)}")
        super().__init__(last_epoch=last_epoch, verbose=verbose)

    def get_lr(self) -> float:
        for boundary, value in zip(self.boundaries, self.values):
            if self.last_epoch < boundary:
                return value
        return self.values[-1]


class PolynomialDecay(LRScheduler):
    """``(learning_rate - end_lr) * (1 - t / T) ** power + end_lr`` with ``t = min(epoch, decay_steps)``,
    ``T = decay_steps``; with ``cycle`` ``t = epoch`` and ``T = decay_steps * ceil(epoch / decay_steps)``
    (at least ``decay_steps``).

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.PolynomialDecay(learning_rate=1.0, decay_steps=4, end_lr=0.0)
        >>> sched.step(2)
        >>> sched()
        0.5
    """

    def __init__(self, learning_rate: float, decay_steps: int, end_lr: float = 0.0001, power: float = 1.0,
                 cycle: bool = False, last_epoch: int = -1, verbose: bool = False):
        self.decay_steps = _positive_int("PolynomialDecay", decay_steps, "decay_steps")
        self.end_lr = _rate("PolynomialDecay", end_lr, "end_lr")
        self.power = _rate("PolynomialDecay", power, "power")
        if self.power <= 0:
            raise ValueError(f"[PolynomialDecay] argument 'power': expected a positive number, but got {power}")
        self.cycle = check.flag("PolynomialDecay", cycle, "cycle")
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        epoch, steps = self.last_epoch, self.decay_steps
        if self.cycle:
            steps = self.decay_steps * max(1, math.ceil(epoch / self.decay_steps))
        else:
            epoch = min(epoch, steps)
        return (self.base_lr - self.end_lr) * (1 - float(epoch) / float(steps)) ** self.power + self.end_lr


class LinearWarmup(LRScheduler):
    """Rises linearly from `start_lr` to `end_lr` over `warmup_steps`, then follows `learning_rate`
    (a float, or a scheduler stepped to ``epoch - warmup_steps``).

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.LinearWarmup(learning_rate=0.5, warmup_steps=4, start_lr=0.0, end_lr=0.5)
        >>> [sched() for _ in range(6) if sched.step() is None]
        [0.125, 0.25, 0.375, 0.5, 0.5, 0.5]
    """

    def __init__(self, learning_rate, warmup_steps: int, start_lr: float, end_lr: float, last_epoch: int = -1,
                 verbose: bool = False):
        if not isinstance(learning_rate, LRScheduler):
            learning_rate = _rate("LinearWarmup", learning_rate, "learning_rate")
        self.learning_rate = learning_rate
        self.warmup_steps = _positive_int("LinearWarmup", warmup_steps, "warmup_steps")
        self.start_lr = _rate("LinearWarmup", start_lr, "start_lr")
        self.end_lr = _rate("LinearWarmup", end_lr, "end_lr")
        if self.end_lr <= self.start_lr:
            raise ValueError(f"[LinearWarmup] argument 'end_lr': expected a number greater than start_lr "
                             f"({start_lr}), but got {end_lr}")
        super().__init__(start_lr, last_epoch, verbose)

    def get_lr(self) -> float:
        if self.last_epoch < self.warmup_steps:
            return (self.end_lr - self.start_lr) * float(self.last_epoch) / float(self.warmup_steps) + self.start_lr
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.step(self.last_epoch - self.warmup_steps)
            return self.learning_rate()
        return self.learning_rate

    def state_dict(self) -> dict:
        state = super().state_dict()
        if isinstance(self.learning_rate, LRScheduler):
            state["LinearWarmup_LR"] = self.learning_rate.state_dict()
        return state

    def set_state_dict(self, state_dict: dict) -> None:
        state_dict = dict(state_dict)
        inner = state_dict.pop("LinearWarmup_LR", None)
        super().set_state_dict(state_dict)
        if inner is not None and isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.set_state_dict(inner)


class ExponentialDecay(LRScheduler):
    """``lr = learning_rate * gamma ** epoch``.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.ExponentialDecay(learning_rate=1.0, gamma=0.5)
        >>> sched.step(3)
        >>> sched()
        0.125
    """

    def __init__(self, learning_rate: float, gamma: float, last_epoch: int = -1, verbose: bool = False):
        self.gamma = _rate("ExponentialDecay", gamma, "gamma")
        if not 0.0 < self.gamma < 1.0:
            raise ValueError(f"[ExponentialDecay] argument 'gamma': expected a number in (0, 1), but got {gamma}")
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * self.gamma ** self.last_epoch


class MultiStepDecay(LRScheduler):
    """``lr = learning_rate * gamma ** i`` where ``i`` counts the milestones ``<= epoch``.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.MultiStepDecay(learning_rate=1.0, milestones=[1, 3], gamma=0.5)
        >>> [sched() for _ in range(4) if sched.step() is None]
        [0.5, 0.5, 0.25, 0.25]
    """

    def __init__(self, learning_rate: float, milestones, gamma: float = 0.1, last_epoch: int = -1,
                 verbose: bool = False):
        self.milestones = check.int_list("MultiStepDecay", milestones, "milestones")
        if any(a >= b for a, b in zip(self.milestones, self.milestones[1:])):
            raise ValueError(f"[MultiStepDecay] argument 'milestones': expected an increasing list, but got "
                             f"{self.milestones}")
        self.gamma = _rate("MultiStepDecay", gamma, "gamma")
        if self.gamma >= 1.0:
            raise ValueError(f"[MultiStepDecay] argument 'gamma': expected a number < 1.0, but got {gamma}")
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        for i, milestone in enumerate(self.milestones):
            if self.last_epoch < milestone:
                return self.base_lr * self.gamma ** i
        return self.base_lr * self.gamma ** len(self.milestones)


class StepDecay(LRScheduler):
    """``lr = learning_rate * gamma ** (epoch // step_size)`` (see the module example)."""

    def __init__(self, learning_rate: float, step_size: int, gamma: float = 0.1, last_epoch: int = -1,
                 verbose: bool = False):
        self.step_size = _positive_int("StepDecay", step_size, "step_size")
        self.gamma = _rate("StepDecay", gamma, "gamma")
        if self.gamma >= 1.0:
            raise ValueError(f"[StepDecay] argument 'gamma': expected a number < 1.0, but got {gamma}")
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * self.gamma ** (self.last_epoch // self.step_size)


class LambdaDecay(LRScheduler):
    """``lr = learning_rate * lr_lambda(epoch)``.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.LambdaDecay(learning_rate=0.5, lr_lambda=lambda e: 0.5 ** e)
        >>> sched.step(2)
        >>> sched()
        0.125
    """

    def __init__(self, learning_rate: float, lr_lambda, last_epoch: int = -1, verbose: bool = False):
        if not callable(lr_lambda):
            raise TypeError(f"[LambdaDecay] argument 'lr_lambda': expected a callable, but got "
                            f"{check.got(lr_lambda)}")
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * self.lr_lambda(self.last_epoch)


class CosineAnnealingDecay(LRScheduler):
    """``lr = eta_min + (learning_rate - eta_min) * (1 + cos(pi * epoch / T_max)) / 2``.

    `step()` uses Paddle's recursive form (the same values within a period, and it keeps rising
    past ``T_max``); `step(epoch)` uses the closed form.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.CosineAnnealingDecay(learning_rate=1.0, T_max=4)
        >>> sched.step(2)
        >>> round(sched(), 6)
        0.5
    """

    def __init__(self, learning_rate: float, T_max: int, eta_min: float = 0, last_epoch: int = -1,  # noqa: N803
                 verbose: bool = False):
        self.T_max = _positive_int("CosineAnnealingDecay", T_max, "T_max")
        self.eta_min = _rate("CosineAnnealingDecay", eta_min, "eta_min")
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        if self.last_epoch == 0:
            return self.base_lr
        if (self.last_epoch - 1 - self.T_max) % (2 * self.T_max) == 0:
            return self.last_lr + (self.base_lr - self.eta_min) * (1 - math.cos(math.pi / self.T_max)) / 2
        return ((1 + math.cos(math.pi * self.last_epoch / self.T_max))
                / (1 + math.cos(math.pi * (self.last_epoch - 1) / self.T_max))
                * (self.last_lr - self.eta_min) + self.eta_min)

    def _get_closed_form_lr(self) -> float:
        return self.eta_min + (self.base_lr - self.eta_min) * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2


class OneCycleLR(LRScheduler):
    """The one-cycle policy over `total_steps`: from ``max_learning_rate / divide_factor`` up to
    `max_learning_rate` by step ``phase_pct * total_steps - 1``, then down to `end_learning_rate` at
    step ``total_steps - 1`` (with `three_phase`, back to the initial rate at ``2 * phase_pct * total_steps
    - 2`` first). Each phase anneals by ``end + (start - end) * (1 + cos(pi * pct)) / 2`` ('cos') or
    ``start + (end - start) * pct`` ('linear').

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.OneCycleLR(max_learning_rate=1.0, total_steps=10, divide_factor=10.0,
        ...                                        end_learning_rate=0.0, phase_pct=0.2, anneal_strategy='linear')
        >>> [round(sched(), 6) for _ in range(3) if sched.step() is None]
        [1.0, 0.875, 0.75]
    """

    def __init__(self, max_learning_rate: float, total_steps: int, divide_factor: float = 25.0,
                 end_learning_rate: float = 0.0001, phase_pct: float = 0.3, anneal_strategy: str = "cos",
                 three_phase: bool = False, last_epoch: int = -1, verbose: bool = False):
        name = "OneCycleLR"
        max_lr = _rate(name, max_learning_rate, "max_learning_rate")
        if max_lr < 0:
            raise ValueError(f"[{name}] argument 'max_learning_rate': expected a number >= 0, but got "
                             f"{max_learning_rate}")
        self.total_steps = _positive_int(name, total_steps, "total_steps")
        divide_factor = _rate(name, divide_factor, "divide_factor")
        if divide_factor <= 0:
            raise ValueError(f"[{name}] argument 'divide_factor': expected a positive number, but got "
                             f"{divide_factor}")
        min_lr = _rate(name, end_learning_rate, "end_learning_rate")
        phase_pct = _rate(name, phase_pct, "phase_pct")
        self.three_phase = check.flag(name, three_phase, "three_phase")
        if not 0.0 <= phase_pct <= (0.5 if self.three_phase else 1.0):
            limit = "[0, 0.5) with three_phase" if self.three_phase else "[0, 1]"
            raise ValueError(f"[{name}] argument 'phase_pct': expected a number in {limit}, but got {phase_pct}")
        if self.three_phase and phase_pct == 0.5:
            raise ValueError(f"[{name}] argument 'phase_pct': expected a number in [0, 0.5) with three_phase, "
                             f"but got {phase_pct}")
        self.anneal_strategy = check.choice(name, anneal_strategy, ("cos", "linear"), "anneal_strategy")
        initial_lr = max_lr / divide_factor
        up = float(phase_pct * self.total_steps) - 1
        if self.three_phase:
            self._start_steps = [0, up, float(2 * phase_pct * self.total_steps) - 2, self.total_steps - 1]
            self._lr_config = [initial_lr, max_lr, initial_lr, min_lr]
        else:
            self._start_steps = [0, up, self.total_steps - 1]
            self._lr_config = [initial_lr, max_lr, min_lr]
        self._steps_size = [b - a for a, b in zip(self._start_steps, self._start_steps[1:])]
        super().__init__(initial_lr, last_epoch, verbose)

    def _anneal(self, start: float, end: float, pct: float) -> float:
        if self.anneal_strategy == "cos":
            return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)
        return (end - start) * pct + start

    def get_lr(self) -> float:
        step = self.last_epoch
        if step > self.total_steps:
            raise ValueError(f"[OneCycleLR] stepped {step} times, but total_steps is {self.total_steps}")
        last = len(self._steps_size) - 1
        for i, (end_step, size) in enumerate(zip(self._start_steps[1:], self._steps_size)):
            if step <= end_step or i == last:
                return self._anneal(self._lr_config[i], self._lr_config[i + 1], (step - self._start_steps[i]) / size)
        return self._lr_config[-1]  # unreachable: the last phase catches every step


class ReduceOnPlateau(LRScheduler):
    """Multiplies the rate by `factor` (not below `min_lr`) once the metric passed to `step(metrics)` has not
    improved for more than `patience` steps, then waits `cooldown` steps. An improvement in 'min' mode is
    ``current < best * (1 - threshold)`` ('rel') or ``current < best - threshold`` ('abs'); 'max' mirrors it.
    Changes smaller than `epsilon` are skipped. Unlike the others it starts at ``last_epoch = 0``.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.ReduceOnPlateau(learning_rate=1.0, patience=1, factor=0.5)
        >>> for loss in [1.0, 1.0, 1.0]:
        ...     sched.step(loss)
        >>> sched()
        0.5
    """

    def __init__(self, learning_rate: float, mode: str = "min", factor: float = 0.1, patience: int = 10,
                 threshold: float = 1e-4, threshold_mode: str = "rel", cooldown: int = 0, min_lr: float = 0,
                 epsilon: float = 1e-8, verbose: bool = False):
        name = "ReduceOnPlateau"
        self.mode = check.choice(name, mode, ("min", "max"), "mode")
        self.factor = _rate(name, factor, "factor")
        if self.factor >= 1.0:
            raise ValueError(f"[{name}] argument 'factor': expected a number < 1.0, but got {factor}")
        self.threshold_mode = check.choice(name, threshold_mode, ("rel", "abs"), "threshold_mode")
        self.patience = check.integer(name, patience, "patience", min=0)
        self.threshold = _rate(name, threshold, "threshold")
        self.cooldown = check.integer(name, cooldown, "cooldown", min=0)
        self.min_lr = _rate(name, min_lr, "min_lr")
        self.epsilon = _rate(name, epsilon, "epsilon")
        self.verbose = check.flag(name, verbose, "verbose")
        self.base_lr = _rate(name, learning_rate, "learning_rate")
        self.last_lr = self.base_lr
        self.cooldown_counter = 0
        self.best = None
        self.num_bad_epochs = 0
        self.last_epoch = 0

    def step(self, metrics, epoch: int | None = None) -> None:  # type: ignore[override]
        """Records `metrics` (a number or a one-element Tensor/array) for one epoch, reducing the rate on a
        plateau."""
        name = "ReduceOnPlateau.step"
        self.last_epoch = self.last_epoch + 1 if epoch is None else check.integer(name, epoch, "epoch")
        if isinstance(metrics, (Tensor, np.ndarray)):
            if metrics.size != 1:
                raise ValueError(f"[{name}] argument 'metrics': expected a one-element Tensor, but got shape "
                                 f"{list(metrics.shape)}")
            current = float(metrics.item())
        else:
            current = _rate(name, metrics, "metrics")
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            return
        if self.best is None or self._is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.num_bad_epochs > self.patience:
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
            new_lr = max(self.last_lr * self.factor, self.min_lr)
            if self.last_lr - new_lr > self.epsilon:
                self.last_lr = new_lr
                self._report()

    def _is_better(self, current: float, best: float) -> bool:
        margin = best * self.threshold if self.threshold_mode == "rel" else self.threshold
        return current < best - margin if self.mode == "min" else current > best + margin

    def get_lr(self) -> float:
        return self.last_lr


class CosineAnnealingWarmRestarts(LRScheduler):
    """``lr = eta_min + (learning_rate - eta_min) * (1 + cos(pi * T_cur / T_i)) / 2``, where ``T_cur`` counts
    the epochs since the last restart and the period ``T_i`` starts at `T_0` and is multiplied by `T_mult`
    at each restart.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.CosineAnnealingWarmRestarts(learning_rate=1.0, T_0=2)
        >>> [round(sched(), 6) for _ in range(4) if sched.step() is None]
        [0.5, 1.0, 0.5, 1.0]
    """

    def __init__(self, learning_rate: float, T_0: int, T_mult: int = 1, eta_min: float = 0,  # noqa: N803
                 last_epoch: int = -1, verbose: bool = False):
        name = "CosineAnnealingWarmRestarts"
        self.T_0 = _positive_int(name, T_0, "T_0")
        self.T_mult = _positive_int(name, T_mult, "T_mult")
        self.eta_min = _rate(name, eta_min, "eta_min")
        self.T_i = self.T_0
        self.T_cur = last_epoch
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.eta_min + (self.base_lr - self.eta_min) * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2

    def step(self, epoch=None) -> None:
        """Advances one epoch (restarting at the end of a period), or jumps to `epoch` (a float allowed)."""
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur += 1
            if self.T_cur >= self.T_i:
                self.T_cur -= self.T_i
                self.T_i *= self.T_mult
        else:
            epoch = _rate("CosineAnnealingWarmRestarts.step", epoch, "epoch")
            if epoch < 0:
                raise ValueError(f"[CosineAnnealingWarmRestarts.step] argument 'epoch': expected a number >= 0, "
                                 f"but got {epoch}")
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = epoch % self.T_0
                else:
                    n = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
                    self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** n
            else:
                self.T_i = self.T_0
                self.T_cur = epoch
        self.last_epoch = math.floor(epoch)
        self.last_lr = self.get_lr()
        self._report()


class NaturalExpDecay(LRScheduler):
    """``lr = learning_rate * exp(-gamma * epoch)``.

    Args:
        learning_rate (float): the initial rate.
        gamma (float): the decay rate, > 0.
        last_epoch (int, optional): the epoch to start from minus one. Default -1.
        verbose (bool, optional): print the rate at each step. Default False.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.NaturalExpDecay(learning_rate=0.5, gamma=0.1)
        >>> sched.step(10)
        >>> round(sched(), 6)  # 0.5 * e^-1
        0.18394
    """

    def __init__(self, learning_rate: float, gamma: float, last_epoch: int = -1, verbose: bool = False):
        self.gamma = _rate("NaturalExpDecay", gamma, "gamma")
        if self.gamma <= 0:
            raise ValueError(f"[NaturalExpDecay] argument 'gamma': expected a positive number, but got {gamma}")
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * math.exp(-self.gamma * self.last_epoch)


class InverseTimeDecay(LRScheduler):
    """``lr = learning_rate / (1 + gamma * epoch)``.

    Args:
        learning_rate (float): the initial rate.
        gamma (float): the decay rate.
        last_epoch (int, optional): the epoch to start from minus one. Default -1.
        verbose (bool, optional): print the rate at each step. Default False.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.InverseTimeDecay(learning_rate=0.5, gamma=0.5)
        >>> [sched() for _ in range(3) if sched.step() is None]
        [0.3333333333333333, 0.25, 0.2]
    """

    def __init__(self, learning_rate: float, gamma: float, last_epoch: int = -1, verbose: bool = False):
        self.gamma = _rate("InverseTimeDecay", gamma, "gamma")
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr / (1 + self.gamma * self.last_epoch)


class MultiplicativeDecay(LRScheduler):
    """``lr = learning_rate * lr_lambda(1) * lr_lambda(2) * ... * lr_lambda(epoch)``: each epoch multiplies
    the rate by ``lr_lambda(epoch)``.

    Args:
        learning_rate (float): the initial rate.
        lr_lambda (callable): the factor of an epoch (an int >= 1).
        last_epoch (int, optional): the epoch to start from minus one. Default -1.
        verbose (bool, optional): print the rate at each step. Default False.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.MultiplicativeDecay(learning_rate=1.0, lr_lambda=lambda e: 0.5)
        >>> [sched() for _ in range(3) if sched.step() is None]
        [0.5, 0.25, 0.125]
    """

    def __init__(self, learning_rate: float, lr_lambda, last_epoch: int = -1, verbose: bool = False):
        if not callable(lr_lambda):
            raise TypeError(f"[MultiplicativeDecay] argument 'lr_lambda': expected a callable, but got "
                            f"{check.got(lr_lambda)}")
        self.lr_lambda = lr_lambda
        # The epoch that last_lr belongs to: a step to the next epoch multiplies it by one factor instead
        # of recomputing the whole product.
        self._lr_epoch = None
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        if self._lr_epoch is not None and self.last_epoch == self._lr_epoch + 1:
            rate = self.last_lr * self.lr_lambda(self.last_epoch)
        else:
            rate = self.base_lr
            for epoch in range(1, self.last_epoch + 1):
                rate *= self.lr_lambda(epoch)
        self._lr_epoch = self.last_epoch
        return rate


class CyclicLR(LRScheduler):
    """Cycles the rate between `base_learning_rate` and `max_learning_rate`: up linearly over
    `step_size_up` steps, down over `step_size_down`, with the cycle's amplitude scaled by
    ``scale_fn(x)``, where x is the cycle number (from 1, ``scale_mode='cycle'``) or the step count
    (``'iterations'``). The modes give the scaling: 'triangular' 1, 'triangular2' ``1 / 2 ** (cycle - 1)``
    (halved each cycle), 'exp_range' ``exp_gamma ** iterations``; a `scale_fn` replaces the mode's.

    Args:
        base_learning_rate (float): the lower bound of the cycle, the initial rate.
        max_learning_rate (float): the upper bound (reached only with a scale of 1), >= 0.
        step_size_up (int): steps of the rising half.
        step_size_down (int, optional): steps of the falling half; `step_size_up` when None.
        mode (str, optional): 'triangular', 'triangular2' or 'exp_range'. Default 'triangular'.
        exp_gamma (float, optional): the base of 'exp_range'. Default 1.0.
        scale_fn (callable, optional): a custom scaling of one argument, in [0, 1]. Default None.
        scale_mode (str, optional): what `scale_fn` takes: 'cycle' or 'iterations'. Default 'cycle'.
        last_epoch (int, optional): the step to start from minus one. Default -1.
        verbose (bool, optional): print the rate at each step. Default False.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.CyclicLR(base_learning_rate=0.1, max_learning_rate=1.0, step_size_up=2)
        >>> [round(sched(), 6) for _ in range(6) if sched.step() is None]
        [0.55, 1.0, 0.55, 0.1, 0.55, 1.0]
    """

    def __init__(self, base_learning_rate: float, max_learning_rate: float, step_size_up: int,
                 step_size_down: int | None = None, mode: str = "triangular", exp_gamma: float = 1.0, scale_fn=None,
                 scale_mode: str = "cycle", last_epoch: int = -1, verbose: bool = False):
        name = "CyclicLR"
        self.max_lr = _rate(name, max_learning_rate, "max_learning_rate")
        if self.max_lr < 0:
            raise ValueError(f"[{name}] argument 'max_learning_rate': expected a number >= 0, but got "
                             f"{max_learning_rate}")
        up = _positive_int(name, step_size_up, "step_size_up")
        down = up if step_size_down is None else _positive_int(name, step_size_down, "step_size_down")
        self.cycle_size = float(up + down)
        self.step_up_pct = up / self.cycle_size
        self.amplitude = self.max_lr - _rate(name, base_learning_rate, "base_learning_rate")
        self.gamma = _rate(name, exp_gamma, "exp_gamma")
        self.scale_mode = check.choice(name, scale_mode, ("cycle", "iterations"), "scale_mode")
        self.mode = mode
        if scale_fn is not None:
            if not callable(scale_fn):
                raise TypeError(f"[{name}] argument 'scale_fn': expected a callable, but got {check.got(scale_fn)}")
            self.scale_fn = scale_fn
        else:
            check.choice(name, mode, ("triangular", "triangular2", "exp_range"), "mode")
            self.scale_mode = "iterations" if mode == "exp_range" else "cycle"
            self.scale_fn = {"triangular": lambda x: 1.0, "triangular2": lambda x: 1 / (2.0 ** (x - 1)),
                             "exp_range": lambda x: self.gamma ** x}[mode]
        super().__init__(base_learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        iterations = self.last_epoch
        cycle = 1 + iterations // self.cycle_size
        position = 1.0 + iterations / self.cycle_size - cycle  # in [0, 1) within the cycle
        if position <= self.step_up_pct:
            height = position / self.step_up_pct
        else:
            height = (1 - position) / (1 - self.step_up_pct)
        scale = self.scale_fn(cycle if self.scale_mode == "cycle" else iterations)
        return self.base_lr + self.amplitude * height * scale


class LinearLR(LRScheduler):
    """Scales `learning_rate` by a factor going linearly from `start_factor` to `end_factor` over
    `total_steps` epochs, then kept: ``lr = learning_rate * (start_factor + (end_factor - start_factor) *
    min(epoch, total_steps) / total_steps)``.

    Args:
        learning_rate (float): the rate the factors scale.
        total_steps (int): the epochs of the change, >= 1.
        start_factor (float, optional): the factor at epoch 0, in (0, 1]. Default 1/3.
        end_factor (float, optional): the factor from `total_steps` on, in [0, 1]. Default 1.0.
        last_epoch (int, optional): the epoch to start from minus one. Default -1.
        verbose (bool, optional): print the rate at each step. Default False.

    Examples:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.LinearLR(learning_rate=1.0, total_steps=2, start_factor=0.5)
        >>> [sched() for _ in range(4) if sched.step() is None]
        [0.75, 1.0, 1.0, 1.0]
    """

    def __init__(self, learning_rate: float, total_steps: int, start_factor: float = 1.0 / 3, end_factor: float = 1.0,
                 last_epoch: int = -1, verbose: bool = False):
        name = "LinearLR"
        self.start_factor = _rate(name, start_factor, "start_factor")
        if not 0 < self.start_factor <= 1:
            raise ValueError(f"[{name}] argument 'start_factor': expected a number in (0, 1], but got {start_factor}")
        self.end_factor = _rate(name, end_factor, "end_factor")
        if not 0 <= self.end_factor <= 1:
            raise ValueError(f"[{name}] argument 'end_factor': expected a number in [0, 1], but got {end_factor}")
        self.total_steps = _positive_int(name, total_steps, "total_steps")
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        progress = min(self.last_epoch, self.total_steps) / self.total_steps
        return self.base_lr * (self.start_factor + (self.end_factor - self.start_factor) * progress)
