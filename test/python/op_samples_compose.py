"""Samples for the functions composed in Python of other ops (manipulation,
creation, matrix products, einsum, comparisons); references are NumPy's."""

from __future__ import annotations

import numpy as np

import paddle
from op_test import ALL, COMPLEX, FLOATS, INTS, ErrorCase, OpSample

REAL = INTS + FLOATS
NUMERIC = REAL + COMPLEX


def _t(*shape, dtype="float32"):
    return paddle.to_tensor(np.ones(shape, dtype=dtype))


def _first(fn):
    """The first piece of a list-returning function, and its NumPy twin."""
    return lambda *a: fn(*a)[0]


SAMPLES = [
    OpSample("split", lambda x: paddle.split(x, [1, -1, 2], axis=1)[1],
             lambda x: np.split(x, [1, x.shape[1] - 2], axis=1)[1], [[(3, 6)], [(2, 5, 2)]], ALL, errors=[
                 ErrorCase(lambda: paddle.split(_t(2, 5), 2, axis=1), ValueError, r"\[split\] x.shape\[1\] \(5\)"),
                 ErrorCase(lambda: paddle.split(_t(2, 5), [1, 1], axis=1), ValueError, r"\[split\] sections"),
                 ErrorCase(lambda: paddle.split(_t(2), 1, axis=3), IndexError, r"\[split\] axis 3")]),
    OpSample("chunk", lambda x: paddle.chunk(x, 3)[2], lambda x: np.split(x, 3)[2], [[(6, 2)]], FLOATS),
    OpSample("unbind", lambda x: paddle.unbind(x, axis=1)[1], lambda x: x[:, 1], [[(3, 4)], [(2, 3, 2)]], ALL),
    OpSample("tile", lambda x: paddle.tile(x, [2, 1, 3]), lambda x: np.tile(x, [2, 1, 3]), [[(2, 3)], [(4,)]], ALL,
             errors=[ErrorCase(lambda: paddle.tile(_t(2), [-1]), ValueError, r"\[tile\] repeat_times")]),
    OpSample("flip", lambda x: paddle.flip(x, [0, -1]), lambda x: np.flip(x, (0, -1)), [[(3, 4)], [(2, 3, 1)]], ALL),
    OpSample("roll", lambda x: paddle.roll(x, [1, -2], [0, 1]), lambda x: np.roll(x, (1, -2), (0, 1)),
             [[(3, 4)], [(2, 5, 2)]], ALL),
    OpSample("roll_flat", lambda x: paddle.roll(x, 3), lambda x: np.roll(x, 3), [[(3, 4)]], FLOATS),
    OpSample("moveaxis", lambda x: paddle.moveaxis(x, [0, 1], [2, 0]), lambda x: np.moveaxis(x, [0, 1], [2, 0]),
             [[(2, 3, 4)]], ALL),
    OpSample("t", paddle.t, lambda x: x.T, [[(3, 4)], [(5,)]], ALL),
    OpSample("repeat_interleave", lambda x: paddle.repeat_interleave(x, 2, axis=1),
             lambda x: np.repeat(x, 2, axis=1), [[(2, 3)]], ALL),
    OpSample("tril", lambda x: paddle.tril(x, -1), lambda x: np.tril(x, -1), [[(4, 5)], [(2, 3, 3)]], REAL),
    OpSample("triu", lambda x: paddle.triu(x, 1), lambda x: np.triu(x, 1), [[(4, 5)], [(2, 3, 3)]], REAL, errors=[
        ErrorCase(lambda: paddle.triu(_t(3)), ValueError, r"\[triu\] x must have at least 2 dims")]),
    OpSample("diagonal", lambda x: paddle.diagonal(x, 1, 0, 2), lambda x: np.diagonal(x, 1, 0, 2),
             [[(3, 2, 4)]], ALL),
    OpSample("diag", lambda x: paddle.diag(x, -1), lambda x: np.diag(x, -1), [[(3,)], [(4, 3)]], REAL),
    OpSample("mm", paddle.mm, np.matmul, [[(3, 4), (4, 2)]], FLOATS + COMPLEX, low=-1, high=1,
             tolerance={"float16": (2e-2, 2e-2), "bfloat16": (3e-2, 5e-2)}),
    OpSample("bmm", paddle.bmm, np.matmul, [[(2, 3, 4), (2, 4, 2)]], ("float32", "float64"), errors=[
        ErrorCase(lambda: paddle.bmm(_t(2, 3, 4), _t(3, 4, 2)), ValueError, r"\[bmm\] shapes")]),
    OpSample("dot", paddle.dot, lambda x, y: np.sum(x * y, axis=-1), [[(5,), (5,)], [(2, 3), (2, 3)]],
             ("float32", "float64", "int32", "int64")),
    OpSample("mv", paddle.mv, np.matmul, [[(3, 4), (4,)]], ("float32", "float64")),
    OpSample("outer", paddle.outer, np.outer, [[(3,), (4,)]], NUMERIC),
    OpSample("addmm", lambda i, x, y: paddle.addmm(i, x, y, beta=0.5, alpha=2.0),
             lambda i, x, y: 0.5 * i + 2.0 * (x @ y), [[(3, 2), (3, 4), (4, 2)]], ("float32", "float64")),
    OpSample("baddbmm", lambda i, x, y: paddle.baddbmm(i, x, y, beta=0.5, alpha=2.0),
             lambda i, x, y: 0.5 * i + 2.0 * (x @ y), [[(2, 3, 2), (2, 3, 4), (2, 4, 2)], [(2, 1, 2), (2, 3, 4), (2, 4, 2)]],
             ("float32", "float64"), errors=[
                 ErrorCase(lambda: paddle.baddbmm(_t(2, 2), _t(2, 2), _t(2, 2)), ValueError,
                           r"\[baddbmm\] x and y must be 3-D"),
                 ErrorCase(lambda: paddle.baddbmm(_t(2, 2, 2), _t(2, 2, 3), _t(3, 2, 2)), ValueError,
                           r"\[baddbmm\] the contracted dims must match")]),
    OpSample("strided_slice", lambda x: paddle.strided_slice(x, [0, 2], [1, -1], [3, -5], [1, -2]),
             lambda x: x[1:3, :, -1:-5:-2], [[(4, 2, 5)]], ALL, errors=[
                 ErrorCase(lambda: paddle.strided_slice(_t(3), [0], [0], [3], [0]), ValueError,
                           r"\[strided_slice\] strides must not be 0"),
                 ErrorCase(lambda: paddle.strided_slice(_t(3), [1], [0], [3], [1]), IndexError,
                           r"\[strided_slice\] axis 1 is out of range"),
                 ErrorCase(lambda: paddle.strided_slice(_t(3), [0], [0], [3], [1, 2]), ValueError,
                           r"\[strided_slice\] axes, starts, ends and strides must have one length"),
                 ErrorCase(lambda: paddle.strided_slice(_t(3), 0, [0], [3], [1]), TypeError,
                           r"\[strided_slice\] argument 'axes'")]),
    OpSample("strided_slice_reversed", lambda x: paddle.strided_slice(x, [1], [-1], [-100], [-1]),
             lambda x: x[:, ::-1], [[(3, 4)]], ("float32", "float64")),
    OpSample("cross", lambda x, y: paddle.cross(x, y, axis=1), lambda x, y: np.cross(x, y, axis=1),
             [[(2, 3), (2, 3)], [(2, 3, 4), (2, 3, 4)]], ("float32", "float64", "int64")),
    OpSample("kron", paddle.kron, np.kron, [[(2, 3), (3, 2)], [(2,), (3, 2)]], REAL),
    OpSample("einsum_matmul", lambda x, y: paddle.einsum("ij,jk->ik", x, y), lambda x, y: np.einsum("ij,jk->ik", x, y),
             [[(3, 4), (4, 5)]], ("float32", "float64")),
    OpSample("einsum_attention", lambda q, k: paddle.einsum("bhqd,bhkd->bhqk", q, k),
             lambda q, k: np.einsum("bhqd,bhkd->bhqk", q, k), [[(2, 2, 3, 4), (2, 2, 5, 4)]], ("float32", "float64")),
    OpSample("einsum_implicit", lambda x, y: paddle.einsum("ij,kj", x, y), lambda x, y: np.einsum("ij,kj", x, y),
             [[(3, 4), (2, 4)]], ("float32", "float64")),
    OpSample("einsum_ellipsis", lambda x, y: paddle.einsum("...ij,...jk->...ik", x, y),
             lambda x, y: np.einsum("...ij,...jk->...ik", x, y), [[(2, 3, 4), (2, 4, 5)]], ("float32", "float64")),
    OpSample("einsum_three", lambda x, y, z: paddle.einsum("ab,bc,cd->ad", x, y, z),
             lambda x, y, z: np.einsum("ab,bc,cd->ad", x, y, z), [[(2, 3), (3, 4), (4, 2)]], ("float32", "float64")),
    OpSample("einsum_reduce", lambda x: paddle.einsum("ijk->ki", x), lambda x: np.einsum("ijk->ki", x),
             [[(2, 3, 4)]], ("float32", "float64"), errors=[
                 ErrorCase(lambda: paddle.einsum("ij,jk", _t(2, 3)), ValueError, r"\[einsum\] the equation has 2"),
                 ErrorCase(lambda: paddle.einsum("ijk", _t(2, 3)), ValueError, r"\[einsum\] subscripts 'ijk'"),
                 ErrorCase(lambda: paddle.einsum("ii", _t(2, 2)), NotImplementedError, r"\[einsum\] repeated")]),
    OpSample("isclose", lambda x, y: paddle.isclose(x, y, rtol=0.1), lambda x, y: np.isclose(x, y, rtol=0.1),
             [[(3, 4), (3, 4)]], ("float32", "float64")),
    OpSample("nan_to_num", lambda x: paddle.nan_to_num(x, nan=1.5, posinf=9.0),
             lambda x: np.nan_to_num(x, nan=1.5, posinf=9.0), [[(4, 5)]], ("float32", "float64"),
             make_inputs=lambda rng, dtype, shapes: [np.array(
                 [np.nan, np.inf, -np.inf, 1.0] * 5, dtype=dtype).reshape(shapes[0])]),
    OpSample("logit", lambda x: paddle.logit(x), lambda x: np.log(x / (1 - x)), [[(3, 4)]], ("float32", "float64"),
             low=0.1, high=0.9),
]

