"""paddle.nn: layers arrive with the training issue; functional ops are here now."""

from paddle.nn import functional  # noqa: F401
