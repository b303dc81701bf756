"""The C++ inference API without Python: examples/cpp_inference (a program
using paddle_inference_api.h, found through the CMake config the package
installs) is configured, built and run on a model paddle.jit.save wrote, and
on PaddlePaddle's golden ResNet; its outputs equal the eager layer's and
Paddle's. Bad input gets a clear error, not a crash."""

from __future__ import annotations

import os
import shutil
import subprocess

import numpy as np
import pytest

import paddle

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "jit")
pytestmark = pytest.mark.slow  # a CMake configure and a C++ build


@pytest.fixture(scope="module")
def serve_model(tmp_path_factory):
    if shutil.which("cmake") is None:
        import cmake  # the pip package the build uses

        cmake_bin = os.path.join(cmake.CMAKE_BIN_DIR, "cmake")
    else:
        cmake_bin = shutil.which("cmake")
    build = tmp_path_factory.mktemp("cpp_inference")
    config_dir = os.path.join(os.path.dirname(paddle.__file__), "cmake", "paddle_inference")
    assert os.path.isfile(os.path.join(config_dir, "paddle_inferenceConfig.cmake"))
    subprocess.run([cmake_bin, "-S", os.path.join(ROOT, "examples", "cpp_inference"), "-B", str(build),
                    f"-Dpaddle_inference_DIR={config_dir}", "-DCMAKE_BUILD_TYPE=Release"], check=True,
                   capture_output=True, text=True)
    proc = subprocess.run([cmake_bin, "--build", str(build)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return str(build / "serve_model")


def _run(program, prefix, x, tmp_path):
    path = tmp_path / "x.bin"
    x.astype("float32").tofile(path)
    return subprocess.run([program, prefix, str(path), *map(str, x.shape)], capture_output=True, text=True,
                          timeout=300)


def _outputs(stdout):
    outputs = {}
    for line in stdout.strip().splitlines():
        name, dims, *values = line.split(" ")
        outputs[name] = np.array(values, dtype="float32").reshape([int(d) for d in dims.split("x")])
    return outputs


def test_a_cpp_program_serves_a_saved_model(serve_model, tmp_path):
    paddle.seed(3)
    net = paddle.nn.Sequential(paddle.nn.Conv2D(1, 4, 3, padding=1), paddle.nn.BatchNorm2D(4), paddle.nn.ReLU(),
                               paddle.nn.Flatten(), paddle.nn.Linear(4 * 6 * 6, 3), paddle.nn.Softmax())
    net.eval()
    prefix = str(tmp_path / "net")
    paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 1, 6, 6], "float32", "x")])
    x = np.random.default_rng(0).standard_normal((5, 1, 6, 6)).astype("float32")
    proc = _run(serve_model, prefix, x, tmp_path)
    assert proc.returncode == 0, proc.stderr
    (out,) = _outputs(proc.stdout).values()
    np.testing.assert_allclose(out, net(paddle.to_tensor(x)).numpy(), rtol=1e-5, atol=1e-6)


def test_a_cpp_program_serves_paddlepaddles_resnet(serve_model, tmp_path):
    io = np.load(os.path.join(GOLDEN, "resnet18_io.npz"))
    proc = _run(serve_model, os.path.join(GOLDEN, "resnet18"), io["x"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    (out,) = _outputs(proc.stdout).values()
    np.testing.assert_allclose(out, io["out"], rtol=1e-4, atol=1e-5)


def test_bad_input_is_a_clear_error(serve_model, tmp_path):
    proc = _run(serve_model, str(tmp_path / "missing"), np.zeros((1, 2), "float32"), tmp_path)
    assert proc.returncode == 1 and "no model file" in proc.stderr and "missing.json" in proc.stderr
    proc = _run(serve_model, os.path.join(GOLDEN, "resnet18"), np.zeros((1, 3, 32), "float32"), tmp_path)
    assert proc.returncode == 1 and "input 'x' has shape [-1, 3, 32, 32]" in proc.stderr
