"""Plugin devices (paddle/phi/backends/custom) through the sample plugin
"custom_cpu" (test/custom_device), whose device memory is host memory: loading,
places, copies, plugin kernels and the CPU fallback, a training step, memory,
streams and events, and malformed plugins. References are NumPy and the same
computation on the CPU."""

import ctypes
import os
import subprocess
import sys

import numpy as np
import pytest

import paddle
from paddle import _C

from conftest import CUSTOM_CPU_PLUGIN as PLUGIN
from test_static_training import _mlp_program


@pytest.fixture(scope="module")
def plugin(custom_cpu):
    """The plugin's call counters."""
    lib = ctypes.CDLL(str(PLUGIN))
    lib.custom_cpu_count.restype = ctypes.c_size_t
    lib.custom_cpu_count.argtypes = [ctypes.c_char_p]
    return lib


def count(lib, name):
    return lib.custom_cpu_count(name.encode())


@pytest.fixture
def on_custom_device(plugin):
    previous = paddle.device.get_device()
    paddle.device.set_device("custom_cpu:0")
    yield plugin
    paddle.device.set_device(previous)


def dev(x, device="custom_cpu:0"):
    return paddle.to_tensor(x, place=device)


# --- loading and places -----------------------------------------------------


def test_plugin_type_and_devices_are_listed(plugin):
    assert paddle.device.is_compiled_with_custom_device("custom_cpu")
    assert not paddle.device.is_compiled_with_custom_device("npu")
    assert paddle.device.get_available_custom_device() == ["custom_cpu:0", "custom_cpu:1"]
    assert "custom_cpu:1" in paddle.device.get_available_device()


def test_set_device_and_places(on_custom_device):
    assert paddle.device.get_device() == "custom_cpu:0"
    x = paddle.zeros([2, 3])
    assert x.place == paddle.CustomPlace("custom_cpu", 0)
    assert x.place.is_custom_place() and repr(x.place) == "Place(custom_cpu:0)"
    np.testing.assert_array_equal(x.numpy(), np.zeros([2, 3], np.float32))
    y = paddle.to_tensor([1.0, 2.0], place="custom_cpu:1")
    assert y.place == paddle.CustomPlace("custom_cpu", 1)


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int64", "int32", "bool", "complex64"])
def test_host_round_trip_keeps_values(plugin, dtype):
    rng = np.random.default_rng(0)
    a = (rng.standard_normal((3, 5)) * 10).astype(dtype)
    x = dev(a)
    assert x.place == paddle.CustomPlace("custom_cpu", 0)
    np.testing.assert_array_equal(x.numpy(), a)
    np.testing.assert_array_equal(x.cpu().numpy(), a)
    np.testing.assert_array_equal(x._copy_to("custom_cpu:1").numpy(), a)


def test_tensor_to_moves_between_places(plugin):
    a = np.arange(4, dtype=np.float32)
    x = paddle.to_tensor(a).to("custom_cpu:1")
    assert x.place == paddle.CustomPlace("custom_cpu", 1)
    y = x.to("cpu", "float64")
    assert y.place == paddle.CPUPlace() and y.dtype == paddle.float64
    np.testing.assert_array_equal(y.numpy(), a)


def test_copies_go_through_the_plugin(plugin):
    before_h2d, before_d2h = count(plugin, "memory_copy_h2d"), count(plugin, "memory_copy_d2h")
    x = dev(np.arange(6, dtype=np.float32))
    x.numpy()
    assert count(plugin, "memory_copy_h2d") > before_h2d
    assert count(plugin, "memory_copy_d2h") > before_d2h


# --- plugin kernels and the CPU fallback -----------------------------------


def test_plugin_kernel_runs_on_views_and_broadcasts(plugin):
    a = np.random.default_rng(1).standard_normal((4, 6)).astype(np.float32)
    x = dev(a)
    before = count(plugin, "kernel:relu")
    out = paddle.nn.functional.relu(x.transpose([1, 0]))  # a strided view
    assert count(plugin, "kernel:relu") == before + 1
    assert out.place == x.place
    np.testing.assert_array_equal(out.numpy(), np.maximum(a.T, 0))


def test_registered_kernels_list_the_plugin_backend(plugin):
    assert ("custom_cpu", "float32") in _C.registered_kernels("relu")
    assert ("custom_cpu", "float64") in _C.registered_kernels("sgd_")


