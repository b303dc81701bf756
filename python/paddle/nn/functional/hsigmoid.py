"""hsigmoid_loss: the hierarchical sigmoid loss over a binary tree of classes."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor


def _default_paths(labels, num_classes):
    """Node indices and bits of each label's path in the complete binary tree of
    num_classes leaves: leaf c is node c + num_classes of a heap numbered from 1; bit
    j of that number says which child was taken at the ancestor (number >> (j + 1)),
    stored as row (number >> (j + 1)) - 1 of the weight. Padded with -1 to the
    longest path any class has."""
    codes = labels.astype("int64") + num_classes
    width = (2 * num_classes - 1).bit_length() - 1
    lengths = np.array([int(c).bit_length() - 1 for c in codes.ravel()]).reshape(codes.shape)
    j = np.arange(width)
    nodes = np.where(j < lengths[:, None], (codes[:, None] >> (j + 1)) - 1, -1)
    bits = np.where(j < lengths[:, None], (codes[:, None] >> j) & 1, 0)
    return nodes, bits


def hsigmoid_loss(input, label, num_classes, weight, bias=None, path_table=None, path_code=None,  # noqa: A002
                  is_sparse=False, name=None) -> Tensor:
    """The hierarchical sigmoid loss: for each sample, the sum over the nodes on its
    label's path of log(1 + exp(z)) - bit * z, z = input . weight[node] + bias[node]
    (clipped to [-40, 40]), bit the branch taken at the node.

    The default tree is the complete binary tree of num_classes leaves; a custom one
    is given per sample by path_table (node rows, -1 after the path's end) and
    path_code (bits). As Paddle's kernel, each position past a path's end (up to the
    longest path) adds log(2) to that sample's loss.

    Args:
        input (Tensor): [N, D] features, floating point.
        label (Tensor): [N] or [N, 1] int classes in [0, num_classes).
        num_classes (int): the number of classes, >= 2.
        weight (Tensor): [num_classes - 1, D] node weights (default tree), or one row per
            node of the custom tree.
        bias (Tensor, optional): one bias per weight row ([rows, 1] or [rows]).
        path_table (Tensor, optional): [N, L] int node rows of a custom tree.
        path_code (Tensor, optional): [N, L] int bits of a custom tree.
        is_sparse (bool, optional): accepted for Paddle compatibility (gradients are dense).

    Returns:
        Tensor: [N, 1] losses.

    Examples:
        >>> import paddle
        >>> x = paddle.ones([1, 2])
        >>> w = paddle.zeros([3, 2])
        >>> loss = paddle.nn.functional.hsigmoid_loss(x, paddle.to_tensor([1]), 4, w)
        >>> round(loss.item(), 4)                   # two nodes on the path, each log(2)
        1.3863
    """
    op = "hsigmoid_loss"
    for arg, t in (("input", input), ("weight", weight)):
        check.tensor(op, t, arg)
        if not t.dtype.name.startswith(("float", "bfloat")):
            raise TypeError(f"[{op}] argument '{arg}': expected a floating-point Tensor, but got {check.got(t)}")
    check.tensor(op, label, "label")
    if label.dtype not in (paddle.int32, paddle.int64):
        raise TypeError(f"[{op}] argument 'label': expected an int32 or int64 Tensor, but got {check.got(label)}")
    check.flag(op, is_sparse, "is_sparse")
    num_classes = check.integer(op, num_classes, "num_classes", min=2)
    if len(input.shape) != 2:
        raise ValueError(f"[{op}] argument 'input': expected a 2-D tensor [N, D], but got shape {list(input.shape)}")
    batch, features = input.shape
    if list(label.shape) not in ([batch], [batch, 1]):
        raise ValueError(f"[{op}] argument 'label': expected the shape [{batch}] or [{batch}, 1], but got "
                         f"{list(label.shape)}")
    if len(weight.shape) != 2 or weight.shape[1] != features:
        raise ValueError(f"[{op}] argument 'weight': expected a 2-D tensor [rows, {features}], but got shape "
                         f"{list(weight.shape)}")
    rows = weight.shape[0]
    if (path_table is None) != (path_code is None):
        raise ValueError(f"[{op}] arguments 'path_table' and 'path_code': expected both or neither")
    if path_table is None:
        labels = label.numpy().reshape([batch])
        if batch and (labels.min() < 0 or labels.max() >= num_classes):
            raise ValueError(f"[{op}] argument 'label': expected classes in [0, {num_classes}), but got values in "
                             f"[{labels.min()}, {labels.max()}]")
        if rows != num_classes - 1:
            raise ValueError(f"[{op}] argument 'weight': expected {num_classes - 1} rows (one per node of the "
                             f"default tree), but got shape {list(weight.shape)}")
        nodes, bits = _default_paths(labels, num_classes)
    else:
        for arg, t in (("path_table", path_table), ("path_code", path_code)):
            check.tensor(op, t, arg)
            if len(t.shape) != 2 or t.shape[0] != batch:
                raise ValueError(f"[{op}] argument '{arg}': expected a 2-D tensor [{batch}, L], but got shape "
                                 f"{list(t.shape)}")
        if list(path_code.shape) != list(path_table.shape):
            raise ValueError(f"[{op}] argument 'path_code': expected the shape of path_table "
                             f"{list(path_table.shape)}, but got {list(path_code.shape)}")
        nodes, bits = path_table.numpy().astype("int64"), path_code.numpy().astype("int64")
        if nodes.size and nodes.max() >= rows:
            raise ValueError(f"[{op}] argument 'path_table': expected node rows < {rows} (the weight's rows), but "
                             f"got {nodes.max()}")
        # A path ends at its first -1.
        nodes = np.where(np.cumprod(nodes >= 0, axis=1).astype(bool), nodes, -1)
    on_path = paddle.to_tensor(nodes >= 0)
    safe = paddle.to_tensor(np.maximum(nodes, 0))
    node_weights = paddle.gather(weight, safe.reshape([-1])).reshape(list(safe.shape) + [features])
    z = paddle.sum(input.unsqueeze(1) * node_weights.astype(input.dtype), axis=-1)
    if bias is not None:
        check.tensor(op, bias, "bias")
        if list(bias.shape) not in ([rows], [rows, 1]):
            raise ValueError(f"[{op}] argument 'bias': expected the shape [{rows}, 1] or [{rows}], but got "
                             f"{list(bias.shape)}")
        z = z + paddle.gather(bias.reshape([rows]).astype(input.dtype), safe.reshape([-1])).reshape(safe.shape)
    z = paddle.clip(paddle.where(on_path, z, paddle.zeros_like(z)), -40.0, 40.0)
    bit = paddle.to_tensor(bits).astype(input.dtype)
    return paddle.sum(paddle.nn.functional.softplus(z) - bit * z, axis=1, keepdim=True)
