"""More losses of paddle.nn.functional, composed of differentiable ops: the
likelihood losses (gaussian_nll_loss, poisson_nll_loss), the margin losses
(soft_margin, multi_label_margin, multi_label_soft_margin, multi_margin,
triplet_margin_with_distance), dice_loss, npair_loss, sigmoid_focal_loss and
label_smooth."""

from __future__ import annotations

import math

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.nn.functional.distance import pairwise_distance
from paddle.nn.functional.loss import _reduce

_REDUCTIONS = ("mean", "sum", "none")


def _reduction(op, reduction):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"[{op}] argument 'reduction': expected one of {_REDUCTIONS}, but got {reduction!r}")
    return reduction


def _floating(op, t, arg):
    check.tensor(op, t, arg)
    if not t.dtype.name.startswith(("float", "bfloat")):
        raise TypeError(f"[{op}] argument '{arg}': expected a floating-point Tensor, but got {check.got(t)}")
    return t


def _integer(op, t, arg):
    check.tensor(op, t, arg)
    if t.dtype not in (paddle.int32, paddle.int64):
        raise TypeError(f"[{op}] argument '{arg}': expected an int32 or int64 Tensor, but got {check.got(t)}")
    return t


def _same_shape(op, a, b, names):
    if list(a.shape) != list(b.shape):
        raise ValueError(f"[{op}] argument '{names[1]}': expected the shape of {names[0]} {list(a.shape)}, but got "
                         f"{list(b.shape)}")


def _as(t, like):
    return t if t.dtype == like.dtype else t.astype(like.dtype)


# ---- likelihood losses ----------------------------------------------------------


def gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-6, reduction="mean",  # noqa: A002
                      name=None) -> Tensor:
    """The negative log likelihood of label under N(input, variance):
    0.5 * (log(max(variance, epsilon)) + (input - label)^2 / max(variance, epsilon)),
    plus 0.5 * log(2 pi) when full.

    Args:
        input (Tensor): the predicted means [N, *], floating point.
        label (Tensor): the targets, input's shape (or broadcastable to it).
        variance (Tensor): the predicted variances, >= 0: input's shape, or input's
            shape with the last dim 1 or removed (one variance per sample).
        full (bool, optional): add the constant term. Default False.
        epsilon (float, optional): the variances' lower clamp. Default 1e-6.
        reduction (str, optional): 'mean', 'sum' or 'none'. Default 'mean'.

    Examples:
        >>> import paddle
        >>> loss = paddle.nn.functional.gaussian_nll_loss(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([1.0, 4.0]),
        ...                                               paddle.to_tensor([1.0, 2.0]), reduction="none")
        >>> [round(v, 4) for v in loss.tolist()]
        [0.0, 1.3466]
    """
    op = "gaussian_nll_loss"
    for arg, t in (("input", input), ("label", label), ("variance", variance)):
        _floating(op, t, arg)
    reduction = _reduction(op, reduction)
    epsilon = check.number(op, epsilon, "epsilon")
    shape = list(input.shape)
    if list(paddle.broadcast_shape(shape, list(label.shape))) != shape:
        raise ValueError(f"[{op}] argument 'label': expected the shape of input {shape} or one broadcastable to "
                         f"it, but got {list(label.shape)}")
    var_shape = list(variance.shape)
    if shape and var_shape == shape[:-1]:
        variance = variance.unsqueeze(-1)
    elif var_shape != shape and not (shape and var_shape == shape[:-1] + [1]):
        raise ValueError(f"[{op}] argument 'variance': expected the shape {shape}, {shape[:-1] + [1]} or "
                         f"{shape[:-1]}, but got {var_shape}")
    if variance.size and float(variance.min()) < 0:
        raise ValueError(f"[{op}] argument 'variance': expected values >= 0, but got {float(variance.min())}")
    variance = paddle.clip(variance, min=epsilon)
    loss = 0.5 * (paddle.log(variance) + paddle.square(input - label) / variance)
    if check.flag(op, full, "full"):
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def poisson_nll_loss(input, label, log_input=True, full=False, epsilon=1e-8, reduction="mean",  # noqa: A002
                     name=None) -> Tensor:
    """The negative log likelihood of label under Poisson(rate), without the log(label!) term:
    exp(input) - label * input when log_input (input = log rate), else
    input - label * log(input + epsilon). With full, Stirling's approximation of log(label!),
    label * log(label) - label + 0.5 * log(2 pi label), is added where label > 1.

    Examples:
        >>> import paddle
        >>> loss = paddle.nn.functional.poisson_nll_loss(paddle.to_tensor([0.0, 1.0]), paddle.to_tensor([1.0, 2.0]),
        ...                                              reduction="none")
        >>> [round(v, 4) for v in loss.tolist()]
        [1.0, 0.7183]
    """
    op = "poisson_nll_loss"
    _floating(op, input, "input")
    check.tensor(op, label, "label")
    _same_shape(op, input, label, ("input", "label"))
    reduction = _reduction(op, reduction)
    epsilon = check.number(op, epsilon, "epsilon")
    if not epsilon > 0:
        raise ValueError(f"[{op}] argument 'epsilon': expected a number > 0, but got {epsilon}")
    label = _as(label, input)
    if check.flag(op, log_input, "log_input"):
        loss = paddle.exp(input) - label * input
    else:
        loss = input - label * paddle.log(input + epsilon)
    if check.flag(op, full, "full"):
        counted = label > 1
        safe = paddle.where(counted, label, paddle.ones_like(label))  # keeps log finite where unused
        stirling = safe * paddle.log(safe) - safe + 0.5 * paddle.log(2 * math.pi * safe)
        loss = loss + paddle.where(counted, stirling, paddle.zeros_like(stirling))
    return _reduce(loss, reduction)


