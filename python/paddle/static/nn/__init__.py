"""paddle.static.nn: layers (fc, conv2d, batch_norm, embedding) and control flow (pd_op.if, pd_op.while) in programs."""

from paddle.static.nn.common import batch_norm, conv2d, embedding, fc
from paddle.static.nn.control_flow import case, cond, switch_case, while_loop

__all__ = ["batch_norm", "case", "cond", "conv2d", "embedding", "fc", "switch_case", "while_loop"]
