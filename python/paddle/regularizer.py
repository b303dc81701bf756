"""Weight decay: penalties whose gradients the optimizers add to a parameter's gradient.

An optimizer's ``weight_decay`` (a float means ``L2Decay(float)``) applies to every parameter
whose ``ParamAttr`` sets no ``regularizer`` of its own. The penalty is folded into the optimizer's
fused update kernel rather than run as separate ops.
"""

from __future__ import annotations

from paddle import _checks as check


class WeightDecayRegularizer:
    """The base of the regularizers: a coefficient and the kernel's name for the penalty."""

    _kind = ""

    def __init__(self, coeff: float = 0.0):
        name = type(self).__name__
        self._coeff = float(check.number(name, coeff, "coeff"))
        if self._coeff < 0:
            raise ValueError(f"[{name}] argument 'coeff': expected a number >= 0, but got {coeff}")

    @property
    def coeff(self) -> float:
        return self._coeff

    def __repr__(self) -> str:
        return f"{type(self).__name__}(coeff={self._coeff})"


class L1Decay(WeightDecayRegularizer):
    """L1 weight decay: the loss gains ``coeff * sum(|param|)``, the gradient ``coeff * sign(param)``.

    Args:
        coeff (float, optional): the coefficient. Default 0.0.

    Examples:
        >>> import paddle
        >>> linear = paddle.nn.Linear(2, 2)
        >>> opt = paddle.optimizer.SGD(parameters=linear.parameters(), weight_decay=paddle.regularizer.L1Decay(1e-4))
    """

    _kind = "l1_decay"


class L2Decay(WeightDecayRegularizer):
    """L2 weight decay: the loss gains ``0.5 * coeff * sum(param ** 2)``, the gradient ``coeff * param``.

    Args:
        coeff (float, optional): the coefficient. Default 0.0.

    Examples:
        >>> import paddle
        >>> linear = paddle.nn.Linear(2, 2)
        >>> opt = paddle.optimizer.SGD(parameters=linear.parameters(), weight_decay=paddle.regularizer.L2Decay(1e-4))
    """

    _kind = "l2_decay"


def as_regularizer(op: str, weight_decay) -> WeightDecayRegularizer | None:
    """An optimizer's `weight_decay` argument as a regularizer (a float is an L2 coefficient)."""
    if weight_decay is None or isinstance(weight_decay, WeightDecayRegularizer):
        return weight_decay
    return L2Decay(check.number(op, weight_decay, "weight_decay"))
