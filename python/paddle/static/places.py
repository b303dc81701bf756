"""The places a static program may run on (Paddle's cpu_places and cuda_places)."""

from __future__ import annotations

import os

from paddle import _C


def cpu_places(device_count=None):
    """`device_count` CPU places (the CPU_NUM environment variable, else 1, when None).

    Examples:
        >>> import paddle
        >>> paddle.static.cpu_places(2)
        [Place(cpu), Place(cpu)]
    """
    if device_count is None:
        device_count = int(os.environ.get("CPU_NUM", "1"))
    if isinstance(device_count, bool) or not isinstance(device_count, int) or device_count < 1:
        raise ValueError(f"[cpu_places] argument 'device_count': expected an int >= 1, but got {device_count!r}")
    return [_C.CPUPlace() for _ in range(device_count)]


def cuda_places(device_ids=None):
    """The GPU places of `device_ids` (every visible GPU when None); RuntimeError without one."""
    import paddle

    count = paddle.device.cuda.device_count()
    if count == 0:
        raise RuntimeError("[cuda_places] no CUDA device is visible to this process")
    ids = list(range(count)) if device_ids is None else list(device_ids)
    for i in ids:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < count:
            raise ValueError(f"[cuda_places] argument 'device_ids': expected ids in [0, {count}), but got {i!r}")
    return [_C.CUDAPlace(i) for i in ids]


def xpu_places(device_ids=None):
    """XPU places: this build has no XPU support (RuntimeError)."""
    raise RuntimeError("[xpu_places] paddle is not compiled with XPU support")
