"""paddle.io in one process: datasets, samplers, collation and the
single-process DataLoader, each against index sequences and values written
out here or computed with NumPy. Worker processes: test_io_workers.py."""

import doctest
import importlib
import math
import os
import re

import numpy as np
import pytest

import paddle
from paddle import io


def seed_draw(seed):
    """The seed a random sampler draws first after paddle.seed(seed) (Note [io randomness])."""
    paddle.seed(seed)
    return int(paddle.randint(0, 2**31 - 1, [1]).item())


# ---------------------------------------------------------------- datasets

class Squares(io.Dataset):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, idx):
        return np.array([idx, idx * idx], dtype="float32"), idx

    def __len__(self):
        return self.n


class Upto(io.IterableDataset):
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def __iter__(self):
        return iter(range(self.lo, self.hi))


def test_dataset_base_classes_name_what_is_missing():
    with pytest.raises(NotImplementedError, match="__getitem__.*Dataset"):
        io.Dataset()[0]
    with pytest.raises(NotImplementedError, match="__len__"):
        len(io.Dataset())
    with pytest.raises(NotImplementedError, match="__iter__"):
        iter(io.IterableDataset())
    with pytest.raises(TypeError, match="IterableDataset Upto"):
        len(Upto(0, 3))
    with pytest.raises(RuntimeError, match="IterableDataset"):
        Upto(0, 3)[0]


def test_tensor_dataset_rows():
    x = np.arange(12, dtype="float32").reshape(4, 3)
    y = np.array([5, 6, 7, 8])
    ds = io.TensorDataset([paddle.to_tensor(x), paddle.to_tensor(y)])
    assert len(ds) == 4
    for i in range(4):
        xi, yi = ds[i]
        np.testing.assert_array_equal(xi.numpy(), x[i])
        assert yi.item() == y[i]


def test_tensor_dataset_errors():
    with pytest.raises(ValueError, match=r"\[TensorDataset\].*same shape\[0\].*\[2, 3\]"):
        io.TensorDataset([paddle.zeros([2, 1]), paddle.zeros([3])])
    with pytest.raises(TypeError, match=r"\[TensorDataset\] argument 'tensors'.*element 1 is ndarray"):
        io.TensorDataset([paddle.zeros([2]), np.zeros(2)])
    with pytest.raises(TypeError, match="TensorDataset"):
        io.TensorDataset(paddle.zeros([2]))


def test_subset_and_concat_dataset():
    sub = io.Subset(list(range(100, 110)), [9, 0, 4])
    assert [sub[i] for i in range(len(sub))] == [109, 100, 104]
    cat = io.ConcatDataset([[0, 1, 2], [], [10, 11], [20]])
    assert len(cat) == 6 and cat.cumulative_sizes == [3, 3, 5, 6]
    assert [cat[i] for i in range(6)] == [0, 1, 2, 10, 11, 20]
    assert [cat[-i] for i in range(1, 7)] == [20, 11, 10, 2, 1, 0]
    with pytest.raises(IndexError, match=r"\[ConcatDataset\] index 6 is out of range.*length 6"):
        cat[6]
    with pytest.raises(TypeError, match="expected map-style datasets, but element 1 is the IterableDataset Upto"):
        io.ConcatDataset([[1], Upto(0, 2)])


def test_compose_and_chain_dataset():
    ds = io.ComposeDataset([Squares(3), [("a",), ("b",), ("c",)]])
    assert len(ds) == 3
    x, label, name = ds[2]
    np.testing.assert_array_equal(x, [2.0, 4.0])
    assert (label, name) == (2, "c")
    with pytest.raises(ValueError, match=r"\[ComposeDataset\].*same length.*\[3, 2\]"):
        io.ComposeDataset([Squares(3), Squares(2)])
    assert list(io.ChainDataset([Upto(0, 3), Upto(7, 9)])) == [0, 1, 2, 7, 8]
    with pytest.raises(TypeError, match=r"\[ChainDataset\].*expected IterableDatasets, but element 0 is list"):
        io.ChainDataset([[1, 2]])


def test_random_split_lengths_disjoint_and_seeded():
    paddle.seed(5)
    expected = paddle.randperm(10).numpy().tolist()  # the permutation it uses
    paddle.seed(5)
    parts = io.random_split(list(range(10)), [3, 0, 7])
    assert [len(p) for p in parts] == [3, 0, 7]
    assert list(parts[0].indices) + list(parts[2].indices) == expected
    assert [parts[2][i] for i in range(7)] == expected[3:]


