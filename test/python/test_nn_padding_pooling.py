"""The fixed-mode padding layers (ConstantPad, ZeroPad, ReflectionPad,
ReplicationPad, CircularPad), LP pooling, max unpooling and fractional max
pooling: values against NumPy references, gradients against central finite
differences (float64), input errors, and the reprs PaddlePaddle 3.3 prints."""

from __future__ import annotations

import math

import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F
from gradcheck import check_grads

DTYPES = ["float32", "float64"]


def tol(dtype):
    return dict(rtol=1e-5, atol=1e-5) if dtype == "float32" else dict(rtol=1e-10, atol=1e-12)


# ---- padding layers -----------------------------------------------------------

_NP_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge", "circular": "wrap"}
_LAYERS = {
    ("constant", 1): nn.ConstantPad1D, ("constant", 2): nn.ConstantPad2D, ("constant", 3): nn.ConstantPad3D,
    ("reflect", 1): nn.ReflectionPad1D, ("reflect", 2): nn.ReflectionPad2D, ("reflect", 3): nn.ReflectionPad3D,
    ("replicate", 1): nn.ReplicationPad1D, ("replicate", 2): nn.ReplicationPad2D,
    ("replicate", 3): nn.ReplicationPad3D,
    ("circular", 1): nn.CircularPad1D, ("circular", 2): nn.CircularPad2D, ("circular", 3): nn.CircularPad3D,
}


def np_pad(x, padding, mode, value=0.0, channel_last=False):
    """padding lists (before, after) pairs for the spatial dims from the last one."""
    nd = len(padding) // 2
    widths = [(0, 0)] * x.ndim
    spatial = list(range(1, x.ndim - 1)) if channel_last else list(range(2, x.ndim))
    for i in range(nd):
        widths[spatial[-1 - i]] = (padding[2 * i], padding[2 * i + 1])
    if mode == "constant":
        return np.pad(x, widths, mode="constant", constant_values=value)
    return np.pad(x, widths, mode=_NP_MODES[mode])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mode", ["constant", "reflect", "replicate", "circular"])
@pytest.mark.parametrize("nd", [1, 2, 3])
def test_fixed_mode_padding_matches_numpy(mode, nd, dtype):
    rng = np.random.default_rng(nd)
    x = rng.standard_normal([2, 3] + [4, 5, 3][:nd]).astype(dtype)
    padding = [2, 1, 0, 3, 1, 2][:2 * nd]
    layer = _LAYERS[mode, nd](padding, 1.5) if mode == "constant" else _LAYERS[mode, nd](padding)
    out = layer(paddle.to_tensor(x))
    assert out.dtype == paddle.to_tensor(x).dtype
    np.testing.assert_allclose(out.numpy(), np_pad(x, padding, mode, 1.5), **tol(dtype))


@pytest.mark.parametrize("mode, padding", [("circular", [7, 3]), ("circular", [0, 9]), ("reflect", [0, 3]),
                                           ("replicate", [6, 0])])
def test_pads_wider_than_the_input_or_on_one_side(mode, padding):
    # Circular pads beyond the dim wrap it more than once (gathered through an
    # index); the others are slices of x.
    x = np.random.default_rng(3).standard_normal([2, 3, 4])
    out = paddle.nn.functional.pad(paddle.to_tensor(x), padding, mode=mode, data_format="NCL")
    np.testing.assert_array_equal(out.numpy(), np_pad(x, padding, mode))


@pytest.mark.parametrize("nd, layer_cls", [(1, nn.ZeroPad1D), (2, nn.ZeroPad2D), (3, nn.ZeroPad3D)])
def test_zero_pad_with_an_int_pads_every_side(nd, layer_cls):
    x = np.arange(2 * 3 ** nd, dtype="float32").reshape([1, 2] + [3] * nd)
    out = layer_cls(2)(paddle.to_tensor(x))
    np.testing.assert_array_equal(out.numpy(), np_pad(x, [2] * (2 * nd), "constant"))


