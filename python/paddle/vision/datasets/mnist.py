"""MNIST and FashionMNIST from the idx-ubyte gz files."""

from __future__ import annotations

import gzip

import numpy as np
from PIL import Image

import paddle
from paddle.vision.image import _check_backend, get_image_backend
from paddle.vision.datasets._common import Dataset, find_data_file


def _read_idx(op: str, path: str, magic: int, ndim: int) -> np.ndarray:
    """An idx file: a big-endian magic number and `ndim` sizes, then unsigned bytes."""
    with gzip.open(path, "rb") as f:
        try:
            buf = f.read()
        except (OSError, EOFError) as e:
            raise ValueError(f"[{op}] {path!r} is not a complete gzip file: {e}") from None
    header = 4 * (1 + ndim)
    found = int(np.frombuffer(buf, dtype=">u4", count=1)[0]) if len(buf) >= 4 else None
    if found != magic:
        raise ValueError(f"[{op}] {path!r}: magic number {found}, expected {magic} "
                         f"({'images' if magic == 2051 else 'labels'} in idx-ubyte format)")
    if len(buf) < header:
        raise ValueError(f"[{op}] {path!r} is too short for an idx header")
    fields = np.frombuffer(buf, dtype=">u4", count=1 + ndim)
    shape = tuple(int(n) for n in fields[1:])
    count = int(np.prod(shape))
    if len(buf) - header < count:
        raise ValueError(f"[{op}] {path!r} is truncated: the header promises {count} bytes of data, "
                         f"found {len(buf) - header}")
    return np.frombuffer(buf, dtype=np.uint8, count=count, offset=header).reshape(shape)


class MNIST(Dataset):
    """The MNIST handwritten digits: (image, label) pairs.

    The image is a float32 (the default dtype) 28x28 array with values 0..255
    for the 'cv2' backend, a mode 'L' PIL image for 'pil'; the label is an
    int64 array of shape [1].

    Args:
        image_path (str, optional): the images file (``train-images-idx3-ubyte.gz`` or ``t10k-images-idx3-ubyte.gz``).
        label_path (str, optional): the labels file (``train-labels-idx1-ubyte.gz`` or ``t10k-...``).
        mode (str, optional): 'train' or 'test', which files to look for when the paths are None. Default 'train'.
        transform (callable, optional): applied to each image. Default None.
        download (bool, optional): accepted for Paddle compatibility; nothing is downloaded (no network): files
            not given are looked up in ``~/.cache/paddle/dataset/<name>/``. Default True.
        backend (str, optional): 'pil' or 'cv2'; the default image backend when None.
    """

    NAME = "mnist"
    URL_PREFIX = "https://dataset.bj.bcebos.com/mnist/"

    def __init__(self, image_path: str | None = None, label_path: str | None = None, mode: str = "train",
                 transform=None, download: bool = True, backend: str | None = None) -> None:
        op = type(self).__name__
        if not isinstance(mode, str) or mode.lower() not in ("train", "test"):
            raise ValueError(f"[{op}] argument 'mode': expected 'train' or 'test', but got {mode!r}")
        self.mode = mode.lower()
        self.backend = _check_backend(op, get_image_backend() if backend is None else backend)
        prefix = "train" if self.mode == "train" else "t10k"
        self.image_path = find_data_file(op, "image_path", image_path,
                                         f"{self.URL_PREFIX}{prefix}-images-idx3-ubyte.gz", self.NAME, download)
        self.label_path = find_data_file(op, "label_path", label_path,
                                         f"{self.URL_PREFIX}{prefix}-labels-idx1-ubyte.gz", self.NAME, download)
        self.transform = transform
        images = _read_idx(op, self.image_path, 2051, 3)
        labels = _read_idx(op, self.label_path, 2049, 1)
        if len(images) != len(labels):
            raise ValueError(f"[{op}] {len(images)} images but {len(labels)} labels")
        self.images = [img.astype("float32").reshape(-1) for img in images]
        self.labels = [np.array([label], dtype="int64") for label in labels]
        self._shape = images.shape[1:]
        self.dtype = paddle.get_default_dtype()

    def __getitem__(self, idx: int):
        image, label = self.images[idx].reshape(self._shape), self.labels[idx]
        if self.backend == "pil":
            image = Image.fromarray(image.astype("uint8"), mode="L")
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label.astype("int64")
        return image.astype(self.dtype), label.astype("int64")

    def __len__(self) -> int:
        return len(self.labels)


class FashionMNIST(MNIST):
    """Fashion-MNIST (Zalando's clothing images), in MNIST's format. Arguments as `MNIST`."""

    NAME = "fashion-mnist"
    URL_PREFIX = "https://dataset.bj.bcebos.com/fashion_mnist/"
