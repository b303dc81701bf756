"""MobileNetV2 (Sandler et al., 2018), with Paddle's layer names."""

from __future__ import annotations

import paddle
from paddle import nn

from paddle.vision.models._utils import ConvNormActivation, _make_divisible, load_pretrained

_URL = "https://paddle-hapi.bj.bcebos.com/models/mobilenet_v2_x1.0.pdparams"
# expansion t, output channels c, repeats n, first stride s
_SETTINGS = [[1, 16, 1, 1], [6, 24, 2, 2], [6, 32, 3, 2], [6, 64, 4, 2], [6, 96, 3, 1], [6, 160, 3, 2],
             [6, 320, 1, 1]]


class InvertedResidual(nn.Layer):
    """1x1 expand (ReLU6), 3x3 depthwise (ReLU6), 1x1 linear project; a shortcut when shapes allow."""

    def __init__(self, inp: int, oup: int, stride: int, expand_ratio: float, norm_layer=nn.BatchNorm2D) -> None:
        super().__init__()
        if stride not in (1, 2):
            raise ValueError(f"[InvertedResidual] argument 'stride': expected 1 or 2, but got {stride}")
        self.stride = stride
        hidden_dim = int(round(inp * expand_ratio))
        self.use_res_connect = stride == 1 and inp == oup
        layers = []
        if expand_ratio != 1:
            layers.append(ConvNormActivation(inp, hidden_dim, kernel_size=1, norm_layer=norm_layer,
                                             activation_layer=nn.ReLU6))
        layers += [ConvNormActivation(hidden_dim, hidden_dim, stride=stride, groups=hidden_dim, norm_layer=norm_layer,
                                      activation_layer=nn.ReLU6),
                   nn.Conv2D(hidden_dim, oup, 1, 1, 0, bias_attr=False),
                   norm_layer(oup)]
        self.conv = nn.Sequential(*layers)

    def forward(self, x):
        return x + self.conv(x) if self.use_res_connect else self.conv(x)


class MobileNetV2(nn.Layer):
    """MobileNetV2 from "MobileNetV2: Inverted Residuals and Linear Bottlenecks".

    Args:
        scale (float, optional): width multiplier of the channels. Default 1.0.
        num_classes (int, optional): outputs of the last layer; no classifier when <= 0. Default 1000.
        with_pool (bool, optional): whether to end with global average pooling. Default True.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import MobileNetV2
        >>> list(MobileNetV2(scale=0.5, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape)
        [1, 10]
    """

    def __init__(self, scale: float = 1.0, num_classes: int = 1000, with_pool: bool = True) -> None:
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        norm_layer = nn.BatchNorm2D
        input_channel = _make_divisible(32 * scale, 8)
        self.last_channel = _make_divisible(1280 * max(1.0, scale), 8)
        features = [ConvNormActivation(3, input_channel, stride=2, norm_layer=norm_layer, activation_layer=nn.ReLU6)]
        for t, c, n, s in _SETTINGS:
            output_channel = _make_divisible(c * scale, 8)
            for i in range(n):
                features.append(InvertedResidual(input_channel, output_channel, s if i == 0 else 1, expand_ratio=t,
                                                 norm_layer=norm_layer))
                input_channel = output_channel
        features.append(ConvNormActivation(input_channel, self.last_channel, kernel_size=1, norm_layer=norm_layer,
                                           activation_layer=nn.ReLU6))
        self.features = nn.Sequential(*features)
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(self.last_channel, num_classes))

    def forward(self, x):
        x = self.features(x)
        if self.with_pool:
            x = self.pool2d_avg(x)
        if self.num_classes > 0:
            x = self.classifier(paddle.flatten(x, 1))
        return x


def mobilenet_v2(pretrained: bool = False, scale: float = 1.0, **kwargs) -> MobileNetV2:
    """MobileNetV2 with width multiplier `scale`. `kwargs` go to `MobileNetV2` (num_classes, with_pool)."""
    model = MobileNetV2(scale=scale, **kwargs)
    if pretrained:
        return load_pretrained(model, f"mobilenetv2_{scale}", _URL if scale == 1.0 else None)
    return model
