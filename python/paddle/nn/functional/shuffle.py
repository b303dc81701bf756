"""Shuffles of image and video tensors: channel_shuffle and temporal_shift."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor


def _check_4d(op, x, data_format):
    check.tensor(op, x)
    if len(x.shape) != 4:
        raise ValueError(f"[{op}] argument 'x': expected a 4-D tensor, but got shape {list(x.shape)}")
    return check.choice(op, data_format, ("NCHW", "NHWC"), "data_format")


def channel_shuffle(x, groups, data_format="NCHW", name=None) -> Tensor:
    """Splits the C channels into `groups` groups and interleaves them: channel
    g * (C / groups) + i moves to i * groups + g (ShuffleNet).

    Examples:
        >>> import paddle
        >>> x = paddle.arange(6, dtype="float32").reshape([1, 6, 1, 1])
        >>> paddle.nn.functional.channel_shuffle(x, 2).flatten().tolist()
        [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]
    """
    op = "channel_shuffle"
    data_format = _check_4d(op, x, data_format)
    groups = check.integer(op, groups, "groups")
    if groups < 1:
        raise ValueError(f"[{op}] argument 'groups': expected an int >= 1, but got {groups}")
    axis = 1 if data_format == "NCHW" else 3
    channels = x.shape[axis]
    if channels % groups:
        raise ValueError(f"[{op}] the {channels} channels of x are not divisible by groups={groups}")
    shape = list(x.shape)
    split = shape[:axis] + [groups, channels // groups] + shape[axis + 1:]
    perm = list(range(5))
    perm[axis], perm[axis + 1] = axis + 1, axis
    return x.reshape(split).transpose(perm).reshape(shape)


def temporal_shift(x, seg_num, shift_ratio=0.25, name=None, data_format="NCHW") -> Tensor:
    """The temporal shift of TSM: x [N * T, C, H, W] holds N clips of T = seg_num frames;
    the first int(C * shift_ratio) channels take their values from the previous frame,
    the next int(C * 2 * shift_ratio) - int(C * shift_ratio) from the following frame
    (zeros past either end), and the rest stay.

    Examples:
        >>> import paddle
        >>> x = paddle.arange(12, dtype="float32").reshape([3, 4, 1, 1])
        >>> paddle.nn.functional.temporal_shift(x, seg_num=3).reshape([3, 4]).tolist()
        [[0.0, 5.0, 2.0, 3.0], [0.0, 9.0, 6.0, 7.0], [4.0, 0.0, 10.0, 11.0]]
    """
    op = "temporal_shift"
    data_format = _check_4d(op, x, data_format)
    seg_num = check.integer(op, seg_num, "seg_num")
    if seg_num < 1:
        raise ValueError(f"[{op}] argument 'seg_num': expected an int >= 1, but got {seg_num}")
    shift_ratio = check.number(op, shift_ratio, "shift_ratio")
    if not 0 < shift_ratio < 0.5:
        raise ValueError(f"[{op}] argument 'shift_ratio': expected a number in (0, 0.5), but got {shift_ratio}")
    if x.shape[0] % seg_num:
        raise ValueError(f"[{op}] dim 0 of x ({x.shape[0]}) is not divisible by seg_num={seg_num}")
    channel_last = data_format == "NHWC"
    frames = paddle.moveaxis(x, 3, 1) if channel_last else x
    n_t, c, h, w = frames.shape
    frames = frames.reshape([n_t // seg_num, seg_num, c, h, w])
    back, forward = int(c * shift_ratio), int(c * 2 * shift_ratio)
    zero = paddle.zeros([n_t // seg_num, 1, c, h, w], x.dtype)
    previous = paddle.concat([zero, frames[:, :-1]], axis=1)  # frame t - 1 at t
    following = paddle.concat([frames[:, 1:], zero], axis=1)  # frame t + 1 at t
    out = paddle.concat([previous[:, :, :back], following[:, :, back:forward], frames[:, :, forward:]], axis=2)
    out = out.reshape([n_t, c, h, w])
    return paddle.moveaxis(out, 1, 3) if channel_last else out
