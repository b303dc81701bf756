"""Box encodings: box_coder (boxes to and from offsets relative to prior
boxes) and prior_box (SSD's default boxes over a feature map)."""

from __future__ import annotations

import math

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.vision.ops import _arguments as arg

_CODE_TYPES = ("encode_center_size", "decode_center_size")


def _variance(op: str, value, priors: Tensor):
    """prior_box_var as something that broadcasts against the priors' [M, 4]: 4 Python
    floats (a list), or the Tensor [M, 4] itself."""
    if isinstance(value, (list, tuple)):
        if len(value) != 4:
            raise ValueError(f"[{op}] argument 'prior_box_var': expected 4 numbers, but got {len(value)}")
        return [arg.float_attribute(op, v, "prior_box_var") for v in value]
    arg.same_dtype(op, arg.rank(op, value, "prior_box_var", 2), "prior_box_var", priors, "prior_box")
    if list(value.shape) != list(priors.shape):
        raise ValueError(f"[{op}] argument 'prior_box_var': expected shape {list(priors.shape)} (as prior_box), but "
                         f"got {list(value.shape)}")
    return [value[:, k] for k in range(4)]


def _centre_size(boxes: Tensor, offset: float):
    """Width, height and corner-based centre (x1 + w / 2, y1 + h / 2) of boxes [..., 4]."""
    width = boxes[..., 2] - boxes[..., 0] + offset
    height = boxes[..., 3] - boxes[..., 1] + offset
    return width, height, boxes[..., 0] + width / 2, boxes[..., 1] + height / 2


def box_coder(prior_box, prior_box_var, target_box, code_type="encode_center_size", box_normalized=True, axis=0,
              name=None) -> Tensor:
    """Encodes boxes as offsets from prior boxes, or decodes such offsets back to boxes.

    With a prior (centre px, py, size pw, ph) and variance v:
    encode_center_size gives, for every target box [N, 4] and prior [M, 4],
    ((tx - px) / pw / v0, (ty - py) / ph / v1, log(|tw / pw|) / v2, log(|th / ph|) / v3): [N, M, 4];
    decode_center_size turns offsets [N, M, 4] into boxes centred at
    (v0 * d0 * pw + px, v1 * d1 * ph + py) of size (exp(v2 * d2) * pw, exp(v3 * d3) * ph).
    When box_normalized is False, a width is x2 - x1 + 1 and a decoded box's
    far corner is one pixel in. As Paddle's kernel, an encoded target's
    centre is the midpoint (x1 + x2) / 2 while a prior's is x1 + pw / 2.

    Args:
        prior_box (Tensor): [M, 4] prior boxes (x1, y1, x2, y2), float32 or float64.
        prior_box_var (Tensor|list[float]): [M, 4] variances, or 4 shared by all priors.
        target_box (Tensor): [N, 4] boxes to encode, or [N, M, 4] (axis=0) / [M, N, 4] (axis=1) offsets to decode.
        code_type (str, optional): 'encode_center_size' or 'decode_center_size'.
        box_normalized (bool, optional): whether coordinates are normalized. Default True.
        axis (int, optional): in decoding, the axis of target_box the priors run along
            (0: priors are target_box's second axis; 1: its first). Default 0.
        name (str, optional): unused, for compatibility.

    Returns:
        Tensor: [N, M, 4] offsets (encode) or boxes (decode).

    Examples:
        >>> import paddle
        >>> prior = paddle.to_tensor([[0.0, 0.0, 2.0, 2.0]])
        >>> target = paddle.to_tensor([[1.0, 1.0, 3.0, 5.0]])
        >>> variance = [1.0, 1.0, 1.0, 1.0]
        >>> code = paddle.vision.ops.box_coder(prior, variance, target)
        >>> code.numpy().astype("float64").round(4).tolist()
        [[[0.5, 1.0, 0.0, 0.6931]]]
        >>> box = paddle.vision.ops.box_coder(prior, variance, code, "decode_center_size")
        >>> box.numpy().astype("float64").round(4).tolist()
        [[[1.0, 1.0, 3.0, 5.0]]]
    """
    op = "box_coder"
    arg.floating(op, arg.last_dim(op, arg.rank(op, prior_box, "prior_box", 2), "prior_box", 4), "prior_box")
    variance = _variance(op, prior_box_var, prior_box)
    code_type = check.choice(op, code_type, _CODE_TYPES, "code_type")
    offset = 0.0 if check.flag(op, box_normalized, "box_normalized") else 1.0
    axis = check.integer(op, axis, "axis")
    if axis not in (0, 1):
        raise ValueError(f"[{op}] argument 'axis': expected 0 or 1, but got {axis}")
    arg.eager_tensor(op, target_box, "target_box")
    arg.same_dtype(op, arg.last_dim(op, target_box, "target_box", 4), "target_box", prior_box, "prior_box")
    priors = prior_box.shape[0]
    if code_type == "encode_center_size":
        arg.rank(op, target_box, "target_box", 2)
        pw, ph, px, py = _centre_size(prior_box, offset)
        tw = target_box[:, 2] - target_box[:, 0] + offset
        th = target_box[:, 3] - target_box[:, 1] + offset
        tx = ((target_box[:, 0] + target_box[:, 2]) / 2).unsqueeze(1)
        ty = ((target_box[:, 1] + target_box[:, 3]) / 2).unsqueeze(1)
        return paddle.stack([(tx - px) / pw / variance[0], (ty - py) / ph / variance[1],
                             paddle.log(paddle.abs(tw.unsqueeze(1) / pw)) / variance[2],
                             paddle.log(paddle.abs(th.unsqueeze(1) / ph)) / variance[3]], axis=2)
    arg.rank(op, target_box, "target_box", 3)
    if target_box.shape[1 - axis] != priors:
        raise ValueError(f"[{op}] argument 'target_box': expected dimension {1 - axis} to be the number of priors "
                         f"({priors}) with axis={axis}, but got shape {list(target_box.shape)}")
    # The priors (and a per-prior variance) broadcast along the other axis.
    spread = (lambda t: t.unsqueeze(0)) if axis == 0 else (lambda t: t.unsqueeze(1))
    pw, ph, px, py = (spread(t) for t in _centre_size(prior_box, offset))
    variance = [v if isinstance(v, float) else spread(v) for v in variance]
    cx = variance[0] * target_box[..., 0] * pw + px
    cy = variance[1] * target_box[..., 1] * ph + py
    w = paddle.exp(variance[2] * target_box[..., 2]) * pw
    h = paddle.exp(variance[3] * target_box[..., 3]) * ph
    return paddle.stack([cx - w / 2, cy - h / 2, cx + w / 2 - offset, cy + h / 2 - offset], axis=2)


