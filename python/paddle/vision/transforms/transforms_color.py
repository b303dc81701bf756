"""Colour transforms as classes: random brightness, contrast, saturation and hue jitter, and grayscale.

Factors are drawn with Python's `random`, one ``random.uniform`` per applied
adjustment, as in Paddle, so a seeded run gives Paddle's factors.
"""

from __future__ import annotations

import numbers
import random

from paddle.vision.transforms import functional as F
from paddle.vision.transforms.transforms import BaseTransform


_FACTOR = (1.0, (0.0, float("inf")))  # brightness, contrast, saturation: factors around 1, never negative
_HUE = (0.0, (-0.5, 0.5))  # hue: shifts around 0, at most half a turn either way


def _factor_range(op: str, arg: str, value, center: float, bound):
    """The [min, max] a factor is drawn from, or None when it is always `center` (no change).

    A number v >= 0 gives ``[center - v, center + v]``, its minimum raised to `bound`'s; a (min, max) pair is
    taken as it is. Either must lie within `bound`.
    """
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        if value < 0:
            raise ValueError(f"[{op}] argument '{arg}': expected a number >= 0 or a (min, max) pair, but got {value}")
        # a factor never goes below 0 (Paddle clips it); a hue shift past half a turn fails the check below anyway
        low, high = max(center - value, bound[0]), center + value
    elif isinstance(value, (list, tuple)) and len(value) == 2:
        low, high = value
    else:
        raise TypeError(f"[{op}] argument '{arg}': expected a number or a (min, max) pair, but got {value!r}")
    if not bound[0] <= low <= high <= bound[1]:
        raise ValueError(f"[{op}] argument '{arg}': expected a range within [{bound[0]}, {bound[1]}] with min <= "
                         f"max, but got {value!r}")
    return None if low == high == center else [low, high]


class _RandomFactor(BaseTransform):
    """Applies ``adjust(img, factor)`` with a factor drawn uniformly from `value`'s range."""

    _kind = _FACTOR

    def __init__(self, value, keys=None) -> None:
        super().__init__(keys)
        self.value = _factor_range(type(self).__name__, "value", value, *self._kind)

    def _adjust(self, img, factor):
        raise NotImplementedError

    def _apply_image(self, img):
        if self.value is None:
            return img
        return self._adjust(img, random.uniform(self.value[0], self.value[1]))


class BrightnessTransform(_RandomFactor):
    """Scales the brightness by a factor drawn from ``[max(0, 1 - value), 1 + value]``.

    Args:
        value (float|list|tuple): how far the factor may stray from 1 (>= 0), or the (min, max) range itself.
        keys (list|tuple, optional): see `BaseTransform`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import BrightnessTransform
        >>> BrightnessTransform((2.0, 2.0))(np.array([[10, 200]], np.uint8))
        array([[ 20, 255]], dtype=uint8)
    """

    def _adjust(self, img, factor):
        return F.adjust_brightness(img, factor)


class ContrastTransform(_RandomFactor):
    """Scales the contrast by a factor drawn from ``[max(0, 1 - value), 1 + value]``.

    Args:
        value (float|list|tuple): how far the factor may stray from 1 (>= 0), or the (min, max) range itself.
        keys (list|tuple, optional): see `BaseTransform`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import ContrastTransform
        >>> ContrastTransform((0.0, 0.0))(np.array([[0.25, 0.75]]))
        array([[0.5, 0.5]])
    """

    def _adjust(self, img, factor):
        return F.adjust_contrast(img, factor)


class SaturationTransform(_RandomFactor):
    """Scales the saturation by a factor drawn from ``[max(0, 1 - value), 1 + value]``.

    Args:
        value (float|list|tuple): how far the factor may stray from 1 (>= 0), or the (min, max) range itself.
        keys (list|tuple, optional): see `BaseTransform`.
    """

    def _adjust(self, img, factor):
        return F.adjust_saturation(img, factor)


class HueTransform(_RandomFactor):
    """Shifts the hue by a fraction of a turn drawn from ``[-value, value]``.

    Args:
        value (float|list|tuple): the largest shift, in [0, 0.5], or the (min, max) range within [-0.5, 0.5].
        keys (list|tuple, optional): see `BaseTransform`.
    """

    _kind = _HUE

    def _adjust(self, img, factor):
        return F.adjust_hue(img, factor)


class ColorJitter(BaseTransform):
    """Randomly changes brightness, contrast, saturation and hue, in a random order.

    Each argument is as the `value` of `BrightnessTransform`, `ContrastTransform`,
    `SaturationTransform` and `HueTransform`; 0 leaves that property alone.

    Args:
        brightness (float|list|tuple, optional): brightness jitter. Default 0.
        contrast (float|list|tuple, optional): contrast jitter. Default 0.
        saturation (float|list|tuple, optional): saturation jitter. Default 0.
        hue (float|list|tuple, optional): hue jitter, at most 0.5. Default 0.
        keys (list|tuple, optional): see `BaseTransform`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import ColorJitter
        >>> out = ColorJitter(0.4, 0.4, 0.4, 0.1)(np.full((4, 4, 3), 128, np.uint8))
        >>> out.shape, out.dtype
        ((4, 4, 3), dtype('uint8'))
    """

    def __init__(self, brightness=0, contrast=0, saturation=0, hue=0, keys=None) -> None:
        super().__init__(keys)
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
        self.hue = hue
        for arg, value, kind in (("brightness", brightness, _FACTOR), ("contrast", contrast, _FACTOR),
                                 ("saturation", saturation, _FACTOR), ("hue", hue, _HUE)):
            _factor_range("ColorJitter", arg, value, *kind)
        # built once; each call shuffles their order as Paddle does
        self._adjustments = [BrightnessTransform(brightness), ContrastTransform(contrast),
                             SaturationTransform(saturation), HueTransform(hue)]

    def _apply_image(self, img):
        order = list(self._adjustments)
        random.shuffle(order)
        for adjustment in order:
            img = adjustment(img)
        return img

    def __repr__(self) -> str:
        return (f"ColorJitter(brightness={self.brightness!r}, contrast={self.contrast!r}, "
                f"saturation={self.saturation!r}, hue={self.hue!r})")


class Grayscale(BaseTransform):
    """Converts an RGB image to grey. See `functional.to_grayscale`.

    Args:
        num_output_channels (int, optional): 1, or 3 for the grey level repeated in three channels. Default 1.
        keys (list|tuple, optional): see `BaseTransform`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Grayscale
        >>> Grayscale(3)(np.zeros((2, 5, 3), np.uint8)).shape
        (2, 5, 3)
    """

    def __init__(self, num_output_channels: int = 1, keys=None) -> None:
        super().__init__(keys)
        if num_output_channels not in (1, 3):
            raise ValueError(f"[Grayscale] argument 'num_output_channels': expected 1 or 3, but got "
                             f"{num_output_channels!r}")
        self.num_output_channels = num_output_channels

    def _apply_image(self, img):
        return F.to_grayscale(img, self.num_output_channels)
