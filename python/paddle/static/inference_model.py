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


def _program_of(kwargs):
    from paddle.static.program import default_main_program

    program = kwargs.get("program") or default_main_program()
    if not isinstance(program, _C.pir.Program):
        raise TypeError(f"program must be a paddle.static.Program, but got {type(program).__name__}")
    return program


def _parameter_tensors(program, scope, op):
    """The scope's tensors of the program's parameters, sorted by name."""
    tensors = []
    for name in _parameter_names(program):
        tensor = scope.find_var(name)
        if tensor is None:
            raise ValueError(f"[{op}] the scope has no parameter '{name}' (run the startup program first)")
        tensors.append(tensor)
    return tensors


def normalize_program(program, feed_vars, fetch_vars, **kwargs):
    """The program save_inference_model writes: a copy of `program` pruned to
    what `fetch_vars` need from `feed_vars`, in test mode, ending with one
    pd_op.fetch per fetch.

    Args:
        program (Program): the program.
        feed_vars (Value|list): its inputs (paddle.static.data values).
        fetch_vars (Value|list): its outputs.

    Returns:
        Program: the normalized copy.
    """
    if not isinstance(program, _C.pir.Program):
        raise TypeError(f"[normalize_program] program must be a paddle.static.Program, but got "
                        f"{type(program).__name__}")
    return _C.serialize.inference_program(program, _values(feed_vars, "normalize_program", "feed_vars"),
                                          _values(fetch_vars, "normalize_program", "fetch_vars"))


def serialize_program(feed_vars, fetch_vars, **kwargs):
    """The normalized program (normalize_program) of `program` (default: the
    default main program) as the bytes of PaddlePaddle 3.x's program JSON.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [2], "float32")
        ...     y = paddle.exp(x)
        >>> data = paddle.static.serialize_program([x], [y], program=main)
        >>> data[:34]
        b'{"base_code":{"magic":"pir","train'
        >>> print(paddle.static.deserialize_program(data))  # doctest: +ELLIPSIS
        {
            (%0) = "pd_op.data" () ...
        >>> paddle.disable_static()
    """
    program = normalize_program(_program_of(kwargs), feed_vars, fetch_vars)
    return _C.serialize.program_to_json(program, bool(kwargs.get("trainable", True))).encode("utf-8")


def deserialize_program(data):
    """The program of serialize_program's bytes (or a model's .json file's)."""
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"[deserialize_program] data must be bytes, but got {type(data).__name__}")
    return _C.serialize.program_from_json(bytes(data).decode("utf-8", errors="replace"), "the serialized program")


def serialize_persistables(feed_vars, fetch_vars, executor, **kwargs):
    """The parameters of the normalized program, from the global scope, as
    the bytes of PaddlePaddle 3.x's parameter file (sorted by name)."""
    from paddle.static.scope import global_scope

    program = normalize_program(_program_of(kwargs), feed_vars, fetch_vars)
    return _C.serialize.tensors_to_bytes(_parameter_tensors(program, kwargs.get("scope") or global_scope(),
                                                            "serialize_persistables"))


def deserialize_persistables(program, data, executor):
    """Puts the parameters serialize_persistables wrote for `program` (a
    normalized or deserialized program) into the global scope."""
    from paddle.static.scope import global_scope

    if not isinstance(program, _C.pir.Program):
        raise TypeError(f"[deserialize_persistables] program must be a paddle.static.Program, but got "
                        f"{type(program).__name__}")
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"[deserialize_persistables] data must be bytes, but got {type(data).__name__}")
    names = _parameter_names(program)
    tensors = _C.serialize.tensors_from_bytes(bytes(data), len(names), "the serialized parameters")
    scope = global_scope()
    for name, tensor in zip(names, tensors):
        scope.set_var(name, tensor)


def save_to_file(path, content):
    """Writes `content` (bytes) to `path`, atomically."""
    from paddle.serialization import _atomic_write

    if not isinstance(content, (bytes, bytearray)):
        raise TypeError(f"[save_to_file] content must be bytes, but got {type(content).__name__}")
    _atomic_write(path, lambda f: f.write(content))


def load_from_file(path):
    """The bytes of the file at `path`."""
    with open(path, "rb") as f:
        return f.read()


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
    from paddle.static.scope import global_scope

    op = "save_inference_model"
    _check_prefix(path_prefix, op)
    if not isinstance(executor, paddle.static.Executor):
        raise TypeError(f"[{op}] executor must be a paddle.static.Executor, but got {type(executor).__name__}")
    unknown = set(kwargs) - {"program", "trainable", "readable", "scope"}
    if unknown:
        raise TypeError(f"[{op}] unexpected keyword arguments: {sorted(unknown)}")
    inference = _C.serialize.inference_program(_program_of(kwargs), _values(feed_vars, op, "feed_vars"),
                                               _values(fetch_vars, op, "fetch_vars"))
    scope = kwargs.get("scope") or global_scope()
    write_model(path_prefix, inference, _parameter_tensors(inference, scope, op), bool(kwargs.get("trainable", True)),
                bool(kwargs.get("readable", False)))


def write_model(path_prefix, inference, tensors, trainable=True, readable=False):
    """Writes an inference program (normalized) to path_prefix.json and its parameters' tensors (in the order of
    their sorted names) to path_prefix.pdiparams (none when it has none), each atomically."""
    text = _C.serialize.program_to_json(inference, trainable, 4 if readable else -1)
    os.makedirs(os.path.dirname(os.path.abspath(path_prefix)), exist_ok=True)
    if tensors:
        save_to_file(path_prefix + ".pdiparams", _C.serialize.tensors_to_bytes(tensors))
    save_to_file(path_prefix + ".json", text.encode("utf-8"))


def read_model(path_prefix, op):
    """The program of path_prefix.json, its parameters' sorted names and their tensors (from
    path_prefix.pdiparams). FileNotFoundError for a missing file, ValueError naming a malformed one."""
    return read_model_files(path_prefix + ".json", path_prefix + ".pdiparams", op)


def read_model_files(json_path, params_path, op):
    """read_model of a program file and a parameter file by their paths (params_path unused when the program
    has no parameters); the C++ reader's (serialize::ReadInferenceModel)."""
    try:
        return _C.serialize.read_model(json_path, params_path or "", op)
    except ValueError as e:  # the reader's NotFound: a missing file is FileNotFoundError here
        if f"[{op}] no model file" in str(e) or "there is no parameter file" in str(e):
            raise FileNotFoundError(str(e)) from e
        raise


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
    program, names, tensors = read_model(path_prefix, op)
    scope = kwargs.get("scope") or global_scope()
    for name, tensor in zip(names, tensors):
        scope.set_var(name, tensor)
    feeds, fetches, *_ = _C.serialize.inputs_and_outputs(program)
    return [program, feeds, fetches]
