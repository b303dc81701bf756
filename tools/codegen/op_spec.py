"""Parses op YAML entries into OpSpec objects: the one model every emitter uses."""

from __future__ import annotations

import dataclasses
import json
import os
import re
from typing import Any

import yaml

from . import gen_kernels, paddle_map
from .paddle_map import PaddleMap

# YAML arg type -> (C++ API parameter type, kernel/infer-meta parameter type)
ARG_TYPES = {
    "Tensor": ("const Tensor&", "const phi::DenseTensor&"),
    "Tensor[]": ("const std::vector<Tensor>&", "const std::vector<const phi::DenseTensor*>&"),
    "Scalar": ("const phi::Scalar&", "const phi::Scalar&"),
    "IntArray": ("const phi::IntArray&", "const phi::IntArray&"),
    "int64_t[]": ("const std::vector<int64_t>&", "const std::vector<int64_t>&"),
    "double[]": ("const std::vector<double>&", "const std::vector<double>&"),
    "int": ("int", "int"),
    "int64_t": ("int64_t", "int64_t"),
    "float": ("float", "float"),
    "double": ("double", "double"),
    "bool": ("bool", "bool"),
    "str": ("const std::string&", "const std::string&"),
    "DataType": ("paddle::DataType", "paddle::DataType"),
    "Place": ("const paddle::Place&", "const paddle::Place&"),
}

_ARG_RE = re.compile(r"^\s*(?P<type>[A-Za-z_][\w]*(\[\])?)\s+(?P<name>\w+)\s*(=\s*(?P<default>.+?))?\s*$")
_OUTPUT_RE = re.compile(r"^\s*Tensor(?P<list>\[\])?\((?P<name>\w+)\)\s*$")
_KNOWN_FIELDS = {"op", "args", "output", "infer_meta", "kernel", "promote", "python", "doc", "backward",
                 "decomposition", "inplace", "paddle", "amp", "integers"}
_KERNEL_FIELDS = {"data_type", "backend", "strided", "view", "dtypes"}
_PYTHON_FIELDS = {"module", "method", "internal", "aliases"}

# Note [Keyword aliases]: the torch-style keywords Paddle 3.x takes for its
# conventional argument names, on every public op that has such an argument
# (the YAML's python.aliases adds an op's own, e.g. {shape: size}).
DEFAULT_ALIASES = {"x": "input", "y": "other", "axis": "dim"}


class SpecError(ValueError):
    """A malformed op entry; the message names the op and the field."""


@dataclasses.dataclass(frozen=True)
class Arg:
    type: str
    name: str
    default: str | None  # C++ expression, None when required

    @property
    def is_tensor(self) -> bool:
        return self.type in ("Tensor", "Tensor[]")

    @property
    def api_type(self) -> str:
        return ARG_TYPES[self.type][0]

    @property
    def kernel_type(self) -> str:
        return ARG_TYPES[self.type][1]


# The infer-metas of elementwise maps: the result has the (broadcast) shape
# of the operands, element for element.
POINTWISE_INFER_METAS = {"ElementwiseInferMeta", "UnchangedInferMeta", "FloatingUnchangedInferMeta",
                         "CompareInferMeta", "LogicalNotInferMeta", "CastInferMeta", "WhereInferMeta",
                         "RealInferMeta"}


