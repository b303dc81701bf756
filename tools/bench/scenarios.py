"""Benchmark scenarios, one implementation per framework API.

Run by run.py in a subprocess per framework (each peer lives in its own
virtual environment):  python scenarios.py FRAMEWORK SCENARIO
prints one JSON line {"seconds": per-iteration time, "work": units per iteration}.
FRAMEWORK is "paddle" (ours, or PaddlePaddle in its venv: same API) or "torch".
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import numpy as np


def _time(fn, min_seconds: float = 0.3, repeats: int = 5) -> float:
    """Median per-call seconds over `repeats` batches of at least min_seconds/repeats each."""
    fn()
    calls = 1
    while True:
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed > min_seconds / repeats:
            break
        calls *= 2
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        samples.append((time.perf_counter() - start) / calls)
    return statistics.median(samples)


def _tensors(framework: str, *arrays):
    if framework == "torch":
        import torch

        torch.set_grad_enabled(False)
        return [torch.from_numpy(a) for a in arrays]
    import paddle

    return [paddle.to_tensor(a) for a in arrays]



def scenario(name: str, framework: str):
    rng = np.random.default_rng(0)
    if name == "add_small":  # per-op overhead: 8-element float32 a + b
        a, b = _tensors(framework, *rng.random((2, 8), dtype=np.float32))
        return (lambda: a + b), 1
    if name == "matmul_1024":  # GFLOP/s
        a, b = _tensors(framework, *rng.random((2, 1024, 1024), dtype=np.float32))
        if framework == "torch":
            import torch

            return (lambda: torch.matmul(a, b)), 2 * 1024**3 / 1e9
        import paddle

        return (lambda: paddle.matmul(a, b)), 2 * 1024**3 / 1e9
    n = 1 << 25
    if name == "add_2^25":  # GB/s: read two, write one float32 array
        a, b = _tensors(framework, rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32))
        return (lambda: a + b), 3 * 4 * n / 1e9
    if name == "sum_2^25":  # GB/s: read one float32 array
        (a,) = _tensors(framework, rng.random(n, dtype=np.float32))
        return (lambda: a.sum()), 4 * n / 1e9
    if name in ("mlp_tiny_step", "mlp_1024_step"):  # forward + backward of a 3-layer MLP
        width, batch = (8, 8) if name == "mlp_tiny_step" else (1024, 256)
        return _mlp_step(framework, rng, width, batch), 1
    if name == "grad2_mlp64":  # d2/dx2 of a 64-wide MLP through create_graph
        return _second_derivative(framework, rng, 64), 1
    raise KeyError(name)


def _mlp_params(framework: str, rng, width: int):
    arrays = []
    for _ in range(3):
        arrays += [(rng.standard_normal((width, width)) / np.sqrt(width)).astype(np.float32),
                   np.zeros(width, np.float32)]
    if framework == "torch":
        import torch

        return [torch.from_numpy(a).requires_grad_() for a in arrays]
    import paddle

    return [paddle.to_tensor(a, stop_gradient=False) for a in arrays]


def _mlp(framework: str, x, params):
    if framework == "torch":
        import torch

        mm, tanh = torch.matmul, torch.tanh
    else:
        import paddle

        mm, tanh = paddle.matmul, paddle.tanh
    h = x
    for i in range(3):
        h = mm(h, params[2 * i]) + params[2 * i + 1]
        if i < 2:
            h = tanh(h)
    return h


def _mlp_step(framework: str, rng, width: int, batch: int):
    params = _mlp_params(framework, rng, width)
    (x,) = _tensors(framework, rng.standard_normal((batch, width), dtype=np.float32))
    if framework == "torch":
        import torch

        torch.set_grad_enabled(True)

    def step():
        out = _mlp(framework, x, params)
        (out * out).mean().backward()
        for p in params:
            if framework == "torch":
                p.grad = None
            else:
                p.clear_gradient(set_to_zero=False)

    return step


def _second_derivative(framework: str, rng, width: int):
    params = _mlp_params(framework, rng, width)
    data = rng.standard_normal((16, width), dtype=np.float32)
    if framework == "torch":
        import torch

        torch.set_grad_enabled(True)
        x = torch.from_numpy(data).requires_grad_()

        def step():
            (g,) = torch.autograd.grad(_mlp(framework, x, params).sum(), x, create_graph=True)
            torch.autograd.grad(g.sum(), x)

        return step
    import paddle

    x = paddle.to_tensor(data, stop_gradient=False)

    def step():
        (g,) = paddle.grad(_mlp(framework, x, params).sum(), x, create_graph=True)
        paddle.grad(g.sum(), x)

    return step


NAMES = ["add_small", "matmul_1024", "add_2^25", "sum_2^25", "mlp_tiny_step", "mlp_1024_step", "grad2_mlp64"]


def main() -> None:
    framework, name = sys.argv[1], sys.argv[2]
    fn, work = scenario(name, framework)
    print(json.dumps({"seconds": _time(fn), "work": work}))


if __name__ == "__main__":
    main()
