"""Groups and collectives (Note [Process groups] in
paddle/distributed/collective/process_group.h).

Ranks in arguments (src, dst) are global ranks, as in PaddlePaddle; a call
by a process outside the group does nothing and returns None. With
sync_op=False a call returns a task at once; its wait() blocks until the
collective finished (and fills output lists)."""

from __future__ import annotations

import datetime
import pickle

import numpy as np

import paddle
from paddle.distributed.parallel import _D, _process_group, _State, is_initialized

ReduceOp = _D.ReduceOp


class Group:
    """Ranks that run collectives together (new_group makes one).

    Attributes:
        rank (int): this process's rank in the group, -1 when not a member.
        ranks (list[int]): the global ranks of the members, in group order.
        id (int): the group's id, the same on every rank.
    """

    def __init__(self, rank_in_group, id, ranks, pg=None, name=None):
        self.rank = rank_in_group
        self.id = id
        self.ranks = list(ranks)
        self.process_group = pg
        self.name = name or f"_group_{id}"

    @property
    def nranks(self) -> int:
        return len(self.ranks)

    world_size = nranks

    @property
    def backend(self) -> str:
        return _State.backend

    def is_member(self) -> bool:
        return self.rank >= 0

    def get_group_rank(self, rank: int) -> int:
        """The group rank of global rank `rank`, -1 when it is not a member."""
        return self.ranks.index(rank) if rank in self.ranks else -1

    def get_global_rank(self, group_rank: int) -> int:
        return self.ranks[group_rank]

    def __repr__(self):
        return f"rank: {self.rank}, nranks: {self.nranks}, id: {self.id}, ranks: {', '.join(map(str, self.ranks))}"


def _register(group: Group) -> None:
    _State.groups[group.id] = group


def _group(group, op: str) -> Group:
    if group is None:
        if not is_initialized():
            raise RuntimeError(f"[{op}] the default group does not exist: call "
                               "paddle.distributed.init_parallel_env() first")
        return _State.groups[0]
    if not isinstance(group, Group):
        raise TypeError(f"[{op}] argument 'group': expected a Group or None, but got {type(group).__name__}")
    if group.is_member() and group.process_group is None:
        raise RuntimeError(f"[{op}] group {group.id} was destroyed")
    return group


def _group_rank(group: Group, rank, op: str, arg: str) -> int:
    if not isinstance(rank, (int, np.integer)) or isinstance(rank, bool):
        raise TypeError(f"[{op}] argument '{arg}': expected an int rank, but got {type(rank).__name__}")
    r = group.get_group_rank(int(rank))
    if r < 0:
        raise ValueError(f"[{op}] argument '{arg}': rank {rank} is not in the group (ranks {group.ranks})")
    return r


def _tensor(t, op: str, arg: str):
    if not isinstance(t, paddle.Tensor):
        raise TypeError(f"[{op}] argument '{arg}': expected a Tensor, but got {type(t).__name__}")
    return t


def _tensors(ts, op: str, arg: str):
    if not isinstance(ts, (list, tuple)) or not ts:
        raise TypeError(f"[{op}] argument '{arg}': expected a non-empty list of Tensors, but got {ts!r}")
    for t in ts:
        _tensor(t, op, arg)
    return list(ts)


class _Task:
    """A collective in flight; wait() also runs what fills the outputs."""

    def __init__(self, task, then=None):
        self._task = task
        self._then = then

    def wait(self) -> bool:
        self._task.wait()
        if self._then is not None:
            then, self._then = self._then, None
            then()
        return True

    def is_completed(self) -> bool:
        return self._task.is_completed()


def _run(task, sync_op: bool, then=None):
    wrapped = _Task(task, then)
    if sync_op:
        wrapped.wait()
    return wrapped


def _flat(ts):
    return paddle.concat([t.reshape([-1]) for t in ts]) if len(ts) > 1 else ts[0].reshape([-1]).clone()


