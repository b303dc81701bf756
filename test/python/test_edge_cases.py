"""Regression tests for defects found in review: each once crashed, gave
silently wrong values, or raised an unhelpful error."""

from __future__ import annotations

import math

import numpy as np
import pytest

import paddle


def test_assigning_an_overlapping_view_reads_the_old_values():
    x = paddle.to_tensor(np.arange(6.0, dtype="float32"))
    x[1:] = x[:-1]
    assert x.tolist() == [0.0, 0.0, 1.0, 2.0, 3.0, 4.0]
    y = paddle.to_tensor(np.arange(6.0, dtype="float32"))
    y[:] = y[::-1]
    assert y.tolist() == [5.0, 4.0, 3.0, 2.0, 1.0, 0.0]


@pytest.mark.parametrize("make", [
    lambda: paddle.full([2**62], 1.0),
    lambda: paddle.full([2**32, 2**32], 1.0),
    lambda: paddle.arange(0, 2**62, 1),
    lambda: paddle.reshape(paddle.ones([4]), [2**62 + 1, 4]),
    lambda: paddle.ones([2**40, 1]) + paddle.ones([1, 2**40]),
    lambda: paddle.arange(0, 1e30, 1.0),
])
def test_impossible_sizes_raise_instead_of_crashing(make):
    with pytest.raises((ValueError, MemoryError)):
        make()


def test_max_and_min_of_infinities():
    assert paddle.max(paddle.to_tensor([-math.inf, -math.inf])).item() == -math.inf
    assert paddle.min(paddle.to_tensor([math.inf], dtype="float64")).item() == math.inf


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_digamma_at_its_poles(dtype):
    # Towards 0 from the right -inf, from the left +inf (the side a signed zero names); the negative integers
    # have no limit: nan. Paddle and torch agree.
    got = paddle.digamma(paddle.to_tensor(np.array([0.0, -0.0, -1.0, -3.0], dtype))).numpy()
    assert got[0] == -np.inf and got[1] == np.inf and np.isnan(got[2:]).all()


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_round_takes_halves_to_even(dtype):
    x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.49, 4.51], dtype)
    np.testing.assert_array_equal(paddle.round(paddle.to_tensor(x)).numpy(), [0, 2, 2, -0.0, -2, -2, 3, 5])


def test_leaf_gradients_own_their_memory():
    x = paddle.to_tensor([1.0, 1.0], stop_gradient=False)
    y = paddle.to_tensor([2.0, 2.0], stop_gradient=False)
    (x + y).sum().backward()
    with paddle.no_grad():
        x.grad[0] = 100.0
    assert y.grad.tolist() == [1.0, 1.0]
    z = paddle.to_tensor([1.0], stop_gradient=False)
    g = paddle.to_tensor([3.0])
    (z + 0.0).backward(g)
    g[0] = 7.0
    assert z.grad.tolist() == [3.0]


def test_hooks_may_remove_and_add_hooks_while_running():
    x = paddle.to_tensor([1.0], stop_gradient=False)
    calls = []
    handles = []

    def first(g):
        calls.append("first")
        handles[0].remove()
        x.register_hook(lambda g: calls.append("added") or None)

    handles.append(x.register_hook(first))
    x.register_hook(lambda g: calls.append("second") or None)
    (x * 2).sum().backward()
    assert calls == ["first", "second"]


def test_retain_grads_twice_keeps_one_copy():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * 2
    y.retain_grads()
    y.retain_grads()
    y.sum().backward()
    assert y.grad.tolist() == [1.0, 1.0]


def test_gradient_dtype_is_checked_at_the_root_and_cast_from_pylayer():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    with pytest.raises(TypeError, match=r"\[backward\].*dtype float64"):
        x.exp().backward(paddle.ones([2], dtype="float64"))

    class Double(paddle.autograd.PyLayer):
        @staticmethod
        def forward(ctx, t):
            return t * 2

        @staticmethod
        def backward(ctx, dy):
            return dy.astype("float64") * 2

    w = paddle.to_tensor([1.0], stop_gradient=False)
    Double.apply(w).sum().backward()
    assert w.grad.dtype == paddle.float32 and w.grad.tolist() == [2.0]


def test_numpy_arguments():
    x = paddle.ones([2, 3])
    with pytest.raises(TypeError, match=r"\[sum\] argument 'keepdim'"):
        paddle.sum(x, axis=0, keepdim=np.array([True, False]))
    assert paddle.reshape(x, np.array([3, 2])).shape == [3, 2]
    with pytest.raises(TypeError, match=r"\[full\] argument 'fill_value'"):
        paddle.full([2], np.array([1.5, 2.5]))
    assert paddle.sum(x, axis=np.int64(0), keepdim=np.bool_(True)).shape == [1, 3]


def test_big_endian_arrays_are_read_correctly():
    a = np.array([1.0, 2.0], dtype=">f4")
    assert paddle.to_tensor(a).tolist() == [1.0, 2.0]
    t = paddle.zeros([2])
    t[:] = a
    assert t.tolist() == [1.0, 2.0]


def test_ints_beyond_int64():
    x = paddle.ones([3])
    with pytest.raises(IndexError, match=r"\[getitem\]"):
        x[2**70]
    with pytest.raises(IndexError, match=r"\[full\] argument 'shape'"):
        paddle.full([2**64], 1.0)
    with pytest.raises(OverflowError, match=r"\[to_tensor\]"):
        paddle.to_tensor([2**64])


def test_integer_arange_casts_its_bounds():
    assert paddle.arange(0, 3.7, 1.2, dtype="int64").tolist() == [0, 1, 2]
    with pytest.raises(ValueError, match=r"\[arange\] step must not be 0"):
        paddle.arange(0, 3, 0.5, dtype="int64")


def test_python_ints_do_not_wrap_around_small_integer_tensors():
    i32 = paddle.to_tensor([0], dtype="int32")
    assert (i32 == 2**32).tolist() == [False]
    assert (i32 + 2**32).tolist() == [2**32]
    assert (paddle.to_tensor([0], dtype="uint8") < -1).tolist() == [False]


def test_setitem_errors_name_the_op():
    x = paddle.zeros([3])
    with pytest.raises(ValueError, match=r"^\[setitem\] a value of shape \[2\]"):
        x[:] = [1.0, 2.0]


