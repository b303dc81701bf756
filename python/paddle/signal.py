"""Short-time Fourier transforms: stft and its inverse istft, with Paddle's
arguments and layouts ([..., freq, frames]).

Both are composed from existing ops, so both are differentiable: stft cuts
the (optionally padded) signal into frames with one index_select, windows
them and transforms the last axis with paddle.fft; istft inverts each frame,
windows it again and overlap-adds the frames with one index_add (which sums
the entries that land on the same sample), then divides by the overlap-added
squared window."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor

__all__ = ["stft", "istft"]

_REAL = ("float32", "float64")
_COMPLEX = ("complex64", "complex128")
_INTS = ("int8", "int16", "int32", "int64", "uint8")
_PAD_MODES = ("reflect", "constant")
# The smallest overlap-added squared window istft divides by (torch's bound).
_NOLA_TOLERANCE = 1e-11


def _signal(op, x, ranks, kind):
    """x checked: a tensor of one of `ranks` dims; integers become the default
    float dtype; kind 'complex' refuses real x."""
    check.tensor(op, x)
    if len(x.shape) not in ranks:
        raise ValueError(f"[{op}] argument 'x': expected a {' or '.join(f'{r}-D' for r in ranks)} tensor, but got "
                         f"a {len(x.shape)}-D tensor of shape {list(x.shape)}")
    name = x.dtype.name
    if kind == "complex" and name not in _COMPLEX:
        raise TypeError(f"[{op}] argument 'x': expected a complex tensor (an STFT), but got {x.dtype}")
    if name in _INTS:
        return x.astype(paddle.get_default_dtype())
    if name not in _REAL + _COMPLEX:
        raise TypeError(f"[{op}] argument 'x': expected a floating, complex or integer tensor, but got {x.dtype}")
    return x


def _lengths(op, n_fft, hop_length, win_length):
    """n_fft, hop_length (default n_fft // 4) and win_length (default n_fft) checked."""
    n_fft = check.integer(op, n_fft, "n_fft", min=1)
    hop_length = n_fft // 4 if hop_length is None else check.integer(op, hop_length, "hop_length")
    win_length = n_fft if win_length is None else check.integer(op, win_length, "win_length")
    if not 0 < win_length <= n_fft:
        raise ValueError(f"[{op}] argument 'win_length': expected an int in [1, n_fft = {n_fft}], but got "
                         f"{win_length}")
    if hop_length <= 0:
        raise ValueError(f"[{op}] argument 'hop_length': expected an int >= 1, but got {hop_length}"
                         + (f" (n_fft // 4 for n_fft = {n_fft})" if n_fft < 4 else ""))
    return n_fft, hop_length, win_length


def _padded_window(op, window, win_length, n_fft, dtype):
    """The window (ones by default) zero-padded on both sides to n_fft points,
    centred as in Paddle (the extra point of an odd gap goes to the right)."""
    if window is None:
        window = paddle.ones([win_length], dtype=dtype)
    else:
        check.tensor(op, window, "window")
        if list(window.shape) != [win_length]:
            raise ValueError(f"[{op}] argument 'window': expected a 1-D tensor of win_length = {win_length} points, "
                             f"but got shape {list(window.shape)}")
        if window.dtype.name not in _REAL + _COMPLEX:
            raise TypeError(f"[{op}] argument 'window': expected a floating or complex tensor, but got "
                            f"{window.dtype}")
    if win_length == n_fft:
        return window
    left = (n_fft - win_length) // 2
    return paddle.nn.functional.pad(window, [left, n_fft - win_length - left])


def _frame_index(n_frames, hop_length, n_fft):
    """The flat index of every sample of every frame: frame t holds samples
    t * hop_length + [0, n_fft), frames in order."""
    starts = paddle.arange(n_frames, dtype="int64").unsqueeze(1) * hop_length
    return (starts + paddle.arange(n_fft, dtype="int64").unsqueeze(0)).flatten()


def _frames(signals, n_frames, hop_length, n_fft):
    """[N, n_frames, n_fft]: frame t of each of the [N, T] signals is
    samples t * hop_length + [0, n_fft), a view of the signals' memory (the
    window's product makes the one copy)."""
    n, length = signals.shape
    return paddle.as_strided(signals, [n, n_frames, n_fft], [length, hop_length, 1])


def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="reflect", normalized=False,
         onesided=None, name=None) -> Tensor:
    """The short-time Fourier transform: the DFT of overlapping windowed frames of x.

    Frame t covers samples ``t * hop_length + [0, n_fft)`` of x (of x padded
    by ``n_fft // 2`` on both sides when ``center``) and its spectrum is
    ``X[f, t] = sum_n window[n] * x[t * hop_length + n] * exp(-2j * pi * f * n / n_fft)``.

    Args:
        x (Tensor): the signal, ``[T]`` or ``[N, T]``, real or complex
            (integers are converted to the default float dtype).
        n_fft (int): the frame length and DFT size, in ``[1, T]``.
        hop_length (int, optional): samples between frame starts, >= 1.
            Default ``n_fft // 4``.
        win_length (int, optional): the window's length, in ``[1, n_fft]``.
            Default ``n_fft``.
        window (Tensor, optional): a 1-D real or complex tensor of
            ``win_length`` points, zero-padded on both sides to ``n_fft``.
            Default: ones.
        center (bool, optional): pad x by ``n_fft // 2`` on both sides, so
            that frame t is centred on sample ``t * hop_length``. Default True.
        pad_mode (str, optional): the padding when ``center``: 'reflect' or
            'constant' (zeros). Default 'reflect'.
        normalized (bool, optional): scale the spectra by ``1 / sqrt(n_fft)``.
            Default False.
        onesided (bool, optional): keep only the ``n_fft // 2 + 1``
            non-negative frequencies. Default: True for a real x and window,
            False otherwise (True is refused then).
        name (str, optional): unused, for Paddle's signature.

    Returns:
        Tensor: complex, ``[..., n_fft // 2 + 1, n_frames]`` when onesided and
        ``[..., n_fft, n_frames]`` otherwise, with
        ``n_frames = 1 + (T' - n_fft) // hop_length`` for the padded length ``T'``.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
        >>> y = paddle.signal.stft(x, n_fft=4, hop_length=2, center=False)
        >>> y.shape
        paddle.Size([3, 2])
        >>> y.numpy()
        array([[10.+0.j, 18.+0.j],
               [-2.+2.j, -2.+2.j],
               [-2.+0.j, -2.+0.j]], dtype=complex64)
    """
    op = "stft"
    x = _signal(op, x, (1, 2), "any")
    n_fft, hop_length, win_length = _lengths(op, n_fft, hop_length, win_length)
    length = x.shape[-1]
    if n_fft > length:
        raise ValueError(f"[{op}] argument 'n_fft': expected an int in [1, {length}] (the signal's length), but got "
                         f"{n_fft}")
    check.choice(op, pad_mode, _PAD_MODES, "pad_mode")
    real_dtype = "float64" if x.dtype.name in ("float64", "complex128") else "float32"
    window = _padded_window(op, window, win_length, n_fft, real_dtype)
    if onesided is None:
        onesided = x.dtype.name in _REAL and window.dtype.name in _REAL
    if check.flag(op, onesided, "onesided") and (x.dtype.name in _COMPLEX or window.dtype.name in _COMPLEX):
        raise ValueError(f"[{op}] argument 'onesided': expected False for a complex input or window (its spectrum "
                         f"is not conjugate-symmetric), but got True")

    batched = x.unsqueeze(0) if len(x.shape) == 1 else x
    if check.flag(op, center, "center"):
        half = n_fft // 2
        batched = paddle.nn.functional.pad(batched, [0, 0, half, half], mode=pad_mode)
    n_frames = 1 + (batched.shape[-1] - n_fft) // hop_length
    frames = _frames(batched, n_frames, hop_length, n_fft) * window
    norm = "ortho" if check.flag(op, normalized, "normalized") else "backward"
    spectra = paddle.fft.rfft(frames, axis=-1, norm=norm) if onesided else paddle.fft.fft(frames, axis=-1, norm=norm)
    out = spectra.transpose([0, 2, 1])
    return out.squeeze(0) if len(x.shape) == 1 else out