@pytest.mark.parametrize("layer_cls, fmt", [(nn.ReplicationPad1D, "NLC"), (nn.CircularPad2D, "NHWC"),
                                            (nn.ReflectionPad3D, "NDHWC")])
def test_channel_last_padding(layer_cls, fmt):
    nd = len(fmt) - 2
    rng = np.random.default_rng(0)
    x = rng.standard_normal([2] + [4, 3, 5][:nd] + [3])
    padding = [1, 2, 2, 0, 1, 1][:2 * nd]
    out = layer_cls(padding, data_format=fmt)(paddle.to_tensor(x))
    mode = {nn.ReplicationPad1D: "replicate", nn.CircularPad2D: "circular", nn.ReflectionPad3D: "reflect"}[layer_cls]
    np.testing.assert_allclose(out.numpy(), np_pad(x, padding, mode, channel_last=True))


def test_padding_accepts_a_tensor_and_keeps_integer_dtypes():
    x = np.arange(6, dtype="int32").reshape([1, 2, 3])
    out = nn.ReplicationPad1D(paddle.to_tensor([1, 2]))(paddle.to_tensor(x))
    assert out.dtype == paddle.int32
    np.testing.assert_array_equal(out.numpy(), np.pad(x, [(0, 0), (0, 0), (1, 2)], mode="edge"))


@pytest.mark.parametrize("mode", ["constant", "reflect", "replicate", "circular"])
def test_padding_gradients(mode):
    rng = np.random.default_rng(1)
    layer = _LAYERS[mode, 2]([1, 2, 2, 0], 0.5) if mode == "constant" else _LAYERS[mode, 2]([1, 2, 2, 0])
    check_grads(layer, [rng.standard_normal([1, 2, 3, 4])], rng)


def test_padding_errors_name_the_layer():
    with pytest.raises(ValueError, match=r"^\[ConstantPad2D\] argument 'padding': expected an int or 4 ints, but got "
                                         r"\[1, 2, 3\]"):
        nn.ConstantPad2D([1, 2, 3], 0.0)
    with pytest.raises(TypeError, match=r"^\[ZeroPad1D\] argument 'padding': expected .*but got"):
        nn.ZeroPad1D(1.5)
    with pytest.raises(ValueError, match=r"^\[ReflectionPad1D\] argument 'data_format': expected one of 'NCL', "
                                         r"'NLC', but got 'NCHW'"):
        nn.ReflectionPad1D(1, data_format="NCHW")
    with pytest.raises(ValueError, match=r"^\[CircularPad2D\] argument 'x': expected a 4-D tensor \(NCHW\), but got "
                                         r"shape \[1, 2, 3\]"):
        nn.CircularPad2D(1)(paddle.ones([1, 2, 3]))
    with pytest.raises(TypeError, match=r"^\[ConstantPad1D\] argument 'value': expected a number, but got str"):
        nn.ConstantPad1D(1, "0")
    with pytest.raises(ValueError, match=r"^\[pad\] reflect padding of \(3, 3\) needs a dim larger than the pad"):
        nn.ReflectionPad1D(3)(paddle.ones([1, 1, 3]))


