"""LocalResponseNorm and SpectralNorm (the layer that normalizes a weight it is given)."""

from __future__ import annotations

import math

import paddle
from paddle import _checks as check
from paddle.nn import functional as F
from paddle.nn.initializer import Normal
from paddle.nn.layer.layers import Layer


class LocalResponseNorm(Layer):
    """Normalization across neighbouring channels (``paddle.nn.functional.local_response_norm``).

    Args:
        size (int): the number of channels summed.
        alpha, beta, k (float, optional): Defaults 1e-4, 0.75, 1.0.
        data_format (str, optional): where the channels are. Default 'NCHW'.

    Examples:
        >>> import paddle
        >>> lrn = paddle.nn.LocalResponseNorm(size=5)
        >>> lrn(paddle.ones([2, 6, 3, 3])).shape
        paddle.Size([2, 6, 3, 3])
        >>> lrn
        LocalResponseNorm(size=5, alpha=0.0001, beta=0.75, k=1.0)
    """

    def __init__(self, size, alpha=0.0001, beta=0.75, k=1.0, data_format="NCHW", name=None):
        super().__init__()
        op = "LocalResponseNorm"
        self.size = check.integer(op, size, "size", min=1)
        self.alpha = check.number(op, alpha, "alpha")
        self.beta = check.number(op, beta, "beta")
        self.k = check.number(op, k, "k")
        self.data_format = check.choice(op, data_format, ("NCL", "NLC", "NCHW", "NHWC", "NCDHW", "NDHWC"),
                                        "data_format")
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k, self.data_format)

    def extra_repr(self) -> str:
        s = f"size={self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"
        if self.data_format != "NCHW":
            s += f", data_format={self.data_format}"
        return s + (f", name={self.name}" if self.name else "")


class SpectralNorm(Layer):
    """Divides a weight of shape `weight_shape` by its largest singular value, estimated by
    `power_iters` steps of power iteration from the vectors ``weight_u`` [weight_shape[dim]]
    and ``weight_v`` [product of the other dims] (N(0, 1) parameters that are not trained
    and not updated): with W the weight as a matrix whose rows run along `dim`,
    v = W^T u / |W^T u|, u = W v / |W v| (each norm + eps), sigma = u^T W v.

    Call as ``layer(weight)``; the gradient is the exact derivative of weight / sigma,
    power iterations included.

    Args:
        weight_shape (list[int]): the shape of the weights it normalizes.
        dim (int, optional): the dim that indexes the matrix's rows. Default 0.
        power_iters (int, optional): power-iteration steps per call. Default 1.
        eps (float, optional): added to the norms. Default 1e-12.
        dtype (str, optional): the dtype of weight_u and weight_v. Default 'float32'.

    Examples:
        >>> import paddle
        >>> sn = paddle.nn.SpectralNorm([2, 3], power_iters=20)
        >>> w = paddle.to_tensor([[3.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
        >>> [round(v, 4) for v in sn(w).flatten().tolist()]
        [1.0, 0.0, 0.0, 0.0, 0.3333, 0.0]
    """

    def __init__(self, weight_shape, dim=0, power_iters=1, eps=1e-12, dtype="float32"):
        super().__init__(dtype=dtype)
        op = "SpectralNorm"
        self._weight_shape = check.int_list(op, weight_shape, "weight_shape")
        if not self._weight_shape or min(self._weight_shape) < 1:
            raise ValueError(f"[{op}] argument 'weight_shape': expected positive sizes, but got {weight_shape}")
        self._dim = check.axis(op, dim, len(self._weight_shape), "dim")
        self._power_iters = check.integer(op, power_iters, "power_iters", min=0)
        self._eps = check.number(op, eps, "eps")
        if self._eps < 0:
            raise ValueError(f"[{op}] argument 'eps': expected a number >= 0, but got {eps}")
        rows = self._weight_shape[self._dim]
        cols = math.prod(self._weight_shape) // rows
        self.weight_u = self._vector([rows])
        self.weight_v = self._vector([cols])

    def _vector(self, shape):
        vector = self.create_parameter(shape, default_initializer=Normal(0.0, 1.0))
        vector.stop_gradient = True
        vector.trainable = False
        return vector

    def forward(self, x):
        op = "SpectralNorm"
        check.tensor(op, x)
        if list(x.shape) != self._weight_shape:
            raise ValueError(f"[{op}] argument 'x': expected the shape {self._weight_shape} (weight_shape), but got "
                             f"{list(x.shape)}")
        matrix = paddle.moveaxis(x, self._dim, 0).reshape([self._weight_shape[self._dim], -1])
        u = self.weight_u.astype(x.dtype)
        v = self.weight_v.astype(x.dtype)
        for _ in range(self._power_iters):
            v = paddle.matmul(u, matrix)
            v = v / (paddle.linalg.norm(v) + self._eps)
            u = paddle.matmul(matrix, v)
            u = u / (paddle.linalg.norm(u) + self._eps)
        sigma = paddle.sum(u * paddle.matmul(matrix, v))
        return x / sigma
