"""Paddle 3.x names composed in Python (fourth batch): logical_xor,
scatter_nd, swapdims / swapaxes, take_along_dim (and their Tensor methods),
Tensor.get_tensor / is_dist / new_empty / element_size, get_cuda_rng_state /
set_cuda_rng_state, the lowercase-d layer names of paddle.nn (Conv2d,
ReflectionPad1d, AdaptiveMaxPool3d...), and paddle.nn.functional's
dropout3d, elu_, max_unpool3d, square_error_cost and upsample. Values
against NumPy or hand-worked cases; errors that name the op."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.lib.stride_tricks import sliding_window_view

import paddle
import paddle.nn.functional as F
from paddle import nn

RNG = np.random.default_rng(29)


def _t(a):
    return paddle.to_tensor(np.asarray(a))


# ---- logical_xor, scatter_nd, swapdims, take_along_dim ---------------------

def test_logical_xor_of_bools_and_of_numbers_is_bool():
    a, b = RNG.random((3, 1)) < 0.5, RNG.random((4,)) < 0.5
    np.testing.assert_array_equal(paddle.logical_xor(_t(a), _t(b)).numpy(), np.logical_xor(a, b))  # broadcast
    x, y = np.array([0.0, 1.5, -2.0, 0.0]), np.array([3.0, 0.0, 1.0, 0.0])
    got = _t(x).logical_xor(_t(y))  # nonzero is True
    assert got.dtype == paddle.bool and got.tolist() == [True, True, False, False]


def test_scatter_nd_adds_the_updates_into_zeros():
    # index rows name elements (or, with fewer columns than shape's rank, whole slices); repeats add up
    index = np.array([[1], [3], [1]])
    assert paddle.scatter_nd(_t(index), _t([9.0, 10.0, 11.0]), [5]).tolist() == [0.0, 20.0, 0.0, 10.0, 0.0]
    index = RNG.integers(0, 3, (6, 2))
    updates = RNG.standard_normal((6, 4))
    want = np.zeros((3, 3, 4))
    np.add.at(want, (index[:, 0], index[:, 1]), updates)
    np.testing.assert_allclose(_t(index).scatter_nd(_t(updates), [3, 3, 4]).numpy(), want, rtol=1e-12)


def test_swapdims_and_swapaxes_swap_two_axes_or_permute():
    a = RNG.standard_normal((2, 3, 4))
    x = _t(a)
    np.testing.assert_array_equal(paddle.swapdims(x, 0, 2).numpy(), np.swapaxes(a, 0, 2))
    np.testing.assert_array_equal(x.swapdims(1, -1).numpy(), np.swapaxes(a, 1, -1))
    np.testing.assert_array_equal(paddle.swapaxes(x, 2, 1).numpy(), np.swapaxes(a, 2, 1))
    # Paddle's swapdims is its transpose, which also takes a whole permutation
    np.testing.assert_array_equal(paddle.swapdims(x, [2, 0, 1]).numpy(), a.transpose(2, 0, 1))
    np.testing.assert_array_equal(x.swapaxes(perm=[1, 0, 2]).numpy(), a.transpose(1, 0, 2))
    with pytest.raises(IndexError, match=r"\[swapaxes\] dim1 3 is out of range for a 3-D tensor"):
        paddle.swapdims(x, 0, 3)


def test_take_along_dim_is_numpys_take_along_axis():
    a = RNG.standard_normal((3, 5))
    idx = RNG.integers(0, 5, (3, 2))
    np.testing.assert_array_equal(paddle.take_along_dim(_t(a), _t(idx), 1).numpy(), np.take_along_axis(a, idx, 1))
    idx = RNG.integers(0, 3, (4, 5))
    np.testing.assert_array_equal(_t(a).take_along_dim(_t(idx), 0).numpy(), np.take_along_axis(a, idx, 0))
    # indices of one column broadcast over the other dims
    assert paddle.take_along_dim(_t([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), _t([[2], [0]]), 1).tolist() == [[3.0], [4.0]]


# ---- Tensor.get_tensor, is_dist, new_empty -----------------------------------

def test_get_tensor_gives_the_values_over_the_same_memory():
    x = _t([[1.0, 2.0], [3.0, 4.0]])
    dense = x.get_tensor()
    np.testing.assert_array_equal(np.array(dense), [[1.0, 2.0], [3.0, 4.0]])
    x.add_(paddle.ones([2, 2], dtype=x.dtype))
    np.testing.assert_array_equal(np.array(dense), [[2.0, 3.0], [4.0, 5.0]])  # it sees x's update
    assert x.is_dist() is False  # a tensor of one process, not a distributed one


def test_new_empty_takes_xs_dtype_and_place_unless_told():
    x = paddle.ones([2], dtype="float64")
    e = x.new_empty([3, 4])
    assert e.shape == [3, 4] and e.dtype == paddle.float64 and e.place == x.place and e.stop_gradient
    e = x.new_empty((5,), dtype="int32", requires_grad=True)
    assert e.shape == [5] and e.dtype == paddle.int32 and not e.stop_gradient
    assert x.new_empty([0, 2]).shape == [0, 2]


@pytest.mark.parametrize("dtype, size", [("bool", 1), ("uint8", 1), ("int16", 2), ("float16", 2), ("bfloat16", 2),
                                         ("float32", 4), ("int64", 8), ("float64", 8), ("complex64", 8),
                                         ("complex128", 16)])
def test_element_size_is_the_bytes_of_one_element(dtype, size):
    assert paddle.ones([3], dtype=dtype).element_size() == size


# ---- CUDA generator states -----------------------------------------------------

def test_cuda_rng_state_without_a_gpu_is_an_empty_list():
    if paddle.device.cuda.device_count() > 0:
        pytest.skip("a GPU is present: test_cuda_rng_state_round_trip covers it")
    # One state per GPU: none here, as Paddle's get_cuda_rng_state gives on a machine without one.
    assert paddle.get_cuda_rng_state() == []
    assert paddle.set_cuda_rng_state([]) is None
    # Paddle's CUDA build also refuses a list of another length than the GPUs (its CPU-only build ignores
    # the call, whatever the list).
    with pytest.raises(ValueError, match=r"\[set_rng_state\] argument 'state_list': expected a list of 0"):
        paddle.set_cuda_rng_state(paddle.get_rng_state("cpu"))


@pytest.mark.gpu
def test_cuda_rng_state_round_trip():
    previous = paddle.get_device()
    paddle.set_device("gpu:0")
    try:
        states = paddle.get_cuda_rng_state()
        assert len(states) == paddle.device.cuda.device_count()
        first, second = paddle.rand([8]).numpy(), paddle.rand([8]).numpy()
        paddle.set_cuda_rng_state(states)
        np.testing.assert_array_equal(paddle.rand([8]).numpy(), first)  # the same draws again
        assert not np.array_equal(first, second)
    finally:
        paddle.set_device(previous)


# ---- the lowercase-d layer names -------------------------------------------------

# Paddle 3.x's second spellings of its layers: the very same classes.
LOWERCASE_D = ["AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d", "CircularPad1d", "CircularPad2d",
               "CircularPad3d", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "Conv1d", "Conv2d", "Conv3d",
               "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d",
               "ReplicationPad3d"]


@pytest.mark.parametrize("name", LOWERCASE_D)
def test_a_lowercase_d_layer_is_its_D_layer(name):
    assert getattr(nn, name) is getattr(nn, name[:-1] + "D")


def _np_pad(x, padding, mode, value=0.0):
    """Paddle's padding lists the last dim first: [left, right, top, bottom, front, back]."""
    pairs = [(0, 0), (0, 0)] + [(padding[2 * i], padding[2 * i + 1]) for i in range(len(padding) // 2)][::-1]
    return np.pad(x, pairs, mode, **({"constant_values": value} if mode == "constant" else {}))


@pytest.mark.parametrize("name, padding, mode", [
    ("ConstantPad1d", [1, 2], "constant"), ("ConstantPad2d", [1, 0, 2, 1], "constant"),
    ("ConstantPad3d", [1, 1, 0, 2, 1, 0], "constant"),
    ("ReflectionPad1d", [2, 1], "reflect"), ("ReflectionPad2d", [1, 2, 2, 0], "reflect"),
    ("ReflectionPad3d", [1, 0, 1, 1, 2, 1], "reflect"),
    ("ReplicationPad1d", [3, 0], "edge"), ("ReplicationPad2d", [0, 2, 1, 3], "edge"),
    ("ReplicationPad3d", [1, 2, 0, 1, 1, 1], "edge"),
    ("CircularPad1d", [2, 2], "wrap"), ("CircularPad2d", [1, 2, 0, 1], "wrap"),
    ("CircularPad3d", [0, 1, 2, 1, 1, 0], "wrap"),
])
def test_the_pad_layers_pad_as_numpy(name, padding, mode):
    rank = int(name[-2]) + 2
    x = RNG.standard_normal((2, 3, 4, 5, 6)[:rank])
    layer = getattr(nn, name)(padding, 0.5) if mode == "constant" else getattr(nn, name)(padding)
    np.testing.assert_array_equal(layer(_t(x)).numpy(), _np_pad(x, padding, mode, 0.5))


def _np_adaptive_max(x, out):
    """Bin i of a dim of length L spans [floor(i * L / out), ceil((i + 1) * L / out))."""
    spatial = x.shape[2:]
    got = np.empty(x.shape[:2] + tuple(out))
    for idx in np.ndindex(*out):
        bins = tuple(slice(i * n // o, -(-(i + 1) * n // o)) for i, n, o in zip(idx, spatial, out))
        got[(Ellipsis, *idx)] = x[(slice(None), slice(None)) + bins].max(axis=tuple(range(2, x.ndim)))
    return got


@pytest.mark.parametrize("name, shape, out", [("AdaptiveMaxPool1d", (2, 3, 7), [3]),
                                              ("AdaptiveMaxPool2d", (2, 3, 5, 7), [2, 3]),
                                              ("AdaptiveMaxPool3d", (1, 2, 4, 5, 6), [3, 2, 4])])
def test_adaptive_max_pools_take_each_bins_max(name, shape, out):
    x = RNG.standard_normal(shape)
    np.testing.assert_array_equal(getattr(nn, name)(out)(_t(x)).numpy(), _np_adaptive_max(x, out))


def test_adaptive_max_pool2d_mask_is_the_flat_position_of_each_max():
    x = RNG.standard_normal((1, 2, 4, 6))
    values, mask = nn.AdaptiveMaxPool2d([2, 3], return_mask=True)(_t(x))
    flat = x.reshape(1, 2, -1)
    np.testing.assert_array_equal(np.take_along_axis(flat, mask.numpy().reshape(1, 2, -1).astype(np.int64), 2),
                                  values.numpy().reshape(1, 2, -1))


def _np_conv(x, w, b, stride, padding):
    """Cross-correlation of x [N, C, *spatial] with w [O, C, *kernel], over sliding windows."""
    nd = x.ndim - 2
    xp = np.pad(x, [(0, 0), (0, 0)] + [(padding, padding)] * nd)
    windows = sliding_window_view(xp, w.shape[2:], axis=tuple(range(2, 2 + nd)))
    windows = windows[(slice(None), slice(None)) + (slice(None, None, stride),) * nd]
    out, kernel = "xyz"[:nd], "ijk"[:nd]
    return np.einsum(f"nc{out}{kernel},mc{kernel}->nm{out}", windows, w) + b.reshape((1, -1) + (1,) * nd)


@pytest.mark.parametrize("name, shape, kernel, stride, padding", [
    ("Conv1d", (2, 3, 9), 3, 1, 1), ("Conv2d", (2, 3, 7, 6), 3, 2, 1), ("Conv3d", (1, 2, 5, 4, 6), 2, 1, 0)])
def test_the_conv_layers_cross_correlate_as_numpy(name, shape, kernel, stride, padding):
    paddle.seed(4)
    conv = getattr(nn, name)(shape[1], 4, kernel, stride=stride, padding=padding)
    assert conv.weight.shape == [4, shape[1]] + [kernel] * (len(shape) - 2)
    x = RNG.standard_normal(shape).astype("float32")
    want = _np_conv(x.astype(np.float64), conv.weight.numpy().astype(np.float64), conv.bias.numpy(), stride, padding)
    np.testing.assert_allclose(conv(_t(x)).numpy(), want, rtol=1e-5, atol=1e-5)


# ---- paddle.nn.functional ---------------------------------------------------------

def test_dropout3d_drops_whole_channels_and_scales_the_rest():
    paddle.seed(11)
    x = paddle.ones([8, 16, 2, 3, 2])
    got = F.dropout3d(x, p=0.5).numpy().reshape(8, 16, -1)
    assert (got == got[..., :1]).all()  # a channel is dropped or kept whole
    assert set(np.unique(got)) == {0.0, 2.0}  # kept ones are scaled by 1 / (1 - p)
    assert 0.35 < (got[..., 0] == 0).mean() < 0.65
    last = F.dropout3d(paddle.ones([4, 2, 3, 2, 16]), p=0.5, data_format="NDHWC").numpy()
    per_channel = last.transpose(0, 4, 1, 2, 3).reshape(4, 16, -1)
    assert (per_channel == per_channel[..., :1]).all() and set(np.unique(per_channel)) == {0.0, 2.0}
    a = RNG.standard_normal((2, 3, 2, 2, 2))
    np.testing.assert_array_equal(F.dropout3d(_t(a), p=0.5, training=False).numpy(), a)
    np.testing.assert_array_equal(F.dropout3d(_t(a), p=0.0).numpy(), a)
    np.testing.assert_array_equal(F.dropout3d(_t(a), p=1.0).numpy(), np.zeros_like(a))
    with pytest.raises(ValueError, match=r"\[dropout3d\] argument 'x': expected a 5-D tensor"):
        F.dropout3d(paddle.ones([3, 2, 2, 2]))


def test_elu_in_place_writes_elu_into_x():
    a = np.array([[-2.0, -0.5], [0.0, 1.5]])
    x = _t(a)
    view = x[0]
    assert F.elu_(x, alpha=0.5) is x
    want = np.where(a > 0, a, 0.5 * np.expm1(a))
    np.testing.assert_allclose(x.numpy(), want, rtol=1e-12)
    np.testing.assert_allclose(view.numpy(), want[0], rtol=1e-12)


def test_max_unpool3d_puts_each_max_back_at_its_place():
    x = RNG.standard_normal((2, 3, 4, 4, 6))
    pooled, mask = F.max_pool3d(_t(x), 2, 2, return_mask=True)
    # NumPy: the max of each 2x2x2 window and its flat position in the 4*4*6 volume
    windows = x.reshape(2, 3, 2, 2, 2, 2, 3, 2).transpose(0, 1, 2, 4, 6, 3, 5, 7).reshape(2, 3, 2, 2, 3, 8)
    arg = windows.argmax(-1)
    dz, dy, dx = np.unravel_index(arg, (2, 2, 2))
    z, y, w = np.meshgrid(np.arange(2), np.arange(2), np.arange(3), indexing="ij")
    flat = ((2 * z + dz) * 4 + (2 * y + dy)) * 6 + (2 * w + dx)
    np.testing.assert_array_equal(mask.numpy(), flat)
    want = np.zeros((2, 3, 4 * 4 * 6))
    np.put_along_axis(want, flat.reshape(2, 3, -1), windows.max(-1).reshape(2, 3, -1), axis=2)
    np.testing.assert_array_equal(F.max_unpool3d(pooled, mask, 2).numpy(), want.reshape(2, 3, 4, 4, 6))
    bigger = F.max_unpool3d(pooled, mask, 2, output_size=[5, 5, 7])  # the flat positions count in the bigger volume
    assert bigger.shape == [2, 3, 5, 5, 7]
    np.testing.assert_array_equal(bigger.numpy().reshape(2, 3, -1), np.pad(want, [(0, 0), (0, 0), (0, 175 - 96)]))


def test_square_error_cost_is_the_elementwise_square_of_the_difference():
    a, b = RNG.standard_normal((3, 4)), RNG.standard_normal((3, 4))
    np.testing.assert_allclose(F.square_error_cost(_t(a), _t(b)).numpy(), (a - b) ** 2, rtol=1e-12)
    assert F.square_error_cost(_t([1.0, 2.0]), _t([0.5, 4.0])).tolist() == [0.25, 4.0]


def test_upsample_resizes_as_interpolate():
    img = np.arange(1.0, 5.0).reshape(1, 1, 2, 2)
    np.testing.assert_array_equal(F.upsample(_t(img), scale_factor=2).numpy(), img.repeat(2, 2).repeat(2, 3))
    # bilinear with the corners aligned: a 2x2 grid on [0, 1] sampled at 0, 1/2, 1
    got = F.upsample(_t(img), size=[3, 3], mode="bilinear", align_corners=True).numpy()
    np.testing.assert_allclose(got[0, 0], [[1.0, 1.5, 2.0], [2.0, 2.5, 3.0], [3.0, 3.5, 4.0]], rtol=1e-12)
    # linear, half-pixel centres (align_mode 0): output i samples 0.5 * (i + 0.5) - 0.5, clamped to [0, 1]
    got = F.upsample(_t([[[1.0, 3.0]]]), size=[4], mode="linear", data_format="NCW").numpy()
    np.testing.assert_allclose(got[0, 0], [1.0, 1.5, 2.5, 3.0], rtol=1e-12)
    volume = F.upsample(paddle.full([1, 2, 2, 2, 2], 3.0), scale_factor=2, mode="trilinear")
    assert volume.shape == [1, 2, 4, 4, 4] and (volume.numpy() == 3.0).all()
