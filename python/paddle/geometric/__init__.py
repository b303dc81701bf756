"""paddle.geometric: graph learning ops.

Segment reductions (``segment_sum``/``mean``/``max``/``min``), message passing
(``send_u_recv``, ``send_ue_recv``, ``send_uv``), neighbour sampling on CSC
graphs (``sample_neighbors``, ``weighted_sample_neighbors``) and subgraph
reindexing (``reindex_graph``, ``reindex_heter_graph``). See
docs/guide/geometric.md.
"""

from paddle.geometric.math import segment_max, segment_mean, segment_min, segment_sum
from paddle.geometric.message_passing import send_u_recv, send_ue_recv, send_uv
from paddle.geometric.reindex import reindex_graph, reindex_heter_graph
from paddle.geometric.sampling import sample_neighbors, weighted_sample_neighbors

__all__ = [
    "segment_sum", "segment_mean", "segment_max", "segment_min",
    "send_u_recv", "send_ue_recv", "send_uv",
    "sample_neighbors", "weighted_sample_neighbors",
    "reindex_graph", "reindex_heter_graph",
]
