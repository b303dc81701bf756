"""Random warps as classes: RandomRotation, RandomAffine and RandomPerspective.

Parameters are drawn with Python's `random` in Paddle's order, so a seeded run
gives Paddle's angles, offsets and corners.
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Sequence

from paddle import _checks as check
from paddle.vision.transforms import functional as F
from paddle.vision.transforms.functional_geometry import _PIL_INTERPOLATIONS
from paddle.vision.transforms.transforms import BaseTransform


def _is_number(value) -> bool:
    return isinstance(value, numbers.Number) and not isinstance(value, bool)


def _symmetric_range(op: str, arg: str, value, sizes=(2,)) -> list[float]:
    """A number d >= 0 as [-d, d]; otherwise a sequence of one of `sizes` lengths, as floats."""
    if _is_number(value):
        if value < 0:
            raise ValueError(f"[{op}] argument '{arg}': expected a number >= 0 or a sequence, but got {value}")
        return [-float(value), float(value)]
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise TypeError(f"[{op}] argument '{arg}': expected a number or a sequence of {' or '.join(map(str, sizes))} "
                        f"numbers, but got {type(value).__name__}")
    if len(value) not in sizes:
        raise ValueError(f"[{op}] argument '{arg}': expected a sequence of {' or '.join(map(str, sizes))} numbers, "
                         f"but got {len(value)}: {value!r}")
    return [float(v) for v in value]


def _pair(op: str, arg: str, value, low: float | None = None, high: float | None = None, low_open: bool = False):
    """None, or a sequence of 2 numbers each within [low, high] (above low when `low_open`)."""
    if value is None:
        return None
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise TypeError(f"[{op}] argument '{arg}': expected a sequence of 2 numbers, but got {type(value).__name__}")
    if len(value) != 2:
        raise ValueError(f"[{op}] argument '{arg}': expected a sequence of 2 numbers, but got {value!r}")
    for v in value:
        if (low is not None and (v <= low if low_open else v < low)) or (high is not None and v > high):
            interval = f"{'(' if low_open else '['}{low}, {'inf' if high is None else high}]"
            raise ValueError(f"[{op}] argument '{arg}': expected values in {interval}, but got {value!r}")
    return value


def _interpolation(op: str, interpolation: str) -> str:
    """Any filter the functions take for some image kind; the function checks it against the image's kind."""
    return check.choice(op, interpolation, _PIL_INTERPOLATIONS, "interpolation")


def _fill(op: str, fill):
    if fill is None:
        return 0
    if not (_is_number(fill) or (isinstance(fill, Sequence) and not isinstance(fill, str))):
        raise TypeError(f"[{op}] argument 'fill': expected a number or a sequence of numbers, but got "
                        f"{type(fill).__name__}")
    return fill


class RandomRotation(BaseTransform):
    """Rotates by an angle drawn uniformly from `degrees`. See `functional.rotate`.

    Args:
        degrees (float|list|tuple): the (min, max) angle in degrees (counter-clockwise), or a number d >= 0
            for (-d, d).
        interpolation (str, optional): 'nearest' or 'bilinear' ('bicubic' too for PIL images). Default 'nearest'.
        expand (bool, optional): enlarge the output to hold the whole rotated image. Default False.
        center (list|tuple, optional): the (x, y) point to rotate about; the image centre when None.
        fill (number|list|tuple, optional): the value of pixels from outside the image. Default 0.
        keys (list|tuple, optional): see `BaseTransform`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomRotation
        >>> RandomRotation((90, 90))(np.array([[1, 2], [3, 4]]))
        array([[2, 4],
               [1, 3]])
    """

    def __init__(self, degrees, interpolation: str = "nearest", expand: bool = False, center=None, fill=0,
                 keys=None) -> None:
        self.degrees = _symmetric_range("RandomRotation", "degrees", degrees)
        super().__init__(keys)
        self.interpolation = _interpolation("RandomRotation", interpolation)
        self.expand = expand
        self.center = _pair("RandomRotation", "center", center)
        self.fill = _fill("RandomRotation", fill)

    def _get_param(self, degrees):
        return random.uniform(degrees[0], degrees[1])

    def _apply_image(self, img):
        angle = self._get_param(self.degrees)
        return F.rotate(img, angle, self.interpolation, self.expand, self.center, self.fill)