def test_zero_d_numpy_arrays_are_numbers():
    x = paddle.to_tensor([1.0, 2.0])
    out = x + np.array(1.5)
    assert isinstance(out, paddle.Tensor) and out.tolist() == [2.5, 3.5]
    assert (x * np.float32(2)).tolist() == [2.0, 4.0]
    assert paddle.sum(paddle.ones([2, 2]), axis=np.array(0)).tolist() == [2.0, 2.0]


def test_hooks_apply_to_paddle_grad_results():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * 2
    y.register_hook(lambda g: g * 10)
    (gy,) = paddle.grad(y.sum(), [y])
    assert gy.tolist() == [10.0, 10.0]


def test_integer_pow_and_abs_wrap_like_numpy():
    big = paddle.to_tensor([3], dtype="int32")
    with np.errstate(over="ignore"):
        assert (big ** 40).tolist() == (np.array([3], np.int32) ** 40).tolist()
    m = paddle.to_tensor([np.iinfo(np.int64).min])
    assert paddle.abs(m).tolist() == np.abs(np.array([np.iinfo(np.int64).min])).tolist()


def test_shape_only_saves_ignore_in_place_writes():
    a = paddle.to_tensor([1.0, 2.0, 3.0, 4.0], stop_gradient=False)
    b = a * 1
    c = paddle.reshape(b, [2, 2]) + b.reshape([2, 2]).sum()
    with paddle.no_grad():
        b[0] = 5.0  # reshape's and sum's gradients need only b's shape
    c.sum().backward()
    assert a.grad.tolist() == [5.0, 5.0, 5.0, 5.0]


def test_logsumexp_of_minus_infinity_rows():
    x = paddle.to_tensor([[-math.inf, -math.inf], [0.0, -math.inf]])
    assert paddle.logsumexp(x, axis=1).tolist() == [-math.inf, 0.0]


@pytest.mark.parametrize("call,error,match", [
    (lambda: paddle.gather(paddle.ones([2, 2]), paddle.to_tensor([0]), axis=[0]), TypeError, r"\[gather\] argument 'axis'"),
    (lambda: paddle._C_ops.broadcast_view(paddle.ones([1]), [-1, 1]), ValueError, r"\[broadcast_view\] every dim"),
    (lambda: paddle.normal(paddle.zeros([2, 3]), paddle.ones([4])), ValueError, r"\[normal\] mean and std"),
    (lambda: paddle.ones([3])[::0], ValueError, r"\[getitem\] slice step cannot be zero"),
    (lambda: paddle.to_tensor([1.0], dtype=42), TypeError, r"\[to_tensor\] argument 'dtype'"),
    (lambda: paddle.to_tensor("abc", dtype="float32"), ValueError, r"\[to_tensor\] cannot make a float32 tensor"),
    (lambda: paddle.nn.functional.unfold(paddle.zeros([1, 1, 4, 4]), [2, 2], strides=[1, "a"]), ValueError,
     r"\[unfold\] argument 'strides'"),
    (lambda: paddle.pow(paddle.ones([2]), [2]), TypeError, r"\[pow\] argument 'y'"),
    (lambda: paddle.arange(0, 1, float("-inf"), dtype="int64"), ValueError, r"\[arange\] start, end and step must be finite"),
    (lambda: paddle.arange(paddle.to_tensor(1 + 1j), 2), TypeError, r"\[arange\] argument 'start'"),
    (lambda: paddle.scatter(paddle.to_tensor(1.0), paddle.to_tensor([0]), paddle.to_tensor(2.0)), ValueError,
     r"\[scatter\] x must have at least 1 dim"),
])
def test_fuzzer_findings_raise_clear_errors(call, error, match):
    """Inputs tools/fuzz_ops.py found raising errors that did not name the op."""
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize("call,error,match", [
    (lambda: paddle.linalg.svdvals(paddle.to_tensor([[float("inf"), 1.0], [0.0, 1.0]])), ValueError,
     r"\[svd\] x holds inf"),
    (lambda: paddle.linalg.eigh(paddle.to_tensor([[float("nan"), 1.0], [1.0, 1.0]])), ValueError,
     r"\[eigh\] x holds nan"),
    (lambda: paddle.polygamma(paddle.ones([2]), 2147483647), ValueError, r"\[polygamma\] n must be in \[0, 170\]"),
    (lambda: paddle.repeat_interleave(paddle.ones([2]), [2**64, 1]), ValueError, r"\[repeat_interleave\]"),
])
def test_fuzzer_hangs_now_raise(call, error, match):
    """Calls tools/fuzz_ops.py found never returning (LAPACK iterating on
    non-finite input, loops sized by a huge argument)."""
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize("call,error,match", [
    (lambda: paddle.scale(paddle.ones([2]), act=[1]), TypeError, r"\[scale\] argument 'act'"),
    (lambda: paddle.isclose(paddle.ones([2]), paddle.ones([2]), rtol=[1]), TypeError, r"\[isclose\] argument 'rtol'"),
    (lambda: paddle.linalg.lstsq(paddle.to_tensor(1.0), paddle.ones([2, 2])), ValueError, r"\[lstsq\] argument 'x'"),
    (lambda: paddle.flip(paddle.ones([2]), object), TypeError, r"\[flip\] argument 'axis'"),
    (lambda: paddle.nn.functional.max_pool3d(paddle.ones([1, 1, 2, 2, 2]), 1, data_format=[1]), ValueError,
     r"\[max_pool3d\] argument 'data_format'"),
    (lambda: paddle.repeat_interleave(paddle.ones([1]), float("nan")), ValueError, r"\[repeat_interleave\] repeats"),
])
def test_wrapper_type_errors_name_the_function(call, error, match):
    """Wrong argument types the 10-minute fuzz run found failing inside the Python wrappers."""
    with pytest.raises(error, match=match):
        call()


F = paddle.nn.functional


