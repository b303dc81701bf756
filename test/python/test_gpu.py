"""GPU tests: the op samples on a CUDA device against NumPy, transfers and
memory statistics. Skipped (conftest.py) where no GPU is present."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
from op_samples import SAMPLES
from op_test import check_sample_on_current_device

pytestmark = pytest.mark.gpu

CASES = [(s, d) for s in SAMPLES for d in s.dtypes]


@pytest.fixture
def on_gpu():
    paddle.device.set_device("gpu:0")
    yield
    paddle.device.set_device("cpu")


@pytest.mark.parametrize("sample,dtype", CASES, ids=[f"{s.name}-{d}" for s, d in CASES])
@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
def test_op_on_gpu_matches_numpy(on_gpu, sample, dtype, strided):
    check_sample_on_current_device(sample, dtype, strided)


def test_round_trip_and_places():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    g = paddle.to_tensor(a).cuda()
    assert g.place == paddle.CUDAPlace(0)
    np.testing.assert_array_equal(g.numpy(), a)
    np.testing.assert_array_equal(g.cpu().numpy(), a)
    np.testing.assert_array_equal(paddle.transpose(g, [1, 0]).numpy(), a.T)
    # A CPU operand follows the GPU one (Note [Host inputs follow the device]).
    mixed = paddle.add(g, paddle.to_tensor(a, place="cpu"))
    assert mixed.place == paddle.CUDAPlace(0)
    np.testing.assert_array_equal(mixed.numpy(), a + a)


def test_large_reduction_and_elementwise():
    n = (1 << 24) + 3
    a = np.random.default_rng(0).random(n, dtype=np.float32)
    g = paddle.to_tensor(a, place="gpu")
    np.testing.assert_allclose(g.sum().item(), a.sum(dtype=np.float64), rtol=1e-5)
    np.testing.assert_allclose((g * 2 + 1).numpy(), a * 2 + 1, rtol=1e-6)


def test_memory_statistics_follow_tensors():
    paddle.device.cuda.synchronize()
    before = paddle.device.cuda.memory_allocated()
    t = paddle.zeros([1024, 1024], dtype="float32").cuda()
    assert paddle.device.cuda.memory_allocated() - before >= 4 * 1024 * 1024
    assert paddle.device.cuda.max_memory_allocated() >= paddle.device.cuda.memory_allocated()
    del t
    assert paddle.device.cuda.memory_allocated() == before
    assert paddle.device.cuda.memory_reserved() >= before
    paddle.device.cuda.empty_cache()


def test_peak_reserved_memory_survives_empty_cache():
    paddle.device.cuda.empty_cache()
    paddle.device.reset_max_memory_reserved()
    assert paddle.device.max_memory_reserved() == paddle.device.memory_reserved()
    t = paddle.zeros([4 << 20], dtype="float32").cuda()  # 16 MiB
    in_use = paddle.device.memory_allocated()  # reserved >= allocated at every moment
    assert in_use >= 16 << 20
    del t
    paddle.device.empty_cache()  # t's segment goes back to the driver; the peak stays
    assert paddle.device.max_memory_reserved() >= in_use
    paddle.device.reset_max_memory_reserved(0)
    assert paddle.device.max_memory_reserved("gpu:0") == paddle.device.memory_reserved()


def test_streams_and_events_order_work():
    a = np.random.default_rng(1).random(1 << 22, dtype=np.float32)
    x = paddle.to_tensor(a, place="gpu")
    default = paddle.device.cuda.current_stream()
    side = paddle.device.cuda.Stream()
    assert side != default
    side.wait_stream(default)  # x was written on the default stream
    with paddle.device.cuda.stream_guard(side):
        assert paddle.device.cuda.current_stream() == side
        y = x * 2 + 1
        y.record_stream(side)
    assert paddle.device.cuda.current_stream() == default
    done = side.record_event()
    default.wait_event(done)
    np.testing.assert_allclose(y.numpy(), a * 2 + 1, rtol=1e-6)
    done.synchronize()
    assert done.query() and side.query()


def test_an_external_stream_is_borrowed_and_orders_work():
    owner = paddle.device.Stream()
    handle = owner._as_parameter_.value  # a cudaStream_t another library could have made
    borrowed = paddle.device.get_stream_from_external(handle, "gpu:0")
    assert borrowed == owner and borrowed._as_parameter_.value == handle
    a = np.arange(1 << 20, dtype=np.float32)
    x = paddle.to_tensor(a, place="gpu")
    borrowed.wait_stream(paddle.device.current_stream())
    with paddle.device.stream_guard(borrowed):
        y = x * 3
    del borrowed  # the borrower never releases the handle: its owner still queues work on it
    owner.synchronize()
    np.testing.assert_array_equal(y.numpy(), a * 3)
    assert owner.query()


def test_dlpack_shares_gpu_memory():
    x = paddle.to_tensor(np.arange(6, dtype=np.float32), place="gpu")
    assert x.__dlpack_device__() == (paddle.utils.dlpack.DLDeviceType.kDLCUDA, 0)
    y = paddle.utils.dlpack.from_dlpack(x)
    assert y.place == x.place
    y[0] = 42.0
    np.testing.assert_array_equal(x.numpy(), [42, 1, 2, 3, 4, 5])
    on_host = paddle.utils.dlpack.from_dlpack(x, device="cpu")  # another device: a copy
    assert on_host.place.is_cpu_place() and on_host.tolist() == [42, 1, 2, 3, 4, 5]


def test_tf32_is_opt_in_for_float32_matmul():
    rng = np.random.default_rng(2)
    a = rng.standard_normal((256, 512)).astype(np.float32)
    b = rng.standard_normal((512, 256)).astype(np.float32)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    x, y = paddle.to_tensor(a, place="gpu"), paddle.to_tensor(b, place="gpu")
    assert paddle.get_flags("FLAGS_allow_tf32_cublas")["FLAGS_allow_tf32_cublas"] is False
    full = paddle.matmul(x, y).numpy()
    np.testing.assert_allclose(full, exact, rtol=1e-4, atol=1e-4)
    paddle.set_flags({"FLAGS_allow_tf32_cublas": True})
    try:
        fast = paddle.matmul(x, y).numpy()
    finally:
        paddle.set_flags({"FLAGS_allow_tf32_cublas": False})
    # TF32 keeps 10 mantissa bits: close, but measurably less exact.
    np.testing.assert_allclose(fast, exact, rtol=0, atol=0.5)
    assert np.abs(fast - exact).max() > np.abs(full - exact).max()


@pytest.mark.parametrize("padding", [[1, 1], [0, 1, 2, 1]], ids=["symmetric", "asymmetric"])
@pytest.mark.parametrize("groups", [1, 2])
def test_cudnn_conv2d_and_gradients_match_the_cpu(padding, groups):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 4, 9, 8)).astype(np.float32)
    w = rng.standard_normal((6, 4 // groups, 3, 3)).astype(np.float32)
    results = {}
    for place in ("cpu", "gpu"):
        xt = paddle.to_tensor(x, place=place, stop_gradient=False)
        wt = paddle.to_tensor(w, place=place, stop_gradient=False)
        out = paddle.nn.functional.conv2d(xt, wt, stride=[2, 1], padding=padding, dilation=[1, 2], groups=groups)
        (out * out).sum().backward()
        results[place] = (out.numpy(), xt.grad.numpy(), wt.grad.numpy())
    for got, expected in zip(results["gpu"], results["cpu"]):
        np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)


def test_cudnn_conv2d_float16():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((2, 8, 16, 16)).astype(np.float32)
    w = rng.standard_normal((8, 8, 3, 3)).astype(np.float32) * 0.1
    expected = paddle.nn.functional.conv2d(paddle.to_tensor(x), paddle.to_tensor(w), padding=1).numpy()
    out = paddle.nn.functional.conv2d(paddle.to_tensor(x, place="gpu").astype("float16"),
                                      paddle.to_tensor(w, place="gpu").astype("float16"), padding=1)
    assert out.dtype == paddle.float16
    np.testing.assert_allclose(out.astype("float32").numpy(), expected, rtol=2e-2, atol=2e-2)


def test_pinned_memory_and_non_blocking_copies():
    a = np.random.default_rng(5).random((256, 1024), dtype=np.float32)
    pinned = paddle.to_tensor(a).pin_memory()
    assert pinned.place == paddle.CUDAPinnedPlace()
    np.testing.assert_array_equal(pinned.numpy(), a)
    np.testing.assert_array_equal((pinned * 2).numpy(), a * 2)  # CPU kernels read pinned memory
    g = pinned.cuda(blocking=False)
    assert g.place == paddle.CUDAPlace(0)
    del pinned  # its block waits for the queued copy before reuse
    again = paddle.to_tensor(np.zeros_like(a)).pin_memory(blocking=False)
    np.testing.assert_array_equal(g.numpy(), a)
    np.testing.assert_array_equal(again.numpy(), np.zeros_like(a))


@pytest.mark.parametrize("cols", [7, 1000, 20000], ids=["short", "cached", "uncached"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
def test_softmax_rows_on_gpu(cols, dtype):
    x = (np.random.default_rng(6).standard_normal((33, cols)) * 4).astype(dtype).astype(np.float64)
    e = np.exp(x - x.max(-1, keepdims=True))
    expected = e / e.sum(-1, keepdims=True)
    t = paddle.to_tensor(x, place="gpu").astype(dtype)
    tol = 2e-3 if dtype == "float16" else 1e-5
    out = paddle.nn.functional.softmax(t, axis=-1).astype("float64").numpy()
    np.testing.assert_allclose(out, expected, rtol=tol, atol=tol)
    log_out = paddle.nn.functional.log_softmax(t, axis=-1).astype("float64").numpy()
    np.testing.assert_allclose(log_out, np.log(expected), rtol=tol, atol=tol * 10)


@pytest.mark.parametrize("cols", [5, 4096, 20000], ids=["short", "cached", "uncached"])
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_layer_norm_rows_on_gpu(cols, dtype):
    rng = np.random.default_rng(7)
    x = (rng.standard_normal((9, cols)) * 3 + 1).astype(dtype).astype(np.float64)
    w = rng.standard_normal(cols).astype(dtype).astype(np.float64)
    b = rng.standard_normal(cols).astype(dtype).astype(np.float64)
    mu = x.mean(-1, keepdims=True)
    expected = (x - mu) / np.sqrt(x.var(-1, keepdims=True) + 1e-5) * w + b
    to = lambda a: paddle.to_tensor(a, place="gpu").astype(dtype)  # noqa: E731
    out = paddle.nn.functional.layer_norm(to(x), [cols], to(w), to(b)).astype("float64").numpy()
    tol = 2e-2 if dtype == "float16" else 1e-4
    np.testing.assert_allclose(out, expected, rtol=tol, atol=tol)


def _value_and_grads(place, fn, arrays, cotangent, dtype):
    """fn's output and the gradients of its inputs for `cotangent`, computed on `place`, as float64."""
    ts = [paddle.to_tensor(a, place=place).astype(dtype) for a in arrays]
    for t in ts:
        t.stop_gradient = False
    out = fn(*ts)
    grads = paddle.grad(out, ts, paddle.to_tensor(cotangent, place=place).astype(dtype))
    return [r.astype("float64").numpy() for r in [out, *grads]]


