"""DataLoader: batches of a dataset as Tensors, loaded in the main process
(``num_workers=0``) or by worker processes (see Note [io workers] in
worker.py)."""

from __future__ import annotations

import itertools
import multiprocessing
import queue
import sys
import time
import weakref

from paddle import _checks as check
from paddle.io import worker as _w
from paddle.io.collate import default_collate_fn, default_convert_fn, to_tensors
from paddle.io.dataset import IterableDataset
from paddle.io.sampler import BatchSampler, draw_seed

__all__ = ["DataLoader"]

_SHUTDOWN_WAIT_S = 1.0  # how long workers get to finish their task and exit before being terminated


class DataLoader:
    """Iterates over a dataset in mini-batches of Tensors.

    A map-style dataset is read in the order of `batch_sampler` (by default a
    `BatchSampler` built from `batch_size`, `shuffle` and `drop_last`); an
    `IterableDataset` is read in its own order, `batch_size` samples at a
    time. `collate_fn` (default `default_collate_fn`) makes each batch out
    of its samples; its NumPy arrays become Tensors in the main process.
    ``batch_size=None`` turns batching off: each sample goes through
    `collate_fn` (default `default_convert_fn`) alone.

    With ``num_workers > 0``, that many worker processes (forked on Linux)
    load and collate batches, which still arrive in order. Each worker seeds
    NumPy, Python's `random` and paddle with ``base_seed + worker_id``, the
    base seed drawn from paddle's generator when iteration starts, so
    ``paddle.seed`` fixes both the shuffling and the workers' random
    augmentations, and the batches do not depend on `num_workers`.

    Args:
        dataset (Dataset|IterableDataset): the dataset to load.
        feed_list (list, optional): static-graph feed variables; unused in
            dynamic mode. Default None.
        places (list, optional): where to put the batches; unused (batches
            are made on the current device). Default None.
        return_list (bool, optional): kept for compatibility; batches are
            always returned as Python structures in dynamic mode. Default True.
        batch_sampler (BatchSampler, optional): yields the index lists of the
            batches; excludes `batch_size`, `shuffle` and `drop_last`. Default None.
        batch_size (int|None, optional): samples per batch, >= 1, or None for
            no batching. Default 1.
        shuffle (bool, optional): shuffle a map-style dataset each epoch. Default False.
        drop_last (bool, optional): drop the last batch when smaller than
            `batch_size`. Default False.
        collate_fn (callable, optional): makes a batch from a list of samples.
            Default None, `default_collate_fn`.
        num_workers (int, optional): worker processes; 0 loads in the main
            process. Default 0.
        use_buffer_reader (bool, optional): kept for compatibility (workers
            always prefetch). Default True.
        reader_buffer_size (int, optional): the batches Paddle's buffered
            reader keeps ready, >= 1; kept for compatibility (prefetch_factor
            sets how far the workers load ahead). Default 2.
        prefetch_factor (int, optional): batches each worker loads ahead, >= 1.
            Default 2.
        use_shared_memory (bool, optional): workers hand large arrays over in
            shared memory instead of through a pipe. Default True.
        timeout (int|float, optional): seconds to wait for a batch from the
            workers before raising RuntimeError; 0 waits forever. Default 0.
        worker_init_fn (callable, optional): called with the worker id in
            each worker after seeding, before loading. Default None.
        persistent_workers (bool, optional): keep the workers between epochs.
            Default False.

    Examples:
        >>> import numpy as np
        >>> from paddle.io import Dataset, DataLoader
        >>> class Pairs(Dataset):
        ...     def __getitem__(self, idx):
        ...         return np.full([2], idx, dtype='float32'), idx % 2
        ...     def __len__(self):
        ...         return 5
        >>> loader = DataLoader(Pairs(), batch_size=2)
        >>> len(loader)
        3
        >>> for x, label in loader:
        ...     print(x.shape, label.tolist())
        paddle.Size([2, 2]) [0, 1]
        paddle.Size([2, 2]) [0, 1]
        paddle.Size([1, 2]) [0]
    """

    def __init__(self, dataset, feed_list=None, places=None, return_list=True, batch_sampler=None, batch_size=1,
                 shuffle=False, drop_last=False, collate_fn=None, num_workers=0, use_buffer_reader=True,
                 reader_buffer_size=2, prefetch_factor=2, use_shared_memory=True, timeout=0, worker_init_fn=None,
                 persistent_workers=False):
        op = "DataLoader"
        self.dataset = dataset
        self.feed_list, self.places = feed_list, places
        self.return_list = check.flag(op, return_list, "return_list")
        self.num_workers = check.integer(op, num_workers, "num_workers", min=0)
        self.prefetch_factor = check.integer(op, prefetch_factor, "prefetch_factor", min=1)
        self.use_buffer_reader = check.flag(op, use_buffer_reader, "use_buffer_reader")
        self.reader_buffer_size = check.integer(op, reader_buffer_size, "reader_buffer_size", min=1)
        self.use_shared_memory = check.flag(op, use_shared_memory, "use_shared_memory")
        self.timeout = check.number(op, timeout, "timeout")
        if self.timeout < 0:
            raise ValueError(f"[{op}] argument 'timeout': expected a number >= 0, but got {timeout}")
        for name, fn in (("collate_fn", collate_fn), ("worker_init_fn", worker_init_fn)):
            if fn is not None and not callable(fn):
                raise TypeError(f"[{op}] argument '{name}': expected a callable, but got {check.got(fn)}")
        self.worker_init_fn = worker_init_fn
        self.persistent_workers = check.flag(op, persistent_workers, "persistent_workers")
        shuffle = check.flag(op, shuffle, "shuffle")
        drop_last = check.flag(op, drop_last, "drop_last")
        self._iterable = isinstance(dataset, IterableDataset)
        if batch_sampler is not None:
            if not isinstance(batch_sampler, BatchSampler) and not hasattr(batch_sampler, "__iter__"):
                raise TypeError(f"[{op}] argument 'batch_sampler': expected a BatchSampler, but got "
                                f"{check.got(batch_sampler)}")
            if self._iterable:
                raise ValueError(f"[{op}] argument 'batch_sampler': an IterableDataset sets its own order, so it "
                                 f"takes no batch_sampler")
            if batch_size != 1 or shuffle or drop_last:
                raise ValueError(f"[{op}] argument 'batch_sampler': excludes batch_size, shuffle and drop_last, but "
                                 f"got batch_size={batch_size}, shuffle={shuffle}, drop_last={drop_last}")
            self.batch_size, self.drop_last = None, False
            self.batch_sampler = batch_sampler
        elif batch_size is None:
            if drop_last:
                raise ValueError(f"[{op}] argument 'drop_last': needs batching, but got batch_size=None")
            self.batch_size, self.drop_last = None, False
            self.batch_sampler = None
        else:
            self.batch_size = check.integer(op, batch_size, "batch_size", min=1)
            self.drop_last = drop_last
            if self._iterable:
                self.batch_sampler = None
            else:
                self.batch_sampler = BatchSampler(dataset=dataset, batch_size=self.batch_size, shuffle=shuffle,
                                                  drop_last=drop_last)
        if self._iterable and shuffle:
            raise ValueError(f"[{op}] argument 'shuffle': an IterableDataset sets its own order, so shuffle must be "
                             f"False, but got True")
        self.auto_collate_batch = self.batch_sampler is not None or (self._iterable and self.batch_size is not None)
        if collate_fn is None:
            collate_fn = default_collate_fn if self.auto_collate_batch else default_convert_fn
        self.collate_fn = collate_fn
        self._persistent_iter = None

    def __len__(self):
        if self._iterable:
            raise TypeError("[DataLoader] an IterableDataset has no length, so neither has its loader")
        if self.batch_sampler is not None:
            return len(self.batch_sampler)
        return len(self.dataset)

    def __iter__(self):
        base_seed = draw_seed()  # always, so that paddle's generator advances alike for any num_workers
        if self.num_workers == 0:
            return _SingleProcessIter(self)
        if self.persistent_workers:
            if self._persistent_iter is None or self._persistent_iter.closed:
                self._persistent_iter = _MultiProcessIter(self, base_seed)
            else:
                self._persistent_iter.start_epoch()
            return self._persistent_iter
        return _MultiProcessIter(self, base_seed)

    def __call__(self):
        return self.__iter__()

    def __del__(self):
        it = getattr(self, "_persistent_iter", None)
        if it is not None:
            it.shutdown()


