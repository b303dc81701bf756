"""Image transforms as functions, on NumPy arrays (HWC), Paddle Tensors (CHW) and PIL images.

Every geometric function works on a NumPy HWC view of the image (Note [image
kinds]) and gives back the kind it was given: a NumPy array stays an array, a
Tensor comes back as a CHW Tensor of the same dtype, a PIL image as a PIL
image of the same mode. Resizing follows OpenCV (Paddle's 'cv2' backend):
bilinear samples at half-pixel centres without antialiasing, nearest takes
``floor(i * in / out)``; integer images are rounded back to their dtype.

Note [PIL images]: where Paddle's 'pil' backend calls a PIL operation (resize,
crop, the colour enhancers, rotate and the affine and perspective warps), a
PIL image goes through that same operation, so its pixels are Paddle's, and
PIL's extra filters ('bicubic', and for resize 'box', 'lanczos', 'hamming')
are taken for PIL images only.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

import numpy as np
from PIL import Image as _PILImage

import paddle
from paddle import _checks as check
from paddle._C import Tensor

# PIL's resampling filters under the names Paddle's 'pil' backend gives them (Note [PIL images])
_PIL_FILTERS = {"nearest": _PILImage.NEAREST, "bilinear": _PILImage.BILINEAR, "bicubic": _PILImage.BICUBIC,
                "box": _PILImage.BOX, "lanczos": _PILImage.LANCZOS, "hamming": _PILImage.HAMMING}
_PADDING_MODES = {"constant": "constant", "edge": "edge", "reflect": "reflect", "symmetric": "symmetric"}


def _is_pil_image(img) -> bool:
    return isinstance(img, _PILImage.Image)


def _is_tensor_image(img) -> bool:
    return isinstance(img, Tensor)


def _is_numpy_image(img) -> bool:
    return isinstance(img, np.ndarray) and img.ndim in (2, 3)


# Note [image kinds]: _as_hwc gives (HWC-or-HW array, restore); restore(array) gives the input's kind back.

def _as_hwc(op: str, img):
    if _is_numpy_image(img):
        return img, lambda out: out
    if _is_tensor_image(img):
        if img.ndim != 3:
            raise ValueError(f"[{op}] a Tensor image must be CHW (3-D), but got shape {list(img.shape)}")
        dtype = img.dtype

        def to_tensor(out):
            out = out[:, :, None] if out.ndim == 2 else out
            return paddle.to_tensor(np.ascontiguousarray(out.transpose(2, 0, 1))).astype(dtype)

        return img.numpy().transpose(1, 2, 0), to_tensor
    if _is_pil_image(img):
        return np.asarray(img), lambda out: _pil_like(out, img)
    raise TypeError(f"[{op}] expected a NumPy HWC array, a CHW Tensor or a PIL image, but got {type(img).__name__}")


def _pil_like(arr: np.ndarray, like):
    """`arr` as a PIL image of `like`'s mode, with its palette when it has one."""
    out = _PILImage.fromarray(np.ascontiguousarray(arr), mode=like.mode)
    if like.mode in ("P", "PA"):  # the array holds palette indices only
        out.putpalette(like.getpalette())
    return out


def _pil_fill(op: str, img, fill):
    """`fill` as a fill colour for the PIL image `img`: a number goes to every colour band, and an alpha band
    not given is opaque (as Paddle's 'pil' rotate fills)."""
    bands = img.getbands()
    colours = len([b for b in bands if b != "A"])
    if isinstance(fill, numbers.Number):
        values = (fill,) * colours
    elif isinstance(fill, Sequence) and len(fill) in (colours, len(bands)):
        values = tuple(fill)
    else:
        raise ValueError(f"[{op}] argument 'fill': expected a number or {colours} values (one per colour band), "
                         f"but got {fill!r}")
    values += (255,) * (len(bands) - len(values))
    return values[0] if len(bands) == 1 else values


def _image_size(op: str, img) -> tuple[int, int]:
    """(width, height), as Paddle's transforms use it."""
    if _is_pil_image(img):
        return img.size
    if _is_tensor_image(img):
        return int(img.shape[-1]), int(img.shape[-2])
    if _is_numpy_image(img):
        return int(img.shape[1]), int(img.shape[0])
    raise TypeError(f"[{op}] expected a NumPy HWC array, a CHW Tensor or a PIL image, but got {type(img).__name__}")


