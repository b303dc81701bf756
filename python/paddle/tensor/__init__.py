"""Tensor creation, math wrappers and the Python-side Tensor methods."""

from paddle.tensor import methods as _methods  # noqa: F401  (installs methods)
from paddle.tensor.search import top_p_sampling  # noqa: E402,F401  (paddle.tensor.top_p_sampling, as in Paddle)
from paddle.tensor.creation import create_tensor  # noqa: E402,F401  (paddle.tensor.create_tensor, as in Paddle)
