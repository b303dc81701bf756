"""paddle.incubate: the deprecated graph and segment aliases (same results as
paddle.geometric, plus the warning), the k-hop sampler against a NumPy
breadth-first reference, identity_loss, the masked softmaxes against NumPy,
LookAhead/ModelAverage against parameter trajectories computed by hand in
NumPy, cc.compile's dtype dispatch and dimension rules against NumPy, and
inference (functions and layers run through saved models) against NumPy."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest
from gradcheck import check_grads

import paddle
import paddle.geometric as G
import paddle.incubate as I
import paddle.incubate.cc as pcc
import paddle.incubate.cc.typing as pct
from paddle.utils.deprecated import VisibleDeprecationWarning

ROW = np.array([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
COLPTR = np.array([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
NODES = np.array([0, 8, 1, 2])


def _call_quietly(fn, *args, **kwargs):
    """fn's result and the deprecation warnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn(*args, **kwargs)
    return result, [w for w in caught if issubclass(w.category, VisibleDeprecationWarning)]


# ---- deprecated aliases


@pytest.mark.parametrize("reduce", ["sum", "mean", "max", "min"])
def test_segment_aliases_match_geometric_and_warn(reduce):
    data = paddle.to_tensor(np.random.default_rng(0).standard_normal([5, 2]))
    ids = paddle.to_tensor([0, 0, 1, 3, 3])
    out, caught = _call_quietly(getattr(I, f"segment_{reduce}"), data, ids)
    np.testing.assert_array_equal(out.numpy(), getattr(G, f"segment_{reduce}")(data, ids).numpy())
    assert len(caught) == 1
    message = str(caught[0].message)
    assert "deprecated since 2.4.0" in message and f'"paddle.geometric.segment_{reduce}"' in message


@pytest.mark.parametrize("pool_type", ["sum", "mean", "max", "min"])
def test_graph_send_recv_matches_send_u_recv(pool_type):
    x = paddle.to_tensor(np.arange(12.0).reshape(4, 3))
    src, dst = paddle.to_tensor([0, 1, 2, 3, 3]), paddle.to_tensor([1, 1, 0, 2, 0])
    out, caught = _call_quietly(I.graph_send_recv, x, src, dst, pool_type=pool_type, out_size=5)
    np.testing.assert_array_equal(out.numpy(), G.send_u_recv(x, src, dst, pool_type, out_size=5).numpy())
    assert caught and "paddle.geometric.send_u_recv" in str(caught[0].message)


def test_graph_send_recv_rejects_an_unknown_pool_type():
    with pytest.raises(ValueError, match=r"^\[graph_send_recv\] argument 'pool_type'"):
        _call_quietly(I.graph_send_recv, paddle.ones([2, 1]), paddle.to_tensor([0]), paddle.to_tensor([1]), "prod")


def test_graph_sample_neighbors_takes_every_neighbour_when_asked():
    row, colptr, nodes = (paddle.to_tensor(a) for a in (ROW, COLPTR, NODES))
    eids = paddle.to_tensor(np.arange(ROW.size) * 10)
    (neighbors, counts, out_eids), caught = _call_quietly(I.graph_sample_neighbors, row, colptr, nodes, eids=eids,
                                                          sample_size=5, return_eids=True)
    edges = np.concatenate([np.arange(COLPTR[v], COLPTR[v + 1]) for v in NODES])
    np.testing.assert_array_equal(neighbors.numpy(), ROW[edges])
    np.testing.assert_array_equal(out_eids.numpy(), edges * 10)
    np.testing.assert_array_equal(counts.numpy(), COLPTR[NODES + 1] - COLPTR[NODES])
    assert caught


def test_graph_sample_neighbors_needs_the_buffer_it_is_told_of():
    row, colptr, nodes = (paddle.to_tensor(a) for a in (ROW, COLPTR, NODES))
    with pytest.raises(ValueError, match=r"^\[graph_sample_neighbors\] argument 'perm_buffer'"):
        _call_quietly(I.graph_sample_neighbors, row, colptr, nodes, sample_size=2, flag_perm_buffer=True)


