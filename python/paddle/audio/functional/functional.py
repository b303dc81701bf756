"""The mel scale and the matrices of audio features: Hz <-> mel (HTK's or
Slaney's formula), the frequencies of FFT bins and of mel bands, the
triangular mel filter bank, the DCT-II matrix of MFCCs and the conversion
of power to decibels.

The tables are computed in float64 and cast to the requested dtype last, so
float32 tables are correctly rounded (Paddle computes in the output dtype)."""

from __future__ import annotations

import math
import numbers

import paddle
from paddle import _checks as check
from paddle._C import Tensor

__all__ = ["compute_fbank_matrix", "create_dct", "fft_frequencies", "hz_to_mel", "mel_frequencies", "mel_to_hz",
           "power_to_db"]

# Slaney's mel scale (the Auditory Toolbox, librosa's default): linear below
# 1000 Hz at 3 mels per 200 Hz, logarithmic above, 27 mels per factor 6.4.
_LOG_START_HZ = 1000.0
_LOG_START_MEL = 15.0
_LOG_MEL_STEP = math.log(6.4) / 27.0


def _frequencies(op, value, arg):
    """A Python number as a float, or a tensor (integers made floating)."""
    if isinstance(value, Tensor):
        return value if paddle.is_floating_point(value) else value.astype(paddle.get_default_dtype())
    return float(check.number(op, value, arg))


def hz_to_mel(freq, htk=False):
    """Frequencies in Hz on the mel scale.

    HTK: ``2595 * log10(1 + f / 700)``. Slaney (default): ``3 f / 200`` below
    1000 Hz and ``15 + 27 * log(f / 1000) / log(6.4)`` above.

    Args:
        freq (Tensor | float): frequencies in Hz, any shape.
        htk (bool, optional): use HTK's formula. Default False.

    Returns:
        Tensor | float: the mels, a float for a number.

    Examples:
        >>> import paddle
        >>> paddle.audio.functional.hz_to_mel(500.0)
        7.5
        >>> paddle.audio.functional.hz_to_mel(paddle.to_tensor([0.0, 700.0]), htk=True).numpy()
        array([  0.     , 781.17...], dtype=float32)
    """
    freq = _frequencies("hz_to_mel", freq, "freq")
    tensor = isinstance(freq, Tensor)
    if check.flag("hz_to_mel", htk, "htk"):
        return 2595.0 * (paddle.log10(1.0 + freq / 700.0) if tensor else math.log10(1.0 + freq / 700.0))
    if not tensor:
        if freq < _LOG_START_HZ:
            return freq * 3.0 / 200.0
        return _LOG_START_MEL + math.log(freq / _LOG_START_HZ) / _LOG_MEL_STEP
    # The logarithm sees only frequencies >= 1000 Hz, so the branch that is
    # not taken has neither NaNs nor infinite gradients.
    above = paddle.log(paddle.clip(freq, min=_LOG_START_HZ) / _LOG_START_HZ) / _LOG_MEL_STEP + _LOG_START_MEL
    return paddle.where(freq >= _LOG_START_HZ, above, freq * 3.0 / 200.0)


def mel_to_hz(mel, htk=False):
    """Mels back to Hz: the inverse of hz_to_mel.

    Args:
        mel (Tensor | float): mels, any shape.
        htk (bool, optional): use HTK's formula. Default False.

    Returns:
        Tensor | float: the frequencies in Hz, a float for a number.

    Examples:
        >>> import paddle
        >>> paddle.audio.functional.mel_to_hz(7.5)
        500.0
    """
    mel = _frequencies("mel_to_hz", mel, "mel")
    tensor = isinstance(mel, Tensor)
    if check.flag("mel_to_hz", htk, "htk"):
        return 700.0 * ((paddle.exp(mel * (math.log(10.0) / 2595.0)) if tensor else 10.0 ** (mel / 2595.0)) - 1.0)
    if not tensor:
        if mel < _LOG_START_MEL:
            return mel * 200.0 / 3.0
        return _LOG_START_HZ * math.exp(_LOG_MEL_STEP * (mel - _LOG_START_MEL))
    # Clipped for the same reason as in hz_to_mel: exp overflows far below.
    above = _LOG_START_HZ * paddle.exp(_LOG_MEL_STEP * (paddle.clip(mel, min=_LOG_START_MEL) - _LOG_START_MEL))
    return paddle.where(mel >= _LOG_START_MEL, above, mel * 200.0 / 3.0)


