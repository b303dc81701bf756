"""Note [Capture]: a Python function over tensors becomes a static program by
running it once in static mode: its tensor arguments are pd_op.data inputs
(shapes and dtypes from InputSpecs), and the parameters and buffers of the
layers it uses stand in the program as builtin.parameter values of their
names (swapped into the layers for the run, swapped back after), so that the
program reads the very tensors eager code trains: a scope holding them by
name gives them to the executor. Python values among the arguments, and
Python control flow, are fixed at capture: a branch on a tensor's value
cannot be captured (static mode refuses it with a TypeError), and the
caller decides what to do then (to_static runs such a function eagerly)."""

from __future__ import annotations

import contextlib
import inspect

import paddle
from paddle import _C

Value = _C.pir.Value


class CaptureError(TypeError):
    """The function cannot be captured as a program (the message says why)."""


class Captured:
    """A function captured as a static program.

    Attributes:
        program: the program: pd_op.data inputs, builtin.parameter values and the ops of the function.
        input_names (list[str]): the data inputs, in argument order.
        inputs (list[Value]): their values.
        outputs (list[Value]): the function's tensor results, flattened.
        structure: how the results nest (see _unflatten).
        parameters (list[tuple[str, Tensor]]): the program's parameters and the tensors that hold them.
        parameter_values (list[Value]): the parameters' values in the program.
        written (list[str]): the parameters the program stores (builtin.set_parameter: batch norm's running
            statistics), which a run copies back into their tensors.
    """

    def __init__(self, program, input_names, inputs, outputs, structure, parameters, parameter_values):
        self.written = _C.pir.written_parameters(program)
        self.program = program
        self.input_names = input_names
        self.inputs = inputs
        self.outputs = outputs
        self.structure = structure
        self.parameters = parameters
        self.parameter_values = parameter_values


def _flatten(obj, leaves):
    """The structure of obj (Values, lists, tuples, dicts, None and Python constants), its Values in leaves."""
    if isinstance(obj, Value):
        leaves.append(obj)
        return ("value", len(leaves) - 1)
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, [_flatten(o, leaves) for o in obj])
    if isinstance(obj, dict):
        return ("dict", [(k, _flatten(v, leaves)) for k, v in obj.items()])
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return ("const", obj)
    raise CaptureError(f"a captured function returns Tensors, lists, tuples, dicts and Python constants, but "
                       f"returned a {type(obj).__name__}")


def unflatten(structure, leaves):
    """The nested result of structure with its values replaced by leaves."""
    kind, content = structure
    if kind == "value":
        return leaves[content]
    if kind in ("list", "tuple"):
        items = [unflatten(s, leaves) for s in content]
        return items if kind == "list" else tuple(items)
    if kind == "dict":
        return {k: unflatten(s, leaves) for k, s in content}
    return content


@contextlib.contextmanager
def static_mode():
    """Static mode for the block, then the mode before."""
    was_static = _C.pir.static_mode()
    paddle.enable_static()
    try:
        yield
    finally:
        if not was_static:
            paddle.disable_static()


def _is_generated(name):
    return not name or name.startswith("generated_tensor")


@contextlib.contextmanager
def parameters_as_values(layers, parameters, values):
    """Swaps the layers' parameters and tensor buffers for builtin.parameter values of their names (one per
    tensor), appending (name, tensor) to parameters and the value to values; swaps them back after."""
    swaps, seen, names = [], {}, set()
    try:
        for layer in layers:
            for sub in layer.sublayers(include_self=True):
                for table in (sub._parameters, sub._buffers):
                    for key, tensor in list(table.items()):
                        if not isinstance(tensor, paddle.Tensor):
                            continue
                        value = seen.get(id(tensor))
                        if value is None:
                            name = f"{sub.full_name()}.{key}" if _is_generated(tensor.name) else tensor.name
                            base, n = name, 0
                            while name in names:
                                n += 1
                                name = f"{base}_{n}"
                            names.add(name)
                            value = _C.pir.parameter(name, list(tensor.shape), tensor.dtype)
                            value.stop_gradient = bool(tensor.stop_gradient)
                            seen[id(tensor)] = value
                            parameters.append((name, tensor))
                            values.append(value)
                        swaps.append((table, key, tensor))
                        table[key] = value
        yield
    finally:
        for table, key, tensor in reversed(swaps):
            table[key] = tensor


def argument_names(function, count):
    """The names of the first `count` positional parameters of function (arg_i where it has none)."""
    try:
        params = [p for p in inspect.signature(function).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    return [params[i].name if i < len(params) else f"arg_{i}" for i in range(count)]


def capture(function, args, layers=(), input_names=None):
    """Runs function(*args) in static mode, each InputSpec of args a pd_op.data input (other arguments pass as
    they are), and returns the Captured program. CaptureError when the function cannot be captured."""
    specs = [(i, a) for i, a in enumerate(args) if isinstance(a, paddle.static.InputSpec)]
    names = list(input_names) if input_names is not None else argument_names(function, len(args))
    parameters, parameter_values = [], []
    with static_mode():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            call_args = list(args)
            inputs, used = [], set()
            for i, spec in specs:
                name = spec.name or names[i]
                if name in used:
                    raise CaptureError(f"two inputs are named '{name}'")
                used.add(name)
                value = paddle.static.data(name, list(spec.shape), spec.dtype)
                value.stop_gradient = bool(spec.stop_gradient)
                inputs.append(value)
                call_args[i] = value
            with parameters_as_values(layers, parameters, parameter_values):
                try:
                    result = function(*call_args)
                except TypeError as e:
                    if "static Value" in str(e):  # a branch on a value, or an eager tensor met a Value
                        raise CaptureError(str(e)) from e
                    raise
        if startup.num_ops():
            raise CaptureError("the function creates parameters while it runs; create them in the layer's "
                               "__init__")
    outputs = []
    structure = _flatten(result, outputs)
    return Captured(main, [v.name for v in inputs], inputs, outputs, structure, parameters, parameter_values)
