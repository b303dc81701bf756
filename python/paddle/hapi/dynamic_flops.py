"""paddle.flops: counts the operations of a network's layers by running it once with hooks.

The counting rules are PaddlePaddle's (python/paddle/hapi/dynamic_flops.py), per leaf layer with
input x and output y:

- Conv1D/2D/3D and their transposes: numel(y) * (C_in / groups * prod(kernel) + (1 if bias else 0))
- Linear: numel(y) * in_features (no bias term)
- BatchNorm (evaluated in eval mode): 2 * numel(x)
- AvgPool: numel(y); AdaptiveAvgPool: numel(y) * (prod(in_size // out_size) + 1)
- LeakyReLU: numel(x); ReLU, ReLU6, Dropout: 0
- any other leaf layer: 0, unless ``custom_ops`` gives a rule.

Ours: BatchNorm1D and BatchNorm3D follow the BatchNorm2D rule (Paddle counts them as 0).
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle import nn


def _count_convnd(m, x, y):
    x = x[0]
    kernel_ops = int(np.prod(m.weight.shape[2:]))
    bias_ops = 1 if m.bias is not None else 0
    return int(y.size * (x.shape[1] / m._groups * kernel_ops + bias_ops))


def _count_leaky_relu(m, x, y):
    return int(x[0].size)


def _count_bn(m, x, y):
    return 2 * int(x[0].size)


def _count_linear(m, x, y):
    return int(m.weight.shape[0]) * int(y.size)


def _count_avgpool(m, x, y):
    return int(y.size)


def _count_adaptive_avgpool(m, x, y):
    kernel = np.array(x[0].shape[2:]) // np.array(y.shape[2:])
    return int((int(np.prod(kernel)) + 1) * y.size)


def _count_zero(m, x, y):
    return 0


REGISTER_HOOKS = {
    nn.Conv1D: _count_convnd, nn.Conv2D: _count_convnd, nn.Conv3D: _count_convnd,
    nn.Conv1DTranspose: _count_convnd, nn.Conv2DTranspose: _count_convnd, nn.Conv3DTranspose: _count_convnd,
    nn.BatchNorm: _count_bn, nn.BatchNorm1D: _count_bn, nn.BatchNorm2D: _count_bn, nn.BatchNorm3D: _count_bn,
    nn.ReLU: _count_zero, nn.ReLU6: _count_zero, nn.Dropout: _count_zero,
    nn.LeakyReLU: _count_leaky_relu,
    nn.Linear: _count_linear,
    nn.AvgPool1D: _count_avgpool, nn.AvgPool2D: _count_avgpool, nn.AvgPool3D: _count_avgpool,
    nn.AdaptiveAvgPool1D: _count_adaptive_avgpool, nn.AdaptiveAvgPool2D: _count_adaptive_avgpool,
    nn.AdaptiveAvgPool3D: _count_adaptive_avgpool,
}


def flops(net, input_size, custom_ops=None, print_detail=False):
    """Counts the operations (multiply-accumulates, as Paddle counts them) of one forward pass.

    Args:
        net (paddle.nn.Layer): the network; it runs once in eval mode on a random input.
        input_size (list|tuple): the input shape, batch included.
        custom_ops (dict, optional): ``{LayerClass: fn(layer, inputs, output)}`` rules for more layer
            types. A rule may return the count or, as in Paddle, add it to ``layer.total_ops``.
        print_detail (bool, optional): print a table per leaf layer (name, input and output shape,
            params, flops) and which layer types were counted. Default False.

    Returns:
        int: the total count; "Total Flops: ...     Total Params: ..." is printed.

    Examples:
        >>> import paddle
        >>> net = paddle.nn.Sequential(paddle.nn.Conv2D(1, 6, 3, padding=1), paddle.nn.ReLU(),
        ...                            paddle.nn.Flatten(), paddle.nn.Linear(6 * 28 * 28, 10))
        >>> paddle.flops(net, [1, 1, 28, 28])
        Total Flops: 94080     Total Params: 47110
        94080
    """
    op = "flops"
    if not isinstance(net, nn.Layer):
        raise TypeError(f"[{op}] argument 'net': expected a paddle.nn.Layer, but got {check.got(net)}")
    if not isinstance(input_size, (list, tuple)) or not all(isinstance(d, int) and d > 0 for d in input_size):
        raise ValueError(f"[{op}] argument 'input_size': expected a list of positive ints, but got {input_size!r}")
    custom_ops = custom_ops or {}
    if not isinstance(custom_ops, dict):
        raise TypeError(f"[{op}] argument 'custom_ops': expected a dict of layer class -> function, but got "
                        f"{check.got(custom_ops)}")
    leaves = [(name, m) for name, m in net.named_sublayers(include_self=True) if not list(m.children())]
    records, handles, seen = {}, [], set()

    def make_hook(fn):
        def hook(m, inputs, output):
            m.total_ops = 0
            counted = fn(m, inputs, output) if fn is not None else 0
            total = int(counted) if counted is not None else int(m.total_ops)
            del m.total_ops
            params = sum(p.size for p in m.parameters())
            rec = records.setdefault(id(m), [None, None, 0, 0])
            rec[0], rec[1] = list(inputs[0].shape), list(output.shape)
            rec[2], rec[3] = params, rec[3] + abs(total)
        return hook

    for _, m in leaves:
        kind = type(m)
        fn = custom_ops.get(kind, REGISTER_HOOKS.get(kind))
        if print_detail and kind not in seen:
            if kind in custom_ops:
                print(f"Customize Function has been applied to {kind}")
            elif fn is not None:
                print(f"{kind}'s flops has been counted")
            else:
                print(f"Cannot find suitable count function for {kind}. Treat it as zero FLOPs.")
        seen.add(kind)
        handles.append(m.register_forward_post_hook(make_hook(fn)))
    training = net.training
    net.eval()
    try:
        with paddle.no_grad():
            net(paddle.randn(list(input_size)))
    finally:
        for h in handles:
            h.remove()
        if training:
            net.train()
    total_ops = sum(r[3] for r in records.values())
    total_params = sum(r[2] for r in records.values())
    if print_detail:
        _print_detail([(m.full_name(), records[id(m)]) for _, m in leaves if id(m) in records])
    print(f"Total Flops: {total_ops}     Total Params: {total_params}")
    return int(total_ops)


def _print_detail(rows):
    header = ["Layer Name", "Input Shape", "Output Shape", "Params", "Flops"]
    cells = [[name, str(r[0]), str(r[1]), str(r[2]), str(r[3])] for name, r in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) + 2 for i, h in enumerate(header)] if cells else \
        [len(h) + 2 for h in header]
    rule = "+" + "+".join("-" * w for w in widths) + "+"
    print(rule)
    print("|" + "|".join(h.center(w) for h, w in zip(header, widths)) + "|")
    print(rule)
    for c in cells:
        print("|" + "|".join(v.center(w) for v, w in zip(c, widths)) + "|")
    print(rule)
