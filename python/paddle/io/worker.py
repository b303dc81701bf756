"""The worker processes of a DataLoader with ``num_workers > 0``.

Note [io workers]: each worker owns an index queue; the main process puts
tasks on it, ``(TASK, idx, indices)`` (indices None for an IterableDataset:
"your next batch"), ``(RESET, ...)`` at the start of a new epoch of
persistent workers, or ``None`` to stop. A worker answers every task on the
one shared result queue with ``(idx, worker_id, kind, payload)``, kind one of
DATA (the collated batch as NumPy arrays, large ones in shared memory),
ERROR (an ExceptionWrapper with the worker's traceback) or END (its iterable
is exhausted). `idx` grows across epochs, so the main process puts results
back in order and recognizes (and frees) stale ones from an epoch it left
early. Workers are daemon processes, watch for their parent's death, and
are joined (or terminated) by the loader's shutdown.
"""

from __future__ import annotations

import os
import queue
import random
import sys
import traceback
from dataclasses import dataclass

import numpy as np

from paddle.io.collate import map_leaves, to_numpy

__all__ = ["WorkerInfo", "get_worker_info"]

TASK, RESET = "task", "reset"
DATA, ERROR, END = "data", "error", "end"
POLL_S = 0.5          # how often a waiting process checks on the other side
SHM_MIN_BYTES = 1 << 16  # arrays this large travel through shared memory


@dataclass
class WorkerInfo:
    """What `get_worker_info()` returns inside a worker process.

    Attributes:
        id (int): this worker's id, in [0, num_workers).
        num_workers (int): the number of workers of the loader.
        dataset (Dataset): this worker's copy of the dataset.
        seed (int): this worker's seed (the loader's base seed + id); NumPy's
            and Python's global RNGs and paddle's generator are seeded with it.
    """

    id: int
    num_workers: int
    dataset: object
    seed: int


_worker_info: WorkerInfo | None = None


def get_worker_info() -> WorkerInfo | None:
    """The `WorkerInfo` of the current DataLoader worker process; None in the
    main process (or with ``num_workers=0``).

    Returns:
        WorkerInfo or None.

    Examples:
        >>> from paddle.io import get_worker_info
        >>> print(get_worker_info())
        None
    """
    return _worker_info


class ExceptionWrapper:
    """An exception raised in a worker, carried to the main process as text."""

    def __init__(self, worker_id: int, where: str):
        exc_type, exc, _ = sys.exc_info()
        self.exc_type = exc_type
        self.message = (f"[DataLoader] worker {worker_id} raised {exc_type.__name__} {where}:\n"
                        f"{''.join(traceback.format_exception(exc_type, exc, exc.__traceback__))}")

    def reraise(self):
        message = self.message
        if self.exc_type is KeyError:  # KeyError's str() is the repr of its argument
            message = _Verbatim(message)
        try:
            exc = self.exc_type(message)
        except Exception:
            exc = None
        if not isinstance(exc, BaseException) or str(exc) != str(message):
            exc = RuntimeError(message)
        raise exc


class _Verbatim(str):
    def __repr__(self):
        return str(self)


@dataclass
class SharedArray:
    """A NumPy array left in a shared-memory block by a worker."""

    name: str
    shape: tuple
    dtype: str


def pack(batch, use_shared_memory: bool):
    """A worker's batch ready to send: Tensors as NumPy arrays, large numeric
    arrays copied into shared-memory blocks (freed by the main process)."""
    batch = to_numpy(batch)
    if not use_shared_memory:
        return batch
    from multiprocessing import shared_memory

    def share(leaf):
        if not isinstance(leaf, np.ndarray) or leaf.dtype.kind not in "biufc" or leaf.nbytes < SHM_MIN_BYTES:
            return leaf
        block = shared_memory.SharedMemory(create=True, size=leaf.nbytes)
        np.ndarray(leaf.shape, leaf.dtype, buffer=block.buf)[...] = leaf
        out = SharedArray(block.name, leaf.shape, leaf.dtype.str)
        block.close()
        return out

    return map_leaves(share, batch)


def unpack(batch, blocks: list):
    """The batch with its shared arrays mapped back (as views; the blocks are
    appended to `blocks`, for `release` once the views are no longer needed)."""
    from multiprocessing import shared_memory

    def attach(leaf):
        if not isinstance(leaf, SharedArray):
            return leaf
        block = shared_memory.SharedMemory(name=leaf.name)
        blocks.append(block)
        return np.ndarray(leaf.shape, np.dtype(leaf.dtype), buffer=block.buf)

    return map_leaves(attach, batch)


