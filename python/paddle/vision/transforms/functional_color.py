"""Colour adjustments: grayscale, brightness, contrast, saturation and hue, for every image kind.

PIL images go through PIL's own conversions and enhancers, as in Paddle's
'pil' backend (Note [PIL images] in `functional`). Arrays and Tensors are
computed on a float64 HWC view (see `functional._as_hwc`). Float images are
taken to lie in [0, 1] and follow Paddle's Tensor backend; integer images lie
in [0, 255] and follow the arithmetic of PIL's enhancers: their grey levels
are whole numbers, contrast pivots on the mean grey level rounded to a whole
number, and blends (brightness, contrast, saturation) truncate their results.
Results are clipped to the range. Paddle's 'cv2' backend for NumPy arrays
differs: its contrast pivots on a fixed grey level of 74 instead of the
image's mean, its ``adjust_saturation`` draws a random factor itself, and its
``adjust_hue`` reads the array as BGR, so the hue turns the other way (red
with 1/3 gives blue there, green here and in Paddle's 'pil' backend).
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageEnhance

from paddle import _checks as check
from paddle.vision.transforms.functional import _as_hwc, _cast_back, _is_pil_image

# ITU-R BT.601 luma weights for R, G, B (what PIL's "L" mode and OpenCV's RGB2GRAY use)
_LUMA = np.array([0.299, 0.587, 0.114])


def _channels(arr: np.ndarray) -> int:
    return 1 if arr.ndim == 2 else arr.shape[2]


def _check_channels(op: str, arr: np.ndarray) -> None:
    if _channels(arr) not in (1, 3):
        raise ValueError(f"[{op}] expected an image with 1 or 3 channels, but got {_channels(arr)} channels "
                         f"(shape {list(arr.shape)})")


def _value_range(dtype) -> float:
    """The brightest value: 255 for integer images, 1 for float ones."""
    return 255.0 if np.issubdtype(dtype, np.integer) else 1.0


def _luma(data: np.ndarray, integer: bool) -> np.ndarray:
    """The grey level of an HW or HWC image (of 1 or 3 channels), shaped HW; rounded for integer images."""
    if data.ndim == 2:
        return data
    if data.shape[2] == 1:
        return data[:, :, 0]
    grey = data @ _LUMA
    return np.rint(grey) if integer else grey


def _blend(op: str, img, target, factor: float, enhancer):
    """``target + factor * (img - target)`` clipped to the value range, in the image's kind and dtype.

    `target` is a number or a function of (the float64 HWC or HW data, whether the image has integers);
    a PIL image goes through PIL's `enhancer` (an ImageEnhance class) instead.
    """
    if _is_pil_image(img):
        return enhancer(img).enhance(factor)
    arr, restore = _as_hwc(op, img)
    _check_channels(op, arr)
    integer = np.issubdtype(arr.dtype, np.integer)
    data = arr.astype(np.float64)
    target = target(data, integer) if callable(target) else target
    out = np.clip(target + factor * (data - target), 0.0, _value_range(arr.dtype))
    # truncated, not rounded, for integer images: what Paddle's PIL blends and cv2 lookup tables give
    return restore((np.floor(out) if integer else out).astype(arr.dtype))


def _contrast_pivot(data: np.ndarray, integer: bool) -> float:
    mean = _luma(data, integer).mean()
    return float(np.floor(mean + 0.5)) if integer else mean


def _saturation_target(data: np.ndarray, integer: bool) -> np.ndarray:
    return data if _channels(data) == 1 else _luma(data, integer)[:, :, None]


def _factor(op: str, value, arg: str) -> float:
    value = check.number(op, value, arg)
    if value < 0:
        raise ValueError(f"[{op}] argument '{arg}': expected a number >= 0, but got {value}")
    return float(value)


def to_grayscale(img, num_output_channels: int = 1):
    """Converts an RGB image to grey, ``0.299 R + 0.587 G + 0.114 B`` (ITU-R BT.601).

    A one-channel image is already grey and is only expanded to `num_output_channels`.

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image (HWC array, CHW Tensor or PIL image).
        num_output_channels (int, optional): 1, or 3 for the grey level repeated in three channels. Default 1.

    Returns:
        the grey image, of the input's kind and dtype (HW1 or HW3 for arrays).

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.to_grayscale(np.array([[[255, 0, 0], [0, 255, 0]]], np.uint8))[..., 0]
        array([[ 76, 150]], dtype=uint8)
    """
    if num_output_channels not in (1, 3):
        raise ValueError(f"[to_grayscale] argument 'num_output_channels': expected 1 or 3, but got "
                         f"{num_output_channels!r}")
    if _is_pil_image(img):  # PIL's own conversion uses the same weights
        grey = img.convert("L")
        return grey if num_output_channels == 1 else grey.convert("RGB")
    arr, restore = _as_hwc("to_grayscale", img)
    _check_channels("to_grayscale", arr)
    grey = _cast_back(_luma(arr.astype(np.float64), np.issubdtype(arr.dtype, np.integer)), arr.dtype)
    return restore(np.repeat(grey[:, :, None], num_output_channels, axis=2))


def adjust_brightness(img, brightness_factor: float):
    """Scales the brightness: ``clip(img * brightness_factor)`` (truncated for integer images).

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image (HWC array or CHW Tensor of 1 or 3 channels, or PIL image).
        brightness_factor (float): 0 gives black, 1 the original image, 2 twice as bright. Must be >= 0.

    Returns:
        the adjusted image, of the input's kind and dtype.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.adjust_brightness(np.array([[10, 100, 200]], np.uint8), 1.5)
        array([[ 15, 150, 255]], dtype=uint8)
    """
    factor = _factor("adjust_brightness", brightness_factor, "brightness_factor")
    return _blend("adjust_brightness", img, 0.0, factor, ImageEnhance.Brightness)


def adjust_contrast(img, contrast_factor: float):
    """Scales the contrast around the image's mean grey level (rounded to a whole level for integer images).

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image (HWC array or CHW Tensor of 1 or 3 channels, or PIL image).
        contrast_factor (float): 0 gives a uniform grey image, 1 the original, 2 twice the contrast. Must be >= 0.

    Returns:
        the adjusted image, of the input's kind and dtype.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.adjust_contrast(np.array([[0.2, 0.4, 0.6]]), 0.5)
        array([[0.3, 0.4, 0.5]])
    """
    factor = _factor("adjust_contrast", contrast_factor, "contrast_factor")
    return _blend("adjust_contrast", img, _contrast_pivot, factor, ImageEnhance.Contrast)


def adjust_saturation(img, saturation_factor: float):
    """Scales the saturation: blends the image with its grey version.

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image (HWC array or CHW Tensor of 1 or 3 channels, or PIL image);
            a one-channel image is returned unchanged.
        saturation_factor (float): 0 gives the grey image, 1 the original, 2 twice the saturation. Must be >= 0.

    Returns:
        the adjusted image, of the input's kind and dtype.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.adjust_saturation(np.array([[[1.0, 0.0, 0.0]]]), 0.0).round(3)
        array([[[0.299, 0.299, 0.299]]])
    """
    factor = _factor("adjust_saturation", saturation_factor, "saturation_factor")
    return _blend("adjust_saturation", img, _saturation_target, factor, ImageEnhance.Color)


def _rgb_to_hsv(rgb: np.ndarray) -> np.ndarray:
    """HWC RGB in [0, 1] -> HWC HSV, each in [0, 1] (hue in turns)."""
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    value = rgb.max(axis=-1)
    chroma = value - rgb.min(axis=-1)
    safe_chroma = np.where(chroma > 0, chroma, 1.0)
    saturation = np.where(value > 0, chroma / np.where(value > 0, value, 1.0), 0.0)
    # the hue sector depends on which channel is largest (red first when channels tie, as PIL and Paddle)
    hue = np.where(value == r, (g - b) / safe_chroma,
                   np.where(value == g, 2.0 + (b - r) / safe_chroma, 4.0 + (r - g) / safe_chroma))
    hue = np.where(chroma > 0, hue / 6.0, 0.0) % 1.0
    return np.stack([hue, saturation, value], axis=-1)


def _hsv_to_rgb(hsv: np.ndarray) -> np.ndarray:
    """HWC HSV in [0, 1] -> HWC RGB in [0, 1]."""
    hue, saturation, value = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    sector = np.floor(hue * 6.0)
    frac = hue * 6.0 - sector
    sector = sector.astype(np.int64) % 6
    p = value * (1.0 - saturation)
    q = value * (1.0 - saturation * frac)
    t = value * (1.0 - saturation * (1.0 - frac))
    # (R, G, B) in each of the six sectors of the colour wheel
    r = np.choose(sector, [value, q, p, p, t, value])
    g = np.choose(sector, [t, value, value, q, p, p])
    b = np.choose(sector, [p, p, t, value, value, q])
    return np.stack([r, g, b], axis=-1)


# PIL modes without colour, whose hue adjust_hue leaves alone
_GREY_MODES = ("1", "L", "I", "I;16", "F")


def _pil_hue(img, hue_factor: float):
    """Adds ``int(hue_factor * 255)`` to the hue of PIL's 8-bit HSV (255 for a whole turn), modulo 256, as
    Paddle's 'pil' backend does."""
    if img.mode in _GREY_MODES:
        return img
    hue, saturation, value = img.convert("HSV").split()
    steps = int(hue_factor * 255)
    hue = hue.point(lambda h: (h + steps) % 256)
    return Image.merge("HSV", (hue, saturation, value)).convert(img.mode)


