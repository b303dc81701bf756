"""The losses added after the first set: Gaussian/Poisson NLL, the margin losses,
triplet with a distance function, dice, N-pair, sigmoid focal, label smoothing,
hierarchical sigmoid and RNN-T. Values against NumPy references (float32 and
float64), gradients against central finite differences in float64, input
errors, and the reprs PaddlePaddle 3.3 prints."""

from __future__ import annotations

import math

import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F
from gradcheck import check_grads

DTYPES = ["float32", "float64"]
RNG = np.random.default_rng(0)
A, B, C = (RNG.standard_normal([3, 4]) for _ in range(3))
VAR = RNG.uniform(0.1, 2.0, [3, 4])
Y01 = (RNG.uniform(size=[3, 4]) > 0.5).astype("float64")


def t(a, dtype=None):
    return paddle.to_tensor(np.asarray(a) if dtype is None else np.asarray(a).astype(dtype))


def rtol(dtype):
    return 1e-5 if dtype == "float32" else 1e-10


def reduce(loss, reduction):
    return {"mean": np.mean, "sum": np.sum, "none": lambda v: v}[reduction](loss)


def log_sigmoid(x):
    return -np.logaddexp(0, -x)


# ---- likelihood losses ---------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_gaussian_nll_loss(dtype, reduction):
    for full in (False, True):
        out = F.gaussian_nll_loss(t(A, dtype), t(B, dtype), t(VAR, dtype), full=full, reduction=reduction)
        ref = 0.5 * (np.log(VAR) + (A - B) ** 2 / VAR) + (0.5 * math.log(2 * math.pi) if full else 0)
        np.testing.assert_allclose(out.numpy(), reduce(ref, reduction), rtol=rtol(dtype))


def test_gaussian_nll_loss_variance_shapes_and_clamp():
    ref = 0.5 * (np.log(VAR[:, :1]) + (A - B) ** 2 / VAR[:, :1])
    for variance in (VAR[:, :1], VAR[:, 0]):
        np.testing.assert_allclose(F.gaussian_nll_loss(t(A), t(B), t(variance), reduction="sum").numpy(), ref.sum())
    clamped = F.gaussian_nll_loss(t(A), t(B), t(VAR * 0), epsilon=0.5, reduction="sum")
    np.testing.assert_allclose(clamped.numpy(), (0.5 * (np.log(0.5) + (A - B) ** 2 / 0.5)).sum())
    broadcast_label = F.gaussian_nll_loss(t(A), t(B[:1]), t(VAR), reduction="none")
    np.testing.assert_allclose(broadcast_label.numpy(), 0.5 * (np.log(VAR) + (A - B[:1]) ** 2 / VAR))
    check_grads(lambda x, y, v: F.gaussian_nll_loss(x, y, v, full=True), [A, B, VAR], RNG)
    layer = nn.GaussianNLLLoss(full=True, reduction="none")
    np.testing.assert_allclose(layer(t(A), t(B), t(VAR)).numpy(),
                               0.5 * (np.log(VAR) + (A - B) ** 2 / VAR) + 0.5 * math.log(2 * math.pi))


def test_gaussian_nll_loss_errors():
    with pytest.raises(ValueError, match=r"^\[gaussian_nll_loss\] argument 'variance': expected the shape \[3, 4\], "
                                         r"\[3, 1\] or \[3\], but got \[2, 4\]"):
        F.gaussian_nll_loss(t(A), t(B), t(VAR[:2]))
    with pytest.raises(ValueError, match=r"^\[gaussian_nll_loss\] argument 'variance': expected values >= 0, but got"):
        F.gaussian_nll_loss(t(A), t(B), t(-VAR))
    with pytest.raises(TypeError, match=r"^\[gaussian_nll_loss\] argument 'label': expected a floating-point Tensor, "
                                        r"but got a int64 Tensor"):
        F.gaussian_nll_loss(t(A), t(np.ones([3, 4], dtype="int64")), t(VAR))
    with pytest.raises(ValueError, match=r"^\[gaussian_nll_loss\] argument 'reduction': expected one of"):
        F.gaussian_nll_loss(t(A), t(B), t(VAR), reduction="avg")


