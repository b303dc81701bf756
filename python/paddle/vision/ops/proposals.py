"""Region proposals of two-stage detectors: generate_proposals (RPN boxes
from anchors, deltas and scores, then NMS) and distribute_fpn_proposals
(which FPN level each box is pooled from). Both select by value, so they
run on the host, like Paddle's CPU kernels; neither is differentiable.
"""

from __future__ import annotations

import math

import numpy as np

import paddle
from paddle import _checks as check
from paddle.vision.ops import _arguments as arg
from paddle.vision.ops.nms import greedy_nms

# Paddle's clamp on a decoded log-size (log(1000 / 16)), so exp cannot overflow.
_LOG_SIZE_LIMIT = math.log(1000.0 / 16.0)


def _decode(anchors: np.ndarray, deltas: np.ndarray, variances: np.ndarray, offset: float) -> np.ndarray:
    """Boxes [K, 4] from anchors [K, 4] shifted and scaled by variance-weighted deltas [K, 4]."""
    one = anchors.dtype.type
    width = anchors[:, 2] - anchors[:, 0] + one(offset)
    height = anchors[:, 3] - anchors[:, 1] + one(offset)
    cx = anchors[:, 0] + one(0.5) * width
    cy = anchors[:, 1] + one(0.5) * height
    px = variances[:, 0] * deltas[:, 0] * width + cx
    py = variances[:, 1] * deltas[:, 1] * height + cy
    pw = np.exp(np.minimum(variances[:, 2] * deltas[:, 2], one(_LOG_SIZE_LIMIT))) * width
    ph = np.exp(np.minimum(variances[:, 3] * deltas[:, 3], one(_LOG_SIZE_LIMIT))) * height
    half_w, half_h = pw / one(2), ph / one(2)
    return np.stack([px - half_w, py - half_h, px + half_w - one(offset), py + half_h - one(offset)], axis=1)


def _image_proposals(scores, deltas, anchors, variances, image_hw, pre_nms_top_n, post_nms_top_n, nms_thresh,
                     min_size, eta, offset):
    """RPN proposals of one image: (boxes [P, 4], scores [P])."""
    order = np.argsort(-scores, kind="stable")
    if 0 < pre_nms_top_n < len(order):
        order = order[:pre_nms_top_n]
    boxes = _decode(anchors[order], deltas[order], variances[order], offset)
    height, width = image_hw
    boxes[:, 0::2] = np.clip(boxes[:, 0::2], 0, width - offset)
    boxes[:, 1::2] = np.clip(boxes[:, 1::2], 0, height - offset)
    box_w = boxes[:, 2] - boxes[:, 0] + offset
    box_h = boxes[:, 3] - boxes[:, 1] + offset
    kept = (box_w >= min_size) & (box_h >= min_size)
    if offset:  # with pixel offsets the kernel also drops boxes whose centre leaves the image
        kept &= (boxes[:, 0] + box_w / 2 <= width) & (boxes[:, 1] + box_h / 2 <= height)
    boxes, scores = boxes[kept], scores[order][kept]
    if len(boxes) == 0:  # Paddle's kernel answers one empty box rather than none
        return np.zeros((1, 4), boxes.dtype), np.zeros(1, scores.dtype)
    survivors = greedy_nms(boxes, nms_thresh, offset, eta)
    if post_nms_top_n > 0:
        survivors = survivors[:post_nms_top_n]
    return boxes[survivors], scores[survivors]


