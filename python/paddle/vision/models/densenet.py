"""DenseNet (Huang et al., 2017), with Paddle's layer names."""

from __future__ import annotations

import math

import paddle
from paddle import nn
from paddle.nn import functional as F

from paddle.vision.models._utils import load_pretrained

_URL = "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet{}_pretrained.pdparams"
# layers -> (channels of the stem, growth rate, dense layers per block)
_SPECS = {
    121: (64, 32, [6, 12, 24, 16]),
    161: (96, 48, [6, 12, 36, 24]),
    169: (64, 32, [6, 12, 32, 32]),
    201: (64, 32, [6, 12, 48, 32]),
    264: (64, 32, [6, 12, 64, 48]),
}


# Paddle's DenseNet uses the fluid-style nn.BatchNorm(act="relu"); BatchNorm2D then ReLU computes the same with
# the same state-dict keys, and uses the running statistics in eval mode as Paddle's does (this package's
# nn.BatchNorm does not yet: its use_global_stats=False default keeps batch statistics in eval).


class _ConvBN(nn.Layer):
    """Conv2D (no bias) then BatchNorm and ReLU: the stem."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1,
                 padding: int = 0) -> None:
        super().__init__()
        self._conv = nn.Conv2D(in_channels, out_channels, kernel_size, stride=stride, padding=padding,
                               bias_attr=False)
        self._batch_norm = nn.BatchNorm2D(out_channels)

    def forward(self, x):
        return F.relu(self._batch_norm(self._conv(x)))


class _BNReLUConv(nn.Layer):
    """BatchNorm and ReLU, then Conv2D (no bias): DenseNet's pre-activation order."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, padding: int = 0) -> None:
        super().__init__()
        self._batch_norm = nn.BatchNorm2D(in_channels)
        self._conv = nn.Conv2D(in_channels, out_channels, kernel_size, padding=padding, bias_attr=False)

    def forward(self, x):
        return self._conv(F.relu(self._batch_norm(x)))


class _DenseLayer(nn.Layer):
    """1x1 bottleneck to ``bn_size * growth_rate`` channels, 3x3 to `growth_rate`; the result is appended."""

    def __init__(self, in_channels: int, growth_rate: int, bn_size: int, dropout: float) -> None:
        super().__init__()
        self.dropout = dropout
        self.bn_ac_func1 = _BNReLUConv(in_channels, bn_size * growth_rate, 1)
        self.bn_ac_func2 = _BNReLUConv(bn_size * growth_rate, growth_rate, 3, padding=1)
        if dropout:
            self.dropout_func = nn.Dropout(p=dropout, mode="downscale_in_infer")

    def forward(self, x):
        new = self.bn_ac_func2(self.bn_ac_func1(x))
        if self.dropout:
            new = self.dropout_func(new)
        return paddle.concat([x, new], axis=1)


class _DenseBlock(nn.Sequential):
    """`num_layers` dense layers, named ``conv<stage>_<i>`` as in Paddle's checkpoints."""

    def __init__(self, in_channels: int, num_layers: int, bn_size: int, growth_rate: int, dropout: float,
                 stage: int) -> None:
        super().__init__()
        for i in range(num_layers):
            self.add_sublayer(f"conv{stage}_{i + 1}",
                              _DenseLayer(in_channels + i * growth_rate, growth_rate, bn_size, dropout))


class _Transition(nn.Layer):
    """BN-ReLU-1x1 conv halving the channels, then 2x2 average pooling halving the resolution."""

    def __init__(self, in_channels: int, out_channels: int) -> None:
        super().__init__()
        self.conv_ac_func = _BNReLUConv(in_channels, out_channels, 1)
        self.pool2d_avg = nn.AvgPool2D(kernel_size=2, stride=2, padding=0)

    def forward(self, x):
        return self.pool2d_avg(self.conv_ac_func(x))


