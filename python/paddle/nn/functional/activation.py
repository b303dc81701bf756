"""Activations composed in Python (the others are ops of the YAML)."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases
from paddle.tensor.op_options import log_softmax, silu, softmax  # noqa: F401  (generated ops with options)


@aliases(x="input", axis="dim")
def glu(x, axis=-1, name=None) -> Tensor:
    """a * sigmoid(b) for the halves a, b of x along axis."""
    check.axis("glu", axis, len(check.tensor("glu", x).shape))
    a, b = paddle.chunk(x, 2, axis)
    return a * paddle.nn.functional.sigmoid(b)


def prelu(x, weight, data_format="NCHW", name=None) -> Tensor:
    """x where x > 0, weight * x elsewhere; weight has 1 or C (channel) elements."""
    check.tensor("prelu", x)
    check.tensor("prelu", weight, "weight")
    check.choice("prelu", data_format, ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"), "data_format")
    if weight.size != 1:
        c_axis = 1 if data_format[1] == "C" else -1
        if len(x.shape) < 2 or weight.size != x.shape[c_axis]:
            raise ValueError(f"[prelu] weight must have 1 element or one per channel of x {list(x.shape)} "
                             f"({data_format}), but got shape {list(weight.shape)}")
    return _C_ops.prelu(x, weight, data_format, "all" if weight.size == 1 else "channel")


def thresholded_relu(x, threshold=1.0, value=0.0, name=None) -> Tensor:
    """x where x > threshold, `value` elsewhere.

    Examples:
        >>> import paddle
        >>> paddle.nn.functional.thresholded_relu(paddle.to_tensor([2.0, 0.0, 1.0])).tolist()
        [2.0, 0.0, 0.0]
    """
    check.tensor("thresholded_relu", x)
    threshold = check.number("thresholded_relu", threshold, "threshold")
    value = check.number("thresholded_relu", value, "value")
    return paddle.where(x > threshold, x, paddle.full_like(x, value))

