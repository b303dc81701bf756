"""paddle.static.nn: control flow in programs (pd_op.if, pd_op.while)."""

from paddle.static.nn.control_flow import cond, while_loop

__all__ = ["cond", "while_loop"]
