"""YOLOv3's head: yolo_box decodes a feature map into boxes and class
scores; yolo_loss is its training loss, differentiable with respect to x.

yolo_loss matches each ground-truth box to an anchor and a cell from the
boxes alone (on the host, as Paddle's kernel does, in a loop), and then
evaluates the loss terms on x with Tensor ops, so the engine differentiates
them. Which predictions are ignored (those overlapping a ground truth by more
than ignore_thresh) is a mask, not differentiated, as in Paddle.
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.nn import functional as F
from paddle.vision.ops import _arguments as arg


def _anchor_pairs(op: str, anchors) -> np.ndarray:
    """anchors [w0, h0, w1, h1, ...] as an [A, 2] array."""
    values = check.int_list(op, anchors, "anchors")
    if not values or len(values) % 2:
        raise ValueError(f"[{op}] argument 'anchors': expected (width, height) pairs, but got {anchors}")
    return np.array(values, dtype=np.float64).reshape(-1, 2)


def _head(op: str, x, per_anchor: int, anchors: int, extra: int = 0) -> Tensor:
    """x [N, anchors * per_anchor + extra, H, W], checked."""
    arg.floating(op, arg.rank(op, x, "x", 4), "x")
    expected = anchors * per_anchor + extra
    if x.shape[1] != expected:
        raise ValueError(f"[{op}] argument 'x': expected {expected} channels ({anchors} anchors x {per_anchor}"
                         f"{f' + {extra}' if extra else ''}), but got shape {list(x.shape)}")
    return x


def yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True, name=None,
             scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5) -> tuple[Tensor, Tensor]:
    """Decodes a YOLOv3 output map into boxes in image pixels and class scores.

    For anchor a (width aw, height ah) at cell (row i, column j) of an H x W
    map, with logits (tx, ty, tw, th, obj, classes...): the box is centred at
    ((j + s * sigmoid(tx) - (s - 1) / 2) * img_w / W, likewise for y), s =
    scale_x_y, and sized exp(tw) * aw * img_w / (downsample_ratio * W) by
    exp(th) * ah * img_h / (downsample_ratio * H); the confidence is
    sigmoid(obj) (with iou_aware, sigmoid(obj)^(1 - f) * sigmoid(iou)^f) and
    the scores confidence * sigmoid(classes). Predictions whose confidence is
    below conf_thresh get zero boxes and scores. clip_bbox moves x1, y1 up to
    0 and x2, y2 down to img_w - 1, img_h - 1 (one side each, as Paddle).

    Args:
        x (Tensor): [N, A * (5 + class_num), H, W] (with iou_aware, A more channels first:
            the IoU logits), float32 or float64.
        img_size (Tensor): [N, 2] integer (height, width) of each image.
        anchors (list[int]): [w0, h0, w1, h1, ...], A anchors in input pixels.
        class_num (int): the number of classes.
        conf_thresh (float): the lowest confidence kept.
        downsample_ratio (int): input pixels per cell.
        clip_bbox (bool, optional): clip the boxes to the image. Default True.
        name (str, optional): unused, for compatibility.
        scale_x_y (float, optional): s above. Default 1.0.
        iou_aware (bool, optional): x carries IoU logits. Default False.
        iou_aware_factor (float, optional): f above. Default 0.5.

    Returns:
        tuple[Tensor, Tensor]: boxes [N, A * H * W, 4] (x1, y1, x2, y2) and scores
        [N, A * H * W, class_num], anchor-major then row then column.

    Examples:
        >>> import paddle
        >>> x = paddle.zeros([1, 7, 1, 1])  # one anchor, two classes, every logit 0
        >>> img_size = paddle.to_tensor([[32, 32]], "int32")
        >>> boxes, scores = paddle.vision.ops.yolo_box(x, img_size, [16, 16], 2, 0.1, 32)
        >>> boxes.numpy().tolist(), scores.numpy().tolist()
        ([[[8.0, 8.0, 24.0, 24.0]]], [[[0.25, 0.25]]])
    """
    op = "yolo_box"
    pairs = _anchor_pairs(op, anchors)
    count = len(pairs)
    class_num = check.integer(op, class_num, "class_num", min=1)
    iou_aware = check.flag(op, iou_aware, "iou_aware")
    _head(op, x, 5 + class_num, count, count if iou_aware else 0)
    arg.integer_tensor(op, arg.rank(op, img_size, "img_size", 2), "img_size")
    if list(img_size.shape) != [x.shape[0], 2]:
        raise ValueError(f"[{op}] argument 'img_size': expected shape {[x.shape[0], 2]}, but got "
                         f"{list(img_size.shape)}")
    conf_thresh = arg.float_attribute(op, conf_thresh, "conf_thresh")
    ratio = check.integer(op, downsample_ratio, "downsample_ratio", min=1)
    scale = arg.float_attribute(op, scale_x_y, "scale_x_y")
    factor = arg.float_attribute(op, iou_aware_factor, "iou_aware_factor")
    n, _, h, w = x.shape
    feats = x[:, count:] if iou_aware else x
    feats = feats.reshape([n, count, 5 + class_num, h, w])
    confidence = F.sigmoid(feats[:, :, 4])
    if iou_aware:
        confidence = confidence ** (1 - factor) * F.sigmoid(x[:, :count]) ** factor
    kept = (confidence >= conf_thresh).astype(x.dtype)
    img_h = img_size[:, 0].astype(x.dtype).reshape([n, 1, 1, 1])
    img_w = img_size[:, 1].astype(x.dtype).reshape([n, 1, 1, 1])
    col = arg.constant(np.arange(w).reshape(1, 1, 1, w), x)
    row = arg.constant(np.arange(h).reshape(1, 1, h, 1), x)
    anchor_w = arg.constant(pairs[:, 0].reshape(1, count, 1, 1), x)
    anchor_h = arg.constant(pairs[:, 1].reshape(1, count, 1, 1), x)
    shift = -0.5 * (scale - 1.0)
    cx = (col + F.sigmoid(feats[:, :, 0]) * scale + shift) * img_w / w
    cy = (row + F.sigmoid(feats[:, :, 1]) * scale + shift) * img_h / h
    half_w = paddle.exp(feats[:, :, 2]) * anchor_w * img_w / (ratio * w) / 2
    half_h = paddle.exp(feats[:, :, 3]) * anchor_h * img_h / (ratio * h) / 2
    corners = [cx - half_w, cy - half_h, cx + half_w, cy + half_h]
    if check.flag(op, clip_bbox, "clip_bbox"):
        zero = paddle.zeros([1], dtype=x.dtype)
        corners = [paddle.maximum(corners[0], zero), paddle.maximum(corners[1], zero),
                   paddle.minimum(corners[2], img_w - 1), paddle.minimum(corners[3], img_h - 1)]
    boxes = paddle.stack([c * kept for c in corners], axis=-1).reshape([n, count * h * w, 4])
    scores = (confidence * kept).unsqueeze(2) * F.sigmoid(feats[:, :, 5:])
    scores = scores.transpose([0, 1, 3, 4, 2]).reshape([n, count * h * w, class_num])
    return boxes, scores


def _sigmoid_cross_entropy(logit: Tensor, label) -> Tensor:
    """-label * log(sigmoid(logit)) - (1 - label) * log(1 - sigmoid(logit)), stably."""
    return F.relu(logit) - logit * label + paddle.log1p(paddle.exp(-paddle.abs(logit)))


def _centre_iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IoU of (cx, cy, w, h) boxes a [..., 4] and b [..., 4], broadcast."""
    def overlap(axis):
        lo = np.maximum(a[..., axis] - a[..., axis + 2] / 2, b[..., axis] - b[..., axis + 2] / 2)
        hi = np.minimum(a[..., axis] + a[..., axis + 2] / 2, b[..., axis] + b[..., axis + 2] / 2)
        return np.maximum(hi - lo, 0)

    inter = overlap(0) * overlap(1)
    return inter / (a[..., 2] * a[..., 3] + b[..., 2] * b[..., 3] - inter)


