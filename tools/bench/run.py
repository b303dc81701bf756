#!/usr/bin/env python3
"""Runs the benchmark scenarios on our paddle and, where installed in their
own virtual environments (tools/bench/install_peers.sh), on PyTorch and
PaddlePaddle, plus the native C baselines; prints a Markdown table of times,
throughputs and ratios.

Usage: python3 tools/bench/run.py [--scenarios a,b] [--gpu] [--peers-root /opt/peers]
Ratios are time(ours) / time(other): below 1.0 means we are faster. --gpu runs the GPU scenarios
(tools/bench/gpu.py) instead, with our figure as a fraction of the issue's H200 ceiling."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gpu import GPU_SCENARIOS, GPU_UNITS  # noqa: E402
from scenarios import NAMES, OP_SCENARIOS  # noqa: E402
from inference import INFERENCE_SCENARIOS  # noqa: E402
from training import TRAINING_SCENARIOS  # noqa: E402

UNITS = {"add_small": ("us/op", None), "matmul_1024": ("GFLOP/s", "flops"), "add_2^25": ("GB/s", "bytes"),
         "sum_2^25": ("GB/s", "bytes"), "mlp_tiny_step": ("us/step", None), "mlp_tiny_static_step": ("us/step", None),
         "mlp_tiny_to_static_step": ("us/step", None),
         "mlp_1024_step": ("us/step", None), "pir_10k_roundtrip": ("ms/call", "ms"),
         "pir_1k_passes": ("ms/call", "ms"),
         "grad2_mlp64": ("us/step", None)}
UNITS.update({name: ("ms/call", "ms") for name in OP_SCENARIOS})
UNITS.update({name: ("items/s", "items") for name in TRAINING_SCENARIOS})
UNITS.update({name: ("ms/call", "ms") if name.endswith("_b1") else ("items/s", "items") for name in INFERENCE_SCENARIOS})
UNITS.update({name: (unit, kind) for name, (unit, kind, _) in GPU_UNITS.items()})


def run_scenario(python: str, framework: str, name: str, ours: bool) -> dict | None:
    # Run from the bench folder so a source checkout never shadows the package;
    # a PYTHONPATH pointing at our package must not reach the peers.
    env = dict(os.environ)
    if not ours:
        env.pop("PYTHONPATH", None)
    proc = subprocess.run([python, os.path.join(HERE, "scenarios.py"), framework, name], cwd=HERE,
                          capture_output=True, text=True, timeout=600, env=env)
    if proc.returncode != 0:
        print(f"  {framework} {name} failed: {proc.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


def native_baselines() -> dict:
    exe = os.path.join(tempfile.gettempdir(), "paddle_bench_native")
    src = os.path.join(HERE, "native.c")
    include = "/usr/include/x86_64-linux-gnu/openblas-openmp"
    libdir = "/usr/lib/x86_64-linux-gnu/openblas-openmp"
    cmd = ["cc", "-O3", "-march=native", "-fopenmp", f"-I{include}", src, "-o", exe, f"-L{libdir}",
           f"-Wl,-rpath,{libdir}", "-lopenblas"]
    if subprocess.run(cmd, capture_output=True).returncode != 0:
        return {}
    # The same OpenBLAS kernel choice our package makes on import.
    from paddle._blas_setup import choose_openblas_kernels

    choose_openblas_kernels()
    out = subprocess.run([exe], capture_output=True, text=True, env=dict(os.environ))
    return json.loads(out.stdout) if out.returncode == 0 else {}


def rate(result: dict | None, name: str) -> str:
    if result is None:
        return "-"
    unit, kind = UNITS[name]
    if kind is None:
        return f"{result['seconds'] * 1e6:.2f}"
    if kind == "ms":
        return f"{result['seconds'] * 1e3:.2f}"
    if kind == "items":  # images or tokens per second
        return f"{result['work'] / result['seconds']:.0f}"
    return f"{result['work'] / result['seconds']:.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenarios", default=None, help="comma-separated names (default: all CPU ones)")
    parser.add_argument("--gpu", action="store_true", help="run the GPU scenarios")
    parser.add_argument("--peers-root", default=os.environ.get("PEERS_ROOT", "/opt/peers"))
    args = parser.parse_args()
    names = args.scenarios or ",".join(GPU_SCENARIOS if args.gpu else NAMES)

    runners = [("ours", sys.executable, "paddle")]
    for label, venv, framework in (("torch", "torch", "torch"), ("paddlepaddle", "paddle", "paddle")):
        python = os.path.join(args.peers_root, venv, "bin", "python")
        if os.path.exists(python):
            runners.append((label, python, framework))
    # onnxruntime, where installed next to PyTorch (install_peers.sh), for the predictor scenarios.
    torch_python = os.path.join(args.peers_root, "torch", "bin", "python")
    if any(n in INFERENCE_SCENARIOS for n in names.split(",")) and os.path.exists(torch_python) and \
            subprocess.run([torch_python, "-c", "import onnxruntime"], capture_output=True).returncode == 0:
        runners.append(("onnxruntime", torch_python, "onnxruntime"))
    native = native_baselines()

    labels = [r[0] for r in runners]
    header = ["scenario", "unit"] + labels + ["native C"] + [f"ours/{l}" for l in labels[1:]] + ["ours/native"]
    header.append("peak RSS MiB (" + " / ".join(labels) + ")")
    if args.gpu:
        header.append("ours/ceiling")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for name in names.split(","):
        results = {label: run_scenario(py, fw, name, label == "ours")
                   if fw != "onnxruntime" or name in INFERENCE_SCENARIOS else None for label, py, fw in runners}
        ours = results["ours"]
        native_result = {"seconds": native[name], "work": ours["work"]} if name in native and ours else None
        row = [name, UNITS[name][0]] + [rate(results[l], name) for l in labels] + [rate(native_result, name)]
        for label in labels[1:]:
            other = results[label]
            row.append(f"{ours['seconds'] / other['seconds']:.2f}" if ours and other else "-")
        row.append(f"{ours['seconds'] / native_result['seconds']:.2f}" if native_result else "-")
        row.append(" / ".join(str(results[l]["peak_mib"]) if results[l] else "-" for l in labels))
        if args.gpu:
            ceiling = GPU_UNITS.get(name, (None, None, None))[2]
            row.append(f"{ours['work'] / ours['seconds'] / ceiling:.0%}" if ours and ceiling else "-")
        print("| " + " | ".join(row) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
