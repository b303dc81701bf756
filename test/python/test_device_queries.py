"""paddle.device's queries against what the process can see independently
(CUDA's device count, the loaded plugins), its seeding helpers, the device
context manager, the CUDA-only helpers without a GPU, and the typed tensor
constructors."""

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
                      paddle.device.get_device_name, paddle.device.reset_peak_memory_stats,
                      paddle.device.max_memory_reserved, paddle.device.reset_max_memory_reserved):
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


def test_typed_tensor_constructors_are_the_top_level_ones():
    names = ["BFloat16Tensor", "BoolTensor", "ByteTensor", "CharTensor", "DoubleTensor", "FloatTensor", "HalfTensor",
             "IntTensor", "LongTensor", "ShortTensor"]
    for name in names:
        assert getattr(paddle.device, name) is getattr(paddle, name)
    x = paddle.device.LongTensor([3, -4])
    assert x.dtype == paddle.int64 and x.tolist() == [3, -4]
    assert paddle.device.DoubleTensor(2, 5).shape == [2, 5]
    assert paddle.device.ByteTensor().shape == [0]


def test_device_context_manager_switches_and_restores():
    before = paddle.device.get_device()
    assert before == "cpu"
    manager = paddle.device.device("cpu")
    assert manager.place == paddle.CPUPlace()
    with manager as entered:
        assert entered is None
        assert paddle.device.get_device() == "cpu"
        assert paddle.ones([1]).place == paddle.CPUPlace()
    assert paddle.device.get_device() == before
    # None is the current device; an int indexes the current device's kind (the CPU has only 0); 'cuda' is 'gpu'.
    assert paddle.device.device().place == paddle.CPUPlace()
    assert paddle.device.device(0).place == paddle.CPUPlace()
    assert paddle.device.device(" CPU ").place == paddle.CPUPlace()
    assert paddle.device.device(paddle.CPUPlace()).place == paddle.CPUPlace()
    if paddle.device.is_compiled_with_cuda():
        assert paddle.device.device("cuda:1").place == paddle.CUDAPlace(1)
    with pytest.raises(ZeroDivisionError):  # the previous device comes back after an error too
        with paddle.device.device("cpu"):
            1 / 0
    assert paddle.device.get_device() == before


def test_device_context_manager_rejects_bad_devices():
    with pytest.raises(ValueError, match=r"\[device\] argument 'device': the CPU has only index 0, but got 1"):
        paddle.device.device(1)
    with pytest.raises(ValueError, match=r"\[device\] argument 'device': a device index must be >= 0, but got -1"):
        paddle.device.device(-1)
    with pytest.raises(ValueError, match=r"\[device\] argument 'device': expected 'cpu', .* but got 'tpu:0'"):
        paddle.device.device("tpu:0")
    for bad in (1.5, True, ["cpu"]):
        with pytest.raises(TypeError, match=r"\[device\] argument 'device': expected a Place, a device string or "):
            paddle.device.device(bad)
    if paddle.device.cuda.device_count() == 0 and paddle.device.is_compiled_with_cuda():
        with pytest.raises(RuntimeError, match="no CUDA GPU is available"):
            with paddle.device.device("gpu:0"):
                pass
        assert paddle.device.get_device() == "cpu"


def test_stream_context_is_stream_guard():
    assert paddle.device.StreamContext is paddle.device.stream_guard
    guard = paddle.device.StreamContext()  # no stream: the block runs unchanged
    assert guard.stream is None
    with guard as entered:
        assert entered is None and paddle.device.get_device() == "cpu"
    with pytest.raises(TypeError, match=r"\[stream_guard\] argument 'stream': expected a paddle.device.Stream or "
                                        r"None, but got str"):
        paddle.device.StreamContext("default")


def test_external_streams_check_their_arguments():
    with pytest.raises(TypeError, match=r"\[get_stream_from_external\] argument 'data_ptr': expected an int"):
        paddle.device.get_stream_from_external("0x7f00")
    with pytest.raises(TypeError, match=r"\[get_stream_from_external\] argument 'data_ptr'"):
        paddle.device.get_stream_from_external(True)
    with pytest.raises(ValueError, match=r"\[get_stream_from_external\] argument 'device': expected a GPU, but "
                                         r"got cpu"):
        paddle.device.get_stream_from_external(1234)  # the current device is the CPU
    with pytest.raises(TypeError, match=r"\[get_stream_from_external\] argument 'device'"):
        paddle.device.get_stream_from_external(1234, 0.5)
    with pytest.raises(ValueError, match=r"\[get_stream_from_external\] argument 'data_ptr': expected a "
                                         r"non-negative handle, but got -1"):
        paddle.device.get_stream_from_external(-1, "gpu:0")


def test_cuda_graph_and_ipc_helpers(monkeypatch):
    assert paddle.device.is_current_stream_capturing() is False  # nothing captures CUDA graphs here
    if paddle.device.is_compiled_with_cuda():
        assert paddle.device.ipc_collect() is None  # no CUDA IPC memory to free
    monkeypatch.setattr(paddle.device, "is_compiled_with_cuda", lambda: False)
    with pytest.raises(RuntimeError, match=r"\[ipc_collect\] this package is not compiled with CUDA"):
        paddle.device.ipc_collect()


def test_peak_reserved_memory_on_the_cpu():
    paddle.device.reset_max_memory_reserved("cpu")
    assert paddle.device.max_memory_reserved("cpu") == paddle.device.memory_reserved("cpu")
    x = paddle.zeros([1 << 22])  # 16 MiB, held from the system while x lives
    held = paddle.device.memory_reserved("cpu")
    assert held >= 16 << 20
    del x
    assert paddle.device.max_memory_reserved("cpu") >= held  # the peak stays when the memory goes
    paddle.device.reset_max_memory_reserved("cpu")
    assert paddle.device.max_memory_reserved("cpu") == paddle.device.memory_reserved("cpu")
    # A block too small for the cache goes back to the system when freed: the mark still saw it.
    base = paddle.device.memory_reserved("cpu")
    paddle.zeros([1 << 17]).sum()  # 512 KiB, freed before the next read
    assert paddle.device.max_memory_reserved("cpu") >= base + (512 << 10)
    with pytest.raises(TypeError, match=r"\[max_memory_reserved\] argument 'device': expected a GPU index, a device "
                                        r"string or a Place, but got float"):
        paddle.device.max_memory_reserved(1.5)
    with pytest.raises(TypeError, match=r"\[reset_max_memory_reserved\] argument 'device'"):
        paddle.device.reset_max_memory_reserved([0])