class _Targets:
    """What the ground truth asks of the predictions, from the boxes alone (the kernel's matching).

    For each box that some cell must predict ("positive"): the cell (a row of x laid out as
    [N * A * H * W, 5 + class_num]), its image, its regression targets (tx, ty, tw, th), the
    weight of its location loss, its score and its class targets. And for every prediction the
    objectness target a positive sets (`objectness`, where `assigned`).
    """

    def __init__(self, gt_box, gt_label, gt_score, pairs, mask, class_num, grid, input_size, smooth):
        n, h, w = grid
        self.objectness = np.zeros((n, len(mask), h, w))
        self.assigned = np.zeros((n, len(mask), h, w), dtype=bool)
        cells, images, regression, weights, scores, labels = [], [], [], [], [], []
        anchor_shapes = np.concatenate([np.zeros((len(pairs), 2)), pairs / input_size], axis=1)
        for image in range(n):
            for t, (cx, cy, bw, bh) in enumerate(gt_box[image]):
                if bw < 1e-6 or bh < 1e-6:  # an empty slot
                    continue
                best = int(np.argmax(_centre_iou(np.array([0.0, 0.0, bw, bh]), anchor_shapes)))
                if best not in mask:  # another output map predicts this box
                    continue
                slot = mask.index(best)
                # A centre on the far edge would index past the map (Paddle reads out of bounds).
                col, row = min(int(cx * w), w - 1), min(int(cy * h), h - 1)
                score = gt_score[image, t]
                cells.append(((image * len(mask) + slot) * h + row) * w + col)
                images.append(image)
                regression.append([cx * w - col, cy * h - row, np.log(bw * input_size / pairs[best, 0]),
                                   np.log(bh * input_size / pairs[best, 1])])
                weights.append((2.0 - bw * bh) * score)
                scores.append(score)
                labels.append(gt_label[image, t])
                self.objectness[image, slot, row, col] = score  # a later box in the same cell wins
                self.assigned[image, slot, row, col] = True
        self.cells, self.images = np.array(cells, dtype=np.int64), np.array(images, dtype=np.int64)
        self.regression = np.array(regression, dtype=np.float64).reshape(-1, 4)
        self.weights, self.scores = np.array(weights, dtype=np.float64), np.array(scores, dtype=np.float64)
        low = min(1.0 / class_num, 1.0 / 40) if smooth else 0.0
        self.class_targets = np.full((len(cells), class_num), low)
        self.class_targets[np.arange(len(cells)), np.array(labels, dtype=np.int64)] = 1.0 - low


