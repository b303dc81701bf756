"""The layers of the C++ core (docs/architecture.md, "Layers"): no file
includes a header of a layer above its own (tools/check_layers.py), checked
over the sources and the generated code."""

from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import check_layers  # noqa: E402


def test_no_include_points_up_a_layer():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "check_layers.py")], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout


def test_an_upward_include_is_reported_with_its_layers():
    text = '#include "paddle/phi/core/dense_tensor.h"\n#include "paddle/autograd/grad_node.h"\n'
    found = check_layers.violations("paddle/phi/kernels/cpu/x.cc", text)
    assert found == ["paddle/phi/kernels/cpu/x.cc:2: phi/kernels includes paddle/autograd/grad_node.h of autograd"]
    assert check_layers.violations("paddle/pybind/x.cc", text) == []


def test_layers_are_found_by_path():
    assert check_layers.layer_of("build/pip/generated/paddle/autograd/generated/eager_nn.cc") == \
        check_layers.LAYERS.index("autograd")
    assert check_layers.layer_of("paddle/phi/kernels/funcs/x.h") == check_layers.LAYERS.index("phi/kernels")
    assert check_layers.layer_of("python/paddle/x.py") is None
