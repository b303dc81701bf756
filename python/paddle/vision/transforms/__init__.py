"""paddle.vision.transforms: image transforms as classes and as functions (`functional`)."""

from paddle.vision.transforms import functional  # noqa: F401
from paddle.vision.transforms.functional import (  # noqa: F401
    adjust_brightness, adjust_contrast, adjust_hue, affine, center_crop, crop, erase, hflip, normalize, pad,
    perspective, resize, rotate, to_grayscale, to_tensor, vflip,
)
from paddle.vision.transforms.transforms import (  # noqa: F401
    BaseTransform, CenterCrop, Compose, Normalize, Pad, RandomCrop, RandomErasing, RandomHorizontalFlip,
    RandomResizedCrop, RandomVerticalFlip, Resize, ToTensor, Transpose,
)
from paddle.vision.transforms.transforms_color import (  # noqa: F401
    BrightnessTransform, ColorJitter, ContrastTransform, Grayscale, HueTransform, SaturationTransform,
)
from paddle.vision.transforms.transforms_geometry import (  # noqa: F401
    RandomAffine, RandomPerspective, RandomRotation,
)

# PaddlePaddle 3.3's paddle.vision.transforms.__all__, in its order
__all__ = ["BaseTransform", "Compose", "Resize", "RandomResizedCrop", "CenterCrop", "RandomHorizontalFlip",
           "RandomVerticalFlip", "Transpose", "Normalize", "BrightnessTransform", "SaturationTransform",
           "ContrastTransform", "HueTransform", "ColorJitter", "RandomCrop", "Pad", "RandomAffine", "RandomRotation",
           "RandomPerspective", "Grayscale", "ToTensor", "RandomErasing", "to_tensor", "hflip", "vflip", "resize",
           "pad", "affine", "rotate", "perspective", "to_grayscale", "crop", "center_crop", "adjust_brightness",
           "adjust_contrast", "adjust_hue", "normalize", "erase"]
