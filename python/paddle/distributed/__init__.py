"""paddle.distributed: running one training script on many processes and
machines (docs/guide/distributed.md). `python -m paddle.distributed.launch`
or `spawn` starts the ranks; `init_parallel_env` connects them; the
collectives move tensors among them over Gloo."""

from paddle.distributed.parallel import (  # noqa: F401
    ParallelEnv,
    destroy_process_group,
    get_backend,
    get_rank,
    get_world_size,
    init_parallel_env,
    is_available,
    is_initialized,
)
from paddle.distributed.collective import (  # noqa: F401
    Group,
    ReduceOp,
    all_gather,
    all_gather_object,
    all_reduce,
    alltoall,
    alltoall_single,
    barrier,
    broadcast,
    broadcast_object_list,
    gather,
    get_group,
    irecv,
    isend,
    new_group,
    recv,
    reduce,
    reduce_scatter,
    scatter,
    scatter_object_list,
    send,
    wait,
)
from paddle.distributed.spawn import spawn  # noqa: F401
from paddle.distributed.data_parallel import DataParallel  # noqa: F401
from paddle.distributed.checkpoint import load_state_dict, save_state_dict  # noqa: F401
from paddle.distributed import fleet  # noqa: F401
from paddle._C.distributed import TCPStore  # noqa: F401

__all__ = [
    "ParallelEnv", "init_parallel_env", "is_initialized", "destroy_process_group", "get_rank", "get_world_size",
    "get_backend", "is_available", "Group", "new_group", "get_group", "ReduceOp", "all_reduce", "broadcast",
    "reduce", "all_gather", "all_gather_object", "broadcast_object_list", "scatter_object_list", "reduce_scatter",
    "scatter", "gather", "alltoall", "alltoall_single", "send", "recv", "isend", "irecv", "barrier", "wait",
    "spawn", "TCPStore", "save_state_dict", "load_state_dict",
]
