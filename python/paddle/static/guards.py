"""Context managers of paddle.static that group the ops built inside them:
name_scope and device_guard."""

from __future__ import annotations

import contextlib

from paddle import _C

_scopes = [{}]  # a stack of {prefix: uses} per open scope, outermost first
_scope_names = []


@contextlib.contextmanager
def name_scope(prefix=None):
    """Names the part of a program built inside it, for tools that show the
    program; nested scopes join their names with "/" and a prefix used again
    in the same scope gets a suffix ("s1", "s1_1"), as in Paddle. Dynamic mode
    ignores it.

    Args:
        prefix (str): the scope's name.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> from paddle.static.guards import _current_name_scope
        >>> with paddle.static.name_scope("encoder"):
        ...     with paddle.static.name_scope("layer"):
        ...         _current_name_scope()
        '/encoder/layer/'
        >>> paddle.disable_static()
    """
    if not _C.pir.static_mode():
        yield
        return
    if not isinstance(prefix, str) or not prefix:
        raise ValueError(f"[name_scope] prefix must be a non-empty str, but got {prefix!r}")
    uses = _scopes[-1].get(prefix, 0)
    _scopes[-1][prefix] = uses + 1
    _scope_names.append(prefix if uses == 0 else f"{prefix}_{uses}")
    _scopes.append({})
    try:
        yield
    finally:
        _scopes.pop()
        _scope_names.pop()


def _current_name_scope() -> str:
    """The name of the innermost open name_scope, "/" joined ("/" outside any)."""
    return "/" + "".join(name + "/" for name in _scope_names)


@contextlib.contextmanager
def device_guard(device=None):
    """Accepts Paddle's device names for the ops built inside it: "cpu",
    "gpu", "gpu:N", "xpu", "dcu", a registered custom device type, or None.
    Here kernel selection places every op of a program on the executor's
    place (with host kernels between transfers where a device has none), so
    the guard checks its argument and changes nothing else.

    Args:
        device (str|None): the device name.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> with paddle.static.device_guard("cpu"):
        ...     pass
        >>> paddle.disable_static()
    """
    name, _, index = (device or "").partition(":")
    if name == "cpu" and index:
        raise ValueError("[device_guard] cpu takes no device id, but got " + repr(device))
    known = ("cpu", "gpu", "dcu", "xpu", "") + tuple(_C.get_all_custom_device_type())
    if device is not None and (not isinstance(device, str) or name not in known or (index and not index.isdigit())):
        raise ValueError(f"[device_guard] device must be 'cpu', 'gpu', 'gpu:N', 'xpu', 'dcu', a custom device "
                         f"type or None, but got {device!r}")
    yield
