"""What paddle.audio.info reports about an audio file."""

from __future__ import annotations


class AudioInfo:
    """The format of an audio file, as paddle.audio.info returns it.

    Args:
        sample_rate (int): samples per second of each channel.
        num_samples (int): samples per channel (the number of frames).
        num_channels (int): the number of channels.
        bits_per_sample (int): the bits of one sample.
        encoding (str): the sample encoding: 'PCM_S' (signed integers) or
            'PCM_U' (unsigned, WAV's 8-bit samples).
    """

    def __init__(self, sample_rate: int, num_samples: int, num_channels: int, bits_per_sample: int,
                 encoding: str) -> None:
        self.sample_rate = sample_rate
        self.num_samples = num_samples
        self.num_channels = num_channels
        self.bits_per_sample = bits_per_sample
        self.encoding = encoding

    def __repr__(self) -> str:
        return (f"AudioInfo(sample_rate={self.sample_rate}, num_samples={self.num_samples}, "
                f"num_channels={self.num_channels}, bits_per_sample={self.bits_per_sample}, "
                f"encoding={self.encoding!r})")
