"""The layers of paddle.nn, one module per family."""

from paddle.nn.layer.layers import Layer  # noqa: F401
from paddle.nn.layer.container import LayerDict, LayerList, ParameterList, Sequential  # noqa: F401
from paddle.nn.layer.common import Dropout, Flatten, Identity, Linear  # noqa: F401
from paddle.nn.layer.activation import (  # noqa: F401
    CELU, ELU, GELU, GLU, LeakyReLU, LogSigmoid, LogSoftmax, Mish, PReLU, ReLU, ReLU6, SELU, Sigmoid, Silu, Softmax,
    Softplus, Softshrink, Softsign, Swish, Tanh, Tanhshrink, Hardshrink, Hardsigmoid, Hardswish, Hardtanh,
)
