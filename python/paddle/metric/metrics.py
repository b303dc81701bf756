"""Streaming metrics for paddle.Model: Accuracy, Precision, Recall and Auc, plus the functional accuracy.

A metric accumulates statistics over batches. ``compute`` (optional) runs on Tensors right after the
forward pass and turns (outputs, labels) into what ``update`` needs; ``update`` adds one batch and
returns that batch's value; ``accumulate`` returns the value over every batch since ``reset``.
"""

from __future__ import annotations

import abc

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor


def _numpy(value) -> np.ndarray:
    if isinstance(value, Tensor):
        return value.numpy()
    return np.asarray(value)


class Metric(abc.ABC):
    """The base of all metrics: ``reset``, ``update``, ``accumulate`` and ``name``, optionally ``compute``.

    ``paddle.Model`` calls ``compute(*outputs, *labels)`` on the batch's Tensors, passes its result (as a
    list of arguments) to ``update``, and reads ``accumulate()`` for the logs under the names ``name()``.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> class MeanAbsError(paddle.metric.Metric):
        ...     def __init__(self):
        ...         self.reset()
        ...     def reset(self):
        ...         self.total, self.count = 0.0, 0
        ...     def update(self, pred, label):
        ...         err = np.abs(np.asarray(pred) - np.asarray(label))
        ...         self.total += float(err.sum()); self.count += err.size
        ...         return float(err.mean())
        ...     def accumulate(self):
        ...         return self.total / max(self.count, 1)
        ...     def name(self):
        ...         return "mae"
        >>> m = MeanAbsError()
        >>> m.update([1.0, 2.0], [1.5, 2.0])
        0.25
        >>> m.accumulate()
        0.25
    """

    def __init__(self):
        pass

    @abc.abstractmethod
    def reset(self):
        """Clears the accumulated statistics."""

    @abc.abstractmethod
    def update(self, *args):
        """Adds one batch (the outputs of ``compute``) and returns the batch's value."""

    @abc.abstractmethod
    def accumulate(self):
        """The metric over every batch since the last ``reset``."""

    @abc.abstractmethod
    def name(self):
        """The metric's name (a str, or a list of str for a metric with several values)."""

    def compute(self, *args):
        """Preprocesses (outputs, labels) Tensors before ``update``; the default passes them through."""
        return args


class Accuracy(Metric):
    """Top-k classification accuracy.

    Args:
        topk (int|list[int]|tuple[int], optional): the k of each accuracy reported. Default (1,).
        name (str, optional): the log name; with several k the names are ``{name}_top{k}``. Default 'acc'.

    ``compute(pred, label)`` takes scores of shape [N, C] (or [..., C]) and integer labels of shape
    [N] or [N, 1] (or one-hot [N, C]) and returns a float32 [N, maxk] Tensor of hits.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.1, 0.2, 0.3, 0.4], [0.1, 0.4, 0.3, 0.2], [0.1, 0.2, 0.4, 0.3]])
        >>> y = paddle.to_tensor([[3], [0], [2]])
        >>> m = paddle.metric.Accuracy(topk=(1, 2))
        >>> m.update(m.compute(x, y))
        [0.6666666666666666, 0.6666666666666666]
        >>> m.name()
        ['acc_top1', 'acc_top2']
    """

    def __init__(self, topk=(1,), name=None, *args, **kwargs):
        super().__init__()
        topk = [topk] if isinstance(topk, int) else list(topk)
        if not topk:
            raise ValueError("[Accuracy] argument 'topk': expected at least one k, but got an empty sequence")
        for k in topk:
            check.integer("Accuracy", k, "topk", min=1)
        self.topk = topk
        self.maxk = max(topk)
        self._init_name(name)
        self.reset()

    def compute(self, pred, label, *args):
        pred = check.tensor("Accuracy.compute", pred, "pred")
        label = check.tensor("Accuracy.compute", label, "label")
        if pred.shape[-1] < self.maxk:
            raise ValueError(f"[Accuracy.compute] argument 'pred': top-{self.maxk} needs at least {self.maxk} "
                             f"classes, but pred has shape {list(pred.shape)}")
        top = paddle.topk(pred, self.maxk, axis=-1)[1]
        if len(label.shape) == 1 or (len(label.shape) == 2 and label.shape[-1] == 1):
            label = label.reshape([-1, 1])
        elif label.shape[-1] != 1:  # one-hot
            label = paddle.argmax(label, axis=-1, keepdim=True)
        return paddle.cast(top == label.astype(top.dtype), "float32")

    def update(self, correct, *args):
        correct = _numpy(correct)
        num_samples = int(np.prod(correct.shape[:-1]))
        accs = []
        for i, k in enumerate(self.topk):
            hits = float(correct[..., :k].sum())
            accs.append(hits / num_samples if num_samples else 0.0)
            self.total[i] += hits
            self.count[i] += num_samples
        return accs[0] if len(self.topk) == 1 else accs

    def reset(self):
        self.total = [0.0] * len(self.topk)
        self.count = [0] * len(self.topk)

    def accumulate(self):
        res = [t / c if c > 0 else 0.0 for t, c in zip(self.total, self.count)]
        return res[0] if len(self.topk) == 1 else res

    def _init_name(self, name):
        name = name or "acc"
        self._name = [f"{name}_top{k}" for k in self.topk] if self.maxk != 1 else [name]

    def name(self):
        return self._name


