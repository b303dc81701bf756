"""CTC loss, Conv3DTranspose and SyncBatchNorm: forward against independent
NumPy references, gradients against central finite differences in float64,
and input errors."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F
from gradcheck import check_grads
from gradcheck import check_layer_grads


@pytest.fixture
def float64():
    paddle.set_default_dtype("float64")
    yield
    paddle.set_default_dtype("float32")


# ---- CTC ----

def _log_softmax(x):
    m = x.max(-1, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(-1, keepdims=True))


def np_ctc(logits, labels, in_len, lab_len, blank):
    """-log p(label | x) per sequence by the CTC forward algorithm (log space, loops)."""
    lp = _log_softmax(logits.astype(np.float64))
    losses = []
    for b in range(logits.shape[1]):
        ext = [blank]
        for c in labels[b, :lab_len[b]]:
            ext += [int(c), blank]
        alpha = np.full(len(ext), -np.inf)
        alpha[:2] = [lp[0, b, e] for e in ext[:2]]
        for t in range(1, in_len[b]):
            new = np.full(len(ext), -np.inf)
            for s, e in enumerate(ext):
                a = alpha[s]
                if s >= 1:
                    a = np.logaddexp(a, alpha[s - 1])
                if s >= 2 and e != blank and e != ext[s - 2]:
                    a = np.logaddexp(a, alpha[s - 2])
                new[s] = a + lp[t, b, e]
            alpha = new
        losses.append(-(alpha[-1] if len(ext) == 1 else np.logaddexp(alpha[-1], alpha[-2])))
    return np.array(losses)


def np_ctc_brute_force(logits, label, blank):
    """Sums the probability of every alignment that collapses to `label` (one sequence, all steps)."""
    p = np.exp(_log_softmax(logits.astype(np.float64)))
    total = 0.0
    for path in itertools.product(range(p.shape[1]), repeat=p.shape[0]):
        collapsed = [c for i, c in enumerate(path) if c != blank and (i == 0 or c != path[i - 1])]
        if collapsed == list(label):
            total += np.prod([p[t, c] for t, c in enumerate(path)])
    return -np.log(total)


def _ctc_case(seed=0, dtype="float32"):
    rng = np.random.default_rng(seed)
    logits = rng.standard_normal([6, 4, 5]).astype(dtype)
    labels = np.array([[1, 2, 2], [3, 1, 0], [4, 4, 4], [2, 0, 0]], dtype="int32")
    in_len = np.array([6, 4, 6, 3])
    lab_len = np.array([3, 2, 3, 0])
    return logits, labels, in_len, lab_len


def _ctc(logits, labels, in_len, lab_len, **kwargs):
    return F.ctc_loss(paddle.to_tensor(logits), paddle.to_tensor(labels), paddle.to_tensor(in_len),
                      paddle.to_tensor(lab_len), **kwargs)


def test_ctc_loss_matches_numpy_forward_algorithm_and_brute_force():
    logits, labels, in_len, lab_len = _ctc_case()
    loss = _ctc(logits, labels, in_len, lab_len, reduction="none")
    assert loss.shape == [4]
    np.testing.assert_allclose(loss.numpy(), np_ctc(logits, labels, in_len, lab_len, 0), rtol=1e-5)
    # the DP reference itself against summing all 3^4 alignments
    small = np.random.default_rng(1).standard_normal([4, 1, 3])
    for label in ([1, 2], [1, 1], [2]):
        value = _ctc(small, np.array([label]), np.array([4]), np.array([len(label)]), reduction="none")
        np.testing.assert_allclose(value.numpy()[0], np_ctc_brute_force(small[:, 0], label, 0), rtol=1e-10)


def test_ctc_loss_blank_index_and_reductions():
    logits, labels, in_len, lab_len = _ctc_case(2)
    labels = np.where(labels == 4, 0, labels)  # blank = 4 now; 0 is a label
    ref = np_ctc(logits, labels, in_len, lab_len, 4)
    np.testing.assert_allclose(_ctc(logits, labels, in_len, lab_len, blank=4, reduction="none").numpy(), ref,
                               rtol=1e-5)
    np.testing.assert_allclose(float(_ctc(logits, labels, in_len, lab_len, blank=4, reduction="sum")), ref.sum(),
                               rtol=1e-5)
    keep = lab_len > 0  # 'mean' divides by the label lengths
    mean = _ctc(logits[:, keep], labels[keep], in_len[keep], lab_len[keep], blank=4)
    np.testing.assert_allclose(float(mean), np.mean(ref[keep] / lab_len[keep]), rtol=1e-5)
    # the inputs are normalized with log_softmax first (a no-op on log-probabilities)
    np.testing.assert_allclose(_ctc(_log_softmax(logits).astype("float32"), labels, in_len, lab_len, blank=4,
                                    reduction="none").numpy(), ref, rtol=1e-5)
    layer = nn.CTCLoss(blank=4, reduction="sum")
    value = layer(*(paddle.to_tensor(a) for a in (logits, labels, in_len, lab_len)))
    np.testing.assert_allclose(float(value), ref.sum(), rtol=1e-5)
    assert repr(layer) == "CTCLoss(blank=4, zero_infinity=False, reduction=sum)"


def test_ctc_loss_gradient_matches_finite_differences():
    logits, labels, in_len, lab_len = _ctc_case(3, "float64")
    logits = logits[:4, :3, :4]
    labels, in_len, lab_len = np.array([[1, 2], [3, 3], [2, 0]]), np.array([4, 4, 3]), np.array([2, 2, 1])
    args = [paddle.to_tensor(a) for a in (labels, in_len, lab_len)]
    check_grads(lambda x: F.ctc_loss(x, *args, reduction="none"), [logits], np.random.default_rng(0))
    args = [paddle.to_tensor(a) for a in (np.array([[1, 2], [0, 0], [2, 0]]), in_len, lab_len)]
    check_grads(lambda x: F.ctc_loss(x, *args, blank=3, reduction="mean").reshape([1]),
                [logits], np.random.default_rng(1))


def test_ctc_norm_by_times_scales_only_the_gradient():
    logits, labels, in_len, lab_len = _ctc_case(4, "float64")
    grads = []
    for norm in (False, True):
        x = paddle.to_tensor(logits, stop_gradient=False)
        loss = F.ctc_loss(x, *(paddle.to_tensor(a) for a in (labels, in_len, lab_len)), reduction="sum",
                          norm_by_times=norm)
        loss.backward()
        grads.append((float(loss), x.grad.numpy()))
    assert grads[0][0] == pytest.approx(grads[1][0])
    np.testing.assert_allclose(grads[1][1], grads[0][1] / in_len[None, :, None], rtol=1e-10, atol=1e-12)


def test_ctc_loss_bad_inputs():
    logits, labels, in_len, lab_len = _ctc_case()
    with pytest.raises(ValueError, match=r"\[ctc_loss\] argument 'log_probs': expected a 3-D"):
        _ctc(logits[0], labels, in_len, lab_len)
    with pytest.raises(TypeError, match=r"\[ctc_loss\] argument 'labels': expected int32 or int64"):
        _ctc(logits, labels.astype("float32"), in_len, lab_len)
    with pytest.raises(ValueError, match=r"\[ctc_loss\] argument 'blank'"):
        _ctc(logits, labels, in_len, lab_len, blank=5)
    with pytest.raises(ValueError, match=r"\[ctc_loss\] argument 'labels': expected values"):
        _ctc(logits, labels, in_len, lab_len, blank=1)
    with pytest.raises(ValueError, match=r"\[ctc_loss\] argument 'input_lengths'"):
        _ctc(logits, labels, in_len + 1, lab_len)
    with pytest.raises(ValueError, match=r"\[ctc_loss\] argument 'label_lengths'"):
        _ctc(logits, labels, in_len, lab_len[:2])
    with pytest.raises(ValueError, match=r"\[ctc_loss\] argument 'reduction'"):
        _ctc(logits, labels, in_len, lab_len, reduction="max")
    with pytest.raises(ValueError, match=r"\[CTCLoss\] argument 'reduction'"):
        nn.CTCLoss(reduction="avg")


# ---- Conv3DTranspose ----

def np_conv3d_transpose(x, w, b, stride, pads, out_pad, dilation, groups):
    """Scatters x[n, c, i, j, l] * w[c, o, a, b, e] to the output at i*s + a*d - pad_front (per dim)."""
    n, c, *size = x.shape
    ocg, *k = w.shape[1:]
    full = [(i - 1) * s + d * (kk - 1) + 1 for i, s, d, kk in zip(size, stride, dilation, k)]
    out_size = [f - pads[2 * i] - pads[2 * i + 1] + op for i, (f, op) in enumerate(zip(full, out_pad))]
    alloc = [max(f, pads[2 * i] + o) for i, (f, o) in enumerate(zip(full, out_size))]
    out = np.zeros([n, ocg * groups] + alloc)
    cg = c // groups
    for g in range(groups):
        for a, bb, e in np.ndindex(*k):
            contrib = np.einsum("ncdhw,co->nodhw", x[:, g * cg:(g + 1) * cg], w[g * cg:(g + 1) * cg, :, a, bb, e])
            starts = [o * d for o, d in zip((a, bb, e), dilation)]
            region = tuple(slice(st, st + (i - 1) * s + 1, s) for st, i, s in zip(starts, size, stride))
            out[(slice(None), slice(g * ocg, (g + 1) * ocg)) + region] += contrib
    crop = tuple(slice(pads[2 * i], pads[2 * i] + o) for i, o in enumerate(out_size))
    return out[(slice(None), slice(None)) + crop] + b.reshape(1, -1, 1, 1, 1)


@pytest.mark.parametrize("kwargs,pads", [
    (dict(stride=2, padding=1, output_padding=1), [1] * 6),
    (dict(stride=[1, 2, 3], padding=[0, 1, 2], dilation=[2, 1, 1], groups=2), [0, 0, 1, 1, 2, 2]),
    (dict(stride=3, padding=[1, 0, 0, 1, 2, 0], output_padding=[2, 0, 1]), [1, 0, 0, 1, 2, 0]),
])
def test_conv3d_transpose_matches_numpy(kwargs, pads):
    paddle.seed(0)
    layer = nn.Conv3DTranspose(4, 6, [2, 3, 2], **kwargs)
    assert layer.weight.shape == [4, 6 // kwargs.get("groups", 1), 2, 3, 2]
    x = np.random.default_rng(0).standard_normal([2, 4, 3, 2, 3]).astype("float32")
    out = layer(paddle.to_tensor(x))
    listed = (lambda v: [v] * 3 if isinstance(v, int) else v)
    ref = np_conv3d_transpose(x.astype(np.float64), layer.weight.numpy(), layer.bias.numpy(),
                              listed(kwargs.get("stride", 1)), pads, listed(kwargs.get("output_padding", 0)),
                              listed(kwargs.get("dilation", 1)), kwargs.get("groups", 1))
    assert out.shape == list(ref.shape)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-4, atol=1e-5)


def test_conv3d_transpose_is_the_adjoint_of_conv3d_and_formats():
    rng = np.random.default_rng(1)
    x = paddle.to_tensor(rng.standard_normal([1, 2, 5, 4, 5]).astype("float32"))
    w = paddle.to_tensor(rng.standard_normal([3, 2, 2, 2, 3]).astype("float32"))
    y = F.conv3d(x, w, stride=2, padding=1, dilation=[1, 2, 1])
    v = paddle.to_tensor(rng.standard_normal(y.shape).astype("float32"))
    back = F.conv3d_transpose(v, w, stride=2, padding=1, dilation=[1, 2, 1], output_size=x.shape[2:])
    assert back.shape == x.shape
    np.testing.assert_allclose(float((y * v).sum()), float((back * x).sum()), rtol=1e-4)
    channels_last = F.conv3d_transpose(v.transpose([0, 2, 3, 4, 1]), w, stride=2, padding=1, dilation=[1, 2, 1],
                                       output_size=x.shape[2:], data_format="NDHWC")
    np.testing.assert_allclose(channels_last.numpy(), back.transpose([0, 2, 3, 4, 1]).numpy(), rtol=1e-5, atol=1e-6)
    layer = nn.Conv3DTranspose(3, 2, 2, stride=2, bias_attr=False)
    assert layer.bias is None and layer(v, output_size=[7, 5, 6]).shape == [1, 2, 7, 5, 6]


def test_conv3d_transpose_gradients_match_finite_differences(float64):
    paddle.seed(2)
    layer = nn.Conv3DTranspose(2, 2, 2, stride=[2, 1, 1], padding=[1, 0, 0], groups=2)
    x = np.random.default_rng(2).standard_normal([1, 2, 2, 2, 2])
    assert check_layer_grads(layer, [x], lambda lay, inp: lay(inp)) == 2


def test_conv3d_transpose_bad_inputs():
    w = paddle.ones([2, 2, 2, 2, 2])
    with pytest.raises(ValueError, match=r"\[conv3d_transpose\] argument 'x': expected a 5-D"):
        F.conv3d_transpose(paddle.ones([1, 2, 3, 3]), w)
    with pytest.raises(ValueError, match=r"\[conv3d_transpose\] weight.shape\[0\]"):
        F.conv3d_transpose(paddle.ones([1, 3, 2, 2, 2]), w)
    with pytest.raises(ValueError, match=r"\[conv3d_transpose\] output_padding"):
        F.conv3d_transpose(paddle.ones([1, 2, 2, 2, 2]), w, output_padding=1)
    with pytest.raises(ValueError, match=r"\[Conv3DTranspose\] argument 'data_format'"):
        nn.Conv3DTranspose(2, 2, 2, data_format="NCHW")


# ---- SyncBatchNorm ----

def test_sync_batch_norm_is_batch_norm_in_one_process():
    paddle.seed(3)
    x = paddle.randn([4, 3, 2, 5])
    sync, ref = nn.SyncBatchNorm(3, momentum=0.8), nn.BatchNorm2D(3, momentum=0.8)
    np.testing.assert_allclose(sync(x).numpy(), ref(x).numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(sync._mean.numpy(), ref._mean.numpy(), rtol=1e-6)
    np.testing.assert_allclose(sync._variance.numpy(), ref._variance.numpy(), rtol=1e-6)
    sync.eval()
    ref.eval()
    np.testing.assert_allclose(sync(x).numpy(), ref(x).numpy(), rtol=1e-5, atol=1e-6)
    assert list(sync.state_dict().keys()) == ["weight", "bias", "_mean", "_variance"]
    assert nn.SyncBatchNorm(3)(paddle.randn([2, 3, 2, 2, 2])).shape == [2, 3, 2, 2, 2]
    channels_last = nn.SyncBatchNorm(3, data_format="NHWC")
    np.testing.assert_allclose(channels_last(x.transpose([0, 2, 3, 1])).numpy(),
                               nn.BatchNorm2D(3)(x).transpose([0, 2, 3, 1]).numpy(), rtol=1e-5, atol=1e-5)


def test_convert_sync_batchnorm_replaces_and_shares_state():
    net = nn.Sequential(nn.Conv2D(2, 3, 1), nn.BatchNorm2D(3),
                        nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1D(4, weight_attr=False)))
    bn = net[1]
    keys = list(net.state_dict().keys())
    converted = nn.SyncBatchNorm.convert_sync_batchnorm(net)
    assert converted is net and isinstance(net[1], nn.SyncBatchNorm) and isinstance(net[2][1], nn.SyncBatchNorm)
    assert net[1].weight is bn.weight and net[1]._mean is bn._mean and net[2][1].weight is None
    assert list(net.state_dict().keys()) == keys
    x = paddle.randn([5, 4])
    np.testing.assert_allclose(net[2][1](x).numpy(), nn.BatchNorm1D(4, weight_attr=False)(x).numpy(), rtol=1e-5,
                               atol=1e-6)
    single = nn.SyncBatchNorm.convert_sync_batchnorm(nn.BatchNorm3D(2))
    assert isinstance(single, nn.SyncBatchNorm) and single._data_format == "NCDHW"
    with pytest.raises(ValueError, match=r"\[SyncBatchNorm\] argument 'data_format'"):
        nn.SyncBatchNorm(3, data_format="CHWN")
    with pytest.raises(ValueError, match=r"\[SyncBatchNorm\] expected a 2-D"):
        nn.SyncBatchNorm(3)(paddle.ones([3]))


def test_identity_and_loss_layers_exported():
    for name in ("Identity", "CrossEntropyLoss", "NLLLoss", "MSELoss", "L1Loss", "SmoothL1Loss", "BCELoss",
                 "BCEWithLogitsLoss", "KLDivLoss", "MarginRankingLoss", "CTCLoss", "HingeEmbeddingLoss",
                 "CosineEmbeddingLoss", "TripletMarginLoss", "Conv3DTranspose", "SyncBatchNorm"):
        assert isinstance(getattr(nn, name), type), name
    assert callable(F.ctc_loss) and callable(F.conv3d_transpose)
