"""VGG (Simonyan and Zisserman, 2014), with and without batch norm, with Paddle's layer names."""

from __future__ import annotations

import paddle
from paddle import nn

from paddle.vision.models._utils import load_pretrained

_URLS = {"vgg16": "https://paddle-hapi.bj.bcebos.com/models/vgg16.pdparams",
         "vgg19": "https://paddle-hapi.bj.bcebos.com/models/vgg19.pdparams"}
_CFGS = {
    "A": [64, "M", 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "B": [64, 64, "M", 128, 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "D": [64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M", 512, 512, 512, "M"],
    "E": [64, 64, "M", 128, 128, "M", 256, 256, 256, 256, "M", 512, 512, 512, 512, "M", 512, 512, 512, 512, "M"],
}


class VGG(nn.Layer):
    """VGG from "Very Deep Convolutional Networks for Large-Scale Image Recognition".

    Args:
        features (nn.Layer): the convolutional part (see `make_layers`).
        num_classes (int, optional): outputs of the last layer; no classifier when <= 0. Default 1000.
        with_pool (bool, optional): whether to adaptive-average-pool the features to 7x7. Default True.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import VGG
        >>> from paddle.vision.models.vgg import make_layers
        >>> net = VGG(make_layers([8, "M", 16, "M"]), num_classes=0)
        >>> list(net(paddle.rand([1, 3, 32, 32])).shape)
        [1, 16, 7, 7]
    """

    def __init__(self, features: nn.Layer, num_classes: int = 1000, with_pool: bool = True) -> None:
        super().__init__()
        self.features = features
        self.num_classes = num_classes
        self.with_pool = with_pool
        if with_pool:
            self.avgpool = nn.AdaptiveAvgPool2D((7, 7))
        if num_classes > 0:
            self.classifier = nn.Sequential(
                nn.Linear(512 * 7 * 7, 4096), nn.ReLU(), nn.Dropout(),
                nn.Linear(4096, 4096), nn.ReLU(), nn.Dropout(),
                nn.Linear(4096, num_classes))

    def forward(self, x):
        x = self.features(x)
        if self.with_pool:
            x = self.avgpool(x)
        if self.num_classes > 0:
            x = self.classifier(paddle.flatten(x, 1))
        return x


def make_layers(cfg: list, batch_norm: bool = False) -> nn.Sequential:
    """3x3 convolutions (ints: output channels) and 2x2 max pools ("M"), from 3 input channels."""
    layers, in_channels = [], 3
    for v in cfg:
        if v == "M":
            layers.append(nn.MaxPool2D(kernel_size=2, stride=2))
            continue
        layers.append(nn.Conv2D(in_channels, v, kernel_size=3, padding=1))
        if batch_norm:
            layers.append(nn.BatchNorm2D(v))
        layers.append(nn.ReLU())
        in_channels = v
    return nn.Sequential(*layers)


def _vgg(arch: str, cfg: str, batch_norm: bool, pretrained: bool, **kwargs) -> VGG:
    model = VGG(make_layers(_CFGS[cfg], batch_norm=batch_norm), **kwargs)
    name = arch + ("_bn" if batch_norm else "")
    return load_pretrained(model, name, _URLS.get(name)) if pretrained else model


def vgg11(pretrained: bool = False, batch_norm: bool = False, **kwargs) -> VGG:
    """VGG-11 (configuration A). `kwargs` go to `VGG` (num_classes, with_pool)."""
    return _vgg("vgg11", "A", batch_norm, pretrained, **kwargs)


def vgg13(pretrained: bool = False, batch_norm: bool = False, **kwargs) -> VGG:
    """VGG-13 (configuration B). `kwargs` go to `VGG`."""
    return _vgg("vgg13", "B", batch_norm, pretrained, **kwargs)


def vgg16(pretrained: bool = False, batch_norm: bool = False, **kwargs) -> VGG:
    """VGG-16 (configuration D). `kwargs` go to `VGG`."""
    return _vgg("vgg16", "D", batch_norm, pretrained, **kwargs)


def vgg19(pretrained: bool = False, batch_norm: bool = False, **kwargs) -> VGG:
    """VGG-19 (configuration E). `kwargs` go to `VGG`."""
    return _vgg("vgg19", "E", batch_norm, pretrained, **kwargs)
