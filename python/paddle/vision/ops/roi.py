"""Region-of-interest pooling: roi_align, roi_pool and psroi_pool (and their
layers), differentiable with respect to x.

The geometry (which pixels each output bin reads, and with what weight)
depends only on the boxes, so it is worked out on the host in x's dtype, with
Paddle's kernels' arithmetic; x enters through matmuls and gathers, whose
gradients the engine already has. RoI Align's bilinear weights and
PS-RoI pooling's averages are separable in y and x, so each RoI's output is
`rows @ image @ cols^T` with small dense interpolation matrices.
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.nn.layer.layers import Layer
from paddle.vision.ops import _arguments as arg


def _c_round(v: np.ndarray) -> np.ndarray:
    """C's round(): halves go away from zero (NumPy's go to even)."""
    out = np.round(v)
    halves = np.abs(v - np.trunc(v)) == 0.5
    return np.where(halves, np.trunc(v) + np.sign(v), out)


def _check_roi_inputs(op, x, boxes, boxes_num, output_size, spatial_scale):
    """The checked arguments: boxes as an array in x's dtype, each box's image, (PH, PW), the scale."""
    arg.floating(op, arg.rank(op, x, "x", 4), "x")
    boxes_np, batch = arg.roi_batch(op, x, boxes, boxes_num)
    bins = arg.pair(op, output_size, "output_size")
    scale = arg.float_attribute(op, spatial_scale, "spatial_scale")
    # Paddle's kernels do the box arithmetic in x's dtype.
    return boxes_np.astype(np.dtype(x.dtype.name)), batch, bins, scale


def _separable_pool(x: Tensor, rows: np.ndarray, cols: np.ndarray, batch: np.ndarray) -> Tensor:
    """out[r, c] = rows[r] @ x[batch[r], c] @ cols[r]^T for every RoI r: [R, C, PH, PW].

    rows is [R, PH, H], cols [R, PW, W]. The RoIs of one image are contiguous
    (boxes_num counts them in order), so the per-image results concatenate in
    RoI order.
    """
    n, c, h, w = x.shape
    bins_h, bins_w = rows.shape[1], cols.shape[1]
    outs = []
    for image in range(n):
        picked = np.nonzero(batch == image)[0]
        if len(picked) == 0:
            continue
        count = len(picked)
        across = arg.constant(cols[picked].reshape(count * bins_w, w).T, x)
        t = paddle.matmul(x[image].reshape([c * h, w]), across)  # [C*H, R*PW]
        t = t.reshape([c, h, count, bins_w]).transpose([2, 1, 0, 3]).reshape([count, h, c * bins_w])
        out = paddle.bmm(arg.constant(rows[picked], x), t)  # [R, PH, C*PW]
        outs.append(out.reshape([count, bins_h, c, bins_w]).transpose([0, 2, 1, 3]))
    if not outs:
        return paddle.zeros([0, c, bins_h, bins_w], dtype=x.dtype)
    return paddle.concat(outs) if len(outs) > 1 else outs[0]


def _bilinear_rows(starts, bin_size, grid, bins: int, size: int) -> np.ndarray:
    """[R, bins, size]: row i of RoI r averages grid[r] bilinear samples spaced evenly inside bin i
    along one axis, with the RoI Align kernel's border rule (a sample more than one pixel outside
    counts as zero; one nearer is clamped to the edge)."""
    dtype = starts.dtype
    steps = max(int(grid.max(initial=0)), 1)
    bin_span = bin_size[:, None, None]
    # the kernel's order of operations, so float32 positions round as Paddle's do
    pos = (starts[:, None, None] + np.arange(bins, dtype=dtype)[None, :, None] * bin_span
           + (np.arange(steps, dtype=dtype)[None, None, :] + dtype.type(0.5)) * bin_span
           / np.maximum(grid, 1).astype(dtype)[:, None, None])
    used = np.arange(steps)[None, None, :] < grid[:, None, None]
    inside = (pos >= -1.0) & (pos <= size)
    pos = np.maximum(pos, 0)
    low = np.floor(pos).astype(np.int64)
    at_edge = low >= size - 1
    low = np.where(at_edge, size - 1, low)
    high = np.where(at_edge, size - 1, low + 1)
    frac = np.where(at_edge, 0, pos - low).astype(np.float64)
    weight = (used & inside) / np.maximum(grid, 1)[:, None, None]
    matrix = np.zeros((len(starts), bins, size))
    roi, row = np.indices(pos.shape)[:2]
    np.add.at(matrix, (roi, row, low), weight * (1 - frac))
    np.add.at(matrix, (roi, row, high), weight * frac)
    return matrix


def roi_align(x, boxes, boxes_num, output_size, spatial_scale=1.0, sampling_ratio=-1, aligned=True,
              name=None) -> Tensor:
    """RoI Align (Mask R-CNN): each box of `boxes` is cut into output_size bins,
    and each bin is the mean of bilinear samples of x inside it, taken on a
    regular grid. Differentiable with respect to x.

    Args:
        x (Tensor): the feature maps [N, C, H, W], float32 or float64.
        boxes (Tensor): [R, 4] boxes (x1, y1, x2, y2) in input coordinates.
        boxes_num (Tensor): [N] integer, how many of the boxes (in order) belong to each image.
        output_size (int|tuple[int, int]): the bins per box, (height, width).
        spatial_scale (float, optional): the factor from box to x coordinates. Default 1.0.
        sampling_ratio (int, optional): samples per bin along each axis; <= 0 takes
            ceil(box size / output size) for each box. Default -1.
        aligned (bool, optional): shift the boxes by -0.5 pixel so samples sit at pixel centres;
            when False, boxes are at least 1 pixel wide and high. Default True.
        name (str, optional): unused, for compatibility.

    Returns:
        Tensor: [R, C, output_size[0], output_size[1]], x's dtype.

    Examples:
        >>> import paddle
        >>> x = paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4])
        >>> boxes = paddle.to_tensor([[0.5, 0.5, 2.5, 2.5]])
        >>> out = paddle.vision.ops.roi_align(x, boxes, paddle.to_tensor([1]), output_size=2)
        >>> out.numpy().tolist()
        [[[[2.5, 3.5], [6.5, 7.5]]]]
    """
    op = "roi_align"
    boxes_np, batch, (bins_h, bins_w), scale = _check_roi_inputs(op, x, boxes, boxes_num, output_size, spatial_scale)
    ratio = check.integer(op, sampling_ratio, "sampling_ratio")
    aligned = check.flag(op, aligned, "aligned")
    dtype = boxes_np.dtype.type
    corners = boxes_np * dtype(scale) - dtype(0.5 if aligned else 0.0)
    x1, y1, x2, y2 = corners.T
    width, height = x2 - x1, y2 - y1
    if not aligned:  # the legacy kernel never lets a box shrink below one pixel
        width, height = np.maximum(width, 1), np.maximum(height, 1)
    bin_h, bin_w = height / dtype(bins_h), width / dtype(bins_w)
    if ratio > 0:
        grid_h = grid_w = np.full(len(boxes_np), ratio)
    else:
        grid_h = np.ceil(height / dtype(bins_h)).astype(np.int64)
        grid_w = np.ceil(width / dtype(bins_w)).astype(np.int64)
    h, w = x.shape[2:]
    rows = _bilinear_rows(y1, bin_h, grid_h, bins_h, h)
    cols = _bilinear_rows(x1, bin_w, grid_w, bins_w, w)
    return _separable_pool(x, rows, cols, batch)


def _window_bounds(start, bin_size, bins: int, size: int):
    """[R, bins] first and past-the-last pixel of each bin, clipped to [0, size]."""
    dtype = bin_size.dtype.type
    k = np.arange(bins, dtype=dtype)[None, :]
    lo = np.floor(k * bin_size[:, None]).astype(np.int64) + start[:, None]
    hi = np.ceil((k + dtype(1)) * bin_size[:, None]).astype(np.int64) + start[:, None]
    return np.clip(lo, 0, size), np.clip(hi, 0, size)


def roi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None) -> Tensor:
    """RoI max pooling (Fast R-CNN): each box, rounded to whole pixels of x, is
    cut into output_size bins and each bin is the largest value inside it (0
    for an empty bin). The gradient goes to the first largest element of each
    bin (in row-major order), as Paddle's.

    Args:
        x (Tensor): the feature maps [N, C, H, W], float32 or float64.
        boxes (Tensor): [R, 4] boxes (x1, y1, x2, y2) in input coordinates.
        boxes_num (Tensor): [N] integer, how many of the boxes (in order) belong to each image.
        output_size (int|tuple[int, int]): the bins per box, (height, width).
        spatial_scale (float, optional): the factor from box to x coordinates. Default 1.0.
        name (str, optional): unused, for compatibility.

    Returns:
        Tensor: [R, C, output_size[0], output_size[1]], x's dtype.

    Examples:
        >>> import paddle
        >>> x = paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4])
        >>> boxes = paddle.to_tensor([[0.0, 0.0, 3.0, 3.0]])
        >>> paddle.vision.ops.roi_pool(x, boxes, paddle.to_tensor([1], "int32"), output_size=2).numpy().tolist()
        [[[[5.0, 7.0], [13.0, 15.0]]]]
    """
    op = "roi_pool"
    boxes_np, batch, (bins_h, bins_w), scale = _check_roi_inputs(op, x, boxes, boxes_num, output_size, spatial_scale)
    dtype = boxes_np.dtype.type
    x1, y1, x2, y2 = _c_round(boxes_np * dtype(scale)).astype(np.int64).T
    height = np.maximum(y2 - y1 + 1, 1).astype(boxes_np.dtype)
    width = np.maximum(x2 - x1 + 1, 1).astype(boxes_np.dtype)
    n, c, h, w = x.shape
    top, bottom = _window_bounds(y1, height / dtype(bins_h), bins_h, h)
    left, right = _window_bounds(x1, width / dtype(bins_w), bins_w, w)
    # Every bin reads a (padded) window of span_h x span_w pixels; the padding is masked out.
    span_h = max(int((bottom - top).max(initial=0)), 1)
    span_w = max(int((right - left).max(initial=0)), 1)
    dy = np.arange(span_h)[None, None, None, :, None]
    dx = np.arange(span_w)[None, None, None, None, :]
    row = top[:, :, None, None, None] + dy
    col = left[:, None, :, None, None] + dx
    inside = (row < bottom[:, :, None, None, None]) & (col < right[:, None, :, None, None])
    flat = batch[:, None, None, None, None] * (h * w) + np.minimum(row, h - 1) * w + np.minimum(col, w - 1)
    flat = np.where(inside, flat, 0)
    rois, windows = len(boxes_np), bins_h * bins_w
    pixels = x.transpose([0, 2, 3, 1]).reshape([n * h * w, c])
    values = paddle.gather(pixels, arg.constant(flat.reshape(-1), x, "int64"))
    values = values.reshape([rois * windows, span_h * span_w, c])
    mask = arg.constant(inside.reshape(rois * windows, span_h * span_w, 1), x, "bool")
    values = paddle.where(mask, values, paddle.full([1], -np.inf, dtype=x.dtype))
    best = paddle.take_along_axis(values, paddle.argmax(values, axis=1, keepdim=True), axis=1)
    empty = arg.constant(~inside.reshape(rois * windows, -1).any(axis=1)[:, None, None], x, "bool")
    best = paddle.where(empty, paddle.zeros([1], dtype=x.dtype), best)
    return best.reshape([rois, bins_h, bins_w, c]).transpose([0, 3, 1, 2])


def _average_rows(start, end, bins: int, size: int) -> np.ndarray:
    """[R, bins, size]: row i of RoI r averages the pixels of bin i along one axis (empty bins: zeros)."""
    dtype = start.dtype.type
    bin_size = np.maximum(end - start, dtype(0.1)) / dtype(bins)
    k = np.arange(bins, dtype=dtype)[None, :]
    lo = np.clip(np.floor(k * bin_size[:, None] + start[:, None]), 0, size).astype(np.int64)
    hi = np.clip(np.ceil((k + dtype(1)) * bin_size[:, None] + start[:, None]), 0, size).astype(np.int64)
    pixel = np.arange(size)[None, None, :]
    inside = (pixel >= lo[:, :, None]) & (pixel < hi[:, :, None])
    return inside / np.maximum(hi - lo, 1)[:, :, None]


def psroi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None) -> Tensor:
    """Position-sensitive RoI average pooling (R-FCN): x has C = channels *
    output_size[0] * output_size[1] channels, and bin (i, j) of output channel
    k averages channel (k * output_size[0] + i) * output_size[1] + j of x over
    that bin (0 for an empty bin). Box corners are rounded to whole pixels
    before scaling, and the far corner is inclusive.

    Args:
        x (Tensor): the feature maps [N, C, H, W], float32 or float64.
        boxes (Tensor): [R, 4] boxes (x1, y1, x2, y2) in input coordinates.
        boxes_num (Tensor): [N] integer, how many of the boxes (in order) belong to each image.
        output_size (int|tuple[int, int]): the bins per box, (height, width); C must be a multiple
            of their product.
        spatial_scale (float, optional): the factor from box to x coordinates. Default 1.0.
        name (str, optional): unused, for compatibility.

    Returns:
        Tensor: [R, C / (output_size[0] * output_size[1]), output_size[0], output_size[1]].
    """
    op = "psroi_pool"
    boxes_np, batch, (bins_h, bins_w), scale = _check_roi_inputs(op, x, boxes, boxes_num, output_size, spatial_scale)
    n, c, h, w = x.shape
    if c % (bins_h * bins_w):
        raise ValueError(f"[{op}] argument 'x': expected channels divisible by output_size[0] * output_size[1] "
                         f"({bins_h * bins_w}), but got shape {list(x.shape)}")
    channels = c // (bins_h * bins_w)
    dtype = boxes_np.dtype.type
    rounded = _c_round(boxes_np)
    x1, y1 = (rounded[:, 0] * dtype(scale), rounded[:, 1] * dtype(scale))
    x2, y2 = ((rounded[:, 2] + dtype(1)) * dtype(scale), (rounded[:, 3] + dtype(1)) * dtype(scale))
    rows = _average_rows(y1, y2, bins_h, h)  # [R, PH, H]
    cols = _average_rows(x1, x2, bins_w, w)  # [R, PW, W]
    outs = []
    for image in range(n):
        picked = np.nonzero(batch == image)[0]
        if len(picked) == 0:
            continue
        count = len(picked)
        # Bin (i, j) reads its own channel: contract x's width with column j of each RoI,
        # then its height with row i.
        planes = x[image].reshape([channels, bins_h, bins_w, h, w]).transpose([2, 0, 1, 3, 4])
        planes = planes.reshape([bins_w, channels * bins_h * h, w])
        across = arg.constant(cols[picked].transpose(1, 2, 0), x)  # [PW, W, R]
        t = paddle.bmm(planes, across).reshape([bins_w, channels, bins_h, h, count])
        t = t.transpose([2, 4, 1, 0, 3]).reshape([bins_h * count, channels * bins_w, h])
        down = arg.constant(rows[picked].transpose(1, 0, 2).reshape(bins_h * count, h, 1), x)
        out = paddle.bmm(t, down).reshape([bins_h, count, channels, bins_w])
        outs.append(out.transpose([1, 2, 0, 3]))
    if not outs:
        return paddle.zeros([0, channels, bins_h, bins_w], dtype=x.dtype)
    return paddle.concat(outs) if len(outs) > 1 else outs[0]


class _RoILayer(Layer):
    """The shared state of the RoI layers: output_size and spatial_scale, checked when built."""

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        op = type(self).__name__
        arg.pair(op, output_size, "output_size")
        arg.float_attribute(op, spatial_scale, "spatial_scale")
        self._output_size = output_size
        self._spatial_scale = spatial_scale

    def extra_repr(self) -> str:
        return f"output_size={self._output_size}, spatial_scale={self._spatial_scale}"


class RoIAlign(_RoILayer):
    """The layer of roi_align: RoIAlign(output_size, spatial_scale=1.0)(x, boxes, boxes_num, aligned=True).

    Args:
        output_size (int|tuple[int, int]): the bins per box, (height, width).
        spatial_scale (float, optional): the factor from box to x coordinates. Default 1.0.
    """

    def forward(self, x, boxes, boxes_num, aligned=True) -> Tensor:
        return roi_align(x, boxes, boxes_num, self._output_size, self._spatial_scale, aligned=aligned)


class RoIPool(_RoILayer):
    """The layer of roi_pool: RoIPool(output_size, spatial_scale=1.0)(x, boxes, boxes_num).

    Args:
        output_size (int|tuple[int, int]): the bins per box, (height, width).
        spatial_scale (float, optional): the factor from box to x coordinates. Default 1.0.
    """

    def forward(self, x, boxes, boxes_num) -> Tensor:
        return roi_pool(x, boxes, boxes_num, self._output_size, self._spatial_scale)


class PSRoIPool(_RoILayer):
    """The layer of psroi_pool: PSRoIPool(output_size, spatial_scale=1.0)(x, boxes, boxes_num).

    Args:
        output_size (int|tuple[int, int]): the bins per box, (height, width).
        spatial_scale (float, optional): the factor from box to x coordinates. Default 1.0.
    """

    def forward(self, x, boxes, boxes_num) -> Tensor:
        return psroi_pool(x, boxes, boxes_num, self._output_size, self._spatial_scale)