@pytest.mark.parametrize("dtype", DTYPES)
def test_poisson_nll_loss(dtype):
    rate = np.abs(B) * 3
    out = F.poisson_nll_loss(t(A, dtype), t(rate, dtype), reduction="none")
    np.testing.assert_allclose(out.numpy(), np.exp(A) - rate * A, rtol=rtol(dtype))
    out = F.poisson_nll_loss(t(np.abs(A), dtype), t(rate, dtype), log_input=False, full=True, epsilon=1e-3,
                             reduction="sum")
    stirling = np.where(rate > 1, rate * np.log(rate) - rate + 0.5 * np.log(2 * np.pi * rate), 0)
    np.testing.assert_allclose(out.numpy(), (np.abs(A) - rate * np.log(np.abs(A) + 1e-3) + stirling).sum(),
                               rtol=rtol(dtype))
    check_grads(lambda x: F.poisson_nll_loss(x, t(rate), full=True), [A], RNG)
    check_grads(lambda x: F.poisson_nll_loss(x, t(rate), log_input=False), [np.abs(A) + 0.1], RNG)
    assert repr(nn.PoissonNLLLoss(False, True, 1e-5, "sum")) == "PoissonNLLLoss()"
    with pytest.raises(ValueError, match=r"^\[poisson_nll_loss\] argument 'epsilon': expected a number > 0, but got 0"):
        F.poisson_nll_loss(t(A), t(rate), epsilon=0)
    with pytest.raises(ValueError, match=r"^\[poisson_nll_loss\] argument 'label': expected the shape of input \[3, 4"
                                         r"\], "
                                         r"but got \[1, 4\]"):
        F.poisson_nll_loss(t(A), t(rate[:1]))


# ---- margin losses ----------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
def test_soft_margin_loss(dtype):
    sign = np.sign(B)
    out = F.soft_margin_loss(t(A, dtype), t(sign, dtype), reduction="none")
    np.testing.assert_allclose(out.numpy(), np.log1p(np.exp(-sign * A)), rtol=rtol(dtype))
    integer_labels = nn.SoftMarginLoss(reduction="sum")(t(A, dtype), t(sign.astype("int64")))
    np.testing.assert_allclose(integer_labels.numpy(), np.log1p(np.exp(-sign * A)).sum(), rtol=rtol(dtype))
    check_grads(lambda x: F.soft_margin_loss(x, t(sign)), [A], RNG)


def np_multi_label_margin(x, labels):
    out = []
    for row, lab in zip(x, labels):
        targets = []
        for j in lab:
            if j < 0:
                break
            targets.append(j)
        total = sum(max(0.0, 1 - (row[j] - row[k])) for j in targets for k in range(len(row)) if k not in targets)
        out.append(total / len(row))
    return np.array(out)


@pytest.mark.parametrize("dtype", DTYPES)
def test_multi_label_margin_loss(dtype):
    labels = np.array([[3, 0, -1, 1], [1, 2, 3, 0], [2, 2, -1, 0]])
    out = F.multi_label_margin_loss(t(A, dtype), t(labels), reduction="none")
    np.testing.assert_allclose(out.numpy(), np_multi_label_margin(A, labels), rtol=rtol(dtype))
    # Paddle 3.3.1 on this input counts a repeated target twice.
    repeated = F.multi_label_margin_loss(t(A), t([[0, 0, -1, 1]] * 3), reduction="none")
    np.testing.assert_allclose(repeated.numpy(), np_multi_label_margin(A, [[0, 0, -1, 1]] * 3))
    layer = nn.MultiLabelMarginLoss(reduction="sum")
    np.testing.assert_allclose(layer(t(A), t(labels.astype("int32"))).numpy(), np_multi_label_margin(A, labels).sum())
    check_grads(lambda x: F.multi_label_margin_loss(x, t(labels)), [A], RNG)
    assert repr(layer) == "MultiLabelMarginLoss()"
    with pytest.raises(ValueError, match=r"^\[multi_label_margin_loss\] argument 'label': expected values in \[-1, 4\)"
                                         r", "
                                         r"but got values in \[-2, 1\]"):
        F.multi_label_margin_loss(t(A), t([[0, -2, 1, 1]] * 3))
    with pytest.raises(ValueError, match=r"^\[multi_label_margin_loss\] argument 'input': expected a 2-D tensor"):
        F.multi_label_margin_loss(t(A[0]), t(labels[0]))
    with pytest.raises(TypeError, match=r"^\[multi_label_margin_loss\] argument 'label': expected an int32 or int64"):
        F.multi_label_margin_loss(t(A), t(labels, "float32"))