class _SingleProcessIter:
    def __init__(self, loader: DataLoader):
        self._fetcher = _w.make_fetcher(loader.dataset, loader._iterable, loader.auto_collate_batch,
                                        loader.collate_fn, loader.batch_size, loader.drop_last)
        if loader._iterable:
            self._tasks = itertools.repeat(None)
        elif loader.batch_sampler is not None:
            self._tasks = iter(loader.batch_sampler)
        else:
            self._tasks = iter(range(len(loader.dataset)))

    def __iter__(self):
        return self

    def __next__(self):
        indices = next(self._tasks)
        return to_tensors(self._fetcher.fetch(indices))


def _context():
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


class _MultiProcessIter:
    """Hands tasks to the workers, `prefetch_factor` per worker ahead, and
    returns their batches in order (see Note [io workers])."""

    def __init__(self, loader: DataLoader, base_seed: int):
        self.closed = False
        self._loader = loader
        self._num_workers = loader.num_workers
        self._timeout = loader.timeout
        ctx = _context()
        if loader.use_shared_memory:
            from multiprocessing import resource_tracker

            resource_tracker.ensure_running()  # one tracker, shared by the workers, frees blocks left behind
        self._result_queue = ctx.Queue()
        self._index_queues, self._workers = [], []
        self._next_idx = 0
        self._ready = {}  # idx -> (kind, payload), arrived ahead of their turn
        try:
            for worker_id in range(self._num_workers):
                index_queue = ctx.Queue()
                index_queue.cancel_join_thread()
                process = ctx.Process(
                    target=_w.worker_loop, daemon=True,
                    args=(loader.dataset, loader._iterable, loader.auto_collate_batch, loader.collate_fn,
                          loader.batch_size, loader.drop_last, index_queue, self._result_queue,
                          loader.worker_init_fn, worker_id, self._num_workers, base_seed + worker_id,
                          loader.use_shared_memory, multiprocessing.current_process().pid))
                process.start()
                self._index_queues.append(index_queue)
                self._workers.append(process)
        except BaseException:
            self.shutdown()
            raise
        # shut the workers down when this iterator is collected, even if shutdown() is never called
        self._finalizer = weakref.finalize(self, _shutdown, self._workers, self._index_queues, self._result_queue,
                                           self._ready)
        self._start(first=True)

    def start_epoch(self):
        """A new epoch for persistent workers: drop what is left of the last one."""
        self._start(first=False)

    def _start(self, first: bool):
        loader = self._loader
        if loader._iterable:
            self._tasks = itertools.repeat(None)
        elif loader.batch_sampler is not None:
            self._tasks = iter(loader.batch_sampler)
        else:
            self._tasks = iter(range(len(loader.dataset)))
        if not first:
            for index_queue in self._index_queues:
                index_queue.put((_w.RESET, None, None))
        self._pending = {}  # idx -> worker id, for the tasks of this epoch not yet returned
        _discard_ready(self._ready)
        self._active = [True] * self._num_workers  # False once a worker's iterable is exhausted
        self._rcvd_idx = self._next_idx
        self._cycle = itertools.cycle(range(self._num_workers))
        for _ in range(loader.prefetch_factor * self._num_workers):
            self._put_task()

    def _put_task(self):
        for _ in range(self._num_workers):
            worker_id = next(self._cycle)
            if self._active[worker_id]:
                break
        else:
            return
        try:
            indices = next(self._tasks)
        except StopIteration:
            return
        self._index_queues[worker_id].put((_w.TASK, self._next_idx, indices))
        self._pending[self._next_idx] = worker_id
        self._next_idx += 1

    def __iter__(self):
        return self

    def __next__(self):
        try:
            return self._next()
        except StopIteration:
            if not self._loader.persistent_workers:
                self.shutdown()
            raise
        except BaseException:  # an error, KeyboardInterrupt included: leave no workers behind
            self.shutdown()
            raise

    def _next(self):
        if self.closed:
            raise StopIteration
        while True:
            while self._rcvd_idx < self._next_idx:  # skip tasks of exhausted workers
                idx = self._rcvd_idx
                if idx in self._ready or (idx in self._pending and self._active[self._pending[idx]]):
                    break
                self._pending.pop(idx, None)
                self._rcvd_idx += 1
            else:
                raise StopIteration
            if self._rcvd_idx in self._ready:
                idx = self._rcvd_idx
                kind, payload = self._ready.pop(idx)
                self._pending.pop(idx, None)
                self._rcvd_idx += 1
                self._put_task()
                return self._process(kind, payload)
            idx, worker_id, kind, payload = self._get()
            if idx not in self._pending:  # from an epoch left early, or after an END
                if kind == _w.DATA:
                    _w.discard(payload)
                continue
            if kind == _w.END:
                self._active[worker_id] = False
                self._pending.pop(idx)
                continue
            self._ready[idx] = (kind, payload)

    def _get(self):
        deadline = time.monotonic() + self._timeout if self._timeout > 0 else None
        while True:
            wait = _w.POLL_S if deadline is None else min(_w.POLL_S, deadline - time.monotonic())
            if wait <= 0:
                raise RuntimeError(f"[DataLoader] timed out: no batch from the workers in {self._timeout} seconds "
                                   f"(argument 'timeout')")
            try:
                return self._result_queue.get(timeout=wait)
            except queue.Empty:
                dead = [(i, w.pid, w.exitcode) for i, w in enumerate(self._workers) if not w.is_alive()]
                if dead:
                    raise RuntimeError("[DataLoader] worker(s) exited unexpectedly: " + ", ".join(
                        f"worker {i} (pid {pid}, exit code {code})" for i, pid, code in dead))

    def _process(self, kind, payload):
        if kind == _w.ERROR:
            payload.reraise()
        blocks: list = []
        try:
            return to_tensors(_w.unpack(payload, blocks))  # to_tensor copies out of the shared blocks
        finally:
            _w.release(blocks)

    def shutdown(self):
        if self.closed:
            return
        self.closed = True
        finalizer = getattr(self, "_finalizer", None)
        if finalizer is not None:
            finalizer()
        else:
            _shutdown(self._workers, self._index_queues, self._result_queue, self._ready)

    def __del__(self):
        self.shutdown()


def _drain(result_queue):
    while True:
        try:
            _, _, kind, payload = result_queue.get_nowait()
        except (queue.Empty, OSError, ValueError, EOFError):
            return
        except Exception:  # a message cut short by a terminated worker
            return
        if kind == _w.DATA:
            _w.discard(payload)


def _discard_ready(ready: dict):
    for kind, payload in ready.values():
        if kind == _w.DATA:
            _w.discard(payload)
    ready.clear()


def _shutdown(workers, index_queues, result_queue, ready):
    """Stops the workers: asks each to exit, waits (freeing the shared memory
    of batches received or still in flight), then terminates any that did not."""
    _discard_ready(ready)
    for index_queue in index_queues:
        try:
            index_queue.put(None)
        except (OSError, ValueError):
            pass
    deadline = time.monotonic() + _SHUTDOWN_WAIT_S
    for process in workers:
        while process.is_alive() and time.monotonic() < deadline:
            _drain(result_queue)
            process.join(timeout=0.05)
    for process in workers:
        if process.is_alive():
            process.terminate()
            process.join(timeout=1.0)
    _drain(result_queue)
    for q in (*index_queues, result_queue):
        q.cancel_join_thread()
        q.close()
