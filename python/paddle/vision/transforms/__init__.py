"""paddle.vision.transforms: image transforms as classes and as functions (`functional`)."""

from paddle.vision.transforms import functional  # noqa: F401
from paddle.vision.transforms.functional import (  # noqa: F401
    center_crop, crop, hflip, normalize, pad, resize, to_tensor, vflip,
)
from paddle.vision.transforms.transforms import (  # noqa: F401
    BaseTransform, CenterCrop, Compose, Normalize, Pad, RandomCrop, RandomHorizontalFlip, RandomResizedCrop,
    RandomVerticalFlip, Resize, ToTensor, Transpose,
)

__all__ = ["BaseTransform", "Compose", "Resize", "RandomResizedCrop", "CenterCrop", "RandomHorizontalFlip",
           "RandomVerticalFlip", "Transpose", "Normalize", "RandomCrop", "Pad", "ToTensor", "to_tensor", "hflip",
           "vflip", "resize", "pad", "crop", "center_crop", "normalize"]
