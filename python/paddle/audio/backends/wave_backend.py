"""The audio backend of Python's standard `wave` module: WAV files of
16-bit PCM samples (info reads the header of any PCM WAV).

In memory a float waveform holds samples in [-1, 1): a 16-bit sample s is
s / 32768. Saving scales by 32768, rounds to the nearest integer and clips to
[-32768, 32767], so 1.0 is stored as 32767 rather than wrapping around."""

from __future__ import annotations

import os
import wave

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.audio.backends.backend import AudioInfo

__all__ = ["info", "load", "save"]

_FULL_SCALE = 32768
_BYTES_PER_SAMPLE = 2


def _opened(op: str, filepath, mode: str) -> wave.Wave_read | wave.Wave_write:
    """The wave reader or writer of a path (str or os.PathLike) or a binary file object."""
    target = os.fspath(filepath) if isinstance(filepath, (str, os.PathLike)) else filepath
    try:
        return wave.open(target, mode)
    except (wave.Error, EOFError) as error:  # EOFError: shorter than a RIFF header
        raise ValueError(f"[{op}] {filepath}: not a PCM WAV file the wave backend can read ({error})") from error


def info(filepath) -> AudioInfo:
    """The format of a PCM WAV file: sample rate, frames, channels, bits per sample and encoding.

    Args:
        filepath (str | os.PathLike | BinaryIO): the file.

    Returns:
        AudioInfo: with sample_rate, num_samples, num_channels,
        bits_per_sample and encoding ('PCM_S', or 'PCM_U' for 8 bits).
    """
    with _opened("info", filepath, "rb") as reader:
        bits = 8 * reader.getsampwidth()
        return AudioInfo(reader.getframerate(), reader.getnframes(), reader.getnchannels(), bits,
                         "PCM_U" if bits == 8 else "PCM_S")


def load(filepath, frame_offset=0, num_frames=-1, normalize=True, channels_first=True) -> tuple[Tensor, int]:
    """Samples of a 16-bit PCM WAV file and its sample rate.

    Args:
        filepath (str | os.PathLike | BinaryIO): the file.
        frame_offset (int, optional): the first frame read. Default 0.
        num_frames (int, optional): the most frames read; -1 reads to the
            end. Default -1.
        normalize (bool, optional): True gives float32 samples in [-1, 1)
            (sample / 32768); False the int16 samples as stored. Default True.
        channels_first (bool, optional): ``[channels, frames]`` if True,
            ``[frames, channels]`` otherwise. Default True.

    Returns:
        tuple[Tensor, int]: the samples and the sample rate.
    """
    op = "load"
    frame_offset = check.integer(op, frame_offset, "frame_offset", min=0)
    num_frames = check.integer(op, num_frames, "num_frames", min=-1)
    with _opened(op, filepath, "rb") as reader:
        width = reader.getsampwidth()
        if width != _BYTES_PER_SAMPLE:
            raise ValueError(f"[{op}] {filepath}: expected 16-bit PCM samples (the wave backend reads no others), but "
                             f"got {8 * width}-bit ones")
        channels, total, sample_rate = reader.getnchannels(), reader.getnframes(), reader.getframerate()
        start = min(frame_offset, total)
        reader.setpos(start)
        raw = reader.readframes(total - start if num_frames == -1 else num_frames)
    samples = np.frombuffer(raw, dtype="<i2").reshape([-1, channels])
    if check.flag(op, normalize, "normalize"):
        samples = samples.astype("float32") / _FULL_SCALE
    else:
        samples = samples.astype("int16")  # native byte order
    if check.flag(op, channels_first, "channels_first"):
        samples = samples.T
    return paddle.to_tensor(np.ascontiguousarray(samples)), sample_rate


def _int16_samples(op: str, src: Tensor) -> np.ndarray:
    """int16 samples of a float waveform in [-1, 1) or of int16 ones."""
    name = src.dtype.name
    if name == "int16":
        return src.numpy()
    if name not in ("float16", "bfloat16", "float32", "float64"):
        raise TypeError(f"[{op}] argument 'src': expected a floating tensor (samples in [-1, 1)) or an int16 one, "
                        f"but got {src.dtype}")
    values = (src if name in ("float32", "float64") else src.astype("float32")).numpy()  # NumPy has no bfloat16
    scaled = np.rint(values.astype("float64") * _FULL_SCALE)
    return np.clip(scaled, -_FULL_SCALE, _FULL_SCALE - 1).astype("int16")


def save(filepath, src, sample_rate, channels_first=True, encoding=None, bits_per_sample=16) -> None:
    """Writes a waveform to a 16-bit PCM WAV file.

    Args:
        filepath (str | os.PathLike | BinaryIO): the file.
        src (Tensor): 2-D samples: floats in [-1, 1) (scaled by 32768,
            rounded and clipped) or int16 ones.
        sample_rate (int): samples per second, >= 1.
        channels_first (bool, optional): src is ``[channels, frames]`` if
            True, ``[frames, channels]`` otherwise. Default True.
        encoding (str, optional): None or 'PCM_S' (the only encoding the
            wave backend writes).
        bits_per_sample (int, optional): None or 16 (the only width written).
            Default 16.
    """
    op = "save"
    check.tensor(op, src, "src")
    if len(src.shape) != 2:
        raise ValueError(f"[{op}] argument 'src': expected a 2-D tensor ([channels, frames] or [frames, channels]), "
                         f"but got shape {list(src.shape)}")
    sample_rate = check.integer(op, sample_rate, "sample_rate", min=1)
    if encoding not in (None, "PCM_S"):
        raise ValueError(f"[{op}] argument 'encoding': expected None or 'PCM_S' (the wave backend writes 16-bit "
                         f"PCM), but got {encoding!r}")
    if bits_per_sample not in (None, 16):
        raise ValueError(f"[{op}] argument 'bits_per_sample': expected 16 (the wave backend writes 16-bit PCM), "
                         f"but got {bits_per_sample!r}")
    samples = _int16_samples(op, src)
    if check.flag(op, channels_first, "channels_first"):
        samples = samples.T
    with _opened(op, filepath, "wb") as writer:
        writer.setnchannels(samples.shape[1])
        writer.setsampwidth(_BYTES_PER_SAMPLE)
        writer.setframerate(sample_rate)
        writer.writeframes(np.ascontiguousarray(samples, dtype="<i2").tobytes())
