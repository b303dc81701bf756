"""AlexNet (Krizhevsky et al., 2012) for 3x224x224 inputs, with Paddle's layer names and initialization."""

from __future__ import annotations

import math

import paddle
from paddle import nn
from paddle.base.param_attr import ParamAttr
from paddle.nn.initializer import Uniform

from paddle.vision.models._utils import load_pretrained

_URL = "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/AlexNet_pretrained.pdparams"


def _uniform(stdv: float) -> dict:
    """Weight and bias drawn from U(-stdv, stdv), as Paddle's AlexNet does (stdv = 1/sqrt(fan_in))."""
    return {"weight_attr": ParamAttr(initializer=Uniform(-stdv, stdv)),
            "bias_attr": ParamAttr(initializer=Uniform(-stdv, stdv))}


def _stdv(fan_in: int) -> float:
    return 1.0 / math.sqrt(fan_in)


class ConvPoolLayer(nn.Layer):
    """Conv2D, optional ReLU, 3x3 stride-2 max pool."""

    def __init__(self, input_channels: int, output_channels: int, filter_size: int, stride: int, padding: int,
                 stdv: float, groups: int = 1, act: str | None = None) -> None:
        super().__init__()
        self.relu = nn.ReLU() if act == "relu" else None
        self._conv = nn.Conv2D(input_channels, output_channels, filter_size, stride=stride, padding=padding,
                               groups=groups, **_uniform(stdv))
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)

    def forward(self, x):
        x = self._conv(x)
        if self.relu is not None:
            x = self.relu(x)
        return self._pool(x)


class AlexNet(nn.Layer):
    """AlexNet from "ImageNet Classification with Deep Convolutional Neural Networks".

    The classifier expects the 256x6x6 features of a 224x224 input.

    Args:
        num_classes (int, optional): outputs of the last layer; no classifier when <= 0. Default 1000.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import AlexNet
        >>> list(AlexNet(num_classes=0)(paddle.rand([1, 3, 64, 64])).shape)
        [1, 256, 1, 1]
    """

    def __init__(self, num_classes: int = 1000) -> None:
        super().__init__()
        self.num_classes = num_classes
        self._conv1 = ConvPoolLayer(3, 64, 11, 4, 2, _stdv(3 * 11 * 11), act="relu")
        self._conv2 = ConvPoolLayer(64, 192, 5, 1, 2, _stdv(64 * 5 * 5), act="relu")
        self._conv3 = nn.Conv2D(192, 384, 3, stride=1, padding=1, **_uniform(_stdv(192 * 3 * 3)))
        self._conv4 = nn.Conv2D(384, 256, 3, stride=1, padding=1, **_uniform(_stdv(384 * 3 * 3)))
        self._conv5 = ConvPoolLayer(256, 256, 3, 1, 1, _stdv(256 * 3 * 3), act="relu")
        if num_classes > 0:
            stdv = _stdv(256 * 6 * 6)
            self._drop1 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            self._fc6 = nn.Linear(256 * 6 * 6, 4096, **_uniform(stdv))
            self._drop2 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            self._fc7 = nn.Linear(4096, 4096, **_uniform(stdv))
            self._fc8 = nn.Linear(4096, num_classes, **_uniform(stdv))

    def forward(self, inputs):
        x = self._conv2(self._conv1(inputs))
        x = paddle.nn.functional.relu(self._conv3(x))
        x = paddle.nn.functional.relu(self._conv4(x))
        x = self._conv5(x)
        if self.num_classes > 0:
            x = self._drop1(paddle.flatten(x, start_axis=1, stop_axis=-1))
            x = self._drop2(paddle.nn.functional.relu(self._fc6(x)))
            x = self._fc8(paddle.nn.functional.relu(self._fc7(x)))
        return x


def alexnet(pretrained: bool = False, **kwargs) -> AlexNet:
    """AlexNet. `kwargs` go to `AlexNet` (num_classes)."""
    model = AlexNet(**kwargs)
    return load_pretrained(model, "alexnet", _URL) if pretrained else model
