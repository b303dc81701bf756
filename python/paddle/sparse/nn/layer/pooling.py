"""The sparse max pooling layer."""

from __future__ import annotations

from paddle.nn.layer.layers import Layer
from paddle.sparse.nn import functional as F


class MaxPool3D(Layer):
    """3-D max pooling of a sparse COO tensor [N, D, H, W, C] over its stored values;
    see :func:`paddle.sparse.nn.functional.max_pool3d`.

    Args:
        kernel_size (int|list|tuple): the window size per spatial dim.
        stride (int|list|tuple, optional): the window step. Default: kernel_size.
        padding (int|list|tuple|str, optional): the padding. Default 0.
        return_mask (bool, optional): must be False (the sparse pooling has no mask output).
        ceil_mode (bool, optional): round the output size up. Default False.
        data_format (str, optional): must be 'NDHWC'.
        name (str, optional): unused; kept for Paddle's signature.
    """

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format="NDHWC",
                 name=None):
        super().__init__()
        if return_mask:
            raise ValueError("[MaxPool3D] argument 'return_mask': expected False (sparse max pooling returns no "
                             "mask), but got True")
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.return_mask = return_mask
        self.ceil_mode = ceil_mode
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.max_pool3d(x, self.ksize, self.stride, self.padding, self.ceil_mode, self.data_format)

    def extra_repr(self) -> str:
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"
