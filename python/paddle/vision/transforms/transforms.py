"""Image transforms as classes (Paddle's ``paddle.vision.transforms``), built on `functional`.

Random transforms draw from Python's `random` and NumPy's global generator,
as Paddle's do, so DataLoader workers seeded per worker stay reproducible.
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Sequence

import numpy as np

import paddle
from paddle.vision.transforms import functional as F


class Compose:
    """Applies `transforms` one after another.

    Args:
        transforms (list): callables, each taking what the previous one returned.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision import transforms as T
        >>> t = T.Compose([T.CenterCrop(2), T.ToTensor()])
        >>> list(t(np.zeros((4, 4, 3), np.uint8)).shape)
        [3, 2, 2]
    """

    def __init__(self, transforms) -> None:
        self.transforms = transforms

    def __call__(self, data):
        for f in self.transforms:
            data = f(data)
        return data

    def __repr__(self) -> str:
        return self.__class__.__name__ + "(" + "".join(f"\n    {t}" for t in self.transforms) + "\n)"


class BaseTransform:
    """Base of the transforms: applies ``_apply_<key>`` to each input named by `keys`.

    Called with a tuple, the i-th element is treated as ``keys[i]`` ('image' by
    default; subclasses may add 'boxes', 'mask', ...); extra elements pass
    through. ``_get_params(inputs)`` runs first, once per call, and its result
    is ``self.params``, so random choices are shared across the keys.

    Args:
        keys (list|tuple, optional): what each input is. Default ('image',).

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import BaseTransform
        >>> class AddOne(BaseTransform):
        ...     def _apply_image(self, image):
        ...         return image + 1
        >>> AddOne()((np.zeros(2), "label"))
        (array([1., 1.]), 'label')
    """

    def __init__(self, keys=None) -> None:
        if keys is None:
            keys = ("image",)
        elif not isinstance(keys, Sequence):
            raise ValueError(f"[{type(self).__name__}] argument 'keys': expected a sequence, but got {keys!r}")
        for k in keys:
            if self._get_apply(k) is None:
                raise NotImplementedError(f"[{type(self).__name__}] {k!r} inputs are not supported")
        self.keys = keys
        self.params = None

    def _get_params(self, inputs):
        return None

    def __call__(self, inputs):
        if not isinstance(inputs, tuple):
            inputs = (inputs,)
        self.params = self._get_params(inputs)
        outputs = []
        for i in range(min(len(inputs), len(self.keys))):
            apply = self._get_apply(self.keys[i])
            outputs.append(inputs[i] if apply is None else apply(inputs[i]))
        outputs.extend(inputs[len(self.keys):])
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def _get_apply(self, key):
        return getattr(self, f"_apply_{key}", None)

    def _apply_image(self, image):
        raise NotImplementedError

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items() if k not in ("keys", "params"))
        return f"{type(self).__name__}({fields})"


def _pair(value) -> tuple:
    return (int(value), int(value)) if isinstance(value, numbers.Number) else tuple(value)


class ToTensor(BaseTransform):
    """HWC image (array or PIL) -> Tensor in `data_format`; uint8 becomes float32 / 255. See `functional.to_tensor`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import ToTensor
        >>> list(ToTensor()(np.zeros((4, 5, 3), np.uint8)).shape)
        [3, 4, 5]
    """

    def __init__(self, data_format: str = "CHW", keys=None) -> None:
        super().__init__(keys)
        self.data_format = data_format

    def _apply_image(self, img):
        return F.to_tensor(img, self.data_format)


class Resize(BaseTransform):
    """Resizes to `size` ((h, w), or an int for the shorter side). See `functional.resize`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Resize
        >>> Resize((2, 3))(np.zeros((4, 6, 3), np.uint8)).shape
        (2, 3, 3)
    """

    def __init__(self, size, interpolation: str = "bilinear", keys=None) -> None:
        super().__init__(keys)
        if not (isinstance(size, numbers.Integral) or (isinstance(size, Sequence) and len(size) == 2)):
            raise TypeError(f"[Resize] argument 'size': expected an int or a (height, width) pair, but got {size!r}")
        self.size = size
        self.interpolation = interpolation

    def _apply_image(self, img):
        return F.resize(img, self.size, self.interpolation)


class RandomResizedCrop(BaseTransform):
    """Crops a random area (a `scale` fraction, aspect ratio in `ratio`) and resizes it to `size`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomResizedCrop
        >>> RandomResizedCrop(4)(np.zeros((10, 10, 3), np.uint8)).shape
        (4, 4, 3)
    """

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4, 4.0 / 3), interpolation: str = "bilinear",
                 keys=None) -> None:
        super().__init__(keys)
        self.size = _pair(size)
        if scale[0] > scale[1] or ratio[0] > ratio[1]:
            raise ValueError(f"[RandomResizedCrop] 'scale' and 'ratio' must be (min, max), but got {scale}, {ratio}")
        self.scale = scale
        self.ratio = ratio
        self.interpolation = interpolation

    def _apply_image(self, img):
        i, j, h, w = F._random_resized_crop_params(img, self.scale, self.ratio)
        return F.resize(F.crop(img, i, j, h, w), self.size, self.interpolation)


class CenterCrop(BaseTransform):
    """Crops the centre to `size` ((h, w) or an int). See `functional.center_crop`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import CenterCrop
        >>> CenterCrop(2)(np.arange(16).reshape(4, 4, 1))[..., 0]
        array([[ 5,  6],
               [ 9, 10]])
    """

    def __init__(self, size, keys=None) -> None:
        super().__init__(keys)
        self.size = _pair(size)

    def _apply_image(self, img):
        return F.center_crop(img, self.size)


class RandomHorizontalFlip(BaseTransform):
    """Flips left to right with probability `prob`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomHorizontalFlip
        >>> RandomHorizontalFlip(prob=1.0)(np.array([[1, 2]], np.uint8))
        array([[2, 1]], dtype=uint8)
    """

    def __init__(self, prob: float = 0.5, keys=None) -> None:
        super().__init__(keys)
        if not 0 <= prob <= 1:
            raise ValueError(f"[RandomHorizontalFlip] argument 'prob': expected a number in [0, 1], but got {prob}")
        self.prob = prob

    def _apply_image(self, img):
        return F.hflip(img) if random.random() < self.prob else img


class RandomVerticalFlip(BaseTransform):
    """Flips top to bottom with probability `prob`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomVerticalFlip
        >>> RandomVerticalFlip(prob=1.0)(np.array([[1], [2]], np.uint8))
        array([[2],
               [1]], dtype=uint8)
    """

    def __init__(self, prob: float = 0.5, keys=None) -> None:
        super().__init__(keys)
        if not 0 <= prob <= 1:
            raise ValueError(f"[RandomVerticalFlip] argument 'prob': expected a number in [0, 1], but got {prob}")
        self.prob = prob

    def _apply_image(self, img):
        return F.vflip(img) if random.random() < self.prob else img


class Normalize(BaseTransform):
    """``(img - mean) / std`` per channel; a number applies to three channels. See `functional.normalize`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Normalize
        >>> Normalize(mean=127.5, std=127.5, data_format="HWC")(np.full((1, 1, 3), 255.0))
        array([[[1., 1., 1.]]])
    """

    def __init__(self, mean=0.0, std=1.0, data_format: str = "CHW", to_rgb: bool = False, keys=None) -> None:
        super().__init__(keys)
        self.mean = [mean] * 3 if isinstance(mean, numbers.Number) else mean
        self.std = [std] * 3 if isinstance(std, numbers.Number) else std
        self.data_format = data_format
        self.to_rgb = to_rgb

    def _apply_image(self, img):
        return F.normalize(img, self.mean, self.std, self.data_format, self.to_rgb)


class Transpose(BaseTransform):
    """Permutes the axes (default HWC -> CHW); an HW array gets a channel axis first.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Transpose
        >>> Transpose()(np.zeros((4, 5, 3))).shape
        (3, 4, 5)
    """

    def __init__(self, order=(2, 0, 1), keys=None) -> None:
        super().__init__(keys)
        self.order = order

    def _apply_image(self, img):
        if F._is_tensor_image(img):
            return img.transpose(list(self.order))
        if F._is_pil_image(img):
            img = np.asarray(img)
        if img.ndim == 2:
            img = img[..., np.newaxis]
        return img.transpose(self.order)


class RandomCrop(BaseTransform):
    """Crops a random (h, w) region, after optional `padding`; `pad_if_needed` pads a smaller image up to size.

    Args:
        size (int|list|tuple): (height, width) of the crop, or an int for a square.
        padding (int|list|tuple, optional): padding applied first, as `functional.pad` takes it. Default None.
        pad_if_needed (bool, optional): pad the image when it is smaller than `size`. Default False.
        fill (number|tuple, optional): the value of 'constant' padding. Default 0.
        padding_mode (str, optional): 'constant', 'edge', 'reflect' or 'symmetric'. Default 'constant'.
        keys (list|tuple, optional): see `BaseTransform`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomCrop
        >>> RandomCrop(4, padding=2)(np.zeros((4, 4, 3), np.uint8)).shape
        (4, 4, 3)
    """

    def __init__(self, size, padding=None, pad_if_needed: bool = False, fill=0, padding_mode: str = "constant",
                 keys=None) -> None:
        super().__init__(keys)
        self.size = _pair(size)
        self.padding = padding
        self.pad_if_needed = pad_if_needed
        self.fill = fill
        self.padding_mode = padding_mode

    def _get_param(self, img, output_size):
        w, h = F._image_size("RandomCrop", img)
        th, tw = output_size
        if w == tw and h == th:
            return 0, 0, h, w
        if h < th or w < tw:
            raise ValueError(f"[RandomCrop] the image ({h}x{w}) is smaller than the crop ({th}x{tw}); "
                             f"use padding or pad_if_needed=True")
        return random.randint(0, h - th), random.randint(0, w - tw), th, tw

    def _apply_image(self, img):
        if self.padding is not None:
            img = F.pad(img, self.padding, self.fill, self.padding_mode)
        w, h = F._image_size("RandomCrop", img)
        if self.pad_if_needed and w < self.size[1]:
            img = F.pad(img, (self.size[1] - w, 0), self.fill, self.padding_mode)
        if self.pad_if_needed and h < self.size[0]:
            img = F.pad(img, (0, self.size[0] - h), self.fill, self.padding_mode)
        i, j, h, w = self._get_param(img, self.size)
        return F.crop(img, i, j, h, w)


class Pad(BaseTransform):
    """Pads the borders. See `functional.pad` for `padding`, `fill` and `padding_mode`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Pad
        >>> Pad([1, 2])(np.zeros((2, 2, 3), np.uint8)).shape
        (6, 4, 3)
    """

    def __init__(self, padding, fill=0, padding_mode: str = "constant", keys=None) -> None:
        if isinstance(padding, Sequence) and len(padding) not in (2, 4):
            raise ValueError(f"[Pad] argument 'padding': expected an int or 2 or 4 ints, but got {padding!r}")
        if padding_mode not in ("constant", "edge", "reflect", "symmetric"):
            raise ValueError(f"[Pad] argument 'padding_mode': expected 'constant', 'edge', 'reflect' or "
                             f"'symmetric', but got {padding_mode!r}")
        super().__init__(keys)
        self.padding = tuple(padding) if isinstance(padding, list) else padding
        self.fill = tuple(fill) if isinstance(fill, list) else fill
        self.padding_mode = padding_mode

    def _apply_image(self, img):
        return F.pad(img, self.padding, self.fill, self.padding_mode)


class RandomErasing(BaseTransform):
    """With probability `prob`, erases a random rectangle (Zhong et al., "Random Erasing Data Augmentation").

    The rectangle covers a `scale` fraction of the area, with height/width
    ratio drawn log-uniformly from `ratio`; up to 10 draws are tried, and the
    image is left alone when none fits inside it. Draws use NumPy's global
    generator (``paddle.normal`` for random Tensor values), as Paddle's do.

    Args:
        prob (float, optional): the probability of erasing. Default 0.5.
        scale (list|tuple, optional): the (min, max) fraction of the area erased, within [0, 1]. Default (0.02, 0.33).
        ratio (list|tuple, optional): the (min, max) height/width ratio, >= 0. Default (0.3, 3.3).
        value (number|list|tuple|str, optional): the fill: a number, one value per channel (1 or 3 values),
            or 'random' for normal noise (times 255 for arrays, standard for Tensors, as in Paddle). Default 0.
        inplace (bool, optional): erase inside the input array or Tensor. Default False.
        keys (list|tuple, optional): see `BaseTransform`.

    Examples:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomErasing
        >>> np.random.seed(0)
        >>> out = RandomErasing(prob=1.0, value=255)(np.zeros((10, 10, 3), np.uint8))
        >>> out.shape, sorted(np.unique(out).tolist())
        ((10, 10, 3), [0, 255])
    """

    def __init__(self, prob: float = 0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace: bool = False,
                 keys=None) -> None:
        super().__init__(keys)
        if not isinstance(prob, numbers.Number) or not 0 <= prob <= 1:
            raise ValueError(f"[RandomErasing] argument 'prob': expected a number in [0, 1], but got {prob!r}")
        if not isinstance(scale, (list, tuple)) or len(scale) != 2 or not 0 <= scale[0] <= scale[1] <= 1:
            raise ValueError(f"[RandomErasing] argument 'scale': expected (min, max) with 0 <= min <= max <= 1, "
                             f"but got {scale!r}")
        if not isinstance(ratio, (list, tuple)) or len(ratio) != 2 or not 0 <= ratio[0] <= ratio[1]:
            raise ValueError(f"[RandomErasing] argument 'ratio': expected (min, max) with 0 <= min <= max, "
                             f"but got {ratio!r}")
        if isinstance(value, str):
            if value != "random":
                raise ValueError(f"[RandomErasing] argument 'value': expected a number, 1 or 3 numbers, or "
                                 f"'random', but got {value!r}")
        elif isinstance(value, (list, tuple)):
            if len(value) not in (1, 3):
                raise ValueError(f"[RandomErasing] argument 'value': expected 1 or 3 numbers (one per channel), "
                                 f"but got {len(value)}: {value!r}")
        elif not isinstance(value, numbers.Number):
            raise TypeError(f"[RandomErasing] argument 'value': expected a number, a list/tuple or 'random', but "
                            f"got {type(value).__name__}")
        self.prob = prob
        self.scale = scale
        self.ratio = ratio
        self.value = value
        self.inplace = inplace

    def _get_param(self, img, scale, ratio, value):
        """(top, left, height, width, fill values), or None when 10 draws found no rectangle inside the image."""
        if F._is_tensor_image(img):
            c, h, w = (int(d) for d in img.shape[-3:])
        else:
            shape = np.asarray(img).shape
            h, w, c = shape[0], shape[1], (shape[2] if len(shape) == 3 else 1)
        area = h * w
        log_ratio = np.log(ratio)
        for _ in range(10):
            erase_area = np.random.uniform(*scale) * area
            aspect_ratio = np.exp(np.random.uniform(*log_ratio))
            erase_h = int(round(np.sqrt(erase_area * aspect_ratio)))
            erase_w = int(round(np.sqrt(erase_area / aspect_ratio)))
            if erase_h >= h or erase_w >= w:
                continue
            if F._is_tensor_image(img):
                v = (paddle.normal(shape=[c, erase_h, erase_w]).astype(img.dtype) if value is None
                     else paddle.to_tensor(value, dtype=img.dtype)[:, None, None])
            else:
                noise = np.random.normal(size=[erase_h, erase_w, c]) * 255 if value is None else np.array(value)
                dtype = np.asarray(img).dtype
                # in the image's dtype (integers rounded and clipped: Paddle's cast would wrap around)
                v = F._cast_back(np.broadcast_to(noise, (erase_h, erase_w, c)).astype(np.float64), dtype)
                v = v[:, :, 0] if len(np.asarray(img).shape) == 2 else v
            top = np.random.randint(0, h - erase_h + 1)
            left = np.random.randint(0, w - erase_w + 1)
            return top, left, erase_h, erase_w, v
        return None

    def _apply_image(self, img):
        if random.random() >= self.prob:
            return img
        value = None if isinstance(self.value, str) else [self.value] if isinstance(self.value, numbers.Number) \
            else list(self.value)
        params = self._get_param(img, self.scale, self.ratio, value)
        return img if params is None else F.erase(img, *params, inplace=self.inplace)
