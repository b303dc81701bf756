"""More loss layers, each calling its ``paddle.nn.functional`` counterpart with the
constructor's settings. As Paddle's, their repr shows no settings."""

from __future__ import annotations

from paddle import _checks as check
from paddle._C import Tensor
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer

_REDUCTIONS = ("mean", "sum", "none")


def _reduction(op, reduction):
    return check.choice(op, reduction, _REDUCTIONS, "reduction")


def _optional_tensor(op, value, arg):
    if value is not None and not isinstance(value, Tensor):
        raise TypeError(f"[{op}] argument '{arg}': expected a Tensor or None, but got {check.got(value)}")
    return value


class GaussianNLLLoss(Layer):
    """The Gaussian negative log likelihood (``paddle.nn.functional.gaussian_nll_loss``);
    call as ``loss(input, label, variance)``.

    Args:
        full (bool, optional): add 0.5 * log(2 pi). Default False.
        epsilon (float, optional): the variances' lower clamp. Default 1e-6.
        reduction (str, optional): 'mean', 'sum' or 'none'. Default 'mean'.

    Examples:
        >>> import paddle
        >>> loss = paddle.nn.GaussianNLLLoss(reduction="sum")
        >>> round(float(loss(paddle.zeros([2]), paddle.ones([2]), paddle.ones([2]))), 4)
        1.0
    """

    def __init__(self, full=False, epsilon=1e-6, reduction="mean", name=None):
        super().__init__()
        op = "GaussianNLLLoss"
        self.full = check.flag(op, full, "full")
        self.epsilon = check.number(op, epsilon, "epsilon")
        self.reduction = _reduction(op, reduction)
        self.name = name

    def forward(self, input, label, variance):  # noqa: A002
        return F.gaussian_nll_loss(input, label, variance, self.full, self.epsilon, self.reduction)


class PoissonNLLLoss(Layer):
    """The Poisson negative log likelihood (``paddle.nn.functional.poisson_nll_loss``).

    Args:
        log_input (bool, optional): input is the log of the rate. Default True.
        full (bool, optional): add Stirling's approximation of log(label!). Default False.
        epsilon (float, optional): added to the rate before its log when not log_input. Default 1e-8.
        reduction (str, optional): 'mean', 'sum' or 'none'. Default 'mean'.
    """

    def __init__(self, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):
        super().__init__()
        op = "PoissonNLLLoss"
        self.log_input = check.flag(op, log_input, "log_input")
        self.full = check.flag(op, full, "full")
        self.epsilon = check.number(op, epsilon, "epsilon")
        if not self.epsilon > 0:
            raise ValueError(f"[{op}] argument 'epsilon': expected a number > 0, but got {epsilon}")
        self.reduction = _reduction(op, reduction)
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.poisson_nll_loss(input, label, self.log_input, self.full, self.epsilon, self.reduction)


class SoftMarginLoss(Layer):
    """log(1 + exp(-label * input)) (``paddle.nn.functional.soft_margin_loss``).

    Examples:
        >>> import paddle
        >>> round(float(paddle.nn.SoftMarginLoss()(paddle.zeros([3]), paddle.ones([3]))), 4)
        0.6931
    """

    def __init__(self, reduction="mean", name=None):
        super().__init__()
        self.reduction = _reduction("SoftMarginLoss", reduction)
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.soft_margin_loss(input, label, self.reduction)


class MultiLabelMarginLoss(Layer):
    """The multi-label hinge loss (``paddle.nn.functional.multi_label_margin_loss``)."""

    def __init__(self, reduction="mean", name=None):
        super().__init__()
        self.reduction = _reduction("MultiLabelMarginLoss", reduction)
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.multi_label_margin_loss(input, label, self.reduction)


class MultiLabelSoftMarginLoss(Layer):
    """The mean over classes of the binary cross entropy of sigmoid(input)
    (``paddle.nn.functional.multi_label_soft_margin_loss``).

    Args:
        weight (Tensor, optional): a weight per class (broadcast against input).
        reduction (str, optional): 'mean', 'sum' or 'none'. Default 'mean'.
    """

    def __init__(self, weight=None, reduction="mean", name=None):
        super().__init__()
        op = "MultiLabelSoftMarginLoss"
        self.weight = _optional_tensor(op, weight, "weight")
        self.reduction = _reduction(op, reduction)
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.multi_label_soft_margin_loss(input, label, self.weight, self.reduction)


class MultiMarginLoss(Layer):
    """The multi-class hinge loss (``paddle.nn.functional.multi_margin_loss``).

    Args:
        p (int, optional): the hinge's power. Default 1.
        margin (float, optional): Default 1.0.
        weight (Tensor, optional): [C], a weight per target class.
        reduction (str, optional): 'mean', 'sum' or 'none'. Default 'mean'.
    """

    def __init__(self, p=1, margin=1.0, weight=None, reduction="mean", name=None):
        super().__init__()
        op = "MultiMarginLoss"
        self.p = check.number(op, p, "p")
        self.margin = check.number(op, margin, "margin")
        self.weight = _optional_tensor(op, weight, "weight")
        self.reduction = _reduction(op, reduction)
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.multi_margin_loss(input, label, self.p, self.margin, self.weight, self.reduction)


