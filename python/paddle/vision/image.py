"""The image backend: which kind of image image_load and the datasets return ('pil', 'cv2' or 'tensor')."""

from __future__ import annotations

import numpy as np
from PIL import Image

import paddle

_BACKENDS = ("pil", "cv2", "tensor")
_BACKEND = "pil"


def _check_backend(op: str, backend: str, choices=("pil", "cv2")) -> str:
    if backend not in choices:
        expected = ", ".join(repr(c) for c in choices[:-1]) + f" or {choices[-1]!r}"
        raise ValueError(f"[{op}] argument 'backend': expected {expected}, but got {backend!r}")
    return backend


def set_image_backend(backend: str) -> None:
    """Sets the default image backend: 'pil' (PIL images), 'cv2' (NumPy HWC arrays) or 'tensor' (HWC
    uint8 Tensors from image_load; the datasets take 'pil' or 'cv2').

    Examples:
        >>> from paddle.vision import get_image_backend, set_image_backend
        >>> old = get_image_backend()
        >>> set_image_backend("cv2")
        >>> get_image_backend()
        'cv2'
        >>> set_image_backend(old)
    """
    global _BACKEND
    _BACKEND = _check_backend("set_image_backend", backend, _BACKENDS)


def get_image_backend() -> str:
    """The default image backend: 'pil' (PIL images, as in Paddle) unless set_image_backend chose another."""
    return _BACKEND


def _read_pil(path: str):
    """The image in file `path` as PIL reads it (its own mode), read in full so that the file is closed."""
    with open(path, "rb") as f:
        img = Image.open(f)
        img.load()
    return img


def image_load(path: str, backend: str | None = None):
    """Reads an image file; a ``.npy`` file gives its array whatever the backend.

    For 'pil', the PIL image in the file's own mode ('L', 'RGB', 'RGBA', ...), as in Paddle. For 'cv2', a
    uint8 HWC array with 3 channels in BGR order, as OpenCV's ``imread`` gives it to Paddle (the pixels are
    decoded by Pillow). For 'tensor', an RGB uint8 Tensor [H, W, 3], where Paddle returns None.

    Args:
        path (str): the file.
        backend (str, optional): 'pil', 'cv2' or 'tensor'; the default backend when None.

    Returns:
        PIL.Image|np.ndarray|Tensor: the image.

    Examples:
        >>> import os, tempfile
        >>> from PIL import Image
        >>> from paddle.vision import image_load
        >>> path = os.path.join(tempfile.mkdtemp(), "red.png")
        >>> Image.new("RGB", (3, 2), (255, 0, 0)).save(path)
        >>> img = image_load(path)
        >>> img.mode, img.size
        ('RGB', (3, 2))
        >>> image_load(path, backend="cv2")[0, 0]
        array([  0,   0, 255], dtype=uint8)
    """
    backend = _check_backend("image_load", get_image_backend() if backend is None else backend, _BACKENDS)
    if path.lower().endswith(".npy"):
        return np.load(path, allow_pickle=False)
    img = _read_pil(path)
    if backend == "pil":
        return img
    rgb = np.asarray(img.convert("RGB"))
    if backend == "cv2":
        return np.ascontiguousarray(rgb[:, :, ::-1])
    return paddle.to_tensor(rgb)