def test_padding_reprs_match_paddle():
    assert repr(nn.ConstantPad1D(2, 1.5)) == "ConstantPad1D(padding=[2, 2], mode=constant, value=1.5, data_format=NCL)"
    assert repr(nn.ConstantPad2D([1, 2, 3, 4], 0.0, data_format="NHWC", name="a")) == \
        "ConstantPad2D(padding=[1, 2, 3, 4], mode=constant, value=0.0, data_format=NHWC, name=a)"
    assert repr(nn.ConstantPad3D(1, 2)) == \
        "ConstantPad3D(padding=[1, 1, 1, 1, 1, 1], mode=constant, value=2, data_format=NCDHW)"
    assert repr(nn.ConstantPad1D((1, 2), 1)) == "ConstantPad1D(padding=(1, 2), mode=constant, value=1, data_format=NCL)"
    assert repr(nn.ZeroPad1D([1, 2], name="z")) == \
        "ZeroPad1D(padding=[1, 2], mode=constant, value=0.0, data_format=NCL, name=z)"
    assert repr(nn.ZeroPad2D(2)) == "ZeroPad2D(padding=[2, 2, 2, 2], mode=constant, value=0.0, data_format=NCHW)"
    assert repr(nn.ZeroPad3D([1, 2, 3, 4, 5, 6])) == \
        "ZeroPad3D(padding=[1, 2, 3, 4, 5, 6], mode=constant, value=0.0, data_format=NCDHW)"
    assert repr(nn.ReflectionPad2D([1, 0, 1, 0])) == \
        "ReflectionPad2D(padding=[1, 0, 1, 0], mode=reflect, value=0.0, data_format=NCHW)"
    assert repr(nn.ReplicationPad3D(1, data_format="NDHWC")) == \
        "ReplicationPad3D(padding=[1, 1, 1, 1, 1, 1], mode=replicate, value=0.0, data_format=NDHWC)"
    assert repr(nn.CircularPad1D(2)) == "CircularPad1D(padding=[2, 2], mode=circular, value=0.0, data_format=NCL)"
    assert repr(nn.Pad2D(1, value=2)) == "Pad2D(padding=[1, 1, 1, 1], mode=constant, value=2, data_format=NCHW)"


def test_lower_case_aliases_are_the_same_classes():
    for name in ["ConstantPad", "ReflectionPad", "ReplicationPad", "CircularPad"]:
        for nd in (1, 2, 3):
            assert getattr(nn, f"{name}{nd}d") is getattr(nn, f"{name}{nd}D")
    assert nn.LPPool1d is nn.LPPool1D and nn.LPPool2d is nn.LPPool2D
    for nd in (1, 2, 3):
        assert getattr(nn, f"AdaptiveMaxPool{nd}d") is getattr(nn, f"AdaptiveMaxPool{nd}D")
        assert getattr(nn, f"Conv{nd}d") is getattr(nn, f"Conv{nd}D")


# ---- LP pooling --------------------------------------------------------------------


def np_lp_pool(x, p, kernel, stride, pads, ceil_mode):
    """Sum of x^p over each window (zeros outside), to the power 1/p; pads per dim (before, after)."""
    nd = len(kernel)
    spatial = x.shape[2:]
    outs = []
    for d in range(nd):
        span = spatial[d] + pads[d][0] + pads[d][1] - kernel[d]
        outs.append((span + (stride[d] - 1 if ceil_mode else 0)) // stride[d] + 1)
    out = np.zeros(x.shape[:2] + tuple(outs))
    for idx in np.ndindex(*outs):
        window = x
        for d in range(nd):
            start = idx[d] * stride[d] - pads[d][0]
            lo, hi = max(start, 0), min(start + kernel[d], spatial[d])
            window = np.take(window, range(lo, hi), axis=2 + d)
        total = (window.astype(np.float64) ** p).sum(axis=tuple(range(2, 2 + nd)))
        out[(slice(None), slice(None)) + idx] = total ** (1.0 / p)
    return out


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("p, kernel, stride, padding, ceil", [
    (2, 3, None, 0, False), (1, 3, 2, 1, False), (3, 2, None, 0, True), (1.5, 4, 3, 2, True), (-1, 2, 1, 0, False),
])
def test_lp_pool1d_matches_numpy(dtype, p, kernel, stride, padding, ceil):
    x = np.random.default_rng(0).uniform(0.1, 2.0, [2, 3, 9]).astype(dtype)
    out = F.lp_pool1d(paddle.to_tensor(x), p, kernel, stride, padding, ceil_mode=ceil)
    ref = np_lp_pool(x, p, [kernel], [stride or kernel], [(padding, padding)], ceil)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-5 if dtype == "float32" else 1e-10)


