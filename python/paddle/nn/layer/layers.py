"""paddle.nn.Layer: the base class of every layer.

A Layer owns parameters, buffers and sublayers in three ordered dicts;
``__setattr__`` routes a value into the right one by its type (a Parameter,
a Layer, a Tensor), and ``__getattr__`` reads them back, so ``self.fc =
Linear(...)`` registers a sublayer. Registration order is the order of
``parameters()`` and of ``state_dict()`` keys.
"""

from __future__ import annotations

import re
import warnings
from collections import OrderedDict

from paddle import _checks as check
from paddle import _C
from paddle._C import Tensor
from paddle.autograd import no_grad
from paddle.base import unique_name
from paddle.base.framework import EagerParamBase, assign_value
from paddle.base.param_attr import ParamAttr


def _camel_to_snake(name: str) -> str:
    """``Linear`` -> ``linear``, ``LayerNorm`` -> ``layer_norm``, ``Conv2D`` -> ``conv2d`` (Layer's default
    name scope, as PaddlePaddle 3.x names them: a digit joins the capital after it)."""
    s = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", s).lower()


class HookRemoveHelper:
    """Returned by the hook registrations: ``remove()`` unregisters the hook."""

    _next_id = 0

    def __init__(self, hooks: OrderedDict):
        self._hooks = hooks
        self._hook_id = HookRemoveHelper._next_id
        HookRemoveHelper._next_id += 1

    def remove(self) -> None:
        self._hooks.pop(self._hook_id, None)


def _check_name(op: str, owner: "Layer", name, kind: str, table: str) -> None:
    if table not in owner.__dict__:
        raise RuntimeError(f"[{op}] call super().__init__() in {type(owner).__name__}.__init__ before adding a "
                           f"{kind}")
    if not isinstance(name, str):
        raise TypeError(f"[{op}] argument 'name': expected a str, but got {check.got(name)}")
    if name == "" or "." in name:
        raise KeyError(f"[{op}] argument 'name': expected a non-empty name without '.', but got {name!r}")
    if hasattr(owner, name) and name not in owner.__dict__[table]:
        raise KeyError(f"[{op}] the attribute {name!r} already exists on {type(owner).__name__}")


def _is_float(t: Tensor) -> bool:
    return t.dtype.name in ("float16", "bfloat16", "float32", "float64")



def is_static_parameter(value) -> bool:
    """Whether value is a parameter of a static program (what a layer's
    create_parameter gives in static mode)."""
    return isinstance(value, _C.pir.Value) and value.define_op_name == "builtin.parameter"


