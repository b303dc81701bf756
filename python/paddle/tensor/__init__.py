"""Tensor creation, math wrappers and the Python-side Tensor methods."""

from paddle.tensor import methods as _methods  # noqa: F401  (installs methods)
