"""AdamW: Adam with decoupled weight decay."""

from __future__ import annotations

from paddle import _checks as check
from paddle.optimizer._validate import non_negative
from paddle.optimizer.adam import Adam


class AdamW(Adam):
    r"""Adam with decoupled weight decay (Loshchilov and Hutter): before the Adam update,
    :math:`param = param \cdot (1 - learning\_rate \cdot lr\_ratio(param) \cdot weight\_decay)`.

    Args:
        learning_rate (float|LRScheduler, optional): the learning rate. Default 0.001.
        beta1 (float, optional): decay of the first moment. Default 0.9.
        beta2 (float, optional): decay of the second moment. Default 0.999.
        epsilon (float, optional): added to the denominator. Default 1e-08.
        parameters (list, optional): the parameters, or parameter groups (see ``Optimizer``).
        weight_decay (float, optional): the decoupled decay coefficient. Default 0.01.
        use_lowprecision_moment (bool, optional): keep the moments of float16/bfloat16 parameters in their
            dtype even with float32 master weights (multi_precision). Moments always take the dtype of the
            weights updated, so this changes nothing without master weights; with them it is not supported
            (the update kernel takes one dtype) and raises NotImplementedError at the step. Default False.
        lr_ratio (callable, optional): ``lr_ratio(param)`` scales the learning rate of each parameter.
            Default None.
        apply_decay_param_fun (callable, optional): ``apply_decay_param_fun(param.name)`` says whether a
            parameter decays; all do when None. Default None.
        grad_clip (ClipGradBase, optional): gradient clipping. Default None.
        lazy_mode (bool, optional): unused; kept for Paddle's signature.
        multi_precision (bool, optional): float32 master weights for half parameters. Default False.
        amsgrad (bool, optional): use the maximum of the second moments. Default False.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> linear = paddle.nn.Linear(4, 2)
        >>> opt = paddle.optimizer.AdamW(learning_rate=0.01, parameters=linear.parameters(), weight_decay=0.01,
        ...                              apply_decay_param_fun=lambda name: "b_" not in name)
        >>> linear(paddle.ones([3, 4])).sum().backward()
        >>> opt.step()
    """

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, parameters=None,
                 weight_decay=0.01, use_lowprecision_moment=False, lr_ratio=None, apply_decay_param_fun=None,
                 grad_clip=None, lazy_mode=False, multi_precision=False, amsgrad=False, name=None):
        self._use_lowprecision_moment = check.flag("AdamW", use_lowprecision_moment, "use_lowprecision_moment")
        self._coeff = non_negative("AdamW", check.number("AdamW", weight_decay, "weight_decay"), "weight_decay")
        for arg, fn in (("lr_ratio", lr_ratio), ("apply_decay_param_fun", apply_decay_param_fun)):
            if fn is not None and not callable(fn):
                raise TypeError(f"[AdamW] argument '{arg}': expected a callable, but got {check.got(fn)}")
        self._lr_ratio = lr_ratio
        self._apply_decay_param_fun = apply_decay_param_fun
        super().__init__(learning_rate, beta1, beta2, epsilon, parameters, None, grad_clip, lazy_mode,
                         multi_precision, False, amsgrad, name)

    def _add_param_group(self, group: dict) -> None:
        # A group's weight_decay is AdamW's decoupled coefficient, not an L2 penalty.
        coeff = group.pop("weight_decay", self._coeff)
        super()._add_param_group(group)
        group["decoupled_decay"] = non_negative("AdamW", coeff, "weight_decay")

    def _apply(self, param, target, grad, lr, penalty, group):
        if self._use_lowprecision_moment and target.dtype != param.dtype:
            raise NotImplementedError(f"[AdamW] use_lowprecision_moment=True with float32 master weights: the "
                                      f"moments of {param.dtype.name} parameter {param.name!r} would need a "
                                      f"mixed-dtype update kernel, which this build does not have")
        if self._lr_ratio is not None:
            lr *= float(self._lr_ratio(param))
        decays = self._apply_decay_param_fun is None or self._apply_decay_param_fun(param.name)
        self._adam(param, target, grad, lr, ("", 0.0), group, group["decoupled_decay"] if decays else 0.0)
