"""paddle.io: datasets, samplers and the DataLoader.

A `Dataset` gives samples by index (or an `IterableDataset` by iteration); a
sampler orders the indices and a `BatchSampler` groups them; the `DataLoader`
collates each group into a batch of Tensors, in the main process or in
worker processes. The user guide is docs/guide/io.md.

Examples:
    >>> import numpy as np
    >>> import paddle
    >>> from paddle.io import DataLoader, TensorDataset
    >>> ds = TensorDataset([paddle.arange(6, dtype='float32').reshape([6, 1]), paddle.arange(6)])
    >>> [y.tolist() for _, y in DataLoader(ds, batch_size=4)]
    [[0, 1, 2, 3], [4, 5]]
"""

from paddle.io.collate import default_collate_fn, default_convert_fn
from paddle.io.dataloader import DataLoader
from paddle.io.dataset import (
    ChainDataset, ComposeDataset, ConcatDataset, Dataset, IterableDataset, Subset, TensorDataset, random_split,
)
from paddle.io.sampler import (
    BatchSampler, DistributedBatchSampler, RandomSampler, Sampler, SequenceSampler, SubsetRandomSampler,
    WeightedRandomSampler,
)
from paddle.io.worker import WorkerInfo, get_worker_info

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "ComposeDataset", "ChainDataset", "ConcatDataset",
           "Subset", "random_split", "Sampler", "SequenceSampler", "RandomSampler", "WeightedRandomSampler",
           "SubsetRandomSampler", "BatchSampler", "DistributedBatchSampler", "DataLoader", "get_worker_info",
           "WorkerInfo", "default_collate_fn", "default_convert_fn"]
