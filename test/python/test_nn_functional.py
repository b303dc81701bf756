"""paddle.nn.functional behaviour beyond one op's value: batch_norm's running
statistics and layouts, dropout-free attention paths agreeing."""

from __future__ import annotations

import numpy as np

import paddle
import paddle.nn.functional as F


def test_batch_norm_updates_running_statistics_with_momentum():
    rng = np.random.default_rng(0)
    x = rng.normal(2.0, 3.0, size=(6, 3, 4, 5)).astype(np.float64)
    rm = paddle.to_tensor(np.array([0.5, -1.0, 0.0]))
    rv = paddle.to_tensor(np.array([1.0, 2.0, 0.5]))
    F.batch_norm(paddle.to_tensor(x), rm, rv, training=True, momentum=0.8)
    mean, var = x.mean(axis=(0, 2, 3)), x.var(axis=(0, 2, 3))
    np.testing.assert_allclose(rm.numpy(), 0.8 * np.array([0.5, -1.0, 0.0]) + 0.2 * mean, rtol=1e-12)
    np.testing.assert_allclose(rv.numpy(), 0.8 * np.array([1.0, 2.0, 0.5]) + 0.2 * var, rtol=1e-9)


def test_batch_norm_channel_last_matches_channel_first():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(2, 4, 5, 3)).astype(np.float32)
    w, b = rng.normal(size=3).astype(np.float32), rng.normal(size=3).astype(np.float32)

    def run(data, fmt):
        rm, rv = paddle.zeros([3]), paddle.ones([3])
        return F.batch_norm(paddle.to_tensor(data), rm, rv, paddle.to_tensor(w), paddle.to_tensor(b), training=True,
                            data_format=fmt).numpy()

    np.testing.assert_allclose(run(x, "NHWC"), np.moveaxis(run(np.moveaxis(x, -1, 1), "NCHW"), 1, -1), rtol=1e-5,
                               atol=1e-6)


def test_attention_with_a_mask_of_all_true_equals_the_fused_path():
    rng = np.random.default_rng(2)
    q, k, v = (paddle.to_tensor(rng.normal(size=(1, 5, 2, 4)).astype(np.float32)) for _ in range(3))
    fused = F.scaled_dot_product_attention(q, k, v)
    masked = F.scaled_dot_product_attention(q, k, v, attn_mask=paddle.ones([5, 5], dtype="bool"))
    np.testing.assert_allclose(fused.numpy(), masked.numpy(), rtol=1e-5, atol=1e-6)