def test_lp_pool_values_paddle_prints():
    # Odd powers of negative sums are nan, as Paddle's kernel computes pow(sum(x^p), 1/p).
    x = paddle.to_tensor([[[1.0, -2.0, 3.0, -4.0, 5.0]]])
    np.testing.assert_allclose(F.lp_pool1d(x, 3, 2, 1, padding=1).numpy().ravel(),
                               [1.0, np.nan, 2.668402, np.nan, 3.936497, 5.0], rtol=1e-6)
    np.testing.assert_allclose(F.lp_pool1d(x, 2, 2, ceil_mode=True).numpy().ravel(), [2.236068, 5.0, 5.0], rtol=1e-6)
    np.testing.assert_array_equal(F.lp_pool1d(x, math.inf, 2).numpy().ravel(), [1.0, 3.0])
    ones = paddle.ones([1, 1, 4, 4])
    nested_padding = [[0, 0], [0, 0], [1, 0], [0, 1]]
    np.testing.assert_array_equal(F.lp_pool2d(ones, 1, 3, padding=nested_padding).numpy(), [[[[6.0]]]])
    np.testing.assert_array_equal(F.lp_pool1d(paddle.to_tensor([[[1.0, 2, 3, 4, 5]]]), 1, 2, padding="SAME").numpy(),
                                  [[[3.0, 7.0, 5.0]]])


@pytest.mark.parametrize("dtype", DTYPES)
def test_lp_pool2d_matches_numpy(dtype):
    x = np.random.default_rng(1).uniform(0.1, 2.0, [2, 2, 5, 7]).astype(dtype)
    out = F.lp_pool2d(paddle.to_tensor(x), 2, [2, 3], stride=[1, 2], padding=1)
    ref = np_lp_pool(x, 2, [2, 3], [1, 2], [(1, 1), (1, 1)], False)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-5 if dtype == "float32" else 1e-10)
    nhwc = F.lp_pool2d(paddle.to_tensor(x.transpose(0, 2, 3, 1)), 3, 2, ceil_mode=True, data_format="NHWC")
    np.testing.assert_allclose(nhwc.numpy().transpose(0, 3, 1, 2), np_lp_pool(x, 3, [2, 2], [2, 2], [(0, 0)] * 2, True),
                               rtol=1e-5 if dtype == "float32" else 1e-10)


def test_lp_pool_gradients_and_layers():
    rng = np.random.default_rng(2)
    check_grads(lambda x: F.lp_pool1d(x, 2, 3, 2, 1, ceil_mode=True), [rng.uniform(0.5, 2, [1, 2, 8])], rng)
    check_grads(nn.LPPool2D(3, 2, stride=1), [rng.uniform(0.5, 2, [1, 2, 3, 4])], rng)
    layer = nn.LPPool1d(2, 2)
    np.testing.assert_allclose(layer(paddle.to_tensor([[[3.0, 4.0, 6.0, 8.0]]])).numpy(), [[[5.0, 10.0]]])
    assert repr(layer) == "LPPool1D(norm_type=2.0, kernel_size=2, stride=None, padding=0)"
    assert repr(nn.LPPool2D(2.0, 3, stride=2, padding=1, ceil_mode=True, data_format="NHWC", name="q")) == \
        "LPPool2D(norm_type=2.0, kernel_size=3, stride=2, padding=1)"
    assert repr(nn.LPPool2D(2, (2, 3), padding="SAME")) == \
        "LPPool2D(norm_type=2.0, kernel_size=(2, 3), stride=(2, 3), padding=SAME)"
    assert repr(nn.LPPool1D(float("inf"), 2)) == "LPPool1D(norm_type=inf, kernel_size=2, stride=None, padding=0)"


def test_lp_pool_errors():
    x = paddle.ones([1, 1, 4])
    with pytest.raises(ValueError, match=r"^\[lp_pool1d\] argument 'norm_type': expected a nonzero number, but got 0"):
        F.lp_pool1d(x, 0, 2)
    with pytest.raises(ValueError, match=r"^\[lp_pool2d\] x must be 4-D \(NCHW\), but got shape"):
        F.lp_pool2d(x, 2, 2)
    with pytest.raises(ValueError, match=r"^\[LPPool1D\] argument 'kernel_size': expected ints >= 1, but got 0"):
        nn.LPPool1D(2, 0)


