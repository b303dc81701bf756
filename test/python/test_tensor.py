"""Tensor creation, properties, conversion, printing, operators and indexing."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import paddle


class TestToTensor:
    def test_dtype_inference_matches_paddle(self):
        assert paddle.to_tensor(1.5).dtype == paddle.float32
        assert paddle.to_tensor(3).dtype == paddle.int64
        assert paddle.to_tensor(True).dtype == paddle.bool
        assert paddle.to_tensor([1, 2.5]).dtype == paddle.float32
        assert paddle.to_tensor(1 + 2j).dtype == paddle.complex64
        assert paddle.to_tensor(np.zeros(2, np.float64)).dtype == paddle.float64
        assert paddle.to_tensor(np.zeros(2, np.int32)).dtype == paddle.int32

    def test_default_dtype_changes_float_inference(self):
        paddle.set_default_dtype("float64")
        try:
            assert paddle.to_tensor([1.0]).dtype == paddle.float64
            assert paddle.get_default_dtype() == "float64"
            assert (paddle.to_tensor([1, 2]) + 0.5).dtype == paddle.float64
        finally:
            paddle.set_default_dtype("float32")
        with pytest.raises(TypeError, match="set_default_dtype"):
            paddle.set_default_dtype("int32")

    def test_explicit_dtype_and_values(self):
        t = paddle.to_tensor([[1, 2], [3, 4]], dtype="float16")
        assert t.dtype == paddle.float16
        np.testing.assert_array_equal(t.numpy(), np.array([[1, 2], [3, 4]], np.float16))
        b = paddle.to_tensor([1.0, 2.5], dtype=paddle.bfloat16)
        assert b.dtype == paddle.bfloat16
        assert b.tolist() == [1.0, 2.5]

    def test_shapes_and_properties(self):
        t = paddle.to_tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
        assert t.shape == [2, 3, 4]
        assert t.ndim == 3 and t.dim() == 3
        assert t.size == 24 and t.numel() == 24
        assert t.stop_gradient is True
        assert t.place == paddle.CPUPlace()
        assert isinstance(t.name, str) and t.name
        assert paddle.to_tensor(2.0).shape == []
        t.stop_gradient = False
        assert t.stop_gradient is False
        assert paddle.to_tensor([1.0], stop_gradient=False).stop_gradient is False

    def test_copies_its_input(self):
        a = np.ones(3, np.float32)
        t = paddle.to_tensor(a)
        a[0] = 5
        assert t.numpy()[0] == 1
        u = paddle.to_tensor(t)
        u[0] = 7
        assert t.numpy()[0] == 1

    def test_conversions(self):
        t = paddle.to_tensor([[1, 2], [3, 4]])
        assert t.tolist() == [[1, 2], [3, 4]]
        assert t.item(1, 1) == 4
        assert paddle.to_tensor(2.5).item() == 2.5
        np.testing.assert_array_equal(np.asarray(t), [[1, 2], [3, 4]])
        assert float(paddle.to_tensor([3.5])) == 3.5
        assert int(paddle.to_tensor(7)) == 7
        assert bool(paddle.to_tensor([True]))
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # __int__ returning a bool is deprecated
            assert type(int(paddle.to_tensor(True))) is int and int(paddle.to_tensor(True)) == 1
            assert [10, 20][paddle.to_tensor(1)] == 20
        with pytest.raises(ValueError, match=r"\[item\]"):
            t.item()
        with pytest.raises(ValueError, match="one element"):
            bool(t)

    def test_tensors_cannot_be_made_uninitialized(self):
        # pybind11's __new__ alone gave an instance whose first use crashed
        for make in (lambda: paddle.Tensor(), lambda: paddle.Tensor.__new__(paddle.Tensor)):
            with pytest.raises(TypeError, match=r"\[Tensor\] Tensor objects come from paddle.to_tensor"):
                make()

    def test_bad_data(self):
        with pytest.raises(TypeError, match=r"\[to_tensor\]"):
            paddle.to_tensor(["a", "b"])
        with pytest.raises(ValueError, match=r"\[to_tensor\]"):
            paddle.to_tensor([[1, 2], [3]])


class TestPrinting:
    def test_format_matches_paddle(self):
        t = paddle.to_tensor([[1.0, 2.5, 3.0], [4.0, 5.0, 6.0]])
        assert repr(t) == (
            "Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,\n"
            "       [[1.        , 2.50000000, 3.        ],\n"
            "        [4.        , 5.        , 6.        ]])")

    def test_integers_and_scalars(self):
        assert repr(paddle.to_tensor([1, 2])) == (
            "Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,\n       [1, 2])")
        assert repr(paddle.to_tensor(True)) == (
            "Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,\n       True)")

    # the texts below are PaddlePaddle 3.3.1's output for the same tensors
    @pytest.mark.parametrize("values,dtype,printed", [
        ([1 + 6j, -2.5 - 0.125j], "complex64", "[ (1.00000000+6.00000000j), (-2.50000000-0.12500000j)]"),
        ([1 + 1j, complex("nan+0j")], "complex64", "[(1.00000000+1.00000000j), (nan+0.00000000j)       ]"),
        ([0.5, -0.25, 1000.125], "float32", "[ 0.50000000  , -0.25000000  , 1000.12500000]"),
        ([1.0, 10.0, -3.0], "float32", "[ 1., 10., -3.]"),
        ([float("nan"), 1.5, -float("inf")], "float32", "[ nan      , 1.50000000, -inf.     ]"),
        ([-0.0, 1.5], "float32", "[-0.       , 1.50000000]"),
        ([True, False], "bool", "[True , False]"),
        ([1, -20, 300], "int64", "[ 1 , -20, 300]"),
    ])
    def test_elements_print_as_in_paddle(self, values, dtype, printed):
        text = repr(paddle.to_tensor(values, dtype=dtype))
        assert text.endswith("\n       " + printed + ")"), text

    def test_large_tensors_print_their_edges(self):
        a = np.arange(40000, dtype=np.float32).reshape(200, 200) + 0.25
        a[100, 100] = 123456.5  # hidden: must not widen the printed columns
        text = repr(paddle.to_tensor(a))
        assert text.count("...") == 7  # in each of the 6 edge rows, and the row standing for the rest
        # as PaddlePaddle 3.3 prints it: padded to the widest shown element, 39999.25000000
        assert ("[[0.25000000    , 1.25000000    , 2.25000000    , ...,\n"
                "         197.25000000  , 198.25000000  , 199.25000000  ],") in text
        assert "123456" not in text

    def test_dtype_repr(self):
        assert repr(paddle.float32) == "paddle.float32"
        assert str(paddle.int64) == "paddle.int64"


class TestOperators:
    def setup_method(self):
        self.a = np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32)
        self.b = np.array([0.5, 2.0, -1.0], np.float32)
        self.x, self.y = paddle.to_tensor(self.a), paddle.to_tensor(self.b)

    def test_arithmetic_with_tensors(self):
        np.testing.assert_allclose((self.x + self.y).numpy(), self.a + self.b)
        np.testing.assert_allclose((self.x - self.y).numpy(), self.a - self.b)
        np.testing.assert_allclose((self.x * self.y).numpy(), self.a * self.b)
        np.testing.assert_allclose((self.x / self.y).numpy(), self.a / self.b)
        np.testing.assert_allclose((self.x @ paddle.to_tensor(self.a.T)).numpy(), self.a @ self.a.T, rtol=1e-6)
        np.testing.assert_allclose((-self.x).numpy(), -self.a)
        np.testing.assert_allclose(abs(self.x).numpy(), np.abs(self.a))

    def test_scalars_and_reflected_forms(self):
        np.testing.assert_allclose((self.x + 1).numpy(), self.a + 1)
        np.testing.assert_allclose((2 - self.x).numpy(), 2 - self.a)
        np.testing.assert_allclose((3 * self.x).numpy(), 3 * self.a)
        np.testing.assert_allclose((1 / self.y).numpy(), 1 / self.b)
        np.testing.assert_allclose((self.x ** 2).numpy(), self.a ** 2)
        np.testing.assert_allclose((2 ** self.y).numpy(), 2 ** self.b, rtol=1e-6)
        assert (self.x + 1).dtype == paddle.float32

    def test_scalar_dtype_rules(self):
        i = paddle.to_tensor([1, 2])
        assert (i + 1).dtype == paddle.int64
        assert (i + 1.5).dtype == paddle.float32
        np.testing.assert_allclose((i + 1.5).numpy(), [2.5, 3.5])
        assert (paddle.to_tensor([1.0], dtype="float16") * 2.0).dtype == paddle.float16
        assert (paddle.to_tensor([True]) + 1).dtype == paddle.int64
        assert (self.x * 1j).dtype == paddle.complex64

    def test_comparisons(self):
        np.testing.assert_array_equal((self.x > 0).numpy(), self.a > 0)
        np.testing.assert_array_equal((self.x <= self.y).numpy(), self.a <= self.b)
        np.testing.assert_array_equal((self.x == 4.0).numpy(), self.a == 4.0)
        np.testing.assert_array_equal((self.x != self.y).numpy(), self.a != self.b)
        assert (self.x == None) is False  # noqa: E711
        mask = self.x > 0
        np.testing.assert_array_equal((~mask).numpy(), ~(self.a > 0))
        np.testing.assert_array_equal((mask & (self.x < 4)).numpy(), (self.a > 0) & (self.a < 4))

    def test_unsupported_operand(self):
        with pytest.raises(TypeError):
            self.x + "a"

    def test_methods_mirror_functions(self):
        np.testing.assert_allclose(self.x.add(self.y).numpy(), self.a + self.b)
        np.testing.assert_allclose(self.x.sum(axis=0).numpy(), self.a.sum(axis=0))
        np.testing.assert_allclose(self.x.matmul(self.y).numpy(), self.a @ self.b, rtol=1e-6)
        assert self.x.astype("int32").dtype == paddle.int32
        np.testing.assert_allclose(self.x.pow(2).numpy(), self.a ** 2)


class TestIndexing:
    def setup_method(self):
        self.a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
        self.x = paddle.to_tensor(self.a)

    @pytest.mark.parametrize("index", [
        1, -1, (1, 2), (0, slice(None), 1), (slice(None), None, slice(1, 3)), (Ellipsis, 2),
        (1, Ellipsis, slice(None, None, -1)), (slice(None, None, 2), slice(2, 0, -1)), (None, 0, None),
        (slice(5, 10),),
    ])
    def test_getitem_matches_numpy(self, index):
        np.testing.assert_array_equal(self.x[index].numpy(), self.a[index])

    def test_getitem_is_a_view(self):
        row = self.x[1]
        self.x[1, 0, 0] = 100.0
        assert row.numpy()[0, 0] == 100.0

    def test_setitem_scalars_tensors_and_broadcast(self):
        a = self.a.copy()
        self.x[0, 1] = 7
        a[0, 1] = 7
        self.x[:, :, 0] = paddle.to_tensor([[-1.0, -2.0, -3.0]])
        a[:, :, 0] = [[-1.0, -2.0, -3.0]]
        self.x[1, ::-1, 1] = np.array([9.0, 8.0, 7.0])
        a[1, ::-1, 1] = [9.0, 8.0, 7.0]
        np.testing.assert_array_equal(self.x.numpy(), a)

    def test_setitem_casts_value_to_tensor_dtype(self):
        i = paddle.to_tensor([1, 2, 3])
        i[0] = paddle.to_tensor(9.7)
        assert i.tolist() == [9, 2, 3]

    def test_index_errors(self):
        with pytest.raises(IndexError, match=r"\[getitem\] index 3 is out of bounds for axis 1 with size 3"):
            self.x[0, 3]
        with pytest.raises(IndexError, match="too many indices"):
            self.x[0, 0, 0, 0]
        with pytest.raises(TypeError, match=r"\[getitem\] an index must be"):
            self.x[0.5]
        with pytest.raises(ValueError, match="cannot be assigned"):
            self.x[0] = paddle.ones([4, 4])
        with pytest.raises(ValueError, match="step cannot be zero"):
            self.x[::0]


class TestCreation:
    def test_full_zeros_ones(self):
        np.testing.assert_array_equal(paddle.full([2, 3], 1.5).numpy(), np.full((2, 3), 1.5, np.float32))
        assert paddle.full([2], 1).dtype == paddle.float32
        assert paddle.zeros([2], dtype="int32").tolist() == [0, 0]
        assert paddle.ones([2, 1]).shape == [2, 1]
        assert paddle.full([2], True, dtype="bool").tolist() == [True, True]
        assert paddle.full(paddle.to_tensor([2, 2]), 3, dtype="int64").tolist() == [[3, 3], [3, 3]]
        like = paddle.zeros_like(paddle.to_tensor([[1, 2]]))
        assert like.dtype == paddle.int64 and like.shape == [1, 2]
        with pytest.raises(ValueError, match=r"\[full\] every dim of shape must be >= 0"):
            paddle.full([-1, 2], 0.0)
        with pytest.raises(TypeError, match=r"\[full\] argument 'shape'"):
            paddle.full("3", 0.0)

    @pytest.mark.parametrize("args,kwargs", [
        ((5,), {}), ((1, 7, 2), {}), ((0, 1, 0.25), {}), ((3, -2, -1), {}), ((0, 10, 3), {"dtype": "float64"}),
        ((2, 2), {}),
    ])
    def test_arange_matches_numpy(self, args, kwargs):
        expected = np.arange(*args, dtype=kwargs.get("dtype"))
        out = paddle.arange(*args, **kwargs)
        np.testing.assert_allclose(out.numpy(), expected)
        if "dtype" not in kwargs:
            assert out.dtype == (paddle.int64 if expected.dtype.kind == "i" else paddle.float32)

    def test_arange_errors(self):
        with pytest.raises(ValueError, match=r"\[arange\] step must not be 0"):
            paddle.arange(0, 5, 0)
        with pytest.raises(TypeError, match=r"\[arange\] argument 'end'"):
            paddle.arange(0, "5")


class TestDeviceAndFlags:
    def test_cpu_device(self):
        assert paddle.device.get_device() == "cpu"
        assert paddle.device.set_device("cpu") == paddle.CPUPlace()
        assert isinstance(paddle.is_compiled_with_cuda(), bool)

    def test_bad_device_strings(self):
        with pytest.raises(ValueError, match=r"\[set_device\]"):
            paddle.device.set_device("tpu")
        with pytest.raises(ValueError, match=r"\[set_device\]"):
            paddle.device.set_device("gpu:x")
        with pytest.raises(TypeError, match=r"\[set_device\]"):
            paddle.device.set_device(0)

    @pytest.mark.skipif(paddle.device.cuda.device_count() > 0, reason="a GPU is present")
    def test_gpu_requests_fail_clearly_without_gpu(self):
        with pytest.raises(RuntimeError, match=r"GPU|CUDA"):
            paddle.device.set_device("gpu:0")
        assert paddle.device.get_device() == "cpu"
        with pytest.raises(RuntimeError, match=r"GPU|CUDA"):
            paddle.to_tensor([1.0]).cuda()
        with pytest.raises(RuntimeError, match=r"GPU|CUDA"):
            paddle.to_tensor([1.0], place="gpu")

    def test_cpu_copy(self):
        t = paddle.to_tensor([1.0, 2.0])
        c = t.cpu()
        assert c.place == paddle.CPUPlace()
        assert c.tolist() == [1.0, 2.0]

    def test_selected_gpus_pick_the_default_gpu(self):
        assert paddle._C.place_from_string("gpu") == paddle.CUDAPlace(0)
        paddle.set_flags({"FLAGS_selected_gpus": "3,5"})
        try:
            assert paddle._C.place_from_string("gpu") == paddle.CUDAPlace(3)
            assert paddle._C.place_from_string("gpu:1") == paddle.CUDAPlace(1)
            paddle.set_flags({"FLAGS_selected_gpus": "x"})
            with pytest.raises(ValueError, match="FLAGS_selected_gpus must list GPU ids"):
                paddle._C.place_from_string("gpu")
        finally:
            paddle.set_flags({"FLAGS_selected_gpus": ""})

    def test_to_converts_device_and_dtype(self):
        t = paddle.to_tensor([1.0, 2.0])
        assert t.to("cpu") is t and t.to(paddle.CPUPlace()) is t
        assert t.to("float64").dtype == paddle.float64
        assert t.to(paddle.float16).dtype == paddle.float16
        converted = t.to(device="cpu", dtype="int64", blocking=True)
        assert converted.dtype == paddle.int64 and converted.tolist() == [1, 2]
        assert t.to(paddle.to_tensor([1], dtype="int32")).dtype == paddle.int32
        assert t.to("cpu", "float64").tolist() == [1.0, 2.0]
        with pytest.raises(TypeError, match=r"\[Tensor.to\] argument 3.5"):
            t.to(3.5)
        with pytest.raises(TypeError, match="Tensor.to"):
            t.to("cpu", "float32", True, "extra")
        with pytest.raises(ValueError, match="npu:0"):
            t.to("npu:0")

    def test_gpu_properties_need_a_gpu(self):
        if paddle.device.cuda.device_count() == 0:
            for query in (paddle.device.cuda.get_device_properties, paddle.device.cuda.get_device_name,
                          paddle.device.cuda.get_device_capability):
                with pytest.raises(RuntimeError, match="CUDA"):
                    query()

    @pytest.mark.skipif(paddle.device.cuda.device_count() > 0, reason="checks the error where no GPU is present")
    def test_to_tensor_on_a_missing_gpu_names_the_place_argument(self):
        with pytest.raises(RuntimeError, match=r"\[to_tensor\] argument 'place': .*no CUDA GPU"):
            paddle.to_tensor(np.ones([2, 3], dtype="float32"), place="gpu:0")
        with pytest.raises(RuntimeError, match=r"\[to_tensor\] argument 'place': .*no CUDA GPU"):
            paddle.to_tensor(paddle.ones([2]), place="gpu:0")

    def test_pinned_place(self):
        place = paddle.CUDAPinnedPlace()
        assert repr(place) == "Place(gpu_pinned)" and place.is_cuda_pinned_place()
        if paddle.device.cuda.device_count() == 0:
            with pytest.raises(RuntimeError, match="CUDA"):
                paddle.to_tensor([1.0, 2.0]).pin_memory()
            with pytest.raises(RuntimeError, match=r"\[pin_memory\] .*CUDA"):
                paddle.to_tensor([1.0, 2.0]).pin_memory(blocking=False)

    def test_flags(self):
        assert paddle.get_flags(["FLAGS_v"]) == {"FLAGS_v": 0}
        paddle.set_flags({"FLAGS_v": 2})
        assert paddle.get_flags("v") == {"FLAGS_v": 2}
        paddle.set_flags({"v": 0})
        with pytest.raises(ValueError, match="does not exist"):
            paddle.get_flags("FLAGS_no_such_flag")
        with pytest.raises(ValueError, match="cannot take the value"):
            paddle.set_flags({"FLAGS_v": "many"})
        with pytest.raises(TypeError):
            paddle.set_flags(["FLAGS_v"])
        # GPU flags exist in every build, so scripts setting them run anywhere.
        assert paddle.get_flags("FLAGS_allow_tf32_cublas") == {"FLAGS_allow_tf32_cublas": False}


def test_T_reverses_the_axes():
    x = np.arange(24, dtype="float32").reshape(2, 3, 4)
    np.testing.assert_array_equal(paddle.to_tensor(x).T.numpy(), x.T)
    np.testing.assert_array_equal(paddle.to_tensor(x[0]).T.numpy(), x[0].T)
    one_d = paddle.to_tensor([1.0, 2.0])
    assert one_d.T is one_d


def test_assign_copies_values_and_keeps_numpy_dtypes():
    assert paddle.assign([1.0, 2.0]).dtype == paddle.float64 and paddle.assign([1, 2]).dtype == paddle.int64
    assert paddle.assign(np.ones([2], "float16")).dtype == paddle.float16
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = paddle.assign(x)
    (y * y).sum().backward()  # gradients flow through the copy
    np.testing.assert_array_equal(x.grad.numpy(), [2.0, 4.0])
    out = paddle.zeros([2])
    assert paddle.assign(np.array([5, 6]), output=out) is out
    np.testing.assert_array_equal(out.numpy(), [5.0, 6.0])
    assert out.dtype == paddle.int64  # the output takes x's dtype, as in Paddle 3.3
    with pytest.raises(TypeError, match=r"\[assign\] argument 'x'"):
        paddle.assign("text")
    paddle.assign([1, 2, 3], output=out)  # and its shape
    np.testing.assert_array_equal(out.numpy(), [1, 2, 3])


def test_set_value_writes_in_place():
    x = paddle.zeros([2, 2])
    view = x[0]
    x.set_value(np.array([[1, 2], [3, 4]], "float64"))
    np.testing.assert_array_equal(x.numpy(), [[1, 2], [3, 4]])
    np.testing.assert_array_equal(view.numpy(), [1, 2])  # the same memory
    with pytest.raises(ValueError, match=r"\[Tensor.set_value\] the value: expected shape \[2, 2\], but got \[3\]"):
        x.set_value(np.ones(3))


def test_data_ptr_strides_and_inplace_version():
    x = paddle.ones([2, 3], dtype="float64")
    assert x.get_strides() == [3, 1] and x.T.get_strides() == [1, 3]
    assert x[:, 1:].data_ptr() - x.data_ptr() == 8  # one float64 further on
    assert x.T.data_ptr() == x.data_ptr()  # a view
    assert x.inplace_version == 0
    x[0] = 5.0
    x[1, 2] = 7.0
    assert x.inplace_version == 2
    assert (x + 1).inplace_version == 0  # a new tensor


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
def test_fill_and_zero_in_place(dtype):
    x = paddle.ones([2, 3], dtype=dtype)
    view = x[1]
    assert x.fill_(7) is x
    np.testing.assert_array_equal(x.numpy(), np.full([2, 3], 7, dtype))
    np.testing.assert_array_equal(view.numpy(), [7, 7, 7])
    assert x.zero_() is x and not x.numpy().any()


@pytest.mark.parametrize("shape,offset,wrap", [((4, 4), 0, False), ((5, 3), 0, True), ((5, 3), 0, False),
                                               ((3, 5), 0, True), ((3, 4), 1, False), ((3, 4), -1, False),
                                               ((3, 4), 9, False), ((3, 3, 3), 0, False)])
def test_fill_diagonal_like_numpy(shape, offset, wrap):
    want = np.ones(shape)
    if offset == 0:
        np.fill_diagonal(want, 5.0, wrap=wrap)
    else:  # numpy has no offset: the diagonal of the shifted view
        rows, cols = shape
        for i in range(rows):
            if 0 <= i + offset < cols:
                want[i, i + offset] = 5.0
    got = paddle.ones(list(shape), dtype="float64").fill_diagonal_(5.0, offset=offset, wrap=wrap)
    np.testing.assert_array_equal(got.numpy(), want)


def test_fill_diagonal_errors():
    with pytest.raises(ValueError, match=r"\[fill_diagonal_\] the tensor must have at least 2 dims"):
        paddle.ones([3]).fill_diagonal_(1.0)
    with pytest.raises(ValueError, match=r"\[fill_diagonal_\] a tensor of 3 dims needs all of one length"):
        paddle.ones([2, 3, 2]).fill_diagonal_(1.0)
    x = paddle.ones([2, 2])
    x.stop_gradient = False
    with pytest.raises(ValueError, match=r"\[fill_\] x is a leaf tensor that requires grad"):
        x.fill_(3.0)
