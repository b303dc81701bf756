"""Benchmark scenarios, one implementation per framework API.

Run by run.py in a subprocess per framework (each peer lives in its own
virtual environment):  python scenarios.py FRAMEWORK SCENARIO
prints one JSON line {"seconds": per-iteration time, "work": units per iteration,
"peak_mib": the process's peak resident memory, import included}.
FRAMEWORK is "paddle" (ours, or PaddlePaddle in its venv: same API) or "torch".
"""

from __future__ import annotations

import json
import resource
import statistics
import sys
import time

import numpy as np

from gpu import GPU_SCENARIOS, gpu_scenario
from inference import INFERENCE_SCENARIOS, inference_scenario
from training import TRAINING_SCENARIOS, training_scenario


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
    if name == "mlp_tiny_static_step":  # the same MLP trained in static mode (Paddle's API; not torch)
        if framework == "torch":
            raise KeyError(f"{name}: PyTorch has no static mode")
        return _mlp_static_step(rng, 8, 8), 1
    if name == "mlp_tiny_to_static_step":  # mlp_tiny_step with the forward and loss under paddle.jit.to_static
        if framework == "torch":
            raise KeyError(f"{name}: PyTorch has no to_static")
        return _mlp_to_static_step(rng, 8, 8), 1
    if name in ("pir_10k_roundtrip", "pir_1k_passes"):  # the IR itself (ours only)
        if framework != "paddle" or not hasattr(getattr(__import__("paddle"), "_C", None), "pir"):
            raise KeyError(f"{name}: our IR's API only")
        return _pir_scenario(name), 1
    if name == "grad2_mlp64":  # d2/dx2 of a 64-wide MLP through create_graph
        return _second_derivative(framework, rng, 64), 1
    if name in OP_SCENARIOS:
        return _op_scenario(name, framework, rng), 1
    if name in INFERENCE_SCENARIOS:
        return inference_scenario(name, framework)
    if name in TRAINING_SCENARIOS:
        return training_scenario(name, framework)
    raise KeyError(name)


def _api(framework: str):
    """(module, functional) of the framework: torch/torch.nn.functional or paddle/paddle.nn.functional."""
    if framework == "torch":
        import torch
        import torch.nn.functional as F

        return torch, F
    import paddle
    import paddle.nn.functional as F

    return paddle, F