def _overlap_add(frames, index, length):
    """[N, n_frames, n_fft] frames summed into [N, length] at their flat index."""
    flat = frames.reshape([frames.shape[0], -1])
    return paddle.index_add(paddle.zeros([frames.shape[0], length], dtype=flat.dtype), index, 1, flat)


def istft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False, onesided=True,
          length=None, return_complex=False, name=None) -> Tensor:
    """The inverse of stft: the least-squares signal of a (possibly modified) STFT.

    Each frame is inverse-transformed and multiplied by the window again; the
    frames are overlap-added and divided by the overlap-added squared window,
    which must not vanish on the kept samples (the NOLA condition).

    Args:
        x (Tensor): the complex STFT, ``[n_freq, n_frames]`` or
            ``[N, n_freq, n_frames]``, with ``n_freq = n_fft // 2 + 1`` when
            onesided and ``n_fft`` otherwise.
        n_fft (int): the DFT size the STFT was taken with.
        hop_length (int, optional): samples between frame starts, in
            ``[1, win_length]``. Default ``n_fft // 4``.
        win_length (int, optional): the window's length, in ``[1, n_fft]``.
            Default ``n_fft``.
        window (Tensor, optional): the stft's window, ``win_length`` points,
            zero-padded on both sides to ``n_fft``. Default: ones. A complex
            window needs ``return_complex``.
        center (bool, optional): whether the stft padded the signal by
            ``n_fft // 2`` on both sides (this many samples are cut off here).
            Default True.
        normalized (bool, optional): whether the stft scaled by
            ``1 / sqrt(n_fft)``. Default False.
        onesided (bool, optional): whether x holds only the non-negative
            frequencies of a real signal. Default True.
        length (int, optional): the output's length: the signal is cut, or
            padded with zeros, to it. Default: every sample the frames cover.
        return_complex (bool, optional): return a complex signal (needs
            ``onesided=False``); otherwise the spectra are taken as those of a
            real signal (the first ``n_fft // 2 + 1`` frequencies). Default False.
        name (str, optional): unused, for Paddle's signature.

    Returns:
        Tensor: ``[T]`` or ``[N, T]``, real unless ``return_complex``.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])
        >>> y = paddle.signal.stft(x, n_fft=4, hop_length=1)
        >>> paddle.signal.istft(y, n_fft=4, hop_length=1).numpy()
        array([1., 2., 3., 4., 5., 6., 7., 8.], dtype=float32)
    """
    op = "istft"
    x = _signal(op, x, (2, 3), "complex")
    n_fft, hop_length, win_length = _lengths(op, n_fft, hop_length, win_length)
    if hop_length > win_length:
        raise ValueError(f"[{op}] argument 'hop_length': expected an int in [1, win_length = {win_length}] (frames "
                         f"must overlap or touch), but got {hop_length}")
    onesided = check.flag(op, onesided, "onesided")
    return_complex = check.flag(op, return_complex, "return_complex")
    n_freq = n_fft // 2 + 1 if onesided else n_fft
    if x.shape[-2] != n_freq:
        raise ValueError(f"[{op}] argument 'x': expected {n_freq} frequencies (axis -2) for n_fft = {n_fft} and "
                         f"onesided = {onesided}, but got {x.shape[-2]}")
    if return_complex and onesided:
        raise ValueError(f"[{op}] argument 'onesided': expected False when return_complex is True (a one-sided "
                         f"spectrum is that of a real signal), but got True")
    real_dtype = "float64" if x.dtype.name == "complex128" else "float32"
    window = _padded_window(op, window, win_length, n_fft, real_dtype)
    if window.dtype.name in _COMPLEX and not return_complex:
        raise ValueError(f"[{op}] argument 'window': expected a real window when return_complex is False, but got "
                         f"{window.dtype}")
    if length is not None:
        length = check.integer(op, length, "length", min=0)

    batched = x.unsqueeze(0) if len(x.shape) == 2 else x
    spectra = batched.transpose([0, 2, 1])
    norm = "ortho" if check.flag(op, normalized, "normalized") else "backward"
    if return_complex:
        frames = paddle.fft.ifft(spectra, n=n_fft, axis=-1, norm=norm)
    else:
        frames = paddle.fft.irfft(spectra[..., : n_fft // 2 + 1], n=n_fft, axis=-1, norm=norm)
    n_frames = frames.shape[1]
    covered = n_fft + hop_length * (n_frames - 1)
    index = _frame_index(n_frames, hop_length, n_fft)
    signal = _overlap_add(frames * window, index, covered)
    envelope = _overlap_add((window * window).expand([1, n_frames, n_fft]), index, covered)[0]

    start = n_fft // 2 if check.flag(op, center, "center") else 0
    stop = covered - start if length is None else start + length
    kept = min(stop, covered)
    envelope = envelope[start:kept]
    if kept > start and float(envelope.abs().min()) < _NOLA_TOLERANCE:
        raise ValueError(f"[{op}] the overlap-added squared window is below {_NOLA_TOLERANCE} at some output samples, "
                         f"so they cannot be recovered (the NOLA condition fails): use a window without zeros at "
                         f"the ends, a smaller hop_length or center=True")
    signal = signal[:, start:kept] / envelope
    if stop > kept:  # a requested length beyond the frames: zeros, as torch does
        signal = paddle.nn.functional.pad(signal, [0, 0, 0, stop - kept])
    return signal.squeeze(0) if len(x.shape) == 2 else signal
