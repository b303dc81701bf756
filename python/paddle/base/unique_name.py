"""Unique names for layers and parameters: ``generate("linear")`` gives
``linear_0``, then ``linear_1``; each key counts on its own.

Examples:
    >>> from paddle.base import unique_name
    >>> with unique_name.guard():
    ...     unique_name.generate("fc"), unique_name.generate("fc"), unique_name.generate("conv")
    ('fc_0', 'fc_1', 'conv_0')
"""

from __future__ import annotations

import contextlib
from collections import defaultdict

_counters: defaultdict[str, int] = defaultdict(int)


def generate(key: str) -> str:
    """``key`` followed by ``_`` and the number of names made from it so far."""
    number = _counters[key]
    _counters[key] += 1
    return f"{key}_{number}"


def switch(new_counters=None):
    """Replaces the counters (fresh ones when None) and returns the old ones."""
    global _counters
    old = _counters
    _counters = defaultdict(int) if new_counters is None else new_counters
    return old


@contextlib.contextmanager
def guard(new_generator=None):
    """Counts names from zero inside the block, restoring the outer counters after it."""
    old = switch(None if new_generator is None else defaultdict(int))
    try:
        yield
    finally:
        switch(old)
