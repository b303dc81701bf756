"""Device selection (paddle.device.set_device / get_device), plugin devices,
streams and events, and the cuda helpers."""

from __future__ import annotations

from paddle import _C
from paddle.device import cuda  # noqa: F401
from paddle.device._plugins import load_plugins_from_env
from paddle.device.streams import Event, Stream, current_stream, set_stream, stream_guard, synchronize  # noqa: F401

load_plugins_from_env()


def set_device(device: str):
    """Selects the device new tensors go to: 'cpu', 'gpu', 'gpu:N', or a
    plugin device such as 'custom_cpu' / 'custom_cpu:N'.

    Args:
        device (str): the device.

    Returns:
        Place: the selected place.

    Raises:
        ValueError: for a malformed device string.
        RuntimeError: when the device is not available.

    Examples:
        >>> import paddle
        >>> paddle.device.set_device("cpu")
        Place(cpu)
    """
    if not isinstance(device, str):
        raise TypeError(f"[set_device] argument 'device': expected str, but got {type(device).__name__}")
    _C.set_device(device)
    return _C.get_default_place()


def get_device() -> str:
    """The current device as a string, e.g. 'cpu', 'gpu:0' or 'custom_cpu:0'.

    Examples:
        >>> import paddle
        >>> paddle.device.get_device()
        'cpu'
    """
    return _C.get_default_place()._device_string()


def is_compiled_with_cuda() -> bool:
    """Whether this build contains the CUDA backend."""
    return _C.is_compiled_with_cuda()


def get_all_custom_device_type() -> list[str]:
    """The device types of the loaded plugins (see CUSTOM_DEVICE_ROOT), e.g.
    ['custom_cpu']."""
    return _C.get_all_custom_device_type()


def is_compiled_with_custom_device(device_type: str) -> bool:
    """Whether a loaded plugin provides `device_type`."""
    if not isinstance(device_type, str):
        raise TypeError(
            f"[is_compiled_with_custom_device] argument 'device_type': expected str, but got {type(device_type).__name__}"
        )
    return device_type in _C.get_all_custom_device_type()


def get_available_custom_device() -> list[str]:
    """Every plugin device as 'type:N', e.g. ['custom_cpu:0', 'custom_cpu:1']."""
    return [f"{t}:{i}" for t in _C.get_all_custom_device_type() for i in range(_C.custom_device_count(t))]


def get_available_device() -> list[str]:
    """Every device other than the CPU: 'gpu:N' and the plugin devices."""
    return [f"gpu:{i}" for i in range(_C.cuda_device_count())] + get_available_custom_device()