class RandomAffine(BaseTransform):
    """Rotates, translates, scales and shears by parameters drawn at random, keeping the size.

    Args:
        degrees (float|list|tuple): the (min, max) clockwise rotation in degrees, or a number d >= 0 for (-d, d).
        translate (list|tuple, optional): the largest shifts (a, b) as fractions of the width and height, each
            in [0, 1]; the shift is a whole number of pixels drawn from (-a * w, a * w) and (-b * h, b * h).
            None for no shift. Default None.
        scale (list|tuple, optional): the (min, max) zoom, both > 0; None for 1. Default None.
        shear (float|list|tuple, optional): x shear angles in degrees: a number s >= 0 for (-s, s), or
            (min, max); four values add a (min, max) for y. None for no shear. Default None.
        interpolation (str, optional): 'nearest' or 'bilinear' ('bicubic' too for PIL images). Default 'nearest'.
        fill (number|list|tuple, optional): the value of pixels from outside the image. Default 0.
        center (list|tuple, optional): the (x, y) fixed point; the image centre when None.
        keys (list|tuple, optional): see `BaseTransform`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomAffine
        >>> RandomAffine(degrees=0, scale=(1.0, 1.0))(np.arange(6, dtype=np.uint8).reshape(2, 3))
        array([[0, 1, 2],
               [3, 4, 5]], dtype=uint8)
    """

    def __init__(self, degrees, translate=None, scale=None, shear=None, interpolation: str = "nearest", fill=0,
                 center=None, keys=None) -> None:
        self.degrees = _symmetric_range("RandomAffine", "degrees", degrees)
        super().__init__(keys)
        self.interpolation = _interpolation("RandomAffine", interpolation)
        self.translate = _pair("RandomAffine", "translate", translate, 0.0, 1.0)
        self.scale = _pair("RandomAffine", "scale", scale, 0.0, low_open=True)
        self.shear = None if shear is None else _symmetric_range("RandomAffine", "shear", shear, sizes=(2, 4))
        self.fill = _fill("RandomAffine", fill)
        self.center = _pair("RandomAffine", "center", center)

    def _get_param(self, img_size, degrees, translate=None, scale_ranges=None, shears=None):
        """(angle, (tx, ty), scale, (shear_x, shear_y)), drawn in Paddle's order."""
        angle = random.uniform(degrees[0], degrees[1])
        translations = (0, 0)
        if translate is not None:
            max_dx, max_dy = float(translate[0] * img_size[0]), float(translate[1] * img_size[1])
            translations = (int(random.uniform(-max_dx, max_dx)), int(random.uniform(-max_dy, max_dy)))
        scale = 1.0 if scale_ranges is None else random.uniform(scale_ranges[0], scale_ranges[1])
        shear = (0.0, 0.0)
        if shears is not None:
            shear = (random.uniform(shears[0], shears[1]),
                     random.uniform(shears[2], shears[3]) if len(shears) == 4 else 0.0)
        return angle, translations, scale, shear

    def _apply_image(self, img):
        size = F._image_size("RandomAffine", img)
        params = self._get_param(size, self.degrees, self.translate, self.scale, self.shear)
        return F.affine(img, *params, interpolation=self.interpolation, fill=self.fill, center=self.center)


class RandomPerspective(BaseTransform):
    """With probability `prob`, moves each corner inwards at random and warps the image to match.

    Args:
        prob (float, optional): the probability of warping. Default 0.5.
        distortion_scale (float, optional): how far corners may move, in [0, 1], as a fraction of half the
            width and height. Default 0.5.
        interpolation (str, optional): 'nearest' or 'bilinear' ('bicubic' too for PIL images). Default 'nearest'.
        fill (number|list|tuple, optional): the value of pixels from outside the image. Default 0.
        keys (list|tuple, optional): see `BaseTransform`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomPerspective
        >>> RandomPerspective(prob=1.0)(np.zeros((8, 8, 3), np.uint8)).shape
        (8, 8, 3)
    """

    def __init__(self, prob: float = 0.5, distortion_scale: float = 0.5, interpolation: str = "nearest", fill=0,
                 keys=None) -> None:
        super().__init__(keys)
        if not _is_number(prob) or not 0 <= prob <= 1:
            raise ValueError(f"[RandomPerspective] argument 'prob': expected a number in [0, 1], but got {prob!r}")
        if not _is_number(distortion_scale) or not 0 <= distortion_scale <= 1:
            raise ValueError(f"[RandomPerspective] argument 'distortion_scale': expected a number in [0, 1], but got "
                             f"{distortion_scale!r}")
        self.prob = prob
        self.distortion_scale = distortion_scale
        self.interpolation = _interpolation("RandomPerspective", interpolation)
        self.fill = _fill("RandomPerspective", fill)

    def get_params(self, width: int, height: int, distortion_scale: float):
        """(startpoints, endpoints): the image corners, and each moved inwards by a random whole number of
        pixels, at most ``distortion_scale`` of half the width (height); drawn in Paddle's order."""
        dx, dy = int(distortion_scale * (width // 2)), int(distortion_scale * (height // 2))

        def near_start(limit):
            return int(random.uniform(0, limit + 1))

        def near_end(size, limit):
            return int(random.uniform(size - limit - 1, size))

        top_left = [near_start(dx), near_start(dy)]
        top_right = [near_end(width, dx), near_start(dy)]
        bottom_right = [near_end(width, dx), near_end(height, dy)]
        bottom_left = [near_start(dx), near_end(height, dy)]
        startpoints = [[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]]
        return startpoints, [top_left, top_right, bottom_right, bottom_left]

    def _apply_image(self, img):
        width, height = F._image_size("RandomPerspective", img)
        if random.random() < self.prob:
            startpoints, endpoints = self.get_params(width, height, self.distortion_scale)
            return F.perspective(img, startpoints, endpoints, self.interpolation, self.fill)
        return img