class _BinaryCounts(Metric):
    """Shared by Precision and Recall: predictions are probabilities of the positive class, rounded at 0.5
    (``floor(p + 0.5)``, so 0.5 counts as positive, as Paddle does); labels are 0/1."""

    _default_name = ""

    def __init__(self, name=None, *args, **kwargs):
        super().__init__()
        self._name = name or self._default_name
        self.reset()

    def _pairs(self, preds, labels):
        op = type(self).__name__
        if not isinstance(preds, (Tensor, np.ndarray)):
            raise TypeError(f"[{op}.update] argument 'preds': expected a Tensor or numpy.ndarray, but got "
                            f"{check.got(preds)}")
        if not isinstance(labels, (Tensor, np.ndarray)):
            raise TypeError(f"[{op}.update] argument 'labels': expected a Tensor or numpy.ndarray, but got "
                            f"{check.got(labels)}")
        preds = np.floor(_numpy(preds).reshape(-1) + 0.5).astype("int64")
        labels = _numpy(labels).reshape(-1).astype("int64")
        if preds.shape != labels.shape:
            raise ValueError(f"[{op}.update] preds and labels must hold as many samples, but got {preds.size} "
                             f"and {labels.size}")
        return preds, labels

    def reset(self):
        self.tp = 0
        self.fp = 0
        self.fn = 0

    def name(self):
        return self._name


class Precision(_BinaryCounts):
    """Binary precision, tp / (tp + fp); 0.0 before any positive prediction.

    Args:
        name (str, optional): the log name. Default 'precision'.

    ``update(preds, labels)`` takes the positive-class probabilities (shape [N] or [N, 1], a Tensor or
    numpy array; >= 0.5 counts as positive) and 0/1 labels of the same size.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> m = paddle.metric.Precision()
        >>> m.update(np.array([0.1, 0.5, 0.6, 0.9]), np.array([0, 0, 1, 1]))
        >>> m.accumulate()
        0.6666666666666666
    """

    _default_name = "precision"

    def update(self, preds, labels):
        preds, labels = self._pairs(preds, labels)
        positive = preds == 1
        self.tp += int(np.sum(positive & (labels == 1)))
        self.fp += int(np.sum(positive & (labels != 1)))

    def accumulate(self):
        predicted = self.tp + self.fp
        return float(self.tp) / predicted if predicted != 0 else 0.0


class Recall(_BinaryCounts):
    """Binary recall, tp / (tp + fn); 0.0 before any positive label.

    Args:
        name (str, optional): the log name. Default 'recall'.

    ``update(preds, labels)`` takes the same inputs as ``Precision.update``.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> m = paddle.metric.Recall()
        >>> m.update(np.array([0.1, 0.5, 0.6, 0.2]), np.array([0, 0, 1, 1]))
        >>> m.accumulate()
        0.5
    """

    _default_name = "recall"

    def update(self, preds, labels):
        preds, labels = self._pairs(preds, labels)
        actual = labels == 1
        self.tp += int(np.sum(actual & (preds == 1)))
        self.fn += int(np.sum(actual & (preds != 1)))

    def accumulate(self):
        actual = self.tp + self.fn
        return float(self.tp) / actual if actual != 0 else 0.0