def test_ops_without_plugin_kernels_fall_back_to_the_cpu(plugin):
    rng = np.random.default_rng(2)
    a = rng.standard_normal((3, 4)).astype(np.float32)
    b = rng.standard_normal((4, 5)).astype(np.float32)
    x, y = dev(a), dev(b)
    out = paddle.nn.functional.softmax(paddle.matmul(x, y) + 1.0, axis=-1)
    assert out.place == x.place
    z = a @ b + 1.0
    e = np.exp(z - z.max(-1, keepdims=True))
    np.testing.assert_allclose(out.numpy(), e / e.sum(-1, keepdims=True), rtol=1e-5, atol=1e-6)
    values, indices = paddle.topk(x, 2, axis=1)  # several outputs
    np.testing.assert_array_equal(values.numpy(), -np.sort(-a, axis=1)[:, :2])
    assert indices.place == x.place
    parts = paddle.split(x, 2, axis=1)  # a list output of views
    np.testing.assert_array_equal(parts[1].numpy(), a[:, 2:])


def test_views_of_device_memory_stay_views(plugin):
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    x = dev(a)
    view = x.reshape([4, 3])
    assert view.place == x.place
    x[0, 0] = 100.0  # written in place through the fallback's strided copy
    expected = a.copy()
    expected[0, 0] = 100.0
    np.testing.assert_array_equal(x.numpy(), expected)
    np.testing.assert_array_equal(view.numpy(), expected.reshape(4, 3))
    x[:, 1] = dev(np.array([7.0, 8.0, 9.0], np.float32))
    expected[:, 1] = [7, 8, 9]
    np.testing.assert_array_equal(view.numpy(), expected.reshape(4, 3))


def test_gradients_match_the_cpu(plugin):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((5, 4))
    w = rng.standard_normal((4, 3))
    grads = {}
    for device in ("cpu", "custom_cpu:0"):
        x = paddle.to_tensor(a, place=device, stop_gradient=False)
        weight = paddle.to_tensor(w, place=device, stop_gradient=False)
        loss = (paddle.nn.functional.relu(paddle.matmul(x, weight)) ** 2).mean()
        loss.backward()
        assert x.grad.place == x.place
        grads[device] = (x.grad.numpy(), weight.grad.numpy())
    np.testing.assert_allclose(grads["custom_cpu:0"][0], grads["cpu"][0], rtol=1e-12)
    np.testing.assert_allclose(grads["custom_cpu:0"][1], grads["cpu"][1], rtol=1e-12)


def test_random_ops_are_seeded_like_the_cpu(on_custom_device):
    paddle.seed(123)
    a = paddle.rand([5])
    paddle.seed(123)
    b = paddle.rand([5])
    assert a.place == paddle.CustomPlace("custom_cpu", 0)
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    paddle.device.set_device("cpu")
    paddle.seed(123)
    np.testing.assert_array_equal(paddle.rand([5]).numpy(), a.numpy())  # the fallback draws from the CPU's generator
    places = (paddle.CPUPlace(), paddle.CustomPlace("custom_cpu", 0), paddle.CustomPlace("custom_cpu", 1))
    for seed, place in enumerate(places):
        _C.default_generator(place).manual_seed(seed)
    assert [_C.default_generator(p).initial_seed() for p in places] == [0, 1, 2]  # one generator each


# --- a training step --------------------------------------------------------


def _train(device, optimizer_cls, steps=4, **opt_args):
    paddle.seed(11)
    with _device(device):
        model = paddle.nn.Sequential(paddle.nn.Linear(8, 16), paddle.nn.ReLU(), paddle.nn.Linear(16, 3))
        opt = optimizer_cls(parameters=model.parameters(), **opt_args)
        rng = np.random.default_rng(5)
        x = paddle.to_tensor(rng.standard_normal((32, 8)).astype(np.float32))
        label = paddle.to_tensor(rng.integers(0, 3, (32,)).astype(np.int64))
        losses = []
        for _ in range(steps):
            loss = paddle.nn.functional.cross_entropy(model(x), label)
            loss.backward()
            opt.step()
            opt.clear_grad()
            losses.append(float(loss.numpy()))
        return losses, [p.numpy() for p in model.parameters()], [p.place for p in model.parameters()]


class _device:
    def __init__(self, device):
        self.device = device

    def __enter__(self):
        self.previous = paddle.device.get_device()
        paddle.device.set_device(self.device)

    def __exit__(self, *exc):
        paddle.device.set_device(self.previous)


