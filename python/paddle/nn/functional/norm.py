"""Normalization functions: adapters of Paddle's arguments onto the
layer_norm, rms_norm, batch_norm, group_norm and instance_norm ops."""

from __future__ import annotations

import math
import numbers

import numpy as np

import paddle
from paddle import _C
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases, write_out
from paddle.nn.layer.layers import is_static_parameter


def _affine(op, t, shape, fill, dtype, arg):
    if t is None:
        return paddle.full(shape, fill, dtype)
    check.tensor(op, t, arg)
    if t.size != math.prod(shape):
        raise ValueError(f"[{op}] argument '{arg}': expected {shape} elements, but got shape {list(t.shape)}")
    return t.reshape(shape) if list(t.shape) != list(shape) else t


@aliases(x="input", epsilon="eps")
def layer_norm(x, normalized_shape, weight=None, bias=None, epsilon=1e-05, name=None) -> Tensor:
    """Normalizes x over its last dims (normalized_shape) to zero mean and unit
    variance, then applies weight and bias (elementwise over those dims).

    Examples:
        >>> import paddle
        >>> y = paddle.nn.functional.layer_norm(paddle.to_tensor([[1.0, 3.0]]), 2)
        >>> [round(v, 4) for v in y.numpy()[0].tolist()]
        [-1.0, 1.0]
    """
    check.tensor("layer_norm", x)
    shape = check.int_list("layer_norm", normalized_shape, "normalized_shape", allow_int=True)
    if list(x.shape[len(x.shape) - len(shape):]) != shape or len(shape) > len(x.shape) or not shape:
        raise ValueError(f"[layer_norm] normalized_shape {shape} must be the last dims of x's shape {list(x.shape)}")
    w = _affine("layer_norm", weight, shape, 1.0, x.dtype, "weight")
    b = _affine("layer_norm", bias, shape, 0.0, x.dtype, "bias")
    check.number("layer_norm", epsilon, "epsilon")
    return _C_ops.layer_norm(x, w, b, float(epsilon), len(x.shape) - len(shape))[0]


def rms_norm(input, normalized_shape, weight=None, eps=1e-05, name=None) -> Tensor:  # noqa: A002  (Paddle's name)
    """input / sqrt(mean(input^2) + eps) over the last dims (normalized_shape), times weight.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[3.0, 4.0]])
        >>> [round(v, 4) for v in paddle.nn.functional.rms_norm(x, 2, eps=0.0)[0].tolist()]
        [0.8485, 1.1314]
    """
    check.tensor("rms_norm", input, "input")
    shape = check.int_list("rms_norm", normalized_shape, "normalized_shape", allow_int=True)
    rank = len(input.shape)
    if list(input.shape[rank - len(shape):]) != shape or len(shape) > rank or not shape:
        raise ValueError(f"[rms_norm] normalized_shape {shape} must be the last dims of input's shape "
                         f"{list(input.shape)}")
    check.number("rms_norm", eps, "eps")
    w = _affine("rms_norm", weight, shape, 1.0, input.dtype, "weight")
    return _C_ops.rms_norm(input, w, float(eps), rank - len(shape))[0]


def _channel_axis(op, x, data_format):
    if data_format not in ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
        raise ValueError(f"[{op}] argument 'data_format': unknown layout {data_format!r}")
    if len(x.shape) < 2:
        raise ValueError(f"[{op}] x must have at least 2 dims, but got shape {list(x.shape)}")
    return 1 if data_format[1] == "C" or data_format == "NC" else len(x.shape) - 1


