"""More Paddle 3.x names composed from the ops (tensor/scattering.py,
ordering.py, bessel_gamma.py, construction.py and the bit and polar helpers
of special.py): values against NumPy or quadrature, gradients by finite
differences, errors that name the op."""

from __future__ import annotations

import math

import numpy as np
import pytest

import paddle
from gradcheck import check_grads

RNG = np.random.default_rng(17)


def _t(a):
    return paddle.to_tensor(np.asarray(a))


# ---- positions ------------------------------------------------------------------

def test_take_index_sample_and_argwhere():
    a = RNG.standard_normal((3, 4))
    idx = np.array([[0, 11], [-1, 5]])
    np.testing.assert_array_equal(paddle.take(_t(a), _t(idx)).numpy(), np.take(a, idx))
    np.testing.assert_array_equal(paddle.take(_t(a), _t([13, -14]), mode="wrap").numpy(),
                                  np.take(a, [13, -14], mode="wrap"))
    np.testing.assert_array_equal(paddle.take(_t(a), _t([13, -14]), mode="clip").numpy(),
                                  np.take(a, [13, 0], mode="clip"))
    with pytest.raises(IndexError, match=r"\[take\] index out of range for a tensor of 12 elements"):
        paddle.take(_t(a), _t([12]))
    rows = RNG.integers(0, 4, (3, 2))
    np.testing.assert_array_equal(paddle.index_sample(_t(a), _t(rows)).numpy(), np.take_along_axis(a, rows, 1))
    np.testing.assert_array_equal(paddle.argwhere(_t(a > 0)).numpy(), np.argwhere(a > 0))
    check_grads(lambda x: paddle.take(x, _t(idx)), [a], RNG)


def test_writers_at_positions_match_numpy():
    a = RNG.standard_normal((3, 4))
    want = a.copy()
    want[:, [0, 2]] = -1.0
    np.testing.assert_array_equal(paddle.index_fill(_t(a), _t([0, 2]), 1, -1.0).numpy(), want)
    mask = a > 0
    values = RNG.standard_normal(12)
    want = a.copy()
    want[mask] = values[:mask.sum()]
    np.testing.assert_array_equal(paddle.masked_scatter(_t(a), _t(mask), _t(values)).numpy(), want)
    with pytest.raises(ValueError, match=r"\[masked_scatter\] value has 1 elements, but the mask selects"):
        paddle.masked_scatter(_t(a), _t(np.ones((3, 4), bool)), _t([1.0]))
    want = a.copy()
    want[:, 1] = [7.0, 8.0, 9.0]
    np.testing.assert_array_equal(paddle.select_scatter(_t(a), _t([7.0, 8.0, 9.0]), 1, 1).numpy(), want)
    want = a.copy()
    want[:, 0:4:2] = 0.0
    np.testing.assert_array_equal(paddle.slice_scatter(_t(a), paddle.zeros([3, 2], "float64"), [1], [0], [4],
                                                       [2]).numpy(), want)
    for offset in (-1, 0, 2):
        want = a.copy()
        rows = np.arange(max(0, -offset), min(3, 4 - offset))
        want[rows, rows + offset] = 5.0
        got = paddle.diagonal_scatter(_t(a), paddle.full([len(rows)], 5.0, "float64"), offset)
        np.testing.assert_array_equal(got.numpy(), want)
        np.testing.assert_array_equal(paddle.fill_diagonal_tensor(_t(a), paddle.full([len(rows)], 5.0, "float64"),
                                                                  offset).numpy(), want)
    with pytest.raises(ValueError, match=r"\[diagonal_scatter\] the values of shape \[2\] do not fit"):
        paddle.diagonal_scatter(_t(a), _t([1.0, 2.0]))


def test_writer_gradients():
    a = RNG.standard_normal((3, 4))
    check_grads(lambda x, v: paddle.select_scatter(x, v, 0, 1), [a, RNG.standard_normal(4)], RNG)
    check_grads(lambda x, v: paddle.diagonal_scatter(x, v, 1), [a, RNG.standard_normal(3)], RNG)
    check_grads(lambda x, v: paddle.slice_scatter(x, v, [0, 1], [0, 1], [3, 4], [2, 2]),
                [a, RNG.standard_normal((2, 2))], RNG)
    check_grads(lambda x, v: paddle.masked_scatter(x, _t(a > 0), v), [a, RNG.standard_normal(12)], RNG)
    check_grads(lambda x: paddle.index_fill(x, _t([1]), 0, 2.0), [a], RNG)