def test_sgd_training_step_matches_the_cpu(plugin):
    sgd_before, relu_grad_before = count(plugin, "kernel:sgd_"), count(plugin, "kernel:relu_grad")
    cpu_losses, cpu_params, _ = _train("cpu", paddle.optimizer.SGD, learning_rate=0.5)
    losses, params, places = _train("custom_cpu:0", paddle.optimizer.SGD, learning_rate=0.5)
    assert all(p == paddle.CustomPlace("custom_cpu", 0) for p in places)
    # The plugin's own kernels ran: one SGD update per parameter and step.
    assert count(plugin, "kernel:sgd_") - sgd_before == 4 * 4
    assert count(plugin, "kernel:relu_grad") - relu_grad_before == 4
    np.testing.assert_allclose(losses, cpu_losses, rtol=1e-5)
    assert losses[-1] < losses[0]
    for p, q in zip(params, cpu_params):
        np.testing.assert_allclose(p, q, rtol=1e-5, atol=1e-6)


def test_adam_runs_through_the_in_place_fallback(plugin):
    cpu_losses, cpu_params, _ = _train("cpu", paddle.optimizer.Adam, learning_rate=0.05)
    losses, params, _ = _train("custom_cpu:0", paddle.optimizer.Adam, learning_rate=0.05)
    np.testing.assert_allclose(losses, cpu_losses, rtol=1e-6)
    for p, q in zip(params, cpu_params):
        np.testing.assert_allclose(p, q, rtol=1e-6, atol=1e-7)


# --- memory -----------------------------------------------------------------


def test_memory_is_cached_and_returned(plugin):
    place = paddle.CustomPlace("custom_cpu", 1)
    _C.empty_cache(place)
    base = _C.memory_stats(place)
    x = _C._C_ops.full([1024, 1024], 0.0, paddle.float32, place)  # 4 MiB: a large segment
    stats = _C.memory_stats(place)
    assert stats["allocated"] - base["allocated"] == 4 << 20
    del x
    after = _C.memory_stats(place)
    assert after["allocated"] == base["allocated"]
    assert after["reserved"] >= base["reserved"] + (4 << 20)  # cached, not returned
    frees = count(plugin, "device_memory_deallocate")
    _C.empty_cache(place)
    assert count(plugin, "device_memory_deallocate") > frees
    assert _C.memory_stats(place)["reserved"] < after["reserved"]


def test_peak_reserved_memory_counts_the_cache(plugin):
    place = paddle.CustomPlace("custom_cpu", 1)
    _C.empty_cache(place)
    paddle.device.reset_max_memory_reserved(place)
    base = paddle.device.memory_reserved(place)
    assert paddle.device.max_memory_reserved(place) == base
    x = _C._C_ops.full([1024, 1024], 0.0, paddle.float32, place)  # 4 MiB: a segment of its own
    del x  # the segment stays cached: reserved, so the peak is at least base + 4 MiB
    assert paddle.device.max_memory_reserved("custom_cpu:1") >= base + (4 << 20)
    _C.empty_cache(place)
    paddle.device.reset_max_memory_reserved(place)
    assert paddle.device.max_memory_reserved(place) == paddle.device.memory_reserved(place) == base


def test_out_of_device_memory_is_a_memory_error(plugin, monkeypatch):
    monkeypatch.setenv("CUSTOM_CPU_MEMORY_MB", "64")
    with pytest.raises(MemoryError, match=r"out of memory on Place\(custom_cpu:1\): requested 134217728 bytes"):
        _C._C_ops.full([32, 1024, 1024], 0.0, paddle.float32, paddle.CustomPlace("custom_cpu", 1))


# --- streams and events -----------------------------------------------------


def test_streams_and_events(plugin):
    stream = paddle.device.Stream("custom_cpu:0")
    default = paddle.device.current_stream("custom_cpu:0")
    assert stream != default
    with paddle.device.stream_guard(stream):
        assert paddle.device.current_stream("custom_cpu:0") == stream
        x = dev(np.ones(4, np.float32)) * 3
    assert paddle.device.current_stream("custom_cpu:0") == default
    waits = count(plugin, "stream_wait_event")
    event = stream.record_event()
    default.wait_event(event)
    assert count(plugin, "stream_wait_event") == waits + 1
    event.synchronize()
    assert event.query() and stream.query()
    default.wait_stream(stream)
    paddle.device.synchronize("custom_cpu:0")
    np.testing.assert_array_equal(x.numpy(), np.full(4, 3, np.float32))


