"""paddle.static.nn: layers (fc) and control flow (pd_op.if, pd_op.while) in programs."""

from paddle.static.nn.common import fc
from paddle.static.nn.control_flow import cond, while_loop

__all__ = ["cond", "fc", "while_loop"]
