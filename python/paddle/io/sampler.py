"""Samplers: the order in which a loader visits a map-style dataset's indices
(`Sampler` and its subclasses) and how the indices are grouped into
mini-batches (`BatchSampler`, `DistributedBatchSampler`).

Note [io randomness]: the random samplers draw a fresh seed from paddle's
default generator each time they are iterated (``draw_seed``) and shuffle
with a NumPy ``RandomState`` made from it, so ``paddle.seed(s)`` fixes the
order of every epoch, and the order does not depend on the number of loader
workers (sampling always runs in the main process). The loader draws its
worker seed the same way. `DistributedBatchSampler` is the exception, as in
Paddle: it shuffles with ``RandomState(epoch)`` so that all ranks agree.
"""

from __future__ import annotations

import math

import numpy as np

from paddle import _checks as check
from paddle._C import Tensor

__all__ = ["Sampler", "SequenceSampler", "RandomSampler", "WeightedRandomSampler", "SubsetRandomSampler",
           "BatchSampler", "DistributedBatchSampler"]


def draw_seed() -> int:
    """A seed in [0, 2**31 - 1) from paddle's default generator (see Note [io randomness])."""
    import paddle

    return int(paddle.randint(0, 2**31 - 1, [1]).item())


class Sampler:
    """The base of the samplers: subclasses implement `__iter__`, yielding
    dataset indices, and usually `__len__`.

    Args:
        data_source (Dataset, optional): the dataset sampled. Default None.

    Examples:
        >>> from paddle.io import Sampler
        >>> class EvenFirst(Sampler):
        ...     def __iter__(self):
        ...         n = len(self.data_source)
        ...         return iter(list(range(0, n, 2)) + list(range(1, n, 2)))
        ...     def __len__(self):
        ...         return len(self.data_source)
        >>> list(EvenFirst(range(5)))
        [0, 2, 4, 1, 3]
    """

    def __init__(self, data_source=None):
        self.data_source = data_source

    def __iter__(self):
        raise NotImplementedError(f"'__iter__' not implemented in class {type(self).__name__}")


class SequenceSampler(Sampler):
    """Indices 0, 1, ..., len(data_source) - 1 in order.

    Args:
        data_source (Dataset): the dataset sampled.

    Examples:
        >>> from paddle.io import SequenceSampler
        >>> list(SequenceSampler(range(4)))
        [0, 1, 2, 3]
    """

    def __init__(self, data_source):
        super().__init__(data_source)

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """Indices in random order: a permutation of all of them, or with
    ``replacement=True`` `num_samples` independent uniform draws.

    Args:
        data_source (Dataset): the dataset sampled.
        replacement (bool, optional): draw with replacement. Default False.
        num_samples (int, optional): how many to draw; only with
            ``replacement=True``. Default None, ``len(data_source)``.
        generator (iterator, optional): when given, the indices are taken from
            it (at most `num_samples`) instead of drawn. Default None.

    Examples:
        >>> import paddle
        >>> from paddle.io import RandomSampler
        >>> _ = paddle.seed(3)
        >>> order = list(RandomSampler(range(6)))
        >>> sorted(order)
        [0, 1, 2, 3, 4, 5]
        >>> _ = paddle.seed(3)
        >>> list(RandomSampler(range(6))) == order
        True
    """

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        super().__init__(data_source)
        self.replacement = check.flag("RandomSampler", replacement, "replacement")
        if num_samples is not None and not self.replacement:
            raise ValueError("[RandomSampler] argument 'num_samples': can only be given with replacement=True, "
                             f"but got num_samples={num_samples} with replacement=False")
        self._num_samples = None if num_samples is None else check.integer("RandomSampler", num_samples,
                                                                            "num_samples", min=1)
        self.generator = generator
        if self._num_samples is None and len(data_source) == 0:
            raise ValueError("[RandomSampler] argument 'data_source': expected a non-empty dataset, but got one of "
                             "length 0")

    @property
    def num_samples(self) -> int:
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n, count = len(self.data_source), self.num_samples
        if self.generator is not None:
            generator = self.generator
            return (next(generator) for _ in range(count))
        rng = np.random.RandomState(draw_seed())
        if self.replacement:
            return iter(rng.randint(0, n, size=count).tolist())
        return iter(rng.permutation(n).tolist())

    def __len__(self):
        return self.num_samples


