"""The Orthogonal initializer."""

from __future__ import annotations

import math

from paddle import _checks as check
from paddle.nn.initializer.basic import _normal
from paddle.nn.initializer.initializer import Initializer


class Orthogonal(Initializer):
    """A (semi-)orthogonal matrix times `gain`, viewing the weight as [shape[0], prod(shape[1:])]:
    its rows are orthonormal when there are no more rows than columns, its columns otherwise.

    The matrix is Q of the QR decomposition of a standard normal matrix, with
    Q's columns multiplied by the signs of R's diagonal so that it is uniform
    over the orthogonal matrices.

    Args:
        gain (float, optional): the scale. Default 1.0.
        name (str, optional): unused, as in Paddle.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(4, 4, weight_attr=paddle.nn.initializer.Orthogonal())
        >>> w = fc.weight
        >>> bool(paddle.allclose(w @ w.t(), paddle.eye(4), atol=1e-5))
        True
    """

    def __init__(self, gain=1.0, name=None):
        self.gain = check.number("Orthogonal", gain, "gain")

    def _generate(self, shape, dtype):
        if len(shape) < 2:
            raise ValueError(f"[Orthogonal] expected a parameter with 2 or more dims, but got shape {list(shape)}")
        rows, cols = shape[0], math.prod(shape[1:])
        work = "float64" if getattr(dtype, "name", dtype) == "float64" else "float32"
        flat = _normal([max(rows, cols), min(rows, cols)], work, 0.0, 1.0)
        from paddle.linalg import qr

        q, r = qr(flat)
        q = q * r.diagonal().sign()
        if rows < cols:
            q = q.t()
        return (q * self.gain).reshape(list(shape)).astype(dtype)
