"""ShuffleNetV2 (Ma et al., 2018), with Paddle's layer names."""

from __future__ import annotations

import paddle
from paddle import nn

from paddle.vision.models._utils import ConvNormActivation, load_pretrained

_URL = "https://paddle-hapi.bj.bcebos.com/models/{}.pdparams"
_ACTIVATIONS = {"relu": nn.ReLU, "swish": nn.Swish, None: None}
# width multiplier -> output channels of the stem, the three stages and the last 1x1 convolution
_STAGE_CHANNELS = {
    0.25: [24, 24, 48, 96, 512],
    0.33: [24, 32, 64, 128, 512],
    0.5: [24, 48, 96, 192, 1024],
    1.0: [24, 116, 232, 464, 1024],
    1.5: [24, 176, 352, 704, 1024],
    2.0: [24, 224, 488, 976, 2048],
}
_STAGE_REPEATS = [4, 8, 4]


def _channel_shuffle(x, groups: int):
    """Interleaves the channels of `groups` equal groups, so the next block mixes both halves."""
    n, c, h, w = x.shape
    x = paddle.reshape(x, [n, groups, c // groups, h, w])
    return paddle.reshape(paddle.transpose(x, [0, 2, 1, 3, 4]), [n, c, h, w])


def _conv_bn(in_channels: int, out_channels: int, kernel_size: int, stride: int = 1, groups: int = 1,
             activation_layer=None) -> ConvNormActivation:
    return ConvNormActivation(in_channels, out_channels, kernel_size=kernel_size, stride=stride,
                              padding=(kernel_size - 1) // 2, groups=groups, activation_layer=activation_layer)


class _InvertedResidual(nn.Layer):
    """Stride-1 unit: half the channels pass through, the other half goes 1x1 -> 3x3 depthwise -> 1x1."""

    def __init__(self, channels: int, activation_layer) -> None:
        super().__init__()
        half = channels // 2
        self._conv_pw = _conv_bn(half, half, 1, activation_layer=activation_layer)
        self._conv_dw = _conv_bn(half, half, 3, groups=half)
        self._conv_linear = _conv_bn(half, half, 1, activation_layer=activation_layer)

    def forward(self, x):
        half = x.shape[1] // 2
        kept, changed = paddle.split(x, [half, half], axis=1)
        changed = self._conv_linear(self._conv_dw(self._conv_pw(changed)))
        return _channel_shuffle(paddle.concat([kept, changed], axis=1), 2)


class _InvertedResidualDS(nn.Layer):
    """Downsampling unit: both branches see the whole input and halve the resolution."""

    def __init__(self, in_channels: int, out_channels: int, stride: int, activation_layer) -> None:
        super().__init__()
        half = out_channels // 2
        self._conv_dw_1 = _conv_bn(in_channels, in_channels, 3, stride=stride, groups=in_channels)
        self._conv_linear_1 = _conv_bn(in_channels, half, 1, activation_layer=activation_layer)
        self._conv_pw_2 = _conv_bn(in_channels, half, 1, activation_layer=activation_layer)
        self._conv_dw_2 = _conv_bn(half, half, 3, stride=stride, groups=half)
        self._conv_linear_2 = _conv_bn(half, half, 1, activation_layer=activation_layer)

    def forward(self, x):
        left = self._conv_linear_1(self._conv_dw_1(x))
        right = self._conv_linear_2(self._conv_dw_2(self._conv_pw_2(x)))
        return _channel_shuffle(paddle.concat([left, right], axis=1), 2)


class ShuffleNetV2(nn.Layer):
    """ShuffleNetV2 from "ShuffleNet V2: Practical Guidelines for Efficient CNN Architecture Design".

    Args:
        scale (float, optional): width multiplier: 0.25, 0.33, 0.5, 1.0, 1.5 or 2.0. Default 1.0.
        act (str|None, optional): activation, 'relu', 'swish' or None (no activation). Default 'relu'.
        num_classes (int, optional): outputs of the last layer; no fc layer when <= 0. Default 1000.
        with_pool (bool, optional): whether to end with global average pooling. Default True.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import ShuffleNetV2
        >>> list(ShuffleNetV2(scale=0.25, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape)
        [1, 10]
    """

    def __init__(self, scale: float = 1.0, act: str | None = "relu", num_classes: int = 1000,
                 with_pool: bool = True) -> None:
        super().__init__()
        if scale not in _STAGE_CHANNELS:
            raise ValueError(f"[ShuffleNetV2] argument 'scale': expected one of {sorted(_STAGE_CHANNELS)}, "
                             f"but got {scale}")
        if act not in _ACTIVATIONS:
            raise ValueError(f"[ShuffleNetV2] argument 'act': expected 'relu', 'swish' or None, but got {act!r}")
        self.scale = scale
        self.num_classes = num_classes
        self.with_pool = with_pool
        activation_layer = _ACTIVATIONS[act]
        channels = _STAGE_CHANNELS[scale]
        self._conv1 = _conv_bn(3, channels[0], 3, stride=2, activation_layer=activation_layer)
        self._max_pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self._block_list = []
        # Paddle names the units "<stage>_<index>", stages from 2, indices from 1
        for stage, repeats in enumerate(_STAGE_REPEATS):
            in_channels, out_channels = channels[stage], channels[stage + 1]
            for i in range(repeats):
                unit = (_InvertedResidualDS(in_channels, out_channels, 2, activation_layer) if i == 0
                        else _InvertedResidual(out_channels, activation_layer))
                self._block_list.append(self.add_sublayer(f"{stage + 2}_{i + 1}", unit))
        self._last_conv = _conv_bn(channels[-2], channels[-1], 1, activation_layer=activation_layer)
        if with_pool:
            self._pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self._out_c = channels[-1]
            self._fc = nn.Linear(channels[-1], num_classes)

    def forward(self, x):
        x = self._max_pool(self._conv1(x))
        for unit in self._block_list:
            x = unit(x)
        x = self._last_conv(x)
        if self.with_pool:
            x = self._pool2d_avg(x)
        if self.num_classes > 0:
            x = self._fc(paddle.flatten(x, 1))
        return x


def _shufflenet_v2(arch: str, pretrained: bool, **kwargs) -> ShuffleNetV2:
    model = ShuffleNetV2(**kwargs)
    return load_pretrained(model, arch, _URL.format(arch)) if pretrained else model


def shufflenet_v2_x0_25(pretrained: bool = False, **kwargs) -> ShuffleNetV2:
    """ShuffleNetV2 with scale 0.25. `kwargs` go to `ShuffleNetV2` (act, num_classes, with_pool).

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import shufflenet_v2_x0_25
        >>> list(shufflenet_v2_x0_25(num_classes=0, with_pool=False)(paddle.rand([1, 3, 64, 64])).shape)
        [1, 512, 2, 2]
    """
    return _shufflenet_v2("shufflenet_v2_x0_25", pretrained, scale=0.25, **kwargs)


def shufflenet_v2_x0_33(pretrained: bool = False, **kwargs) -> ShuffleNetV2:
    """ShuffleNetV2 with scale 0.33. `kwargs` go to `ShuffleNetV2`."""
    return _shufflenet_v2("shufflenet_v2_x0_33", pretrained, scale=0.33, **kwargs)


def shufflenet_v2_x0_5(pretrained: bool = False, **kwargs) -> ShuffleNetV2:
    """ShuffleNetV2 with scale 0.5. `kwargs` go to `ShuffleNetV2`."""
    return _shufflenet_v2("shufflenet_v2_x0_5", pretrained, scale=0.5, **kwargs)


def shufflenet_v2_x1_0(pretrained: bool = False, **kwargs) -> ShuffleNetV2:
    """ShuffleNetV2 with scale 1.0. `kwargs` go to `ShuffleNetV2`."""
    return _shufflenet_v2("shufflenet_v2_x1_0", pretrained, scale=1.0, **kwargs)


def shufflenet_v2_x1_5(pretrained: bool = False, **kwargs) -> ShuffleNetV2:
    """ShuffleNetV2 with scale 1.5. `kwargs` go to `ShuffleNetV2`."""
    return _shufflenet_v2("shufflenet_v2_x1_5", pretrained, scale=1.5, **kwargs)


def shufflenet_v2_x2_0(pretrained: bool = False, **kwargs) -> ShuffleNetV2:
    """ShuffleNetV2 with scale 2.0. `kwargs` go to `ShuffleNetV2`."""
    return _shufflenet_v2("shufflenet_v2_x2_0", pretrained, scale=2.0, **kwargs)


def shufflenet_v2_swish(pretrained: bool = False, **kwargs) -> ShuffleNetV2:
    """ShuffleNetV2 with scale 1.0 and swish activations. `kwargs` go to `ShuffleNetV2` (num_classes, with_pool)."""
    return _shufflenet_v2("shufflenet_v2_swish", pretrained, scale=1.0, act="swish", **kwargs)
