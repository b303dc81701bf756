"""Flattening parameters into one vector and writing one back into them."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.nn.utils._params import tensor_list


def parameters_to_vector(parameters, name=None) -> Tensor:
    """Concatenates `parameters`, each flattened, into one 1-D Tensor (differentiable).

    Args:
        parameters (Iterable[Tensor]): the parameters, all of one dtype.
        name (str, optional): accepted for Paddle compatibility.

    Returns:
        Tensor: a 1-D Tensor with all their elements, in order.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(2, 3)
        >>> paddle.nn.utils.parameters_to_vector(fc.parameters()).shape
        paddle.Size([9])
    """
    params = tensor_list("parameters_to_vector", parameters)
    if not params:
        raise ValueError("[parameters_to_vector] argument 'parameters': expected at least one Tensor, but got none")
    return paddle.concat([p.reshape([-1]) for p in params])


def vector_to_parameters(vec: Tensor, parameters, name=None) -> None:
    """Writes consecutive slices of the 1-D `vec` into `parameters` in place (the inverse of
    `parameters_to_vector`).

    Args:
        vec (Tensor): a 1-D Tensor with as many elements as the parameters together.
        parameters (Iterable[Tensor]): the parameters to overwrite.
        name (str, optional): accepted for Paddle compatibility.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(2, 3)
        >>> paddle.nn.utils.vector_to_parameters(paddle.arange(9, dtype="float32"), fc.parameters())
        >>> fc.bias.numpy().tolist()
        [6.0, 7.0, 8.0]
    """
    op = "vector_to_parameters"
    vec = check.tensor(op, vec, "vec")
    params = tensor_list(op, parameters)
    if len(vec.shape) != 1:
        raise ValueError(f"[{op}] argument 'vec': expected a 1-D Tensor, but got shape {list(vec.shape)}")
    total = sum(p.size for p in params)
    if vec.shape[0] != total:
        raise ValueError(f"[{op}] argument 'vec': expected {total} elements (the parameters' total), but got "
                         f"{vec.shape[0]}")
    start = 0
    with paddle.no_grad():
        for p in params:
            p[...] = vec[start:start + p.size].reshape(p.shape).astype(p.dtype)
            start += p.size
