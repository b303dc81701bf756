"""Static mode on and off (Note [Static mode] in paddle/pybind/static_graph.h)."""

from __future__ import annotations

from paddle import _C


def enable_static() -> None:
    """Turns on static mode: the public functions then build ops into the
    current program (paddle.static.default_main_program(), or the one
    program_guard sets) instead of running them.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> paddle.in_dynamic_mode()
        False
        >>> paddle.disable_static()
    """
    from paddle.static.program import _current_or_default_main

    _C.pir.set_current_program(_current_or_default_main())
    _C.pir.set_static_mode(True)


def disable_static(place=None) -> None:
    """Turns static mode off: functions run eagerly again (the default).

    Args:
        place (paddle.Place, optional): unused, kept for API compatibility.
    """
    _C.pir.set_static_mode(False)


def in_dynamic_mode() -> bool:
    """Whether functions run eagerly (True) or build a program (False, after
    paddle.enable_static())."""
    return not _C.pir.static_mode()
