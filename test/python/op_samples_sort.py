"""Samples for the ops along one axis (sort.yaml) and the reductions prod,
amax, amin; references are NumPy's stable sorts and reductions."""

from __future__ import annotations

import numpy as np

import paddle
from op_test import FLOATS, INTS, ErrorCase, OpSample, make_input

REAL = INTS + FLOATS


def _t(*shape, dtype="float32"):
    return paddle.to_tensor(np.ones(shape, dtype=dtype))


def _with_ties(rng, dtype, shapes):
    """Values from a small set, so ties are common (and, for floats, NaNs)."""
    a = rng.integers(-3, 4, size=shapes[0]).astype("float32" if dtype == "bfloat16" else dtype)
    if a.dtype.kind == "f" and a.size > 2:
        a.reshape(-1)[1] = np.nan
    return [a]


def _distinct(rng, dtype, shapes):
    """Distinct values (for gradient checks, where ties make sorting non-smooth)."""
    n = int(np.prod(shapes[0]))
    return [(rng.permutation(n).reshape(shapes[0]) + rng.uniform(0, 0.5, size=shapes[0])).astype(dtype)]


def _np_sort(x, axis, descending):
    if not descending:
        return np.sort(x, axis=axis, kind="stable")
    return np.take_along_axis(x, _np_argsort(x, axis, True), axis=axis)


def _np_argsort(x, axis, descending):
    if not descending:
        return np.argsort(x, axis=axis, kind="stable")
    # NaN first, then descending values, ties in original order
    key = np.where(np.isnan(x), -np.inf, -x.astype(np.float64))
    return np.argsort(key, axis=axis, kind="stable")


def _np_topk(x, k, axis, largest):
    order = _np_argsort(x, axis, largest)
    idx = np.take(order, np.arange(k), axis=axis)
    return np.take_along_axis(x, idx, axis=axis)


def _np_prod_inputs(rng, dtype, shapes):
    x = make_input(rng, shapes[0], dtype, 0.5, 1.5)
    if x.size > 3 and dtype in ("float32", "float64"):
        x.reshape(-1)[0] = 0  # one zero in the first line
        x.reshape(-1)[-1] = 0
        x.reshape(-1)[-2] = 0  # two zeros in the last line
    return [x]


def _np_cum_arg(x, axis, largest):
    """Where the running max (min) of each line was found: the latest of ties,
    and the latest NaN once one has been seen."""
    moved = np.moveaxis(x, axis, -1)
    out = np.zeros(moved.shape, dtype=np.int64)
    for line in np.ndindex(moved.shape[:-1]):
        best, at = None, 0
        for j, v in enumerate(moved[line]):
            if best is None or np.isnan(v) or (not np.isnan(best) and (v >= best if largest else v <= best)):
                best, at = v, j
            out[line + (j,)] = at
    return np.moveaxis(out, -1, axis)


def _np_first_arg(x, axis, largest):
    """NumPy's argmax/argmin, with a NaN winning as NumPy's do."""
    return np.argmax(x, axis=axis) if largest else np.argmin(x, axis=axis)


def _histogram_inputs(rng, dtype, shapes):
    """Values around [-1, 1] (some outside) and positive weights."""
    return [rng.uniform(-1.2, 1.2, size=shapes[0]).astype(dtype), rng.uniform(0.1, 1, size=shapes[1]).astype(dtype)]


