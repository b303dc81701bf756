"""Every in-place variant Paddle 3.3.1 offers as ``paddle.op_(x, ...)`` and/or
``x.op_(...)`` (tensor/inplace.py makes them all from the out-of-place ops),
one table row each: the call returns x itself, x then holds what NumPy (or a
closed form, for the special functions) gives, with x's dtype (bool for the
comparisons and the logical ops, as in Paddle), and where the dtype is kept
x's memory is written, so a view of x taken before sees the update
(docs/guide/tensors.md, "In-place operations"). The rest of the in-place
machinery (gradients, refusals, the random fillers) is test_inplace.py's."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import pytest

import paddle

# ---- NumPy references the ops are checked against -------------------------

_erf = np.vectorize(math.erf, otypes=[np.float64])
_lgamma = np.vectorize(math.lgamma, otypes=[np.float64])


def _erfinv(y):
    """By bisection of math.erf."""
    lo, hi = np.full(y.shape, -6.0), np.full(y.shape, 6.0)
    for _ in range(80):
        mid = (lo + hi) / 2
        below = _erf(mid) < y
        lo, hi = np.where(below, mid, lo), np.where(below, hi, mid)
    return (lo + hi) / 2


def _shifted(x, step):
    """Adds step(x) while x < 10, moving x up by one each time: (sum, x >= 10)."""
    x, acc = x.astype(np.float64).copy(), np.zeros(x.shape)
    while (x < 10).any():
        low = x < 10
        acc[low] += step(x[low])
        x[low] += 1
    return acc, x


def _digamma(x):
    """psi(x) = psi(x + 1) - 1/x up to x >= 10, then the asymptotic series."""
    acc, x = _shifted(x, lambda v: -1 / v)
    s = 1 / x**2
    return acc + np.log(x) - 0.5 / x - s * (1 / 12 - s * (1 / 120 - s * (1 / 252 - s * (1 / 240 - s / 132))))


def _trigamma(x):
    """psi'(x) = psi'(x + 1) + 1/x**2 up to x >= 10, then the asymptotic series."""
    acc, x = _shifted(x, lambda v: 1 / v**2)
    s = 1 / x**2
    return acc + 1 / x + s / 2 + s / x * (1 / 6 - s * (1 / 30 - s * (1 / 42 - s / 30)))


# The regularized lower incomplete gamma P(a, y) in closed form, for the a the tests use.
_GAMMAINC = {0.5: lambda y: _erf(np.sqrt(y)), 1.0: lambda y: 1 - np.exp(-y),
             2.0: lambda y: 1 - (1 + y) * np.exp(-y), 3.0: lambda y: 1 - (1 + y + y * y / 2) * np.exp(-y)}


def _gammainc(a, y):
    return np.choose(np.searchsorted(sorted(_GAMMAINC), a), [_GAMMAINC[k](y) for k in sorted(_GAMMAINC)])


def _multigammaln(x, p):
    return p * (p - 1) / 4 * math.log(math.pi) + sum(_lgamma(x + (1 - j) / 2) for j in range(1, p + 1))


def _renorm(x, p, axis, max_norm):
    norms = (np.abs(x) ** p).sum(axis=tuple(d for d in range(x.ndim) if d != axis), keepdims=True) ** (1 / p)
    return x * np.where(norms > max_norm, max_norm / norms, 1.0)


def _copy_with(a, write):
    out = a.copy()
    write(out)
    return out


def _index_add(a, index, axis, value):
    moved = np.moveaxis(a.copy(), axis, 0)
    np.add.at(moved, index, np.moveaxis(value, axis, 0))
    return np.moveaxis(moved, 0, axis)


def _index_fill(a, index, axis, value):
    where = [slice(None)] * a.ndim
    where[axis] = index
    return _copy_with(a, lambda out: out.__setitem__(tuple(where), value))


def _index_put(a, indices, value, accumulate):
    if accumulate:
        return _copy_with(a, lambda out: np.add.at(out, indices, value))
    return _copy_with(a, lambda out: out.__setitem__(indices, value))


def _masked_scatter(a, mask, value):
    return _copy_with(a, lambda out: out.__setitem__(mask, value.ravel()[:mask.sum()]))


def _scatter(a, index, updates, overwrite):
    def write(out):
        if overwrite:
            out[index] = updates
        else:  # the indexed rows are cleared, then every update is added
            out[index] = 0
            np.add.at(out, index, updates)
    return _copy_with(a, write)


def _scatter_add(a, dim, index, src):
    where = list(np.indices(index.shape))
    where[dim] = index
    return _copy_with(a, lambda out: np.add.at(out, tuple(where), src))


def _put_along_axis(a, indices, values, axis, reduce="assign"):
    if reduce == "add":  # repeated indices add up
        where = list(np.indices(indices.shape))
        where[axis] = indices
        return _copy_with(a, lambda out: np.add.at(out, tuple(where), values))
    return _copy_with(a, lambda out: np.put_along_axis(out, indices, values, axis))


def _fill_diagonal(a, y, offset=0):
    i = np.arange(len(y))
    return _copy_with(a, lambda out: out.__setitem__((i, i + offset), y))


def _logit_eps(a, eps):
    clipped = np.clip(a, eps, 1 - eps)
    return np.log(clipped / (1 - clipped))


def _logical_right_shift(a, b, is_arithmetic):
    assert not is_arithmetic
    unsigned = a.dtype.str.replace("i", "u")
    return (a.view(unsigned) >> b.astype(unsigned)).view(a.dtype)


# ---- the inputs ------------------------------------------------------------

def floats(lo, hi, shape=(3, 4), dtype="float64"):
    return lambda rng: rng.uniform(lo, hi, shape).astype(dtype)


def ints(lo, hi, shape=(3, 4), dtype="int64"):
    return lambda rng: rng.integers(lo, hi, shape).astype(dtype)


def bools(shape=(3, 4)):
    return lambda rng: rng.random(shape) < 0.5


def mat(*shape):
    """Uniform values in [-1, 1) of that shape."""
    return floats(-1, 1, shape)


def const(value):
    """A fixed argument: a list becomes an array (a tensor), a tuple of lists a tuple of them."""
    if isinstance(value, tuple):
        return lambda rng: tuple(np.asarray(v) for v in value)
    return lambda rng: np.asarray(value) if isinstance(value, list) else value


@dataclass
class Case:
    name: str                 # the variant, as Paddle spells it
    forms: str                # "P": paddle.name_(x, ...), "T": x.name_(...); as Paddle 3.3.1 has them
    args: list                # makers of x and of the positional arguments after it (arrays become tensors)
    ref: Callable             # NumPy: ref(x, *args, **kwargs)
    kwargs: dict = field(default_factory=dict)
    label: str = ""           # tells two rows of one name apart
    rtol: float = 1e-7


FLOAT_UNARY = [
    ("abs_", "PT", floats(-2, 2), np.abs),
    ("acos_", "PT", floats(-0.9, 0.9), np.arccos),
    ("acosh_", "PT", floats(1.1, 3), np.arccosh),
    ("asin_", "PT", floats(-0.9, 0.9), np.arcsin),
    ("asinh_", "PT", floats(-2, 2), np.arcsinh),
    ("atan_", "PT", floats(-2, 2), np.arctan),
    ("atanh_", "PT", floats(-0.9, 0.9), np.arctanh),
    ("ceil_", "T", floats(-3, 3), np.ceil),
    ("cos_", "PT", floats(-3, 3), np.cos),
    ("cosh_", "PT", floats(-2, 2), np.cosh),
    ("digamma_", "PT", floats(0.2, 6), _digamma),
    ("erf_", "P", floats(-2, 2), _erf),
    ("erfinv_", "T", floats(-0.9, 0.9), _erfinv),
    ("expm1_", "P", floats(-2, 2), np.expm1),
    ("floor_", "T", floats(-3, 3), np.floor),
    ("frac_", "PT", floats(-3, 3), lambda a: a - np.trunc(a)),
    ("gammaln_", "PT", floats(0.1, 5), _lgamma),
    ("i0_", "PT", floats(-3, 3), np.i0),
    ("lgamma_", "PT", floats(0.1, 5), _lgamma),
    ("log10_", "PT", floats(0.1, 5), np.log10),
    ("log1p_", "PT", floats(-0.5, 5), np.log1p),
    ("log2_", "PT", floats(0.1, 5), np.log2),
    ("log_", "PT", floats(0.1, 5), np.log),
    ("neg_", "PT", floats(-2, 2), np.negative),
    ("reciprocal_", "T", floats(0.5, 2), np.reciprocal),
    ("rsqrt_", "T", floats(0.1, 4), lambda a: 1 / np.sqrt(a)),
    ("sigmoid_", "T", floats(-4, 4), lambda a: 1 / (1 + np.exp(-a))),
    ("sinc_", "PT", floats(-2, 2), np.sinc),  # sin(pi x) / (pi x)
    ("sinh_", "PT", floats(-2, 2), np.sinh),
    ("sqrt_", "T", floats(0.1, 4), np.sqrt),
    ("square_", "PT", floats(-2, 2), np.square),
    ("tan_", "PT", floats(-1.2, 1.2), np.tan),
    ("trunc_", "PT", floats(-3, 3), np.trunc),
]
FLOAT_BINARY = [
    ("copysign_", "PT", floats(-2, 2), np.copysign), ("div_", "PT", floats(0.5, 2), np.divide),
    ("divide_", "PT", floats(0.5, 2), np.divide), ("hypot_", "PT", floats(-2, 2), np.hypot),
    ("mul_", "T", floats(-2, 2), np.multiply), ("sub_", "PT", floats(-2, 2), np.subtract),
    ("subtract_", "PT", floats(-2, 2), np.subtract),
    ("remainder_", "PT", floats(-4, 4), np.mod),  # the sign of the divisor, as Python's %
    ("mod_", "PT", floats(-4, 4), np.mod), ("floor_mod_", "PT", floats(-4, 4), np.mod),
]
INT_BINARY = [
    ("bitwise_and_", "PT", np.bitwise_and), ("bitwise_or_", "PT", np.bitwise_or),
    ("bitwise_xor_", "PT", np.bitwise_xor), ("gcd_", "PT", np.gcd), ("lcm_", "PT", np.lcm),
]
COMPARISONS = [
    ("equal_", "PT", np.equal), ("not_equal_", "PT", np.not_equal), ("greater_equal_", "PT", np.greater_equal),
    ("greater_than_", "PT", np.greater), ("less_", "PT", np.less), ("less_equal_", "PT", np.less_equal),
    ("less_than_", "PT", np.less),
]
LOGICAL = [("logical_and_", "PT", np.logical_and), ("logical_or_", "PT", np.logical_or),
           ("logical_xor_", "PT", np.logical_xor)]


def _equal_in_places(rng):
    """Values in {-1, 0, 1} (floats): the comparisons meet equal pairs."""
    return rng.integers(-1, 2, (3, 4)).astype("float64")


def _gammainc_a(rng):
    """The a of P(a, y) among those _GAMMAINC has in closed form."""
    return rng.choice(sorted(_GAMMAINC), (3, 4))


def _nonzero_ints(rng):
    return rng.choice([-3, -2, -1, 1, 2, 3], (3, 4)).astype("int64")


CASES = (
    [Case(n, f, [x], ref) for n, f, x, ref in FLOAT_UNARY]
    + [Case(n, f, [floats(-3, 3), y], ref) for n, f, y, ref in FLOAT_BINARY]
    + [Case(n, f, [ints(-40, 40), ints(-40, 40)], ref) for n, f, ref in INT_BINARY]
    + [Case(n, f, [_equal_in_places, _equal_in_places], ref) for n, f, ref in COMPARISONS]
    + [Case(n, f, [bools(), bools()], ref) for n, f, ref in LOGICAL]
    + [
        Case("logical_not_", "PT", [bools()], np.logical_not),
        Case("logical_and_", "PT", [ints(-2, 3), ints(-2, 3)], np.logical_and, label="ints_become_bool"),
        Case("bitwise_not_", "PT", [ints(-40, 40)], np.invert),
        Case("bitwise_invert_", "PT", [ints(-40, 40)], np.invert),
        Case("bitwise_left_shift_", "PT", [ints(-40, 40), ints(0, 6)], np.left_shift),
        Case("bitwise_right_shift_", "PT", [ints(-40, 40), ints(0, 6)], np.right_shift),  # arithmetic: keeps the sign
        Case("bitwise_right_shift_", "PT", [ints(-40, 40, dtype="int32"), ints(0, 6, dtype="int32")],
             _logical_right_shift, kwargs={"is_arithmetic": False}, label="logical"),
        Case("floor_divide_", "PT", [ints(-20, 20), _nonzero_ints], np.floor_divide),  # rounds down, as NumPy
        Case("mod_", "PT", [ints(-20, 20), _nonzero_ints], np.mod, label="ints"),
        Case("ldexp_", "PT", [floats(-2, 2), ints(-3, 4)], lambda a, b: a * 2.0**b),
        Case("logit_", "PT", [floats(0.02, 0.98)], lambda a: np.log(a / (1 - a))),
        Case("logit_", "PT", [floats(0.02, 0.98), const(0.2)], _logit_eps, label="eps"),
        Case("polygamma_", "PT", [floats(0.3, 6), const(1)], lambda a, n: _trigamma(a)),
        Case("multigammaln_", "PT", [floats(1.5, 5), const(3)], _multigammaln),
        Case("gammainc_", "PT", [_gammainc_a, floats(0.05, 5)], _gammainc),
        Case("gammaincc_", "PT", [_gammainc_a, floats(0.05, 5)], lambda a, y: 1 - _gammainc(a, y)),
        Case("round_", "T", [const([[0.5, 1.5, 2.5, -0.5], [-2.5, 1.2, -1.7, 3.49]])], np.round),  # halves to even
        Case("baddbmm_", "PT", [mat(2, 3, 4), mat(2, 3, 5), mat(2, 5, 4), const(0.5), const(2.0)],
             lambda a, b1, b2, beta, alpha: beta * a + alpha * (b1 @ b2)),
        Case("index_add_", "PT", [mat(4, 3), const([0, 2, 0]), const(0), mat(3, 3)], _index_add),
        Case("index_add_", "PT", [mat(3, 4), const([3, 1]), const(1), mat(3, 2)], _index_add, label="axis1"),
        Case("index_fill_", "PT", [mat(3, 4), const([1, 3]), const(1), const(-7.5)], _index_fill),
        Case("index_put_", "PT", [mat(3, 4), const(([0, 2, 1], [1, 3, 0])), mat(3)],
             lambda a, i, v: _index_put(a, i, v, False)),
        Case("index_put_", "PT", [mat(3, 4), const(([0, 2, 0], [1, 3, 1])), mat(3), const(True)], _index_put,
             label="accumulate"),
        Case("masked_scatter_", "PT", [mat(3, 4), bools(), mat(12)], _masked_scatter),
        Case("masked_scatter_", "PT", [mat(3, 4), bools((4,)), mat(12)],
             lambda a, m, v: _masked_scatter(a, np.broadcast_to(m, a.shape), v), label="broadcast_mask"),
        Case("scatter_", "PT", [mat(4, 3), const([2, 0]), mat(2, 3)], lambda a, i, u: _scatter(a, i, u, True)),
        Case("scatter_", "PT", [mat(4, 3), const([2, 0, 2]), mat(3, 3), const(False)], _scatter, label="accumulate"),
        Case("scatter_add_", "PT", [mat(3, 4), const(1), const([[0, 0], [3, 1], [2, 2]]), mat(3, 2)], _scatter_add),
        Case("scatter_add_", "PT", [mat(3, 4), const(0), const([[1, 0, 1, 2]]), mat(1, 4)], _scatter_add, label="dim0"),
        Case("put_along_axis_", "T", [mat(3, 4), const([[1], [3], [0]]), mat(3, 1), const(1)], _put_along_axis),
        Case("put_along_axis_", "T", [mat(3, 4), const([[1, 1], [3, 0], [0, 2]]), mat(3, 2), const(1), const("add")],
             _put_along_axis, label="add"),
        Case("renorm_", "PT", [floats(-2, 2), const(2.0), const(0), const(1.0)], _renorm, rtol=1e-6),
        Case("renorm_", "PT", [floats(-2, 2), const(1.0), const(1), const(1.5)], _renorm, label="p1_axis1", rtol=1e-6),
        Case("fill_diagonal_tensor_", "T", [mat(3, 4), floats(5, 6, (3,))], _fill_diagonal),
        Case("fill_diagonal_tensor_", "T", [mat(3, 4), floats(5, 6, (3,))], _fill_diagonal, kwargs={"offset": 1},
             label="offset1"),
    ]
)
FORMS = {"P": "paddle", "T": "Tensor"}
PARAMS = [pytest.param(case, form, id=f"{case.name}{'-' + case.label if case.label else ''}-{FORMS[form]}")
          for case in CASES for form in case.forms]


def _as_paddle(value):
    if isinstance(value, np.ndarray):
        return paddle.to_tensor(value)
    if isinstance(value, tuple):
        return tuple(_as_paddle(v) for v in value)
    return value


@pytest.mark.parametrize("case, form", PARAMS)
def test_variant_returns_x_holding_numpys_values(case, form):
    rng = np.random.default_rng(0)
    a, *args = [make(rng) for make in case.args]
    want = np.asarray(case.ref(a, *args, **case.kwargs))
    x = paddle.to_tensor(a)
    view = x[1]  # a view of x's memory, taken before the update
    buffer = x.data_ptr()
    call_args = [_as_paddle(v) for v in args]
    if form == "P":
        out = getattr(paddle, case.name)(x, *call_args, **case.kwargs)
    else:
        out = getattr(x, case.name)(*call_args, **case.kwargs)
    assert out is x  # (Paddle 3.3.1's sinc_ returns another Tensor over x's memory)
    if want.dtype == bool:
        assert x.dtype == paddle.bool
        np.testing.assert_array_equal(x.numpy(), want)
    else:
        assert x.dtype == paddle.to_tensor(a).dtype
        np.testing.assert_allclose(x.numpy(), want, rtol=case.rtol, atol=1e-12)
    if x.dtype == paddle.to_tensor(a).dtype:  # written into x's memory
        assert x.data_ptr() == buffer and x.inplace_version >= 1  # (Paddle's composite variants count each step)
        np.testing.assert_array_equal(view.numpy(), x.numpy()[1])


def test_the_table_names_each_variant_in_each_of_its_forms():
    """The forms are Paddle 3.3.1's: where it has only one, so do we."""
    for case in CASES:
        assert hasattr(paddle, case.name) == ("P" in case.forms), case.name
        assert hasattr(paddle.Tensor, case.name) == ("T" in case.forms), case.name


def test_the_references_at_hand_computed_points():
    """The closed forms above against values worked by hand: psi(1) = -gamma, psi(1/2) = -gamma - 2 ln 2,
    psi'(1) = pi**2 / 6, psi'(1/2) = pi**2 / 2, P(1, 1) = 1 - 1/e."""
    euler = 0.5772156649015329
    np.testing.assert_allclose(_digamma(np.array([1.0, 0.5])), [-euler, -euler - 2 * math.log(2)], rtol=1e-12)
    np.testing.assert_allclose(_trigamma(np.array([1.0, 0.5])), [math.pi**2 / 6, math.pi**2 / 2], rtol=1e-12)
    np.testing.assert_allclose(_gammainc(np.array([1.0]), np.array([1.0])), [1 - 1 / math.e], rtol=1e-15)
    np.testing.assert_allclose(_erf(_erfinv(np.array([-0.5, 0.25]))), [-0.5, 0.25], rtol=1e-14)
    # multigammaln(x, 1) is lgamma(x); multigammaln(2.5, 2) = ln(pi)/2 + lgamma(2.5) + lgamma(2)
    np.testing.assert_allclose(_multigammaln(np.array([2.5]), 2), [math.log(math.pi) / 2 + math.lgamma(2.5)])