ROW_PROGRAMS = {
    "softmax": lambda x, w: paddle.nn.functional.softmax(x, axis=-1) * w,
    "log_softmax": lambda x, w: paddle.nn.functional.log_softmax(x, axis=-1) * w,
    "softmax_axis0": lambda x, w: paddle.nn.functional.softmax(x, axis=0) * w,
    "layer_norm": lambda x, w: paddle.nn.functional.layer_norm(x, x.shape[-1:], w, w * 0.5),
    "rms_norm": lambda x, w: paddle.nn.functional.rms_norm(x, x.shape[-1:], w),
    "cross_entropy": lambda x, w: paddle.nn.functional.cross_entropy(
        x, paddle.to_tensor([[0], [3], [-100], [1], [4], [2]], place=x.place), reduction="none") * w.sum(),
}


# Row lengths for the block row programs (funcs/row_program_gpu.cuh): shorter
# than a warp; both staged rows in shared memory; only the first; neither.
@pytest.mark.parametrize("cols", [5, 4096, 8000, 20000], ids=["short", "staged", "half_staged", "unstaged"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "bfloat16"])
@pytest.mark.parametrize("name", list(ROW_PROGRAMS))
def test_row_programs_and_gradients_on_gpu_match_cpu(name, cols, dtype):
    """Forward and fused backward of every row program on the GPU against the CPU's (tested against NumPy)."""
    rng = np.random.default_rng(8)
    arrays = [rng.standard_normal((6, cols)) * 2 + 0.5, rng.standard_normal(cols)]
    fn = ROW_PROGRAMS[name]
    cotangent = rng.standard_normal((6, 1) if name == "cross_entropy" else (6, cols))
    expected = _value_and_grads("cpu", fn, arrays, cotangent, dtype)
    got = _value_and_grads("gpu", fn, arrays, cotangent, dtype)
    tol = {"float32": 1e-4, "float64": 1e-10, "bfloat16": 5e-2}[dtype]
    for e, g, what in zip(expected, got, ["out", "x_grad", "weight_grad"]):
        scale = max(1.0, float(np.abs(e).max()))
        np.testing.assert_allclose(g, e, rtol=tol, atol=tol * scale, err_msg=what)


