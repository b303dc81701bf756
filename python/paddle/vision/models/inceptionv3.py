"""Inception v3 (Szegedy et al., 2015), with Paddle's layer names (no auxiliary head, as in Paddle)."""

from __future__ import annotations

import math

import paddle
from paddle import nn

from paddle.vision.models._utils import ConvNormActivation, load_pretrained

_URL = "https://paddle-hapi.bj.bcebos.com/models/inception_v3.pdparams"


def _conv(in_channels: int, out_channels: int, kernel_size, stride: int = 1, padding=0) -> ConvNormActivation:
    """Conv2D (no bias), BatchNorm2D, ReLU: every convolution of Inception v3."""
    return ConvNormActivation(in_channels, out_channels, kernel_size=kernel_size, stride=stride, padding=padding,
                              activation_layer=nn.ReLU)


def _avg_pool_3x3():
    # the padded zeros count in the average (exclusive=False), as in Paddle's Inception v3
    return nn.AvgPool2D(kernel_size=3, stride=1, padding=1, exclusive=False)


class _Stem(nn.Layer):
    """Five convolutions and two max pools: 299x299x3 -> 35x35x192."""

    def __init__(self) -> None:
        super().__init__()
        self.conv_1a_3x3 = _conv(3, 32, 3, stride=2)
        self.conv_2a_3x3 = _conv(32, 32, 3)
        self.conv_2b_3x3 = _conv(32, 64, 3, padding=1)
        self.max_pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)
        self.conv_3b_1x1 = _conv(64, 80, 1)
        self.conv_4a_3x3 = _conv(80, 192, 3)

    def forward(self, x):
        x = self.max_pool(self.conv_2b_3x3(self.conv_2a_3x3(self.conv_1a_3x3(x))))
        return self.max_pool(self.conv_4a_3x3(self.conv_3b_1x1(x)))


class _InceptionA(nn.Layer):
    """35x35 module: 1x1 | 1x1-5x5 | 1x1-3x3-3x3 | avg pool-1x1."""

    def __init__(self, in_channels: int, pool_features: int) -> None:
        super().__init__()
        self.branch1x1 = _conv(in_channels, 64, 1)
        self.branch5x5_1 = _conv(in_channels, 48, 1)
        self.branch5x5_2 = _conv(48, 64, 5, padding=2)
        self.branch3x3dbl_1 = _conv(in_channels, 64, 1)
        self.branch3x3dbl_2 = _conv(64, 96, 3, padding=1)
        self.branch3x3dbl_3 = _conv(96, 96, 3, padding=1)
        self.branch_pool = _avg_pool_3x3()
        self.branch_pool_conv = _conv(in_channels, pool_features, 1)

    def forward(self, x):
        return paddle.concat([
            self.branch1x1(x),
            self.branch5x5_2(self.branch5x5_1(x)),
            self.branch3x3dbl_3(self.branch3x3dbl_2(self.branch3x3dbl_1(x))),
            self.branch_pool_conv(self.branch_pool(x)),
        ], axis=1)


class _InceptionB(nn.Layer):
    """35x35 -> 17x17 reduction: 3x3/2 | 1x1-3x3-3x3/2 | max pool/2."""

    def __init__(self, in_channels: int) -> None:
        super().__init__()
        self.branch3x3 = _conv(in_channels, 384, 3, stride=2)
        self.branch3x3dbl_1 = _conv(in_channels, 64, 1)
        self.branch3x3dbl_2 = _conv(64, 96, 3, padding=1)
        self.branch3x3dbl_3 = _conv(96, 96, 3, stride=2)
        self.branch_pool = nn.MaxPool2D(kernel_size=3, stride=2)

    def forward(self, x):
        return paddle.concat([
            self.branch3x3(x),
            self.branch3x3dbl_3(self.branch3x3dbl_2(self.branch3x3dbl_1(x))),
            self.branch_pool(x),
        ], axis=1)


class _InceptionC(nn.Layer):
    """17x17 module with factorised 7x7 convolutions (1x7 and 7x1)."""

    def __init__(self, in_channels: int, channels_7x7: int) -> None:
        super().__init__()
        c7 = channels_7x7
        self.branch1x1 = _conv(in_channels, 192, 1)
        self.branch7x7_1 = _conv(in_channels, c7, 1)
        self.branch7x7_2 = _conv(c7, c7, (1, 7), padding=(0, 3))
        self.branch7x7_3 = _conv(c7, 192, (7, 1), padding=(3, 0))
        self.branch7x7dbl_1 = _conv(in_channels, c7, 1)
        self.branch7x7dbl_2 = _conv(c7, c7, (7, 1), padding=(3, 0))
        self.branch7x7dbl_3 = _conv(c7, c7, (1, 7), padding=(0, 3))
        self.branch7x7dbl_4 = _conv(c7, c7, (7, 1), padding=(3, 0))
        self.branch7x7dbl_5 = _conv(c7, 192, (1, 7), padding=(0, 3))
        self.branch_pool = _avg_pool_3x3()
        self.branch_pool_conv = _conv(in_channels, 192, 1)

    def forward(self, x):
        double = self.branch7x7dbl_3(self.branch7x7dbl_2(self.branch7x7dbl_1(x)))
        return paddle.concat([
            self.branch1x1(x),
            self.branch7x7_3(self.branch7x7_2(self.branch7x7_1(x))),
            self.branch7x7dbl_5(self.branch7x7dbl_4(double)),
            self.branch_pool_conv(self.branch_pool(x)),
        ], axis=1)


