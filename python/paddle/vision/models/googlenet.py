"""GoogLeNet / Inception v1 (Szegedy et al., 2014), with Paddle's layer names and its two auxiliary heads."""

from __future__ import annotations

import paddle
from paddle import nn
from paddle.nn import functional as F

from paddle.vision.models._utils import load_pretrained

_URL = "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/GoogLeNet_pretrained.pdparams"


def _xavier_uniform(fan_in: int) -> paddle.ParamAttr:
    """Uniform(-sqrt(3 / fan_in), sqrt(3 / fan_in)), the fc initialisation Paddle's GoogLeNet uses."""
    bound = (3.0 / fan_in) ** 0.5
    return paddle.ParamAttr(initializer=nn.initializer.Uniform(-bound, bound))


class _Conv(nn.Layer):
    """A 'same'-padded Conv2D without bias; GoogLeNet here has no batch norm."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1) -> None:
        super().__init__()
        self._conv = nn.Conv2D(in_channels, out_channels, kernel_size, stride=stride,
                               padding=(kernel_size - 1) // 2, bias_attr=False)

    def forward(self, x):
        return self._conv(x)


class _Inception(nn.Layer):
    """Four parallel branches (1x1; 1x1-3x3; 1x1-5x5; 3x3 max pool-1x1) concatenated, then ReLU."""

    def __init__(self, in_channels: int, filter1: int, filter3r: int, filter3: int, filter5r: int, filter5: int,
                 proj: int) -> None:
        super().__init__()
        self._conv1 = _Conv(in_channels, filter1, 1)
        self._conv3r = _Conv(in_channels, filter3r, 1)
        self._conv3 = _Conv(filter3r, filter3, 3)
        self._conv5r = _Conv(in_channels, filter5r, 1)
        self._conv5 = _Conv(filter5r, filter5, 5)
        self._pool = nn.MaxPool2D(kernel_size=3, stride=1, padding=1)
        self._convprj = _Conv(in_channels, proj, 1)

    def forward(self, x):
        branches = [self._conv1(x), self._conv3(self._conv3r(x)), self._conv5(self._conv5r(x)),
                    self._convprj(self._pool(x))]
        # the ReLU comes after the concatenation: the branch convolutions themselves are linear
        return F.relu(paddle.concat(branches, axis=1))


# (in, 1x1, 3x3 reduce, 3x3, 5x5 reduce, 5x5, pool projection) of each inception module
_MODULES = {
    "_ince3a": (192, 64, 96, 128, 16, 32, 32),
    "_ince3b": (256, 128, 128, 192, 32, 96, 64),
    "_ince4a": (480, 192, 96, 208, 16, 48, 64),
    "_ince4b": (512, 160, 112, 224, 24, 64, 64),
    "_ince4c": (512, 128, 128, 256, 24, 64, 64),
    "_ince4d": (512, 112, 144, 288, 32, 64, 64),
    "_ince4e": (528, 256, 160, 320, 32, 128, 128),
    "_ince5a": (832, 256, 160, 320, 32, 128, 128),
    "_ince5b": (832, 384, 192, 384, 48, 128, 128),
}


class GoogLeNet(nn.Layer):
    """GoogLeNet from "Going Deeper with Convolutions".

    `forward` returns three tensors: the main output and the two auxiliary
    heads (after inception 4a and 4d). With classes, the auxiliary heads
    flatten a 128 x 3 x 3 map, so they need inputs of about 190 to 236 pixels
    (224 is the usual); with ``num_classes <= 0`` the three tensors are the
    (pooled) feature maps, and inputs down to 94 pixels work (the auxiliary
    5x5 average pools need a 5x5 map).

    Args:
        num_classes (int, optional): outputs of the classifiers; no classifiers when <= 0. Default 1000.
        with_pool (bool, optional): whether to pool before the classifiers. Default True.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import GoogLeNet
        >>> out, aux1, aux2 = GoogLeNet(num_classes=0)(paddle.rand([1, 3, 96, 96]))
        >>> list(out.shape), list(aux1.shape), list(aux2.shape)
        ([1, 1024, 1, 1], [1, 512, 1, 1], [1, 528, 1, 1])
    """

    def __init__(self, num_classes: int = 1000, with_pool: bool = True) -> None:
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        self._conv = _Conv(3, 64, 7, 2)
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2)
        self._conv_1 = _Conv(64, 64, 1)
        self._conv_2 = _Conv(64, 192, 3)
        for name, channels in _MODULES.items():
            setattr(self, name, _Inception(*channels))
        if with_pool:
            self._pool_5 = nn.AdaptiveAvgPool2D(1)
            self._pool_o1 = nn.AvgPool2D(kernel_size=5, stride=3)
            self._pool_o2 = nn.AvgPool2D(kernel_size=5, stride=3)
        if num_classes > 0:
            self._drop = nn.Dropout(p=0.4, mode="downscale_in_infer")
            self._fc_out = nn.Linear(1024, num_classes, weight_attr=_xavier_uniform(1024))
            self._conv_o1 = _Conv(512, 128, 1)
            self._fc_o1 = nn.Linear(1152, 1024, weight_attr=_xavier_uniform(2048))
            self._drop_o1 = nn.Dropout(p=0.7, mode="downscale_in_infer")
            self._out1 = nn.Linear(1024, num_classes, weight_attr=_xavier_uniform(1024))
            self._conv_o2 = _Conv(528, 128, 1)
            self._fc_o2 = nn.Linear(1152, 1024, weight_attr=_xavier_uniform(2048))
            self._drop_o2 = nn.Dropout(p=0.7, mode="downscale_in_infer")
            self._out2 = nn.Linear(1024, num_classes, weight_attr=_xavier_uniform(1024))

    def forward(self, x):
        x = self._pool(self._conv(x))
        x = self._pool(self._conv_2(self._conv_1(x)))
        x = self._pool(self._ince3b(self._ince3a(x)))
        ince4a = self._ince4a(x)
        ince4d = self._ince4d(self._ince4c(self._ince4b(ince4a)))
        x = self._pool(self._ince4e(ince4d))
        out, out1, out2 = self._ince5b(self._ince5a(x)), ince4a, ince4d
        if self.with_pool:
            out, out1, out2 = self._pool_5(out), self._pool_o1(out1), self._pool_o2(out2)
        if self.num_classes > 0:
            out = self._fc_out(paddle.flatten(self._drop(out), 1))
            out1 = F.relu(self._fc_o1(paddle.flatten(self._conv_o1(out1), 1)))
            out1 = self._out1(self._drop_o1(out1))
            # Paddle's second head has no ReLU after _fc_o2; kept so its checkpoints give the same outputs
            out2 = self._fc_o2(paddle.flatten(self._conv_o2(out2), 1))
            out2 = self._out2(self._drop_o2(out2))
        return out, out1, out2


def googlenet(pretrained: bool = False, **kwargs) -> GoogLeNet:
    """GoogLeNet. `kwargs` go to `GoogLeNet` (num_classes, with_pool)."""
    model = GoogLeNet(**kwargs)
    return load_pretrained(model, "googlenet", _URL) if pretrained else model