@dataclasses.dataclass(frozen=True)
class OpSpec:
    name: str
    args: tuple[Arg, ...]
    outputs: tuple[str, ...]  # the first is the differentiable one; see parse_outputs
    infer_meta: str
    infer_meta_params: tuple[str, ...]  # the args infer-meta receives, in order
    data_type_arg: Arg
    backend_arg: Arg | None
    strided: bool
    view: bool
    promote: tuple[str, ...]
    python_modules: tuple[str, ...]
    python_methods: tuple[str, ...]
    doc: str
    # Note [Keyword aliases]: argument name -> the other keyword it may be passed by.
    aliases: dict = dataclasses.field(default_factory=dict)
    # input name (or "a, b, ..." for a formula returning a tuple of their
    # gradients) -> C++ expression (see gen_eager.py); None for an op
    # without gradient formulas.
    backward: dict | None = None
    # A C++ expression over other ops computing this one (Note [Decompositions]
    # in gen_eager.py); None for an op that only has kernels.
    decomposition: str | None = None
    # False for an op that is only its decomposition (a composite).
    has_kernel: bool = True
    # input name -> the output written into its memory, for in-place ops
    # (every output of such an op is one of its inputs); empty otherwise.
    inplace: dict = dataclasses.field(default_factory=dict)
    # True for `output: Tensor[](out)`: a list of tensors whose length
    # infer-meta decides (split). Such an op has that one output.
    list_output: bool = False
    # The PaddlePaddle 3.x op it is (paddle_map.py).
    paddle: PaddleMap | None = None
    # Under paddle.amp.auto_cast: "low" runs in float16/bfloat16, "float32"
    # in float32; None follows the inputs (paddle/autograd/amp.h).
    amp: str | None = None
    # backend ("CPU"/"GPU") -> the dtypes its kernels are registered for, or
    # "any" (Note [Kernel dtypes] in gen_kernels.py); empty for a composite.
    kernel_dtypes: dict = dataclasses.field(default_factory=dict)
    # Note [Integer inputs]: what an op with floating kernels does with an integer or bool input, as
    # Paddle's math ops do: "to_float" computes in the default float dtype (exp, sqrt, sin...),
    # "unchanged" returns a copy of it (floor, ceil, round, trunc); None: no kernel, a clear error.
    integers: str | None = None
    # The YAML file's stem (elementwise, nn, ...): generated code is split
    # into one translation unit per family, so editing one op rebuilds one.
    family: str = ""

    @property
    def pointwise(self) -> bool:
        """Whether element i of the one result reads only element i of each
        operand of the result's shape, so the result may be written over
        such an operand (Note [In-place] in buffer_reuse_pass.cc)."""
        return (self.has_kernel and not self.inplace and not self.list_output and not self.view
                and len(self.outputs) == 1 and self.family in ("elementwise", "activation")
                and self.infer_meta in POINTWISE_INFER_METAS)

    @property
    def is_inplace(self) -> bool:
        return bool(self.inplace)

    @property
    def takes_out(self) -> bool:
        """Whether the Python op has Paddle 3.x's out= (Note [Output arguments]
        in paddle/autograd/inplace.h): a public op returning new tensors."""
        return bool(self.python_modules or self.python_methods) and not self.inplace and not self.list_output

    @property
    def is_composite(self) -> bool:
        """An op without kernels: it always runs as its decomposition, and its
        gradients come from the decomposition's parts."""
        return not self.has_kernel

    @property
    def output(self) -> str:
        return self.outputs[0]

    @property
    def tensor_args(self) -> list[Arg]:
        return [a for a in self.args if a.is_tensor]

    @property
    def kernel_args(self) -> list[Arg]:
        """Args passed to infer-meta and the kernel: all but the Place."""
        return [a for a in self.args if a.type != "Place"]


def backward_names(key: str) -> list[str]:
    """The inputs a backward formula gives gradients for: `x`, or `q, k, v` for a formula that
    returns a std::tuple of their gradients in that order (one kernel computing them together)."""
    return [name.strip() for name in str(key).split(",")]


def _fail(op: str, msg: str) -> None:
    raise SpecError(f"[{op}] {msg}")


def parse_args(op: str, text: str) -> tuple[Arg, ...]:
    text = text.strip()
    if not (text.startswith("(") and text.endswith(")")):
        _fail(op, f"args must be parenthesised, got {text!r}")
    body = text[1:-1].strip()
    args = []
    for piece in _split_top_level(body) if body else []:
        m = _ARG_RE.match(piece)
        if not m:
            _fail(op, f"cannot parse argument {piece!r}")
        if m["type"] not in ARG_TYPES:
            _fail(op, f"argument {m['name']!r} has unknown type {m['type']!r}; known: {sorted(ARG_TYPES)}")
        args.append(Arg(m["type"], m["name"], m["default"]))
    names = [a.name for a in args]
    if len(set(names)) != len(names):
        _fail(op, f"duplicate argument names in {names}")
    return tuple(args)


