"""The `paddle:` field of an op entry: which PaddlePaddle 3.x op it is, and
how its arguments and outputs correspond, so that programs export to and
import from Paddle's `pd_op.*` ops from the YAML alone (no compat table).

Forms:
    paddle: exp                   the Paddle op of that name; every Paddle input and
                                  attribute is our argument of the same name (and the other
                                  way round); outputs correspond in order
    paddle:
      op: conv2d                  the Paddle op
      args: {input: x, ...}       every Paddle input and attribute, in Paddle's order, bound to:
                                    name               our argument
                                    1, 2.5, false, []  a constant
                                    {const: "NCHW"}    a constant (strings must be written so)
                                    {arg: p, permute: [0, 2, 1, 3]}   our list argument reordered:
                                                       Paddle's [i] = ours[permute[i]]
                                    {arg: p, symmetric: 4}   (with or without permute) a list of 4
                                                       that Paddle may also give half as long,
                                                       each entry for a pair: [a, b] is [a, a, b, b]
                                    {arg: p, if_empty: [1, 1]}   (with the above) what Paddle is
                                                       given where our list is empty
                                    {arg: m, values: {true: a, false: b}}  a value mapped
                                    {repeat: 1, like: axes}  a list of that constant, as long as `like`
                                    null               an optional Paddle input left empty
      outputs: {loss: loss, lse: null}   ours -> Paddle's (null: Paddle has no such output);
                                  by default in order
      extra: {reserve_space: {dtype: uint8}}   Paddle's outputs ours lacks, and the tensor the
                                  writer declares for each: of `dtype` (default: the first
                                  input's) with the first input's dims before the attribute
                                  `dims_before` names, or all its dims (`like_input: true`), or
                                  one dim of -1
      rank: 4                     only for a first input of this rank (pool2d of our rank-generic
                                  pools); the writer keeps other ranks in our signature
    paddle: {decompose: why}      exported as its decomposition (which maps op by op)
    paddle: {none: why}           no Paddle counterpart, and why that is fine

The generator checks each field against paddle/phi/ops/pd_op_signatures.json
(written from an installed Paddle by tools/paddle_compat/extract_pd_ops.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

PADDLE_FIELDS = {"op", "args", "outputs", "extra", "rank"}
LIST_FIELDS = {"arg", "permute", "symmetric", "if_empty"}  # a list of ours in Paddle's form
BINDING_FORMS = ({"const"}, {"arg", "values"}, {"repeat", "like"})
EXTRA_FIELDS = {"dtype", "dims_before", "like_input"}

# A Paddle attribute's C++ type -> the kind it holds.
_PADDLE_KINDS = {
    "bool": "bool", "int": "int", "int64_t": "int", "float": "float", "double": "float",
    "std::vector<int>": "ints", "std::vector<int64_t>": "ints", "std::string": "str",
    "phi::DataType": "dtype", "phi::Place": "place", "phi::Scalar": "float", "phi::IntArray": "ints",
    "std::vector<float>": "floats", "std::vector<double>": "floats",
}
# Our argument types that can fill an attribute of each kind.
_OURS_FOR_KIND = {
    "bool": {"bool"}, "int": {"int", "int64_t"}, "float": {"float", "double", "Scalar", "int", "int64_t"},
    "ints": {"int64_t[]", "IntArray"}, "str": {"str"}, "dtype": {"DataType"}, "place": {"Place"},
    "floats": {"double[]"},
}


@dataclasses.dataclass(frozen=True)
class PaddleMap:
    op: str | None = None  # Paddle's op name without "pd_op."; None for decompose / none
    args: tuple | None = None  # ((paddle name, binding), ...) in Paddle's order; None: by name
    outputs: tuple | None = None  # ((ours, paddle or None), ...); None: in order
    decompose: str | None = None
    none: str | None = None
    extra: tuple | None = None  # ((Paddle's output, {dtype, dims_before}), ...)
    rank: int | None = None


class PaddleMapError(ValueError):
    pass


def parse(value: Any) -> PaddleMap:
    """The field as written; checked against Paddle's signatures by `check`."""
    if isinstance(value, str):
        return PaddleMap(op=value)
    if not isinstance(value, dict):
        raise PaddleMapError(f"paddle must be an op name or a mapping, got {value!r}")
    if set(value) == {"decompose"} or set(value) == {"none"}:
        reason = next(iter(value.values()))
        if not isinstance(reason, str) or not reason.strip():
            raise PaddleMapError(f"paddle.{next(iter(value))} must say why")
        return PaddleMap(**{next(iter(value)): reason.strip()})
    unknown = set(value) - PADDLE_FIELDS
    if unknown or "op" not in value:
        raise PaddleMapError(f"paddle takes op (with args, outputs), decompose or none; got {sorted(value)}")
    args = value.get("args")
    if args is not None and not isinstance(args, dict):
        raise PaddleMapError("paddle.args must map Paddle's inputs and attributes to ours")
    outputs = value.get("outputs")
    if outputs is not None and not isinstance(outputs, dict):
        raise PaddleMapError("paddle.outputs must map our outputs to Paddle's")
    extra = value.get("extra")
    if extra is not None and (not isinstance(extra, dict) or not all(
            isinstance(v, dict) and set(v) <= EXTRA_FIELDS for v in extra.values())):
        raise PaddleMapError(f"paddle.extra must map Paddle's outputs to {{{', '.join(sorted(EXTRA_FIELDS))}}}")
    rank = value.get("rank")
    if rank is not None and (not isinstance(rank, int) or isinstance(rank, bool) or rank < 0):
        raise PaddleMapError("paddle.rank must be a rank")
    return PaddleMap(op=value["op"], args=tuple(args.items()) if args is not None else None,
                     outputs=tuple(outputs.items()) if outputs is not None else None,
                     extra=tuple(extra.items()) if extra is not None else None, rank=rank)


