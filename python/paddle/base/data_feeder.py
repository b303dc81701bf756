"""paddle.check_shape: the check of a shape argument that Paddle's ops run
while a program is built."""

from __future__ import annotations

from paddle import _checks as check
from paddle._C import Tensor, pir


def _names(types: tuple) -> str:
    return ", ".join(t.__name__ for t in types)


def check_shape(shape, op_name, expected_shape_type=(list, tuple, Tensor, pir.Value),
                expected_element_type=(int, Tensor, pir.Value), expected_tensor_dtype=("int32", "int64")) -> None:
    """Checks that `shape` is a list or tuple of ints or integer tensors, or
    one integer tensor (the types and dtypes given), raising TypeError
    otherwise. As Paddle's, it checks only while a program is built
    (paddle.enable_static()): in dynamic mode the op checks its own values.

    Args:
        shape (list|tuple|Tensor): the shape argument.
        op_name (str): the op, named in the error.
        expected_shape_type (tuple): the types `shape` may have.
        expected_element_type (tuple): the types its elements may have.
        expected_tensor_dtype (tuple): the dtypes a tensor (the shape or an element) may have.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> paddle.check_shape([2, 3.5], "reshape")
        Traceback (most recent call last):
        ...
        TypeError: [reshape] argument 'shape': expected elements of type int, Tensor, Value, but got an element float
        >>> paddle.disable_static()
    """
    from paddle.static.mode import in_dynamic_mode

    if in_dynamic_mode():
        return
    if not isinstance(shape, expected_shape_type):
        raise TypeError(f"[{op_name}] argument 'shape': expected {_names(expected_shape_type)}, but got "
                        f"{check.got(shape)}")
    if isinstance(shape, check.TENSOR_TYPES):
        tensors = [shape]
    else:
        for item in shape:
            if not isinstance(item, expected_element_type):
                raise TypeError(f"[{op_name}] argument 'shape': expected elements of type "
                                f"{_names(expected_element_type)}, but got an element {check.got(item)}")
        tensors = [item for item in shape if isinstance(item, check.TENSOR_TYPES)]
    for tensor in tensors:
        if tensor.dtype.name not in expected_tensor_dtype:
            raise TypeError(f"[{op_name}] argument 'shape': expected a tensor of dtype "
                            f"{' or '.join(expected_tensor_dtype)}, but got a {tensor.dtype.name} one")