def new_group(ranks=None, backend=None, timeout=datetime.timedelta(seconds=1800), nccl_comm_init_option=0,
              nccl_config=None):
    """A group of the given global ranks (all ranks when None). Every rank of
    the job must call new_group, in the same order, members or not.

    Examples:
        >>> import paddle.distributed as dist
        >>> dist.init_parallel_env()  # doctest: +SKIP
        >>> group = dist.new_group([0])  # doctest: +SKIP
    """
    world = _group(None, "new_group")
    if backend not in (None, _State.backend):
        raise ValueError(f"[new_group] argument 'backend': this job runs its collectives over {_State.backend}, but "
                         f"got {backend!r}")
    ranks = list(range(world.nranks)) if ranks is None else sorted(int(r) for r in ranks)
    if len(set(ranks)) != len(ranks) or any(not 0 <= r < world.nranks for r in ranks):
        raise ValueError(f"[new_group] argument 'ranks': expected distinct ranks in [0, {world.nranks}), "
                         f"but got {ranks}")
    gid = _State.next_group_id
    _State.next_group_id += 1
    me = world.rank
    pg = None
    if me in ranks:
        pg = _process_group(ranks.index(me), len(ranks), gid, timeout.total_seconds())
    group = Group(ranks.index(me) if me in ranks else -1, gid, ranks, pg)
    _register(group)
    return group


def get_group(id=0) -> Group:
    """The group of this id (0: the default group)."""
    if id not in _State.groups:
        raise ValueError(f"[get_group] no group has id {id}")
    return _State.groups[id]


def all_reduce(tensor, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduces `tensor` over the group's ranks (op: ReduceOp.SUM, MAX, MIN,
    PROD, AVG); every rank's tensor holds the result.

    Examples:
        >>> import paddle, paddle.distributed as dist
        >>> dist.init_parallel_env()  # doctest: +SKIP
        >>> x = paddle.to_tensor([1.0, 2.0])  # doctest: +SKIP
        >>> dist.all_reduce(x)  # doctest: +SKIP
    """
    g = _group(group, "all_reduce")
    _tensor(tensor, "all_reduce", "tensor")
    if not g.is_member():
        return None
    return _run(g.process_group.all_reduce(tensor, op, sync_op), sync_op)


def broadcast(tensor, src, group=None, sync_op=True):
    """Copies rank `src`'s tensor into every rank's `tensor`."""
    g = _group(group, "broadcast")
    _tensor(tensor, "broadcast", "tensor")
    if not g.is_member():
        return None
    return _run(g.process_group.broadcast(tensor, _group_rank(g, src, "broadcast", "src"), sync_op), sync_op)


def reduce(tensor, dst, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduces every rank's `tensor` into rank `dst`'s."""
    g = _group(group, "reduce")
    _tensor(tensor, "reduce", "tensor")
    if not g.is_member():
        return None
    return _run(g.process_group.reduce(tensor, _group_rank(g, dst, "reduce", "dst"), op, sync_op), sync_op)


def _fill(target: list, flat, shape, n: int):
    parts = flat.reshape([n] + list(shape))
    target.clear()
    target.extend(parts[i].clone() for i in range(n))


def all_gather(tensor_list, tensor, group=None, sync_op=True):
    """Fills `tensor_list` with every rank's `tensor`, in rank order."""
    g = _group(group, "all_gather")
    _tensor(tensor, "all_gather", "tensor")
    if not isinstance(tensor_list, list):
        raise TypeError(f"[all_gather] argument 'tensor_list': expected a list, but got {type(tensor_list).__name__}")
    if not g.is_member():
        return None
    src = tensor.contiguous()
    out = paddle.empty([g.nranks * src.numel()], dtype=src.dtype)
    task = g.process_group.all_gather(out, src, sync_op)
    return _run(task, sync_op, lambda: _fill(tensor_list, out, src.shape, g.nranks))


def _to_bytes(obj):
    return paddle.to_tensor(np.frombuffer(pickle.dumps(obj), dtype=np.uint8).copy())


def _from_bytes(t, size):
    return pickle.loads(t.numpy()[:size].tobytes())


