"""local_response_norm: normalization across neighbouring channels."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor

_FORMATS = ("NCL", "NLC", "NCHW", "NHWC", "NCDHW", "NDHWC")


def local_response_norm(x, size, alpha=1e-4, beta=0.75, k=1.0, data_format="NCHW", name=None) -> Tensor:
    """x / (k + alpha / size * s)^beta, s the sum of x^2 over the `size` channels
    around each one (size // 2 before it, (size - 1) // 2 after, zeros past the edges).

    Args:
        x (Tensor): at least 3-D, channels at dim 1 (or last for NLC/NHWC/NDHWC).
        size (int): the number of channels summed.
        alpha, beta, k (float, optional): as in the formula. Defaults 1e-4, 0.75, 1.0.
        data_format (str, optional): where the channels are. Default 'NCHW'.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0, 3.0]).reshape([1, 3, 1])
        >>> y = paddle.nn.functional.local_response_norm(x, size=2, alpha=1.0, beta=1.0)
        >>> [round(v, 4) for v in y.flatten().tolist()]
        [0.6667, 0.5714, 0.4]
    """
    op = "local_response_norm"
    check.tensor(op, x)
    if len(x.shape) < 3:
        raise ValueError(f"[{op}] argument 'x': expected a tensor of at least 3 dims, but got shape "
                         f"{list(x.shape)}")
    size = check.integer(op, size, "size", min=1)
    alpha, beta, k = (check.number(op, v, arg) for v, arg in ((alpha, "alpha"), (beta, "beta"), (k, "k")))
    data_format = check.choice(op, data_format, _FORMATS, "data_format")
    axis = 1 if data_format[1] == "C" else len(x.shape) - 1
    channels = x.shape[axis]
    # A window reaching past the channels on either side sees only zeros
    # there: padding by at most `channels` gives the same sums for any size.
    before, after = min(size // 2, channels), min((size - 1) // 2, channels)
    pads = [0] * (2 * len(x.shape))
    pads[2 * axis], pads[2 * axis + 1] = before, after
    squares = paddle.nn.functional.pad(paddle.square(x), pads, mode="constant", value=0.0)
    window = paddle.slice(squares, [axis], [0], [channels])
    for offset in range(1, before + after + 1):
        window = window + paddle.slice(squares, [axis], [offset], [offset + channels])
    return x / paddle.pow(k + alpha / size * window, beta)
