"""paddle.vision: image transforms, datasets and models with PaddlePaddle's API."""

from paddle.vision import datasets, models, ops, transforms  # noqa: F401
from paddle.vision.image import get_image_backend, image_load, set_image_backend  # noqa: F401
from paddle.vision.models import *  # noqa: F401,F403

__all__ = ["datasets", "models", "ops", "transforms", "get_image_backend", "set_image_backend", "image_load"]
