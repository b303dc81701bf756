"""Datasets: map-style (`Dataset`: `__getitem__` + `__len__`) and iterable
(`IterableDataset`: `__iter__`), and the ways of combining them."""

from __future__ import annotations

import bisect
import math
import numbers

from paddle import _checks as check
from paddle._C import Tensor

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "ComposeDataset", "ChainDataset", "ConcatDataset",
           "Subset", "random_split"]


class Dataset:
    """A map-style dataset: subclasses implement `__getitem__(idx)`, one
    sample for an index in [0, len), and `__len__()`.

    Examples:
        >>> import numpy as np
        >>> from paddle.io import Dataset
        >>> class Squares(Dataset):
        ...     def __init__(self, n):
        ...         self.n = n
        ...     def __getitem__(self, idx):
        ...         return np.array([idx * idx], dtype='int64')
        ...     def __len__(self):
        ...         return self.n
        >>> ds = Squares(4)
        >>> len(ds), ds[3].tolist()
        (4, [9])
    """

    def __getitem__(self, idx):
        raise NotImplementedError(f"'__getitem__' not implemented in class {type(self).__name__}")

    def __len__(self):
        raise NotImplementedError(f"'__len__' not implemented in class {type(self).__name__}")


class IterableDataset(Dataset):
    """An iterable dataset: subclasses implement `__iter__`, yielding samples.

    With ``num_workers > 0`` every worker process iterates its own copy; split
    the stream by `paddle.io.get_worker_info()` (``id``, ``num_workers``) so
    that the workers do not all yield the same samples.

    Examples:
        >>> import numpy as np
        >>> from paddle.io import IterableDataset, get_worker_info
        >>> class Range(IterableDataset):
        ...     def __init__(self, n):
        ...         self.n = n
        ...     def __iter__(self):
        ...         info = get_worker_info()
        ...         start, step = (0, 1) if info is None else (info.id, info.num_workers)
        ...         for i in range(start, self.n, step):
        ...             yield np.array([i])
        >>> [int(x[0]) for x in Range(3)]
        [0, 1, 2]
    """

    def __iter__(self):
        raise NotImplementedError(f"'__iter__' not implemented in class {type(self).__name__}")

    def __getitem__(self, idx):
        raise RuntimeError(f"'__getitem__' should not be called for IterableDataset {type(self).__name__}")

    def __len__(self):
        raise TypeError(f"'__len__' should not be called for IterableDataset {type(self).__name__}: it has no length")


class TensorDataset(Dataset):
    """A dataset of Tensors sharing their first dimension: sample `i` is the
    list of their `i`-th rows.

    Args:
        tensors (list|tuple of Tensor): the Tensors, all with the same ``shape[0]``.

    Examples:
        >>> import paddle
        >>> from paddle.io import TensorDataset
        >>> ds = TensorDataset([paddle.arange(6).reshape([3, 2]), paddle.to_tensor([10, 20, 30])])
        >>> x, y = ds[1]
        >>> len(ds), x.tolist(), y.item()
        (3, [2, 3], 20)
    """

    def __init__(self, tensors):
        if not isinstance(tensors, (list, tuple)) or len(tensors) == 0:
            raise TypeError(f"[TensorDataset] argument 'tensors': expected a non-empty list of Tensors, but got "
                            f"{check.got(tensors)}")
        for i, t in enumerate(tensors):
            if not isinstance(t, Tensor):
                raise TypeError(f"[TensorDataset] argument 'tensors': expected a list of Tensors, but element {i} "
                                f"is {check.got(t)}")
            if len(t.shape) == 0:
                raise ValueError(f"[TensorDataset] argument 'tensors': element {i} is a 0-D Tensor, which has no "
                                 f"first dimension")
        rows = [t.shape[0] for t in tensors]
        if len(set(rows)) != 1:
            raise ValueError(f"[TensorDataset] argument 'tensors': expected the same shape[0] for all Tensors, but "
                             f"got {rows}")
        self.tensors = list(tensors)

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]


def _datasets(op: str, datasets, kind) -> list:
    if not isinstance(datasets, (list, tuple)) or len(datasets) == 0:
        raise TypeError(f"[{op}] argument 'datasets': expected a non-empty list of datasets, but got "
                        f"{check.got(datasets) if not isinstance(datasets, (list, tuple)) else 'an empty list'}")
    for i, ds in enumerate(datasets):
        if kind is Dataset and isinstance(ds, IterableDataset):
            raise TypeError(f"[{op}] argument 'datasets': expected map-style datasets, but element {i} is the "
                            f"IterableDataset {type(ds).__name__}")
        if kind is IterableDataset and not isinstance(ds, IterableDataset):
            raise TypeError(f"[{op}] argument 'datasets': expected IterableDatasets, but element {i} is "
                            f"{type(ds).__name__}")
    return list(datasets)


def _fields(sample) -> list:
    return list(sample) if isinstance(sample, (list, tuple)) else [sample]