def test_graph_reindex_matches_reindex_graph():
    x, neighbors = paddle.to_tensor([0, 1, 2]), paddle.to_tensor([8, 9, 0, 4, 7, 6, 7])
    count = paddle.to_tensor([2, 3, 2], dtype="int32")
    outputs, caught = _call_quietly(I.graph_reindex, x, neighbors, count)
    for got, expected in zip(outputs, ([3, 4, 0, 5, 6, 7, 6], [0, 0, 1, 1, 1, 2, 2], [0, 1, 2, 8, 9, 4, 7, 6])):
        np.testing.assert_array_equal(got.numpy(), expected)
    assert caught
    with pytest.raises(ValueError, match=r"^\[graph_reindex\] arguments 'value_buffer'"):
        _call_quietly(I.graph_reindex, x, neighbors, count, flag_buffer_hashtable=True)


# ---- k-hop sampler


def _np_khop_all(row, colptr, nodes, hops):
    """The k-hop subgraph with every neighbour taken, by breadth-first search:
    (edges as (source id, destination id) pairs, node order)."""
    frontier = list(dict.fromkeys(nodes.tolist()))
    order, expanded, edges = [], set(), []
    for _ in range(hops):
        if not frontier:
            break
        order += frontier
        expanded |= set(frontier)
        found = []
        for v in frontier:
            for u in row[colptr[v]:colptr[v + 1]].tolist():
                edges.append((u, v))
                found.append(u)
        frontier = sorted(set(found) - expanded)
    for u, _ in edges:
        if u not in order:
            order.append(u)
    return edges, order


@pytest.mark.parametrize("hops", [1, 2, 3])
def test_graph_khop_sampler_with_every_neighbour(hops):
    row, colptr, nodes = (paddle.to_tensor(a) for a in (ROW, COLPTR, NODES))
    src, dst, sample_index, reindex_nodes = I.graph_khop_sampler(row, colptr, nodes, [-1] * hops)
    edges, order = _np_khop_all(ROW, COLPTR, NODES, hops)
    np.testing.assert_array_equal(sample_index.numpy(), order)
    assert list(src.shape) == list(dst.shape) == [len(edges), 1]
    position = {node: i for i, node in enumerate(order)}
    np.testing.assert_array_equal(src.numpy()[:, 0], [position[u] for u, _ in edges])
    np.testing.assert_array_equal(dst.numpy()[:, 0], [position[v] for _, v in edges])
    np.testing.assert_array_equal(reindex_nodes.numpy(), [position[v] for v in NODES])


def test_graph_khop_sampler_samples_real_edges():
    paddle.seed(5)
    row, colptr, nodes = (paddle.to_tensor(a) for a in (ROW, COLPTR, NODES))
    eids = paddle.to_tensor(np.arange(ROW.size))
    src, dst, sample_index, _, edge_eids = I.graph_khop_sampler(row, colptr, nodes, [1, 2], sorted_eids=eids,
                                                                return_eids=True)
    ids = sample_index.numpy()
    sources, targets = ids[src.numpy()[:, 0]], ids[dst.numpy()[:, 0]]
    for u, v, e in zip(sources, targets, edge_eids.numpy()):
        assert COLPTR[v] <= e < COLPTR[v + 1] and ROW[e] == u
    assert len(set(edge_eids.numpy().tolist())) == edge_eids.shape[0]
    first_hop = np.isin(targets, NODES)
    assert np.all(np.bincount(targets[first_hop], minlength=10)[NODES] <= 1)


