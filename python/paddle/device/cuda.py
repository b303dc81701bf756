"""paddle.device.cuda: GPU count, streams and events, synchronization and
memory statistics."""

from __future__ import annotations

from paddle import _C
from paddle.device import streams as _streams
from paddle.device.streams import set_stream, stream_guard  # noqa: F401


def device_count() -> int:
    """Number of visible GPUs (0 when none, or when built without CUDA)."""
    return _C.cuda_device_count()


def _place(device, op="paddle.device.cuda"):
    if device is None:
        return _C.CUDAPlace(0)
    if isinstance(device, int) and not isinstance(device, bool):
        return _C.CUDAPlace(device)
    if isinstance(device, _C.Place):
        return device
    if isinstance(device, str):
        return _C.place_from_string(device)
    raise TypeError(f"[{op}] argument 'device': expected a GPU index, a device string or a Place, but got "
                    f"{type(device).__name__}")


def synchronize(device=None) -> None:
    """Waits for all work queued on the GPU to finish."""
    _C.synchronize(_place(device).gpu_device_id())


class Stream(_streams.Stream):
    """A CUDA stream (paddle.device.cuda.Stream).

    Args:
        device (int|str|Place, optional): the GPU; gpu:0 when None.
        priority (int, optional): accepted for Paddle's signature.
    """

    def __init__(self, device=None, priority=2):
        super().__init__(_place(device), priority)


class Event(_streams.Event):
    """A CUDA event (paddle.device.cuda.Event), on gpu:0 unless the current
    device is another GPU."""

    def __init__(self, enable_timing=False, blocking=False, interprocess=False):
        place = _C.get_default_place()
        super().__init__(place if place.is_gpu_place() else _C.CUDAPlace(0))


def current_stream(device=None) -> _streams.Stream:
    """The stream kernels of the GPU (gpu:0 when None) are queued on."""
    return _streams.current_stream(_place(device))


def get_device_properties(device=None):
    """Name, compute capability (major, minor), total_memory in bytes and
    multi_processor_count of the GPU (gpu:0 when None)."""
    return _C.cuda_device_properties(_place(device).gpu_device_id())


def get_device_name(device=None) -> str:
    """The GPU's name, e.g. 'NVIDIA H200'."""
    return get_device_properties(device).name


def get_device_capability(device=None) -> tuple[int, int]:
    """The GPU's compute capability as (major, minor), e.g. (9, 0)."""
    p = get_device_properties(device)
    return p.major, p.minor


def memory_allocated(device=None) -> int:
    """Bytes currently held by tensors on the GPU."""
    return _C.memory_stats(_place(device))["allocated"]


def max_memory_allocated(device=None) -> int:
    """Peak of memory_allocated since start (or the last reset)."""
    return _C.memory_stats(_place(device))["peak_allocated"]


def memory_reserved(device=None) -> int:
    """Bytes held from the driver, including the allocator's cache."""
    return _C.memory_stats(_place(device, "memory_reserved"))["reserved"]


def max_memory_reserved(device=None) -> int:
    """Peak of memory_reserved since start (or the last
    reset_max_memory_reserved), in bytes: the allocator raises its mark
    wherever its reserve grows.

    Args:
        device (int|str|Place, optional): the GPU (gpu:0 when None), or 'cpu'.

    Examples:
        >>> import paddle
        >>> paddle.device.max_memory_reserved("cpu") >= paddle.device.memory_reserved("cpu")
        True
    """
    return _C.memory_stats(_place(device, "max_memory_reserved"))["peak_reserved"]


def reset_max_memory_reserved(device=None) -> None:
    """Restarts max_memory_reserved's peak from the memory reserved now.

    Args:
        device (int|str|Place, optional): the GPU (gpu:0 when None), or 'cpu'.
    """
    _C.reset_peak_reserved(_place(device, "reset_max_memory_reserved"))


def empty_cache() -> None:
    """Returns cached, unused GPU memory to the driver."""
    for i in range(device_count()):
        _C.empty_cache(_C.CUDAPlace(i))


def reset_max_memory_allocated(device=None) -> None:
    """Restarts max_memory_allocated's peak from the memory allocated now."""
    _C.reset_peak_memory(_place(device))


reset_peak_memory_stats = reset_max_memory_allocated
