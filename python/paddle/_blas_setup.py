"""Picks OpenBLAS's kernels before the core library loads it.

OpenBLAS chooses its GEMM kernels from the CPU model number; under many
hypervisors the model is hidden ("Intel Xeon Processor") and it falls back
to its oldest kernels, five times slower than the AVX-512 ones on the same
machine (tools/bench: matmul_1024 65 vs 300 GFLOP/s). When the user has not
chosen, name the kernel family from the instruction sets the CPU reports."""

from __future__ import annotations

import os


def _cpu_flags() -> set[str]:
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="ignore") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def choose_openblas_kernels() -> None:
    if "OPENBLAS_CORETYPE" in os.environ:
        return
    flags = _cpu_flags()
    if {"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= flags:
        os.environ["OPENBLAS_CORETYPE"] = "SkylakeX"
    elif {"avx2", "fma"} <= flags:
        os.environ["OPENBLAS_CORETYPE"] = "Haswell"
