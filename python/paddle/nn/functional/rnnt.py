"""rnnt_loss: the RNN-Transducer loss (Graves, 2012) with FastEmit regularization."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor

# log(0) as in Note [CTC log zero] (paddle/nn/functional/loss.py): finite, so
# logsumexp's gradient never meets (-inf) - (-inf).
_LOG_ZERO = -1e30


def _lengths(op, t, arg, batch, high, low):
    check.tensor(op, t, arg)
    if t.dtype not in (paddle.int32, paddle.int64) or list(t.shape) != [batch]:
        raise ValueError(f"[{op}] argument '{arg}': expected an int32/int64 tensor of shape [{batch}], but got "
                         f"{check.got(t)}")
    values = t.numpy().astype("int64")
    if batch and (values.min() < low or values.max() > high):
        raise ValueError(f"[{op}] argument '{arg}': expected values in [{low}, {high}], but got {values.tolist()}")
    return values


def rnnt_loss(input, label, input_lengths, label_lengths, blank=0, fastemit_lambda=0.001,  # noqa: A002
              reduction="mean", name=None) -> Tensor:
    """The RNN-T loss: -log of the total probability of all alignments of each label
    sequence to its input frames, a step either emitting the next label at (t, u)
    (moving to u + 1) or a blank (moving to t + 1), ending with a blank at the last frame.

    As Paddle's CPU kernel, `input` holds log-probabilities (no log_softmax is applied).
    FastEmit (Yu et al., 2021) scales the gradient of every label emission by
    1 + fastemit_lambda; the loss value is the plain RNN-T loss.

    Args:
        input (Tensor): [B, max_T, max_U + 1, V] log-probabilities, float32 or float64.
        label (Tensor): [B, max_U] int labels, padded.
        input_lengths (Tensor): [B] int frames per sequence, in [1, max_T].
        label_lengths (Tensor): [B] int labels per sequence, in [0, max_U].
        blank (int, optional): the blank class in [0, V). Default 0.
        fastemit_lambda (float, optional): Default 0.001.
        reduction (str, optional): 'mean' (sum / B), 'sum' or 'none' ([B]). Default 'mean'.

    Examples:
        >>> import paddle
        >>> logp = paddle.full([1, 2, 2, 2], -0.6931471805599453, dtype="float64")    # p = 1/2 everywhere
        >>> loss = paddle.nn.functional.rnnt_loss(logp, paddle.to_tensor([[1]], dtype="int32"),
        ...                                       paddle.to_tensor([2], dtype="int32"),
        ...                                       paddle.to_tensor([1], dtype="int32"), reduction="none")
        >>> round(float(loss[0]), 4)            # 2 alignments of probability 1/8 each: -log(1/4)
        1.3863
    """
    op = "rnnt_loss"
    check.tensor(op, input, "input")
    check.tensor(op, label, "label")
    if input.dtype not in (paddle.float32, paddle.float64):
        raise TypeError(f"[{op}] argument 'input': expected a float32 or float64 Tensor, but got {check.got(input)}")
    if len(input.shape) != 4:
        raise ValueError(f"[{op}] argument 'input': expected a 4-D tensor [B, max_T, max_U + 1, V], but got shape "
                         f"{list(input.shape)}")
    batch, steps, positions, classes = input.shape
    if label.dtype not in (paddle.int32, paddle.int64):
        raise TypeError(f"[{op}] argument 'label': expected an int32 or int64 Tensor, but got {check.got(label)}")
    if list(label.shape) != [batch, positions - 1]:
        raise ValueError(f"[{op}] argument 'label': expected the shape [{batch}, {positions - 1}] (input's dim 2 "
                         f"is max_U + 1), but got {list(label.shape)}")
    blank = check.integer(op, blank, "blank")
    if not 0 <= blank < classes:
        raise ValueError(f"[{op}] argument 'blank': expected an int in [0, {classes}), but got {blank}")
    fastemit_lambda = check.number(op, fastemit_lambda, "fastemit_lambda")
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"[{op}] argument 'reduction': expected one of ('mean', 'sum', 'none'), but got "
                         f"{reduction!r}")
    frames = _lengths(op, input_lengths, "input_lengths", batch, steps, 1)
    lengths = _lengths(op, label_lengths, "label_lengths", batch, positions - 1, 0)
    labels = label.numpy().astype("int64")
    used = np.arange(positions - 1)[None, :] < lengths[:, None]
    if used.any() and (labels[used].min() < 0 or labels[used].max() >= classes):
        raise ValueError(f"[{op}] argument 'label': expected values in [0, {classes}), but got values in "
                         f"[{labels[used].min()}, {labels[used].max()}]")
    # blank[b, t, u]: log p(blank) at (t, u); emit[b, t, u]: log p(label u + 1) at (t, u).
    blank_lp = input[:, :, :, blank]
    next_label = np.where(used, labels, 0)[:, None, :, None]
    emit = paddle.take_along_axis(input[:, :, :-1, :], paddle.to_tensor(np.broadcast_to(
        next_label, [batch, steps, positions - 1, 1]).copy()), axis=3).squeeze(3)
    if fastemit_lambda:
        emit = emit * (1.0 + fastemit_lambda) - (emit * fastemit_lambda).detach()
    dtype = input.dtype
    emit = paddle.concat([emit, paddle.full([batch, steps, 1], _LOG_ZERO, dtype)], axis=2)
    # The forward variables by anti-diagonals n = t + u: cell t of diagonal n is (t, n - t).
    diagonals = steps + positions - 1
    t_index = np.arange(steps)[:, None]
    u_of = np.arange(diagonals)[None, :] - t_index  # [T, N]: u of cell t on diagonal n
    inside = (u_of >= 0) & (u_of < positions)
    gather_u = paddle.to_tensor(np.broadcast_to(np.clip(u_of, 0, positions - 1), [batch, steps, diagonals]).copy())

    def by_diagonal(grid):  # [B, T, U + 1] -> [B, N, T]
        cells = paddle.take_along_axis(grid, gather_u, axis=2)
        return paddle.where(paddle.to_tensor(inside), cells, paddle.full([], _LOG_ZERO, dtype)).transpose([0, 2, 1])

    blank_d, emit_d = by_diagonal(blank_lp), by_diagonal(emit)
    inside_d = paddle.to_tensor(inside.T)
    zero_col = paddle.full([batch, 1], _LOG_ZERO, dtype)
    alpha = paddle.where(paddle.to_tensor(np.arange(steps) == 0), paddle.zeros([batch, steps], dtype),
                         paddle.full([], _LOG_ZERO, dtype))
    alphas = [alpha]
    for n in range(1, diagonals):
        from_blank = paddle.concat([zero_col, (alpha + blank_d[:, n - 1])[:, :-1]], axis=1)  # from (t - 1, u)
        from_emit = alpha + emit_d[:, n - 1]  # from (t, u - 1)
        alpha = paddle.logsumexp(paddle.stack([from_blank, from_emit]), axis=0)
        alpha = paddle.where(inside_d[n], alpha, paddle.full([], _LOG_ZERO, dtype))
        alphas.append(alpha)
    # Each sequence ends with the blank at (T_b - 1, U_b), on diagonal T_b - 1 + U_b.
    last_t = frames - 1
    finals = paddle.stack(alphas, axis=1) + blank_d  # [B, N, T]
    end = paddle.to_tensor(np.stack([last_t + lengths, last_t], axis=1))
    loss = -paddle.gather_nd(finals, paddle.concat([paddle.arange(batch).unsqueeze(1), end], axis=1))
    if reduction == "mean":
        return paddle.sum(loss) / batch
    return paddle.sum(loss) if reduction == "sum" else loss
