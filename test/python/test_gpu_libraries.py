"""The CUDA libraries are opened on first use (Note [GPU libraries on first
use] in paddle/phi/backends/gpu/dynload/dynload.h): importing paddle maps
none of them, and in a CUDA build every function paddle calls resolves in the
installed toolkit. Runs without a GPU; each check in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import paddle

LIBRARIES = ("libcublas.so", "libcublasLt.so", "libcudnn.so", "libcufft.so", "libcusolver.so", "libcusparse.so",
             "libnvJitLink.so")

MAPPED = """
import json, sys
names = {line.split()[-1].rsplit("/", 1)[-1] for line in open("/proc/self/maps") if ".so" in line}
print(json.dumps(sorted(n for n in names if n.startswith(tuple(sys.argv[1:])))))
"""


def _mapped_after(code: str) -> list[str]:
    script = code + "\n" + MAPPED
    proc = subprocess.run([sys.executable, "-c", script, *LIBRARIES], capture_output=True, text=True, timeout=120,
                          cwd="/")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_import_maps_no_cuda_library():
    assert _mapped_after("import paddle") == []


def test_cpu_work_maps_no_cuda_library():
    code = "import paddle\nx = paddle.rand([8, 8])\n(x @ x).sum().item()\npaddle.nn.functional.conv2d(" \
           "paddle.rand([1, 2, 5, 5]), paddle.rand([3, 2, 3, 3])).numpy()"
    assert _mapped_after(code) == []


@pytest.mark.skipif(not paddle.is_compiled_with_cuda(), reason="a CUDA build declares the CUDA library functions")
def test_every_declared_cuda_function_resolves():
    code = "import paddle\nfailures = paddle._C._resolve_gpu_libraries()\nassert failures == [], failures"
    mapped = _mapped_after(code)
    for library in ("libcublas.so", "libcublasLt.so", "libcufft.so", "libcusolver.so"):
        assert any(name.startswith(library) for name in mapped), (library, mapped)
