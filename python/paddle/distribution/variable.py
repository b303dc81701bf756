"""Domains and codomains of transforms: their event rank and the constraint their values meet."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import paddle
from paddle._C import Tensor


class Variable:
    """A space of values: discrete or not, with an event rank and a constraint check.

    Args:
        is_discrete (bool, optional): whether the values are discrete. Default: False.
        event_rank (int, optional): how many rightmost axes make one event. Default: 0.
        constraint (Callable[[Tensor], Tensor]|None, optional): returns a boolean
            Tensor, True where a value lies in the space. Default: None (any value).
    """

    def __init__(self, is_discrete: bool = False, event_rank: int = 0,
                 constraint: Callable[[Tensor], Tensor] | None = None) -> None:
        self._is_discrete = is_discrete
        self._event_rank = event_rank
        self._constraint = constraint

    @property
    def is_discrete(self) -> bool:
        """Whether the values are discrete."""
        return self._is_discrete

    @property
    def event_rank(self) -> int:
        """How many rightmost axes make one event."""
        return self._event_rank

    def constraint(self, value: Tensor) -> Tensor:
        """A boolean Tensor: True where ``value`` lies in the space."""
        if self._constraint is None:
            return paddle.ones(value.shape, dtype="bool")
        return self._constraint(value)


def _real(value: Tensor) -> Tensor:
    return value == value  # False only for NaN


def _positive(value: Tensor) -> Tensor:
    return value >= 0.0


def interval(lower: float, upper: float) -> Callable[[Tensor], Tensor]:
    """The check for values in [lower, upper]."""
    return lambda value: (value >= lower) & (value <= upper)


def _simplex(value: Tensor) -> Tensor:
    return paddle.all(value >= 0, axis=-1) & (paddle.abs(value.sum(-1) - 1.0) < 1e-6)


class Independent(Variable):
    """``base`` with ``reinterpreted_batch_rank`` more rightmost axes taken as part of the event."""

    def __init__(self, base: Variable, reinterpreted_batch_rank: int) -> None:
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        super().__init__(base.is_discrete, base.event_rank + reinterpreted_batch_rank)

    def constraint(self, value: Tensor) -> Tensor:
        inside = self._base.constraint(value)
        rank = self._reinterpreted_batch_rank
        if rank == 0:
            return inside
        if inside.ndim < rank:
            raise ValueError(f"[Independent.constraint] expected a value with at least {rank} dimensions, but got "
                             f"{inside.ndim}")
        return paddle.all(inside.reshape(list(inside.shape[:inside.ndim - rank]) + [-1]), axis=-1)


class Stack(Variable):
    """The spaces ``variables`` stacked along ``axis``."""

    def __init__(self, variables: Sequence[Variable], axis: int = 0) -> None:
        self._variables = list(variables)
        self._axis = axis
        rank = max(v.event_rank for v in self._variables)
        super().__init__(any(v.is_discrete for v in self._variables), rank + 1 if axis + rank < 0 else rank)

    def constraint(self, value: Tensor) -> Tensor:
        parts = paddle.unstack(value, self._axis)
        return paddle.stack([v.constraint(p) for v, p in zip(self._variables, parts)], self._axis)


real = Variable(False, 0, _real)
positive = Variable(False, 0, _positive)
unit_interval = Variable(False, 0, interval(0.0, 1.0))
symmetric_unit_interval = Variable(False, 0, interval(-1.0, 1.0))
simplex = Variable(False, 1, _simplex)