@pytest.mark.parametrize("call,error,match", [
    (lambda: paddle.tile(paddle.ones([2]), -3), TypeError, r"\[tile\] argument 'repeat_times'"),
    (lambda: paddle.nanmedian(paddle.ones([2, 2]), [0, 0]), ValueError, r"\[nanmedian\] argument 'axis'"),
    (lambda: paddle.nanmedian(paddle.to_tensor(True), -1, mode=b"\x00"), ValueError, r"\[nanmedian\] argument 'mode'"),
    (lambda: paddle.median(paddle.ones([2]), "abc"), TypeError, r"\[median\] argument 'axis'"),
    (lambda: paddle.quantile(paddle.ones([2]), "assign"), TypeError, r"\[quantile\] argument 'q'"),
    (lambda: F.zeropad2d(paddle.ones([1, 1, 2, 2]), 1.5), TypeError, r"\[zeropad2d\] argument 'padding'"),
    (lambda: F.pad(paddle.ones([1, 1, 2]), [1.5, "a"]), TypeError, r"\[pad\] argument 'pad'"),
    (lambda: F.prelu(paddle.to_tensor([0.0]), paddle.to_tensor([])), ValueError, r"\[prelu\] weight must have 1"),
    (lambda: F.prelu(paddle.ones([2]), "abc"), TypeError, r"\[prelu\] argument 'weight'"),
    (lambda: F.prelu(paddle.ones([2, 2]), paddle.ones([1]), data_format={}), ValueError,
     r"\[prelu\] argument 'data_format'"),
    (lambda: paddle.cross(paddle.ones([3]), paddle.ones([3]), [0]), TypeError, r"\[cross\] argument 'axis'"),
    (lambda: paddle.cross(paddle.ones([3]), paddle.ones([3]), -2), IndexError, r"\[cross\] axis -2 is out of range"),
    (lambda: paddle.kthvalue(paddle.ones([1]), 1, axis=2), IndexError, r"\[kthvalue\] axis 2 is out of range"),
    (lambda: paddle.mode(paddle.ones([2]), None), TypeError, r"\[mode\] argument 'axis'"),
    (lambda: F.layer_norm(paddle.ones([2]), paddle.float64), TypeError, r"\[layer_norm\] argument 'normalized_shape'"),
    (lambda: F.rms_norm(paddle.ones([2]), -2.1), TypeError, r"\[rms_norm\] argument 'normalized_shape'"),
    (lambda: F.instance_norm(paddle.ones([1, 2, 3]), eps=2j), TypeError, r"\[instance_norm\] argument 'eps'"),
    (lambda: paddle.equal_all(paddle.ones([2]), "abc"), TypeError, r"\[equal_all\] argument 'y'"),
    (lambda: F.affine_grid(paddle.ones([1, 2, 3]), False), TypeError, r"\[affine_grid\] argument 'out_shape'"),
    (lambda: paddle.histogram(paddle.ones([2]), [None]), TypeError, r"\[histogram\] argument 'bins'"),
    (lambda: paddle.histogram(paddle.ones([2]), 3, weight=[1]), TypeError, r"\[histogram\] argument 'weight'"),
    (lambda: paddle.scale(paddle.ones([2]), 1.0, "float32"), TypeError, r"\[scale\] argument 'bias'"),
    (lambda: F.pixel_shuffle(paddle.ones([1, 4, 1, 1]), 0), ValueError, r"\[pixel_shuffle\] argument 'upscale_factor'"),
    (lambda: F.pixel_unshuffle(paddle.ones([1, 1, 2, 2]), "abc"), TypeError,
     r"\[pixel_unshuffle\] argument 'downscale_factor'"),
    (lambda: paddle.logit(paddle.ones([2]), [1]), TypeError, r"\[logit\] argument 'eps'"),
    (lambda: paddle.nan_to_num("abc"), TypeError, r"\[nan_to_num\] argument 'x'"),
    (lambda: paddle.roll(paddle.ones([2]), 1.5, 0), TypeError, r"\[roll\] argument 'shifts'"),
    (lambda: paddle.moveaxis(paddle.ones([2]), None, 0), TypeError, r"\[moveaxis\] argument 'source'"),
    (lambda: paddle.split(paddle.ones([2]), [None]), TypeError, r"\[split\] argument 'num_or_sections'"),
    (lambda: F.adaptive_avg_pool1d(paddle.ones([1, 1, 2]), paddle.float32), TypeError,
     r"\[adaptive_avg_pool1d\] argument 'output_size'"),
    (lambda: paddle.diagflat(paddle.ones([2]), None), TypeError, r"\[diagflat\] argument 'offset'"),
    (lambda: paddle.logspace(1, 2, 3, 1j), TypeError, r"\[logspace\] argument 'base'"),
    (lambda: paddle.arange(0, 1, 1, -7), TypeError, r"\[arange\] argument 'dtype'"),
    (lambda: F.interpolate(paddle.ones([1, 1, 2]), scale_factor=float("-inf")), ValueError,
     r"\[interpolate\] argument 'scale_factor'"),
    (lambda: F.interpolate(paddle.ones([1, 1, 2]), size=3, mode={}), ValueError, r"\[interpolate\] argument 'mode'"),
    (lambda: paddle.diag(paddle.ones([2, 2]), b"a"), TypeError, r"\[diag\] argument 'offset'"),
    (lambda: paddle.diagonal(paddle.ones([2, 2]), None), TypeError, r"\[diagonal\] argument 'offset'"),
    (lambda: paddle.normal(paddle.ones([2]), object), TypeError, r"\[normal\] argument 'std'"),
    (lambda: paddle.bincount(paddle.to_tensor([1]), "assign"), TypeError, r"\[bincount\] argument 'weights'"),
    (lambda: F.log_loss(paddle.ones([2]), paddle.ones([2]), "abc"), TypeError, r"\[log_loss\] argument 'epsilon'"),
    (lambda: paddle.nonzero(paddle.ones([2]), paddle.ones([2])), TypeError, r"\[nonzero\] argument 'as_tuple'"),
    (lambda: paddle.addmm(paddle.ones([2, 2]), paddle.ones([2, 2]), paddle.ones([2, 2]), "float32"), TypeError,
     r"\[addmm\] argument 'beta'"),
    (lambda: F.linear(paddle.ones([2, 2]), paddle.ones([2, 2]), "abc"), TypeError, r"\[linear\] argument 'bias'"),
    (lambda: F.normalize(paddle.ones([2, 2]), 2, object), TypeError, r"\[normalize\] argument 'axis'"),
    (lambda: paddle.chunk(paddle.ones([2]), [[1]]), TypeError, r"\[chunk\] argument 'chunks'"),
    (lambda: paddle.linalg.solve(paddle.ones([3, 1, 1]), paddle.ones([2, 1, 4])), ValueError,
     r"\[solve\] the batch dims"),
    (lambda: paddle.linalg.pinv(paddle.ones([2, 2]), None), TypeError, r"\[pinv\] argument 'rcond'"),
    (lambda: paddle.linalg.lstsq(paddle.ones([2, 2]), paddle.ones([2, 2]), {}), TypeError, r"\[lstsq\] argument 'rcond'"),
    (lambda: paddle.linalg.norm(paddle.ones([2, 2]), 2, 1.5), TypeError, r"\[norm\] argument 'axis'"),
    (lambda: paddle.unique(paddle.ones([2]), return_index=None), TypeError, r"\[unique\] argument 'return_index'"),
    (lambda: F.conv1d_transpose(paddle.ones([1, 2, 4]), paddle.ones([2, 1, 3]), padding=()), ValueError,
     r"\[conv1d_transpose\] argument 'padding'"),
    (lambda: F.conv1d_transpose(paddle.ones([1, 2, 4]), [None]), TypeError, r"\[conv1d_transpose\] argument 'weight'"),
    (lambda: F.conv1d(paddle.ones([1, 2, 4]), paddle.ones([1, 2, 3]), None, []), ValueError,
     r"\[conv1d\] argument 'stride'"),
    (lambda: F.cross_entropy(paddle.to_tensor(4.4), paddle.to_tensor([0])), IndexError, r"\[cross_entropy\] axis -1"),
    (lambda: F.cross_entropy(paddle.ones([2, 2]), paddle.to_tensor([0, 1]), label_smoothing=1j), TypeError,
     r"\[cross_entropy\] argument 'label_smoothing'"),
    (lambda: F.cross_entropy(paddle.ones([2, 2]), paddle.ones([2, 2]), weight="float32", soft_label=True), TypeError,
     r"\[cross_entropy\] argument 'weight'"),
    (lambda: F.cross_entropy(paddle.ones([2, 2]), paddle.ones([2, 2]), weight=paddle.ones([3]), soft_label=True),
     ValueError, r"\[cross_entropy\] weight.shape \[3\] must be \[2\]"),
    (lambda: F.softmax_with_cross_entropy(paddle.ones([2, 2]), paddle.to_tensor([[0], [1]]), axis=[1]), TypeError,
     r"\[softmax_with_cross_entropy\] argument 'axis'"),
    (lambda: F.hinge_embedding_loss(paddle.ones([2]), paddle.ones([2]), "assign"), TypeError,
     r"\[hinge_embedding_loss\] argument 'margin'"),
    (lambda: F.margin_ranking_loss(paddle.ones([2]), paddle.ones([2]), paddle.ones([2]), None), TypeError,
     r"\[margin_ranking_loss\] argument 'margin'"),
    (lambda: F.embedding(paddle.to_tensor([0]), paddle.ones([2, 2]), padding_idx=[1]), TypeError,
     r"\[embedding\] argument 'padding_idx'"),
    (lambda: F.group_norm(paddle.ones([1, 2, 3]), 2, 1j), TypeError, r"\[group_norm\] argument 'epsilon'"),
    (lambda: paddle.ones([2, 2])[[[1, 2], [3]]], ValueError, r"\[getitem\] an index list must be a rectangular"),
    (lambda: paddle.ones([2, 2]).__setitem__(([0, 1],), [[1, 2], [3]]), ValueError,
     r"\[setitem\] the value must be a rectangular"),
    (lambda: F.zeropad2d(paddle.zeros([0, 1, 2]), [0, 2**63 - 1]), ValueError, r"\[pad\] dim 2 of size 2 padded by"),
    (lambda: paddle.arange(0, 1, 1, paddle.to_tensor(1j)), TypeError, r"\[arange\] argument 'dtype'"),
])
def test_fuzzer_wrapper_arguments_raise_clear_errors(call, error, match):
    """Malformed arguments a 3-minute fuzz run found escaping the wrappers as
    AttributeError, bare TypeError/IndexError or ZeroDivisionError."""
    with pytest.raises(error, match=match):
        call()


