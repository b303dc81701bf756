"""Loss functions, composed of differentiable ops (their gradients of every
order follow from the parts)."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases

_REDUCTIONS = ("mean", "sum", "none")


def _check(op, reduction=None, **tensors):
    for arg, t in tensors.items():
        check.tensor(op, t, arg)
    if reduction is not None and reduction not in _REDUCTIONS:
        raise ValueError(f"[{op}] argument 'reduction': expected one of {_REDUCTIONS}, but got {reduction!r}")


def _reduce(loss, reduction):
    if reduction == "mean":
        return paddle.mean(loss)
    if reduction == "sum":
        return paddle.sum(loss)
    return loss


def _same_shape(op, a, b, names=("input", "label")):
    if list(a.shape) != list(b.shape):
        raise ValueError(f"[{op}] {names[0]}.shape {list(a.shape)} must equal {names[1]}.shape {list(b.shape)}")


def _check_class_weight(op, weight, classes):
    _check(op, weight=weight)
    if list(weight.shape) != [classes]:
        raise ValueError(f"[{op}] weight.shape {list(weight.shape)} must be [{classes}]")


def _hard_label_loss(op, input, label, axis, weight, ignore_index, reduction, logits):  # noqa: A002
    """-weight[label] * log p[label] per position, with ignore_index masked out. With logits, p is
    softmax(input) along axis (the fused softmax_cross_entropy op); otherwise input holds log p."""
    classes = input.shape[axis]
    if label.dtype not in (paddle.int32, paddle.int64):
        raise TypeError(f"[{op}] argument 'label': hard labels must be int32 or int64, but got {label.dtype}")
    expected = list(input.shape)
    expected[axis] = 1
    if list(label.shape) == expected:
        index = label
    elif list(label.shape) == expected[:axis] + expected[axis + 1:]:
        index = label.unsqueeze(axis)
    else:
        raise ValueError(f"[{op}] label.shape {list(label.shape)} must be input.shape with dim {axis} as 1 or removed "
                         f"({expected})")
    index = index.astype("int64")
    ignore_index = check.integer(op, ignore_index, "ignore_index")
    valid = index != ignore_index
    # The kernels check the labels' range (softmax_cross_entropy's, or
    # check_labels' for log-probabilities): nothing is read back here.
    if not logits:
        index = _C_ops.check_labels(index, classes, ignore_index)
    safe = paddle.where(valid, index, paddle.zeros([], "int64"))
    w = valid.astype(input.dtype)
    if logits:
        loss = _C_ops.softmax_cross_entropy(input, index, ignore_index, axis)[0]
    else:
        loss = -paddle.take_along_axis(input, safe, axis) * w
    if weight is not None:
        _check_class_weight(op, weight, classes)
        w = w * paddle.gather(weight.astype(input.dtype), safe.reshape([-1])).reshape(safe.shape)
        loss = loss * w
    if list(label.shape) != expected:
        loss, w = loss.squeeze(axis), w.squeeze(axis)
    if reduction == "mean":  # weighted by the kept positions' class weights
        return paddle.sum(loss) / paddle.clip(paddle.sum(w), min=1e-12)
    return _reduce(loss, reduction)


@aliases(label="target")
def cross_entropy(input, label, weight=None, ignore_index=-100, reduction="mean", soft_label=False,  # noqa: A002
                  axis=-1, use_softmax=True, label_smoothing=0.0, name=None) -> Tensor:
    """Cross entropy between softmax(input) along axis and the labels: class
    indices (hard) or distributions (soft_label=True).

    Args:
        weight (Tensor, optional): a weight per class.
        ignore_index (int, optional): a hard label whose positions add no loss
            and do not count in the mean. Default -100.
        reduction (str, optional): 'mean' (weighted by weight), 'sum' or 'none'.
        use_softmax (bool, optional): False when input already holds probabilities.
        label_smoothing (float, optional): mixes the labels with the uniform
            distribution: (1 - e) * label + e / classes.

    Examples:
        >>> import paddle
        >>> logits = paddle.to_tensor([[2.0, 0.0], [0.0, 2.0]])
        >>> round(paddle.nn.functional.cross_entropy(logits, paddle.to_tensor([0, 1])).item(), 4)
        0.1269
    """
    _check("cross_entropy", reduction, input=input, label=label)
    axis = check.axis("cross_entropy", axis, len(input.shape))
    classes = input.shape[axis]
    if not 0.0 <= check.number("cross_entropy", label_smoothing, "label_smoothing") <= 1.0:
        raise ValueError(f"[cross_entropy] label_smoothing must be in [0, 1], but got {label_smoothing}")
    if not soft_label and label_smoothing == 0.0:
        if use_softmax:
            return _hard_label_loss("cross_entropy", input, label, axis, weight, ignore_index, reduction, True)
        return _hard_label_loss("cross_entropy", paddle.log(input), label, axis, weight, ignore_index, reduction,
                                False)
    logp = paddle.nn.functional.log_softmax(input, axis=axis) if use_softmax else paddle.log(input)
    if soft_label:
        _same_shape("cross_entropy", input, label)
        target = label.astype(logp.dtype)
    else:
        target = _one_hot_along(label, classes, axis, logp)
    if label_smoothing:
        target = target * (1.0 - label_smoothing) + label_smoothing / classes
    loss = -paddle.sum(target * logp, axis=axis, keepdim=True)
    if weight is None:
        return _reduce(loss, reduction)
    _check_class_weight("cross_entropy", weight, classes)
    per_sample = paddle.sum(target * weight.astype(logp.dtype).reshape(
        [classes if d == axis else 1 for d in range(len(logp.shape))]), axis=axis, keepdim=True)
    loss = loss * per_sample
    if reduction == "mean":
        return paddle.sum(loss) / paddle.sum(per_sample)
    return _reduce(loss, reduction)


def _one_hot_along(label, classes, axis, like):
    if label.dtype not in (paddle.int32, paddle.int64):
        raise TypeError(f"[cross_entropy] argument 'label': hard labels must be int32 or int64, but got {label.dtype}")
    if len(label.shape) == len(like.shape):
        label = label.squeeze(axis)
    hot = paddle.nn.functional.one_hot(label, classes).astype(like.dtype)
    return paddle.moveaxis(hot, -1, axis)


def softmax_with_cross_entropy(logits, label, soft_label=False, ignore_index=-100, numeric_stable_mode=True,
                               return_softmax=False, axis=-1):
    """Per-position cross entropy (label dims kept), and softmax(logits) when return_softmax."""
    _check("softmax_with_cross_entropy", logits=logits, label=label)
    axis = check.axis("softmax_with_cross_entropy", axis, len(logits.shape))
    loss = cross_entropy(logits, label, ignore_index=ignore_index, reduction="none", soft_label=soft_label, axis=axis)
    if not soft_label and len(loss.shape) < len(logits.shape):
        loss = loss.unsqueeze(axis % len(logits.shape))
    if return_softmax:
        return loss, paddle.nn.functional.softmax(logits, axis=axis)
    return loss


def nll_loss(input, label, weight=None, ignore_index=-100, reduction="mean", name=None) -> Tensor:  # noqa: A002
    """Negative log likelihood of log-probabilities input [N, C, ...] at labels [N, ...]."""
    _check("nll_loss", reduction, input=input, label=label)
    if len(input.shape) < 2:
        raise ValueError(f"[nll_loss] input must be [N, C, ...], but got shape {list(input.shape)}")
    if label.dtype not in (paddle.int32, paddle.int64):
        raise TypeError(f"[nll_loss] argument 'label': hard labels must be int32 or int64, but got {label.dtype}")
    if len(label.shape) == len(input.shape) and label.shape[1] == 1:  # the class dim kept as 1
        label = label.squeeze(1)
    if weight is None:
        weight = paddle.ones([input.shape[1]], input.dtype)
    else:
        _check_class_weight("nll_loss", weight, input.shape[1])
    ignore_index = check.integer("nll_loss", ignore_index, "ignore_index")
    return _C_ops.nll_loss(input, label, weight.astype(input.dtype), ignore_index, reduction)[0]


def mse_loss(input, label, reduction="mean", name=None) -> Tensor:  # noqa: A002
    """(input - label)^2, reduced.

    Examples:
        >>> import paddle
        >>> paddle.nn.functional.mse_loss(paddle.to_tensor([1.0, 3.0]), paddle.to_tensor([2.0, 1.0])).item()
        2.5
    """
    _check("mse_loss", reduction, input=input, label=label)
    return _reduce(paddle.square(input - label), reduction)


def l1_loss(input, label, reduction="mean", name=None) -> Tensor:  # noqa: A002
    """|input - label|, reduced."""
    _check("l1_loss", reduction, input=input, label=label)
    return _reduce(paddle.abs(input - label), reduction)


def smooth_l1_loss(input, label, reduction="mean", delta=1.0, is_huber=True, name=None) -> Tensor:  # noqa: A002
    """Huber loss: 0.5 d^2 where |d| < delta, else delta (|d| - 0.5 delta), d = input - label; with
    is_huber=False, PyTorch's smooth L1 loss, the Huber loss divided by delta (NaN for delta 0, as in Paddle).

    Examples:
        >>> import paddle
        >>> x, y = paddle.to_tensor([0.1, 1.5]), paddle.zeros([2])
        >>> loss = paddle.nn.functional.smooth_l1_loss(x, y, "none", delta=0.5, is_huber=False)
        >>> [round(v, 4) for v in loss.tolist()]
        [0.01, 1.25]
    """
    _check("smooth_l1_loss", reduction, input=input, label=label)
    delta = check.number("smooth_l1_loss", delta, "delta")
    loss = _C_ops.huber_loss(input, _like(label, input), float(delta))[0]
    if not check.flag("smooth_l1_loss", is_huber, "is_huber"):
        loss = loss / float(delta) if delta else loss * float("nan")
    return _reduce(loss, reduction)


def _like(label, input):  # noqa: A002
    """label in input's dtype, as the loss ops take them."""
    return label if label.dtype == input.dtype else label.astype(input.dtype)


