"""python -m codegen --yaml ops.yaml [...] --out-dir DIR

Writes every generated file under DIR, rewriting a file only when its text
changes so that incremental builds recompile only what the YAML touched."""

from __future__ import annotations

import argparse
import os
import sys

from . import gen_api, gen_eager, gen_pybind
from .op_spec import SpecError, load_ops


def write_if_changed(path: str, text: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def generate(yaml_paths: list[str], out_dir: str) -> list[str]:
    ops = load_ops(yaml_paths)
    files = {
        "paddle/phi/api/generated/api.h": gen_api.emit_header(ops),
        "paddle/phi/api/generated/api.cc": gen_api.emit_source(ops),
        "paddle/autograd/generated/eager_ops.h": gen_eager.emit_header(ops),
        "paddle/autograd/generated/eager_ops.cc": gen_eager.emit_source(ops),
        "paddle/pybind/generated/op_bindings.h": gen_pybind.emit_header(),
        "paddle/pybind/generated/op_bindings.cc": gen_pybind.emit_source(ops),
    }
    for rel, text in files.items():
        write_if_changed(os.path.join(out_dir, rel), text)
    return sorted(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="codegen", description=__doc__)
    parser.add_argument("--yaml", nargs="+", required=True, help="op definition files")
    parser.add_argument("--out-dir", required=True, help="root of the generated tree")
    args = parser.parse_args(argv)
    try:
        generate(args.yaml, args.out_dir)
    except SpecError as e:
        print(f"codegen: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