_X4, _W4 = paddle.ones([1, 1, 4, 4]), paddle.ones([1, 1, 2, 2])


@pytest.mark.parametrize("call,error,match", [
    (lambda: F.conv2d(_X4, _W4, padding=[1, "a", 1, 1]), TypeError, r"\[conv2d\] argument 'padding'"),
    (lambda: F.conv2d(_X4, _W4, bias="a"), TypeError, r"\[conv2d\] argument 'bias'"),
    (lambda: F.conv2d_transpose(_X4, _W4, padding=[None] * 4), TypeError, r"\[conv2d_transpose\] argument 'padding'"),
    (lambda: F.conv2d_transpose(_X4, _W4, groups=None), TypeError, r"\[conv2d_transpose\] argument 'groups'"),
    (lambda: F.conv3d(paddle.ones([1, 1, 3, 3, 3]), paddle.ones([1, 1, 2, 2, 2]), padding="SAME"), TypeError,
     r"\[conv3d\] argument 'padding'"),
    (lambda: F.max_pool2d(_X4, 2, padding=[[0, 0], [0, 0], ["a", 1], [1, 1]]), TypeError,
     r"\[max_pool2d\] argument 'padding'"),
    (lambda: F.avg_pool2d(_X4, 2, divisor_override="a"), TypeError, r"\[avg_pool2d\] argument 'divisor_override'"),
    (lambda: F.glu(_X4, axis=None), TypeError, r"\[glu\] argument 'axis'"),
    (lambda: F.bilinear(_X4, _X4, "a"), TypeError, r"\[bilinear\] argument 'weight'"),
    (lambda: F.smooth_l1_loss(_X4, _X4, delta=None), TypeError, r"\[smooth_l1_loss\] argument 'delta'"),
    (lambda: paddle.chunk(paddle.zeros([1, 0]), 2**64, 1), MemoryError, r"\[split\] 18446744073709551616 parts"),
    (lambda: F.dropout(paddle.ones([2]), axis=object), TypeError, r"\[dropout\] argument 'axis'"),
    (lambda: F.triplet_margin_loss(_X4, _X4, _X4, epsilon=[1]), TypeError, r"\[triplet_margin_loss\] argument 'epsilon'"),
    (lambda: F.binary_cross_entropy(_X4, _X4, weight=[1]), TypeError, r"\[binary_cross_entropy\] argument 'weight'"),
    (lambda: F.binary_cross_entropy_with_logits(_X4, _X4, pos_weight=[1]), TypeError,
     r"\[binary_cross_entropy_with_logits\] argument 'pos_weight'"),
    (lambda: F.cosine_embedding_loss(_X4, _X4, _X4, margin=[1]), TypeError, r"\[cosine_embedding_loss\] argument 'margin'"),
    (lambda: F.scaled_dot_product_attention(_X4, _X4, _X4, attn_mask=[1]), TypeError,
     r"\[scaled_dot_product_attention\] argument 'attn_mask'"),
    (lambda: F.scaled_dot_product_attention(paddle.ones([2, 3]), _X4, _X4), ValueError,
     r"\[scaled_dot_product_attention\] argument 'query': expected a 4-D tensor"),
    (lambda: F.conv3d(paddle.ones([1, 1, 3, 3, 3]), paddle.ones([1, 1, 2, 2, 2]), stride=[0, 1, 1]), ValueError,
     r"\[conv3d\] argument 'stride': expected ints >= 1"),
    (lambda: F.conv3d(paddle.ones([1, 1, 3, 3, 3]), paddle.ones([1, 1, 2, 2, 2]), padding=-1), ValueError,
     r"\[conv3d\] argument 'padding': expected ints >= 0"),
])
def test_convolution_and_loss_arguments_raise_clear_errors(call, error, match):
    """Malformed arguments found by hand next to the fuzzer's findings (int() of a
    padding element, .reshape of a non-tensor bias, a % by groups=None)."""
    with pytest.raises(error, match=match):
        call()


