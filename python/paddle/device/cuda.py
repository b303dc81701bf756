"""paddle.device.cuda: GPU count, streams and events, synchronization and
memory statistics."""

from __future__ import annotations

from paddle import _C
from paddle.device import streams as _streams
from paddle.device.streams import set_stream, stream_guard  # noqa: F401


def device_count() -> int:
    """Number of visible GPUs (0 when none, or when built without CUDA)."""
    return _C.cuda_device_count()


def _place(device):
    if device is None:
        return _C.CUDAPlace(0)
    if isinstance(device, int):
        return _C.CUDAPlace(device)
    return device if isinstance(device, _C.Place) else _C.place_from_string(device)


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
    return _C.memory_stats(_place(device))["reserved"]


def empty_cache() -> None:
    """Returns cached, unused GPU memory to the driver."""
    for i in range(device_count()):
        _C.empty_cache(_C.CUDAPlace(i))


def reset_max_memory_allocated(device=None) -> None:
    """Restarts max_memory_allocated's peak from the memory allocated now."""
    _C.reset_peak_memory(_place(device))


reset_peak_memory_stats = reset_max_memory_allocated
