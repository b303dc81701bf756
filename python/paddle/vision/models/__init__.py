"""paddle.vision.models: classic image classifiers with PaddlePaddle's layer names, so Paddle's .pdparams load.

No pretrained weights ship here and nothing is downloaded: ``pretrained=True``
loads a weights file already in ``~/.cache/paddle/hapi/weights`` or raises an
error that says which file to put there.
"""

from paddle.vision.models.alexnet import AlexNet, alexnet  # noqa: F401
from paddle.vision.models.lenet import LeNet  # noqa: F401
from paddle.vision.models.mobilenetv2 import MobileNetV2, mobilenet_v2  # noqa: F401
from paddle.vision.models.mobilenetv3 import (  # noqa: F401
    MobileNetV3Large, MobileNetV3Small, mobilenet_v3_large, mobilenet_v3_small,
)
from paddle.vision.models.resnet import (  # noqa: F401
    BasicBlock, BottleneckBlock, ResNet, resnet18, resnet34, resnet50, resnet101, resnet152, resnext50_32x4d,
    resnext101_64x4d, wide_resnet50_2, wide_resnet101_2,
)
from paddle.vision.models.vgg import VGG, vgg11, vgg13, vgg16, vgg19  # noqa: F401

__all__ = ["AlexNet", "alexnet", "LeNet", "MobileNetV2", "mobilenet_v2", "MobileNetV3Small", "MobileNetV3Large",
           "mobilenet_v3_small", "mobilenet_v3_large", "ResNet", "BasicBlock", "BottleneckBlock", "resnet18",
           "resnet34", "resnet50", "resnet101", "resnet152", "resnext50_32x4d", "resnext101_64x4d",
           "wide_resnet50_2", "wide_resnet101_2", "VGG", "vgg11", "vgg13", "vgg16", "vgg19"]