def test_median_and_quantile_reduce_a_list_of_axes():
    a = np.arange(24.0).reshape(2, 3, 4)
    x = paddle.to_tensor(a)
    assert np.allclose(paddle.quantile(x, 0.25, axis=[0, 2]).numpy(), np.quantile(a, 0.25, axis=(0, 2)))
    assert paddle.median(x, axis=[0, 2], keepdim=True).shape == [1, 3, 1]
    assert np.allclose(paddle.nanmedian(x, axis=[1, 2]).numpy(), np.median(a, axis=(1, 2)))
    assert paddle.median(paddle.to_tensor(9.0), 0).item() == 9.0


def _huge_masked_setitem():
    x = paddle.zeros([5, 0], "uint8")
    x[paddle.ones([5], "bool")] = 2**64


def _ragged_setitem():
    x = paddle.ones([2, 3])
    x[1] = [[1, 2], [3]]


@pytest.mark.parametrize("call,error,match", [
    (lambda: paddle.full([1, 0, 2, 2**63 - 1], 1.0), ValueError,
     r"\[full\] a tensor of shape \[1, 0, 2, 9223372036854775807\] has more elements than fit in int64"),
    (lambda: paddle.zeros([0, 2**62, 4]), ValueError, r"\[full\] a tensor of shape .* more elements than fit"),
    (lambda: paddle.concat([paddle.zeros([0, 1, 2**63 - 1], "uint8"), paddle.zeros([0, 1, 2], "uint8")], axis=2),
     ValueError,
     r"\[concat\] the joined axis 2 would have more elements than fit in int64"),
    (lambda: F.conv2d(paddle.ones([1, 1, 3, 3]), paddle.ones([1, 1, 2, 2]), None, 2**31), ValueError,
     r"oneDNN cannot run a convolution with these sizes"),
    (_ragged_setitem, ValueError, r"\[setitem\] argument 'value': cannot be read as an array"),
    (lambda: paddle.empty([0, 2**63 - 1], dtype="bfloat16"), ValueError,
     r"with 2-byte elements has more bytes than fit in int64"),
    (lambda: paddle.take_along_axis(paddle.ones([3]), paddle.zeros([1], "int64"), 0, paddle.ones([2])), TypeError,
     r"\[take_along_axis\] argument 'broadcast': expected a bool"),
    (lambda: paddle.to_tensor([1.0], stop_gradient=paddle.ones([0], "bool")), TypeError,
     r"\[to_tensor\] argument 'stop_gradient': expected a bool"),
    (_huge_masked_setitem, OverflowError, r"\[to_tensor\] cannot make a uint8 tensor"),
    (lambda: F.interpolate(paddle.ones([1, 1, 2]), scale_factor=1e308), ValueError,
     r"\[interpolate\] argument 'scale_factor': 1e\+308 makes an output size beyond int64"),
])
def test_shapes_beyond_int64_and_unreadable_values_raise(call, error, match):
    """Leftovers of the fuzz runs: shapes whose non-zero dims (or bytes)
    overflow int64 (NumPy refuses them even when another dim is 0), oneDNN's
    own refusals, ragged lists assigned through basic indexing, tensors given
    for flags, and numbers too large for the dtype or the output size."""
    with pytest.raises(error, match=match):
        call()


def test_empty_tensors_with_large_dims_still_work():
    x = paddle.zeros([2**40, 0])
    assert x.shape == [2**40, 0] and x.numpy().shape == (2**40, 0)
    assert paddle.concat([x, x], axis=1).shape == [2**40, 0]


def test_wrapper_arguments_named_in_errors():
    with pytest.raises(TypeError, match=r"\[scale\] argument 'bias_after_scale'"):
        paddle.scale(paddle.ones([2]), 2.0, 1.0, bias_after_scale=paddle.to_tensor([[]], dtype="int32"))
    with pytest.raises(TypeError, match=r"\[create_parameter\] argument 'name'"):
        paddle.create_parameter([2], "float32", name=3)


def test_numpy_of_a_shape_numpy_cannot_hold_names_the_op():
    t = paddle.to_tensor([], dtype="float32").reshape([-1, 2**63 - 1])
    assert t.shape == [0, 2**63 - 1]
    with pytest.raises(ValueError, match=r"^\[numpy\] a tensor of shape"):
        t.numpy()