def binary_cross_entropy(input, label, weight=None, reduction="mean", name=None) -> Tensor:  # noqa: A002
    """-(label log(input) + (1 - label) log(1 - input)), logs clamped at -100 as Paddle does."""
    _check("binary_cross_entropy", reduction, input=input, label=label)
    if weight is not None:
        check.tensor("binary_cross_entropy", weight, "weight")
    _same_shape("binary_cross_entropy", input, label)
    loss = _C_ops.bce_loss(input, _like(label, input))
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction)


def binary_cross_entropy_with_logits(logit, label, weight=None, reduction="mean", pos_weight=None,
                                     name=None) -> Tensor:
    """binary_cross_entropy(sigmoid(logit), label), computed stably:
    (1 - label) * logit + (1 + (pos_weight - 1) * label) * log(1 + exp(-logit))."""
    _check("binary_cross_entropy_with_logits", reduction, logit=logit, label=label)
    for arg, t in (("weight", weight), ("pos_weight", pos_weight)):
        if t is not None:
            check.tensor("binary_cross_entropy_with_logits", t, arg)
    _same_shape("binary_cross_entropy_with_logits", logit, label, ("logit", "label"))
    pos_weight = paddle.ones([], logit.dtype) if pos_weight is None else _like(pos_weight, logit)
    loss = _C_ops.sigmoid_cross_entropy_with_logits(logit, _like(label, logit), pos_weight, False, -100)
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction)