@pytest.mark.parametrize("dtype", DTYPES)
def test_multi_label_soft_margin_loss(dtype):
    per_class = -(Y01 * log_sigmoid(A) + (1 - Y01) * log_sigmoid(-A))
    out = F.multi_label_soft_margin_loss(t(A, dtype), t(Y01, dtype), reduction="none")
    np.testing.assert_allclose(out.numpy(), per_class.mean(1), rtol=rtol(dtype))
    weight = np.array([1.0, 2.0, 0.5, 3.0])
    layer = nn.MultiLabelSoftMarginLoss(weight=t(weight, dtype))
    np.testing.assert_allclose(layer(t(A, dtype), t(Y01, dtype)).numpy(), (per_class * weight).mean(1).mean(),
                               rtol=rtol(dtype))
    three_d = F.multi_label_soft_margin_loss(t(A.reshape([3, 2, 2])), t(Y01.reshape([3, 2, 2])), reduction="none")
    np.testing.assert_allclose(three_d.numpy(), per_class.reshape([3, 2, 2]).mean(-1))
    check_grads(lambda x: F.multi_label_soft_margin_loss(x, t(Y01), weight=t(weight)), [A], RNG)
    with pytest.raises(ValueError, match=r"^\[multi_label_soft_margin_loss\] argument 'label': expected the shape of "
                                         r"input \[3, 4\], but got \[1, 4\]"):
        F.multi_label_soft_margin_loss(t(A), t(Y01[:1]))


def np_multi_margin(x, labels, p=1, margin=1.0, weight=None):
    out = []
    for row, y in zip(x, labels):
        w = 1.0 if weight is None else weight[y]
        out.append(sum(w * max(0.0, margin - row[y] + row[j]) ** p for j in range(len(row)) if j != y) / len(row))
    return np.array(out)


@pytest.mark.parametrize("dtype", DTYPES)
def test_multi_margin_loss(dtype):
    labels = np.array([2, 0, 3])
    weight = np.array([1.0, 2.0, 0.5, 3.0])
    out = F.multi_margin_loss(t(A, dtype), t(labels), reduction="none")
    np.testing.assert_allclose(out.numpy(), np_multi_margin(A, labels), rtol=rtol(dtype))
    out = F.multi_margin_loss(t(A, dtype), t(labels[:, None]), p=2, margin=0.5, weight=t(weight, dtype),
                              reduction="sum")
    np.testing.assert_allclose(out.numpy(), np_multi_margin(A, labels, 2, 0.5, weight).sum(), rtol=rtol(dtype))
    layer = nn.MultiMarginLoss(p=3, margin=2.0)
    np.testing.assert_allclose(layer(t(A), t(labels.astype("int32"))).numpy(),
                               np_multi_margin(A, labels, 3, 2.0).mean())
    check_grads(lambda x: F.multi_margin_loss(x, t(labels), p=2, weight=t(weight)), [A], RNG)
    assert repr(nn.MultiMarginLoss(2, 0.5, paddle.ones([3]), "none")) == "MultiMarginLoss()"
    with pytest.raises(ValueError, match=r"^\[multi_margin_loss\] argument 'label': expected the shape \[3\] or "
                                         r"\[3, 1\], but got \[2\]"):
        F.multi_margin_loss(t(A), t(labels[:2]))
    with pytest.raises(ValueError, match=r"^\[multi_margin_loss\] argument 'label': expected classes in \[0, 4\), but "
                                         r"got values in \[5, 8\]"):
        F.multi_margin_loss(t(A), t(labels + 5))
    with pytest.raises(ValueError, match=r"^\[multi_margin_loss\] argument 'weight': expected the shape \[4\], but got "
                                         r"\[3\]"):
        F.multi_margin_loss(t(A), t(labels), weight=t(weight[:3]))


def np_distance(u, v, eps=1e-6):
    return np.sqrt(((u - v + eps) ** 2).sum(-1))


@pytest.mark.parametrize("dtype", DTYPES)
def test_triplet_margin_with_distance_loss(dtype):
    out = F.triplet_margin_with_distance_loss(t(A, dtype), t(B, dtype), t(C, dtype), reduction="none")
    np.testing.assert_allclose(out.numpy(), np.maximum(np_distance(A, B) - np_distance(A, C) + 1, 0), rtol=rtol(dtype))
    out = F.triplet_margin_with_distance_loss(t(A, dtype), t(B, dtype), t(C, dtype), margin=0.3, swap=True,
                                              reduction="sum")
    d_neg = np.minimum(np_distance(A, C), np_distance(B, C))
    np.testing.assert_allclose(out.numpy(), np.maximum(np_distance(A, B) - d_neg + 0.3, 0).sum(), rtol=rtol(dtype))

    def manhattan(u, v):
        return paddle.sum(paddle.abs(u - v), axis=-1)

    layer = nn.TripletMarginWithDistanceLoss(distance_function=manhattan, margin=2.0)
    ref = np.maximum(np.abs(A - B).sum(-1) - np.abs(A - C).sum(-1) + 2.0, 0).mean()
    np.testing.assert_allclose(layer(t(A), t(B), t(C)).numpy(), ref)
    check_grads(lambda a, p, n: F.triplet_margin_with_distance_loss(a, p, n, margin=3.0, swap=True), [A, B, C], RNG)


