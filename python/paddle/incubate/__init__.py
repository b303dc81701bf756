"""paddle.incubate: APIs Paddle marks as incubating."""

from paddle.incubate import autograd  # noqa: F401
