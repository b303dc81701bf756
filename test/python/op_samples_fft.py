"""Samples for the Fourier transforms (paddle.fft over fft.yaml's fft_c2c,
fft_r2c and fft_c2r), against numpy.fft: lengths with small prime factors
(the Stockham path) and with large ones (Bluestein's), every norm, and
transforms along inner axes."""

from __future__ import annotations

import numpy as np

import paddle
from op_test import ErrorCase, OpSample
from paddle._C import _C_ops

FLOATS = ("float32", "float64")
COMPLEX = ("complex64", "complex128")
# float32 sums of up to ~100 terms of magnitude 3
TOL = {"float32": (1e-4, 1e-3), "complex64": (1e-4, 1e-3)}


def _t(*shape, dtype="float32"):
    return paddle.to_tensor(np.ones(shape, dtype=dtype))


def _both(name, **kwargs):
    """paddle.fft.<name> and numpy.fft.<name> with the same keyword arguments."""
    return (lambda x: getattr(paddle.fft, name)(x, **kwargs)), (lambda x: getattr(np.fft, name)(x, **kwargs))


SAMPLES = [
    OpSample("fft", paddle.fft.fft, np.fft.fft, [[(8,)], [(3, 6)], [(2, 3, 7)], [(17,)], [(1,)], [(2, 0, 4)]],
             FLOATS + COMPLEX, tolerance=TOL, covers=("fft_c2c", "fft_r2c"), errors=[
                 ErrorCase(lambda: paddle.fft.fft(_t(4), n=0), ValueError, r"\[fft\] argument 'n'"),
                 ErrorCase(lambda: paddle.fft.fft(_t(4), norm="bogus"), ValueError, r"\[fft\] argument 'norm'"),
                 ErrorCase(lambda: paddle.fft.fft(_t(4), axis=1), IndexError, r"\[fft\] axes 1 is out of range"),
                 ErrorCase(lambda: paddle.fft.fft("x"), TypeError, r"\[fft\] argument 'x'"),
                 ErrorCase(lambda: paddle.fft.fft(_t(3, dtype="bool")), TypeError, r"\[fft\] argument 'x'"),
                 ErrorCase(lambda: paddle.fft.fft(paddle.to_tensor(1.0)), ValueError, r"\[fft\] .*0-D"),
                 ErrorCase(lambda: paddle.fft.fftn(_t(2, 3), axes=(0, 0)), ValueError,
                           r"\[fftn\] argument 'axes': expected distinct axes"),
                 ErrorCase(lambda: paddle.fft.fftn(_t(2, 3), s=(2,), axes=(0, 1)), ValueError,
                           r"\[fftn\] arguments 's' and 'axes'"),
                 ErrorCase(lambda: paddle.fft.rfft(_t(3, dtype="complex64")), TypeError,
                           r"\[rfft\] argument 'x': expected a real tensor"),
                 ErrorCase(lambda: paddle.fft.irfft(_t(1, dtype="complex64")), ValueError, r"\[irfft\] x has 1 entry"),
                 ErrorCase(lambda: _C_ops.fft_c2c(_t(4), [0], "backward", True), TypeError,
                           r"\[fft_c2c\] x must be complex64 or complex128"),
                 ErrorCase(lambda: _C_ops.fft_r2c(_t(4), [0], "bogus", True, True), ValueError,
                           r"\[fft_r2c\] normalization must be"),
                 ErrorCase(lambda: _C_ops.fft_r2c(_t(4), [0, 0], "backward", True, True), ValueError,
                           r"\[fft_r2c\] axes must be unique"),
                 ErrorCase(lambda: _C_ops.fft_c2c(_t(0, dtype="complex64"), [0], "backward", True), ValueError,
                           r"\[fft_c2c\] the transform along axis 0 needs at least 1 point"),
                 ErrorCase(lambda: _C_ops.fft_c2r(_t(3, dtype="complex64"), [0], "backward", False, 8), ValueError,
                           r"\[fft_c2r\] x must hold last_dim_size / 2 \+ 1 = 5 entries")]),
    OpSample("ifft_ortho", *_both("ifft", norm="ortho"), [[(12,)], [(2, 5)], [(97,)]], COMPLEX, tolerance=TOL),
    OpSample("fft_padded_axis0", *_both("fft", n=7, axis=0, norm="forward"), [[(5, 3)]], FLOATS + COMPLEX,
             tolerance=TOL),
    OpSample("fft_cut", *_both("fft", n=3), [[(2, 5)]], COMPLEX, tolerance=TOL),
    OpSample("rfft", paddle.fft.rfft, np.fft.rfft, [[(8,)], [(3, 9)], [(2, 97)], [(1,)]], FLOATS, tolerance=TOL),
    OpSample("rfft_axis0_ortho", *_both("rfft", axis=0, norm="ortho"), [[(6, 3)], [(5, 2, 2)]], FLOATS,
             tolerance=TOL),
    OpSample("irfft", paddle.fft.irfft, np.fft.irfft, [[(5,)], [(3, 4)], [(2,)]], COMPLEX, tolerance=TOL,
             covers=("fft_c2r",)),
    OpSample("irfft_odd", *_both("irfft", n=7, norm="forward"), [[(4,)], [(2, 6)]], COMPLEX, tolerance=TOL),
    OpSample("hfft", paddle.fft.hfft, np.fft.hfft, [[(5,)], [(2, 4)]], COMPLEX, tolerance=TOL),
    OpSample("ihfft", paddle.fft.ihfft, np.fft.ihfft, [[(6,)], [(2, 7)]], FLOATS, tolerance=TOL),
    OpSample("fft2", paddle.fft.fft2, np.fft.fft2, [[(4, 6)], [(2, 3, 5)]], FLOATS + COMPLEX, tolerance=TOL),
    OpSample("ifftn_axes", *_both("ifftn", s=(4, 3), axes=(2, 0)), [[(3, 2, 5)]], COMPLEX, tolerance=TOL),
    OpSample("rfftn", paddle.fft.rfftn, np.fft.rfftn, [[(4, 6)], [(2, 3, 5)]], FLOATS, tolerance=TOL),
    OpSample("irfftn", *_both("irfftn", s=(3, 6), axes=(0, 2)), [[(3, 2, 4)]], COMPLEX, tolerance=TOL),
    OpSample("fftshift", paddle.fft.fftshift, np.fft.fftshift, [[(5,)], [(4, 3)]], FLOATS + COMPLEX),
    OpSample("ifftshift_axis", *_both("ifftshift", axes=1), [[(4, 5)]], FLOATS),
]

# float64 inputs (complex ones become real through the real-input path).
GRAD2_SAMPLES = {"fft", "ifft_ortho", "rfft", "irfft", "fft2", "irfftn"}
GRAD_SAMPLES = {"fft_padded_axis0", "fft_cut", "rfft_axis0_ortho", "irfft_odd", "hfft", "ihfft", "ifftn_axes",
                "rfftn", "fftshift"}
COMPLEX_GRAD_SAMPLES = {"fft", "ifft_ortho", "fft_padded_axis0", "fft_cut", "irfft", "irfft_odd", "hfft", "fft2",
                        "ifftn_axes", "irfftn"}