def _op_scenario(name: str, framework: str, rng):
    """The forward call of one op at the sizes issue 4 names (no autograd)."""
    lib, F = _api(framework)
    torch = framework == "torch"
    f32 = np.float32

    def t(shape, scale=1.0):
        (x,) = _tensors(framework, (rng.standard_normal(shape) * scale).astype(f32))
        return x

    def ints(high, shape):
        (x,) = _tensors(framework, rng.integers(0, high, size=shape).astype(np.int64))
        return x

    if name == "conv2d_resnet":  # N=8, 64 -> 64 channels, 56x56, 3x3, padding 1
        x, w = t((8, 64, 56, 56)), t((64, 64, 3, 3), 0.05)
        return lambda: F.conv2d(x, w, padding=1)
    if name == "batch_norm":  # training statistics of the same activation
        x = t((8, 64, 56, 56))
        rm, rv, w, b = t((64,)) * 0, t((64,)) * 0 + 1, t((64,)) * 0 + 1, t((64,)) * 0
        return lambda: F.batch_norm(x, rm, rv, w, b, training=True)
    if name == "layer_norm":
        x, w, b = t((8192, 1024)), t((1024,)), t((1024,))
        return lambda: F.layer_norm(x, [1024], w, b)
    if name == "softmax":
        x = t((8192, 1024))
        return (lambda: F.softmax(x, dim=-1)) if torch else (lambda: F.softmax(x, axis=-1))
    if name == "gelu":
        x = t((8192, 1024))
        return lambda: F.gelu(x)
    if name == "cross_entropy":  # 4096 tokens over a 32000-word vocabulary
        logits, labels = t((4096, 32000)), ints(32000, (4096,))
        return lambda: F.cross_entropy(logits, labels)
    if name == "sdpa":  # B=4, heads=8, seq=1024, dim=64
        if torch:
            q, k, v = (t((4, 8, 1024, 64)) for _ in range(3))
        else:
            q, k, v = (t((4, 1024, 8, 64)) for _ in range(3))
        return lambda: F.scaled_dot_product_attention(q, k, v)
    if name == "sort":  # 1024 rows of 4096
        x = t((1024, 4096))
        return (lambda: lib.sort(x, dim=-1)) if torch else (lambda: lib.sort(x, axis=-1))
    if name == "topk":
        x = t((8192, 1024))
        return lambda: lib.topk(x, 16)
    if name == "gather":  # embedding lookup: 65536 rows of 512 from a 32000-row table
        table, idx = t((32000, 512)), ints(32000, (65536,))
        return lambda: lib.index_select(table, 0, idx) if torch else lib.index_select(table, idx)
    if name == "scatter_add":  # the embedding gradient: rows added back into the table
        table, idx, rows = t((32000, 512)) * 0, ints(32000, (65536,)), t((65536, 512))
        return (lambda: table.index_add(0, idx, rows)) if torch else (lambda: lib.index_add(table, idx, 0, rows))
    if name == "einsum":  # attention scores
        q, k = t((4, 8, 256, 64)), t((4, 8, 256, 64))
        return lambda: lib.einsum("bhqd,bhkd->bhqk", q, k)
    if name == "rfft":  # 1024 signals of 4096 samples
        x = t((1024, 4096))
        return lambda: lib.fft.rfft(x)
    if name == "irfft":  # back from 1024 half spectra to signals of 4096 samples
        x = lib.fft.rfft(t((1024, 4096)))
        return lambda: lib.fft.irfft(x)
    if name == "fft_long":  # one complex signal of 2^20 samples
        x = t((1 << 20,)) * (1 + 0j) if torch else t((1 << 20,)).astype("complex64")
        return lambda: lib.fft.fft(x)
    if name == "fft2":  # 32 complex images of 256x256
        x = t((32, 256, 256)) * (1 + 0j) if torch else t((32, 256, 256)).astype("complex64")
        return lambda: lib.fft.fft2(x)
    return _issue21_op_scenario(name, framework, t)


def _issue21_op_scenario(name: str, framework: str, t):
    """The ops issue 21 added, beside their PyTorch counterparts (torchvision's nms where installed)."""
    lib, _ = _api(framework)
    torch = framework == "torch"
    rng = np.random.default_rng(0)
    if name == "stft":  # 16 one-second signals at 16 kHz, 512-point Hann frames every 128 samples
        x = t((16, 16000))
        if torch:
            window = lib.hann_window(512)
            return lambda: lib.stft(x, 512, 128, window=window, return_complex=True)
        window = lib.audio.functional.get_window("hann", 512, dtype="float32")  # torch computes in float32 too
        return lambda: lib.signal.stft(x, 512, 128, window=window)
    if name == "sparse_matmul":  # a 4096 x 4096 COO matrix at 1% density times 4096 x 64
        nnz = 4096 * 4096 // 100
        coords = np.stack([rng.integers(0, 4096, nnz), rng.integers(0, 4096, nnz)]).astype(np.int64)
        (indices,) = _tensors(framework, coords)
        values, dense = t((nnz,)), t((4096, 64))
        if torch:
            a = lib.sparse_coo_tensor(indices, values, (4096, 4096)).coalesce()
            return lambda: lib.sparse.mm(a, dense)
        a = lib.sparse.sparse_coo_tensor(indices, values, [4096, 4096]).coalesce()
        return lambda: lib.sparse.matmul(a, dense)
    if name == "normal_sample_log_prob":  # 2^20 draws of a Normal and their log-density
        dist = (lib.distributions if torch else lib.distribution).Normal(0.0, 1.0)

        def sample_and_score():
            draws = dist.sample((1 << 20,)) if torch else dist.sample([1 << 20])
            return dist.log_prob(draws)
        return sample_and_score
    if name == "nms":  # 4000 random boxes, IoU threshold 0.5
        corners = rng.uniform(0, 600, (4000, 2)).astype(np.float32)
        sizes = rng.uniform(10, 100, (4000, 2)).astype(np.float32)
        boxes, scores = _tensors(framework, np.concatenate([corners, corners + sizes], 1),
                                 rng.random(4000).astype(np.float32))
        if torch:
            import torchvision  # raises where it is not installed: the row shows "-"

            return lambda: torchvision.ops.nms(boxes, scores, 0.5)
        return lambda: lib.vision.ops.nms(boxes, 0.5, scores)
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


