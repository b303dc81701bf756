"""Samples for paddle.nn.functional's normalization, pooling and loss
functions; references are written out in NumPy from their definitions."""

from __future__ import annotations

import numpy as np

import paddle
import paddle.nn.functional as F
from paddle._C import _C_ops
from op_test import FLOATS, ErrorCase, OpSample

HALF_TOLERANCE = {"float16": (2e-2, 2e-2), "bfloat16": (3e-2, 6e-2)}


def _t(*shape, dtype="float32"):
    return paddle.to_tensor(np.ones(shape, dtype=dtype))


def _np_normalize(x, axes, eps):
    mean = x.mean(axis=axes, keepdims=True)
    var = x.var(axis=axes, keepdims=True)
    return (x - mean) / np.sqrt(var + eps)


def _np_group_norm(x, groups, w, b, eps=1e-5):
    n, c = x.shape[:2]
    g = _np_normalize(x.reshape(n, groups, -1), (2,), eps).reshape(x.shape)
    view = (1, c) + (1,) * (x.ndim - 2)
    return g * w.reshape(view) + b.reshape(view)


def _batch_norm_train(x, w, b):
    rm = paddle.zeros([x.shape[1]], dtype=x.dtype)
    rv = paddle.ones([x.shape[1]], dtype=x.dtype)
    return F.batch_norm(x, rm, rv, w, b, training=True)


