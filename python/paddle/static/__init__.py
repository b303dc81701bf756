"""paddle.static: only InputSpec for now (used by paddle.Model and paddle.summary); there is no static
graph mode."""

from paddle.static.input import InputSpec

__all__ = ["InputSpec"]