def test_interpolate_output_too_large_is_a_memory_error_naming_the_op():
    with pytest.raises(MemoryError, match=r"^\[interpolate\]"):  # 4 TB of float32
        paddle.nn.functional.interpolate(paddle.ones([1, 1, 2, 2]), size=[10**6, 10**6], mode="bilinear")


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_square_by_pow_is_numpys_exactly(dtype):
    """x ** 2 runs as one multiply; it must stay bit for bit NumPy's power, specials included."""
    a = np.random.default_rng(5).standard_normal(500).astype(dtype) * 100
    a[:6] = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-30]
    with np.errstate(over="ignore", under="ignore"):  # float16 squares overflow to inf, as they should
        expected = np.power(a, a.dtype.type(2))
    np.testing.assert_array_equal((paddle.to_tensor(a) ** 2).numpy(), expected)
    np.testing.assert_array_equal(paddle.pow(paddle.to_tensor(a), 2.0).numpy(), expected)


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_abs_of_negative_zero_is_positive_zero(dtype):
    got = paddle.abs(paddle.to_tensor(np.array([-0.0, 0.0, -1.5, np.nan], dtype=dtype))).numpy()
    assert not np.signbit(got[:3]).any() and np.isnan(got[3]) and got[2] == 1.5


def test_gradient_through_an_empty_slice_that_drops_an_axis():
    # the slice's gradient reshapes [1, 1, 0] to [1, 0]: there a 0 is a size, not "copy x's dim"
    x = paddle.to_tensor(np.ones((1, 2, 2)), stop_gradient=False)
    empty = x[:, 1, 2:]
    assert empty.shape == [1, 0]
    (x.sum() + (empty.unsqueeze(1) * 2.0).sum()).backward()
    np.testing.assert_array_equal(x.grad.numpy(), np.ones((1, 2, 2)))
    assert paddle.reshape(paddle.zeros([2, 0, 3]), [0, 5]).shape == [0, 5]
    assert paddle.reshape(paddle.ones([2, 3]), [0, 3]).shape == [2, 3]  # Paddle's copy convention stays


def test_old_style_batch_norm_uses_the_running_statistics_in_eval():
    bn = paddle.nn.BatchNorm(2, act="relu")
    x = paddle.to_tensor(np.arange(8.0, dtype="float32").reshape(2, 2, 2) * 3)
    bn.train()
    bn(x)  # moves the running statistics off (0, 1)
    bn.eval()
    mean, var = bn._mean.numpy(), bn._variance.numpy()
    want = np.maximum((x.numpy() - mean[None, :, None]) / np.sqrt(var[None, :, None] + 1e-5), 0)
    np.testing.assert_allclose(bn(x).numpy(), want, rtol=1e-5, atol=1e-6)


def test_flipping_a_0d_tensor_is_the_identity():
    for stop_gradient in (True, False):
        x = paddle.to_tensor(-1.5, stop_gradient=stop_gradient)
        assert paddle._C_ops.flip(x, [0]).item() == -1.5 and paddle._C_ops.flip(x, [-1]).item() == -1.5
    with pytest.raises(IndexError, match=r"\[flip\] axis \(1\) must be in \[-1, 0\]"):
        paddle._C_ops.flip(paddle.to_tensor(1.0), [1])


def test_recurrent_cell_gradients_refuse_mismatched_operands():
    gates, cell = paddle.ones([2, 8]), paddle.ones([2, 2])
    with pytest.raises(ValueError, match=r"\[lstm_cell_grad\] hidden_grad, cell_out_grad and cell_out must be"):
        paddle._C_ops.lstm_cell_grad(paddle.ones([5, 0]), cell, gates, cell, cell)
    with pytest.raises(TypeError, match=r"\[gru_cell_grad\] x_proj, h_proj and pre_hidden must have one dtype"):
        paddle._C_ops.gru_cell_grad(cell, paddle.ones([2, 6], "complex64"), paddle.ones([2, 6]), cell)


def test_samplers_and_series_with_degenerate_parameters_finish():
    draws = paddle.standard_gamma(paddle.to_tensor([-2.0, float("inf"), float("nan")], dtype="float64")).numpy()
    assert np.isnan(draws[0]) and np.isposinf(draws[1]) and np.isnan(draws[2])
    with pytest.raises(ValueError, match=r"\[arange\] a tensor of shape"):
        paddle.multigammaln(paddle.to_tensor([7.5]), 2**62)


def test_matrix_power_of_the_most_negative_exponent_finishes():
    x = paddle.to_tensor([[2.0]], stop_gradient=False)
    assert paddle.linalg.matrix_power(x, -(2**63)).item() == 0.0  # 2 ** -(2 ** 63) underflows to 0
    assert paddle.linalg.matrix_power(x, 2**62).item() == float("inf")


@pytest.mark.parametrize("call,error,match", [
    (lambda: paddle.unflatten(paddle.ones([2, 6]), 1, 3), TypeError,
     r"^\[unflatten\] argument 'shape': expected a list of ints, but got int"),
    (lambda: paddle.to_tensor(2, dtype="int8").diag_embed(4, 0), ValueError,
     r"^\[diag_embed\] argument 'input': expected a tensor of at least 1 dim"),
    (lambda: paddle.trapezoid(paddle.to_tensor([-4.5]), dx=[3, 3, 1], axis=0), TypeError,
     r"^\[trapezoid\] argument 'dx': expected a number, but got list"),
    (lambda: F.thresholded_relu(paddle.ones([2]), threshold="abc"), TypeError,
     r"^\[thresholded_relu\] argument 'threshold': expected a number, but got str"),
    (lambda: paddle.select_scatter(paddle.ones([2, 2]), paddle.ones([2]), 0, paddle.to_tensor([1, 0])), TypeError,
     r"^\[select_scatter\] argument 'index': expected an int, but got a int64 Tensor of shape \[2\]"),
    (lambda: paddle.histogram_bin_edges(paddle.ones([2]), 2, 1 + 0j, 2), TypeError,
     r"^\[histogram_bin_edges\] argument 'min': expected a number, but got complex"),
    (lambda: paddle.renorm(paddle.ones([2, 3]), 2.0, 1, [5]), TypeError,
     r"^\[renorm\] argument 'max_norm': expected a number, but got list"),
    (lambda: paddle.tensordot(paddle.ones([2]), paddle.ones([2, 2]), 1.5), TypeError,
     r"^\[tensordot\] argument 'axes': expected an int or a pair of axis lists, but got float"),
    (lambda: paddle.linalg.matrix_transpose([1.5, "a"]), TypeError,
     r"^\[matrix_transpose\] argument 'x': expected Tensor, but got list"),
    (lambda: paddle.stanh(paddle.ones([1]), 2.5, [1.5]), TypeError,
     r"^\[stanh\] argument 'scale_b': expected a number, but got list"),
    (lambda: paddle.crop(paddle.ones([2, 3]), [-1], False), TypeError,
     r"^\[crop\] argument 'offsets': expected a list of ints, but got bool"),
    (lambda: paddle.range(4, -0.9, 0), ValueError, r"^\[range\] argument 'step': expected a non-zero number"),
    (lambda: paddle.ones([1]).bernoulli_([1.5, "a"]), TypeError,
     r"^\[bernoulli_\] argument 'p': expected a number, but got list"),
])
def test_arguments_of_the_wrong_kind_are_named(call, error, match):
    """Fuzz run seed 53: arguments of the wrong type reached Python's own
    operators (TypeError: 'int' object is not iterable, IndexError, ...)."""
    with pytest.raises(error, match=match):
        call()


