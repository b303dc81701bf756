"""ParamAttr: how a layer creates one of its parameters."""

from __future__ import annotations

from paddle import _checks as check
from paddle.base import unique_name


class ParamAttr:
    """The attributes of a parameter a layer creates (``weight_attr``/``bias_attr`` of layers).

    Args:
        name (str, optional): the parameter's name; unique (``linear_0.w_0``) when None.
        initializer (Initializer, optional): how its values start; the layer's default when None.
        learning_rate (float, optional): the scale of the optimizer's learning rate for it. Default 1.0.
        regularizer (optional): its weight decay (e.g. ``paddle.regularizer.L2Decay``); overrides the optimizer's.
        trainable (bool, optional): whether it is trained. Default True.
        do_model_average (bool, optional): whether model averaging includes it. Default True.
        need_clip (bool, optional): whether gradient clipping applies to it. Default True.

    A layer's ``weight_attr``/``bias_attr`` may also be a str (the name), an
    Initializer, or False (no such parameter, e.g. no bias).

    Examples:
        >>> import paddle
        >>> attr = paddle.ParamAttr(name="fc_w", learning_rate=0.5,
        ...                         initializer=paddle.nn.initializer.Constant(2.0))
        >>> fc = paddle.nn.Linear(2, 3, weight_attr=attr)
        >>> fc.weight.name, fc.weight.optimize_attr, float(fc.weight.mean())
        ('fc_w', {'learning_rate': 0.5}, 2.0)
    """

    def __init__(self, name=None, initializer=None, learning_rate=1.0, regularizer=None, trainable=True,
                 do_model_average=True, need_clip=True):
        from paddle.nn.initializer import Initializer

        if name is not None and not isinstance(name, str):
            raise TypeError(f"[ParamAttr] argument 'name': expected a str, but got {check.got(name)}")
        if initializer is not None and not isinstance(initializer, Initializer):
            raise TypeError(f"[ParamAttr] argument 'initializer': expected an Initializer, but got "
                            f"{check.got(initializer)}")
        check.number("ParamAttr", learning_rate, "learning_rate")
        self.name = name
        self.initializer = initializer
        self.learning_rate = learning_rate
        self.regularizer = regularizer
        self.trainable = check.flag("ParamAttr", trainable, "trainable")
        self.do_model_average = check.flag("ParamAttr", do_model_average, "do_model_average")
        self.need_clip = check.flag("ParamAttr", need_clip, "need_clip")

    @staticmethod
    def _to_attr(arg, op: str = "ParamAttr", arg_name: str = "attr"):
        """A ParamAttr from what layers accept: None, a ParamAttr, a name, an Initializer, or a bool
        (False means no parameter and is returned as False)."""
        from paddle.nn.initializer import Initializer

        if arg is None or arg is True:
            return ParamAttr()
        if arg is False:
            return False
        if isinstance(arg, ParamAttr):
            return arg
        if isinstance(arg, str):
            return ParamAttr(name=arg)
        if isinstance(arg, Initializer):
            return ParamAttr(initializer=arg)
        if type(arg).__name__.endswith("Decay"):  # a regularizer (L1Decay, L2Decay)
            return ParamAttr(regularizer=arg)
        raise TypeError(f"[{op}] argument '{arg_name}': expected a ParamAttr, str, Initializer, bool or None, "
                        f"but got {check.got(arg)}")

    def _create(self, shape, dtype, is_bias, default_initializer, op, prefix=None):
        """The parameter these attributes describe (see Layer.create_parameter for the initializer order)."""
        from paddle.base.framework import EagerParamBase
        from paddle.nn import initializer as init

        shape = check.int_list(op, shape, "shape")
        if any(d <= 0 for d in shape):
            raise ValueError(f"[{op}] argument 'shape': expected positive dims, but got {shape}")
        if default_initializer is not None and not isinstance(default_initializer, init.Initializer):
            raise TypeError(f"[{op}] argument 'default_initializer': expected an Initializer, but got "
                            f"{check.got(default_initializer)}")
        chosen = self.initializer or init._global_initializer(is_bias) or default_initializer
        if chosen is None:
            chosen = init.Constant(0.0) if is_bias else init.XavierUniform()
        if self.name is not None:
            name = self.name
        else:
            prefix = prefix if prefix is not None else unique_name.generate(op)
            name = unique_name.generate(f"{prefix}.{'b' if is_bias else 'w'}")
        import paddle

        if not paddle.in_dynamic_mode():  # a parameter of the program being built
            return paddle.static.create_parameter(shape, dtype, name=name, is_bias=is_bias,
                                                  default_initializer=chosen)
        return EagerParamBase._from_tensor(
            chosen._generate(shape, dtype), name=name, trainable=self.trainable,
            optimize_attr={"learning_rate": self.learning_rate}, regularizer=self.regularizer,
            do_model_average=self.do_model_average, need_clip=self.need_clip)

    def __repr__(self) -> str:
        return (f"ParamAttr(name={self.name!r}, initializer={self.initializer!r}, "
                f"learning_rate={self.learning_rate}, regularizer={self.regularizer!r}, "
                f"trainable={self.trainable}, do_model_average={self.do_model_average}, "
                f"need_clip={self.need_clip})")
