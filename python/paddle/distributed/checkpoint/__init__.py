"""Distributed checkpoints: every rank saves a part of one state dict into a
directory, and any number of ranks load it back.

Note [Distributed checkpoint]
A checkpoint is a directory of `{rank}_{id}.distcp` files (each a paddle.save
dict of the pieces that rank stored) and one `{id}.metadata` file (a pickled
Metadata: each key's pieces by offset and shape, the file of each piece, and
how the flat keys nest), PaddlePaddle's layout. `id` counts up from 0 within
the directory, so saving again never touches an earlier checkpoint; loading
takes the highest complete one.

Ranks that hold the same piece (data parallelism replicates everything)
store it once: the ranks exchange what they hold and give each piece to the
rank holding it that has been given the fewest bytes so far, so the writing
is spread over the ranks. Every file is written to a temporary name and
renamed; the coordinator writes the metadata last, after a barrier, so a
metadata file names only complete data files.

Loading reads, for each tensor of the given state dict, the stored pieces
that overlap it and copies them in place; it does not depend on the number
of ranks that saved. The directory must be visible to every rank (a local
disk for one machine, a shared filesystem for several).
"""

from __future__ import annotations

import os
import pickle
import re

import numpy as np

import paddle
from paddle.base.framework import assign_value
from paddle.distributed import collective
from paddle.distributed.checkpoint.metadata import LocalTensorIndex, LocalTensorMetadata, Metadata
from paddle.distributed.parallel import is_initialized
from paddle.serialization import _atomic_write

__all__ = ["save_state_dict", "load_state_dict"]

_METADATA = re.compile(r"^(\d+)\.metadata$")


def _flatten(state_dict, op: str):
    """{flat key: tensor} and {flat key: its path of keys}; nested dicts' keys are joined by '.'."""
    flat, mapping = {}, {}

    def walk(value, path):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, path + (str(k),))
        elif isinstance(value, paddle.Tensor):
            key = ".".join(path)
            if key in flat:
                raise ValueError(f"[{op}] two entries of the state dict flatten to the key {key!r}")
            flat[key], mapping[key] = value, path
        else:
            raise TypeError(f"[{op}] state_dict[{']['.join(map(repr, path))}]: expected a Tensor (or a dict of "
                            f"them), but got {type(value).__name__}")

    if not isinstance(state_dict, dict):
        raise TypeError(f"[{op}] argument 'state_dict': expected a dict, but got {type(state_dict).__name__}")
    walk(state_dict, ())
    return flat, mapping


def _ranks(process_group, op: str):
    """(this rank, the number of ranks) of the saving or loading group."""
    if process_group is not None:
        return process_group.rank, process_group.nranks
    if is_initialized():
        group = collective.get_group(0)
        return group.rank, group.nranks
    return 0, 1


def _latest_id(path: str):
    ids = [int(m.group(1)) for m in map(_METADATA.match, os.listdir(path)) if m]
    return max(ids) if ids else None


def _assign(holdings: list) -> dict:
    """{(key, offset): the rank that stores it}, from every rank's {(key, offset): bytes}."""
    given = [0] * len(holdings)
    owner = {}
    for piece in sorted({p for held in holdings for p in held}):
        holders = [r for r, held in enumerate(holdings) if piece in held]
        rank = min(holders, key=lambda r: (given[r], r))
        owner[piece] = rank
        given[rank] += holdings[rank][piece]
    return owner


def save_state_dict(state_dict, path, process_group=None, coordinator_rank=0, unique_id=None, async_save=False):
    """Saves `state_dict` (a dict of Tensors, possibly nested) into the
    directory `path`, every rank of the group writing part of it (Note
    [Distributed checkpoint] in paddle/distributed/checkpoint). Every rank
    of the group must call it.

    Args:
        state_dict (dict): what to save, e.g. ``model.state_dict()``.
        path (str): the checkpoint directory, created if missing.
        process_group (Group, optional): the saving ranks. Default None, all.
        coordinator_rank (int, optional): the rank that writes the metadata.
        unique_id (int, optional): the checkpoint's id in the directory.
            Default None, one past the highest there.
        async_save (bool, optional): accepted for PaddlePaddle compatibility;
            the save has finished when the call returns.

    Examples:
        >>> import paddle, paddle.distributed as dist, tempfile
        >>> path = tempfile.mkdtemp()
        >>> dist.save_state_dict({"w": paddle.ones([2])}, path)
        >>> target = {"w": paddle.zeros([2])}
        >>> dist.load_state_dict(target, path)
        >>> target["w"].numpy()
        array([1., 1.], dtype=float32)
    """
    op = "save_state_dict"
    flat, mapping = _flatten(state_dict, op)
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"[{op}] argument 'path': expected a directory path, but got {type(path).__name__}")
    path = os.fspath(path)
    rank, nranks = _ranks(process_group, op)
    if rank < 0:
        return
    if rank == coordinator_rank:
        os.makedirs(path, exist_ok=True)
    held = {(k, (0,) * t.ndim): t.numel() * t.element_size() for k, t in flat.items()}
    holdings = [held]
    if nranks > 1:
        collective.barrier(process_group)  # the directory exists
        holdings = []
        collective.all_gather_object(holdings, held, group=process_group)
    if unique_id is None:
        latest = _latest_id(path)
        unique_id = 0 if latest is None else latest + 1
        if nranks > 1:  # the coordinator's view of the directory decides
            agreed = [unique_id]
            collective.broadcast_object_list(agreed, src=_global(process_group, coordinator_rank), group=process_group)
            unique_id = agreed[0]
    owner = _assign(holdings)
    file_name = f"{rank}_{unique_id}.distcp"
    mine = {k: t for k, t in flat.items() if owner[(k, (0,) * t.ndim)] == rank}
    paddle.save(mine, os.path.join(path, file_name))
    pieces = {k: (tuple(t.shape), str(t.dtype).replace("paddle.", "")) for k, t in mine.items()}
    everyone = [pieces]
    if nranks > 1:
        everyone = []
        collective.all_gather_object(everyone, pieces, group=process_group)
    if rank == coordinator_rank:
        meta = Metadata(state_dict_metadata={}, storage_metadata={}, flat_mapping=mapping)
        for r, stored in enumerate(everyone):
            for key, (shape, dtype) in stored.items():
                offset = (0,) * len(shape)
                meta.state_dict_metadata.setdefault(key, []).append(LocalTensorMetadata(offset, shape, dtype))
                meta.storage_metadata[LocalTensorIndex(key, offset)] = f"{r}_{unique_id}.distcp"
        _atomic_write(os.path.join(path, f"{unique_id}.metadata"), lambda f: pickle.dump(meta, f))
    if nranks > 1:
        collective.barrier(process_group)  # the checkpoint is complete everywhere


