"""paddle.metric against NumPy and hand-computed references."""

import numpy as np
import pytest

import paddle
from paddle.metric import Accuracy, Auc, Precision, Recall, accuracy


def _topk_hits(scores, labels, k):
    top = np.argsort(-scores, axis=1, kind="stable")[:, :k]
    return (top == labels.reshape(-1, 1)).any(axis=1)


def test_accuracy_topk_matches_numpy_over_batches():
    rng = np.random.RandomState(0)
    m = Accuracy(topk=(1, 3))
    assert m.name() == ["acc_top1", "acc_top3"]
    all_scores, all_labels = [], []
    for n in (7, 13, 5):
        scores = rng.rand(n, 6).astype("float32")
        labels = rng.randint(0, 6, size=(n, 1))
        batch = m.update(m.compute(paddle.to_tensor(scores), paddle.to_tensor(labels)))
        np.testing.assert_allclose(batch, [_topk_hits(scores, labels, k).mean() for k in (1, 3)])
        all_scores.append(scores)
        all_labels.append(labels)
    scores, labels = np.concatenate(all_scores), np.concatenate(all_labels)
    np.testing.assert_allclose(m.accumulate(), [_topk_hits(scores, labels, k).mean() for k in (1, 3)])
    m.reset()
    assert m.accumulate() == [0.0, 0.0]


def test_accuracy_single_k_name_and_one_hot_labels():
    m = Accuracy(name="my_acc")
    assert m.name() == ["my_acc"]
    scores = paddle.to_tensor([[0.9, 0.1], [0.2, 0.8], [0.7, 0.3]])
    one_hot = paddle.to_tensor([[1, 0], [1, 0], [1, 0]], dtype="float32")
    assert m.update(m.compute(scores, one_hot)) == pytest.approx(2 / 3)
    flat = paddle.to_tensor([0, 1, 1])
    m.reset()
    assert m.update(m.compute(scores, flat)) == pytest.approx(2 / 3)
    assert isinstance(m.accumulate(), float)


def test_functional_accuracy():
    rng = np.random.RandomState(1)
    scores = rng.rand(20, 5).astype("float32")
    labels = rng.randint(0, 5, size=(20, 1)).astype("int64")
    for k in (1, 2, 5):
        got = accuracy(paddle.to_tensor(scores), paddle.to_tensor(labels), k=k)
        assert got.shape == [] and got.dtype == paddle.float32
        assert float(got) == pytest.approx(_topk_hits(scores, labels, k).mean())
    correct, total = paddle.zeros([1], dtype="int64"), paddle.zeros([1], dtype="int64")
    accuracy(paddle.to_tensor(scores), paddle.to_tensor(labels), k=2, correct=correct, total=total)
    assert int(correct) == _topk_hits(scores, labels, 2).sum() and int(total) == 20
    with pytest.raises(ValueError, match=r"\[accuracy\] argument 'k'"):
        accuracy(paddle.to_tensor(scores), paddle.to_tensor(labels), k=6)
    with pytest.raises(TypeError, match=r"\[accuracy\] argument 'input'"):
        accuracy(scores, paddle.to_tensor(labels))


def test_precision_recall_hand_cases():
    preds = np.array([0.1, 0.5, 0.49, 0.9, 0.7, 0.2])  # rounded: 0 1 0 1 1 0 (0.5 counts as positive)
    labels = np.array([0, 0, 1, 1, 1, 1])
    p, r = Precision(), Recall()
    p.update(preds, labels)
    r.update(paddle.to_tensor(preds.reshape(-1, 1)), paddle.to_tensor(labels.reshape(-1, 1)))
    assert p.accumulate() == pytest.approx(2 / 3)   # tp=2 (0.9, 0.7), fp=1 (0.5)
    assert r.accumulate() == pytest.approx(2 / 4)   # tp=2, fn=2 (0.49, 0.2)
    p.update(np.array([0.8]), np.array([0]))
    assert p.accumulate() == pytest.approx(2 / 4)
    assert (p.name(), r.name(), Precision(name="prec").name()) == ("precision", "recall", "prec")
    p.reset(); r.reset()
    assert p.accumulate() == 0.0 and r.accumulate() == 0.0   # no positives at all
    p.update(np.array([0.1, 0.2]), np.array([1, 1]))
    assert p.accumulate() == 0.0
    with pytest.raises(TypeError, match=r"\[Precision.update\] argument 'preds'"):
        p.update([0.1], np.array([1]))
    with pytest.raises(ValueError, match="as many samples"):
        r.update(np.array([0.1, 0.9]), np.array([1]))


def _auc_by_thresholds(scores, labels, num_thresholds):
    """The ROC curve through the thresholds i / num_thresholds (i = num_thresholds+1 .. 0), integrated
    with the trapezoid rule."""
    bins = (scores * num_thresholds).astype(int)
    pos, neg = labels == 1, labels == 0
    tpr, fpr = [], []
    for i in range(num_thresholds + 1, -1, -1):
        predicted = bins >= i
        tpr.append((predicted & pos).sum() / pos.sum())
        fpr.append((predicted & neg).sum() / neg.sum())
    tpr, fpr = np.array(tpr), np.array(fpr)
    return float(np.sum((fpr[1:] - fpr[:-1]) * (tpr[1:] + tpr[:-1]) / 2))


@pytest.mark.parametrize("num_thresholds", [4095, 7])
def test_auc_matches_trapezoid_over_thresholds(num_thresholds):
    rng = np.random.RandomState(2)
    labels = rng.randint(0, 2, size=300)
    scores = np.clip(rng.rand(300) * 0.6 + labels * 0.3, 0, 1)
    m = Auc(num_thresholds=num_thresholds)
    for chunk in np.array_split(np.arange(300), 4):
        two_col = np.stack([1 - scores[chunk], scores[chunk]], axis=1)
        m.update(paddle.to_tensor(two_col), paddle.to_tensor(labels[chunk].reshape(-1, 1)))
    assert m.accumulate() == pytest.approx(_auc_by_thresholds(scores, labels, num_thresholds), abs=1e-12)
    if num_thresholds == 4095:  # bins this fine give the exact (rank) AUC up to ties
        exact = np.mean([[(s > t) + 0.5 * (s == t) for t in scores[labels == 0]] for s in scores[labels == 1]])
        assert m.accumulate() == pytest.approx(exact, abs=2e-3)


def test_auc_edge_cases():
    m = Auc()
    assert m.name() == "auc" and m.accumulate() == 0.0
    m.update(np.array([[0.2, 0.8], [0.6, 0.4]]), np.array([1, 1]))
    assert m.accumulate() == 0.0   # no negatives
    m.reset()
    m.update(np.array([0.9, 0.1]), np.array([1, 0]))  # a 1-d array is the positive-class column
    assert m.accumulate() == 1.0
    with pytest.raises(ValueError, match="curve"):
        Auc(curve="XYZ")
    with pytest.raises(TypeError, match=r"\[Auc.update\] argument 'labels'"):
        m.update(np.array([0.5]), [1])


def test_metric_base_is_abstract_and_arguments_checked():
    with pytest.raises(TypeError):
        paddle.metric.Metric()
    with pytest.raises(ValueError, match=r"\[Accuracy\] argument 'topk'"):
        Accuracy(topk=(0,))
    with pytest.raises(ValueError, match="top-3"):
        Accuracy(topk=3).compute(paddle.ones([2, 2]), paddle.zeros([2, 1], dtype="int64"))
