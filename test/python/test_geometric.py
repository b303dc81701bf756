"""paddle.geometric against NumPy references written with loops: segment
reductions, message passing (values for each dtype, gradients against finite
differences, Paddle's tie rule for max/min), neighbour sampling (real
neighbours, sizes, no repeats, seeded reproducibility, weights) and
reindexing, and the argument errors."""

from __future__ import annotations

import numpy as np
import pytest
from gradcheck import check_grads, check_second_order

import paddle
import paddle.geometric as G

REDUCES = ("sum", "mean", "max", "min")
MESSAGES = ("add", "sub", "mul", "div")
DTYPES = ("float32", "float64", "int32", "int64")


def _data(rng, shape, dtype):
    if dtype.startswith("int"):
        return rng.integers(-9, 10, shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


def _reduce_rows(rows, reduce, dtype):
    """The reduction of a list of equally shaped arrays; integer means truncate toward zero."""
    stacked = np.stack(rows).astype(np.float64)
    if reduce == "sum":
        return stacked.sum(0)
    if reduce == "max":
        return stacked.max(0)
    if reduce == "min":
        return stacked.min(0)
    mean = stacked.sum(0) / len(rows)
    return np.trunc(mean) if np.dtype(dtype).kind == "i" else mean


def _np_scatter(values, index, num_rows, reduce):
    out = np.zeros((num_rows,) + values.shape[1:], dtype=np.float64)
    for r in range(num_rows):
        rows = [values[i] for i in range(len(index)) if index[i] == r]
        if rows:
            out[r] = _reduce_rows(rows, reduce, values.dtype)
    return out.astype(values.dtype)


def _np_message(op, a, b):
    if op == "add":
        return a + b
    if op == "sub":
        return a - b
    if op == "mul":
        return a * b
    if a.dtype.kind == "i":
        return (np.trunc(a.astype(np.float64) / b)).astype(a.dtype)
    return a / b


def _tolerance(dtype):
    return dict(rtol=1e-5, atol=1e-5) if dtype == "float32" else dict(rtol=1e-12, atol=1e-12)


# ---- segment reductions

SEGMENT_IDS = np.array([0, 0, 1, 3, 3, 3, 5])  # segments 2 and 4 are empty


@pytest.mark.parametrize("reduce", REDUCES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_segment_values(reduce, dtype):
    rng = np.random.default_rng(1)
    data = _data(rng, [7, 3], dtype)
    out = getattr(G, f"segment_{reduce}")(paddle.to_tensor(data), paddle.to_tensor(SEGMENT_IDS))
    expected = _np_scatter(data, SEGMENT_IDS, 6, reduce)
    assert out.dtype.name == dtype and list(out.shape) == [6, 3]
    np.testing.assert_allclose(out.numpy(), expected, **_tolerance(dtype))


@pytest.mark.parametrize("reduce", REDUCES)
def test_segment_multi_dim_data_and_int32_ids(reduce):
    rng = np.random.default_rng(2)
    data = rng.standard_normal([5, 2, 3])
    ids = np.array([1, 1, 2, 2, 2], dtype=np.int32)
    out = getattr(G, f"segment_{reduce}")(paddle.to_tensor(data), paddle.to_tensor(ids))
    np.testing.assert_allclose(out.numpy(), _np_scatter(data, ids, 3, reduce), rtol=1e-12)
    np.testing.assert_array_equal(out.numpy()[0], np.zeros([2, 3]))


def test_segment_accepts_ids_of_shape_n_by_1():
    data = np.array([1.0, 2.0, 4.0])
    out = G.segment_sum(paddle.to_tensor(data), paddle.to_tensor([[0], [0], [1]]))
    np.testing.assert_array_equal(out.numpy(), [3.0, 4.0])


def test_segment_mean_of_integers_truncates_toward_zero():
    out = G.segment_mean(paddle.to_tensor([-3, 0, -5, 2, 7]), paddle.to_tensor([0, 0, 1, 1, 2]))
    np.testing.assert_array_equal(out.numpy(), [-1, -1, 7])


def test_segment_float16():
    data = np.array([[1.5, -2.0], [0.25, 4.0], [3.0, 1.0]], dtype=np.float16)
    ids = np.array([0, 0, 2])
    for reduce in REDUCES:
        out = getattr(G, f"segment_{reduce}")(paddle.to_tensor(data), paddle.to_tensor(ids))
        assert out.dtype == paddle.float16
        np.testing.assert_allclose(out.numpy(), _np_scatter(data, ids, 3, reduce), rtol=1e-3)


def test_segment_of_no_rows_is_empty():
    out = G.segment_max(paddle.zeros([0, 2]), paddle.zeros([0], dtype="int64"))
    assert list(out.shape) == [0, 2]


@pytest.mark.parametrize("reduce", REDUCES)
def test_segment_grads(reduce):
    rng = np.random.default_rng(3)
    ids = paddle.to_tensor(SEGMENT_IDS)
    fn = getattr(G, f"segment_{reduce}")
    check_grads(lambda data: fn(data, ids), [rng.standard_normal([7, 3])], rng)


def test_segment_max_and_min_ties_each_get_the_whole_gradient():
    # Paddle's rule: every row equal to its segment's extreme receives the segment's gradient.
    data = paddle.to_tensor([[1.0, 2.0], [3.0, 2.0], [3.0, 0.0], [5.0, 6.0]], stop_gradient=False)
    ids = paddle.to_tensor([0, 0, 0, 2])
    weights = paddle.to_tensor([[1.0, 10.0], [100.0, 1000.0], [7.0, 7.0]])
    (grad,) = paddle.grad((G.segment_max(data, ids) * weights).sum(), data)
    np.testing.assert_array_equal(grad.numpy(), [[0, 10], [1, 10], [1, 0], [7, 7]])
    (grad,) = paddle.grad((G.segment_min(data, ids) * weights).sum(), data)
    np.testing.assert_array_equal(grad.numpy(), [[1, 0], [0, 0], [0, 10], [7, 7]])


@pytest.mark.parametrize("make_call, error, message", [
    (lambda: G.segment_sum(paddle.ones([3]), paddle.to_tensor([1, 0, 1])), ValueError, "sorted"),
    (lambda: G.segment_sum(paddle.ones([3]), paddle.to_tensor([0, 1])), ValueError, "expected 3 entries"),
    (lambda: G.segment_sum(paddle.ones([3]), paddle.to_tensor([-1, 0, 1])), ValueError, "non-negative"),
    (lambda: G.segment_sum(paddle.ones([3]), paddle.to_tensor([0.0, 0.0, 1.0])), TypeError, "int32 or int64"),
    (lambda: G.segment_sum(paddle.ones([3]), paddle.to_tensor([[0, 1, 1]])), ValueError, "1-D"),
    (lambda: G.segment_sum(paddle.ones([3], "bool"), paddle.to_tensor([0, 0, 1])), TypeError, "got bool"),
    (lambda: G.segment_sum(paddle.ones([]), paddle.to_tensor([0])), ValueError, "0-D"),
    (lambda: G.segment_sum([1.0, 2.0], paddle.to_tensor([0, 1])), TypeError, "expected Tensor"),
])
def test_segment_errors(make_call, error, message):
    with pytest.raises(error, match=r"^\[segment_sum\].*" + message):
        make_call()


# ---- message passing

SRC = np.array([0, 1, 2, 0, 3, 3])
DST = np.array([1, 2, 1, 0, 4, 1])


@pytest.mark.parametrize("reduce", REDUCES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_send_u_recv_values(reduce, dtype):
    rng = np.random.default_rng(4)
    x = _data(rng, [6, 3], dtype)
    out = G.send_u_recv(paddle.to_tensor(x), paddle.to_tensor(SRC), paddle.to_tensor(DST), reduce_op=reduce)
    assert out.dtype.name == dtype and list(out.shape) == [6, 3]  # x's rows by default
    np.testing.assert_allclose(out.numpy(), _np_scatter(x[SRC], DST, 6, reduce), **_tolerance(dtype))


def test_send_u_recv_out_size():
    x = np.arange(12.0).reshape(4, 3)
    src, dst = paddle.to_tensor(SRC[:3]), paddle.to_tensor(DST[:3])
    expected = _np_scatter(x[SRC[:3]], DST[:3], 7, "sum")
    np.testing.assert_array_equal(G.send_u_recv(paddle.to_tensor(x), src, dst, out_size=7).numpy(), expected)
    as_tensor = G.send_u_recv(paddle.to_tensor(x), src, dst, out_size=paddle.to_tensor(3))
    np.testing.assert_array_equal(as_tensor.numpy(), expected[:3])
    for size in (None, 0, -1):  # x's number of rows
        assert list(G.send_u_recv(paddle.to_tensor(x), src, dst, out_size=size).shape) == [4, 3]


def test_send_u_recv_one_dim_features_and_n_by_1_indices():
    x = np.array([1.0, 5.0, 3.0])
    src, dst = np.array([0, 1, 2, 2]), np.array([2, 2, 0, 2])
    out = G.send_u_recv(paddle.to_tensor(x), paddle.to_tensor(src.reshape(-1, 1)),
                        paddle.to_tensor(dst.reshape(-1, 1)), "max")
    np.testing.assert_array_equal(out.numpy(), [3.0, 0.0, 5.0])


def test_send_u_recv_without_edges_gives_zeros():
    empty = paddle.to_tensor(np.zeros([0], np.int64))
    for reduce in REDUCES:
        out = G.send_u_recv(paddle.ones([3, 2]), empty, empty, reduce)
        np.testing.assert_array_equal(out.numpy(), np.zeros([3, 2]))


@pytest.mark.parametrize("reduce", REDUCES)
def test_send_u_recv_grads(reduce):
    rng = np.random.default_rng(5)
    src, dst = paddle.to_tensor(SRC), paddle.to_tensor(DST)
    check_grads(lambda x: G.send_u_recv(x, src, dst, reduce), [rng.standard_normal([5, 2, 3])], rng)


def test_send_u_recv_max_ties_each_get_the_whole_gradient():
    x = paddle.to_tensor([[1.0], [1.0], [1.0]], stop_gradient=False)
    out = G.send_u_recv(x, paddle.to_tensor([0, 0, 2]), paddle.to_tensor([0, 1, 1]), "max")
    (grad,) = paddle.grad(out.sum(), x)
    np.testing.assert_array_equal(grad.numpy(), [[2.0], [0.0], [1.0]])


@pytest.mark.parametrize("message", MESSAGES)
@pytest.mark.parametrize("reduce", REDUCES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_send_ue_recv_values(message, reduce, dtype):
    rng = np.random.default_rng(6)
    x = _data(rng, [5, 3], dtype)
    y = _data(rng, [6, 3], dtype)
    if message == "div":
        y = np.where(y == 0, 3, y).astype(dtype)
    out = G.send_ue_recv(paddle.to_tensor(x), paddle.to_tensor(y), paddle.to_tensor(SRC), paddle.to_tensor(DST),
                         message, reduce)
    expected = _np_scatter(_np_message(message, x[SRC], y), DST, 5, reduce)
    assert out.dtype.name == dtype
    np.testing.assert_allclose(out.numpy(), expected, **_tolerance(dtype))


def test_send_ue_recv_integer_division_truncates():
    x = paddle.to_tensor([[7], [-7]])
    y = paddle.to_tensor([2, 2, -2])
    out = G.send_ue_recv(x, y, paddle.to_tensor([0, 1, 0]), paddle.to_tensor([0, 1, 2]), "div", "sum",
                         out_size=3)
    np.testing.assert_array_equal(out.numpy(), [[3], [-3], [-3]])


@pytest.mark.parametrize("x_shape, y_shape, out_shape", [
    ([5, 3], [6], [5, 3]),  # one feature per edge, broadcast over x's
    ([5], [6], [5, 1]),
    ([5, 2, 1], [6, 3], [5, 2, 3]),
    ([5, 1], [6, 2, 3], [5, 2, 3]),
])
def test_send_ue_recv_broadcasts_features(x_shape, y_shape, out_shape):
    rng = np.random.default_rng(7)
    x, y = rng.standard_normal(x_shape), rng.standard_normal(y_shape)
    out = G.send_ue_recv(paddle.to_tensor(x), paddle.to_tensor(y), paddle.to_tensor(SRC), paddle.to_tensor(DST),
                         "mul", "sum")
    assert list(out.shape) == out_shape
    x_cols = x.reshape(x_shape[0], *([1] * (len(out_shape) - len(x_shape))), *x_shape[1:])
    y_cols = y.reshape(y_shape[0], *([1] * (len(out_shape) - len(y_shape))), *y_shape[1:])
    np.testing.assert_allclose(out.numpy(), _np_scatter(x_cols[SRC] * y_cols, DST, 5, "sum"), rtol=1e-12)


@pytest.mark.parametrize("message", MESSAGES)
@pytest.mark.parametrize("reduce", REDUCES)
def test_send_ue_recv_grads(message, reduce):
    rng = np.random.default_rng(8)
    src, dst = paddle.to_tensor(SRC), paddle.to_tensor(DST)
    x, y = rng.standard_normal([5, 2, 3]), rng.standard_normal([6, 1, 3]) + 3.0
    check_grads(lambda a, b: G.send_ue_recv(a, b, src, dst, message, reduce), [x, y], rng)


@pytest.mark.parametrize("reduce", REDUCES)
def test_send_ue_recv_second_order(reduce):
    rng = np.random.default_rng(9)
    src, dst = paddle.to_tensor(SRC), paddle.to_tensor(DST)
    x, y = rng.standard_normal([5, 3]), rng.standard_normal([6, 3])
    check_second_order(lambda a, b: G.send_ue_recv(a, b, src, dst, "mul", reduce), [x, y], rng)


@pytest.mark.parametrize("message", MESSAGES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_send_uv_values(message, dtype):
    rng = np.random.default_rng(10)
    x, y = _data(rng, [5, 3], dtype), _data(rng, [5, 3], dtype)
    if message == "div":
        y = np.where(y == 0, 2, y).astype(dtype)
    out = G.send_uv(paddle.to_tensor(x), paddle.to_tensor(y), paddle.to_tensor(SRC), paddle.to_tensor(DST), message)
    assert out.dtype.name == dtype and list(out.shape) == [6, 3]
    np.testing.assert_allclose(out.numpy(), _np_message(message, x[SRC], y[DST]), **_tolerance(dtype))


def test_send_uv_one_dim_features_become_a_column():
    out = G.send_uv(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([10.0, 20.0]), paddle.to_tensor([1]),
                    paddle.to_tensor([0]))
    np.testing.assert_array_equal(out.numpy(), [[12.0]])


@pytest.mark.parametrize("message", MESSAGES)
def test_send_uv_grads(message):
    rng = np.random.default_rng(11)
    src, dst = paddle.to_tensor(SRC), paddle.to_tensor(DST)
    x, y = rng.standard_normal([5, 2, 3]), rng.standard_normal([5, 1, 3]) + 3.0
    check_grads(lambda a, b: G.send_uv(a, b, src, dst, message), [x, y], rng)


def _edges():
    return paddle.to_tensor([0, 1, 2]), paddle.to_tensor([1, 1, 0])


@pytest.mark.parametrize("op, make_call, error, message", [
    ("send_u_recv", lambda s, d: G.send_u_recv(paddle.ones([3, 2]), s, d, "prod"), ValueError, "reduce_op"),
    ("send_u_recv", lambda s, d: G.send_u_recv(paddle.ones([3, 2]), s, d, out_size=1), ValueError,
     "indices below 1"),
    ("send_u_recv", lambda s, d: G.send_u_recv(paddle.ones([2, 2]), s, d), ValueError, "indices below 2"),
    ("send_u_recv", lambda s, d: G.send_u_recv(paddle.ones([3, 2]), s, d[:2]), ValueError, "expected 3 entries"),
    ("send_u_recv", lambda s, d: G.send_u_recv(paddle.ones([3, 2]), s.astype("int32"), d), TypeError,
     "dtype of 'src_index'"),
    ("send_u_recv", lambda s, d: G.send_u_recv(paddle.ones([3, 2]), s, d, out_size=2.5), TypeError, "out_size"),
    ("send_ue_recv", lambda s, d: G.send_ue_recv(paddle.ones([3, 2]), paddle.ones([3, 2]), s, d, "pow"),
     ValueError, "message_op"),
    ("send_ue_recv", lambda s, d: G.send_ue_recv(paddle.ones([3, 2]), paddle.ones([3, 2], "float64"), s, d),
     TypeError, "dtype of 'x'"),
    ("send_ue_recv", lambda s, d: G.send_ue_recv(paddle.ones([3, 2]), paddle.ones([2, 2]), s, d), ValueError,
     "one per edge"),
    ("send_ue_recv", lambda s, d: G.send_ue_recv(paddle.ones([3, 2]), paddle.ones([3, 3]), s, d), ValueError,
     "cannot be broadcast"),
    ("send_uv", lambda s, d: G.send_uv(paddle.ones([3, 2]), paddle.ones([1, 2]), s, d), ValueError,
     "indices below 1"),
])
def test_message_passing_errors(op, make_call, error, message):
    with pytest.raises(error, match=rf"^\[{op}\].*{message}"):
        make_call(*_edges())


# ---- sampling

# A CSC graph of 10 nodes: node v's in-neighbours are ROW[COLPTR[v]:COLPTR[v + 1]].
ROW = np.array([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7, 5, 6, 8, 2])
COLPTR = np.array([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 17])
NODES = np.array([0, 8, 1, 9, 7, 2])


def _graph(dtype="int64"):
    return (paddle.to_tensor(ROW.astype(dtype)), paddle.to_tensor(COLPTR.astype(dtype)),
            paddle.to_tensor(NODES.astype(dtype)))


def _check_sample(neighbors, counts, eids, sample_size):
    """Each node's sample: the right count, distinct edges of that node, neighbour = ROW[edge]."""
    degrees = COLPTR[NODES + 1] - COLPTR[NODES]
    expected_counts = degrees if sample_size < 0 else np.minimum(degrees, sample_size)
    np.testing.assert_array_equal(counts, expected_counts)
    assert neighbors.size == eids.size == counts.sum()
    start = 0
    for node, count in zip(NODES, counts):
        edges = eids[start:start + count]
        assert len(set(edges.tolist())) == count
        assert all(COLPTR[node] <= e < COLPTR[node + 1] for e in edges)
        np.testing.assert_array_equal(neighbors[start:start + count], ROW[edges])
        start += count


@pytest.mark.parametrize("sample_size", [-1, 0, 1, 2, 3, 10])
@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_sample_neighbors_gives_real_distinct_neighbours(sample_size, dtype):
    paddle.seed(2024)
    row, colptr, nodes = _graph(dtype)
    eids = paddle.to_tensor(np.arange(ROW.size, dtype=dtype))
    neighbors, counts, out_eids = G.sample_neighbors(row, colptr, nodes, sample_size=sample_size, eids=eids,
                                                     return_eids=True)
    assert neighbors.dtype.name == dtype and out_eids.dtype.name == dtype and counts.dtype == paddle.int32
    _check_sample(neighbors.numpy(), counts.numpy(), out_eids.numpy(), sample_size)


def test_sample_neighbors_takes_every_neighbour_in_order_when_there_are_few():
    row, colptr, nodes = _graph()
    neighbors, counts = G.sample_neighbors(row, colptr, nodes, sample_size=-1)
    np.testing.assert_array_equal(neighbors.numpy(), np.concatenate([ROW[COLPTR[v]:COLPTR[v + 1]] for v in NODES]))
    np.testing.assert_array_equal(counts.numpy(), COLPTR[NODES + 1] - COLPTR[NODES])


def test_sample_neighbors_is_reproducible_with_a_seed():
    row, colptr, nodes = _graph()
    paddle.seed(7)
    first = G.sample_neighbors(row, colptr, nodes, sample_size=2)[0].numpy()
    paddle.seed(7)
    again = G.sample_neighbors(row, colptr, nodes, sample_size=2)[0].numpy()
    np.testing.assert_array_equal(first, again)


def test_sample_neighbors_picks_every_neighbour_about_equally():
    row = paddle.to_tensor([10, 11, 12, 13])
    colptr = paddle.to_tensor([0, 4])
    paddle.seed(11)
    picks = [G.sample_neighbors(row, colptr, paddle.to_tensor([0]), sample_size=1)[0].item() for _ in range(400)]
    frequencies = np.bincount(np.array(picks) - 10, minlength=4) / 400
    assert np.all(np.abs(frequencies - 0.25) < 0.08), frequencies


def test_weighted_sample_neighbors_follows_the_weights():
    row = paddle.to_tensor([10, 11, 12, 13])
    colptr = paddle.to_tensor([0, 4])
    weights = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
    paddle.seed(12)
    picks = [G.weighted_sample_neighbors(row, colptr, weights, paddle.to_tensor([0]), sample_size=1)[0].item()
             for _ in range(600)]
    frequencies = np.bincount(np.array(picks) - 10, minlength=4) / 600
    assert np.all(np.abs(frequencies - np.array([0.1, 0.2, 0.3, 0.4])) < 0.06), frequencies


def test_weighted_sample_neighbors_takes_zero_weights_last():
    row = paddle.to_tensor([10, 11, 12, 13])
    colptr = paddle.to_tensor([0, 4])
    weights = paddle.to_tensor([0.0, 5.0, 0.0, 1.0])
    paddle.seed(13)
    for _ in range(20):
        neighbors, _ = G.weighted_sample_neighbors(row, colptr, weights, paddle.to_tensor([0]), sample_size=2)
        np.testing.assert_array_equal(neighbors.numpy(), [11, 13])
    neighbors, counts = G.weighted_sample_neighbors(row, colptr, weights, paddle.to_tensor([0]), sample_size=3)
    assert counts.item() == 3 and {11, 13} <= set(neighbors.numpy().tolist())


@pytest.mark.parametrize("sample_size", [-1, 1, 2, 5])
def test_weighted_sample_neighbors_gives_real_distinct_neighbours(sample_size):
    paddle.seed(3)
    row, colptr, nodes = _graph()
    weights = paddle.to_tensor(np.linspace(0.5, 3.0, ROW.size), dtype="float32")
    eids = paddle.to_tensor(np.arange(ROW.size))
    neighbors, counts, out_eids = G.weighted_sample_neighbors(row, colptr, weights, nodes, sample_size, eids, True)
    _check_sample(neighbors.numpy(), counts.numpy(), out_eids.numpy(), sample_size)


@pytest.mark.parametrize("op, make_call, error, message", [
    ("sample_neighbors", lambda r, c, n: G.sample_neighbors(r, c, n, 2, return_eids=True), ValueError, "eids"),
    ("sample_neighbors", lambda r, c, n: G.sample_neighbors(r, c, n, -2), ValueError, "sample_size"),
    ("sample_neighbors", lambda r, c, n: G.sample_neighbors(r, c, paddle.to_tensor([10]), 2), ValueError,
     "indices below 10"),
    ("sample_neighbors", lambda r, c, n: G.sample_neighbors(r.astype("int32"), c, n), TypeError, "dtype of 'row'"),
    ("sample_neighbors", lambda r, c, n: G.sample_neighbors(r, c[:-1], n), ValueError, "colptr"),
    ("sample_neighbors", lambda r, c, n: G.sample_neighbors(r, c, n, 2.0), TypeError, "sample_size"),
    ("weighted_sample_neighbors", lambda r, c, n: G.weighted_sample_neighbors(r, c, -paddle.ones([17]), n),
     ValueError, "edge_weight"),
    ("weighted_sample_neighbors", lambda r, c, n: G.weighted_sample_neighbors(r, c, paddle.ones([16]), n),
     ValueError, "edge_weight"),
    ("weighted_sample_neighbors", lambda r, c, n: G.weighted_sample_neighbors(r, c, paddle.ones([17], "int64"), n),
     TypeError, "edge_weight"),
])
def test_sampling_errors(op, make_call, error, message):
    with pytest.raises(error, match=rf"^\[{op}\].*{message}"):
        make_call(*_graph())


# ---- reindexing


def _np_reindex(x, neighbor_lists, count_lists):
    """Paddle's numbering, with a dict: x keeps its positions (a repeated node
    its last one), then new neighbours by first appearance."""
    ids = {}
    for i, node in enumerate(x):
        ids[node] = i
    out_nodes = list(x)
    for neighbors in neighbor_lists:
        for node in neighbors:
            if node not in ids:
                ids[node] = len(out_nodes)
                out_nodes.append(node)
    src = [ids[n] for neighbors in neighbor_lists for n in neighbors]
    dst = [ids[x[i]] for counts in count_lists for i, c in enumerate(counts) for _ in range(c)]
    return src, dst, out_nodes


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_reindex_graph(dtype):
    x = np.array([0, 1, 2])
    neighbors = np.array([8, 9, 0, 4, 7, 6, 7])
    counts = np.array([2, 3, 2])
    outputs = G.reindex_graph(paddle.to_tensor(x.astype(dtype)), paddle.to_tensor(neighbors.astype(dtype)),
                              paddle.to_tensor(counts, dtype="int32"))
    for got, expected in zip(outputs, _np_reindex(list(x), [list(neighbors)], [list(counts)])):
        assert got.dtype.name == dtype
        np.testing.assert_array_equal(got.numpy(), expected)


def test_reindex_graph_random_and_with_repeated_centres():
    rng = np.random.default_rng(14)
    for x in (rng.permutation(30)[:6], np.array([5, 1, 5])):
        counts = rng.integers(0, 5, x.size)
        neighbors = rng.integers(0, 30, counts.sum())
        outputs = G.reindex_graph(paddle.to_tensor(x), paddle.to_tensor(neighbors), paddle.to_tensor(counts))
        for got, expected in zip(outputs, _np_reindex(list(x), [list(neighbors)], [list(counts)])):
            np.testing.assert_array_equal(got.numpy(), expected)


def test_reindex_heter_graph():
    x = [0, 1, 2]
    neighbors = [[8, 9, 0, 4, 7, 6, 7], [0, 2, 3, 5, 1]]
    counts = [[2, 3, 2], [1, 3, 1]]
    outputs = G.reindex_heter_graph(paddle.to_tensor(x), [paddle.to_tensor(n) for n in neighbors],
                                    [paddle.to_tensor(c, dtype="int32") for c in counts])
    for got, expected in zip(outputs, _np_reindex(x, neighbors, counts)):
        np.testing.assert_array_equal(got.numpy(), expected)


@pytest.mark.parametrize("op, make_call, error, message", [
    ("reindex_graph", lambda x, n, c: G.reindex_graph(x, n[:-1], c), ValueError, "sum to"),
    ("reindex_graph", lambda x, n, c: G.reindex_graph(x, n, c[:-1]), ValueError, "one per node of x"),
    ("reindex_graph", lambda x, n, c: G.reindex_graph(x, n.astype("int32"), c), TypeError, "dtype of 'x'"),
    ("reindex_graph", lambda x, n, c: G.reindex_graph(x.astype("float32"), n, c), TypeError, "int32 or int64"),
    ("reindex_heter_graph", lambda x, n, c: G.reindex_heter_graph(x, [n], [c, c]), ValueError, "one count"),
    ("reindex_heter_graph", lambda x, n, c: G.reindex_heter_graph(x, n, [c]), TypeError, "list of Tensors"),
])
def test_reindex_errors(op, make_call, error, message):
    x, n, c = paddle.to_tensor([0, 1]), paddle.to_tensor([3, 4, 0]), paddle.to_tensor([1, 2], dtype="int32")
    with pytest.raises(error, match=rf"^\[{op}\].*{message}"):
        make_call(x, n, c)