class WeightedRandomSampler(Sampler):
    """`num_samples` indices drawn with probabilities proportional to `weights`.

    Args:
        weights (sequence|numpy.ndarray|Tensor): one non-negative weight per
            index, not all zero; they need not sum to 1.
        num_samples (int): how many indices to draw.
        replacement (bool, optional): draw with replacement. Default True.

    Examples:
        >>> from paddle.io import WeightedRandomSampler
        >>> import numpy as np
        >>> list(WeightedRandomSampler(np.array([0.0, 1.0, 0.0]), num_samples=4))
        [1, 1, 1, 1]
    """

    def __init__(self, weights, num_samples, replacement=True):
        op = "WeightedRandomSampler"
        if isinstance(weights, Tensor):
            weights = weights.numpy()
        if not isinstance(weights, (list, tuple, np.ndarray)):
            raise TypeError(f"[{op}] argument 'weights': expected a list, numpy.ndarray or Tensor, but got "
                            f"{check.got(weights)}")
        weights = np.asarray(weights, dtype=np.float64)
        if weights.ndim != 1 or weights.size == 0:
            raise ValueError(f"[{op}] argument 'weights': expected a non-empty 1-D sequence, but got shape "
                             f"{list(weights.shape)}")
        if not np.all(np.isfinite(weights)) or np.any(weights < 0) or weights.sum() <= 0:
            raise ValueError(f"[{op}] argument 'weights': expected finite non-negative weights with a positive sum, "
                             f"but got {weights.tolist()}")
        self.weights = weights
        self.num_samples = check.integer(op, num_samples, "num_samples", min=1)
        self.replacement = check.flag(op, replacement, "replacement")
        if not self.replacement and self.num_samples > int(np.count_nonzero(weights)):
            raise ValueError(f"[{op}] argument 'num_samples': cannot draw {self.num_samples} indices without "
                             f"replacement from {int(np.count_nonzero(weights))} with non-zero weight")
        super().__init__(None)

    def __iter__(self):
        rng = np.random.RandomState(draw_seed())
        p = self.weights / self.weights.sum()
        return iter(rng.choice(len(p), self.num_samples, replace=self.replacement, p=p).tolist())

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler):
    """The given indices in random order.

    Args:
        indices (sequence of int): the indices to permute.
        generator (None): only the default generator is supported.

    Examples:
        >>> from paddle.io import SubsetRandomSampler
        >>> sorted(SubsetRandomSampler([7, 3, 5]))
        [3, 5, 7]
    """

    def __init__(self, indices, generator=None):
        if generator is not None:
            raise NotImplementedError("[SubsetRandomSampler] argument 'generator': only None (the default "
                                      f"generator, seeded by paddle.seed) is supported, but got {check.got(generator)}")
        if isinstance(indices, (str, bytes)) or not hasattr(indices, "__len__") or len(indices) == 0:
            raise ValueError(f"[SubsetRandomSampler] argument 'indices': expected a non-empty sequence of ints, but "
                             f"got {indices!r}")
        self.indices = indices
        super().__init__(None)

    def __iter__(self):
        rng = np.random.RandomState(draw_seed())
        return iter([self.indices[i] for i in rng.permutation(len(self.indices)).tolist()])

    def __len__(self):
        return len(self.indices)


def _batches(indices, batch_size: int, drop_last: bool):
    batch = []
    for idx in indices:
        batch.append(idx)
        if len(batch) == batch_size:
            yield batch
            batch = []
    if batch and not drop_last:
        yield batch


class BatchSampler(Sampler):
    """Groups the indices of a sampler into mini-batches (lists of indices).

    Give exactly one of `dataset` (then the indices come from a
    `RandomSampler` when `shuffle`, else a `SequenceSampler`) or `sampler`.

    Args:
        dataset (Dataset, optional): the dataset to sample. Default None.
        sampler (Sampler, optional): the index sampler. Default None.
        shuffle (bool, optional): shuffle the dataset's indices; only with
            `dataset`. Default False.
        batch_size (int, optional): indices per mini-batch, >= 1. Default 1.
        drop_last (bool, optional): drop the last batch when smaller than
            `batch_size`. Default False.

    Examples:
        >>> from paddle.io import BatchSampler
        >>> list(BatchSampler(dataset=range(5), batch_size=2))
        [[0, 1], [2, 3], [4]]
        >>> len(BatchSampler(dataset=range(5), batch_size=2, drop_last=True))
        2
    """

    def __init__(self, dataset=None, sampler=None, shuffle=False, batch_size=1, drop_last=False):
        op = "BatchSampler"
        if (dataset is None) == (sampler is None):
            raise ValueError(f"[{op}] expected exactly one of the arguments 'dataset' and 'sampler', but got "
                             f"{'both' if dataset is not None else 'neither'}")
        self.shuffle = check.flag(op, shuffle, "shuffle")
        if sampler is not None:
            if not isinstance(sampler, Sampler) and not hasattr(sampler, "__iter__"):
                raise TypeError(f"[{op}] argument 'sampler': expected a Sampler, but got {check.got(sampler)}")
            if self.shuffle:
                raise ValueError(f"[{op}] argument 'shuffle': must be False when a sampler is given (the sampler "
                                 f"sets the order), but got True")
            self.sampler = sampler
        else:
            from paddle.io.dataset import IterableDataset

            if isinstance(dataset, IterableDataset):
                raise TypeError(f"[{op}] argument 'dataset': expected a map-style dataset, but got the "
                                f"IterableDataset {type(dataset).__name__}")
            self.sampler = RandomSampler(dataset) if self.shuffle else SequenceSampler(dataset)
        self.batch_size = check.integer(op, batch_size, "batch_size", min=1)
        self.drop_last = check.flag(op, drop_last, "drop_last")

    def __iter__(self):
        return _batches(iter(self.sampler), self.batch_size, self.drop_last)  # iter() now: the seed is drawn here

    def __len__(self):
        n = len(self.sampler)
        return n // self.batch_size if self.drop_last else math.ceil(n / self.batch_size)