def test_random_split_fractions():
    paddle.seed(1)
    parts = io.random_split(range(11), [0.5, 0.3, 0.2])
    # floor(5.5, 3.3, 2.2) = 5, 3, 2; the one left over goes to the first subset
    assert [len(p) for p in parts] == [6, 3, 2]
    assert sorted(i for p in parts for i in p.indices) == list(range(11))


def test_random_split_errors():
    with pytest.raises(ValueError, match=r"\[random_split\].*summing to the dataset's length 5.*sum 4"):
        io.random_split(range(5), [2, 2])
    with pytest.raises(TypeError, match=r"\[random_split\] argument 'lengths'"):
        io.random_split(range(5), 5)
    with pytest.raises(NotImplementedError, match="generator"):
        io.random_split(range(5), [5], generator=object())


# ---------------------------------------------------------------- samplers

def test_sequence_sampler():
    s = io.SequenceSampler(range(5))
    assert list(s) == [0, 1, 2, 3, 4] and len(s) == 5


def test_random_sampler_is_the_seeded_numpy_permutation():
    n = 20
    expected = np.random.RandomState(seed_draw(11)).permutation(n).tolist()
    paddle.seed(11)
    got = list(io.RandomSampler(range(n)))
    assert got == expected and sorted(got) == list(range(n))
    second = list(io.RandomSampler(range(n)))  # the next epoch draws a new seed
    assert second != got and sorted(second) == list(range(n))


def test_random_sampler_with_replacement():
    expected = np.random.RandomState(seed_draw(2)).randint(0, 4, size=50).tolist()
    paddle.seed(2)
    s = io.RandomSampler(range(4), replacement=True, num_samples=50)
    assert len(s) == 50 and list(s) == expected
    assert len(io.RandomSampler(range(4), replacement=True)) == 4


def test_random_sampler_from_generator_and_errors():
    s = io.RandomSampler(range(5), generator=iter([4, 2, 0, 1, 3, 9]))
    assert list(s) == [4, 2, 0, 1, 3]
    with pytest.raises(ValueError, match=r"\[RandomSampler\] argument 'num_samples'.*replacement=True"):
        io.RandomSampler(range(5), num_samples=3)
    with pytest.raises(TypeError, match=r"\[RandomSampler\] argument 'replacement'"):
        io.RandomSampler(range(5), replacement="yes")
    with pytest.raises(ValueError, match=r"\[RandomSampler\] argument 'num_samples'.*>= 1, but got 0"):
        io.RandomSampler(range(5), replacement=True, num_samples=0)


def test_weighted_random_sampler():
    weights = [0.0, 1.0, 3.0, 0.0]
    p = np.array(weights) / 4.0
    expected = np.random.RandomState(seed_draw(4)).choice(4, 4000, replace=True, p=p).tolist()
    paddle.seed(4)
    got = list(io.WeightedRandomSampler(weights, 4000))
    assert got == expected
    counts = np.bincount(got, minlength=4)
    assert counts[0] == 0 and counts[3] == 0
    assert abs(counts[2] / 4000 - 0.75) < 0.03  # 4 standard deviations
    distinct = list(io.WeightedRandomSampler(paddle.to_tensor([1.0, 1.0, 1.0]), 3, replacement=False))
    assert sorted(distinct) == [0, 1, 2]


def test_weighted_random_sampler_errors():
    with pytest.raises(ValueError, match=r"\[WeightedRandomSampler\] argument 'weights'.*non-negative"):
        io.WeightedRandomSampler([1.0, -1.0], 2)
    with pytest.raises(ValueError, match="cannot draw 3 indices without replacement from 2"):
        io.WeightedRandomSampler([1.0, 0.0, 2.0], 3, replacement=False)
    with pytest.raises(TypeError, match=r"\[WeightedRandomSampler\] argument 'weights'"):
        io.WeightedRandomSampler("abc", 2)


def test_subset_random_sampler():
    indices = [10, 30, 20, 50]
    order = np.random.RandomState(seed_draw(8)).permutation(4)
    paddle.seed(8)
    s = io.SubsetRandomSampler(indices)
    assert list(s) == [indices[i] for i in order] and len(s) == 4


