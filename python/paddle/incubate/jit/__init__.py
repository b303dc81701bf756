"""paddle.incubate.jit: inference, which runs a function or layer through
paddle.inference."""

from paddle.incubate.jit.inference_decorator import inference, is_inference_mode

__all__ = ["inference"]