def test_graph_khop_sampler_errors():
    row, colptr, nodes = (paddle.to_tensor(a) for a in (ROW, COLPTR, NODES))
    with pytest.raises(ValueError, match=r"^\[graph_khop_sampler\] argument 'sample_sizes'"):
        I.graph_khop_sampler(row, colptr, nodes, [])
    with pytest.raises(TypeError, match=r"^\[graph_khop_sampler\] argument 'sample_sizes'"):
        I.graph_khop_sampler(row, colptr, nodes, 2)
    with pytest.raises(ValueError, match=r"^\[sample_neighbors\] argument 'eids'"):
        I.graph_khop_sampler(row, colptr, nodes, [2], return_eids=True)


# ---- identity_loss


@pytest.mark.parametrize("reduction, reduce", [("sum", np.sum), (0, np.sum), ("mean", np.mean), (1, np.mean),
                                               ("none", None), (2, None)])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_identity_loss(reduction, reduce, dtype):
    x = np.random.default_rng(1).standard_normal([3, 4]).astype(dtype)
    out = I.identity_loss(paddle.to_tensor(x), reduction)
    expected = x if reduce is None else reduce(x)
    assert out.dtype.name == dtype and list(out.shape) == list(np.shape(expected))
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6)
    rng = np.random.default_rng(2)
    check_grads(lambda t: I.identity_loss(t, reduction), [x.astype(np.float64)], rng)


@pytest.mark.parametrize("x, reduction, error", [
    (paddle.ones([2]), "avg", ValueError),
    (paddle.ones([2]), 3, ValueError),
    (paddle.ones([2]), 1.5, TypeError),
    (paddle.ones([2], "int64"), "sum", TypeError),
    ([1.0, 2.0], "sum", TypeError),
])
def test_identity_loss_errors(x, reduction, error):
    with pytest.raises(error, match=r"^\[identity_loss\]"):
        I.identity_loss(x, reduction)


# ---- masked softmaxes


def _np_softmax(z):
    z = z - z.max(-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(-1, keepdims=True)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_softmax_mask_fuse(dtype):
    rng = np.random.default_rng(3)
    x = rng.standard_normal([2, 3, 4, 5]).astype(dtype)
    mask = np.where(rng.random([2, 1, 4, 5]) < 0.3, -10000.0, 0.0).astype(dtype)
    out = I.softmax_mask_fuse(paddle.to_tensor(x), paddle.to_tensor(mask))
    assert out.dtype.name == dtype
    np.testing.assert_allclose(out.numpy(), _np_softmax(x.astype(np.float64) + mask), rtol=1e-5, atol=1e-7)


def test_softmax_mask_fuse_float16():
    rng = np.random.default_rng(4)
    x = rng.standard_normal([1, 2, 3, 4]).astype(np.float16)
    mask = np.zeros([1, 1, 3, 4], np.float16)
    out = I.softmax_mask_fuse(paddle.to_tensor(x), paddle.to_tensor(mask))
    assert out.dtype == paddle.float16
    np.testing.assert_allclose(out.numpy().astype(np.float64), _np_softmax(x.astype(np.float64)), atol=2e-3)


def test_softmax_mask_fuse_grads():
    rng = np.random.default_rng(5)
    mask = paddle.to_tensor(np.where(rng.random([1, 1, 3, 4]) < 0.3, -5.0, 0.0))
    check_grads(lambda t: I.softmax_mask_fuse(t, mask), [rng.standard_normal([1, 2, 3, 4])], rng)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_softmax_mask_fuse_upper_triangle(dtype):
    x = np.random.default_rng(6).standard_normal([2, 2, 4, 4]).astype(dtype)
    out = I.softmax_mask_fuse_upper_triangle(paddle.to_tensor(x)).numpy()
    expected = np.zeros_like(x, dtype=np.float64)
    for i in range(4):  # row i sees keys 0..i
        expected[..., i, :i + 1] = _np_softmax(x[..., i, :i + 1].astype(np.float64))
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-7)
    rng = np.random.default_rng(7)
    check_grads(I.softmax_mask_fuse_upper_triangle, [x.astype(np.float64)], rng)


