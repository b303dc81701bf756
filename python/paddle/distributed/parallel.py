"""The parallel environment: which rank this process is, how many there are,
and the default process group that init_parallel_env sets up.

A rank learns its place from the environment its launcher gave it:
paddle.distributed.launch's PADDLE_* variables, OpenMPI's OMPI_COMM_WORLD_*
under mpirun, or Slurm's SLURM_* under srun (the store on the step's first
node). The rendezvous store (Note [TCP
store] in paddle/distributed/store/tcp_store.h) is at PADDLE_MASTER (or
MASTER_ADDR and MASTER_PORT); our launcher serves it itself, so that it
outlives the workers' restarts, and says so with PADDLE_STORE_SERVED=1;
otherwise rank 0 serves it."""

from __future__ import annotations

import datetime
import os
import re

from paddle import _C

_D = _C.distributed


def _env_int(*names: str, default: int) -> int:
    for name in names:
        value = os.environ.get(name)
        if value not in (None, ""):
            return int(value)
    return default


class ParallelEnv:
    """This process's place in the job, read from the launcher's environment.

    Examples:
        >>> import paddle.distributed as dist
        >>> env = dist.ParallelEnv()
        >>> (env.rank, env.world_size)
        (0, 1)
    """

    def __init__(self):
        self._rank = _env_int("PADDLE_TRAINER_ID", "PADDLE_GLOBAL_RANK", "OMPI_COMM_WORLD_RANK", "SLURM_PROCID",
                              default=0)
        self._world_size = _env_int("PADDLE_TRAINERS_NUM", "PADDLE_GLOBAL_SIZE", "OMPI_COMM_WORLD_SIZE",
                                    "SLURM_NTASKS", default=1)
        self._local_rank = _env_int("PADDLE_LOCAL_RANK", "PADDLE_RANK_IN_NODE", "OMPI_COMM_WORLD_LOCAL_RANK",
                                    "SLURM_LOCALID", default=0)
        devices = os.environ.get("FLAGS_selected_gpus", "")
        self._device_id = int(devices.split(",")[0]) if devices else 0
        self._current_endpoint = os.environ.get("PADDLE_CURRENT_ENDPOINT", "")
        endpoints = os.environ.get("PADDLE_TRAINER_ENDPOINTS", "")
        self._trainer_endpoints = endpoints.split(",") if endpoints else []
        self._pg_timeout = _env_int("PADDLE_PG_TIMEOUT", default=1800 * 1000)  # milliseconds

    @property
    def rank(self) -> int:
        """This process's rank in the job, 0 .. world_size - 1."""
        return self._rank

    @property
    def world_size(self) -> int:
        """The number of processes in the job."""
        return self._world_size

    @property
    def local_rank(self) -> int:
        """This process's rank among those of its node."""
        return self._local_rank

    @property
    def device_id(self) -> int:
        """The GPU this process uses (FLAGS_selected_gpus); 0 on the CPU."""
        return self._device_id

    @property
    def device_type(self) -> str:
        return "gpu" if os.environ.get("FLAGS_selected_gpus") else "cpu"

    @property
    def current_endpoint(self) -> str:
        """This process's ip:port."""
        return self._current_endpoint

    @property
    def trainer_endpoints(self) -> list[str]:
        """Every process's ip:port, in rank order."""
        return list(self._trainer_endpoints)

    @property
    def pg_timeout(self) -> int:
        """How long (milliseconds) a collective waits for its peers."""
        return self._pg_timeout

    nranks = world_size
    dev_id = device_id

    @property
    def nrings(self) -> int:
        return 1


class _State:
    """The job's store and groups, once init_parallel_env ran."""

    store = None
    backend = "gloo"
    host = "127.0.0.1"
    timeout = datetime.timedelta(milliseconds=1800 * 1000)
    groups: dict = {}
    next_group_id = 1


def _slurm_first_node() -> str | None:
    """The first node of a Slurm step, where its task 0 (which serves the store) runs: the head of
    SLURM_STEP_NODELIST (or SLURM_JOB_NODELIST) in Slurm's hostlist form, "gpu[07-09,12],cpu3" -> "gpu07"."""
    nodes = os.environ.get("SLURM_STEP_NODELIST") or os.environ.get("SLURM_JOB_NODELIST")
    if not nodes:
        return None
    prefix, ranges, suffix = re.match(r"([^,\[]*)(?:\[([^\]]*)\])?([^,]*)", nodes).groups()
    return prefix + (ranges.split(",")[0].split("-")[0] if ranges else "") + suffix


def _master_address(env: ParallelEnv) -> tuple[str, int]:
    master = os.environ.get("PADDLE_MASTER")
    if master:
        host, _, port = master.rpartition(":")
        return host, int(port)
    host = os.environ.get("MASTER_ADDR") or _slurm_first_node()
    port = os.environ.get("MASTER_PORT")
    if port is None and "SLURM_JOB_ID" in os.environ:  # the same port on every task of a Slurm job
        port = 20000 + int(os.environ["SLURM_JOB_ID"]) % 20000
    if host and port:
        return host, int(port)
    if env.world_size == 1:
        return "127.0.0.1", 0
    raise RuntimeError("[init_parallel_env] no rendezvous address: launch with python -m paddle.distributed.launch, "
                       "or set PADDLE_MASTER (or MASTER_ADDR and MASTER_PORT) to the ip:port rank 0 serves on")


def _own_host(env: ParallelEnv, master_host: str) -> str:
    """The address the other ranks reach this process at."""
    if env.current_endpoint:
        return env.current_endpoint.rpartition(":")[0]
    if env.trainer_endpoints and env.rank < len(env.trainer_endpoints):
        return env.trainer_endpoints[env.rank].rpartition(":")[0]
    if master_host in ("127.0.0.1", "localhost"):
        return "127.0.0.1"
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:  # the interface that routes to the master
        s.connect((master_host, 1))
        return s.getsockname()[0]