class DenseNet(nn.Layer):
    """DenseNet from "Densely Connected Convolutional Networks".

    Args:
        layers (int, optional): depth: 121, 161, 169, 201 or 264. Default 121.
        bn_size (int, optional): the 1x1 bottleneck has ``bn_size * growth_rate`` channels. Default 4.
        dropout (float, optional): dropout after each dense layer. Default 0.0.
        num_classes (int, optional): outputs of the last layer; no fc layer when <= 0. Default 1000.
        with_pool (bool, optional): whether to end with global average pooling. Default True.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import DenseNet
        >>> net = DenseNet(layers=121, num_classes=10)
        >>> list(net(paddle.rand([1, 3, 32, 32])).shape)
        [1, 10]
    """

    def __init__(self, layers: int = 121, bn_size: int = 4, dropout: float = 0.0, num_classes: int = 1000,
                 with_pool: bool = True) -> None:
        super().__init__()
        if layers not in _SPECS:
            raise ValueError(f"[DenseNet] argument 'layers': expected one of {sorted(_SPECS)}, but got {layers}")
        self.num_classes = num_classes
        self.with_pool = with_pool
        stem_channels, growth_rate, block_config = _SPECS[layers]
        self.block_config = block_config
        self.conv1_func = _ConvBN(3, stem_channels, 7, stride=2, padding=3)
        self.pool2d_max = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        channels = stem_channels
        self.stages = []
        # Paddle names the blocks db_conv_<stage> and the transitions tr_conv<stage>_blk, stages from 2
        for i, num_layers in enumerate(block_config):
            stage = i + 2
            block = _DenseBlock(channels, num_layers, bn_size, growth_rate, dropout, stage)
            self.stages.append(self.add_sublayer(f"db_conv_{stage}", block))
            channels += num_layers * growth_rate
            if i != len(block_config) - 1:
                self.stages.append(self.add_sublayer(f"tr_conv{stage}_blk", _Transition(channels, channels // 2)))
                channels //= 2
        self.batch_norm = nn.BatchNorm2D(channels)
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            bound = 1.0 / math.sqrt(channels)
            self.out = nn.Linear(channels, num_classes,
                                 weight_attr=paddle.ParamAttr(initializer=nn.initializer.Uniform(-bound, bound)))

    def forward(self, x):
        x = self.pool2d_max(self.conv1_func(x))
        for stage in self.stages:
            x = stage(x)
        x = F.relu(self.batch_norm(x))
        if self.with_pool:
            x = self.pool2d_avg(x)
        if self.num_classes > 0:
            x = self.out(paddle.flatten(x, 1))
        return x


def _densenet(layers: int, pretrained: bool, **kwargs) -> DenseNet:
    model = DenseNet(layers=layers, **kwargs)
    return load_pretrained(model, f"densenet{layers}", _URL.format(layers)) if pretrained else model


def densenet121(pretrained: bool = False, **kwargs) -> DenseNet:
    """DenseNet-121. `kwargs` go to `DenseNet` (bn_size, dropout, num_classes, with_pool).

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import densenet121
        >>> list(densenet121(num_classes=0)(paddle.rand([1, 3, 64, 64])).shape)
        [1, 1024, 1, 1]
    """
    return _densenet(121, pretrained, **kwargs)


def densenet161(pretrained: bool = False, **kwargs) -> DenseNet:
    """DenseNet-161 (growth rate 48). `kwargs` go to `DenseNet`."""
    return _densenet(161, pretrained, **kwargs)


def densenet169(pretrained: bool = False, **kwargs) -> DenseNet:
    """DenseNet-169. `kwargs` go to `DenseNet`."""
    return _densenet(169, pretrained, **kwargs)


def densenet201(pretrained: bool = False, **kwargs) -> DenseNet:
    """DenseNet-201. `kwargs` go to `DenseNet`."""
    return _densenet(201, pretrained, **kwargs)


def densenet264(pretrained: bool = False, **kwargs) -> DenseNet:
    """DenseNet-264. `kwargs` go to `DenseNet`."""
    return _densenet(264, pretrained, **kwargs)