def kl_div(input, label, reduction="mean", log_target=False, name=None) -> Tensor:  # noqa: A002
    """KL divergence of label from exp(input): label * (log(label) - input) (0 where label is 0)."""
    _check("kl_div", reduction=None if reduction == "batchmean" else reduction, input=input, label=label)
    return _C_ops.kldiv_loss(input, _like(label, input), reduction, check.flag("kl_div", log_target, "log_target"))


def margin_ranking_loss(input, other, label, margin=0.0, reduction="mean", name=None) -> Tensor:  # noqa: A002
    """max(0, -label * (input - other) + margin)."""
    _check("margin_ranking_loss", reduction, input=input, other=other, label=label)
    check.number("margin_ranking_loss", margin, "margin")
    return _reduce(paddle.nn.functional.relu(-label * (input - other) + margin), reduction)


def hinge_embedding_loss(input, label, margin=1.0, reduction="mean", name=None) -> Tensor:  # noqa: A002
    """input where label is 1, max(0, margin - input) where label is -1."""
    _check("hinge_embedding_loss", reduction, input=input, label=label)
    check.number("hinge_embedding_loss", margin, "margin")
    loss = paddle.where(label == 1.0, input, paddle.nn.functional.relu(margin - input))
    return _reduce(loss, reduction)


