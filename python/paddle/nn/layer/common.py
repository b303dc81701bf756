"""Common layers: Linear, Identity, Flatten, Dropout."""

from __future__ import annotations

from paddle import _checks as check
from paddle.framework import get_default_dtype
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer


class Linear(Layer):
    """y = x W + b, with W of shape [in_features, out_features] (Paddle's layout).

    Args:
        in_features (int): the size of each input's last dim.
        out_features (int): the size of each output's last dim.
        weight_attr (ParamAttr|Initializer|str, optional): the weight's attributes; XavierUniform by default.
        bias_attr (ParamAttr|Initializer|str|bool, optional): the bias's attributes; zeros by default,
            False for no bias.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(3, 2, bias_attr=False)
        >>> fc.weight.shape, fc.bias
        ([3, 2], None)
        >>> x = paddle.ones([4, 3])
        >>> bool(paddle.allclose(fc(x), x @ fc.weight))
        True
    """

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        in_features = check.integer("Linear", in_features, "in_features", min=1)
        out_features = check.integer("Linear", out_features, "out_features", min=1)
        self._dtype = get_default_dtype()
        self.weight = self.create_parameter([in_features, out_features], attr=weight_attr, is_bias=False)
        self.bias = self.create_parameter([out_features], attr=bias_attr, is_bias=True)
        self.name = name

    def forward(self, input):
        return F.linear(input, self.weight, self.bias, self.name)

    def extra_repr(self) -> str:
        name = f", name={self.name}" if self.name else ""
        return f"in_features={self.weight.shape[0]}, out_features={self.weight.shape[1]}, dtype={self._dtype}{name}"


class Identity(Layer):
    """Returns its input unchanged; any constructor arguments are ignored.

    Examples:
        >>> import paddle
        >>> x = paddle.ones([2])
        >>> paddle.nn.Identity(54, unused="argument")(x) is x
        True
    """

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Flatten(Layer):
    """Flattens the dims from `start_axis` to `stop_axis` into one.

    Args:
        start_axis (int, optional): the first dim to flatten. Default 1.
        stop_axis (int, optional): the last dim to flatten. Default -1.

    Examples:
        >>> import paddle
        >>> paddle.nn.Flatten()(paddle.ones([2, 3, 4])).shape
        [2, 12]
    """

    def __init__(self, start_axis=1, stop_axis=-1):
        super().__init__()
        self.start_axis = check.integer("Flatten", start_axis, "start_axis")
        self.stop_axis = check.integer("Flatten", stop_axis, "stop_axis")

    def forward(self, input):
        from paddle import flatten

        return flatten(input, start_axis=self.start_axis, stop_axis=self.stop_axis)

    def extra_repr(self) -> str:
        return f"start_axis={self.start_axis}, stop_axis={self.stop_axis}"


class Dropout(Layer):
    """Zeroes each element with probability `p` in training mode; the identity in eval mode.

    Args:
        p (float, optional): the drop probability, in [0, 1]. Default 0.5.
        axis (int|list, optional): drop whole slices along these axes (one mask value per slice).
        mode (str, optional): 'upscale_in_train' (scale kept values by 1/(1-p) when training) or
            'downscale_in_infer' (scale by 1-p in eval instead). Default 'upscale_in_train'.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> drop = paddle.nn.Dropout(0.5)
        >>> x = paddle.ones([1000])
        >>> values = set(drop(x).numpy().tolist())
        >>> values <= {0.0, 2.0}
        True
        >>> bool((drop.eval()(x) == x).all())
        True
    """

    def __init__(self, p=0.5, axis=None, mode="upscale_in_train", name=None):
        super().__init__()
        p = check.number("Dropout", p, "p")
        if not 0 <= p <= 1:
            raise ValueError(f"[Dropout] argument 'p': expected a number in [0, 1], but got {p}")
        self.p = p
        self.axis = axis
        self.mode = check.choice("Dropout", mode, ("upscale_in_train", "downscale_in_infer"), "mode")
        self.name = name

    def forward(self, input):
        return F.dropout(input, p=self.p, axis=self.axis, training=self.training, mode=self.mode, name=self.name)

    def extra_repr(self) -> str:
        name = f", name={self.name}" if self.name else ""
        return f"p={self.p}, axis={self.axis}, mode={self.mode}{name}"
