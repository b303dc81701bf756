"""Parameters: tensors a layer owns and an optimizer updates.

Note [Parameter class]: ``paddle._C.Tensor`` is a pybind11 class without a
Python constructor, so ``EagerParamBase`` cannot build its C++ part through
``super().__init__``. It declares ``__slots__ = ()`` (so its instance layout
is exactly Tensor's) and re-labels a freshly made Tensor object as a
parameter by assigning ``__class__``. The object stays a ``paddle.Tensor``:
every op, ``.grad``, ``stop_gradient`` and autograd work on it unchanged,
and ops return plain Tensors. Its extra attributes live in the instance
dict that Tensor's ``py::dynamic_attr`` provides.
"""

from __future__ import annotations

import copy

import numpy as np

from paddle import _C
from paddle import _checks as check
from paddle._C import Tensor
from paddle.autograd import no_grad
from paddle.base import unique_name


class EagerParamBase(Tensor):
    """A trainable tensor of a layer (``paddle.base.framework.EagerParamBase``).

    Args:
        shape (list|tuple): the shape; every dim must be positive.
        dtype (str|paddle.dtype): the dtype.
        name (str, optional): the name; a unique ``_param_base_N`` when None.
        trainable (bool, optional): whether it gets gradients (``stop_gradient = not trainable``). Default True.
        optimize_attr (dict, optional): ``{'learning_rate': float}``, the per-parameter learning-rate scale.
        regularizer (optional): weight decay for this parameter (e.g. ``paddle.regularizer.L2Decay``).
        do_model_average (bool, optional): whether model averaging includes it.
        need_clip (bool, optional): whether gradient clipping applies to it. Default True.

    The values start at zero; initializers write them (see ``paddle.nn.initializer``).

    Examples:
        >>> import paddle
        >>> from paddle.base.framework import EagerParamBase
        >>> p = EagerParamBase([2, 3], "float32", name="w")
        >>> isinstance(p, paddle.Tensor), p.trainable, p.stop_gradient, p.persistable
        (True, True, False, True)
        >>> p.optimize_attr
        {'learning_rate': 1.0}
    """

    __slots__ = ()  # Note [Parameter class]

    def __new__(cls, shape, dtype, **kwargs):
        shape = check.int_list("create_parameter", shape, "shape")
        if any(d <= 0 for d in shape):
            raise ValueError(f"[create_parameter] argument 'shape': expected positive dims, but got {shape}")
        return cls._adopt(_C._C_ops.full(shape, 0.0, dtype, None))

    def __init__(self, shape, dtype, **kwargs):
        self._set_attrs(**kwargs)

    @classmethod
    def _adopt(cls, tensor: Tensor) -> "EagerParamBase":
        """`tensor` (a fresh object nobody else holds) re-labelled as a parameter."""
        tensor.__class__ = cls
        return tensor

    @classmethod
    def _from_tensor(cls, value: Tensor, **kwargs) -> "EagerParamBase":
        """A parameter holding `value`'s data (shared, not copied), with the given attributes."""
        param = cls._adopt(value.detach())
        param._set_attrs(**kwargs)
        return param

    def _set_attrs(self, name=None, trainable=True, optimize_attr=None, regularizer=None, do_model_average=None,
                   need_clip=True, persistable=True, is_distributed=False, **unused):
        self.name = name if name is not None else unique_name.generate("_param_base")
        self.trainable = check.flag("create_parameter", trainable, "trainable")
        self.optimize_attr = {"learning_rate": 1.0} if optimize_attr is None else dict(optimize_attr)
        self.regularizer = regularizer
        self.do_model_average = do_model_average
        self.need_clip = check.flag("create_parameter", need_clip, "need_clip")
        self.persistable = persistable
        self.is_distributed = is_distributed

    @property
    def trainable(self) -> bool:
        """Whether the parameter is trained; setting it sets ``stop_gradient = not trainable``."""
        return not self.stop_gradient

    @trainable.setter
    def trainable(self, value: bool) -> None:
        self.stop_gradient = not check.flag("trainable", value, "trainable")

    def _attrs(self) -> dict:
        return dict(trainable=self.trainable, optimize_attr=dict(self.optimize_attr), regularizer=self.regularizer,
                    do_model_average=self.do_model_average, need_clip=self.need_clip,
                    persistable=self.persistable, is_distributed=self.is_distributed)

    def set_value(self, value) -> None:
        """Writes `value` (a Tensor or array-like of the same shape) into the parameter, in place."""
        assign_value(self, value, "set_value")

    def __deepcopy__(self, memo):
        with no_grad():
            data = self.detach().clone()
        new = EagerParamBase._from_tensor(data, name=unique_name.generate(self.name + "_deepcopy"),
                                          **copy.deepcopy(self._attrs(), memo))
        memo[id(self)] = new
        return new

    def __repr__(self) -> str:
        return "Parameter containing:\n" + Tensor.__repr__(self)

    __str__ = __repr__


Parameter = EagerParamBase


def assign_value(target: Tensor, value, op: str, key: str | None = None) -> None:
    """Copies `value` into `target` in place (same shape; cast to target's dtype, moved to its place)."""
    if not isinstance(value, Tensor):
        value = np.asarray(value)
    if list(value.shape) != list(target.shape):
        what = f"'{key}'" if key is not None else "the value"
        raise ValueError(f"[{op}] {what}: expected shape {list(target.shape)}, but got {list(value.shape)}")
    from paddle.tensor.creation import to_tensor
    with no_grad():
        source = to_tensor(value, dtype=target.dtype, place=target.place)
        target[...] = source


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False, default_initializer=None) -> EagerParamBase:
    """Creates a parameter, initialized as a layer's would be.

    Args:
        shape (list|tuple): the shape; every dim must be positive.
        dtype (str|paddle.dtype): the dtype.
        name (str, optional): the name; unique when None.
        attr (ParamAttr, optional): name, initializer, learning rate, regularizer, trainable.
        is_bias (bool, optional): a bias starts at zero, a weight as XavierUniform. Default False.
        default_initializer (Initializer, optional): used when neither `attr` nor
            ``set_global_initializer`` gives one.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([3, 2], "float32",
        ...                             default_initializer=paddle.nn.initializer.Constant(0.5))
        >>> w.numpy().tolist()
        [[0.5, 0.5], [0.5, 0.5], [0.5, 0.5]]
    """
    from paddle.base.param_attr import ParamAttr

    attr = ParamAttr._to_attr(attr)
    if attr is False:
        raise ValueError("[create_parameter] argument 'attr': expected a ParamAttr, but got False")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"[create_parameter] argument 'name': expected a str, but got {check.got(name)}")
    if name is not None:
        attr = copy.copy(attr)
        attr.name = name
    return attr._create(shape, dtype, is_bias, default_initializer, "create_parameter")
