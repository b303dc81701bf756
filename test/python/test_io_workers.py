"""paddle.io.DataLoader with worker processes: the same batches as in one
process, order kept, seeds, errors carried back with the worker's traceback,
timeouts, persistent workers, IterableDataset sharding, and no worker left
behind however iteration ends."""

import _thread
import gc
import multiprocessing
import os
import threading
import time

import numpy as np
import pytest

import paddle
from paddle import io


def alive(pid):
    """Whether the process exists (and is not a zombie waiting to be reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def assert_no_workers(pids=()):
    gc.collect()
    deadline = time.monotonic() + 5
    while (multiprocessing.active_children() or any(alive(p) for p in pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []
    assert not [p for p in pids if alive(p)]


def shm_blocks():
    return {n for n in os.listdir("/dev/shm") if n.startswith("psm_")} if os.path.isdir("/dev/shm") else set()


class Noisy(io.Dataset):
    """Sample i: a random augmentation (NumPy's global RNG: the worker's seed), i, and the worker's pid."""

    def __init__(self, n, shape=(3,)):
        self.n, self.shape = n, shape

    def __getitem__(self, i):
        return np.full(self.shape, i, dtype="float32"), i

    def __len__(self):
        return self.n


class Pids(io.Dataset):
    def __getitem__(self, i):
        return np.array([i]), os.getpid()

    def __len__(self):
        return 8


def batches(loader):
    return [[field.numpy().tolist() for field in b] for b in loader]


def test_same_seed_same_batches_with_0_and_2_workers():
    ds = Noisy(23)
    paddle.seed(123)
    single = batches(io.DataLoader(ds, batch_size=4, shuffle=True))
    paddle.seed(123)
    multi = batches(io.DataLoader(ds, batch_size=4, shuffle=True, num_workers=2))
    assert single == multi
    labels = [i for b in single for i in b[1]]
    assert sorted(labels) == list(range(23)) and labels != list(range(23))
    for x, y in single:
        assert x == [[v] * 3 for v in y]
    assert_no_workers()


def test_order_kept_when_workers_finish_out_of_order():
    class Slow(io.Dataset):
        def __getitem__(self, i):
            time.sleep(0.02 * (i % 3 == 0))  # worker 0 gets the slow batches
            return i

        def __len__(self):
            return 12

    got = [b.numpy().tolist() for b in io.DataLoader(Slow(), batch_size=3, num_workers=2, prefetch_factor=3)]
    assert got == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]]


def test_worker_seeds_info_and_init_fn():
    class Info(io.Dataset):
        def __getitem__(self, i):
            info = io.get_worker_info()
            return np.array([info.id, info.num_workers, info.seed, info.dataset.tag]), np.random.randint(0, 1 << 30)

        def __len__(self):
            return 4

    def init(worker_id):
        io.get_worker_info().dataset.tag = 100 + worker_id

    ds = Info()
    ds.tag = -1
    paddle.seed(9)
    base = int(paddle.randint(0, 2**31 - 1, [1]).item())
    paddle.seed(9)
    got = batches(io.DataLoader(ds, batch_size=1, num_workers=2, worker_init_fn=init))
    # batches go to the workers in turn: 0, 1, 0, 1
    assert [b[0][0][:3] for b in got] == [[0, 2, base], [1, 2, base + 1], [0, 2, base], [1, 2, base + 1]]
    assert [b[0][0][3] for b in got] == [100, 101, 100, 101]
    rngs = {w: np.random.RandomState((base + w) % (1 << 32)) for w in (0, 1)}
    assert [b[1][0] for b in got] == [int(rngs[i % 2].randint(0, 1 << 30)) for i in range(4)]
    assert ds.tag == -1  # the init function changed the workers' copies only


def test_worker_error_carries_the_traceback():
    class Broken(io.Dataset):
        def __getitem__(self, i):
            if i == 5:
                raise ValueError(f"bad sample {i}")
            return i

        def __len__(self):
            return 8

    loader = io.DataLoader(Broken(), batch_size=2, num_workers=2)
    seen = []
    with pytest.raises(ValueError) as info:
        for b in loader:
            seen.append(b.numpy().tolist())
    text = str(info.value)
    assert seen == [[0, 1], [2, 3]]  # the batches before the failing one arrive first
    assert "worker 0 raised ValueError while loading [4, 5]" in text  # batch 2 went to worker 0
    assert "Traceback (most recent call last)" in text and "in __getitem__" in text
    assert 'raise ValueError(f"bad sample {i}")' in text and "bad sample 5" in text
    assert_no_workers()


def test_worker_init_error_and_key_error():
    def init(worker_id):
        raise KeyError("no such key")

    with pytest.raises(KeyError) as info:
        list(io.DataLoader(Noisy(4), num_workers=2, worker_init_fn=init))
    assert "raised KeyError while starting" in str(info.value) and "in init" in str(info.value)
    assert_no_workers()


def test_worker_that_dies_is_reported():
    class Dies(io.Dataset):
        def __getitem__(self, i):
            os._exit(3)

        def __len__(self):
            return 2

    with pytest.raises(RuntimeError, match=r"worker\(s\) exited unexpectedly: worker 0 .*exit code 3"):
        list(io.DataLoader(Dies(), num_workers=1))
    assert_no_workers()


