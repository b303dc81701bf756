"""adaptive_log_softmax_with_loss: the adaptive softmax of Grave et al. (2017), a
head over the frequent classes and the clusters plus one small projection per cluster."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor


def _check_cutoffs(op, cutoffs):
    cutoffs = check.int_list(op, cutoffs, "cutoffs")
    if not cutoffs or cutoffs[0] < 1 or any(b <= a for a, b in zip(cutoffs, cutoffs[1:])):
        raise ValueError(f"[{op}] argument 'cutoffs': expected increasing positive ints ending with n_classes, but "
                         f"got {cutoffs}")
    return cutoffs


def adaptive_log_softmax_with_loss(input, label, head_weight, tail_weights, cutoffs, head_bias=None,  # noqa: A002
                                   name=None) -> tuple[Tensor, Tensor]:
    """The log-probability of each label under the adaptive softmax, and the loss -mean of them.

    Classes [0, cutoffs[0]) are scored by the head, input @ head_weight (+ head_bias), whose
    last len(cutoffs) - 1 outputs score the clusters [cutoffs[i], cutoffs[i + 1]); a class in
    cluster i has log p = log p_head(cluster i) + log_softmax(input @ proj_i @ out_i)[class - cutoffs[i]].

    Args:
        input (Tensor): [N, in_features] (or [in_features]).
        label (Tensor): [N] (or []) int classes in [0, cutoffs[-1]).
        head_weight (Tensor): [in_features, cutoffs[0] + len(cutoffs) - 1].
        tail_weights (list[list[Tensor]]): per cluster, [proj [in_features, h_i], out [h_i, size_i]].
        cutoffs (list[int]): the cluster bounds, ending with the number of classes.
        head_bias (Tensor, optional): [cutoffs[0] + len(cutoffs) - 1].

    Returns:
        tuple: (output [N] log-probabilities of the labels, loss 0-D).

    Examples:
        >>> import paddle
        >>> x = paddle.ones([1, 2])
        >>> head = paddle.zeros([2, 3])                      # 2 head classes + 1 cluster, all equally likely
        >>> tail = [[paddle.ones([2, 1]), paddle.zeros([1, 2])]]
        >>> out, loss = paddle.nn.functional.adaptive_log_softmax_with_loss(x, paddle.to_tensor([3]), head, tail,
        ...                                                                  [2, 4])
        >>> round(float(loss), 4)                            # -log(1/3 * 1/2)
        1.7918
    """
    op = "adaptive_log_softmax_with_loss"
    check.tensor(op, input, "input")
    check.tensor(op, label, "label")
    check.tensor(op, head_weight, "head_weight")
    cutoffs = _check_cutoffs(op, cutoffs)
    if not isinstance(tail_weights, (list, tuple)):
        raise TypeError(f"[{op}] argument 'tail_weights': expected a list of [proj, out] Tensor pairs, but got "
                        f"{check.got(tail_weights)}")
    for i, pair in enumerate(tail_weights):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise TypeError(f"[{op}] argument 'tail_weights[{i}]': expected a [proj, out] pair of Tensors, but got "
                            f"{check.got(pair) if not isinstance(pair, (list, tuple)) else f'{len(pair)} items'}")
        check.tensor(op, pair[0], f"tail_weights[{i}][0]")
        check.tensor(op, pair[1], f"tail_weights[{i}][1]")
    if len(tail_weights) != len(cutoffs) - 1:
        raise ValueError(f"[{op}] argument 'tail_weights': expected {len(cutoffs) - 1} clusters (one per cutoff "
                         f"after the first), but got {len(tail_weights)}")
    single = len(input.shape) == 1
    if single:
        input, label = input.unsqueeze(0), label.reshape([1])
    if len(input.shape) != 2 or list(label.shape) != [input.shape[0]]:
        raise ValueError(f"[{op}] arguments 'input' and 'label': expected shapes [N, in_features] and [N], but got "
                         f"{list(input.shape)} and {list(label.shape)}")
    if label.dtype not in (paddle.int32, paddle.int64):
        raise TypeError(f"[{op}] argument 'label': expected an int32 or int64 Tensor, but got {check.got(label)}")
    label = label.astype("int64")
    if label.size and (int(label.min()) < 0 or int(label.max()) >= cutoffs[-1]):
        raise ValueError(f"[{op}] argument 'label': expected classes in [0, {cutoffs[-1]}), but got values in "
                         f"[{int(label.min())}, {int(label.max())}]")
    head = paddle.matmul(input, head_weight)
    if head_bias is not None:
        head = head + head_bias
    head_log_probs = paddle.nn.functional.log_softmax(head, axis=-1)
    shortlist = cutoffs[0]
    # In the head, a class of cluster i is scored as the cluster's entry.
    cluster = paddle.zeros_like(label)
    for bound in cutoffs[:-1]:
        cluster = cluster + (label >= bound).astype("int64")
    head_index = paddle.where(cluster == 0, label, shortlist + cluster - 1)
    output = paddle.take_along_axis(head_log_probs, head_index.unsqueeze(1), axis=1).squeeze(1)
    for i, (proj, out) in enumerate(tail_weights):
        low, high = cutoffs[i], cutoffs[i + 1]
        in_cluster = cluster == i + 1
        local = paddle.clip(label - low, 0, high - low - 1)
        cluster_log_probs = paddle.nn.functional.log_softmax(paddle.matmul(paddle.matmul(input, proj), out), axis=-1)
        picked = paddle.take_along_axis(cluster_log_probs, local.unsqueeze(1), axis=1).squeeze(1)
        output = output + paddle.where(in_cluster, picked, paddle.zeros_like(picked))
    loss = -paddle.mean(output)
    return (output.squeeze(0), loss) if single else (output, loss)
