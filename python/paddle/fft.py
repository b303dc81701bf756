"""Discrete Fourier transforms with numpy.fft's semantics under Paddle's
names. Every transform is one of three ops (fft.yaml): fft_c2c (complex in
and out), fft_r2c (real in; onesided keeps the first n // 2 + 1 entries of
the last axis) and fft_c2r (its inverse, real out); the functions here pick
the op and resize the input to the requested lengths (zeros appended or the
tail cut). All of them are differentiable, to any order.

norm is "backward" (the inverse transforms are scaled by 1/n), "ortho"
(both by 1/sqrt(n)) or "forward" (the forward ones by 1/n)."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle import _signature  # (a module of public names: the decorators stay out of it)

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2",
           "fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fftfreq", "rfftfreq", "fftshift", "ifftshift"]

_NORMS = ("backward", "ortho", "forward")
_COMPLEX = ("complex64", "complex128")
_REAL = ("float32", "float64")
_INTS = ("int8", "int16", "int32", "int64", "uint8")


def _input(op, x, kind):
    """x checked and converted: integers become the default float dtype; kind
    'real' refuses complex x, 'complex' makes real x complex."""
    check.tensor(op, x)
    name = x.dtype.name
    if name in _INTS:
        x, name = x.astype(paddle.get_default_dtype()), paddle.get_default_dtype()
    if name not in _REAL + _COMPLEX:
        raise TypeError(f"[{op}] argument 'x': expected a floating, complex or integer tensor, but got {x.dtype}")
    if kind == "real" and name in _COMPLEX:
        raise TypeError(f"[{op}] argument 'x': expected a real tensor, but got {x.dtype}")
    if kind == "complex" and name in _REAL:
        x = x.astype("complex64" if name == "float32" else "complex128")
    return x


def _plan(op, x, s, axes, norm):
    """The axes (in [0, rank)) and each one's transform length."""
    check.choice(op, norm, _NORMS, "norm")
    rank = len(x.shape)
    if rank == 0:
        raise ValueError(f"[{op}] argument 'x': expected a tensor with at least 1 dim, but got a 0-D tensor")
    if s is not None:
        s = check.int_list(op, s, "s")
        for n in s:
            if n < 1:
                raise ValueError(f"[{op}] argument 's': expected lengths >= 1, but got {s}")
    if axes is None:
        axes = list(range(rank - (rank if s is None else len(s)), rank))
    axes = check.axes(op, axes, rank, "axes")
    if not axes:
        raise ValueError(f"[{op}] argument 'axes': expected at least one axis")
    if s is not None and len(s) != len(axes):
        raise ValueError(f"[{op}] arguments 's' and 'axes' must have one length, but got {len(s)} and {len(axes)}")
    return axes, (list(s) if s is not None else [x.shape[a] for a in axes])


def _resized(x, axes, sizes):
    for a, n in zip(axes, sizes):
        have = x.shape[a]
        if n < have:
            x = _C_ops.slice(x, [a], [0], [n])
        elif n > have:
            shape = list(x.shape)
            shape[a] = n - have
            x = paddle.concat([x, paddle.zeros(shape, dtype=x.dtype)], axis=a)
    return x


def _c2c(op, x, s, axes, norm, forward):
    x = _input(op, x, "any")
    axes, sizes = _plan(op, x, s, axes, norm)
    x = _resized(x, axes, sizes)
    if x.dtype.name in _REAL:
        return _C_ops.fft_r2c(x, axes, norm, forward, False)
    return _C_ops.fft_c2c(x, axes, norm, forward)


def _r2c(op, x, s, axes, norm, forward):
    x = _input(op, x, "real")
    axes, sizes = _plan(op, x, s, axes, norm)
    return _C_ops.fft_r2c(_resized(x, axes, sizes), axes, norm, forward, True)


