"""Neighbour sampling on a graph in CSC form: the in-neighbours of node ``v``
are ``row[colptr[v]:colptr[v + 1]]``.

Sampling runs on the host with NumPy (the core has no sampling kernel); the
random numbers come from Paddle's generator, so ``paddle.seed`` makes a
sample reproducible. Sampled neighbours keep their order in ``row``.
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.geometric import _arguments as arg


def _csc_graph(op: str, row, colptr, input_nodes):
    """The checked host arrays (row, colptr, input node ids) and the row tensor."""
    row = arg.index_tensor(op, row, "row")
    colptr = arg.index_tensor(op, colptr, "colptr")
    input_nodes = arg.index_tensor(op, input_nodes, "input_nodes")
    arg.same_dtype(op, row, "row", colptr, "colptr")
    arg.same_dtype(op, row, "row", input_nodes, "input_nodes")
    pointers = colptr.numpy().astype(np.int64)
    if pointers.size == 0 or pointers[0] != 0 or np.any(np.diff(pointers) < 0) or pointers[-1] != row.shape[0]:
        raise ValueError(f"[{op}] argument 'colptr': expected non-decreasing offsets from 0 to len(row) = "
                         f"{row.shape[0]}, but got {np.array2string(pointers, threshold=8)}")
    nodes = arg.host_indices(op, input_nodes, "input_nodes", pointers.size - 1, "the nodes colptr describes")
    return row, pointers, nodes


def _sample_size(op: str, sample_size) -> int:
    sample_size = check.integer(op, sample_size, "sample_size")
    if sample_size < -1:
        raise ValueError(f"[{op}] argument 'sample_size': expected -1 (all neighbours) or a size >= 0, but got "
                         f"{sample_size}")
    return sample_size


def _edge_ids(op: str, eids, return_eids, num_edges: int):
    """The checked edge ids, or None when they are not to be returned."""
    if not check.flag(op, return_eids, "return_eids"):
        return None
    if eids is None:
        raise ValueError(f"[{op}] argument 'eids': expected the edge ids when return_eids is True, but got None")
    eids = arg.index_tensor(op, eids, "eids")
    arg.same_length(op, num_edges, "one per edge in row", eids, "eids")
    return eids


def _incident_edges(pointers: np.ndarray, nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The positions in row of each node's neighbours, node after node, and each node's degree."""
    starts = pointers[nodes]
    degrees = pointers[nodes + 1] - starts
    group_starts = np.repeat(np.cumsum(degrees) - degrees, degrees)
    edges = np.repeat(starts, degrees) + np.arange(degrees.sum()) - group_starts
    return edges, degrees


def _keep_largest_keys(degrees: np.ndarray, keys: np.ndarray, tie_break: np.ndarray, sample_size: int):
    """A mask over the edges (grouped by node) keeping each node's `sample_size`
    edges of largest key; every edge of a node with no more than that."""
    if sample_size < 0:
        return np.ones(keys.size, dtype=bool)
    owner = np.repeat(np.arange(degrees.size), degrees)
    order = np.lexsort((-tie_break, -keys, owner))  # by node, then by key (largest first)
    rank = np.arange(keys.size) - np.repeat(np.cumsum(degrees) - degrees, degrees)
    keep = np.zeros(keys.size, dtype=bool)
    keep[order[rank < sample_size]] = True
    return keep


def _uniforms(count: int) -> np.ndarray:
    """`count` draws in [0, 1) from Paddle's generator."""
    if count == 0:
        return np.zeros([0])
    return paddle.rand([count], dtype="float64").numpy()


def _sampled(row: Tensor, edges: np.ndarray, degrees: np.ndarray, keep: np.ndarray, sample_size: int, eids):
    """The outputs for the kept edges: neighbours, counts and (when wanted) edge ids."""
    chosen = edges[keep]
    counts = degrees if sample_size < 0 else np.minimum(degrees, sample_size)
    neighbors = arg.as_index_tensor(row.numpy()[chosen], row)
    counts = paddle.to_tensor(counts.astype(np.int32), place=row.place)
    if eids is None:
        return neighbors, counts
    return neighbors, counts, arg.as_index_tensor(eids.numpy()[chosen], eids)


