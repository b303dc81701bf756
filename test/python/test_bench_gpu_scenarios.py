"""The GPU benchmark scenarios (tools/bench/gpu.py) build and run, shrunk, on
the CPU, and compute what they claim: the figures themselves are measured by
tools/gpu_check.sh on a GPU."""

import sys
from pathlib import Path

import pytest

import paddle

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools/bench"))
from gpu import GPU_SCENARIOS, gpu_scenario  # noqa: E402


@pytest.mark.parametrize("name", GPU_SCENARIOS)
def test_scenario_runs_on_the_cpu_shrunk(name):
    try:
        step, work = gpu_scenario(name, "paddle", device="cpu", scale=16)
        step()
        step()
    finally:
        paddle.device.set_device("cpu")
    assert work > 0


def test_matmul_work_is_its_flop_count():
    step, work = gpu_scenario("gpu_matmul_bf16", "paddle", device="cpu", scale=16)
    n = 8192 // 16
    assert work == pytest.approx(2 * n**3 / 1e12)
    step()


def test_attention_work_counts_forward_and_backward():
    step, work = gpu_scenario("gpu_attention", "paddle", device="cpu", scale=16)
    step()
    # 3.5 x the forward's 4 B H S^2 D flops
    assert work == pytest.approx(3.5 * 4 * 4 * 16 * 256 * 256 * 8 / 1e12)