GRAD_SAMPLES = {"tril", "triu", "diag"}
GRAD2_SAMPLES = {"split", "chunk", "unbind", "tile", "flip", "roll", "roll_flat", "moveaxis", "t", "repeat_interleave",
                 "diagonal", "mm", "bmm", "dot", "mv", "outer", "addmm", "baddbmm", "strided_slice",
                 "strided_slice_reversed", "cross", "kron", "einsum_matmul",
                 "einsum_attention", "einsum_implicit", "einsum_ellipsis", "einsum_three", "einsum_reduce", "logit"}

SAMPLES += [
    OpSample("bitwise_and", paddle.bitwise_and, np.bitwise_and, [[(3, 4), (3, 4)], [(2, 3), (3,)]],
             ("bool",) + INTS, errors=[
                 ErrorCase(lambda: paddle.bitwise_and(_t(2), _t(2)), NotImplementedError, r"\[bitwise_and\] no kernel")]),
    OpSample("bitwise_or", lambda x, y: x | y, np.bitwise_or, [[(3, 4), (3, 4)]], ("bool",) + INTS),
    OpSample("bitwise_xor", lambda x, y: x ^ y, np.bitwise_xor, [[(3, 4), (4,)]], ("bool",) + INTS),
    OpSample("bitwise_not", lambda x: ~x, np.invert, [[(3, 4)], [()]], ("bool",) + INTS, low=-50, high=50),
]


