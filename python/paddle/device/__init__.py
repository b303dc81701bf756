"""Device selection (paddle.device.set_device / get_device, the device
context manager), plugin devices, streams and events, the cuda helpers, and
the typed tensor constructors (FloatTensor...) under their paddle.device
names."""

from __future__ import annotations

import contextlib

from paddle import _C
from paddle.device import cuda  # noqa: F401
from paddle.device._plugins import load_plugins_from_env
from paddle.device.streams import (  # noqa: F401
    Event, Stream, StreamContext, current_stream, get_stream_from_external, set_stream, stream_guard, synchronize,
)
from paddle.tensor.legacy_types import (  # noqa: F401  (the same constructors as paddle.FloatTensor...)
    BFloat16Tensor, BoolTensor, ByteTensor, CharTensor, DoubleTensor, FloatTensor, HalfTensor, IntTensor, LongTensor,
    ShortTensor,
)

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


def get_device(input=None) -> str | int:  # noqa: A002  (Paddle's name)
    """The current device as a string, e.g. 'cpu', 'gpu:0' or 'custom_cpu:0'; or, given a tensor
    `input`, the index of the GPU it lives on (-1 on the CPU), as ``input.get_device()``.

    Examples:
        >>> import paddle
        >>> paddle.device.get_device()
        'cpu'
        >>> paddle.device.get_device(paddle.ones([2]))
        -1
    """
    if input is not None:
        from paddle import _checks as check

        return check.tensor("get_device", input, "input").get_device()
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


def get_all_device_type() -> list[str]:
    """The kinds of device other than the CPU this process can use: 'gpu'
    when a GPU is there, and the plugin device types.

    Examples:
        >>> import paddle
        >>> "cpu" in paddle.device.get_all_device_type()
        False
    """
    return (["gpu"] if _C.cuda_device_count() else []) + get_all_custom_device_type()


def device_count() -> int:
    """The number of devices other than the CPU: the GPUs, or else the
    devices of the first plugin type (0 on a machine with neither)."""
    if _C.cuda_device_count():
        return _C.cuda_device_count()
    types = get_all_custom_device_type()
    return _C.custom_device_count(types[0]) if types else 0


def is_available() -> bool:
    """Whether a device other than the CPU is there (device_count() > 0)."""
    return device_count() > 0


def is_compiled_with_xpu() -> bool:
    """False: this build has no Kunlun XPU backend."""
    return False


def is_compiled_with_rocm() -> bool:
    """False: this build has no ROCm backend."""
    return False


def is_compiled_with_cinn() -> bool:
    """False: the neural-network compiler is not part of this build yet."""
    return False


def is_compiled_with_distribute() -> bool:
    """True: paddle.distributed runs on every build (Gloo on the CPU)."""
    return True


def get_cudnn_version() -> int | None:
    """cuDNN's version as an int (9.1.0 -> 90100), or None without a GPU or cuDNN."""
    if not is_compiled_with_cuda() or not _C.cuda_device_count():
        return None
    import ctypes

    for soname in ("libcudnn.so.9", "libcudnn.so.8", "libcudnn.so"):
        try:
            lib = ctypes.CDLL(soname)
        except OSError:
            continue
        lib.cudnnGetVersion.restype = ctypes.c_size_t
        return int(lib.cudnnGetVersion())
    return None


def is_bf16_supported(including_emulation: bool = True) -> bool:
    """Whether bfloat16 runs on the current device: on the CPU always (with
    oneDNN where the CPU has it, emulated otherwise); on a GPU from compute
    capability 8.0 (Ampere) on."""
    device = get_device()
    if device.startswith("gpu"):
        major, _ = cuda.get_device_capability(int(device.split(":")[1]) if ":" in device else 0)
        return major >= 8
    return True


def manual_seed(seed: int) -> None:
    """Seeds every random generator (paddle.seed)."""
    import paddle

    paddle.seed(seed)


def get_rng_state(device=None) -> list:
    """The states of the random generators of `device` (paddle.get_rng_state)."""
    import paddle

    return paddle.get_rng_state(device)