@aliases(axis="dim")
def cosine_similarity(x1, x2, axis=1, eps=1e-8) -> Tensor:
    """x1 . x2 / max(|x1| |x2|, eps) along axis."""
    _check("cosine_similarity", x1=x1, x2=x2)
    dot = paddle.sum(x1 * x2, axis=axis)
    norms = paddle.sqrt(paddle.sum(x1 * x1, axis=axis) * paddle.sum(x2 * x2, axis=axis))
    return dot / paddle.clip(norms, min=eps)


def cosine_embedding_loss(input1, input2, label, margin=0, reduction="mean", name=None) -> Tensor:
    """1 - cos(input1, input2) where label is 1, max(0, cos - margin) where label is -1."""
    _check("cosine_embedding_loss", reduction, input1=input1, input2=input2, label=label)
    check.number("cosine_embedding_loss", margin, "margin")
    cos = cosine_similarity(input1, input2, axis=-1)
    loss = paddle.where(label == 1, 1.0 - cos, paddle.nn.functional.relu(cos - margin))
    return _reduce(loss, reduction)


def triplet_margin_loss(input, positive, negative, margin=1.0, p=2, epsilon=1e-6, swap=False,  # noqa: A002
                        reduction="mean", name=None) -> Tensor:
    """max(0, d(input, positive) - d(input, negative) + margin), d the p-norm distance."""
    _check("triplet_margin_loss", reduction, input=input, positive=positive, negative=negative)
    for arg, v in (("margin", margin), ("p", p), ("epsilon", epsilon)):
        check.number("triplet_margin_loss", v, arg)

    def dist(a, b):
        return paddle.linalg.norm(a - b + epsilon, p=p, axis=-1)

    d_neg = dist(input, negative)
    if swap:
        d_neg = paddle.minimum(d_neg, dist(positive, negative))
    return _reduce(paddle.nn.functional.relu(dist(input, positive) - d_neg + margin), reduction)


def square_error_cost(input, label) -> Tensor:  # noqa: A002
    """(input - label)^2 elementwise."""
    _check("square_error_cost", input=input, label=label)
    return paddle.square(input - label)


def log_loss(input, label, epsilon=1e-4, name=None) -> Tensor:  # noqa: A002
    """-(label log(input + eps) + (1 - label) log(1 - input + eps))."""
    _check("log_loss", input=input, label=label)
    check.number("log_loss", epsilon, "epsilon")
    return -(label * paddle.log(input + epsilon) + (1.0 - label) * paddle.log(1.0 - input + epsilon))