# Head dims for each register width of the GPU flash attention (16, 64, 128
# with padding, 256), sequences longer than a block of 128 rows and a tile.
@pytest.mark.parametrize("dims", [(16, 16), (64, 64), (100, 72), (256, 256)], ids=lambda d: f"d{d[0]}_dv{d[1]}")
@pytest.mark.parametrize("seqs", [(200, 300), (300, 200)], ids=["fewer_queries", "more_queries"])
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_flash_attention_and_gradients_on_gpu_match_cpu(dims, seqs, causal, dtype):
    """The GPU flash attention (forward, dq and dk/dv kernels) against the CPU's, which the op
    samples test against NumPy; inputs rounded to dtype first, so both see the same values."""
    (d, dv), (sq, sk) = dims, seqs
    rng = np.random.default_rng(9)
    arrays = [rng.standard_normal((2, sq, 3, d)), rng.standard_normal((2, sk, 3, d)),
              rng.standard_normal((2, sk, 3, dv))]
    arrays = [paddle.to_tensor(a).astype(dtype).astype("float32").numpy() for a in arrays]
    cotangent = rng.standard_normal((2, sq, 3, dv))
    attend = lambda q, k, v: paddle.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)  # noqa: E731
    expected = _value_and_grads("cpu", attend, arrays, cotangent, "float32")
    got = _value_and_grads("gpu", attend, arrays, cotangent, dtype)
    tol = {"float32": 1e-4, "float16": 1e-2, "bfloat16": 5e-2}[dtype]
    for e, g, what in zip(expected, got, ["out", "q_grad", "k_grad", "v_grad"]):
        np.testing.assert_allclose(g, e, rtol=tol, atol=tol * max(1.0, float(np.abs(e).max())), err_msg=what)


