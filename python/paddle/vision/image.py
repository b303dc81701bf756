"""The image backend: which kind of image the datasets' loaders return ('pil' or 'cv2')."""

from __future__ import annotations

import numpy as np

try:
    import PIL  # noqa: F401
    _BACKEND = "pil"
except ImportError:  # without PIL, images are NumPy arrays, as with Paddle's 'cv2' backend
    _BACKEND = "cv2"


def _check_backend(op: str, backend: str) -> str:
    if backend not in ("pil", "cv2"):
        raise ValueError(f"[{op}] argument 'backend': expected 'pil' or 'cv2', but got {backend!r}")
    if backend == "pil":
        try:
            import PIL  # noqa: F401
        except ImportError:
            raise ImportError(f"[{op}] backend 'pil' needs Pillow, which is not installed; use backend='cv2' "
                              f"(NumPy arrays) or install Pillow") from None
    return backend


def set_image_backend(backend: str) -> None:
    """Sets the default image backend: 'pil' (PIL images) or 'cv2' (NumPy HWC arrays).

    Examples:
        >>> from paddle.vision import get_image_backend, set_image_backend
        >>> old = get_image_backend()
        >>> set_image_backend("cv2")
        >>> get_image_backend()
        'cv2'
        >>> set_image_backend(old)
    """
    global _BACKEND
    _BACKEND = _check_backend("set_image_backend", backend)


def get_image_backend() -> str:
    """The default image backend: 'pil' when Pillow is installed, else 'cv2' (NumPy arrays)."""
    return _BACKEND


def image_load(path: str, backend: str | None = None):
    """Reads an image file: a ``.npy`` array as is, others with Pillow (RGB for 'cv2', a PIL image for 'pil').

    Args:
        path (str): the file.
        backend (str, optional): 'pil' or 'cv2'; the default backend when None.

    Returns:
        PIL.Image|np.ndarray: the image.
    """
    backend = _check_backend("image_load", get_image_backend() if backend is None else backend)
    if path.lower().endswith(".npy"):
        return np.load(path, allow_pickle=False)
    try:
        from PIL import Image
    except ImportError:
        raise ImportError(f"[image_load] reading {path!r} needs Pillow, which is not installed; only .npy images "
                          f"can be read without it") from None
    with open(path, "rb") as f:
        img = Image.open(f).convert("RGB")
    return img if backend == "pil" else np.asarray(img)
