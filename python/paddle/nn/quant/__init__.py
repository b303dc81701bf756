"""paddle.nn.quant: weight-only quantization for inference (Note [Weight-only
quantization]).

Note [Weight-only quantization]: a linear layer's weight [k, n] is stored as
integers, one scale per output channel (or per group of `group_size` input
rows and output channel): scale = max |w| / 127 (int8) or / 7 (int4), q =
round(w / scale) clipped to [-127, 127] or [-7, 7], kept transposed ([n, k])
as PaddlePaddle keeps it; int4 packs two output channels in a byte (the
even one in the low four bits). weight_only_linear multiplies by the
dequantized weight. Saved with paddle.jit.save, a model holds the integer
weights (4x or 8x smaller files); a predictor's constant folding turns the
dequantization, which reads parameters only, back into float weights once
when it loads, so inference runs float GEMMs on rounded weights. The
functions are compositions of ops, so they run in eager and static mode
alike and on every device."""

from __future__ import annotations

import paddle
from paddle import _checks as check

_BOUNDS = {"weight_only_int8": 127, "weight_only_int4": 7}
_GROUPS = (-1, 64, 128)


def _algo(op, algo):
    if algo not in _BOUNDS:
        if algo in ("llm.int8", "w4a8", "w4afp8"):
            raise NotImplementedError(f"[{op}] algo {algo!r} is not supported; use weight_only_int8 or "
                                      "weight_only_int4")
        raise ValueError(f"[{op}] argument 'algo': expected one of {sorted(_BOUNDS)}, but got {algo!r}")
    return _BOUNDS[algo]


def _group_size(op, group_size, rows):
    if group_size not in _GROUPS:
        raise ValueError(f"[{op}] argument 'group_size': expected one of {list(_GROUPS)}, but got {group_size}")
    if group_size > 0 and rows % group_size:
        raise ValueError(f"[{op}] argument 'group_size': the weight's {rows} rows are not a multiple of "
                         f"{group_size}")
    return group_size


def _expand_scale(scale, k, group_size):
    """The scale of every weight row: [n] per channel, or [k / group_size, n] repeated over each group."""
    if group_size == -1:
        return scale.reshape([1, -1])
    return paddle.repeat_interleave(scale, group_size, axis=0) if k else scale