def test_flash_attention_runs_the_fused_kernel_on_gpu():
    """lse comes back in float32 for half inputs; head dims over 256 are beyond the kernel's
    limit (Note [Kernel limits]), so the op runs as its decomposition there."""
    q = paddle.to_tensor(np.ones((1, 4, 2, 8)), place="gpu").astype("float16")
    out, lse = paddle._C_ops.flash_attention(q, q, q, False, 0.5)
    assert out.dtype == paddle.float16 and lse.dtype == paddle.float32 and lse.shape == [1, 2, 4]
    np.testing.assert_allclose(lse.numpy(), np.full((1, 2, 4), 4.0 + np.log(4.0)), rtol=1e-6)
    wide = paddle.ones([1, 2, 1, 300]).cuda()
    wide.stop_gradient = False
    out, lse = paddle._C_ops.flash_attention(wide, wide, wide, False, 1.0)
    assert out._grad_node_name() != "flash_attention_grad"
    np.testing.assert_allclose(out.numpy(), np.ones((1, 2, 1, 300)), rtol=1e-6)
    np.testing.assert_allclose(lse.numpy(), np.full((1, 1, 2), 300.0 + np.log(2.0)), rtol=1e-6)


@pytest.mark.parametrize("op", ["eigh", "svd"])
def test_decompositions_refuse_non_finite_input_on_gpu(op):
    x = paddle.to_tensor(np.array([[1.0, np.nan], [np.nan, 1.0]]), place="gpu")
    with pytest.raises(ValueError, match="finite values"):
        getattr(paddle.linalg, op)(x)


