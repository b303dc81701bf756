"""Paddle's legacy reader decorators: a reader is a function that returns an
iterable of samples."""

from __future__ import annotations

from paddle import _checks as check
from paddle.io.sampler import _batches


def batch(reader, batch_size, drop_last=False):
    """A reader of lists of `batch_size` consecutive samples of `reader` (the
    last one shorter unless `drop_last`).

    Examples:
        >>> import paddle
        >>> list(paddle.batch(lambda: iter(range(5)), 2)())
        [[0, 1], [2, 3], [4]]
    """
    if not callable(reader):
        raise TypeError(f"[batch] argument 'reader': expected a function returning samples, but got "
                        f"{check.got(reader)}")
    batch_size = check.integer("batch", batch_size, "batch_size", min=1)
    drop_last = check.flag("batch", drop_last, "drop_last")

    return lambda: _batches(reader(), batch_size, drop_last)
