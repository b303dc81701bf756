"""paddle.Size: what Tensor.shape returns in PaddlePaddle 3.3, a list of
ints (so everything that takes a list takes it) that prints as
``paddle.Size([2, 3])``, equals a list or tuple of the same ints, and stays a
Size when sliced or extended."""

from __future__ import annotations

import math


class Size(list):
    """A shape: a list of ints printed as ``paddle.Size([...])``.

    Examples:
        >>> import paddle
        >>> shape = paddle.ones([2, 3]).shape
        >>> shape, shape == [2, 3], shape == (2, 3), shape.numel()
        (paddle.Size([2, 3]), True, True, 6)
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"paddle.Size({list.__repr__(self)})"

    __str__ = __repr__

    def __eq__(self, other) -> bool:
        if isinstance(other, tuple):
            other = list(other)
        return list.__eq__(self, other)

    def __ne__(self, other) -> bool:
        return not self == other

    __hash__ = None

    def __getitem__(self, index):
        item = list.__getitem__(self, index)
        return Size(item) if isinstance(index, slice) else item

    def __add__(self, other) -> "Size":
        return Size(list.__add__(self, list(other)))

    def numel(self) -> int:
        """The number of elements a tensor of this shape holds."""
        return math.prod(self)
