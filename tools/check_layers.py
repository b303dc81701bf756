#!/usr/bin/env python3
"""Fails on an #include that points up a layer.

The C++ core is layered (docs/architecture.md, "Layers"); each layer may
include its own headers and those of the layers below it, never above:

    common < phi/core < phi/backends < phi/infermeta < phi/kernels < phi/api
           < prim < pir < serialize < autograd < executor < distributed < inference < pybind

Usage: python3 tools/check_layers.py [ROOT ...]   (default: paddle, and the
generated sources under build/pip/generated when they exist). Prints each
violation as `file:line: <layer> includes <header> of <higher layer>` and
exits 1 when there is any. test/python/test_layers.py runs it in CI."""

from __future__ import annotations

import os
import re
import sys

LAYERS = ["common", "phi/core", "phi/backends", "phi/infermeta", "phi/kernels", "phi/api", "prim", "pir",
          "serialize", "autograd", "executor", "distributed", "inference", "pybind"]
_INCLUDE = re.compile(r'^\s*#\s*include\s*"(paddle/[^"]+)"', re.M)
_SOURCES = (".h", ".cc", ".cu", ".cuh")


def layer_of(path: str) -> int | None:
    """The rank of the layer a path under paddle/ belongs to, or None."""
    rel = path.replace(os.sep, "/")
    rel = rel[rel.rfind("paddle/"):] if "paddle/" in rel else rel
    for rank in range(len(LAYERS) - 1, -1, -1):
        if rel.startswith(f"paddle/{LAYERS[rank]}/"):
            return rank
    return None


def violations(path: str, text: str) -> list[str]:
    rank = layer_of(path)
    if rank is None:
        return []
    found = []
    for m in _INCLUDE.finditer(text):
        target = layer_of(m.group(1))
        if target is not None and target > rank:
            line = text.count("\n", 0, m.start()) + 1
            found.append(f"{path}:{line}: {LAYERS[rank]} includes {m.group(1)} of {LAYERS[target]}")
    return found


def sources(roots: list[str]) -> list[str]:
    files = []
    for root in roots:
        for dirpath, _, names in os.walk(root):
            files += [os.path.join(dirpath, n) for n in sorted(names) if n.endswith(_SOURCES)]
    return files


def main(argv: list[str]) -> int:
    top = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    roots = argv or [os.path.join(top, "paddle")] + [
        d for d in [os.path.join(top, "build", "pip", "generated", "paddle")] if os.path.isdir(d)]
    found = []
    for path in sources(roots):
        with open(path, encoding="utf-8") as f:
            found += violations(os.path.relpath(path, top), f.read())
    for v in found:
        print(v)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