@pytest.mark.parametrize("op, make_call, error", [
    ("softmax_mask_fuse", lambda: I.softmax_mask_fuse(paddle.ones([2, 3, 4]), paddle.ones([2, 1, 4])), ValueError),
    ("softmax_mask_fuse", lambda: I.softmax_mask_fuse(paddle.ones([2, 3, 4, 4]), paddle.ones([2, 3, 4, 4])),
     ValueError),
    ("softmax_mask_fuse", lambda: I.softmax_mask_fuse(paddle.ones([1, 1, 2, 2]), paddle.ones([1, 1, 2, 2], "float64")),
     TypeError),
    ("softmax_mask_fuse", lambda: I.softmax_mask_fuse(paddle.ones([1, 1, 2, 2], "int32"),
                                                      paddle.ones([1, 1, 2, 2], "int32")), TypeError),
    ("softmax_mask_fuse_upper_triangle", lambda: I.softmax_mask_fuse_upper_triangle(paddle.ones([1, 1, 2, 3])),
     ValueError),
])
def test_softmax_mask_fuse_errors(op, make_call, error):
    with pytest.raises(error, match=rf"^\[{op}\] argument"):
        make_call()


# ---- LookAhead


def _linear_problem(values):
    """A float64 parameter and the loss whose gradient at step t is G[t] (SGD moves w by -lr * G[t])."""
    w = paddle.create_parameter([len(values)], "float64",
                                default_initializer=paddle.nn.initializer.Assign(np.array(values)))
    return w, np.array([[1.0, -2.0], [0.5, 3.0], [-1.5, 1.0], [2.0, 2.0], [-1.0, 0.5], [0.25, -3.0], [1.0, 1.0]])


@pytest.mark.parametrize("alpha, k", [(0.25, 3), (0.5, 1), (1.0, 2), (0.0, 2)])
def test_lookahead_trajectory(alpha, k):
    w, grads = _linear_problem([1.0, 2.0])
    lr = 0.5
    opt = I.LookAhead(paddle.optimizer.SGD(learning_rate=lr, parameters=[w]), alpha=alpha, k=k)
    fast, slow = np.array([1.0, 2.0]), None
    for step, g in enumerate(grads, start=1):
        (w * paddle.to_tensor(g)).sum().backward()
        opt.step()
        opt.clear_grad()
        fast = fast - lr * g
        if slow is None:
            slow = fast.copy()  # the slow weights start after the first step
        if step % k == 0:
            slow = slow + alpha * (fast - slow)
            fast = slow.copy()
        np.testing.assert_allclose(w.numpy(), fast, rtol=1e-12, err_msg=f"step {step}")
    np.testing.assert_allclose(opt.state_dict()[f"{w.name}_slow_0"].numpy(), slow, rtol=1e-12)


def test_lookahead_is_an_optimizer_and_delegates_the_learning_rate():
    w, _ = _linear_problem([1.0, 2.0])
    sgd = paddle.optimizer.SGD(learning_rate=0.3, parameters=[w])
    opt = paddle.incubate.optimizer.LookAhead(sgd)
    assert paddle.incubate.optimizer.LookAhead is I.LookAhead
    assert isinstance(opt, paddle.optimizer.Optimizer) and (opt.alpha, opt.k) == (0.5, 5)
    assert opt.get_lr() == 0.3
    opt.set_lr(0.1)
    assert sgd.get_lr() == 0.1


@pytest.mark.parametrize("kwargs, error, argument", [
    (dict(inner_optimizer=None), TypeError, "inner_optimizer"),
    (dict(alpha=1.5), ValueError, "alpha"),
    (dict(alpha=-0.1), ValueError, "alpha"),
    (dict(k=0), ValueError, "k"),
    (dict(k=2.5), TypeError, "k"),
])
def test_lookahead_errors(kwargs, error, argument):
    w, _ = _linear_problem([1.0])
    arguments = dict(inner_optimizer=paddle.optimizer.SGD(parameters=[w]))
    arguments.update(kwargs)
    with pytest.raises(error, match=rf"^\[LookAhead\] argument '{argument}'"):
        I.LookAhead(**arguments)


