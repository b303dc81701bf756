"""paddle.fft against numpy.fft: values and dtypes of every transform for each
norm, frequencies and shifts, first-order gradients against finite
differences of the NumPy reference, a second-order check through Parseval's
identity, and the argument errors."""

from __future__ import annotations

import numpy as np
import pytest

import paddle

NORMS = ("backward", "ortho", "forward")

# The transforms by what they map: complex to complex (real input allowed),
# real to half-spectrum, half-spectrum to real (real input read as complex).
C2C = ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn")
R2C = ("rfft", "ihfft", "rfft2", "ihfft2", "rfftn", "ihfftn")
C2R = ("irfft", "hfft", "irfft2", "hfft2", "irfftn", "hfftn")
TRANSFORMS = C2C + R2C + C2R
ONE_D = ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")
TWO_D = tuple(name for name in TRANSFORMS if name.endswith("2"))
N_D = tuple(name for name in TRANSFORMS if name.endswith("n"))

ALL_DTYPES = ("float32", "float64", "complex64", "complex128")
INPUT_DTYPES = {name: ("float32", "float64") if name in R2C else ALL_DTYPES for name in TRANSFORMS}
REAL_OF = {"float32": "float32", "complex64": "float32", "float64": "float64", "complex128": "float64"}
COMPLEX_OF = {"float32": "complex64", "complex64": "complex64", "float64": "complex128", "complex128": "complex128"}

# numpy.fft has only the one-dimensional Hermitian transforms; like its own
# hfft and ihfft, the others are the real transforms of the conjugate with the
# normalization applied in the opposite direction.
_OPPOSITE = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def _np_hfftn(x, s=None, axes=None, norm="backward"):
    return np.fft.irfftn(np.conj(x), s=s, axes=axes, norm=_OPPOSITE[norm])


def _np_ihfftn(x, s=None, axes=None, norm="backward"):
    return np.conj(np.fft.rfftn(x, s=s, axes=axes, norm=_OPPOSITE[norm]))


def _np_hfft2(x, s=None, axes=(-2, -1), norm="backward"):
    return _np_hfftn(x, s, axes, norm)


def _np_ihfft2(x, s=None, axes=(-2, -1), norm="backward"):
    return _np_ihfftn(x, s, axes, norm)


NUMPY_MISSING = {"hfft2": _np_hfft2, "ihfft2": _np_ihfft2, "hfftn": _np_hfftn, "ihfftn": _np_ihfftn}


def _reference(name, a, **kwargs):
    """numpy's result in double precision, for the same arguments."""
    a = a.astype(COMPLEX_OF[a.dtype.name] if np.iscomplexobj(a) else REAL_OF[a.dtype.name])
    if name in N_D and kwargs.get("s") is not None and kwargs.get("axes") is None:
        # s alone means the last len(s) axes; NumPy 2 deprecates leaving axes out.
        kwargs["axes"] = tuple(range(-len(kwargs["s"]), 0))
    return NUMPY_MISSING.get(name, getattr(np.fft, name, None))(a, **kwargs)


def _random(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if dtype.startswith("complex"):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def _output_dtype(name, input_dtype):
    return REAL_OF[input_dtype] if name in C2R else COMPLEX_OF[input_dtype]


def _assert_matches(out, ref, dtype):
    assert out.dtype == getattr(paddle, dtype)
    got = out.numpy()
    assert got.shape == ref.shape
    rtol = 1e-5 if dtype in ("float32", "complex64") else 1e-10
    # Entries near zero carry the rounding of the largest ones: scale atol by them.
    np.testing.assert_allclose(got, ref, rtol=rtol, atol=10 * rtol * np.abs(ref).max(initial=0.0))


def _check_transform(name, a, **kwargs):
    out = getattr(paddle.fft, name)(paddle.to_tensor(a), **kwargs)
    _assert_matches(out, _reference(name, a, **kwargs), _output_dtype(name, a.dtype.name))


def _params(names, cases):
    return [
        pytest.param(name, dtype, case, id=f"{name}-{dtype}-" + ",".join(f"{k}={v}" for k, v in case.items()))
        for name in names
        for dtype in INPUT_DTYPES[name]
        for case in cases
    ]


# ----------------------------------------------------------------- values

SIZES_1D = [  # (input length, n)
    (1, None),
    (2, None), (8, None), (64, None),  # powers of two
    (105, None),  # 3 * 5 * 7: mixed radices
    (17, None), (31, None),  # small primes
    (37, None), (97, None), (194, None), (1031, None),  # large prime factors: the chirp-z (Bluestein) path
    (8, 13), (17, 64), (6, 97),  # n pads with zeros
    (64, 10), (105, 97), (97, 1),  # n truncates
]


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("length,n", SIZES_1D)
@pytest.mark.parametrize("name,dtype", [(name, dtype) for name in ONE_D for dtype in INPUT_DTYPES[name]])
def test_1d_matches_numpy(name, dtype, length, n, norm):
    if name in C2R and (length, n) == (1, None):
        n = 1  # the default n, 2 * (length - 1), would be 0
    _check_transform(name, _random((length,), dtype), n=n, norm=norm)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name,dtype,case", _params(ONE_D, [
    {"axis": 0}, {"axis": 1}, {"axis": -2}, {"axis": 0, "n": 7}, {"axis": 1, "n": 3},
]))
def test_1d_along_any_axis(name, dtype, case, norm):
    _check_transform(name, _random((4, 6, 5), dtype), norm=norm, **case)