def generate_proposals(scores, bbox_deltas, img_size, anchors, variances, pre_nms_top_n=6000, post_nms_top_n=1000,
                       nms_thresh=0.5, min_size=0.1, eta=1.0, pixel_offset=False, return_rois_num=False, name=None):
    """Region proposals (Faster R-CNN's RPN), image by image: the pre_nms_top_n
    best-scoring anchors are moved by their deltas (weighted by the
    variances; log-sizes capped at log(1000 / 16)), clipped to the image,
    boxes narrower or lower than max(min_size, 1) dropped, greedy NMS applied
    (adaptive when eta < 1), and the best post_nms_top_n kept. An image left
    with no box gets one zero box of score 0, as Paddle's kernel does.

    Args:
        scores (Tensor): [N, A, H, W] objectness of each anchor, float32 or float64.
        bbox_deltas (Tensor): [N, 4 * A, H, W] the deltas (dx, dy, dw, dh) of each anchor.
        img_size (Tensor): [N, 2] (height, width) of each image.
        anchors (Tensor): [H, W, A, 4] anchor boxes (x1, y1, x2, y2).
        variances (Tensor): [H, W, A, 4] their variances.
        pre_nms_top_n (int, optional): boxes per image before NMS (<= 0: all). Default 6000.
        post_nms_top_n (int, optional): boxes per image after NMS (<= 0: all). Default 1000.
        nms_thresh (float, optional): the NMS IoU threshold. Default 0.5.
        min_size (float, optional): the smallest width and height kept (at least 1). Default 0.1.
        eta (float, optional): adaptive NMS's factor. Default 1.0.
        pixel_offset (bool, optional): widths are x2 - x1 + 1. Default False.
        return_rois_num (bool, optional): also return the proposals per image. Default False.
        name (str, optional): unused, for compatibility.

    Returns:
        tuple: (rpn_rois [P, 4], rpn_roi_probs [P, 1], rpn_rois_num [N] int32) with
        return_rois_num, else (rpn_rois, rpn_roi_probs).
    """
    op = "generate_proposals"
    arg.floating(op, arg.rank(op, scores, "scores", 4), "scores")
    n, count, h, w = scores.shape
    for name_, value, shape in (("bbox_deltas", bbox_deltas, [n, 4 * count, h, w]),
                                ("anchors", anchors, [h, w, count, 4]), ("variances", variances, [h, w, count, 4])):
        arg.same_dtype(op, arg.eager_tensor(op, value, name_), name_, scores, "scores")
        if list(value.shape) != shape:
            raise ValueError(f"[{op}] argument '{name_}': expected shape {shape}, but got {list(value.shape)}")
    arg.rank(op, img_size, "img_size", 2)
    if list(img_size.shape) != [n, 2]:
        raise ValueError(f"[{op}] argument 'img_size': expected shape {[n, 2]}, but got {list(img_size.shape)}")
    pre_nms_top_n = check.integer(op, pre_nms_top_n, "pre_nms_top_n")
    post_nms_top_n = check.integer(op, post_nms_top_n, "post_nms_top_n")
    nms_thresh = arg.float_attribute(op, nms_thresh, "nms_thresh")
    min_size = max(arg.float_attribute(op, min_size, "min_size"), 1.0)
    eta = arg.float_attribute(op, eta, "eta")
    offset = 1.0 if check.flag(op, pixel_offset, "pixel_offset") else 0.0
    dtype = np.dtype(scores.dtype.name)
    # Anchor-major within each cell: (row, column, anchor), as anchors and variances are laid out.
    all_scores = scores.numpy().transpose(0, 2, 3, 1).reshape(n, -1)
    all_deltas = bbox_deltas.numpy().reshape(n, count, 4, h, w).transpose(0, 3, 4, 1, 2).reshape(n, -1, 4)
    anchors_np, variances_np = anchors.numpy().reshape(-1, 4), variances.numpy().reshape(-1, 4)
    sizes = img_size.numpy().astype(dtype)
    rois, probs, per_image = [np.zeros((0, 4), dtype)], [np.zeros(0, dtype)], []
    for image in range(n):
        boxes, kept = _image_proposals(all_scores[image], all_deltas[image], anchors_np, variances_np, sizes[image],
                                       pre_nms_top_n, post_nms_top_n, nms_thresh, min_size, eta, offset)
        rois.append(boxes)
        probs.append(kept)
        per_image.append(len(boxes))
    rpn_rois = arg.constant(np.concatenate(rois), scores)
    rpn_roi_probs = arg.constant(np.concatenate(probs)[:, None], scores)
    if not check.flag(op, return_rois_num, "return_rois_num"):
        return rpn_rois, rpn_roi_probs
    return rpn_rois, rpn_roi_probs, arg.constant(np.array(per_image), scores, "int32")