def test_device_properties():
    props = paddle.device.cuda.get_device_properties()
    assert props.name == paddle.device.cuda.get_device_name() and props.name
    major, minor = paddle.device.cuda.get_device_capability(0)
    assert (major, minor) == (props.major, props.minor) and major >= 3
    assert props.total_memory > 1 << 30 and props.multi_processor_count > 0


def test_out_of_memory_is_memory_error():
    # Allocated on the GPU directly: a host tensor this large would fail first.
    with pytest.raises(MemoryError, match=r"out of memory on Place\(gpu:0\): requested 4398046511104 bytes, \d+ bytes free"):
        paddle._C._C_ops.full([1 << 40], 0.0, paddle.float32, paddle.CUDAPlace(0))


def test_a_bad_index_on_the_gpu_is_reported_at_the_next_wait(on_gpu):
    # Note [Deferred index errors]: the check is queued, not read back.
    x = paddle.arange(12, dtype="float32").reshape([3, 4])
    out = paddle.index_select(x, paddle.to_tensor([0, 5, 1]))
    with pytest.raises(IndexError, match=r"holds 5, out of range for a dim of size 3"):
        out.numpy()
    # Reported once; the device and later checks still work.
    good = paddle.index_select(x, paddle.to_tensor([2, 0]))
    np.testing.assert_array_equal(good.numpy(), np.arange(12, dtype=np.float32).reshape(3, 4)[[2, 0]])


def test_deferred_index_errors_name_the_op_and_report_at_synchronize(on_gpu):
    weight = paddle.ones([4, 2])
    paddle.nn.functional.embedding(paddle.to_tensor([[1, 9]]), weight)
    with pytest.raises(IndexError, match=r"\[embedding\].*holds 9"):
        paddle.device.synchronize()
    paddle.nn.functional.one_hot(paddle.to_tensor([0, 7]), num_classes=3)
    with pytest.raises(ValueError, match=r"labels must be in \[0, 3\), but x holds 7"):
        paddle.device.synchronize()


def test_the_first_of_several_failed_checks_is_reported(on_gpu):
    x = paddle.arange(6, dtype="float32")
    paddle.index_select(x, paddle.to_tensor([0, 8]))
    paddle.index_select(x, paddle.to_tensor([9]))
    with pytest.raises(IndexError, match=r"holds 8"):
        paddle.device.synchronize()
    paddle.device.synchronize()  # nothing left to report


def test_an_index_into_an_empty_dim_raises_at_once_on_the_gpu(on_gpu):
    with pytest.raises(IndexError, match=r"holds 0, out of range for a dim of size 0"):
        paddle.nn.functional.embedding(paddle.to_tensor([0]), paddle.zeros([0, 3]))