# ---- max unpooling ------------------------------------------------------------------


def np_unpool(values, indices, out_spatial):
    n, c = values.shape[:2]
    out = np.zeros((n, c, int(np.prod(out_spatial))), dtype=values.dtype)
    for i in range(n):
        for j in range(c):
            out[i, j, indices[i, j].ravel()] = values[i, j].ravel()
    return out.reshape((n, c) + tuple(out_spatial))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("nd, kernel, stride, padding, in_size", [
    (1, 2, None, 0, [8]), (1, 3, 2, 1, [9]), (2, 2, None, 0, [4, 6]), (2, 3, 2, 1, [5, 5]), (3, 2, None, 0, [4, 4, 2]),
])
def test_max_unpool_inverts_max_pool(dtype, nd, kernel, stride, padding, in_size):
    x = np.random.default_rng(nd).standard_normal([2, 3] + in_size).astype(dtype)
    pool = getattr(F, f"max_pool{nd}d")
    unpool = getattr(F, f"max_unpool{nd}d")
    values, mask = pool(paddle.to_tensor(x), kernel, stride, padding, return_mask=True)
    out = unpool(values, mask, kernel, stride, padding, output_size=in_size)
    np.testing.assert_array_equal(out.numpy(), np_unpool(values.numpy(), mask.numpy(), in_size))
    # Each kept maximum is back where it was.
    kept = out.numpy() != 0
    np.testing.assert_array_equal(out.numpy()[kept], x[kept])


def test_max_unpool_default_output_size_and_layer():
    x = paddle.to_tensor([[[1.0, 5.0, 2.0, 3.0]]])
    values, mask = F.max_pool1d(x, 2, return_mask=True)
    out = nn.MaxUnPool1D(2)(values, mask)  # (2 - 1) * 2 + 2 = 4
    np.testing.assert_array_equal(out.numpy(), [[[0.0, 5.0, 0.0, 3.0]]])
    grid = paddle.arange(16, dtype="float32").reshape([1, 1, 4, 4])
    values, mask = F.max_pool2d(grid, 2, return_mask=True)
    layer = nn.MaxUnPool2D(2, output_size=[5, 5])
    assert layer(values, mask).shape == [1, 1, 5, 5]
    assert layer(values, mask, output_size=[4, 4]).shape == [1, 1, 4, 4]  # the call's size wins
    assert repr(layer) == "MaxUnPool2D(output_size=[5, 5])"
    assert repr(nn.MaxUnPool3D(2)) == "MaxUnPool3D(output_size=None)"


def test_max_unpool_gradient():
    rng = np.random.default_rng(3)
    _, mask = F.max_pool2d(paddle.to_tensor(rng.standard_normal([1, 2, 4, 4])), 2, return_mask=True)
    check_grads(lambda v: F.max_unpool2d(v, mask, 2), [rng.standard_normal([1, 2, 2, 2])], rng)


def test_max_unpool_errors():
    values, mask = F.max_pool2d(paddle.rand([1, 1, 4, 4]), 2, return_mask=True)
    with pytest.raises(ValueError, match=r"^\[max_unpool2d\] argument 'output_size': expected dim 0 in \(2, 6\), but "
                                         r"got 6"):
        F.max_unpool2d(values, mask, 2, output_size=[6, 6])
    with pytest.raises(ValueError, match=r"^\[max_unpool2d\] argument 'indices': expected values in \[0, 9\) for the "
                                         r"output size \[3, 3\], but got"):
        F.max_unpool2d(values, mask, 2, stride=1, output_size=[3, 3])
    with pytest.raises(TypeError, match=r"^\[max_unpool2d\] argument 'indices': expected an int32 or int64 Tensor, but "
                                        r"got a float32 Tensor"):
        F.max_unpool2d(values, mask.astype("float32"), 2)
    with pytest.raises(ValueError, match=r"^\[max_unpool2d\] argument 'data_format': expected 'NCHW', but got 'NHWC'"):
        F.max_unpool2d(values, mask, 2, data_format="NHWC")
    with pytest.raises(ValueError, match=r"^\[max_unpool1d\] argument 'x': expected a 3-D tensor \(NCL\), but got "
                                         r"shape \[1, 1, 2, 2\]"):
        F.max_unpool1d(values, mask, 2)


