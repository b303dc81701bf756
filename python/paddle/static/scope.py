"""Scopes: the named tensors (parameters) programs read and write across runs."""

from __future__ import annotations

import contextlib

from paddle import _C

Scope = _C.pir.Scope
_scopes = [Scope()]


def global_scope() -> Scope:
    """The scope Executor.run uses when given none (the innermost scope_guard's)."""
    return _scopes[-1]


@contextlib.contextmanager
def scope_guard(scope: Scope):
    """Makes `scope` the global scope inside the `with` block."""
    if not isinstance(scope, Scope):
        raise TypeError(f"scope_guard: expected a paddle.static.Scope, but got {type(scope).__name__}")
    _scopes.append(scope)
    try:
        yield
    finally:
        _scopes.pop()