# ---- ModelAverage


def _np_model_average(history, rate, min_window, max_window):
    """The average apply() gives after the parameter took the values in
    `history`: windows restart once they hold
    max(min_window, min(max_window, steps * rate)) values; the average covers
    the last finished window and the running one."""
    running, finished = [], []
    for steps, value in enumerate(history, start=1):
        running.append(value)
        if len(running) >= min_window and len(running) >= min(max_window, steps * rate):
            finished, running = running, []
    return np.mean(finished + running, axis=0)


@pytest.mark.parametrize("rate, min_window, max_window", [(0.5, 2, 3), (0.3, 1, 10), (1.0, 4, 4), (0.5, 100, 100)])
def test_model_average_trajectory(rate, min_window, max_window):
    w, grads = _linear_problem([1.0, 2.0])
    sgd = paddle.optimizer.SGD(learning_rate=1.0, parameters=[w])
    average = I.ModelAverage(rate, parameters=[w], min_average_window=min_window, max_average_window=max_window)
    value, history = np.array([1.0, 2.0]), []
    for g in grads:
        (w * paddle.to_tensor(g)).sum().backward()
        sgd.step()
        average.step()
        sgd.clear_grad()
        value = value - g
        history.append(value)
        with average.apply():
            np.testing.assert_allclose(w.numpy(), _np_model_average(history, rate, min_window, max_window),
                                       rtol=1e-12)
        np.testing.assert_allclose(w.numpy(), value, rtol=1e-12)  # restored


def test_model_average_apply_without_restore_then_restore():
    w, grads = _linear_problem([0.0, 0.0])
    sgd = paddle.optimizer.SGD(learning_rate=1.0, parameters=[w])
    average = paddle.incubate.optimizer.ModelAverage(1.0, parameters=[w], min_average_window=10,
                                                     max_average_window=10)
    for g in grads[:3]:
        (w * paddle.to_tensor(g)).sum().backward()
        sgd.step()
        average.step()
        sgd.clear_grad()
    trained = -grads[:3].cumsum(0)
    with average.apply(need_restore=False):
        pass
    np.testing.assert_allclose(w.numpy(), trained.mean(0), rtol=1e-12)
    average.restore()
    np.testing.assert_allclose(w.numpy(), trained[-1], rtol=1e-12)
    state = average.state_dict()
    assert int(state[f"{w.name}_num_updates_0"].numpy()[0]) == 3
    np.testing.assert_allclose(state[f"{w.name}_sum_1_0"].numpy(), trained.sum(0), rtol=1e-12)


def test_model_average_leaves_parameters_it_never_summed():
    w, _ = _linear_problem([4.0, 5.0])
    average = I.ModelAverage(0.5, parameters=[w])
    with average.apply():
        np.testing.assert_array_equal(w.numpy(), [4.0, 5.0])


@pytest.mark.parametrize("kwargs, error, argument", [
    (dict(average_window_rate=-1.0), ValueError, "average_window_rate"),
    (dict(average_window_rate="0.5"), TypeError, "average_window_rate"),
    (dict(min_average_window=5, max_average_window=4), ValueError, "min_average_window"),
    (dict(max_average_window=-1), ValueError, "max_average_window"),
])
def test_model_average_errors(kwargs, error, argument):
    w, _ = _linear_problem([1.0])
    arguments = dict(average_window_rate=0.5, parameters=[w])
    arguments.update(kwargs)
    with pytest.raises(error, match=rf"^\[ModelAverage\] argument '{argument}'"):
        I.ModelAverage(**arguments)



# --- cc: compiled from annotations ---------------------------------------------
# This module has `from __future__ import annotations`: cc.compile evaluates the string annotations, which name
# these globals.