# ---- margin losses ---------------------------------------------------------------


def soft_margin_loss(input, label, reduction="mean", name=None) -> Tensor:  # noqa: A002
    """log(1 + exp(-label * input)) for labels in {1, -1}.

    Examples:
        >>> import paddle
        >>> loss = paddle.nn.functional.soft_margin_loss(paddle.to_tensor([0.0, 2.0]), paddle.to_tensor([1.0, -1.0]),
        ...                                              reduction="none")
        >>> [round(v, 4) for v in loss.tolist()]
        [0.6931, 2.1269]
    """
    op = "soft_margin_loss"
    _floating(op, input, "input")
    check.tensor(op, label, "label")
    _same_shape(op, input, label, ("input", "label"))
    return _reduce(paddle.nn.functional.softplus(-_as(label, input) * input), _reduction(op, reduction))


def _check_2d(op, input):  # noqa: A002
    if len(input.shape) != 2:
        raise ValueError(f"[{op}] argument 'input': expected a 2-D tensor [N, C], but got shape "
                         f"{list(input.shape)}")


def multi_label_margin_loss(input, label, reduction="mean", name=None) -> Tensor:  # noqa: A002
    """Hinge loss between each row's target classes and the others:
    sum over targets j and non-targets k of max(0, 1 - (input[j] - input[k])) / C.

    A row's targets are its label values up to the first -1 (the rest is padding).

    Args:
        input (Tensor): [N, C] scores.
        label (Tensor): [N, C] int class indices in [0, C), each row ended by -1 when shorter.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.1, 0.2, 0.4, 0.8]])
        >>> y = paddle.to_tensor([[3, 0, -1, 1]])
        >>> round(float(paddle.nn.functional.multi_label_margin_loss(x, y)), 4)
        0.85
    """
    op = "multi_label_margin_loss"
    _floating(op, input, "input")
    _integer(op, label, "label")
    _check_2d(op, input)
    _same_shape(op, input, label, ("input", "label"))
    reduction = _reduction(op, reduction)
    classes = input.shape[1]
    labels = label.numpy().astype("int64")
    if labels.size and (labels.min() < -1 or labels.max() >= classes):
        raise ValueError(f"[{op}] argument 'label': expected values in [-1, {classes}), but got values in "
                         f"[{labels.min()}, {labels.max()}]")
    used = np.cumprod(labels != -1, axis=1).astype(bool)  # the positions before each row's first -1
    safe = np.where(used, labels, 0)
    is_target = (np.eye(classes, dtype=bool)[safe] & used[:, :, None]).any(axis=1)
    pairs = used[:, :, None] & ~is_target[:, None, :]  # (target position, non-target class)
    target_scores = paddle.take_along_axis(input, paddle.to_tensor(safe), axis=1)
    hinge = paddle.nn.functional.relu(1.0 - target_scores.unsqueeze(2) + input.unsqueeze(1))
    loss = paddle.sum(hinge * paddle.to_tensor(pairs).astype(input.dtype), axis=[1, 2]) / classes
    return _reduce(loss, reduction)


