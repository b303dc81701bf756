"""More paddle.nn layers and functions: activations (maxout, rrelu, gumbel_softmax,
swiglu, logsigmoid, Softmax2D, ThresholdedReLU, Silu(inplace)), the channel
dropouts, pairwise_distance, channel_shuffle, temporal_shift, sequence_mask,
gather_tree, local_response_norm, Unfold/Fold, the upsampling layers,
SpectralNorm, ParameterDict, the Module aliases and beam search decoding.
Values against NumPy references (float32 and float64), gradients against
central finite differences in float64, input errors, and Paddle 3.3's reprs."""

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


def t(a, dtype=None):
    return paddle.to_tensor(np.asarray(a) if dtype is None else np.asarray(a).astype(dtype))


def rtol(dtype):
    return 1e-5 if dtype == "float32" else 1e-10


def close(dtype):
    return dict(rtol=1e-5, atol=1e-6) if dtype == "float32" else dict(rtol=1e-10, atol=1e-12)


# ---- activations ---------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
def test_logsigmoid(dtype):
    x = RNG.standard_normal([3, 4]) * 5
    np.testing.assert_allclose(F.logsigmoid(t(x, dtype)).numpy(), -np.logaddexp(0, -x), rtol=rtol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("groups, axis", [(2, 1), (3, 1), (2, -1), (4, 3)])
def test_maxout(dtype, groups, axis):
    x = RNG.standard_normal([2, 6, 3, 8])
    c_axis = axis % 4
    shape = list(x.shape)
    split = shape[:c_axis] + [shape[c_axis] // groups, groups] + shape[c_axis + 1:]
    if shape[c_axis] % groups:
        pytest.skip("channels not divisible")
    ref = x.reshape(split).max(axis=c_axis + 1)
    np.testing.assert_allclose(F.maxout(t(x, dtype), groups, axis).numpy(), ref, rtol=rtol(dtype))
    np.testing.assert_allclose(nn.Maxout(groups, axis)(t(x, dtype)).numpy(), ref, rtol=rtol(dtype))


def test_maxout_gradient_repr_and_errors():
    check_grads(lambda x: F.maxout(x, 3), [RNG.standard_normal([1, 6, 2, 2])], RNG)
    assert repr(nn.Maxout(2)) == "Maxout(groups=2, axis=1)"
    assert repr(nn.Maxout(2, axis=-1, name="m")) == "Maxout(groups=2, axis=-1, name=m)"
    x = paddle.ones([1, 6, 2, 2])
    with pytest.raises(ValueError, match=r"^\[maxout\] the 6 channels of x \(dim 1\) are not divisible by groups=4"):
        F.maxout(x, 4)
    with pytest.raises(ValueError, match=r"^\[maxout\] argument 'axis': expected 1, -1 or 3, but got 2"):
        F.maxout(x, 2, axis=2)
    with pytest.raises(ValueError, match=r"^\[maxout\] argument 'groups': expected an int > 1, but got 1"):
        F.maxout(x, 1)
    with pytest.raises(ValueError, match=r"^\[maxout\] argument 'x': expected a 4-D tensor, but got shape \[6, 2, 2\]"):
        F.maxout(x[0], 2)


@pytest.mark.parametrize("dtype", DTYPES)
def test_rrelu(dtype):
    x = RNG.standard_normal([200])
    np.testing.assert_allclose(F.rrelu(t(x, dtype), 0.1, 0.3, training=False).numpy(), np.where(x >= 0, x, 0.2 * x),
                               rtol=rtol(dtype))
    out = F.rrelu(t(x, dtype), 0.1, 0.3).numpy()
    negative = x < 0
    np.testing.assert_allclose(out[~negative], x[~negative], rtol=rtol(dtype))
    slopes = out[negative] / x[negative]
    assert slopes.min() >= 0.1 - 1e-6 and slopes.max() <= 0.3 + 1e-6 and slopes.std() > 0.03
    layer = nn.RReLU(0.1, 0.3)
    assert repr(layer) == "RReLU(lower=0.1, upper=0.3, training=True, dtype=float32)"
    assert repr(layer.eval()) == "RReLU(lower=0.1, upper=0.3, training=False, dtype=float32)"
    np.testing.assert_allclose(layer(t(x, dtype)).numpy(), np.where(x >= 0, x, 0.2 * x), rtol=rtol(dtype))
    assert repr(nn.RReLU()) == "RReLU(lower=0.125, upper=0.3333333333333333, training=True, dtype=float32)"
    check_grads(lambda v: F.rrelu(v, training=False), [x[:10]], RNG)


def test_rrelu_errors():
    x = paddle.ones([2])
    with pytest.raises(ValueError, match=r"^\[rrelu\] argument 'upper': expected a number >= lower \(0.5\), but got 0."
                                         r"3"):
        F.rrelu(x, 0.5, 0.3)
    with pytest.raises(ValueError, match=r"^\[rrelu\] argument 'lower': expected a number in \[0, 1\], but got -0.1"):
        F.rrelu(x, -0.1, 0.3)
    with pytest.raises(ValueError, match=r"^\[RReLU\] argument 'upper': expected a number in \[0, 1\], but got 1.5"):
        nn.RReLU(0.1, 1.5)


def test_gumbel_softmax():
    x = np.log(np.array([0.1, 0.2, 0.7]))
    paddle.seed(3)
    soft = F.gumbel_softmax(t(np.tile(x, [4000, 1])), temperature=0.5)
    np.testing.assert_allclose(soft.numpy().sum(-1), np.ones(4000), rtol=1e-10)
    # The argmax of a Gumbel-perturbed logit vector is a sample of softmax(logits).
    frequencies = np.bincount(soft.numpy().argmax(-1), minlength=3) / 4000
    np.testing.assert_allclose(frequencies, [0.1, 0.2, 0.7], atol=0.03)
    hard = F.gumbel_softmax(t(np.tile(x, [5, 1])), hard=True, axis=1)
    assert sorted(set(hard.numpy().ravel().tolist())) == [0.0, 1.0]
    np.testing.assert_array_equal(hard.numpy().sum(1), np.ones(5))


def test_gumbel_softmax_hard_has_the_soft_gradient():
    x = RNG.standard_normal([3, 5])
    weights = t(RNG.standard_normal([3, 5]))
    grads = []
    for hard in (False, True):
        paddle.seed(11)
        leaf = t(x).detach()
        leaf.stop_gradient = False
        (F.gumbel_softmax(leaf, temperature=0.7, hard=hard) * weights).sum().backward()
        grads.append(leaf.grad.numpy())
    np.testing.assert_allclose(grads[1], grads[0], rtol=1e-10)


def test_gumbel_softmax_errors():
    with pytest.raises(ValueError, match=r"^\[gumbel_softmax\] argument 'temperature': expected a number > 0, but got "
                                         r"0"):
        F.gumbel_softmax(paddle.ones([2]), temperature=0)
    with pytest.raises(IndexError, match=r"^\[gumbel_softmax\] axis 2 is out of range for a 1-D tensor"):
        F.gumbel_softmax(paddle.ones([2]), axis=2)
    with pytest.raises(TypeError, match=r"^\[gumbel_softmax\] argument 'x': expected a floating-point Tensor, but got "
                                        r"a int32 Tensor"):
        F.gumbel_softmax(paddle.ones([2], dtype="int32"))


@pytest.mark.parametrize("dtype", DTYPES)
def test_swiglu(dtype):
    x, y = RNG.standard_normal([3, 4]), RNG.standard_normal([3, 4])
    silu = lambda v: v / (1 + np.exp(-v))  # noqa: E731
    np.testing.assert_allclose(F.swiglu(t(x, dtype), t(y, dtype)).numpy(), silu(x) * y, rtol=rtol(dtype))
    np.testing.assert_allclose(F.swiglu(t(x, dtype)).numpy(), silu(x[:, :2]) * x[:, 2:], rtol=rtol(dtype))
    check_grads(F.swiglu, [x, y], RNG)
    check_grads(F.swiglu, [x], RNG)
    with pytest.raises(ValueError, match=r"^\[swiglu\] the last dim of x must be even to split it in two, but got "
                                         r"shape \[2, 3\]"):
        F.swiglu(paddle.ones([2, 3]))
    with pytest.raises(ValueError, match=r"^\[swiglu\] argument 'y': expected the shape of x \[3, 4\], but got \[3, 2"
                                         r"\]"):
        F.swiglu(t(x), t(y[:, :2]))


@pytest.mark.parametrize("dtype", DTYPES)
def test_softmax2d_and_thresholded_relu(dtype):
    x = RNG.standard_normal([2, 3, 4, 5])
    e = np.exp(x - x.max(1, keepdims=True))
    np.testing.assert_allclose(nn.Softmax2D()(t(x, dtype)).numpy(), e / e.sum(1, keepdims=True), rtol=rtol(dtype))
    e3 = np.exp(x[0] - x[0].max(0, keepdims=True))
    np.testing.assert_allclose(nn.Softmax2D()(t(x[0], dtype)).numpy(), e3 / e3.sum(0), rtol=rtol(dtype))
    layer = nn.ThresholdedReLU(0.5, 2.0)
    np.testing.assert_allclose(layer(t(x, dtype)).numpy(), np.where(x > 0.5, x, 2.0), rtol=rtol(dtype))
    assert repr(layer) == "ThresholdedReLU(threshold=0.5, value=2.0)"
    assert repr(nn.ThresholdedReLU()) == "ThresholdedReLU(threshold=1.0, value=0.0)"
    assert repr(nn.Softmax2D()) == "Softmax2D()" and repr(nn.Softmax2D(name="s")) == "Softmax2D(name=s)"
    with pytest.raises(ValueError, match=r"^\[Softmax2D\] argument 'x': expected a 3-D or 4-D tensor, but got shape "
                                         r"\[2, 4\]"):
        nn.Softmax2D()(paddle.ones([2, 4]))


def test_silu_inplace_and_aliases():
    x = paddle.to_tensor([-1.0, 0.0, 2.0])
    out = nn.SiLU(inplace=True)(x)
    assert out is x
    np.testing.assert_allclose(x.numpy(), np.array([-1.0, 0.0, 2.0]) / (1 + np.exp([1.0, 0.0, -2.0])), rtol=1e-6)
    assert repr(nn.SiLU()) == "Silu(inplace=False)" and repr(nn.Silu(name="x")) == "Silu(inplace=False, name=x)"
    assert nn.SiLU is nn.Silu
    assert nn.Module is nn.Layer and nn.ModuleList is nn.LayerList and nn.ModuleDict is nn.LayerDict


# ---- channel dropouts ------------------------------------------------------------------------


def test_dropout1d_drops_whole_channels():
    paddle.seed(5)
    out = F.dropout1d(paddle.ones([8, 16, 5]), p=0.5).numpy()
    assert set(np.unique(out).tolist()) == {0.0, 2.0}
    np.testing.assert_array_equal(out.std(-1), np.zeros([8, 16]))  # a channel is all kept or all dropped
    assert 0.3 < (out[..., 0] == 0).mean() < 0.7
    two_d = F.dropout1d(paddle.ones([16, 5]), p=0.5).numpy()
    np.testing.assert_array_equal(two_d.std(-1), np.zeros(16))
    x = paddle.ones([2, 3])
    assert F.dropout1d(x, training=False) is x
    np.testing.assert_array_equal(F.dropout1d(paddle.ones([2, 3, 4]), p=1.0).numpy(), np.zeros([2, 3, 4]))
    y = paddle.ones([4, 6])
    assert F.dropout1d(y, p=0.5, inplace=True) is y and set(np.unique(y.numpy()).tolist()) <= {0.0, 2.0}
    with pytest.raises(ValueError, match=r"^\[dropout1d\] argument 'input': expected a 2-D \[C, L\] or 3-D \[N, C, L\] "
                                         r"tensor, but got shape \[2, 2, 2, 2\]"):
        F.dropout1d(paddle.ones([2, 2, 2, 2]))
    with pytest.raises(ValueError, match=r"^\[dropout1d\] argument 'p': expected a number in \[0, 1\], but got 1.5"):
        F.dropout1d(paddle.ones([2, 2]), 1.5)


def test_feature_alpha_dropout():
    paddle.seed(6)
    p = 0.5
    saturation = -1.6732632423543772 * 1.0507009873554805
    a = ((1 - p) * (1 + p * saturation ** 2)) ** -0.5
    b = -a * saturation * p
    x = RNG.standard_normal([6, 8, 3])
    out = F.feature_alpha_dropout(t(x), p).numpy()
    kept = np.isclose(out, a * x + b)
    dropped = np.isclose(out, a * saturation + b)
    assert np.all(kept | dropped)
    np.testing.assert_array_equal(kept.all(-1) | dropped.all(-1), np.ones([6, 8], dtype=bool))  # per channel
    assert 0.2 < dropped.all(-1).mean() < 0.8
    np.testing.assert_array_equal(F.feature_alpha_dropout(t(x), 1.0).numpy(), np.zeros_like(x))
    layer = nn.FeatureAlphaDropout(0.2)
    assert repr(layer) == "FeatureAlphaDropout(p=0.2)"
    np.testing.assert_array_equal(layer.eval()(t(x)).numpy(), x)
    with pytest.raises(ValueError, match=r"^\[feature_alpha_dropout\] argument 'x': expected a tensor of at least 2 "
                                         r"dims \[N, C, \.\.\.\], but got shape \[4\]"):
        F.feature_alpha_dropout(paddle.ones([4]))
    with pytest.raises(ValueError, match=r"^\[FeatureAlphaDropout\] argument 'p': expected a number in \[0, 1\], but g"
                                         r"ot "
                                         r"2"):
        nn.FeatureAlphaDropout(2)


# ---- distances and shuffles --------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("p", [2.0, 1.0, 3.5, math.inf, -math.inf, 0.0, -1.0])
def test_pairwise_distance(dtype, p):
    x, y = RNG.standard_normal([3, 4]), RNG.standard_normal([3, 4])
    d = np.abs(x - y + 1e-6)
    ref = {math.inf: d.max(-1), -math.inf: d.min(-1), 0.0: (d != 0).sum(-1).astype(float)}.get(
        p, (d ** p).sum(-1) ** (1 / p) if p else None)
    np.testing.assert_allclose(F.pairwise_distance(t(x, dtype), t(y, dtype), p=p).numpy(), ref, rtol=rtol(dtype) * 10)


def test_pairwise_distance_shapes_gradient_and_layer():
    x, y = RNG.standard_normal([3, 4]), RNG.standard_normal([1, 4])
    ref = np.sqrt(((x - y + 1e-6) ** 2).sum(-1))
    np.testing.assert_allclose(F.pairwise_distance(t(x), t(y)).numpy(), ref)
    keep = nn.PairwiseDistance(keepdim=True)(t(x), t(y))
    assert keep.shape == [3, 1]
    assert F.pairwise_distance(t(x[0]), t(y[0])).shape == []
    check_grads(lambda a, b: F.pairwise_distance(a, b, p=3.0), [x, RNG.standard_normal([3, 4])], RNG)
    assert repr(nn.PairwiseDistance()) == "PairwiseDistance(p=2.0)"
    assert repr(nn.PairwiseDistance(1.0, 1e-3, True, name="p")) == \
        "PairwiseDistance(p=1.0, epsilon=0.001, keepdim=True, name=p)"
    with pytest.raises(ValueError, match=r"^\[pairwise_distance\] the shapes of x \[3, 4\] and y \[3, 2\] do not "
                                         r"broadcast"):
        F.pairwise_distance(t(x), t(x[:, :2]))
    with pytest.raises(TypeError, match=r"^\[pairwise_distance\] argument 'y': expected a floating-point Tensor"):
        F.pairwise_distance(t(x), t(x.astype("int32")))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("groups, fmt", [(2, "NCHW"), (3, "NCHW"), (3, "NHWC"), (6, "NHWC")])
def test_channel_shuffle(dtype, groups, fmt):
    nchw = RNG.standard_normal([2, 6, 3, 4])
    n, c, h, w = nchw.shape
    ref = nchw.reshape(n, groups, c // groups, h, w).transpose(0, 2, 1, 3, 4).reshape(n, c, h, w)
    x = nchw
    if fmt == "NHWC":
        x, ref = nchw.transpose(0, 2, 3, 1), ref.transpose(0, 2, 3, 1)
    np.testing.assert_allclose(F.channel_shuffle(t(x, dtype), groups, fmt).numpy(), ref, rtol=rtol(dtype))
    np.testing.assert_allclose(nn.ChannelShuffle(groups, fmt)(t(x, dtype)).numpy(), ref, rtol=rtol(dtype))


def test_channel_shuffle_repr_gradient_and_errors():
    check_grads(lambda x: F.channel_shuffle(x, 2), [RNG.standard_normal([1, 4, 2, 2])], RNG)
    assert repr(nn.ChannelShuffle(2)) == "ChannelShuffle(groups=2)"
    assert repr(nn.ChannelShuffle(3, "NHWC", name="c")) == "ChannelShuffle(groups=3, data_format=NHWC, name=c)"
    with pytest.raises(ValueError, match=r"^\[channel_shuffle\] the 6 channels of x are not divisible by groups=4"):
        F.channel_shuffle(paddle.ones([1, 6, 2, 2]), 4)
    with pytest.raises(ValueError, match=r"^\[channel_shuffle\] argument 'x': expected a 4-D tensor, but got shape"):
        F.channel_shuffle(paddle.ones([6, 2, 2]), 2)
    with pytest.raises(ValueError, match=r"^\[channel_shuffle\] argument 'groups': expected an int >= 1, but got 0"):
        F.channel_shuffle(paddle.ones([1, 6, 2, 2]), 0)


def np_temporal_shift(x, seg_num, ratio):
    nt, c, h, w = x.shape
    v = x.reshape(nt // seg_num, seg_num, c, h, w)
    out = np.zeros_like(v)
    back, forward = int(c * ratio), int(c * 2 * ratio)
    for ti in range(seg_num):
        if ti > 0:
            out[:, ti, :back] = v[:, ti - 1, :back]
        if ti < seg_num - 1:
            out[:, ti, back:forward] = v[:, ti + 1, back:forward]
        out[:, ti, forward:] = v[:, ti, forward:]
    return out.reshape(x.shape)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("seg_num, ratio", [(2, 0.25), (3, 0.3), (1, 0.4), (6, 0.1)])
def test_temporal_shift(dtype, seg_num, ratio):
    x = RNG.standard_normal([6, 7, 2, 3])
    ref = np_temporal_shift(x, seg_num, ratio)
    np.testing.assert_allclose(F.temporal_shift(t(x, dtype), seg_num, ratio).numpy(), ref, rtol=rtol(dtype))
    nhwc = F.temporal_shift(t(x.transpose(0, 2, 3, 1), dtype), seg_num, ratio, data_format="NHWC")
    np.testing.assert_allclose(nhwc.numpy(), ref.transpose(0, 2, 3, 1), rtol=rtol(dtype))


def test_temporal_shift_values_paddle_prints_gradient_and_errors():
    x = paddle.arange(12, dtype="float32").reshape([3, 4, 1, 1])
    np.testing.assert_array_equal(F.temporal_shift(x, seg_num=3).numpy().reshape(3, 4),
                                  [[0, 5, 2, 3], [0, 9, 6, 7], [4, 0, 10, 11]])
    check_grads(lambda v: F.temporal_shift(v, 2, 0.3), [RNG.standard_normal([4, 4, 1, 2])], RNG)
    with pytest.raises(ValueError, match=r"^\[temporal_shift\] dim 0 of x \(3\) is not divisible by seg_num=2"):
        F.temporal_shift(x, 2)
    with pytest.raises(ValueError, match=r"^\[temporal_shift\] argument 'shift_ratio': expected a number in \(0, 0.5\)"
                                         r", "
                                         r"but got 0.5"):
        F.temporal_shift(x, 3, 0.5)
    with pytest.raises(ValueError, match=r"^\[temporal_shift\] argument 'data_format': expected one of 'NCHW', 'NHWC', "
                                         r"but got 'NCL'"):
        F.temporal_shift(x, 3, data_format="NCL")


# ---- sequences ---------------------------------------------------------------------------------


def test_sequence_mask():
    lengths = np.array([[1, 3], [4, 0]])
    for maxlen, dtype in ((None, "int64"), (6, "float32"), (2, "bool")):
        out = F.sequence_mask(t(lengths), maxlen, dtype)
        width = lengths.max() if maxlen is None else maxlen
        np.testing.assert_array_equal(out.numpy(), (np.arange(width) < lengths[..., None]).astype(dtype))
        assert out.dtype == getattr(paddle, dtype)
    with pytest.raises(ValueError, match=r"^\[sequence_mask\] argument 'maxlen': expected an int >= 0, but got -1"):
        F.sequence_mask(t(lengths), -1)


def np_gather_tree(ids, parents):
    steps, batch, beam = ids.shape
    out = np.zeros_like(ids)
    for b in range(batch):
        for k in range(beam):
            node = k
            for s in range(steps - 1, -1, -1):
                out[s, b, k] = ids[s, b, node]
                node = parents[s, b, node]
    return out


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_gather_tree(dtype):
    ids = RNG.integers(0, 9, [5, 3, 4]).astype(dtype)
    parents = RNG.integers(0, 4, [5, 3, 4]).astype(dtype)
    out = F.gather_tree(t(ids), t(parents))
    assert out.dtype == getattr(paddle, dtype)
    np.testing.assert_array_equal(out.numpy(), np_gather_tree(ids, parents))
    with pytest.raises(ValueError, match=r"^\[gather_tree\] argument 'parents': expected the shape of ids \[5, 3, 4\], "
                                         r"but got \[2, 3, 4\]"):
        F.gather_tree(t(ids), t(parents[:2]))
    with pytest.raises(ValueError, match=r"^\[gather_tree\] argument 'parents': expected beams in \[0, 4\), but got"):
        F.gather_tree(t(ids), t(parents + 4))
    with pytest.raises(TypeError, match=r"^\[gather_tree\] argument 'ids': expected an int32 or int64 Tensor"):
        F.gather_tree(t(ids, "float32"), t(parents))


# ---- normalization --------------------------------------------------------------------------------


def np_lrn(x, size, alpha, beta, k, axis):
    x = np.moveaxis(x, axis, 1)
    c = x.shape[1]
    out = np.empty_like(x)
    for ch in range(c):
        lo, hi = max(0, ch - size // 2), min(c, ch + (size - 1) // 2 + 1)
        out[:, ch] = x[:, ch] / (k + alpha / size * (x[:, lo:hi] ** 2).sum(1)) ** beta
    return np.moveaxis(out, 1, axis)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape, size, fmt", [([2, 5, 3, 3], 3, "NCHW"), ([2, 5, 3, 3], 4, "NCHW"),
                                              ([2, 6, 4], 2, "NCL"), ([2, 4, 6], 5, "NLC"),
                                              ([1, 2, 3, 4, 5], 3, "NDHWC"), ([2, 3, 4], 9, "NCL")])
def test_local_response_norm(dtype, shape, size, fmt):
    x = RNG.standard_normal(shape)
    axis = 1 if fmt[1] == "C" else len(shape) - 1
    out = F.local_response_norm(t(x, dtype), size, alpha=0.3, beta=0.6, k=1.5, data_format=fmt)
    np.testing.assert_allclose(out.numpy(), np_lrn(x, size, 0.3, 0.6, 1.5, axis), rtol=rtol(dtype) * 10)


def test_local_response_norm_layer_gradient_and_errors():
    x = RNG.standard_normal([1, 4, 2, 2])
    layer = nn.LocalResponseNorm(3, alpha=0.5)
    np.testing.assert_allclose(layer(t(x)).numpy(), np_lrn(x, 3, 0.5, 0.75, 1.0, 1))
    check_grads(layer, [x], RNG)
    assert repr(nn.LocalResponseNorm(5)) == "LocalResponseNorm(size=5, alpha=0.0001, beta=0.75, k=1.0)"
    assert repr(nn.LocalResponseNorm(3, 1e-3, 0.5, 2.0, "NHWC", name="l")) == \
        "LocalResponseNorm(size=3, alpha=0.001, beta=0.5, k=2.0, data_format=NHWC, name=l)"
    with pytest.raises(ValueError, match=r"^\[local_response_norm\] argument 'x': expected a tensor of at least 3 dims"
                                         r""):
        F.local_response_norm(paddle.ones([2, 3]), 2)
    with pytest.raises(ValueError, match=r"^\[local_response_norm\] argument 'size': expected an int >= 1, but got 0"):
        F.local_response_norm(paddle.ones([1, 3, 2]), 0)
    # A window far wider than the channels: the work does not grow with it.
    np.testing.assert_allclose(F.local_response_norm(t(x), 2**31 - 1, alpha=2.0**31).numpy(),
                               np_lrn(x, 2**31 - 1, 2.0**31, 0.75, 1.0, 1), rtol=1e-12)


def np_spectral_norm(w, u, v, dim, iters, eps=1e-12):
    mat = np.moveaxis(w, dim, 0).reshape(w.shape[dim], -1)
    for _ in range(iters):
        v = mat.T @ u
        v = v / (np.linalg.norm(v) + eps)
        u = mat @ v
        u = u / (np.linalg.norm(u) + eps)
    return w / (u @ mat @ v)


@pytest.mark.parametrize("dtype", DTYPES)
def test_spectral_norm(dtype):
    layer = nn.SpectralNorm([3, 4, 2], dim=1, power_iters=2, dtype=dtype)
    w = RNG.standard_normal([3, 4, 2]).astype(dtype)
    u, v = layer.weight_u.numpy().astype("float64"), layer.weight_v.numpy().astype("float64")
    out = layer(t(w))
    np.testing.assert_allclose(out.numpy(), np_spectral_norm(w.astype("float64"), u, v, 1, 2), rtol=rtol(dtype) * 10)
    # u and v are neither trained nor updated by a call.
    np.testing.assert_array_equal(layer.weight_u.numpy(), u.astype(dtype))
    assert [(name, p.shape, p.trainable) for name, p in layer.named_parameters()] == \
        [("weight_u", [4], False), ("weight_v", [6], False)]
    # Many iterations give the largest singular value.
    converged = nn.SpectralNorm([2, 3], power_iters=50)
    np.testing.assert_allclose(converged(t([[3.0, 0.0, 0.0], [0.0, 1.0, 0.0]], "float32")).numpy(),
                               [[1.0, 0.0, 0.0], [0.0, 1 / 3, 0.0]], rtol=1e-6)


def test_spectral_norm_gradient_repr_and_errors():
    layer = nn.SpectralNorm([3, 4], power_iters=3, dtype="float64")
    check_grads(layer, [RNG.standard_normal([3, 4])], RNG)
    assert repr(layer) == "SpectralNorm()"
    with pytest.raises(ValueError, match=r"^\[SpectralNorm\] argument 'x': expected the shape \[3, 4\] \(weight_shape"
                                         r"\), "
                                         r"but got \[4, 3\]"):
        layer(paddle.ones([4, 3], dtype="float64"))
    with pytest.raises(IndexError, match=r"^\[SpectralNorm\] dim 2 is out of range for a 2-D tensor"):
        nn.SpectralNorm([3, 4], dim=2)
    with pytest.raises(ValueError, match=r"^\[SpectralNorm\] argument 'power_iters': expected an int >= 0, but got -1"):
        nn.SpectralNorm([3, 4], power_iters=-1)


# ---- Unfold / Fold and resizing -----------------------------------------------------------


def np_unfold(x, k, stride, pad, dilation):
    n, c, h, w = x.shape
    xp = np.pad(x, [(0, 0), (0, 0), (pad, pad), (pad, pad)])
    out_h = (h + 2 * pad - dilation * (k - 1) - 1) // stride + 1
    out_w = (w + 2 * pad - dilation * (k - 1) - 1) // stride + 1
    cols = np.zeros([n, c, k, k, out_h, out_w])
    for i in range(k):
        for j in range(k):
            cols[:, :, i, j] = xp[:, :, i * dilation: i * dilation + stride * out_h: stride,
                                  j * dilation: j * dilation + stride * out_w: stride]
    return cols.reshape(n, c * k * k, out_h * out_w)


@pytest.mark.parametrize("dtype", DTYPES)
def test_unfold_and_fold_layers(dtype):
    x = RNG.standard_normal([2, 3, 5, 6])
    unfold = nn.Unfold(kernel_sizes=2, dilations=2, paddings=1, strides=2)
    cols = unfold(t(x, dtype))
    np.testing.assert_allclose(cols.numpy(), np_unfold(x, 2, 2, 1, 2), rtol=rtol(dtype))
    fold = nn.Fold(output_sizes=[5, 6], kernel_sizes=2, dilations=2, paddings=1, strides=2)
    # Fold is the adjoint of Unfold: <unfold(x), y> == <x, fold(y)>.
    y = RNG.standard_normal(cols.shape)
    np.testing.assert_allclose((cols.numpy() * y).sum(), (x * fold(t(y, dtype)).numpy()).sum(), rtol=rtol(dtype) * 10)
    assert repr(unfold) == "Unfold(kernel_size=2, dilation=2, padding=1, stride=2)"
    assert repr(nn.Unfold([2, 3], name="u")) == "Unfold(kernel_size=[2, 3], dilation=1, padding=0, stride=1, name=u)"
    assert repr(nn.Fold([4, 5], 2)) == "Fold(kernel_size=2, dilation=1, padding=0, stride=1)"


def np_nearest(x, out_h, out_w):
    h, w = x.shape[2:]
    rows = np.floor(np.arange(out_h) * h / out_h).astype(int)
    cols = np.floor(np.arange(out_w) * w / out_w).astype(int)
    return x[:, :, rows][:, :, :, cols]


def np_bilinear_aligned(x, out_h, out_w):
    h, w = x.shape[2:]
    ys = np.arange(out_h) * ((h - 1) / (out_h - 1) if out_h > 1 else 0)
    xs = np.arange(out_w) * ((w - 1) / (out_w - 1) if out_w > 1 else 0)
    y0, x0 = np.floor(ys).astype(int), np.floor(xs).astype(int)
    y1, x1 = np.minimum(y0 + 1, h - 1), np.minimum(x0 + 1, w - 1)
    dy, dx = (ys - y0)[:, None], (xs - x0)[None, :]
    top = x[:, :, y0][:, :, :, x0] * (1 - dx) + x[:, :, y0][:, :, :, x1] * dx
    bottom = x[:, :, y1][:, :, :, x0] * (1 - dx) + x[:, :, y1][:, :, :, x1] * dx
    return top * (1 - dy) + bottom * dy


@pytest.mark.parametrize("dtype", DTYPES)
def test_upsampling_layers(dtype):
    x = RNG.standard_normal([2, 3, 3, 4])
    np.testing.assert_allclose(nn.UpsamplingNearest2D(scale_factor=2)(t(x, dtype)).numpy(), np_nearest(x, 6, 8),
                               rtol=rtol(dtype))
    np.testing.assert_allclose(nn.UpsamplingNearest2D(size=[5, 7])(t(x, dtype)).numpy(), np_nearest(x, 5, 7),
                               rtol=rtol(dtype))
    np.testing.assert_allclose(nn.UpsamplingBilinear2D(size=5)(t(x, dtype)).numpy(), np_bilinear_aligned(x, 5, 5),
                               **close(dtype))
    nhwc = nn.UpsamplingBilinear2D(scale_factor=2, data_format="NHWC")(t(x.transpose(0, 2, 3, 1), dtype))
    np.testing.assert_allclose(nhwc.numpy().transpose(0, 3, 1, 2), np_bilinear_aligned(x, 6, 8), **close(dtype))
    check_grads(nn.UpsamplingBilinear2D(size=[3, 5]), [x[:1, :1]], RNG)


def test_upsampling_reprs_and_errors():
    assert repr(nn.UpsamplingNearest2D(scale_factor=2)) == "UpsamplingNearest2D(scale_factor=2, data_format=NCHW)"
    assert repr(nn.UpsamplingNearest2D(size=4)) == "UpsamplingNearest2D(size=[4, 4], data_format=NCHW)"
    assert repr(nn.UpsamplingNearest2D(size=(3, 4))) == "UpsamplingNearest2D(size=(3, 4), data_format=NCHW)"
    assert repr(nn.UpsamplingBilinear2D(scale_factor=2.0, name="b")) == \
        "UpsamplingBilinear2D(scale_factor=2.0, data_format=NCHW, name=b)"
    assert repr(nn.UpsamplingNearest2D()) == "UpsamplingNearest2D(size=None, data_format=NCHW)"
    with pytest.raises(ValueError, match=r"^\[UpsamplingNearest2D\] arguments 'size' and 'scale_factor': expected at "
                                         r"most one of them, but got 2 and 2"):
        nn.UpsamplingNearest2D(size=2, scale_factor=2)
    with pytest.raises(ValueError, match=r"^\[UpsamplingBilinear2D\] argument 'data_format': expected one of 'NCHW', "
                                         r"'NHWC', but got 'NCL'"):
        nn.UpsamplingBilinear2D(size=2, data_format="NCL")


# ---- containers -------------------------------------------------------------------------------


def test_parameter_dict():
    params = nn.ParameterDict({"w": paddle.create_parameter([2, 3], "float32")})
    params["b"] = paddle.create_parameter([3], "float32")
    params.update([("c", paddle.create_parameter([1], "float32"))])
    assert list(params) == ["w", "b", "c"] and len(params) == 3 and "b" in params and "z" not in params
    assert params["b"].shape == [3]
    copy = nn.ParameterDict(params)
    assert list(copy) == ["w", "b", "c"] and copy["w"] is params["w"]

    class Owner(nn.Layer):
        def __init__(self):
            super().__init__()
            self.table = params

    assert [name for name, _ in Owner().named_parameters()] == ["table.w", "table.b", "table.c"]
    assert repr(params) == "ParameterDict()"
    with pytest.raises(TypeError, match=r"^\[add_parameter\] argument 'parameter': expected a Parameter or None, but "
                                        r"got a float32 Tensor"):
        params["d"] = paddle.ones([2])
    with pytest.raises(TypeError, match=r"^\[ParameterDict.update\] argument 'parameters': expected a dict or \(name, "
                                        r"Parameter\) pairs, but got an element int"):
        nn.ParameterDict([1, 2])


# ---- beam search -------------------------------------------------------------------------------


class TanhCell(nn.Layer):
    """h' = tanh(x W_in + h W_h): outputs and states are h'."""

    def __init__(self, w_in, w_h):
        super().__init__()
        self.w_in, self.w_h = t(w_in), t(w_h)

    def forward(self, inputs, states):
        h = paddle.tanh(paddle.matmul(inputs, self.w_in) + paddle.matmul(states, self.w_h))
        return h, h


def np_beam_search(table, w_in, w_h, w_out, h0, beam, start, end, max_steps):
    """The reference: every beam extended by every token, the best `beam` (by total
    log-probability) kept per batch entry; finished beams only extend by `end` at no cost."""
    batch, vocab = h0.shape[0], w_out.shape[1]
    h = np.repeat(h0[:, None], beam, axis=1)
    log_probs = np.tile([0.0] + [-1e9] * (beam - 1), [batch, 1])
    finished = np.zeros([batch, beam], dtype=bool)
    lengths = np.zeros([batch, beam], dtype=np.int64)
    tokens = np.full([batch, beam], start)
    only_end = np.where(np.arange(vocab) == end, 0.0, -1e9)
    step_ids, step_parents = [], []
    for _ in range(max_steps + 1):
        h_new = np.tanh(table[tokens] @ w_in + h @ w_h)
        logits = h_new @ w_out
        step = logits - logits.max(-1, keepdims=True)
        step = step - np.log(np.exp(step).sum(-1, keepdims=True))
        step = np.where(finished[..., None], only_end, step)
        scores = (step + log_probs[..., None]).reshape(batch, -1)
        top = np.argsort(-scores, axis=1, kind="stable")[:, :beam]
        parents, tokens = top // vocab, top % vocab
        rows = np.arange(batch)[:, None]
        h = h_new[rows, parents]
        was_finished = finished[rows, parents]
        lengths = lengths[rows, parents] + ~was_finished
        finished = was_finished | (tokens == end)
        log_probs = scores[rows, top]
        step_ids.append(tokens)
        step_parents.append(parents)
        if finished.all():
            break
    ids = np_gather_tree(np.stack(step_ids), np.stack(step_parents))
    return ids.transpose(1, 0, 2), log_probs, lengths, finished


@pytest.mark.parametrize("beam, end, max_steps", [(3, 1, 6), (2, 0, 4), (4, 2, 9)])
def test_beam_search_matches_numpy(beam, end, max_steps):
    rng = np.random.default_rng(beam)
    vocab, emb, hidden, batch = 6, 3, 4, 2
    table = rng.standard_normal([vocab, emb])
    w_in, w_h, w_out = rng.standard_normal([emb, hidden]), rng.standard_normal([hidden, hidden]), \
        rng.standard_normal([hidden, vocab]) * 2
    h0 = rng.standard_normal([batch, hidden])

    def embed(ids):
        return paddle.gather(t(table), ids.reshape([-1])).reshape(list(ids.shape) + [emb])

    decoder = nn.BeamSearchDecoder(TanhCell(w_in, w_h), start_token=5, end_token=end, beam_size=beam,
                                   embedding_fn=embed, output_fn=lambda h: paddle.matmul(h, t(w_out)))
    ids, states, lengths = nn.dynamic_decode(decoder, inits=t(h0), max_step_num=max_steps, return_length=True)
    ref_ids, ref_log_probs, ref_lengths, ref_finished = np_beam_search(table, w_in, w_h, w_out, h0, beam, 5, end,
                                                                       max_steps)
    np.testing.assert_array_equal(ids.numpy(), ref_ids)
    np.testing.assert_allclose(states.log_probs.numpy(), ref_log_probs, rtol=1e-9)
    np.testing.assert_array_equal(states.lengths.numpy(), ref_lengths)
    np.testing.assert_array_equal(lengths.numpy(), ref_lengths)
    np.testing.assert_array_equal(states.finished.numpy(), ref_finished)
    time_major, _ = nn.dynamic_decode(decoder, inits=t(h0), max_step_num=max_steps, output_time_major=True)
    np.testing.assert_array_equal(time_major.numpy(), ref_ids.transpose(1, 0, 2))


def test_beam_search_values_paddle_prints():
    # Paddle 3.3.1 on the same GRU cell, embedding and output layer (weights from this rng).
    rng = np.random.default_rng(5)
    emb, cell, out = nn.Embedding(7, 4), nn.GRUCell(4, 5), nn.Linear(5, 7)
    for layer in (emb, cell, out):
        for _, p in layer.named_parameters():
            p.set_value(rng.standard_normal(p.shape).astype("float32") * 1.5)
    out.bias.set_value(out.bias.numpy() + np.eye(7, dtype="float32")[1] * 2)
    decoder = nn.BeamSearchDecoder(cell, 0, 1, 3, embedding_fn=emb, output_fn=out)
    h0 = paddle.to_tensor(np.random.default_rng(2).standard_normal([2, 5]).astype("float32"))
    ids, states, lengths = nn.dynamic_decode(decoder, inits=h0, max_step_num=10, return_length=True)
    np.testing.assert_array_equal(ids.numpy(), [[[6, 6, 6], [1, 6, 6], [1, 1, 2], [1, 1, 1]],
                                                [[6, 6, 0], [6, 6, 6], [1, 2, 6], [1, 1, 1]]])
    np.testing.assert_array_equal(lengths.numpy(), [[2, 3, 4], [3, 4, 4]])
    np.testing.assert_allclose(states.log_probs.numpy(), [[-1.6368229, -2.6503894, -3.0102758],
                                                          [-1.4578813, -2.5841203, -2.6902685]], rtol=1e-5)


def test_beam_search_pieces():
    decoder = nn.BeamSearchDecoder(TanhCell(np.eye(2), np.eye(2)), 0, 1, 3, embedding_fn=None,
                                   output_fn=lambda h: h)
    inputs, states, finished = decoder.initialize(paddle.zeros([2, 2]))
    np.testing.assert_array_equal(inputs.numpy(), np.zeros([2, 3]))
    np.testing.assert_array_equal(states.log_probs.numpy(), [[0.0, -1e9, -1e9]] * 2)
    assert states.cell_states.shape == [2, 3, 2] and not finished.numpy().any() and decoder.tracks_own_finished
    tiled = nn.BeamSearchDecoder.tile_beam_merge_with_batch(t([[0.0, 1.0], [2.0, 3.0]]), 2)
    np.testing.assert_array_equal(tiled.numpy(), [[0, 1], [0, 1], [2, 3], [2, 3]])
    assert nn.BeamSearchDecoder.OutputWrapper._fields == ("scores", "predicted_ids", "parent_ids")
    assert nn.BeamSearchDecoder.StateWrapper._fields == ("cell_states", "log_probs", "finished", "lengths")


class Counter(paddle.nn.decode.Decoder):
    """Counts up from 0; sequence i finishes when its count reaches limits[i]."""

    def __init__(self, limits):
        self.limits = t(limits)

    def initialize(self, inits):
        zeros = paddle.zeros([3])
        return zeros, zeros, paddle.to_tensor([False, False, True])

    def step(self, time, inputs, states, **kwargs):
        count = inputs + 1
        return {"count": count * 10}, states + 1, count, count >= self.limits


def test_dynamic_decode_with_a_decoder_that_does_not_track_finished():
    outputs, states, lengths = nn.dynamic_decode(Counter([2.0, 4.0, 1.0]), return_length=True)
    np.testing.assert_array_equal(outputs["count"].numpy(), [[10, 20, 30, 40]] * 3)
    # As Paddle 3.3.1: a length excludes the step that finished the sequence.
    np.testing.assert_array_equal(lengths.numpy(), [1, 3, 0])
    _, states = nn.dynamic_decode(Counter([2.0, 4.0, 1.0]), impute_finished=True)
    np.testing.assert_array_equal(states.numpy(), [1, 3, 0])
    limited, _ = nn.dynamic_decode(Counter([9.0, 9.0, 9.0]), max_step_num=1)
    assert limited["count"].shape == [3, 2]
    with pytest.raises(TypeError, match=r"^\[dynamic_decode\] argument 'decoder': expected a Decoder, but got int"):
        nn.dynamic_decode(3)
    with pytest.raises(ValueError, match=r"^\[BeamSearchDecoder\] argument 'beam_size': expected an int >= 1, but got "
                                         r"0"):
        nn.BeamSearchDecoder(TanhCell(np.eye(2), np.eye(2)), 0, 1, 0)