def distribute_fpn_proposals(fpn_rois, min_level, max_level, refer_level, refer_scale, pixel_offset=False,
                             rois_num=None, name=None):
    """Sends each RoI to the FPN level that should pool it:
    floor(refer_level + log2(sqrt(area) / refer_scale)), clipped to [min_level, max_level]
    (an inverted box has area 0 and goes to min_level).

    Args:
        fpn_rois (Tensor): [R, 4] boxes (x1, y1, x2, y2), float32 or float64.
        min_level (int): the lowest level (> 0).
        max_level (int): the highest level (> min_level).
        refer_level (int): the level of a box of side refer_scale.
        refer_scale (int): the side of a box that belongs to refer_level.
        pixel_offset (bool, optional): widths are x2 - x1 + 1. Default False.
        rois_num (Tensor, optional): [N] integer, how many of the RoIs (in order) belong to each image.
        name (str, optional): unused, for compatibility.

    Returns:
        tuple: (multi_rois, restore_ind, rois_num_per_level). multi_rois lists each level's RoIs
        (in their original order); restore_ind [R, 1] int32 puts concat(multi_rois) back in the
        original order (concat(multi_rois)[restore_ind[:, 0]] == fpn_rois); rois_num_per_level
        lists each level's [N] int32 counts per image (None without rois_num).

    Examples:
        >>> import paddle
        >>> rois = paddle.to_tensor([[0.0, 0.0, 10.0, 10.0], [0.0, 0.0, 224.0, 224.0], [0.0, 0.0, 60.0, 60.0]])
        >>> multi, restore, nums = paddle.vision.ops.distribute_fpn_proposals(
        ...     rois, 2, 5, 4, 224, rois_num=paddle.to_tensor([3], dtype="int32"))
        >>> [m.shape[0] for m in multi], restore.numpy().ravel().tolist()
        ([2, 0, 1, 0], [0, 2, 1])
    """
    op = "distribute_fpn_proposals"
    arg.floating(op, arg.last_dim(op, arg.rank(op, fpn_rois, "fpn_rois", 2), "fpn_rois", 4), "fpn_rois")
    min_level = check.integer(op, min_level, "min_level", min=1)
    max_level = check.integer(op, max_level, "max_level")
    if max_level <= min_level:
        raise ValueError(f"[{op}] argument 'max_level': expected more than min_level ({min_level}), but got "
                         f"{max_level}")
    refer_level = check.integer(op, refer_level, "refer_level")
    refer_scale = check.number(op, refer_scale, "refer_scale")
    offset = 1.0 if check.flag(op, pixel_offset, "pixel_offset") else 0.0
    boxes = fpn_rois.numpy()
    if rois_num is not None:
        arg.integer_tensor(op, arg.rank(op, rois_num, "rois_num", 1), "rois_num")
        counts = rois_num.numpy().astype(np.int64)
        if (counts < 0).any() or counts.sum() != len(boxes):
            raise ValueError(f"[{op}] argument 'rois_num': expected non-negative counts summing to the number of "
                             f"RoIs ({len(boxes)}), but got {counts.tolist()}")
    one = boxes.dtype.type
    width, height = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
    area = np.where((width < 0) | (height < 0), 0, (width + one(offset)) * (height + one(offset)))
    with np.errstate(divide="ignore"):
        level = np.floor(np.log2(np.sqrt(area) / one(refer_scale) + one(1e-6)) + refer_level)
    level = np.clip(level, min_level, max_level).astype(np.int64)
    levels = range(min_level, max_level + 1)
    members = [np.nonzero(level == lvl)[0] for lvl in levels]
    multi_rois = [paddle.gather(fpn_rois, arg.constant(m, fpn_rois, "int64")) for m in members]
    restore = np.argsort(np.concatenate(members), kind="stable").astype(np.int32)
    restore_ind = arg.constant(restore[:, None], fpn_rois, "int32")
    if rois_num is None:
        return multi_rois, restore_ind, None
    image = np.repeat(np.arange(len(counts)), counts)
    per_level = [arg.constant(np.bincount(image[m], minlength=len(counts)), fpn_rois, "int32") for m in members]
    return multi_rois, restore_ind, per_level