def multi_label_soft_margin_loss(input, label, weight=None, reduction="mean", name=None) -> Tensor:  # noqa: A002
    """The mean over classes (the last dim) of the binary cross entropy between
    sigmoid(input) and the 0/1 labels, each class term scaled by weight when given.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 2.0]])
        >>> y = paddle.to_tensor([[1.0, 0.0]])
        >>> round(float(paddle.nn.functional.multi_label_soft_margin_loss(x, y)), 4)
        1.41
    """
    op = "multi_label_soft_margin_loss"
    _floating(op, input, "input")
    check.tensor(op, label, "label")
    _same_shape(op, input, label, ("input", "label"))
    reduction = _reduction(op, reduction)
    label = _as(label, input)
    log_sigmoid = paddle.nn.functional.log_sigmoid
    loss = -(label * log_sigmoid(input) + (1.0 - label) * log_sigmoid(-input))
    if weight is not None:
        _floating(op, weight, "weight")
        loss = loss * weight
    return _reduce(paddle.mean(loss, axis=-1), reduction)


def multi_margin_loss(input, label, p=1, margin=1.0, weight=None, reduction="mean",  # noqa: A002
                      name=None) -> Tensor:
    """Multi-class hinge loss: for each row with target y,
    sum over j != y of weight[y] * max(0, margin - input[y] + input[j])^p / C.

    Args:
        input (Tensor): [N, C] scores.
        label (Tensor): [N] (or [N, 1]) int classes in [0, C).
        p (int, optional): the hinge's power. Default 1.
        margin (float, optional): Default 1.0.
        weight (Tensor, optional): [C], a weight per target class.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.1, 0.2, 0.4, 0.8]])
        >>> round(float(paddle.nn.functional.multi_margin_loss(x, paddle.to_tensor([3]))), 4)
        0.325
    """
    op = "multi_margin_loss"
    _floating(op, input, "input")
    _integer(op, label, "label")
    _check_2d(op, input)
    reduction = _reduction(op, reduction)
    p = check.number(op, p, "p")
    margin = check.number(op, margin, "margin")
    rows, classes = input.shape
    if list(label.shape) not in ([rows], [rows, 1]):
        raise ValueError(f"[{op}] argument 'label': expected the shape [{rows}] or [{rows}, 1], but got "
                         f"{list(label.shape)}")
    index = label.reshape([rows, 1]).astype("int64")
    if rows:
        low, high = int(index.min()), int(index.max())
        if low < 0 or high >= classes:
            raise ValueError(f"[{op}] argument 'label': expected classes in [0, {classes}), but got values in "
                             f"[{low}, {high}]")
    target = paddle.take_along_axis(input, index, axis=1)
    hinge = paddle.pow(paddle.nn.functional.relu(margin - target + input), p)
    if weight is not None:
        _floating(op, weight, "weight")
        if list(weight.shape) != [classes]:
            raise ValueError(f"[{op}] argument 'weight': expected the shape [{classes}], but got "
                             f"{list(weight.shape)}")
        hinge = hinge * paddle.gather(_as(weight, input), index.reshape([rows])).reshape([rows, 1])
    others = paddle.ones_like(input) - paddle.nn.functional.one_hot(index.reshape([rows]), classes).astype(input.dtype)
    return _reduce(paddle.sum(hinge * others, axis=1) / classes, reduction)


def triplet_margin_with_distance_loss(input, positive, negative, distance_function=None, margin=1.0,  # noqa: A002
                                      swap=False, reduction="mean", name=None) -> Tensor:
    """max(0, d(input, positive) - d(input, negative) + margin) for a distance d
    (pairwise_distance when None); with swap, d(input, negative) is replaced by
    min(d(input, negative), d(positive, negative)).

    Examples:
        >>> import paddle
        >>> a = paddle.to_tensor([[0.0, 0.0]])
        >>> p, n = paddle.to_tensor([[3.0, 4.0]]), paddle.to_tensor([[1.0, 0.0]])
        >>> round(float(paddle.nn.functional.triplet_margin_with_distance_loss(a, p, n)), 3)
        5.0
    """
    op = "triplet_margin_with_distance_loss"
    for arg, t in (("input", input), ("positive", positive), ("negative", negative)):
        _floating(op, t, arg)
    _same_shape(op, input, positive, ("input", "positive"))
    _same_shape(op, input, negative, ("input", "negative"))
    reduction = _reduction(op, reduction)
    margin = check.number(op, margin, "margin")
    if margin < 0:
        raise ValueError(f"[{op}] argument 'margin': expected a number >= 0, but got {margin}")
    if distance_function is None:
        distance_function = pairwise_distance
    elif not callable(distance_function):
        raise TypeError(f"[{op}] argument 'distance_function': expected a callable, but got "
                        f"{check.got(distance_function)}")
    d_pos = distance_function(input, positive)
    d_neg = distance_function(input, negative)
    if check.flag(op, swap, "swap"):
        d_neg = paddle.minimum(d_neg, distance_function(positive, negative))
    for arg, d in (("positive", d_pos), ("negative", d_neg)):
        if d.size and float(d.min()) < 0:
            raise ValueError(f"[{op}] the {arg} distances must be >= 0, but distance_function gave "
                             f"{float(d.min())}")
    return _reduce(paddle.nn.functional.relu(d_pos - d_neg + margin), reduction)