SAMPLES = [
    OpSample("sort", lambda x: paddle.sort(x, axis=1), lambda x: _np_sort(x, 1, False),
             [[(3, 6)], [(2, 5, 3)]], REAL, make_inputs=_with_ties, errors=[
                 ErrorCase(lambda: paddle.sort(_t(2, 3), axis=2), IndexError, r"\[argsort\] axis"),
                 ErrorCase(lambda: paddle.sort(_t(2, dtype="complex64")), TypeError,
                           r"\[argsort\] x must be a real"),
                 ErrorCase(lambda: paddle.sort([1, 2]), TypeError, r"\[sort\] argument 'x'")]),
    OpSample("sort_descending", lambda x: paddle.sort(x, axis=0, descending=True), lambda x: _np_sort(x, 0, True),
             [[(6, 3)], [(7,)]], REAL, make_inputs=_with_ties),
    OpSample("argsort", lambda x: paddle.argsort(x, axis=-1), lambda x: _np_argsort(x, -1, False),
             [[(3, 6)], [(2, 5, 3)], [(0, 4)]], REAL, make_inputs=_with_ties),
    OpSample("argsort_descending", lambda x: paddle.argsort(x, axis=1, descending=True),
             lambda x: _np_argsort(x, 1, True), [[(3, 6)], [(2, 5, 3)]], REAL, make_inputs=_with_ties),
    OpSample("sort_smooth", lambda x: paddle.sort(x, axis=1), lambda x: np.sort(x, axis=1), [[(3, 5)]],
             ("float32", "float64"), make_inputs=_distinct, covers=("argsort",)),
    OpSample("topk", lambda x: paddle.topk(x, 3)[0], lambda x: _np_topk(x, 3, -1, True), [[(4, 6)], [(2, 3, 5)]],
             REAL, make_inputs=_with_ties, errors=[
                 ErrorCase(lambda: paddle.topk(_t(2, 3), 4), IndexError, r"\[topk\] k \(4\) must be in \[0, 3\]"),
                 ErrorCase(lambda: paddle.topk(_t(2, 3), -1), IndexError, r"\[topk\] k \(-1\)")]),
    OpSample("topk_long_rows", lambda x: paddle.topk(x, 5, axis=1, largest=False)[1],
             lambda x: _np_argsort(x, 1, False)[:, :5], [[(3, 40)], [(2, 37, 2)]], REAL, make_inputs=_with_ties),
    OpSample("topk_long_rows_values", lambda x: paddle.topk(x, 4)[0], lambda x: _np_topk(x, 4, -1, True),
             [[(3, 50)]], REAL, make_inputs=_with_ties),
    OpSample("topk_indices", lambda x: paddle.topk(x, 2, axis=0, largest=False)[1],
             lambda x: _np_argsort(x, 0, False)[:2], [[(5, 3)]], REAL, make_inputs=_with_ties),
    OpSample("topk_smooth", lambda x: paddle.topk(x, 2, axis=0)[0], lambda x: -np.sort(-x, axis=0)[:2],
             [[(5, 3)]], ("float32", "float64"), make_inputs=_distinct),
    OpSample("argmax", lambda x: paddle.argmax(x, axis=1), lambda x: _np_first_arg(x, 1, True),
             [[(3, 6)], [(2, 5, 3)]], REAL, make_inputs=_with_ties, errors=[
                 ErrorCase(lambda: paddle.argmax(_t(0, 3), axis=0), ValueError, r"\[argmax\] cannot reduce"),
                 ErrorCase(lambda: paddle.argmax(_t(2), dtype="float32"), TypeError,
                           r"\[argmax\] dtype must be int32 or int64")]),
    OpSample("argmax_all", lambda x: paddle.argmax(x, keepdim=True, dtype="int32"),
             lambda x: np.argmax(x).reshape([1] * x.ndim).astype(np.int32), [[(3, 4)], [(5,)]], REAL,
             make_inputs=_with_ties),
    OpSample("argmin", lambda x: paddle.argmin(x, axis=0, keepdim=True),
             lambda x: np.expand_dims(_np_first_arg(x, 0, False), 0), [[(4, 3)]], REAL, make_inputs=_with_ties),
    OpSample("cumsum", lambda x: paddle.cumsum(x, axis=1), lambda x: np.cumsum(x, axis=1, dtype=x.dtype),
             [[(3, 4)], [(2, 3, 2)], [(2, 0)]], ("float32", "float64", "int32", "int64", "complex64", "complex128"),
             errors=[ErrorCase(lambda: paddle.cumsum(_t(2), axis=1), IndexError, r"\[cumsum\] axis")]),
    OpSample("cumsum_flat", paddle.cumsum, lambda x: np.cumsum(x), [[(3, 4)], [()]], ("float32", "float64")),
    OpSample("cumsum_half", lambda x: paddle.cumsum(x, axis=0), lambda x: np.cumsum(x, axis=0), [[(5, 2)]],
             ("float16", "bfloat16")),
    OpSample("cumprod", lambda x: paddle.cumprod(x, dim=1), lambda x: np.cumprod(x, axis=1, dtype=x.dtype),
             [[(3, 4)], [(2, 3, 2)], [(2, 0)]], ("float32", "float64", "int32", "int64", "complex64", "complex128"),
             make_inputs=_np_prod_inputs, errors=[
                 ErrorCase(lambda: paddle.cumprod(_t(2), dim=1), IndexError, r"\[cumprod\] axis \(1\)"),
                 ErrorCase(lambda: paddle.cumprod(_t(2), dim=0.5), TypeError, r"\[cumprod\] argument 'axis'")],
             covers=("linear_scan",)),
    OpSample("cumprod_flat", paddle.cumprod, lambda x: np.cumprod(x), [[(3, 4)], [()]], ("float32", "float64"),
             low=0.5, high=1.5),
    OpSample("cumprod_half", lambda x: paddle.cumprod(x, dim=0), lambda x: np.cumprod(x, axis=0), [[(5, 2)]],
             ("float16", "bfloat16"), low=0.5, high=1.5),
    OpSample("logcumsumexp", lambda x: paddle.logcumsumexp(x, axis=1), lambda x: np.logaddexp.accumulate(x, axis=1),
             [[(3, 4)], [(2, 3, 2)], [(2, 0)]], FLOATS, errors=[
                 ErrorCase(lambda: paddle.logcumsumexp(_t(2, dtype="int32")), TypeError,
                           r"\[logcumsumexp\] x must be floating point"),
                 ErrorCase(lambda: paddle.logcumsumexp(_t(2), axis=-2), IndexError, r"\[logcumsumexp\] axis")]),
    OpSample("logcumsumexp_large", lambda x: paddle.logcumsumexp(x, axis=0),
             lambda x: np.logaddexp.accumulate(x, axis=0), [[(6, 2)]], ("float32", "float64"), low=500, high=900),
    OpSample("logcumsumexp_flat", paddle.logcumsumexp, lambda x: np.logaddexp.accumulate(x.ravel()),
             [[(3, 4)], [()]], ("float32", "float64")),
    OpSample("cummax", lambda x: paddle.cummax(x, axis=1)[0], lambda x: np.maximum.accumulate(x, axis=1),
             [[(3, 6)], [(2, 5, 3)], [(0, 3)]], REAL, make_inputs=_with_ties, errors=[
                 ErrorCase(lambda: paddle.cummax(_t(2), dtype="float32"), TypeError,
                           r"\[cummax\] dtype must be int32 or int64"),
                 ErrorCase(lambda: paddle.cummax(_t(2, dtype="complex64")), TypeError,
                           r"\[cummax\] x must be a real")]),
    OpSample("cummax_indices", lambda x: paddle.cummax(x, axis=1)[1], lambda x: _np_cum_arg(x, 1, True),
             [[(3, 6)], [(2, 5, 3)]], REAL, make_inputs=_with_ties, covers=("cum_arg_extreme",)),
    OpSample("cummin", lambda x: paddle.cummin(x, axis=0)[0], lambda x: np.minimum.accumulate(x, axis=0),
             [[(6, 3)], [(7,)]], REAL, make_inputs=_with_ties),
    OpSample("cummin_indices", lambda x: paddle.cummin(x, dtype="int32")[1],
             lambda x: _np_cum_arg(x.ravel(), 0, False).astype(np.int32), [[(6, 3)], [()]], REAL,
             make_inputs=_with_ties),
    OpSample("cummax_smooth", lambda x: paddle.cummax(x, axis=0)[0], lambda x: np.maximum.accumulate(x, axis=0),
             [[(5, 3)]], ("float32", "float64"), make_inputs=_distinct),
    OpSample("cummin_smooth", lambda x: paddle.cummin(x, axis=1)[0], lambda x: np.minimum.accumulate(x, axis=1),
             [[(3, 5)]], ("float32", "float64"), make_inputs=_distinct),
    OpSample("prod", lambda x: paddle.prod(x, axis=1), lambda x: np.prod(x, axis=1), [[(3, 4)], [(2, 3, 2)]],
             ("float32", "float64", "int32", "int64", "complex64", "complex128"), make_inputs=_np_prod_inputs),
    OpSample("prod_all", paddle.prod, np.prod, [[(3, 4)], [()]], ("float32", "float64"), low=0.5, high=1.5),
    OpSample("amax", lambda x: paddle.amax(x, axis=1), lambda x: np.max(x, axis=1), [[(3, 6)]], REAL,
             make_inputs=lambda rng, dtype, shapes: [rng.integers(-3, 4, size=shapes[0]).astype(
                 "float32" if dtype == "bfloat16" else dtype)]),
    OpSample("amin", lambda x: paddle.amin(x, axis=[0, 1]), lambda x: np.min(x, axis=(0, 1)), [[(3, 2, 4)]], REAL,
             make_inputs=lambda rng, dtype, shapes: [rng.integers(-3, 4, size=shapes[0]).astype(
                 "float32" if dtype == "bfloat16" else dtype)]),
    # Without ties, where the extremes are differentiable.
    OpSample("amax_smooth", lambda x: paddle.amax(x, axis=1), lambda x: np.max(x, axis=1), [[(3, 6)]],
             ("float32", "float64"), make_inputs=_distinct),
    OpSample("amin_smooth", lambda x: paddle.amin(x, axis=[0, 1]), lambda x: np.min(x, axis=(0, 1)), [[(3, 2, 4)]],
             ("float32", "float64"), make_inputs=_distinct),
]