def _parallel_env() -> tuple[int, int]:
    """(number of ranks, this rank) from the job's environment (the launcher's,
    spawn's, mpirun's or srun's), as PaddlePaddle reads them; (1, 0) outside one."""
    from paddle.distributed import ParallelEnv

    env = ParallelEnv()
    return env.world_size, env.rank


class DistributedBatchSampler(BatchSampler):
    """A `BatchSampler` over this rank's share of the dataset.

    The indices (shuffled with ``RandomState(epoch)`` when `shuffle`, so all
    ranks agree) are padded by repeating the first ones up to a multiple of
    `num_replicas`; each rank then takes `batch_size` indices out of every
    ``batch_size * num_replicas`` in turn, and an equal share of the tail.
    Each iteration with `shuffle` advances the epoch; `set_epoch` sets it.

    Args:
        dataset (Dataset): the dataset to sample.
        batch_size (int): indices per mini-batch, >= 1.
        num_replicas (int, optional): the number of ranks. Default None, from
            the distributed environment (1 outside a distributed job).
        rank (int, optional): this rank, in [0, num_replicas). Default None,
            from the distributed environment (0 outside a distributed job).
        shuffle (bool, optional): shuffle the indices. Default False.
        drop_last (bool, optional): drop the last batch when smaller than
            `batch_size`. Default False.

    Examples:
        >>> from paddle.io import DistributedBatchSampler
        >>> list(DistributedBatchSampler(range(10), batch_size=2, num_replicas=2, rank=1))
        [[2, 3], [6, 7], [9]]
    """

    def __init__(self, dataset, batch_size, num_replicas=None, rank=None, shuffle=False, drop_last=False):
        op = "DistributedBatchSampler"
        self.dataset = dataset
        self.batch_size = check.integer(op, batch_size, "batch_size", min=1)
        self.shuffle = check.flag(op, shuffle, "shuffle")
        self.drop_last = check.flag(op, drop_last, "drop_last")
        env_ranks, env_rank = _parallel_env()
        self.nranks = env_ranks if num_replicas is None else check.integer(op, num_replicas, "num_replicas", min=1)
        self.local_rank = env_rank if rank is None else check.integer(op, rank, "rank", min=0)
        if self.local_rank >= self.nranks:
            raise ValueError(f"[{op}] argument 'rank': expected an int in [0, {self.nranks}), but got "
                             f"{self.local_rank}")
        self.epoch = 0
        self.num_samples = math.ceil(len(dataset) / self.nranks)
        self.total_size = self.num_samples * self.nranks
        self.sampler = None

    def _local_indices(self) -> list[int]:
        n = len(self.dataset)
        indices = list(range(n))
        indices += indices[:self.total_size - n]
        if self.shuffle:
            np.random.RandomState(self.epoch).shuffle(indices)
            self.epoch += 1
        if self.nranks == 1:
            return indices
        step = self.batch_size * self.nranks
        tail = self.total_size % step  # a multiple of nranks: total_size is
        local = []
        for start in range(self.local_rank * self.batch_size, len(indices) - tail, step):
            local.extend(indices[start:start + self.batch_size])
        share = tail // self.nranks
        rest = indices[len(indices) - tail:]
        local.extend(rest[self.local_rank * share:(self.local_rank + 1) * share])
        return local

    def __iter__(self):
        return _batches(self._local_indices(), self.batch_size, self.drop_last)

    def __len__(self):
        n = self.num_samples
        return n // self.batch_size if self.drop_last else math.ceil(n / self.batch_size)

    def set_epoch(self, epoch):
        """Sets the epoch, the shuffling seed: call it before each epoch so
        that every rank uses the same order.

        Args:
            epoch (int): the epoch number.

        Examples:
            >>> from paddle.io import DistributedBatchSampler
            >>> s = DistributedBatchSampler(range(6), batch_size=3, shuffle=True)
            >>> s.set_epoch(4); first = list(s)
            >>> s.set_epoch(4); list(s) == first
            True
        """
        self.epoch = check.integer("DistributedBatchSampler", epoch, "epoch", min=0)