class Layer:
    """Base class of layers: subclass it, create parameters and sublayers in ``__init__`` and
    compute in ``forward``.

    Args:
        name_scope (str, optional): prefix of the layer's full name and its parameters' names
            (``linear_0`` -> ``linear_0.w_0``); the class name in snake case when None.
        dtype (str|paddle.dtype, optional): dtype of the parameters it creates. Default 'float32'.

    Examples:
        >>> import paddle
        >>> class MLP(paddle.nn.Layer):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.fc1 = paddle.nn.Linear(4, 8)
        ...         self.fc2 = paddle.nn.Linear(8, 2)
        ...     def forward(self, x):
        ...         return self.fc2(paddle.nn.functional.relu(self.fc1(x)))
        >>> net = MLP()
        >>> [name for name, _ in net.named_parameters()]
        ['fc1.weight', 'fc1.bias', 'fc2.weight', 'fc2.bias']
        >>> net(paddle.ones([3, 4])).shape
        paddle.Size([3, 2])
        >>> net
        MLP(
          (fc1): Linear(in_features=4, out_features=8, dtype=float32)
          (fc2): Linear(in_features=8, out_features=2, dtype=float32)
        )
    """

    def __init__(self, name_scope: str | None = None, dtype="float32"):
        self.training = True
        if name_scope is None:
            name_scope = _camel_to_snake(type(self).__name__)
        self._full_name = unique_name.generate(name_scope)
        self._dtype = dtype.name if hasattr(dtype, "name") else dtype
        self._parameters: OrderedDict = OrderedDict()
        self._buffers: OrderedDict = OrderedDict()
        self._non_persistable_buffer_names_set: set = set()
        self._sub_layers: OrderedDict = OrderedDict()
        self._forward_pre_hooks: OrderedDict = OrderedDict()
        self._forward_post_hooks: OrderedDict = OrderedDict()

    # ---- calling --------------------------------------------------------

    def forward(self, *inputs, **kwargs):
        raise NotImplementedError(f"[{type(self).__name__}] a Layer subclass must define forward()")

    def __call__(self, *inputs, **kwargs):
        for hook in list(self._forward_pre_hooks.values()):
            result = hook(self, inputs)
            if result is not None:
                inputs = result if isinstance(result, tuple) else (result,)
        outputs = self.forward(*inputs, **kwargs)
        for hook in list(self._forward_post_hooks.values()):
            result = hook(self, inputs, outputs)
            if result is not None:
                outputs = result
        return outputs

    def register_forward_pre_hook(self, hook) -> HookRemoveHelper:
        """Registers ``hook(layer, inputs)``, run before ``forward``; a non-None result replaces the
        inputs (a non-tuple is wrapped in a tuple). Returns a handle whose ``remove()`` unregisters it.

        Examples:
            >>> import paddle
            >>> fc = paddle.nn.Linear(2, 2)
            >>> handle = fc.register_forward_pre_hook(lambda layer, inputs: (inputs[0] * 0,))
            >>> float(fc(paddle.ones([1, 2])).sum()) == float(fc.bias.sum())
            True
            >>> handle.remove()
        """
        return self._add_hook("register_forward_pre_hook", self._forward_pre_hooks, hook)

    def register_forward_post_hook(self, hook) -> HookRemoveHelper:
        """Registers ``hook(layer, inputs, outputs)``, run after ``forward``; a non-None result
        replaces the outputs. Returns a handle whose ``remove()`` unregisters it."""
        return self._add_hook("register_forward_post_hook", self._forward_post_hooks, hook)

    @staticmethod
    def _add_hook(op, hooks, hook) -> HookRemoveHelper:
        if not callable(hook):
            raise TypeError(f"[{op}] argument 'hook': expected a callable, but got {check.got(hook)}")
        handle = HookRemoveHelper(hooks)
        hooks[handle._hook_id] = hook
        return handle

    # ---- registration ---------------------------------------------------

    def full_name(self) -> str:
        """The layer's unique name, e.g. ``linear_0``."""
        return self._full_name

    def create_parameter(self, shape, attr=None, dtype=None, is_bias=False, default_initializer=None):
        """Creates a parameter named ``<full_name>.w_N`` (``.b_N`` for a bias) unless `attr` names it.

        The initializer is the first of: `attr`'s initializer, the global one
        (``set_global_initializer``), `default_initializer`, then Constant(0.0)
        for a bias or XavierUniform for a weight. The parameter is not registered:
        assign it to an attribute (or use ``add_parameter``).

        Args:
            shape (list|tuple): the shape; every dim must be positive.
            attr (ParamAttr|str|Initializer, optional): its attributes. False returns None (no parameter).
            dtype (str|paddle.dtype, optional): the dtype; the layer's when None.
            is_bias (bool, optional): whether it is a bias. Default False.
            default_initializer (Initializer, optional): see above.

        Returns:
            Parameter|None: the parameter.
        """
        attr = ParamAttr._to_attr(attr, "create_parameter", "attr")
        if attr is False:
            return None
        return attr._create(shape, dtype or self._dtype, check.flag("create_parameter", is_bias, "is_bias"),
                            default_initializer, "create_parameter", prefix=self._full_name)

    def add_parameter(self, name: str, parameter):
        """Registers `parameter` (a Parameter, or None to reserve the name) as ``self.<name>``; returns it."""
        _check_name("add_parameter", self, name, "parameter", "_parameters")
        if parameter is not None and not isinstance(parameter, EagerParamBase) and not is_static_parameter(parameter):
            raise TypeError(f"[add_parameter] argument 'parameter': expected a Parameter or None, but got "
                            f"{check.got(parameter)}")
        self._parameters[name] = parameter
        return parameter

    def add_sublayer(self, name: str, sublayer):
        """Registers `sublayer` (a Layer, or None) as ``self.<name>``; returns it."""
        if "_sub_layers" in self.__dict__ and isinstance(name, str) and name in self._sub_layers:
            self._sub_layers[name] = sublayer  # replacing keeps the position
            return sublayer
        _check_name("add_sublayer", self, name, "sublayer", "_sub_layers")
        if sublayer is not None and not isinstance(sublayer, Layer):
            raise TypeError(f"[add_sublayer] argument 'sublayer': expected a Layer or None, but got "
                            f"{check.got(sublayer)}")
        self._sub_layers[name] = sublayer
        return sublayer

    def register_buffer(self, name: str, tensor, persistable: bool = True) -> None:
        """Registers `tensor` as a buffer: state that is not trained (e.g. running statistics).
        A persistable buffer is saved in ``state_dict``; a non-persistable one is not.

        Examples:
            >>> import paddle
            >>> layer = paddle.nn.Layer()
            >>> layer.register_buffer("mean", paddle.zeros([3]))
            >>> layer.register_buffer("scratch", paddle.zeros([3]), persistable=False)
            >>> list(layer.state_dict().keys()), [name for name, _ in layer.named_buffers()]
            (['mean'], ['mean', 'scratch'])
        """
        _check_name("register_buffer", self, name, "buffer", "_buffers")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"[register_buffer] argument 'tensor': expected a Tensor or None, but got "
                            f"{check.got(tensor)}")
        self._buffers[name] = tensor
        if check.flag("register_buffer", persistable, "persistable"):
            self._non_persistable_buffer_names_set.discard(name)
        else:
            self._non_persistable_buffer_names_set.add(name)

    def __setattr__(self, name, value):
        # As Paddle: a Parameter, Layer or Tensor value registers it (a Tensor
        # becomes a non-persistable buffer unless register_buffer made the name
        # persistable); a name already registered accepts only its kind or None.
        if isinstance(getattr(type(self), name, None), property):
            object.__setattr__(self, name, value)
            return
        d = self.__dict__
        kinds = (("parameter", "_parameters", EagerParamBase), ("sublayer", "_sub_layers", Layer),
                 ("buffer", "_buffers", Tensor))
        for kind, table, cls in kinds:
            entries = d.get(table)
            # In static mode a layer's parameters are program parameters (ParamAttr._create).
            if isinstance(value, cls) or (kind == "parameter" and is_static_parameter(value)):
                if entries is None:
                    raise RuntimeError(f"[{type(self).__name__}] call super().__init__() before assigning the "
                                       f"{kind} {name!r}")
                was_buffer = name in d["_buffers"]
                for other in ("_parameters", "_sub_layers", "_buffers"):
                    d[other].pop(name, None)
                d.pop(name, None)
                entries[name] = value
                if kind == "buffer" and not was_buffer:
                    self._non_persistable_buffer_names_set.add(name)
                elif kind != "buffer":
                    self._non_persistable_buffer_names_set.discard(name)
                return
            if entries is not None and name in entries:
                if value is not None:
                    raise TypeError(f"[{type(self).__name__}] assignment to {kind} {name!r}: expected a "
                                    f"{cls.__name__ if kind != 'parameter' else 'Parameter'} or None, but got "
                                    f"{check.got(value)}")
                entries[name] = None
                return
        object.__setattr__(self, name, value)

    def __getattr__(self, name):
        d = self.__dict__
        for table in ("_parameters", "_sub_layers", "_buffers"):
            entries = d.get(table)
            if entries is not None and name in entries:
                return entries[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        for table in ("_parameters", "_sub_layers", "_buffers"):
            entries = self.__dict__.get(table)
            if entries is not None and name in entries:
                del entries[name]
                self._non_persistable_buffer_names_set.discard(name)
                return
        object.__delattr__(self, name)

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._parameters) | set(self._sub_layers) | set(self._buffers))

    # ---- traversal ------------------------------------------------------

    def named_sublayers(self, prefix: str = "", include_self: bool = False, layers_set=None):
        """Yields (name, layer) for every sublayer, depth first in registration order, each once."""
        if layers_set is None:
            layers_set = set()
        if include_self and id(self) not in layers_set:
            layers_set.add(id(self))
            yield prefix, self
        for key, layer in self._sub_layers.items():
            if layer is None:
                continue
            yield from layer.named_sublayers(prefix + ("." if prefix else "") + key, True, layers_set)

    def sublayers(self, include_self: bool = False) -> list:
        """Every sublayer (recursively), depth first."""
        return [layer for _, layer in self.named_sublayers(include_self=include_self)]

    def named_children(self):
        """Yields (name, layer) for the direct sublayers."""
        seen = set()
        for name, layer in self._sub_layers.items():
            if layer is not None and id(layer) not in seen:
                seen.add(id(layer))
                yield name, layer

    def children(self):
        """Yields the direct sublayers."""
        for _, layer in self.named_children():
            yield layer

    def _named_members(self, table: str, prefix: str, include_sublayers: bool):
        seen = set()
        layers = self.named_sublayers(prefix, include_self=True) if include_sublayers else [(prefix, self)]
        for layer_prefix, layer in layers:
            for key, value in getattr(layer, table).items():
                if value is None or id(value) in seen:
                    continue
                seen.add(id(value))
                yield layer_prefix + ("." if layer_prefix else "") + key, value

    def named_parameters(self, prefix: str = "", include_sublayers: bool = True):
        """Yields (structured name, parameter), each parameter once, in registration order."""
        yield from self._named_members("_parameters", prefix, include_sublayers)

    def parameters(self, include_sublayers: bool = True) -> list:
        """The parameters (each once), in registration order."""
        return [p for _, p in self.named_parameters(include_sublayers=include_sublayers)]

    def named_buffers(self, prefix: str = "", include_sublayers: bool = True):
        """Yields (structured name, buffer), persistable or not."""
        yield from self._named_members("_buffers", prefix, include_sublayers)

    def buffers(self, include_sublayers: bool = True) -> list:
        """The buffers, persistable or not."""
        return [b for _, b in self.named_buffers(include_sublayers=include_sublayers)]

    def apply(self, fn):
        """Calls ``fn(layer)`` on every sublayer (children first) and then on this layer; returns self."""
        for layer in self.children():
            layer.apply(fn)
        fn(self)
        return self

    # ---- modes and gradients -------------------------------------------

    def train(self):
        """Training mode for this layer and every sublayer (e.g. Dropout drops); returns self."""
        for layer in self.sublayers(include_self=True):
            layer.training = True
        return self

    def eval(self):
        """Evaluation mode for this layer and every sublayer (e.g. Dropout passes through); returns self."""
        for layer in self.sublayers(include_self=True):
            layer.training = False
        return self

    def clear_gradients(self, set_to_zero: bool = True) -> None:
        """Clears the gradients of every trainable parameter (zeroes them when `set_to_zero`)."""
        for p in self.parameters():
            if p.trainable:
                p.clear_gradient(set_to_zero)

    # ---- state ----------------------------------------------------------

    def _state_items(self, prefix: str, include_sublayers: bool):
        """(structured name, tensor) of the parameters and persistable buffers, as state_dict orders them."""
        layers = self.named_sublayers(prefix.rstrip("."), include_self=True) if include_sublayers else [
            (prefix.rstrip("."), self)]
        for layer_prefix, layer in layers:
            head = layer_prefix + "." if layer_prefix else ""
            for key, p in layer._parameters.items():
                if p is not None:
                    yield head + key, p
            for key, b in layer._buffers.items():
                if b is not None and key not in layer._non_persistable_buffer_names_set:
                    yield head + key, b

    def state_dict(self, destination=None, include_sublayers: bool = True, structured_name_prefix: str = "",
                   use_hook: bool = True, keep_vars: bool = True) -> OrderedDict:
        """The parameters and persistable buffers by structured name (``fc1.weight``).

        Args:
            destination (dict, optional): a dict to fill instead of a new OrderedDict.
            include_sublayers (bool, optional): include the sublayers' state. Default True.
            structured_name_prefix (str, optional): a prefix for every key.
            use_hook (bool, optional): accepted for Paddle compatibility.
            keep_vars (bool, optional): the tensors themselves (True) or detached views. Default True.

        Examples:
            >>> import paddle
            >>> net = paddle.nn.Sequential(paddle.nn.Linear(2, 3), paddle.nn.ReLU(), paddle.nn.Linear(3, 1))
            >>> list(net.state_dict().keys())
            ['0.weight', '0.bias', '2.weight', '2.bias']
        """
        out = OrderedDict() if destination is None else destination
        for key, value in self._state_items(structured_name_prefix, include_sublayers):
            out[key] = value if keep_vars else value.detach()
        return out

    def set_state_dict(self, state_dict, use_structured_name: bool = True):
        """Loads values from `state_dict` into the parameters and persistable buffers, in place.

        Keys are structured names (``fc1.weight``), or the parameters' own names
        (``linear_0.w_0``) when `use_structured_name` is False. Values may be
        Tensors or NumPy arrays; they are cast to each target's dtype. A value
        whose shape differs raises ValueError before anything is written.

        Returns:
            tuple: (missing_keys, unexpected_keys): the layer's keys the dict
            lacks (left unchanged, with a warning) and the dict's keys the layer lacks.

        Examples:
            >>> import paddle
            >>> a, b = paddle.nn.Linear(2, 2), paddle.nn.Linear(2, 2)
            >>> b.set_state_dict(a.state_dict())
            ([], [])
            >>> bool((a.weight == b.weight).all())
            True
        """
        if not isinstance(state_dict, dict):
            raise TypeError(f"[set_state_dict] argument 'state_dict': expected a dict, but got "
                            f"{check.got(state_dict)}")
        missing, matched, plan = [], set(), []
        for key, target in self.state_dict().items():
            lookup = key if use_structured_name else target.name
            if lookup not in state_dict:
                missing.append(lookup)
                continue
            matched.add(lookup)
            value = state_dict[lookup]
            shape = list(value.shape) if hasattr(value, "shape") else None
            if shape != list(target.shape):
                raise ValueError(f"[set_state_dict] {lookup!r}: expected shape {list(target.shape)}, but got "
                                 f"{shape if shape is not None else check.got(value)}")
            plan.append((lookup, target, value))
        for lookup, target, value in plan:
            assign_value(target, value, "set_state_dict", lookup)
        if missing:
            warnings.warn(f"[set_state_dict] not in the state dict, left unchanged: {', '.join(missing)}")
        unexpected = [k for k in state_dict if k not in matched]
        return missing, unexpected

    set_dict = set_state_dict
    load_dict = set_state_dict

    # ---- dtype and device -----------------------------------------------

    def to(self, device=None, dtype=None, blocking=None):
        """Moves floating-point parameters and buffers to `device` and/or casts them to `dtype`; returns self.

        Parameters and buffers are converted in place: they stay the same objects, so optimizers and
        hooks that hold them keep working. Their gradients are cleared. Integer buffers keep their dtype.

        Args:
            device (str|Place, optional): 'cpu', 'gpu', 'gpu:N' or a Place; unchanged when None.
            dtype (str|paddle.dtype, optional): the new floating dtype; unchanged when None.
            blocking (bool, optional): accepted for Paddle compatibility.

        Examples:
            >>> import paddle
            >>> fc = paddle.nn.Linear(2, 2).to(dtype="float64")
            >>> str(fc.weight.dtype), type(fc.weight).__name__
            ('paddle.float64', 'EagerParamBase')
        """
        if device is None and dtype is None:
            return self
        for layer in self.sublayers(include_self=True):
            if dtype is not None:
                layer._dtype = dtype.name if hasattr(dtype, "name") else dtype
            for table in (layer._parameters, layer._buffers):
                for value in table.values():
                    if value is not None:
                        self._convert_in_place(value, device, dtype)
        return self

    def astype(self, dtype):
        """Casts the floating-point parameters and buffers to `dtype`; returns self."""
        if dtype is None:
            raise TypeError("[astype] argument 'dtype': expected a dtype, but got None")
        return self.to(dtype=dtype)

    @staticmethod
    def _convert_in_place(value: Tensor, device, dtype) -> None:
        cast = dtype is not None and _is_float(value)
        if device is None and not cast:
            return
        with no_grad():
            out = value.detach()
            if device is not None:
                out = out._copy_to(device)
            if cast:
                out = out.astype(dtype)
        value.clear_gradient(False)
        value._replace_data(out)

    # ---- printing ---------------------------------------------------------

    def extra_repr(self) -> str:
        """The text inside this layer's parentheses in its repr (its settings); '' by default."""
        return ""

    def __repr__(self) -> str:
        extra = self.extra_repr()
        lines = []
        for name, layer in self._sub_layers.items():
            text = repr(layer).replace("\n", "\n  ")
            lines.append(f"({name}): {text}")
        out = type(self).__name__ + "("
        extra_lines = extra.split("\n") if extra else []
        if len(extra_lines) == 1:
            out += extra_lines[0]
        elif extra_lines:
            out += "\n  " + "\n  ".join(extra_lines) + "\n"
        if lines:
            out += "\n  " + "\n  ".join(lines) + "\n"
        return out + ")"
