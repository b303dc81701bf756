"""ResNet (He et al., 2015) and its ResNeXt / wide variants, with Paddle's layer names."""

from __future__ import annotations

import paddle
from paddle import nn

from paddle.vision.models._utils import load_pretrained

_URL = "https://paddle-hapi.bj.bcebos.com/models/{}.pdparams"
_DEPTHS = {18: [2, 2, 2, 2], 34: [3, 4, 6, 3], 50: [3, 4, 6, 3], 101: [3, 4, 23, 3], 152: [3, 8, 36, 3]}


class BasicBlock(nn.Layer):
    """Two 3x3 convolutions with a shortcut (ResNet-18/34)."""

    expansion = 1

    def __init__(self, inplanes: int, planes: int, stride: int = 1, downsample: nn.Layer | None = None,
                 groups: int = 1, base_width: int = 64, dilation: int = 1, norm_layer=None) -> None:
        super().__init__()
        norm_layer = nn.BatchNorm2D if norm_layer is None else norm_layer
        if dilation > 1:
            raise NotImplementedError("[BasicBlock] dilation > 1 is not supported")
        self.conv1 = nn.Conv2D(inplanes, planes, 3, padding=1, stride=stride, bias_attr=False)
        self.bn1 = norm_layer(planes)
        self.relu = nn.ReLU()
        self.conv2 = nn.Conv2D(planes, planes, 3, padding=1, bias_attr=False)
        self.bn2 = norm_layer(planes)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return self.relu(out + identity)


class BottleneckBlock(nn.Layer):
    """1x1 reduce, 3x3 (grouped), 1x1 expand by 4, with a shortcut (ResNet-50/101/152)."""

    expansion = 4

    def __init__(self, inplanes: int, planes: int, stride: int = 1, downsample: nn.Layer | None = None,
                 groups: int = 1, base_width: int = 64, dilation: int = 1, norm_layer=None) -> None:
        super().__init__()
        norm_layer = nn.BatchNorm2D if norm_layer is None else norm_layer
        width = int(planes * (base_width / 64.0)) * groups
        self.conv1 = nn.Conv2D(inplanes, width, 1, bias_attr=False)
        self.bn1 = norm_layer(width)
        self.conv2 = nn.Conv2D(width, width, 3, padding=dilation, stride=stride, groups=groups, dilation=dilation,
                               bias_attr=False)
        self.bn2 = norm_layer(width)
        self.conv3 = nn.Conv2D(width, planes * self.expansion, 1, bias_attr=False)
        self.bn3 = norm_layer(planes * self.expansion)
        self.relu = nn.ReLU()
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        return self.relu(out + identity)


class ResNet(nn.Layer):
    """ResNet from "Deep Residual Learning for Image Recognition".

    Args:
        block (BasicBlock|BottleneckBlock): the residual block.
        depth (int, optional): 18, 34, 50, 101 or 152. Default 50.
        width (int, optional): base width of each group of a BottleneckBlock. Default 64.
        num_classes (int, optional): outputs of the last layer; no fc layer when <= 0. Default 1000.
        with_pool (bool, optional): whether to end with global average pooling. Default True.
        groups (int, optional): groups of the 3x3 convolutions. Default 1.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import ResNet
        >>> from paddle.vision.models.resnet import BasicBlock
        >>> net = ResNet(BasicBlock, 18, num_classes=10)
        >>> list(net(paddle.rand([1, 3, 32, 32])).shape)
        [1, 10]
    """

    def __init__(self, block, depth: int = 50, width: int = 64, num_classes: int = 1000, with_pool: bool = True,
                 groups: int = 1) -> None:
        super().__init__()
        if depth not in _DEPTHS:
            raise ValueError(f"[ResNet] argument 'depth': expected one of {sorted(_DEPTHS)}, but got {depth}")
        layers = _DEPTHS[depth]
        self.groups = groups
        self.base_width = width
        self.num_classes = num_classes
        self.with_pool = with_pool
        self._norm_layer = nn.BatchNorm2D
        self.inplanes = 64
        self.dilation = 1
        self.conv1 = nn.Conv2D(3, self.inplanes, kernel_size=7, stride=2, padding=3, bias_attr=False)
        self.bn1 = self._norm_layer(self.inplanes)
        self.relu = nn.ReLU()
        self.maxpool = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self.layer1 = self._make_layer(block, 64, layers[0])
        self.layer2 = self._make_layer(block, 128, layers[1], stride=2)
        self.layer3 = self._make_layer(block, 256, layers[2], stride=2)
        self.layer4 = self._make_layer(block, 512, layers[3], stride=2)
        if with_pool:
            self.avgpool = nn.AdaptiveAvgPool2D((1, 1))
        if num_classes > 0:
            self.fc = nn.Linear(512 * block.expansion, num_classes)

    def _make_layer(self, block, planes: int, blocks: int, stride: int = 1) -> nn.Sequential:
        downsample = None
        if stride != 1 or self.inplanes != planes * block.expansion:
            downsample = nn.Sequential(
                nn.Conv2D(self.inplanes, planes * block.expansion, 1, stride=stride, bias_attr=False),
                self._norm_layer(planes * block.expansion))
        layers = [block(self.inplanes, planes, stride, downsample, self.groups, self.base_width, self.dilation,
                        self._norm_layer)]
        self.inplanes = planes * block.expansion
        for _ in range(1, blocks):
            layers.append(block(self.inplanes, planes, groups=self.groups, base_width=self.base_width,
                                norm_layer=self._norm_layer))
        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        if self.with_pool:
            x = self.avgpool(x)
        if self.num_classes > 0:
            x = self.fc(paddle.flatten(x, 1))
        return x


