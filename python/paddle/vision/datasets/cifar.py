"""CIFAR-10 and CIFAR-100 from the "python version" tar.gz archives."""

from __future__ import annotations

import pickle
import tarfile

import numpy as np
from PIL import Image

import paddle
from paddle.serialization import UnsafeCheckpointError, _unpickle
from paddle.vision.image import _check_backend, get_image_backend
from paddle.vision.datasets._common import Dataset, find_data_file

_URL_PREFIX = "https://dataset.bj.bcebos.com/cifar/"


class Cifar10(Dataset):
    """CIFAR-10: (image, label) pairs of 32x32 RGB images in 10 classes.

    The archive (``cifar-10-python.tar.gz``) holds pickled batches
    (``data_batch_1..5`` for 'train', ``test_batch`` for 'test'), each a dict
    with ``b'data'`` (N x 3072 uint8, channel-major) and ``b'labels'``. They
    are read with paddle.load's safe unpickler. The image is a float32 (the
    default dtype) HWC array for the 'cv2' backend, a PIL image for 'pil'; the
    label an int64 0-d array.

    Args:
        data_file (str, optional): the archive; looked up in ``~/.cache/paddle/dataset/cifar/`` when None.
        mode (str, optional): 'train' or 'test'. Default 'train'.
        transform (callable, optional): applied to each image. Default None.
        download (bool, optional): accepted for Paddle compatibility; nothing is downloaded. Default True.
        backend (str, optional): 'pil' or 'cv2'; the default image backend when None.
    """

    _ARCHIVE = "cifar-10-python.tar.gz"
    _FLAGS = {"train": "data_batch", "test": "test_batch"}

    def __init__(self, data_file: str | None = None, mode: str = "train", transform=None, download: bool = True,
                 backend: str | None = None) -> None:
        op = type(self).__name__
        if not isinstance(mode, str) or mode.lower() not in ("train", "test"):
            raise ValueError(f"[{op}] argument 'mode': expected 'train' or 'test', but got {mode!r}")
        self.mode = mode.lower()
        self.backend = _check_backend(op, get_image_backend() if backend is None else backend)
        self.flag = self._FLAGS[self.mode]
        self.data_file = find_data_file(op, "data_file", data_file, _URL_PREFIX + self._ARCHIVE, "cifar", download)
        self.transform = transform
        self._load_data(op)
        self.dtype = paddle.get_default_dtype()

    def _load_data(self, op: str) -> None:
        self.data = []
        try:
            with tarfile.open(self.data_file, mode="r") as f:
                names = sorted(m.name for m in f if self.flag in m.name and m.isfile())
                for name in names:
                    batch = _unpickle(f.extractfile(name), safe=True, encoding="bytes")
                    labels = batch.get(b"labels", batch.get(b"fine_labels"))
                    if b"data" not in batch or labels is None:
                        raise ValueError(f"[{op}] {name} in {self.data_file!r} has no b'data' and b'labels' "
                                         f"(or b'fine_labels')")
                    self.data.extend(zip(batch[b"data"], labels))
        except UnsafeCheckpointError:
            raise
        except (tarfile.TarError, EOFError, pickle.UnpicklingError) as e:
            raise ValueError(f"[{op}] cannot read {self.data_file!r} as a CIFAR python tar.gz: {e}") from None
        if not self.data:
            raise ValueError(f"[{op}] {self.data_file!r} has no '{self.flag}' batches for mode={self.mode!r}")

    def __getitem__(self, idx: int):
        image, label = self.data[idx]
        image = np.reshape(image, [3, 32, 32]).transpose([1, 2, 0])
        if self.backend == "pil":
            image = Image.fromarray(image.astype("uint8"))
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, np.array(label).astype("int64")
        return image.astype(self.dtype), np.array(label).astype("int64")

    def __len__(self) -> int:
        return len(self.data)


class Cifar100(Cifar10):
    """CIFAR-100: as `Cifar10`, from ``cifar-100-python.tar.gz`` (batches 'train' and 'test', ``b'fine_labels'``)."""

    _ARCHIVE = "cifar-100-python.tar.gz"
    _FLAGS = {"train": "train", "test": "test"}