N, K = pct.DimVar("N", min=2), pct.DimVar("K", max=6)
T = pct.DTypeVar("T", "float32", "float64")
U = pct.DTypeVar("U", "int32", "int64")


def _dense_relu(x: pct.Tensor([N, K], T), w: pct.Tensor([K, 3], T), b: pct.Tensor([pct.DimVar(3)], T)):
    return paddle.nn.functional.relu(x @ w + b)


def _shift(x: pct.Tensor([N], T), steps: pct.Tensor([N], U)):
    return x + steps.astype(x.dtype)


def _dense_relu_reference(x, w, b):
    return np.maximum(x @ w + b, 0)


def test_cc_compile_runs_a_program_per_dtype():
    rng = np.random.default_rng(7)
    f = pcc.compile(_dense_relu)
    for dtype in ("float32", "float64"):
        x, w, b = (rng.standard_normal(s).astype(dtype) for s in ((4, 5), (5, 3), (3,)))
        out = f(paddle.to_tensor(x, stop_gradient=False), paddle.to_tensor(w), paddle.to_tensor(b))
        assert out.dtype == getattr(paddle, dtype) and out.shape == [4, 3]
        assert out.stop_gradient  # inference only: no gradient is recorded
        np.testing.assert_allclose(out.numpy(), _dense_relu_reference(x, w, b), rtol=1e-5)
    # Named dims are any size: another N runs the same programs.
    x = rng.standard_normal((9, 5))
    w, b = rng.standard_normal((5, 3)), rng.standard_normal(3)
    np.testing.assert_allclose(f(*map(paddle.to_tensor, (x, w, b))).numpy(), _dense_relu_reference(x, w, b))


def test_cc_compile_crosses_dtype_variables():
    f = pcc.compile(_shift)
    for float_dtype in ("float32", "float64"):
        for int_dtype in ("int32", "int64"):
            out = f(paddle.to_tensor([0.5, 1.5], float_dtype), paddle.to_tensor([2, -1], int_dtype))
            assert out.dtype == getattr(paddle, float_dtype) and out.tolist() == [2.5, 0.5]
    with pytest.raises(TypeError, match=r"\[cc.compile\] _shift has no program for the input dtypes \(int32, "
                                        r"int32\); it was compiled for \(float32, int32\); \(float32, int64\)"):
        f(paddle.to_tensor([1, 2], "int32"), paddle.to_tensor([1, 2], "int32"))


@pytest.mark.parametrize("shapes, message", [
    (((1, 5), (5, 3), (3,)), r"argument 'x': dim 0 \(N\) must be >= 2, but got 1"),
    (((2, 7), (7, 3), (3,)), r"argument 'x': dim 1 \(K\) must be <= 6, but got 7"),
    (((2, 5), (4, 3), (3,)), r"argument 'w': dim 0 \(K\) is 4, but K is 5 in an earlier argument"),
    (((2, 5), (5, 2), (3,)), r"argument 'w' must have size 3 in dim 1, but got 2"),
    (((2, 5), (5, 3), (3, 1)), r"argument 'b' must be 1-D, but got shape \[3, 1\]"),
])
def test_cc_compile_checks_dims(shapes, message):
    f = pcc.compile(_dense_relu)
    with pytest.raises(ValueError, match=r"^\[cc.compile\] _dense_relu: " + message):
        f(*(paddle.ones(s) for s in shapes))


def test_cc_compile_bad_inputs():
    f = pcc.compile(_dense_relu)
    with pytest.raises(TypeError, match=r"\[cc.compile\] _dense_relu takes 3 tensors, but got 2"):
        f(paddle.ones([2, 5]), paddle.ones([5, 3]))
    with pytest.raises(TypeError, match=r"\[cc.compile\] _dense_relu: argument 'b' must be a Tensor, but got list"):
        f(paddle.ones([2, 5]), paddle.ones([5, 3]), [0.0, 0.0, 0.0])
    with pytest.raises(TypeError, match=r"'x' is not"):
        pcc.compile(lambda x: x)
    with pytest.raises(NotImplementedError, match=r"\[cc.compile\] only inference is supported"):
        pcc.compile(_dense_relu, train=True)
    with pytest.raises(ValueError, match=r"argument 'compile_engine': expected 'PCC' or 'CINN', but got 'XLA'"):
        pcc.compile(_dense_relu, compile_engine="XLA")


