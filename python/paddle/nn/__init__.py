"""paddle.nn: layers, containers, initializers and the functional ops."""

from paddle.nn import functional  # noqa: F401
from paddle.nn import initializer  # noqa: F401
from paddle.nn.layer import (  # noqa: F401
    Layer, Sequential, LayerList, LayerDict, ParameterList, Linear, Identity, Flatten, Dropout,
    CELU, ELU, GELU, GLU, LeakyReLU, LogSigmoid, LogSoftmax, Mish, PReLU, ReLU, ReLU6, SELU, Sigmoid, Silu, Softmax,
    Softplus, Softshrink, Softsign, Swish, Tanh, Tanhshrink, Hardshrink, Hardsigmoid, Hardswish, Hardtanh,
)
from paddle.base.framework import Parameter  # noqa: F401
