"""Docs stay true: docstring examples run, and docs/ops.md matches the YAML
and the kernels the library registers."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import glob
import os
import pkgutil
import sys

import pytest

import paddle

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def _modules_with_examples() -> list[str]:
    """Every module of the package whose source has a docstring example (``>>>``)."""
    names = []
    for info in pkgutil.walk_packages(paddle.__path__, "paddle."):
        origin = getattr(importlib.util.find_spec(info.name), "origin", None)
        if origin and origin.endswith(".py"):
            with open(origin, encoding="utf-8") as f:
                if ">>> " in f.read():
                    names.append(info.name)
    return sorted(names)


MODULES = _modules_with_examples()


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0


def _load_ops():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from codegen.op_spec import load_ops

    return load_ops(YAML)


YAML = sorted(glob.glob(os.path.join(ROOT, "paddle", "phi", "ops", "yaml", "*.yaml")))


def test_op_docs_are_current():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from codegen.gen_docs import emit

    from op_samples import SAMPLES

    expected = emit(YAML, [(s.name, s.covers) for s in SAMPLES])
    with open(os.path.join(ROOT, "docs", "ops.md")) as f:
        committed = f.read()
    assert committed == expected, ("regenerate: cd tools && python3 -m codegen.gen_docs --yaml "
                                   "../paddle/phi/ops/yaml/*.yaml --samples ../test/python > ../docs/ops.md")


def test_the_library_registers_the_dtypes_the_yaml_lists():
    backends = ["CPU"] + (["GPU"] if paddle.is_compiled_with_cuda() else [])
    mismatched = {}
    for op in _load_ops():
        registered = paddle._C.registered_kernels(op.name)
        for backend in backends:
            got = sorted(d for b, d in registered if b == backend)
            declared = op.kernel_dtypes.get(backend)
            want = [] if declared is None else ["any"] if declared == "any" else sorted(declared)
            if got != want:
                mismatched[f"{op.name} on {backend}"] = (want, got)
    assert not mismatched, f"(YAML, registered) dtypes differ: {mismatched}"


def test_api_coverage_table_is_current():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import api_coverage

    import json

    with open(api_coverage.NAMES, encoding="utf-8") as f:
        expected = api_coverage.emit(json.load(f), api_coverage.load_signatures())
    with open(os.path.join(ROOT, "docs", "api_coverage.md")) as f:
        committed = f.read()
    assert committed == expected, "regenerate: python3 tools/api_coverage.py > docs/api_coverage.md"
