"""Functions test_distributed.py runs on several processes (paddle.distributed.spawn
imports them by name). Each rank writes what it got to out_dir/rank<r>.pkl; the
test compares those with NumPy computations of its own."""

from __future__ import annotations

import os
import pickle

import numpy as np

import paddle
import paddle.distributed as dist

DTYPES = ["float32", "float64", "int32", "int64", "float16"]


def rank_data(rank: int, dtype: str, shape=(2, 3)) -> np.ndarray:
    """What rank `rank` contributes: small integers, exact in every dtype."""
    return (np.arange(np.prod(shape)).reshape(shape) + 10 * rank + 1).astype(dtype)


def _save(out_dir: str, results: dict) -> None:
    with open(os.path.join(out_dir, f"rank{dist.get_rank()}.pkl"), "wb") as f:
        pickle.dump(results, f)


def results(out_dir, n: int) -> list:
    """What ranks 0 .. n-1 saved (with _save here or in dp_workers)."""
    out = []
    for r in range(n):
        with open(os.path.join(out_dir, f"rank{r}.pkl"), "rb") as f:
            out.append(pickle.load(f))
    return out


def collectives(out_dir: str, dtypes=DTYPES) -> None:
    dist.init_parallel_env()
    r, n = dist.get_rank(), dist.get_world_size()
    got = {"rank": r, "world_size": n, "backend": dist.get_backend()}
    for dtype in dtypes:
        mine = rank_data(r, dtype)
        for op in ("SUM", "MAX", "MIN", "PROD", "AVG"):
            if op == "AVG" and dtype.startswith("int"):
                continue
            x = paddle.to_tensor(mine)
            dist.all_reduce(x, op=getattr(dist.ReduceOp, op))
            got[("all_reduce", dtype, op)] = x.numpy()
        x = paddle.to_tensor(mine)
        dist.broadcast(x, src=n - 1)
        got[("broadcast", dtype)] = x.numpy()
        x = paddle.to_tensor(mine)
        dist.reduce(x, dst=0)
        got[("reduce", dtype)] = x.numpy()
        parts = []
        dist.all_gather(parts, paddle.to_tensor(mine))
        got[("all_gather", dtype)] = [p.numpy() for p in parts]
        gathered = [] if r == 1 else None
        dist.gather(paddle.to_tensor(mine), gathered, dst=1)
        got[("gather", dtype)] = [p.numpy() for p in gathered] if r == 1 else None
        out = paddle.zeros([2, 3], dtype=dtype)
        sources = [paddle.to_tensor(rank_data(100 + k, dtype)) for k in range(n)] if r == 0 else None
        dist.scatter(out, sources, src=0)
        got[("scatter", dtype)] = out.numpy()
        out = paddle.zeros([2, 3], dtype=dtype)
        dist.reduce_scatter(out, [paddle.to_tensor(rank_data(r * n + k, dtype)) for k in range(n)])
        got[("reduce_scatter", dtype)] = out.numpy()
        received = []
        dist.alltoall(received, [paddle.to_tensor(rank_data(r * n + k, dtype)) for k in range(n)])
        got[("alltoall", dtype)] = [p.numpy() for p in received]
    # uneven alltoall_single: rank r sends k + 1 rows to rank k
    rows_out = [k + 1 for k in range(n)]
    rows_in = [r + 1] * n
    src = paddle.to_tensor(np.concatenate([np.full([k + 1, 2], 100 * r + k, "float32") for k in range(n)]))
    dst = paddle.zeros([sum(rows_in), 2])
    dist.alltoall_single(dst, src, rows_out, rows_in)
    got["alltoall_single"] = dst.numpy()
    # point to point around a ring, and the async form
    right, left = (r + 1) % n, (r - 1) % n
    if n > 1:
        inbox = paddle.zeros([3])
        if r % 2 == 0:
            dist.send(paddle.full([3], float(r)), dst=right)
            dist.recv(inbox, src=left)
        else:
            dist.recv(inbox, src=left)
            dist.send(paddle.full([3], float(r)), dst=right)
        got["ring"] = inbox.numpy()
    x = paddle.to_tensor(rank_data(r, "float32"))
    task = dist.all_reduce(x, sync_op=False)
    task.wait()
    got["async_all_reduce"] = x.numpy()
    # Either side of the size up to which the tensor rides along with the agreement (Note [One-shot agreement]).
    for elements in (32768, 32769, 300_000):  # float64: 256 KB rides along, one more element does not
        for op in ("SUM", "MAX"):
            x = paddle.to_tensor(np.arange(elements, dtype="float64") % 7 + r)
            dist.all_reduce(x, op=getattr(dist.ReduceOp, op))
            got[("all_reduce_sized", elements, op)] = x.numpy()
    objects = []
    dist.all_gather_object(objects, {"rank": r, "name": f"worker-{r}" * (r + 1)})
    got["all_gather_object"] = objects
    listed = [{"from": r}, r * 7] if r == 0 else [None, None]
    dist.broadcast_object_list(listed, src=0)
    got["broadcast_object_list"] = listed
    dist.barrier()
    _save(out_dir, got)