def parse_outputs(op: str, text: str) -> tuple[str, ...]:
    """`Tensor(out)` or `Tensor(out), Tensor(indices), ...`. Gradients flow
    through the first output only; the others (indices, saved statistics)
    are results the backward formulas may read by name. `Tensor[](out)`
    (alone) is a list of outputs; see is_list_output."""
    names = []
    for piece in _split_top_level(str(text)):
        m = _OUTPUT_RE.match(piece)
        if not m:
            _fail(op, f"output must be Tensor(name)[, Tensor(name)...] or Tensor[](name), got {text!r}")
        names.append(m["name"])
    if len(set(names)) != len(names):
        _fail(op, f"duplicate output names in {names}")
    if is_list_output(text) and len(names) != 1:
        _fail(op, "a Tensor[] output must be the op's only output")
    return tuple(names)


def is_list_output(text: str) -> bool:
    return any((m := _OUTPUT_RE.match(piece)) and m["list"] for piece in _split_top_level(str(text)))


def _split_top_level(body: str) -> list[str]:
    """Splits on commas not inside braces, so defaults like {1, 2} survive."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(body[start:i])
            start = i + 1
    parts.append(body[start:])
    return [p.strip() for p in parts]


def _as_list(value: Any) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def parse_op(entry: dict) -> OpSpec:
    op = entry.get("op")
    if not isinstance(op, str) or not op.isidentifier():
        raise SpecError(f"entry without a valid 'op' name: {entry!r}")
    unknown = set(entry) - _KNOWN_FIELDS
    if unknown:
        _fail(op, f"unknown fields {sorted(unknown)}")
    for field in ("args", "output", "infer_meta"):
        if field not in entry:
            _fail(op, f"missing field '{field}'")
    args = parse_args(op, entry["args"])
    by_name = {a.name: a for a in args}

    infer_meta = entry["infer_meta"]
    if isinstance(infer_meta, str):
        infer_meta = {"func": infer_meta}
    if not isinstance(infer_meta, dict) or set(infer_meta) - {"func", "param"} or "func" not in infer_meta:
        _fail(op, "infer_meta must be a function name or {func: ..., param: [...]}")
    default_params = [a.name for a in args if a.type != "Place"]
    infer_meta_params = tuple(_as_list(infer_meta.get("param", default_params)))
    for name in infer_meta_params:
        if name not in by_name:
            _fail(op, f"infer_meta.param names {name!r}, which is not an argument")

    outputs = parse_outputs(op, entry["output"])
    clash = set(outputs) & set(by_name)
    if clash:
        _fail(op, f"output names {sorted(clash)} clash with argument names")

    decomposition = entry.get("decomposition")
    if decomposition is not None and (not isinstance(decomposition, str) or not decomposition.strip()):
        _fail(op, "decomposition must be a C++ expression")
    # An op with a decomposition has kernels only where `kernel:` says so.
    has_kernel = decomposition is None or "kernel" in entry
    if not has_kernel:
        for field in ("promote", "backward", "inplace"):
            if field in entry:
                _fail(op, f"an op without kernels takes no '{field}': its decomposition's parts provide it")

    kernel = entry.get("kernel") or {}
    if set(kernel) - _KERNEL_FIELDS:
        _fail(op, f"unknown kernel fields {sorted(set(kernel) - _KERNEL_FIELDS)}")
    tensors = [a for a in args if a.is_tensor]
    if not tensors and "backend" not in kernel and has_kernel:
        _fail(op, "an op without tensor inputs needs kernel.backend")
    dtypes = [a.name for a in args if a.type == "DataType"]
    data_type_name = kernel.get("data_type", tensors[0].name if tensors else dtypes[0] if dtypes else None)
    if data_type_name not in by_name:
        _fail(op, f"kernel.data_type {data_type_name!r} is not an argument")
    data_type_arg = by_name[data_type_name]
    if not (data_type_arg.is_tensor or data_type_arg.type == "DataType"):
        _fail(op, "kernel.data_type must name a Tensor or DataType argument")
    backend_arg = None
    if "backend" in kernel:
        backend_arg = by_name.get(kernel["backend"])
        if backend_arg is None or backend_arg.type != "Place":
            _fail(op, "kernel.backend must name a Place argument")

    kernel_dtypes = {}
    if has_kernel:
        if "dtypes" not in kernel:
            _fail(op, "missing kernel.dtypes: the dtypes its kernels serve (Note [Kernel dtypes] in "
                      "tools/codegen/gen_kernels.py)")
        try:
            kernel_dtypes = gen_kernels.parse(kernel["dtypes"])
        except gen_kernels.DtypeError as e:
            _fail(op, f"kernel.dtypes: {e}")

    promote = tuple(_as_list(entry.get("promote")))
    for name in promote:
        if name not in by_name or not by_name[name].is_tensor:
            _fail(op, f"promote names {name!r}, which is not a Tensor argument")

    integers = entry.get("integers")
    if integers not in (None, "to_float", "unchanged"):
        _fail(op, f"integers must be to_float or unchanged (absent: no integer kernels), got {integers!r}")
    tensor_names = [a.name for a in args if a.is_tensor]
    if integers == "unchanged" and len(tensor_names) != 1:
        _fail(op, "integers: unchanged applies to ops with one Tensor argument")
    if integers == "to_float" and len(tensor_names) != 1 and set(tensor_names) != set(entry.get("promote") or ()):
        _fail(op, "integers: to_float applies to ops with one Tensor argument, or whose Tensor arguments are all "
                  "promoted (then integer inputs promote to the default float dtype)")

    python = entry.get("python") or {}
    if set(python) - _PYTHON_FIELDS:
        _fail(op, f"unknown python fields {sorted(set(python) - _PYTHON_FIELDS)}")
    internal = bool(python.get("internal", False))
    modules = () if internal else tuple(_as_list(python.get("module", "paddle")))
    method = python.get("method", not internal)
    if method is True:
        methods = (op,)
    elif method is False:
        methods = ()
    else:
        methods = tuple(_as_list(method))

    aliases = _parse_aliases(op, python.get("aliases"), args, public=bool(modules) or bool(methods))

    backward = entry.get("backward")
    if backward is not None:
        if not isinstance(backward, dict) or not backward:
            _fail(op, "backward must map input names to gradient expressions")
        seen = set()
        for key, expr in backward.items():
            names = backward_names(key)
            for name in names:
                if name not in by_name or not by_name[name].is_tensor:
                    _fail(op, f"backward names {name!r}, which is not a Tensor argument")
                if len(names) > 1 and by_name[name].type != "Tensor":
                    _fail(op, f"backward key {key!r}: a formula for several inputs takes single Tensors only")
                if name in seen:
                    _fail(op, f"backward gives input {name!r} more than one formula")
                seen.add(name)
            if not isinstance(expr, str) or not expr.strip():
                _fail(op, f"backward.{key} must be a C++ expression")

    inplace = _parse_inplace(op, entry.get("inplace"), by_name, outputs, promote, backward)
    list_output = is_list_output(entry["output"])
    if list_output and (inplace or backward is None):
        _fail(op, "an op with a Tensor[] output needs backward formulas and cannot be in place")
    if list_output and any(re.search(rf"\b{outputs[0]}\b", e) for e in backward.values()):
        _fail(op, f"backward formulas of a Tensor[] output op read grad (a list), not {outputs[0]!r}")
    if decomposition is not None and (inplace or list_output):
        _fail(op, "in-place ops and ops with a Tensor[] output take no decomposition")
    amp = entry.get("amp")
    if amp not in (None, "low", "float32"):
        _fail(op, f"amp must be low or float32 (absent: the op follows its inputs), got {amp!r}")
    if "paddle" not in entry:
        _fail(op, "missing field 'paddle' (the PaddlePaddle op it is; see tools/codegen/paddle_map.py)")
    try:
        paddle = paddle_map.parse(entry["paddle"])
    except paddle_map.PaddleMapError as e:
        _fail(op, str(e))

    return OpSpec(
        name=op,
        args=args,
        outputs=outputs,
        infer_meta=infer_meta["func"],
        infer_meta_params=infer_meta_params,
        data_type_arg=data_type_arg,
        backend_arg=backend_arg,
        strided=bool(kernel.get("strided", False)),
        view=bool(kernel.get("view", False)),
        promote=promote,
        integers=integers,
        python_modules=modules,
        python_methods=methods,
        aliases=aliases,
        doc=str(entry.get("doc", "")).strip(),
        backward=backward,
        decomposition=decomposition.strip() if decomposition else None,
        has_kernel=has_kernel,
        inplace=inplace,
        list_output=list_output,
        paddle=paddle,
        amp=amp,
        kernel_dtypes=kernel_dtypes,
    )


def _parse_aliases(op: str, declared: Any, args: list[Arg], public: bool) -> dict:
    """Note [Keyword aliases]: the defaults for the op's arguments plus
    `python: {aliases: {arg: alias}}`; an alias never shadows an argument."""
    if declared is not None and (not isinstance(declared, dict)
                                 or not all(isinstance(v, str) for v in declared.values())):
        _fail(op, "python.aliases must map argument names to alias names")
    names = {a.name for a in args}
    for arg in declared or {}:
        if arg not in names:
            _fail(op, f"python.aliases names {arg!r}, which is not an argument")
    if not public:
        return dict(declared or {})
    merged = {arg: alias for arg, alias in DEFAULT_ALIASES.items() if arg in names}
    merged.update(declared or {})
    taken = names | {"name", "out"}
    return {arg: alias for arg, alias in merged.items() if alias not in taken}


def _parse_inplace(op: str, inplace: Any, by_name: dict, outputs: tuple[str, ...], promote: tuple[str, ...],
                   backward: Any) -> dict:
    """`inplace: {input: output, ...}`; see Note [In-place ops] in gen_api.py."""
    if inplace is None:
        return {}
    if not isinstance(inplace, dict) or not inplace:
        _fail(op, "inplace must map input names to the outputs written into them")
    for name, out in inplace.items():
        if name not in by_name or by_name[name].type != "Tensor":
            _fail(op, f"inplace names {name!r}, which is not a Tensor argument")
        if out not in outputs:
            _fail(op, f"inplace maps {name!r} to {out!r}, which is not an output")
        if name in promote:
            _fail(op, f"inplace input {name!r} cannot be promoted: its dtype is fixed")
    if sorted(inplace.values()) != sorted(outputs):
        _fail(op, f"an in-place op writes every output into an input; outputs {list(outputs)}, "
                  f"inplace targets {sorted(inplace.values())}")
    if backward is not None:
        _fail(op, "an in-place op has no backward: it runs outside the autograd graph")
    if not op.endswith("_"):
        _fail(op, "an in-place op's name ends with '_', as Paddle's do")
    return dict(inplace)


def family_of(path: str) -> str:
    """The family a YAML file defines: its file name without the extension."""
    return os.path.splitext(os.path.basename(path))[0]


def load_ops(paths: list[str], check_paddle: bool = True) -> list[OpSpec]:
    ops: list[OpSpec] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            entries = yaml.safe_load(f) or []
        if not isinstance(entries, list):
            raise SpecError(f"{path}: expected a list of op entries")
        family = family_of(path)
        if not family.isidentifier():
            raise SpecError(f"{path}: the file name must be an identifier (it names the generated files)")
        ops.extend(dataclasses.replace(parse_op(e), family=family) for e in entries)
    names = [o.name for o in ops]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise SpecError(f"ops defined more than once: {dupes}")
    if paths and check_paddle:
        check_paddle_maps(ops, signatures_path(paths[0]))
    return ops


def signatures_path(yaml_path: str) -> str:
    """PaddlePaddle's op signatures, beside the folder of the op YAML."""
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(yaml_path))), "pd_op_signatures.json")


def check_paddle_maps(ops: list[OpSpec], path: str) -> None:
    """Every `paddle:` field, those naming a Paddle op against its signature."""
    signatures = {}
    if any(o.paddle.op is not None for o in ops):
        if not os.path.exists(path):
            raise SpecError(f"{path} is missing: write it with tools/paddle_compat/extract_pd_ops.py")
        with open(path, encoding="utf-8") as f:
            signatures = json.load(f)["ops"]
    for o in ops:
        try:
            paddle_map.check(o, signatures)
        except paddle_map.PaddleMapError as e:
            _fail(o.name, str(e))