def _np_pool(x, kernel, stride, pads, kind, ceil_mode=False, exclusive=True, adaptive_out=None):
    """Direct N-d pooling of an NC<spatial> array; pads = [before, after] per dim."""
    nd = x.ndim - 2
    spatial = x.shape[2:]
    if adaptive_out is not None:
        windows = [[(o * n // m, -(-(o + 1) * n // m)) for o in range(m)] for n, m in zip(spatial, adaptive_out)]
        counts_from = "inside"
    else:
        windows = []
        for d in range(nd):
            n, k, s_, b, a = spatial[d], kernel[d], stride[d], pads[2 * d], pads[2 * d + 1]
            span = n + b + a - k
            out = (-(-span // s_) if ceil_mode else span // s_) + 1
            if ceil_mode and (out - 1) * s_ >= n + b:
                out -= 1
            windows.append([(o * s_ - b, min(o * s_ - b + k, n + a)) for o in range(out)])
        counts_from = "inside" if exclusive else "padded"
    out = np.zeros(x.shape[:2] + tuple(len(w) for w in windows), dtype=np.float64)
    for oc in np.ndindex(*[len(w) for w in windows]):
        bounds = [windows[d][oc[d]] for d in range(nd)]
        inside = tuple(slice(max(s_, 0), min(e, spatial[d])) for d, (s_, e) in enumerate(bounds))
        block = x[(slice(None), slice(None)) + inside].reshape(x.shape[0], x.shape[1], -1)
        if kind == "max":
            out[(slice(None), slice(None)) + oc] = block.max(-1)
        else:
            count = block.shape[-1] if counts_from == "inside" else np.prod([e - s_ for s_, e in bounds])
            out[(slice(None), slice(None)) + oc] = block.sum(-1) / count
    return out.astype(x.dtype)


def _distinct(rng, dtype, shapes):
    values = rng.permutation(int(np.prod(shapes[0]))).reshape(shapes[0])  # small integers: exact in bfloat16 too
    return [values.astype("float32" if dtype == "bfloat16" else dtype)]


def _np_lstm_cell(gates, cell):
    i, f, c, o = np.split(gates, 4, axis=-1)
    sigmoid = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
    cell_out = sigmoid(f) * cell + sigmoid(i) * np.tanh(c)
    return np.concatenate([sigmoid(o) * np.tanh(cell_out), cell_out], axis=-1)


def _np_gru_cell(x, h, prev):
    sigmoid = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
    (x_r, x_z, x_c), (h_r, h_z, h_c) = np.split(x, 3, axis=-1), np.split(h, 3, axis=-1)
    r, z = sigmoid(x_r + h_r), sigmoid(x_z + h_z)
    c = np.tanh(x_c + r * h_c)
    return (prev - c) * z + c


SAMPLES = [
    OpSample("gru_cell", lambda x, h, prev: _C_ops.gru_cell(x, h, prev), _np_gru_cell,
             [[(3, 6), (3, 6), (3, 2)], [(1, 15), (1, 15), (1, 5)]], FLOATS, tolerance=HALF_TOLERANCE,
             covers=("gru_cell_grad",), errors=[
                 ErrorCase(lambda: _C_ops.gru_cell(_t(2, 6), _t(2, 3), _t(2, 2)), ValueError,
                           r"\[gru_cell\] x_proj and h_proj must be \[batch, 3 \* hidden\]")]),
    OpSample("lstm_cell", lambda g, c: paddle.concat(list(_C_ops.lstm_cell(g, c)), axis=-1), _np_lstm_cell,
             [[(3, 8), (3, 2)], [(1, 20), (1, 5)]], FLOATS, tolerance=HALF_TOLERANCE, covers=("lstm_cell_grad",),
             errors=[
                 ErrorCase(lambda: _C_ops.lstm_cell(_t(2, 7), _t(2, 2)), ValueError,
                           r"\[lstm_cell\] gates must be \[batch, 4 \* hidden\] for cell \[batch, hidden\], but got "
                           r"\[2, 7\] and \[2, 2\]"),
                 ErrorCase(lambda: _C_ops.lstm_cell(_t(2, 8), _t(2, 2, dtype="float64")), TypeError,
                           r"\[lstm_cell\] gates and cell must have one dtype")]),
    OpSample("layer_norm", lambda x, w, b: F.layer_norm(x, x.shape[-1:], w, b),
             lambda x, w, b: _np_normalize(x, (-1,), 1e-5) * w + b, [[(3, 5), (5,), (5,)], [(2, 3, 4), (4,), (4,)]],
             FLOATS, tolerance=HALF_TOLERANCE, covers=("layer_norm_grad",), errors=[
                 ErrorCase(lambda: F.layer_norm(_t(2, 3), [4]), ValueError, r"\[layer_norm\] normalized_shape"),
                 ErrorCase(lambda: F.layer_norm(_t(2, 3), 3, weight=_t(4)), ValueError,
                           r"\[layer_norm\] argument 'weight'"),
                 ErrorCase(lambda: F.layer_norm(_t(2, 3, dtype="int32"), 3), TypeError,
                           r"\[layer_norm\] x must be a floating-point tensor, but got int32")]),
    OpSample("layer_norm_2d", lambda x: F.layer_norm(x, x.shape[-2:]), lambda x: _np_normalize(x, (-2, -1), 1e-5),
             [[(2, 3, 4)]], ("float32", "float64")),
    OpSample("rms_norm", lambda x, w: F.rms_norm(x, x.shape[-1], w),
             lambda x, w: x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + 1e-5) * w,  # Paddle 3.3's default eps
             [[(3, 4), (4,)], [(2, 3, 5), (5,)], [(1, 1), (1,)]], FLOATS, tolerance=HALF_TOLERANCE,
             covers=("rms_norm_grad",), errors=[
                 ErrorCase(lambda: F.rms_norm(_t(2, 3), [4]), ValueError, r"\[rms_norm\] normalized_shape"),
                 ErrorCase(lambda: F.rms_norm(_t(2, 3), 3, weight=_t(4)), ValueError,
                           r"\[rms_norm\] argument 'weight'"),
                 ErrorCase(lambda: F.rms_norm(_t(2, 3), 3, eps="a"), TypeError, r"\[rms_norm\] argument 'eps'"),
                 ErrorCase(lambda: F.rms_norm(_t(2, 3, dtype="int32"), 3), TypeError,
                           r"\[rms_norm\] x must be a floating-point tensor, but got int32")]),
    OpSample("rms_norm_2d", lambda x: F.rms_norm(x, x.shape[-2:], eps=2.0**-10),  # eps exact in float32
             lambda x: x / np.sqrt(np.mean(x * x, axis=(-2, -1), keepdims=True) + 2.0**-10), [[(2, 3, 4)]],
             ("float32", "float64")),
    OpSample("batch_norm_train", _batch_norm_train,
             lambda x, w, b: _np_normalize(x, (0, 2, 3), 1e-5) * w.reshape(1, -1, 1, 1) + b.reshape(1, -1, 1, 1),
             [[(4, 3, 2, 2), (3,), (3,)]], ("float32", "float64"), errors=[
                 ErrorCase(lambda: F.batch_norm(_t(2, 3), _t(2), _t(3)), ValueError,
                           r"\[batch_norm\] argument 'running_mean'"),
                 ErrorCase(lambda: F.batch_norm(_t(2, 3), _t(3), _t(3), data_format="XY"), ValueError,
                           r"\[batch_norm\] argument 'data_format'")], covers=("batch_norm_grad",)),
    OpSample("batch_norm_eval", lambda x, m, v: F.batch_norm(x, m, v, epsilon=1e-3),
             lambda x, m, v: (x - m) / np.sqrt(v + 1e-3), [[(4, 3), (3,), (3,)]], ("float32", "float64"),
             low=0.5, high=2),
    OpSample("group_norm", lambda x, w, b: F.group_norm(x, 2, weight=w, bias=b),
             lambda x, w, b: _np_group_norm(x, 2, w, b), [[(2, 4, 3, 2), (4,), (4,)]], ("float32", "float64"),
             errors=[ErrorCase(lambda: F.group_norm(_t(2, 3, 2), 2), ValueError, r"\[group_norm\] the channels")]),
    OpSample("instance_norm", F.instance_norm, lambda x: _np_normalize(x, (2, 3), 1e-5), [[(2, 3, 4, 2)]],
             ("float32", "float64")),
    OpSample("normalize", lambda x: F.normalize(x, axis=-1),
             lambda x: x / np.maximum(np.linalg.norm(x, axis=-1, keepdims=True), 1e-12), [[(3, 4)]],
             ("float32", "float64")),
]

SAMPLES += [
    OpSample("max_pool2d", lambda x: F.max_pool2d(x, 2), lambda x: _np_pool(x, [2, 2], [2, 2], [0] * 4, "max"),
             [[(2, 3, 4, 4)], [(1, 2, 5, 3)]], FLOATS, make_inputs=_distinct, tolerance=HALF_TOLERANCE, errors=[
                 ErrorCase(lambda: F.max_pool2d(_t(1, 1, 2, 2), 3), ValueError, r"\[max_pool\] the window \(3\)"),
                 ErrorCase(lambda: F.max_pool2d(_t(1, 2, 2), 1), ValueError, r"\[max_pool2d\] x must be 4-D"),
                 ErrorCase(lambda: F.max_pool2d(_t(1, 1, 4, 4), 2, padding=2), ValueError,
                           r"\[max_pool\] paddings must be >= 0 and smaller than the kernel"),
                 ErrorCase(lambda: F.max_pool2d(_t(1, 1, 4, 4), [2, 2, 2]), ValueError,
                           r"\[max_pool2d\] argument 'kernel_size'")], covers=("max_pool", "max_pool_grad")),
    OpSample("max_pool2d_padded", lambda x: F.max_pool2d(x, 3, stride=2, padding=1, ceil_mode=True),
             lambda x: _np_pool(x, [3, 3], [2, 2], [1] * 4, "max", ceil_mode=True), [[(1, 2, 5, 6)]],
             ("float32", "float64"), make_inputs=_distinct),
    OpSample("max_pool1d", lambda x: F.max_pool1d(x, 3, 2, padding=1),
             lambda x: _np_pool(x, [3], [2], [1, 1], "max"), [[(2, 3, 7)]], ("float32", "float64"),
             make_inputs=_distinct),
    OpSample("max_pool3d", lambda x: F.max_pool3d(x, 2, 1), lambda x: _np_pool(x, [2] * 3, [1] * 3, [0] * 6, "max"),
             [[(1, 2, 3, 3, 2)]], ("float32", "float64"), make_inputs=_distinct),
    OpSample("avg_pool2d", lambda x: F.avg_pool2d(x, 3, stride=2, padding=1),
             lambda x: _np_pool(x, [3, 3], [2, 2], [1] * 4, "avg"), [[(2, 3, 5, 5)], [(1, 1, 4, 6)]], FLOATS,
             tolerance=HALF_TOLERANCE, covers=("avg_pool", "avg_pool_grad")),
    OpSample("avg_pool2d_inclusive", lambda x: F.avg_pool2d(x, [2, 3], stride=[1, 2], padding=[1, 1],
                                                            exclusive=False, ceil_mode=True),
             lambda x: _np_pool(x, [2, 3], [1, 2], [1, 1, 1, 1], "avg", ceil_mode=True, exclusive=False),
             [[(1, 2, 4, 5)]], ("float32", "float64")),
    OpSample("avg_pool2d_nhwc", lambda x: F.avg_pool2d(x, 2, data_format="NHWC"),
             lambda x: np.moveaxis(_np_pool(np.moveaxis(x, -1, 1), [2, 2], [2, 2], [0] * 4, "avg"), 1, -1),
             [[(2, 4, 4, 3)]], ("float32", "float64")),
    OpSample("avg_pool1d", lambda x: F.avg_pool1d(x, 2), lambda x: _np_pool(x, [2], [2], [0, 0], "avg"),
             [[(2, 3, 6)]], ("float32", "float64")),
    OpSample("avg_pool3d", lambda x: F.avg_pool3d(x, 2, padding=1),
             lambda x: _np_pool(x, [2] * 3, [2] * 3, [1] * 6, "avg"), [[(1, 2, 3, 2, 3)]], ("float32", "float64")),
    OpSample("adaptive_avg_pool2d", lambda x: F.adaptive_avg_pool2d(x, [3, 2]),
             lambda x: _np_pool(x, None, None, None, "avg", adaptive_out=[3, 2]), [[(2, 3, 5, 7)], [(1, 1, 3, 2)]],
             FLOATS, tolerance=HALF_TOLERANCE),
    OpSample("adaptive_avg_pool1d", lambda x: F.adaptive_avg_pool1d(x, 4),
             lambda x: _np_pool(x, None, None, None, "avg", adaptive_out=[4]), [[(2, 3, 9)]], ("float32", "float64")),
    OpSample("adaptive_max_pool2d", lambda x: F.adaptive_max_pool2d(x, 2),
             lambda x: _np_pool(x, None, None, None, "max", adaptive_out=[2, 2]), [[(2, 2, 5, 4)]],
             ("float32", "float64"), make_inputs=_distinct),
]

GRAD_SAMPLES = {"gru_cell", "lstm_cell", "max_pool2d", "max_pool2d_padded", "max_pool1d", "max_pool3d", "adaptive_max_pool2d"}
GRAD2_SAMPLES = {"avg_pool2d", "avg_pool2d_inclusive", "avg_pool2d_nhwc", "avg_pool1d", "avg_pool3d",
                 "adaptive_avg_pool2d", "adaptive_avg_pool1d", "layer_norm", "layer_norm_2d", "rms_norm", "batch_norm_train", "batch_norm_eval", "group_norm",
                 "instance_norm", "normalize"}


def _np_log_softmax(x, axis):
    m = x.max(axis=axis, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis=axis, keepdims=True))


def _np_ce(logits, labels, weight=None, ignore_index=-100, smoothing=0.0):
    """Mean cross entropy over [N, C] logits with hard labels [N]."""
    logp = _np_log_softmax(logits.astype(np.float64), -1)
    n, c = logits.shape
    total, norm = 0.0, 0.0
    for i in range(n):
        if labels[i] == ignore_index:
            continue
        target = np.full(c, smoothing / c)
        target[labels[i]] += 1.0 - smoothing
        w = 1.0 if weight is None else (weight[labels[i]] if smoothing == 0 else float(target @ weight))
        total += -w * float(target @ logp[i]) if smoothing else -w * logp[i, labels[i]]
        norm += w
    return np.array(total / norm)


def _ce_inputs(ignore=False, axis=-1):
    def make(rng, dtype, shapes):
        dtype = "float32" if dtype == "bfloat16" else dtype  # NumPy has no bfloat16; the harness casts
        logits = rng.normal(size=shapes[0]).astype(dtype)
        labels = rng.integers(0, shapes[0][axis], size=shapes[1]).astype(np.int64)
        if ignore:
            labels[::3] = -100
        return [logits, labels] + [rng.uniform(0.5, 2, size=s).astype(dtype) for s in shapes[2:]]
    return make


_probs = lambda rng, dtype, shapes: [rng.uniform(0.05, 0.95, size=s).astype(dtype) for s in shapes]  # noqa: E731

SAMPLES += [
    OpSample("cross_entropy", F.cross_entropy, lambda x, y: _np_ce(x, y), [[(5, 4), (5,)]], FLOATS,
             make_inputs=_ce_inputs(), tolerance=HALF_TOLERANCE,
             covers=("softmax_cross_entropy", "softmax_cross_entropy_grad"), errors=[
                 ErrorCase(lambda: F.cross_entropy(_t(2, 3), paddle.to_tensor([0, 1]), ignore_index=1.5), TypeError,
                           r"\[cross_entropy\] argument 'ignore_index'"),
                 ErrorCase(lambda: F.cross_entropy(_t(2, 3), paddle.to_tensor([0, 3])), IndexError,
                           r"\[softmax_cross_entropy\] label holds 3, out of range for a dim of size 3 "
                           r"\(valid: 0 to 2, or the ignored -100\)"),
                 ErrorCase(lambda: F.nll_loss(_t(2, 3), paddle.to_tensor([0, -2])), IndexError,
                           r"\[check_labels\] label holds -2, out of range for a dim of size 3"),
                 ErrorCase(lambda: F.cross_entropy(_t(2, 3), paddle.to_tensor([0, 1, 2])), ValueError,
                           r"\[cross_entropy\] label.shape"),
                 ErrorCase(lambda: F.cross_entropy(_t(2, 3), _t(2)), TypeError, r"\[cross_entropy\] argument 'label'"),
                 ErrorCase(lambda: F.cross_entropy(_t(2, 3), paddle.to_tensor([0, 1]), reduction="avg"), ValueError,
                           r"\[cross_entropy\] argument 'reduction'")]),
    OpSample("cross_entropy_axis1", lambda x, y: F.cross_entropy(x, y, axis=1, reduction="none", ignore_index=2),
             lambda x, y: np.where(y == 2, 0.0, -np.take_along_axis(_np_log_softmax(x, 1), np.where(y == 2, 0, y), 1)),
             [[(2, 4, 3), (2, 1, 3)]], ("float32", "float64"), make_inputs=_ce_inputs(axis=1)),
    OpSample("cross_entropy_weighted_ignore", lambda x, y, w: F.cross_entropy(x, y, weight=w),
             lambda x, y, w: _np_ce(x, y, w), [[(6, 3), (6,), (3,)]], ("float32", "float64"),
             make_inputs=_ce_inputs(ignore=True)),
    OpSample("cross_entropy_smoothing", lambda x, y, w: F.cross_entropy(x, y, weight=w, label_smoothing=0.2),
             lambda x, y, w: _np_ce(x, y, w, smoothing=0.2), [[(4, 3), (4,), (3,)]], ("float32", "float64"),
             make_inputs=_ce_inputs()),
    OpSample("cross_entropy_soft", lambda x, y: F.cross_entropy(x, y, soft_label=True, reduction="none"),
             lambda x, y: -np.sum(y * _np_log_softmax(x, -1), axis=-1, keepdims=True), [[(4, 3), (4, 3)]],
             ("float32", "float64"), make_inputs=lambda rng, dtype, shapes: [
                 rng.normal(size=shapes[0]).astype(dtype),
                 (lambda p: (p / p.sum(-1, keepdims=True)).astype(dtype))(rng.uniform(0.1, 1, size=shapes[1]))]),
    OpSample("cross_entropy_axis1", lambda x, y: F.cross_entropy(x, y, axis=1, reduction="sum"),
             lambda x, y: -np.sum(np.take_along_axis(_np_log_softmax(x, 1), y[:, None], 1)),
             [[(2, 3, 4), (2, 4)]], ("float32", "float64"), make_inputs=lambda rng, dtype, shapes: [
                 rng.normal(size=shapes[0]).astype(dtype), rng.integers(0, 3, size=shapes[1]).astype(np.int64)]),
    OpSample("nll_loss", F.nll_loss, lambda x, y: -np.mean(x[np.arange(len(y)), y]), [[(5, 4), (5,)]],
             ("float32", "float64"), make_inputs=_ce_inputs(), covers=("check_labels",)),
    OpSample("mse_loss", F.mse_loss, lambda x, y: np.mean((x - y) ** 2), [[(3, 4), (3, 4)]], ("float32", "float64")),
    OpSample("l1_loss", lambda x, y: F.l1_loss(x, y, reduction="sum"), lambda x, y: np.sum(np.abs(x - y)),
             [[(3, 4), (3, 4)]], ("float32", "float64")),
    OpSample("smooth_l1_loss", lambda x, y: F.smooth_l1_loss(x, y, reduction="none", delta=0.5),
             lambda x, y: np.where(np.abs(x - y) < 0.5, 0.5 * (x - y) ** 2, 0.5 * (np.abs(x - y) - 0.25)),
             [[(3, 4), (3, 4)]], ("float32", "float64"), covers=("huber_loss",)),
    OpSample("binary_cross_entropy", F.binary_cross_entropy,
             lambda p, y: np.mean(-(y * np.log(p) + (1 - y) * np.log(1 - p))), [[(3, 4), (3, 4)]],
             ("float32", "float64"), make_inputs=_probs, covers=("bce_loss",)),
    OpSample("bce_with_logits", lambda x, y, w: F.binary_cross_entropy_with_logits(x, y, pos_weight=w),
             lambda x, y, w: np.mean(-(w * y * np.log(1 / (1 + np.exp(-x))) + (1 - y) * np.log(1 - 1 / (1 + np.exp(-x))))),
             [[(3, 4), (3, 4), (4,)]], ("float32", "float64"), make_inputs=lambda rng, dtype, shapes: [
                 rng.normal(size=shapes[0]).astype(dtype), rng.uniform(0, 1, size=shapes[1]).astype(dtype),
                 rng.uniform(0.5, 2, size=shapes[2]).astype(dtype)], covers=("sigmoid_cross_entropy_with_logits",)),
    OpSample("kl_div", lambda x, y: F.kl_div(x, y, reduction="batchmean"),
             lambda x, y: np.sum(y * (np.log(y) - x)) / x.shape[0], [[(3, 4), (3, 4)]], ("float32", "float64"),
             make_inputs=_probs, covers=("kldiv_loss",)),
    OpSample("margin_ranking_loss", lambda a, b, y: F.margin_ranking_loss(a, b, y, margin=0.1),
             lambda a, b, y: np.mean(np.maximum(0, -y * (a - b) + 0.1)), [[(6,), (6,), (6,)]], ("float32", "float64"),
             make_inputs=lambda rng, dtype, shapes: [rng.normal(size=6).astype(dtype), rng.normal(size=6).astype(dtype),
                                                     rng.choice([-1.0, 1.0], 6).astype(dtype)]),
    OpSample("cosine_similarity", lambda a, b: F.cosine_similarity(a, b, axis=-1),
             lambda a, b: np.sum(a * b, -1) / (np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1)),
             [[(3, 4), (3, 4)]], ("float32", "float64")),
]

GRAD2_SAMPLES |= {"cross_entropy", "cross_entropy_weighted_ignore", "cross_entropy_smoothing", "cross_entropy_soft",
                  "cross_entropy_axis1", "nll_loss", "mse_loss", "binary_cross_entropy", "bce_with_logits", "kl_div",
                  "cosine_similarity"}
GRAD_SAMPLES |= {"l1_loss", "smooth_l1_loss", "margin_ranking_loss"}


def _np_conv_nd(x, w, stride, pads, dilation=None, groups=1):
    """Direct N-d cross-correlation; pads = [before, after] per spatial dim."""
    nd = x.ndim - 2
    dilation = dilation or [1] * nd
    xp = np.pad(x, [(0, 0), (0, 0)] + [(pads[2 * i], pads[2 * i + 1]) for i in range(nd)])
    oc, cg = w.shape[:2]
    ks = w.shape[2:]
    outs = [(xp.shape[2 + i] - dilation[i] * (ks[i] - 1) - 1) // stride[i] + 1 for i in range(nd)]
    out = np.zeros((x.shape[0], oc) + tuple(outs), dtype=np.float64)
    per = oc // groups
    for o in range(oc):
        g = o // per
        for pos in np.ndindex(*outs):
            sl = tuple(slice(pos[i] * stride[i], pos[i] * stride[i] + dilation[i] * (ks[i] - 1) + 1, dilation[i])
                       for i in range(nd))
            patch = xp[(slice(None), slice(g * cg, (g + 1) * cg)) + sl]
            out[(slice(None), o) + pos] = np.sum(patch * w[o], axis=tuple(range(1, nd + 2)))
    return out.astype(x.dtype)


def _np_conv_transpose2d(x, w, stride, pad, output_padding=(0, 0), groups=1):
    """The adjoint of conv2d, by scattering each input pixel's kernel."""
    n, c, h, wd = x.shape
    cg, ocg, kh, kw = w.shape[0] // groups, w.shape[1], w.shape[2], w.shape[3]
    full_h = (h - 1) * stride[0] + kh + output_padding[0]
    full_w = (wd - 1) * stride[1] + kw + output_padding[1]
    out = np.zeros((n, ocg * groups, full_h, full_w))
    for g in range(groups):
        for ci in range(g * cg, (g + 1) * cg):
            for i in range(h):
                for j in range(wd):
                    out[:, g * ocg:(g + 1) * ocg, i * stride[0]:i * stride[0] + kh, j * stride[1]:j * stride[1] + kw] += \
                        x[:, ci, i, j][:, None, None, None] * w[ci][None]
    return out[:, :, pad[0]:full_h - pad[0], pad[1]:full_w - pad[1]].astype(x.dtype)


def _np_pad(x, widths, mode, value=0.0):
    np_mode = {"constant": "constant", "reflect": "reflect", "replicate": "edge", "circular": "wrap"}[mode]
    kwargs = {"constant_values": value} if mode == "constant" else {}
    return np.pad(x, widths, mode=np_mode, **kwargs)


def _np_resize_linear(x, out_size, align_corners, axis=-1, align_mode=0):
    """1-D linear resize along axis (align_mode 0: centers map onto centers; 1: origins onto origins)."""
    n = x.shape[axis]
    dst = np.arange(out_size, dtype=np.float64)
    if align_corners:
        src = dst * (n - 1) / (out_size - 1)
    else:
        src = np.maximum((dst + 0.5) * n / out_size - 0.5, 0) if align_mode == 0 else dst * n / out_size
    lo = np.clip(np.floor(src).astype(int), 0, n - 1)
    hi = np.clip(lo + 1, 0, n - 1)
    frac = src - np.floor(src)
    a, b = np.take(x, lo, axis=axis), np.take(x, hi, axis=axis)
    shape = [1] * x.ndim
    shape[axis] = out_size
    return (a + (b - a) * frac.reshape(shape)).astype(x.dtype)


def _np_resize_cubic(x, out_size, axis):
    """1-D cubic-convolution resize (Keys, a = -0.75) along axis, half-pixel centers, edges clamped."""
    n, a = x.shape[axis], -0.75
    src = (np.arange(out_size) + 0.5) * n / out_size - 0.5
    base = np.floor(src)
    out = 0.0
    for tap in (-1, 0, 1, 2):
        d = np.abs(src - (base + tap))
        w = np.where(d <= 1, (a + 2) * d**3 - (a + 3) * d**2 + 1, a * d**3 - 5 * a * d**2 + 8 * a * d - 4 * a)
        shape = [1] * x.ndim
        shape[axis] = out_size
        out = out + np.take(x, np.clip(base + tap, 0, n - 1).astype(int), axis=axis) * w.reshape(shape)
    return out.astype(x.dtype)


def _np_attention(q, k, v, causal=False):
    qh, kh, vh = (np.swapaxes(t, 1, 2) for t in (q, k, v))
    scores = qh @ np.swapaxes(kh, -1, -2) / np.sqrt(q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape[-2:], dtype=bool)), scores, -np.inf)
    e = np.exp(scores - scores.max(-1, keepdims=True))
    return np.swapaxes((e / e.sum(-1, keepdims=True)) @ vh, 1, 2)


SAMPLES += [
    OpSample("conv1d", lambda x, w: F.conv1d(x, w, stride=2, padding=1),
             lambda x, w: _np_conv_nd(x, w, [2], [1, 1]), [[(2, 3, 7), (4, 3, 3)]], ("float32", "float64"),
             low=-1, high=1),
    OpSample("conv3d", lambda x, w: F.conv3d(x, w, padding=1, stride=[2, 1, 1]),
             lambda x, w: _np_conv_nd(x, w, [2, 1, 1], [1] * 6), [[(1, 2, 4, 3, 3), (2, 2, 2, 2, 2)]],
             ("float32", "float64"), low=-1, high=1),
    OpSample("conv2d_transpose", lambda x, w: F.conv2d_transpose(x, w, stride=2, padding=1, output_padding=1),
             lambda x, w: _np_conv_transpose2d(x, w, (2, 2), (1, 1), (1, 1)), [[(1, 2, 3, 3), (2, 3, 3, 3)]],
             ("float32", "float64"), low=-1, high=1),
    OpSample("conv2d_transpose_groups", lambda x, w: F.conv2d_transpose(x, w, groups=2),
             lambda x, w: _np_conv_transpose2d(x, w, (1, 1), (0, 0), groups=2), [[(1, 4, 2, 3), (4, 1, 2, 2)]],
             ("float32", "float64"), low=-1, high=1),
    OpSample("pad_constant", lambda x: F.pad(x, [1, 2, 0, 1], value=1.5),
             lambda x: _np_pad(x, [(0, 0), (0, 0), (0, 1), (1, 2)], "constant", 1.5), [[(1, 2, 3, 4)]], FLOATS),
    OpSample("pad_reflect", lambda x: F.pad(x, [2, 1], mode="reflect"),
             lambda x: _np_pad(x, [(0, 0), (0, 0), (2, 1)], "reflect"), [[(2, 3, 4)]], ("float32", "float64")),
    OpSample("pad_replicate", lambda x: F.pad(x, [1, 2, 3, 0], mode="replicate"),
             lambda x: _np_pad(x, [(0, 0), (0, 0), (3, 0), (1, 2)], "replicate"), [[(1, 2, 3, 2)]],
             ("float32", "float64")),
    OpSample("pad_circular", lambda x: F.pad(x, [2, 1, 1, 1], mode="circular"),
             lambda x: _np_pad(x, [(0, 0), (0, 0), (1, 1), (2, 1)], "circular"), [[(1, 1, 3, 4)]],
             ("float32", "float64"), errors=[
                 ErrorCase(lambda: F.pad(_t(1, 1, 2), [3, 0], mode="reflect"), ValueError, r"\[pad\] reflect"),
                 ErrorCase(lambda: F.pad(_t(1, 1, 2), [1, 0], mode="edge"), ValueError, r"\[pad\] argument 'mode'")]),
    OpSample("pad_all_dims", lambda x: F.pad(x, [1, 0, 0, 2]), lambda x: np.pad(x, [(1, 0), (0, 2)]), [[(2, 3)]],
             ("float32", "int64")),
    OpSample("interpolate_nearest", lambda x: F.interpolate(x, scale_factor=2),
             lambda x: x.repeat(2, axis=2).repeat(2, axis=3), [[(1, 2, 2, 3)]], FLOATS, covers=("nearest_interp",),
             errors=[ErrorCase(lambda: F.interpolate(_t(1, 1, 2, 2), size=3, align_corners=True), ValueError,
                               r"\[interpolate\] align_corners is only for the linear modes"),
                     ErrorCase(lambda: F.interpolate(_t(1, 1, 2, 2), size=3, data_format="NCW"), ValueError,
                               r"\[nearest_interp\] data_format must be NCHW or NHWC for a 4-D x, but got NCW")]),
    OpSample("interpolate_bilinear", lambda x: F.interpolate(x, size=[5, 4], mode="bilinear"),
             lambda x: _np_resize_linear(_np_resize_linear(x, 5, False, 2), 4, False, 3), [[(1, 2, 3, 3)]],
             ("float32", "float64"), covers=("bilinear_interp",)),
    OpSample("interpolate_linear_origins", lambda x: F.interpolate(x, size=[7], mode="linear", align_mode=1),
             lambda x: _np_resize_linear(x, 7, False, 2, align_mode=1), [[(2, 3, 4)]], ("float32", "float64"),
             covers=("linear_interp",)),
    OpSample("interpolate_trilinear_nhwc", lambda x: F.interpolate(x, size=[3, 2, 5], mode="trilinear",
                                                                   data_format="NDHWC"),
             lambda x: _np_resize_linear(_np_resize_linear(_np_resize_linear(x, 3, False, 1), 2, False, 2), 5, False,
                                         3), [[(1, 2, 3, 4, 2)]], ("float32", "float64"), covers=("trilinear_interp",)),
    OpSample("interpolate_bicubic", lambda x: F.interpolate(x, size=[5, 3], mode="bicubic"),
             lambda x: _np_resize_cubic(_np_resize_cubic(x, 5, 2), 3, 3), [[(1, 2, 3, 4)]], ("float32", "float64"),
             covers=("bicubic_interp",)),
    OpSample("interpolate_bilinear_corners", lambda x: F.interpolate(x, size=[2, 5], mode="bilinear",
                                                                    align_corners=True),
             lambda x: _np_resize_linear(_np_resize_linear(x, 2, True, 2), 5, True, 3), [[(2, 1, 3, 2)]],
             ("float32", "float64")),
    OpSample("interpolate_bicubic_identity", lambda x: F.interpolate(x, size=[3, 4], mode="bicubic"), lambda x: x,
             [[(1, 1, 3, 4)]], ("float32", "float64")),
    OpSample("pixel_shuffle", lambda x: F.pixel_shuffle(x, 2),
             lambda x: x.reshape(1, 2, 2, 2, 2, 3).transpose(0, 1, 4, 2, 5, 3).reshape(1, 2, 4, 6), [[(1, 8, 2, 3)]],
             ("float32", "float64")),
    OpSample("sdpa", F.scaled_dot_product_attention, _np_attention, [[(2, 5, 2, 4), (2, 6, 2, 4), (2, 6, 2, 3)]],
             ("float32", "float64"), covers=("flash_attention", "flash_attention_grad")),
    OpSample("sdpa_causal", lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True),
             lambda q, k, v: _np_attention(q, k, v, causal=True), [[(1, 4, 2, 3), (1, 4, 2, 3), (1, 4, 2, 3)]],
             ("float32", "float64")),
    OpSample("glu", F.glu, lambda x: x[..., :2] / (1 + np.exp(-x[..., 2:])), [[(3, 4)]], ("float32", "float64")),
    OpSample("prelu", lambda x, w: F.prelu(x, w), lambda x, w: np.where(x > 0, x, x * w.reshape(1, -1, 1)),
             [[(2, 3, 4), (3,)]], ("float32", "float64")),
]

