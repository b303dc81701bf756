"""paddle.sparse.nn: layers over sparse tensors."""

from paddle.sparse.nn import functional  # noqa: F401
from paddle.sparse.nn.layer.activation import LeakyReLU, ReLU, ReLU6, Softmax
from paddle.sparse.nn.layer.conv import Conv2D, Conv3D, SubmConv2D, SubmConv3D
from paddle.sparse.nn.layer.norm import BatchNorm, SyncBatchNorm
from paddle.sparse.nn.layer.pooling import MaxPool3D

__all__ = [
    'ReLU',
    'ReLU6',
    'LeakyReLU',
    'Softmax',
    'BatchNorm',
    'SyncBatchNorm',
    'Conv2D',
    'Conv3D',
    'SubmConv2D',
    'SubmConv3D',
    'MaxPool3D',
]
