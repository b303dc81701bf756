"""Non-maximum suppression: greedy `nms` (the nms op's kernel; NumPy for
the proposals' variant with a pixel offset and a shrinking threshold) and the
parallel, score-decaying `matrix_nms` (SOLOv2, NumPy). They return index
Tensors; none is differentiable (nor is Paddle's).
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _C_ops
from paddle import _checks as check
from paddle._C import Tensor
from paddle.vision.ops import _arguments as arg


def pairwise_iou(a: np.ndarray, b: np.ndarray, offset: float = 0.0) -> np.ndarray:
    """IoU of every box of a [K, 4] with every box of b [L, 4] (x1, y1, x2, y2): [K, L].

    offset 1 counts the far edges as pixels (width x2 - x1 + 1). A box with
    x2 < x1 or y2 < y1 has no area, and boxes whose union is empty overlap 0
    (Paddle's nms kernel gets NaN there, which suppresses nothing either).
    """
    def area(r):
        valid = (r[:, 2] >= r[:, 0]) & (r[:, 3] >= r[:, 1])
        return np.where(valid, (r[:, 2] - r[:, 0] + offset) * (r[:, 3] - r[:, 1] + offset), 0)

    width = np.minimum(a[:, None, 2], b[None, :, 2]) - np.maximum(a[:, None, 0], b[None, :, 0])
    height = np.minimum(a[:, None, 3], b[None, :, 3]) - np.maximum(a[:, None, 1], b[None, :, 1])
    # Boxes apart (not merely touching) share nothing, even when offset widens them.
    inter = np.where((width >= 0) & (height >= 0), np.maximum(width + offset, 0) * np.maximum(height + offset, 0), 0)
    union = area(a)[:, None] + area(b)[None, :] - inter
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(union > 0, inter / np.where(union > 0, union, 1), 0)


def greedy_nms(boxes: np.ndarray, threshold: float, offset: float = 0.0, eta: float = 1.0) -> np.ndarray:
    """Positions of the boxes [K, 4] (taken in the given order) that greedy NMS keeps: a box is kept
    when its IoU with every box kept before it is at most the threshold. With eta < 1 the threshold
    shrinks by eta after each kept box while it is above 0.5 (adaptive NMS)."""
    kept = []
    if eta >= 1:  # a fixed threshold: each kept box suppresses its overlaps at once (one IoU row each)
        suppressed = np.zeros(len(boxes), dtype=bool)
        for i in range(len(boxes)):
            if not suppressed[i]:
                kept.append(i)
                suppressed |= pairwise_iou(boxes[i:i + 1], boxes, offset)[0] > threshold
        return np.array(kept, dtype=np.int64)
    iou = pairwise_iou(boxes, boxes, offset)
    for i in range(len(boxes)):
        if not kept or iou[i, kept].max() <= threshold:
            kept.append(i)
            if threshold > 0.5:
                threshold *= eta
    return np.array(kept, dtype=np.int64)


def nms(boxes, iou_threshold=0.3, scores=None, category_idxs=None, categories=None, top_k=None) -> Tensor:
    """Greedy non-maximum suppression; returns the int64 indices (into boxes) of the kept boxes.

    Without scores the boxes are taken in the given order and the kept ones
    are returned in that order. With scores they are taken by decreasing
    score, and the result is sorted by decreasing score (ties: lower index
    first). With category_idxs, suppression happens only within each
    category of `categories` (boxes of other categories are dropped), and
    top_k, if given, keeps the best top_k of the result. As in Paddle, top_k
    is ignored without category_idxs, and category_idxs without scores.

    Args:
        boxes (Tensor): [K, 4] boxes (x1, y1, x2, y2), float32 or float64.
        iou_threshold (float, optional): a box is suppressed by a kept box overlapping it
            with IoU > iou_threshold. Default 0.3.
        scores (Tensor, optional): [K] scores. Default None.
        category_idxs (Tensor, optional): [K] integer category of each box (used with scores). Default None.
        categories (list[int], optional): the categories to keep, required with category_idxs.
        top_k (int, optional): the number of indices to return (<= K), with category_idxs.

    Returns:
        Tensor: int64 indices of the kept boxes.

    Examples:
        >>> import paddle
        >>> boxes = paddle.to_tensor([[0.0, 0.0, 10.0, 10.0], [1.0, 1.0, 11.0, 11.0], [20.0, 20.0, 30.0, 30.0]])
        >>> paddle.vision.ops.nms(boxes, 0.5).numpy().tolist()
        [0, 2]
        >>> scores = paddle.to_tensor([0.5, 0.9, 0.7])
        >>> paddle.vision.ops.nms(boxes, 0.5, scores).numpy().tolist()
        [1, 2]
    """
    op = "nms"
    # Without categories every step is an op: static graphs take it too.
    arg.floating(op, arg.last_dim(op, arg.rank(op, boxes, "boxes", 2, eager=False), "boxes", 4), "boxes")
    threshold = arg.float_attribute(op, iou_threshold, "iou_threshold")
    count = boxes.shape[0]
    if scores is None:  # Paddle then ignores category_idxs too
        return _C_ops.nms(boxes, threshold)
    arg.rank(op, scores, "scores", 1, eager=False)
    if scores.shape[0] != count:
        raise ValueError(f"[{op}] argument 'scores': expected shape {[count]}, but got {list(scores.shape)}")
    if category_idxs is None:
        by_score = paddle.argsort(scores, descending=True, stable=True)  # ties: the lower index first
        return paddle.gather(by_score, _C_ops.nms(paddle.gather(boxes, by_score), threshold))
    boxes_np = arg.eager_tensor(op, boxes, "boxes").numpy()
    scores_np = arg.eager_tensor(op, scores, "scores").numpy()
    by_score = np.argsort(-scores_np, kind="stable")

    labels = arg.integer_tensor(op, arg.rank(op, category_idxs, "category_idxs", 1), "category_idxs").numpy()
    if len(labels) != count:
        raise ValueError(f"[{op}] argument 'category_idxs': expected shape {[count]}, but got "
                         f"{list(category_idxs.shape)}")
    if categories is None:
        raise ValueError(f"[{op}] argument 'categories': expected the list of categories when category_idxs is "
                         f"given, but got None")
    categories = check.int_list(op, categories, "categories")
    if top_k is not None:
        top_k = check.integer(op, top_k, "top_k", min=0)
        if top_k > count:
            raise ValueError(f"[{op}] argument 'top_k': expected at most the number of boxes ({count}), but got "
                             f"{top_k}")
    kept = np.zeros(count, dtype=bool)
    for category in set(categories):
        members = by_score[labels[by_score] == category]
        kept[members[_C_ops.nms(paddle.to_tensor(boxes_np[members]), threshold).numpy()]] = True
    survivors = np.nonzero(kept)[0]
    result = survivors[np.argsort(-scores_np[survivors], kind="stable")]
    return arg.constant(result[:top_k], boxes, "int64")


def _decayed_scores(boxes: np.ndarray, scores: np.ndarray, use_gaussian: bool, sigma: float,
                    normalized: bool) -> np.ndarray:
    """Matrix NMS: each box's score times its decay, the smallest over the better-scored boxes j
    of f(IoU with j) / f(the largest IoU of j with a box better than j) (boxes sorted by score)."""
    iou = np.tril(pairwise_iou(boxes, boxes, 0.0 if normalized else 1.0), -1)  # iou[i, j] for j < i
    compensation = iou.max(axis=1, initial=0.0)[None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        if use_gaussian:
            decay = np.exp((compensation ** 2 - iou ** 2) * sigma)
        else:
            decay = (1 - iou) / (1 - compensation)
    better = np.tri(len(boxes), k=-1, dtype=bool)
    # fmin skips the NaN of a 0/0 (a duplicate box), as the kernel's std::min does
    return scores * np.fmin.reduce(np.where(better, decay, 1.0), axis=1, initial=1.0)


def _image_detections(boxes, scores, score_threshold, post_threshold, nms_top_k, background_label, use_gaussian,
                      sigma, normalized):
    """Matrix NMS of one image, class by class: the (label, decayed score, box position) of each
    detection that survives, as three arrays."""
    labels, decayed, positions = [np.zeros(0)], [np.zeros(0)], [np.zeros(0, dtype=np.int64)]
    for label, score in enumerate(scores):
        if label == background_label:
            continue
        order = np.argsort(-score, kind="stable")
        order = order[score[order] > score_threshold]
        if nms_top_k > -1:
            order = order[:nms_top_k]
        kept = _decayed_scores(boxes[order], score[order], use_gaussian, sigma, normalized)
        survive = kept > post_threshold
        labels.append(np.full(survive.sum(), label))
        decayed.append(kept[survive])
        positions.append(order[survive])
    return np.concatenate(labels), np.concatenate(decayed), np.concatenate(positions)


def matrix_nms(bboxes, scores, score_threshold, post_threshold, nms_top_k, keep_top_k, use_gaussian=False,
               gaussian_sigma=2.0, background_label=0, normalized=True, return_index=False, return_rois_num=True,
               name=None):
    """Matrix NMS (SOLOv2): instead of removing overlapping boxes, it decays
    their scores (linearly or by a Gaussian) in one pass, per image and class,
    and keeps those still above post_threshold.

    For each image and each class but background_label, the boxes scoring
    above score_threshold are sorted by score (the best nms_top_k when it is
    > -1) and their scores decayed; the detections of all classes are then
    sorted by decayed score, and the best keep_top_k (when > -1) kept.

    Args:
        bboxes (Tensor): [N, M, 4] boxes (x1, y1, x2, y2), float32 or float64.
        scores (Tensor): [N, C, M] scores of each class for each box.
        score_threshold (float): the lowest score (exclusive) a candidate needs.
        post_threshold (float): the lowest decayed score (exclusive) a detection needs.
        nms_top_k (int): candidates per class, -1 for all.
        keep_top_k (int): detections per image, -1 for all.
        use_gaussian (bool, optional): Gaussian decay instead of linear. Default False.
        gaussian_sigma (float, optional): the Gaussian decay's sigma. Default 2.0.
        background_label (int, optional): the class to skip, -1 for none. Default 0.
        normalized (bool, optional): coordinates are normalized (else widths are x2 - x1 + 1). Default True.
        return_index (bool, optional): also return the index of each detection's box. Default False.
        return_rois_num (bool, optional): also return the detections per image. Default True.
        name (str, optional): unused, for compatibility.

    Returns:
        tuple: (out, rois_num, index). out is [D, 6] rows (label, score, x1, y1, x2, y2); rois_num
        [N] int32 (None unless return_rois_num); index [D, 1] int32, the box's row in bboxes
        flattened to [N * M, 4] (None unless return_index).
    """
    op = "matrix_nms"
    arg.floating(op, arg.last_dim(op, arg.rank(op, bboxes, "bboxes", 3), "bboxes", 4), "bboxes")
    arg.same_dtype(op, arg.rank(op, scores, "scores", 3), "scores", bboxes, "bboxes")
    n, m = bboxes.shape[:2]
    if scores.shape[0] != n or scores.shape[2] != m:
        raise ValueError(f"[{op}] argument 'scores': expected shape [{n}, C, {m}] for bboxes of shape "
                         f"{list(bboxes.shape)}, but got {list(scores.shape)}")
    score_threshold = arg.float_attribute(op, score_threshold, "score_threshold")
    post_threshold = arg.float_attribute(op, post_threshold, "post_threshold")
    nms_top_k = check.integer(op, nms_top_k, "nms_top_k")
    keep_top_k = check.integer(op, keep_top_k, "keep_top_k")
    sigma = arg.float_attribute(op, gaussian_sigma, "gaussian_sigma")
    background_label = check.integer(op, background_label, "background_label")
    use_gaussian = check.flag(op, use_gaussian, "use_gaussian")
    normalized = check.flag(op, normalized, "normalized")
    boxes_np, scores_np = bboxes.numpy(), scores.numpy()
    rows, index, per_image = [np.zeros((0, 6))], [np.zeros(0, dtype=np.int64)], []
    for image in range(n):
        labels, decayed, positions = _image_detections(
            boxes_np[image], scores_np[image], score_threshold, post_threshold, nms_top_k, background_label,
            use_gaussian, sigma, normalized)
        best = np.argsort(-decayed, kind="stable")
        if keep_top_k > -1:
            best = best[:keep_top_k]
        rows.append(np.concatenate([labels[best, None], decayed[best, None], boxes_np[image, positions[best]]], 1))
        index.append(image * m + positions[best])
        per_image.append(len(best))
    out = arg.constant(np.concatenate(rows), bboxes)
    rois_num = arg.constant(np.array(per_image), bboxes, "int32") if return_rois_num else None
    index = arg.constant(np.concatenate(index)[:, None], bboxes, "int32") if return_index else None
    return out, rois_num, index