def weight_quantize(x, algo="weight_only_int8", arch=None, group_size=-1):
    """The integer form of a weight (Note [Weight-only quantization]).

    Args:
        x (Tensor): the weight, [k, n] of a floating dtype.
        algo (str): 'weight_only_int8' or 'weight_only_int4'.
        arch (int, optional): accepted for PaddlePaddle compatibility (its GPU kernels' layouts); unused.
        group_size (int): -1 for one scale per output channel, else 64 or 128 input rows per scale.

    Returns:
        (Tensor, Tensor): the int8 weight, [n, k] (int4: [n / 2, k], two channels a byte), and the float32
        scale, [n] (grouped: [k / group_size, n]).

    Examples:
        >>> import paddle
        >>> from paddle.nn.quant import weight_quantize, weight_dequantize
        >>> w = paddle.to_tensor([[0.5, -1.0], [0.25, 2.0]])
        >>> q, scale = weight_quantize(w)
        >>> q.numpy().tolist(), [round(float(s), 5) for s in scale]
        ([[127, 64], [-64, 127]], [0.00394, 0.01575])
    """
    check.tensor("weight_quantize", x, "x")
    bound = _algo("weight_quantize", algo)
    if len(x.shape) != 2 or not x.dtype.is_floating_point:
        raise ValueError(f"[weight_quantize] argument 'x': expected a 2-D floating weight [k, n], but got "
                         f"{x.dtype.name}{list(x.shape)}")
    k, n = x.shape
    group_size = _group_size("weight_quantize", group_size, k)
    if bound == 7 and n % 2:
        raise ValueError(f"[weight_quantize] weight_only_int4 packs output channels in pairs, but the weight has "
                         f"{n}")
    w = x.astype("float32")
    absmax = paddle.abs(w).max(axis=0) if group_size == -1 else \
        paddle.abs(w.reshape([k // group_size, group_size, n])).max(axis=1)
    scale = paddle.maximum(absmax, paddle.full([], 1e-30, "float32")) / bound
    q = paddle.clip(paddle.round(w / _expand_scale(scale, k, group_size)), -bound, bound).astype("int32").t()
    if bound == 7:  # two output channels a byte: the even one low
        q = q[0::2] % 16 + (q[1::2] % 16) * 16
    return q.astype("int8"), scale


def weight_dequantize(x, scale, algo="weight_only_int8", out_dtype="float16", group_size=-1):
    """The float weight, [k, n], of weight_quantize's integers and scale.

    Args:
        x (Tensor): the int8 weight weight_quantize gave.
        scale (Tensor): its scale.
        algo (str): 'weight_only_int8' or 'weight_only_int4'.
        out_dtype (str|paddle.dtype): the result's dtype.
        group_size (int): as weight_quantize was given.
    """
    check.tensor("weight_dequantize", x, "x")
    check.tensor("weight_dequantize", scale, "scale")
    bound = _algo("weight_dequantize", algo)
    if len(x.shape) != 2 or x.dtype != paddle.int8:
        raise ValueError(f"[weight_dequantize] argument 'x': expected the 2-D int8 weight of weight_quantize, but "
                         f"got {x.dtype.name}{list(x.shape)}")
    q = x.astype("int32")
    if bound == 7:  # unpack: low four bits the even channel, high four the odd one, each signed
        byte = q % 256
        low, high = byte % 16, byte // 16
        low = low - (low > 7).astype("int32") * 16
        high = high - (high > 7).astype("int32") * 16
        q = paddle.stack([low, high], axis=1).reshape([-1, q.shape[1]])
    n, k = q.shape
    group_size = _group_size("weight_dequantize", group_size, k)
    expected = [n] if group_size == -1 else [k // group_size, n]
    if list(scale.shape) != expected:
        raise ValueError(f"[weight_dequantize] argument 'scale': expected shape {expected} for a [{n}, {k}] weight, "
                         f"but got {list(scale.shape)}")
    w = q.t().astype("float32") * _expand_scale(scale.astype("float32"), k, group_size)
    return w.astype(out_dtype)


def weight_only_linear(x, weight, bias=None, weight_scale=None, weight_dtype="int8", arch=None, group_size=-1):
    """x @ w + bias for the weight w that weight_quantize stored as `weight` and `weight_scale`.

    Args:
        x (Tensor): the input, [..., k].
        weight (Tensor): the int8 weight of weight_quantize.
        bias (Tensor, optional): [n].
        weight_scale (Tensor): its scale.
        weight_dtype (str): 'int8' or 'int4'.
        arch (int, optional): accepted for PaddlePaddle compatibility; unused.
        group_size (int): as weight_quantize was given.

    Examples:
        >>> import paddle
        >>> from paddle.nn.quant import weight_quantize, weight_only_linear
        >>> w = paddle.to_tensor([[0.5, -1.0], [0.25, 2.0]])
        >>> q, scale = weight_quantize(w)
        >>> y = weight_only_linear(paddle.ones([1, 2]), q, weight_scale=scale)
        >>> [round(float(v), 2) for v in y[0]]
        [0.75, 0.99]
    """
    check.tensor("weight_only_linear", x, "x")
    if weight_scale is None:
        raise ValueError("[weight_only_linear] argument 'weight_scale': the scale of the weight is required")
    if weight_dtype not in ("int8", "int4"):
        raise ValueError(f"[weight_only_linear] argument 'weight_dtype': expected 'int8' or 'int4', but got "
                         f"{weight_dtype!r}")
    w = weight_dequantize(weight, weight_scale, f"weight_only_{weight_dtype}", x.dtype, group_size)
    if x.shape[-1] != w.shape[0]:
        raise ValueError(f"[weight_only_linear] x has {x.shape[-1]} features, the weight {w.shape[0]}")
    out = paddle.matmul(x, w)
    return out if bias is None else out + bias


class WeightOnlyLinear(paddle.nn.Layer):
    """A linear layer whose weight is stored by weight_quantize (Note [Weight-only quantization]); its
    integer weight and scale are buffers, so state_dict and paddle.jit.save keep the integers.

    Args:
        linear (nn.Linear): the layer whose weight and bias it takes.
        algo (str): 'weight_only_int8' or 'weight_only_int4'.
        group_size (int): -1, 64 or 128.
    """

    def __init__(self, linear, algo="weight_only_int8", group_size=-1):
        super().__init__()
        if not isinstance(linear, paddle.nn.Linear):
            raise TypeError(f"[WeightOnlyLinear] expected an nn.Linear, but got {type(linear).__name__}")
        with paddle.no_grad():
            q, scale = weight_quantize(linear.weight, algo, group_size=group_size)
        self.algo, self.group_size = algo, group_size
        self.register_buffer("quant_weight", q)
        self.register_buffer("weight_scale", scale)
        self.bias = linear.bias

    def forward(self, x):
        return weight_only_linear(x, self.quant_weight, self.bias, self.weight_scale, self.algo[len("weight_only_"):],
                                  group_size=self.group_size)


def convert_to_weight_only(model, algo="weight_only_int8", group_size=-1):
    """Replaces every nn.Linear of `model` (itself or its sublayers) by a WeightOnlyLinear, in place; returns the
    model (a new WeightOnlyLinear when `model` is an nn.Linear)."""
    if isinstance(model, paddle.nn.Linear):
        return WeightOnlyLinear(model, algo, group_size)
    for layer in list(model.sublayers(include_self=True)):
        for name, child in list(layer._sub_layers.items()):
            if isinstance(child, paddle.nn.Linear):
                layer._sub_layers[name] = WeightOnlyLinear(child, algo, group_size)
    return model


__all__ = ["weight_quantize", "weight_dequantize", "weight_only_linear", "WeightOnlyLinear",
           "convert_to_weight_only"]