def to_tensor(pic, data_format: str = "CHW") -> Tensor:
    """Converts an HWC (or HW) image to a Tensor; uint8 data is scaled to float32 in [0, 1].

    Args:
        pic (np.ndarray|PIL.Image|Tensor): the image. A Tensor is taken to be CHW already.
        data_format (str, optional): 'CHW' or 'HWC', the layout of the result. Default 'CHW'.

    Returns:
        Tensor: the image.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> img = np.full((2, 3, 3), 255, dtype=np.uint8)
        >>> t = F.to_tensor(img)
        >>> list(t.shape), str(t.dtype), float(t.max())
        ([3, 2, 3], 'paddle.float32', 1.0)
    """
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"[to_tensor] argument 'data_format': expected 'CHW' or 'HWC', but got {data_format!r}")
    if _is_tensor_image(pic):
        return pic if data_format == "CHW" else pic.transpose([1, 2, 0])
    if _is_pil_image(pic):
        pic = _pil_pixels(pic)
    elif not _is_numpy_image(pic):
        raise TypeError(f"[to_tensor] argument 'pic': expected a PIL image, a Tensor or an HW/HWC ndarray, "
                        f"but got {type(pic).__name__}")
    if pic.ndim == 2:
        pic = pic[:, :, None]
    if data_format == "CHW":
        pic = pic.transpose(2, 0, 1)
    img = paddle.to_tensor(np.ascontiguousarray(pic))
    if pic.dtype == np.uint8:
        return img.astype("float32") / 255.0
    return img


def _pil_pixels(pic) -> np.ndarray:
    """A PIL image's pixels as to_tensor takes them: mode '1' as uint8 0/255 (so it scales to 0/1), 16-bit
    integer modes as int32 (which Tensors have), the rest as they are."""
    if pic.mode == "1":
        return np.asarray(pic, dtype=np.uint8) * np.uint8(255)
    if pic.mode.startswith("I;16"):
        return np.asarray(pic, dtype=np.int32)
    return np.asarray(pic)


def _resize_axis(length: int, out: int, interpolation: str):
    """Source indices (and weights) along one axis, as OpenCV computes them."""
    scale = length / out
    if interpolation == "nearest":
        return np.minimum(np.floor(np.arange(out) * scale).astype(np.int64), length - 1), None, None
    src = np.maximum((np.arange(out) + 0.5) * scale - 0.5, 0.0)
    lo = np.minimum(np.floor(src).astype(np.int64), length - 1)
    hi = np.minimum(lo + 1, length - 1)
    return lo, hi, src - lo


def _resize_array(img: np.ndarray, oh: int, ow: int, interpolation: str) -> np.ndarray:
    h, w = img.shape[:2]
    ys, ys1, wy = _resize_axis(h, oh, interpolation)
    xs, xs1, wx = _resize_axis(w, ow, interpolation)
    if interpolation == "nearest":
        return img[ys][:, xs]
    data = img.astype(np.float64)
    wy = wy.reshape((-1, 1) + (1,) * (img.ndim - 2))
    wx = wx.reshape((1, -1) + (1,) * (img.ndim - 2))
    top = data[ys][:, xs] * (1 - wx) + data[ys][:, xs1] * wx
    bottom = data[ys1][:, xs] * (1 - wx) + data[ys1][:, xs1] * wx
    out = top * (1 - wy) + bottom * wy
    return _cast_back(out, img.dtype)