def _global(process_group, group_rank: int) -> int:
    return process_group.ranks[group_rank] if process_group is not None else group_rank


def _overlap(offset, shape, target_shape):
    """The slices of a stored piece and of the whole tensor where they meet (None when they do not)."""
    piece, whole = [], []
    for o, s, t in zip(offset, shape, target_shape):
        lo, hi = max(o, 0), min(o + s, t)
        if lo >= hi:
            return None
        piece.append(slice(lo - o, hi - o))
        whole.append(slice(lo, hi))
    return tuple(piece), tuple(whole)


def load_state_dict(state_dict, path, process_group=None, coordinator_rank=0, unique_id=None, offload=False):
    """Loads a checkpoint that save_state_dict wrote, by any number of ranks,
    into the tensors of `state_dict`, in place. Every key of `state_dict`
    must be in the checkpoint, with the same shape.

    Args:
        state_dict (dict): the tensors to fill, e.g. ``model.state_dict()``.
        path (str): the checkpoint directory.
        process_group (Group, optional): accepted for PaddlePaddle
            compatibility; each rank reads what it needs on its own.
        coordinator_rank (int, optional): accepted for PaddlePaddle compatibility.
        unique_id (int, optional): which checkpoint of the directory. Default
            None, the highest.
        offload (bool, optional): accepted for PaddlePaddle compatibility.

    Examples:
        >>> import paddle, paddle.distributed as dist, tempfile
        >>> path = tempfile.mkdtemp()
        >>> dist.save_state_dict({"b": paddle.arange(3)}, path)
        >>> target = {"b": paddle.zeros([3], dtype="int64")}
        >>> dist.load_state_dict(target, path)
        >>> target["b"].tolist()
        [0, 1, 2]
    """
    op = "load_state_dict"
    flat, _ = _flatten(state_dict, op)
    path = os.fspath(path)
    if not os.path.isdir(path):
        raise FileNotFoundError(f"[{op}] argument 'path': no checkpoint directory at {path!r}")
    if unique_id is None:
        unique_id = _latest_id(path)
        if unique_id is None:
            raise FileNotFoundError(f"[{op}] {path!r} holds no checkpoint (no <id>.metadata file)")
    meta_path = os.path.join(path, f"{unique_id}.metadata")
    try:
        with open(meta_path, "rb") as f:
            meta = pickle.load(f)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError) as e:
        raise ValueError(f"[{op}] cannot read the checkpoint's metadata {meta_path!r}: {e}") from None
    if not isinstance(meta, Metadata) or not isinstance(meta.state_dict_metadata, dict):
        raise ValueError(f"[{op}] {meta_path!r} is not a checkpoint's metadata")
    missing = [k for k in flat if k not in meta.state_dict_metadata]
    if missing:
        raise KeyError(f"[{op}] not in the checkpoint {meta_path!r}: {', '.join(missing)}")
    files: dict = {}
    for key, target in flat.items():
        shape = tuple(target.shape)
        pieces = meta.state_dict_metadata[key]
        stored_shape = tuple(max(p.global_offset[d] + p.local_shape[d] for p in pieces)
                             for d in range(len(pieces[0].local_shape)))
        if stored_shape != shape:
            raise ValueError(f"[{op}] {key!r}: expected shape {list(shape)}, but the checkpoint holds "
                             f"{list(stored_shape)}")
        whole = np.array(target.numpy())
        covered = np.zeros(shape, dtype=bool)
        for piece in pieces:
            where = _overlap(piece.global_offset, piece.local_shape, shape)
            if where is None:
                continue
            name = meta.storage_metadata[LocalTensorIndex(key, tuple(piece.global_offset))]
            if name not in files:
                files[name] = paddle.load(os.path.join(path, name))
            stored = files[name][key]
            if tuple(stored.shape) != tuple(piece.local_shape):
                raise ValueError(f"[{op}] {key!r} in {name!r}: the metadata says shape {list(piece.local_shape)}, "
                                 f"the file holds {list(stored.shape)}")
            whole[where[1]] = stored.numpy()[where[0]]
            covered[where[1]] = True
        if not covered.all():
            stored_shapes = [list(p.local_shape) for p in pieces]
            raise ValueError(f"[{op}] {key!r}: the checkpoint's pieces {stored_shapes} do not cover the tensor's "
                             f"shape {list(shape)}")
        with paddle.no_grad():
            assign_value(target, paddle.to_tensor(whole), op, key)
