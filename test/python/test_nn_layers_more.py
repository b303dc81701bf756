"""The second part of paddle.nn's layers: convolutions, pooling, normalization,
the common layers and the losses. Each layer against its functional counterpart
called with the layer's own parameters, each family against an independent
NumPy reference, parameter names and shapes, state_dict keys, train/eval
behaviour and constructor errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F

RNG = np.random.default_rng(0)


def t(a):
    return paddle.to_tensor(np.asarray(a, dtype=np.float32))


def rand(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def close(a, b, atol=1e-5):
    a = a.numpy() if hasattr(a, "numpy") else a
    b = b.numpy() if hasattr(b, "numpy") else b
    np.testing.assert_allclose(a, b, rtol=1e-4, atol=atol)


# ---- convolutions -----------------------------------------------------------

def np_conv2d(x, w, b, stride, pad, groups=1):
    n, c, h, wd = x.shape
    oc, cg, kh, kw = w.shape
    x = np.pad(x, [(0, 0), (0, 0), (pad, pad), (pad, pad)])
    oh, ow = (x.shape[2] - kh) // stride + 1, (x.shape[3] - kw) // stride + 1
    out = np.zeros((n, oc, oh, ow), np.float64)
    per = oc // groups
    for o in range(oc):
        g = o // per
        for i in range(oh):
            for j in range(ow):
                patch = x[:, g * cg:(g + 1) * cg, i * stride:i * stride + kh, j * stride:j * stride + kw]
                out[:, o, i, j] = (patch * w[o]).sum(axis=(1, 2, 3)) + (b[o] if b is not None else 0)
    return out


def test_conv2d_against_numpy_with_stride_padding_and_groups():
    conv = nn.Conv2D(4, 6, 3, stride=2, padding=1, groups=2)
    assert [(n, p.shape) for n, p in conv.named_parameters()] == [("weight", [6, 2, 3, 3]), ("bias", [6])]
    conv.bias.set_value(rand(6))
    x = rand(2, 4, 5, 5)
    out = conv(t(x))
    close(out, np_conv2d(x, conv.weight.numpy(), conv.bias.numpy(), 2, 1, 2), atol=1e-4)
    close(out, F.conv2d(t(x), conv.weight, conv.bias, stride=2, padding=1, groups=2))


def test_conv_family_matches_its_functionals():
    x1, x3 = t(rand(2, 3, 7)), t(rand(1, 2, 4, 5, 5))
    c1 = nn.Conv1D(3, 4, 3, padding=1, dilation=2, bias_attr=False)
    assert c1.bias is None and c1.weight.shape == [4, 3, 3]
    close(c1(x1), F.conv1d(x1, c1.weight, None, padding=1, dilation=2))
    c3 = nn.Conv3D(2, 3, [2, 3, 3], stride=[1, 2, 2])
    assert c3.weight.shape == [3, 2, 2, 3, 3]
    close(c3(x3), F.conv3d(x3, c3.weight, c3.bias, stride=[1, 2, 2]))
    d1 = nn.Conv1DTranspose(3, 4, 3, stride=2, padding=1, output_padding=1)
    assert d1.weight.shape == [3, 4, 3]
    close(d1(x1), F.conv1d_transpose(x1, d1.weight, d1.bias, stride=2, padding=1, output_padding=1))
    d2 = nn.Conv2DTranspose(4, 6, 3, stride=2, groups=2)
    assert d2.weight.shape == [4, 3, 3, 3]
    x2 = t(rand(1, 4, 3, 3))
    close(d2(x2), F.conv2d_transpose(x2, d2.weight, d2.bias, stride=2, groups=2))
    assert d2(x2, output_size=[8, 8]).shape == [1, 6, 8, 8]


def test_conv_nhwc_and_padding_modes():
    conv = nn.Conv2D(2, 3, 3, padding=1, data_format="NHWC")
    x = rand(1, 5, 5, 2)
    close(conv(t(x)), F.conv2d(t(x), conv.weight, conv.bias, padding=1, data_format="NHWC"))
    refl = nn.Conv2D(2, 3, 3, padding=1, padding_mode="reflect")
    x = rand(1, 2, 4, 4)
    padded = np.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)], mode="reflect")
    close(refl(t(x)), np_conv2d(padded, refl.weight.numpy(), refl.bias.numpy(), 1, 0), atol=1e-4)
    circ = nn.Conv1D(1, 1, 3, padding=1, padding_mode="circular", bias_attr=False)
    x = rand(1, 1, 5)
    padded = np.pad(x, [(0, 0), (0, 0), (1, 1)], mode="wrap")
    w = circ.weight.numpy()[0, 0]
    close(circ(t(x))[0, 0], [(padded[0, 0, i:i + 3] * w).sum() for i in range(5)])


def test_conv_default_initializers_are_paddles():
    paddle.seed(1)
    conv = nn.Conv2D(16, 64, 3)
    std = math.sqrt(2.0 / (16 * 9))  # Normal(0, sqrt(2 / (in_channels * kernel elements)))
    w = conv.weight.numpy()
    assert abs(w.std() - std) < 0.05 * std and abs(w.mean()) < 0.05 * std
    assert (conv.bias.numpy() == 0).all()
    deconv = nn.Conv2DTranspose(16, 8, 3)  # XavierUniform: fan_in = 8*9, fan_out = 16*9
    limit = math.sqrt(6.0 / (8 * 9 + 16 * 9))
    assert np.abs(deconv.weight.numpy()).max() <= limit and np.abs(deconv.weight.numpy()).max() > 0.9 * limit


def test_conv_repr():
    assert repr(nn.Conv2D(3, 8, 3, stride=2, padding=1)) == (
        "Conv2D(3, 8, kernel_size=[3, 3], stride=[2, 2], padding=1, data_format=NCHW)")
    assert repr(nn.Conv1D(2, 2, 1, groups=2, data_format="NLC")) == \
        "Conv1D(2, 2, kernel_size=[1], groups=2, data_format=NLC)"


# ---- pooling ----------------------------------------------------------------

def test_max_pool2d_against_numpy_and_functional():
    x = rand(2, 3, 6, 6)
    pool = nn.MaxPool2D(3, stride=2, padding=1)
    out = pool(t(x))
    padded = np.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)], constant_values=-np.inf)
    ref = np.stack([np.stack([padded[:, :, i * 2:i * 2 + 3, j * 2:j * 2 + 3].max(axis=(2, 3)) for j in range(3)], -1)
                    for i in range(3)], -2)
    close(out, ref)
    close(out, F.max_pool2d(t(x), 3, 2, 1))
    out, mask = nn.MaxPool2D(2, return_mask=True)(t(x))
    assert out.shape == mask.shape == [2, 3, 3, 3]


@pytest.mark.parametrize("layer, fn, shape", [
    (nn.MaxPool1D(2, 1, 1, ceil_mode=True), lambda x: F.max_pool1d(x, 2, 1, 1, ceil_mode=True), (2, 3, 7)),
    (nn.MaxPool3D(2), lambda x: F.max_pool3d(x, 2), (1, 2, 4, 4, 4)),
    (nn.AvgPool1D(3, 2, 1, exclusive=False), lambda x: F.avg_pool1d(x, 3, 2, 1, exclusive=False), (2, 3, 7)),
    (nn.AvgPool2D(2, divisor_override=3), lambda x: F.avg_pool2d(x, 2, divisor_override=3), (1, 2, 4, 6)),
    (nn.AvgPool3D(2, data_format="NDHWC"), lambda x: F.avg_pool3d(x, 2, data_format="NDHWC"), (1, 4, 4, 4, 2)),
    (nn.AdaptiveAvgPool2D([2, None]), lambda x: F.adaptive_avg_pool2d(x, [2, None]), (1, 2, 5, 3)),
    (nn.AdaptiveAvgPool3D(2), lambda x: F.adaptive_avg_pool3d(x, 2), (1, 2, 4, 5, 6)),
    (nn.AdaptiveMaxPool1D(3), lambda x: F.adaptive_max_pool1d(x, 3), (2, 3, 7)),
    (nn.AdaptiveMaxPool2D(2), lambda x: F.adaptive_max_pool2d(x, 2), (1, 2, 5, 5)),
    (nn.AdaptiveMaxPool3D(1), lambda x: F.adaptive_max_pool3d(x, 1), (1, 2, 3, 3, 3)),
])
def test_pool_layers_match_functionals(layer, fn, shape):
    x = t(rand(*shape))
    close(layer(x), fn(x))


def test_adaptive_avg_pool1d_against_numpy():
    x = rand(2, 3, 7)
    out = nn.AdaptiveAvgPool1D(3)(t(x))
    bounds = [(math.floor(i * 7 / 3), math.ceil((i + 1) * 7 / 3)) for i in range(3)]
    close(out, np.stack([x[:, :, a:b].mean(-1) for a, b in bounds], -1))
    assert repr(nn.AdaptiveAvgPool1D(3)) == "AdaptiveAvgPool1D(output_size=3)"
    assert repr(nn.AvgPool2D(2, 2)) == "AvgPool2D(kernel_size=2, stride=2, padding=0)"


# ---- normalization ----------------------------------------------------------

def test_batch_norm2d_running_stats_against_numpy_after_two_steps():
    bn = nn.BatchNorm2D(3, momentum=0.8)
    assert list(bn.state_dict().keys()) == ["weight", "bias", "_mean", "_variance"]
    assert [n for n, _ in bn.named_parameters()] == ["weight", "bias"]
    bn.weight.set_value(np.array([1.0, 2.0, 0.5], np.float32))
    bn.bias.set_value(np.array([0.0, 1.0, -1.0], np.float32))
    mean, var = np.zeros(3), np.ones(3)
    for _ in range(2):
        x = rand(4, 3, 2, 2) * 3 + 1
        out = bn(t(x))
        m, v = x.mean(axis=(0, 2, 3)), x.var(axis=(0, 2, 3))
        ref = (x - m[None, :, None, None]) / np.sqrt(v[None, :, None, None] + 1e-5)
        close(out, ref * bn.weight.numpy()[None, :, None, None] + bn.bias.numpy()[None, :, None, None], atol=1e-4)
        mean, var = 0.8 * mean + 0.2 * m, 0.8 * var + 0.2 * v
    close(bn._mean, mean)
    close(bn._variance, var)
    bn.eval()
    x = rand(2, 3, 2, 2)
    ref = (x - mean[None, :, None, None]) / np.sqrt(var[None, :, None, None] + 1e-5)
    close(bn(t(x)), ref * bn.weight.numpy()[None, :, None, None] + bn.bias.numpy()[None, :, None, None], atol=1e-4)
    close(bn._mean, mean)  # eval leaves the statistics alone


def test_batch_norm_variants():
    bn1 = nn.BatchNorm1D(4)
    x = t(rand(8, 4))
    close(bn1(x), F.batch_norm(x, paddle.zeros([4]), paddle.ones([4]), bn1.weight, bn1.bias, training=True))
    x3 = t(rand(2, 5, 4))
    assert nn.BatchNorm1D(4, data_format="NLC")(x3).shape == [2, 5, 4]
    bn3 = nn.BatchNorm3D(2, weight_attr=False, bias_attr=False)
    assert bn3.weight is None and list(bn3.state_dict()) == ["_mean", "_variance"]
    frozen = nn.BatchNorm2D(2, use_global_stats=True)
    x = rand(2, 2, 3, 3)
    close(frozen(t(x)), x / np.sqrt(1 + 1e-5), atol=1e-5)
    assert (frozen._mean.numpy() == 0).all()
    old = nn.BatchNorm(3, act="relu")
    y = old(t(rand(4, 3)))
    assert (y.numpy() >= 0).all()
    with pytest.raises(ValueError, match=r"\[BatchNorm2D\] expected a 4-D input"):
        nn.BatchNorm2D(3)(t(rand(2, 3)))


def test_layer_group_instance_rms_norm_against_numpy():
    x = rand(3, 4, 5)
    ln = nn.LayerNorm([4, 5])
    assert ln.weight.shape == [20] and ln.bias.shape == [20]
    ln.weight.set_value(rand(20))
    m, v = x.mean(axis=(1, 2), keepdims=True), x.var(axis=(1, 2), keepdims=True)
    close(ln(t(x)), (x - m) / np.sqrt(v + 1e-5) * ln.weight.numpy().reshape(4, 5), atol=1e-4)
    close(ln(t(x)), F.layer_norm(t(x), [4, 5], ln.weight, ln.bias))

    gn = nn.GroupNorm(2, 4)
    gn.bias.set_value(rand(4))
    g = x.reshape(3, 2, 10)
    ref = ((g - g.mean(-1, keepdims=True)) / np.sqrt(g.var(-1, keepdims=True) + 1e-5)).reshape(3, 4, 5)
    close(gn(t(x)), ref + gn.bias.numpy()[None, :, None], atol=1e-4)

    inorm = nn.InstanceNorm1D(4)
    assert list(inorm.state_dict()) == ["scale", "bias"]
    ref = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
    close(inorm(t(x)), ref, atol=1e-4)
    x4 = t(rand(2, 3, 4, 4))
    i2 = nn.InstanceNorm2D(3)
    close(i2(x4), F.instance_norm(x4, weight=i2.scale, bias=i2.bias))
    assert nn.InstanceNorm3D(2, weight_attr=False, bias_attr=False).scale is None

    rms = nn.RMSNorm(5)
    rms.weight.set_value(rand(5))
    close(rms(t(x)), x / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-5) * rms.weight.numpy(), atol=1e-4)


# ---- common layers ----------------------------------------------------------

def test_embedding_against_numpy():
    emb = nn.Embedding(6, 3, padding_idx=-1)
    assert [(n, p.shape) for n, p in emb.named_parameters()] == [("weight", [6, 3])]
    ids = np.array([[0, 5], [2, 2]])
    out = emb(paddle.to_tensor(ids))
    ref = emb.weight.numpy()[ids]
    ref[ids == 5] = 0
    close(out, ref)
    assert repr(emb) == "Embedding(6, 3, padding_idx=5, sparse=False, scale_grad_by_freq=False)"


def test_bilinear_and_cosine_similarity_against_numpy():
    layer = nn.Bilinear(3, 4, 2)
    assert layer.weight.shape == [2, 3, 4] and layer.bias.shape == [1, 2]
    layer.bias.set_value(rand(1, 2))
    a, b = rand(5, 3), rand(5, 4)
    close(layer(t(a), t(b)), np.einsum("ni,oij,nj->no", a, layer.weight.numpy(), b) + layer.bias.numpy(), atol=1e-4)
    cos = nn.CosineSimilarity(axis=0)
    ref = (a[:, 0] * a[:, 1]).sum() / np.linalg.norm(a[:, 0]) / np.linalg.norm(a[:, 1])
    close(cos(t(a[:, :1]), t(a[:, 1:2]))[0], ref)


def test_channel_dropouts_and_modes():
    paddle.seed(3)
    x = paddle.ones([4, 16, 3, 3])
    d2 = nn.Dropout2D(0.5)
    y = d2(x).numpy().reshape(64, 9)
    assert set(np.unique(y)) <= {0.0, 2.0} and (y.std(axis=1) == 0).all() and 0 < (y == 0).mean() < 1
    assert d2.eval()(x) is x
    y3 = nn.Dropout3D(0.5, data_format="NDHWC")(paddle.ones([2, 2, 2, 2, 8])).numpy()
    assert (y3.std(axis=(1, 2, 3)) == 0).all()
    assert repr(d2) == "Dropout2D(p=0.5, data_format=NCHW)"


def test_alpha_dropout_keeps_selu_moments():
    paddle.seed(4)
    x = paddle.randn([200000])
    drop = nn.AlphaDropout(0.3)
    y = drop(x).numpy()
    assert abs(y.mean()) < 0.02 and abs(y.std() - 1) < 0.02
    alpha_p = -1.6732632423543772 * 1.0507009873554805
    a = (0.7 * (1 + 0.3 * alpha_p ** 2)) ** -0.5
    xs = x.numpy()
    dropped = np.isclose(y, a * alpha_p + (-a * alpha_p * 0.3), atol=1e-5)
    assert abs(dropped.mean() - 0.3) < 0.01
    close(y[~dropped], a * xs[~dropped] - a * alpha_p * 0.3, atol=1e-4)
    assert drop.eval()(x) is x
    assert (F.alpha_dropout(x, 1.0).numpy() == 0).all()
    with pytest.raises(ValueError, match=r"\[alpha_dropout\] argument 'p'"):
        F.alpha_dropout(x, 1.5)
    with pytest.raises(TypeError, match=r"\[alpha_dropout\] argument 'training': expected a bool"):
        F.alpha_dropout(x, 0.5, paddle.to_tensor([True, False]))
    with pytest.raises(TypeError, match=r"\[dropout\] argument 'training': expected a bool"):
        F.dropout(x, 0.5, training="yes")


def test_unflatten_upsample_pixel_shuffle():
    x = t(rand(2, 6, 4))
    assert nn.Unflatten(1, [2, -1])(x).shape == [2, 2, 3, 4]
    close(nn.Unflatten(-1, (2, 2))(x), x.numpy().reshape(2, 6, 2, 2))
    with pytest.raises(ValueError, match=r"\[Unflatten\] shape \[4, 2\] does not fill dim 1"):
        nn.Unflatten(1, [4, 2])(x)
    img = rand(1, 2, 2, 3)
    close(nn.Upsample(scale_factor=2)(t(img)), img.repeat(2, axis=2).repeat(2, axis=3))
    up = nn.Upsample(size=[3, 5], mode="bilinear", align_corners=True)
    close(up(t(img)), F.interpolate(t(img), [3, 5], mode="bilinear", align_corners=True))
    ps = rand(1, 8, 2, 3)
    shuffled = nn.PixelShuffle(2)(t(ps))
    ref = ps.reshape(1, 2, 2, 2, 2, 3).transpose(0, 1, 4, 2, 5, 3).reshape(1, 2, 4, 6)
    close(shuffled, ref)
    close(nn.PixelUnshuffle(2)(shuffled), ps)


def test_pad_layers_against_numpy():
    x = rand(1, 2, 3, 4)
    close(nn.Pad2D([1, 2, 0, 1], mode="reflect")(t(x)), np.pad(x, [(0, 0), (0, 0), (0, 1), (1, 2)], mode="reflect"))
    close(nn.ZeroPad2D(1)(t(x)), np.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)]))
    x1 = rand(1, 2, 3)
    close(nn.Pad1D(2, value=7.0)(t(x1)), np.pad(x1, [(0, 0), (0, 0), (2, 2)], constant_values=7.0))
    x3 = rand(1, 1, 2, 2, 2)
    close(nn.Pad3D(1, mode="replicate")(t(x3)), np.pad(x3, [(0, 0), (0, 0)] + [(1, 1)] * 3, mode="edge"))


# ---- losses -----------------------------------------------------------------

def test_loss_layers_match_functionals():
    logits, label = t(rand(4, 5)), paddle.to_tensor([0, 3, 4, 1])
    w = t(np.arange(1, 6))
    close(nn.CrossEntropyLoss(weight=w, label_smoothing=0.1)(logits, label),
          F.cross_entropy(logits, label, weight=w, label_smoothing=0.1))
    logp = F.log_softmax(logits, -1)
    close(nn.NLLLoss(reduction="sum")(logp, label), F.nll_loss(logp, label, reduction="sum"))
    a, b = t(rand(3, 4)), t(rand(3, 4))
    probs, target = F.sigmoid(a), t(RNG.integers(0, 2, (3, 4)))
    close(nn.SmoothL1Loss(delta=0.5)(a, b), F.smooth_l1_loss(a, b, delta=0.5))
    close(nn.BCELoss()(probs, target), F.binary_cross_entropy(probs, target))
    pw = t(rand(4) ** 2)
    close(nn.BCEWithLogitsLoss(pos_weight=pw)(a, target), F.binary_cross_entropy_with_logits(a, target, pos_weight=pw))
    target_p = F.softmax(logits * 2, -1)
    close(nn.KLDivLoss("batchmean")(logp, target_p), F.kl_div(logp, target_p, "batchmean"))
    sign = t(np.sign(rand(3, 4)))
    close(nn.MarginRankingLoss(0.2)(a, b, sign), F.margin_ranking_loss(a, b, sign, 0.2))
    close(nn.HingeEmbeddingLoss(0.5)(a, sign), F.hinge_embedding_loss(a, sign, 0.5))
    lab = t([1, -1, 1])
    close(nn.CosineEmbeddingLoss(0.1)(a, b, lab), F.cosine_embedding_loss(a, b, lab, 0.1))
    c = t(rand(3, 4))
    close(nn.TripletMarginLoss(swap=True)(a, b, c), F.triplet_margin_loss(a, b, c, swap=True))


def test_losses_against_numpy():
    x, y = rand(3, 4), rand(3, 4)
    close(nn.MSELoss()(t(x), t(y)), ((x - y) ** 2).mean())
    close(nn.L1Loss(reduction="none")(t(x), t(y)), np.abs(x - y))
    label = np.array([2, 0, 3])
    logp = x - np.log(np.exp(x).sum(1, keepdims=True))
    close(nn.CrossEntropyLoss()(t(x), paddle.to_tensor(label)), -logp[np.arange(3), label].mean())
    close(nn.CrossEntropyLoss(ignore_index=0, reduction="sum")(t(x), paddle.to_tensor(label)),
          -logp[[0, 2], label[[0, 2]]].sum())
    d = np.abs(x - y)
    close(nn.SmoothL1Loss(reduction="sum")(t(x), t(y)), np.where(d < 1, 0.5 * d * d, d - 0.5).sum())
    assert repr(nn.MSELoss()) == "MSELoss(reduction=mean)"


# ---- constructor errors -----------------------------------------------------

@pytest.mark.parametrize("make, error, message", [
    (lambda: nn.Conv2D(3, 4, 0), ValueError, r"\[Conv2D\] argument 'kernel_size': expected positive sizes"),
    (lambda: nn.Conv2D(3, 4, [3, 3, 3]), ValueError, r"\[Conv2D\] argument 'kernel_size': expected an int or 2 ints"),
    (lambda: nn.Conv2D(3.0, 4, 3), TypeError, r"\[Conv2D\] argument 'in_channels': expected an int, but got float"),
    (lambda: nn.Conv2D(3, 4, 3, groups=2), ValueError,
     r"\[Conv2D\] argument 'in_channels': expected a multiple of groups \(2\), but got 3"),
    (lambda: nn.Conv1D(3, 4, 3, padding_mode="mirror"), ValueError, r"\[Conv1D\] argument 'padding_mode': expected"),
    (lambda: nn.Conv2D(3, 4, 3, data_format="NCL"), ValueError, r"\[Conv2D\] argument 'data_format': expected"),
    (lambda: nn.Conv3D(3, 4, 3, padding="middle"), ValueError, r"\[Conv3D\] argument 'padding': expected one of"),
    (lambda: nn.MaxPool2D(0), ValueError, r"\[MaxPool2D\] argument 'kernel_size': expected ints >= 1, but got 0"),
    (lambda: nn.AvgPool1D("2"), TypeError, r"\[AvgPool1D\] argument 'kernel_size': expected an int or a list"),
    (lambda: nn.AdaptiveAvgPool2D(0), ValueError, r"\[AdaptiveAvgPool2D\] argument 'output_size'"),
    (lambda: nn.MaxPool3D(2, data_format="NCHW"), ValueError, r"\[MaxPool3D\] argument 'data_format'"),
    (lambda: nn.BatchNorm2D(0), ValueError, r"\[BatchNorm2D\] argument 'num_features': expected an int >= 1"),
    (lambda: nn.BatchNorm1D(3, momentum=1.5), ValueError, r"\[BatchNorm1D\] argument 'momentum': expected a number"),
    (lambda: nn.BatchNorm2D(3, data_format="NCL"), ValueError, r"\[BatchNorm2D\] argument 'data_format'"),
    (lambda: nn.LayerNorm([]), ValueError, r"\[LayerNorm\] argument 'normalized_shape': expected ints >= 1"),
    (lambda: nn.LayerNorm(4, epsilon="small"), TypeError, r"\[LayerNorm\] argument 'epsilon': expected a number"),
    (lambda: nn.GroupNorm(3, 4), ValueError, r"\[GroupNorm\] argument 'num_groups': expected a divisor of"),
    (lambda: nn.InstanceNorm2D(3, weight_attr=False), ValueError, r"\[InstanceNorm2D\] arguments 'weight_attr'"),
    (lambda: nn.Embedding(5, 3, padding_idx=5), ValueError, r"\[Embedding\] argument 'padding_idx': expected an int"),
    (lambda: nn.Embedding(5, 0), ValueError, r"\[Embedding\] argument 'embedding_dim': expected an int >= 1"),
    (lambda: nn.Dropout2D(2.0), ValueError, r"\[Dropout2D\] argument 'p': expected a number in \[0, 1\]"),
    (lambda: nn.AlphaDropout("x"), TypeError, r"\[AlphaDropout\] argument 'p': expected a number"),
    (lambda: nn.Unflatten(1, [2, -1, -1]), ValueError, r"\[Unflatten\] argument 'shape'"),
    (lambda: nn.Upsample(), ValueError, r"\[Upsample\] arguments 'size' and 'scale_factor'"),
    (lambda: nn.Pad2D([1, 2]), ValueError, r"\[Pad2D\] argument 'padding': expected an int or 4 ints"),
    (lambda: nn.PixelShuffle(0), ValueError, r"\[PixelShuffle\] argument 'upscale_factor'"),
    (lambda: nn.Bilinear(2, 2, 0), ValueError, r"\[Bilinear\] argument 'out_features'"),
    (lambda: nn.MSELoss("avg"), ValueError, r"\[MSELoss\] argument 'reduction': expected one of"),
    (lambda: nn.CrossEntropyLoss(label_smoothing=1.0), ValueError, r"\[CrossEntropyLoss\] argument 'label_smoothing'"),
    (lambda: nn.BCELoss(weight=[1.0]), TypeError, r"\[BCELoss\] argument 'weight': expected a Tensor or None"),
    (lambda: nn.KLDivLoss("avg"), ValueError, r"\[KLDivLoss\] argument 'reduction': expected one of .*batchmean"),
    (lambda: nn.CosineEmbeddingLoss(2), ValueError, r"\[CosineEmbeddingLoss\] argument 'margin'"),
])
def test_bad_constructor_arguments(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_layers_are_exported_and_compose():
    net = nn.Sequential(nn.Conv2D(1, 4, 3, padding=1), nn.BatchNorm2D(4), nn.ReLU(), nn.MaxPool2D(2),
                        nn.Flatten(), nn.Linear(4 * 4 * 4, 3))
    out = net(t(rand(2, 1, 8, 8)))
    loss = nn.CrossEntropyLoss()(out, paddle.to_tensor([0, 2]))
    loss.backward()
    assert all(p.grad is not None for p in net.parameters())
    assert "1._mean" in net.state_dict() and "1._variance" in net.state_dict()
    assert not hasattr(nn, "conv") and not hasattr(nn, "pooling")