class Auc(Metric):
    """Area under the ROC curve, from histograms of the scores over ``num_thresholds + 1`` bins.

    Args:
        curve (str, optional): 'ROC' (the only curve computed; 'PR' is accepted by Paddle's signature but
            Paddle computes ROC for it too). Default 'ROC'.
        num_thresholds (int, optional): the number of bins; a score p falls in bin ``int(p * num_thresholds)``.
            Default 4095.
        name (str, optional): the log name. Default 'auc'.

    ``update(preds, labels)`` takes preds of shape [N, 2] (column 1 is the positive-class probability;
    a [N] or [N, 1] array is taken as that column directly) and 0/1 labels of shape [N] or [N, 1].

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> m = paddle.metric.Auc()
        >>> preds = np.array([[0.9, 0.1], [0.3, 0.7], [0.6, 0.4], [0.2, 0.8]])
        >>> m.update(preds, np.array([0, 1, 0, 1]))
        >>> m.accumulate()
        1.0
    """

    def __init__(self, curve="ROC", num_thresholds=4095, name="auc", *args, **kwargs):
        super().__init__()
        if curve not in ("ROC", "PR"):
            raise ValueError(f"[Auc] argument 'curve': expected 'ROC' or 'PR', but got {curve!r}")
        self._curve = curve
        self._num_thresholds = check.integer("Auc", num_thresholds, "num_thresholds", min=1)
        self._name = name
        self.reset()

    def update(self, preds, labels):
        for arg, value in (("preds", preds), ("labels", labels)):
            if not isinstance(value, (Tensor, np.ndarray)):
                raise TypeError(f"[Auc.update] argument '{arg}': expected a Tensor or numpy.ndarray, but got "
                                f"{check.got(value)}")
        preds = _numpy(preds)
        scores = preds[:, 1] if preds.ndim == 2 and preds.shape[1] == 2 else preds.reshape(-1)
        labels = _numpy(labels).reshape(-1)
        if scores.shape != labels.shape:
            raise ValueError(f"[Auc.update] preds and labels must hold as many samples, but got {scores.size} "
                             f"and {labels.size}")
        bins = np.clip((scores * self._num_thresholds).astype("int64"), 0, self._num_thresholds)
        positive = labels.astype(bool)
        self._stat_pos += np.bincount(bins[positive], minlength=self._num_thresholds + 1)
        self._stat_neg += np.bincount(bins[~positive], minlength=self._num_thresholds + 1)

    def reset(self):
        self._stat_pos = np.zeros(self._num_thresholds + 1, dtype="int64")
        self._stat_neg = np.zeros(self._num_thresholds + 1, dtype="int64")

    @staticmethod
    def trapezoid_area(x1, x2, y1, y2):
        return abs(x1 - x2) * (y1 + y2) / 2.0

    def accumulate(self):
        # Walk the bins from the highest score down: each bin moves the ROC point to
        # (negatives so far, positives so far); the area is the sum of the trapezoids.
        tot_pos = tot_neg = 0.0
        auc = 0.0
        for idx in range(self._num_thresholds, -1, -1):
            prev_pos, prev_neg = tot_pos, tot_neg
            tot_pos += float(self._stat_pos[idx])
            tot_neg += float(self._stat_neg[idx])
            auc += self.trapezoid_area(tot_neg, prev_neg, tot_pos, prev_pos)
        return auc / tot_pos / tot_neg if tot_pos > 0.0 and tot_neg > 0.0 else 0.0

    def name(self):
        return self._name


def accuracy(input, label, k=1, correct=None, total=None, name=None):  # noqa: A002
    """The fraction of samples whose label is among the top ``k`` scores.

    Args:
        input (Tensor): scores of shape [N, C], float32 or float64.
        label (Tensor): integer labels of shape [N, 1] (or [N]).
        k (int, optional): how many top scores count. Default 1.
        correct (Tensor, optional): when given, receives the number of hits (int).
        total (Tensor, optional): when given, receives N.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: a 0-d float32 Tensor.

    Examples:
        >>> import paddle
        >>> predictions = paddle.to_tensor([[0.2, 0.1, 0.4, 0.1, 0.1], [0.2, 0.3, 0.1, 0.15, 0.25]])
        >>> label = paddle.to_tensor([[2], [0]], dtype="int64")
        >>> float(paddle.metric.accuracy(input=predictions, label=label, k=1))
        0.5
        >>> float(paddle.metric.accuracy(input=predictions, label=label, k=3))
        1.0
    """
    op = "accuracy"
    input = check.tensor(op, input, "input")  # noqa: A001
    label = check.tensor(op, label, "label")
    k = check.integer(op, k, "k", min=1)
    if len(input.shape) < 1 or input.shape[-1] < k:
        raise ValueError(f"[{op}] argument 'k': expected at most the number of classes "
                         f"({input.shape[-1] if input.shape else 0}), but got {k}")
    n = int(np.prod(input.shape[:-1]))
    if label.size != n:
        raise ValueError(f"[{op}] argument 'label': expected {n} labels (shape [N, 1]), but got shape "
                         f"{list(label.shape)}")
    if n == 0:
        return paddle.zeros([], "float32")
    with paddle.no_grad():
        top = paddle.topk(input, k, axis=-1)[1].reshape([n, k])
        hits = (top == label.reshape([n, 1]).astype(top.dtype)).astype("int64").sum(axis=-1)
        num_correct = (hits > 0).astype("int64").sum()
    if correct is not None or total is not None:
        if not paddle.in_dynamic_mode():
            raise NotImplementedError(f"[{op}] in static mode 'correct' and 'total' are not filled yet; use the "
                                      f"returned accuracy")
        for out, value in ((correct, int(num_correct)), (total, n)):
            if out is not None:
                out[...] = value
    return num_correct.astype("float32") / float(n)  # ops only: it builds in static mode too