def test_cc_typing_checks_its_arguments():
    assert (N.name_or_value, N.min, N.max) == ("N", 2, None)
    assert pct.Dim is pct.DimVar and pct.DType is pct.DTypeVar
    with pytest.raises(TypeError, match=r"\[cc.typing.DimVar\] argument 'name_or_value'"):
        pct.DimVar(2.5)
    with pytest.raises(ValueError, match=r"\[cc.typing.DimVar\] min \(3\) must be <= max \(2\)"):
        pct.DimVar("M", min=3, max=2)
    with pytest.raises(ValueError, match=r"\[cc.typing.DTypeVar\] 'T' needs at least one candidate dtype"):
        pct.DTypeVar("T")
    with pytest.raises(ValueError, match=r"expected distinct dtypes"):
        pct.DTypeVar("T", "float32", "float32")
    with pytest.raises(ValueError, match=r"expected dtype names such as 'float32', but got 'real'"):
        pct.DTypeVar("T", "real")
    with pytest.raises(TypeError, match=r"\[cc.typing.Tensor\] argument 'dtype': expected a DTypeVar, but got str"):
        pct.Tensor([N], "float32")


def test_cc_fuse_matmul_applies_the_epilogue():
    x = np.array([[1.0, -2.0], [3.0, 0.5]])
    w = np.array([[1.0, 2.0], [-1.0, 1.0]])
    out = pcc.fuse.matmul(paddle.to_tensor(x), paddle.to_tensor(w), paddle.nn.functional.relu, transpose_y=True)
    np.testing.assert_array_equal(out.numpy(), np.maximum(x @ w.T, 0))  # [[0, 0], [7, 0]]
    with pcc.fuse.by_register():
        pass
    with pytest.raises(TypeError, match=r"\[cc.fuse.matmul\] argument 'epilogue': expected a callable"):
        pcc.fuse.matmul(paddle.to_tensor(x), paddle.to_tensor(w), "relu")


# --- inference: run through a saved model ---------------------------------------


def _axpy(x, y):
    return 2 * x + y


def _info(folder):
    with open(os.path.join(folder, "infer_d2s_input_info.txt"), encoding="utf-8") as f:
        return f.read()


def test_inference_of_a_function_saves_and_runs_the_model(tmp_path):
    fast = I.inference(_axpy, save_model_dir=str(tmp_path))
    assert I.inference(fast) is fast and I.inference is I.jit.inference
    a, b = np.arange(6.0).reshape(2, 3), np.full((2, 3), 0.5)
    out = fast(paddle.to_tensor(a, "float32"), paddle.to_tensor(b, "float32"))
    np.testing.assert_array_equal(out.numpy(), 2 * a + b)
    folder = tmp_path / "_axpy"
    assert (folder / "infer.json").is_file()
    assert _info(folder) == "x:2,3\ny:2,3\n"
    # Another batch size saves again, with that dim of any size.
    a = np.arange(15.0).reshape(5, 3)
    np.testing.assert_array_equal(fast(paddle.to_tensor(a, "float32"), y=paddle.ones([5, 3])).numpy(), 2 * a + 1)
    assert _info(folder) == "x:-1,3\ny:-1,3\n"


def test_inference_reuses_a_cached_model(tmp_path):
    x, y = paddle.ones([2, 2]), paddle.full([2, 2], 3.0)
    I.inference(_axpy, save_model_dir=str(tmp_path))(x, y)
    model = tmp_path / "_axpy" / "infer.json"
    saved = model.stat().st_mtime_ns
    cached = I.inference(_axpy, save_model_dir=str(tmp_path), cache_static_model=True)
    assert cached(x, y).tolist() == [[5.0, 5.0], [5.0, 5.0]]
    assert model.stat().st_mtime_ns == saved  # loaded, not saved again


