"""Initializers scaled by a weight's fan-in/fan-out: Xavier (Glorot) and Kaiming (He).

The fans come from ``compute_fans`` (Linear weights are [in, out], convolution
weights [out_c, in_c, *kernel]) unless given explicitly."""

from __future__ import annotations

import math

from paddle import _checks as check
from paddle.nn.initializer.basic import _normal, _uniform
from paddle.nn.initializer.initializer import Initializer, calculate_gain, compute_fans


def _optional_fan(op, value, arg):
    if value is None:
        return None
    check.number(op, value, arg)
    if value <= 0:
        raise ValueError(f"[{op}] argument '{arg}': expected a number > 0, but got {value}")
    return value


class _Xavier(Initializer):
    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        op = type(self).__name__
        self.fan_in = _optional_fan(op, fan_in, "fan_in")
        self.fan_out = _optional_fan(op, fan_out, "fan_out")
        self.gain = check.number(op, gain, "gain")

    def _fans_sum(self, shape) -> float:
        fan_in, fan_out = compute_fans(shape)
        return (self.fan_in or fan_in) + (self.fan_out or fan_out)


class XavierNormal(_Xavier):
    """Values drawn from N(0, std^2), std = gain * sqrt(2 / (fan_in + fan_out)).

    Args:
        fan_in (float, optional): the fan-in; from the shape when None.
        fan_out (float, optional): the fan-out; from the shape when None.
        gain (float, optional): the scale. Default 1.0.
        name (str, optional): unused, as in Paddle.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(300, 500, weight_attr=paddle.nn.initializer.XavierNormal())
        >>> round(float(fc.weight.std()) / (2 / 800) ** 0.5, 1)
        1.0
    """

    def _generate(self, shape, dtype):
        return _normal(shape, dtype, 0.0, self.gain * math.sqrt(2.0 / self._fans_sum(shape)))


class XavierUniform(_Xavier):
    """Values drawn uniformly from [-limit, limit], limit = gain * sqrt(6 / (fan_in + fan_out)).
    The default initializer of layer weights.

    Args:
        fan_in (float, optional): the fan-in; from the shape when None.
        fan_out (float, optional): the fan-out; from the shape when None.
        gain (float, optional): the scale. Default 1.0.
        name (str, optional): unused, as in Paddle.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(2, 4, weight_attr=paddle.nn.initializer.XavierUniform())
        >>> bool((fc.weight.abs() <= 1.0).all())
        True
    """

    def _generate(self, shape, dtype):
        limit = self.gain * math.sqrt(6.0 / self._fans_sum(shape))
        return _uniform(shape, dtype, -limit, limit)


class _Kaiming(Initializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu", mode="fan_in"):
        op = type(self).__name__
        self.fan_in = _optional_fan(op, fan_in, "fan_in")
        self.negative_slope = check.number(op, negative_slope, "negative_slope")
        self.nonlinearity = nonlinearity
        self.mode = check.choice(op, mode, ("fan_in", "fan_out"), "mode")
        self._gain = calculate_gain(nonlinearity, negative_slope)

    def _fan(self, shape) -> float:
        fan_in, fan_out = compute_fans(shape)
        if self.mode == "fan_out":
            return fan_out
        return self.fan_in or fan_in


class KaimingNormal(_Kaiming):
    """Values drawn from N(0, std^2), std = gain / sqrt(fan), gain = calculate_gain(nonlinearity, negative_slope).

    Args:
        fan_in (float, optional): the fan-in; from the shape when None.
        negative_slope (float, optional): leaky_relu's slope (only for that nonlinearity). Default 0.0.
        nonlinearity (str, optional): the activation that follows. Default 'relu'.
        mode (str, optional): 'fan_in' or 'fan_out' (the weight's fan-out). Default 'fan_in'.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(500, 500, weight_attr=paddle.nn.initializer.KaimingNormal())
        >>> round(float(fc.weight.std()) / (2 / 500) ** 0.5, 1)
        1.0
    """

    def _generate(self, shape, dtype):
        return _normal(shape, dtype, 0.0, self._gain / math.sqrt(self._fan(shape)))


class KaimingUniform(_Kaiming):
    """Values drawn uniformly from [-limit, limit], limit = gain * sqrt(3 / fan).

    Args:
        fan_in (float, optional): the fan-in; from the shape when None.
        negative_slope (float, optional): leaky_relu's slope (only for that nonlinearity). Default 0.0.
        nonlinearity (str, optional): the activation that follows. Default 'relu'.
        mode (str, optional): 'fan_in' or 'fan_out' (the weight's fan-out). Default 'fan_in'.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(6, 4, weight_attr=paddle.nn.initializer.KaimingUniform())
        >>> bool((fc.weight.abs() <= 1.0).all())
        True
    """

    def _generate(self, shape, dtype):
        limit = self._gain * math.sqrt(3.0 / self._fan(shape))
        return _uniform(shape, dtype, -limit, limit)
