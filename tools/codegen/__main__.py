"""python -m codegen --yaml ops.yaml [...] --out-dir DIR

Writes every generated file under DIR, rewriting a file only when its text
changes so that incremental builds recompile only what the YAML touched."""

from __future__ import annotations

import argparse
import os
import sys

from . import gen_api, gen_autodiff, gen_eager, gen_executor, gen_kernels, gen_pir, gen_prim, gen_pybind, gen_serialize
from .op_spec import SpecError, family_of, load_ops


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


def render(yaml_paths: list[str]) -> dict[str, str]:
    """Every generated file's path (relative to the output directory) and text."""
    ops = load_ops(yaml_paths)
    families = [family_of(p) for p in yaml_paths]
    by_family = {f: [o for o in ops if o.family == f] for f in families}
    files = {
        "paddle/phi/api/generated/api.h": gen_api.emit_umbrella(families),
        "paddle/autograd/generated/eager_ops.h": gen_eager.emit_umbrella(families),
        "paddle/autograd/generated/prim_eager.h": gen_eager.emit_prim_eager(ops),
        "paddle/prim/generated/prim_ops.h": gen_prim.emit_prim_ops(ops),
        "paddle/pybind/generated/op_bindings.h": gen_pybind.emit_header(families),
        "paddle/pybind/generated/op_bindings.cc": gen_pybind.emit_dispatch(families),
        "paddle/pir/dialect/generated/pd_op_families.h": gen_pir.emit_families(families),
        "paddle/pir/dialect/generated/pd_ops.h": gen_pir.emit_umbrella(families),
        "paddle/pir/autodiff/generated/prim_static.h": gen_autodiff.emit_prim_static(ops),
        "paddle/executor/generated/instruction_families.h": gen_executor.emit_families(families),
        "paddle/serialize/generated/paddle_ops.cc": gen_serialize.emit(ops, yaml_paths[0]),
    }
    for f, family_ops in by_family.items():
        files[f"paddle/phi/api/generated/api_{f}.h"] = gen_api.emit_header(f, family_ops)
        files[f"paddle/phi/api/generated/api_{f}.cc"] = gen_api.emit_source(f, family_ops)
        files[f"paddle/autograd/generated/eager_{f}.h"] = gen_eager.emit_header(f, family_ops)
        files[f"paddle/autograd/generated/eager_{f}.cc"] = gen_eager.emit_source(f, family_ops)
        files[f"paddle/phi/kernels/generated/kernel_dtypes_{f}.h"] = gen_kernels.emit_header(f, family_ops)
        files[f"paddle/prim/generated/rules_{f}.h"] = gen_prim.emit_rules(f, family_ops)
        files[f"paddle/pybind/generated/bindings_{f}.cc"] = gen_pybind.emit_source(f, family_ops)
        files[f"paddle/pir/dialect/generated/pd_op_{f}.h"] = gen_pir.emit_header(f, family_ops)
        files[f"paddle/pir/dialect/generated/pd_op_{f}.cc"] = gen_pir.emit_source(f, family_ops)
        files[f"paddle/pir/autodiff/generated/vjp_{f}.h"] = gen_autodiff.emit_vjp_header(f, family_ops)
        files[f"paddle/pir/autodiff/generated/vjp_{f}.cc"] = gen_autodiff.emit_vjp_source(f, family_ops)
        files[f"paddle/executor/generated/instructions_{f}.cc"] = gen_executor.emit_source(f, family_ops)
    return files


def generate(yaml_paths: list[str], out_dir: str) -> list[str]:
    files = render(yaml_paths)
    for rel, text in files.items():
        write_if_changed(os.path.join(out_dir, rel), text)
    return sorted(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="codegen", description=__doc__)
    parser.add_argument("--yaml", nargs="+", required=True, help="op definition files")
    parser.add_argument("--out-dir", help="root of the generated tree")
    parser.add_argument("--list", action="store_true",
                        help="print the generated files' relative paths (for CMake) instead of writing them")
    args = parser.parse_args(argv)
    try:
        if args.list:
            print(";".join(sorted(render(args.yaml))))
        elif args.out_dir:
            generate(args.yaml, args.out_dir)
        else:
            parser.error("give --out-dir or --list")
    except SpecError as e:
        print(f"codegen: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
