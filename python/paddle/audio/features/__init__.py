"""Audio feature layers: Spectrogram, MelSpectrogram, LogMelSpectrogram and MFCC."""

from paddle.audio.features.layers import MFCC, LogMelSpectrogram, MelSpectrogram, Spectrogram

__all__ = ["Spectrogram", "MelSpectrogram", "LogMelSpectrogram", "MFCC"]
