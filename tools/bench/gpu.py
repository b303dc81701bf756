"""GPU scenarios (issue 6): the figures tools/gpu_check.sh reports, each as (step function, work per
step) on one GPU, with the device synchronized at the end of every step so that the timer sees the
kernels' time. `CEILINGS` holds the issue's reference figures for an H200, against which run.py
prints the fraction reached.

Run as part of run.py (`--gpu`). `scale` shrinks every size (tests run the scenarios on the CPU
with a small scale to check that they build and run; the figures only mean something on a GPU).
"""

from __future__ import annotations

import numpy as np

GPU_SCENARIOS = ["gpu_matmul_bf16", "gpu_add_2^28", "gpu_softmax", "gpu_layer_norm", "gpu_attention",
                 "gpu_train_gpt"]
# name -> (unit, kind for run.py's rate(), ceiling in that unit on an H200 or None)
GPU_UNITS = {
    "gpu_matmul_bf16": ("TFLOP/s", "tera", 790.0),
    "gpu_add_2^28": ("GB/s", "bytes", 4000.0),
    "gpu_softmax": ("GB/s", "bytes", 4000.0),
    "gpu_layer_norm": ("GB/s", "bytes", 4000.0),
    "gpu_attention": ("TFLOP/s", "tera", None),
    "gpu_train_gpt": ("tokens/s", "items", None),
}


class _Device:
    """Tensor creation and synchronization on the benchmark device for either framework."""

    def __init__(self, framework: str, device: str):
        self.torch = framework == "torch"
        if self.torch:
            import torch

            self.lib = torch
            self.device = "cuda" if device == "gpu" else "cpu"
        else:
            import paddle

            self.lib = paddle
            self.device = device
            paddle.set_device(device)

    def tensor(self, array, dtype=None):
        if self.torch:
            t = self.lib.from_numpy(array).to(self.device)
            return t.to(getattr(self.lib, dtype)) if dtype else t
        t = self.lib.to_tensor(array)
        return t.astype(dtype) if dtype else t

    def sync(self):
        if self.device == "cpu":
            return
        if self.torch:
            self.lib.cuda.synchronize()
        else:
            self.lib.device.cuda.synchronize()


def gpu_scenario(name: str, framework: str, device: str = "gpu", scale: int = 1):
    """(step, work): `step` runs the scenario once and waits for the device."""
    rng = np.random.default_rng(0)
    dev = _Device(framework, device)
    lib = dev.lib
    fn, work = _build(name, framework, dev, lib, rng, scale)

    def step():
        fn()
        dev.sync()
    return step, work


def _build(name, framework, dev, lib, rng, scale):
    F = lib.nn.functional
    torch = framework == "torch"
    if name == "gpu_matmul_bf16":  # 8192^3 in bfloat16, float32 accumulation
        n = 8192 // scale
        a, b = (dev.tensor(rng.standard_normal((n, n), dtype=np.float32), "bfloat16") for _ in range(2))
        return (lambda: lib.matmul(a, b)), 2 * n**3 / 1e12
    if name == "gpu_add_2^28":  # read two float32 arrays, write one
        n = (1 << 28) // scale**3
        a, b = (dev.tensor(rng.random(n, dtype=np.float32)) for _ in range(2))
        return (lambda: a + b), 3 * 4 * n / 1e9
    if name in ("gpu_softmax", "gpu_layer_norm"):  # [8192, 8192] float32: read once, write once
        rows = cols = 8192 // scale
        x = dev.tensor(rng.standard_normal((rows, cols), dtype=np.float32))
        if name == "gpu_softmax":
            return (lambda: F.softmax(x, -1)), 2 * 4 * rows * cols / 1e9
        w, bias = dev.tensor(np.ones(cols, np.float32)), dev.tensor(np.zeros(cols, np.float32))
        if torch:
            return (lambda: F.layer_norm(x, (cols,), w, bias)), 2 * 4 * rows * cols / 1e9
        return (lambda: F.layer_norm(x, [cols], w, bias)), 2 * 4 * rows * cols / 1e9
    if name == "gpu_attention":  # bf16 forward + backward, B=4, heads=16, seq=4096, dim=128
        b, h, s, d = 4, 16, 4096 // scale, 128 // scale
        shape = (b, h, s, d) if torch else (b, s, h, d)
        q, k, v = (dev.tensor(rng.standard_normal(shape, dtype=np.float32), "bfloat16") for _ in range(3))
        for t in (q, k, v):
            if torch:
                t.requires_grad_(True)
            else:
                t.stop_gradient = False
        grad = dev.tensor(rng.standard_normal(shape, dtype=np.float32), "bfloat16")

        def step():
            out = F.scaled_dot_product_attention(q, k, v)
            out.backward(grad)
        # forward: two [s, s] x d products; backward: two and a half times that
        return step, 3.5 * 4 * b * h * s * s * d / 1e12
    if name == "gpu_train_gpt":  # one Adam step of a 6-layer, 512-wide GPT on 16 x 512 tokens
        from training import _gpt, _NN

        api = _NN(framework)
        if torch:
            lib.set_default_device(dev.device)
            api.tensor = lambda array: lib.from_numpy(array).to(dev.device)
        return _gpt(api, rng, layers=6, width=512 // scale, heads=8, context=512 // scale, batch=16)
    raise ValueError(f"unknown GPU scenario {name!r}")
