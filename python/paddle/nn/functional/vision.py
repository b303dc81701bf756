"""Rearranging pixels between channels and space, and resampling them at
arbitrary positions: the spatial-transformer pair affine_grid / grid_sample."""

from __future__ import annotations

import itertools
import math

import paddle
from paddle import _checks as check
from paddle._C import Tensor


def pixel_shuffle(x, upscale_factor, data_format="NCHW", name=None) -> Tensor:
    """[N, C*r*r, H, W] -> [N, C, H*r, W*r]."""
    if not isinstance(x, Tensor) or len(x.shape) != 4:
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
    if not isinstance(x, Tensor) or len(x.shape) != 4:
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


def _base_coordinates(size, align_corners, dtype):
    """The normalized centers of `size` pixels along one axis, in [-1, 1]."""
    if align_corners:
        return paddle.linspace(-1.0, 1.0, size, dtype=dtype) if size > 1 else paddle.zeros([size], dtype)
    return (paddle.arange(size, dtype=dtype) * 2 + 1) / size - 1


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
    if not isinstance(theta, Tensor):
        raise TypeError(f"[affine_grid] argument 'theta': expected Tensor, but got {type(theta).__name__}")
    out_shape = check.int_list("affine_grid", out_shape, "out_shape")
    dims = len(out_shape) - 2
    if dims not in (2, 3) or list(theta.shape) != [out_shape[0], dims, dims + 1]:
        raise ValueError(f"[affine_grid] theta must be [N, 2, 3] with out_shape [N, C, H, W] (or [N, 3, 4] with "
                         f"[N, C, D, H, W]), but got theta {theta.shape} and out_shape {out_shape}")
    spatial = out_shape[2:]
    # axis k of the grid's last dim is x, y, z: the last spatial axis first
    axes = [_base_coordinates(size, align_corners, theta.dtype) for size in reversed(spatial)]
    mesh = paddle.meshgrid(*reversed(axes))  # in spatial order
    base = paddle.stack(list(reversed(mesh)) + [paddle.ones(spatial, theta.dtype)], axis=-1)
    grid = paddle.matmul(base.reshape([1, -1, dims + 1]), theta, transpose_y=True)
    return grid.reshape([out_shape[0]] + spatial + [dims])


def _reflect(coord, low, high):
    """coord reflected into [low, high], as a mirror image repeating every 2 (high - low)."""
    span = high - low
    if span <= 0:
        return paddle.zeros_like(coord) + low
    distance = paddle.abs(coord - low)
    flips = paddle.floor(distance / span)
    extra = distance - flips * span
    return paddle.where(flips % 2 == 0, extra + low, high - extra)


def _source_coordinate(coord, size, padding_mode, align_corners):
    """Normalized positions in [-1, 1] to pixel positions along an axis of `size`."""
    c = (coord + 1) * ((size - 1) / 2) if align_corners else ((coord + 1) * size - 1) / 2
    if padding_mode == "border":
        return paddle.clip(c, 0, size - 1)
    if padding_mode == "reflection":
        if align_corners:
            return _reflect(c, 0, size - 1)
        return paddle.clip(_reflect(c, -0.5, size - 0.5), 0, size - 1)
    return c


def _round_half_even(c):
    r = paddle.floor(c + 0.5)
    tie = paddle.logical_and(r - c == 0.5, r % 2 == 1)
    return paddle.where(tie, r - 1, r)


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
        if not isinstance(value, Tensor):
            raise TypeError(f"[grid_sample] argument '{arg}': expected Tensor, but got {type(value).__name__}")
    if mode not in ("bilinear", "nearest"):
        raise ValueError(f"[grid_sample] mode must be 'bilinear' or 'nearest', but got {mode!r}")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"[grid_sample] padding_mode must be 'zeros', 'border' or 'reflection', but got "
                         f"{padding_mode!r}")
    dims = len(x.shape) - 2
    if dims not in (2, 3) or len(grid.shape) != dims + 2 or grid.shape[0] != x.shape[0] or grid.shape[-1] != dims:
        raise ValueError(f"[grid_sample] x must be [N, C, H, W] with grid [N, Ho, Wo, 2] (or 5-D with a last dim "
                         f"of 3), but got x {x.shape} and grid {grid.shape}")
    if x.dtype != grid.dtype:
        raise TypeError(f"[grid_sample] x and grid must have one dtype, but got {x.dtype} and {grid.dtype}")
    n, c, spatial = x.shape[0], x.shape[1], x.shape[2:]
    out_spatial = grid.shape[1:-1]
    points = math.prod(out_spatial)
    flat = grid.reshape([n, points, dims])
    # per spatial axis (in x's order), the pixel positions of every output point: [N, P]
    coords = [_source_coordinate(flat[:, :, dims - 1 - axis], spatial[axis], padding_mode, align_corners)
              for axis in range(dims)]
    if mode == "nearest":
        choices = [[(_round_half_even(coord), None)] for coord in coords]
    else:
        choices = []
        for coord in coords:
            low = paddle.floor(coord)
            frac = coord - low
            choices.append([(low, 1 - frac), (low + 1, frac)])
    strides = [math.prod(spatial[axis + 1:]) for axis in range(dims)]
    x_flat = x.reshape([n, c, -1])
    out = None
    for corner in itertools.product(*choices):
        weight, index = None, None
        for axis, (position, w) in enumerate(corner):
            inside = paddle.logical_and(position >= 0, position <= spatial[axis] - 1).astype(x.dtype)
            w = inside if w is None else w * inside
            weight = w if weight is None else weight * w
            term = paddle.clip(position, 0, spatial[axis] - 1).astype("int64") * strides[axis]
            index = term if index is None else index + term
        picked = paddle.take_along_axis(x_flat, paddle.broadcast_to(index.unsqueeze(1), [n, c, points]), 2)
        term = picked * weight.unsqueeze(1)
        out = term if out is None else out + term
    return out.reshape([n, c] + list(out_spatial))
