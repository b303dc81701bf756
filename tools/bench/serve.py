#!/usr/bin/env python3
"""Serving benchmark (issue 20): ResNet-18 behind `python -m paddle.inference.serve`, N concurrent
clients on loopback each sending one image (an .npy body) at a time and waiting for its answer.
Runs the server twice, without batching (--max-batch-size 1) and with dynamic batching, and prints
requests/s, p50/p99 latency, the mean batch the server ran and the speed-up batching gives. Every
answer is checked against the client's own image run alone by a local predictor, so a lost,
duplicated or mixed-up response fails the run.

Usage: python3 tools/bench/serve.py [--clients 16] [--seconds 20] [--threads 2] [--max-batch-size 16]
                                    [--max-wait-ms 5]"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np


def save_resnet18(directory):
    import paddle

    paddle.seed(0)
    model = paddle.vision.models.resnet18()
    model.eval()
    prefix = os.path.join(directory, "resnet18")
    paddle.jit.save(model, prefix, input_spec=[paddle.static.InputSpec([None, 3, 224, 224], "float32", "x")])
    return prefix


def reference_outputs(prefix, images):
    from paddle import inference

    predictor = inference.create_predictor(inference.Config(prefix + ".json", prefix + ".pdiparams"))
    return [predictor.run([image])[0].numpy() for image in images]


class Server:
    """The serving process on a free port, up until stop()."""

    def __init__(self, prefix, threads, max_batch_size, max_wait_ms):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "paddle.inference.serve", prefix, "--port", "0", "--threads", str(threads),
             "--max-batch-size", str(max_batch_size), "--max-wait-ms", str(max_wait_ms)],
            stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("serving"):
            raise RuntimeError(f"the server did not start: {line!r}")
        self.port = int(line.rsplit(":", 1)[1])

    def get(self, path):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", path)
        return json.loads(connection.getresponse().read())

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=60)


def load(port, bodies, expected, seconds):
    """Each client thread posts its body in a loop for `seconds`; (latencies in s, mismatches, errors)."""
    latencies, mismatches, errors = [], [], []
    stop_at = time.perf_counter() + seconds

    def client(body, want):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        mine = []
        while time.perf_counter() < stop_at:
            start = time.perf_counter()
            connection.request("POST", "/predict", body, {"Content-Type": "application/x-npy"})
            response = connection.getresponse()
            payload = response.read()
            mine.append(time.perf_counter() - start)
            if response.status != 200:
                errors.append(f"{response.status}: {payload[:200]!r}")
                return
            got = np.load(io.BytesIO(payload))
            if got.shape != want.shape or not np.allclose(got, want, rtol=1e-4, atol=1e-4):
                mismatches.append(float(np.abs(got - want).max()) if got.shape == want.shape else got.shape)
        latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(b, w)) for b, w in zip(bodies, expected)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, mismatches, errors


def measure(prefix, bodies, expected, args, max_batch_size):
    server = Server(prefix, args.threads, max_batch_size, args.max_wait_ms)
    try:
        load(server.port, bodies, expected, 2.0)  # warm-up: plans and buffers for the batch sizes seen
        before = server.get("/stats")
        start = time.perf_counter()
        latencies, mismatches, errors = load(server.port, bodies, expected, args.seconds)
        elapsed = time.perf_counter() - start
        after = server.get("/stats")
    finally:
        server.stop()
    if errors or mismatches:
        raise SystemExit(f"max batch {max_batch_size}: {len(errors)} errors {errors[:3]}, "
                         f"{len(mismatches)} wrong answers {mismatches[:3]}")
    ms = np.array(latencies) * 1000.0
    batches = after["batches"] - before["batches"]
    return {"rps": len(latencies) / elapsed, "p50": float(np.percentile(ms, 50)), "p99": float(np.percentile(ms, 99)),
            "mean_batch": (after["requests"] - before["requests"]) / max(1, batches), "requests": len(latencies)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--threads", type=int, default=os.cpu_count(), help="the server's CPU math threads")
    parser.add_argument("--max-batch-size", type=int, default=16)
    parser.add_argument("--max-wait-ms", type=float, default=5.0)
    args = parser.parse_args()

    rng = np.random.default_rng(0)
    images = [rng.standard_normal([1, 3, 224, 224]).astype("float32") for _ in range(args.clients)]
    bodies = []
    for image in images:
        buffer = io.BytesIO()
        np.save(buffer, image)
        bodies.append(buffer.getvalue())
    with tempfile.TemporaryDirectory() as directory:
        prefix = save_resnet18(directory)
        expected = reference_outputs(prefix, images)
        single = measure(prefix, bodies, expected, args, 1)
        batched = measure(prefix, bodies, expected, args, args.max_batch_size)
    print(f"ResNet-18 served on loopback, {args.clients} clients, {args.seconds:.0f} s, server threads {args.threads}")
    print("| server | requests/s | p50 ms | p99 ms | mean batch | requests |")
    print("|---|---|---|---|---|---|")
    for label, r in (("no batching", single),
                     (f"dynamic batching (max {args.max_batch_size}, {args.max_wait_ms:g} ms)", batched)):
        print(f"| {label} | {r['rps']:.1f} | {r['p50']:.0f} | {r['p99']:.0f} | {r['mean_batch']:.1f} | {r['requests']} |")
    print(f"dynamic batching speed-up: {batched['rps'] / single['rps']:.2f}x requests/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
