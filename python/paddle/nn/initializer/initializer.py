"""The Initializer base class, fan-in/fan-out, gains and the global initializer."""

from __future__ import annotations

import math

from paddle import _checks as check
from paddle._C import Tensor


class Initializer:
    """Base class: a subclass implements ``_generate(shape, dtype)``, which returns a new tensor of values.

    Calling an initializer on a parameter (or any tensor) overwrites its values in place and returns it.
    """

    def __call__(self, param: Tensor, block=None) -> Tensor:
        from paddle.base.framework import assign_value

        check.tensor(type(self).__name__, param, "param")
        assign_value(param, self._generate(list(param.shape), param.dtype), type(self).__name__)
        return param

    def _generate(self, shape: list[int], dtype) -> Tensor:
        raise NotImplementedError(f"{type(self).__name__} does not implement _generate")

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items() if not k.startswith("_"))
        return f"{type(self).__name__}({args})"


def compute_fans(shape) -> tuple[int, int]:
    """(fan_in, fan_out) of a weight of this shape, as Paddle computes them.

    0-D: (1, 1). 1-D [n]: (n, n). 2-D [in, out] (Linear's layout): (in, out).
    N-D [out_c, in_c, *kernel] (convolutions): (in_c * prod(kernel), out_c * prod(kernel)).

    Examples:
        >>> from paddle.nn.initializer import compute_fans
        >>> compute_fans([3, 4]), compute_fans([8, 4, 3, 3])
        ((3, 4), (36, 72))
    """
    shape = list(shape)
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = math.prod(shape[2:])
    return shape[1] * receptive, shape[0] * receptive


_LINEAR_GAINS = ("sigmoid", "linear", "conv1d", "conv2d", "conv3d", "conv1d_transpose", "conv2d_transpose",
                 "conv3d_transpose")


def calculate_gain(nonlinearity: str, param=None) -> float:
    """The recommended gain of an activation, for the fan-scaled initializers.

    Args:
        nonlinearity (str): sigmoid, linear, conv1d/2d/3d(_transpose) (1), tanh (5/3), relu (sqrt 2),
            leaky_relu (sqrt(2 / (1 + param^2))), selu (3/4).
        param (bool|int|float, optional): leaky_relu's negative slope; 0.01 when None.

    Examples:
        >>> import paddle
        >>> paddle.nn.initializer.calculate_gain('tanh')
        1.6666666666666667
        >>> paddle.nn.initializer.calculate_gain('leaky_relu', param=1.0)
        1.0
    """
    if nonlinearity in _LINEAR_GAINS:
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else check.number("calculate_gain", param, "param")
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    choices = _LINEAR_GAINS + ("tanh", "relu", "leaky_relu", "selu")
    raise ValueError(f"[calculate_gain] argument 'nonlinearity': expected one of {', '.join(choices)}, but got "
                     f"{nonlinearity!r}")


_global = {"weight": None, "bias": None}


def set_global_initializer(weight_init: Initializer | None, bias_init: Initializer | None = None) -> None:
    """Sets the initializers every layer created afterwards uses for its weights and biases.

    An initializer given through ``weight_attr``/``bias_attr`` (or ``ParamAttr``) still wins; a
    layer's own default (e.g. a norm layer's ones) loses. ``set_global_initializer(None)`` cancels it.

    Examples:
        >>> import paddle
        >>> from paddle.nn import initializer as init
        >>> init.set_global_initializer(init.Constant(0.5), init.Constant(-1.0))
        >>> fc = paddle.nn.Linear(2, 2)
        >>> fc.weight.numpy().tolist(), fc.bias.numpy().tolist()
        ([[0.5, 0.5], [0.5, 0.5]], [-1.0, -1.0])
        >>> init.set_global_initializer(None)
    """
    for arg, value in (("weight_init", weight_init), ("bias_init", bias_init)):
        if value is not None and not isinstance(value, Initializer):
            raise TypeError(f"[set_global_initializer] argument '{arg}': expected an Initializer or None, "
                            f"but got {check.got(value)}")
    _global["weight"], _global["bias"] = weight_init, bias_init


def _global_initializer(is_bias: bool) -> Initializer | None:
    return _global["bias" if is_bias else "weight"]