@pytest.mark.parametrize("n,bs,drop_last", [(10, 3, False), (10, 3, True), (9, 3, False), (9, 3, True),
                                            (2, 5, False), (2, 5, True), (1, 1, False)])
def test_batch_sampler_batches_and_len(n, bs, drop_last):
    s = io.BatchSampler(dataset=range(n), batch_size=bs, drop_last=drop_last)
    expected = [list(range(i, min(i + bs, n))) for i in range(0, n, bs)]
    if drop_last and expected and len(expected[-1]) < bs:
        expected.pop()
    assert list(s) == expected
    assert len(s) == (n // bs if drop_last else math.ceil(n / bs)) == len(expected)


def test_batch_sampler_shuffle_and_sampler():
    perm = np.random.RandomState(seed_draw(3)).permutation(7).tolist()
    paddle.seed(3)
    assert list(io.BatchSampler(dataset=range(7), shuffle=True, batch_size=3)) == [perm[0:3], perm[3:6], perm[6:]]
    s = io.BatchSampler(sampler=io.SubsetRandomSampler([4]), batch_size=2)
    assert list(s) == [[4]] and len(s) == 1


def test_batch_sampler_errors():
    with pytest.raises(ValueError, match=r"\[BatchSampler\] expected exactly one.*neither"):
        io.BatchSampler()
    with pytest.raises(ValueError, match=r"\[BatchSampler\] expected exactly one.*both"):
        io.BatchSampler(dataset=range(3), sampler=io.SequenceSampler(range(3)))
    with pytest.raises(ValueError, match=r"\[BatchSampler\] argument 'batch_size': expected an int >= 1, but got 0"):
        io.BatchSampler(dataset=range(3), batch_size=0)
    with pytest.raises(TypeError, match=r"\[BatchSampler\] argument 'batch_size': expected an int, but got float"):
        io.BatchSampler(dataset=range(3), batch_size=2.0)
    with pytest.raises(TypeError, match=r"\[BatchSampler\] argument 'sampler': expected a Sampler, but got int"):
        io.BatchSampler(sampler=3)
    with pytest.raises(ValueError, match=r"\[BatchSampler\] argument 'shuffle'"):
        io.BatchSampler(sampler=io.SequenceSampler(range(3)), shuffle=True)


def test_distributed_batch_sampler_by_hand():
    # 11 indices on 3 ranks: padded with 0 to 12, batch 2: each group of 6 gives ranks 2 each; the tail
    # (12 % 6 = 0) is empty.
    got = [list(io.DistributedBatchSampler(range(11), 2, num_replicas=3, rank=r)) for r in range(3)]
    assert got == [[[0, 1], [6, 7]], [[2, 3], [8, 9]], [[4, 5], [10, 0]]]
    # 10 on 2 ranks, batch 3: groups of 6 -> rank 0 gets 0,1,2, rank 1 3,4,5; tail 6..9 split 2 + 2
    got = [list(io.DistributedBatchSampler(range(10), 3, num_replicas=2, rank=r)) for r in range(2)]
    assert got == [[[0, 1, 2], [6, 7]], [[3, 4, 5], [8, 9]]]
    s = io.DistributedBatchSampler(range(10), 3, num_replicas=2, rank=0, drop_last=True)
    assert list(s) == [[0, 1, 2]] and len(s) == 1
    assert len(io.DistributedBatchSampler(range(10), 3, num_replicas=2, rank=0)) == 2


def test_distributed_batch_sampler_shuffle_uses_the_epoch():
    s = io.DistributedBatchSampler(range(9), 2, num_replicas=2, rank=1, shuffle=True)
    s.set_epoch(5)
    indices = list(range(9)) + [0]
    np.random.RandomState(5).shuffle(indices)
    # rank 1 takes [2:4] of the first group of 4, [6:8] of the second, then 1 of the 2-index tail
    assert list(s) == [indices[2:4], indices[6:8], indices[9:10]]
    assert s.epoch == 6


def test_distributed_batch_sampler_defaults_to_one_rank(monkeypatch):
    monkeypatch.delenv("PADDLE_TRAINERS_NUM", raising=False)
    monkeypatch.delenv("PADDLE_TRAINER_ID", raising=False)
    s = io.DistributedBatchSampler(range(5), batch_size=2)
    assert (s.nranks, s.local_rank) == (1, 0)
    assert list(s) == [[0, 1], [2, 3], [4]]
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "2")
    monkeypatch.setenv("PADDLE_TRAINER_ID", "1")
    assert list(io.DistributedBatchSampler(range(4), batch_size=1)) == [[1], [3]]
    with pytest.raises(ValueError, match=r"\[DistributedBatchSampler\] argument 'rank'.*\[0, 2\), but got 2"):
        io.DistributedBatchSampler(range(4), batch_size=1, num_replicas=2, rank=2)
    with pytest.raises(ValueError, match=r"\[DistributedBatchSampler\] argument 'batch_size'"):
        io.DistributedBatchSampler(range(4), batch_size=0)