def _mlp_to_static_step(rng, width: int, batch: int):
    """mlp_tiny_step's step, its forward and loss one captured program (ours and PaddlePaddle's to_static): the
    parameters are the function's inputs, their gradients the program's."""
    import paddle

    params = _mlp_params("paddle", rng, width)
    (x,) = _tensors("paddle", rng.standard_normal((batch, width), dtype=np.float32))

    @paddle.jit.to_static
    def loss_of(x, w0, b0, w1, b1, w2, b2):  # PaddlePaddle's to_static takes no *args
        out = _mlp("paddle", x, [w0, b0, w1, b1, w2, b2])
        return (out * out).mean()

    def step():
        loss_of(x, *params).backward()
        for p in params:
            p.clear_gradient(set_to_zero=False)

    return step


def _mlp_static_step(rng, width: int, batch: int):
    """One SGD step of the 3-layer tanh MLP as a static program: forward,
    backward and update run by the executor (ours and PaddlePaddle's share
    the API)."""
    import paddle

    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        h = x = paddle.static.data("x", [batch, width], "float32")
        for i in range(3):
            h = paddle.static.nn.fc(h, width, activation="tanh" if i < 2 else None)
        loss = paddle.mean(h * h)
        paddle.optimizer.SGD(learning_rate=1e-3).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    feed = {x.name: rng.standard_normal((batch, width)).astype(np.float32)}
    return lambda: exe.run(main, feed=feed, fetch_list=[loss])


def _pir_scenario(name: str):
    """pir_10k_roundtrip: build a 10,000-op program in static mode, verify,
    print and parse it back. pir_1k_passes: the pass pipeline (decomposition,
    CSE, algebraic simplification, DCE) on a 1,000-op program."""
    import paddle

    def build(ops: int):
        paddle.enable_static()
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [16, 16], "float32")
            v = x
            for i in range(ops // 4):
                a = paddle.exp(v)
                b = paddle.exp(v)          # a common subexpression
                paddle.tanh(a)             # dead
                v = paddle.square(a + b) if i % 2 else a * b  # square is a composite
            paddle._C.pir.shadow_output(v, "out")
        paddle.disable_static()
        return main

    if name == "pir_10k_roundtrip":
        def roundtrip():
            main = build(10_000)
            main.verify()
            paddle._C.pir.parse_program(str(main))
        return roundtrip
    programs = []

    def passes():
        if not programs:
            programs.extend(build(1_000) for _ in range(64))
        paddle._C.pir.apply_passes(programs.pop(), ["decomposition", "common_subexpression_elimination",
                                                    "algebraic_simplification", "dead_code_elimination"])
    return passes


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


OP_SCENARIOS = ["conv2d_resnet", "batch_norm", "layer_norm", "softmax", "gelu", "cross_entropy", "sdpa", "sort",
                "topk", "gather", "scatter_add", "einsum", "rfft", "irfft", "fft_long", "fft2", "stft", "sparse_matmul",
                "normal_sample_log_prob", "nms"]
NAMES = ["add_small", "matmul_1024", "add_2^25", "sum_2^25", "mlp_tiny_step", "mlp_tiny_static_step",
         "mlp_tiny_to_static_step",
         "mlp_1024_step", "grad2_mlp64", "pir_10k_roundtrip", "pir_1k_passes"] + OP_SCENARIOS + TRAINING_SCENARIOS \
    + INFERENCE_SCENARIOS


def main() -> None:
    framework, name = sys.argv[1], sys.argv[2]
    fn, work = gpu_scenario(name, framework) if name in GPU_SCENARIOS else scenario(name, framework)
    seconds = _time(fn)
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB
    print(json.dumps({"seconds": seconds, "work": work, "peak_mib": round(peak_mib)}))


if __name__ == "__main__":
    main()
