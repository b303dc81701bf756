"""Reindexing of a sampled subgraph: node ids renumbered 0, 1, ... in the order
the subgraph's nodes appear (the centre nodes first), as Paddle numbers them.
Runs on the host with NumPy."""

from __future__ import annotations

import numpy as np

from paddle._C import Tensor
from paddle.geometric import _arguments as arg


def _checked_neighbors(op: str, x: Tensor, neighbors, count, which: str = "") -> tuple[np.ndarray, np.ndarray]:
    """Host copies of one neighbour list and its per-centre counts, checked against x."""
    neighbors = arg.index_tensor(op, neighbors, f"neighbors{which}")
    arg.same_dtype(op, x, "x", neighbors, f"neighbors{which}")
    count = arg.index_tensor(op, count, f"count{which}")
    arg.same_length(op, x.shape[0], "one per node of x", count, f"count{which}")
    counts = arg.host_indices(op, count, f"count{which}")
    if counts.sum() != neighbors.shape[0]:
        raise ValueError(f"[{op}] argument 'count{which}': expected counts summing to the {neighbors.shape[0]} "
                         f"neighbours, but they sum to {counts.sum()}")
    return neighbors.numpy().astype(np.int64), counts


def _reindex(x: Tensor, neighbor_lists: list[np.ndarray], count_lists: list[np.ndarray]):
    centres = x.numpy().astype(np.int64)
    neighbors = np.concatenate(neighbor_lists)
    # The output nodes: x as given, then the neighbours not in x by first appearance.
    outside = neighbors[~np.isin(neighbors, centres)]
    _, first = np.unique(outside, return_index=True)
    out_nodes = np.concatenate([centres, outside[np.sort(first)]])
    # A node's new id is its position in out_nodes (its last one, should x repeat it, as in Paddle).
    ids, from_end = np.unique(out_nodes[::-1], return_index=True)
    position = out_nodes.size - 1 - from_end

    def renumber(values):
        return position[np.searchsorted(ids, values)]

    src = renumber(neighbors)
    dst = np.concatenate([np.repeat(renumber(centres), counts) for counts in count_lists])
    return tuple(arg.as_index_tensor(values, x) for values in (src, dst, out_nodes))


def reindex_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """Renumbers the nodes of a sampled subgraph from 0: ``x`` keeps ids
    ``0 .. len(x) - 1`` and each new neighbour takes the next id on its first
    appearance.

    Args:
        x (Tensor): the centre nodes, int32/int64.
        neighbors (Tensor): the neighbours of all centre nodes, one centre after the other; of x's dtype.
        count (Tensor): how many neighbours each centre node has, int32/int64 (one per node of x).
        value_buffer (Tensor, optional): the hash-table buffer of Paddle's GPU kernel; not needed here.
        index_buffer (Tensor, optional): the hash-table buffer of Paddle's GPU kernel; not needed here.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        tuple: ``(reindex_src, reindex_dst, out_nodes)`` of x's dtype: the new id of each neighbour,
        the new id of its centre node, and the original ids of the subgraph's nodes by new id.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([0, 1, 2])
        >>> neighbors = paddle.to_tensor([8, 9, 0, 4, 7, 6, 7])
        >>> count = paddle.to_tensor([2, 3, 2], dtype="int32")
        >>> src, dst, out_nodes = paddle.geometric.reindex_graph(x, neighbors, count)
        >>> src.numpy().tolist(), dst.numpy().tolist()
        ([3, 4, 0, 5, 6, 7, 6], [0, 0, 1, 1, 1, 2, 2])
        >>> out_nodes.numpy().tolist()
        [0, 1, 2, 8, 9, 4, 7, 6]
    """
    op = "reindex_graph"
    x = arg.index_tensor(op, x, "x")
    neighbor_values, counts = _checked_neighbors(op, x, neighbors, count)
    return _reindex(x, [neighbor_values], [counts])


def reindex_heter_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """:func:`reindex_graph` for a heterogeneous graph: one neighbour list (and
    count list) per edge type, all renumbered together, the types one after
    the other.

    Args:
        x (Tensor): the centre nodes, int32/int64.
        neighbors (list[Tensor]): per edge type, the neighbours of all centre nodes; of x's dtype.
        count (list[Tensor]): per edge type, how many neighbours each centre node has (int32/int64).
        value_buffer (Tensor, optional): the hash-table buffer of Paddle's GPU kernel; not needed here.
        index_buffer (Tensor, optional): the hash-table buffer of Paddle's GPU kernel; not needed here.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        tuple: ``(reindex_src, reindex_dst, out_nodes)`` of x's dtype, the edge types concatenated.
    """
    op = "reindex_heter_graph"
    x = arg.index_tensor(op, x, "x")
    for value, what in ((neighbors, "neighbors"), (count, "count")):
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"[{op}] argument '{what}': expected a list of Tensors, but got {type(value).__name__}")
    if not neighbors:
        raise ValueError(f"[{op}] argument 'neighbors': expected at least one neighbour list, but got none")
    if len(neighbors) != len(count):
        raise ValueError(f"[{op}] argument 'count': expected one count Tensor per neighbors Tensor "
                         f"({len(neighbors)}), but got {len(count)}")
    checked = [_checked_neighbors(op, x, n, c, f"[{i}]") for i, (n, c) in enumerate(zip(neighbors, count))]
    return _reindex(x, [n for n, _ in checked], [c for _, c in checked])