def test_combinations_of_nothing_is_empty():
    assert list(paddle.combinations(paddle.to_tensor([1.0 + 0j, 2.0]), r=0).shape) == [0]
    assert list(paddle.combinations(paddle.to_tensor([1.0]), r=2).shape) == [0, 2]


@pytest.mark.parametrize("call,error,match", [
    (lambda: paddle.unfold(paddle.ones([4]), 0, [3, 3], 1), TypeError,
     r"^\[unfold\] argument 'size': expected an int, but got list"),
    (lambda: paddle.linalg.lu_unpack(paddle.ones([2, 5]), paddle.to_tensor(1, dtype="int32")), ValueError,
     r"^\[lu_unpack\] argument 'y': expected the pivots of x, shape \[2\], but got shape \[\]"),
    (lambda: paddle.combinations(paddle.ones([40]), 20), ValueError,
     r"^\[combinations\] 137846528820 combinations of 20 of 40 elements are more than this op makes"),
    (lambda: paddle.nextafter(paddle.ones([1, 4]), paddle.ones([4, 0])), ValueError,
     r"^\[nextafter\] shapes \[1, 4\] and \[4, 0\] cannot be broadcast together"),
    (lambda: paddle.hsplit("float32", 0), TypeError, r"^\[hsplit\] argument 'x': expected Tensor, but got str"),
    (lambda: paddle.tolist([None]), TypeError, r"^\[tolist\] argument 'x': expected Tensor, but got list"),
    (lambda: paddle.ones([2, 0]).diag_embed(2**64), ValueError,
     r"^\[diag_embed\] argument 'offset': expected \|offset\| < 2\^31"),
    (lambda: paddle.range(-1, 1e308, 2), ValueError, r"^\[range\] from -1 to 1e\+308 by 2 has more numbers"),
    (lambda: paddle.vander(paddle.to_tensor([7, 3]), n={}), TypeError,
     r"^\[vander\] argument 'n': expected an int, but got dict"),
    (lambda: paddle.narrow(paddle.ones([3]), 0, 1, paddle.ones([0])), TypeError,
     r"^\[narrow\] argument 'length': expected an int"),
])
def test_arguments_fuzz_seed_54_found_unnamed(call, error, match):
    """Fuzz run seed 54 (4 min, 0 crashes): arguments that reached NumPy or
    Python's operators unchecked."""
    with pytest.raises(error, match=match):
        call()


def test_combinations_of_more_picks_than_elements_is_empty():
    assert list(paddle.combinations(paddle.ones([5]), 2**40).shape) == [0, 2**40]