def _cast_back(values: np.ndarray, dtype) -> np.ndarray:
    """Float results in the image's dtype: integer images are rounded (half to even) and clipped to their range."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return np.clip(np.rint(values), info.min, info.max).astype(dtype)
    return values.astype(dtype)


def _target_size(h: int, w: int, size) -> tuple[int, int]:
    """(out_h, out_w): an int resizes the shorter side to `size`, keeping the aspect ratio."""
    if isinstance(size, numbers.Integral):
        if w < h:
            return int(size * h / w), int(size)
        return int(size), int(size * w / h)
    return int(size[0]), int(size[1])


def resize(img, size, interpolation: str = "bilinear"):
    """Resizes an image.

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image (HWC array, CHW Tensor or PIL image).
        size (int|list|tuple): (height, width); an int resizes the shorter side to it, keeping the aspect ratio.
        interpolation (str, optional): 'bilinear' or 'nearest'; for PIL images also 'bicubic', 'box', 'lanczos'
            and 'hamming' (PIL's filters, see Note [PIL images]). Default 'bilinear'.

    Returns:
        the resized image, of the input's kind.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.resize(np.zeros((4, 8, 3), np.uint8), 2).shape
        (2, 4, 3)
        >>> F.resize(np.array([[0.0, 1.0]]), (1, 4))
        array([[0.  , 0.25, 0.75, 1.  ]])
    """
    if not (isinstance(size, numbers.Integral) or (isinstance(size, Sequence) and len(size) == 2)):
        raise TypeError(f"[resize] argument 'size': expected an int or a (height, width) pair, but got {size!r}")
    pil = _is_pil_image(img)
    check.choice("resize", interpolation, list(_PIL_FILTERS) if pil else ["bilinear", "nearest"], "interpolation")
    w, h = _image_size("resize", img)
    oh, ow = _target_size(h, w, size)
    if (oh, ow) == (h, w):
        return img
    if pil:
        return img.resize((ow, oh), _PIL_FILTERS[interpolation])
    arr, restore = _as_hwc("resize", img)
    return restore(_resize_array(arr, oh, ow, interpolation))


def _pad_amounts(padding) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) from an int, a (left/right, top/bottom) pair or four values."""
    if isinstance(padding, numbers.Integral):
        return (int(padding),) * 4
    if isinstance(padding, Sequence) and len(padding) == 2:
        return int(padding[0]), int(padding[1]), int(padding[0]), int(padding[1])
    if isinstance(padding, Sequence) and len(padding) == 4:
        return tuple(int(p) for p in padding)
    raise ValueError(f"[pad] argument 'padding': expected an int or 2 or 4 ints, but got {padding!r}")


def pad(img, padding, fill=0, padding_mode: str = "constant"):
    """Pads the borders of an image.

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image.
        padding (int|list|tuple): all sides; (left/right, top/bottom); or (left, top, right, bottom).
        fill (number|tuple, optional): the value for 'constant' padding, one or one per channel (for a PIL image:
            per colour band, with an alpha band not given opaque). Default 0.
        padding_mode (str, optional): 'constant', 'edge', 'reflect' (mirror without the edge) or
            'symmetric' (mirror with the edge). Default 'constant'.

    Returns:
        the padded image, of the input's kind.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.pad(np.array([[1, 2]], np.uint8), (1, 0), padding_mode="edge")
        array([[1, 1, 2, 2]], dtype=uint8)
    """
    if padding_mode not in _PADDING_MODES:
        raise ValueError(f"[pad] argument 'padding_mode': expected one of {list(_PADDING_MODES)}, but got "
                         f"{padding_mode!r}")
    left, top, right, bottom = _pad_amounts(padding)
    if padding_mode == "constant" and _is_pil_image(img):
        fill = _pil_fill("pad", img, fill)
    arr, restore = _as_hwc("pad", img)
    widths = [(top, bottom), (left, right)] + [(0, 0)] * (arr.ndim - 2)
    if padding_mode != "constant":
        return restore(np.pad(arr, widths, mode=_PADDING_MODES[padding_mode]))
    if isinstance(fill, numbers.Number) or arr.ndim == 2:
        value = fill if isinstance(fill, numbers.Number) else fill[0]
        return restore(np.pad(arr, widths, mode="constant", constant_values=value))
    out = np.empty((arr.shape[0] + top + bottom, arr.shape[1] + left + right, arr.shape[2]), arr.dtype)
    out[...] = np.asarray(fill, dtype=arr.dtype).reshape(1, 1, -1)
    out[top:top + arr.shape[0], left:left + arr.shape[1]] = arr
    return restore(out)


def crop(img, top: int, left: int, height: int, width: int):
    """The region of `img` with top-left corner (`top`, `left`) and size (`height`, `width`).

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.crop(np.arange(16).reshape(4, 4, 1), 1, 2, 2, 2)[..., 0]
        array([[ 6,  7],
               [10, 11]])
    """
    if _is_pil_image(img):  # PIL fills what lies outside the image with zeros, as in Paddle
        return img.crop((left, top, left + width, top + height))
    arr, restore = _as_hwc("crop", img)
    return restore(arr[top:top + height, left:left + width])


def erase(img, i: int, j: int, h: int, w: int, v, inplace: bool = False):
    """Sets the region with top-left corner (`i`, `j`) and size (`h`, `w`) to `v`.

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image (HWC array, CHW Tensor or PIL image).
        i (int): the region's top row.
        j (int): the region's left column.
        h (int): the region's height.
        w (int): the region's width.
        v (number|np.ndarray|Tensor): the new values, broadcast to the region: for an array image shaped
            like its HWC region (e.g. ``[1, 1, C]``), for a Tensor image like its CHW region (``[C, 1, 1]``).
        inplace (bool, optional): write into `img` (arrays and Tensors) instead of a copy. Default False.

    Returns:
        the image with the region replaced, of the input's kind.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.erase(np.zeros((3, 4), np.uint8), 1, 1, 2, 2, 9)
        array([[0, 0, 0, 0],
               [0, 9, 9, 0],
               [0, 9, 9, 0]], dtype=uint8)
    """
    for name, value in (("i", i), ("j", j), ("h", h), ("w", w)):
        check.integer("erase", value, name, min=0)
    if _is_tensor_image(img):
        out = img if inplace else img.clone()
        out[..., i:i + h, j:j + w] = v if isinstance(v, Tensor) else paddle.to_tensor(np.asarray(v), dtype=img.dtype)
        return out
    if _is_pil_image(img):  # PIL images are immutable: always a new image
        arr = np.array(img)
        arr[i:i + h, j:j + w, ...] = v
        return _pil_like(arr, img)
    if not _is_numpy_image(img):
        raise TypeError(f"[erase] expected a NumPy HWC array, a CHW Tensor or a PIL image, but got "
                        f"{type(img).__name__}")
    out = img if inplace else img.copy()
    out[i:i + h, j:j + w, ...] = v
    return out


def center_crop(img, output_size):
    """The central (height, width) region (an int: a square); offsets round as Paddle's, half to even.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.center_crop(np.arange(16).reshape(4, 4, 1), 2)[..., 0]
        array([[ 5,  6],
               [ 9, 10]])
    """
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    w, h = _image_size("center_crop", img)
    th, tw = output_size
    return crop(img, int(round((h - th) / 2.0)), int(round((w - tw) / 2.0)), th, tw)


def hflip(img):
    """Flips the image left to right.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.hflip(np.array([[1, 2, 3]], np.uint8))
        array([[3, 2, 1]], dtype=uint8)
    """
    arr, restore = _as_hwc("hflip", img)
    return restore(arr[:, ::-1])


def vflip(img):
    """Flips the image top to bottom.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.vflip(np.array([[1], [2]], np.uint8))
        array([[2],
               [1]], dtype=uint8)
    """
    arr, restore = _as_hwc("vflip", img)
    return restore(arr[::-1])


def normalize(img, mean, std, data_format: str = "CHW", to_rgb: bool = False):
    """``(img - mean) / std`` per channel.

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image; a PIL image becomes a float32 HWC array.
        mean (number|list|tuple): the channel means.
        std (number|list|tuple): the channel standard deviations.
        data_format (str, optional): 'CHW' or 'HWC', where the channels are. Default 'CHW'.
        to_rgb (bool, optional): reverse the channel order first (BGR -> RGB); ignored for Tensors,
            as in Paddle. Default False.

    Returns:
        np.ndarray|Tensor: the normalized image (float32 for arrays).

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.normalize(np.ones((2, 1, 1)), mean=[0.5, 1.0], std=[0.5, 2.0])
        array([[[1.]],
        <BLANKLINE>
               [[0.]]])
    """
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"[normalize] argument 'data_format': expected 'CHW' or 'HWC', but got {data_format!r}")
    shape = (-1, 1, 1) if data_format == "CHW" else (1, 1, -1)
    if _is_tensor_image(img):
        mean_t = paddle.to_tensor(np.asarray(mean, np.float32).reshape(shape if img.ndim == 3 else (-1,)))
        std_t = paddle.to_tensor(np.asarray(std, np.float32).reshape(shape if img.ndim == 3 else (-1,)))
        return (img - mean_t.astype(img.dtype)) / std_t.astype(img.dtype)
    if _is_pil_image(img):
        img = np.asarray(img).astype(np.float32)
    mean = np.float32(np.asarray(mean).reshape(shape))
    std = np.float32(np.asarray(std).reshape(shape))
    if to_rgb:
        img = img[::-1] if data_format == "CHW" else img[..., ::-1]
    return (img - mean) / std


