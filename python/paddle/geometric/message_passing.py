"""Message passing over the edges (src_index[i] -> dst_index[i]) of a graph:
gather node (and edge) features into one message per edge, then reduce the
messages arriving at each destination node."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.geometric import _arguments as arg
from paddle.geometric._scatter_reduce import REDUCE_OPS, scatter_reduce

MESSAGE_OPS = ("add", "sub", "mul", "div")


def _edges(op: str, src_index, dst_index) -> tuple[Tensor, Tensor]:
    src_index = arg.index_tensor(op, src_index, "src_index")
    dst_index = arg.index_tensor(op, dst_index, "dst_index")
    arg.same_dtype(op, src_index, "src_index", dst_index, "dst_index")
    arg.same_length(op, src_index.shape[0], "one per entry of src_index", dst_index, "dst_index")
    return src_index, dst_index


def _out_rows(op: str, out_size, num_nodes: int) -> int:
    """Paddle's rule: out_size rows when it is positive, else one row per node of x."""
    if out_size is None:
        return num_nodes
    if isinstance(out_size, Tensor) and out_size.size != 1:
        raise ValueError(f"[{op}] argument 'out_size': expected an int or a 1-element Tensor, but got "
                         f"{check.got(out_size)}")
    rows = check.integer(op, out_size, "out_size")
    return rows if rows > 0 else num_nodes


def _as_columns(value: Tensor) -> Tensor:
    """Paddle treats 1-D node or edge features as one feature column."""
    return value.unsqueeze(-1) if value.ndim == 1 else value


def _message(op: str, message_op: str, left: Tensor, right: Tensor) -> Tensor:
    """left (op) right per edge, their feature dims (all but dim 0) broadcast from the right."""
    left_features, right_features = list(left.shape[1:]), list(right.shape[1:])
    try:
        np.broadcast_shapes(tuple(left_features), tuple(right_features))
    except ValueError:
        raise ValueError(f"[{op}] the features of x {left_features} and y {right_features} cannot be "
                         f"broadcast together") from None
    # Align the feature dims behind dim 0 so broadcasting never pairs them with the edge dim.
    rank = max(len(left_features), len(right_features))
    left = left.reshape([left.shape[0]] + [1] * (rank - len(left_features)) + left_features)
    right = right.reshape([right.shape[0]] + [1] * (rank - len(right_features)) + right_features)
    if message_op == "add":
        return left + right
    if message_op == "sub":
        return left - right
    if message_op == "mul":
        return left * right
    if left.dtype.name.startswith("int"):
        # Integer messages divide as Paddle's kernels do, truncating toward zero.
        quotient = paddle.abs(left) // paddle.abs(right)
        return paddle.sign(left) * paddle.sign(right) * quotient
    return left / right


def send_u_recv(x, src_index, dst_index, reduce_op="sum", out_size=None, name=None) -> Tensor:
    r"""Sends each source node's features along its edges and reduces them at the
    destination nodes: :math:`out_v = reduce_{(u, v) \in E}\ x_u`.

    Args:
        x (Tensor): node features [num_nodes, ...], of dtype float16, bfloat16, float32, float64,
            int32 or int64.
        src_index (Tensor): the source node of each edge, int32/int64, 1-D (or [num_edges, 1]).
        dst_index (Tensor): the destination node of each edge, of src_index's dtype and length.
        reduce_op (str, optional): 'sum', 'mean', 'max' or 'min'. Default 'sum'.
        out_size (int|Tensor, optional): the number of output rows; None or a value <= 0 gives
            x's number of rows. Default None.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: the reduced features, of x's dtype; a node no edge reaches is 0. The gradient of
        'max'/'min' goes to every message equal to the result.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 2.0], [1.0, 4.0], [2.0, 6.0]])
        >>> src = paddle.to_tensor([0, 1, 2, 0])
        >>> dst = paddle.to_tensor([1, 2, 1, 0])
        >>> paddle.geometric.send_u_recv(x, src, dst, reduce_op="sum").numpy().tolist()
        [[0.0, 2.0], [2.0, 8.0], [1.0, 4.0]]
        >>> paddle.geometric.send_u_recv(x, src, dst, reduce_op="max", out_size=4).numpy().tolist()
        [[0.0, 2.0], [2.0, 6.0], [1.0, 4.0], [0.0, 0.0]]
    """
    op = "send_u_recv"
    x = arg.value_tensor(op, x, "x")
    src_index, dst_index = _edges(op, src_index, dst_index)
    reduce_op = check.choice(op, reduce_op, REDUCE_OPS, "reduce_op")
    rows = _out_rows(op, out_size, x.shape[0])
    arg.host_indices(op, src_index, "src_index", x.shape[0], "the rows of x")
    arg.host_indices(op, dst_index, "dst_index", rows, "the output rows")
    return scatter_reduce(paddle.index_select(x, src_index, 0), dst_index, rows, reduce_op)


