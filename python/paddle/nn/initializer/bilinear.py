"""The Bilinear initializer: the kernel of a transposed convolution that upsamples bilinearly."""

from __future__ import annotations

import math

import numpy as np

from paddle.nn.initializer.initializer import Initializer


def bilinear_kernel_1d(size: int) -> np.ndarray:
    """The weights of linear interpolation for a kernel of `size` taps (upsampling by ceil(size / 2)):
    a triangle centred on the kernel."""
    factor = math.ceil(size / 2)
    center = (2 * factor - 1 - factor % 2) / (2 * factor)
    return 1 - np.abs(np.arange(size) / factor - center)


class Bilinear(Initializer):
    """The bilinear interpolation kernel, the same for every (output, input) channel pair, for a
    ``Conv2DTranspose`` weight of shape ``[C_out, C_in, K, K]``: with ``stride=factor``,
    ``kernel_size=2 * factor - factor % 2`` and ``padding=ceil((factor - 1) / 2)`` the convolution upsamples
    by ``factor``. Set the weight's learning rate and weight decay to 0 to keep it.

    Element ``[.., y, x]`` is ``w[y] * w[x]`` with ``w[i] = 1 - |i / f - c|``, ``f = ceil(K / 2)`` and
    ``c = (2f - 1 - f % 2) / (2f)``.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1, 1, 4, 4], "float32", default_initializer=paddle.nn.initializer.Bilinear())
        >>> w[0, 0].numpy().tolist()
        [[0.0625, 0.1875, 0.1875, 0.0625], [0.1875, 0.5625, 0.5625, 0.1875],
         [0.1875, 0.5625, 0.5625, 0.1875], [0.0625, 0.1875, 0.1875, 0.0625]]
    """

    def _generate(self, shape, dtype):
        from paddle.tensor.creation import to_tensor

        if len(shape) != 4:
            raise ValueError(f"[Bilinear] expected a 4-D weight [C_out, C_in, K, K], but got shape {list(shape)}")
        if shape[2] != shape[3]:
            raise ValueError(f"[Bilinear] expected a square kernel (shape[2] == shape[3]), but got shape "
                             f"{list(shape)}")
        taps = bilinear_kernel_1d(shape[3])
        kernel = np.broadcast_to(np.outer(taps, taps), shape)
        return to_tensor(np.ascontiguousarray(kernel, dtype="float32"), dtype=dtype)
