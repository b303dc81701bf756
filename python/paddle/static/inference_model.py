"""Inference models in PaddlePaddle 3.x's files: `path.json`, the program as
Paddle's program JSON (Note [Program JSON] in paddle/serialize/program_json.h),
and `path.pdiparams`, its parameters as Paddle's tensor stream, sorted by
name (Note [Tensor stream]). Both are written atomically."""

from __future__ import annotations

import os

from paddle import _C

_Value = _C.pir.Value


def _values(values, op, arg):
    values = [values] if isinstance(values, _Value) else values
    if not isinstance(values, (list, tuple)) or not values or not all(isinstance(v, _Value) for v in values):
        raise TypeError(f"[{op}] {arg} must be a Value or a non-empty list of Values of the program")
    return list(values)


def _check_prefix(path_prefix, op):
    if not isinstance(path_prefix, str) or not path_prefix or os.path.basename(path_prefix) == "":
        raise ValueError(f"[{op}] path_prefix must be a path prefix like dir/model, but got {path_prefix!r}")


def _parameter_names(program):
    return sorted(v.name for v in _C.pir.parameters(program))


def save_inference_model(path_prefix, feed_vars, fetch_vars, executor, **kwargs):
    """Writes the part of a program that computes `fetch_vars` from
    `feed_vars` as an inference model: `path_prefix.json` and
    `path_prefix.pdiparams` (no parameter file when it has no parameters), as
    PaddlePaddle 3.x writes them. The program is pruned to what the fetches
    need, set to test mode (batch norms use their running statistics,
    dropout passes its input) and ends with a pd_op.fetch per fetch.

    Args:
        path_prefix (str): the path prefix, e.g. "dir/model".
        feed_vars (Value|list): the inputs (paddle.static.data values).
        fetch_vars (Value|list): the outputs.
        executor (Executor): the executor whose scope holds the parameters.
        program (Program, optional): the program; the default main program when None.
        trainable (bool, optional): whether the file records the values' stop_gradient. Default True.
        readable (bool, optional): indent the JSON. Default False.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import paddle
        >>> paddle.enable_static()
        >>> main, startup = paddle.static.Program(), paddle.static.Program()
        >>> with paddle.static.program_guard(main, startup):
        ...     x = paddle.static.data("x", [-1, 4], "float32")
        ...     y = paddle.static.nn.fc(x, 2, activation="relu")
        >>> exe = paddle.static.Executor()
        >>> _ = exe.run(startup)
        >>> prefix = os.path.join(tempfile.mkdtemp(), "model")
        >>> paddle.static.save_inference_model(prefix, [x], [y], exe, program=main)
        >>> sorted(os.listdir(os.path.dirname(prefix)))
        ['model.json', 'model.pdiparams']
        >>> program, feeds, fetches = paddle.static.load_inference_model(prefix, exe)
        >>> feeds
        ['x']
        >>> paddle.disable_static()
    """
    import paddle
    from paddle.serialization import _atomic_write
    from paddle.static.program import default_main_program
    from paddle.static.scope import global_scope

    op = "save_inference_model"
    _check_prefix(path_prefix, op)
    feeds, fetches = _values(feed_vars, op, "feed_vars"), _values(fetch_vars, op, "fetch_vars")
    if not isinstance(executor, paddle.static.Executor):
        raise TypeError(f"[{op}] executor must be a paddle.static.Executor, but got {type(executor).__name__}")
    unknown = set(kwargs) - {"program", "trainable", "readable", "scope"}
    if unknown:
        raise TypeError(f"[{op}] unexpected keyword arguments: {sorted(unknown)}")
    program = kwargs.get("program") or default_main_program()
    scope = kwargs.get("scope") or global_scope()
    inference = _C.serialize.inference_program(program, feeds, fetches)
    text = _C.serialize.program_to_json(inference, bool(kwargs.get("trainable", True)),
                                        4 if kwargs.get("readable", False) else -1)
    tensors = []
    for name in _parameter_names(inference):
        tensor = scope.find_var(name)
        if tensor is None:
            raise ValueError(f"[{op}] the scope has no parameter '{name}' (run the startup program first)")
        tensors.append(tensor)
    directory = os.path.dirname(os.path.abspath(path_prefix))
    os.makedirs(directory, exist_ok=True)
    if tensors:
        data = _C.serialize.tensors_to_bytes(tensors)
        _atomic_write(path_prefix + ".pdiparams", lambda f: f.write(data))
    _atomic_write(path_prefix + ".json", lambda f: f.write(text.encode("utf-8")))


def load_inference_model(path_prefix, executor, **kwargs):
    """Reads an inference model that save_inference_model (ours or
    PaddlePaddle 3.x's) wrote: puts its parameters into the global scope and
    returns [program, feed_target_names, fetch_targets], the names of its
    inputs and the values its pd_op.fetch ops output, for
    executor.run(program, feed={name: array}, fetch_list=fetch_targets).

    Args:
        path_prefix (str): the path prefix the files were written with.
        executor (Executor): the executor to run the program with.

    Raises FileNotFoundError for a missing file, and ValueError naming the
    file for a malformed or truncated one, or the op, attribute or type this
    framework does not have.
    """
    import paddle
    from paddle.static.scope import global_scope

    op = "load_inference_model"
    _check_prefix(path_prefix, op)
    if not isinstance(executor, paddle.static.Executor):
        raise TypeError(f"[{op}] executor must be a paddle.static.Executor, but got {type(executor).__name__}")
    json_path = path_prefix + ".json"
    if not os.path.isfile(json_path):
        raise FileNotFoundError(f"[{op}] no model file {json_path}")
    with open(json_path, "rb") as f:
        text = f.read().decode("utf-8", errors="replace")
    program = _C.serialize.program_from_json(text, json_path)
    names = _parameter_names(program)
    if names:
        params_path = path_prefix + ".pdiparams"
        if not os.path.isfile(params_path):
            raise FileNotFoundError(f"[{op}] {json_path} has {len(names)} parameters but there is no {params_path}")
        with open(params_path, "rb") as f:
            tensors = _C.serialize.tensors_from_bytes(f.read(), len(names), params_path)
        scope = kwargs.get("scope") or global_scope()
        for name, tensor in zip(names, tensors):
            scope.set_var(name, tensor)
    feeds, fetches = _C.serialize.inputs_and_outputs(program)
    return [program, feeds, fetches]
