"""The main job for now: fit a linear model by gradient descent on generated
data, with hand-written gradients (autograd arrives in a later issue).

Run: python examples/tensor_tour.py
"""

from __future__ import annotations

import time

import numpy as np

import paddle


def make_dataset(n: int, d: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    true_w = rng.normal(size=(d, 1)).astype(np.float32)
    x = rng.normal(size=(n, d)).astype(np.float32)
    noise = 0.01 * rng.normal(size=(n, 1)).astype(np.float32)
    return paddle.to_tensor(x), paddle.to_tensor(x @ true_w + noise), true_w


def train(x, y, steps: int = 200, lr: float = 0.1):
    n, d = x.shape
    w = paddle.zeros([d, 1])
    for step in range(steps):
        residual = paddle.matmul(x, w) - y
        loss = (residual * residual).mean()
        grad = paddle.matmul(x, residual, transpose_x=True) * (2.0 / n)
        w = w - lr * grad
        if step % 50 == 0 or step == steps - 1:
            print(f"step {step:4d}  loss {loss.item():.6f}")
    return w


def main() -> None:
    print(f"paddle {paddle.__version__}, device {paddle.device.get_device()}, "
          f"CUDA compiled: {paddle.is_compiled_with_cuda()}")
    x, y, true_w = make_dataset(n=4096, d=16)
    start = time.perf_counter()
    w = train(x, y)
    elapsed = time.perf_counter() - start
    error = np.abs(w.numpy() - true_w).max()
    print(f"trained in {elapsed:.3f}s; max |w - w_true| = {error:.5f}")
    assert error < 1e-2, "training did not converge"
    print(w[:4, 0])


if __name__ == "__main__":
    main()
