"""Warps: affine, rotate and perspective, for every image kind.

Note [warp coordinates]: pixel (row i, column j) covers [j, j + 1) x [i, i + 1),
so its centre is (j + 0.5, i + 0.5) and the image centre is (w / 2, h / 2). This
is how PIL and Paddle's Tensor backend place pixels, so rotating by 90 degrees
is an exact np.rot90. Each output pixel centre is mapped back into the input
(the inverse transform) and sampled there: 'nearest' takes the pixel it falls
in; 'bilinear' blends the four nearest pixel centres. Samples outside the
input take `fill`. Paddle's 'cv2' backend for NumPy arrays puts the centre
half a pixel off (at pixel index w / 2) and its ``affine`` replaces the
rotation's centring offset with `translate`; neither is reproduced here.

PIL images are warped by PIL itself (Note [PIL images] in `functional`), which
places pixels the same way but takes the pixel a point falls in for
'nearest', gives `fill` to every point outside the image for 'bilinear', and
offers 'bicubic' too.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

import numpy as np
from PIL import Image

from paddle import _checks as check
from paddle.vision.transforms.functional import (
    _PIL_FILTERS, _as_hwc, _cast_back, _image_size, _is_pil_image, _pil_fill,
)

_INTERPOLATIONS = ("nearest", "bilinear")
_PIL_INTERPOLATIONS = ("nearest", "bilinear", "bicubic")


def _fill_values(op: str, fill, channels: int) -> np.ndarray:
    """`fill` as one value per channel."""
    if isinstance(fill, numbers.Number):
        return np.full(channels, float(fill))
    if isinstance(fill, Sequence) and len(fill) in (1, channels):
        return np.broadcast_to(np.asarray(fill, dtype=np.float64), (channels,))
    raise ValueError(f"[{op}] argument 'fill': expected a number or {channels} values (one per channel), "
                     f"but got {fill!r}")


def _pil_warp(op: str, img, method, inverse: np.ndarray, interpolation: str, fill):
    """PIL's own warp of `img` (Image.AFFINE or Image.PERSPECTIVE), keeping its size; `inverse` (3x3) maps output
    points to input points, as PIL's coefficients do."""
    check.choice(op, interpolation, _PIL_INTERPOLATIONS, "interpolation")
    coeffs = inverse[:2].ravel() if method == Image.AFFINE else (inverse / inverse[2, 2]).ravel()[:8]
    return img.transform(img.size, method, tuple(coeffs), _PIL_FILTERS[interpolation],
                         fillcolor=_pil_fill(op, img, fill))


def _warp(op: str, img, inverse: np.ndarray, out_size: tuple[int, int] | None, interpolation: str, fill):
    """Samples `img` at ``inverse @ (x, y, 1)`` for each output pixel centre (x, y); see Note [warp coordinates].

    `inverse` is 3x3 (a perspective when its last row is not (0, 0, 1)); `out_size` is (width, height),
    the input's when None.
    """
    check.choice(op, interpolation, _INTERPOLATIONS, "interpolation")
    arr, restore = _as_hwc(op, img)
    data = (arr[:, :, None] if arr.ndim == 2 else arr).astype(np.float64)
    h, w, channels = data.shape
    out_w, out_h = (w, h) if out_size is None else out_size
    fill = _fill_values(op, fill, channels)
    xs, ys = np.meshgrid(np.arange(out_w) + 0.5, np.arange(out_h) + 0.5)
    points = inverse @ np.stack([xs.ravel(), ys.ravel(), np.ones(xs.size)])
    u = (points[0] / points[2]).reshape(out_h, out_w)
    v = (points[1] / points[2]).reshape(out_h, out_w)

    def sample(rows, cols):
        """The pixels at integer (rows, cols) and whether each lies inside the image."""
        inside = (rows >= 0) & (rows < h) & (cols >= 0) & (cols < w)
        return data[np.clip(rows, 0, h - 1), np.clip(cols, 0, w - 1)], inside

    if interpolation == "nearest":
        # the nearest pixel centre; a point exactly between two goes to the even index, as grid_sample rounds
        rows, cols = np.rint(v - 0.5).astype(np.int64), np.rint(u - 0.5).astype(np.int64)
        pixels, inside = sample(rows, cols)
        out = np.where(inside[:, :, None], pixels, fill)
    else:
        px, py = u - 0.5, v - 0.5  # in pixel-centre units
        x0, y0 = np.floor(px), np.floor(py)
        fx, fy = px - x0, py - y0
        total = np.zeros((out_h, out_w, channels))
        weight_inside = np.zeros((out_h, out_w, 1))
        for dy, wy in ((0, 1.0 - fy), (1, fy)):
            for dx, wx in ((0, 1.0 - fx), (1, fx)):
                pixels, inside = sample(y0.astype(np.int64) + dy, x0.astype(np.int64) + dx)
                weight = (wy * wx * inside)[:, :, None]
                total += weight * pixels
                weight_inside += weight
        # As Paddle's Tensor backend (grid_sample with zero padding, then blended with the fill by the share of
        # the sample inside the image), which weights the sum by that share once more: same values at borders.
        out = total * weight_inside + (1.0 - weight_inside) * fill
    out = _cast_back(out, arr.dtype)
    return restore(out[:, :, 0] if arr.ndim == 2 else out)


