"""paddle.sparse.nn.functional: convolution, pooling, activations and attention
on sparse tensors."""

from paddle.sparse.nn.functional.activation import leaky_relu, relu, relu6, softmax
from paddle.sparse.nn.functional.conv import (
    conv2d,
    conv3d,
    subm_conv2d,
    subm_conv2d_igemm,
    subm_conv3d,
    subm_conv3d_igemm,
)
from paddle.sparse.nn.functional.pooling import max_pool3d
from paddle.sparse.nn.functional.transformer import attention

__all__ = [
    'conv2d',
    'conv3d',
    'subm_conv2d',
    'subm_conv2d_igemm',
    'subm_conv3d',
    'subm_conv3d_igemm',
    'max_pool3d',
    'relu',
    'relu6',
    'leaky_relu',
    'softmax',
    'attention',
]
