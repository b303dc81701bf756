"""InputSpec: the shape, dtype and name of a model input, as paddle.Model and paddle.summary take it."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check


class InputSpec:
    """Describes one input: its shape (None or -1 marks a size unknown until run time), dtype and name.

    Args:
        shape (list|tuple): the shape; None entries become -1.
        dtype (str|paddle.dtype, optional): the dtype. Default 'float32'.
        name (str, optional): the input's name. Default None.
        stop_gradient (bool, optional): whether the input needs no gradient. Default False.

    Examples:
        >>> import paddle
        >>> from paddle.static import InputSpec
        >>> spec = InputSpec([None, 784], 'float32', 'x')
        >>> spec
        InputSpec(shape=(-1, 784), dtype=paddle.float32, name=x, stop_gradient=False)
        >>> spec.batch(16).shape
        (16, -1, 784)
    """

    def __init__(self, shape, dtype="float32", name=None, stop_gradient=False):
        if isinstance(shape, int):
            shape = [shape]
        if not isinstance(shape, (list, tuple)):
            raise TypeError(f"[InputSpec] argument 'shape': expected a list or tuple, but got {check.got(shape)}")
        dims = []
        for d in shape:
            if d is None:
                dims.append(-1)
            else:
                d = check.integer("InputSpec", d, "shape")
                if d < -1:
                    raise ValueError(f"[InputSpec] argument 'shape': expected sizes >= -1 or None, but got {d}")
                dims.append(d)
        self.shape = tuple(dims)
        self.dtype = paddle.zeros([0], dtype=dtype).dtype if not isinstance(dtype, paddle.dtype) else dtype
        self.name = name
        self.stop_gradient = stop_gradient

    @classmethod
    def from_tensor(cls, tensor, name=None):
        """The spec of an existing Tensor."""
        check.tensor("InputSpec.from_tensor", tensor, "tensor")
        return cls(tensor.shape, tensor.dtype, name)

    @classmethod
    def from_numpy(cls, ndarray, name=None):
        """The spec of a NumPy array."""
        return cls(list(ndarray.shape), str(np.asarray(ndarray).dtype), name)

    def batch(self, batch_size):
        """Prepends ``batch_size`` (an int, or a one-int list) to the shape, in place; returns the spec, as Paddle does.

        Examples:
            >>> from paddle.static import InputSpec
            >>> spec = InputSpec([3, 4], "float32", "x")
            >>> spec.batch(8) is spec, spec.shape
            (True, (8, 3, 4))
        """
        if isinstance(batch_size, (list, tuple)) and len(batch_size) == 1:
            batch_size = batch_size[0]
        self.shape = (check.integer("InputSpec.batch", batch_size, "batch_size"),) + self.shape
        return self

    def unbatch(self):
        """Drops the first dimension of the shape, in place; returns the spec."""
        if not self.shape:
            raise ValueError("[InputSpec.unbatch] a 0-d spec has no batch dimension")
        self.shape = self.shape[1:]
        return self

    def __repr__(self):
        return (f"InputSpec(shape={self.shape}, dtype=paddle.{self.dtype.name}, name={self.name}, "
                f"stop_gradient={self.stop_gradient})")

    def __eq__(self, other):
        return (type(self) is type(other) and self.shape == other.shape and self.dtype == other.dtype
                and self.name == other.name and self.stop_gradient == other.stop_gradient)

    def __hash__(self):
        return hash((self.shape, self.dtype.name, self.name, self.stop_gradient))
