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
    raise KeyError(name)


NAMES = ["add_small", "matmul_1024", "add_2^25", "sum_2^25"]


def main() -> None:
    framework, name = sys.argv[1], sys.argv[2]
    fn, work = scenario(name, framework)
    print(json.dumps({"seconds": _time(fn), "work": work}))


if __name__ == "__main__":
    main()
