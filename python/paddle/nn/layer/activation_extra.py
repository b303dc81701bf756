"""More activation layers: Maxout, Softmax2D, ThresholdedReLU and RReLU."""

from __future__ import annotations

from paddle import _checks as check
from paddle.nn import functional as F
from paddle.nn.functional.activation_extra import _check_rrelu_bounds
from paddle.nn.layer.layers import Layer


def _name(name) -> str:
    return f", name={name}" if name else ""


class Maxout(Layer):
    """The maximum over each run of `groups` channels (``paddle.nn.functional.maxout``).

    Args:
        groups (int): the channels per output channel, > 1.
        axis (int, optional): the channel dim of the 4-D input: 1, 3 or -1. Default 1.

    Examples:
        >>> import paddle
        >>> m = paddle.nn.Maxout(groups=2)
        >>> m(paddle.to_tensor([1.0, 4.0, 3.0, 2.0]).reshape([1, 4, 1, 1])).flatten().tolist()
        [4.0, 3.0]
        >>> m
        Maxout(groups=2, axis=1)
    """

    def __init__(self, groups, axis=1, name=None):
        super().__init__()
        self._groups = check.integer("Maxout", groups, "groups")
        self._axis = check.integer("Maxout", axis, "axis")
        self._name = name

    def forward(self, x):
        return F.maxout(x, self._groups, self._axis)

    def extra_repr(self) -> str:
        return f"groups={self._groups}, axis={self._axis}{_name(self._name)}"


class Softmax2D(Layer):
    """Softmax over the channels (dim -3) of x [C, H, W] or [N, C, H, W].

    Examples:
        >>> import paddle
        >>> y = paddle.nn.Softmax2D()(paddle.zeros([1, 4, 2, 2]))
        >>> y[0, :, 0, 0].tolist()
        [0.25, 0.25, 0.25, 0.25]
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        check.tensor("Softmax2D", x)
        if len(x.shape) not in (3, 4):
            raise ValueError(f"[Softmax2D] argument 'x': expected a 3-D or 4-D tensor, but got shape "
                             f"{list(x.shape)}")
        return F.softmax(x, axis=-3)

    def extra_repr(self) -> str:
        return f"name={self._name}" if self._name else ""


class ThresholdedReLU(Layer):
    """x where x > threshold, `value` elsewhere (``paddle.nn.functional.thresholded_relu``).

    Examples:
        >>> import paddle
        >>> paddle.nn.ThresholdedReLU(threshold=1.0)(paddle.to_tensor([2.0, 0.5])).tolist()
        [2.0, 0.0]
    """

    def __init__(self, threshold=1.0, value=0.0, name=None):
        super().__init__()
        self._threshold = check.number("ThresholdedReLU", threshold, "threshold")
        self._value = check.number("ThresholdedReLU", value, "value")
        self._name = name

    def forward(self, x):
        return F.thresholded_relu(x, self._threshold, self._value)

    def extra_repr(self) -> str:
        return f"threshold={self._threshold}, value={self._value}{_name(self._name)}"


class RReLU(Layer):
    """Randomized leaky ReLU (``paddle.nn.functional.rrelu``): random slopes in
    U(lower, upper) for negative inputs in training, (lower + upper) / 2 in eval.

    Examples:
        >>> import paddle
        >>> r = paddle.nn.RReLU(0.1, 0.3).eval()
        >>> [round(v, 4) for v in r(paddle.to_tensor([-1.0, 2.0])).tolist()]
        [-0.2, 2.0]
        >>> r
        RReLU(lower=0.1, upper=0.3, training=False, dtype=float32)
    """

    def __init__(self, lower=1.0 / 8.0, upper=1.0 / 3.0, name=None):
        super().__init__()
        self._lower, self._upper = _check_rrelu_bounds("RReLU", lower, upper)
        self._name = name

    def forward(self, x):
        return F.rrelu(x, self._lower, self._upper, training=self.training)

    def extra_repr(self) -> str:
        return f"lower={self._lower}, upper={self._upper}, training={self.training}, " \
               f"dtype={self._dtype}{_name(self._name)}"