def _translation(tx: float, ty: float) -> np.ndarray:
    return np.array([[1.0, 0.0, tx], [0.0, 1.0, ty], [0.0, 0.0, 1.0]])


def _linear(matrix2x2) -> np.ndarray:
    out = np.eye(3)
    out[:2, :2] = matrix2x2
    return out


def _about(center, linear: np.ndarray, translate=(0.0, 0.0)) -> np.ndarray:
    """The 3x3 map ``p -> linear @ (p - center) + center + translate``."""
    cx, cy = center
    return _translation(cx + translate[0], cy + translate[1]) @ _linear(linear) @ _translation(-cx, -cy)


def _center(op: str, center, img) -> tuple[float, float]:
    if center is None:
        w, h = _image_size(op, img)
        return w * 0.5, h * 0.5
    if not isinstance(center, Sequence) or len(center) != 2:
        raise TypeError(f"[{op}] argument 'center': expected None or an (x, y) pair, but got {center!r}")
    return float(center[0]), float(center[1])


def affine(img, angle: float, translate, scale: float, shear, interpolation: str = "nearest", fill=0,
           center=None):
    """Rotates (clockwise), scales, shears and translates an image, keeping its size.

    A point p moves to ``A (p - center) + center + translate`` with
    ``A = scale * R(angle) * Shear_y(shear[1]) * Shear_x(shear[0])``.

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image (HWC array, CHW Tensor or PIL image).
        angle (float): rotation in degrees, clockwise.
        translate (list|tuple): (dx, dy) in pixels.
        scale (float): the zoom, > 0.
        shear (float|list|tuple): shear angles in degrees: (x, y), or one number for x only.
        interpolation (str, optional): 'nearest' or 'bilinear' ('bicubic' too for PIL images). Default 'nearest'.
        fill (number|list|tuple, optional): the value of pixels from outside the image, one or one per
            channel. Default 0.
        center (list|tuple, optional): the (x, y) fixed point; the image centre when None. Pixel (i, j)
            covers [j, j + 1) x [i, i + 1), so the centre is (w / 2, h / 2).

    Returns:
        the transformed image, of the input's kind and dtype.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> img = np.arange(6, dtype=np.uint8).reshape(2, 3)
        >>> F.affine(img, angle=0, translate=(1, 0), scale=1.0, shear=0)
        array([[0, 0, 1],
               [0, 3, 4]], dtype=uint8)
    """
    if isinstance(angle, bool) or not isinstance(angle, numbers.Real):
        raise TypeError(f"[affine] argument 'angle': expected a number, but got {type(angle).__name__}")
    if not isinstance(translate, (list, tuple)) or len(translate) != 2:
        raise TypeError(f"[affine] argument 'translate': expected a (dx, dy) pair, but got {translate!r}")
    scale = check.number("affine", scale, "scale")
    if scale <= 0:
        raise ValueError(f"[affine] argument 'scale': expected a number > 0, but got {scale}")
    if isinstance(shear, numbers.Number):
        shear = (shear, 0.0)
    elif isinstance(shear, (list, tuple)) and len(shear) == 1:
        shear = (shear[0], shear[0])
    elif not isinstance(shear, (list, tuple)) or len(shear) != 2:
        raise ValueError(f"[affine] argument 'shear': expected a number or an (x, y) pair, but got {shear!r}")
    rot = math.radians(angle)
    shear_x, shear_y = (math.tan(math.radians(s)) for s in shear)
    linear = scale * (np.array([[math.cos(rot), -math.sin(rot)], [math.sin(rot), math.cos(rot)]])
                      @ np.array([[1.0, 0.0], [-shear_y, 1.0]]) @ np.array([[1.0, -shear_x], [0.0, 1.0]]))
    forward = _about(_center("affine", center, img), linear, translate)
    if _is_pil_image(img):
        return _pil_warp("affine", img, Image.AFFINE, np.linalg.inv(forward), interpolation, fill)
    return _warp("affine", img, np.linalg.inv(forward), None, interpolation, fill)