def _random_resized_crop_params(img, scale, ratio, attempts: int = 10) -> tuple[int, int, int, int]:
    """(top, left, height, width) as Paddle draws them: NumPy for area and ratio, `random` for the place."""
    import random

    width, height = _image_size("RandomResizedCrop", img)
    area = height * width
    log_ratio = (math.log(ratio[0]), math.log(ratio[1]))
    for _ in range(attempts):
        target_area = np.random.uniform(*scale) * area
        aspect_ratio = math.exp(np.random.uniform(*log_ratio))
        w = int(round(math.sqrt(target_area * aspect_ratio)))
        h = int(round(math.sqrt(target_area / aspect_ratio)))
        if 0 < w <= width and 0 < h <= height:
            return random.randint(0, height - h), random.randint(0, width - w), h, w
    in_ratio = width / height
    if in_ratio < min(ratio):
        w, h = width, int(round(width / min(ratio)))
    elif in_ratio > max(ratio):
        w, h = int(round(height * max(ratio))), height
    else:
        w, h = width, height
    return (height - h) // 2, (width - w) // 2, h, w


# The colour and warping functions live in their own modules, which use the helpers above; importing them
# last (once those helpers exist) makes them functional.<name>, as in Paddle.
from paddle.vision.transforms.functional_color import (  # noqa: E402,F401
    adjust_brightness, adjust_contrast, adjust_hue, adjust_saturation, to_grayscale,
)
from paddle.vision.transforms.functional_geometry import affine, perspective, rotate  # noqa: E402,F401
