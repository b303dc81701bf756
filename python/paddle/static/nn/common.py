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


def conv2d(input, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None, param_attr=None,
           bias_attr=None, use_cudnn=True, act=None, name=None, data_format="NCHW"):
    """A 2-D convolution layer: weight [num_filters, C/groups, kh, kw] (normal
    with std sqrt(2 / (C * kh * kw)) unless param_attr says otherwise), a
    zero bias [num_filters] (bias_attr=False: none), then `act`.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> main, startup = paddle.static.Program(), paddle.static.Program()
        >>> with paddle.static.program_guard(main, startup):
        ...     x = paddle.static.data("x", [2, 3, 8, 8], "float32")
        ...     y = paddle.static.nn.conv2d(x, 4, 3, padding=1, act="relu")
        >>> y.shape
        [2, 4, 8, 8]
        >>> paddle.disable_static()
    """
    import paddle
    from paddle.base import unique_name
    from paddle.nn import initializer
    from paddle.static.param import create_parameter

    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"[conv2d] data_format must be 'NCHW' or 'NHWC', but got {data_format!r}")
    channels = input.shape[1 if data_format == "NCHW" else 3]
    groups = 1 if groups is None else groups
    if channels < 0 or channels % groups:
        raise ValueError(f"[conv2d] the channel dim ({channels}) must be known and divisible by groups ({groups})")
    kh, kw = (filter_size, filter_size) if isinstance(filter_size, int) else tuple(filter_size)
    prefix = unique_name.generate("conv2d")
    std = (2.0 / (channels * kh * kw)) ** 0.5
    weight = create_parameter([num_filters, channels // groups, kh, kw], input.dtype, name=f"{prefix}.w_0",
                              attr=param_attr, default_initializer=initializer.Normal(0.0, std))
    out = paddle.nn.functional.conv2d(input, weight, stride=stride, padding=padding, dilation=dilation,
                                      groups=groups, data_format=data_format)
    if bias_attr is not False:
        bias = create_parameter([num_filters], input.dtype, name=f"{prefix}.b_0", attr=bias_attr, is_bias=True)
        out = out + (paddle.reshape(bias, [1, num_filters, 1, 1]) if data_format == "NCHW" else bias)
    if act is not None:
        out = getattr(paddle.nn.functional, act)(out)
    return out


def batch_norm(input, act=None, is_test=False, momentum=0.9, epsilon=1e-05, param_attr=None, bias_attr=None,
               data_layout="NCHW", in_place=False, name=None, moving_mean_name=None, moving_variance_name=None,
               do_model_average_for_mean_and_var=True, use_global_stats=False):
    """Batch normalization over the channels (NCHW or NHWC): scale (ones) and
    bias (zeros) are trained; the moving mean (zeros) and variance (ones) are
    parameters that each training run updates (momentum * moving + (1 -
    momentum) * batch statistic) and that is_test or use_global_stats use
    instead of the batch's. Then `act`.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> main, startup = paddle.static.Program(), paddle.static.Program()
        >>> with paddle.static.program_guard(main, startup):
        ...     x = paddle.static.data("x", [4, 3, 8, 8], "float32")
        ...     y = paddle.static.nn.batch_norm(x, act="relu")
        >>> y.shape
        [4, 3, 8, 8]
        >>> paddle.disable_static()
    """
    import paddle
    from paddle.base import unique_name
    from paddle.nn import initializer
    from paddle.static.param import create_parameter

    if data_layout not in ("NCHW", "NHWC"):
        raise ValueError(f"[batch_norm] data_layout must be 'NCHW' or 'NHWC', but got {data_layout!r}")
    channels = input.shape[1 if data_layout == "NCHW" else -1]
    if channels < 0:
        raise ValueError(f"[batch_norm] the channel dim of input {list(input.shape)} must be known")
    prefix = unique_name.generate("batch_norm")
    dtype = input.dtype
    scale = create_parameter([channels], dtype, name=f"{prefix}.w_0", attr=param_attr,
                             default_initializer=initializer.Constant(1.0))
    bias = create_parameter([channels], dtype, name=f"{prefix}.b_0", attr=bias_attr, is_bias=True)
    mean = create_parameter([channels], dtype, name=moving_mean_name or f"{prefix}.w_1",
                            default_initializer=initializer.Constant(0.0))
    variance = create_parameter([channels], dtype, name=moving_variance_name or f"{prefix}.w_2",
                                default_initializer=initializer.Constant(1.0))
    out = paddle.nn.functional.batch_norm(input, mean, variance, scale, bias, training=not is_test,
                                          momentum=momentum, epsilon=epsilon, data_format=data_layout,
                                          use_global_stats=use_global_stats or None)
    if act is not None:
        out = getattr(paddle.nn.functional, act)(out)
    return out


def embedding(input, size, is_sparse=False, is_distributed=False, padding_idx=None, param_attr=None,
              dtype="float32"):
    """The rows of a [size[0], size[1]] table (Xavier-uniform unless
    param_attr says otherwise) at the int ids `input`; rows at padding_idx
    read as zeros.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> main, startup = paddle.static.Program(), paddle.static.Program()
        >>> with paddle.static.program_guard(main, startup):
        ...     ids = paddle.static.data("ids", [4, 2], "int64")
        ...     emb = paddle.static.nn.embedding(ids, [10, 3])
        >>> emb.shape
        [4, 2, 3]
        >>> paddle.disable_static()
    """
    import paddle
    from paddle.base import unique_name
    from paddle.static.param import create_parameter

    if not isinstance(size, (list, tuple)) or len(size) != 2:
        raise ValueError(f"[embedding] size must be [num_embeddings, embedding_dim], but got {size!r}")
    weight = create_parameter(list(size), dtype, name=f"{unique_name.generate('embedding')}.w_0", attr=param_attr)
    return paddle.nn.functional.embedding(input, weight, padding_idx=padding_idx)