def rotate(img, angle: float, interpolation: str = "nearest", expand: bool = False, center=None, fill=0):
    """Rotates an image counter-clockwise by `angle` degrees.

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image (HWC array, CHW Tensor or PIL image).
        angle (float): degrees, counter-clockwise.
        interpolation (str, optional): 'nearest' or 'bilinear' ('bicubic' too for PIL images). Default 'nearest'.
        expand (bool, optional): enlarge the output to hold the whole rotated image (the size assumes
            rotation about the centre; it is PIL's: quarter turns swap the sides, other angles round the
            corners' extent outwards); otherwise keep the input's size. Default False.
        center (list|tuple, optional): the (x, y) point to rotate about; the image centre when None.
        fill (number|list|tuple, optional): the value of pixels from outside the image. Default 0.

    Returns:
        the rotated image, of the input's kind and dtype.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.rotate(np.array([[1, 2], [3, 4]]), 90)
        array([[2, 4],
               [1, 3]])
        >>> F.rotate(np.ones((2, 4), np.uint8), 90, expand=True).shape
        (4, 2)
    """
    angle = check.number("rotate", angle, "angle")
    expand = check.flag("rotate", expand, "expand")
    w, h = _image_size("rotate", img)
    if _is_pil_image(img):
        check.choice("rotate", interpolation, _PIL_INTERPOLATIONS, "interpolation")
        center = None if center is None else _center("rotate", center, img)
        fill = _pil_fill("rotate", img, fill)
        return img.rotate(angle, _PIL_FILTERS[interpolation], expand, center, fillcolor=fill)
    rot = math.radians(angle)
    # rounded as PIL does, so that multiples of 90 degrees are exact and expand gets whole sizes
    cos, sin = round(math.cos(rot), 15), round(math.sin(rot), 15)
    forward = _about(_center("rotate", center, img), np.array([[cos, sin], [-sin, cos]]))
    out_size = None
    if expand:
        # the output sizes of Paddle's PIL backend: a quarter turn about the centre swaps the sides exactly;
        # otherwise the rotated corners' extent, each end rounded outwards
        if center is None and angle % 90 == 0:
            out_w, out_h = (h, w) if angle % 180 else (w, h)
        else:
            corners = forward @ np.array([[0.0, w, w, 0.0], [0.0, 0.0, h, h], [1.0, 1.0, 1.0, 1.0]])
            out_w = int(math.ceil(corners[0].max()) - math.floor(corners[0].min()))
            out_h = int(math.ceil(corners[1].max()) - math.floor(corners[1].min()))
        forward = _translation((out_w - w) * 0.5, (out_h - h) * 0.5) @ forward
        out_size = (out_w, out_h)
    return _warp("rotate", img, np.linalg.inv(forward), out_size, interpolation, fill)


def _points(op: str, points, arg: str) -> np.ndarray:
    arr = np.asarray(points, dtype=np.float64) if isinstance(points, (list, tuple, np.ndarray)) else None
    if arr is None or arr.shape != (4, 2):
        raise ValueError(f"[{op}] argument '{arg}': expected 4 (x, y) corners, but got {points!r}")
    return arr


def _homography(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The 3x3 projective map (last entry 1) taking each point of `src` to the matching point of `dst`."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, dst):
        # u * (g x + h y + 1) = a x + b y + c, and likewise for v: linear in (a, b, c, d, e, f, g, h)
        rows.append([x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y])
        rows.append([0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y])
        rhs += [u, v]
    coeffs = np.linalg.lstsq(np.array(rows), np.array(rhs), rcond=None)[0]
    return np.append(coeffs, 1.0).reshape(3, 3)


def perspective(img, startpoints, endpoints, interpolation: str = "nearest", fill=0):
    """Warps an image so that the four `startpoints` land on the four `endpoints`, keeping its size.

    Args:
        img (np.ndarray|Tensor|PIL.Image): the image (HWC array, CHW Tensor or PIL image).
        startpoints (list): four [x, y] corners in the input: top-left, top-right, bottom-right, bottom-left.
        endpoints (list): where those corners go in the output.
        interpolation (str, optional): 'nearest' or 'bilinear' ('bicubic' too for PIL images). Default 'nearest'.
        fill (number|list|tuple, optional): the value of pixels from outside the image. Default 0.

    Returns:
        the warped image, of the input's kind and dtype.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> img = np.arange(12, dtype=np.uint8).reshape(3, 4)
        >>> corners = [[0, 0], [3, 0], [3, 2], [0, 2]]
        >>> F.perspective(img, corners, [[1, 0], [4, 0], [4, 2], [1, 2]])
        array([[ 0,  0,  1,  2],
               [ 0,  4,  5,  6],
               [ 0,  8,  9, 10]], dtype=uint8)
    """
    start = _points("perspective", startpoints, "startpoints")
    end = _points("perspective", endpoints, "endpoints")
    # sampling needs the map from output to input: endpoints -> startpoints
    inverse = _homography(end, start)
    if _is_pil_image(img):
        return _pil_warp("perspective", img, Image.PERSPECTIVE, inverse, interpolation, fill)
    return _warp("perspective", img, inverse, None, interpolation, fill)