# Note [CTC log zero]: the forward algorithm runs in log space with -1e30
# standing for log(0): finite, so logsumexp and its gradient never meet
# (-inf) - (-inf) = nan; exp(-1e30 - m) is exactly 0 for any reachable m.
_CTC_LOG_ZERO = -1e30


def _ctc_lengths(op, t, arg, batch, high):
    if t.dtype not in (paddle.int32, paddle.int64) or list(t.shape) != [batch]:
        raise ValueError(f"[{op}] argument '{arg}': expected an int32/int64 tensor of shape [{batch}], but got "
                         f"{check.got(t)}")
    values = t.numpy().astype("int64")
    if batch and (values.min() < (1 if arg == "input_lengths" else 0) or values.max() > high):
        raise ValueError(f"[{op}] argument '{arg}': expected values in [{1 if arg == 'input_lengths' else 0}, "
                         f"{high}], but got {values.tolist()}")
    return values


def ctc_loss(log_probs, labels, input_lengths, label_lengths, blank=0, reduction="mean", norm_by_times=False,
             zero_infinity=False, name=None) -> Tensor:
    """The Connectionist Temporal Classification loss: -log of the total probability of all alignments of
    each label sequence to its input sequence (blanks between and repeats collapsed).

    As Paddle's (warp-ctc) op, `log_probs` are unscaled scores: a log_softmax over the classes is applied
    first (a no-op for inputs that already are log-probabilities). Computed by the forward algorithm in log
    space over the time steps (Note [CTC log zero]); the gradient follows by autograd.

    Args:
        log_probs (Tensor): [max_time, batch, num_classes + 1], float32 or float64 (time-major).
        labels (Tensor): [batch, max_label_length], int32 or int64, padded.
        input_lengths (Tensor): [batch], each sequence's time steps, in [1, max_time].
        label_lengths (Tensor): [batch], each label sequence's length, in [0, max_label_length].
        blank (int, optional): the blank class, in [0, num_classes + 1). Default 0.
        reduction (str, optional): 'mean' (each loss divided by its label length, then averaged), 'sum'
            or 'none' (the [batch] losses). Default 'mean'.
        norm_by_times (bool, optional): divide each sequence's gradient (not its loss) by its input
            length, as warp-ctc. Default False.
        zero_infinity (bool, optional): PyTorch's switch to zero the infinite loss (and its gradient) of
            a label sequence that no alignment produces (too long for its input, counting a blank between
            repeated labels). Paddle's warp-ctc loss is zero there whatever this says, and so is this one.
            Default False.

    Examples:
        >>> import paddle
        >>> logits = paddle.zeros([2, 1, 2])        # 2 steps, classes {blank, a}, all equally likely
        >>> labels = paddle.to_tensor([[1]], dtype="int32")
        >>> lengths, label_lengths = paddle.to_tensor([2]), paddle.to_tensor([1])
        >>> loss = paddle.nn.functional.ctc_loss(logits, labels, lengths, label_lengths, reduction="none")
        >>> round(float(loss[0]), 4)                # 3 alignments (a-, -a, aa) of probability 1/4 each
        0.2877
    """
    op = "ctc_loss"
    _check(op, reduction, log_probs=log_probs, labels=labels, input_lengths=input_lengths,
           label_lengths=label_lengths)
    if len(log_probs.shape) != 3:
        raise ValueError(f"[{op}] argument 'log_probs': expected a 3-D tensor [max_time, batch, num_classes + 1], "
                         f"but got shape {list(log_probs.shape)}")
    if log_probs.dtype not in (paddle.float32, paddle.float64):
        raise TypeError(f"[{op}] argument 'log_probs': expected float32 or float64, but got {log_probs.dtype}")
    steps, batch, classes = log_probs.shape
    if labels.dtype not in (paddle.int32, paddle.int64):
        raise TypeError(f"[{op}] argument 'labels': expected int32 or int64, but got {labels.dtype}")
    if len(labels.shape) != 2 or labels.shape[0] != batch:
        raise ValueError(f"[{op}] argument 'labels': expected a 2-D tensor [{batch}, max_label_length], but got "
                         f"shape {list(labels.shape)}")
    blank = check.integer(op, blank, "blank")
    if not 0 <= blank < classes:
        raise ValueError(f"[{op}] argument 'blank': expected an int in [0, {classes}), but got {blank}")
    max_label = labels.shape[1]
    in_len = _ctc_lengths(op, input_lengths, "input_lengths", batch, steps)
    lab_len = _ctc_lengths(op, label_lengths, "label_lengths", batch, max_label)
    check.flag(op, zero_infinity, "zero_infinity")
    lab = labels.numpy().astype("int64")
    used = np.arange(max_label)[None, :] < lab_len[:, None]
    if used.any() and (lab[used].min() < 0 or lab[used].max() >= classes or (lab[used] == blank).any()):
        raise ValueError(f"[{op}] argument 'labels': expected values in [0, {classes}) other than blank ({blank})")
    # The extended labels [blank, l1, blank, l2, ..., blank]; a step may skip a blank between different labels.
    states = 2 * max_label + 1
    ext = np.full([batch, states], blank, dtype="int64")
    ext[:, 1::2] = lab
    skip = np.zeros([batch, states], dtype=bool)
    skip[:, 3::2] = lab[:, 1:] != lab[:, :-1]
    dtype = log_probs.dtype
    zero = paddle.full([], _CTC_LOG_ZERO, dtype)
    emit = paddle.take_along_axis(paddle.nn.functional.log_softmax(log_probs, axis=-1),
                                  paddle.to_tensor(ext).unsqueeze(0), 2)  # [T, B, S]
    alpha = paddle.where(paddle.to_tensor(np.arange(states) < 2).unsqueeze(0), emit[0], zero)
    pad1 = paddle.full([batch, 1], _CTC_LOG_ZERO, dtype)
    pad2 = paddle.full([batch, 2], _CTC_LOG_ZERO, dtype)
    skip_t = paddle.to_tensor(skip)
    for t in range(1, int(in_len.max()) if batch else 0):
        paths = [alpha, paddle.concat([pad1, alpha[:, :-1]], axis=1)]
        if states > 2:
            paths.append(paddle.where(skip_t, paddle.concat([pad2, alpha[:, :-2]], axis=1), zero))
        new = paddle.logsumexp(paddle.stack(paths), axis=0) + emit[t]
        alpha = paddle.where(paddle.to_tensor((t < in_len)[:, None]), new, alpha)
    # A path ends on the last label or the blank after it.
    ends = np.stack([2 * lab_len, np.maximum(2 * lab_len - 1, 0)], axis=1)
    last = paddle.take_along_axis(alpha, paddle.to_tensor(ends), 1)
    last = paddle.where(paddle.to_tensor(np.stack([lab_len >= 0, lab_len > 0], axis=1)), last, zero)
    loss = -paddle.logsumexp(last, axis=1)
    # A sequence no alignment produces has loss -log 0 (here 1e30): zero it, and its gradient, as warp-ctc does.
    repeats = ((lab[:, 1:] == lab[:, :-1]) & used[:, 1:]).sum(axis=1) if max_label > 1 else np.zeros(batch, int)
    feasible = paddle.to_tensor(in_len >= lab_len + repeats)
    loss = paddle.where(feasible, loss, paddle.zeros_like(loss))
    if check.flag(op, norm_by_times, "norm_by_times"):
        scaled = loss / paddle.to_tensor(in_len.astype(np.float64)).astype(dtype)
        loss = scaled + (loss - scaled).detach()  # the value unchanged, the gradient divided
    if reduction == "mean":
        return paddle.mean(loss / label_lengths.astype(dtype))
    return _reduce(loss, reduction)