@pytest.mark.parametrize("call,error,match", [
    (lambda: paddle.linalg.householder_product(paddle.ones([1, 1], "float64"), paddle.to_tensor(1.0, "float64")),
     ValueError, r"^\[householder_product\] argument 'tau': expected shape \[\.\.\., k\] with x's batch dims \[\], "
                 r"but got shape \[\]"),
    (lambda: paddle.linalg.householder_product(paddle.ones([2, 3, 2]), paddle.ones([3, 2])), ValueError,
     r"^\[householder_product\] argument 'tau': expected shape \[\.\.\., k\] with x's batch dims \[2\]"),
    (lambda: paddle.increment(paddle.to_tensor(5, "int8"), {}), TypeError,
     r"^\[increment\] argument 'value': expected a number, but got dict"),
    (lambda: paddle.to_tensor([1.25]).increment([1.5, "a"]), TypeError,
     r"^\[increment\] argument 'value': expected a number, but got list"),
    (lambda: paddle.asarray(paddle.to_tensor(7, "int16"), copy=paddle.ones([1, 5])), TypeError,
     r"^\[asarray\] argument 'copy': expected a bool, but got a float32 Tensor of shape \[1, 5\]"),
    (lambda: paddle.assign([[1, 2], [3]]), ValueError,
     r"^\[assign\] argument 'x': cannot make a tensor from ragged data"),
    (lambda: paddle.linalg.multi_dot([1.5, "a"]), TypeError,
     r"^\[multi_dot\] argument 'x\[0\]': expected Tensor, but got float"),
    (lambda: paddle.linalg.multi_dot([paddle.ones([2, 2]), [3]]), TypeError,
     r"^\[multi_dot\] argument 'x\[1\]': expected Tensor, but got list"),
    (lambda: paddle.range(4, float("nan")), ValueError,
     r"^\[range\] argument 'end': expected a finite number, but got nan"),
    (lambda: paddle.range(float("inf"), float("inf")), ValueError,
     r"^\[range\] argument 'start': expected a finite number, but got inf"),
    (lambda: paddle.range(0, 2**61), MemoryError, r"^\[range\] the numbers from 0 to 2305843009213693952 by 1 do not"),
    (lambda: paddle.range(0, 2**40), MemoryError, r"^\[range\] the numbers from 0 to 1099511627776 by 1 do not"),
    (lambda: paddle.tril_indices(2**40, 5), MemoryError,
     r"^\[tril_indices\] the indices of a 1099511627776 x 5 matrix's triangle do not fit in memory"),
    (lambda: paddle.tensor_split(paddle.ones([0]), 2**62), MemoryError,
     r"^\[tensor_split\] 4611686018427387904 parts of x.shape\[0\] \(0\) do not fit in memory"),
    (lambda: paddle.ones([1, 2, 0]).dsplit(2**62), MemoryError, r"^\[tensor_split\] 4611686018427387904 parts"),
    (lambda: paddle.to_tensor([[-2.02]]).corrcoef(paddle.to_tensor([])), TypeError,
     r"^\[corrcoef\] argument 'rowvar': expected a bool, but got a float32 Tensor of shape \[0\]"),
    (lambda: paddle.linalg.cov(paddle.ones([2, 3]), ddof="yes"), TypeError,
     r"^\[cov\] argument 'ddof': expected a bool, but got str"),
    (lambda: paddle.to_tensor(3.5).unique(axis=0), IndexError,
     r"^\[unique\] axis 0 is out of range for a 0-D tensor"),
    (lambda: paddle.unique(paddle.to_tensor(1 + 2j), axis=paddle.to_tensor([0])), IndexError,
     r"^\[unique\] axis 0 is out of range for a 0-D tensor"),
    (lambda: paddle.nn.functional.sequence_mask(paddle.to_tensor([1.0, float("inf")])), ValueError,
     r"^\[sequence_mask\] argument 'x': expected finite lengths when maxlen is None, but the largest is inf"),
    (lambda: paddle.nn.functional.sequence_mask(paddle.to_tensor([float("nan")])), ValueError,
     r"^\[sequence_mask\] argument 'x': expected finite lengths when maxlen is None, but the largest is nan"),
    # seed 62, the same kind
    (lambda: paddle.multiplex([paddle.to_tensor(2), paddle.to_tensor(3)], paddle.to_tensor([[1], [0]])), ValueError,
     r"^\[multiplex\] argument 'inputs\[0\]': expected a tensor of at least 2 dims, but got shape \[\]"),
    (lambda: paddle.multiplex([paddle.ones([2, 2]), 3], paddle.to_tensor([[1], [0]])), TypeError,
     r"^\[multiplex\] argument 'inputs\[1\]': expected Tensor, but got int"),
    (lambda: F.adaptive_log_softmax_with_loss(paddle.ones([1, 2]), paddle.to_tensor([3]), paddle.zeros([2, 3]), True,
                                              [2, 4]), TypeError,
     r"^\[adaptive_log_softmax_with_loss\] argument 'tail_weights': expected a list of \[proj, out\] Tensor pairs, "
     r"but got bool"),
    (lambda: F.adaptive_log_softmax_with_loss(paddle.ones([1, 2]), paddle.to_tensor([3]), paddle.zeros([2, 3]),
                                              [paddle.ones([2, 1])], [2, 4]), TypeError,
     r"^\[adaptive_log_softmax_with_loss\] argument 'tail_weights\[0\]': expected a \[proj, out\] pair"),
    (lambda: paddle.linalg.matrix_rank(paddle.ones([3, 3]), None, True, -2, [None]), TypeError,
     r"^\[matrix_rank\] argument 'rtol': expected a number or a Tensor, but got list"),
    (lambda: paddle.linalg.matrix_rank(paddle.ones([3, 3]), hermitian=paddle.ones([2])), TypeError,
     r"^\[matrix_rank\] argument 'hermitian': expected a bool, but got a float32 Tensor of shape \[2\]"),
    (lambda: paddle.bitwise_right_shift(paddle.to_tensor(6), paddle.to_tensor([1]), paddle.ones([3, 1])), TypeError,
     r"^\[bitwise_right_shift\] argument 'is_arithmetic': expected a bool, but got a float32 Tensor"),
])
def test_arguments_fuzz_seed_61_found_unnamed(call, error, match):
    """Fuzz runs seeds 61 and 62 (5 min each, 0 crashes): arguments that reached Python's
    operators, NumPy or a Tensor's truth value unchecked (IndexError: list
    index out of range, AttributeError, ZeroDivisionError, OverflowError,
    NumPy's AxisError and MemoryError)."""
    with pytest.raises(error, match=match):
        call()


def test_degenerate_inputs_fuzz_seed_61_found_give_values():
    # label_smooth of labels with no classes is empty (was a ZeroDivisionError)
    assert paddle.nn.functional.label_smooth(paddle.ones([1, 2, 0])).shape == [1, 2, 0]
    # an inf in x cannot be scaled down: nan (was an OverflowError); a finite huge norm still squares down
    assert math.isnan(paddle.linalg.matrix_exp(paddle.to_tensor([[[-math.inf]]])).item())
    assert paddle.linalg.matrix_exp(paddle.to_tensor([[-1e300]], dtype="float64")).item() == 0.0
    # fractional lengths compare as they are, as Paddle's kernel does (1.5 covers positions 0 and 1)
    got = paddle.nn.functional.sequence_mask(paddle.to_tensor([1.5, 2.0, 0.2])).tolist()
    assert got == [[1, 1], [1, 1], [1, 0]]
    # the upper triangle of a tall matrix, and diagonals beyond the matrix, as NumPy has them
    assert paddle.triu_indices(2**40, 3).tolist() == [[0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2]]
    for lower in (True, False):
        for row, col, offset in [(4, 6, 0), (6, 4, -2), (3, 3, 2**70), (3, 3, -(2**70)), (3, 4, -3), (0, 3, 0)]:
            ours = (paddle.tril_indices if lower else paddle.triu_indices)(row, col, offset).numpy()
            want = (np.tril_indices if lower else np.triu_indices)(row, max(-row, min(offset, col)), col)
            np.testing.assert_array_equal(ours, np.stack(want).reshape(2, -1))
    # matrix_rank's atol and rtol as Tensors hold one value per matrix, as in Paddle
    x = paddle.to_tensor([[[2.0, 0.0], [0.0, 0.2]], [[1.0, 0.0], [0.0, 0.8]]])
    assert paddle.linalg.matrix_rank(x, atol=paddle.to_tensor([0.1, 0.9])).tolist() == [2, 1]
    assert paddle.linalg.matrix_rank(x, atol=0.1, rtol=paddle.to_tensor([0.5, 0.5])).tolist() == [1, 2]


@pytest.mark.parametrize("record", [False, True])  # True: the decomposition path a recorded gradient takes
@pytest.mark.parametrize("axis", [-2**31 - 1, -3, 2, 5])
def test_layer_norm_grad_checks_begin_norm_axis_on_both_paths(axis, record):
    x = paddle.ones([3, 0])
    grad = paddle.ones([3, 0])
    grad.stop_gradient = not record
    with pytest.raises(IndexError, match=rf"^\[layer_norm_grad\] begin_norm_axis \({axis}\) must be in \[0, 2\)"):
        paddle._C_ops.layer_norm_grad(x, grad, x, x, x, 0.0, axis)