def subgroups(out_dir: str) -> None:
    dist.init_parallel_env()
    r = dist.get_rank()
    evens = dist.new_group([0, 2])
    odds = dist.new_group([1, 3])
    mine = evens if r % 2 == 0 else odds
    x = paddle.to_tensor([float(r + 1)])
    outside = dist.all_reduce(x, group=odds if r % 2 == 0 else evens)  # not a member: nothing happens
    dist.all_reduce(x, group=mine)
    parts = []
    dist.all_gather(parts, paddle.to_tensor([r]), group=mine)
    y = paddle.to_tensor([float(r)])
    dist.broadcast(y, src=mine.ranks[-1], group=mine)
    _save(out_dir, {"sum": x.numpy(), "outside": outside, "gathered": [p.numpy() for p in parts],
                    "broadcast": y.numpy(), "group_rank": mine.rank, "ranks": mine.ranks,
                    "get_rank": dist.get_rank(mine), "size": dist.get_world_size(mine)})


def mismatched_shapes(out_dir: str) -> None:
    dist.init_parallel_env()
    r = dist.get_rank()
    try:
        dist.all_reduce(paddle.ones([r + 2]))
        message = None
    except ValueError as e:
        message = str(e)
    errors = []
    # a tensor small enough to ride along against one that is not; the same bytes in another dtype
    for tensor in (paddle.ones([2 if r == 0 else 100_000]), paddle.ones([4], dtype="float32" if r else "int32")):
        try:
            dist.all_reduce(tensor)
            errors.append(None)
        except ValueError as e:
            errors.append(str(e))
    # a receiving tensor that does not fit what was sent
    if r == 0:
        dist.send(paddle.ones([3]), dst=1)
    else:
        try:
            dist.recv(paddle.zeros([2]), src=0)
        except ValueError as e:
            errors.append(str(e))
    # the group still works afterwards
    x = paddle.ones([2])
    dist.all_reduce(x)
    _save(out_dir, {"error": message, "after": x.numpy(), "errors": errors})


def failing(out_dir: str) -> None:
    dist.init_parallel_env()
    if dist.get_rank() == 1:
        raise KeyError("rank 1 gives up")
    dist.barrier()


# The dtypes the sample plugin's collectives reduce (test/custom_device/custom_cpu_ccl.cc).
PLUGIN_DTYPES = ["float32", "float64", "int32", "int64"]


def plugin_collectives(out_dir: str, plugin: str, devices: int) -> None:
    """collectives() with each rank on its own device of the sample plugin, over its collectives (xccl)."""
    os.environ["CUSTOM_CPU_DEVICE_COUNT"] = str(devices)
    from paddle import _C

    _C.load_custom_device_plugin(plugin)
    paddle.device.set_device(f"custom_cpu:{int(os.environ['PADDLE_TRAINER_ID'])}")
    collectives(out_dir, PLUGIN_DTYPES)


def plugin_without_collectives(out_dir: str, plugin: str) -> None:
    os.environ["CUSTOM_CPU_BREAK"] = "no_ccl"
    from paddle import _C

    _C.load_custom_device_plugin(plugin)
    paddle.device.set_device(f"custom_cpu:{int(os.environ['PADDLE_TRAINER_ID'])}")
    try:
        dist.init_parallel_env()
        error = None
    except RuntimeError as e:
        error = str(e)
    _save(out_dir, {"error": error})


# The dtypes NCCL moves (its reductions of float16 products overflow like the CPU's).
NCCL_DTYPES = ["float32", "float64", "int32", "int64", "float16"]


def nccl_collectives(out_dir: str) -> None:
    """collectives() with rank r on GPU r, over NCCL."""
    paddle.device.set_device(f"gpu:{int(os.environ['PADDLE_TRAINER_ID'])}")
    collectives(out_dir, NCCL_DTYPES)


def nccl_single_gpu(out_dir: str) -> None:
    """A one-rank NCCL group: what a machine with one GPU can run."""
    paddle.device.set_device("gpu:0")
    dist.init_parallel_env()
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    dist.all_reduce(x, op=dist.ReduceOp.MAX)
    parts = []
    dist.all_gather(parts, paddle.to_tensor([[4, 5]]))
    y = paddle.to_tensor([7.0])
    dist.broadcast(y, src=0)
    dist.barrier()
    _save(out_dir, {"backend": dist.get_backend(), "place": str(x.place), "all_reduce": x.numpy(),
                    "all_gather": [p.numpy() for p in parts], "broadcast": y.numpy()})


def init_only(out_dir: str) -> None:
    dist.init_parallel_env()