def test_stream_context_switches_and_restores_the_stream(plugin):
    stream = paddle.device.Stream("custom_cpu:0")
    default = paddle.device.current_stream("custom_cpu:0")
    context = paddle.device.StreamContext(stream)
    assert context.stream is stream
    with pytest.raises(ZeroDivisionError):
        with context:
            assert paddle.device.current_stream("custom_cpu:0") == stream
            1 / 0
    assert paddle.device.current_stream("custom_cpu:0") == default


def test_released_streams_are_reused_not_destroyed(plugin):
    # A freed block may still name a stream in its pending uses, so streams
    # outlive their Python objects and serve the next ones.
    first = paddle.device.Stream("custom_cpu:0")
    del first
    created = count(plugin, "create_stream")
    second = paddle.device.Stream("custom_cpu:0")
    assert count(plugin, "create_stream") == created
    third = paddle.device.Stream("custom_cpu:0")
    assert count(plugin, "create_stream") == created + 1
    assert second != third


def test_record_stream_defers_reuse_until_the_stream_passes(plugin, monkeypatch):
    monkeypatch.setenv("CUSTOM_CPU_LAZY_EVENTS", "1")  # recorded work stays "in flight" until synchronized
    place = "custom_cpu:1"
    _C.empty_cache(paddle.CustomPlace("custom_cpu", 1))
    side = paddle.device.Stream(place)
    x = dev(np.ones(1000, np.float32), place)
    x.record_stream(side)
    address = x._data_ptr()
    del x  # freed on the host while `side` may still read it
    y = dev(np.ones(1000, np.float32), place)
    assert y._data_ptr() != address
    side.synchronize()
    z = dev(np.ones(1000, np.float32), place)
    assert z._data_ptr() == address
    with pytest.raises(ValueError, match="record_stream"):
        z.record_stream(paddle.device.Stream("custom_cpu:0"))


def test_streams_refuse_other_devices(plugin):
    with pytest.raises(NotImplementedError, match="for GPUs and plugin devices"):
        paddle.device.Stream("cpu")
    with pytest.raises(ValueError, match="stream is on Place\\(custom_cpu:0\\) but the event on Place\\(custom_cpu:1\\)"):
        paddle.device.Stream("custom_cpu:0").wait_event(paddle.device.Event(device="custom_cpu:1"))
    with pytest.raises(TypeError, match="set_stream"):
        paddle.device.set_stream("custom_cpu:0")


# --- bad input --------------------------------------------------------------


def test_bad_devices_are_clear_errors(plugin):
    with pytest.raises(RuntimeError, match="custom_cpu:7 is out of range: the plugin has 2 device"):
        paddle.device.set_device("custom_cpu:7")
    with pytest.raises(ValueError, match="'custom_cpu' or 'custom_cpu:N'"):
        paddle.device.set_device("npu:0")
    with pytest.raises(ValueError, match=r"all inputs must be on the same place, but got Place\(custom_cpu:0\) and "
                                         r"Place\(custom_cpu:1\)"):
        dev(np.ones(2, np.float32)) + dev(np.ones(2, np.float32), "custom_cpu:1")


def test_cpu_inputs_follow_the_device(plugin):
    # As in PaddlePaddle, a CPU operand is copied to the other operands' device.
    out = dev(np.ones(2, np.float32)) + paddle.to_tensor([1.0, 2.0], place="cpu")
    assert out.place == paddle.CustomPlace("custom_cpu", 0)
    np.testing.assert_array_equal(out.numpy(), [2.0, 3.0])
    picked = paddle.index_select(dev(np.arange(5, dtype=np.float32)), paddle.to_tensor([4, 0]))
    assert picked.place == paddle.CustomPlace("custom_cpu", 0)
    np.testing.assert_array_equal(picked.numpy(), [4.0, 0.0])
    host = paddle.zeros([3])
    host[1:] = dev(np.array([5.0, 6.0], np.float32))  # a setitem value moves to the tensor's place
    assert host.place == paddle.CPUPlace()
    np.testing.assert_array_equal(host.numpy(), [0.0, 5.0, 6.0])


def test_bad_plugin_files_are_clear_errors(plugin, tmp_path):
    with pytest.raises(FileNotFoundError, match="no such plugin file"):
        _C.load_custom_device_plugin(str(tmp_path / "missing.so"))
    not_a_library = tmp_path / "junk.so"
    not_a_library.write_text("not an ELF file")
    with pytest.raises(RuntimeError, match="cannot load custom device plugin"):
        _C.load_custom_device_plugin(str(not_a_library))
    with pytest.raises(ValueError, match="already loaded"):
        _C.load_custom_device_plugin(str(PLUGIN))


