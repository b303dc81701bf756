"""Advanced indexing (integer tensors and lists, bool masks, mixed with
basic items) for get and set, against NumPy's semantics, and its gradients
against finite differences."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
from gradcheck import check_grads

X = np.arange(60, dtype=np.float64).reshape(3, 4, 5)


def _index_cases():
    i = np.array([2, 0, 2])
    j = np.array([[1], [3]])
    mask2 = (X.sum(-1) % 3) == 0
    return [
        (i,), (i, slice(None), 1), (slice(None), j), (i[:2], j), (Ellipsis, [4, 0]),
        (1, [0, 3], slice(1, 4)), ([0, 2], slice(None), [1, 4]),  # separated: gathered dims go first
        (None, i), (mask2,), (X > 30,), (slice(None), slice(None), X[0, 0] > 2),
        (np.array([-1, -3]),), (slice(None, None, 2), [0, -1]),
    ]


def _to_paddle(item):
    if isinstance(item, np.ndarray):
        return paddle.to_tensor(item)
    return item


@pytest.mark.parametrize("index", _index_cases(), ids=lambda c: repr(c)[:40])
def test_getitem_matches_numpy(index):
    x = paddle.to_tensor(X)
    got = x[tuple(_to_paddle(item) for item in index)]
    np.testing.assert_array_equal(got.numpy(), X[index])


@pytest.mark.parametrize("index", _index_cases(), ids=lambda c: repr(c)[:40])
def test_setitem_matches_numpy(index):
    expected = X.copy()
    target_shape = expected[index].shape
    values = np.random.default_rng(0).normal(size=target_shape[-1:] if target_shape else ())
    expected[index] = values
    x = paddle.to_tensor(X.copy())
    x[tuple(_to_paddle(item) for item in index)] = paddle.to_tensor(values)
    np.testing.assert_array_equal(x.numpy(), expected)


def test_setitem_with_scalars_lists_and_a_mask():
    x = paddle.zeros([3, 4])
    x[x == 0] = 2.0
    x[[0, 2]] = 5.0
    x[paddle.to_tensor([1]), paddle.to_tensor([3])] = [7.0]
    expected = np.full((3, 4), 2.0, dtype=np.float32)
    expected[[0, 2]] = 5
    expected[1, 3] = 7
    np.testing.assert_array_equal(x.numpy(), expected)


@pytest.mark.parametrize("index", [(np.array([2, 0, 2]),), (slice(None), np.array([[1], [3]])),
                                   (np.array([0, 2]), slice(None), np.array([1, 4])),
                                   (slice(None, None, 2), 1, slice(4, 0, -3)), (Ellipsis, slice(None, None, -1))],
                         ids=str)
def test_getitem_gradients_match_finite_differences(index):
    rng = np.random.default_rng(1)
    items = tuple(_to_paddle(item) for item in index)
    check_grads(lambda x: x[items], [rng.normal(size=(3, 4, 5))], rng)


def test_mask_getitem_gradient_scatters_back():
    x = paddle.to_tensor(X, stop_gradient=False)
    y = x[x > 40]
    y.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), (X > 40).astype(np.float64))


def test_index_put_with_duplicates_keeps_the_last_and_grads_only_it():
    x = paddle.zeros([4], dtype="float64")
    v = paddle.to_tensor([1.0, 2.0, 3.0], dtype="float64", stop_gradient=False)
    idx = paddle.to_tensor([1, 1, 2])
    out = paddle.index_put(x, (idx,), v)
    np.testing.assert_array_equal(out.numpy(), [0.0, 2.0, 3.0, 0.0])
    (g,) = paddle.grad(out.sum(), v)
    np.testing.assert_array_equal(g.numpy(), [0.0, 1.0, 1.0])
    acc = paddle.index_put(x, (idx,), v, accumulate=True)
    np.testing.assert_array_equal(acc.numpy(), [0.0, 3.0, 3.0, 0.0])


@pytest.mark.parametrize("call,error,match", [
    (lambda x: x[paddle.to_tensor([3])], IndexError, r"\[gather_nd\] index holds 3"),
    (lambda x: x[paddle.to_tensor([0.5])], IndexError, r"\[getitem\] index tensors must be integer or bool"),
    (lambda x: x[paddle.to_tensor([[True, False]])], IndexError, r"\[getitem\] a bool mask of shape \[1, 2\] does not match"),
    (lambda x: x[[0], [0], [0], [0]], IndexError, r"\[getitem\] too many indices"),
    (lambda x: x[paddle.to_tensor([0, 1]), paddle.to_tensor([0, 1, 2])], IndexError, r"cannot be broadcast"),
    (lambda x: x["a"], TypeError, r"\[getitem\] an index must be"),
])
def test_bad_indices_raise(call, error, match):
    with pytest.raises(error, match=match):
        call(paddle.to_tensor(X))


@pytest.mark.parametrize("axis", [0, 1, 2])
def test_index_select_and_take_along_axis_on_many_threads(axis):
    # Large enough that the CPU loop splits the rows between threads, inside
    # an outer position as well as between them.
    rng = np.random.default_rng(7)
    x = rng.standard_normal((6, 70, 90)).astype("float32")
    index = rng.integers(-x.shape[axis], x.shape[axis], 3000)
    np.testing.assert_array_equal(paddle.index_select(paddle.to_tensor(x), paddle.to_tensor(index), axis).numpy(),
                                  np.take(x, index, axis))
    shape = list(x.shape)
    shape[axis] = 500
    along = rng.integers(0, x.shape[axis], shape)
    np.testing.assert_array_equal(paddle.take_along_axis(paddle.to_tensor(x), paddle.to_tensor(along), axis).numpy(),
                                  np.take_along_axis(x, along, axis))
