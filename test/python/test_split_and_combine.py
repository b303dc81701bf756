"""paddle.tensor_split, paddle.block_diag and paddle.add_n against NumPy,
with gradients checked against hand-derived ones, and their errors."""

from __future__ import annotations

import numpy as np
import pytest

import paddle


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
@pytest.mark.parametrize("how", [3, 4, 7, [2, 5], [-3], [5, 2], [0, 9]])
def test_tensor_split_matches_numpy_array_split(dtype, how):
    x = np.arange(7 * 3).reshape(7, 3).astype(dtype)
    got = paddle.tensor_split(paddle.to_tensor(x), how)
    want = np.array_split(x, how)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g.numpy(), w)
        assert g.dtype == getattr(paddle, dtype)


def test_tensor_split_along_another_axis_and_its_gradient():
    x = np.random.RandomState(0).randn(2, 5).astype("float64")
    t = paddle.to_tensor(x, stop_gradient=False)
    parts = paddle.tensor_split(t, 2, axis=-1)
    for g, w in zip(parts, np.array_split(x, 2, axis=1)):
        np.testing.assert_array_equal(g.numpy(), w)
    # d/dx of sum(k * part_k) is k on part k's columns
    sum(k * p.sum() for k, p in enumerate(parts, start=1)).backward()
    np.testing.assert_array_equal(t.grad.numpy(), [[1, 1, 1, 2, 2]] * 2)


def test_tensor_split_errors():
    x = paddle.arange(6)
    with pytest.raises(ValueError, match=r"\[tensor_split\] argument 'num_or_indices': expected a number of parts"):
        paddle.tensor_split(x, 0)
    with pytest.raises(TypeError, match=r"\[tensor_split\] argument 'num_or_indices'"):
        paddle.tensor_split(x, 2.5)
    with pytest.raises(ValueError, match=r"\[tensor_split\] argument 'x': expected a tensor of at least 1"):
        paddle.tensor_split(paddle.to_tensor(1.0), 2)


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32"])
def test_block_diag_matches_a_hand_built_matrix(dtype):
    a = np.arange(6).reshape(2, 3).astype(dtype)
    b = np.array([7], dtype)  # a row
    c = np.array(9, dtype)  # a 1x1 block
    got = paddle.block_diag([paddle.to_tensor(v) for v in (a, b, c)]).numpy()
    want = np.zeros([4, 5], dtype)
    want[:2, :3], want[2, 3], want[3, 4] = a, 7, 9
    np.testing.assert_array_equal(got, want)
    assert got.dtype == np.dtype(dtype)


def test_block_diag_gradient_reaches_each_block():
    blocks = [paddle.to_tensor(np.ones([2, 2]), stop_gradient=False), paddle.to_tensor(np.ones([1, 3]),
                                                                                         stop_gradient=False)]
    weights = np.arange(15, dtype="float64").reshape(3, 5)
    (paddle.block_diag(blocks) * paddle.to_tensor(weights)).sum().backward()
    np.testing.assert_array_equal(blocks[0].grad.numpy(), weights[:2, :2])
    np.testing.assert_array_equal(blocks[1].grad.numpy(), weights[2:, 2:])


def test_block_diag_errors():
    with pytest.raises(TypeError, match=r"\[block_diag\] argument 'inputs': expected a non-empty list"):
        paddle.block_diag([])
    with pytest.raises(ValueError, match=r"\[block_diag\] argument 'inputs\[1\]': expected a 0-D, 1-D or 2-D"):
        paddle.block_diag([paddle.ones([2, 2]), paddle.ones([1, 1, 1])])
    with pytest.raises(TypeError, match=r"\[block_diag\] argument 'inputs\[1\]': expected dtype"):
        paddle.block_diag([paddle.ones([2, 2]), paddle.ones([2], dtype="int32")])


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "int64"])
def test_add_n_sums_like_numpy(dtype):
    xs = [np.arange(6).reshape(2, 3).astype(dtype) * k for k in range(1, 4)]
    got = paddle.add_n([paddle.to_tensor(x) for x in xs])
    np.testing.assert_array_equal(got.numpy(), xs[0] + xs[1] + xs[2])
    one = paddle.to_tensor(xs[0])
    alone = paddle.add_n(one)
    np.testing.assert_array_equal(alone.numpy(), xs[0])
    assert alone is not one  # a new tensor, as Paddle's


def test_add_n_gradient_and_errors():
    xs = [paddle.to_tensor(np.ones([2]), stop_gradient=False) for _ in range(3)]
    (paddle.add_n(xs) * paddle.to_tensor([2.0, 3.0], dtype="float64")).sum().backward()
    for x in xs:
        np.testing.assert_array_equal(x.grad.numpy(), [2.0, 3.0])
    with pytest.raises(ValueError, match=r"\[add_n\] argument 'inputs\[1\]': expected shape \[2\]"):
        paddle.add_n([paddle.ones([2]), paddle.ones([3])])
    with pytest.raises(TypeError, match=r"\[add_n\] argument 'inputs'"):
        paddle.add_n([])
