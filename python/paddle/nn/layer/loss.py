"""Loss layers: each keeps its constructor's settings and calls its
``paddle.nn.functional`` counterpart with them (``_Loss`` does the calling)."""

from __future__ import annotations

from paddle import _checks as check
from paddle._C import Tensor
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer

_REDUCTIONS = ("mean", "sum", "none")


class _Loss(Layer):
    """Calls ``F.<_fn>(*inputs, **self._attrs)``; the repr shows the attributes."""

    _fn = ""
    _reductions = _REDUCTIONS

    def __init__(self, reduction="mean", **attrs):
        super().__init__()
        op = type(self).__name__
        for arg in ("weight", "pos_weight"):
            if attrs.get(arg) is not None and not isinstance(attrs[arg], Tensor):
                raise TypeError(f"[{op}] argument '{arg}': expected a Tensor or None, but got {check.got(attrs[arg])}")
        self._attrs = dict(attrs, reduction=check.choice(op, reduction, self._reductions, "reduction"))

    def forward(self, *inputs):
        return getattr(F, self._fn)(*inputs, **self._attrs)

    def extra_repr(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self._attrs.items() if not isinstance(v, Tensor))


class CrossEntropyLoss(_Loss):
    """Softmax cross entropy; see ``paddle.nn.functional.cross_entropy``. Call as ``loss(input, label)``.

    Args:
        weight (Tensor, optional): a weight per class.
        ignore_index (int, optional): a label value that adds no loss. Default -100.
        reduction (str, optional): 'mean', 'sum' or 'none'. Default 'mean'.
        soft_label (bool, optional): labels are distributions. Default False.
        axis (int, optional): the class axis. Default -1.
        use_softmax (bool, optional): apply softmax to input first. Default True.
        label_smoothing (float, optional): in [0, 1). Default 0.0.

    Examples:
        >>> import paddle
        >>> loss = paddle.nn.CrossEntropyLoss()
        >>> round(float(loss(paddle.zeros([2, 4]), paddle.to_tensor([1, 3]))), 4)
        1.3863
    """

    _fn = "cross_entropy"

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", soft_label=False, axis=-1,
                 use_softmax=True, label_smoothing=0.0, name=None):
        op = "CrossEntropyLoss"
        label_smoothing = check.number(op, label_smoothing, "label_smoothing")
        if not 0 <= label_smoothing < 1:
            raise ValueError(f"[{op}] argument 'label_smoothing': expected a number in [0, 1), but got "
                             f"{label_smoothing}")
        super().__init__(reduction, weight=weight, ignore_index=check.integer(op, ignore_index, "ignore_index"),
                         soft_label=check.flag(op, soft_label, "soft_label"), axis=check.integer(op, axis, "axis"),
                         use_softmax=check.flag(op, use_softmax, "use_softmax"), label_smoothing=label_smoothing)


class NLLLoss(_Loss):
    """Negative log likelihood of log-probabilities input [N, C, ...] at the labels [N, ...].

    Examples:
        >>> import paddle
        >>> logp = paddle.to_tensor([[-1.0, -2.0], [-3.0, -0.5]])
        >>> float(paddle.nn.NLLLoss()(logp, paddle.to_tensor([0, 1])))
        0.75
    """

    _fn = "nll_loss"

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", name=None):
        super().__init__(reduction, weight=weight, ignore_index=check.integer("NLLLoss", ignore_index,
                                                                              "ignore_index"))


class MSELoss(_Loss):
    """(input - label)^2, reduced.

    Examples:
        >>> import paddle
        >>> float(paddle.nn.MSELoss()(paddle.to_tensor([1.0, 3.0]), paddle.to_tensor([0.0, 0.0])))
        5.0
    """

    _fn = "mse_loss"

    def __init__(self, reduction="mean"):
        super().__init__(reduction)


class L1Loss(_Loss):
    """|input - label|, reduced."""

    _fn = "l1_loss"

    def __init__(self, reduction="mean", name=None):
        super().__init__(reduction)


class SmoothL1Loss(_Loss):
    """The Huber loss with threshold `delta`, reduced; with is_huber=False, PyTorch's smooth L1 loss (the
    Huber loss divided by delta)."""

    _fn = "smooth_l1_loss"

    def __init__(self, reduction="mean", delta=1.0, is_huber=True, name=None):
        super().__init__(reduction, delta=float(check.number("SmoothL1Loss", delta, "delta")),
                         is_huber=check.flag("SmoothL1Loss", is_huber, "is_huber"))


