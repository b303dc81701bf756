"""More activations of paddle.nn.functional, composed of differentiable ops:
logsigmoid, maxout, rrelu, gumbel_softmax and swiglu."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle._signature import aliases


def _float_tensor(op, x, arg="x"):
    check.tensor(op, x, arg)
    if not x.dtype.name.startswith(("float", "bfloat")):
        raise TypeError(f"[{op}] argument '{arg}': expected a floating-point Tensor, but got {check.got(x)}")
    return x


@aliases(x="input")
def logsigmoid(x, name=None) -> Tensor:
    """log(sigmoid(x)) = -softplus(-x), computed stably; the other name of log_sigmoid.

    Examples:
        >>> import paddle
        >>> y = paddle.nn.functional.logsigmoid(paddle.to_tensor([0.0, -100.0]))
        >>> [round(v, 4) for v in y.tolist()]
        [-0.6931, -100.0]
    """
    check.tensor("logsigmoid", x)
    return paddle.nn.functional.log_sigmoid(x)


def maxout(x, groups, axis=1, name=None) -> Tensor:
    """The maximum over each run of `groups` consecutive channels: x [N, C, H, W]
    (axis 1) or [N, H, W, C] (axis -1 or 3) gives C / groups channels.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 4.0, 3.0, 2.0]).reshape([1, 4, 1, 1])
        >>> paddle.nn.functional.maxout(x, groups=2).flatten().tolist()
        [4.0, 3.0]
    """
    op = "maxout"
    check.tensor(op, x)
    if len(x.shape) != 4:
        raise ValueError(f"[{op}] argument 'x': expected a 4-D tensor, but got shape {list(x.shape)}")
    groups = check.integer(op, groups, "groups")
    if groups < 2:
        raise ValueError(f"[{op}] argument 'groups': expected an int > 1, but got {groups}")
    axis = check.integer(op, axis, "axis")
    if axis not in (1, -1, 3):
        raise ValueError(f"[{op}] argument 'axis': expected 1, -1 or 3, but got {axis}")
    axis %= 4
    channels = x.shape[axis]
    if channels % groups:
        raise ValueError(f"[{op}] the {channels} channels of x (dim {axis}) are not divisible by groups={groups}")
    shape = list(x.shape)
    split = shape[:axis] + [channels // groups, groups] + shape[axis + 1:]
    return paddle.max(x.reshape(split), axis=axis + 1)


def _check_rrelu_bounds(op, lower, upper):
    lower = check.number(op, lower, "lower")
    upper = check.number(op, upper, "upper")
    if not 0 <= lower <= 1:
        raise ValueError(f"[{op}] argument 'lower': expected a number in [0, 1], but got {lower}")
    if not 0 <= upper <= 1:
        raise ValueError(f"[{op}] argument 'upper': expected a number in [0, 1], but got {upper}")
    if upper < lower:
        raise ValueError(f"[{op}] argument 'upper': expected a number >= lower ({lower}), but got {upper}")
    return lower, upper


def rrelu(x, lower=1.0 / 8.0, upper=1.0 / 3.0, training=True, name=None) -> Tensor:
    """Randomized leaky ReLU: x where x >= 0, a * x elsewhere, with a drawn from
    U(lower, upper) for each element in training and a = (lower + upper) / 2 otherwise.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([-2.0, 3.0])
        >>> paddle.nn.functional.rrelu(x, 0.1, 0.3, training=False).tolist()
        [-0.4000000059604645, 3.0]
    """
    op = "rrelu"
    _float_tensor(op, x)
    lower, upper = _check_rrelu_bounds(op, lower, upper)
    check.flag(op, training, "training")
    if training:
        slope = paddle.uniform(x.shape, dtype=x.dtype, min=lower, max=upper)
    else:
        slope = paddle.full([], (lower + upper) / 2.0, x.dtype)
    return paddle.where(x >= 0, x, x * slope)


def gumbel_softmax(x, temperature=1.0, hard=False, axis=-1, name=None) -> Tensor:
    """softmax((x + g) / temperature) along axis with Gumbel(0, 1) noise g = -log(-log(U)).

    With hard=True the result is the one-hot vector of the largest entry, and its
    gradient is that of the soft sample (the straight-through estimator).

    Examples:
        >>> import paddle
        >>> y = paddle.nn.functional.gumbel_softmax(paddle.zeros([3, 4]), hard=True)
        >>> y.sum(axis=-1).tolist(), sorted(set(y.flatten().tolist()))
        ([1.0, 1.0, 1.0], [0.0, 1.0])
    """
    op = "gumbel_softmax"
    _float_tensor(op, x)
    temperature = check.number(op, temperature, "temperature")
    if not temperature > 0:
        raise ValueError(f"[{op}] argument 'temperature': expected a number > 0, but got {temperature}")
    axis = check.axis(op, axis, len(x.shape))
    # U in [tiny, 1): both logs stay finite.
    tiny = float(paddle.finfo(x.dtype).tiny)
    u = paddle.uniform(x.shape, dtype=x.dtype, min=tiny, max=1.0)
    noise = -paddle.log(-paddle.log(u))
    soft = paddle.nn.functional.softmax((x + noise) / temperature, axis=axis)
    if not check.flag(op, hard, "hard"):
        return soft
    index = paddle.argmax(soft, axis=axis, keepdim=True)
    one_hot = paddle.put_along_axis(paddle.zeros_like(soft), index, paddle.ones([], soft.dtype), axis)
    return one_hot - soft.detach() + soft


def swiglu(x, y=None, name=None) -> Tensor:
    """silu(x) * y; with y None, x is split in two halves a, b along its last dim and
    the result is silu(a) * b.

    Examples:
        >>> import paddle
        >>> out = paddle.nn.functional.swiglu(paddle.to_tensor([[1.0, 2.0, 3.0, 4.0]]))
        >>> [round(v, 4) for v in out[0].tolist()]
        [2.1932, 7.0464]
    """
    op = "swiglu"
    _float_tensor(op, x)
    if y is None:
        if not x.shape or x.shape[-1] % 2:
            raise ValueError(f"[{op}] the last dim of x must be even to split it in two, but got shape "
                             f"{list(x.shape)}")
        x, y = paddle.chunk(x, 2, axis=-1)
    else:
        _float_tensor(op, y, "y")
        if list(x.shape) != list(y.shape):
            raise ValueError(f"[{op}] argument 'y': expected the shape of x {list(x.shape)}, but got "
                             f"{list(y.shape)}")
    return paddle.nn.functional.silu(x) * y

