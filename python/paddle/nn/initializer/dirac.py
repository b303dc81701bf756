"""The Dirac initializer: a convolution weight that passes its input through."""

from __future__ import annotations

import numpy as np

from paddle import _checks as check
from paddle.nn.initializer.initializer import Initializer


class Dirac(Initializer):
    """The identity of a convolution (3-D, 4-D or 5-D weight ``[C_out, C_in, *kernel]``): within each of the
    `groups` blocks of ``C_out / groups`` output channels, output channel i takes input channel i at the
    kernel's centre (index ``k // 2`` of each kernel axis), for i below ``min(C_out / groups, C_in)``; every
    other element is 0. A convolution with this weight (and no padding loss) copies its first channels.

    Args:
        groups (int, optional): the number of groups of output channels; ``C_out`` must be divisible by it.
            Default 1.
        name (str, optional): unused, as in Paddle.

    Examples:
        >>> import paddle
        >>> conv = paddle.nn.Conv1D(2, 2, 3, padding=1, weight_attr=paddle.nn.initializer.Dirac(), bias_attr=False)
        >>> x = paddle.to_tensor([[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]])
        >>> conv(x).tolist()
        [[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]
    """

    def __init__(self, groups=1, name=None):
        self.groups = check.integer("Dirac", groups, "groups", min=1)

    def _generate(self, shape, dtype):
        from paddle.tensor.creation import to_tensor

        if not 3 <= len(shape) <= 5:
            raise ValueError(f"[Dirac] expected a 3-D, 4-D or 5-D convolution weight, but got shape {list(shape)}")
        if shape[0] % self.groups != 0:
            raise ValueError(f"[Dirac] expected shape[0] (the output channels) divisible by groups={self.groups}, "
                             f"but got shape {list(shape)}")
        weight = np.zeros(shape, dtype="float32")
        per_group = shape[0] // self.groups
        center = tuple(k // 2 for k in shape[2:])
        for group in range(self.groups):
            for channel in range(min(per_group, shape[1])):
                weight[(group * per_group + channel, channel) + center] = 1
        return to_tensor(weight, dtype=dtype)