def test_inference_of_a_layer_replaces_its_forward(tmp_path):
    layer = paddle.nn.Linear(4, 3)
    w, b = np.arange(12.0).reshape(4, 3) / 10, np.array([1.0, -1.0, 0.5])
    layer.weight.set_value(w.astype("float32"))
    layer.bias.set_value(b.astype("float32"))
    assert I.inference(layer, save_model_dir=str(tmp_path)) is layer
    x = np.array([[1.0, 2.0, 3.0, 4.0]])
    np.testing.assert_allclose(layer(paddle.to_tensor(x, "float32")).numpy(), x @ w + b, rtol=1e-6)
    assert (tmp_path / "forward" / "infer.pdiparams").is_file()  # the folder is named after the function
    forward = layer.forward
    assert I.inference(layer) is layer and layer.forward is forward  # converted once


def test_inference_as_a_method_decorator_with_fixed_and_list_arguments(tmp_path):
    class Scaled(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.scale = paddle.create_parameter([1], "float32",
                                                 default_initializer=paddle.nn.initializer.Constant(3.0))

        @I.inference(save_model_dir=str(tmp_path))
        def forward(self, x, extra=None, parts=(), negate=False):
            out = x * self.scale
            if extra is not None:
                out = out + extra
            for p in parts:
                out = out + p
            return out * -1 if negate else out, x.sum()  # (a saved unary minus does not load yet)

    layer = Scaled()
    x = paddle.to_tensor([1.0, 2.0])
    scaled, total = layer(x)
    assert scaled.tolist() == [3.0, 6.0] and total.item() == 3.0
    # None, bools and list lengths are part of the program: changing them saves it again.
    scaled, _ = layer(x, extra=paddle.to_tensor([10.0, 20.0]), negate=True)
    assert scaled.tolist() == [-13.0, -26.0]
    scaled, _ = layer(x, None, [paddle.ones([2]), paddle.full([2], 2.0)])
    assert scaled.tolist() == [6.0, 9.0]
    assert _info(tmp_path / "forward") == "x:2\nparts_0:2\nparts_1:2\n"
    # Another instance has its own parameters.
    other = Scaled()
    other.scale.set_value(np.array([5.0], "float32"))
    assert other(x)[0].tolist() == [5.0, 10.0]
    assert layer(x)[0].tolist() == [3.0, 6.0]


def test_inference_bad_inputs(tmp_path):
    def varargs(*xs):
        return xs[0]

    with pytest.raises(ValueError, match=r"\[incubate.jit.inference\] varargs has \*args or \*\*kwargs"):
        I.inference(varargs)
    with pytest.raises(ValueError, match=r"converts a Layer method, whose first parameter is self; _axpy's "):
        I.inference(save_model_dir=str(tmp_path))(_axpy)
    with pytest.raises(TypeError, match=r"argument 'function': expected a function or a Layer, but got int"):
        I.inference(3)
    with pytest.raises(ValueError, match=r"argument 'precision_mode': expected one of 'float32', 'float16', "
                                         r"'bfloat16', but got 'int8'"):
        I.inference(_axpy, precision_mode="int8")
    with pytest.raises(NotImplementedError, match=r"with_trt=True"):
        I.inference(_axpy, with_trt=True)
    fast = I.inference(_axpy, save_model_dir=str(tmp_path))
    with pytest.raises(ValueError, match=r"\[incubate.jit.inference\] _axpy: missing a required argument: 'y'"):
        fast(paddle.ones([2]))
    with pytest.raises(TypeError, match=r"_axpy: argument 'y' must be a Tensor, a list or tuple of Tensors, None or "
                                        r"a bool, but got float"):
        fast(paddle.ones([2]), 1.0)
