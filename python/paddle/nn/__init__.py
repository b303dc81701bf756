"""paddle.nn: layers, containers, initializers and the functional ops."""

from paddle.nn import functional  # noqa: F401
from paddle.nn import initializer  # noqa: F401
from paddle.nn import utils  # noqa: F401
from paddle.nn.layer import *  # noqa: F401,F403
from paddle.nn.layer import Layer  # noqa: F401
from paddle.base.framework import Parameter  # noqa: F401
from paddle.nn.clip import ClipGradBase, ClipGradByValue, ClipGradByNorm, ClipGradByGlobalNorm  # noqa: F401
