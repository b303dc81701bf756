"""GPU tests of the training stack: each optimizer's fused update, the fused gradient kernels and
mixed precision on a CUDA device against the same computation on the CPU, and a small model
trained on the GPU to the CPU's accuracy. Skipped (conftest.py) where no GPU is present."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from test_optimizer import CASES as OPTIMIZER_CASES

pytestmark = pytest.mark.gpu


def _train_steps(cls, kwargs, place, steps=4):
    rng = np.random.default_rng(0)
    p0 = rng.standard_normal((6, 5)).astype(np.float32)
    paddle.device.set_device(place)
    try:
        param = paddle.create_parameter([6, 5], "float32", default_initializer=paddle.nn.initializer.Assign(p0))
        opt = cls(parameters=[param], **kwargs)
        for _ in range(steps):
            (param * paddle.to_tensor(rng.standard_normal((6, 5)).astype(np.float32))).sum().backward()
            opt.step()
            opt.clear_grad()
        return param.numpy()
    finally:
        paddle.device.set_device("cpu")


@pytest.mark.parametrize("case", OPTIMIZER_CASES, ids=[c[0] for c in OPTIMIZER_CASES])
def test_optimizer_update_on_gpu_matches_cpu(case):
    _, cls, kwargs, _, _ = case
    np.testing.assert_allclose(_train_steps(cls(), kwargs, "gpu:0"), _train_steps(cls(), kwargs, "cpu"), rtol=1e-5,
                               atol=1e-6)


def _grads(place, fn, *arrays):
    paddle.device.set_device(place)
    try:
        tensors = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
        out = fn(*tensors)
        grads = paddle.grad([out], tensors, [paddle.ones_like(out)])
        return [out.numpy()] + [g.numpy() for g in grads]
    finally:
        paddle.device.set_device("cpu")


@pytest.mark.parametrize("name, fn, shapes", [
    ("gelu", F.gelu, [(64, 33)]),
    ("relu", F.relu, [(64, 33)]),
    ("layer_norm", lambda x, w, b: F.layer_norm(x, [33], w, b), [(64, 33), (33,), (33,)]),
    ("max_pool", lambda x: F.max_pool2d(x, 3, stride=2, padding=1), [(2, 3, 9, 9)]),
    ("attention", lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True),
     [(2, 40, 2, 8), (2, 40, 2, 8), (2, 40, 2, 8)]),
])
def test_gradient_kernels_on_gpu_match_cpu(name, fn, shapes):
    rng = np.random.default_rng(1)
    arrays = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    for gpu, cpu in zip(_grads("gpu:0", fn, *arrays), _grads("cpu", fn, *arrays)):
        np.testing.assert_allclose(gpu, cpu, rtol=1e-4, atol=1e-5)


def test_auto_cast_float16_on_gpu():
    paddle.device.set_device("gpu:0")
    try:
        x = paddle.rand([8, 16])
        w = paddle.create_parameter([16, 4], "float32")
        with paddle.amp.auto_cast(dtype="float16"):
            y = paddle.matmul(x, w)
            loss = y.astype("float32").mean()
        assert y.dtype == paddle.float16
        scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
        scaler.scale(loss).backward()
        assert w.grad.dtype == paddle.float32
        expected = np.tile(x.numpy().mean(axis=0)[:, None], (1, 4)) / 4
        np.testing.assert_allclose(w.grad.numpy() / 1024, expected, rtol=1e-2, atol=1e-4)
    finally:
        paddle.device.set_device("cpu")


def test_lenet_trains_on_gpu_as_on_cpu(tmp_path):
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
    import train_lenet_digits

    paddle.device.set_device("gpu:0")
    try:
        accuracy = train_lenet_digits.main(["--epochs", "8", "--save", str(tmp_path / "lenet.pdparams")])
    finally:
        paddle.device.set_device("cpu")
    assert accuracy >= 0.97
