"""Argument and mode checks shared by the optimizers."""

from __future__ import annotations

from paddle import _checks as check


def in_range(op: str, value, arg: str, low: float, high: float, high_open: bool = True) -> float:
    """A number in [low, high) (or [low, high] when not `high_open`)."""
    value = float(check.number(op, value, arg))
    if not (low <= value < high if high_open else low <= value <= high):
        bracket = ")" if high_open else "]"
        raise ValueError(f"[{op}] argument '{arg}': expected a number in [{low}, {high}{bracket}, but got {value}")
    return value


def non_negative(op: str, value, arg: str) -> float:
    value = float(check.number(op, value, arg))
    if not value >= 0:
        raise ValueError(f"[{op}] argument '{arg}': expected a number >= 0, but got {value}")
    return value


def dynamic_only(op: str) -> None:
    """The optimizers whose update is composed of eager ops (no fused kernel, no static form)."""
    import paddle

    if not paddle.in_dynamic_mode():
        raise RuntimeError(f"[{op}] is only available in dynamic mode, but static mode is on; call "
                           f"paddle.disable_static() first")
