"""Rearranging pixels between channels and space, and resampling them at
arbitrary positions: the spatial-transformer pair affine_grid / grid_sample."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops


def pixel_shuffle(x, upscale_factor, data_format="NCHW", name=None) -> Tensor:
    """[N, C*r*r, H, W] -> [N, C, H*r, W*r]."""
    if not isinstance(x, check.TENSOR_TYPES) or len(x.shape) != 4:
        raise ValueError("[pixel_shuffle] x must be a 4-D tensor")
    r = check.integer("pixel_shuffle", upscale_factor, "upscale_factor", min=1)
    check.choice("pixel_shuffle", data_format, ("NCHW", "NHWC"), "data_format")
    if data_format == "NHWC":
        x = paddle.moveaxis(x, -1, 1)
    n, c, h, w = x.shape
    if c % (r * r):
        raise ValueError(f"[pixel_shuffle] channels ({c}) must be divisible by upscale_factor^2 ({r * r})")
    out = x.reshape([n, c // (r * r), r, r, h, w]).transpose([0, 1, 4, 2, 5, 3]).reshape([n, c // (r * r), h * r, w * r])
    return paddle.moveaxis(out, 1, -1) if data_format == "NHWC" else out


def pixel_unshuffle(x, downscale_factor, data_format="NCHW", name=None) -> Tensor:
    """[N, C, H*r, W*r] -> [N, C*r*r, H, W], the inverse of pixel_shuffle."""
    if not isinstance(x, check.TENSOR_TYPES) or len(x.shape) != 4:
        raise ValueError("[pixel_unshuffle] x must be a 4-D tensor")
    r = check.integer("pixel_unshuffle", downscale_factor, "downscale_factor", min=1)
    check.choice("pixel_unshuffle", data_format, ("NCHW", "NHWC"), "data_format")
    if data_format == "NHWC":
        x = paddle.moveaxis(x, -1, 1)
    n, c, h, w = x.shape
    if h % r or w % r:
        raise ValueError(f"[pixel_unshuffle] height and width ({h}, {w}) must be divisible by {r}")
    out = x.reshape([n, c, h // r, r, w // r, r]).transpose([0, 1, 3, 5, 2, 4]).reshape([n, c * r * r, h // r, w // r])
    return paddle.moveaxis(out, 1, -1) if data_format == "NHWC" else out


def affine_grid(theta, out_shape, align_corners=True, name=None) -> Tensor:
    """The sampling grid of the affine maps theta ([N, 2, 3], or [N, 3, 4] in
    3-D) over an output of out_shape ([N, C, H, W] or [N, C, D, H, W]):
    [N, H, W, 2] (or [N, D, H, W, 3]) normalized (x, y[, z]) positions, for grid_sample.

    Examples:
        >>> import paddle
        >>> theta = paddle.to_tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
        >>> paddle.nn.functional.affine_grid(theta, [1, 1, 2, 2]).numpy().tolist()
        [[[[-1.0, -1.0], [1.0, -1.0]], [[-1.0, 1.0], [1.0, 1.0]]]]
    """
    check.tensor("affine_grid", theta, "theta")
    out_shape = check.int_list("affine_grid", out_shape, "out_shape")
    return _C_ops.affine_grid(theta, out_shape, align_corners)


def grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=True, name=None) -> Tensor:
    """x ([N, C, H, W] or [N, C, D, H, W]) sampled at the normalized positions
    of grid ([N, Ho, Wo, 2] of (x, y), or [N, Do, Ho, Wo, 3] of (x, y, z); -1
    and 1 are the outer pixels' centers when align_corners, else their outer
    edges), with bilinear (trilinear) or nearest interpolation, and zeros,
    border or reflection padding outside. Differentiable in x and grid.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[[[0.0, 1.0], [2.0, 3.0]]]])
        >>> grid = paddle.to_tensor([[[[0.0, 0.0], [1.0, -1.0]]]])
        >>> paddle.nn.functional.grid_sample(x, grid).numpy().tolist()
        [[[[1.5, 1.0]]]]
    """
    for arg, value in (("x", x), ("grid", grid)):
        check.tensor("grid_sample", value, arg)
    return _C_ops.grid_sample(x, grid, mode, padding_mode, align_corners)
