"""MobileNetV3 small and large (Howard et al., 2019), with Paddle's layer names."""

from __future__ import annotations

from functools import partial

import paddle
from paddle import nn

from paddle.vision.models._utils import ConvNormActivation, _make_divisible, load_pretrained

_URL = "https://paddle-hapi.bj.bcebos.com/models/mobilenet_v3_{}_x1.0.pdparams"


class SqueezeExcitation(nn.Layer):
    """Channel attention: global pool, 1x1 squeeze (activation), 1x1 excite (scale_activation), multiply."""

    def __init__(self, input_channels: int, squeeze_channels: int, activation=nn.ReLU,
                 scale_activation=nn.Sigmoid) -> None:
        super().__init__()
        self.avgpool = nn.AdaptiveAvgPool2D(1)
        self.fc1 = nn.Conv2D(input_channels, squeeze_channels, 1)
        self.fc2 = nn.Conv2D(squeeze_channels, input_channels, 1)
        self.activation = activation()
        self.scale_activation = scale_activation()

    def forward(self, x):
        scale = self.fc2(self.activation(self.fc1(self.avgpool(x))))
        return self.scale_activation(scale) * x


class InvertedResidualConfig:
    """One block's settings; channels are scaled by `scale` and rounded to multiples of 8."""

    def __init__(self, in_channels: int, kernel: int, expanded_channels: int, out_channels: int, use_se: bool,
                 activation: str, stride: int, scale: float = 1.0) -> None:
        self.in_channels = _make_divisible(in_channels * scale, 8)
        self.kernel = kernel
        self.expanded_channels = _make_divisible(expanded_channels * scale, 8)
        self.out_channels = _make_divisible(out_channels * scale, 8)
        self.use_se = use_se
        activations = {"relu": nn.ReLU, "hardswish": nn.Hardswish}
        if activation not in activations:
            raise ValueError(f"[MobileNetV3] unsupported activation {activation!r}")
        self.activation_layer = activations[activation]
        self.stride = stride


