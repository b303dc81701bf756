"""paddle.utils.dlpack: exchanging tensors with other libraries through DLPack.

The core has no DLPack support, so the exchange goes through NumPy's: a
tensor is exported as a DLPack capsule of a host copy of its data, and an
imported producer is read through ``numpy.from_dlpack`` and copied into a new
tensor. Neither direction shares memory (Paddle's does), so a change to one
side is not seen by the other; only host (CPU) memory can be imported, and a
GPU tensor is exported as a host copy.

Importing this module also gives ``paddle.Tensor`` the ``__dlpack__`` and
``__dlpack_device__`` methods of the DLPack protocol, so ``numpy.from_dlpack``
and ``torch.from_dlpack`` accept tensors directly.
"""

from __future__ import annotations

import enum

import numpy as np

from paddle import _checks as check
from paddle._C import Tensor


class DLDeviceType(enum.IntEnum):
    """DLPack's device types (the ones Paddle names)."""

    kDLCPU = 1
    kDLCUDA = 2
    kDLCUDAHost = 3
    kDLROCM = 10
    kDLCUDAManaged = 13


def _host_copy(op: str, x) -> np.ndarray:
    if not isinstance(x, Tensor):
        raise TypeError(f"[{op}] argument 'x': expected Tensor, but got {check.got(x)}")
    if x.dtype.name == "bfloat16":
        # NumPy holds bfloat16 as uint16 bits, which DLPack would mislabel.
        raise TypeError(f"[{op}] argument 'x': expected a dtype NumPy has, but got bfloat16")
    return x.numpy()


def to_dlpack(x):
    """A DLPack capsule ("dltensor") holding a host copy of ``x``, for another
    library's ``from_dlpack`` (e.g. ``torch.utils.dlpack.from_dlpack``). A
    capsule can be imported once.

    Args:
        x (Tensor): the tensor; any dtype but bfloat16.

    Returns:
        PyCapsule: the DLPack capsule. It shares no memory with ``x``.

    Examples:
        >>> import paddle
        >>> capsule = paddle.utils.dlpack.to_dlpack(paddle.to_tensor([1.0, 2.0]))
        >>> paddle.utils.dlpack.from_dlpack(capsule).numpy().tolist()
        [1.0, 2.0]
    """
    return _host_copy("to_dlpack", x).__dlpack__()


class _CapsuleProducer:
    """A bare capsule as numpy.from_dlpack takes it: behind __dlpack__."""

    def __init__(self, capsule):
        self._capsule = capsule

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        return self._capsule

    def __dlpack_device__(self):
        return (DLDeviceType.kDLCPU, 0)


def _is_capsule(value) -> bool:
    return type(value).__name__ == "PyCapsule"


def from_dlpack(dlpack, *, device=None, copy=None) -> Tensor:
    """A new tensor with the data of a DLPack producer: an object with
    ``__dlpack__`` (a NumPy array, a torch CPU tensor, ...) or a DLPack capsule.

    Args:
        dlpack (object|PyCapsule): the producer, in host memory.
        device (str|Place, optional): where to put the tensor. Default the CPU.
        copy (bool, optional): None or True; the data is always copied, so False (share the
            producer's memory) raises BufferError. Default None.

    Returns:
        Tensor: a tensor of the producer's dtype and shape, sharing no memory with it.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> t = paddle.utils.dlpack.from_dlpack(np.arange(6, dtype="int32").reshape(2, 3))
        >>> t.dtype, list(t.shape)
        (paddle.int32, [2, 3])
    """
    import paddle

    if copy is False:
        raise BufferError("[from_dlpack] argument 'copy': the data is always copied (the core cannot wrap "
                          "foreign memory), so copy=False cannot be honoured")
    if _is_capsule(dlpack):
        try:
            array = np.from_dlpack(_CapsuleProducer(dlpack))
        except ValueError as error:
            raise ValueError("[from_dlpack] argument 'dlpack': expected an unused DLPack capsule (a capsule "
                             "can be imported only once), but got one already used") from error
    elif hasattr(dlpack, "__dlpack__"):
        array = np.from_dlpack(dlpack)
    else:
        raise TypeError(f"[from_dlpack] argument 'dlpack': expected an object with __dlpack__ or a DLPack "
                        f"capsule, but got {check.got(dlpack)}")
    return paddle.to_tensor(array, place=device)


def _tensor_dlpack(self, *, stream=None, max_version=None, dl_device=None, copy=None):
    """The DLPack capsule of a host copy of the tensor (the DLPack protocol).
    copy=False raises BufferError: the export is always a copy."""
    if copy is False:
        raise BufferError("[__dlpack__] argument 'copy': the export is always a host copy, so copy=False "
                          "cannot be honoured")
    return _host_copy("__dlpack__", self).__dlpack__(stream=stream, max_version=max_version, dl_device=dl_device)


def _tensor_dlpack_device(self):
    """Where the exported data lives: always the host, the export being a host copy."""
    return (DLDeviceType.kDLCPU, 0)


Tensor.__dlpack__ = _tensor_dlpack
Tensor.__dlpack_device__ = _tensor_dlpack_device
