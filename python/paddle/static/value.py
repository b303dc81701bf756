"""The methods and operators of static values (paddle.pir.Value): each one
calls the public function of the same meaning, which builds the op in
static mode (Note [Static mode])."""

from __future__ import annotations

import inspect
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


_INT64_MAX = 2**63 - 1


def _normalized_index(index, rank):
    """index as a tuple of ints and slices, one per leading axis (Ellipsis expanded)."""
    items = index if isinstance(index, tuple) else (index,)
    for item in items:
        if isinstance(item, Value):
            if item.shape or item.dtype.name not in ("int32", "int64"):
                raise TypeError(f"[Value.__getitem__] a static Value index must be a 0-D int32 or int64 value, but "
                                f"got {item.dtype.name}{list(item.shape)}")
        elif item is not Ellipsis and not isinstance(item, slice) and \
                (isinstance(item, bool) or not isinstance(item, numbers.Integral)):
            raise TypeError(f"[Value.__getitem__] a static Value takes ints, slices and ... as indices for now, "
                            f"but got {type(item).__name__} (a 0-D int Value also works)")
    ellipses = [at for at, item in enumerate(items) if item is Ellipsis]  # by identity: == on a Value builds an op
    if len(ellipses) > 1:
        raise IndexError("[Value.__getitem__] an index can only have a single ellipsis ('...')")
    if ellipses:
        at = ellipses[0]
        items = items[:at] + (slice(None),) * (rank - len(items) + 1) + items[at + 1:]
    if len(items) > rank:
        raise IndexError(f"[Value.__getitem__] too many indices for a value of {rank} dims: {len(items)}")
    return items


def _row_index(item, value, axis):
    """The 1-D int64 index gather takes for a row `item` of value's axis: a 0-D Value as it is (counting from
    0), an int from the end counted from the dim the program reads."""
    import paddle

    if isinstance(item, Value):
        return paddle.reshape(paddle.cast(item, "int64"), [1])
    if item >= 0:
        return paddle.full([1], item, "int64")
    return paddle.reshape(paddle.shape(value)[axis] + item, [1])


def _getitem(self, index):
    """x[i], x[a:b:c], x[..., i]: slices (with index_select for steps other
    than 1) and a squeeze of the axes an int picked, built as ops. A row the
    program picks (a 0-D Value index) or one of a dim the feed decides (-1) is
    a gather: a slice of such a dim would have an unknown length, which the
    squeeze could not remove."""
    import paddle

    shape = self.shape
    out, squeezed = self, []
    for axis, item in enumerate(_normalized_index(index, len(shape))):
        dim = shape[axis]
        if isinstance(item, Value) or (isinstance(item, numbers.Integral) and dim < 0):
            out = paddle.gather(out, _row_index(item, out, axis), axis)
            squeezed.append(axis)
        elif isinstance(item, numbers.Integral):
            i = int(item)
            if dim >= 0 and not -dim <= i < dim:
                raise IndexError(f"[Value.__getitem__] index {i} is out of range for axis {axis} of size {dim}")
            out = paddle.slice(out, [axis], [i], [i + 1 if i != -1 else _INT64_MAX])
            squeezed.append(axis)
        elif item.step in (None, 1):
            start = 0 if item.start is None else item.start
            stop = _INT64_MAX if item.stop is None else item.stop
            if (start, stop) != (0, _INT64_MAX):
                out = paddle.slice(out, [axis], [start], [stop])
        else:
            if dim < 0:
                raise NotImplementedError(f"[Value.__getitem__] a step other than 1 needs axis {axis}'s size, "
                                          f"which the feed decides")
            positions = range(*item.indices(dim))
            if len(positions) == 0:
                raise NotImplementedError("[Value.__getitem__] an empty strided slice of a static Value")
            index_values = paddle.arange(positions.start, positions.stop, positions.step, dtype="int64")
            out = paddle.index_select(out, index_values, axis)
    return paddle.squeeze(out, squeezed) if squeezed else out


def _iter(self):
    """Iterating a Value goes over its rows, as for a tensor; where the feed decides how many (-1), Python cannot
    loop over them while the program is built (to_static turns such a for loop into pd_op.while)."""
    shape = self.shape
    if not shape:
        raise TypeError("[Value.__iter__] iteration over a 0-D static Value")
    if shape[0] < 0:
        raise TypeError("[Value.__iter__] a static Value whose dim 0 the feed decides (-1) has no row count "
                        "while the program is built; use paddle.static.nn.while_loop, or paddle.jit.to_static "
                        "on a function with source")
    return (self[i] for i in range(shape[0]))


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
    def compare(name):
        def method(self, other):
            if not isinstance(other, (Value, numbers.Number)):
                return NotImplemented  # None, strings, ...: not equal, by identity
            return getattr(paddle, name)(self, _as_value(other, self))

        return method

    # As for tensors, == and != compare elementwise (building equal/not_equal);
    # a Value hashes by identity and has no truth value while it is built.
    Value.__eq__ = compare("equal")
    Value.__ne__ = compare("not_equal")
    Value.__hash__ = lambda self: hash(self._id)

    def __bool__(self):
        raise TypeError("a static Value has no truth value while the program is built; use "
                        "paddle.static.nn.cond for a branch on it")

    Value.__bool__ = __bool__
    Value.__neg__ = lambda self: paddle.neg(self)
    Value.__abs__ = lambda self: paddle.abs(self)
    Value.__invert__ = lambda self: paddle.bitwise_not(self)
    Value.astype = lambda self, dtype: paddle.cast(self, dtype)
    Value.__getitem__ = _getitem
    Value.__iter__ = _iter
    Value._id = property(lambda self: self._identity())
    # The number of elements; -1 while a dim is decided by the feed.
    Value.size = property(lambda self: -1 if -1 in self.shape else int(np.prod(self.shape, dtype=np.int64)))
    # Static values live where the program runs: the default place.
    Value.place = property(lambda self: _C.get_default_place())

    def __getattr__(self, name):
        # x.sum(), x.reshape([...]): the paddle function of that name with x first, or a Tensor method written in
        # Python (x.add_(...)), which takes a Value as it takes a Tensor.
        fn = getattr(paddle, name, None) if hasattr(_C.Tensor, name) else None
        if fn is None and inspect.isfunction(getattr(_C.Tensor, name, None)):
            fn = getattr(_C.Tensor, name)
        if fn is None or not callable(fn):
            raise AttributeError(f"'Value' object has no attribute '{name}'")
        return lambda *args, **kwargs: fn(self, *args, **kwargs)

    Value.__getattr__ = __getattr__


_install()
