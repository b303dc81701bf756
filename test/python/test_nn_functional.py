"""paddle.nn.functional behaviour beyond one op's value: batch_norm's running
statistics and layouts, dropout-free attention paths agreeing."""

from __future__ import annotations

import numpy as np
import pytest

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


@pytest.mark.parametrize("training, use_global_stats, uses_batch", [
    (True, None, True), (False, None, False), (True, True, False), (False, False, True)])
def test_batch_norm_flags_choose_the_statistics_as_paddle_does(training, use_global_stats, uses_batch):
    """use_global_stats=False means the batch's statistics (and their running
    update) even in eval mode, Paddle's trainable_statistics."""
    x = np.array([[1.0, 2.0], [3.0, 6.0]])
    rm, rv = paddle.to_tensor(np.array([0.5, 0.5])), paddle.to_tensor(np.array([2.0, 2.0]))
    y = F.batch_norm(paddle.to_tensor(x), rm, rv, training=training, use_global_stats=use_global_stats,
                     epsilon=0.0)
    if uses_batch:
        mean, var = x.mean(0), x.var(0)
        np.testing.assert_allclose(y.numpy(), (x - mean) / np.sqrt(var), rtol=1e-6)
        np.testing.assert_allclose(rm.numpy(), 0.9 * 0.5 + 0.1 * mean, rtol=1e-6)
        np.testing.assert_allclose(rv.numpy(), 0.9 * 2.0 + 0.1 * var, rtol=1e-6)
    else:
        np.testing.assert_allclose(y.numpy(), (x - 0.5) / np.sqrt(2.0), rtol=1e-12)
        np.testing.assert_array_equal(rm.numpy(), [0.5, 0.5])
        np.testing.assert_array_equal(rv.numpy(), [2.0, 2.0])


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


@pytest.mark.parametrize("causal, sq, sk", [(False, 300, 600), (True, 300, 300), (True, 130, 400)])
def test_fused_attention_gradients_match_the_float64_reference(causal, sq, sk):
    """flash_attention_grad (float32, blocks of 128 queries x 256 keys) against the gradients of
    the float64 path, whose first-order backward is the composite of matmuls and softmax."""
    rng = np.random.default_rng(3)
    arrays = [rng.normal(size=(2, s, 3, 16)) for s in (sq, sk, sk)]
    upstream = rng.normal(size=(2, sq, 3, 16))

    def grads(dtype):
        q, k, v = (paddle.to_tensor(a.astype(dtype), stop_gradient=False) for a in arrays)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return paddle.grad([out], [q, k, v], [paddle.to_tensor(upstream.astype(dtype))])

    for fused, reference in zip(grads(np.float32), grads(np.float64)):
        np.testing.assert_allclose(fused.numpy(), reference.numpy(), rtol=2e-3, atol=2e-4)