class ComposeDataset(Dataset):
    """Map-style datasets of equal length side by side: sample `i` is the
    fields of sample `i` of each dataset, concatenated into one tuple.

    Args:
        datasets (list of Dataset): the datasets, all of the same length.

    Examples:
        >>> from paddle.io import ComposeDataset
        >>> ds = ComposeDataset([[(1, 2), (3, 4)], [('a',), ('b',)]])
        >>> len(ds), ds[1]
        (2, (3, 4, 'b'))
    """

    def __init__(self, datasets):
        self.datasets = _datasets("ComposeDataset", datasets, Dataset)
        lengths = [len(ds) for ds in self.datasets]
        if len(set(lengths)) != 1:
            raise ValueError(f"[ComposeDataset] argument 'datasets': expected datasets of the same length, but got "
                             f"lengths {lengths}")

    def __len__(self):
        return len(self.datasets[0])

    def __getitem__(self, idx):
        out = []
        for ds in self.datasets:
            out.extend(_fields(ds[idx]))
        return tuple(out)


class ChainDataset(IterableDataset):
    """Iterable datasets one after the other.

    Args:
        datasets (list of IterableDataset): the datasets to chain.

    Examples:
        >>> from paddle.io import IterableDataset, ChainDataset
        >>> class Upto(IterableDataset):
        ...     def __init__(self, lo, hi):
        ...         self.lo, self.hi = lo, hi
        ...     def __iter__(self):
        ...         return iter(range(self.lo, self.hi))
        >>> [x for x in ChainDataset([Upto(0, 2), Upto(5, 7)])]
        [0, 1, 5, 6]
    """

    def __init__(self, datasets):
        self.datasets = _datasets("ChainDataset", datasets, IterableDataset)

    def __iter__(self):
        for ds in self.datasets:
            yield from ds


class ConcatDataset(Dataset):
    """Map-style datasets one after the other: index `i` reaches into the
    dataset that holds it.

    Args:
        datasets (list of Dataset): the datasets to concatenate.

    Examples:
        >>> from paddle.io import ConcatDataset
        >>> ds = ConcatDataset([[0, 1, 2], [10, 11]])
        >>> len(ds), ds[3], ds[-1], ds.cumulative_sizes
        (5, 10, 11, [3, 5])
    """

    def __init__(self, datasets):
        self.datasets = _datasets("ConcatDataset", datasets, Dataset)
        self.cumulative_sizes = []
        total = 0
        for ds in self.datasets:
            total += len(ds)
            self.cumulative_sizes.append(total)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        idx = check.integer("ConcatDataset", idx, "idx")
        n = len(self)
        if not -n <= idx < n:
            raise IndexError(f"[ConcatDataset] index {idx} is out of range for a dataset of length {n}")
        idx %= n
        which = bisect.bisect_right(self.cumulative_sizes, idx)
        start = self.cumulative_sizes[which - 1] if which > 0 else 0
        return self.datasets[which][idx - start]


class Subset(Dataset):
    """The samples of `dataset` at `indices`, in that order.

    Args:
        dataset (Dataset): the whole dataset.
        indices (sequence of int): the indices of the subset.

    Examples:
        >>> from paddle.io import Subset
        >>> sub = Subset([10, 11, 12, 13], indices=[3, 0])
        >>> len(sub), [sub[i] for i in range(len(sub))]
        (2, [13, 10])
    """

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def _split_lengths(lengths, n: int) -> list[int]:
    """`lengths` as ints summing to n; fractions summing to 1 are scaled to n
    with the remainder given out one by one from the first subset on."""
    if not isinstance(lengths, (list, tuple)) or len(lengths) == 0:
        raise TypeError(f"[random_split] argument 'lengths': expected a non-empty list of ints or fractions, but "
                        f"got {check.got(lengths)}")
    for v in lengths:
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError(f"[random_split] argument 'lengths': expected ints or fractions, but got an element "
                            f"{check.got(v)}")
    if all(0 <= v <= 1 for v in lengths) and math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        out = [int(math.floor(n * frac)) for frac in lengths]
        for i in range(n - sum(out)):
            out[i % len(out)] += 1
        return out
    if any(isinstance(v, float) and not float(v).is_integer() for v in lengths) or any(v < 0 for v in lengths):
        raise ValueError(f"[random_split] argument 'lengths': expected non-negative ints or fractions summing to 1, "
                         f"but got {list(lengths)}")
    out = [int(v) for v in lengths]
    if sum(out) != n:
        raise ValueError(f"[random_split] argument 'lengths': expected lengths summing to the dataset's length "
                         f"{n}, but got {out} (sum {sum(out)})")
    return out


def random_split(dataset, lengths, generator=None):
    """Splits `dataset` at random into non-overlapping `Subset`s.

    The permutation comes from ``paddle.randperm``, so ``paddle.seed`` makes
    the split reproducible.

    Args:
        dataset (Dataset): the dataset to split.
        lengths (list of int|float): the lengths of the subsets, summing to
            ``len(dataset)``, or fractions summing to 1 (their lengths are
            ``floor(len * fraction)``, the remainder given out one by one).
        generator (None): only the default generator is supported.

    Returns:
        list of Subset.

    Examples:
        >>> import paddle
        >>> from paddle.io import random_split
        >>> _ = paddle.seed(1)
        >>> a, b = random_split(range(10), [7, 3])
        >>> len(a), len(b), sorted(list(a.indices) + list(b.indices)) == list(range(10))
        (7, 3, True)
    """
    if generator is not None:
        raise NotImplementedError("[random_split] argument 'generator': only None (the default generator, seeded "
                                  f"by paddle.seed) is supported, but got {check.got(generator)}")
    import paddle

    sizes = _split_lengths(lengths, len(dataset))
    order = paddle.randperm(sum(sizes)).numpy().tolist()
    out, start = [], 0
    for size in sizes:
        out.append(Subset(dataset, order[start:start + size]))
        start += size
    return out