# ---------------------------------------------------------------- collation

def test_default_collate_nested():
    samples = [
        {"x": np.array([1.0, 2.0], dtype="float32"), "meta": (7, "a", [np.int64(3), 0.5])},
        {"x": np.array([3.0, 4.0], dtype="float32"), "meta": (8, "b", [np.int64(4), 1.5])},
    ]
    out = io.default_collate_fn(samples)
    assert set(out) == {"x", "meta"}
    np.testing.assert_array_equal(out["x"], [[1.0, 2.0], [3.0, 4.0]])
    assert out["x"].dtype == np.float32
    ids, names, (ints, floats) = out["meta"]
    assert ids.tolist() == [7, 8] and names == ["a", "b"]
    assert ints.tolist() == [3, 4] and floats.tolist() == [0.5, 1.5]


def test_default_collate_tensors_and_errors():
    out = io.default_collate_fn([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])])
    assert isinstance(out, paddle.Tensor) and out.numpy().tolist() == [[1, 2], [3, 4]]
    with pytest.raises(RuntimeError, match=r"\[default_collate_fn\].*different numbers of fields: \[1, 2\]"):
        io.default_collate_fn([(1, 2), (3,)])
    with pytest.raises(TypeError, match=r"\[default_collate_fn\].*but got object"):
        io.default_collate_fn([object()])
    with pytest.raises(ValueError, match=r"\[default_collate_fn\]"):
        io.default_collate_fn([])


def test_default_convert_fn():
    a = np.arange(3)
    out = io.default_convert_fn({"a": (a, 1, "s"), "b": 2.5})
    assert out["a"][0] is a and out["a"][1:] == [1, "s"] and out["b"] == 2.5


# ---------------------------------------------------------------- DataLoader, one process

def test_loader_batches_match_numpy():
    loader = io.DataLoader(Squares(7), batch_size=3)
    assert len(loader) == 3
    batches = list(loader)
    for b, (x, label) in enumerate(batches):
        idx = np.arange(3 * b, min(3 * b + 3, 7))
        assert isinstance(x, paddle.Tensor) and x.dtype == paddle.float32
        np.testing.assert_array_equal(x.numpy(), np.stack([idx, idx * idx], axis=1).astype("float32"))
        assert label.dtype == paddle.int64 and label.numpy().tolist() == idx.tolist()
    assert len(list(io.DataLoader(Squares(7), batch_size=3, drop_last=True))) == 2


def test_loader_shuffle_is_seeded():
    def labels():
        return [y.numpy().tolist() for _, y in io.DataLoader(Squares(10), batch_size=4, shuffle=True)]

    paddle.seed(21)
    paddle.randint(0, 2**31 - 1, [1])  # the loader's worker base seed comes first
    perm = np.random.RandomState(int(paddle.randint(0, 2**31 - 1, [1]).item())).permutation(10).tolist()
    paddle.seed(21)
    assert labels() == [perm[0:4], perm[4:8], perm[8:]]


def test_loader_dict_samples_and_strings():
    class Named(io.Dataset):
        def __getitem__(self, i):
            return {"id": i, "name": f"n{i}", "v": np.full([2], i, dtype="float64")}

        def __len__(self):
            return 3

    first = next(iter(io.DataLoader(Named(), batch_size=2)))
    assert first["name"] == ["n0", "n1"]
    assert first["id"].numpy().tolist() == [0, 1]
    assert first["v"].dtype == paddle.float64 and first["v"].numpy().tolist() == [[0, 0], [1, 1]]