class BCELoss(_Loss):
    """Binary cross entropy of probabilities input and labels, optionally weighted per element."""

    _fn = "binary_cross_entropy"

    def __init__(self, weight=None, reduction="mean", name=None):
        super().__init__(reduction, weight=weight)


class BCEWithLogitsLoss(_Loss):
    """Binary cross entropy of sigmoid(logit) and labels, computed stably; pos_weight weighs the positives.

    Examples:
        >>> import paddle
        >>> round(float(paddle.nn.BCEWithLogitsLoss()(paddle.zeros([3]), paddle.ones([3]))), 4)
        0.6931
    """

    _fn = "binary_cross_entropy_with_logits"

    def __init__(self, weight=None, reduction="mean", pos_weight=None, name=None):
        super().__init__(reduction, weight=weight, pos_weight=pos_weight)


class KLDivLoss(_Loss):
    """label * (log(label) - input) with input log-probabilities (label too when log_target)."""

    _fn = "kl_div"
    _reductions = _REDUCTIONS + ("batchmean",)

    def __init__(self, reduction="mean", log_target=False):
        super().__init__(reduction, log_target=check.flag("KLDivLoss", log_target, "log_target"))


class MarginRankingLoss(_Loss):
    """max(0, -label * (input - other) + margin); call as ``loss(input, other, label)``."""

    _fn = "margin_ranking_loss"

    def __init__(self, margin=0.0, reduction="mean", name=None):
        super().__init__(reduction, margin=float(check.number("MarginRankingLoss", margin, "margin")))


class HingeEmbeddingLoss(_Loss):
    """input where label is 1, max(0, margin - input) where label is -1."""

    _fn = "hinge_embedding_loss"

    def __init__(self, margin=1.0, reduction="mean", name=None):
        super().__init__(reduction, margin=float(check.number("HingeEmbeddingLoss", margin, "margin")))


class CosineEmbeddingLoss(_Loss):
    """1 - cos(input1, input2) where label is 1, max(0, cos - margin) where label is -1."""

    _fn = "cosine_embedding_loss"

    def __init__(self, margin=0, reduction="mean", name=None):
        margin = check.number("CosineEmbeddingLoss", margin, "margin")
        if not -1 <= margin <= 1:
            raise ValueError(f"[CosineEmbeddingLoss] argument 'margin': expected a number in [-1, 1], but got "
                             f"{margin}")
        super().__init__(reduction, margin=margin)


class TripletMarginLoss(_Loss):
    """max(0, d(input, positive) - d(input, negative) + margin) with the p-norm distance d."""

    _fn = "triplet_margin_loss"

    def __init__(self, margin=1.0, p=2.0, epsilon=1e-06, swap=False, reduction="mean", name=None):
        op = "TripletMarginLoss"
        super().__init__(reduction, margin=float(check.number(op, margin, "margin")),
                         p=check.number(op, p, "p"), epsilon=float(check.number(op, epsilon, "epsilon")),
                         swap=check.flag(op, swap, "swap"))


class CTCLoss(_Loss):
    """The CTC loss (see ``paddle.nn.functional.ctc_loss``); call as
    ``loss(log_probs, labels, input_lengths, label_lengths, norm_by_times=False)``.

    Args:
        blank (int, optional): the blank class. Default 0.
        reduction (str, optional): 'mean' (divided by the label lengths, then averaged), 'sum' or 'none'.
            Default 'mean'.
        zero_infinity (bool, optional): zero the loss (and its gradient) of a sequence no alignment can
            produce; Paddle's loss is zero there already (see ``ctc_loss``). Default False.

    Examples:
        >>> import paddle
        >>> loss = paddle.nn.CTCLoss(blank=0, reduction="sum")
        >>> value = loss(paddle.zeros([2, 1, 2]), paddle.to_tensor([[1]], dtype="int32"), paddle.to_tensor([2]),
        ...              paddle.to_tensor([1]))
        >>> round(float(value), 4)
        0.2877
    """

    _fn = "ctc_loss"

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__(reduction, blank=check.integer("CTCLoss", blank, "blank", min=0),
                         zero_infinity=check.flag("CTCLoss", zero_infinity, "zero_infinity"))

    def forward(self, log_probs, labels, input_lengths, label_lengths, norm_by_times=False):
        return F.ctc_loss(log_probs, labels, input_lengths, label_lengths, norm_by_times=norm_by_times,
                          **self._attrs)
