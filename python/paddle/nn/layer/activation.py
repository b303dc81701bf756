"""Activations as layers: each applies its ``paddle.nn.functional`` counterpart
with the arguments given to the constructor."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle.framework import get_default_dtype
from paddle.nn import functional as F
from paddle.nn.initializer import Constant
from paddle.nn.layer.layers import Layer
from paddle.tensor.inplace import update


class _Activation(Layer):
    """Calls the functional named `_fn` with the attributes in ``self._attrs``."""

    _fn = ""

    def __init__(self, name=None, _attrs=None):
        super().__init__()
        self._attrs = dict(_attrs or {})
        self._name = name

    def forward(self, x):
        fn = getattr(F, self._fn, None) or getattr(paddle, self._fn)
        return fn(x, **self._attrs)

    def extra_repr(self) -> str:
        parts = [f"{k}={v}" for k, v in self._attrs.items()]
        if self._name:
            parts.append(f"name={self._name}")
        return ", ".join(parts)


def _numbers(op: str, **values) -> dict:
    return {k: check.number(op, v, k) for k, v in values.items()}


class ReLU(_Activation):
    """relu(x) = max(x, 0).

    Examples:
        >>> import paddle
        >>> paddle.nn.ReLU()(paddle.to_tensor([-1.0, 2.0])).numpy().tolist()
        [0.0, 2.0]
    """
    _fn = "relu"


class ReLU6(_Activation):
    """relu6(x) = min(max(x, 0), 6)."""
    _fn = "relu6"


class Sigmoid(_Activation):
    """sigmoid(x) = 1 / (1 + exp(-x))."""
    _fn = "sigmoid"


class Tanh(_Activation):
    """tanh(x)."""
    _fn = "tanh"


class Silu(_Activation):
    """silu(x) = x * sigmoid(x); with inplace=True the result is written into x, which is returned.

    Examples:
        >>> import paddle
        >>> act = paddle.nn.Silu(inplace=True)
        >>> x = paddle.to_tensor([0.0, 1.0])
        >>> act(x) is x, [round(v, 4) for v in x.tolist()]
        (True, [0.0, 0.7311])
        >>> act
        Silu(inplace=True)
    """
    _fn = "silu"

    def __init__(self, inplace=False, name=None):
        super().__init__(name)
        self._inplace = check.flag("Silu", inplace, "inplace")

    def forward(self, x):
        if self._inplace:
            return update("silu_", x, F.silu)
        return F.silu(x)

    def extra_repr(self) -> str:
        return f"inplace={self._inplace}" + (f", name={self._name}" if self._name else "")


class Swish(_Activation):
    """swish(x) = x * sigmoid(x)."""
    _fn = "swish"


class Mish(_Activation):
    """mish(x) = x * tanh(softplus(x))."""
    _fn = "mish"


class Softsign(_Activation):
    """softsign(x) = x / (1 + |x|)."""
    _fn = "softsign"


class Tanhshrink(_Activation):
    """tanhshrink(x) = x - tanh(x)."""
    _fn = "tanhshrink"


class LogSigmoid(_Activation):
    """log_sigmoid(x) = log(1 / (1 + exp(-x)))."""
    _fn = "log_sigmoid"


class Hardswish(_Activation):
    """hardswish(x) = x * min(max(x + 3, 0), 6) / 6."""
    _fn = "hardswish"


class Hardsigmoid(_Activation):
    """hardsigmoid(x) = min(max(x / 6 + 0.5, 0), 1)."""
    _fn = "hardsigmoid"


class LeakyReLU(_Activation):
    """leaky_relu(x) = x for x >= 0, negative_slope * x otherwise.

    Args:
        negative_slope (float, optional): the slope for negative inputs. Default 0.01.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> act = paddle.nn.LeakyReLU(0.1)
        >>> act(paddle.to_tensor([-2.0, 3.0])).numpy().tolist(), act
        ([-0.20000000298023224, 3.0], LeakyReLU(negative_slope=0.1))
    """
    _fn = "leaky_relu"

    def __init__(self, negative_slope=0.01, name=None):
        super().__init__(name, _numbers("LeakyReLU", negative_slope=negative_slope))


class ELU(_Activation):
    """elu(x) = x for x > 0, alpha * (exp(x) - 1) otherwise. Args: alpha (float, optional), default 1.0."""
    _fn = "elu"

    def __init__(self, alpha=1.0, name=None):
        super().__init__(name, _numbers("ELU", alpha=alpha))


class CELU(_Activation):
    """celu(x) = max(0, x) + min(0, alpha * (exp(x / alpha) - 1)). Args: alpha (float, optional), default 1.0."""
    _fn = "celu"

    def __init__(self, alpha=1.0, name=None):
        if check.number("CELU", alpha, "alpha") == 0:
            raise ValueError("[CELU] argument 'alpha': expected a non-zero number, but got 0")
        super().__init__(name, {"alpha": alpha})


class SELU(_Activation):
    """selu(x) = scale * (x for x > 0, alpha * (exp(x) - 1) otherwise), with the self-normalizing constants."""
    _fn = "selu"

    def __init__(self, scale=1.0507009873554804934193349852946, alpha=1.6732632423543772848170429916717,
                 name=None):
        super().__init__(name, _numbers("SELU", scale=scale, alpha=alpha))


class GELU(_Activation):
    """gelu(x) = x * Phi(x) (Phi the standard normal CDF); its tanh approximation when `approximate`."""
    _fn = "gelu"

    def __init__(self, approximate=False, name=None):
        super().__init__(name, {"approximate": check.flag("GELU", approximate, "approximate")})


class Softplus(_Activation):
    """softplus(x) = log(1 + exp(beta * x)) / beta, and x where beta * x > threshold.

    Args:
        beta (float, optional): Default 1. threshold (float, optional): Default 20.
    """
    _fn = "softplus"

    def __init__(self, beta=1, threshold=20, name=None):
        super().__init__(name, _numbers("Softplus", beta=beta, threshold=threshold))


class Hardtanh(_Activation):
    """hardtanh(x) = min(max(x, min), max). Args: min (float, optional) -1.0, max (float, optional) 1.0."""
    _fn = "hardtanh"

    def __init__(self, min=-1.0, max=1.0, name=None):  # noqa: A002  (Paddle's names)
        super().__init__(name, _numbers("Hardtanh", min=min, max=max))


class Softshrink(_Activation):
    """softshrink(x) = x - threshold for x > threshold, x + threshold for x < -threshold, 0 otherwise."""
    _fn = "softshrink"

    def __init__(self, threshold=0.5, name=None):
        if check.number("Softshrink", threshold, "threshold") < 0:
            raise ValueError(f"[Softshrink] argument 'threshold': expected a number >= 0, but got {threshold}")
        super().__init__(name, {"threshold": threshold})


class Hardshrink(_Activation):
    """hardshrink(x) = x where |x| > threshold, 0 otherwise. Args: threshold (float, optional) 0.5."""
    _fn = "hardshrink"

    def __init__(self, threshold=0.5, name=None):
        super().__init__(name, _numbers("Hardshrink", threshold=threshold))


class Softmax(_Activation):
    """softmax along `axis` (default -1): exp(x) / sum(exp(x))."""
    _fn = "softmax"

    def __init__(self, axis=-1, name=None):
        super().__init__(name, {"axis": check.integer("Softmax", axis, "axis")})


class LogSoftmax(_Activation):
    """log(softmax(x)) along `axis` (default -1)."""
    _fn = "log_softmax"

    def __init__(self, axis=-1, name=None):
        super().__init__(name, {"axis": check.integer("LogSoftmax", axis, "axis")})


class GLU(_Activation):
    """glu(x) = a * sigmoid(b), where a and b are the halves of x along `axis` (default -1)."""
    _fn = "glu"

    def __init__(self, axis=-1, name=None):
        super().__init__(name, {"axis": check.integer("GLU", axis, "axis")})


class PReLU(Layer):
    """prelu(x) = x for x >= 0, w * x otherwise, with a learned slope w (one, or one per channel).

    Args:
        num_parameters (int, optional): 1 (one shared slope) or the number of channels. Default 1.
        init (float, optional): the slopes' initial value. Default 0.25.
        weight_attr (ParamAttr, optional): the slopes' attributes.
        data_format (str, optional): where the channel dim is: 'NC', 'NCL', 'NCHW', 'NCDHW' (second) or
            'NLC', 'NHWC', 'NDHWC' (last). Default 'NCHW'.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> act = paddle.nn.PReLU()
        >>> act(paddle.to_tensor([-4.0, 1.0])).numpy().tolist()
        [-1.0, 1.0]
    """

    def __init__(self, num_parameters=1, init=0.25, weight_attr=None, data_format="NCHW", name=None):
        super().__init__()
        self._dtype = get_default_dtype()  # parameters in the global default dtype, as Paddle's layers
        self._num_parameters = check.integer("PReLU", num_parameters, "num_parameters", min=1)
        self._init = check.number("PReLU", init, "init")
        self._data_format = check.choice("PReLU", data_format, ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC",
                                                                "NDHWC"), "data_format")
        self._name = name
        self._weight = self.create_parameter([self._num_parameters], attr=weight_attr,
                                             default_initializer=Constant(self._init))

    def forward(self, x):
        return F.prelu(x, self._weight, data_format=self._data_format)

    def extra_repr(self) -> str:
        name = f", name={self._name}" if self._name else ""
        return f"num_parameters={self._num_parameters}, data_format={self._data_format}, init={self._init}{name}"
