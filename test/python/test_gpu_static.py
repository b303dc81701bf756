"""The static executor on a CUDA device: kernels are queued on the device's
current stream and nothing waits for them until a result goes to the host
(Executor.run with return_numpy, or Tensor.numpy), so a run is asynchronous.
Checked against the same programs on the CPU; skipped (conftest.py) where no
GPU is present."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
from test_static_training import _mlp_program

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def eager_afterwards():
    yield
    paddle.disable_static()


def _train(place, steps=5):
    paddle.seed(3)
    main, startup, _, loss = _mlp_program(lambda params: paddle.optimizer.Adam(0.05, parameters=params))
    rng = np.random.default_rng(0)
    feed = {"x": rng.standard_normal((8, 4)).astype("float32"), "y": rng.standard_normal((8, 1)).astype("float32")}
    exe = paddle.static.Executor(place)
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        return [float(exe.run(main, feed=feed, fetch_list=[loss])[0]) for _ in range(steps)]


def test_static_training_on_gpu_matches_cpu():
    gpu, cpu = _train(paddle.CUDAPlace(0)), _train(paddle.CPUPlace())
    np.testing.assert_allclose(gpu, cpu, rtol=1e-4, atol=1e-6)
    assert gpu[-1] < gpu[0]


def _control_flow_program():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 16])
        n = paddle.static.data("n", [1], "int64")
        _, y = paddle.static.nn.while_loop(lambda i, v: i < n, lambda i, v: (i + 1, paddle.tanh(v) * 1.5),
                                           [paddle.zeros([1], "int64"), x])
        out = paddle.static.nn.cond(paddle.sum(y) > 0, lambda: paddle.exp(y), lambda: -y)
    paddle.disable_static()
    return main, out


def _reference(x, n):
    for _ in range(n):
        x = np.tanh(x) * 1.5
    return np.exp(x) if x.sum() > 0 else -x


def test_control_flow_and_dynamic_batches_on_gpu():
    main, out = _control_flow_program()
    exe = paddle.static.Executor(paddle.CUDAPlace(0))
    rng = np.random.default_rng(1)
    for batch, n in [(3, 2), (7, 0), (1, 4)]:
        x = rng.standard_normal((batch, 16)).astype("float32")
        (got,) = exe.run(main, feed={"x": x, "n": np.array([n])}, fetch_list=[out])
        np.testing.assert_allclose(got, _reference(x, n), rtol=1e-5, atol=1e-6)


def test_runs_queue_on_the_current_stream():
    """Runs issued under a side stream queue there; the host copy of the
    results waits for that stream's work, and results of earlier runs stay
    right while later runs reuse the plan's buffers."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 256])
        h = x
        for _ in range(8):
            h = paddle.sin(paddle.matmul(h, h, transpose_y=True)[:, :256] * 1e-3 + h)
    paddle.disable_static()
    exe = paddle.static.Executor(paddle.CUDAPlace(0))
    rng = np.random.default_rng(2)
    xs = [rng.standard_normal((256, 256)).astype("float32") for _ in range(3)]
    side = paddle.device.cuda.Stream()
    with paddle.device.cuda.stream_guard(side):
        results = [exe.run(main, feed={"x": x}, fetch_list=[h], return_numpy=False)[0] for x in xs]
    side.synchronize()
    for x, got in zip(xs, results):
        ref = x.astype("float64")
        for _ in range(8):
            ref = np.sin((ref @ ref.T)[:, :256] * 1e-3 + ref)
        np.testing.assert_allclose(got.numpy(), ref, rtol=1e-3, atol=1e-4)