def adjust_hue(img, hue_factor: float):
    """Rotates the hue by `hue_factor` turns of the colour wheel, keeping saturation and value.

    A PIL image turns in PIL's 8-bit HSV, by whole steps of 1/255 turn (Paddle's 'pil' backend); its
    alpha channel, if any, comes back opaque, as there.

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image (HWC array or CHW Tensor of 1 or 3 channels, or PIL image);
            a one-channel image is returned unchanged.
        hue_factor (float): the shift, in [-0.5, 0.5]; 0.5 and -0.5 give the complementary colours.

    Returns:
        the adjusted image, of the input's kind and dtype.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.adjust_hue(np.array([[[255, 0, 0]]], np.uint8), 1 / 3)
        array([[[  0, 255,   0]]], dtype=uint8)
    """
    hue_factor = check.number("adjust_hue", hue_factor, "hue_factor")
    if not -0.5 <= hue_factor <= 0.5:
        raise ValueError(f"[adjust_hue] argument 'hue_factor': expected a number in [-0.5, 0.5], but got "
                         f"{hue_factor}")
    if _is_pil_image(img):
        return _pil_hue(img, hue_factor)
    arr, restore = _as_hwc("adjust_hue", img)
    _check_channels("adjust_hue", arr)
    if _channels(arr) == 1:
        return img
    scale = _value_range(arr.dtype)
    hsv = _rgb_to_hsv(np.clip(arr.astype(np.float64) / scale, 0.0, 1.0))
    hsv[..., 0] = (hsv[..., 0] + hue_factor) % 1.0
    return restore(_cast_back(_hsv_to_rgb(hsv) * scale, arr.dtype))
