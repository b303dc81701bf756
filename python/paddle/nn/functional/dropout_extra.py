"""Channel-wise dropouts: dropout1d and feature_alpha_dropout."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.tensor.inplace import update

# SELU's negative saturation -scale * alpha: what a dropped unit of
# (feature_)alpha_dropout is set to before the affine correction.
_SELU_SATURATION = -1.6732632423543772848170429916717 * 1.0507009873554804934193349852946


def _check_p(op, p):
    p = check.number(op, p, "p")
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"[{op}] argument 'p': expected a number in [0, 1], but got {p}")
    return p


def dropout1d(input, p=0.5, training=True, inplace=False) -> Tensor:  # noqa: A002
    """Zeroes whole channels of input [N, C, L] (or [C, L]) with probability p in
    training, scaling the kept ones by 1 / (1 - p); the identity otherwise.

    With inplace=True the result is written into input, which is returned.

    Examples:
        >>> import paddle
        >>> y = paddle.nn.functional.dropout1d(paddle.ones([2, 8, 3]), p=0.5)
        >>> sorted(set(y.numpy().std(axis=-1).flatten().tolist()))
        [0.0]
    """
    op = "dropout1d"
    check.tensor(op, input, "input")
    if len(input.shape) not in (2, 3):
        raise ValueError(f"[{op}] argument 'input': expected a 2-D [C, L] or 3-D [N, C, L] tensor, but got shape "
                         f"{list(input.shape)}")
    p = _check_p(op, p)
    training = check.flag(op, training, "training")
    # One decision per channel: the mask varies along every dim but the last.
    axes = list(range(len(input.shape) - 1))

    def drop(x):
        return paddle.nn.functional.dropout(x, p, axis=axes, training=training)

    return update(op + "_", input, drop) if check.flag(op, inplace, "inplace") else drop(input)


def feature_alpha_dropout(x, p=0.5, training=True, name=None) -> Tensor:
    """alpha_dropout that drops whole channels: x [N, C, ...] keeps or drops each
    (n, c) slice together, then the affine correction a * y + b keeps a zero-mean,
    unit-variance input's moments (see ``alpha_dropout``). The identity when not training.

    Examples:
        >>> import paddle
        >>> y = paddle.nn.functional.feature_alpha_dropout(paddle.ones([2, 6, 4]), p=0.5)
        >>> sorted(set(y.numpy().std(axis=-1).round(6).flatten().tolist()))
        [0.0]
        >>> paddle.nn.functional.feature_alpha_dropout(paddle.ones([2, 3]), training=False).tolist()
        [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]
    """
    op = "feature_alpha_dropout"
    check.tensor(op, x)
    if len(x.shape) < 2:
        raise ValueError(f"[{op}] argument 'x': expected a tensor of at least 2 dims [N, C, ...], but got shape "
                         f"{list(x.shape)}")
    p = _check_p(op, p)
    if not check.flag(op, training, "training"):
        return x
    if p == 1.0:
        return x * 0.0
    a = ((1.0 - p) * (1.0 + p * _SELU_SATURATION ** 2)) ** -0.5
    b = -a * _SELU_SATURATION * p
    mask_shape = list(x.shape[:2]) + [1] * (len(x.shape) - 2)
    keep = paddle.bernoulli(paddle.full(mask_shape, 1.0 - p, x.dtype))
    return (x * keep + (1.0 - keep) * _SELU_SATURATION) * a + b
