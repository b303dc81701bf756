"""MobileNetV1 (Howard et al., 2017), with Paddle's layer names."""

from __future__ import annotations

import paddle
from paddle import nn

from paddle.vision.models._utils import ConvNormActivation, load_pretrained

_URL = "https://paddle-hapi.bj.bcebos.com/models/mobilenetv1_1.0.pdparams"
# (layer name, input channels, output channels, stride) of each depthwise-separable block, before scaling
_BLOCKS = [("conv2_1", 32, 64, 1), ("conv2_2", 64, 128, 2), ("conv3_1", 128, 128, 1), ("conv3_2", 128, 256, 2),
           ("conv4_1", 256, 256, 1), ("conv4_2", 256, 512, 2)] + \
          [(f"conv5_{i}", 512, 512, 1) for i in range(1, 6)] + [("conv5_6", 512, 1024, 2), ("conv6", 1024, 1024, 1)]


class _DepthwiseSeparable(nn.Layer):
    """3x3 depthwise conv-BN-ReLU, then 1x1 pointwise conv-BN-ReLU."""

    def __init__(self, in_channels: int, out_channels: int, stride: int, scale: float) -> None:
        super().__init__()
        # channels scale by truncation (int(c * scale)), as in Paddle, so checkpoints of any scale fit
        mid = int(in_channels * scale)
        self._depthwise_conv = ConvNormActivation(mid, mid, kernel_size=3, stride=stride, padding=1, groups=mid)
        self._pointwise_conv = ConvNormActivation(mid, int(out_channels * scale), kernel_size=1, padding=0)

    def forward(self, x):
        return self._pointwise_conv(self._depthwise_conv(x))


class MobileNetV1(nn.Layer):
    """MobileNetV1 from "MobileNets: Efficient Convolutional Neural Networks for Mobile Vision Applications".

    Args:
        scale (float, optional): width multiplier of the channels. Default 1.0.
        num_classes (int, optional): outputs of the last layer; no fc layer when <= 0. Default 1000.
        with_pool (bool, optional): whether to end with global average pooling. Default True.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import MobileNetV1
        >>> list(MobileNetV1(scale=0.25, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape)
        [1, 10]
    """

    def __init__(self, scale: float = 1.0, num_classes: int = 1000, with_pool: bool = True) -> None:
        super().__init__()
        self.scale = scale
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.conv1 = ConvNormActivation(3, int(32 * scale), kernel_size=3, stride=2, padding=1)
        self.dwsl = [self.add_sublayer(name, _DepthwiseSeparable(cin, cout, stride, scale))
                     for name, cin, cout, stride in _BLOCKS]
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.fc = nn.Linear(int(1024 * scale), num_classes)

    def forward(self, x):
        x = self.conv1(x)
        for block in self.dwsl:
            x = block(x)
        if self.with_pool:
            x = self.pool2d_avg(x)
        if self.num_classes > 0:
            x = self.fc(paddle.flatten(x, 1))
        return x


def mobilenet_v1(pretrained: bool = False, scale: float = 1.0, **kwargs) -> MobileNetV1:
    """MobileNetV1 with width multiplier `scale`. `kwargs` go to `MobileNetV1` (num_classes, with_pool)."""
    model = MobileNetV1(scale=scale, **kwargs)
    if pretrained:
        return load_pretrained(model, f"mobilenetv1_{scale}", _URL if scale == 1.0 else None)
    return model
