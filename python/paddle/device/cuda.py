"""paddle.device.cuda: GPU count, synchronization and memory statistics."""

from __future__ import annotations

from paddle import _C


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