class _InceptionD(nn.Layer):
    """17x17 -> 8x8 reduction: 1x1-3x3/2 | 1x1-1x7-7x1-3x3/2 | max pool/2."""

    def __init__(self, in_channels: int) -> None:
        super().__init__()
        self.branch3x3_1 = _conv(in_channels, 192, 1)
        self.branch3x3_2 = _conv(192, 320, 3, stride=2)
        self.branch7x7x3_1 = _conv(in_channels, 192, 1)
        self.branch7x7x3_2 = _conv(192, 192, (1, 7), padding=(0, 3))
        self.branch7x7x3_3 = _conv(192, 192, (7, 1), padding=(3, 0))
        self.branch7x7x3_4 = _conv(192, 192, 3, stride=2)
        self.branch_pool = nn.MaxPool2D(kernel_size=3, stride=2)

    def forward(self, x):
        seven = self.branch7x7x3_3(self.branch7x7x3_2(self.branch7x7x3_1(x)))
        return paddle.concat([
            self.branch3x3_2(self.branch3x3_1(x)),
            self.branch7x7x3_4(seven),
            self.branch_pool(x),
        ], axis=1)


class _InceptionE(nn.Layer):
    """8x8 module whose 3x3 branches split into parallel 1x3 and 3x1 convolutions."""

    def __init__(self, in_channels: int) -> None:
        super().__init__()
        self.branch1x1 = _conv(in_channels, 320, 1)
        self.branch3x3_1 = _conv(in_channels, 384, 1)
        self.branch3x3_2a = _conv(384, 384, (1, 3), padding=(0, 1))
        self.branch3x3_2b = _conv(384, 384, (3, 1), padding=(1, 0))
        self.branch3x3dbl_1 = _conv(in_channels, 448, 1)
        self.branch3x3dbl_2 = _conv(448, 384, 3, padding=1)
        self.branch3x3dbl_3a = _conv(384, 384, (1, 3), padding=(0, 1))
        self.branch3x3dbl_3b = _conv(384, 384, (3, 1), padding=(1, 0))
        self.branch_pool = _avg_pool_3x3()
        self.branch_pool_conv = _conv(in_channels, 192, 1)

    def forward(self, x):
        single = self.branch3x3_1(x)
        double = self.branch3x3dbl_2(self.branch3x3dbl_1(x))
        return paddle.concat([
            self.branch1x1(x),
            self.branch3x3_2a(single), self.branch3x3_2b(single),
            self.branch3x3dbl_3a(double), self.branch3x3dbl_3b(double),
            self.branch_pool_conv(self.branch_pool(x)),
        ], axis=1)


class InceptionV3(nn.Layer):
    """Inception v3 from "Rethinking the Inception Architecture for Computer Vision".

    Made for 299x299 inputs; any input of at least 75x75 pixels works.

    Args:
        num_classes (int, optional): outputs of the last layer; no fc layer when <= 0. Default 1000.
        with_pool (bool, optional): whether to end with global average pooling. Default True.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import InceptionV3
        >>> list(InceptionV3(num_classes=10)(paddle.rand([1, 3, 75, 75])).shape)
        [1, 10]
    """

    def __init__(self, num_classes: int = 1000, with_pool: bool = True) -> None:
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.inception_stem = _Stem()
        self.inception_block_list = nn.LayerList([
            _InceptionA(192, 32), _InceptionA(256, 64), _InceptionA(288, 64),
            _InceptionB(288),
            _InceptionC(768, 128), _InceptionC(768, 160), _InceptionC(768, 160), _InceptionC(768, 192),
            _InceptionD(768),
            _InceptionE(1280), _InceptionE(2048),
        ])
        if with_pool:
            self.avg_pool = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.dropout = nn.Dropout(p=0.2, mode="downscale_in_infer")
            bound = 1.0 / math.sqrt(2048.0)
            self.fc = nn.Linear(2048, num_classes,
                                weight_attr=paddle.ParamAttr(initializer=nn.initializer.Uniform(-bound, bound)))

    def forward(self, x):
        x = self.inception_stem(x)
        for block in self.inception_block_list:
            x = block(x)
        if self.with_pool:
            x = self.avg_pool(x)
        if self.num_classes > 0:
            x = self.fc(self.dropout(paddle.reshape(x, [-1, 2048])))
        return x


def inception_v3(pretrained: bool = False, **kwargs) -> InceptionV3:
    """Inception v3. `kwargs` go to `InceptionV3` (num_classes, with_pool)."""
    model = InceptionV3(**kwargs)
    return load_pretrained(model, "inception_v3", _URL) if pretrained else model
