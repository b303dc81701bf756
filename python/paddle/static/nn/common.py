"""Layers of static programs."""

from __future__ import annotations

import numpy as np


def fc(x, size, num_flatten_dims=1, weight_attr=None, bias_attr=None, activation=None, name=None):
    """A fully connected layer: x (its dims after num_flatten_dims flattened)
    @ weight [in, size] + bias [size], then the activation (a name from
    paddle.nn.functional, e.g. "relu"). The weight starts Xavier-uniform and
    the bias at zeros (see create_parameter); bias_attr=False leaves the bias out.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> main, startup = paddle.static.Program(), paddle.static.Program()
        >>> with paddle.static.program_guard(main, startup):
        ...     x = paddle.static.data("x", [4, 3], "float32")
        ...     y = paddle.static.nn.fc(x, 2, activation="relu")
        >>> y.shape
        [4, 2]
        >>> paddle.disable_static()
    """
    import paddle
    from paddle.base import unique_name
    from paddle.static.param import create_parameter

    if not isinstance(size, int) or size <= 0:
        raise ValueError(f"[fc] size must be a positive int, but got {size!r}")
    shape = list(x.shape)
    if not 1 <= num_flatten_dims < len(shape):
        raise ValueError(f"[fc] num_flatten_dims must be in [1, {len(shape)}), but got {num_flatten_dims}")
    in_features = int(np.prod(shape[num_flatten_dims:]))
    if in_features < 0:
        raise ValueError(f"[fc] the dims after num_flatten_dims must be known, but x has shape {shape}")
    if len(shape) != num_flatten_dims + 1:
        x = paddle.reshape(x, shape[:num_flatten_dims] + [in_features])
    prefix = unique_name.generate("fc")  # Paddle's parameter names: fc_0.w_0, fc_0.b_0
    weight = create_parameter([in_features, size], x.dtype, name=f"{prefix}.w_0", attr=weight_attr)
    out = paddle.matmul(x, weight)
    if bias_attr is not False:
        out = out + create_parameter([size], x.dtype, name=f"{prefix}.b_0", attr=bias_attr, is_bias=True)
    if activation is not None:
        out = getattr(paddle.nn.functional, activation)(out)
    return out