def _resnet(arch: str, block, depth: int, pretrained: bool, **kwargs) -> ResNet:
    model = ResNet(block, depth, **kwargs)
    return load_pretrained(model, arch, _URL.format(arch)) if pretrained else model


def resnet18(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNet-18. `kwargs` go to `ResNet` (num_classes, with_pool).

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import resnet18
        >>> list(resnet18(num_classes=10)(paddle.rand([1, 3, 32, 32])).shape)
        [1, 10]
    """
    return _resnet("resnet18", BasicBlock, 18, pretrained, **kwargs)


def resnet34(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNet-34. `kwargs` go to `ResNet`."""
    return _resnet("resnet34", BasicBlock, 34, pretrained, **kwargs)


def resnet50(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNet-50. `kwargs` go to `ResNet`."""
    return _resnet("resnet50", BottleneckBlock, 50, pretrained, **kwargs)


def resnet101(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNet-101. `kwargs` go to `ResNet`."""
    return _resnet("resnet101", BottleneckBlock, 101, pretrained, **kwargs)


def resnet152(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNet-152. `kwargs` go to `ResNet`."""
    return _resnet("resnet152", BottleneckBlock, 152, pretrained, **kwargs)


def resnext50_32x4d(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNeXt-50 32x4d. `kwargs` go to `ResNet`."""
    return _resnet("resnext50_32x4d", BottleneckBlock, 50, pretrained, **{**kwargs, "groups": 32, "width": 4})


def resnext50_64x4d(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNeXt-50 64x4d. `kwargs` go to `ResNet`."""
    return _resnet("resnext50_64x4d", BottleneckBlock, 50, pretrained, **{**kwargs, "groups": 64, "width": 4})


def resnext101_32x4d(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNeXt-101 32x4d. `kwargs` go to `ResNet`."""
    return _resnet("resnext101_32x4d", BottleneckBlock, 101, pretrained, **{**kwargs, "groups": 32, "width": 4})


def resnext101_64x4d(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNeXt-101 64x4d. `kwargs` go to `ResNet`."""
    return _resnet("resnext101_64x4d", BottleneckBlock, 101, pretrained, **{**kwargs, "groups": 64, "width": 4})


def resnext152_32x4d(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNeXt-152 32x4d. `kwargs` go to `ResNet`."""
    return _resnet("resnext152_32x4d", BottleneckBlock, 152, pretrained, **{**kwargs, "groups": 32, "width": 4})


def resnext152_64x4d(pretrained: bool = False, **kwargs) -> ResNet:
    """ResNeXt-152 64x4d. `kwargs` go to `ResNet`."""
    return _resnet("resnext152_64x4d", BottleneckBlock, 152, pretrained, **{**kwargs, "groups": 64, "width": 4})


def wide_resnet50_2(pretrained: bool = False, **kwargs) -> ResNet:
    """Wide ResNet-50-2 (bottleneck width 128). `kwargs` go to `ResNet`."""
    return _resnet("wide_resnet50_2", BottleneckBlock, 50, pretrained, **{**kwargs, "width": 128})


def wide_resnet101_2(pretrained: bool = False, **kwargs) -> ResNet:
    """Wide ResNet-101-2 (bottleneck width 128). `kwargs` go to `ResNet`."""
    return _resnet("wide_resnet101_2", BottleneckBlock, 101, pretrained, **{**kwargs, "width": 128})
