"""paddle.summary: a table of a network's layers with their output shapes and parameter counts."""

from __future__ import annotations

import numbers

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.static import InputSpec


def summary(net, input_size=None, dtypes=None, input=None):  # noqa: A002
    """Prints the layers of ``net`` (in call order), their input and output shapes and parameter counts,
    and returns the totals.

    Args:
        net (paddle.nn.Layer): the network.
        input_size (tuple|InputSpec|list[tuple|InputSpec], optional): the input shape(s); a batch size of
            None or -1 becomes 1. Needed unless ``input`` is given.
        dtypes (str|list[str], optional): the input dtype(s). Default 'float32'.
        input (Tensor|list[Tensor]|dict, optional): the actual input(s); overrides ``input_size``.

    Returns:
        dict: ``{'total_params': int, 'trainable_params': int}`` over the unique parameters of ``net``.
        A parameter is trainable unless its ``stop_gradient`` is True.

    Examples:
        >>> import paddle
        >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 2))
        >>> info = paddle.summary(net, (1, 4))
        ---------------------------------------------------------------------------
         Layer (type)       Input Shape          Output Shape         Param #
        ===========================================================================
           Linear-1           [[1, 4]]              [1, 8]              40
            ReLU-1            [[1, 8]]              [1, 8]               0
           Linear-2           [[1, 8]]              [1, 2]              18
        ===========================================================================
        Total params: 58
        Trainable params: 58
        Non-trainable params: 0
        ---------------------------------------------------------------------------
        Input size (MB): 0.00
        Forward/backward pass size (MB): 0.00
        Params size (MB): 0.00
        Estimated Total Size (MB): 0.00
        ---------------------------------------------------------------------------
        <BLANKLINE>
        >>> info
        {'total_params': 58, 'trainable_params': 58}
    """
    op = "summary"
    if not isinstance(net, paddle.nn.Layer):
        raise TypeError(f"[{op}] argument 'net': expected a paddle.nn.Layer, but got {check.got(net)}")
    if input is None:
        if input_size is None:
            raise ValueError(f"[{op}] argument 'input_size': expected the input shape(s) (or pass 'input'), "
                             f"but got None")
        inputs = _make_inputs(op, input_size, dtypes)
    else:
        inputs = input
    rows, shapes = _collect(net, inputs)
    total = sum(p.size for p in _unique_params(net))
    trainable = sum(p.size for p in _unique_params(net) if not p.stop_gradient)
    _print_table(rows, shapes, total, trainable, inputs)
    return {"total_params": int(total), "trainable_params": int(trainable)}


def _unique_params(net):
    seen = set()
    for p in net.parameters():
        if id(p) not in seen:
            seen.add(id(p))
            yield p


def _is_shape(value) -> bool:
    return isinstance(value, (list, tuple)) and all(isinstance(d, numbers.Integral) or d is None for d in value)


def _make_inputs(op, input_size, dtypes):
    if isinstance(input_size, InputSpec) or _is_shape(input_size):
        sizes = [input_size]
    elif isinstance(input_size, (list, tuple)):
        sizes = list(input_size)
    else:
        raise TypeError(f"[{op}] argument 'input_size': expected a shape tuple, an InputSpec or a list of them, "
                        f"but got {check.got(input_size)}")
    if dtypes is None:
        dtypes = [s.dtype if isinstance(s, InputSpec) else paddle.get_default_dtype() for s in sizes]
    elif isinstance(dtypes, str):
        dtypes = [dtypes] * len(sizes)
    if len(dtypes) != len(sizes):
        raise ValueError(f"[{op}] argument 'dtypes': expected one dtype per input ({len(sizes)}), but got "
                         f"{len(dtypes)}")
    tensors = []
    for size, dtype in zip(sizes, dtypes):
        shape = list(size.shape) if isinstance(size, InputSpec) else size
        if not _is_shape(shape):
            raise TypeError(f"[{op}] argument 'input_size': expected shapes of ints, but got {size!r}")
        shape = [1 if (d is None or d == -1) and i == 0 else d for i, d in enumerate(shape)]
        if any(d is None or d < 0 for d in shape):
            raise ValueError(f"[{op}] argument 'input_size': only the batch size may be unknown, but got {size!r}")
        tensors.append(paddle.ones(shape, dtype=dtype))
    return tensors[0] if len(tensors) == 1 else tensors


def _shape_of(value):
    if isinstance(value, Tensor):
        return list(value.shape)
    if isinstance(value, (list, tuple)):
        shapes = [_shape_of(v) for v in value]
        return shapes[0] if len(shapes) == 1 else shapes
    if isinstance(value, dict):
        return {k: _shape_of(v) for k, v in value.items()}
    return []


def _numel(shape) -> int:
    if shape and all(isinstance(d, int) for d in shape):
        return int(np.prod(shape))
    if isinstance(shape, list):
        return sum(_numel(s) for s in shape)
    return 0


def _collect(net, inputs):
    """Runs ``net`` once with hooks on every layer except containers and ``net`` itself (unless it has no
    sublayers); returns the rows (name, input shapes, output shape, own params) in call order."""
    rows, counters, handles = [], {}, []

    def hook(layer, layer_inputs, outputs):
        kind = type(layer).__name__
        counters[kind] = counters.get(kind, 0) + 1
        own = [p for p in layer._parameters.values() if p is not None]
        rows.append((f"{kind}-{counters[kind]}", [_shape_of(x) for x in layer_inputs], _shape_of(outputs),
                     sum(p.size for p in own)))

    layers = net.sublayers() or [net]
    for layer in layers:
        if not isinstance(layer, (paddle.nn.Sequential, paddle.nn.LayerList)):
            handles.append(layer.register_forward_post_hook(hook))
    training = net.training
    net.eval()
    try:
        with paddle.no_grad():
            if isinstance(inputs, dict):
                net(**inputs)
            elif isinstance(inputs, (list, tuple)):
                net(*inputs)
            else:
                net(inputs)
    finally:
        for h in handles:
            h.remove()
        if training:
            net.train()
    return rows, _shape_of(inputs)


def _print_table(rows, input_shapes, total, trainable, inputs):
    line = "-" * 75
    print(line)
    print(f"{'Layer (type)':>15}  {'Input Shape':>20}  {'Output Shape':>20}  {'Param #':>12}")
    print("=" * 75)
    activations = 0
    for name, in_shape, out_shape, params in rows:
        print(f"{name:^15}  {str(in_shape):^20}  {str(out_shape):^20}  {params:^12,}")
        activations += _numel(out_shape)
    print("=" * 75)
    print(f"Total params: {total:,}")
    print(f"Trainable params: {trainable:,}")
    print(f"Non-trainable params: {total - trainable:,}")
    print(line)
    mb = 1024.0 ** 2
    input_mb = _numel(input_shapes) * 4 / mb
    pass_mb = 2.0 * activations * 4 / mb  # activations and their gradients, float32
    params_mb = total * 4 / mb
    print(f"Input size (MB): {input_mb:.2f}")
    print(f"Forward/backward pass size (MB): {pass_mb:.2f}")
    print(f"Params size (MB): {params_mb:.2f}")
    print(f"Estimated Total Size (MB): {input_mb + pass_mb + params_mb:.2f}")
    print(line)
    print()