def test_attention_with_a_mask_of_all_true_equals_the_fused_path():
    rng = np.random.default_rng(2)
    q, k, v = (paddle.to_tensor(rng.normal(size=(1, 5, 2, 4)).astype(np.float32)) for _ in range(3))
    fused = F.scaled_dot_product_attention(q, k, v)
    masked = F.scaled_dot_product_attention(q, k, v, attn_mask=paddle.ones([5, 5], dtype="bool"))
    np.testing.assert_allclose(fused.numpy(), masked.numpy(), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("call, error, match", [
    (lambda: paddle._C_ops.max_pool_grad(paddle.ones([1, 1, 2, 2]), paddle.zeros([1, 1, 2], dtype="int64"),
                                         [1, 1, 4, 4]), ValueError, r"\[max_pool_grad\] indices must be int64"),
    (lambda: paddle._C_ops.max_pool_grad(paddle.ones([1, 1, 2, 2]), paddle.zeros([1, 1, 2, 2], dtype="int64"),
                                         [1, 2, 4, 4]), ValueError, r"\[max_pool_grad\] input_shape"),
    (lambda: paddle._C_ops.layer_norm_grad(paddle.ones([2, 3]), paddle.ones([2, 4]), paddle.ones([4]),
                                           paddle.ones([2]), paddle.ones([2])), ValueError,
     r"\[layer_norm_grad\] out_grad has shape"),
    (lambda: paddle._C_ops.layer_norm_grad(paddle.ones([2, 4]), paddle.ones([2, 4]), paddle.ones([3]),
                                           paddle.ones([2]), paddle.ones([2])), ValueError,
     r"\[layer_norm_grad\] scale \(\[3\]\) must hold the 4 values of a row of x \[2, 4\] from begin_norm_axis 1"),
    (lambda: paddle._C_ops.layer_norm_grad(paddle.ones([2, 4]), paddle.ones([2, 4]), paddle.ones([4]),
                                           paddle.ones([3]), paddle.ones([3])), ValueError,
     r"\[layer_norm_grad\] the saved statistics"),
    (lambda: paddle._C_ops.flash_attention_grad(*[paddle.ones([1, 2, 1, 4])] * 4, paddle.ones([1, 1, 3]),
                                                paddle.ones([1, 2, 1, 4])), ValueError,
     r"\[flash_attention_grad\] lse must be"),
    (lambda: paddle._C_ops.rms_norm_grad(paddle.ones([2, 4]), paddle.ones([2, 4]), paddle.ones([4]),
                                         paddle.ones([3])), ValueError, r"\[rms_norm_grad\] the saved statistics"),
    (lambda: paddle._C_ops.rms_norm_grad(paddle.ones([2, 4]), paddle.ones([2, 4]), paddle.ones([4], dtype="float64"),
                                         paddle.ones([2])), TypeError, r"\[rms_norm_grad\] out_grad and scale"),
    (lambda: paddle._C_ops.softmax_grad(paddle.ones([2, 4]), paddle.ones([2, 3]), -1, False), ValueError,
     r"\[softmax_grad\] out_grad \(\[2, 3\]"),
    (lambda: paddle._C_ops.softmax_grad(paddle.ones([2, 4]), paddle.ones([2, 4]), 2, False), IndexError,
     r"\[softmax_grad\] axis"),
    (lambda: paddle._C_ops.gelu_grad(paddle.ones([2]), paddle.ones([3])), ValueError, r"\[gelu_grad\]"),
    (lambda: paddle._C_ops.relu_grad(paddle.ones([2]), paddle.ones([3])), ValueError, r"\[relu_grad\]"),
])
def test_gradient_kernels_refuse_bad_inputs(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_max_pool_grad_adds_overlapping_windows():
    """Windows of 3 with stride 1 share inputs: a shared maximum gets every window's gradient."""
    x = paddle.to_tensor([[[[0.0, 5.0, 1.0, 2.0]]]], stop_gradient=False)
    out = F.max_pool2d(x, kernel_size=[1, 3], stride=1)
    out.backward(paddle.to_tensor([[[[1.0, 10.0]]]]))
    np.testing.assert_array_equal(x.grad.numpy(), [[[[0.0, 11.0, 0.0, 0.0]]]])


def _max_pool_reference(x, k, s, p):
    """Max and flat index in its plane of each window (row-major first maximum; the first NaN wins), -inf padding."""
    n, c, h, w = x.shape
    oh, ow = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
    out, at = np.zeros((n, c, oh, ow), x.dtype), np.zeros((n, c, oh, ow), np.int64)
    for i, j, a, b in np.ndindex(n, c, oh, ow):
        best, best_at = None, -1
        for r in range(max(0, a * s - p), min(h, a * s - p + k)):
            for q in range(max(0, b * s - p), min(w, b * s - p + k)):
                v = x[i, j, r, q]
                if best is None or (not np.isnan(best) and (v > best or np.isnan(v))):
                    best, best_at = v, r * w + q
        out[i, j, a, b], at[i, j, a, b] = best, best_at
    return out, at


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("k, s, p", [(3, 2, 1), (3, 1, 1), (2, 2, 0), (3, 3, 0), (5, 2, 2), (4, 1, 2)])
def test_max_pool2d_values_and_indices_with_ties_and_nan(dtype, k, s, p):
    """Rows wide enough for interior and edge columns; small integers make ties, a few NaNs sit among them."""
    rng = np.random.default_rng(k * 100 + s * 10 + p)
    x = rng.integers(0, 4, size=(2, 3, 9, 23)).astype(dtype)
    x[0, 1, 4, 5] = x[1, 2, 0, 22] = x[1, 0, 7, 10] = np.nan
    out, mask = F.max_pool2d(paddle.to_tensor(x), k, s, p, return_mask=True)
    want, want_at = _max_pool_reference(x, k, s, p)
    np.testing.assert_array_equal(out.numpy(), want)
    np.testing.assert_array_equal(mask.numpy(), want_at)


def test_split_pieces_are_views_and_unused_pieces_get_zero_gradients():
    x = paddle.to_tensor(np.arange(12.0).reshape(3, 4), stop_gradient=False)
    a, b, c = paddle.split(x, [1, 2, 1], axis=1)
    assert a._data_ptr() == x._data_ptr() and b._data_ptr() == x._data_ptr() + 8
    (b * 2.0).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), np.tile([0.0, 2.0, 2.0, 0.0], (3, 1)))


