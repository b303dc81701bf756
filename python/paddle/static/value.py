"""The methods and operators of static values (paddle.pir.Value): each one
calls the public function of the same meaning, which builds the op in
static mode (Note [Static mode])."""

from __future__ import annotations

import numbers

import numpy as np

from paddle import _C

Value = _C.pir.Value


def _as_value(x, like):
    """A Python number becomes a 0-D constant of `like`'s dtype (the default
    float dtype when the number is a float and `like` holds integers)."""
    import paddle

    if isinstance(x, Value):
        return x
    if isinstance(x, numbers.Number):
        dtype = like.dtype
        integral = dtype in (paddle.int8, paddle.int16, paddle.int32, paddle.int64, paddle.uint8, paddle.bool)
        if integral and not isinstance(x, (bool, int)):
            dtype = paddle.get_default_dtype()
        return paddle.full([], x, dtype=dtype)
    raise TypeError(f"a static Value combines with Values and numbers, but got {type(x).__name__}")


def _binary(name, reverse=False):
    def method(self, other):
        import paddle

        other = _as_value(other, self)
        fn = getattr(paddle, name)
        return fn(other, self) if reverse else fn(self, other)

    method.__name__ = name
    return method


def _install():
    import paddle

    binary = {
        "__add__": "add", "__sub__": "subtract", "__mul__": "multiply", "__truediv__": "divide",
        "__pow__": "pow", "__matmul__": "matmul", "__lt__": "less_than", "__le__": "less_equal",
        "__gt__": "greater_than", "__ge__": "greater_equal", "__floordiv__": "floor_divide", "__mod__": "remainder",
        "__and__": "bitwise_and", "__or__": "bitwise_or", "__xor__": "bitwise_xor",
    }
    for dunder, fn in binary.items():
        setattr(Value, dunder, _binary(fn))
    for dunder, fn in {"__radd__": "add", "__rsub__": "subtract", "__rmul__": "multiply",
                       "__rtruediv__": "divide", "__rpow__": "pow"}.items():
        setattr(Value, dunder, _binary(fn, reverse=True))
    Value.__neg__ = lambda self: paddle.neg(self)
    Value.__abs__ = lambda self: paddle.abs(self)
    Value.__invert__ = lambda self: paddle.bitwise_not(self)
    Value.astype = lambda self, dtype: paddle.cast(self, dtype)
    Value._id = property(lambda self: self._identity())
    # The number of elements; -1 while a dim is decided by the feed.
    Value.size = property(lambda self: -1 if -1 in self.shape else int(np.prod(self.shape, dtype=np.int64)))
    # Static values live where the program runs: the default place.
    Value.place = property(lambda self: _C.get_default_place())

    def __getattr__(self, name):
        # x.sum(), x.reshape([...]): the paddle function of that name with x first.
        fn = getattr(paddle, name, None) if hasattr(_C.Tensor, name) else None
        if fn is None or not callable(fn):
            raise AttributeError(f"'Value' object has no attribute '{name}'")
        return lambda *args, **kwargs: fn(self, *args, **kwargs)

    Value.__getattr__ = __getattr__


_install()