# ---- fractional max pooling ---------------------------------------------------------


def np_fractional_windows(n, out, kernel, u):
    """Paddle's pseudo-random windows (computed in float32 like its kernel)."""
    f = np.float32
    if kernel:
        alpha = f(n - kernel) / f(out - 1)
    else:
        alpha = f(n) / f(out)
        base = n // out
        u = f(u) * min(f(base + 2) / alpha - f(1), f(n + 1 - base) / alpha - f(out - 1))
    u = f(u)
    starts = [int((f(i) + u) * alpha) - int(u * alpha) for i in range(out)]
    ends = [s + kernel for s in starts] if kernel else starts[1:] + [int((f(out) + u) * alpha) - int(u * alpha)]
    return [(max(s, 0), min(e, n)) for s, e in zip(starts, ends)]


def np_fractional_pool(x, sizes, kernel, u):
    nd = len(sizes)
    spans = [np_fractional_windows(x.shape[2 + d], sizes[d], kernel[d], u) for d in range(nd)]
    out = np.zeros(x.shape[:2] + tuple(sizes), dtype=x.dtype)
    mask = np.zeros(out.shape, dtype=np.int64)
    for idx in np.ndindex(*sizes):
        window = x[(slice(None), slice(None)) + tuple(slice(*spans[d][idx[d]]) for d in range(nd))]
        flat = window.reshape(x.shape[:2] + (-1,))
        best = flat.argmax(-1)
        out[(slice(None), slice(None)) + idx] = flat.max(-1)
        local = np.unravel_index(best, window.shape[2:])
        pos = np.zeros_like(best)
        for d in range(nd):
            pos = pos * x.shape[2 + d] + local[d] + spans[d][idx[d]][0]
        mask[(slice(None), slice(None)) + idx] = pos
    return out, mask


