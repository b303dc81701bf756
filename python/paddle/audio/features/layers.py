"""Audio feature extractors as layers, each built on the one before:
Spectrogram (|STFT| ** power), MelSpectrogram (a mel filter bank applied to
it), LogMelSpectrogram (in decibels) and MFCC (a DCT of the log-mel bands).

The window, filter bank and DCT matrix are buffers (in the state dict, under
Paddle's names, so Paddle's checkpoints load). Every layer takes ``[T]`` or
``[N, T]`` waveforms and is differentiable with respect to them."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.audio.functional import compute_fbank_matrix, create_dct, get_window, power_to_db
from paddle.nn import Layer

__all__ = ["Spectrogram", "MelSpectrogram", "LogMelSpectrogram", "MFCC"]


class Spectrogram(Layer):
    """The magnitude spectrogram ``|stft(x)| ** power`` of waveforms.

    Args:
        n_fft (int, optional): the DFT size. Default 512.
        hop_length (int, optional): samples between frames. Default 512
            (None: n_fft // 4).
        win_length (int, optional): the window's length, at most n_fft.
            Default n_fft.
        window (str | tuple, optional): the window, by get_window's names
            (periodic). Default 'hann'.
        power (float, optional): the exponent of the magnitudes, > 0
            (2 gives powers). Default 1.
        center (bool, optional): pad the waveform by n_fft // 2 on both
            sides, centring frame t on sample t * hop_length. Default True.
        pad_mode (str, optional): that padding, 'reflect' or 'constant'.
            Default 'reflect'.
        dtype (str, optional): the window's dtype. Default 'float32'.

    Shape:
        ``[N, T]`` (or ``[T]``) to ``[N, n_fft // 2 + 1, n_frames]`` (or
        ``[n_fft // 2 + 1, n_frames]``).

    Examples:
        >>> import paddle
        >>> from paddle.audio.features import Spectrogram
        >>> spectrogram = Spectrogram(n_fft=8, hop_length=4, window="hann", power=2.0)
        >>> spectrogram(paddle.zeros([2, 32])).shape
        paddle.Size([2, 5, 9])
    """

    def __init__(self, n_fft=512, hop_length=512, win_length=None, window="hann", power=1.0, center=True,
                 pad_mode="reflect", dtype="float32") -> None:
        super().__init__()
        power = float(check.number("Spectrogram", power, "power"))
        if power <= 0:
            raise ValueError(f"[Spectrogram] argument 'power': expected a number > 0, but got {power}")
        self.n_fft = n_fft
        self.win_length = n_fft if win_length is None else win_length
        self.hop_length = n_fft // 4 if hop_length is None else hop_length
        self.power = power
        self.center = center
        self.pad_mode = pad_mode
        self.register_buffer("fft_window", get_window(window, self.win_length, fftbins=True, dtype=dtype))

    def forward(self, x) -> Tensor:
        spectrum = paddle.signal.stft(x, self.n_fft, self.hop_length, self.win_length, self.fft_window, self.center,
                                      self.pad_mode)
        if self.power == 2.0:  # re^2 + im^2 has a gradient where the magnitude is 0; |z| ** 2 does not
            return paddle.real(spectrum) ** 2 + paddle.imag(spectrum) ** 2
        return paddle.abs(spectrum) ** self.power


class MelSpectrogram(Layer):
    """The mel spectrogram: a Spectrogram's bins summed by a mel filter bank.

    Args:
        sr (int, optional): the sample rate in Hz. Default 22050.
        n_fft (int, optional): the DFT size. Default 2048.
        hop_length (int, optional): samples between frames. Default 512
            (None: n_fft // 4).
        win_length (int, optional): the window's length. Default n_fft.
        window (str | tuple, optional): the window's name. Default 'hann'.
        power (float, optional): the exponent of the magnitudes. Default 2.
        center (bool, optional): centre the frames. Default True.
        pad_mode (str, optional): 'reflect' or 'constant'. Default 'reflect'.
        n_mels (int, optional): the number of mel bands. Default 64.
        f_min (float, optional): the lowest band edge, Hz. Default 50.
        f_max (float, optional): the highest band edge, Hz. Default sr / 2.
        htk (bool, optional): use HTK's mel formula. Default False.
        norm (str | float, optional): the filter bank's normalization, as
            in compute_fbank_matrix. Default 'slaney'.
        dtype (str, optional): the window's and filter bank's dtype.
            Default 'float32'.

    Shape:
        ``[N, T]`` (or ``[T]``) to ``[N, n_mels, n_frames]`` (or
        ``[n_mels, n_frames]``).
    """

    def __init__(self, sr=22050, n_fft=2048, hop_length=512, win_length=None, window="hann", power=2.0, center=True,
                 pad_mode="reflect", n_mels=64, f_min=50.0, f_max=None, htk=False, norm="slaney",
                 dtype="float32") -> None:
        super().__init__()
        self._spectrogram = Spectrogram(n_fft, hop_length, win_length, window, power, center, pad_mode, dtype)
        self.n_mels = n_mels
        self.register_buffer("fbank_matrix", compute_fbank_matrix(sr, n_fft, n_mels, f_min, f_max, htk, norm, dtype))

    def forward(self, x) -> Tensor:
        return paddle.matmul(self.fbank_matrix, self._spectrogram(x))


class LogMelSpectrogram(Layer):
    """The log-mel spectrogram: a MelSpectrogram in decibels (power_to_db).

    Args:
        sr, n_fft, hop_length, win_length, window, power, center, pad_mode,
        n_mels, f_min, f_max, htk, norm: as in MelSpectrogram, except
            that n_fft defaults to 512 and hop_length to None
            (n_fft // 4).
        ref_value (float, optional): the power at 0 dB. Default 1.
        amin (float, optional): the smallest power taken. Default 1e-10.
        top_db (float, optional): when given, the floor below the maximum
            of the whole batch, in dB. Default None.
        dtype (str, optional): the window's and filter bank's dtype.
            Default 'float32'.

    Shape:
        ``[N, T]`` (or ``[T]``) to ``[N, n_mels, n_frames]``.
    """

    def __init__(self, sr=22050, n_fft=512, hop_length=None, win_length=None, window="hann", power=2.0, center=True,
                 pad_mode="reflect", n_mels=64, f_min=50.0, f_max=None, htk=False, norm="slaney", ref_value=1.0,
                 amin=1e-10, top_db=None, dtype="float32") -> None:
        super().__init__()
        self._melspectrogram = MelSpectrogram(sr, n_fft, hop_length, win_length, window, power, center, pad_mode,
                                              n_mels, f_min, f_max, htk, norm, dtype)
        self.ref_value = ref_value
        self.amin = amin
        self.top_db = top_db

    def forward(self, x) -> Tensor:
        return power_to_db(self._melspectrogram(x), self.ref_value, self.amin, self.top_db)


class MFCC(Layer):
    """Mel-frequency cepstral coefficients: the orthonormal DCT-II of each
    frame's log-mel energies, the first n_mfcc coefficients.

    Args:
        sr (int, optional): the sample rate in Hz. Default 22050.
        n_mfcc (int, optional): the number of coefficients, at most n_mels.
            Default 40.
        n_fft, hop_length, win_length, window, power, center, pad_mode,
        n_mels, f_min, f_max, htk, norm, ref_value, amin, top_db, dtype: as
            in LogMelSpectrogram.

    Shape:
        ``[N, T]`` (or ``[T]``) to ``[N, n_mfcc, n_frames]``.

    Examples:
        >>> import paddle
        >>> from paddle.audio.features import MFCC
        >>> mfcc = MFCC(sr=16000, n_mfcc=13, n_fft=256, n_mels=32)
        >>> mfcc(paddle.zeros([1, 1600])).shape
        paddle.Size([1, 13, 26])
    """

    def __init__(self, sr=22050, n_mfcc=40, n_fft=512, hop_length=None, win_length=None, window="hann", power=2.0,
                 center=True, pad_mode="reflect", n_mels=64, f_min=50.0, f_max=None, htk=False, norm="slaney",
                 ref_value=1.0, amin=1e-10, top_db=None, dtype="float32") -> None:
        super().__init__()
        n_mfcc = check.integer("MFCC", n_mfcc, "n_mfcc", min=1)
        if n_mfcc > n_mels:
            raise ValueError(f"[MFCC] argument 'n_mfcc': expected at most n_mels = {n_mels} coefficients, but got "
                             f"{n_mfcc}")
        self._log_melspectrogram = LogMelSpectrogram(sr, n_fft, hop_length, win_length, window, power, center,
                                                     pad_mode, n_mels, f_min, f_max, htk, norm, ref_value, amin,
                                                     top_db, dtype)
        self.register_buffer("dct_matrix", create_dct(n_mfcc, n_mels, norm="ortho", dtype=dtype))

    def forward(self, x) -> Tensor:
        return paddle.matmul(self.dct_matrix, self._log_melspectrogram(x), transpose_x=True)
