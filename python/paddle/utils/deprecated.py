"""paddle.utils.deprecated: marks an API as deprecated, as Paddle does."""

from __future__ import annotations

import functools
import inspect
import sys
import warnings

from paddle.utils._versions import numeric_version


class VisibleDeprecationWarning(UserWarning):
    """The warning a deprecated API gives. A UserWarning, because Python hides
    DeprecationWarning outside ``__main__`` by default."""


def _is_due(since: str) -> bool:
    """Whether this paddle is at or past `since` (a development build always is)."""
    import paddle

    return not since or paddle.__version__ == "0.0.0" or numeric_version(paddle.__version__) >= numeric_version(since)


def _check(update_to, since, reason, level) -> None:
    for arg, value in (("update_to", update_to), ("since", since), ("reason", reason)):
        if not isinstance(value, str):
            raise TypeError(f"[deprecated] argument '{arg}': expected a str, but got {type(value).__name__}")
    if isinstance(level, bool) or not isinstance(level, int) or level not in (0, 1, 2):
        raise ValueError(f"[deprecated] argument 'level': expected 0, 1 or 2, but got {level!r}")
    if update_to.strip() and not update_to.strip().startswith("paddle."):
        raise ValueError(f"[deprecated] argument 'update_to': expected a name starting with 'paddle.', but got "
                         f"{update_to!r}")


def deprecated(update_to="", since="", reason="", level=0):
    """A decorator marking a function or class as deprecated.

    The decorated object's docstring starts with a warning naming it, the
    version it was deprecated in and its replacement. When called it then
    behaves according to `level`.

    Args:
        update_to (str, optional): the API to use instead; must start with ``paddle.``. Default ''.
        since (str, optional): the version that deprecated it; the call warns only from that version
            on. Default '' (deprecated in every version).
        reason (str, optional): why it is deprecated. Default ''.
        level (int, optional): 0: only the docstring says so; 1: each call also warns with a
            ``VisibleDeprecationWarning``; 2: each call raises RuntimeError. Default 0.

    Returns:
        Callable: the decorator.

    Examples:
        >>> import warnings
        >>> from paddle.utils import deprecated
        >>> @deprecated(update_to="paddle.add", since="2.0.0", level=1)
        ... def old_add(x, y):
        ...     return x + y
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     result = old_add(1, 2)
        >>> result, caught[0].category.__name__
        (3, 'VisibleDeprecationWarning')
        >>> "Please use \\"paddle.add\\" instead." in str(caught[0].message)
        True
    """
    _check(update_to, since, reason, level)
    since, update_to, reason = since.strip(), update_to.strip(), reason.strip()

    def decorate(func):
        api = f"{func.__module__}.{func.__name__}"
        message = f'API "{api}" is deprecated'
        if since:
            message += f" since {since}"
        message += ", and will be removed in future versions."
        if update_to:
            message += f' Please use "{update_to}" instead.'
        if reason:
            message += f"\n    Reason: {reason}"
        if func.__doc__:
            func.__doc__ = f"\n\nWarning:\n    {message}\n\n" + inspect.cleandoc(func.__doc__)
        if level == 0:
            return func
        # Paddle colours the warning yellow where terminals understand ANSI codes.
        shown = f"\nWarning:\n{message} " if sys.platform == "win32" else f"\033[93m\nWarning:\n{message} \033[0m"

        @functools.wraps(func)
        def warn_and_call(*args, **kwargs):
            if level == 2:
                raise RuntimeError(f'API "{api}" has been deprecated.')
            if _is_due(since):
                warnings.warn(shown, category=VisibleDeprecationWarning, stacklevel=2)
            return func(*args, **kwargs)

        return warn_and_call

    return decorate