def _numbers(op: str, value, arg_name: str) -> list[float]:
    """A number or a list of numbers as a list of floats."""
    values = list(value) if isinstance(value, (list, tuple)) else [value]
    return [float(check.number(op, v, arg_name)) for v in values]


def _expanded_ratios(ratios: list[float], flip: bool) -> list[float]:
    """1, then each new ratio (and its inverse with flip), skipping ones already present."""
    out = [1.0]
    for ratio in ratios:
        if all(abs(ratio - seen) >= 1e-6 for seen in out):
            out.append(ratio)
            if flip:
                out.append(1.0 / ratio)
    return out


def prior_box(input, image, min_sizes, max_sizes=None,  # noqa: A002  (Paddle's names and list defaults)
              aspect_ratios=[1.0], variance=[0.1, 0.1, 0.2, 0.2], flip=False, clip=False,  # noqa: B006
              steps=[0.0, 0.0], offset=0.5, min_max_aspect_ratios_order=False, name=None,  # noqa: B006
              ) -> tuple[Tensor, Tensor]:
    """SSD's prior (default) boxes: for every cell of the feature map `input`
    [N, C, H, W], boxes centred at ((col + offset) * step_w, (row + offset) *
    step_h) of each min size and aspect ratio (width min * sqrt(ar), height
    min / sqrt(ar)) and, with max_sizes, a square of side sqrt(min * max),
    normalized by the size of `image` [N, C, IH, IW].

    Args:
        input (Tensor): the feature map [N, C, H, W].
        image (Tensor): the input image [N, C, IH, IW].
        min_sizes (float|list[float]): the boxes' smallest sizes.
        max_sizes (float|list[float], optional): one per min size, each larger. Default None.
        aspect_ratios (float|list[float], optional): width/height ratios; 1 is always included. Default [1.0].
        variance (list[float], optional): the 4 variances given with every box. Default [0.1, 0.1, 0.2, 0.2].
        flip (bool, optional): also use the inverse of each ratio. Default False.
        clip (bool, optional): clip the boxes to [0, 1]. Default False.
        steps (list[float], optional): (step_w, step_h); 0 takes the image size over the map size. Default [0, 0].
        offset (float, optional): the box centre within its cell. Default 0.5.
        min_max_aspect_ratios_order (bool, optional): per min size, order the boxes min square, max
            square, other ratios (Caffe's order) instead of all ratios then the max square. Default False.
        name (str, optional): unused, for compatibility.

    Returns:
        tuple[Tensor, Tensor]: boxes [H, W, num_priors, 4] (x1, y1, x2, y2) and their variances
        (same shape), in input's dtype.

    Examples:
        >>> import paddle
        >>> feature, image = paddle.zeros([1, 8, 2, 2]), paddle.zeros([1, 3, 8, 8])
        >>> boxes, variances = paddle.vision.ops.prior_box(feature, image, min_sizes=[4.0])
        >>> boxes.shape
        paddle.Size([2, 2, 1, 4])
        >>> boxes[0, 0].numpy().tolist()
        [[0.0, 0.0, 0.5, 0.5]]
    """
    op = "prior_box"
    arg.floating(op, arg.rank(op, input, "input", 4), "input")
    arg.rank(op, image, "image", 4)
    mins = _numbers(op, min_sizes, "min_sizes")
    if not mins or min(mins) <= 0:
        raise ValueError(f"[{op}] argument 'min_sizes': expected positive sizes, but got {min_sizes}")
    maxs = [] if max_sizes is None else _numbers(op, max_sizes, "max_sizes")
    if maxs and (len(maxs) != len(mins) or any(hi <= lo for lo, hi in zip(mins, maxs))):
        raise ValueError(f"[{op}] argument 'max_sizes': expected one size larger than each min size {mins}, but got "
                         f"{max_sizes}")
    ratios = _expanded_ratios(_numbers(op, aspect_ratios, "aspect_ratios"), check.flag(op, flip, "flip"))
    variances = _numbers(op, variance, "variance")
    if len(variances) != 4:
        raise ValueError(f"[{op}] argument 'variance': expected 4 numbers, but got {variance}")
    step = _numbers(op, steps, "steps")
    if len(step) != 2:
        raise ValueError(f"[{op}] argument 'steps': expected (step_w, step_h), but got {steps}")
    offset = float(check.number(op, offset, "offset"))
    height, width = input.shape[2:]
    image_h, image_w = image.shape[2:]
    step_w, step_h = step
    if step_w == 0 or step_h == 0:
        step_w, step_h = image_w / width, image_h / height

    half_sizes = []  # (half width, half height) of the boxes of one cell, in order
    for k, low in enumerate(mins):
        shaped = [(low * math.sqrt(r) / 2, low / math.sqrt(r) / 2) for r in ratios]
        square = [(math.sqrt(low * maxs[k]) / 2,) * 2] if maxs else []
        if check.flag(op, min_max_aspect_ratios_order, "min_max_aspect_ratios_order"):
            others = [size for size, r in zip(shaped, ratios) if abs(r - 1.0) >= 1e-6]
            half_sizes += [(low / 2, low / 2)] + square + others
        else:
            half_sizes += shaped + square
    half_w, half_h = np.array(half_sizes).T
    cx = ((np.arange(width) + offset) * step_w)[None, :, None]
    cy = ((np.arange(height) + offset) * step_h)[:, None, None]
    boxes = np.stack(np.broadcast_arrays((cx - half_w) / image_w, (cy - half_h) / image_h,
                                         (cx + half_w) / image_w, (cy + half_h) / image_h), axis=-1)
    if check.flag(op, clip, "clip"):
        boxes = np.clip(boxes, 0.0, 1.0)
    return arg.constant(boxes, input), arg.constant(np.broadcast_to(np.array(variances), boxes.shape), input)
