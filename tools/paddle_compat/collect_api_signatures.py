"""Writes the signatures of PaddlePaddle 3.x's public eager functions and
classes as JSON, for tools/api_coverage.py: each parameter's name, kind and
default, and the keyword aliases Paddle accepts besides (``input`` for
``x``, ``dim`` for ``axis``...), found by calling each function with the
alias alone and seeing whether Paddle rejects the keyword. It writes one
file per module, tools/paddle_compat/signatures/<module>.json, each entry on
a line of its own. Run it with the interpreter of an environment that has
paddlepaddle installed:

    /opt/peers/paddle/bin/python tools/paddle_compat/collect_api_signatures.py
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = os.path.join(HERE, "paddle_api_names.json")
OUTPUT = os.path.join(HERE, "signatures")

# The keyword aliases Paddle 3.x documents ("alias: ``input``"), tried on every function.
CANDIDATE_ALIASES = (
    "input", "other", "dim", "size", "eps", "tensors", "start_dim", "end_dim", "source", "obj", "lambd", "indices",
    "elements", "test_elements", "dims", "boundaries", "dim0", "dim1", "vec2", "exponent", "target",
    "return_indices", "sections", "end", "ord", "keepdim", "out", "dtype",
)
_REJECTED = ("unexpected keyword argument", "too many arguments", "got an unexpected", "got None")


def _parameters(target, drop_first: bool):
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    params = [[p.name, p.kind.name, None if p.default is inspect.Parameter.empty else repr(p.default)]
              for p in signature.parameters.values()]
    return params[1:] if drop_first and params else params


def _accepts(function, alias: str, probe) -> bool:
    """Whether Paddle takes `alias` as a keyword: it is rejected when any of
    the calls (the alias alone, after one tensor, after two) says so."""
    calls = ((), (probe,), (probe, probe))
    for args in calls:
        value = probe if alias == "input" and not args else "__probe__"
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                function(*args, **{alias: value})
        except Exception as e:  # noqa: BLE001 - any failure but a rejected keyword counts as accepted
            message = str(e)
            if any(r in message for r in _REJECTED) and (alias in message or "too many" in message
                                                         or "got None" in message):
                return False
    return True


def main() -> None:
    import paddle

    probe = paddle.ones([2, 2])
    names = json.load(open(NAMES, encoding="utf-8"))["names"]
    os.makedirs(OUTPUT, exist_ok=True)
    for module_name, members in sorted(names.items()):
        result = {}
        owner = paddle.Tensor if module_name == "paddle.Tensor" else importlib.import_module(module_name)
        for name in members:
            obj = getattr(owner, name, None)
            if obj is None or not callable(obj):
                continue
            is_class = inspect.isclass(obj)
            params = _parameters(obj.__init__ if is_class else obj, drop_first=is_class or module_name == "paddle.Tensor")
            if params is None:
                continue
            entry = {"params": params}
            takes_any_keyword = any(p[1] == "VAR_KEYWORD" for p in params)
            if not is_class and module_name != "paddle.Tensor" and not takes_any_keyword:
                own = {p[0] for p in params}
                aliases = [a for a in CANDIDATE_ALIASES if a not in own and _accepts(obj, a, probe)]
                if aliases and len(aliases) < len(CANDIDATE_ALIASES) - len(own):  # not a catch-all
                    entry["aliases"] = aliases
            result[f"{module_name}.{name}"] = entry
        if result:
            with open(os.path.join(OUTPUT, f"{module_name}.json"), "w", encoding="utf-8") as f:
                f.write(_dump(paddle.__version__, result))


def _dump(version: str, entries: dict) -> str:
    """The JSON with one entry per line, so a diff shows which signatures changed."""
    lines = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(entries.items()))
    return f'{{"paddle_version": {json.dumps(version)}, "signatures": {{\n{lines}\n}}}}\n'


if __name__ == "__main__":
    main()