def mel_frequencies(n_mels=64, f_min=0.0, f_max=11025.0, htk=False, dtype="float32") -> Tensor:
    """n_mels frequencies in Hz evenly spaced on the mel scale from f_min to f_max (both included).

    Args:
        n_mels (int, optional): the number of frequencies. Default 64.
        f_min (float, optional): the lowest, in Hz. Default 0.
        f_max (float, optional): the highest, in Hz. Default 11025.
        htk (bool, optional): use HTK's mel formula. Default False.
        dtype (str, optional): the result's dtype. Default 'float32'.

    Returns:
        Tensor: ``[n_mels]``.
    """
    op = "mel_frequencies"
    n_mels = check.integer(op, n_mels, "n_mels", min=0)
    low = hz_to_mel(float(check.number(op, f_min, "f_min")), htk)
    high = hz_to_mel(float(check.number(op, f_max, "f_max")), htk)
    return mel_to_hz(paddle.linspace(low, high, n_mels, dtype="float64"), htk).astype(dtype)


def fft_frequencies(sr, n_fft, dtype="float32") -> Tensor:
    """The frequencies in Hz of the n_fft // 2 + 1 bins of a one-sided DFT: 0 to sr / 2.

    Args:
        sr (int): the sample rate in Hz.
        n_fft (int): the DFT size.
        dtype (str, optional): the result's dtype. Default 'float32'.

    Returns:
        Tensor: ``[n_fft // 2 + 1]``.

    Examples:
        >>> import paddle
        >>> paddle.audio.functional.fft_frequencies(16000, 8).numpy()
        array([   0., 2000., 4000., 6000., 8000.], dtype=float32)
    """
    op = "fft_frequencies"
    sr = check.number(op, sr, "sr")
    n_fft = check.integer(op, n_fft, "n_fft", min=1)
    return (paddle.arange(n_fft // 2 + 1, dtype="float64") * (float(sr) / n_fft)).astype(dtype)


def compute_fbank_matrix(sr, n_fft, n_mels=64, f_min=0.0, f_max=None, htk=False, norm="slaney",
                         dtype="float32") -> Tensor:
    """The mel filter bank: n_mels triangular filters over the DFT bins.

    Filter i rises linearly from 0 at the i-th of n_mels + 2 mel-spaced
    frequencies (from f_min to f_max) to 1 at the next and falls back to 0
    at the one after; each row holds its values at the bins' frequencies.

    Args:
        sr (int): the sample rate in Hz.
        n_fft (int): the DFT size (the bank has n_fft // 2 + 1 columns).
        n_mels (int, optional): the number of filters. Default 64.
        f_min (float, optional): the lowest edge, in Hz. Default 0.
        f_max (float, optional): the highest edge, in Hz. Default sr / 2.
        htk (bool, optional): use HTK's mel formula. Default False.
        norm (str | float | None, optional): 'slaney' scales each filter by
            2 / (its width in Hz), for a constant energy per band; a number p
            scales each row to unit p-norm (zero rows stay zero); None leaves
            the peaks at 1. Default 'slaney'.
        dtype (str, optional): the result's dtype. Default 'float32'.

    Returns:
        Tensor: ``[n_mels, n_fft // 2 + 1]``.

    Examples:
        >>> import paddle
        >>> fbank = paddle.audio.functional.compute_fbank_matrix(16000, 16, n_mels=4, norm=None)
        >>> fbank.shape
        paddle.Size([4, 9])
        >>> float(fbank.max()) <= 1.0
        True
    """
    op = "compute_fbank_matrix"
    sr = check.number(op, sr, "sr")
    n_fft = check.integer(op, n_fft, "n_fft", min=1)
    n_mels = check.integer(op, n_mels, "n_mels", min=1)
    f_max = float(sr) / 2 if f_max is None else float(check.number(op, f_max, "f_max"))
    if norm is not None and norm != "slaney" and not (isinstance(norm, numbers.Real) and not isinstance(norm, bool)
                                                      and norm > 0):
        raise ValueError(f"[{op}] argument 'norm': expected 'slaney', a positive number or None, but got {norm!r}")

    bins = fft_frequencies(sr, n_fft, dtype="float64").unsqueeze(0)
    edges = mel_frequencies(n_mels + 2, f_min, f_max, htk, dtype="float64")
    lower, centre, upper = edges[:-2].unsqueeze(1), edges[1:-1].unsqueeze(1), edges[2:].unsqueeze(1)
    rising = (bins - lower) / (centre - lower)
    falling = (upper - bins) / (upper - centre)
    weights = paddle.clip(paddle.minimum(rising, falling), min=0.0)
    if norm == "slaney":
        weights = weights * (2.0 / (upper - lower))
    elif norm is not None:
        size = paddle.sum(paddle.abs(weights) ** norm, axis=1, keepdim=True) ** (1.0 / norm)
        weights = weights / paddle.where(size > 0, size, paddle.ones_like(size))
    return weights.astype(dtype)


def create_dct(n_mfcc, n_mels, norm="ortho", dtype="float32") -> Tensor:
    """The DCT-II matrix that turns n_mels log-mel energies into n_mfcc cepstral coefficients.

    Column k holds ``cos(pi * k * (n + 0.5) / n_mels)`` for n in
    ``[0, n_mels)``, scaled by 2 (norm None) or to an orthonormal basis
    (``sqrt(1 / n_mels)`` for k = 0, ``sqrt(2 / n_mels)`` otherwise).

    Args:
        n_mfcc (int): the number of coefficients (columns).
        n_mels (int): the number of mel bands (rows).
        norm (str | None, optional): 'ortho' or None. Default 'ortho'.
        dtype (str, optional): the result's dtype. Default 'float32'.

    Returns:
        Tensor: ``[n_mels, n_mfcc]``; ``log_mel @ dct`` gives the MFCCs.

    Examples:
        >>> import paddle
        >>> dct = paddle.audio.functional.create_dct(2, 4, dtype="float64")
        >>> (dct.T @ dct).numpy().round(6)
        array([[1., 0.],
               [0., 1.]])
    """
    op = "create_dct"
    n_mfcc = check.integer(op, n_mfcc, "n_mfcc", min=1)
    n_mels = check.integer(op, n_mels, "n_mels", min=1)
    if norm not in ("ortho", None):
        raise ValueError(f"[{op}] argument 'norm': expected 'ortho' or None, but got {norm!r}")
    samples = paddle.arange(n_mels, dtype="float64").unsqueeze(1) + 0.5
    orders = paddle.arange(n_mfcc, dtype="float64").unsqueeze(0)
    basis = paddle.cos(samples * orders * (math.pi / n_mels))
    if norm is None:
        return (2.0 * basis).astype(dtype)
    scale = [math.sqrt(1.0 / n_mels)] + [math.sqrt(2.0 / n_mels)] * (n_mfcc - 1)
    return (basis * paddle.to_tensor(scale, dtype="float64")).astype(dtype)


def power_to_db(spect, ref_value=1.0, amin=1e-10, top_db=80.0) -> Tensor:
    """A power spectrogram in decibels: ``10 * log10(max(spect, amin) / max(ref_value, amin))``.

    Args:
        spect (Tensor): powers (squared magnitudes), any shape.
        ref_value (float, optional): the power that maps to 0 dB, > 0. Default 1.
        amin (float, optional): the smallest power taken, > 0 (it bounds
            the logarithm). Default 1e-10.
        top_db (float, optional): when given (>= 0), values more than top_db
            below the tensor's maximum are raised to that floor. Default 80.

    Returns:
        Tensor: decibels, the shape of spect.

    Examples:
        >>> import paddle
        >>> paddle.audio.functional.power_to_db(paddle.to_tensor([1.0, 10.0, 1e-12]), top_db=None).numpy()
        array([  0.,  10., -100.], dtype=float32)
    """
    op = "power_to_db"
    check.tensor(op, spect, "spect")
    amin = float(check.number(op, amin, "amin"))
    ref_value = float(check.number(op, ref_value, "ref_value"))
    if amin <= 0:
        raise ValueError(f"[{op}] argument 'amin': expected a number > 0, but got {amin}")
    if ref_value <= 0:
        raise ValueError(f"[{op}] argument 'ref_value': expected a number > 0, but got {ref_value}")
    db = 10.0 * paddle.log10(paddle.clip(spect, min=amin)) - 10.0 * math.log10(max(ref_value, amin))
    if top_db is None:
        return db
    top_db = float(check.number(op, top_db, "top_db"))
    if top_db < 0:
        raise ValueError(f"[{op}] argument 'top_db': expected a number >= 0, but got {top_db}")
    return paddle.maximum(db, db.max() - top_db)
