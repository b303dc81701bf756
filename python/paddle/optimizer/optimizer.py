"""The optimizer base class: parameter groups, learning rates, weight decay, clipping, master
weights, states and their state_dict; each subclass names its states and calls its fused update op.

Note [Optimizer updates]
Every update is one C++ kernel per parameter (paddle/phi/ops/yaml/optimizer.yaml) that writes the
parameter and its states in place, so a step costs one kernel call per parameter, not a chain of
small ops. With ``multi_precision`` a float16/bfloat16 parameter is updated through a float32 master
copy: the kernel updates the master and its float32 states from the gradient in float32, and the
parameter then takes the master's value rounded to its dtype.
"""

from __future__ import annotations

import numbers

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.nn.layer.layers import is_static_parameter
from paddle.optimizer.lr import LRScheduler
from paddle.regularizer import WeightDecayRegularizer, as_regularizer

_HALF_TYPES = ("float16", "bfloat16")


class Optimizer:
    """The base of the optimizers.

    Args:
        learning_rate (float|LRScheduler): the learning rate, or a scheduler giving it.
        parameters (list, optional): the parameters to update, or a list of parameter groups: dicts with
            ``params`` and optional overrides (``learning_rate`` scales the rate for the group,
            ``weight_decay``, and the optimizer's own hyperparameters such as ``beta1``).
        weight_decay (float|WeightDecayRegularizer, optional): the weight decay; a float is an L2Decay
            coefficient. A parameter's own ``ParamAttr(regularizer=...)`` takes precedence. Default None.
        grad_clip (ClipGradBase, optional): ``paddle.nn.ClipGradByValue``, ``ClipGradByNorm`` or
            ``ClipGradByGlobalNorm``. Default None.
        name (str, optional): unused; kept for Paddle's signature.
        multi_precision (bool, optional): keep float32 master weights for float16/bfloat16 parameters.
            Default False.
    """

    # The hyperparameters a parameter group may override, with their attribute names.
    _hyperparameters: tuple[str, ...] = ()

    def __init__(self, learning_rate, parameters=None, weight_decay=None, grad_clip=None, name=None,
                 multi_precision=False):
        op = type(self).__name__
        if isinstance(learning_rate, LRScheduler):
            self._learning_rate = learning_rate
        else:
            self._learning_rate = float(check.number(op, learning_rate, "learning_rate"))
            if self._learning_rate < 0:
                raise ValueError(f"[{op}] argument 'learning_rate': expected a number >= 0, "
                                 f"but got {learning_rate}")
        if parameters is None and not paddle.in_dynamic_mode():
            parameters = []  # static mode: minimize finds the program's parameters
        if parameters is None:
            raise ValueError(f"[{op}] argument 'parameters': expected the parameters to optimize (e.g. "
                             f"model.parameters()), but got None")
        self.regularization = as_regularizer(op, weight_decay)
        if grad_clip is not None and not isinstance(grad_clip, paddle.nn.clip.ClipGradBase):
            raise TypeError(f"[{op}] argument 'grad_clip': expected a ClipGradByValue, ClipGradByNorm or "
                            f"ClipGradByGlobalNorm, but got {check.got(grad_clip)}")
        self._grad_clip = grad_clip
        self._multi_precision = check.flag(op, multi_precision, "multi_precision")
        self._name = name
        self._param_groups: list[dict] = []
        self._accumulators: dict[str, dict[str, Tensor]] = {}
        self._master_weights: dict[str, Tensor] = {}
        self._pending_state: dict = {}
        self._parameter_list = self._add_groups(op, parameters)

    # ---- parameters and groups

    def _add_groups(self, op: str, parameters) -> list[Tensor]:
        if isinstance(parameters, Tensor):
            raise TypeError(f"[{op}] argument 'parameters': expected a list of Tensors or of parameter "
                            f"groups (dicts), but got a Tensor; pass [tensor]")
        try:
            items = list(parameters)
        except TypeError:
            raise TypeError(f"[{op}] argument 'parameters': expected a list of Tensors or of parameter groups "
                            f"(dicts), but got {check.got(parameters)}") from None
        if items and all(isinstance(item, dict) for item in items):
            for group in items:
                self._add_param_group(dict(group))
        else:
            self._add_param_group({"params": items})
        return [p for group in self._param_groups for p in group["params"]]

    def _add_param_group(self, group: dict) -> None:
        op = type(self).__name__
        if "params" not in group:
            raise ValueError(f"[{op}] a parameter group needs the key 'params', but has {sorted(group)}")
        params = group["params"]
        params = [params] if isinstance(params, Tensor) else list(params)
        for i, p in enumerate(params):
            if not isinstance(p, Tensor) and not is_static_parameter(p):
                raise TypeError(f"[{op}] argument 'parameters': element {i}: expected a Tensor, but got "
                                f"{check.got(p)}")
        known = {"params", "learning_rate", "weight_decay", *self._hyperparameters}
        unknown = set(group) - known
        if unknown:
            raise ValueError(f"[{op}] a parameter group has unknown keys {sorted(unknown)}; known: {sorted(known)}")
        seen = {id(p) for g in self._param_groups for p in g["params"]}
        if any(id(p) in seen for p in params):
            raise ValueError(f"[{op}] a parameter appears in more than one parameter group")
        group["params"] = params
        group["learning_rate"] = float(check.number(op, group.get("learning_rate", 1.0), "learning_rate"))
        if "weight_decay" in group:
            group["weight_decay"] = as_regularizer(op, group["weight_decay"])
        for key in self._hyperparameters:
            group.setdefault(key, getattr(self, "_" + key))
        self._param_groups.append(group)

    # ---- learning rate

    def get_lr(self) -> float:
        """The current learning rate (the scheduler's value when one was given)."""
        if isinstance(self._learning_rate, LRScheduler):
            return float(self._learning_rate())
        return self._learning_rate

    def set_lr(self, value: float) -> None:
        """Sets a fixed learning rate; not allowed when the optimizer follows a scheduler."""
        op = f"{type(self).__name__}.set_lr"
        if isinstance(self._learning_rate, LRScheduler):
            raise RuntimeError(f"[{op}] the optimizer's learning rate comes from an LRScheduler; call the "
                               f"scheduler's step() instead of set_lr")
        value = float(check.number(op, value, "value"))
        if value < 0:
            raise ValueError(f"[{op}] argument 'value': expected a number >= 0, but got {value}")
        self._learning_rate = value

    def set_lr_scheduler(self, scheduler: LRScheduler) -> None:
        """Makes the optimizer follow `scheduler` from now on."""
        if not isinstance(scheduler, LRScheduler):
            raise TypeError(f"[{type(self).__name__}.set_lr_scheduler] argument 'scheduler': expected an "
                            f"LRScheduler, but got {check.got(scheduler)}")
        self._learning_rate = scheduler

    # ---- the step

    @paddle.no_grad()
    def step(self) -> None:
        """Updates every parameter that has a gradient, in place."""
        for group in self._param_groups:
            pairs = [(p, p.grad) for p in group["params"] if not p.stop_gradient and p.grad is not None]
            if self._grad_clip is not None:
                pairs = self._grad_clip(pairs)
            for param, grad in pairs:
                self._update_param(param, grad, group)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Steps with the gradients already computed by ``loss.backward()``; returns ``(None, params_grads)``.
        In static mode, appends the backward and the updates of the program's parameters (or
        `parameters`) to loss's program instead."""
        if not paddle.in_dynamic_mode():
            return self._minimize_static(loss, parameters)
        params = self._parameter_list if parameters is None else list(parameters)
        skip = {id(p) for p in no_grad_set or ()}
        params_grads = [(p, p.grad) for p in params if p.grad is not None and id(p) not in skip]
        self.step()
        return None, params_grads

    def _minimize_static(self, loss, parameters):
        from paddle.optimizer import _static_updates
        from paddle.static.param import program_parameters

        params = list(parameters) if parameters is not None else (self._parameter_list or program_parameters())
        params_grads = paddle.static.append_backward(loss, parameter_list=params)
        group = self._param_groups[0] if self._param_groups else {"learning_rate": 1.0}
        # Note [Static updates]: a scheduled rate is a tensor of the scope the executor sets each run.
        lr = self._learning_rate
        if isinstance(lr, LRScheduler):
            lr = _static_updates.scheduled_rate(lr)
        if group["learning_rate"] != 1.0:
            lr = lr * group["learning_rate"]
        updates = self._grad_clip(params_grads) if self._grad_clip is not None else params_grads
        try:
            self._append_static_updates(updates, lr, group)
        finally:
            _static_updates.forget()
        return None, params_grads

    def _append_static_updates(self, updates, lr, group):
        from paddle import _C
        from paddle.optimizer import _static_updates
        from paddle.static.param import master_weight

        for param, grad in updates:
            # multi_precision: the update works on a float32 master copy, cast back into the parameter
            half = self._multi_precision and param.dtype.name in _HALF_TYPES
            target = master_weight(param) if half else param
            self._apply(param, target, grad.astype("float32") if half else grad, lr, self._penalty(param, group),
                        group)
            if half:
                _C.pir.set_parameter(_static_updates.updated(target).astype(param.dtype), param.name)

    def clear_grad(self, set_to_zero: bool = True) -> None:
        """Clears the gradients of all parameters (zero-filled when `set_to_zero`, else removed)."""
        for p in self._parameter_list:
            p.clear_gradient(set_to_zero)

    clear_gradients = clear_grad

    def _update_param(self, param: Tensor, grad: Tensor, group: dict) -> None:
        scale = getattr(param, "optimize_attr", {}).get("learning_rate", 1.0)
        lr = self.get_lr() * group["learning_rate"] * scale
        master = self._master_of(param)
        target = param if master is None else master
        if grad.dtype != target.dtype:
            grad = grad.astype(target.dtype)
        self._apply(param, target, grad, lr, self._penalty(param, group), group)
        if master is not None:
            param[...] = master.astype(param.dtype)

    def _penalty(self, param: Tensor, group: dict) -> tuple[str, float]:
        """(kind, coeff) of the weight decay that applies to `param`."""
        reg = getattr(param, "regularizer", None)
        if reg is None:
            reg = group.get("weight_decay", self.regularization)
        if isinstance(reg, WeightDecayRegularizer) and reg.coeff != 0:
            return reg._kind, reg.coeff
        return "", 0.0

    def _apply(self, param: Tensor, target: Tensor, grad: Tensor, lr: float, penalty: tuple[str, float],
               group: dict) -> None:
        """Runs the optimizer's update op on `target`: `param` itself, or its float32 master weight
        (Note [Optimizer updates]). States are named after `param` and made like `target`."""
        raise NotImplementedError(f"[{type(self).__name__}] _apply is not implemented")

    # ---- states

    def _master_of(self, param: Tensor) -> Tensor | None:
        if not self._multi_precision or param.dtype.name not in _HALF_TYPES:
            return None
        master = self._master_weights.get(param.name)
        if master is None:
            pending = self._pending_state.get("master_weights", {}).pop(param.name, None)
            if pending is None:
                master = param.astype("float32")
            else:
                master = paddle.to_tensor(pending, dtype="float32", place=param.place)
            self._master_weights[param.name] = master
        return master

    def _state(self, name: str, param: Tensor, key: str, fill: float = 0.0, shape: list[int] | None = None) -> Tensor:
        """The state `name` of the parameter called `key`, created like `param` on first use (or taken
        from a state dict loaded before the first step), with `param`'s shape unless `shape` is given.
        In static mode, a parameter of the program (filled with `fill` by the startup program) that the
        update op writes in place."""
        shape = list(param.shape) if shape is None else list(shape)
        if not paddle.in_dynamic_mode():
            return paddle.static.create_parameter(shape, param.dtype, name=f"{key}_{name}_0",
                                                  default_initializer=paddle.nn.initializer.Constant(fill))
        states = self._accumulators.setdefault(name, {})
        state = states.get(key)
        if state is None:
            pending = self._pending_state.pop(f"{key}_{name}_0", None)
            if pending is not None:
                state = paddle.to_tensor(_as_array(pending), dtype=param.dtype, place=param.place)
                if list(state.shape) != shape:
                    raise ValueError(f"[{type(self).__name__}.set_state_dict] state '{key}_{name}_0' has shape "
                                     f"{list(state.shape)}, but expected {shape}")
            elif shape == list(param.shape):
                state = paddle.full_like(param, fill)
            else:
                state = paddle.full(shape, fill, param.dtype).to(param.place)
            states[key] = state
        return state

    def _scalar_state(self, name: str, key: str, initial: float | int) -> float | int:
        """A per-parameter scalar state (the beta powers, a step count), a Python float, or an int when
        `initial` is one. In static mode, a float64 parameter of shape [1] of the program (Note [Static
        updates])."""
        if not paddle.in_dynamic_mode():
            return paddle.static.create_parameter([1], "float64", name=f"{key}_{name}_0",
                                                  default_initializer=paddle.nn.initializer.Constant(initial))
        states = self._accumulators.setdefault(name, {})
        if key not in states:
            pending = self._pending_state.pop(f"{key}_{name}_0", None)
            kind = int if isinstance(initial, int) else float
            states[key] = kind(_as_array(pending).reshape(-1)[0]) if pending is not None else initial
        return states[key]

    def _composes(self, lr) -> bool:
        """Whether the update must be composed of ops (Note [Static updates]): in static mode with
        a learning rate that is a value of the program."""
        return not paddle.in_dynamic_mode() and not isinstance(lr, (int, float))

    def _set_scalar_state(self, name: str, key: str, value: float) -> None:
        self._accumulators[name][key] = value

    def state_dict(self) -> dict:
        """The states by Paddle's names (``<param name>_<state>_0``), ``master_weights`` and the
        scheduler's state under ``LR_Scheduler``."""
        state = {}
        for name, per_param in self._accumulators.items():
            for key, value in per_param.items():
                if not isinstance(value, Tensor):
                    # Paddle keeps step counts as int64 and the beta powers as float32 tensors of shape [1].
                    value = paddle.to_tensor([value], dtype="int64" if isinstance(value, int) else "float32")
                state[f"{key}_{name}_0"] = value
        if self._master_weights:
            state["master_weights"] = dict(self._master_weights)
        if isinstance(self._learning_rate, LRScheduler):
            state["LR_Scheduler"] = self._learning_rate.state_dict()
        return state

    def set_state_dict(self, state_dict: dict) -> None:
        """Restores what `state_dict()` returned (also from NumPy arrays, as ``paddle.load`` may give)."""
        op = f"{type(self).__name__}.set_state_dict"
        if not isinstance(state_dict, dict):
            raise TypeError(f"[{op}] argument 'state_dict': expected a dict, but got {check.got(state_dict)}")
        state_dict = dict(state_dict)
        scheduler = state_dict.pop("LR_Scheduler", None)
        if scheduler is not None and isinstance(self._learning_rate, LRScheduler):
            self._learning_rate.set_state_dict(scheduler)
        masters = dict(state_dict.pop("master_weights", {}))
        for key, value in masters.items():
            if key in self._master_weights:
                paddle.base.framework.assign_value(self._master_weights[key], _as_array(value), op, key)
            else:
                self._pending_state.setdefault("master_weights", {})[key] = _as_array(value)
        for full_key, value in state_dict.items():
            if not isinstance(value, (Tensor, np.ndarray, numbers.Number, list)):
                raise TypeError(f"[{op}] '{full_key}': expected a Tensor or array, but got {check.got(value)}")
            placed = self._place_loaded(full_key, value, op)
            if not placed:
                self._pending_state[full_key] = value

    def _place_loaded(self, full_key: str, value, op: str) -> bool:
        """Writes a loaded state into an existing one; False when no such state exists yet."""
        for name, per_param in self._accumulators.items():
            for key, current in per_param.items():
                if f"{key}_{name}_0" != full_key:
                    continue
                if isinstance(current, Tensor):
                    paddle.base.framework.assign_value(current, _as_array(value), op, full_key)
                else:
                    per_param[key] = type(current)(_as_array(value).reshape(-1)[0])
                return True
        return False


def _as_array(value) -> np.ndarray:
    return value.numpy() if isinstance(value, Tensor) else np.asarray(value)
