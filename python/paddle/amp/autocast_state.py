"""Queries of the mixed-precision state: whether auto_cast is on and in which dtype, and which low-precision
dtypes a device runs.

The state is the current thread's (``paddle._C._get_amp_state()``, set by ``paddle.amp.auto_cast``); it
is shared by every device, so the ``device_type`` arguments are accepted and ignored, as in Paddle.
"""

from __future__ import annotations

import re

from paddle import _C
from paddle import _checks as check

# The compute capabilities from which a GPU has native float16 (sm_53) and bfloat16 (sm_80, Ampere)
# arithmetic: Paddle's thresholds.
_FLOAT16_CAPABILITY = (5, 3)
_BFLOAT16_CAPABILITY = (8, 0)

# The dtype Paddle reports outside auto_cast: auto_cast's default.
_DEFAULT_AMP_DTYPE = "float16"


def is_autocast_enabled(device_type=None) -> bool:
    """Whether ops run in mixed precision here: True inside an enabled ``paddle.amp.auto_cast`` (level
    O1 or O2), False outside or with ``enable=False`` / level O0.

    Args:
        device_type (str|Place, optional): ignored; the state is the same for every device.

    Examples:
        >>> import paddle
        >>> paddle.amp.is_autocast_enabled()
        False
        >>> with paddle.amp.auto_cast(dtype="bfloat16"):
        ...     paddle.amp.is_autocast_enabled()
        True
    """
    return bool(_C._get_amp_state()[0])


def get_autocast_dtype(device_type=None) -> str:
    """The low-precision dtype of the enclosing ``paddle.amp.auto_cast``, as a string; ``'float16'`` (the
    default of auto_cast) when mixed precision is off. ``get_autocast_cpu_dtype`` and
    ``get_autocast_gpu_dtype`` are the same function.

    Args:
        device_type (str|Place, optional): ignored; the state is the same for every device.

    Examples:
        >>> import paddle
        >>> paddle.amp.get_autocast_dtype()
        'float16'
        >>> with paddle.amp.auto_cast(dtype="bfloat16"):
        ...     paddle.amp.get_autocast_gpu_dtype()
        'bfloat16'
    """
    enabled, _, dtype, _, _ = _C._get_amp_state()
    return dtype.name if enabled else _DEFAULT_AMP_DTYPE


get_autocast_cpu_dtype = get_autocast_dtype
get_autocast_gpu_dtype = get_autocast_dtype


def _gpu_capability(op: str, device) -> tuple[int, int] | None:
    """The compute capability of `device` ('cpu', 'gpu' or 'gpu:N'; the current device when None), or
    None for the CPU."""
    from paddle.device import cuda, get_device

    if device is None:
        device = get_device()
    check.string(op, device, "device")
    match = re.fullmatch(r"(cpu|gpu)(?::(\d+))?", device)
    if match is None or (match.group(1) == "cpu" and match.group(2) is not None):
        raise ValueError(f"[{op}] argument 'device': expected 'cpu', 'gpu' or 'gpu:N', but got {device!r}")
    if match.group(1) == "cpu":
        return None
    index = int(match.group(2) or 0)
    count = cuda.device_count()
    if index >= count:
        raise ValueError(f"[{op}] argument 'device': expected one of the {count} visible GPUs, but got {device!r}")
    return tuple(cuda.get_device_capability(index))


def is_float16_supported(device: str | None = None) -> bool:
    """Whether `device` runs float16 mixed precision natively: a GPU of compute capability 5.3 or
    newer. False on the CPU, as in Paddle (float16 runs there, but emulated: use bfloat16).

    Args:
        device (str, optional): 'cpu', 'gpu' or 'gpu:N'; the current device when None.

    Examples:
        >>> import paddle
        >>> paddle.amp.is_float16_supported('cpu')
        False
    """
    capability = _gpu_capability("is_float16_supported", device)
    return capability is not None and capability >= _FLOAT16_CAPABILITY


def is_bfloat16_supported(device: str | None = None) -> bool:
    """Whether `device` runs bfloat16 mixed precision: always on the CPU; on a GPU from compute
    capability 8.0 (Ampere) on.

    Args:
        device (str, optional): 'cpu', 'gpu' or 'gpu:N'; the current device when None.

    Examples:
        >>> import paddle
        >>> paddle.amp.is_bfloat16_supported('cpu')
        True
    """
    capability = _gpu_capability("is_bfloat16_supported", device)
    return capability is None or capability >= _BFLOAT16_CAPABILITY
