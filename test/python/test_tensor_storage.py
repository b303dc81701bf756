"""Tensor.set_ / resize_ / reconstruct_from_ / grad_, create_tensor, assign's
output, paddle.MmapStorage, the uint16 and raw dtype names, and the torch
proxy of enable_compat / disable_compat."""

import subprocess
import sys
import textwrap

import numpy as np
import pytest

import paddle


def test_set_views_the_source_memory_with_shape_stride_and_byte_offset():
    src = paddle.to_tensor([11.0, 22.0, 33.0, 44.0, 55.0, 66.0])
    x = paddle.to_tensor([1.0, 2.0])
    assert x.set_(src, shape=[3], stride=[2]) is x
    np.testing.assert_array_equal(x.numpy(), [11.0, 33.0, 55.0])
    x.set_(src, shape=[2, 2], offset=8)  # two float32s in
    np.testing.assert_array_equal(x.numpy(), [[33.0, 44.0], [55.0, 66.0]])
    assert x.strides == [2, 1] and x.offset == 8
    src[3] = -1.0  # writes through either tensor show in the other
    assert x.numpy()[0, 1] == -1.0
    x[1, 1] = 7.0
    assert src.numpy()[5] == 7.0


def test_set_without_shape_takes_the_sources_view_and_without_source_becomes_empty():
    base = paddle.arange(12, dtype="float64").reshape([3, 4])
    column = base[:, 1]
    x = paddle.to_tensor([0.0], dtype="float64")
    x.set_(column)
    np.testing.assert_array_equal(x.numpy(), [1.0, 5.0, 9.0])
    assert x.strides == column.strides
    x.set_()
    assert x.shape == [0] and x.dtype == paddle.float64


def test_set_refuses_bad_views_and_leaves():
    src = paddle.to_tensor([1.0, 2.0, 3.0])
    x = paddle.to_tensor([0.0])
    with pytest.raises(ValueError, match=r"\[set_\].*reaches byte 16, beyond the source's 12 bytes"):
        x.set_(src, shape=[4])
    with pytest.raises(ValueError, match=r"\[set_\] argument 'offset'.*multiple of the element size"):
        x.set_(src, shape=[1], offset=2)
    with pytest.raises(ValueError, match=r"\[set_\].*non-negative"):
        x.set_(src, shape=[2], stride=[-1])
    with pytest.raises(ValueError, match=r"\[set_\].*as many sizes as strides"):
        x.set_(src, shape=[2, 1], stride=[1])
    with pytest.raises(TypeError, match=r"\[set_\] argument 'source'.*float32, but got int64"):
        x.set_(paddle.to_tensor([1, 2]))
    with pytest.raises(TypeError, match=r"\[set_\] argument 'source'"):
        x.set_([1.0])
    leaf = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(ValueError, match=r"\[set_\].*leaf"):
        leaf.set_(src)
    np.testing.assert_array_equal(x.numpy(), [0.0])  # refusals leave x as it was


def test_set_ends_the_gradient_history_of_x():
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = w * 3.0
    y.set_(paddle.to_tensor([5.0, 6.0]))
    (y.sum() + (w * w).sum()).backward()
    np.testing.assert_allclose(w.grad.numpy(), [2.0, 4.0])  # only the w * w term


def test_resize_keeps_leading_elements_and_grows_with_zeros():
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    assert x.resize_([2, 3], fill_zero=True) is x
    np.testing.assert_array_equal(x.numpy(), [[1, 2, 3], [0, 0, 0]])
    x.resize_([4])
    np.testing.assert_array_equal(x.numpy(), [1, 2, 3, 0])
    y = paddle.to_tensor([[1, 2], [3, 4]], dtype="int32").t()  # not contiguous: row-major order of its values
    y.resize_([5])
    np.testing.assert_array_equal(y.numpy(), [1, 3, 2, 4, 0])
    with pytest.raises(TypeError, match=r"\[resize_\] argument 'shape'"):
        x.resize_(3)
    with pytest.raises(ValueError, match=r"\[resize_\] argument 'shape'.*non-negative"):
        x.resize_([-2])


def test_reconstruct_from_copies_data_dtype_shape_and_stop_gradient():
    t1 = paddle.to_tensor([1.0], stop_gradient=False)
    t2 = paddle.to_tensor([[2, 3]], dtype="int32")
    t1.reconstruct_from_(t2)
    assert t1.dtype == paddle.int32 and t1.shape == [1, 2] and t1.stop_gradient
    t2[0, 0] = 9  # a deep copy: t1 keeps its values
    np.testing.assert_array_equal(t1.numpy(), [[2, 3]])
    with pytest.raises(TypeError, match=r"\[reconstruct_from_\] argument 'other'"):
        t1.reconstruct_from_(np.ones(2))


def test_grad_underscore_reads_and_writes_grad():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    assert x.grad_ is None
    (x * x).sum().backward()
    np.testing.assert_allclose(x.grad_.numpy(), [2.0, 4.0])
    x.grad_ = paddle.to_tensor([5.0, 5.0])
    np.testing.assert_allclose(x.grad.numpy(), [5.0, 5.0])


def test_create_tensor_and_assign_output_take_the_values_shape_and_dtype():
    t = paddle.tensor.create_tensor(dtype="float32", name="holder", persistable=True)
    assert t.shape == [0] and t.dtype == paddle.float32 and t.name == "holder" and t.persistable
    out = paddle.assign(np.array([[1, 2, 3]], dtype=np.int64), output=t)
    assert out is t and t.dtype == paddle.int64
    np.testing.assert_array_equal(t.numpy(), [[1, 2, 3]])
    same = paddle.zeros([2])
    view = same[:]
    paddle.assign(paddle.to_tensor([4.0, 5.0]), output=same)
    np.testing.assert_array_equal(view.numpy(), [4.0, 5.0])  # same shape: written in its memory
    with pytest.raises(TypeError, match=r"\[create_tensor\] argument 'dtype'"):
        paddle.tensor.create_tensor(dtype=object())