def _ignored(x5: Tensor, gt_box: np.ndarray, pairs, mask, input_size, scale, threshold) -> np.ndarray:
    """[N, A, H, W]: the predictions whose box overlaps some ground truth by more than threshold,
    left out of the objectness loss. A mask of x's values, so no gradient flows through it."""
    n, count, _, h, w = x5.shape
    logits = x5[:, :, :4].numpy().astype(np.float64)
    shift = -0.5 * (scale - 1.0)
    offsets = 1.0 / (1.0 + np.exp(-logits[:, :, :2])) * scale + shift
    cx = (np.arange(w) + offsets[:, :, 0]) / w
    cy = (np.arange(h)[:, None] + offsets[:, :, 1]) / h
    anchors = pairs[mask] / input_size
    bw = np.exp(logits[:, :, 2]) * anchors[None, :, 0, None, None]
    bh = np.exp(logits[:, :, 3]) * anchors[None, :, 1, None, None]
    predicted = np.stack([cx, cy, bw, bh], axis=-1)[:, :, :, :, None, :]  # [N, A, H, W, 1, 4]
    truth = gt_box[:, None, None, None, :, :]  # [N, 1, 1, 1, B, 4]
    valid = (truth[..., 2] >= 1e-6) & (truth[..., 3] >= 1e-6)
    return (np.where(valid, _centre_iou(predicted, truth), 0.0) > threshold).any(axis=-1)