def test_fractional_windows_of_paddles_documented_example():
    # Paddle's docs: a length-7 sequence, output 5, u = 0.3 -> windows of sizes 1, 2, 1, 2, 1.
    x = paddle.to_tensor([2.0, 4.0, 3.0, 1.0, 5.0, 2.0, 3.0]).reshape([1, 1, 1, 7])
    out = F.fractional_max_pool2d(x, [1, 5], random_u=0.3)
    np.testing.assert_array_equal(out.numpy().ravel(), [2.0, 4.0, 1.0, 5.0, 3.0])
    # The windows Paddle 3.3 uses for length 10 into 3 (read off its masks).
    assert np_fractional_windows(10, 3, 0, 0.5) == [(0, 4), (4, 7), (7, 10)]
    assert np_fractional_windows(10, 3, 0, 0.8) == [(0, 3), (3, 6), (6, 10)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("sizes, kernel, u", [([3, 4], None, 0.3), ([3, 4], 2, 0.77), ([5, 7], None, 0.42),
                                              ([2, 3], [3, 2], 0.9), ([4, 6], None, 0.999)])
def test_fractional_max_pool2d_matches_numpy(dtype, sizes, kernel, u):
    x = np.random.default_rng(4).standard_normal([2, 3, 7, 9]).astype(dtype)
    out, mask = F.fractional_max_pool2d(paddle.to_tensor(x), sizes, kernel, random_u=u, return_mask=True)
    ks = [0, 0] if kernel is None else ([kernel] * 2 if isinstance(kernel, int) else kernel)
    ref, ref_mask = np_fractional_pool(x, sizes, ks, u)
    np.testing.assert_array_equal(out.numpy(), ref)
    np.testing.assert_array_equal(mask.numpy(), ref_mask)
    assert mask.dtype == paddle.int32


def test_fractional_max_pool2d_mask_paddle_prints():
    # Paddle 3.3.1 on the same input: F.fractional_max_pool2d(x, [3, 4], random_u=0.3, return_mask=True).
    x = np.random.default_rng(0).standard_normal([2, 3, 7, 9])
    _, mask = F.fractional_max_pool2d(paddle.to_tensor(x), [3, 4], random_u=0.3, return_mask=True)
    np.testing.assert_array_equal(mask.numpy()[0, 0], [[0, 2, 6, 7], [19, 39, 41, 43], [46, 47, 49, 62]])


@pytest.mark.parametrize("kernel", [None, 2])
def test_fractional_max_pool3d_matches_numpy(kernel):
    x = np.random.default_rng(5).standard_normal([1, 2, 5, 6, 7]).astype("float32")
    out, mask = F.fractional_max_pool3d(paddle.to_tensor(x), [2, 3, 4], kernel, random_u=0.6, return_mask=True)
    ref, ref_mask = np_fractional_pool(x, [2, 3, 4], [kernel or 0] * 3, 0.6)
    np.testing.assert_array_equal(out.numpy(), ref)
    np.testing.assert_array_equal(mask.numpy(), ref_mask)


def test_fractional_max_pool_none_keeps_a_size_and_random_u_draws():
    x = paddle.rand([1, 2, 6, 8])
    assert F.fractional_max_pool2d(x, [None, 3], random_u=0.5).shape == [1, 2, 6, 3]
    paddle.seed(7)
    a = F.fractional_max_pool2d(x, 4)
    paddle.seed(7)
    np.testing.assert_array_equal(a.numpy(), F.fractional_max_pool2d(x, 4).numpy())


def test_fractional_max_pool_gradient_and_layers():
    rng = np.random.default_rng(6)
    check_grads(lambda x: F.fractional_max_pool2d(x, [2, 3], random_u=0.4), [rng.standard_normal([1, 2, 5, 6])], rng)
    check_grads(nn.FractionalMaxPool3D(2, kernel_size=2, random_u=0.7), [rng.standard_normal([1, 1, 3, 4, 3])], rng)
    layer = nn.FractionalMaxPool2D(3, random_u=0.3)
    assert layer(paddle.rand([2, 4, 7, 7])).shape == [2, 4, 3, 3]
    assert repr(layer) == "FractionalMaxPool2D(output_size=3, return_mask=False)"
    assert repr(nn.FractionalMaxPool2D([3, 4], 2, 0.3, True, name="f")) == \
        "FractionalMaxPool2D(output_size=[3, 4], return_mask=True)"
    assert repr(nn.FractionalMaxPool3D((2, 3, 4), return_mask=True)) == \
        "FractionalMaxPool3D(output_size=(2, 3, 4), return_mask=True)"


def test_fractional_max_pool_errors():
    x = paddle.rand([1, 1, 7, 9])
    with pytest.raises(ValueError, match=r"^\[fractional_max_pool2d\] argument 'random_u': expected a number in "
                                         r"\(0, 1\), but got 1.5"):
        F.fractional_max_pool2d(x, 3, random_u=1.5)
    with pytest.raises(ValueError, match=r"^\[fractional_max_pool2d\] spatial dim 0 of x has size 7: too small for "
                                         r"8 windows"):
        F.fractional_max_pool2d(x, 8, random_u=0.5)
    with pytest.raises(ValueError, match=r"^\[fractional_max_pool3d\] argument 'x': expected a 5-D tensor, but got "
                                         r"shape \[1, 1, 7, 9\]"):
        F.fractional_max_pool3d(x, 3, random_u=0.5)
    with pytest.raises(TypeError, match=r"^\[fractional_max_pool2d\] argument 'x': expected a floating-point Tensor"):
        F.fractional_max_pool2d(paddle.ones([1, 1, 4, 4], dtype="int32"), 2, random_u=0.5)
    with pytest.raises(ValueError, match=r"^\[FractionalMaxPool2D\] argument 'random_u': expected a number in \(0, 1\)"
                                         r""):
        nn.FractionalMaxPool2D(3, random_u=0.0)
