"""Audio building blocks: windows, the mel scale, filter banks, the DCT
matrix of MFCCs and decibels."""

from paddle.audio.functional.functional import (
    compute_fbank_matrix,
    create_dct,
    fft_frequencies,
    hz_to_mel,
    mel_frequencies,
    mel_to_hz,
    power_to_db,
)
from paddle.audio.functional.window import get_window

__all__ = ["compute_fbank_matrix", "create_dct", "fft_frequencies", "get_window", "hz_to_mel", "mel_frequencies",
           "mel_to_hz", "power_to_db"]