GRAD2_SAMPLES |= {"conv1d", "conv3d", "conv2d_transpose", "conv2d_transpose_groups", "pad_constant", "pad_reflect",
                  "pad_replicate", "pad_circular", "interpolate_nearest", "interpolate_bilinear",
                  "interpolate_bilinear_corners", "interpolate_bicubic_identity", "interpolate_linear_origins",
                  "interpolate_trilinear_nhwc", "interpolate_bicubic", "pixel_shuffle", "sdpa",
                  "sdpa_causal", "glu"}
GRAD_SAMPLES |= {"prelu"}


def _np_source(coord, size, padding, align_corners):
    """A normalized coordinate to a pixel position, per the padding mode."""
    c = (coord + 1) / 2 * (size - 1) if align_corners else ((coord + 1) * size - 1) / 2
    if padding == "border":
        c = min(max(c, 0.0), size - 1.0)
    elif padding == "reflection":
        low, high = (0.0, size - 1.0) if align_corners else (-0.5, size - 0.5)
        period = 2 * (high - low)
        c = (c - low) % period if period > 0 else 0.0
        c = low + (c if c <= high - low else period - c)
        c = min(max(c, 0.0), size - 1.0)
    return c


def _np_grid_sample(x, grid, mode="bilinear", padding="zeros", align_corners=True):
    """Sampling point by point: each output is a weighted sum of the 2^d
    pixels around its source position (the nearest one for 'nearest')."""
    n, c = x.shape[:2]
    spatial, dims = x.shape[2:], x.ndim - 2
    out = np.zeros((n, c) + grid.shape[1:-1], dtype=np.float64)
    for b in range(n):
        for point in np.ndindex(*grid.shape[1:-1]):
            pos = [_np_source(float(grid[(b,) + point + (dims - 1 - a,)]), spatial[a], padding, align_corners)
                   for a in range(dims)]
            if mode == "nearest":
                corners = [(tuple(int(np.rint(p)) for p in pos), 1.0)]
            else:
                corners = []
                for offsets in np.ndindex(*([2] * dims)):
                    at = tuple(int(np.floor(p)) + o for p, o in zip(pos, offsets))
                    w = np.prod([1 - abs(p - q) for p, q in zip(pos, at)])
                    corners.append((at, w))
            for at, w in corners:
                if all(0 <= q < s for q, s in zip(at, spatial)):
                    out[(b, slice(None)) + point] += w * x[(b, slice(None)) + at]
    return out.astype(x.dtype)


