"""paddle.static.nn: layers (fc) and control flow (pd_op.if, pd_op.while) in programs."""

from paddle.static.nn.common import conv2d, embedding, fc
from paddle.static.nn.control_flow import case, cond, switch_case, while_loop

__all__ = ["case", "cond", "conv2d", "embedding", "fc", "switch_case", "while_loop"]
