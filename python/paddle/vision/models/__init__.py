"""paddle.vision.models: classic image classifiers with PaddlePaddle's layer names, so Paddle's .pdparams load.

No pretrained weights ship here and nothing is downloaded: ``pretrained=True``
loads a weights file already in ``~/.cache/paddle/hapi/weights`` or raises an
error that says which file to put there.
"""

from paddle.vision.models.alexnet import AlexNet, alexnet  # noqa: F401
from paddle.vision.models.densenet import (  # noqa: F401
    DenseNet, densenet121, densenet161, densenet169, densenet201, densenet264,
)
from paddle.vision.models.googlenet import GoogLeNet, googlenet  # noqa: F401
from paddle.vision.models.inceptionv3 import InceptionV3, inception_v3  # noqa: F401
from paddle.vision.models.lenet import LeNet  # noqa: F401
from paddle.vision.models.mobilenetv1 import MobileNetV1, mobilenet_v1  # noqa: F401
from paddle.vision.models.mobilenetv2 import MobileNetV2, mobilenet_v2  # noqa: F401
from paddle.vision.models.mobilenetv3 import (  # noqa: F401
    MobileNetV3Large, MobileNetV3Small, mobilenet_v3_large, mobilenet_v3_small,
)
from paddle.vision.models.resnet import (  # noqa: F401
    BasicBlock, BottleneckBlock, ResNet, resnet18, resnet34, resnet50, resnet101, resnet152, resnext50_32x4d,
    resnext50_64x4d, resnext101_32x4d, resnext101_64x4d, resnext152_32x4d, resnext152_64x4d, wide_resnet50_2,
    wide_resnet101_2,
)
from paddle.vision.models.shufflenetv2 import (  # noqa: F401
    ShuffleNetV2, shufflenet_v2_swish, shufflenet_v2_x0_25, shufflenet_v2_x0_33, shufflenet_v2_x0_5,
    shufflenet_v2_x1_0, shufflenet_v2_x1_5, shufflenet_v2_x2_0,
)
from paddle.vision.models.squeezenet import SqueezeNet, squeezenet1_0, squeezenet1_1  # noqa: F401
from paddle.vision.models.vgg import VGG, vgg11, vgg13, vgg16, vgg19  # noqa: F401

# PaddlePaddle 3.3's paddle.vision.models.__all__, in its order, and the ResNet blocks
__all__ = ["ResNet", "BasicBlock", "BottleneckBlock", "resnet18", "resnet34", "resnet50", "resnet101", "resnet152",
           "resnext50_32x4d", "resnext50_64x4d", "resnext101_32x4d", "resnext101_64x4d", "resnext152_32x4d",
           "resnext152_64x4d", "wide_resnet50_2", "wide_resnet101_2", "VGG", "vgg11", "vgg13", "vgg16", "vgg19",
           "MobileNetV1", "mobilenet_v1", "MobileNetV2", "mobilenet_v2", "MobileNetV3Small", "MobileNetV3Large",
           "mobilenet_v3_small", "mobilenet_v3_large", "LeNet", "DenseNet", "densenet121", "densenet161",
           "densenet169", "densenet201", "densenet264", "AlexNet", "alexnet", "InceptionV3", "inception_v3",
           "SqueezeNet", "squeezenet1_0", "squeezenet1_1", "GoogLeNet", "googlenet", "ShuffleNetV2",
           "shufflenet_v2_x0_25", "shufflenet_v2_x0_33", "shufflenet_v2_x0_5", "shufflenet_v2_x1_0",
           "shufflenet_v2_x1_5", "shufflenet_v2_x2_0", "shufflenet_v2_swish"]