def release(blocks: list) -> None:
    for block in blocks:
        try:
            block.close()
        except BufferError:  # a view is still alive (an error mid-conversion): it keeps the mapping
            pass
        try:
            block.unlink()
        except OSError:
            pass
    blocks.clear()


def discard(payload) -> None:
    """Frees the shared memory of a result that will not be used."""
    blocks: list = []
    try:
        unpack(payload, blocks)
    except (OSError, ValueError):
        pass
    release(blocks)


class _IterableFetcher:
    def __init__(self, dataset, auto_collate, collate_fn, batch_size, drop_last):
        self.iterator = iter(dataset)
        self.auto_collate, self.collate_fn = auto_collate, collate_fn
        self.batch_size, self.drop_last = batch_size, drop_last

    def fetch(self, _indices):
        if not self.auto_collate:
            return self.collate_fn(next(self.iterator))
        samples = []
        for sample in self.iterator:
            samples.append(sample)
            if len(samples) == self.batch_size:
                break
        if not samples or (self.drop_last and len(samples) < self.batch_size):
            raise StopIteration
        return self.collate_fn(samples)


class _MapFetcher:
    def __init__(self, dataset, auto_collate, collate_fn):
        self.dataset, self.auto_collate, self.collate_fn = dataset, auto_collate, collate_fn

    def fetch(self, indices):
        if self.auto_collate:
            return self.collate_fn([self.dataset[i] for i in indices])
        return self.collate_fn(self.dataset[indices])


def make_fetcher(dataset, iterable: bool, auto_collate: bool, collate_fn, batch_size, drop_last):
    """What turns a task (a list of indices, or one index) into a batch;
    shared by the single-process loader and the workers."""
    if iterable:
        return _IterableFetcher(dataset, auto_collate, collate_fn, batch_size, drop_last)
    return _MapFetcher(dataset, auto_collate, collate_fn)


def worker_loop(dataset, iterable, auto_collate, collate_fn, batch_size, drop_last, index_queue, result_queue,
                worker_init_fn, worker_id, num_workers, seed, use_shared_memory, parent_pid):
    """The body of a worker process (see Note [io workers])."""
    global _worker_info
    try:
        _worker_info = WorkerInfo(id=worker_id, num_workers=num_workers, dataset=dataset, seed=seed)
        np.random.seed(seed % (1 << 32))
        random.seed(seed)
        import paddle

        paddle.seed(seed)
        init_error = fetcher = None
        try:
            if worker_init_fn is not None:
                worker_init_fn(worker_id)
            fetcher = make_fetcher(dataset, iterable, auto_collate, collate_fn, batch_size, drop_last)
        except Exception:
            init_error = ExceptionWrapper(worker_id, "while starting")
        exhausted = False
        while True:
            try:
                message = index_queue.get(timeout=POLL_S)
            except queue.Empty:
                if os.getppid() != parent_pid:  # the main process died
                    break
                continue
            if message is None:
                break
            op, idx, indices = message
            if op == RESET:
                if iterable and init_error is None:
                    try:
                        fetcher = make_fetcher(dataset, iterable, auto_collate, collate_fn, batch_size, drop_last)
                    except Exception:
                        init_error = ExceptionWrapper(worker_id, "while starting an epoch")
                exhausted = False
                continue
            if init_error is not None:
                result_queue.put((idx, worker_id, ERROR, init_error))
                init_error = None
                exhausted = True
                continue
            if exhausted:
                result_queue.put((idx, worker_id, END, None))
                continue
            try:
                payload = pack(fetcher.fetch(indices), use_shared_memory)
            except StopIteration:
                exhausted = True
                result_queue.put((idx, worker_id, END, None))
                continue
            except Exception:
                payload = ExceptionWrapper(worker_id, f"while loading {'a batch' if indices is None else indices}")
                result_queue.put((idx, worker_id, ERROR, payload))
                continue
            result_queue.put((idx, worker_id, DATA, payload))
    except KeyboardInterrupt:  # the main process got it too and shuts us down
        pass
    if os.getppid() != parent_pid:
        result_queue.cancel_join_thread()  # nobody reads any more: exit without flushing
    result_queue.close()  # otherwise flush, so that the main process frees the shared memory sent
