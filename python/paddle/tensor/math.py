"""Math functions whose Python signature differs from a single op."""

from __future__ import annotations

from paddle._C import Tensor, _C_ops


def pow(x, y, name=None) -> Tensor:  # noqa: A001  (Paddle's public name)
    """x raised to the power y, elementwise; y is a number or a Tensor.

    Examples:
        >>> import paddle
        >>> paddle.pow(paddle.to_tensor([1.0, 2.0, 3.0]), 2).numpy().tolist()
        [1.0, 4.0, 9.0]
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"[pow] argument 'x': expected Tensor, but got {type(x).__name__}")
    if isinstance(y, Tensor):
        return _C_ops.elementwise_pow(x, y)
    return x ** y