class InvertedResidual(nn.Layer):
    """1x1 expand, kxk depthwise, optional squeeze-excitation, 1x1 linear project; a shortcut when shapes allow."""

    def __init__(self, in_channels: int, expanded_channels: int, out_channels: int, filter_size: int, stride: int,
                 use_se: bool, activation_layer, norm_layer) -> None:
        super().__init__()
        self.use_res_connect = stride == 1 and in_channels == out_channels
        self.use_se = use_se
        self.expand = in_channels != expanded_channels
        if self.expand:
            self.expand_conv = ConvNormActivation(in_channels, expanded_channels, kernel_size=1, stride=1, padding=0,
                                                  norm_layer=norm_layer, activation_layer=activation_layer)
        self.bottleneck_conv = ConvNormActivation(expanded_channels, expanded_channels, kernel_size=filter_size,
                                                  stride=stride, padding=(filter_size - 1) // 2,
                                                  groups=expanded_channels, norm_layer=norm_layer,
                                                  activation_layer=activation_layer)
        if use_se:
            self.mid_se = SqueezeExcitation(expanded_channels, _make_divisible(expanded_channels // 4),
                                            scale_activation=nn.Hardsigmoid)
        self.linear_conv = ConvNormActivation(expanded_channels, out_channels, kernel_size=1, stride=1, padding=0,
                                              norm_layer=norm_layer, activation_layer=None)

    def forward(self, x):
        identity = x
        if self.expand:
            x = self.expand_conv(x)
        x = self.bottleneck_conv(x)
        if self.use_se:
            x = self.mid_se(x)
        x = self.linear_conv(x)
        return identity + x if self.use_res_connect else x


class MobileNetV3(nn.Layer):
    """The MobileNetV3 body shared by `MobileNetV3Small` and `MobileNetV3Large`.

    Args:
        config (list[InvertedResidualConfig]): the blocks.
        last_channel (int): width of the classifier's hidden layer.
        scale (float, optional): width multiplier. Default 1.0.
        num_classes (int, optional): outputs of the last layer; no classifier when <= 0. Default 1000.
        with_pool (bool, optional): whether to end with global average pooling. Default True.
    """

    def __init__(self, config: list, last_channel: int, scale: float = 1.0, num_classes: int = 1000,
                 with_pool: bool = True) -> None:
        super().__init__()
        self.config = config
        self.scale = scale
        self.last_channel = last_channel
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.firstconv_in_channels = config[0].in_channels
        self.lastconv_in_channels = config[-1].in_channels
        self.lastconv_out_channels = self.lastconv_in_channels * 6
        norm_layer = partial(nn.BatchNorm2D, epsilon=0.001, momentum=0.99)
        self.conv = ConvNormActivation(3, self.firstconv_in_channels, kernel_size=3, stride=2, padding=1, groups=1,
                                       activation_layer=nn.Hardswish, norm_layer=norm_layer)
        self.blocks = nn.Sequential(*[
            InvertedResidual(c.in_channels, c.expanded_channels, c.out_channels, c.kernel, c.stride, c.use_se,
                             c.activation_layer, norm_layer) for c in config])
        self.lastconv = ConvNormActivation(self.lastconv_in_channels, self.lastconv_out_channels, kernel_size=1,
                                           stride=1, padding=0, groups=1, norm_layer=norm_layer,
                                           activation_layer=nn.Hardswish)
        if with_pool:
            self.avgpool = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.classifier = nn.Sequential(nn.Linear(self.lastconv_out_channels, last_channel), nn.Hardswish(),
                                            nn.Dropout(p=0.2), nn.Linear(last_channel, num_classes))

    def forward(self, x):
        x = self.lastconv(self.blocks(self.conv(x)))
        if self.with_pool:
            x = self.avgpool(x)
        if self.num_classes > 0:
            x = self.classifier(paddle.flatten(x, 1))
        return x


_SMALL = [(16, 3, 16, 16, True, "relu", 2), (16, 3, 72, 24, False, "relu", 2), (24, 3, 88, 24, False, "relu", 1),
          (24, 5, 96, 40, True, "hardswish", 2), (40, 5, 240, 40, True, "hardswish", 1),
          (40, 5, 240, 40, True, "hardswish", 1), (40, 5, 120, 48, True, "hardswish", 1),
          (48, 5, 144, 48, True, "hardswish", 1), (48, 5, 288, 96, True, "hardswish", 2),
          (96, 5, 576, 96, True, "hardswish", 1), (96, 5, 576, 96, True, "hardswish", 1)]
_LARGE = [(16, 3, 16, 16, False, "relu", 1), (16, 3, 64, 24, False, "relu", 2), (24, 3, 72, 24, False, "relu", 1),
          (24, 5, 72, 40, True, "relu", 2), (40, 5, 120, 40, True, "relu", 1), (40, 5, 120, 40, True, "relu", 1),
          (40, 3, 240, 80, False, "hardswish", 2), (80, 3, 200, 80, False, "hardswish", 1),
          (80, 3, 184, 80, False, "hardswish", 1), (80, 3, 184, 80, False, "hardswish", 1),
          (80, 3, 480, 112, True, "hardswish", 1), (112, 3, 672, 112, True, "hardswish", 1),
          (112, 5, 672, 160, True, "hardswish", 2), (160, 5, 960, 160, True, "hardswish", 1),
          (160, 5, 960, 160, True, "hardswish", 1)]


class MobileNetV3Small(MobileNetV3):
    """MobileNetV3-Small from "Searching for MobileNetV3".

    Args:
        scale (float, optional): width multiplier. Default 1.0.
        num_classes (int, optional): outputs of the last layer; no classifier when <= 0. Default 1000.
        with_pool (bool, optional): whether to end with global average pooling. Default True.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import MobileNetV3Small
        >>> list(MobileNetV3Small(num_classes=10)(paddle.rand([1, 3, 32, 32])).shape)
        [1, 10]
    """

    def __init__(self, scale: float = 1.0, num_classes: int = 1000, with_pool: bool = True) -> None:
        super().__init__([InvertedResidualConfig(*row, scale) for row in _SMALL], _make_divisible(1024 * scale, 8),
                         scale=scale, num_classes=num_classes, with_pool=with_pool)


class MobileNetV3Large(MobileNetV3):
    """MobileNetV3-Large from "Searching for MobileNetV3". Arguments as `MobileNetV3Small`."""

    def __init__(self, scale: float = 1.0, num_classes: int = 1000, with_pool: bool = True) -> None:
        super().__init__([InvertedResidualConfig(*row, scale) for row in _LARGE], _make_divisible(1280 * scale, 8),
                         scale=scale, num_classes=num_classes, with_pool=with_pool)


def mobilenet_v3_small(pretrained: bool = False, scale: float = 1.0, **kwargs) -> MobileNetV3Small:
    """MobileNetV3-Small with width multiplier `scale`. `kwargs` go to the class (num_classes, with_pool)."""
    model = MobileNetV3Small(scale=scale, **kwargs)
    if pretrained:
        return load_pretrained(model, f"mobilenet_v3_small_x{scale}", _URL.format("small") if scale == 1.0 else None)
    return model


def mobilenet_v3_large(pretrained: bool = False, scale: float = 1.0, **kwargs) -> MobileNetV3Large:
    """MobileNetV3-Large with width multiplier `scale`. `kwargs` go to the class (num_classes, with_pool)."""
    model = MobileNetV3Large(scale=scale, **kwargs)
    if pretrained:
        return load_pretrained(model, f"mobilenet_v3_large_x{scale}", _URL.format("large") if scale == 1.0 else None)
    return model
