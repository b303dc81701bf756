"""paddle.incubate: APIs Paddle marks as incubating, among them cc (functions
compiled from their type annotations) and inference (a function run through
paddle.inference).

The optimizers (``paddle.incubate.optimizer``, ``LookAhead``, ``ModelAverage``)
load on first use: this package is imported before ``paddle.optimizer`` is.
"""

from paddle.incubate import autograd, cc  # noqa: F401
from paddle.incubate.graph import graph_khop_sampler, graph_reindex, graph_sample_neighbors, graph_send_recv
from paddle.incubate.jit import inference
from paddle.incubate.loss import identity_loss
from paddle.incubate.segment import segment_max, segment_mean, segment_min, segment_sum
from paddle.incubate.softmax_mask_fuse import softmax_mask_fuse, softmax_mask_fuse_upper_triangle

_LAZY_OPTIMIZERS = ("LookAhead", "ModelAverage")

__all__ = [
    "LookAhead", "ModelAverage",
    "graph_khop_sampler", "graph_reindex", "graph_sample_neighbors", "graph_send_recv",
    "identity_loss", "inference", "cc",
    "segment_max", "segment_mean", "segment_min", "segment_sum",
    "softmax_mask_fuse", "softmax_mask_fuse_upper_triangle",
]


def __getattr__(name):
    if name == "optimizer" or name in _LAZY_OPTIMIZERS:
        import importlib

        optimizer = importlib.import_module("paddle.incubate.optimizer")
        return optimizer if name == "optimizer" else getattr(optimizer, name)
    raise AttributeError(f"module 'paddle.incubate' has no attribute '{name}'")