CASES_2D = [
    {},
    {"axes": (0, 2)},
    {"axes": (2, 0)},  # the last axis named is the halved one of the real transforms
    {"axes": (-3, -2)},
    {"s": (3, 8)},  # truncates one axis, pads the other
    {"s": (7, 4), "axes": (0, 2)},
]
CASES_ND = [
    {},
    {"axes": (1,)},
    {"axes": (0, 2)},
    {"axes": (2, 0, 1)},
    {"axes": (-1, -3)},
    {"s": (4, 4)},  # s without axes: the last len(s) axes
    {"s": (5, 3), "axes": (0, 1)},
    {"s": (2, 9, 7), "axes": (0, 1, 2)},
]


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name,dtype,case", _params(TWO_D, CASES_2D) + _params(N_D, CASES_ND))
def test_multi_dim_matches_numpy(name, dtype, case, norm):
    _check_transform(name, _random((4, 6, 5), dtype), norm=norm, **case)


@pytest.mark.parametrize("name,case", [
    ("fft", {}), ("fft", {"axis": 0}), ("ifft", {"n": 9}), ("rfft", {}), ("rfft", {"axis": 1}),
    ("irfft", {}), ("hfft", {"axis": 0}), ("ihfft", {}),
    ("fft2", {}), ("ifftn", {"axes": (2, 0)}), ("rfftn", {}), ("irfftn", {"axes": (0, 1)}), ("hfft2", {}),
])
def test_non_contiguous_input(name, case):
    # Transposed and strided views: the lines to transform are not unit-stride.
    dtype = "float64" if name in R2C else "complex128"
    a = _random((6, 5, 8), dtype)
    x = paddle.to_tensor(a)
    for view, expected in [(x.transpose([2, 0, 1]), a.transpose(2, 0, 1)), (x[:, 1:, ::2], a[:, 1:, ::2])]:
        out = getattr(paddle.fft, name)(view, **case)
        _assert_matches(out, _reference(name, expected, **case), _output_dtype(name, dtype))


@pytest.mark.parametrize("shape", [(517, 96), (517, 100)])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("name", ONE_D)
def test_many_lines(name, axis, shape):
    # Enough lines, of both strides, to fill blocks of SIMD lanes (and a
    # partial block) split across threads; contiguous float lines move
    # between lines and lanes 16 points at a time, with the rest point by
    # point (100 samples: 50 points, 51 in the half spectrum).
    _check_transform(name, _random(shape, "float32" if name in R2C else "complex64"), axis=axis)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("name", ["fft", "ifft"])
def test_lines_of_a_middle_axis(name, dtype):
    # Along axis 1 of [3, 40, 37] the lines of one outer index lie side by
    # side: blocks of them within one index (full, and the last one of 15),
    # and blocks that cross from one index to the next.
    _check_transform(name, _random((3, 40, 37), dtype), axis=1)


@pytest.mark.parametrize("dtype", ["float64", "complex64"])
@pytest.mark.parametrize("name,length", [
    ("fft", 3 * 2**14), ("ifft", 2**15), ("fft", 2 * 16411),  # n = n1 n2: columns, then rows; and a near-prime
    ("rfft", 2**15 + 2), ("ihfft", 3**10), ("irfft", 2**14 + 1), ("hfft", 2**15 + 1),
])
def test_long_signals(name, length, dtype):
    if name in R2C:
        dtype = REAL_OF[dtype]
    _check_transform(name, _random((2, length), dtype), axis=-1)


# ------------------------------------------------- frequencies and shifts

@pytest.mark.parametrize("d", [1.0, 0.25, 3.0])
@pytest.mark.parametrize("n", [1, 2, 7, 10])
@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
def test_frequencies(name, n, d):
    out = getattr(paddle.fft, name)(n, d)
    assert out.dtype == getattr(paddle, paddle.get_default_dtype())
    np.testing.assert_allclose(out.numpy(), getattr(np.fft, name)(n, d), rtol=1e-6)
    out = getattr(paddle.fft, name)(n, d=d, dtype="float64")
    assert out.dtype == paddle.float64
    np.testing.assert_allclose(out.numpy(), getattr(np.fft, name)(n, d), rtol=1e-14)


