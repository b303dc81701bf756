"""Activations composed in Python (the others are ops of the YAML)."""

from __future__ import annotations

import paddle
from paddle._C import Tensor


def glu(x, axis=-1, name=None) -> Tensor:
    """a * sigmoid(b) for the halves a, b of x along axis."""
    a, b = paddle.chunk(x, 2, axis)
    return a * paddle.nn.functional.sigmoid(b)


def prelu(x, weight, data_format="NCHW", name=None) -> Tensor:
    """x where x > 0, weight * x elsewhere; weight has 1 or C (channel) elements."""
    if weight.size not in (1, x.shape[1 if data_format[1] == "C" else -1]):
        raise ValueError(f"[prelu] weight must have 1 or C elements, but got shape {weight.shape}")
    if weight.size > 1:
        view = [1] * len(x.shape)
        view[1 if data_format[1] == "C" else -1] = weight.size
        weight = weight.reshape(view)
    return paddle.where(x > 0, x, x * weight)
