"""What a distributed checkpoint's metadata file records (the classes and
fields are PaddlePaddle's, so that either framework unpickles the other's)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class LocalTensorMetadata:
    """Where one stored piece sits in its whole tensor."""

    global_offset: tuple
    local_shape: tuple
    dtype: str = None


@dataclass(frozen=True)
class LocalTensorIndex:
    """A stored piece: its tensor's key and its offset in the whole tensor."""

    tensor_key: str
    global_offset: tuple


@dataclass
class Metadata:
    """state_dict_metadata: each key's pieces; storage_metadata: the file
    holding each piece; flat_mapping: each flat key's path in the nested
    state dict."""

    state_dict_metadata: dict = None
    storage_metadata: dict = None
    flat_mapping: dict = None