def test_triplet_margin_with_distance_loss_repr_and_errors():
    assert repr(nn.TripletMarginWithDistanceLoss()) == "TripletMarginWithDistanceLoss()"
    assert repr(nn.TripletMarginWithDistanceLoss(nn.PairwiseDistance(), 0.5, True, "sum")) == \
        "TripletMarginWithDistanceLoss(\n  (distance_function): PairwiseDistance(p=2.0)\n)"
    with pytest.raises(ValueError, match=r"^\[triplet_margin_with_distance_loss\] argument 'margin': expected a number "
                                         r">= 0, but got -1"):
        F.triplet_margin_with_distance_loss(t(A), t(B), t(C), margin=-1)
    with pytest.raises(ValueError, match=r"^\[triplet_margin_with_distance_loss\] the positive distances must be >= 0"):
        F.triplet_margin_with_distance_loss(t(A), t(B), t(C), distance_function=lambda u, v: -paddle.sum(u * u, -1))
    with pytest.raises(ValueError, match=r"^\[triplet_margin_with_distance_loss\] argument 'positive': expected the "
                                         r"shape of input \[3, 4\], but got \[2, 4\]"):
        F.triplet_margin_with_distance_loss(t(A), t(B[:2]), t(C))
    with pytest.raises(TypeError, match=r"^\[TripletMarginWithDistanceLoss\] argument 'distance_function': expected a "
                                        r"callable or None, but got int"):
        nn.TripletMarginWithDistanceLoss(3)


# ---- dice, N-pair, focal, label smoothing ---------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
def test_dice_loss(dtype):
    logits = RNG.standard_normal([2, 3, 4])
    probs = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
    labels = RNG.integers(0, 4, [2, 3, 1])
    one_hot = np.eye(4)[labels[..., 0]]
    inter = (probs * one_hot).sum((1, 2))
    union = probs.sum((1, 2)) + one_hot.sum((1, 2))
    out = F.dice_loss(t(probs, dtype), t(labels))
    np.testing.assert_allclose(out.numpy(), (1 - 2 * inter / (union + 1e-5)).mean(), rtol=rtol(dtype))
    check_grads(lambda p: F.dice_loss(p, t(labels), epsilon=0.1), [probs], RNG)
    with pytest.raises(ValueError, match=r"^\[dice_loss\] argument 'label': expected a 3-D tensor \(input's rank, at "
                                         r"least 2\), but got shape \[2, 3\]"):
        F.dice_loss(t(probs), t(labels[..., 0]))
    with pytest.raises(ValueError, match=r"^\[dice_loss\] argument 'label': expected the shape \[2, 3, 1\], but got "
                                         r"\[1, 3, 1\]"):
        F.dice_loss(t(probs), t(labels[:1]))


def np_npair(anchor, positive, labels, l2_reg):
    sim = anchor @ positive.T
    same = (labels[:, None] == labels[None, :]).astype(float)
    targets = same / same.sum(1, keepdims=True)
    log_softmax = sim - np.log(np.exp(sim).sum(1, keepdims=True))
    l2 = 0.25 * l2_reg * ((anchor ** 2).sum(1).mean() + (positive ** 2).sum(1).mean())
    return l2 + (-(targets * log_softmax).sum(1)).mean()


@pytest.mark.parametrize("dtype", DTYPES)
def test_npair_loss(dtype):
    labels = np.array([1.0, 2.0, 1.0])
    out = F.npair_loss(t(A, dtype), t(B, dtype), t(labels))
    np.testing.assert_allclose(out.numpy(), np_npair(A, B, labels, 0.002), rtol=rtol(dtype))
    out = F.npair_loss(t(A, dtype), t(B, dtype), t([[3], [3], [3]]), l2_reg=0.5)
    np.testing.assert_allclose(out.numpy(), np_npair(A, B, np.array([3, 3, 3]), 0.5), rtol=rtol(dtype))
    check_grads(lambda a, p: F.npair_loss(a, p, t(labels), l2_reg=0.1), [A, B], RNG)
    with pytest.raises(ValueError, match=r"^\[npair_loss\] argument 'positive': expected the shape of anchor \[3, 4\], "
                                         r"but got \[2, 4\]"):
        F.npair_loss(t(A), t(B[:2]), t(labels))


