"""Samples for paddle.nn.functional's normalization, pooling and loss
functions; references are written out in NumPy from their definitions."""

from __future__ import annotations

import numpy as np

import paddle
import paddle.nn.functional as F
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


SAMPLES = [
    OpSample("layer_norm", lambda x, w, b: F.layer_norm(x, x.shape[-1:], w, b),
             lambda x, w, b: _np_normalize(x, (-1,), 1e-5) * w + b, [[(3, 5), (5,), (5,)], [(2, 3, 4), (4,), (4,)]],
             FLOATS, tolerance=HALF_TOLERANCE, errors=[
                 ErrorCase(lambda: F.layer_norm(_t(2, 3), [4]), ValueError, r"\[layer_norm\] normalized_shape"),
                 ErrorCase(lambda: F.layer_norm(_t(2, 3), 3, weight=_t(4)), ValueError,
                           r"\[layer_norm\] argument 'weight'"),
                 ErrorCase(lambda: F.layer_norm(_t(2, 3, dtype="int32"), 3), NotImplementedError,
                           r"\[layer_norm\] no kernel")]),
    OpSample("layer_norm_2d", lambda x: F.layer_norm(x, x.shape[-2:]), lambda x: _np_normalize(x, (-2, -1), 1e-5),
             [[(2, 3, 4)]], ("float32", "float64")),
    OpSample("rms_norm", lambda x, w: F.rms_norm(x, x.shape[-1], w),
             lambda x, w: x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + 1e-6) * w, [[(3, 4), (4,)]],
             ("float32", "float64")),
    OpSample("batch_norm_train", _batch_norm_train,
             lambda x, w, b: _np_normalize(x, (0, 2, 3), 1e-5) * w.reshape(1, -1, 1, 1) + b.reshape(1, -1, 1, 1),
             [[(4, 3, 2, 2), (3,), (3,)]], ("float32", "float64"), errors=[
                 ErrorCase(lambda: F.batch_norm(_t(2, 3), _t(2), _t(3)), ValueError,
                           r"\[batch_norm\] argument 'running_mean'"),
                 ErrorCase(lambda: F.batch_norm(_t(2, 3), _t(3), _t(3), data_format="XY"), ValueError,
                           r"\[batch_norm\] argument 'data_format'")]),
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

GRAD2_SAMPLES = {"layer_norm", "layer_norm_2d", "rms_norm", "batch_norm_train", "batch_norm_eval", "group_norm",
                 "instance_norm", "normalize"}
GRAD_SAMPLES: set = set()
