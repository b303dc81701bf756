"""Device selection: paddle.device.set_device / get_device and the cuda helpers."""

from __future__ import annotations

from paddle import _C
from paddle.device import cuda  # noqa: F401


def set_device(device: str):
    """Selects the device new tensors go to: 'cpu', 'gpu' or 'gpu:N'.

    Args:
        device (str): the device.

    Returns:
        Place: the selected place.

    Raises:
        ValueError: for a malformed device string.
        RuntimeError: when a GPU is asked for but none is usable.

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
    """The current device as a string, e.g. 'cpu' or 'gpu:0'.

    Examples:
        >>> import paddle
        >>> paddle.device.get_device()
        'cpu'
    """
    return _C.get_default_place()._device_string()


def is_compiled_with_cuda() -> bool:
    """Whether this build contains the CUDA backend."""
    return _C.is_compiled_with_cuda()