def _bisect_erfinv(y):
    """erf^-1 by bisection on math.erf (an independent reference)."""
    import math

    def one(v):
        lo, hi = -10.0, 10.0
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if math.erf(mid) < v else (lo, mid)
        return (lo + hi) / 2

    return np.vectorize(one, otypes=[np.float64])(y.astype(np.float64)).astype(y.dtype)


def _lgamma(x):
    import math

    return np.vectorize(math.lgamma, otypes=[np.float64])(x.astype(np.float64)).astype(x.dtype)


def _digamma(x):
    """The derivative of math.lgamma by a 4-point central difference (in float64)."""
    h, x64 = 1e-4, x.astype(np.float64)
    return ((_lgamma(x64 - 2 * h) - 8 * _lgamma(x64 - h) + 8 * _lgamma(x64 + h) - _lgamma(x64 + 2 * h))
            / (12 * h)).astype(x.dtype)


def _trigamma(x):
    """sum 1/(x+k)^2 for k < 10^5, plus the tail's integral."""
    k = np.arange(100000, dtype=np.float64)
    xs = x.astype(np.float64)[..., None]
    return (np.sum(1.0 / (xs + k) ** 2, axis=-1) + 1.0 / (x.astype(np.float64) + 100000 - 0.5)).astype(x.dtype)


