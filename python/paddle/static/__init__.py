"""paddle.static: programs that the public functions build in static mode,
and the executor that runs them (docs/guide/static.md).

Examples:
    >>> import numpy as np
    >>> import paddle
    >>> paddle.enable_static()
    >>> main = paddle.static.Program()
    >>> with paddle.static.program_guard(main):
    ...     x = paddle.static.data("x", [None, 3], "float32")
    ...     y = paddle.nn.functional.relu(x) + 1.0
    >>> out, = paddle.static.Executor().run(main, feed={"x": np.array([[-1, 0, 2]], "float32")}, fetch_list=[y])
    >>> out
    array([[1., 1., 3.]], dtype=float32)
    >>> paddle.disable_static()
"""

from paddle.static import nn
from paddle.static import value as _value  # noqa: F401  (installs the Value operators)
from paddle.static.backward import append_backward, gradients
from paddle.static.compiled_program import BuildStrategy, CompiledProgram
from paddle.static.executor import Executor
from paddle.static.guards import device_guard, name_scope
from paddle.static.printing import Print
from paddle.static.inference_model import (deserialize_persistables, deserialize_program, load_from_file,
                                           load_inference_model, normalize_program, save_inference_model,
                                           save_to_file, serialize_persistables, serialize_program)
from paddle.static.io import load, load_program_state, save, set_program_state
from paddle.static.param import create_global_var, create_parameter
from paddle.static.places import cpu_places, cuda_places, xpu_places
from paddle.static.scope import Scope, global_scope, scope_guard
from paddle.static.input import InputSpec
from paddle.static.mode import disable_static, enable_static, in_dynamic_mode
from paddle.static.program import Program, data, default_main_program, default_startup_program, program_guard
from paddle.metric import accuracy
from paddle import _C as _core

Variable = _core.pir.Value

__all__ = [
    "BuildStrategy",
    "CompiledProgram",
    "Executor",
    "Print",
    "device_guard",
    "name_scope",
    "Variable",
    "accuracy",
    "cpu_places",
    "create_global_var",
    "cuda_places",
    "xpu_places",
    "append_backward",
    "create_parameter",
    "global_scope",
    "load",
    "load_inference_model",
    "save_inference_model",
    "normalize_program",
    "serialize_program",
    "deserialize_program",
    "serialize_persistables",
    "deserialize_persistables",
    "save_to_file",
    "load_from_file",
    "load_program_state",
    "save",
    "set_program_state",
    "scope_guard",
    "gradients",
    "InputSpec",
    "Program",
    "data",
    "default_main_program",
    "default_startup_program",
    "program_guard",
]
