"""Saving and loading the state of static programs as PaddlePaddle 3.x does:
`path.pdparams` holds the parameters and `path.pdopt` the optimizer states,
each a pickled dict of name -> NumPy array (paddle.save's format, written
atomically)."""

from __future__ import annotations

import os

import numpy as np

from paddle import _C


def _split_states(names):
    """(parameters, optimizer states) of a program's parameter names: a state
    is named <parameter>_<state>_<n>, after the parameter it belongs to
    (Optimizer._state), as Paddle names them."""
    states = {n for n in names if any(n != p and n.startswith(p + "_") and n.endswith("_0") for p in names)}
    return [n for n in names if n not in states], [n for n in names if n in states]


def save(program, model_path, protocol=4, **configs):
    """Writes the parameters of `program` that the global scope holds to
    `model_path.pdparams` and its optimizer states to `model_path.pdopt`
    (the program itself, `model_path.json`, comes with the export issue).

    Args:
        program (paddle.static.Program): the program whose parameters to save.
        model_path (str): the path prefix.
        protocol (int, optional): the pickle protocol, 2 to 4. Default 4.
    """
    import paddle
    from paddle.static.scope import global_scope

    if not isinstance(program, _C.pir.Program):
        raise TypeError(f"[static.save] program must be a paddle.static.Program, but got {type(program).__name__}")
    if not isinstance(model_path, str) or not model_path or os.path.basename(model_path) == "":
        raise ValueError(f"[static.save] model_path must be a path prefix like dir/model, but got {model_path!r}")
    scope = configs.get("scope") or global_scope()
    param_names, state_names = _split_states([v.name for v in _C.pir.parameters(program)])

    def arrays(names):
        out = {}
        for name in names:
            tensor = scope.find_var(name)
            if tensor is None:
                raise ValueError(f"[static.save] the scope has no parameter '{name}' (run the startup program first)")
            out[name] = tensor.numpy()
        return out

    params, states = arrays(param_names), arrays(state_names)
    rates = _C.pir.learning_rates(program)
    if rates:  # Paddle keeps the optimizer's rate as a variable, and its load asks for it
        states["learning_rate_0"] = np.array(rates[0], dtype=np.float32)
    paddle.save(params, model_path + ".pdparams", protocol=protocol)
    paddle.save(states, model_path + ".pdopt", protocol=protocol)


def load_program_state(model_path, var_list=None):
    """The dict name -> NumPy array saved at `model_path` (.pdparams, and
    .pdopt when present)."""
    import paddle

    params_path = model_path + ".pdparams"
    if not os.path.exists(params_path):
        raise FileNotFoundError(f"[static.load] no parameter file {params_path!r}")
    state = dict(paddle.load(params_path, return_numpy=True))
    if os.path.exists(model_path + ".pdopt"):
        state.update(paddle.load(model_path + ".pdopt", return_numpy=True))
        state.pop("learning_rate_0", None)  # a constant of our programs' update ops
    if var_list is not None:
        names = {v if isinstance(v, str) else v.name for v in var_list}
        state = {k: v for k, v in state.items() if k in names}
    return state


def set_program_state(program, state_dict, scope=None):
    """Puts the arrays of state_dict into the scope (the global one when
    None) under the names of program's parameters; ValueError naming the
    parameter for a missing one or a shape or dtype that differs."""
    from paddle.static.scope import global_scope

    scope = scope if scope is not None else global_scope()
    for value in _C.pir.parameters(program):
        name = value.name
        if name not in state_dict:
            raise ValueError(f"[static.load] the saved state has no '{name}'")
        array = np.asarray(state_dict[name])
        if list(array.shape) != list(value.shape):
            raise ValueError(f"[static.load] '{name}' was saved with shape {list(array.shape)}, but the program's "
                             f"parameter has shape {list(value.shape)}")
        # (straight to a tensor: in static mode the op functions build ops)
        scope.set_var(name, _C.Tensor._from_numpy(np.ascontiguousarray(array.astype(value.dtype.name)), None))


def load(program, model_path, executor=None, var_list=None):
    """Loads what static.save wrote at `model_path` into the global scope,
    for the parameters (and optimizer states) of `program`."""
    set_program_state(program, load_program_state(model_path, var_list))
