"""Which input sites feed which output sites through which kernel offset:
the "rulebook" of sparse convolution and pooling, computed on the host.

Coordinates are (batch, *spatial). An output site of a regular convolution
or pooling is any position some input site reaches; a submanifold
convolution's output sites are its input sites.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from paddle import _checks as check
from paddle.sparse._structure import linear_keys


@dataclass
class Rulebook:
    """Pair p sends input entry ``inputs[p]`` through kernel offset ``offsets[p]``
    (its row-major number in the kernel) to output entry ``outputs[p]``."""

    offsets: np.ndarray
    inputs: np.ndarray
    outputs: np.ndarray
    out_coords: np.ndarray  # [1 + dims, number of output sites]


def ints(op: str, value, dims: int, arg: str, minimum: int = 1) -> list[int]:
    """An int or `dims` ints (each at least `minimum`) as a list of `dims` ints."""
    out = check.int_list(op, value, arg, allow_int=True)
    out = out * dims if len(out) == 1 else out
    if len(out) != dims or min(out) < minimum:
        raise ValueError(f"[{op}] argument '{arg}': expected an int or {dims} ints, each >= {minimum}, but got "
                         f"{value}")
    return out


def paddings(op: str, padding, dims: int, in_size, kernel, stride, dilation) -> list[tuple[int, int]]:
    """(before, after) padding of each spatial dim from Paddle's forms: an int; `dims`
    ints; 2 * `dims` ints (before, after per dim); dims + 2 [before, after] pairs
    including the zero batch and channel pairs (channel-last); 'SAME' or 'VALID'."""
    if isinstance(padding, str):
        mode = check.choice(op, padding.upper(), ("SAME", "VALID"), "padding")
        if mode == "VALID":
            return [(0, 0)] * dims
        pads = []
        for n, k, s, d in zip(in_size, kernel, stride, dilation):
            total = max((-(-n // s) - 1) * s + d * (k - 1) + 1 - n, 0)  # the output keeps ceil(n / s) sites
            pads.append((total // 2, total - total // 2))
        return pads
    if isinstance(padding, (list, tuple)) and padding and all(isinstance(p, (list, tuple)) for p in padding):
        pairs = [tuple(check.int_list(op, p, "padding")) for p in padding]
        if len(pairs) != dims + 2 or any(len(p) != 2 for p in pairs) or pairs[0] != (0, 0) or pairs[-1] != (0, 0):
            raise ValueError(f"[{op}] argument 'padding': expected {dims + 2} [before, after] pairs with [0, 0] for "
                             f"the batch and channel dims, but got {padding}")
        flat = [v for p in pairs[1:-1] for v in p]
    else:
        flat = check.int_list(op, padding, "padding", allow_int=True)
        flat = flat * dims if len(flat) == 1 else flat
        flat = [v for v in flat for _ in range(2)] if len(flat) == dims else flat
    if len(flat) != 2 * dims or min(flat) < 0:
        raise ValueError(f"[{op}] argument 'padding': expected an int, {dims} ints or {2 * dims} ints, each >= 0, "
                         f"but got {padding}")
    return list(zip(flat[0::2], flat[1::2]))


def output_size(n: int, k: int, s: int, d: int, pad: tuple[int, int], ceil_mode: bool = False) -> int:
    span = n + pad[0] + pad[1] - d * (k - 1) - 1
    if span < 0:
        return 0
    size = (-(-span // s) if ceil_mode else span // s) + 1
    if ceil_mode and (size - 1) * s >= n + pad[0]:  # the last window must start inside the input
        size -= 1
    return size


def _kernel_offsets(kernel) -> np.ndarray:
    """Every kernel offset [volume, dims], row-major (the weight's order)."""
    return np.array(list(itertools.product(*(range(k) for k in kernel))), dtype=np.int64).reshape(-1, len(kernel))


def regular(coords: np.ndarray, batch: int, out_size, kernel, stride, dilation, pads) -> Rulebook:
    """Output o receives input i through offset k where o * stride = i + pad_before - k * dilation."""
    spatial = coords[1:]
    stride, dilation = np.array(stride)[:, None], np.array(dilation)[:, None]
    before, limits = np.array([p[0] for p in pads])[:, None], np.array(out_size)[:, None]
    offsets, inputs, keys = [], [], []
    for number, offset in enumerate(_kernel_offsets(kernel)):
        shifted = spatial + before - offset[:, None] * dilation
        position = shifted // stride
        valid = np.all((shifted % stride == 0) & (position >= 0) & (position < limits), axis=0)
        found = np.flatnonzero(valid)
        offsets.append(np.full(found.size, number, dtype=np.int64))
        inputs.append(found)
        keys.append(linear_keys(np.concatenate([coords[:1, found], position[:, found]]), [batch, *out_size]))
    sites, outputs = np.unique(np.concatenate(keys), return_inverse=True)
    out_coords = np.stack(np.unravel_index(sites, (batch, *out_size))).astype(np.int64).reshape(len(out_size) + 1, -1)
    return Rulebook(np.concatenate(offsets), np.concatenate(inputs), outputs.reshape(-1), out_coords)


def submanifold(coords: np.ndarray, batch: int, in_size, kernel, dilation) -> Rulebook:
    """Output site o (an input site; coords hold no duplicates) receives input site
    o + (k - kernel // 2) * dilation through offset k, when that site is stored."""
    grid = [batch, *in_size]
    keys = linear_keys(coords, grid)
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    center = np.array([k // 2 for k in kernel])
    offsets, inputs, outputs = [], [], []
    for number, offset in enumerate(_kernel_offsets(kernel)):
        neighbor = coords[1:] + ((offset - center) * np.array(dilation))[:, None]
        inside = np.flatnonzero(np.all((neighbor >= 0) & (neighbor < np.array(in_size)[:, None]), axis=0))
        wanted = linear_keys(np.concatenate([coords[:1, inside], neighbor[:, inside]]), grid)
        at = np.minimum(np.searchsorted(sorted_keys, wanted), keys.size - 1)
        hit = sorted_keys[at] == wanted
        offsets.append(np.full(int(hit.sum()), number, dtype=np.int64))
        inputs.append(order[at[hit]])
        outputs.append(inside[hit])
    return Rulebook(np.concatenate(offsets), np.concatenate(inputs), np.concatenate(outputs), coords)
