"""paddle.incubate's graph ops: deprecated aliases of paddle.geometric's
message passing, sampling and reindexing, and the k-hop sampler."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle import geometric
from paddle.geometric import _arguments as arg
from paddle.utils.deprecated import deprecated


@deprecated(since="2.4.0", update_to="paddle.geometric.send_u_recv", level=1,
            reason="graph_send_recv in paddle.incubate will be removed in future")
def graph_send_recv(x, src_index, dst_index, pool_type="sum", out_size=None, name=None):
    """Sends node features along the edges and pools them at the destination
    nodes; :func:`paddle.geometric.send_u_recv` with ``reduce_op=pool_type``.

    Args:
        x (Tensor): node features [num_nodes, ...].
        src_index (Tensor): the source node of each edge, int32/int64.
        dst_index (Tensor): the destination node of each edge, of src_index's dtype and length.
        pool_type (str, optional): 'sum', 'mean', 'max' or 'min'. Default 'sum'.
        out_size (int|Tensor, optional): the number of output rows; None or a value <= 0 gives
            x's number of rows. Default None.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        Tensor: the pooled features, of x's dtype.
    """
    pool_type = check.choice("graph_send_recv", pool_type, ("sum", "mean", "max", "min"), "pool_type")
    return geometric.send_u_recv(x, src_index, dst_index, pool_type, out_size)


@deprecated(since="2.4.0", update_to="paddle.geometric.sample_neighbors", level=1,
            reason="paddle.incubate.graph_sample_neighbors will be removed in future")
def graph_sample_neighbors(row, colptr, input_nodes, eids=None, perm_buffer=None, sample_size=-1,
                           return_eids=False, flag_perm_buffer=False, name=None):
    """Samples up to ``sample_size`` neighbours of each input node uniformly;
    :func:`paddle.geometric.sample_neighbors` with Paddle's older argument order.

    Args:
        row (Tensor): the source node of every edge, edges grouped by destination; int32/int64.
        colptr (Tensor): offsets into row per node; of row's dtype.
        input_nodes (Tensor): the nodes to sample neighbours of; of row's dtype.
        eids (Tensor, optional): an id per edge, needed when return_eids is True.
        perm_buffer (Tensor, optional): the scratch buffer of Paddle's GPU kernel; not needed here.
        sample_size (int, optional): neighbours per node; -1 takes all. Default -1.
        return_eids (bool, optional): also return the sampled edges' ids. Default False.
        flag_perm_buffer (bool, optional): whether perm_buffer is given (then it must be). Default False.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        tuple: ``(out_neighbors, out_count)`` and, with return_eids, ``out_eids``.
    """
    if check.flag("graph_sample_neighbors", flag_perm_buffer, "flag_perm_buffer") and perm_buffer is None:
        raise ValueError("[graph_sample_neighbors] argument 'perm_buffer': expected a Tensor when "
                         "flag_perm_buffer is True, but got None")
    return geometric.sample_neighbors(row, colptr, input_nodes, sample_size, eids, return_eids, perm_buffer)


@deprecated(since="2.4.0", update_to="paddle.geometric.reindex_graph", level=1,
            reason="paddle.incubate.graph_reindex will be removed in future")
def graph_reindex(x, neighbors, count, value_buffer=None, index_buffer=None, flag_buffer_hashtable=False,
                  name=None):
    """Renumbers a sampled subgraph's nodes from 0; :func:`paddle.geometric.reindex_graph`.

    Args:
        x (Tensor): the centre nodes, int32/int64.
        neighbors (Tensor): the neighbours of all centre nodes, one centre after the other.
        count (Tensor): how many neighbours each centre node has.
        value_buffer (Tensor, optional): the hash-table buffer of Paddle's GPU kernel; not needed here.
        index_buffer (Tensor, optional): the hash-table buffer of Paddle's GPU kernel; not needed here.
        flag_buffer_hashtable (bool, optional): whether the buffers are given (then they must be).
            Default False.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        tuple: ``(reindex_src, reindex_dst, out_nodes)``.
    """
    flagged = check.flag("graph_reindex", flag_buffer_hashtable, "flag_buffer_hashtable")
    if flagged and (value_buffer is None or index_buffer is None):
        raise ValueError("[graph_reindex] arguments 'value_buffer' and 'index_buffer': expected Tensors when "
                         "flag_buffer_hashtable is True, but got None")
    return geometric.reindex_graph(x, neighbors, count, value_buffer, index_buffer)


def _first_appearances(values: np.ndarray) -> np.ndarray:
    _, first = np.unique(values, return_index=True)
    return values[np.sort(first)]


def graph_khop_sampler(row, colptr, input_nodes, sample_sizes, sorted_eids=None, return_eids=False, name=None):
    """Samples a k-hop subgraph around the input nodes and renumbers its nodes.

    Hop ``i`` samples up to ``sample_sizes[i]`` in-neighbours of each frontier
    node (uniformly, as :func:`paddle.geometric.sample_neighbors`). The first
    frontier is the input nodes; the next is the sampled neighbours, in
    ascending id order, that have not been a frontier node yet (so no node's
    edges are sampled twice). The nodes are then numbered as Paddle does: the
    frontier nodes hop by hop, then the other sampled nodes by first appearance.

    Args:
        row (Tensor): the source node of every edge, edges grouped by destination; int32/int64.
        colptr (Tensor): offsets into row: node v's neighbours are ``row[colptr[v]:colptr[v + 1]]``.
        input_nodes (Tensor): the nodes to start from; of row's dtype.
        sample_sizes (list|tuple): the neighbours per node of each hop (-1: all).
        sorted_eids (Tensor, optional): an id per edge in row's order, needed when return_eids is True.
        return_eids (bool, optional): also return the sampled edges' ids. Default False.
        name (str, optional): unused; kept for Paddle's signature.

    Returns:
        tuple: ``(edge_src, edge_dst, sample_index, reindex_nodes)`` and, with return_eids,
        ``edge_eids``: the new ids of each sampled edge's source and destination ([num_edges, 1]),
        the original id of every subgraph node by new id, the new ids of input_nodes, and the
        sampled edges' ids ([num_edges]).

    Examples:
        >>> import paddle
        >>> row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
        >>> colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
        >>> nodes = paddle.to_tensor([0, 8, 1, 2])
        >>> src, dst, sample_index, reindex_nodes = paddle.incubate.graph_khop_sampler(
        ...     row, colptr, nodes, [-1, -1])
        >>> sample_index.numpy().tolist()
        [0, 8, 1, 2, 3, 7, 9, 4]
        >>> reindex_nodes.numpy().tolist()
        [0, 1, 2, 3]
    """
    op = "graph_khop_sampler"
    sizes = check.int_list(op, sample_sizes, "sample_sizes")
    if not sizes or any(size < -1 for size in sizes):
        raise ValueError(f"[{op}] argument 'sample_sizes': expected one size >= -1 per hop, but got {sizes}")
    row_tensor = arg.index_tensor(op, row, "row")
    starts = arg.index_tensor(op, input_nodes, "input_nodes")
    if starts.shape[0] == 0:
        raise ValueError(f"[{op}] argument 'input_nodes': expected at least one node, but got none")
    frontier = _first_appearances(starts.numpy().astype(np.int64))
    expanded = np.zeros([0], np.int64)
    frontiers, sources, targets, edge_ids = [], [], [], []
    for size in sizes:
        if frontier.size == 0:
            break
        sampled = geometric.sample_neighbors(row_tensor, colptr, arg.as_index_tensor(frontier, starts), size,
                                             sorted_eids, return_eids)
        neighbors, counts = sampled[0].numpy().astype(np.int64), sampled[1].numpy()
        frontiers.append(frontier)
        sources.append(neighbors)
        targets.append(np.repeat(frontier, counts))
        if return_eids:
            edge_ids.append(sampled[2])
        expanded = np.concatenate([expanded, frontier])
        frontier = np.setdiff1d(neighbors, expanded)  # sorted, as Paddle orders it
    sources, targets = np.concatenate(sources), np.concatenate(targets)
    order = np.concatenate(frontiers + [_first_appearances(sources[~np.isin(sources, expanded)])])
    # Frontier nodes are distinct, so a node's new id is its one position in `order`.
    by_id = np.argsort(order)

    def renumber(values):
        return by_id[np.searchsorted(order, values, sorter=by_id)]

    outputs = (arg.as_index_tensor(renumber(sources).reshape([-1, 1]), row_tensor),
               arg.as_index_tensor(renumber(targets).reshape([-1, 1]), row_tensor),
               arg.as_index_tensor(order, row_tensor),
               arg.as_index_tensor(renumber(starts.numpy().astype(np.int64)), row_tensor))
    if return_eids:
        return outputs + (paddle.concat(edge_ids),)
    return outputs