GRAD_SAMPLES = {"sort_smooth", "topk_smooth", "prod", "prod_all", "cummax_smooth", "cummin_smooth", "amax_smooth",
                "amin_smooth"}
GRAD2_SAMPLES = {"cumsum", "cumsum_flat", "prod_all", "cumprod", "cumprod_flat", "logcumsumexp",
                 "logcumsumexp_flat"}


def _np_unique_all(x):
    u, idx, inv, cnt = np.unique(x, return_index=True, return_inverse=True, return_counts=True)
    return np.concatenate([u.astype(np.int64), idx, inv.ravel(), cnt])


def _paddle_unique_all(x):
    u, idx, inv, cnt = paddle.unique(x, return_index=True, return_inverse=True, return_counts=True)
    assert len(inv.shape) == 1  # flattened, as Paddle returns it
    return paddle.concat([u.astype("int64"), idx, inv, cnt])


SAMPLES += [
    OpSample("kthvalue", lambda x: paddle.kthvalue(x, 2, axis=1)[0], lambda x: np.sort(x, axis=1)[:, 1],
             [[(3, 5)], [(2, 4, 3)]], ("float32", "float64", "int32", "int64"), make_inputs=_distinct, errors=[
                 ErrorCase(lambda: paddle.kthvalue(_t(3), 4), ValueError, r"\[kthvalue\] argument 'k': expected an int in \[1, 3\]")]),
    OpSample("median", lambda x: paddle.median(x, axis=1), lambda x: np.median(x, axis=1), [[(3, 4)], [(2, 5)]],
             ("float32", "float64"), errors=[
                 ErrorCase(lambda: paddle.median(_t(3), mode="max"), ValueError, r"\[median\] argument 'mode'"),
                 ErrorCase(lambda: paddle.nanmedian(_t(3, 4), 1, _t(2)), TypeError,
                           r"\[nanmedian\] argument 'keepdim': expected a bool")]),
    OpSample("median_all", paddle.median, np.median, [[(3, 5)]], ("float32", "float64")),
    OpSample("median_min", lambda x: paddle.median(x, axis=1, mode="min")[0],
             lambda x: np.sort(x, axis=1)[:, (x.shape[1] - 1) // 2], [[(3, 4)], [(2, 5)]],
             ("float32", "float64", "int64")),
    # the positions Paddle returns: the lower median's (mode min), the middle pair's (avg)
    OpSample("median_positions", lambda x: paddle.median(x, axis=1, mode="min")[1],
             lambda x: np.argsort(x, axis=1)[:, (x.shape[1] - 1) // 2], [[(3, 4)], [(2, 5)]], ("float32", "int64"),
             make_inputs=_distinct),
    OpSample("median_pair_positions", lambda x: paddle._C_ops.median(x, [0], False, "avg")[1],
             lambda x: np.argsort(x, axis=0)[[(x.shape[0] - 1) // 2, x.shape[0] // 2]].T, [[(4, 3)], [(5, 2)]],
             ("float32", "float64"), make_inputs=_distinct),
    OpSample("median_nan", lambda x: paddle.median(x, axis=1), lambda x: np.median(x, axis=1), [[(4, 6)]],
             ("float32", "float64"), make_inputs=lambda rng, dtype, shapes: [
                 np.where(rng.random(shapes[0]) < 0.15, np.nan, rng.normal(size=shapes[0])).astype(dtype)]),
    OpSample("nanmedian_smooth", lambda x: paddle.nanmedian(x, axis=0), lambda x: np.median(x, axis=0), [[(4, 3)]],
             ("float32", "float64"), make_inputs=_distinct),
    OpSample("nanmedian_int", lambda x: paddle.nanmedian(x, axis=1), lambda x: np.median(x, axis=1).astype(x.dtype),
             [[(3, 5)]], ("int32", "int64")),
    OpSample("nanmedian", lambda x: paddle.nanmedian(x, axis=1), lambda x: np.nanmedian(x, axis=1), [[(3, 6)]],
             ("float32", "float64"), make_inputs=lambda rng, dtype, shapes: [
                 np.where(rng.random(shapes[0]) < 0.3, np.nan, rng.normal(size=shapes[0])).astype(dtype)]),
    OpSample("quantile", lambda x: paddle.quantile(x, [0.1, 0.75], axis=0),
             lambda x: np.quantile(x, [0.1, 0.75], axis=0), [[(7, 3)]], ("float32", "float64")),
    OpSample("mode", lambda x: paddle.mode(x, axis=1)[0],
             lambda x: np.array([max(set(r.tolist()), key=lambda v: (list(r).count(v), v)) for r in x]),
             [[(4, 7)]], ("int32", "int64", "float32"), make_inputs=lambda rng, dtype, shapes: [
                 rng.integers(0, 3, size=shapes[0]).astype(dtype)]),
    # Distinct values all occur once: the mode is the largest, differentiable.
    OpSample("mode_smooth", lambda x: paddle.mode(x, axis=0, keepdim=True)[0],
             lambda x: np.max(x, axis=0, keepdims=True), [[(5, 3)]], ("float32", "float64"), make_inputs=_distinct),
    OpSample("unique", _paddle_unique_all, _np_unique_all, [[(10,)], [(3, 4)]], ("int32", "int64", "float32"),
             make_inputs=lambda rng, dtype, shapes: [rng.integers(-3, 4, size=shapes[0]).astype(dtype)]),
    # distinct values: unique sorts them, differentiably
    OpSample("unique_distinct", paddle.unique, np.unique, [[(3, 4)]], ("float32", "float64"), make_inputs=_distinct),
    OpSample("unique_counts", lambda x: paddle.unique(x, return_counts=True, dtype="int32")[1],
             lambda x: np.unique(x, return_counts=True)[1].astype(np.int32), [[(4, 5)], [(0,)]], ("float64", "int64"),
             make_inputs=lambda rng, dtype, shapes: [rng.integers(-2, 3, size=shapes[0]).astype(dtype)], errors=[
                 ErrorCase(lambda: paddle.unique(_t(3), dtype="float32"), TypeError,
                           r"\[unique\] dtype must be int32 or int64, but got float32")]),
    OpSample("bincount", lambda x: paddle.bincount(x, minlength=8), lambda x: np.bincount(x, minlength=8), [[(20,)]],
             ("int32", "int64"), low=0, high=6, errors=[
                 ErrorCase(lambda: paddle.bincount(paddle.to_tensor([-1, 2])), ValueError,
                           r"\[bincount\] x must be non-negative, but holds -1 at position 0"),
                 ErrorCase(lambda: paddle.bincount(paddle.to_tensor([1.0])), TypeError,
                           r"\[bincount\] x must be an int32 or int64 tensor, but got float32"),
                 ErrorCase(lambda: paddle.bincount(paddle.to_tensor([1, 2]), paddle.to_tensor([1.0])), ValueError,
                           r"\[bincount\] weights.shape \[1\] must equal x.shape \[2\]")]),
    OpSample("bincount_weights", lambda x, w: paddle.bincount(x, w), lambda x, w: np.bincount(x, w).astype(w.dtype),
             [[(30,), (30,)]], ("int32", "int64"), low=0, high=9,
             make_inputs=lambda rng, dtype, shapes: [rng.integers(0, 9, size=shapes[0]).astype(dtype),
                                                     rng.random(shapes[1])]),
    OpSample("histogram", lambda x: paddle.histogram(x, bins=5, min=-2, max=2),
             lambda x: np.histogram(x, bins=5, range=(-2, 2))[0], [[(40,)]], ("float32", "float64"), errors=[
                 ErrorCase(lambda: paddle.histogram(_t(3), bins=2, min=2, max=1), ValueError,
                           r"\[histogram\] min \(2\) must not exceed max \(1\)"),
                 ErrorCase(lambda: paddle.histogram(_t(3), weight=_t(2)), ValueError,
                           r"\[histogram\] weight.shape \[2\] must equal input.shape \[3\]"),
                 ErrorCase(lambda: paddle.histogram(_t(3), bins=0), ValueError, r"\[histogram\] argument 'bins'")]),
    # the range from the data (min = max = 0), found without reading it back
    OpSample("histogram_data_range", lambda x: paddle.histogram(x, bins=6),
             lambda x: np.histogram(x.astype(np.float64), bins=6, range=(x.min(), x.max()))[0], [[(5, 8)], [(1,)]],
             ("float32", "float64", "int64")),
    OpSample("histogram_weight", lambda x, w: paddle.histogram(x, bins=4, min=-1, max=1, weight=w),
             lambda x, w: np.histogram(x, bins=4, range=(-1, 1), weights=w)[0].astype(w.dtype),
             [[(30,), (30,)]], ("float32", "float64"), make_inputs=_histogram_inputs),
    # density is float32 whatever the weights, as Paddle's
    OpSample("histogram_density", lambda x, w: paddle.histogram(x, bins=4, min=-1, max=1, weight=w, density=True),
             lambda x, w: np.histogram(x, bins=4, range=(-1, 1), weights=w, density=True)[0].astype(np.float32),
             [[(30,), (30,)]], ("float32",), make_inputs=_histogram_inputs),
]

GRAD_SAMPLES |= {"kthvalue", "median", "median_all", "quantile", "mode_smooth", "histogram_weight", "nanmedian_smooth",
                 "unique_distinct"}