def all_gather_object(object_list, obj, group=None):
    """Fills `object_list` with every rank's picklable `obj`, in rank order."""
    g = _group(group, "all_gather_object")
    if not isinstance(object_list, list):
        raise TypeError("[all_gather_object] argument 'object_list': expected a list, but got "
                        f"{type(object_list).__name__}")
    if not g.is_member():
        return
    data = _to_bytes(obj)
    sizes = []
    all_gather(sizes, paddle.to_tensor([data.numel()], dtype="int64"), group=g)
    longest = max(int(s.item()) for s in sizes)
    padded = paddle.concat([data, paddle.zeros([longest - data.numel()], dtype="uint8")])
    parts = []
    all_gather(parts, padded, group=g)
    object_list.clear()
    object_list.extend(_from_bytes(p, int(s.item())) for p, s in zip(parts, sizes))


def broadcast_object_list(object_list, src, group=None):
    """Replaces the entries of `object_list` by rank `src`'s (picklable objects)."""
    g = _group(group, "broadcast_object_list")
    if not isinstance(object_list, list):
        raise TypeError("[broadcast_object_list] argument 'object_list': expected a list, but got "
                        f"{type(object_list).__name__}")
    if not g.is_member():
        return
    root = _group_rank(g, src, "broadcast_object_list", "src")
    data = _to_bytes(object_list) if g.rank == root else None
    size = paddle.to_tensor([data.numel() if data is not None else 0], dtype="int64")
    broadcast(size, src, group=g)
    buffer = data if data is not None else paddle.zeros([int(size.item())], dtype="uint8")
    broadcast(buffer, src, group=g)
    if g.rank != root:
        object_list[:] = _from_bytes(buffer, int(size.item()))


def scatter_object_list(out_object_list, in_object_list=None, src=0, group=None):
    """Rank r's `out_object_list` becomes [in_object_list[r]] of rank `src`."""
    g = _group(group, "scatter_object_list")
    if not g.is_member():
        return
    root = _group_rank(g, src, "scatter_object_list", "src")
    objects = [None]
    if g.rank == root:
        if not isinstance(in_object_list, (list, tuple)) or len(in_object_list) != g.nranks:
            raise ValueError(f"[scatter_object_list] argument 'in_object_list': expected {g.nranks} objects on the "
                             "source rank")
        objects = [list(in_object_list)]
    broadcast_object_list(objects, src, group=g)
    out_object_list.clear()
    out_object_list.append(objects[0][g.rank])


def reduce_scatter(tensor, tensor_list, op=ReduceOp.SUM, group=None, sync_op=True):
    """Rank r's `tensor` becomes the reduction of every rank's tensor_list[r]."""
    g = _group(group, "reduce_scatter")
    _tensor(tensor, "reduce_scatter", "tensor")
    parts = _tensors(tensor_list, "reduce_scatter", "tensor_list")
    if len(parts) != g.nranks:
        raise ValueError(f"[reduce_scatter] argument 'tensor_list': expected {g.nranks} tensors, one per rank, "
                         f"but got {len(parts)}")
    if not g.is_member():
        return None
    return _run(g.process_group.reduce_scatter(tensor, _flat(parts), op, sync_op), sync_op)


def scatter(tensor, tensor_list=None, src=0, group=None, sync_op=True):
    """Rank r's `tensor` becomes tensor_list[r] of rank `src`."""
    g = _group(group, "scatter")
    _tensor(tensor, "scatter", "tensor")
    if not g.is_member():
        return None
    root = _group_rank(g, src, "scatter", "src")
    source = None
    if g.rank == root:
        parts = _tensors(tensor_list, "scatter", "tensor_list")
        if len(parts) != g.nranks:
            raise ValueError(f"[scatter] argument 'tensor_list': expected {g.nranks} tensors, one per rank, "
                             f"but got {len(parts)}")
        source = _flat(parts)
    return _run(g.process_group.scatter(tensor, source, root, sync_op), sync_op)


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True):
    """Fills rank `dst`'s `gather_list` with every rank's `tensor`, in rank order."""
    g = _group(group, "gather")
    _tensor(tensor, "gather", "tensor")
    if not g.is_member():
        return None
    root = _group_rank(g, dst, "gather", "dst")
    src = tensor.contiguous()
    out = None
    if g.rank == root:
        if not isinstance(gather_list, list):
            raise TypeError("[gather] argument 'gather_list': expected a list on the destination rank, but got "
                            f"{type(gather_list).__name__}")
        out = paddle.empty([g.nranks * src.numel()], dtype=src.dtype)
    then = (lambda: _fill(gather_list, out, src.shape, g.nranks)) if out is not None else None
    return _run(g.process_group.gather(out, src, root, sync_op), sync_op, then)