def init_parallel_env(nccl_config=None):
    """Sets up the default process group of every rank of the job: connects to
    the rendezvous store and to every other rank (Gloo on the CPU). Every rank
    must call it; it returns when all have.

    Returns:
        Group: the default group, of every rank.

    Examples:
        >>> import paddle.distributed as dist
        >>> group = dist.init_parallel_env()
        >>> group.nranks == dist.get_world_size()
        True
    """
    from paddle.distributed.collective import Group, _register

    if is_initialized():
        return _State.groups[0]
    env = ParallelEnv()
    if not 0 <= env.rank < env.world_size:
        raise ValueError(f"[init_parallel_env] rank {env.rank} is not in [0, {env.world_size})")
    # Before the rendezvous: a rank that cannot run the backend says so at once, not after the others' timeout.
    _State.backend = _backend()
    host, port = _master_address(env)
    _State.timeout = datetime.timedelta(milliseconds=env.pg_timeout)
    seconds = _State.timeout.total_seconds()
    served = os.environ.get("PADDLE_STORE_SERVED") == "1"
    _State.store = _D.TCPStore(host, port, is_master=env.rank == 0 and not served, world_size=env.world_size,
                               timeout=seconds)
    _State.host = _own_host(env, host)
    group_id = 0
    pg = _process_group(env.rank, env.world_size, group_id, seconds)
    group = Group(env.rank, group_id, list(range(env.world_size)), pg, name="_default_pg")
    _register(group)
    return group


def _group_key(group_id: int) -> int:
    """The store prefix of a group: its id within one launch attempt. Each attempt rendezvouses afresh: a
    restarted job must not read the addresses its failed attempt left in the store."""
    return int(os.environ.get("PADDLE_RESTART_COUNT", "0")) * 100000 + group_id


def _backend() -> str:
    """The collectives of this rank's device: "nccl" on a GPU (the one FLAGS_selected_gpus names, which becomes
    the current device), "xccl" on a plugin device, else "gloo". PADDLE_DISTRI_BACKEND (the launcher's, or
    spawn's backend option) may name one outright; "auto" picks by the device."""
    import paddle

    chosen = os.environ.get("PADDLE_DISTRI_BACKEND", "auto")
    if chosen not in ("auto", "gloo", "nccl", "xccl"):
        raise ValueError(f"[init_parallel_env] PADDLE_DISTRI_BACKEND: expected auto, gloo, nccl or xccl, but got "
                         f"{chosen!r}")
    device = paddle.device.get_device()
    if device.split(":")[0] in paddle.device.get_all_custom_device_type():
        if chosen == "gloo":
            return "gloo"
        _D.check_plugin_collectives(device.split(":")[0])
        return "xccl"
    if chosen == "xccl":
        raise RuntimeError(f"[init_parallel_env] PADDLE_DISTRI_BACKEND=xccl runs on a plugin device, but this "
                           f"rank's device is {device}: call paddle.device.set_device first")
    selected = os.environ.get("FLAGS_selected_gpus")
    if chosen == "nccl" or (chosen == "auto" and (selected or device.startswith("gpu"))):
        if not hasattr(_D, "ProcessGroupNCCL") or paddle.device.cuda.device_count() == 0:
            raise RuntimeError("[init_parallel_env] the nccl backend needs a GPU, but this build or machine has "
                               "none; launch without --devices (or set PADDLE_DISTRI_BACKEND=gloo) to train on CPUs")
        if selected:
            paddle.device.set_device(f"gpu:{int(selected.split(',')[0])}")
        return "nccl"
    return "gloo"


def _process_group(rank: int, size: int, group_id: int, seconds: float):
    """A process group of `size` ranks on this job's backend."""
    import paddle

    key = _group_key(group_id)
    if _State.backend == "xccl":
        return _D.ProcessGroupCustom(_State.store, rank, size, key, paddle.device.get_device(), seconds)
    if _State.backend == "nccl":
        return _D.ProcessGroupNCCL(_State.store, rank, size, key, int(paddle.device.get_device().split(":")[1]),
                                   seconds)
    return _D.ProcessGroupGloo(_State.store, rank, size, key, _State.host, seconds)


def is_initialized() -> bool:
    """Whether init_parallel_env has set up the default group."""
    return 0 in _State.groups


def get_rank(group=None) -> int:
    """This process's rank: in `group` (-1 when not a member), else in the job.

    Examples:
        >>> import paddle.distributed as dist
        >>> dist.get_rank()
        0
    """
    if group is not None:
        return group.rank
    if is_initialized():
        return _State.groups[0].rank
    return ParallelEnv().rank


def get_world_size(group=None) -> int:
    """The number of ranks in `group`, else in the job.

    Examples:
        >>> import paddle.distributed as dist
        >>> dist.get_world_size()
        1
    """
    if group is not None:
        return group.world_size
    if is_initialized():
        return _State.groups[0].world_size
    return ParallelEnv().world_size


def get_backend(group=None) -> str:
    """The backend of the job's collectives: "gloo" on the CPU, "xccl" on a plugin device."""
    return _State.backend


def is_available() -> bool:
    """Whether this build can run distributed jobs (it always can, over Gloo)."""
    return True


def destroy_process_group(group=None) -> None:
    """Releases `group`, or every group and the store when group is None."""
    if group is None:
        _State.groups.clear()
        _State.store = None
        _State.next_group_id = 1
        return
    _State.groups.pop(group.id, None)
    group.process_group = None