def test_creation_functions_on_tensor_take_the_tensor_as_first_argument():
    # As in Paddle, Tensor.create_parameter/create_tensor are the functions themselves.
    x = paddle.to_tensor([1.0])
    with pytest.raises(TypeError, match=r"\[create_tensor\] argument 'dtype'"):
        x.create_tensor()
    with pytest.raises((TypeError, ValueError), match=r"create_parameter"):
        x.create_parameter("float32")


def test_uint16_is_bfloat16_and_raw_is_undefined():
    assert paddle.uint16 == paddle.bfloat16 and paddle.raw == paddle.dtype.UNDEFINED
    x = paddle.to_tensor([1.5, -2.0], dtype="uint16")
    assert x.dtype == paddle.bfloat16
    np.testing.assert_array_equal(x.astype("float32").numpy(), [1.5, -2.0])
    assert paddle.ones([2], dtype=np.uint16).dtype == paddle.bfloat16
    # A uint16 array holds bfloat16 bits (what numpy() of a bfloat16 tensor gives): 0x3FC0 is 1.5.
    bits = paddle.to_tensor(np.array([0x3FC0, 0xC000], dtype=np.uint16))
    np.testing.assert_array_equal(bits.astype("float32").numpy(), [1.5, -2.0])
    np.testing.assert_array_equal(bits.numpy(), [0x3FC0, 0xC000])


def test_mmap_storage_slices_a_file_as_tensors(tmp_path):
    path = tmp_path / "weights.bin"
    data = np.arange(24, dtype=np.float32)
    data.tofile(path)
    storage = paddle.MmapStorage(str(path), data.nbytes)
    np.testing.assert_array_equal(storage.get_slice(paddle.float32, 3, 7).numpy(), data[3:7])
    np.testing.assert_array_equal(storage.get_slice("float32", 0, 24).reshape([4, 6]).numpy(), data.reshape(4, 6))
    np.testing.assert_array_equal(storage.get_slice(paddle.int32, 1, 2).numpy(), data[1:2].view(np.int32))
    halves = storage.get_slice(paddle.bfloat16, 0, 4)  # the float32s' 16-bit halves read as bfloat16
    np.testing.assert_array_equal(halves.numpy(), data[:2].view(np.uint16))
    assert storage.get_slice(paddle.float64, 0, 0).shape == [0]
    with pytest.raises(ValueError, match=r"\[MmapStorage.get_slice\] argument 'stop'.*at most 24"):
        storage.get_slice(paddle.float32, 0, 25)
    with pytest.raises(ValueError, match=r"argument 'nbytes'.*at most the file's 96 bytes"):
        paddle.MmapStorage(str(path), 97)
    with pytest.raises(FileNotFoundError, match=r"\[MmapStorage\] argument 'filename'"):
        paddle.MmapStorage(str(tmp_path / "missing.bin"), 4)
    with pytest.raises(TypeError, match=r"\[MmapStorage.get_slice\] argument 'dtype'"):
        storage.get_slice(object(), 0, 1)


def test_mmap_storage_slices_share_the_mapping_but_never_write_the_file(tmp_path):
    path = tmp_path / "weights.bin"
    data = np.arange(8, dtype=np.float64)
    data.tofile(path)
    storage = paddle.MmapStorage(str(path), data.nbytes)
    first = storage.get_slice("float64", 0, 4)
    first[1] = -5.0
    assert storage.get_slice("float64", 1, 2).tolist() == [-5.0]  # the same pages
    np.testing.assert_array_equal(np.fromfile(path, dtype=np.float64), data)  # copy-on-write
    np.testing.assert_array_equal(storage.get_slice("float64", 0, 8, 3).numpy(), [0.0, 3.0, 6.0])


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_enable_compat_proxies_torch_imports_to_paddle():
    out = _run("""
        import sys, paddle
        real = sys.modules.get("torch")
        paddle.enable_compat()
        import torch
        import torch.nn.functional as F
        from torch import nn
        assert torch.sin is paddle.sin and F.relu is paddle.nn.functional.relu and nn.Linear is paddle.nn.Linear
        try:
            import torch.not_a_paddle_module
        except ModuleNotFoundError as e:
            assert "paddle.not_a_paddle_module does not exist" in str(e)
        else:
            raise AssertionError("imported a module paddle lacks")
        paddle.disable_compat()
        assert sys.modules.get("torch") is real
        print("ok")
    """)
    assert out.strip() == "ok"


def test_enable_compat_with_a_scope_proxies_only_that_scopes_imports():
    out = _run("""
        import sys, types, paddle
        inside = types.ModuleType("my_kernels")
        sys.modules["my_kernels"] = inside
        paddle.enable_compat(scope={"my_kernels"}, blocked_modules="torch.cuda")
        exec("import torch\\nfrom torch.nn import Linear", inside.__dict__)
        assert inside.torch.sin is paddle.sin and inside.Linear is paddle.nn.Linear
        assert not isinstance(sys.modules.get("torch"), type(inside.torch))  # others keep the real torch
        paddle.disable_compat()
        print("ok")
    """)
    assert out.strip() == "ok"


def test_enable_compat_refuses_bad_arguments():
    with pytest.raises(ValueError, match=r"\[enable_compat\] argument 'backend'"):
        paddle.enable_compat(backend="jax")
    with pytest.raises(TypeError, match=r"\[enable_compat\] argument 'scope'"):
        paddle.enable_compat(scope=3)
