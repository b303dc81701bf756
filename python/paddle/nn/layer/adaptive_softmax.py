"""AdaptiveLogSoftmaxWithLoss: the adaptive softmax as a layer."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle.nn.functional.adaptive_softmax import _check_cutoffs, adaptive_log_softmax_with_loss
from paddle.nn.layer.layers import Layer


class AdaptiveLogSoftmaxWithLoss(Layer):
    """The adaptive softmax (``paddle.nn.functional.adaptive_log_softmax_with_loss``): a head
    ``head_weight`` [in_features, cutoffs[0] + n_clusters] over the first cutoffs[0] classes
    and the clusters, and per cluster i a projection [in_features, in_features // div_value^(i+1)]
    and an output layer to the cluster's classes (``tail_weights``).

    Call as ``layer(input, label)`` -> (output, loss); ``log_prob(input)`` gives every
    class's log-probability [N, n_classes], ``predict(input)`` the most likely class
    (as float32, as Paddle's).

    Args:
        in_features (int): the input's features.
        n_classes (int): the number of classes.
        cutoffs (list[int]): increasing cluster bounds in [1, n_classes).
        weight_attr (ParamAttr, optional): the weights' attributes.
        bias_attr (ParamAttr, optional): the head bias's attributes.
        div_value (float, optional): the projections shrink by this per cluster. Default 4.0.
        head_bias (bool, optional): give the head a bias. Default False.

    Examples:
        >>> import paddle
        >>> asm = paddle.nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs=[4, 8], div_value=2.0)
        >>> out, loss = asm(paddle.rand([5, 8]), paddle.to_tensor([0, 3, 5, 9, 7]))
        >>> out.shape, loss.shape, asm.log_prob(paddle.rand([5, 8])).shape
        (paddle.Size([5]), paddle.Size([]), paddle.Size([5, 10]))
    """

    def __init__(self, in_features, n_classes, cutoffs, weight_attr=None, bias_attr=None, div_value=4.0,
                 head_bias=False, name=None):
        super().__init__()
        op = "AdaptiveLogSoftmaxWithLoss"
        self.in_features = check.integer(op, in_features, "in_features", min=1)
        self.n_classes = check.integer(op, n_classes, "n_classes", min=2)
        cutoffs = check.int_list(op, cutoffs, "cutoffs")
        if not cutoffs or cutoffs[-1] >= self.n_classes:
            raise ValueError(f"[{op}] argument 'cutoffs': expected increasing ints in [1, {self.n_classes}), but got "
                             f"{cutoffs}")
        self.cutoffs = _check_cutoffs(op, cutoffs + [self.n_classes])
        self.div_value = check.number(op, div_value, "div_value")
        self.is_head_bias = check.flag(op, head_bias, "head_bias")
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        self.head_weight = self.create_parameter([self.in_features, self.head_size], attr=weight_attr)
        self.head_bias = self.create_parameter([self.head_size], attr=bias_attr, is_bias=True) if head_bias else None
        self.tail_weights = []
        for i in range(self.n_clusters):
            hidden = int(self.in_features // (self.div_value ** (i + 1)))
            if hidden < 1:
                raise ValueError(f"[{op}] cluster {i}'s projection has in_features // div_value^{i + 1} = {hidden} "
                                 f"features: expected at least 1 (a smaller div_value or fewer cutoffs)")
            size = self.cutoffs[i + 1] - self.cutoffs[i]
            proj = self.create_parameter([self.in_features, hidden], attr=weight_attr)
            out = self.create_parameter([hidden, size], attr=weight_attr)
            # Registered (Paddle keeps them in a plain list only): parameters() and
            # state_dict() include them, so optimizers train them.
            self.add_parameter(f"tail_{i}_proj", proj)
            self.add_parameter(f"tail_{i}_out", out)
            self.tail_weights.append([proj, out])
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return adaptive_log_softmax_with_loss(input, label, self.head_weight, self.tail_weights, self.cutoffs,
                                              self.head_bias)

    def log_prob(self, input):  # noqa: A002
        """log p(class | input) for every class: [N, n_classes]."""
        check.tensor("AdaptiveLogSoftmaxWithLoss.log_prob", input, "input")
        if len(input.shape) != 2:
            raise ValueError(f"[AdaptiveLogSoftmaxWithLoss.log_prob] argument 'input': expected a 2-D tensor "
                             f"[N, {self.in_features}], but got shape {list(input.shape)}")
        head = paddle.matmul(input, self.head_weight)
        if self.head_bias is not None:
            head = head + self.head_bias
        head_log_probs = paddle.nn.functional.log_softmax(head, axis=-1)
        parts = [head_log_probs[:, :self.shortlist_size]]
        for i, (proj, out) in enumerate(self.tail_weights):
            cluster = paddle.nn.functional.log_softmax(paddle.matmul(paddle.matmul(input, proj), out), axis=-1)
            parts.append(cluster + head_log_probs[:, self.shortlist_size + i:self.shortlist_size + i + 1])
        return paddle.concat(parts, axis=1)

    def predict(self, input):  # noqa: A002
        """The most likely class of each row, as float32 (as Paddle's)."""
        return paddle.argmax(self.log_prob(input), axis=1).astype("float32")
