#!/usr/bin/env python3
"""Which public functions of paddle are still Python compositions.

A public function written in Python either adapts its signature to one op
of the YAML (an adapter: it may also reshape, transpose, cast or expand its
operands, which layout conversions need) or computes its result from several
ops in Python (a composition: a graph captured from it holds those ops, not
the Paddle op the user called). This script runs every op sample
(test/python/op_samples*.py) with the op trace on (Note [Op trace] in
paddle/pybind/op_trace.h), attributes the ops each call runs to the
outermost public Python function on the stack, and prints one line per
function with the ops it ran.

Usage: python3 tools/python_compositions.py [--markdown]"""

from __future__ import annotations

import argparse
import collections
import functools
import inspect
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
MODULES = ("paddle", "paddle.nn.functional", "paddle.linalg", "paddle.fft")
# Ops an adapter may run besides its one op: layout and dtype conversions,
# and the constants of defaulted operands (a layer norm's weight of ones).
LAYOUT_OPS = {"reshape", "transpose", "squeeze", "unsqueeze", "cast", "expand", "broadcast_to", "broadcast_view",
              "contiguous", "getitem", "full"}


def public_functions() -> dict[str, tuple]:
    """name -> (module, attribute) of every public Python function."""
    import importlib

    found = {}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for attr in sorted(dir(module)):
            fn = getattr(module, attr)
            if attr.startswith("_") or not inspect.isfunction(fn) or not fn.__module__.startswith("paddle"):
                continue
            found.setdefault(f"{fn.__module__}.{fn.__qualname__}", []).append((module, attr))
    return found


def trace_samples(functions: dict) -> dict[str, list[set]]:
    """The ops each call of a public function ran (outermost calls only), over the samples."""
    import numpy as np

    import paddle
    from paddle import _C

    ran: dict[str, list[set]] = collections.defaultdict(list)
    depth = [0]

    def wrap(name, fn):
        @functools.wraps(fn)
        def traced(*args, **kwargs):
            depth[0] += 1
            outermost = depth[0] == 1
            if outermost:
                _C._op_trace_begin()
            try:
                return fn(*args, **kwargs)
            finally:
                depth[0] -= 1
                if outermost:
                    ran[name].append(set(_C._op_trace_end()))
        return traced

    for name, places in functions.items():
        original = getattr(*places[0])
        for module, attr in places:
            setattr(module, attr, wrap(name, original))
    # Imported once the functions are wrapped: samples hold some of them.
    sys.path.insert(0, os.path.join(ROOT, "test", "python"))
    from op_samples import SAMPLES
    from op_test import sample_inputs, to_paddle

    rng = np.random.default_rng(0)
    for sample in SAMPLES:
        dtype = "float32" if "float32" in sample.dtypes else sample.dtypes[0]
        for shapes in sample.shapes:
            try:
                sample.paddle_fn(*[to_paddle(a, dtype) for a in sample_inputs(sample, rng, shapes, dtype)])
            except Exception:  # noqa: BLE001: a sample's bad-input cases are not ours to judge here
                pass
    del paddle
    return ran


def classify(calls: list[set]) -> str:
    """A composition when some call ran more than one op besides layout conversions."""
    return "composition" if any(len(ops - LAYOUT_OPS) > 1 for ops in calls) else "adapter"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--markdown", action="store_true", help="a Markdown table instead of plain lines")
    args = parser.parse_args(argv)
    functions = public_functions()
    ran = trace_samples(functions)
    rows = []
    for name in sorted(functions):
        if name not in ran:
            rows.append((name, "unmeasured", ""))
            continue
        rows.append((name, classify(ran[name]), " ".join(sorted(set().union(*ran[name])))))
    counts = collections.Counter(kind for _, kind, _ in rows)
    if args.markdown:
        print("| function | kind | ops it ran |\n|---|---|---|")
        for name, kind, ops in rows:
            print(f"| `{name}` | {kind} | {ops} |")
    else:
        for name, kind, ops in rows:
            print(f"{kind:12s} {name}  [{ops}]")
    print(f"\n{len(rows)} public Python functions: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
