"""paddle.distributed.spawn: runs a function on several new processes of
this machine as the ranks of one job, with the environment the launcher
would give them (the rendezvous at a free local port)."""

from __future__ import annotations

import multiprocessing
import os
import socket
import traceback


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _worker(env: dict, func, args, errors) -> None:
    os.environ.update(env)
    try:
        func(*args)
    except BaseException:
        errors.put((int(env["PADDLE_TRAINER_ID"]), traceback.format_exc()))
        raise SystemExit(1)


class MultiprocessContext:
    """The spawned processes; join() waits for them and raises the first failure."""

    def __init__(self, processes, errors):
        self.processes = processes
        self._errors = errors

    def join(self, timeout=None) -> bool:
        """Waits for every process; returns True once all exited (False on timeout).
        Raises RuntimeError with the traceback of a rank that failed, after
        stopping the others."""
        for p in self.processes:
            p.join(timeout)
        if not self._errors.empty() or any(p.exitcode not in (None, 0) for p in self.processes):
            for p in self.processes:
                if p.is_alive():
                    p.terminate()
                    p.join()
            if not self._errors.empty():
                rank, trace = self._errors.get()
                raise RuntimeError(f"[spawn] rank {rank} failed:\n{trace}")
            codes = {i: p.exitcode for i, p in enumerate(self.processes)}
            raise RuntimeError(f"[spawn] a process exited abnormally; exit codes by rank: {codes}")
        return all(p.exitcode is not None for p in self.processes)


def spawn(func, args=(), nprocs=-1, join=True, daemon=False, **options):
    """Runs func(*args) on `nprocs` new processes, ranks 0 .. nprocs - 1 of
    one job: each can call paddle.distributed.init_parallel_env().

    Args:
        func (callable): a module-level function (the processes import it).
        args (tuple, optional): its arguments. Default ().
        nprocs (int, optional): how many processes; -1 for one per CPU core. Default -1.
        join (bool, optional): wait for them to finish. Default True.
        daemon (bool, optional): the processes' daemon flag. Default False.
        **options: ``backend``: "auto" (default: by each rank's device: NCCL on a
            GPU, a plugin device's collectives on one, else gloo), "gloo", "nccl"
            or "xccl".

    Returns:
        MultiprocessContext: the processes (join() waits).

    Examples:
        >>> import paddle.distributed as dist
        >>> def train():
        ...     dist.init_parallel_env()
        >>> dist.spawn(train, nprocs=2)  # doctest: +SKIP
    """
    if not callable(func):
        raise TypeError(f"[spawn] argument 'func': expected a callable, but got {type(func).__name__}")
    if nprocs == -1:
        nprocs = len(os.sched_getaffinity(0))
    if not isinstance(nprocs, int) or nprocs < 1:
        raise ValueError(f"[spawn] argument 'nprocs': expected a positive int or -1, but got {nprocs!r}")
    backend = options.pop("backend", "auto")
    if backend not in ("auto", "gloo", "nccl", "xccl"):
        raise ValueError(f"[spawn] option 'backend': expected 'auto', 'gloo', 'nccl' or 'xccl', but got "
                         f"{backend!r}")
    ctx = multiprocessing.get_context("spawn")
    errors = ctx.SimpleQueue()
    master = f"127.0.0.1:{_free_port()}"
    endpoints = [f"127.0.0.1:{_free_port()}" for _ in range(nprocs)]
    processes = []
    for rank in range(nprocs):
        env = {
            "PADDLE_TRAINER_ID": str(rank), "PADDLE_TRAINERS_NUM": str(nprocs), "PADDLE_GLOBAL_RANK": str(rank),
            "PADDLE_GLOBAL_SIZE": str(nprocs), "PADDLE_LOCAL_RANK": str(rank), "PADDLE_LOCAL_SIZE": str(nprocs),
            "PADDLE_RANK_IN_NODE": str(rank), "PADDLE_NNODES": "1", "PADDLE_MASTER": master,
            "PADDLE_CURRENT_ENDPOINT": endpoints[rank], "PADDLE_TRAINER_ENDPOINTS": ",".join(endpoints),
            "PADDLE_DISTRI_BACKEND": backend,
        }
        p = ctx.Process(target=_worker, args=(env, func, tuple(args), errors), daemon=daemon)
        p.start()
        processes.append(p)
    context = MultiprocessContext(processes, errors)
    if join:
        context.join()
    return context
