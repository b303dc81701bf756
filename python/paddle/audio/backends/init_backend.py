"""The audio backend paddle.audio.load, save and info use, and its choice.

Only the backend of Python's `wave` module exists here ("wave_backend", 16-bit
PCM WAV); Paddle's optional "soundfile" backend needs the paddleaudio package
and is not provided."""

from __future__ import annotations

from paddle._C import Tensor
from paddle.audio.backends import wave_backend
from paddle.audio.backends.backend import AudioInfo

__all__ = ["get_current_backend", "list_available_backends", "set_backend", "load", "save", "info"]

_BACKENDS = {"wave_backend": wave_backend}
_current = "wave_backend"


def list_available_backends() -> list[str]:
    """The names of the audio backends set_backend accepts.

    Examples:
        >>> import paddle
        >>> paddle.audio.backends.list_available_backends()
        ['wave_backend']
    """
    return list(_BACKENDS)


def get_current_backend() -> str:
    """The name of the backend paddle.audio.load, save and info use.

    Examples:
        >>> import paddle
        >>> paddle.audio.backends.get_current_backend()
        'wave_backend'
    """
    return _current


def set_backend(backend_name: str) -> None:
    """Makes paddle.audio.load, save and info use the named backend.

    Args:
        backend_name (str): one of list_available_backends().

    Raises:
        NotImplementedError: for any other name (as Paddle does).
    """
    global _current
    if backend_name not in _BACKENDS:
        raise NotImplementedError(f"[set_backend] argument 'backend_name': expected one of "
                                  f"{list_available_backends()}, but got {backend_name!r}")
    _current = backend_name


def load(filepath, frame_offset=0, num_frames=-1, normalize=True, channels_first=True) -> tuple[Tensor, int]:
    """Samples of an audio file and its sample rate, by the current backend.

    Args:
        filepath (str | os.PathLike | BinaryIO): the file (16-bit PCM WAV for
            the wave backend).
        frame_offset (int, optional): the first frame read. Default 0.
        num_frames (int, optional): the most frames read; -1 reads to the
            end. Default -1.
        normalize (bool, optional): True gives float32 samples in [-1, 1);
            False the int16 samples as stored. Default True.
        channels_first (bool, optional): ``[channels, frames]`` if True,
            ``[frames, channels]`` otherwise. Default True.

    Returns:
        tuple[Tensor, int]: the samples and the sample rate.

    Examples:
        >>> import os, tempfile
        >>> import paddle
        >>> path = os.path.join(tempfile.mkdtemp(), "tone.wav")
        >>> paddle.audio.save(path, paddle.to_tensor([[0.0, 0.5, -0.5, 0.25]]), 8000)
        >>> waveform, sample_rate = paddle.audio.load(path)
        >>> waveform.numpy(), sample_rate
        (array([[ 0.  ,  0.5 , -0.5 ,  0.25]], dtype=float32), 8000)
    """
    return _BACKENDS[_current].load(filepath, frame_offset, num_frames, normalize, channels_first)


def save(filepath, src, sample_rate, channels_first=True, encoding=None, bits_per_sample=16) -> None:
    """Writes a waveform to an audio file by the current backend.

    Args:
        filepath (str | os.PathLike | BinaryIO): the file.
        src (Tensor): 2-D samples, floats in [-1, 1) or int16.
        sample_rate (int): samples per second.
        channels_first (bool, optional): src is ``[channels, frames]`` if
            True, ``[frames, channels]`` otherwise. Default True.
        encoding (str, optional): None or 'PCM_S' for the wave backend.
        bits_per_sample (int, optional): None or 16 for the wave backend.
            Default 16.
    """
    _BACKENDS[_current].save(filepath, src, sample_rate, channels_first, encoding, bits_per_sample)


def info(filepath) -> AudioInfo:
    """The format of an audio file, by the current backend.

    Args:
        filepath (str | os.PathLike | BinaryIO): the file.

    Returns:
        AudioInfo: sample_rate, num_samples, num_channels, bits_per_sample
        and encoding.

    Examples:
        >>> import os, tempfile
        >>> import paddle
        >>> path = os.path.join(tempfile.mkdtemp(), "stereo.wav")
        >>> paddle.audio.save(path, paddle.zeros([2, 100]), 16000)
        >>> info = paddle.audio.info(path)
        >>> info.sample_rate, info.num_samples, info.num_channels, info.bits_per_sample, info.encoding
        (16000, 100, 2, 16, 'PCM_S')
    """
    return _BACKENDS[_current].info(filepath)
