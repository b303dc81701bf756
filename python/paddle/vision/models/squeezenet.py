"""SqueezeNet 1.0 and 1.1 (Iandola et al., 2016), with Paddle's layer names."""

from __future__ import annotations

import paddle
from paddle import nn
from paddle.nn import functional as F

from paddle.vision.models._utils import load_pretrained

_URL = "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/SqueezeNet{}_pretrained.pdparams"
# (squeeze, expand 1x1, expand 3x3) channels of the eight fire modules; both versions share them
_FIRES = [(16, 64, 64), (16, 64, 64), (32, 128, 128), (32, 128, 128), (48, 192, 192), (48, 192, 192),
          (64, 256, 256), (64, 256, 256)]
# after which fire modules (1-based) a max pool comes; 1.1 pools earlier, which makes it cheaper
_POOL_AFTER = {"1.0": (3, 7), "1.1": (2, 4)}


class _ConvReLU(nn.Layer):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, padding: int = 0) -> None:
        super().__init__()
        self._conv = nn.Conv2D(in_channels, out_channels, kernel_size, padding=padding)

    def forward(self, x):
        return F.relu(self._conv(x))


class _Fire(nn.Layer):
    """1x1 squeeze, then parallel 1x1 and 3x3 expands, concatenated."""

    def __init__(self, in_channels: int, squeeze: int, expand1x1: int, expand3x3: int) -> None:
        super().__init__()
        self._conv = _ConvReLU(in_channels, squeeze, 1)
        self._conv_path1 = _ConvReLU(squeeze, expand1x1, 1)
        self._conv_path2 = _ConvReLU(squeeze, expand3x3, 3, padding=1)

    def forward(self, x):
        x = self._conv(x)
        return paddle.concat([self._conv_path1(x), self._conv_path2(x)], axis=1)


class SqueezeNet(nn.Layer):
    """SqueezeNet from "SqueezeNet: AlexNet-level accuracy with 50x fewer parameters and <0.5MB model size".

    The classifier is a 1x1 convolution (``_conv9``) to `num_classes` channels;
    with pooling the output is ``[N, num_classes]``, without it the class map.

    Args:
        version (str): '1.0' or '1.1'.
        num_classes (int, optional): output channels of the classifier; no classifier when <= 0. Default 1000.
        with_pool (bool, optional): whether to end with ReLU and global average pooling. Default True.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import SqueezeNet
        >>> list(SqueezeNet("1.1", num_classes=10)(paddle.rand([1, 3, 64, 64])).shape)
        [1, 10]
    """

    def __init__(self, version: str, num_classes: int = 1000, with_pool: bool = True) -> None:
        super().__init__()
        if version not in _POOL_AFTER:
            raise ValueError(f"[SqueezeNet] argument 'version': expected '1.0' or '1.1', but got {version!r}")
        self.version = version
        self.num_classes = num_classes
        self.with_pool = with_pool
        if version == "1.0":
            self._conv = nn.Conv2D(3, 96, 7, stride=2)
        else:
            self._conv = nn.Conv2D(3, 64, 3, stride=2, padding=1)
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)
        in_channels = self._conv.weight.shape[0]
        for i, (squeeze, e1, e3) in enumerate(_FIRES):
            setattr(self, f"_conv{i + 1}", _Fire(in_channels, squeeze, e1, e3))
            in_channels = e1 + e3
        self._drop = nn.Dropout(p=0.5, mode="downscale_in_infer")
        if num_classes > 0:
            self._conv9 = nn.Conv2D(512, num_classes, 1)
        self._avg_pool = nn.AdaptiveAvgPool2D(1)

    def forward(self, x):
        x = self._pool(F.relu(self._conv(x)))
        pool_after = _POOL_AFTER[self.version]
        for i in range(1, len(_FIRES) + 1):
            x = getattr(self, f"_conv{i}")(x)
            if i in pool_after:
                x = self._pool(x)
        if self.num_classes > 0:
            x = self._conv9(self._drop(x))
        if self.with_pool:
            x = paddle.flatten(self._avg_pool(F.relu(x)), 1)
        return x


def _squeezenet(version: str, pretrained: bool, **kwargs) -> SqueezeNet:
    model = SqueezeNet(version, **kwargs)
    if not pretrained:
        return model
    tag = version.replace(".", "_")
    return load_pretrained(model, f"squeezenet{tag}", _URL.format(tag))


def squeezenet1_0(pretrained: bool = False, **kwargs) -> SqueezeNet:
    """SqueezeNet 1.0. `kwargs` go to `SqueezeNet` (num_classes, with_pool)."""
    return _squeezenet("1.0", pretrained, **kwargs)


def squeezenet1_1(pretrained: bool = False, **kwargs) -> SqueezeNet:
    """SqueezeNet 1.1: 2.4x less computation than 1.0 at the same accuracy. `kwargs` go to `SqueezeNet`."""
    return _squeezenet("1.1", pretrained, **kwargs)
