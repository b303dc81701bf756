"""Sequence helpers: sequence_mask and gather_tree (beam search back-tracing)."""

from __future__ import annotations

import math

import paddle
from paddle import _checks as check
from paddle._C import Tensor


def sequence_mask(x, maxlen=None, dtype="int64", name=None) -> Tensor:
    """mask[..., j] = j < x[...]: for each length in x, a row of maxlen entries whose
    first `length` are 1 (maxlen defaults to the largest length).

    Examples:
        >>> import paddle
        >>> paddle.nn.functional.sequence_mask(paddle.to_tensor([2, 0, 3])).tolist()
        [[1, 1, 0], [0, 0, 0], [1, 1, 1]]
    """
    op = "sequence_mask"
    check.tensor(op, x)
    if maxlen is None:
        longest = paddle.max(x).item() if x.size else 0
        if not math.isfinite(longest):
            raise ValueError(f"[{op}] argument 'x': expected finite lengths when maxlen is None, but the largest is "
                             f"{longest}")
        maxlen = int(longest)
    else:
        maxlen = check.integer(op, maxlen, "maxlen")
        if maxlen < 0:
            raise ValueError(f"[{op}] argument 'maxlen': expected an int >= 0, but got {maxlen}")
    # fractional lengths compare as they are (1.5 covers positions 0 and 1), as in Paddle's kernel
    common = "float64" if paddle.is_floating_point(x) else "int64"
    positions = paddle.arange(maxlen, dtype=common)
    return (positions < x.astype(common).unsqueeze(-1)).astype(dtype)


def gather_tree(ids, parents) -> Tensor:
    """The full sequences of a beam search from its per-step choices: ids and parents
    [max_time, batch, beam] hold each step's token and the beam it extended; the
    result follows the parents back from the last step.

    Examples:
        >>> import paddle
        >>> ids = paddle.to_tensor([[[2, 2], [6, 1]], [[3, 9], [6, 1]], [[0, 1], [9, 0]]])
        >>> parents = paddle.to_tensor([[[0, 0], [1, 1]], [[1, 0], [1, 0]], [[0, 0], [0, 1]]])
        >>> paddle.nn.functional.gather_tree(ids, parents).tolist()
        [[[2, 2], [1, 6]], [[3, 3], [6, 1]], [[0, 1], [9, 0]]]
    """
    op = "gather_tree"
    for arg, t in (("ids", ids), ("parents", parents)):
        check.tensor(op, t, arg)
        if t.dtype not in (paddle.int32, paddle.int64):
            raise TypeError(f"[{op}] argument '{arg}': expected an int32 or int64 Tensor, but got {check.got(t)}")
    if len(ids.shape) != 3:
        raise ValueError(f"[{op}] argument 'ids': expected a 3-D tensor [max_time, batch, beam], but got shape "
                         f"{list(ids.shape)}")
    if list(parents.shape) != list(ids.shape):
        raise ValueError(f"[{op}] argument 'parents': expected the shape of ids {list(ids.shape)}, but got "
                         f"{list(parents.shape)}")
    steps, _, beam = ids.shape
    if parents.size and (int(parents.min()) < 0 or int(parents.max()) >= beam):
        raise ValueError(f"[{op}] argument 'parents': expected beams in [0, {beam}), but got values in "
                         f"[{int(parents.min())}, {int(parents.max())}]")
    if steps == 0:
        return ids
    beam_index = parents[-1].astype("int64")
    rows = [ids[-1]]
    for t in range(steps - 2, -1, -1):
        rows.append(paddle.take_along_axis(ids[t], beam_index, axis=1))
        beam_index = paddle.take_along_axis(parents[t].astype("int64"), beam_index, axis=1)
    return paddle.stack(rows[::-1])