@pytest.mark.parametrize("dtype", DTYPES)
def test_sigmoid_focal_loss(dtype):
    p = 1 / (1 + np.exp(-A))
    ce = -(Y01 * np.log(p) + (1 - Y01) * np.log(1 - p))
    p_t = p * Y01 + (1 - p) * (1 - Y01)

    def ref(alpha, gamma):
        return (alpha * Y01 + (1 - alpha) * (1 - Y01)) * ce * (1 - p_t) ** gamma

    out = F.sigmoid_focal_loss(t(A, dtype), t(Y01, dtype), reduction="none")
    np.testing.assert_allclose(out.numpy(), ref(0.25, 2.0), rtol=rtol(dtype) * 10)
    out = F.sigmoid_focal_loss(t(A, dtype), t(Y01, dtype), normalizer=t([2.0], dtype), alpha=0.5, gamma=1.0)
    np.testing.assert_allclose(out.numpy(), ref(0.5, 1.0).sum() / 2, rtol=rtol(dtype) * 10)
    out = F.sigmoid_focal_loss(t(A, dtype), t(Y01, dtype), normalizer=t(4.0, dtype), reduction="mean")
    np.testing.assert_allclose(out.numpy(), (ref(0.25, 2.0) / 4).mean(), rtol=rtol(dtype) * 10)
    check_grads(lambda x: F.sigmoid_focal_loss(x, t(Y01), gamma=1.5), [A], RNG)
    with pytest.raises(ValueError, match=r"^\[sigmoid_focal_loss\] argument 'normalizer': expected a 1-element tensor, "
                                         r"but got shape \[2\]"):
        F.sigmoid_focal_loss(t(A), t(Y01), normalizer=t([2.0, 3.0]))
    with pytest.raises(TypeError, match=r"^\[sigmoid_focal_loss\] argument 'label': expected a floating-point Tensor"):
        F.sigmoid_focal_loss(t(A), t(Y01.astype("int64")))


@pytest.mark.parametrize("dtype", DTYPES)
def test_label_smooth(dtype):
    np.testing.assert_allclose(F.label_smooth(t(Y01, dtype)).numpy(), 0.9 * Y01 + 0.1 / 4, rtol=rtol(dtype))
    prior = np.array([0.1, 0.2, 0.3, 0.4])
    for shape in ([4], [1, 4]):
        out = F.label_smooth(t(Y01, dtype), prior_dist=t(prior.reshape(shape), dtype), epsilon=0.2)
        np.testing.assert_allclose(out.numpy(), 0.8 * Y01 + 0.2 * prior, rtol=rtol(dtype))
    check_grads(lambda y: F.label_smooth(y, epsilon=0.3), [Y01], RNG)
    with pytest.raises(ValueError, match=r"^\[label_smooth\] argument 'epsilon': expected a number in \[0, 1\], but "
                                         r"got 1.5"):
        F.label_smooth(t(Y01), epsilon=1.5)
    with pytest.raises(ValueError, match=r"^\[label_smooth\] argument 'prior_dist': expected the shape \[4\] or "
                                         r"\[1, 4\], but got \[2\]"):
        F.label_smooth(t(Y01), prior_dist=t([0.5, 0.5]))


# ---- hierarchical sigmoid ----------------------------------------------------------------


def np_hsigmoid(x, labels, num_classes, weight, bias=None, table=None, code=None):
    """Sum over the path of softplus(z) - bit * z; positions past a path's end (up to the
    longest path) have z = 0 and add log 2, as Paddle's kernel."""
    if table is None:
        width = (2 * num_classes - 1).bit_length() - 1
        table = np.full([len(labels), width], -1)
        code = np.zeros([len(labels), width], dtype=int)
        for i, label in enumerate(labels):
            c = int(label) + num_classes
            for j in range(c.bit_length() - 1):
                table[i, j] = (c >> (j + 1)) - 1
                code[i, j] = (c >> j) & 1
    out = []
    for i in range(len(table)):
        total, ended = 0.0, False
        for j in range(table.shape[1]):
            ended = ended or table[i, j] < 0
            z = 0.0 if ended else x[i] @ weight[table[i, j]] + (0 if bias is None else bias[table[i, j], 0])
            z = np.clip(z, -40, 40)
            total += np.logaddexp(0, z) - (0 if ended else code[i, j]) * z
        out.append([total])
    return np.array(out)


