"""The image backend: which kind of image the datasets' loaders return ('pil' or 'cv2')."""

from __future__ import annotations

import numpy as np
from PIL import Image

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
    """The default image backend: 'pil' (PIL images) unless set_image_backend chose 'cv2' (NumPy arrays)."""
    return _BACKEND


def image_load(path: str, backend: str | None = None):
    """Reads an image file: a ``.npy`` array as is, others with Pillow (an RGB array for 'cv2', a PIL image
    for 'pil', an RGB uint8 Tensor [H, W, 3] for 'tensor', where Paddle returns None).

    Args:
        path (str): the file.
        backend (str, optional): 'pil', 'cv2' or 'tensor'; the default backend when None.

    Returns:
        PIL.Image|np.ndarray|Tensor: the image.
    """
    backend = _check_backend("image_load", get_image_backend() if backend is None else backend, _BACKENDS)
    if path.lower().endswith(".npy"):
        return np.load(path, allow_pickle=False)
    with open(path, "rb") as f:
        img = Image.open(f).convert("RGB")
    if backend == "tensor":
        import paddle

        return paddle.to_tensor(np.asarray(img))
    return img if backend == "pil" else np.asarray(img)