def _kind(cpp_type: str) -> str | None:
    return _PADDLE_KINDS.get(cpp_type.replace(" ", ""))


def _check_const(name: str, value: Any, kind: str | None) -> None:
    ok = {
        "bool": isinstance(value, bool),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "float": isinstance(value, (int, float)) and not isinstance(value, bool),
        "ints": isinstance(value, list) and all(isinstance(v, int) for v in value),
        "floats": isinstance(value, list) and all(isinstance(v, (int, float)) for v in value),
        "str": isinstance(value, str),
    }.get(kind, True)
    if not ok:
        raise PaddleMapError(f"paddle.args.{name}: the constant {value!r} does not fit Paddle's {kind} attribute")


def _bound_args(name: str, binding: Any, by_name: dict, is_input: bool, kind: str | None) -> set[str]:
    """Checks one binding; returns the names of our arguments it reads."""
    if binding is None:
        if not is_input:
            raise PaddleMapError(f"paddle.args.{name}: only an optional input can be left empty (null)")
        return set()
    if isinstance(binding, str):
        if binding not in by_name:
            raise PaddleMapError(f"paddle.args.{name}: {binding!r} is not one of our arguments (a string constant "
                                 f"is written {{const: {binding!r}}})")
        ours = by_name[binding]
        if is_input:
            return {binding}
        if ours.is_tensor:
            raise PaddleMapError(f"paddle.args.{name}: Paddle's attribute cannot take our tensor {binding!r}")
        if kind is not None and ours.type not in _OURS_FOR_KIND.get(kind, {ours.type}):
            raise PaddleMapError(f"paddle.args.{name}: Paddle's {kind} attribute cannot take our {ours.type} "
                                 f"{binding!r}")
        return {binding}
    if isinstance(binding, dict):
        if set(binding) not in BINDING_FORMS and not ("arg" in binding and set(binding) <= LIST_FIELDS):
            raise PaddleMapError(f"paddle.args.{name}: a binding is one of {[sorted(f) for f in BINDING_FORMS]} or "
                                 f"arg with some of {sorted(LIST_FIELDS - {'arg'})}, got {sorted(binding)}")
        if "if_empty" in binding and not (isinstance(binding["if_empty"], list)
                                          and all(isinstance(v, int) for v in binding["if_empty"])):
            raise PaddleMapError(f"paddle.args.{name}: if_empty must be a list of integers")
        if "const" in binding:
            _check_const(name, binding["const"], None if is_input else kind)
            return set()
        if "like" in binding:
            if binding["like"] not in by_name:
                raise PaddleMapError(f"paddle.args.{name}: like names {binding['like']!r}, not one of our arguments")
            return set()
        source = binding["arg"]
        if source not in by_name:
            raise PaddleMapError(f"paddle.args.{name}: arg names {source!r}, not one of our arguments")
        if "permute" in binding and sorted(binding["permute"]) != list(range(len(binding["permute"]))):
            raise PaddleMapError(f"paddle.args.{name}: permute {binding['permute']} is not a permutation")
        full = binding.get("symmetric", 2)
        if isinstance(full, bool) or not isinstance(full, int) or full <= 0 or full % 2:
            raise PaddleMapError(f"paddle.args.{name}: symmetric is the list's full length, a positive even number")
        if "values" in binding and by_name[source].type == "bool" and set(binding["values"]) != {True, False}:
            raise PaddleMapError(f"paddle.args.{name}: values must give both true and false of {source!r}")
        return {source}
    _check_const(name, binding, None if is_input else kind)
    return set()