@pytest.mark.parametrize("dtype", DTYPES)
def test_hsigmoid_loss_default_tree(dtype):
    labels = np.array([0, 5, 3])
    weight, bias = RNG.standard_normal([5, 4]), RNG.standard_normal([5, 1])
    out = F.hsigmoid_loss(t(A, dtype), t(labels), 6, t(weight, dtype), t(bias, dtype))
    np.testing.assert_allclose(out.numpy(), np_hsigmoid(A, labels, 6, weight, bias), rtol=rtol(dtype))
    # Paddle 3.3.1: labels 0 and 1 of 6 classes have 2-node paths in a 3-wide code table.
    x = np.ones([2, 2])
    out = F.hsigmoid_loss(t(x), t([0, 4]), 6, t(np.zeros([5, 2])))
    np.testing.assert_allclose(out.numpy(), [[3 * math.log(2)], [3 * math.log(2)]])
    check_grads(lambda x, w, b: F.hsigmoid_loss(x, t(labels), 6, w, b), [A, weight, bias], RNG)


def test_hsigmoid_loss_custom_tree_and_layer():
    table = np.array([[0, 1, -1], [0, 2, 4], [5, 1, 3]])
    code = np.array([[1, 0, -1], [0, 1, 1], [1, 1, 0]])
    weight, bias = RNG.standard_normal([6, 4]), RNG.standard_normal([6, 1])
    out = F.hsigmoid_loss(t(A), t([0, 5, 3]), 6, t(weight), t(bias), path_table=t(table), path_code=t(code))
    np.testing.assert_allclose(out.numpy(), np_hsigmoid(A, None, 6, weight, bias, table, code))
    layer = nn.HSigmoidLoss(4, 6, is_custom=True)
    assert layer.weight.shape == [6, 4] and layer.bias.shape == [6, 1]
    ref = np_hsigmoid(A, None, 6, layer.weight.numpy(), layer.bias.numpy(), table, code)
    np.testing.assert_allclose(layer(t(A, "float32"), t([0, 5, 3]), t(table), t(code)).numpy(), ref, rtol=1e-5)
    plain = nn.HSigmoidLoss(4, 6, bias_attr=False)
    assert [name for name, _ in plain.named_parameters()] == ["weight"]
    assert repr(plain) == "HSigmoidLoss()"


def test_hsigmoid_loss_errors():
    with pytest.raises(ValueError, match=r"^\[hsigmoid_loss\] argument 'label': expected classes in \[0, 6\), but got "
                                         r"values in \[3, 8\]"):
        F.hsigmoid_loss(t(A), t([3, 8, 6]), 6, t(np.ones([5, 4])))
    with pytest.raises(ValueError, match=r"^\[hsigmoid_loss\] argument 'weight': expected 5 rows \(one per node of the "
                                         r"default tree\), but got shape \[3, 4\]"):
        F.hsigmoid_loss(t(A), t([0, 1, 2]), 6, t(np.ones([3, 4])))
    with pytest.raises(ValueError, match=r"^\[hsigmoid_loss\] argument 'num_classes': expected an int >= 2, but got 1"):
        F.hsigmoid_loss(t(A), t([0, 0, 0]), 1, t(np.ones([1, 4])))
    with pytest.raises(ValueError, match=r"^\[hsigmoid_loss\] arguments 'path_table' and 'path_code': expected both or "
                                         r"neither"):
        F.hsigmoid_loss(t(A), t([0, 0, 0]), 6, t(np.ones([6, 4])), path_table=t(np.zeros([3, 2], dtype=int)))


# ---- RNN-T ---------------------------------------------------------------------------------


def np_rnnt(logp, labels, frames, lengths, blank):
    """-log P(labels | x) by the RNN-T forward variables alpha[t, u] (log space, loops)."""
    losses = []
    for b in range(len(frames)):
        steps, size = frames[b], lengths[b]
        alpha = np.full([steps, size + 1], -np.inf)
        alpha[0, 0] = 0.0
        for ti in range(steps):
            for u in range(size + 1):
                if ti == 0 and u == 0:
                    continue
                terms = []
                if ti > 0:
                    terms.append(alpha[ti - 1, u] + logp[b, ti - 1, u, blank])
                if u > 0:
                    terms.append(alpha[ti, u - 1] + logp[b, ti, u - 1, labels[b, u - 1]])
                alpha[ti, u] = np.logaddexp.reduce(terms)
        losses.append(-(alpha[steps - 1, size] + logp[b, steps - 1, size, blank]))
    return np.array(losses)


def _rnnt_case(dtype):
    rng = np.random.default_rng(1)
    logits = rng.standard_normal([3, 5, 3, 4])
    logp = logits - np.log(np.exp(logits).sum(-1, keepdims=True))
    labels = np.array([[1, 2], [3, 3], [2, 0]], dtype="int32")
    return logp.astype(dtype), labels, np.array([5, 2, 1], dtype="int32"), np.array([2, 2, 0], dtype="int32")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("blank", [0, 3])
