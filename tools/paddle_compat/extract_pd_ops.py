#!/usr/bin/env python3
"""Writes paddle/phi/ops/pd_op_signatures.json: the signatures of the
PaddlePaddle 3.x ops our op YAML maps to (its `paddle:` fields), read from
the pd_op.h header an installed PaddlePaddle ships. The generator checks every
`paddle:` field against this file (tools/codegen/paddle_map.py), so CI needs
no PaddlePaddle.

Usage (PaddlePaddle installed in its own environment, never beside ours):
    /opt/peers/paddle/bin/python tools/paddle_compat/extract_pd_ops.py [--check]
--check compares instead of writing (exit 1 when the committed file differs).

For each op: its operands in order (IntArray and Scalar arguments are
operands in PIR, fed by full_int_array / full ops), its attributes in order
with their C++ types and defaults, and its results."""

from __future__ import annotations

import glob
import json
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "paddle", "phi", "ops", "pd_op_signatures.json")

# Matched on the header with comments dropped and whitespace runs made one
# space (manual_op.h spreads declarations over lines).
_CLASS = re.compile(r"\bclass (?:TEST_API )?\w+ ?: ?public pir::Op<")
_NAME = re.compile(r'static const char \*name\(\) \{ return "(pd_op\.\w+)"; \}')
_BUILD = re.compile(r"static void Build\(pir::Builder ?& ?builder, ?pir::OperationArgument ?& ?argument(?P<params>(?:[^;])*?)\);")
_OPERAND = re.compile(r"pir::Value (\w+)\(\) \{ return operand_source\((\d+)\); \}")
_RESULT = re.compile(r"pir::(?:Op)?Result (\w+)\(\) \{ return result\((\d+)\); \}|pir::Value (\w+)\(\) \{ return result\((\d+)\); \}")


def _split(params: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(params):
        if ch in "<({":
            depth += 1
        elif ch in ">)}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(params[start:i])
            start = i + 1
    parts.append(params[start:])
    return [p.strip() for p in parts if p.strip()]


def _attribute(param: str) -> tuple[str, str, str | None]:
    decl, _, default = param.partition("=")
    m = re.match(r"(?P<type>.*?)[\s&*]*(?P<name>\w+)$", decl.strip())
    return m["name"], m["type"].replace("const ", "").strip(), default.strip() or None


def _results(body: str) -> list[str]:
    found = [(a or c, int(b or d)) for a, b, c, d in _RESULT.findall(body)]
    return [name for name, _ in sorted(found, key=lambda p: p[1])]


def parse(header: str) -> dict:
    header = re.sub(r"\s+", " ", re.sub(r"//[^\n]*", "", header))
    ops = {}
    starts = [m.start() for m in _CLASS.finditer(header)] + [len(header)]
    for begin, end in zip(starts, starts[1:]):
        body = header[begin:end]
        name = _NAME.search(body)
        build = _BUILD.search(body)
        if not name or not build:
            continue
        operands = [n for n, _ in sorted(_OPERAND.findall(body), key=lambda p: int(p[1]))]
        results = _results(body)
        attrs = []
        for param in _split(build["params"]):
            if param.startswith("pir::Value ") or param.startswith("pir::AttributeMap"):
                continue
            attr = _attribute(param)
            if attr[0] not in operands:  # a mutable attribute is an operand
                attrs.append(attr)
        ops[name.group(1)] = {"inputs": operands, "attrs": attrs, "outputs": results}
    return ops


def referenced_ops() -> set[str]:
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from codegen.op_spec import load_ops

    ops = load_ops(sorted(glob.glob(os.path.join(ROOT, "paddle", "phi", "ops", "yaml", "*.yaml"))), check_paddle=False)
    return {f"pd_op.{o.paddle.op}" for o in ops if o.paddle is not None and o.paddle.op}


def render(version: str, ops: dict) -> str:
    """The file's text: JSON with one op's signature per line, sorted by name,
    so a diff shows which ops changed."""
    lines = [f"  {json.dumps(name)}: {json.dumps(ops[name], sort_keys=True)}" for name in sorted(ops)]
    return f'{{"paddle_version": {json.dumps(version)}, "ops": {{\n' + ",\n".join(lines) + "\n}}\n"


def main() -> int:
    import paddle

    include = os.path.join(os.path.dirname(paddle.__file__), "include", "paddle", "fluid", "pir", "dialect",
                           "operator", "ir")
    header = "".join(open(os.path.join(include, f), encoding="utf-8").read() for f in ("pd_op.h", "manual_op.h"))
    signatures = parse(header)
    wanted = referenced_ops()
    missing = sorted(wanted - set(signatures))
    if missing:
        print(f"not in PaddlePaddle {paddle.__version__}'s pd_op.h: {missing}", file=sys.stderr)
        return 1
    chosen = {name: signatures[name] for name in sorted(wanted)}
    text = render(paddle.__version__, chosen)
    if "--check" in sys.argv:
        with open(OUT, encoding="utf-8") as f:
            same = json.loads(f.read())["ops"] == json.loads(text)["ops"]
        print("current" if same else f"{os.path.relpath(OUT, ROOT)} differs from PaddlePaddle {paddle.__version__}")
        return 0 if same else 1
    tmp = OUT + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, OUT)
    print(f"{len(chosen)} op signatures of PaddlePaddle {paddle.__version__} -> {os.path.relpath(OUT, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
