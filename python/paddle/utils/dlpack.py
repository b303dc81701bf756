"""paddle.utils.dlpack: exchanging tensors with other libraries through DLPack.

Both directions share memory, as in Paddle: ``to_dlpack(x)`` (and
``x.__dlpack__()``, so ``numpy.from_dlpack(x)`` and ``torch.from_dlpack(x)``
take tensors directly) hands out x's own memory, kept alive until the
consumer lets it go; ``from_dlpack(obj)`` makes a tensor of a NumPy array's,
a torch tensor's or a capsule's memory, given back to the producer when the
last tensor using it goes (paddle/pybind/dlpack.cc). A write through either
side shows in the other. CPU, CUDA and pinned memory; every dtype of ours.
"""

from __future__ import annotations

import enum

from paddle import _C
from paddle import _checks as check
from paddle._C import Tensor


class DLDeviceType(enum.IntEnum):
    """DLPack's device types (the ones Paddle names)."""

    kDLCPU = 1
    kDLCUDA = 2
    kDLCUDAHost = 3
    kDLROCM = 10
    kDLCUDAManaged = 13


def to_dlpack(x):
    """A DLPack capsule ("dltensor") sharing x's memory, for another
    library's ``from_dlpack`` (e.g. ``torch.utils.dlpack.from_dlpack``). A
    capsule can be imported once.

    Args:
        x (Tensor): the tensor.

    Returns:
        PyCapsule: the DLPack capsule.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0])
        >>> y = paddle.utils.dlpack.from_dlpack(paddle.utils.dlpack.to_dlpack(x))
        >>> y[0] = 5.0  # the same memory
        >>> x.tolist()
        [5.0, 2.0]
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"[to_dlpack] argument 'x': expected Tensor, but got {check.got(x)}")
    return _C.to_dlpack(x)


def _is_capsule(value) -> bool:
    return type(value).__name__ == "PyCapsule"


def from_dlpack(dlpack, *, device=None, copy=None) -> Tensor:
    """A tensor sharing the memory of a DLPack producer: an object with
    ``__dlpack__`` (a NumPy array, a torch tensor, ...) or a DLPack capsule.

    Args:
        dlpack (object|PyCapsule): the producer.
        device (str|Place, optional): where the tensor must be; data elsewhere
            is copied there (refused with copy=False). Default: where it is.
        copy (bool, optional): True copies the data; False and None share it.
            Default None.

    Returns:
        Tensor: a tensor of the producer's dtype, shape and strides.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> a = np.arange(6, dtype="int32").reshape(2, 3)
        >>> t = paddle.utils.dlpack.from_dlpack(a)
        >>> a[0, 0] = 7  # the same memory
        >>> t.tolist()
        [[7, 1, 2], [3, 4, 5]]
    """
    if _is_capsule(dlpack):
        tensor = _C.from_dlpack(dlpack)
    elif hasattr(dlpack, "__dlpack__"):
        tensor = _C.from_dlpack(dlpack.__dlpack__())
    else:
        raise TypeError(f"[from_dlpack] argument 'dlpack': expected an object with __dlpack__ or a DLPack "
                        f"capsule, but got {check.got(dlpack)}")
    if device is not None:
        if not isinstance(device, (str, _C.Place)):
            raise TypeError(f"[from_dlpack] argument 'device': expected a device string or a Place, but got "
                            f"{check.got(device)}")
        place = _C.place_from_string(device) if isinstance(device, str) else device
        if place != tensor.place:
            if copy is False:
                raise BufferError(f"[from_dlpack] argument 'copy': the data is on {tensor.place} but device asks "
                                  f"for {place}, which needs a copy")
            return tensor._copy_to(place, True)
    return tensor.clone().detach() if copy else tensor


def _tensor_dlpack(self, *, stream=None, max_version=None, dl_device=None, copy=None):
    """The DLPack capsule of the tensor's memory (the DLPack protocol); with
    copy=True, of a copy's."""
    if dl_device is not None and tuple(dl_device) != tuple(_tensor_dlpack_device(self)):
        raise BufferError(f"[__dlpack__] argument 'dl_device': the tensor is on {self.place}, not {dl_device}")
    return _C.to_dlpack(self.clone() if copy else self)


def _tensor_dlpack_device(self):
    """Where the tensor's memory is, as DLPack names it: (device type, index)."""
    place = self.place
    if place.is_gpu_place():
        return (DLDeviceType.kDLCUDA, place.gpu_device_id())
    if place.is_cuda_pinned_place():
        return (DLDeviceType.kDLCUDAHost, 0)
    return (DLDeviceType.kDLCPU, 0)


Tensor.__dlpack__ = _tensor_dlpack
Tensor.__dlpack_device__ = _tensor_dlpack_device