def test_rnnt_loss_matches_the_forward_recursion(dtype, blank):
    logp, labels, frames, lengths = _rnnt_case(dtype)
    if blank == 3:
        labels = np.where(labels == 3, 0, labels)
    ref = np_rnnt(logp.astype("float64"), labels, frames, lengths, blank)
    args = (t(logp), t(labels), t(frames), t(lengths))
    np.testing.assert_allclose(F.rnnt_loss(*args, blank=blank, reduction="none").numpy(), ref, rtol=rtol(dtype) * 10)
    np.testing.assert_allclose(F.rnnt_loss(*args, blank=blank).numpy(), ref.sum() / 3, rtol=rtol(dtype) * 10)
    layer = nn.RNNTLoss(blank=blank, reduction="sum")
    np.testing.assert_allclose(layer(*args).numpy(), ref.sum(), rtol=rtol(dtype) * 10)


def test_rnnt_loss_brute_force_two_frames():
    # One label over two frames, p = 1/2 everywhere: 2 alignments of probability 1/8.
    logp = np.full([1, 2, 2, 2], math.log(0.5))
    out = F.rnnt_loss(t(logp), t([[1]], "int32"), t([2], "int32"), t([1], "int32"), reduction="none")
    np.testing.assert_allclose(out.numpy(), [-math.log(0.25)])


def test_rnnt_loss_gradient_and_fastemit():
    logp, labels, frames, lengths = _rnnt_case("float64")
    rest = (t(labels), t(frames), t(lengths))
    check_grads(lambda x: F.rnnt_loss(x, *rest, fastemit_lambda=0.0, reduction="sum"), [logp], RNG)
    # FastEmit leaves the value and scales the gradient of each label emission by 1 + lambda.
    plain = paddle.to_tensor(logp, stop_gradient=False)
    F.rnnt_loss(plain, *rest, fastemit_lambda=0.0).backward()
    scaled = paddle.to_tensor(logp, stop_gradient=False)
    value = F.rnnt_loss(scaled, *rest, fastemit_lambda=0.5)
    value.backward()
    np.testing.assert_allclose(value.numpy(), np_rnnt(logp, labels, frames, lengths, 0).sum() / 3)
    emit = np.zeros(logp.shape, dtype=bool)
    for b in range(3):
        for u in range(lengths[b]):
            emit[b, :, u, labels[b, u]] = True
    np.testing.assert_allclose(scaled.grad.numpy()[emit], 1.5 * plain.grad.numpy()[emit], rtol=1e-10)
    np.testing.assert_allclose(scaled.grad.numpy()[~emit], plain.grad.numpy()[~emit], rtol=1e-10)


def test_rnnt_loss_errors_and_repr():
    logp, labels, frames, lengths = _rnnt_case("float32")
    with pytest.raises(ValueError, match=r"^\[rnnt_loss\] argument 'input_lengths': expected values in \[1, 5\], but "
                                         r"got \[6, 2, 1\]"):
        F.rnnt_loss(t(logp), t(labels), t(frames + [1, 0, 0]), t(lengths))
    with pytest.raises(ValueError, match=r"^\[rnnt_loss\] argument 'blank': expected an int in \[0, 4\), but got 7"):
        F.rnnt_loss(t(logp), t(labels), t(frames), t(lengths), blank=7)
    with pytest.raises(ValueError, match=r"^\[rnnt_loss\] argument 'label': expected the shape \[3, 2\] \(input's dim "
                                         r"2 "
                                         r"is max_U \+ 1\), but got \[3, 1\]"):
        F.rnnt_loss(t(logp), t(labels[:, :1]), t(frames), t(lengths))
    with pytest.raises(ValueError, match=r"^\[rnnt_loss\] argument 'input': expected a 4-D tensor"):
        F.rnnt_loss(t(logp[0]), t(labels), t(frames), t(lengths))
    assert repr(nn.RNNTLoss(1, 0.0, "sum")) == "RNNTLoss()"


def test_loss_layer_reprs_and_errors():
    assert repr(nn.GaussianNLLLoss(True, 1e-3, "sum", name="g")) == "GaussianNLLLoss()"
    assert repr(nn.SoftMarginLoss()) == "SoftMarginLoss()"
    assert repr(nn.MultiLabelSoftMarginLoss(paddle.ones([3]), "sum")) == "MultiLabelSoftMarginLoss()"
    with pytest.raises(ValueError, match=r"^\[SoftMarginLoss\] argument 'reduction': expected one of 'mean', 'sum', "
                                         r"'none', but got 'avg'"):
        nn.SoftMarginLoss("avg")
    with pytest.raises(TypeError, match=r"^\[MultiMarginLoss\] argument 'weight': expected a Tensor or None, but got "
                                        r"list"):
        nn.MultiMarginLoss(weight=[1.0, 2.0])