def test_loader_without_batching_and_custom_collate():
    items = list(io.DataLoader(Squares(3), batch_size=None))
    assert len(items) == 3
    x, label = items[2]
    assert x.numpy().tolist() == [2.0, 4.0] and label == 2  # numbers stay numbers without batching
    summed = list(io.DataLoader(Squares(4), batch_size=2, collate_fn=lambda b: sum(s[1] for s in b)))
    assert summed == [1, 5]


def test_loader_with_batch_sampler_and_tensor_dataset():
    ds = io.TensorDataset([paddle.arange(10, dtype="float32").reshape([5, 2])])
    loader = io.DataLoader(ds, batch_sampler=io.BatchSampler(sampler=io.SequenceSampler(ds), batch_size=2))
    assert len(loader) == 3
    got = [b[0].numpy().tolist() for b in loader]
    assert got == [[[0, 1], [2, 3]], [[4, 5], [6, 7]], [[8, 9]]]


def test_loader_iterable_dataset_batches():
    got = [b.numpy().tolist() for b in io.DataLoader(Upto(0, 7), batch_size=3)]
    assert got == [[0, 1, 2], [3, 4, 5], [6]]
    got = [b.numpy().tolist() for b in io.DataLoader(Upto(0, 7), batch_size=3, drop_last=True)]
    assert got == [[0, 1, 2], [3, 4, 5]]
    assert list(io.DataLoader(Upto(0, 2), batch_size=None)) == [0, 1]
    with pytest.raises(TypeError, match=r"\[DataLoader\] an IterableDataset has no length"):
        len(io.DataLoader(Upto(0, 2)))


def test_loader_argument_errors():
    ds = Squares(4)
    with pytest.raises(ValueError, match=r"\[DataLoader\] argument 'num_workers': expected an int >= 0, but got -1"):
        io.DataLoader(ds, num_workers=-1)
    with pytest.raises(ValueError, match=r"\[DataLoader\] argument 'batch_size': expected an int >= 1, but got 0"):
        io.DataLoader(ds, batch_size=0)
    with pytest.raises(TypeError, match=r"\[DataLoader\] argument 'batch_sampler': expected a BatchSampler"):
        io.DataLoader(ds, batch_sampler=5)
    with pytest.raises(ValueError, match=r"\[DataLoader\] argument 'batch_sampler': excludes batch_size"):
        io.DataLoader(ds, batch_sampler=io.BatchSampler(dataset=ds), batch_size=2)
    with pytest.raises(ValueError, match=r"\[DataLoader\] argument 'shuffle'.*IterableDataset"):
        io.DataLoader(Upto(0, 3), shuffle=True)
    with pytest.raises(TypeError, match=r"\[DataLoader\] argument 'collate_fn': expected a callable, but got int"):
        io.DataLoader(ds, collate_fn=1)
    with pytest.raises(ValueError, match=r"\[DataLoader\] argument 'timeout'"):
        io.DataLoader(ds, timeout=-1)
    with pytest.raises(ValueError, match=r"\[DataLoader\] argument 'prefetch_factor'"):
        io.DataLoader(ds, prefetch_factor=0)


def test_get_worker_info_is_none_in_the_main_process():
    assert io.get_worker_info() is None
    seen = []

    class Spy(io.Dataset):
        def __getitem__(self, i):
            seen.append(io.get_worker_info())
            return i

        def __len__(self):
            return 2

    list(io.DataLoader(Spy()))
    assert seen == [None, None]


@pytest.mark.parametrize("name", ["paddle.io", "paddle.io.collate", "paddle.io.dataset", "paddle.io.sampler",
                                  "paddle.io.worker", "paddle.io.dataloader"])
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_guide_examples_run(capsys):
    """Every ```python block of docs/guide/io.md runs as it is."""
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    with open(os.path.join(root, "docs", "guide", "io.md")) as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), flags=re.S)
    assert len(blocks) >= 5
    for block in blocks:
        exec(compile(block, "docs/guide/io.md", "exec"), {"__name__": "guide"})
    out = capsys.readouterr().out
    assert "[[0, 1], [4, 5], [8]]" in out and "[0 2]\n[1 3]\n[4 6]\n[5]" in out
    assert "paddle.Size([3, 2, 2]) [0, 1, 2] ['img0', 'img1', 'img2']" in out