def _c2r(op, x, s, axes, norm, forward):
    """The real signal of a one-sided spectrum: the last axis's length
    defaults to 2 * (m - 1) for m entries there."""
    x = _input(op, x, "complex")
    axes, sizes = _plan(op, x, s, axes, norm)
    if s is None:
        sizes[-1] = 2 * (x.shape[axes[-1]] - 1)
        if sizes[-1] < 1:
            raise ValueError(f"[{op}] x has 1 entry along axis {axes[-1]}, which gives a signal of 0 points: "
                             f"pass the output length ({'n' if op in ('irfft', 'hfft') else 's'})")
    last = sizes[-1]
    x = _resized(x, axes, sizes[:-1] + [last // 2 + 1])
    return _C_ops.fft_c2r(x, axes, norm, forward, last)


def _one_axis(op, n, axis):
    s = None if n is None else [check.integer(op, n, "n", min=1)]
    return s, [check.integer(op, axis, "axis")]


def _two(op, s, axes):
    """The 2-D transforms take exactly two axes (and lengths)."""
    for arg, value in (("axes", axes), ("s", s)):
        if value is not None and (not isinstance(value, (list, tuple)) or len(value) != 2):
            raise ValueError(f"[{op}] argument '{arg}': expected 2 entries, but got {value}")
    return s, axes


@_signature.aliases(x="input", axis="dim")
@_signature.writes_out
def fft(x, n=None, axis=-1, norm="backward", name=None) -> Tensor:
    """The one-dimensional DFT of x along axis, n points (x cut or zero-padded to n).

    Examples:
        >>> import paddle
        >>> paddle.fft.fft(paddle.to_tensor([1.0, 2.0, 3.0, 4.0])).numpy().tolist()
        [(10+0j), (-2+2j), (-2+0j), (-2-2j)]
    """
    return _c2c("fft", x, *_one_axis("fft", n, axis), norm, True)


@_signature.aliases(x="input", axis="dim")
@_signature.writes_out
def ifft(x, n=None, axis=-1, norm="backward", name=None) -> Tensor:
    """The one-dimensional inverse DFT of x along axis."""
    return _c2c("ifft", x, *_one_axis("ifft", n, axis), norm, False)


@_signature.aliases(x="input", axis="dim")
@_signature.writes_out
def rfft(x, n=None, axis=-1, norm="backward", name=None) -> Tensor:
    """The DFT of real x along axis: its n // 2 + 1 non-negative frequencies.

    Examples:
        >>> import paddle
        >>> paddle.fft.rfft(paddle.to_tensor([1.0, 2.0, 3.0, 4.0])).numpy().tolist()
        [(10+0j), (-2+2j), (-2+0j)]
    """
    return _r2c("rfft", x, *_one_axis("rfft", n, axis), norm, True)


@_signature.aliases(x="input", axis="dim")
@_signature.writes_out
def irfft(x, n=None, axis=-1, norm="backward", name=None) -> Tensor:
    """The real inverse of rfft: n real points (default 2 * (m - 1)) from m frequencies along axis."""
    return _c2r("irfft", x, *_one_axis("irfft", n, axis), norm, False)


@_signature.aliases(x="input", axis="dim")
@_signature.writes_out
def hfft(x, n=None, axis=-1, norm="backward", name=None) -> Tensor:
    """The DFT of a signal with Hermitian symmetry, given by its first half x: n real points."""
    return _c2r("hfft", x, *_one_axis("hfft", n, axis), norm, True)


@_signature.aliases(x="input", axis="dim")
@_signature.writes_out
def ihfft(x, n=None, axis=-1, norm="backward", name=None) -> Tensor:
    """The inverse of hfft: the n // 2 + 1 first entries of the inverse DFT of real x."""
    return _r2c("ihfft", x, *_one_axis("ihfft", n, axis), norm, False)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def fft2(x, s=None, axes=(-2, -1), norm="backward", name=None) -> Tensor:
    """The two-dimensional DFT over axes, s points along them."""
    return _c2c("fft2", x, *_two("fft2", s, axes), norm, True)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def ifft2(x, s=None, axes=(-2, -1), norm="backward", name=None) -> Tensor:
    """The two-dimensional inverse DFT over axes."""
    return _c2c("ifft2", x, *_two("ifft2", s, axes), norm, False)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def rfft2(x, s=None, axes=(-2, -1), norm="backward", name=None) -> Tensor:
    """The two-dimensional DFT of real x, one-sided along the last of axes."""
    return _r2c("rfft2", x, *_two("rfft2", s, axes), norm, True)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def irfft2(x, s=None, axes=(-2, -1), norm="backward", name=None) -> Tensor:
    """The real inverse of rfft2."""
    return _c2r("irfft2", x, *_two("irfft2", s, axes), norm, False)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def hfft2(x, s=None, axes=(-2, -1), norm="backward", name=None) -> Tensor:
    """The two-dimensional DFT of a Hermitian-symmetric signal given by its half spectrum; real result."""
    return _c2r("hfft2", x, *_two("hfft2", s, axes), norm, True)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def ihfft2(x, s=None, axes=(-2, -1), norm="backward", name=None) -> Tensor:
    """The inverse of hfft2, one-sided along the last of axes."""
    return _r2c("ihfft2", x, *_two("ihfft2", s, axes), norm, False)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def fftn(x, s=None, axes=None, norm="backward", name=None) -> Tensor:
    """The N-dimensional DFT over axes (all by default, or the last len(s))."""
    return _c2c("fftn", x, s, axes, norm, True)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def ifftn(x, s=None, axes=None, norm="backward", name=None) -> Tensor:
    """The N-dimensional inverse DFT over axes."""
    return _c2c("ifftn", x, s, axes, norm, False)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def rfftn(x, s=None, axes=None, norm="backward", name=None) -> Tensor:
    """The N-dimensional DFT of real x, one-sided along the last of axes."""
    return _r2c("rfftn", x, s, axes, norm, True)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def irfftn(x, s=None, axes=None, norm="backward", name=None) -> Tensor:
    """The real inverse of rfftn."""
    return _c2r("irfftn", x, s, axes, norm, False)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def hfftn(x, s=None, axes=None, norm="backward", name=None) -> Tensor:
    """The N-dimensional DFT of a Hermitian-symmetric signal given by its half spectrum; real result."""
    return _c2r("hfftn", x, s, axes, norm, True)


@_signature.aliases(x="input", axes="dim")
@_signature.writes_out
def ihfftn(x, s=None, axes=None, norm="backward", name=None) -> Tensor:
    """The inverse of hfftn, one-sided along the last of axes."""
    return _r2c("ihfftn", x, s, axes, norm, False)


def _frequencies(op, n, d, dtype, stop):
    n = check.integer(op, n, "n", min=1)
    d = check.number(op, d, "d")
    if d == 0:
        raise ValueError(f"[{op}] argument 'd': expected a non-zero sample spacing, but got 0")
    dtype = paddle.get_default_dtype() if dtype is None else dtype
    return n, d, paddle.arange(0, stop(n), dtype=dtype)


@_signature.writes_out
@_signature.creation_options("device", "requires_grad")
def fftfreq(n, d=1.0, dtype=None, name=None) -> Tensor:
    """The frequencies of fft's n outputs for samples d apart: [0, 1, ..., -1] / (n d).

    Examples:
        >>> import paddle
        >>> paddle.fft.fftfreq(4, d=0.5).numpy().tolist()
        [0.0, 0.5, -1.0, -0.5]
    """
    n, d, k = _frequencies("fftfreq", n, d, dtype, lambda n: n)
    return paddle.where(k < (n + 1) // 2, k, k - n) / (n * d)


@_signature.writes_out
@_signature.creation_options("device", "requires_grad")
def rfftfreq(n, d=1.0, dtype=None, name=None) -> Tensor:
    """The frequencies of rfft's n // 2 + 1 outputs for samples d apart."""
    n, d, k = _frequencies("rfftfreq", n, d, dtype, lambda n: n // 2 + 1)
    return k / (n * d)


def _shifted(op, x, axes, sign):
    check.tensor(op, x)
    rank = len(x.shape)
    axes = list(range(rank)) if axes is None else check.axes(op, axes, rank, "axes")
    if not axes:
        return x
    return paddle.roll(x, [sign * (x.shape[a] // 2) for a in axes], axis=axes)


@_signature.aliases(x="input", axes="dim")
def fftshift(x, axes=None, name=None) -> Tensor:
    """x rolled so that the zero frequency is at the center of axes (all by default)."""
    return _shifted("fftshift", x, axes, 1)


@_signature.aliases(x="input", axes="dim")
def ifftshift(x, axes=None, name=None) -> Tensor:
    """The inverse of fftshift."""
    return _shifted("ifftshift", x, axes, -1)