SAMPLES += [
    OpSample("erfinv", paddle.erfinv, _bisect_erfinv, [[(3, 4)], [(50,)]], ("float32", "float64"), low=-0.999,
             high=0.999, tolerance={"float32": (2e-5, 1e-6), "float64": (1e-11, 1e-12)}),
    OpSample("lgamma", paddle.lgamma, _lgamma, [[(3, 4)]], ("float32", "float64"), low=0.05, high=8),
    OpSample("lgamma_negative", paddle.lgamma, _lgamma, [[(10,)]], ("float64",), low=-4.9, high=-0.1),
    OpSample("digamma", paddle.digamma, _digamma, [[(3, 4)], [(20,)]], ("float32", "float64"), low=-3.7, high=12,
             covers=("polygamma",),
             tolerance={"float32": (1e-4, 1e-4), "float64": (1e-8, 1e-8)}),
    OpSample("polygamma1", lambda x: paddle.polygamma(x, 1), _trigamma, [[(3, 4)]], ("float32", "float64"),
             low=0.3, high=15, tolerance={"float32": (1e-5, 1e-6), "float64": (1e-9, 1e-9)}, covers=("polygamma",)),
    # half types compute in float32, away from the poles and erfinv's ends
    OpSample("erfinv_half", paddle.erfinv, _bisect_erfinv, [[(3, 4)]], ("float16", "bfloat16"), low=-0.9, high=0.9),
    OpSample("lgamma_half", paddle.lgamma, _lgamma, [[(3, 4)]], ("float16", "bfloat16"), low=0.5, high=8),
    OpSample("digamma_half", paddle.digamma, _digamma, [[(3, 4)]], ("float16", "bfloat16"), low=0.5, high=12),
    OpSample("polygamma1_half", lambda x: paddle.polygamma(x, 1), _trigamma, [[(3, 4)]], ("float16", "bfloat16"),
             low=0.5, high=15),
]

GRAD2_SAMPLES |= {"erfinv", "lgamma", "digamma"}

SAMPLES += [
    OpSample("as_real", paddle.as_real, lambda x: np.stack([x.real, x.imag], -1), [[(3, 4)], [()]], COMPLEX, errors=[
        ErrorCase(lambda: paddle.as_real(_t(2)), TypeError, r"\[as_real\] x must be complex64 or complex128")]),
    OpSample("as_complex", paddle.as_complex, lambda x: x[..., 0] + 1j * x[..., 1], [[(3, 2)], [(2, 4, 2)]],
             ("float32", "float64"), errors=[
                 ErrorCase(lambda: paddle.as_complex(_t(3, 3)), ValueError, r"\[as_complex\] x's last dim must be 2")]),
    # Overlapping windows of x's row-major elements, as NumPy's stride tricks read them; the offset is in bytes.
    OpSample("as_strided", lambda x: paddle.as_strided(x, [3, 4], [2, 1], x.dtype.itemsize),
             lambda x: np.lib.stride_tricks.as_strided(x.ravel()[1:], (3, 4), (2 * x.itemsize, x.itemsize)).copy(),
             [[(3, 4)], [(2, 3, 2)]], ALL, errors=[
                 ErrorCase(lambda: paddle.as_strided(_t(2, 3), [2, 3], [3, 1], 4), ValueError,
                           r"\[as_strided\] shape \[2, 3\], stride \[3, 1\] and offset 1 reach position 6, beyond "
                           r"x's 6 elements"),
                 ErrorCase(lambda: paddle.as_strided(_t(4), [2], [1.5]), TypeError, r"\[as_strided\] argument 'stride'"),
             ]),
    OpSample("nextafter", paddle.nextafter, np.nextafter, [[(3, 4), (3, 4)], [(2, 1, 4), (3, 1)], [(), (5,)]],
             ("float32", "float64"), errors=[
                 ErrorCase(lambda: paddle.nextafter(_t(2, 3), _t(4)), ValueError, r"\[nextafter\].*broadcast"),
                 ErrorCase(lambda: paddle.nextafter(_t(2, dtype="int32"), _t(2, dtype="int32")), TypeError,
                           r"\[nextafter\] arguments 'x' and 'y': expected float32 or float64"),
             ], tolerance={"float32": (0, 0), "float64": (0, 0)}),  # one ulp is the whole answer
    OpSample("real", paddle.real, np.real, [[(3, 4)]], COMPLEX + ("float32",)),
    OpSample("imag", paddle.imag, np.imag, [[(3, 4)]], COMPLEX + ("float64",)),
    OpSample("complex", paddle.complex, lambda a, b: a + 1j * b, [[(3, 4), (3, 4)], [(3, 1), (4,)]],
             ("float32", "float64")),
]

GRAD2_SAMPLES |= {"as_complex", "complex", "as_strided"}
COMPLEX_GRAD_SAMPLES = {"as_real", "real", "imag"}