def batch_norm(x, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.9, epsilon=1e-05,
               data_format="NCHW", use_global_stats=None, name=None) -> Tensor:
    """Normalizes each channel by the batch's statistics (training, or
    use_global_stats=False) or the running ones; using the batch's updates
    running_mean/running_var in place: running = momentum * running +
    (1 - momentum) * batch statistic.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0], [3.0]])
        >>> rm, rv = paddle.zeros([1]), paddle.ones([1])
        >>> paddle.nn.functional.batch_norm(x, rm, rv, training=True).numpy().round(3).tolist()
        [[-1.0], [1.0]]
        >>> [round(v, 3) for v in rm.tolist()], [round(v, 3) for v in rv.tolist()]
        ([0.2], [1.0])
    """
    check.tensor("batch_norm", x)
    c_axis = _channel_axis("batch_norm", x, data_format)
    channels = x.shape[c_axis]
    for arg, t in (("running_mean", running_mean), ("running_var", running_var)):
        check.tensor("batch_norm", t, arg)
        if int(np.prod(t.shape)) != channels:
            raise ValueError(f"[batch_norm] argument '{arg}': expected {channels} elements, but got shape {list(t.shape)}")
    w = _affine("batch_norm", weight, [channels], 1.0, x.dtype, "weight")
    b = _affine("batch_norm", bias, [channels], 0.0, x.dtype, "bias")
    # Paddle's mapping of the Python flags onto the op's attributes.
    if use_global_stats is None:
        use_global_stats, trainable_statistics = not training, False
    else:
        use_global_stats = check.flag("batch_norm", use_global_stats, "use_global_stats")
        trainable_statistics = not use_global_stats
    layout = "NCHW" if c_axis == 1 else "NHWC"
    out, mean_out, variance_out, _, _ = _C_ops.batch_norm(
        x, running_mean.reshape([channels]), running_var.reshape([channels]), w, b, not training, float(momentum),
        float(epsilon), layout, use_global_stats, trainable_statistics)
    if not use_global_stats and (training or trainable_statistics):  # the batch's statistics were used
        if not paddle.in_dynamic_mode():
            # Running statistics that are parameters of the program are stored back for the next
            # run; others (inputs fed each run) have nowhere to keep the update.
            for t, new in ((running_mean, mean_out), (running_var, variance_out)):
                if is_static_parameter(t):
                    _C.pir.set_parameter(new.reshape(t.shape), t.name)
            return out
        with paddle.no_grad():
            running_mean[...] = mean_out.reshape(running_mean.shape)
            running_var[...] = variance_out.reshape(running_var.shape)
    return out


@aliases(x="input", epsilon="eps")
def group_norm(x, num_groups, epsilon=1e-05, weight=None, bias=None, data_format="NCHW", name=None) -> Tensor:
    """Normalizes each group of num_groups channels (per sample) by its own
    statistics, then applies the per-channel weight and bias."""
    check.tensor("group_norm", x)
    c_axis = _channel_axis("group_norm", x, data_format)
    channels = x.shape[c_axis]
    if isinstance(num_groups, bool) or not isinstance(num_groups, numbers.Integral) or num_groups <= 0 \
            or channels % num_groups:
        raise ValueError(f"[group_norm] the channels ({channels}) must divide into num_groups ({num_groups}) groups")
    check.number("group_norm", epsilon, "epsilon")
    w = _affine("group_norm", weight, [channels], 1.0, x.dtype, "weight")
    b = _affine("group_norm", bias, [channels], 0.0, x.dtype, "bias")
    layout = "NCHW" if c_axis == 1 else "NHWC"
    return _C_ops.group_norm(x, w, b, float(epsilon), int(num_groups), layout)[0]


def instance_norm(x, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.9, eps=1e-05, data_format="NCHW", name=None) -> Tensor:
    """Normalizes each channel of each sample by its own statistics (group_norm with one channel per group)."""
    check.tensor("instance_norm", x)
    c_axis = _channel_axis("instance_norm", x, data_format)
    if not use_input_stats:
        raise NotImplementedError("[instance_norm] use_input_stats=False is not supported")
    check.number("instance_norm", eps, "eps")
    if len(x.shape) < 3:
        raise ValueError(f"[instance_norm] x must be [N, C, ...] with a spatial dim, but got shape {list(x.shape)}")
    channels = x.shape[c_axis]
    w = _affine("instance_norm", weight, [channels], 1.0, x.dtype, "weight")
    b = _affine("instance_norm", bias, [channels], 0.0, x.dtype, "bias")
    moved = paddle.moveaxis(x, c_axis, 1) if c_axis != 1 else x
    out = _C_ops.instance_norm(moved, w, b, float(eps))[0]
    return paddle.moveaxis(out, 1, c_axis) if c_axis != 1 else out


@aliases(x="input", axis="dim", epsilon="eps")
def normalize(x, p=2, axis=1, epsilon=1e-12, out=None, name=None) -> Tensor:
    """x divided by its p-norm along axis (at least epsilon), written into `out` when given.

    Examples:
        >>> import paddle
        >>> paddle.nn.functional.normalize(paddle.to_tensor([[3.0, 4.0]])).numpy().tolist()
        [[0.6000000238418579, 0.800000011920929]]
    """
    check.tensor("normalize", x)
    axis = check.axis("normalize", axis, max(len(x.shape), 1))
    norm = paddle.linalg.norm(x, p=p, axis=axis, keepdim=True)
    result = x / paddle.clip(norm, min=epsilon)
    return write_out("normalize", out, result)
