#!/usr/bin/env python3
"""Distributed benchmarks (issue 19), each rank a process on this machine:

- all_reduce bus bandwidth (float32 SUM, 1 KB .. 256 MB, 2 and 4 ranks) on our
  Gloo process group, on PyTorch's and on PaddlePaddle's where installed
  (tools/bench/install_peers.sh), beside a raw TCP transfer of the same bytes
  between two processes on loopback. Bus bandwidth = size / time x 2(n-1)/n,
  the bytes each rank's link carries in a ring all-reduce, so it compares
  directly with the raw link's bandwidth.
- DataParallel scaling: the train_mlp step (784-512-512-10, batch 128 per
  rank, Adam) with 1 process and with 2, one math thread each; scaling
  efficiency = throughput(2) / (2 x throughput(1)).
- --gpu: NCCL all_reduce bus bandwidth with one rank per GPU (skipped with
  fewer than two GPUs).

Usage: python3 tools/bench/distributed.py [--peers-root /opt/peers] [--quick] [--gpu]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time

HERE = os.path.abspath(__file__)
SIZES = [1 << 10, 64 << 10, 1 << 20, 16 << 20, 256 << 20]
QUICK_SIZES = [1 << 10, 1 << 20]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _timed(fn, budget: float = 1.5, min_iters: int = 3, max_iters: int = 2000, sync=None) -> float:
    """Seconds per call: the best of three rounds (two cores shared by every rank make single rounds noisy),
    after two warm-up calls; ranks agree on the count through `sync`."""
    fn()
    fn()
    start = time.perf_counter()
    fn()
    once = max(time.perf_counter() - start, 1e-6)
    iters = int(min(max(budget / 3 / once, min_iters), max_iters))
    if sync is not None:
        iters = sync(iters)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(iters):
            fn()
        best = min(best, (time.perf_counter() - start) / iters)
    return best


# ---- workers: one process per rank -------------------------------------------------------------

class _Ours:
    def __init__(self, rank: int, n: int, port: int):
        os.environ.update({"PADDLE_TRAINER_ID": str(rank), "PADDLE_TRAINERS_NUM": str(n),
                           "PADDLE_MASTER": f"127.0.0.1:{port}"})
        import paddle
        import paddle.distributed as dist

        self.lib, self.dist = paddle, dist
        if os.environ.get("BENCH_GPU") == "1":  # rank r on GPU r: NCCL
            paddle.device.set_device(f"gpu:{rank}")
        if n > 1:
            dist.init_parallel_env()

    def tensor(self, elements: int):
        return self.lib.ones([elements], dtype="float32")

    def close(self, n: int):
        pass

    def all_reduce(self, t):
        self.dist.all_reduce(t)

    def agree(self, value: int) -> int:
        t = self.lib.to_tensor([value], dtype="int64")
        self.dist.all_reduce(t, op=self.dist.ReduceOp.MAX)
        return int(t.item())

    def mlp_step(self, n: int):
        paddle, nn = self.lib, self.lib.nn
        model = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
        if n > 1:
            model = paddle.DataParallel(model)
        opt = paddle.optimizer.Adam(learning_rate=1e-3, parameters=model.parameters())
        x = paddle.rand([128, 784])
        y = paddle.randint(0, 10, [128])

        def step():
            nn.functional.cross_entropy(model(x), y).backward()
            opt.step()
            opt.clear_grad(set_to_zero=False)
        return step


class _Torch:
    def __init__(self, rank: int, n: int, port: int):
        import torch
        import torch.distributed as dist

        torch.set_num_threads(1)
        self.lib, self.dist = torch, dist
        if n > 1:
            dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=n)

    def tensor(self, elements: int):
        return self.lib.ones(elements, dtype=self.lib.float32)

    def close(self, n: int):
        if n > 1:  # gloo's threads must stop before the interpreter exits
            self.dist.barrier()
            self.dist.destroy_process_group()

    def all_reduce(self, t):
        self.dist.all_reduce(t)

    def agree(self, value: int) -> int:
        t = self.lib.tensor([value])
        self.dist.all_reduce(t, op=self.dist.ReduceOp.MAX)
        return int(t.item())

    def mlp_step(self, n: int):
        torch, nn = self.lib, self.lib.nn
        model = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
        if n > 1:
            model = nn.parallel.DistributedDataParallel(model)
        opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        x = torch.rand(128, 784)
        y = torch.randint(0, 10, (128,))

        def step():
            nn.functional.cross_entropy(model(x), y).backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
        return step


class _Paddle(_Ours):
    """PaddlePaddle's CPU build: Gloo process groups from the same environment variables as ours."""

    def __init__(self, rank: int, n: int, port: int):
        os.environ.update({"PADDLE_TRAINER_ID": str(rank), "PADDLE_TRAINERS_NUM": str(n),
                           "PADDLE_MASTER": f"127.0.0.1:{port}", "PADDLE_DISTRI_BACKEND": "gloo",
                           "PADDLE_TRAINER_ENDPOINTS": ",".join(f"127.0.0.1:{port + 1 + k}" for k in range(n)),
                           "PADDLE_CURRENT_ENDPOINT": f"127.0.0.1:{port + 1 + rank}"})
        import paddle
        import paddle.distributed as dist

        self.lib, self.dist = paddle, dist
        if n > 1:
            dist.init_parallel_env()