class TripletMarginWithDistanceLoss(Layer):
    """max(0, d(input, positive) - d(input, negative) + margin) for a distance function d
    (``paddle.nn.functional.triplet_margin_with_distance_loss``); a Layer given as the
    distance is registered as the sublayer ``distance_function``.

    Examples:
        >>> import paddle
        >>> paddle.nn.TripletMarginWithDistanceLoss(paddle.nn.PairwiseDistance(), margin=0.5)
        TripletMarginWithDistanceLoss(
          (distance_function): PairwiseDistance(p=2.0)
        )
    """

    def __init__(self, distance_function=None, margin=1.0, swap=False, reduction="mean", name=None):
        super().__init__()
        op = "TripletMarginWithDistanceLoss"
        if distance_function is not None and not callable(distance_function):
            raise TypeError(f"[{op}] argument 'distance_function': expected a callable or None, but got "
                            f"{check.got(distance_function)}")
        self.distance_function = distance_function
        self.margin = check.number(op, margin, "margin")
        if self.margin < 0:
            raise ValueError(f"[{op}] argument 'margin': expected a number >= 0, but got {margin}")
        self.swap = check.flag(op, swap, "swap")
        self.reduction = _reduction(op, reduction)
        self.name = name

    def forward(self, input, positive, negative):  # noqa: A002
        return F.triplet_margin_with_distance_loss(input, positive, negative, self.distance_function, self.margin,
                                                   self.swap, self.reduction)


class RNNTLoss(Layer):
    """The RNN-Transducer loss (``paddle.nn.functional.rnnt_loss``); call as
    ``loss(input, label, input_lengths, label_lengths)``.

    Args:
        blank (int, optional): the blank class. Default 0.
        fastemit_lambda (float, optional): the FastEmit gradient scale. Default 0.001.
        reduction (str, optional): 'mean' (sum / batch), 'sum' or 'none'. Default 'mean'.
    """

    def __init__(self, blank=0, fastemit_lambda=0.001, reduction="mean", name=None):
        super().__init__()
        op = "RNNTLoss"
        self.blank = check.integer(op, blank, "blank", min=0)
        self.fastemit_lambda = check.number(op, fastemit_lambda, "fastemit_lambda")
        self.reduction = _reduction(op, reduction)
        self.name = name

    def forward(self, input, label, input_lengths, label_lengths):  # noqa: A002
        return F.rnnt_loss(input, label, input_lengths, label_lengths, self.blank, self.fastemit_lambda,
                           self.reduction)


class HSigmoidLoss(Layer):
    """The hierarchical sigmoid loss (``paddle.nn.functional.hsigmoid_loss``) with its node
    weights [num_classes - 1, feature_size] and biases [num_classes - 1, 1] (num_classes rows
    each when is_custom: a custom tree's nodes). Call as
    ``loss(input, label, path_table=None, path_code=None)``.

    Args:
        feature_size (int): the input's features.
        num_classes (int): the classes, >= 2.
        weight_attr (ParamAttr, optional): the weight's attributes (XavierUniform by default).
        bias_attr (ParamAttr|bool, optional): the bias's attributes (zeros); False for none.
        is_custom (bool, optional): the tree comes from path_table/path_code. Default False.
        is_sparse (bool, optional): accepted for Paddle compatibility.

    Examples:
        >>> import paddle
        >>> loss = paddle.nn.HSigmoidLoss(feature_size=3, num_classes=5)
        >>> loss.weight.shape, loss.bias.shape
        (paddle.Size([4, 3]), paddle.Size([4, 1]))
        >>> loss(paddle.ones([2, 3]), paddle.to_tensor([0, 4])).shape
        paddle.Size([2, 1])
    """

    def __init__(self, feature_size, num_classes, weight_attr=None, bias_attr=None, is_custom=False,
                 is_sparse=False, name=None):
        super().__init__()
        op = "HSigmoidLoss"
        self._feature_size = check.integer(op, feature_size, "feature_size", min=1)
        self._num_classes = check.integer(op, num_classes, "num_classes", min=2)
        self._is_custom = check.flag(op, is_custom, "is_custom")
        self._is_sparse = check.flag(op, is_sparse, "is_sparse")
        rows = self._num_classes if self._is_custom else self._num_classes - 1
        self.weight = self.create_parameter([rows, self._feature_size], attr=weight_attr)
        self.bias = self.create_parameter([rows, 1], attr=bias_attr, is_bias=True)
        self.name = name

    def forward(self, input, label, path_table=None, path_code=None):  # noqa: A002
        return F.hsigmoid_loss(input, label, self._num_classes, self.weight, self.bias, path_table, path_code,
                               self._is_sparse)