def test_timeout():
    class Sleepy(io.Dataset):
        def __getitem__(self, i):
            time.sleep(5)
            return i

        def __len__(self):
            return 2

    start = time.monotonic()
    with pytest.raises(RuntimeError, match=r"timed out: no batch from the workers in 0.3 seconds"):
        list(io.DataLoader(Sleepy(), num_workers=1, timeout=0.3))
    assert time.monotonic() - start < 3
    assert_no_workers()


def test_no_orphans_after_break_and_del():
    loader = io.DataLoader(Pids(), batch_size=1, num_workers=2)
    pids = set()
    for _, pid in loader:
        pids.add(pid.item())
        assert alive(pid.item())
        if len(pids) == 2:
            break
    assert_no_workers(pids)  # the iterator was collected with the loop

    loader = io.DataLoader(Pids(), batch_size=1, num_workers=2, persistent_workers=True)
    it = iter(loader)
    pids = {next(it)[1].item(), next(it)[1].item()}
    del it
    assert len(multiprocessing.active_children()) == 2  # persistent: the loader keeps them
    del loader
    assert_no_workers(pids)


def test_no_orphans_after_keyboard_interrupt():
    class Slow(io.Dataset):
        def __getitem__(self, i):
            time.sleep(0.2 if i else 0)
            return os.getpid()

        def __len__(self):
            return 50

    loader = io.DataLoader(Slow(), num_workers=2)
    pids = []
    with pytest.raises(KeyboardInterrupt):
        for pid in loader:
            pids.append(pid.item())
            threading.Timer(0.05, _thread.interrupt_main).start()
    assert pids
    assert_no_workers(pids)


def test_persistent_workers_are_reused_across_epochs():
    loader = io.DataLoader(Pids(), batch_size=2, num_workers=2, persistent_workers=True)
    epochs = []
    for _ in range(3):
        got = [(x.numpy().ravel().tolist(), set(pid.numpy().tolist())) for x, pid in loader]
        assert [x for x, _ in got] == [[0, 1], [2, 3], [4, 5], [6, 7]]
        epochs.append(set().union(*(p for _, p in got)))
    assert len(epochs[0]) == 2 and epochs[0] == epochs[1] == epochs[2]
    # an epoch left early does not leak its batches into the next one
    it = iter(loader)
    next(it)
    assert [x.numpy().ravel().tolist() for x, _ in loader] == [[0, 1], [2, 3], [4, 5], [6, 7]]
    fresh = io.DataLoader(Pids(), batch_size=8, num_workers=1)
    first, second = [set(p.numpy().tolist()) for _, p in fresh], [set(p.numpy().tolist()) for _, p in fresh]
    assert first != second  # without persistence each epoch forks new workers
    del loader, it
    assert_no_workers()


class Shards(io.IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        info = io.get_worker_info()
        start, step = (0, 1) if info is None else (info.id, info.num_workers)
        return iter(range(start, self.n, step))


def test_iterable_dataset_sharded_by_worker_info():
    got = [b.numpy().tolist() for b in io.DataLoader(Shards(11), batch_size=2, num_workers=2)]
    # worker 0 yields 0,2,4,..., worker 1 yields 1,3,5,...; batches alternate between them
    assert got == [[0, 2], [1, 3], [4, 6], [5, 7], [8, 10], [9]]
    got = [b.numpy().tolist() for b in io.DataLoader(Shards(11), batch_size=2, num_workers=2, drop_last=True)]
    assert got == [[0, 2], [1, 3], [4, 6], [5, 7], [8, 10]]
    class Whole(io.IterableDataset):
        def __iter__(self):
            return iter(range(3))

    unsharded = list(io.DataLoader(io.ChainDataset([Whole()]), batch_size=None, num_workers=2))
    assert sorted(unsharded) == [0, 0, 1, 1, 2, 2]  # each worker iterates its own whole copy
    loader = io.DataLoader(Shards(5), batch_size=2, num_workers=2, persistent_workers=True)
    assert [b.numpy().tolist() for b in loader] == [[0, 2], [1, 3], [4]]
    assert [b.numpy().tolist() for b in loader] == [[0, 2], [1, 3], [4]]  # the workers restart their iterators
    del loader
    assert_no_workers()


@pytest.mark.parametrize("use_shared_memory", [True, False])
def test_large_batches_through_shared_memory_or_pipes(use_shared_memory):
    before = shm_blocks()
    ds = Noisy(6, shape=(64, 64, 8))  # 128 KiB a sample
    got = [(x.numpy(), y.numpy()) for x, y in io.DataLoader(ds, batch_size=2, num_workers=2,
                                                               use_shared_memory=use_shared_memory)]
    assert len(got) == 3
    for b, (x, y) in enumerate(got):
        np.testing.assert_array_equal(y, [2 * b, 2 * b + 1])
        np.testing.assert_array_equal(x, np.stack([np.full((64, 64, 8), i, "float32") for i in y]))
    # batches left unread when the loop stops are freed too
    for _ in io.DataLoader(ds, batch_size=1, num_workers=2, use_shared_memory=use_shared_memory):
        break
    assert_no_workers()
    assert shm_blocks() - before == set()