@pytest.mark.parametrize(
    "breakage, message",
    [
        ("no_copy", "leaves required functions unset: memory_copy_h2d"),
        ("old_abi", "is built for runtime ABI 0.0, but this paddle has 1.0"),
        ("no_type", "set no device_type"),
    ],
)
def test_malformed_plugins_warn_at_import_and_are_skipped(plugin, breakage, message):
    env = dict(os.environ, CUSTOM_DEVICE_ROOT=str(PLUGIN.parent), CUSTOM_CPU_BREAK=breakage)
    code = "import paddle; print(paddle.device.get_all_custom_device_type())"
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert message in run.stderr
    assert run.stdout.strip() == "[]"


def test_plugin_root_is_loaded_at_import(plugin):
    env = dict(os.environ, CUSTOM_DEVICE_ROOT=str(PLUGIN.parent))
    env.pop("CUSTOM_CPU_BREAK", None)
    code = (
        "import paddle; paddle.set_device('custom_cpu'); "
        "print(paddle.device.get_device(), float((paddle.ones([3]) * 2).sum()))"
    )
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["custom_cpu:0", "6.0"]


# --- static programs ---------------------------------------------------------


def _static_mlp_losses(device, xs, ys):
    """Losses of 4 Adam steps of a static MLP built and run on `device`, and
    the program the executor ran."""
    paddle.seed(1)
    previous = paddle.device.get_device()
    paddle.device.set_device(device)
    try:
        main, startup, model, loss = _mlp_program(
            lambda params: paddle.optimizer.Adam(learning_rate=0.05, parameters=params))
        place = paddle.CPUPlace() if device == "cpu" else paddle.CustomPlace("custom_cpu", 0)
        exe = paddle.static.Executor(place)
        with paddle.static.scope_guard(paddle.static.Scope()):
            exe.run(startup)
            assert paddle.static.global_scope().find_var(model.parameters()[0].name).place == place
            losses = [float(exe.run(main, feed={"x": xs, "y": ys}, fetch_list=[loss])[0]) for _ in range(4)]
        return losses, list(exe._prepared.values())[-1][2].kernel_program
    finally:
        paddle.device.set_device(previous)


def test_static_program_runs_on_the_plugin_device(plugin):
    """Kernel selection for the plugin device lowers ops to the plugin's
    kernels where it has them and to host kernels between pd_op.memcpy_d2h
    and memcpy_h2d elsewhere (a host result the next host op reads stays on
    the host); training gives the CPU's losses."""
    rng = np.random.default_rng(0)
    xs = rng.standard_normal((8, 4)).astype("float32")
    ys = rng.standard_normal((8, 1)).astype("float32")
    expected, _ = _static_mlp_losses("cpu", xs, ys)
    got, text = _static_mlp_losses("custom_cpu:0", xs, ys)
    np.testing.assert_allclose(got, expected, rtol=1e-6)
    assert "backend:custom_cpu" in text and "backend:CPU" in text
    assert '"pd_op.memcpy_d2h" ' in text and '"pd_op.memcpy_h2d" ' in text
    assert "dst_place_type:1" in text


def test_static_constant_placed_on_the_plugin_device(plugin):
    """A constant placed on the plugin device, which has no kernel for it, is
    made by the host kernel on the host and then moved (the kernel runs on
    the host's context, not the device's)."""
    previous = paddle.device.get_device()
    paddle.device.set_device("custom_cpu:0")
    try:
        paddle.enable_static()
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            y = paddle.to_tensor([1.0, 2.0, -3.0], place="custom_cpu:0") * 3.0
        paddle.disable_static()
        folded, = paddle.static.Executor(paddle.CustomPlace("custom_cpu", 0)).run(main, fetch_list=[y])
        # Without the optimizing passes (constant folding would compute it all while preparing).
        exe = paddle._C.pir.Executor(main, [y], paddle.CustomPlace("custom_cpu", 0), [])
        got, = exe.run({}, paddle.static.Scope())
        text = exe.kernel_program
    finally:
        paddle.device.set_device(previous)
    np.testing.assert_array_equal(folded, [3.0, 6.0, -9.0])
    np.testing.assert_array_equal(got.numpy(), [3.0, 6.0, -9.0])
    assert got.place == paddle.CustomPlace("custom_cpu", 0)
    assert '"assign_value(phi_kernel)"' in text and "backend:CPU" in text and '"pd_op.memcpy_h2d"' in text

