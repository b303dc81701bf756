"""paddle.set_printoptions (against what PaddlePaddle 3.3 prints for the same
tensor and options), paddle.as_strided / nextafter / unfold / batch, and
Tensor.device / layout."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
from gradcheck import check_grads

THIRDS = paddle.arange(20).astype("float32") / 3


@pytest.fixture
def default_printoptions():
    yield
    paddle.set_printoptions(precision=8, threshold=1000, edgeitems=3, sci_mode=False, linewidth=80)


def test_default_lines_hold_what_paddles_80_characters_hold():
    # Paddle 3.3.1 prints six of these per line.
    assert str(THIRDS) == (
        "Tensor(shape=[20], dtype=float32, place=Place(cpu), stop_gradient=True,\n"
        "       [0.        , 0.33333334, 0.66666669, 1.        , 1.33333337, 1.66666663,\n"
        "        2.        , 2.33333325, 2.66666675, 3.        , 3.33333325, 3.66666675,\n"
        "        4.        , 4.33333349, 4.66666651, 5.        , 5.33333349, 5.66666651,\n"
        "        6.        , 6.33333349])")


def test_precision_and_linewidth(default_printoptions):
    paddle.set_printoptions(precision=3, linewidth=50)
    assert str(THIRDS) == (  # Paddle 3.3.1's output for the same options
        "Tensor(shape=[20], dtype=float32, place=Place(cpu), stop_gradient=True,\n"
        "       [0.   , 0.333, 0.667, 1.   , 1.333, 1.667,\n"
        "        2.   , 2.333, 2.667, 3.   , 3.333, 3.667,\n"
        "        4.   , 4.333, 4.667, 5.   , 5.333, 5.667,\n"
        "        6.   , 6.333])")


def test_summary_and_scientific_notation(default_printoptions):
    # Paddle 3.3.1's output for the same options and values
    paddle.set_printoptions(precision=2, threshold=5, edgeitems=2, sci_mode=True)
    text = str(paddle.to_tensor([1.5, 250.0, 3.0, 4.0, 5.0, 6.0]))
    assert text.endswith("\n       [1.50e+00, 2.50e+02, ..., 5.00e+00, 6.00e+00])")
    paddle.set_printoptions(sci_mode=False)  # the others stay
    assert str(paddle.to_tensor([1.5, 250.0, 3.0, 4.0, 5.0, 6.0])).endswith("\n       [1.50, 250., ..., 5.  , 6.  ])")


def test_printoptions_summarize_a_matrix_as_paddle_does(default_printoptions):
    paddle.set_printoptions(precision=3, threshold=10, edgeitems=1)
    x = paddle.to_tensor(np.arange(24, dtype="float64").reshape(4, 6) / 7)
    assert str(x) == (  # Paddle 3.3.1's output for the same options
        "Tensor(shape=[4, 6], dtype=float64, place=Place(cpu), stop_gradient=True,\n"
        "       [[0.   , ..., 0.714],\n"
        "        ...,\n"
        "        [2.571, ..., 3.286]])")


def test_printoptions_scientific_and_back(default_printoptions):
    values = [[0.001, 12345.0], [1.0, -2.5]]
    paddle.set_printoptions(precision=2, sci_mode=True)
    assert str(paddle.to_tensor(values)).endswith(  # Paddle 3.3.1's lines
        "\n       [[ 1.00e-03,  1.23e+04],\n        [ 1.00e+00, -2.50e+00]])")
    assert str(paddle.to_tensor([1, 2, 3])).endswith("\n       [1, 2, 3])")  # integers ignore precision
    paddle.set_printoptions(sci_mode=False, precision=8)
    assert str(paddle.to_tensor(values)).endswith(
        "\n       [[ 0.00100000,  12345.    ],\n        [ 1.        , -2.50000000]])")


def test_printoptions_are_checked(default_printoptions):
    with pytest.raises(ValueError, match=r"^\[set_printoptions\] argument 'precision': expected an int >= 0, but "
                                         r"got -1"):
        paddle.set_printoptions(precision=-1)
    with pytest.raises(TypeError, match=r"^\[set_printoptions\] argument 'sci_mode': expected a bool, but got int"):
        paddle.set_printoptions(sci_mode=1)
    with pytest.raises(TypeError, match=r"^\[set_printoptions\] argument 'linewidth': expected an int"):
        paddle.set_printoptions(linewidth="wide")
    with pytest.raises(ValueError, match=r"^\[set_printoptions\] argument 'edgeitems': expected an int >= 0, but got "
                                         r"-2"):
        paddle.set_printoptions(edgeitems=-2)
    with pytest.raises(TypeError, match=r"^\[set_printoptions\] argument 'threshold': expected an int, but got float"):
        paddle.set_printoptions(threshold=1.5)


def test_as_strided_reads_x_as_if_contiguous():
    a = np.arange(12.0).reshape(3, 4)
    x = paddle.to_tensor(a)
    want = np.lib.stride_tricks.as_strided(a.ravel()[1:], shape=(3, 2), strides=(8 * 3, 8 * 2))
    np.testing.assert_array_equal(paddle.as_strided(x, [3, 2], [3, 2], 8).numpy(), want)  # offset in bytes
    np.testing.assert_array_equal(x.as_strided([2, 3], [0, 1]).numpy(), [[0, 1, 2], [0, 1, 2]])  # repeats
    check_grads(lambda t: paddle.as_strided(t, [3, 3], [2, 1], 8), [np.random.default_rng(0).standard_normal(9)],
                np.random.default_rng(1))
    with pytest.raises(ValueError, match=r"^\[as_strided\] shape \[2, 2\], stride \[4, 1\] and offset 5 reach "
                                         r"position 10, beyond x's 6 elements"):
        paddle.as_strided(paddle.ones([6]), [2, 2], [4, 1], 20)
    with pytest.raises(ValueError, match=r"^\[as_strided\] arguments 'shape' and 'stride': expected as many"):
        paddle.as_strided(paddle.ones([6]), [2, 2], [1])


def test_nextafter_matches_numpy():
    x, y = np.array([1.0, 2.0, 0.0, -1.0], "float32"), np.array([2.0, 1.0, -1.0, -1.0], "float32")
    out = paddle.nextafter(paddle.to_tensor(x), paddle.to_tensor(y))
    assert out.dtype == paddle.float32
    np.testing.assert_array_equal(out.numpy(), np.nextafter(x, y))
    np.testing.assert_array_equal(paddle.to_tensor([1.0], "float64").nextafter(paddle.to_tensor([0.0], "float64")),
                                  [np.nextafter(1.0, 0.0)])
    # float32 beside float64 promotes to float64, as in Paddle 3.3.1 (which gives 1.0000000000000002 here)
    mixed = paddle.nextafter(paddle.ones([1]), paddle.to_tensor([2.0], "float64"))
    assert mixed.dtype == paddle.float64 and mixed.tolist() == [np.nextafter(1.0, 2.0)]
    with pytest.raises(TypeError, match=r"^\[nextafter\] arguments 'x' and 'y': expected float32 or float64 tensors, "
                                        r"but got float32 and int64"):
        paddle.nextafter(paddle.ones([1]), paddle.ones([1], "int64"))


def test_unfold_and_batch():
    np.testing.assert_array_equal(paddle.unfold(paddle.arange(7.0), 0, 3, 2).numpy(),
                                  np.lib.stride_tricks.sliding_window_view(np.arange(7.0), 3)[::2])
    reader = paddle.batch(lambda: iter(range(7)), 3)
    assert list(reader()) == [[0, 1, 2], [3, 4, 5], [6]]
    assert list(paddle.batch(lambda: iter(range(7)), 3, drop_last=True)()) == [[0, 1, 2], [3, 4, 5]]
    with pytest.raises(ValueError, match=r"^\[batch\] argument 'batch_size': expected an int >= 1, but got 0"):
        paddle.batch(lambda: iter(()), 0)
    with pytest.raises(TypeError, match=r"^\[batch\] argument 'reader': expected a function"):
        paddle.batch([1, 2], 1)


def test_device_and_layout_name_where_a_tensor_lives():
    x = paddle.ones([2, 3])
    assert x.device == "cpu" and x.layout == "NCHW"  # as Paddle 3.3.1 reports for a CPU tensor


def test_empty_tensors_nest_their_leading_dims_as_paddle_prints_them():
    # Paddle 3.3.1's output (NumPy would print [] for all three)
    assert str(paddle.zeros([2, 0])).endswith("\n       [[],\n        []])")
    assert str(paddle.zeros([0, 3])).endswith("\n       [])")
    assert str(paddle.zeros([2, 0, 3])).endswith("\n       [[],\n\n        []])")