# ---- adaptive softmax ------------------------------------------------------------------------------


def np_adaptive_log_softmax(x, head_w, head_b, tails, cutoffs):
    """[N, n_classes] log-probabilities: head classes directly, cluster classes through their cluster."""
    def log_softmax(z):
        z = z - z.max(-1, keepdims=True)
        return z - np.log(np.exp(z).sum(-1, keepdims=True))

    head = log_softmax(x @ head_w + (0 if head_b is None else head_b))
    parts = [head[:, :cutoffs[0]]]
    for i, (proj, out) in enumerate(tails):
        parts.append(log_softmax(x @ proj @ out) + head[:, cutoffs[0] + i:cutoffs[0] + i + 1])
    return np.concatenate(parts, axis=1)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("head_bias", [False, True])
def test_adaptive_log_softmax_with_loss(dtype, head_bias):
    paddle.set_default_dtype(dtype)
    try:
        layer = nn.AdaptiveLogSoftmaxWithLoss(6, 10, [3, 7], div_value=2.0, head_bias=head_bias)
    finally:
        paddle.set_default_dtype("float32")
    x = RNG.standard_normal([5, 6])
    labels = np.array([0, 2, 3, 6, 9])
    tails = [[w.numpy().astype("float64") for w in pair] for pair in layer.tail_weights]
    bias = layer.head_bias.numpy() if head_bias else None
    ref = np_adaptive_log_softmax(x, layer.head_weight.numpy(), bias, tails, [3, 7, 10])
    output, loss = layer(t(x, dtype), t(labels))
    np.testing.assert_allclose(output.numpy(), ref[np.arange(5), labels], rtol=rtol(dtype) * 10)
    np.testing.assert_allclose(loss.numpy(), -ref[np.arange(5), labels].mean(), rtol=rtol(dtype) * 10)
    np.testing.assert_allclose(layer.log_prob(t(x, dtype)).numpy(), ref, rtol=rtol(dtype) * 10)
    predicted = layer.predict(t(x, dtype))
    assert predicted.dtype == paddle.float32
    np.testing.assert_array_equal(predicted.numpy(), ref.argmax(1))
    single, _ = layer(t(x[0], dtype), t(labels[0]))
    assert single.shape == []


def test_adaptive_log_softmax_gradient_parameters_and_errors():
    head, proj, out = RNG.standard_normal([4, 4]), RNG.standard_normal([4, 2]), RNG.standard_normal([2, 3])
    labels = t([0, 1, 2, 3, 4])
    check_grads(lambda x, h, p, o: F.adaptive_log_softmax_with_loss(x, labels, h, [[p, o]], [3, 6])[0],
                [RNG.standard_normal([5, 4]), head, proj, out], RNG)
    layer = nn.AdaptiveLogSoftmaxWithLoss(8, 10, [4, 8], div_value=2.0, head_bias=True)
    assert repr(layer) == "AdaptiveLogSoftmaxWithLoss()"
    assert [(name, p.shape) for name, p in layer.named_parameters()] == [
        ("head_weight", [8, 6]), ("head_bias", [6]), ("tail_0_proj", [8, 4]), ("tail_0_out", [4, 4]),
        ("tail_1_proj", [8, 2]), ("tail_1_out", [2, 2])]
    with pytest.raises(ValueError, match=r"^\[AdaptiveLogSoftmaxWithLoss\] argument 'cutoffs': expected increasing "
                                         r"ints in \[1, 10\), but got \[4, 10\]"):
        nn.AdaptiveLogSoftmaxWithLoss(8, 10, [4, 10])
    with pytest.raises(ValueError, match=r"^\[AdaptiveLogSoftmaxWithLoss\] argument 'cutoffs': expected increasing "
                                         r"positive ints ending with n_classes, but got \[8, 4, 10\]"):
        nn.AdaptiveLogSoftmaxWithLoss(8, 10, [8, 4])
    with pytest.raises(ValueError, match=r"^\[adaptive_log_softmax_with_loss\] argument 'label': expected classes in "
                                         r"\[0, 10\), but got values in \[5, 14\]"):
        layer(paddle.rand([5, 8]), t([5, 8, 10, 14, 9]))
    with pytest.raises(ValueError, match=r"^\[adaptive_log_softmax_with_loss\] arguments 'input' and 'label': "
                                         r"expected shapes \[N, in_features\] and \[N\], but got \[5, 8\] and \[3\]"):
        layer(paddle.rand([5, 8]), t([0, 1, 2]))