def yolo_loss(x, gt_box, gt_label, anchors, anchor_mask, class_num, ignore_thresh, downsample_ratio, gt_score=None,
              use_label_smooth=True, name=None, scale_x_y=1.0) -> Tensor:
    """YOLOv3's loss for one output map, per image; differentiable with respect to x.

    Each ground-truth box (cx, cy, w, h, normalized to [0, 1]; w or h 0 marks
    an empty slot) goes to the anchor (of all `anchors`) whose shape fits it
    best; if that anchor is in anchor_mask, the cell holding the box's centre
    predicts it, with loss (2 - w * h) * score * (sigmoid cross-entropy of
    tx, ty against the centre's position in the cell + |tw - log(w / anchor
    w)| + |th - log(h / anchor h)|), plus score * the sigmoid cross-entropy
    of each class logit (label smoothing moves targets 0 and 1 by
    min(1 / class_num, 1 / 40)). Objectness: such a cell's target is 1
    (weighted by score); any other prediction whose decoded box overlaps a
    ground truth by more than ignore_thresh is ignored, and the rest target 0.

    Args:
        x (Tensor): [N, len(anchor_mask) * (5 + class_num), H, H], float32 or float64.
        gt_box (Tensor): [N, B, 4] ground-truth boxes (cx, cy, w, h), normalized.
        gt_label (Tensor): [N, B] integer class of each box.
        anchors (list[int]): [w0, h0, w1, h1, ...], every anchor of the model, in input pixels.
        anchor_mask (list[int]): the anchors this map predicts.
        class_num (int): the number of classes.
        ignore_thresh (float): the IoU above which a prediction's objectness is not penalized.
        downsample_ratio (int): input pixels per cell (the input is downsample_ratio * H wide).
        gt_score (Tensor, optional): [N, B] weight of each box (mixup). Default: ones.
        use_label_smooth (bool, optional): smooth the class targets. Default True.
        name (str, optional): unused, for compatibility.
        scale_x_y (float, optional): the centre scale, as in yolo_box. Default 1.0.

    Returns:
        Tensor: [N], each image's loss.
    """
    op = "yolo_loss"
    pairs = _anchor_pairs(op, anchors)
    mask = check.int_list(op, anchor_mask, "anchor_mask")
    if not mask or any(not 0 <= m < len(pairs) for m in mask):
        raise ValueError(f"[{op}] argument 'anchor_mask': expected indices of the {len(pairs)} anchors, but got "
                         f"{anchor_mask}")
    class_num = check.integer(op, class_num, "class_num", min=1)
    _head(op, x, 5 + class_num, len(mask))
    n, _, h, w = x.shape
    if h != w:
        raise ValueError(f"[{op}] argument 'x': expected a square map (H == W), but got shape {list(x.shape)}")
    boxes = arg.same_dtype(op, arg.last_dim(op, arg.rank(op, gt_box, "gt_box", 3), "gt_box", 4), "gt_box", x, "x")
    if boxes.shape[0] != n:
        raise ValueError(f"[{op}] argument 'gt_box': expected {n} images, but got shape {list(boxes.shape)}")
    arg.integer_tensor(op, arg.rank(op, gt_label, "gt_label", 2), "gt_label")
    if list(gt_label.shape) != list(boxes.shape[:2]):
        raise ValueError(f"[{op}] argument 'gt_label': expected shape {list(boxes.shape[:2])}, but got "
                         f"{list(gt_label.shape)}")
    if gt_score is None:
        scores = np.ones(boxes.shape[:2])
    else:
        arg.same_dtype(op, arg.rank(op, gt_score, "gt_score", 2), "gt_score", x, "x")
        if list(gt_score.shape) != list(boxes.shape[:2]):
            raise ValueError(f"[{op}] argument 'gt_score': expected shape {list(boxes.shape[:2])}, but got "
                             f"{list(gt_score.shape)}")
        scores = gt_score.numpy().astype(np.float64)
    threshold = arg.float_attribute(op, ignore_thresh, "ignore_thresh")
    input_size = check.integer(op, downsample_ratio, "downsample_ratio", min=1) * h
    scale = arg.float_attribute(op, scale_x_y, "scale_x_y")
    smooth = check.flag(op, use_label_smooth, "use_label_smooth")

    gt = boxes.numpy().astype(np.float64)
    x5 = x.reshape([n, len(mask), 5 + class_num, h, w])
    targets = _Targets(gt, gt_label.numpy(), scores, pairs, mask, class_num, (n, h, w), input_size, smooth)
    ignored = _ignored(x5, gt, pairs, mask, input_size, scale, threshold)
    objectness = np.where(targets.assigned, targets.objectness, np.where(ignored, -1.0, 0.0))
    # As the kernel: a target above 1e-5 weighs the cross-entropy against 1, an ignored prediction (-1)
    # adds nothing, and any other (a cell without a box, or a box of score 0) is pushed to 0.
    logit = x5[:, :, 4]
    toward_one = arg.constant(np.where(objectness > 1e-5, objectness, 0.0), x)
    toward_zero = arg.constant((objectness <= 1e-5) & (objectness > -0.5), x)
    loss = _sigmoid_cross_entropy(logit, 1.0) * toward_one + _sigmoid_cross_entropy(logit, 0.0) * toward_zero
    loss = loss.sum(axis=[1, 2, 3])
    if len(targets.cells) == 0:
        return loss
    rows = x5.transpose([0, 1, 3, 4, 2]).reshape([-1, 5 + class_num])
    predicted = paddle.gather(rows, arg.constant(targets.cells, x, "int64"))  # [P, 5 + class_num]
    goal = arg.constant(targets.regression, x)
    location = (_sigmoid_cross_entropy(predicted[:, :2], goal[:, :2]).sum(axis=1)
                + paddle.abs(predicted[:, 2:4] - goal[:, 2:]).sum(axis=1))
    classes = _sigmoid_cross_entropy(predicted[:, 5:], arg.constant(targets.class_targets, x)).sum(axis=1)
    per_box = location * arg.constant(targets.weights, x) + classes * arg.constant(targets.scores, x)
    image_of_box = arg.constant(np.arange(n)[:, None] == targets.images[None, :], x)  # [N, P]
    return loss + paddle.matmul(image_of_box, per_box.unsqueeze(1)).squeeze(1)
