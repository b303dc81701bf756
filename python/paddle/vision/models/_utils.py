"""Pieces the vision models share: channel rounding, the Conv-BN-activation block, pretrained weights."""

from __future__ import annotations

import os

from paddle import nn

WEIGHTS_HOME = os.path.expanduser(os.path.join("~", ".cache", "paddle", "hapi", "weights"))


def _make_divisible(v: float, divisor: int = 8, min_value: int | None = None) -> int:
    """`v` rounded to a multiple of `divisor`, never below `min_value` nor more than 10% under `v`."""
    min_value = divisor if min_value is None else min_value
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    return new_v + divisor if new_v < 0.9 * v else new_v


class ConvNormActivation(nn.Sequential):
    """Conv2D, then a norm layer, then an activation (Paddle's ``paddle.vision.ops.ConvNormActivation``).

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        kernel_size (int, optional): the kernel size. Default 3.
        stride (int, optional): the stride. Default 1.
        padding (int, optional): the padding; ``(kernel_size - 1) // 2 * dilation`` when None.
        groups (int, optional): convolution groups. Default 1.
        norm_layer (callable, optional): makes the norm layer from the channel count, or None. Default BatchNorm2D.
        activation_layer (callable, optional): makes the activation, or None. Default ReLU.
        dilation (int, optional): the dilation. Default 1.
        bias (bool, optional): whether the convolution has a bias; by default only without a norm layer.
    """

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int = 3, stride: int = 1,
                 padding: int | None = None, groups: int = 1, norm_layer=nn.BatchNorm2D, activation_layer=nn.ReLU,
                 dilation: int = 1, bias: bool | None = None) -> None:
        if padding is None:
            padding = (kernel_size - 1) // 2 * dilation
        if bias is None:
            bias = norm_layer is None
        layers = [nn.Conv2D(in_channels, out_channels, kernel_size, stride, padding, dilation=dilation, groups=groups,
                            bias_attr=None if bias else False)]
        if norm_layer is not None:
            layers.append(norm_layer(out_channels))
        if activation_layer is not None:
            layers.append(activation_layer())
        super().__init__(*layers)


def load_pretrained(model: nn.Layer, arch: str, url: str | None) -> nn.Layer:
    """Loads Paddle's released weights for `arch` from the local cache, or explains where to put them.

    No weights ship with this package and nothing is downloaded: the file named
    by `url` must already be in ``~/.cache/paddle/hapi/weights`` (where
    PaddlePaddle's own download puts it).
    """
    if url is None:
        raise ValueError(f"[{arch}] there are no pretrained weights for {arch}; use pretrained=False")
    path = os.path.join(WEIGHTS_HOME, url.split("/")[-1])
    if not os.path.isfile(path):
        raise RuntimeError(
            f"[{arch}] pretrained=True needs the weights file {url}, which this package does not ship and cannot "
            f"download (no network access). Download it elsewhere and put it at {path}, or build the model with "
            f"pretrained=False and call model.set_state_dict(paddle.load(<file>))")
    import paddle

    model.set_state_dict(paddle.load(path))
    return model
