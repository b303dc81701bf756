"""Audio: feature layers (paddle.audio.features), their building blocks
(paddle.audio.functional), and reading and writing 16-bit PCM WAV files
(load, save, info, by the backend paddle.audio.backends selects).

Paddle's datasets (paddle.audio.datasets: TESS, ESC50) download their data
from the network and are not provided."""

from paddle.audio import backends, features, functional
from paddle.audio.backends.init_backend import info, load, save

__all__ = ["functional", "features", "backends", "load", "info", "save"]