def set_rng_state(new_state, device=None) -> None:
    """Restores what get_rng_state returned (paddle.set_rng_state)."""
    import paddle

    paddle.set_rng_state(new_state, device)


def is_compiled_with_ipu() -> bool:
    """Whether the package supports Graphcore IPUs: it does not."""
    return False


@contextlib.contextmanager
def device_guard(device: str):
    """Runs the block with `device` ('cpu', 'gpu:0', ...) as the current device, then restores the previous one.

    Examples:
        >>> import paddle
        >>> with paddle.device.device_guard("cpu"):
        ...     paddle.device.get_device()
        'cpu'
    """
    previous = get_device()
    set_device(device)
    try:
        yield
    finally:
        set_device(previous)


def _device_place(device, op: str):
    """The place `device` names for the device context manager, as Paddle
    reads it: None is the current device; an int is an index of the current
    device's kind (only 0 when that is the CPU); 'cuda' means 'gpu'."""
    if device is None:
        return _C.get_default_place()
    if isinstance(device, _C.Place):
        return device
    if isinstance(device, int) and not isinstance(device, bool):
        if device < 0:
            raise ValueError(f"[{op}] argument 'device': a device index must be >= 0, but got {device}")
        kind = get_device().split(":")[0]
        if kind == "cpu":
            if device != 0:
                raise ValueError(f"[{op}] argument 'device': the CPU has only index 0, but got {device}")
            return _C.CPUPlace()
        return _C.place_from_string(f"{kind}:{device}")
    if isinstance(device, str):
        kind, colon, index = device.strip().partition(":")
        kind = {"cuda": "gpu", "gpu": "gpu", "cpu": "cpu"}.get(kind.lower(), kind)
        try:
            return _C.place_from_string(kind + colon + index)
        except ValueError:
            raise ValueError(f"[{op}] argument 'device': expected 'cpu', 'gpu', 'gpu:N', 'cuda:N' or a plugin "
                             f"device such as 'custom_cpu:N', but got {device!r}") from None
    raise TypeError(f"[{op}] argument 'device': expected a Place, a device string or an int, but got "
                    f"{type(device).__name__}")


class device:
    """Context manager that makes `device` the current device (set_device)
    for its block, then restores the previous one.

    Args:
        device (Place|int|str, optional): a place, a string such as 'cpu',
            'gpu:1' or 'cuda:1', or an index of the current device's kind
            (0 is the CPU's only index); the current device when None.

    Raises:
        TypeError: for a device of another type.
        ValueError: for a negative index, an index other than 0 on the CPU,
            or a malformed string.

    Examples:
        >>> import paddle
        >>> with paddle.device.device("cpu"):
        ...     paddle.device.get_device()
        'cpu'
    """

    def __init__(self, device=None):
        self.place = _device_place(device, "device")
        self._previous = None

    def __enter__(self) -> None:
        self._previous = get_device()
        set_device(self.place._device_string())

    def __exit__(self, *exc_info) -> bool:
        set_device(self._previous)
        return False


def is_current_stream_capturing() -> bool:
    """Whether the current stream is recording a CUDA graph: always False,
    since this package does not capture CUDA graphs.

    Examples:
        >>> import paddle
        >>> paddle.device.is_current_stream_capturing()
        False
    """
    return False


def ipc_collect() -> None:
    """Frees GPU memory other processes received through CUDA IPC and have
    released. Tensors of this package are not shared with other processes
    through CUDA IPC, so there is never any to free: with CUDA it does
    nothing.

    Raises:
        RuntimeError: in a build without CUDA (as Paddle's CPU build does).
    """
    if not is_compiled_with_cuda():
        raise RuntimeError("[ipc_collect] this package is not compiled with CUDA, so ipc_collect cannot be used")


from paddle.device.cuda import (  # noqa: E402  (the GPU queries, under their paddle.device names)
    empty_cache, get_device_capability, get_device_name, get_device_properties, max_memory_allocated,
    max_memory_reserved, memory_allocated, memory_reserved, reset_max_memory_allocated, reset_max_memory_reserved,
    reset_peak_memory_stats,
)