def check(op, signatures: dict) -> None:
    """Raises PaddleMapError when op.paddle does not fit Paddle's signature
    of the op it names, or when it loses one of our arguments."""
    m = op.paddle
    if m.none is not None:
        return
    if m.decompose is not None:
        if op.decomposition is None:
            raise PaddleMapError("paddle.decompose needs the op's decomposition")
        return
    signature = signatures.get(f"pd_op.{m.op}")
    if signature is None:
        raise PaddleMapError(f"pd_op.{m.op} is not a PaddlePaddle op (paddle/phi/ops/pd_op_signatures.json; "
                             "add it with tools/paddle_compat/extract_pd_ops.py)")
    inputs = list(signature["inputs"])
    attrs = {name: cpp_type for name, cpp_type, _ in signature["attrs"]}
    paddle_names = inputs + list(attrs)
    by_name = {a.name: a for a in op.args}
    if m.args is None:
        ours = [a.name for a in op.args if a.type != "Place"]
        theirs = [n for n in paddle_names if n != "place"]
        if sorted(ours) != sorted(theirs):
            raise PaddleMapError(f"pd_op.{m.op} takes {theirs}, ours {ours}: bind them with paddle.args")
        bindings = [(n, n) for n in paddle_names if n in by_name]
    else:
        bindings = list(m.args)
        if [n for n, _ in bindings] != paddle_names:
            raise PaddleMapError(f"paddle.args must bind pd_op.{m.op}'s inputs and attributes in its order "
                                 f"{paddle_names}, got {[n for n, _ in bindings]}")
    used = set()
    for name, binding in bindings:
        used |= _bound_args(name, binding, by_name, name in inputs, _kind(attrs.get(name, "")))
    lost = [a.name for a in op.args if a.type != "Place" and a.name not in used]
    if lost:
        raise PaddleMapError(f"our arguments {lost} reach no input or attribute of pd_op.{m.op}")
    their_outputs = list(signature["outputs"])
    extra = dict(m.extra or ())
    if m.outputs is None:
        if len(op.outputs) != len(their_outputs) or extra:
            raise PaddleMapError(f"pd_op.{m.op} has outputs {their_outputs}, ours {list(op.outputs)}: map them "
                                 "with paddle.outputs")
        return
    if [o for o, _ in m.outputs] != list(op.outputs):
        raise PaddleMapError(f"paddle.outputs must list our outputs {list(op.outputs)} in order")
    for ours, theirs in m.outputs:
        if theirs is not None and theirs not in their_outputs:
            raise PaddleMapError(f"paddle.outputs.{ours}: pd_op.{m.op} has no output {theirs!r} ({their_outputs})")
    bound = {theirs for _, theirs in m.outputs if theirs is not None}
    unbound = [o for o in their_outputs if o not in bound]
    if sorted(unbound) != sorted(extra):
        raise PaddleMapError(f"paddle.extra must describe exactly pd_op.{m.op}'s outputs ours lacks {unbound}, "
                             f"got {sorted(extra)}")
    for name, rule in extra.items():
        if "dims_before" in rule and rule["dims_before"] not in by_name:
            raise PaddleMapError(f"paddle.extra.{name}: dims_before names {rule['dims_before']!r}, not one of our "
                                 "arguments")


def describe(m: PaddleMap) -> str:
    """A short form for docs/ops.md."""
    if m.none is not None:
        return "-"
    if m.decompose is not None:
        return "decomposed"
    return f"`pd_op.{m.op}`"