# ---- other losses ---------------------------------------------------------------


def dice_loss(input, label, epsilon=1e-5, name=None) -> Tensor:  # noqa: A002
    """1 - 2 |X ∩ Y| / (|X| + |Y| + epsilon) per sample, averaged over the batch, between
    the class probabilities input [N, ..., C] and the one-hot labels [N, ..., 1].

    Examples:
        >>> import paddle
        >>> probs = paddle.to_tensor([[[0.8, 0.2], [0.4, 0.6]]])
        >>> labels = paddle.to_tensor([[[0], [1]]])
        >>> round(float(paddle.nn.functional.dice_loss(probs, labels)), 4)
        0.3
    """
    op = "dice_loss"
    _floating(op, input, "input")
    _integer(op, label, "label")
    rank = len(input.shape)
    if rank < 2 or len(label.shape) != rank:
        raise ValueError(f"[{op}] argument 'label': expected a {rank}-D tensor (input's rank, at least 2), but got "
                         f"shape {list(label.shape)}")
    if list(label.shape) != list(input.shape[:-1]) + [1]:
        raise ValueError(f"[{op}] argument 'label': expected the shape {list(input.shape[:-1]) + [1]}, but got "
                         f"{list(label.shape)}")
    epsilon = check.number(op, epsilon, "epsilon")
    one_hot = paddle.nn.functional.one_hot(label.squeeze(-1), input.shape[-1]).astype(input.dtype)
    axes = list(range(1, rank))
    inter = paddle.sum(input * one_hot, axis=axes)
    union = paddle.sum(input, axis=axes) + paddle.sum(one_hot, axis=axes)
    return paddle.mean(1.0 - 2.0 * inter / (union + epsilon))


def npair_loss(anchor, positive, labels, l2_reg=0.002) -> Tensor:
    """The N-pair loss: softmax cross entropy of the similarities anchor @ positive^T
    against the targets "same label" (each row normalized to sum 1), averaged, plus
    l2_reg * (mean |anchor|^2 + mean |positive|^2) / 4.

    Args:
        anchor (Tensor): [N, D] embeddings.
        positive (Tensor): [N, D] embeddings; row i pairs with anchor row i.
        labels (Tensor): [N] (or [N, 1]) labels of the pairs.
        l2_reg (float, optional): the weight of the embeddings' L2 term. Default 0.002.

    Examples:
        >>> import paddle
        >>> a = paddle.to_tensor([[1.0, 0.0], [0.0, 1.0]])
        >>> round(float(paddle.nn.functional.npair_loss(a, a, paddle.to_tensor([0, 1]), l2_reg=0.0)), 4)
        0.3133
    """
    op = "npair_loss"
    _floating(op, anchor, "anchor")
    _floating(op, positive, "positive")
    check.tensor(op, labels, "labels")
    if len(anchor.shape) != 2:
        raise ValueError(f"[{op}] argument 'anchor': expected a 2-D tensor [N, D], but got shape "
                         f"{list(anchor.shape)}")
    _same_shape(op, anchor, positive, ("anchor", "positive"))
    batch = anchor.shape[0]
    if list(labels.shape) not in ([batch], [batch, 1]):
        raise ValueError(f"[{op}] argument 'labels': expected the shape [{batch}] or [{batch}, 1], but got "
                         f"{list(labels.shape)}")
    l2_reg = check.number(op, l2_reg, "l2_reg")
    labels = labels.reshape([batch, 1])
    same = (labels == labels.reshape([1, batch])).astype(anchor.dtype)
    targets = same / paddle.sum(same, axis=1, keepdim=True)
    similarity = paddle.matmul(anchor, positive, transpose_y=True)
    cross_entropy = -paddle.sum(targets * paddle.nn.functional.log_softmax(similarity, axis=1), axis=1)
    l2 = (paddle.mean(paddle.sum(paddle.square(anchor), axis=1))
          + paddle.mean(paddle.sum(paddle.square(positive), axis=1))) * (0.25 * l2_reg)
    return l2 + paddle.mean(cross_entropy)


def sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0, reduction="sum",
                       name=None) -> Tensor:
    """The focal loss of RetinaNet: alpha_t * (1 - p_t)^gamma * binary_cross_entropy(sigmoid(logit), label),
    with p = sigmoid(logit), p_t = p where label is 1 else 1 - p, alpha_t = alpha where label
    is 1 else 1 - alpha; divided by normalizer when given.

    Args:
        logit (Tensor): the scores, any shape.
        label (Tensor): 0/1 targets of logit's shape, floating point.
        normalizer (Tensor, optional): a 1-element tensor (e.g. the number of positives).
        alpha (float, optional): the positives' weight in [0, 1]. Default 0.25.
        gamma (float, optional): the focusing exponent >= 0. Default 2.0.
        reduction (str, optional): 'sum' (the default), 'mean' or 'none'.

    Examples:
        >>> import paddle
        >>> loss = paddle.nn.functional.sigmoid_focal_loss(paddle.to_tensor([[0.0]]), paddle.to_tensor([[1.0]]))
        >>> round(float(loss), 4)
        0.0433
    """
    op = "sigmoid_focal_loss"
    _floating(op, logit, "logit")
    _floating(op, label, "label")
    _same_shape(op, logit, label, ("logit", "label"))
    reduction = _reduction(op, reduction)
    alpha = check.number(op, alpha, "alpha")
    gamma = check.number(op, gamma, "gamma")
    if not 0 <= alpha <= 1:
        raise ValueError(f"[{op}] argument 'alpha': expected a number in [0, 1], but got {alpha}")
    if gamma < 0:
        raise ValueError(f"[{op}] argument 'gamma': expected a number >= 0, but got {gamma}")
    label = _as(label, logit)
    prob = paddle.nn.functional.sigmoid(logit)
    cross_entropy = paddle.nn.functional.binary_cross_entropy_with_logits(logit, label, reduction="none")
    p_t = prob * label + (1.0 - prob) * (1.0 - label)
    alpha_t = alpha * label + (1.0 - alpha) * (1.0 - label)
    loss = alpha_t * cross_entropy * paddle.pow(1.0 - p_t, gamma)
    if normalizer is not None:
        _floating(op, normalizer, "normalizer")
        if normalizer.size != 1:
            raise ValueError(f"[{op}] argument 'normalizer': expected a 1-element tensor, but got shape "
                             f"{list(normalizer.shape)}")
        loss = loss / _as(normalizer, logit).reshape([])
    return _reduce(loss, reduction)


def label_smooth(label, prior_dist=None, epsilon=0.1, name=None) -> Tensor:
    """(1 - epsilon) * label + epsilon * prior_dist along the last (class) dim; the
    prior is uniform, 1 / C, when None.

    Args:
        label (Tensor): one-hot (or soft) labels [..., C], floating point.
        prior_dist (Tensor, optional): [C] or [1, C], the distribution mixed in.
        epsilon (float, optional): the mixing weight in [0, 1]. Default 0.1.

    Examples:
        >>> import paddle
        >>> y = paddle.nn.functional.label_smooth(paddle.to_tensor([[0.0, 1.0]]), epsilon=0.2)
        >>> [round(v, 4) for v in y[0].tolist()]
        [0.1, 0.9]
    """
    op = "label_smooth"
    _floating(op, label, "label")
    epsilon = check.number(op, epsilon, "epsilon")
    if not 0 <= epsilon <= 1:
        raise ValueError(f"[{op}] argument 'epsilon': expected a number in [0, 1], but got {epsilon}")
    classes = label.shape[-1] if label.shape else 1
    if prior_dist is None:  # no classes: an empty label, and nothing to divide among
        return (1.0 - epsilon) * label + epsilon / max(classes, 1)
    _floating(op, prior_dist, "prior_dist")
    if list(prior_dist.shape) not in ([classes], [1, classes]):
        raise ValueError(f"[{op}] argument 'prior_dist': expected the shape [{classes}] or [1, {classes}], but got "
                         f"{list(prior_dist.shape)}")
    return (1.0 - epsilon) * label + epsilon * _as(prior_dist, label).reshape([classes])
