"""fleet.utils: recompute."""

from paddle.distributed.fleet.recompute import recompute  # noqa: F401

__all__ = ["recompute"]