def send_ue_recv(x, y, src_index, dst_index, message_op="add", reduce_op="sum", out_size=None,
                 name=None) -> Tensor:
    r"""Combines each source node's features with its edge's features and reduces
    the messages at the destination nodes:
    :math:`out_v = reduce_{(u, v) \in E}\ (x_u \circ y_{uv})`.

    Args:
        x (Tensor): node features [num_nodes, ...], of dtype float16, bfloat16, float32, float64,
            int32 or int64.
        y (Tensor): edge features [num_edges, ...] of x's dtype; its feature dims broadcast with x's
            (a 1-D y is one feature per edge).
        src_index (Tensor): the source node of each edge, int32/int64, 1-D (or [num_edges, 1]).
        dst_index (Tensor): the destination node of each edge, of src_index's dtype and length.
        message_op (str, optional): how x and y combine: 'add', 'sub', 'mul' or 'div'. Default 'add'.
        reduce_op (str, optional): 'sum', 'mean', 'max' or 'min'. Default 'sum'.
        out_size (int|Tensor, optional): the number of output rows; None or a value <= 0 gives
            x's number of rows. Default None.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: the reduced messages, of x's dtype; a node no edge reaches is 0.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> y = paddle.to_tensor([10.0, 20.0, 30.0])
        >>> src = paddle.to_tensor([0, 1, 1])
        >>> dst = paddle.to_tensor([1, 0, 1])
        >>> paddle.geometric.send_ue_recv(x, y, src, dst, message_op="mul").numpy().tolist()
        [[60.0, 80.0], [100.0, 140.0]]
    """
    op = "send_ue_recv"
    x = arg.value_tensor(op, x, "x")
    y = arg.value_tensor(op, y, "y")
    arg.same_dtype(op, x, "x", y, "y")
    src_index, dst_index = _edges(op, src_index, dst_index)
    arg.same_length(op, src_index.shape[0], "one per edge", y, "y")
    message_op = check.choice(op, message_op, MESSAGE_OPS, "message_op")
    reduce_op = check.choice(op, reduce_op, REDUCE_OPS, "reduce_op")
    rows = _out_rows(op, out_size, x.shape[0])
    arg.host_indices(op, src_index, "src_index", x.shape[0], "the rows of x")
    arg.host_indices(op, dst_index, "dst_index", rows, "the output rows")
    messages = _message(op, message_op, paddle.index_select(_as_columns(x), src_index, 0), _as_columns(y))
    return scatter_reduce(messages, dst_index, rows, reduce_op)


def send_uv(x, y, src_index, dst_index, message_op="add", name=None) -> Tensor:
    r"""One message per edge from the features of its two end nodes:
    :math:`out_e = x_{src_e} \circ y_{dst_e}`.

    Args:
        x (Tensor): source node features [num_nodes, ...], of dtype float16, bfloat16, float32,
            float64, int32 or int64.
        y (Tensor): destination node features of x's dtype; feature dims broadcast with x's.
        src_index (Tensor): the source node of each edge, int32/int64, 1-D (or [num_edges, 1]).
        dst_index (Tensor): the destination node of each edge, of src_index's dtype and length.
        message_op (str, optional): 'add', 'sub', 'mul' or 'div'. Default 'add'.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: [num_edges, ...] messages of x's dtype (1-D features become one column).

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0], [2.0], [3.0]])
        >>> y = paddle.to_tensor([[10.0], [20.0], [30.0]])
        >>> out = paddle.geometric.send_uv(x, y, paddle.to_tensor([0, 2]), paddle.to_tensor([1, 0]), "sub")
        >>> out.numpy().tolist()
        [[-19.0], [-7.0]]
    """
    op = "send_uv"
    x = arg.value_tensor(op, x, "x")
    y = arg.value_tensor(op, y, "y")
    arg.same_dtype(op, x, "x", y, "y")
    src_index, dst_index = _edges(op, src_index, dst_index)
    message_op = check.choice(op, message_op, MESSAGE_OPS, "message_op")
    arg.host_indices(op, src_index, "src_index", x.shape[0], "the rows of x")
    arg.host_indices(op, dst_index, "dst_index", y.shape[0], "the rows of y")
    return _message(op, message_op, paddle.index_select(_as_columns(x), src_index, 0),
                    paddle.index_select(_as_columns(y), dst_index, 0))
