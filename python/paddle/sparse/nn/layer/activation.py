"""Activation layers over sparse tensors (COO or CSR); like Paddle's, they print
without arguments."""

from __future__ import annotations

from paddle import _checks as check
from paddle.nn.layer.layers import Layer
from paddle.sparse.nn import functional as F


class ReLU(Layer):
    """``max(x, 0)`` of every stored value of a sparse tensor; see
    :func:`paddle.sparse.nn.functional.relu`.

    Args:
        name (str, optional): unused; kept for Paddle's signature.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, -1.0], [2.0, 0.0]]).to_sparse_coo(2)
        >>> paddle.sparse.nn.ReLU()(x).to_dense().numpy().tolist()
        [[0.0, 0.0], [2.0, 0.0]]
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.relu(x)


class ReLU6(Layer):
    """``min(max(x, 0), 6)`` of every stored value of a sparse tensor.

    Args:
        name (str, optional): unused; kept for Paddle's signature.
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.relu6(x)


class LeakyReLU(Layer):
    """``x`` where positive, ``negative_slope * x`` elsewhere, for every stored value.

    Args:
        negative_slope (float, optional): the slope of the negative part. Default 0.01.
        name (str, optional): unused; kept for Paddle's signature.
    """

    def __init__(self, negative_slope=0.01, name=None):
        super().__init__()
        self._negative_slope = negative_slope
        self._name = name

    def forward(self, x):
        return F.leaky_relu(x, self._negative_slope)


class Softmax(Layer):
    """Softmax along ``axis`` over the stored values only; see
    :func:`paddle.sparse.nn.functional.softmax`.

    Args:
        axis (int, optional): the dim to normalize along. Default -1.
        name (str, optional): unused; kept for Paddle's signature.
    """

    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = check.integer("Softmax", axis, "axis")
        self._name = name

    def forward(self, x):
        return F.softmax(x, self._axis)