FRAMEWORKS = {"ours": _Ours, "torch": _Torch, "paddle": _Paddle}


def worker(framework: str, job: str, rank: int, n: int, port: int, sizes: list[int]) -> None:
    fw = FRAMEWORKS[framework](rank, n, port)
    results = {}
    if job == "all_reduce":
        for size in sizes:
            t = fw.tensor(size // 4)
            seconds = _timed(lambda: fw.all_reduce(t), sync=fw.agree)
            results[str(size)] = seconds
    else:
        step = fw.mlp_step(n)
        results["step"] = _timed(step, budget=3.0, sync=fw.agree if n > 1 else None)
    if rank == 0:
        print(json.dumps(results), flush=True)
    fw.close(n)


def tcp_worker(rank: int, port: int, sizes: list[int]) -> None:
    """Rank 0 sends each size to rank 1, which answers one byte once all arrived."""
    if rank == 1:
        with socket.create_server(("127.0.0.1", port)) as server:
            conn, _ = server.accept()
    else:
        for _ in range(200):
            try:
                conn = socket.create_connection(("127.0.0.1", port))
                break
            except ConnectionRefusedError:
                time.sleep(0.05)
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    results = {}
    with conn:
        for size in sizes:
            buffer = bytearray(size)
            view = memoryview(buffer)

            def send():
                conn.sendall(buffer)
                conn.recv(1)

            def receive():
                got = 0
                while got < size:
                    got += conn.recv_into(view[got:], size - got)
                conn.sendall(b"k")

            def agree(iters):  # rank 0 decides; rank 1 follows
                if rank == 0:
                    conn.sendall(iters.to_bytes(8, "little"))
                    return iters
                return int.from_bytes(conn.recv(8), "little")
            results[str(size)] = _timed(send if rank == 0 else receive, sync=agree)
    if rank == 0:
        print(json.dumps(results), flush=True)


# ---- driver ------------------------------------------------------------------------------------

def _run(python: str, args: list[str], n: int, extra_env: dict | None = None) -> dict | None:
    env = dict(os.environ, OMP_NUM_THREADS="1", **(extra_env or {}))
    if python != sys.executable:
        env.pop("PYTHONPATH", None)
    port = _free_port()
    procs = [subprocess.Popen([python, HERE, "--worker", *args, str(r), str(n), str(port)], cwd=os.path.dirname(HERE),
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for r in range(n)]
    outs = [p.communicate(timeout=1800) for p in procs]
    if any(p.returncode for p in procs):
        err = next(e for p, (_, e) in zip(procs, outs) if p.returncode).strip().splitlines()[-1:]
        print(f"  {args[:2]} on {n} ranks failed: {err}", file=sys.stderr)
        return None
    return json.loads(outs[0][0].strip().splitlines()[-1])


def _gbs(size: int, seconds: float | None, factor: float = 1.0) -> str:
    return f"{size / seconds * factor / 1e9:.3g}" if seconds else "-"


def gpu_table(sizes: list[int]) -> None:
    probe = subprocess.run([sys.executable, "-c", "import paddle; print(paddle.device.cuda.device_count())"],
                           capture_output=True, text=True)
    gpus = int(probe.stdout.strip() or 0) if probe.returncode == 0 else 0
    print(f"NCCL all_reduce bus bandwidth, GB/s (float32 SUM, one rank per GPU; {gpus} GPUs)\n")
    if gpus < 2:
        print("skipped: NCCL puts one rank on each GPU, and this machine has fewer than two")
        return
    got = _run(sys.executable, ["ours", "all_reduce", json.dumps(sizes)], gpus, {"BENCH_GPU": "1"}) or {}
    print("| size | ranks | ours (nccl) |")
    print("|---|---|---|")
    for size in sizes:
        label = f"{size >> 20} MB" if size >= 1 << 20 else f"{size >> 10} KB"
        print(f"| {label} | {gpus} | {_gbs(size, got.get(str(size)), 2 * (gpus - 1) / gpus)} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--peers-root", default="/opt/peers")
    parser.add_argument("--quick", action="store_true", help="two sizes, for a smoke run")
    parser.add_argument("--gpu", action="store_true", help="NCCL all_reduce bus bandwidth, one rank per GPU")
    parser.add_argument("--worker", nargs="+", help=argparse.SUPPRESS)
    opts = parser.parse_args()
    if opts.worker:
        kind, *rest = opts.worker
        if kind == "tcp":
            sizes, rank, _, port = rest
            tcp_worker(int(rank), int(port), json.loads(sizes))
        else:
            job, sizes, rank, n, port = rest
            worker(kind, job, int(rank), int(n), int(port), json.loads(sizes))
        return
    sizes = QUICK_SIZES if opts.quick else SIZES
    if opts.gpu:
        gpu_table(sizes)
        return
    pythons = {"ours": sys.executable}
    for name in ("torch", "paddle"):
        python = os.path.join(opts.peers_root, name, "bin", "python")
        if os.path.exists(python):
            pythons[name] = python
    tcp = _run(sys.executable, ["tcp", json.dumps(sizes)], 2)
    print(f"all_reduce bus bandwidth, GB/s (float32 SUM; {os.cpu_count()} cores; raw TCP: one loopback link)\n")
    names = list(pythons)
    print("| size | ranks | " + " | ".join(names) + " | raw TCP | ours / TCP |")
    print("|---|---|" + "---|" * len(names) + "---|---|")
    for n in (2, 4):
        got = {name: _run(python, [name, "all_reduce", json.dumps(sizes)], n) for name, python in pythons.items()}
        for size in sizes:
            factor = 2 * (n - 1) / n
            cells = [_gbs(size, (got[name] or {}).get(str(size)), factor) for name in names]
            ours, link = (got["ours"] or {}).get(str(size)), (tcp or {}).get(str(size))
            ratio = f"{(size / ours * factor) / (size / link):.2f}" if ours and link else "-"
            label = f"{size >> 20} MB" if size >= 1 << 20 else f"{size >> 10} KB"
            print(f"| {label} | {n} | " + " | ".join(cells) + f" | {_gbs(size, link)} | {ratio} |")
    print("\nDataParallel train_mlp (batch 128 per rank, one math thread per process), samples/s\n")
    print("| framework | 1 process | 2 processes | scaling efficiency |")
    print("|---|---|---|---|")
    for name, python in pythons.items():
        one = _run(python, [name, "dp", "[]"], 1)
        two = _run(python, [name, "dp", "[]"], 2)
        if one and two:
            t1, t2 = 128 / one["step"], 2 * 128 / two["step"]
            print(f"| {name} | {t1:.0f} | {t2:.0f} | {t2 / (2 * t1):.2f} |")
        else:
            print(f"| {name} | - | - | - |")


if __name__ == "__main__":
    main()