@pytest.mark.parametrize("reduce", ["sum", "prod", "mean", "amin", "amax"])
@pytest.mark.parametrize("include_self", [True, False])
def test_scatter_reduce_matches_a_loop(reduce, include_self):
    base = RNG.standard_normal((3, 5))
    index = RNG.integers(0, 5, (3, 4))
    src = RNG.standard_normal((3, 4))
    want = base.copy()
    gathered = {}
    for i in range(3):
        for j in range(4):
            gathered.setdefault((i, index[i, j]), []).append(src[i, j])
    ops = {"sum": np.sum, "prod": np.prod, "mean": np.mean, "amin": np.min, "amax": np.max}
    for (i, k), values in gathered.items():
        values = ([base[i, k]] if include_self else []) + values
        want[i, k] = ops[reduce](values)
    got = paddle.scatter_reduce(_t(base), 1, _t(index), _t(src), reduce, include_self=include_self)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-12)
    if reduce == "sum" and include_self:
        np.testing.assert_allclose(paddle.scatter_add(_t(base), 1, _t(index), _t(src)).numpy(), want, rtol=1e-12)


def test_multiplex_shard_index_increment_crop_reduce_as():
    a, b = RNG.standard_normal((3, 2)), RNG.standard_normal((3, 2))
    choice = np.array([[1], [0], [1]])
    np.testing.assert_array_equal(paddle.multiplex([_t(a), _t(b)], _t(choice.astype("int32"))).numpy(),
                                  np.where(choice == 1, b, a))
    labels = np.array([[1], [6], [12], [19]])
    for shard in (0, 1):
        size = 10
        want = np.where(labels // size == shard, labels % size, -1)
        np.testing.assert_array_equal(paddle.shard_index(_t(labels), 20, 2, shard).numpy(), want)
    with pytest.raises(TypeError, match=r"^\[shard_index\] argument 'nshards': expected an int, but got float"):
        paddle.shard_index(_t(labels), 20, 2.5, 0)
    with pytest.raises(ValueError, match=r"^\[shard_index\] argument 'shard_id': expected an int in \[0, 2\), but got 2"):
        paddle.shard_index(_t(labels), 20, 2, 2)
    counter = _t([1.5])
    assert paddle.increment(counter, 2.0) is counter and counter.tolist() == [3.5]
    big = RNG.standard_normal((4, 5))
    np.testing.assert_array_equal(paddle.crop(_t(big), [2, -1], [1, 2]).numpy(), big[1:3, 2:])
    with pytest.raises(ValueError, match=r"\[crop\] the block at offsets"):
        paddle.crop(_t(big), [4, 1], [1, 0])
    x = RNG.standard_normal((2, 3, 4))
    np.testing.assert_allclose(paddle.reduce_as(_t(x), paddle.zeros([3, 1])).numpy(),
                               x.sum(0).sum(1, keepdims=True), rtol=1e-12)


# ---- order ----------------------------------------------------------------------

@pytest.mark.parametrize("right", [False, True])
def test_searchsorted_and_bucketize_match_numpy(right):
    seq = np.sort(RNG.integers(0, 10, 8)).astype("float64")
    values = RNG.integers(-1, 11, (3, 4)).astype("float64")
    side = "right" if right else "left"
    np.testing.assert_array_equal(paddle.searchsorted(_t(seq), _t(values), right=right).numpy(),
                                  np.searchsorted(seq, values, side))
    np.testing.assert_array_equal(paddle.bucketize(_t(values), _t(seq), right=right).numpy(),
                                  np.searchsorted(seq, values, side))
    rows = np.sort(RNG.standard_normal((3, 5)), 1)
    queries = RNG.standard_normal((3, 2))
    got = paddle.searchsorted(_t(rows), _t(queries), out_int32=True, side=side)
    assert got.dtype == paddle.int32
    np.testing.assert_array_equal(got.numpy(), [np.searchsorted(r, q, side) for r, q in zip(rows, queries)])


def test_unique_consecutive_and_msort():
    a = np.array([1, 1, 2, 2, 3, 1, 1, 4])
    out, inverse, counts = paddle.unique_consecutive(_t(a), True, True)
    np.testing.assert_array_equal(out.numpy(), [1, 2, 3, 1, 4])
    np.testing.assert_array_equal(inverse.numpy(), [0, 0, 1, 1, 2, 3, 3, 4])
    np.testing.assert_array_equal(counts.numpy(), [2, 2, 1, 2, 1])
    rows = np.array([[1, 2], [1, 2], [3, 4], [1, 2]])
    np.testing.assert_array_equal(paddle.unique_consecutive(_t(rows), axis=0).numpy(), [[1, 2], [3, 4], [1, 2]])
    m = RNG.standard_normal((4, 3))
    np.testing.assert_array_equal(paddle.msort(_t(m)).numpy(), np.sort(m, 0))


@pytest.mark.parametrize("interpolation", ["linear", "lower", "higher", "nearest", "midpoint"])
def test_nanquantile_matches_numpy(interpolation):
    a = RNG.standard_normal((4, 7))
    a[RNG.random((4, 7)) < 0.3] = np.nan
    a[2] = np.nan
    for q in (0.0, 0.3, 0.5, [0.25, 0.9]):
        got = paddle.nanquantile(_t(a), q, axis=1, interpolation=interpolation).numpy()
        with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
            want = np.nanquantile(a, q, axis=1, method=interpolation)
        np.testing.assert_allclose(got, want, rtol=1e-12)


def test_histogram_helpers_and_trapezoid():
    data = RNG.uniform(-2, 3, 50)
    np.testing.assert_allclose(paddle.histogram_bin_edges(_t(data), 7).numpy(), np.histogram_bin_edges(data, 7),
                               rtol=1e-12)
    np.testing.assert_allclose(paddle.histogram_bin_edges(_t(data), 4, -1.0, 1.0).numpy(), np.linspace(-1, 1, 5))
    points = RNG.standard_normal((40, 2))
    hist, edges = paddle.histogramdd(_t(points), bins=[3, 4], ranges=[-2.0, 2.0, -1.0, 1.0])
    want, want_edges = np.histogramdd(points, bins=[3, 4], range=[(-2, 2), (-1, 1)])
    np.testing.assert_array_equal(hist.numpy(), want)
    for e, w in zip(edges, want_edges):
        np.testing.assert_allclose(e.numpy(), w)
    with pytest.raises(ValueError, match=r"^\[histogramdd\] `bins\[0\]` must be positive"):
        paddle.histogramdd(_t(points), bins=0)
    with pytest.raises(ValueError, match=r"^\[histogramdd\] argument 'x': expected points of shape \[..., D\]"):
        paddle.histogramdd(_t(points[:, 0]))
    with pytest.raises(ValueError, match=r"^\[histogramdd\] argument 'ranges': expected a list of 4 numbers"):
        paddle.histogramdd(_t(points), ranges=[0.0, 1.0])
    with pytest.raises(MemoryError, match=r"^\[histogramdd\] Unable to allocate"):
        paddle.histogramdd(_t(points), bins=2**40)
    y, x = RNG.standard_normal((2, 6)), np.sort(RNG.uniform(0, 5, 6))
    np.testing.assert_allclose(paddle.trapezoid(_t(y), _t(x)).numpy(), np.trapezoid(y, x), rtol=1e-12)
    np.testing.assert_allclose(paddle.trapezoid(_t(y), dx=0.5, axis=0).numpy(), np.trapezoid(y, dx=0.5, axis=0),
                               rtol=1e-12)
    running = np.cumsum((y[:, 1:] + y[:, :-1]) / 2 * np.diff(x), axis=1)
    np.testing.assert_allclose(paddle.cumulative_trapezoid(_t(y), _t(x)).numpy(), running, rtol=1e-12)
    check_grads(lambda v: paddle.trapezoid(v, _t(x)), [y], RNG)


# ---- special functions -------------------------------------------------------------

def _bessel_by_quadrature(x, order):
    t = np.linspace(0.0, np.pi, 20001)
    return np.array([np.trapezoid(np.exp(v * np.cos(t)) * np.cos(order * t), t) / np.pi for v in x])


def test_bessel_functions_against_quadrature():
    x = np.array([-35.0, -12.5, -1.0, 0.0, 0.3, 2.0, 9.0, 29.5, 30.5, 45.0])
    i0 = _bessel_by_quadrature(x, 0)
    i1 = _bessel_by_quadrature(x, 1)
    np.testing.assert_allclose(paddle.i0(_t(x)).numpy(), np.i0(x), rtol=1e-12)
    np.testing.assert_allclose(paddle.i0(_t(x)).numpy(), i0, rtol=1e-10)
    np.testing.assert_allclose(paddle.i1(_t(x)).numpy(), i1, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(paddle.i0e(_t(x)).numpy(), i0 * np.exp(-np.abs(x)), rtol=1e-10)
    np.testing.assert_allclose(paddle.i1e(_t(x)).numpy(), i1 * np.exp(-np.abs(x)), rtol=1e-10, atol=1e-12)
    assert paddle.i0(_t([1, 2])).dtype == paddle.float32


def test_bessel_gradients():
    x = np.array([-3.0, -0.5, 0.7, 2.5])
    check_grads(paddle.i0, [x], RNG)
    check_grads(paddle.i1e, [x], RNG)
    v = paddle.to_tensor(x, stop_gradient=False)
    paddle.i0(v).sum().backward()
    np.testing.assert_allclose(v.grad.numpy(), _bessel_by_quadrature(x, 1), rtol=1e-9)  # I0' = I1


def _lower_gamma_by_quadrature(a, x):
    """For a <= 1: t = s**(1/a) makes the integrand smooth."""
    s = np.linspace(0.0, x ** a, 200001)
    return np.trapezoid(np.exp(-s ** (1.0 / a)), s) / a / math.gamma(a)


def _lower_gamma_by_recurrence(a, x):
    """P(a + 1, x) = P(a, x) - x**a e**-x / Gamma(a + 1), from P(1, x) = 1 - e**-x or P(1/2, x) = erf(sqrt x)."""
    value, base = (1 - math.exp(-x), 1.0) if float(a).is_integer() else (math.erf(math.sqrt(x)), 0.5)
    while base < a:
        value -= x ** base * math.exp(-x) / math.gamma(base + 1)
        base += 1
    return value


def test_incomplete_gamma_against_closed_forms_and_quadrature():
    x = np.array([0.0, 0.1, 0.5, 1.0, 3.0, 10.0, 40.0])
    np.testing.assert_allclose(paddle.gammainc(paddle.ones([7], "float64"), _t(x)).numpy(), 1 - np.exp(-x),
                               rtol=1e-12, atol=1e-15)
    erf = np.vectorize(math.erf)
    np.testing.assert_allclose(paddle.gammainc(paddle.full([7], 0.5, "float64"), _t(x)).numpy(), erf(np.sqrt(x)),
                               rtol=1e-12)
    cases = [(a, y, _lower_gamma_by_recurrence(a, y)) for a, y in ((2.5, 1.0), (4.0, 9.0), (7.5, 3.0), (3.0, 20.0))]
    cases += [(a, y, _lower_gamma_by_quadrature(a, y)) for a, y in ((0.3, 0.2), (0.7, 2.5))]
    for a, y, want in cases:
        np.testing.assert_allclose(paddle.gammainc(_t([a]), _t([y])).numpy(), [want], rtol=1e-7)
        np.testing.assert_allclose(paddle.gammaincc(_t([a]), _t([y])).numpy(), [1 - want], rtol=1e-6)


def test_incomplete_gamma_gradient_in_y():
    a, y = np.array([0.5, 2.0, 5.0]), np.array([0.3, 3.0, 12.0])
    v = paddle.to_tensor(y, stop_gradient=False)
    paddle.gammainc(_t(a), v).sum().backward()
    want = y ** (a - 1) * np.exp(-y) / np.array([math.gamma(v_) for v_ in a])
    np.testing.assert_allclose(v.grad.numpy(), want, rtol=1e-8)


def test_polar_shifts_invert_renorm():
    r, theta = RNG.uniform(0.5, 2, 4), RNG.uniform(-3, 3, 4)
    np.testing.assert_allclose(paddle.polar(_t(r), _t(theta)).numpy(), r * np.exp(1j * theta), rtol=1e-12)
    for dtype in ("int32", "int64"):
        a = RNG.integers(-1000, 1000, 8).astype(dtype)
        s = RNG.integers(0, 6, 8).astype(dtype)
        np.testing.assert_array_equal(paddle.bitwise_left_shift(_t(a), _t(s)).numpy(), np.left_shift(a, s))
        np.testing.assert_array_equal(paddle.bitwise_right_shift(_t(a), _t(s)).numpy(), np.right_shift(a, s))
        unsigned = a.view("uint32" if dtype == "int32" else "uint64")
        logical = np.right_shift(unsigned, s.astype(unsigned.dtype)).view(dtype)
        np.testing.assert_array_equal(paddle.bitwise_right_shift(_t(a), _t(s), is_arithmetic=False).numpy(), logical)
        np.testing.assert_array_equal(paddle.bitwise_invert(_t(a)).numpy(), np.invert(a))
    with pytest.raises(TypeError, match=r"\[bitwise_left_shift\] argument 'x': expected an integer tensor"):
        paddle.bitwise_left_shift(_t([1.0]), _t([1]))
    m = RNG.standard_normal((3, 4)) * 3
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    want = np.where(norms > 2.0, m * 2.0 / (norms + 1e-7), m)
    np.testing.assert_allclose(paddle.renorm(_t(m), 2, 0, 2.0).numpy(), want, rtol=1e-12)


# ---- construction ---------------------------------------------------------------------

def test_construction_helpers():
    a = np.arange(6).reshape(2, 3)
    assert paddle.from_numpy(a).tolist() == a.tolist() and paddle.from_numpy(a).dtype == paddle.int64
    with pytest.raises(TypeError, match=r"\[from_numpy\]"):
        paddle.from_numpy([1, 2])
    t = _t(a)
    assert paddle.as_tensor(t) is t and paddle.asarray(t) is t
    copied = paddle.asarray(t, copy=True)
    assert copied is not t and copied.tolist() == a.tolist()
    assert paddle.as_tensor([1.5], dtype="float64").dtype == paddle.float64
    assert paddle.range(0, 3).tolist() == [0.0, 1.0, 2.0, 3.0] and paddle.range(5, 0, -2).tolist() == [5.0, 3.0, 1.0]
    assert paddle.rand_like(paddle.ones([2, 3], "float64")).dtype == paddle.float64
    assert paddle.randn_like(paddle.ones([4])).shape == [4]
    assert paddle.view(t, [3, 2]).tolist() == a.reshape(3, 2).tolist()
    assert paddle.view_as(t, paddle.ones([6])).shape == [6]
    z = np.array([1 + 2j, -3j])
    np.testing.assert_array_equal(paddle.view_as_real(_t(z)).numpy(), np.stack([z.real, z.imag], -1))
    np.testing.assert_array_equal(paddle.view_as_complex(_t(np.stack([z.real, z.imag], -1))).numpy(), z)
    x = np.arange(10.0).reshape(2, 5)
    want = np.lib.stride_tricks.sliding_window_view(x, 2, axis=1)[:, ::2]
    np.testing.assert_array_equal(_t(x).unfold(1, 2, 2).numpy(), want)


def test_samplers_draw_from_their_distributions():
    paddle.seed(5)
    n = 20000
    counts = paddle.binomial(paddle.full([n], 10, "int64"), paddle.full([n], 0.3, "float64")).numpy()
    assert counts.min() >= 0 and counts.max() <= 10
    assert abs(counts.mean() - 3.0) < 5 * math.sqrt(2.1 / n) and abs(counts.var() - 2.1) < 0.1
    with pytest.raises(ValueError, match=r"^\[binomial\] argument 'count': expected finite counts >= 0"):
        paddle.binomial(_t([3.0, math.inf]), _t([0.5, 0.5]))
    for shape in (0.5, 1.0, 4.0):
        samples = paddle.standard_gamma(paddle.full([n], shape, "float64")).numpy()
        assert samples.min() > 0
        assert abs(samples.mean() - shape) < 5 * math.sqrt(shape / n)
        assert abs(samples.var() - shape) < 0.08 * shape
    logs = np.log(paddle.log_normal(0.5, 0.25, [n]).numpy())
    assert abs(logs.mean() - 0.5) < 0.01 and abs(logs.std() - 0.25) < 0.01


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_unique_along_an_axis_matches_a_python_reference(axis):
    x = RNG.integers(0, 3, (4, 5, 2))
    slices = [tuple(np.take(x, i, axis=axis).ravel()) for i in range(x.shape[axis])]
    distinct = sorted(set(slices))
    first = [slices.index(s) for s in distinct]
    inverse = [distinct.index(s) for s in slices]
    counts = [slices.count(s) for s in distinct]
    out, index, inv, cnt = paddle.unique(_t(x), return_index=True, return_inverse=True, return_counts=True,
                                         axis=axis)
    np.testing.assert_array_equal(out.numpy(), np.take(x, first, axis=axis))
    assert index.tolist() == first and inv.tolist() == inverse and cnt.tolist() == counts
