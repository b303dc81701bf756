"""paddle.device's queries against what the process can see independently
(CUDA's device count, the loaded plugins), and its seeding helpers."""

from __future__ import annotations

import numpy as np

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