def alltoall(out_tensor_list, in_tensor_list, group=None, sync_op=True):
    """Sends in_tensor_list[r] to rank r; out_tensor_list[r] becomes what
    rank r sent this one. The tensors share one shape and dtype."""
    g = _group(group, "alltoall")
    parts = _tensors(in_tensor_list, "alltoall", "in_tensor_list")
    if not isinstance(out_tensor_list, list):
        raise TypeError("[alltoall] argument 'out_tensor_list': expected a list, but got "
                        f"{type(out_tensor_list).__name__}")
    if len(parts) != g.nranks:
        raise ValueError(f"[alltoall] argument 'in_tensor_list': expected {g.nranks} tensors, one per rank, "
                         f"but got {len(parts)}")
    shape = parts[0].shape
    if any(p.shape != shape or p.dtype != parts[0].dtype for p in parts):
        raise ValueError("[alltoall] argument 'in_tensor_list': the tensors must share one shape and dtype")
    if not g.is_member():
        return None
    out = paddle.empty([g.nranks * parts[0].numel()], dtype=parts[0].dtype)
    task = g.process_group.alltoall(out, _flat(parts), [], [], sync_op)
    return _run(task, sync_op, lambda: _fill(out_tensor_list, out, shape, g.nranks))


def alltoall_single(out_tensor, in_tensor, in_split_sizes=None, out_split_sizes=None, group=None, sync_op=True):
    """Rows of `in_tensor` go to the ranks in order (in_split_sizes rows to
    each, equal parts when None); `out_tensor` receives out_split_sizes rows
    from each rank in order."""
    g = _group(group, "alltoall_single")
    _tensor(in_tensor, "alltoall_single", "in_tensor")
    _tensor(out_tensor, "alltoall_single", "out_tensor")
    if not g.is_member():
        return None

    def counts(t, sizes, arg):
        if sizes is None:
            return []
        sizes = [int(s) for s in sizes]
        if len(sizes) != g.nranks or sum(sizes) != t.shape[0]:
            raise ValueError(f"[alltoall_single] argument '{arg}': expected {g.nranks} row counts adding up to "
                             f"{t.shape[0]}, but got {sizes}")
        row = t.numel() // t.shape[0] if t.shape[0] else 0
        return [s * row for s in sizes]

    src = in_tensor.contiguous()
    task = g.process_group.alltoall(out_tensor, src, counts(in_tensor, in_split_sizes, "in_split_sizes"),
                                    counts(out_tensor, out_split_sizes, "out_split_sizes"), sync_op)
    return _run(task, sync_op)


def send(tensor, dst=0, group=None, sync_op=True):
    """Sends `tensor` to rank `dst`, which receives it with recv."""
    g = _group(group, "send")
    _tensor(tensor, "send", "tensor")
    if not g.is_member():
        return None
    return _run(g.process_group.send(tensor.contiguous(), _group_rank(g, dst, "send", "dst"), sync_op), sync_op)


def recv(tensor, src=0, group=None, sync_op=True):
    """Receives into `tensor` what rank `src` sent (its shape and dtype must match)."""
    g = _group(group, "recv")
    _tensor(tensor, "recv", "tensor")
    if not g.is_member():
        return None
    return _run(g.process_group.recv(tensor, _group_rank(g, src, "recv", "src"), sync_op), sync_op)


def isend(tensor, dst, group=None):
    """send without waiting: returns the task."""
    return send(tensor, dst, group, sync_op=False)


def irecv(tensor, src=None, group=None):
    """recv without waiting: returns the task."""
    if src is None:
        raise ValueError("[irecv] argument 'src': the gloo backend receives from a named rank")
    return recv(tensor, src, group, sync_op=False)


def barrier(group=None):
    """Returns once every rank of the group has called barrier."""
    g = _group(group, "barrier")
    if g.is_member():
        g.process_group.barrier(True).wait()


def wait(tensor, group=None, use_calc_stream=True):
    """Waits for the collectives on `tensor`: on the CPU they finished when their call (or task.wait) returned."""
    _tensor(tensor, "wait", "tensor")