def sample_neighbors(row, colptr, input_nodes, sample_size=-1, eids=None, return_eids=False, perm_buffer=None,
                     name=None):
    """Samples up to ``sample_size`` in-neighbours of each input node, uniformly
    without replacement, from a graph in CSC form.

    Args:
        row (Tensor): the source node of every edge, edges grouped by destination; int32/int64.
        colptr (Tensor): offsets into row: node v's neighbours are ``row[colptr[v]:colptr[v + 1]]``;
            of row's dtype.
        input_nodes (Tensor): the nodes to sample neighbours of; of row's dtype.
        sample_size (int, optional): neighbours per node; -1 takes all. Default -1.
        eids (Tensor, optional): an id per edge (in row's order), needed when return_eids is True.
        return_eids (bool, optional): also return the ids of the sampled edges. Default False.
        perm_buffer (Tensor, optional): the scratch buffer of Paddle's GPU kernel; accepted and not
            needed here.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        tuple: ``(out_neighbors, out_count)`` and, with return_eids, ``out_eids``: the sampled
        neighbours of all input nodes one node after the other (row's dtype), how many each node got
        (int32), and the sampled edges' ids (eids' dtype).

    Examples:
        >>> import paddle
        >>> row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
        >>> colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
        >>> nodes = paddle.to_tensor([0, 8, 1, 2])
        >>> neighbors, count = paddle.geometric.sample_neighbors(row, colptr, nodes, sample_size=2)
        >>> count.numpy().tolist()
        [2, 2, 2, 1]
        >>> neighbors.numpy().tolist()
        [3, 7, 9, 7, 0, 9, 1]
    """
    op = "sample_neighbors"
    row, pointers, nodes = _csc_graph(op, row, colptr, input_nodes)
    sample_size = _sample_size(op, sample_size)
    eids = _edge_ids(op, eids, return_eids, row.shape[0])
    if perm_buffer is not None:
        arg.eager_tensor(op, perm_buffer, "perm_buffer")
    edges, degrees = _incident_edges(pointers, nodes)
    draws = _uniforms(edges.size)
    keep = _keep_largest_keys(degrees, draws, draws, sample_size)
    return _sampled(row, edges, degrees, keep, sample_size, eids)


def weighted_sample_neighbors(row, colptr, edge_weight, input_nodes, sample_size=-1, eids=None,
                              return_eids=False, name=None):
    """Samples up to ``sample_size`` in-neighbours of each input node without
    replacement, an edge's chance growing with its weight (Efraimidis and
    Spirakis' weighted reservoir sampling: the edges of largest ``u ** (1 / w)``
    for uniform ``u``). Edges of weight 0 are taken only when a node has too
    few edges of positive weight.

    Args:
        row (Tensor): the source node of every edge, edges grouped by destination; int32/int64.
        colptr (Tensor): offsets into row: node v's neighbours are ``row[colptr[v]:colptr[v + 1]]``;
            of row's dtype.
        edge_weight (Tensor): a non-negative float32/float64 weight per edge (in row's order).
        input_nodes (Tensor): the nodes to sample neighbours of; of row's dtype.
        sample_size (int, optional): neighbours per node; -1 takes all. Default -1.
        eids (Tensor, optional): an id per edge (in row's order), needed when return_eids is True.
        return_eids (bool, optional): also return the ids of the sampled edges. Default False.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        tuple: ``(out_neighbors, out_count)`` and, with return_eids, ``out_eids``, as
        :func:`sample_neighbors` returns them.
    """
    op = "weighted_sample_neighbors"
    row, pointers, nodes = _csc_graph(op, row, colptr, input_nodes)
    weights = arg.value_tensor(op, edge_weight, "edge_weight", arg.FLOAT_DTYPES)
    if weights.ndim != 1:
        raise ValueError(f"[{op}] argument 'edge_weight': expected a 1-D Tensor, but got shape {list(weights.shape)}")
    arg.same_length(op, row.shape[0], "one per edge in row", weights, "edge_weight")
    weights = weights.numpy().astype(np.float64)
    if not np.all(np.isfinite(weights) & (weights >= 0)):
        raise ValueError(f"[{op}] argument 'edge_weight': expected finite weights >= 0, but got "
                         f"{weights[~(np.isfinite(weights) & (weights >= 0))][0]}")
    sample_size = _sample_size(op, sample_size)
    eids = _edge_ids(op, eids, return_eids, row.shape[0])
    edges, degrees = _incident_edges(pointers, nodes)
    draws = _uniforms(edges.size)
    edge_weights = weights[edges]
    with np.errstate(divide="ignore"):
        # log(u) / w orders the edges as u ** (1 / w) does; weight 0 gives -inf, last.
        keys = np.where(edge_weights > 0, np.log(draws) / np.where(edge_weights > 0, edge_weights, 1.0), -np.inf)
    keep = _keep_largest_keys(degrees, keys, draws, sample_size)
    return _sampled(row, edges, degrees, keep, sample_size, eids)
