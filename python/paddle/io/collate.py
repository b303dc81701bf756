"""How samples become a batch (`default_collate_fn`), how a sample is passed
through when batching is off (`default_convert_fn`), and how the loader turns
the NumPy leaves of a batch into Tensors in the main process."""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence

import numpy as np

from paddle._C import Tensor

__all__ = ["default_collate_fn", "default_convert_fn"]


def default_collate_fn(batch):
    """Stacks a list of samples into one batch, field by field.

    Each sample is walked recursively: NumPy arrays are stacked along a new
    axis 0 (``np.stack``), Tensors with ``paddle.stack``, numbers become a
    1-D NumPy array, strings and bytes stay a list, a dict gives a dict of
    collated fields and a list or tuple a list of collated fields. The loader
    turns the NumPy arrays into Tensors afterwards, in the main process.

    Args:
        batch (list): the samples of one mini-batch.

    Returns:
        the collated batch, with the structure of one sample.

    Examples:
        >>> import numpy as np
        >>> from paddle.io import default_collate_fn
        >>> samples = [(np.array([1.0, 2.0]), 0, 'a'), (np.array([3.0, 4.0]), 1, 'b')]
        >>> x, label, name = default_collate_fn(samples)
        >>> x.tolist(), label.tolist(), name
        ([[1.0, 2.0], [3.0, 4.0]], [0, 1], ['a', 'b'])
        >>> out = default_collate_fn([{'x': 1.5}, {'x': 2.5}])
        >>> out['x'].tolist()
        [1.5, 2.5]
    """
    if not isinstance(batch, Sequence) or isinstance(batch, (str, bytes)):
        raise TypeError(f"[default_collate_fn] argument 'batch': expected a list of samples, but got "
                        f"{type(batch).__name__}")
    if len(batch) == 0:
        raise ValueError("[default_collate_fn] argument 'batch': expected at least one sample, but got none")
    sample = batch[0]
    if isinstance(sample, np.ndarray):
        return np.stack(batch, axis=0)
    if isinstance(sample, Tensor):
        import paddle

        return paddle.stack(list(batch), axis=0)
    if isinstance(sample, numbers.Number):
        return np.array(batch)
    if isinstance(sample, (str, bytes)):
        return list(batch)
    if isinstance(sample, Mapping):
        return {key: default_collate_fn([s[key] for s in batch]) for key in sample}
    if isinstance(sample, Sequence):
        n = len(sample)
        if any(len(s) != n for s in batch):
            raise RuntimeError(f"[default_collate_fn] samples of one batch have different numbers of fields: "
                               f"{sorted({len(s) for s in batch})}")
        return [default_collate_fn(list(fields)) for fields in zip(*batch)]
    raise TypeError(f"[default_collate_fn] a sample field must be a NumPy array, Tensor, number, str, bytes, dict, "
                    f"list or tuple, but got {type(sample).__name__}")


def default_convert_fn(batch):
    """Passes one sample through unbatched (the loader's `collate_fn` when
    ``batch_size=None``): lists and tuples become lists, dicts stay dicts,
    every other leaf is kept. NumPy arrays become Tensors afterwards, in the
    main process; numbers and strings stay as they are.

    Args:
        batch: one sample (or one batch the dataset made itself).

    Returns:
        the sample with lists for its sequences.

    Examples:
        >>> import numpy as np
        >>> from paddle.io import default_convert_fn
        >>> default_convert_fn((np.array([1, 2]), 3, 'a'))
        [array([1, 2]), 3, 'a']
    """
    if isinstance(batch, (Tensor, np.ndarray, str, bytes)):
        return batch
    if isinstance(batch, Mapping):
        return {key: default_convert_fn(value) for key, value in batch.items()}
    if isinstance(batch, Sequence):
        return [default_convert_fn(value) for value in batch]
    return batch


def _is_numeric_array(value) -> bool:
    return isinstance(value, np.ndarray) and value.dtype.kind in "biufc"


def map_leaves(fn, batch):
    """`batch` with `fn` applied to every leaf of its dicts, lists and tuples
    (tuples stay tuples)."""
    if isinstance(batch, Mapping) and not isinstance(batch, (str, bytes)):
        return {key: map_leaves(fn, value) for key, value in batch.items()}
    if isinstance(batch, (list, tuple)):
        out = [map_leaves(fn, value) for value in batch]
        return tuple(out) if isinstance(batch, tuple) else out
    return fn(batch)


def to_tensors(batch):
    """The main process's last step: every numeric NumPy array (and NumPy
    scalar) of the batch becomes a Tensor; everything else is kept."""
    import paddle

    def convert(leaf):
        if isinstance(leaf, np.generic) and leaf.dtype.kind in "biufc":
            leaf = np.asarray(leaf)
        if _is_numeric_array(leaf):
            return paddle.to_tensor(leaf)
        return leaf

    return map_leaves(convert, batch)


def to_numpy(batch):
    """What a worker sends back: every Tensor of the batch as a NumPy array."""
    return map_leaves(lambda leaf: leaf.numpy() if isinstance(leaf, Tensor) else leaf, batch)
