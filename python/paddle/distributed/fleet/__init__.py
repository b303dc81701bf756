"""paddle.distributed.fleet: the collective-training API most PaddlePaddle
scripts use (docs/guide/distributed.md): fleet.init, then
distributed_model and distributed_optimizer, configured by a
DistributedStrategy (amp, recompute, gradient_merge, the data-parallel
gradient buckets). Hybrid, sharding and pipeline parallelism come later."""

from __future__ import annotations

import paddle
from paddle.distributed import parallel
from paddle.distributed.fleet import utils  # noqa: F401
from paddle.distributed.fleet.model import distributed_model
from paddle.distributed.fleet.optimizer import distributed_optimizer
from paddle.distributed.fleet.strategy import DistributedStrategy

__all__ = ["init", "DistributedStrategy", "distributed_model", "distributed_optimizer", "distributed_scaler",
           "worker_index", "worker_num", "is_first_worker", "barrier_worker", "utils"]


class _Fleet:
    strategy = None


def init(role_maker=None, is_collective=False, strategy=None, log_level="INFO"):
    """Sets up fleet: with is_collective=True, the parallel environment of a
    job started by paddle.distributed.launch (init_parallel_env) and the
    strategy the later calls follow.

    Examples:
        >>> from paddle.distributed import fleet
        >>> fleet.init(is_collective=True)
    """
    if not is_collective:
        raise ValueError("[fleet.init] argument 'is_collective': this framework trains collectively; parameter "
                         "servers are not supported, so pass is_collective=True")
    if strategy is not None and not isinstance(strategy, DistributedStrategy):
        raise TypeError(f"[fleet.init] argument 'strategy': expected a DistributedStrategy, but got "
                        f"{type(strategy).__name__}")
    _Fleet.strategy = strategy if strategy is not None else DistributedStrategy()
    if parallel.get_world_size() > 1:
        parallel.init_parallel_env()


def _strategy(op: str) -> DistributedStrategy:
    if _Fleet.strategy is None:
        raise RuntimeError(f"[fleet.{op}] call fleet.init(is_collective=True) first")
    return _Fleet.strategy


def worker_index() -> int:
    """This rank."""
    return parallel.get_rank()


def worker_num() -> int:
    """The number of ranks."""
    return parallel.get_world_size()


def is_first_worker() -> bool:
    return worker_index() == 0


def barrier_worker() -> None:
    """Waits for every rank."""
    if parallel.is_initialized():
        paddle.distributed.barrier()


def distributed_scaler(scaler):
    """The GradScaler itself: DataParallel averages the scaled gradients, and every rank sees the same ones."""
    return scaler
