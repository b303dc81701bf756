"""Initializers with fixed parameters: Constant, Assign, Normal, TruncatedNormal, Uniform."""

from __future__ import annotations

import math

import numpy as np

from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle.nn.initializer.initializer import Initializer


def _uniform(shape, dtype, low, high) -> Tensor:
    return _C_ops.uniform(shape, dtype, low, high, 0, None)


def _normal(shape, dtype, mean, std) -> Tensor:
    return _C_ops.gaussian(shape, mean, std, 0, dtype, None)


class Constant(Initializer):
    """Every value is `value`.

    Args:
        value (float|int|bool, optional): the value. Default 0.0.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(2, 2, weight_attr=paddle.nn.initializer.Constant(3.0))
        >>> fc.weight.numpy().tolist()
        [[3.0, 3.0], [3.0, 3.0]]
    """

    def __init__(self, value=0.0):
        self.value = check.number("Constant", value, "value") if not isinstance(value, bool) else value

    def _generate(self, shape, dtype):
        return _C_ops.full(shape, self.value, dtype, None)


class Assign(Initializer):
    """The values of `value`, which must have the parameter's shape.

    Args:
        value (Tensor|numpy.ndarray|list|tuple): the values.
        name (str, optional): unused, as in Paddle.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(2, 1, weight_attr=paddle.nn.initializer.Assign([[1.0], [2.0]]))
        >>> fc.weight.numpy().tolist()
        [[1.0], [2.0]]
    """

    def __init__(self, value, name=None):
        if isinstance(value, Tensor):
            # Kept as a Tensor: numpy() would turn bfloat16 into its uint16 bits.
            self.value = value.detach().clone()
            return
        if not isinstance(value, (np.ndarray, list, tuple, int, float)):
            raise TypeError(f"[Assign] argument 'value': expected a Tensor, numpy.ndarray, list or tuple, but got "
                            f"{check.got(value)}")
        self.value = np.array(value)

    def _generate(self, shape, dtype):
        from paddle.tensor.creation import to_tensor

        if list(self.value.shape) != list(shape):
            raise ValueError(f"[Assign] argument 'value': expected shape {list(shape)} (the parameter's), but got "
                             f"{list(self.value.shape)}")
        if isinstance(self.value, Tensor):
            return self.value.astype(dtype).clone()
        return to_tensor(self.value, dtype=dtype)


class Normal(Initializer):
    """Values drawn from N(mean, std^2).

    Args:
        mean (float, optional): the mean. Default 0.0.
        std (float, optional): the standard deviation. Default 1.0.
        name (str, optional): unused, as in Paddle.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(100, 100, weight_attr=paddle.nn.initializer.Normal(1.0, 0.1))
        >>> abs(float(fc.weight.mean()) - 1.0) < 0.01
        True
    """

    def __init__(self, mean=0.0, std=1.0, name=None):
        self.mean = check.number("Normal", mean, "mean")
        self.std = check.number("Normal", std, "std")
        if std < 0:
            raise ValueError(f"[Normal] argument 'std': expected a number >= 0, but got {std}")

    def _generate(self, shape, dtype):
        return _normal(shape, dtype, self.mean, self.std)


def _phi(x: float) -> float:
    """The standard normal CDF."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class TruncatedNormal(Initializer):
    """Values drawn from N(mean, std^2) restricted to [a, b] (absolute bounds).

    Sampled by inverting the CDF: u uniform on [Phi(alpha), Phi(beta)] with
    alpha = (a - mean) / std, beta = (b - mean) / std, then
    x = mean + std * sqrt(2) * erfinv(2u - 1).

    Args:
        mean (float, optional): the mean of the normal distribution. Default 0.0.
        std (float, optional): its standard deviation (> 0). Default 1.0.
        a (float, optional): the lower cutoff. Default -2.0.
        b (float, optional): the upper cutoff. Default 2.0.
        name (str, optional): unused, as in Paddle.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([1000], "float32",
        ...                             default_initializer=paddle.nn.initializer.TruncatedNormal(std=2.0))
        >>> bool((w.abs() <= 2.0).all())
        True
    """

    def __init__(self, mean=0.0, std=1.0, a=-2.0, b=2.0, name=None):
        self.mean = check.number("TruncatedNormal", mean, "mean")
        self.std = check.number("TruncatedNormal", std, "std")
        self.a = check.number("TruncatedNormal", a, "a")
        self.b = check.number("TruncatedNormal", b, "b")
        if std <= 0:
            raise ValueError(f"[TruncatedNormal] argument 'std': expected a number > 0, but got {std}")
        if a >= b:
            raise ValueError(f"[TruncatedNormal] argument 'b': expected a number > a ({a}), but got {b}")

    def _generate(self, shape, dtype):
        lo = _phi((self.a - self.mean) / self.std)
        hi = _phi((self.b - self.mean) / self.std)
        work = "float64" if getattr(dtype, "name", dtype) == "float64" else "float32"
        u = _uniform(shape, work, 2 * lo - 1, 2 * hi - 1)
        x = (u.erfinv() * (self.std * math.sqrt(2.0)) + self.mean).clip(self.a, self.b)
        return x.astype(dtype)


class Uniform(Initializer):
    """Values drawn uniformly from [low, high).

    Args:
        low (float, optional): the lower bound. Default -1.0.
        high (float, optional): the upper bound. Default 1.0.
        name (str, optional): unused, as in Paddle.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(4, 4, weight_attr=paddle.nn.initializer.Uniform(-0.5, 0.5))
        >>> bool((fc.weight.abs() <= 0.5).all())
        True
    """

    def __init__(self, low=-1.0, high=1.0, name=None):
        self.low = check.number("Uniform", low, "low")
        self.high = check.number("Uniform", high, "high")
        if low > high:
            raise ValueError(f"[Uniform] argument 'high': expected a number >= low ({low}), but got {high}")

    def _generate(self, shape, dtype):
        return _uniform(shape, dtype, self.low, self.high)
