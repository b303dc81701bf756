"""paddle.utils.require_version: fail early when the installed paddle is too old or too new."""

from __future__ import annotations

import re

from paddle.utils._versions import numeric_version

_FORMAT = re.compile(r"\d+(\.\d+){0,3}")


def _checked(value, arg: str, optional: bool = False):
    if value is None and optional:
        return None
    if not isinstance(value, str):
        expected = "a str or None" if optional else "a str"
        raise TypeError(f"[require_version] argument '{arg}': expected {expected}, but got {type(value).__name__}")
    if not _FORMAT.fullmatch(value):
        raise ValueError(f"[require_version] argument '{arg}': expected a version like '1.5.2.0' (up to four "
                         f"numbers), but got {value!r}")
    return value


def require_version(min_version, max_version=None) -> None:
    """Checks that the installed paddle's version is in ``[min_version, max_version]``
    (versions compare by their numbers, missing ones being 0: '3.0' is '3.0.0.0').

    Args:
        min_version (str): the oldest version accepted, e.g. '2.6'.
        max_version (str, optional): the newest version accepted. Default None (no limit).

    Raises:
        RuntimeError: the installed version is outside the range.

    Examples:
        >>> import paddle
        >>> paddle.utils.require_version("2.0")
        >>> paddle.utils.require_version("1.0", "2.0")
        Traceback (most recent call last):
        ...
        RuntimeError: [require_version] VersionError: PaddlePaddle version in [1.0, 2.0] required, but ... installed.
    """
    import paddle

    min_version = _checked(min_version, "min_version")
    max_version = _checked(max_version, "max_version", optional=True)
    installed = paddle.__version__
    version = numeric_version(installed)
    if max_version is not None and not numeric_version(min_version) <= version <= numeric_version(max_version):
        raise RuntimeError(f"[require_version] VersionError: PaddlePaddle version in [{min_version}, {max_version}] "
                           f"required, but {installed} installed.")
    if version < numeric_version(min_version):
        raise RuntimeError(f"[require_version] VersionError: PaddlePaddle version {min_version} or higher is "
                           f"required, but {installed} installed, please upgrade your PaddlePaddle to "
                           f"{min_version} or other higher version.")