@pytest.mark.parametrize("axes", [None, 0, 1, -1, (0, 2), [2, 0], (-2,)])
@pytest.mark.parametrize("dtype", ["float32", "int64", "complex128"])
@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
def test_shifts(name, dtype, axes):
    # Odd and even lengths, where fftshift and ifftshift differ.
    a = np.arange(5 * 6 * 7).reshape(5, 6, 7).astype(dtype)
    out = getattr(paddle.fft, name)(paddle.to_tensor(a), axes=axes)
    assert out.dtype == getattr(paddle, dtype)
    np.testing.assert_array_equal(out.numpy(), getattr(np.fft, name)(a, axes=axes))


# -------------------------------------------------------------- gradients

def _central_differences(loss, a, eps=1.0):
    """dL/dRe(a) + 1j dL/dIm(a) (Paddle's and PyTorch's convention for a real
    loss of a complex input), element by element. Every transform is linear in
    the real and imaginary parts of its input, so central differences are
    exact for any step; a unit step keeps the rounding error smallest."""
    grad = np.zeros_like(a)
    for idx in np.ndindex(a.shape):
        for direction in (1.0, 1j) if np.iscomplexobj(a) else (1.0,):
            plus, minus = a.copy(), a.copy()
            plus[idx] += direction * eps
            minus[idx] -= direction * eps
            grad[idx] += direction * (loss(plus) - loss(minus)) / (2 * eps)
    return grad


GRAD_CASES = [  # (name, input dtype, input shape, arguments)
    ("fft", "complex128", (7,), {}),
    ("fft", "float64", (6,), {"n": 8}),
    ("ifft", "complex128", (6,), {}),
    ("ifft", "complex128", (6,), {"n": 4}),
    ("rfft", "float64", (8,), {}),
    ("rfft", "float64", (7,), {"n": 10}),
    ("irfft", "complex128", (5,), {}),  # n = 8: even, with a Nyquist term
    ("irfft", "complex128", (5,), {"n": 9}),  # odd
    ("irfft", "complex128", (5,), {"n": 6}),  # reads only the first 4 inputs
    ("hfft", "complex128", (4,), {}),
    ("hfft", "complex128", (4,), {"n": 7}),
    ("ihfft", "float64", (7,), {}),
    ("ihfft", "float64", (6,), {"n": 9}),
    ("fft2", "complex128", (3, 4), {}),
    ("fft2", "complex128", (2, 3, 4), {"axes": (0, 2), "s": (3, 3)}),
    ("rfftn", "float64", (3, 4), {}),
    ("rfftn", "float64", (2, 3, 4), {"axes": (2, 0)}),
    ("irfftn", "complex128", (3, 3), {}),
    ("irfftn", "complex128", (2, 3, 3), {"s": (3, 5), "axes": (0, 2)}),
]


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name,dtype,shape,case", [
    pytest.param(*c, id=f"{c[0]}-{c[1]}-{'x'.join(map(str, c[2]))}-" + ",".join(f"{k}={v}" for k, v in c[3].items()))
    for c in GRAD_CASES
])
def test_gradient_matches_finite_differences(name, dtype, shape, case, norm):
    a = _random(shape, dtype)
    out_shape = _reference(name, a, norm=norm, **case).shape
    rng = np.random.default_rng(1)
    wr, wi = rng.standard_normal(out_shape), rng.standard_normal(out_shape)

    def numpy_loss(arr):
        y = _reference(name, arr, norm=norm, **case)
        return np.sum(y.real * wr + y.imag * wi)

    x = paddle.to_tensor(a, stop_gradient=False)
    y = getattr(paddle.fft, name)(x, norm=norm, **case)
    if name in C2R:
        loss = paddle.sum(y * paddle.to_tensor(wr))
    else:
        loss = paddle.sum(paddle.real(y) * paddle.to_tensor(wr) + paddle.imag(y) * paddle.to_tensor(wi))
    loss.backward()
    assert x.grad.dtype == x.dtype
    np.testing.assert_allclose(x.grad.numpy(), _central_differences(numpy_loss, a), rtol=1e-9, atol=1e-9)


# Parseval: sum |T x|^2 = N^p sum |x|^2 over the N points transformed, with
# p = 1 when the transform is unscaled, 0 for "ortho" and -1 when scaled by 1/N.
_PARSEVAL_POWER = {"backward": 1, "ortho": 0, "forward": -1}


