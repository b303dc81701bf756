"""paddle.device's queries against what the process can see independently
(CUDA's device count, the loaded plugins), and its seeding helpers."""

from __future__ import annotations

import numpy as np
import pytest

import paddle


def test_device_counts_and_types_agree_with_the_backends(custom_cpu):
    gpus = paddle.device.cuda.device_count()
    types = paddle.device.get_all_device_type()
    assert ("gpu" in types) == (gpus > 0) and "cpu" not in types
    assert custom_cpu in types  # the sample plugin is loaded
    first_plugin = paddle.device.get_all_custom_device_type()[0]
    plugin_devices = [d for d in paddle.device.get_available_custom_device() if d.split(":")[0] == first_plugin]
    assert paddle.device.device_count() == (gpus or len(plugin_devices)) > 0
    assert paddle.device.is_available()


def test_what_this_build_has():
    assert paddle.device.is_compiled_with_distribute() and paddle.is_compiled_with_distribute()
    assert not paddle.is_compiled_with_xpu() and not paddle.is_compiled_with_rocm()
    assert not paddle.device.is_compiled_with_cinn()
    if paddle.device.cuda.device_count() == 0:
        assert paddle.device.get_cudnn_version() is None
    else:
        assert paddle.device.get_cudnn_version() >= 8000
    assert paddle.device.is_bf16_supported()  # on the CPU always


def test_manual_seed_and_the_rng_state():
    paddle.device.manual_seed(123)
    first = paddle.rand([4]).numpy()
    paddle.device.manual_seed(123)
    np.testing.assert_array_equal(paddle.rand([4]).numpy(), first)
    state = paddle.device.get_rng_state()
    again = paddle.rand([4]).numpy()
    paddle.device.set_rng_state(state)
    np.testing.assert_array_equal(paddle.rand([4]).numpy(), again)


def test_device_guard_restores_the_device_and_gpu_queries_refuse_without_a_gpu():
    before = paddle.device.get_device()
    with paddle.device.device_guard("cpu"):
        assert paddle.device.get_device() == "cpu"
    assert paddle.device.get_device() == before
    assert paddle.device.is_compiled_with_ipu() is False
    if paddle.device.cuda.device_count() == 0:
        for query in (paddle.device.memory_allocated, paddle.device.max_memory_allocated,
                      paddle.device.get_device_name, paddle.device.reset_peak_memory_stats):
            with pytest.raises(RuntimeError, match="no CUDA GPU is available"):
                query()
    else:
        paddle.device.reset_max_memory_allocated()
        assert paddle.device.max_memory_allocated() == paddle.device.memory_allocated()


def test_top_level_aliases():
    x, y = paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([3.0, 4.0])
    np.testing.assert_array_equal(paddle.ger(x, y).numpy(), np.outer([1.0, 2.0], [3.0, 4.0]))
    assert paddle.vecdot(x, y).item() == 11.0
    np.testing.assert_array_equal(paddle.from_dlpack(paddle.to_dlpack(x)).numpy(), [1.0, 2.0])
    assert paddle.incubate.optimizer.LBFGS is paddle.optimizer.LBFGS
