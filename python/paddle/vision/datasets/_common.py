"""What the datasets share: the Dataset base, and finding a data file without a network."""

from __future__ import annotations

import os

try:
    from paddle.io.dataset import Dataset
except ImportError:  # paddle.io not available: a minimal stand-in with the same protocol
    class Dataset:  # type: ignore[no-redef]
        """A map-style dataset: ``__getitem__`` and ``__len__``."""

        def __getitem__(self, idx):
            raise NotImplementedError

        def __len__(self):
            raise NotImplementedError

DATA_HOME = os.path.expanduser(os.path.join("~", ".cache", "paddle", "dataset"))


def find_data_file(op: str, arg: str, path: str | None, url: str, module: str, download: bool) -> str:
    """`path` when given (it must exist), else the file PaddlePaddle's download would have put in
    ``~/.cache/paddle/dataset/<module>/``. Nothing is downloaded: the error says what to put where."""
    if path is not None:
        if not os.path.isfile(path):
            raise FileNotFoundError(f"[{op}] argument '{arg}': no such file: {path!r}")
        return path
    name = url.split("/")[-1]
    cached = os.path.join(DATA_HOME, module, name)
    if os.path.isfile(cached):
        return cached
    how = "and download=True cannot fetch it (this package has no network access)" if download else \
        "and download=False"
    raise FileNotFoundError(
        f"[{op}] no '{arg}' given, {how}. Get {url} and either pass {arg}='/path/to/{name}' or put the file "
        f"at {cached}")
