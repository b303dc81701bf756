"""Rearranging pixels between channels and space."""

from __future__ import annotations

import paddle
from paddle._C import Tensor


def pixel_shuffle(x, upscale_factor, data_format="NCHW", name=None) -> Tensor:
    """[N, C*r*r, H, W] -> [N, C, H*r, W*r]."""
    if not isinstance(x, Tensor) or len(x.shape) != 4:
        raise ValueError("[pixel_shuffle] x must be a 4-D tensor")
    r = int(upscale_factor)
    if data_format == "NHWC":
        x = paddle.moveaxis(x, -1, 1)
    n, c, h, w = x.shape
    if c % (r * r):
        raise ValueError(f"[pixel_shuffle] channels ({c}) must be divisible by upscale_factor^2 ({r * r})")
    out = x.reshape([n, c // (r * r), r, r, h, w]).transpose([0, 1, 4, 2, 5, 3]).reshape([n, c // (r * r), h * r, w * r])
    return paddle.moveaxis(out, 1, -1) if data_format == "NHWC" else out


def pixel_unshuffle(x, downscale_factor, data_format="NCHW", name=None) -> Tensor:
    """[N, C, H*r, W*r] -> [N, C*r*r, H, W], the inverse of pixel_shuffle."""
    if not isinstance(x, Tensor) or len(x.shape) != 4:
        raise ValueError("[pixel_unshuffle] x must be a 4-D tensor")
    r = int(downscale_factor)
    if data_format == "NHWC":
        x = paddle.moveaxis(x, -1, 1)
    n, c, h, w = x.shape
    if h % r or w % r:
        raise ValueError(f"[pixel_unshuffle] height and width ({h}, {w}) must be divisible by {r}")
    out = x.reshape([n, c, h // r, r, w // r, r]).transpose([0, 1, 3, 5, 2, 4]).reshape([n, c * r * r, h // r, w // r])
    return paddle.moveaxis(out, 1, -1) if data_format == "NHWC" else out