@pytest.mark.parametrize("call, error, match", [
    (lambda: paddle._C_ops.split(paddle.ones([4]), [1, 2], 0), ValueError, r"\[split\] sections must add up"),
    (lambda: paddle._C_ops.split(paddle.ones([4]), [5, -1], 0), ValueError, r"\[split\] sections must be sizes"),
    (lambda: paddle._C_ops.split(paddle.ones([4]), [4], 1), IndexError, r"\[split\]"),
])
def test_split_refuses_bad_sections(call, error, match):
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize("norm", ["layer_norm", "rms_norm"])
@pytest.mark.parametrize("rows", [0, 1, 600])
def test_norm_parameter_gradients_sum_over_row_chunks(norm, rows):
    """The fused scale/bias gradients add up chunks of 256 rows and blocks of 16 columns (600 x 37:
    three chunks, a partial last block); no rows at all give zero gradients."""
    rng = np.random.default_rng(3)
    x, g = rng.standard_normal((rows, 37)), rng.standard_normal((rows, 37))
    w, b = rng.standard_normal(37), rng.standard_normal(37)
    if norm == "layer_norm":
        xhat = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5) if rows else x
    else:
        xhat = x / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-5) if rows else x  # Paddle 3.3 default eps
    tx, tw, tb = (paddle.to_tensor(a, stop_gradient=False) for a in (x, w, b))
    if norm == "layer_norm":
        out = F.layer_norm(tx, [37], tw, tb)
        grads = paddle.grad(out, [tw, tb], paddle.to_tensor(g))
        expected = [(g * xhat).sum(0), g.sum(0)]
    else:
        out = F.rms_norm(tx, [37], tw)
        grads = paddle.grad(out, [tw], paddle.to_tensor(g))
        expected = [(g * xhat).sum(0)]
    for got, want in zip(grads, expected):
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("axis", [-1, 1])
def test_fused_cross_entropy_second_order(axis):
    """softmax_cross_entropy's backward records its composite under create_graph, so the second
    derivative holds; labels equal to ignore_index (0) add nothing."""
    from gradcheck import check_grads, check_second_order

    rng = np.random.default_rng(12)
    logits = rng.standard_normal((3, 4, 5))
    label_shape = (3, 4) if axis == -1 else (3, 5)
    labels = rng.integers(0, logits.shape[axis], size=label_shape).astype(np.int64)

    def loss(x, y):
        return F.cross_entropy(x, y, axis=axis, reduction="none", ignore_index=0)

    check_grads(loss, [logits, labels], rng)
    check_second_order(loss, [logits, labels], rng)