@pytest.mark.parametrize("dtype", ["float64", "complex128"])
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name,points,inverse", [
    ("fft", 4, False), ("ifft", 4, True), ("fft2", 12, False), ("ifftn", 12, True),
])
def test_second_order_through_parseval(name, points, inverse, norm, dtype):
    # loss = c sum |x|^2, so its gradient is 2 c x and a Hessian-vector product is 2 c v.
    c = float(points) ** (-_PARSEVAL_POWER[norm] if inverse else _PARSEVAL_POWER[norm])
    a = _random((3, 4), dtype)
    v = _random((3, 4), dtype, seed=1)
    x = paddle.to_tensor(a, stop_gradient=False)
    y = getattr(paddle.fft, name)(x, norm=norm)
    loss = paddle.sum(paddle.real(y) ** 2 + paddle.imag(y) ** 2)
    np.testing.assert_allclose(loss.item(), c * np.sum(np.abs(a) ** 2), rtol=1e-12)
    (g,) = paddle.grad(loss, x, create_graph=True)
    np.testing.assert_allclose(g.numpy(), 2 * c * a, rtol=1e-10, atol=1e-12)
    (hv,) = paddle.grad(g, x, grad_outputs=paddle.to_tensor(v))
    np.testing.assert_allclose(hv.numpy(), 2 * c * v, rtol=1e-10, atol=1e-12)


# ----------------------------------------------------------------- errors

def _input(name, shape=(4, 6)):
    return paddle.to_tensor(_random(shape, "float64" if name in R2C else "complex128"))


@pytest.mark.parametrize("n", [0, -3])
@pytest.mark.parametrize("name", ONE_D)
def test_n_must_be_positive(name, n):
    with pytest.raises(ValueError, match=name):
        getattr(paddle.fft, name)(_input(name), n=n)


@pytest.mark.parametrize("name", ["irfft", "hfft"])
def test_one_point_half_spectrum_needs_n(name):
    # The default n, 2 * (1 - 1), is no length.
    with pytest.raises(ValueError, match=name):
        getattr(paddle.fft, name)(_input(name, (1,)))


@pytest.mark.parametrize("name", TRANSFORMS)
def test_unknown_norm(name):
    with pytest.raises(ValueError, match=name):
        getattr(paddle.fft, name)(_input(name), norm="bogus")


@pytest.mark.parametrize("name", TRANSFORMS)
def test_x_must_be_a_tensor(name):
    with pytest.raises(TypeError, match=name):
        getattr(paddle.fft, name)(_random((4, 6), "float64"))


@pytest.mark.parametrize("name", R2C)
def test_real_transforms_reject_complex_input(name):
    with pytest.raises(TypeError, match=name):
        getattr(paddle.fft, name)(_input("fft"))


@pytest.mark.parametrize("dtype", ["int32", "int64"])
@pytest.mark.parametrize("name", ["fft", "rfft"])
def test_integer_input_is_transformed_as_the_default_float(name, dtype):
    # As in Paddle: integers are cast to the default float dtype first.
    values = np.arange(8, dtype=dtype)
    out = getattr(paddle.fft, name)(paddle.to_tensor(values))
    assert out.dtype == paddle.complex64
    np.testing.assert_allclose(out.numpy(), getattr(np.fft, name)(values.astype(np.float32)), rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("name,shape,case", [
    ("fft", (4, 6), {"axis": 2}),
    ("irfft", (4, 6), {"axis": -3}),
    ("fft2", (4, 6), {"axes": (0, 2)}),
    ("fft2", (6,), {}),  # the default axes (-2, -1) need two dimensions
    ("ihfft2", (4, 6), {"axes": (-3, 0)}),
    ("rfftn", (4, 6), {"axes": (5,)}),
    ("fftshift", (4, 6), {"axes": 2}),
    ("ifftshift", (4, 6), {"axes": (0, -3)}),
])
def test_axis_out_of_range(name, shape, case):
    with pytest.raises((IndexError, ValueError), match=name):
        getattr(paddle.fft, name)(_input(name, shape), **case)


@pytest.mark.parametrize("name,case", [
    ("fftn", {"axes": (0, 0)}),  # repeated axes
    ("rfftn", {"axes": (2, -1)}),
    ("irfft2", {"axes": (1, 1)}),
    ("hfftn", {"axes": (0, -3)}),
    ("fftn", {"s": (4, 4), "axes": (0,)}),  # s and axes of different lengths
    ("irfftn", {"s": (4,), "axes": (0, 1)}),
    ("fft2", {"axes": (0,)}),  # the 2-D transforms take exactly two axes
    ("rfft2", {"s": (4, 4, 4), "axes": (0, 1, 2)}),
    ("fftn", {"s": (0, 4)}),  # sizes must be positive
    ("irfftn", {"s": (4, -1), "axes": (0, 1)}),
])
def test_bad_axes_or_sizes(name, case):
    with pytest.raises(ValueError, match=name):
        getattr(paddle.fft, name)(_input(name, (4, 6, 5)), **case)