def _grid_inputs(x_shape, grid_shape):
    def make(rng, dtype, shapes):
        x = rng.uniform(-2, 2, size=x_shape).astype(dtype)
        # beyond [-1, 1] to reach the padding, away from pixel boundaries so
        # that finite differences do not straddle a kink
        grid = rng.uniform(-1.3, 1.3, size=grid_shape)
        return [x, grid.astype(dtype)]
    return make


SAMPLES += [
    OpSample("grid_sample", F.grid_sample, _np_grid_sample, [[(2, 2, 4, 5), (2, 3, 2, 2)]],
             ("float32", "float64"), make_inputs=_grid_inputs((2, 2, 4, 5), (2, 3, 2, 2)), errors=[
                 ErrorCase(lambda: F.grid_sample(_t(1, 1, 2, 2), _t(1, 2, 2, 3)), ValueError,
                           r"\[grid_sample\] x must be \[N, C, H, W\] with grid \[N, Ho, Wo, 2\]"),
                 ErrorCase(lambda: F.grid_sample(_t(1, 1, 2, 2), _t(1, 2, 2, 2), mode="bicubic"), ValueError,
                           r"\[grid_sample\] mode"),
                 ErrorCase(lambda: F.grid_sample(_t(1, 1, 2, 2), _t(1, 2, 2, 2), padding_mode="wrap"), ValueError,
                           r"\[grid_sample\] padding_mode"),
                 ErrorCase(lambda: F.grid_sample(_t(1, 1, 2, 2), _t(1, 2, 2, 2, dtype="float64")), TypeError,
                           r"\[grid_sample\] x and grid must have one dtype"),
                 ErrorCase(lambda: F.grid_sample([1.0], _t(1, 2, 2, 2)), TypeError,
                           r"\[grid_sample\] argument 'x'")]),
    OpSample("grid_sample_border", lambda x, g: F.grid_sample(x, g, padding_mode="border", align_corners=False),
             lambda x, g: _np_grid_sample(x, g, padding="border", align_corners=False), [[(1, 2, 3, 4), (1, 4, 3, 2)]],
             ("float32", "float64"), make_inputs=_grid_inputs((1, 2, 3, 4), (1, 4, 3, 2))),
    OpSample("grid_sample_reflection", lambda x, g: F.grid_sample(x, g, padding_mode="reflection"),
             lambda x, g: _np_grid_sample(x, g, padding="reflection"), [[(1, 2, 3, 4), (1, 4, 3, 2)]],
             ("float32", "float64"), make_inputs=_grid_inputs((1, 2, 3, 4), (1, 4, 3, 2))),
    OpSample("grid_sample_reflection_edges",
             lambda x, g: F.grid_sample(x, g, padding_mode="reflection", align_corners=False),
             lambda x, g: _np_grid_sample(x, g, padding="reflection", align_corners=False),
             [[(1, 1, 3, 5), (1, 5, 2, 2)]], ("float32", "float64"), make_inputs=_grid_inputs((1, 1, 3, 5), (1, 5, 2, 2))),
    OpSample("grid_sample_empty_x", lambda x, g: F.grid_sample(x, g, padding_mode="border"),
             lambda x, g: _np_grid_sample(x, g, padding="border"), [[(2, 3, 0, 5), (2, 5, 1, 2)]],
             ("float32", "float64"), make_inputs=_grid_inputs((2, 3, 0, 5), (2, 5, 1, 2))),
    OpSample("grid_sample_nearest", lambda x, g: F.grid_sample(x, g, mode="nearest"),
             lambda x, g: _np_grid_sample(x, g, mode="nearest"), [[(2, 2, 4, 3), (2, 3, 3, 2)]],
             ("float32", "float64"), make_inputs=_grid_inputs((2, 2, 4, 3), (2, 3, 3, 2))),
    OpSample("grid_sample_3d", lambda x, g: F.grid_sample(x, g, align_corners=False),
             lambda x, g: _np_grid_sample(x, g, align_corners=False), [[(1, 2, 3, 4, 2), (1, 2, 2, 3, 3)]],
             ("float32", "float64"), make_inputs=_grid_inputs((1, 2, 3, 4, 2), (1, 2, 2, 3, 3))),
    OpSample("affine_grid", lambda t: F.affine_grid(t, [2, 1, 3, 4], align_corners=False),
             lambda t: np.einsum("hwk,njk->nhwj", np.stack(list(np.meshgrid((np.arange(4) * 2 + 1) / 4 - 1,
                                                                           (np.arange(3) * 2 + 1) / 3 - 1))
                                                          + [np.ones((3, 4))], -1), t).astype(t.dtype),
             [[(2, 2, 3)]], ("float32", "float64"), errors=[
                 ErrorCase(lambda: F.affine_grid(_t(2, 2, 3), [2, 1, 3]), ValueError, r"\[affine_grid\] theta must be")]),
    OpSample("affine_grid_3d", lambda t: F.affine_grid(t, [1, 2, 2, 3, 4]),
             lambda t: np.einsum("dhwk,njk->ndhwj", np.stack(list(np.meshgrid(np.linspace(-1, 1, 2), np.linspace(-1, 1, 3),
                                                                              np.linspace(-1, 1, 4), indexing="ij"))[::-1]
                                                             + [np.ones((2, 3, 4))], -1), t).astype(t.dtype),
             [[(1, 3, 4)]], ("float32", "float64")),
]

GRAD2_SAMPLES |= {"grid_sample", "grid_sample_border", "grid_sample_3d", "affine_grid", "affine_grid_3d"}
GRAD_SAMPLES |= {"grid_sample_reflection", "grid_sample_nearest"}
