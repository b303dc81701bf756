"""dtypes, the default float dtype, runtime flags and process settings."""

from __future__ import annotations

import builtins

from paddle import _C

dtype = _C.DataType
bool = _C.DataType.BOOL  # noqa: A001  (Paddle's public name)
uint8 = _C.DataType.UINT8
int8 = _C.DataType.INT8
int16 = _C.DataType.INT16
int32 = _C.DataType.INT32
int64 = _C.DataType.INT64
float16 = _C.DataType.FLOAT16
bfloat16 = _C.DataType.BFLOAT16
uint16 = bfloat16  # Paddle's name for bfloat16 (NumPy holds its bits as uint16)
raw = _C.DataType.UNDEFINED  # Paddle's name for "no dtype yet"
float32 = _C.DataType.FLOAT32
float64 = _C.DataType.FLOAT64
complex64 = _C.DataType.COMPLEX64
complex128 = _C.DataType.COMPLEX128


def set_default_dtype(d) -> None:
    """Sets the dtype that Python floats become in new tensors.

    Args:
        d (str|paddle.dtype|numpy.dtype): float16, bfloat16, float32 or float64.

    Examples:
        >>> import paddle
        >>> paddle.set_default_dtype("float64")
        >>> print(paddle.to_tensor(1.0).dtype)
        paddle.float64
        >>> paddle.set_default_dtype("float32")
    """
    _C.set_default_dtype(d)


def get_default_dtype() -> str:
    """The default float dtype as a string, e.g. ``'float32'``.

    Examples:
        >>> import paddle
        >>> paddle.get_default_dtype()
        'float32'
    """
    return _C.get_default_dtype().name


def set_flags(flags: dict) -> None:
    """Sets runtime flags, e.g. ``paddle.set_flags({'FLAGS_v': 3})``.

    Args:
        flags (dict): flag name (with or without the ``FLAGS_`` prefix) to value.

    Raises:
        TypeError: if ``flags`` is not a dict.
        ValueError: if a flag does not exist or cannot take the value.
    """
    if not isinstance(flags, dict):
        raise TypeError(f"[set_flags] argument 'flags': expected a dict, but got {type(flags).__name__}")
    for name, value in flags.items():
        _C.set_flag(name, value)


def get_flags(flags) -> dict:
    """The current values of the named flags, keyed ``FLAGS_<name>``.

    Args:
        flags (str|list[str]|tuple[str]): flag names.

    Examples:
        >>> import paddle
        >>> paddle.get_flags("FLAGS_print_ir")
        {'FLAGS_print_ir': False}
    """
    names = [flags] if isinstance(flags, str) else flags
    if not isinstance(names, (list, tuple)) or not builtins.all(isinstance(n, str) for n in names):
        raise TypeError("[get_flags] argument 'flags': expected a str or a list of str")
    result = {}
    for name in names:
        key = name if name.startswith("FLAGS_") else "FLAGS_" + name
        result[key] = _C.get_flag(name)
    return result


def is_compiled_with_cuda() -> builtins.bool:
    """Whether this build contains the CUDA backend (a GPU may still be absent)."""
    return _C.is_compiled_with_cuda()


def disable_signal_handler() -> None:
    """Paddle installs handlers of SIGSEGV, SIGTERM... that print its C++
    stack, and this removes them, for programs that install their own. This
    package installs none, so there is nothing to remove: it does nothing.

    Examples:
        >>> import paddle
        >>> paddle.disable_signal_handler()
    """
