"""Audio file backends: which one paddle.audio.load, save and info use."""

from paddle.audio.backends.init_backend import get_current_backend, list_available_backends, set_backend

__all__ = ["get_current_backend", "list_available_backends", "set_backend"]
