"""paddle.utils: unique_name (counting, prefixes, guards, switch), run_check's
output, try_import, the deprecated decorator's docstring, warning and levels,
and DLPack round trips through NumPy (values, dtypes, shapes, shared memory)."""

from __future__ import annotations

import gc
import sys
import warnings

import numpy as np
import pytest

import paddle
from paddle.utils import deprecated, dlpack, try_import, unique_name
from paddle.utils.deprecated import VisibleDeprecationWarning

# ---- unique_name


def test_generate_counts_each_key():
    with unique_name.guard():
        names = [unique_name.generate(key) for key in ("fc", "fc", "conv", "fc", "conv")]
    assert names == ["fc_0", "fc_1", "conv_0", "fc_2", "conv_1"]


def test_guard_restores_the_outer_counters():
    with unique_name.guard():
        assert unique_name.generate("x") == "x_0"
        with unique_name.guard():
            assert unique_name.generate("x") == "x_0"
        assert unique_name.generate("x") == "x_1"


@pytest.mark.parametrize("prefix", ["block_", b"block_", unique_name.UniqueNameGenerator("block_")])
def test_guard_with_a_prefix(prefix):
    with unique_name.guard(prefix):
        assert [unique_name.generate("fc"), unique_name.generate("fc")] == ["block_fc_0", "block_fc_1"]
    with unique_name.guard():
        assert unique_name.generate("fc") == "fc_0"


def test_guard_restarts_layer_names():
    with unique_name.guard():
        first = paddle.nn.Linear(2, 2)
        second = paddle.nn.Linear(2, 2)
    assert (first.weight.name, second.bias.name) == ("linear_0.w_0", "linear_1.b_0")


def test_switch_returns_what_restores_the_previous_generator():
    with unique_name.guard():
        unique_name.generate("a")
        previous = unique_name.switch()
        assert unique_name.generate("a") == "a_0"
        assert isinstance(previous, tuple) and len(previous) == 2
        unique_name.switch(previous)
        assert unique_name.generate("a") == "a_1"
        generator = unique_name.UniqueNameGenerator("g_")
        unique_name.switch(generator)
        assert unique_name.generate("a") == "g_a_0" and generator.generate("a") == "g_a_1"
        unique_name.switch(previous)
        assert unique_name.generate("a") == "a_2"


@pytest.mark.parametrize("call, op", [
    (lambda: unique_name.generate(3), "unique_name.generate"),
    (lambda: unique_name.switch("prefix"), "unique_name.switch"),
    (lambda: unique_name.guard(3).__enter__(), "unique_name.guard"),
])
def test_unique_name_errors(call, op):
    with pytest.raises(TypeError, match=rf"^\[{op}\]"):
        call()


# ---- run_check and try_import


def test_run_check_prints_paddles_lines(capsys):
    with unique_name.guard():
        before = unique_name.generate("linear")
        paddle.utils.run_check()
        after = unique_name.generate("linear")
    lines = capsys.readouterr().out.splitlines()
    device = "GPU" if paddle.device.cuda.device_count() > 0 else "CPU"
    assert lines == [
        "Running verify PaddlePaddle program ... ",
        f"PaddlePaddle works well on 1 {device}.",
        "PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.",
    ]
    assert (before, after) == ("linear_0", "linear_1")  # the check's own layers take no names from the caller
    assert paddle.in_dynamic_mode()


def test_try_import_returns_the_module():
    import json

    assert try_import("json") is json
    assert try_import("os.path").join("a", "b") == "a/b"


def test_try_import_names_the_package_to_install():
    with pytest.raises(ImportError, match=r"^Failed importing no_such_pkg_x\.sub\. .*`pip install no_such_pkg_x`"):
        try_import("no_such_pkg_x.sub")
    with pytest.raises(ImportError, match=r"pip install opencv-python"):
        try_import("cv2.no_such_module_x")
    with pytest.raises(ImportError, match=r"^install it yourself$"):
        try_import("no_such_pkg_x", "install it yourself")


# ---- deprecated


def _calls_and_warnings(fn, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn(*args)
    return result, caught


def test_deprecated_level_1_warns_and_calls():
    @deprecated(update_to="paddle.add", since="2.0.0", reason="use the new one", level=1)
    def old_add(x, y):
        """Adds."""
        return x + y

    result, caught = _calls_and_warnings(old_add, 2, 3)
    assert result == 5 and len(caught) == 1 and caught[0].category is VisibleDeprecationWarning
    message = str(caught[0].message)
    api = f"{__name__}.old_add"
    assert f'API "{api}" is deprecated since 2.0.0, and will be removed in future versions. ' \
           f'Please use "paddle.add" instead.\n    Reason: use the new one' in message
    assert old_add.__name__ == "old_add"
    assert old_add.__doc__.startswith(f'\n\nWarning:\n    API "{api}" is deprecated since 2.0.0')
    assert old_add.__doc__.endswith("Adds.")


def test_deprecated_level_0_only_marks_the_docstring():
    def function():
        """Does things."""
        return 1

    marked = deprecated(since="1.0")(function)
    result, caught = _calls_and_warnings(marked)
    assert marked is function and result == 1 and not caught
    assert "is deprecated since 1.0" in function.__doc__


def test_deprecated_level_2_raises():
    @deprecated(level=2)
    def gone():
        return 1

    with pytest.raises(RuntimeError, match=rf'API "{__name__}.gone" has been deprecated'):
        gone()


def test_deprecated_warns_only_from_its_version_on():
    @deprecated(since="999.0", level=1)
    def later():
        return 1

    @deprecated(level=1)
    def always():
        return 1

    assert not _calls_and_warnings(later)[1]
    assert len(_calls_and_warnings(always)[1]) == 1


@pytest.mark.parametrize("kwargs, error", [
    (dict(since=2.0), TypeError),
    (dict(update_to=None), TypeError),
    (dict(level=3), ValueError),
    (dict(level="1"), ValueError),
    (dict(update_to="numpy.add"), ValueError),
])
def test_deprecated_errors(kwargs, error):
    with pytest.raises(error, match=r"^\[deprecated\] argument"):
        deprecated(**kwargs)


# ---- DLPack

DTYPES = ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool", "complex64",
          "complex128")


def _array(dtype):
    values = np.arange(-3, 9).reshape(3, 4)
    if dtype == "bool":
        return values % 3 == 0
    if dtype.startswith("complex"):
        return (values + 1j * values[::-1]).astype(dtype)
    return values.astype(dtype) if dtype != "uint8" else (values + 3).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_numpy_reads_a_tensor_through_dlpack(dtype):
    array = _array(dtype)
    got = np.from_dlpack(paddle.to_tensor(array))
    assert got.dtype == array.dtype and got.shape == array.shape
    np.testing.assert_array_equal(got, array)


@pytest.mark.parametrize("dtype", DTYPES)
def test_from_dlpack_reads_numpy(dtype):
    array = _array(dtype)
    tensor = dlpack.from_dlpack(array)
    assert tensor.dtype.name == dtype and list(tensor.shape) == [3, 4]
    np.testing.assert_array_equal(tensor.numpy(), array)


@pytest.mark.parametrize("dtype", DTYPES)
def test_capsule_round_trip(dtype):
    array = _array(dtype)
    capsule = dlpack.to_dlpack(paddle.to_tensor(array))
    assert type(capsule).__name__ == "PyCapsule"
    back = dlpack.from_dlpack(capsule)
    assert back.dtype.name == dtype
    np.testing.assert_array_equal(back.numpy(), array)


def test_dlpack_of_strided_and_zero_dim_arrays():
    strided = np.arange(20.0).reshape(4, 5)[::2, 1::2]
    np.testing.assert_array_equal(dlpack.from_dlpack(strided).numpy(), strided)
    scalar = dlpack.from_dlpack(np.array(2.5))
    assert list(scalar.shape) == [] and scalar.item() == 2.5
    np.testing.assert_array_equal(np.from_dlpack(paddle.to_tensor(7)), np.array(7))


def test_dlpack_shares_memory_both_ways_as_paddle_does():
    array = np.zeros(3)
    tensor = dlpack.from_dlpack(array)
    array[0] = 5.0
    tensor[2] = 7.0
    np.testing.assert_array_equal(tensor.numpy(), [5.0, 0.0, 7.0])
    np.testing.assert_array_equal(array, [5.0, 0.0, 7.0])
    source = paddle.to_tensor([1.0, 2.0])
    exported = np.from_dlpack(source)
    source[0] = 9.0
    assert exported[0] == 9.0
    del source  # the export keeps the memory alive
    np.testing.assert_array_equal(exported, [9.0, 2.0])
    view = paddle.to_tensor(np.arange(12).reshape(3, 4))[:, 1]  # a strided view exports its strides
    column = np.from_dlpack(view)
    np.testing.assert_array_equal(column, [1, 5, 9])
    assert column.strides == (32,)
    copied = dlpack.from_dlpack(array, copy=True)
    array[1] = -1.0
    assert copied.numpy()[1] == 0.0


def test_an_imported_array_goes_back_to_its_producer():
    array = np.arange(4.0)
    before = sys.getrefcount(array)
    tensor = dlpack.from_dlpack(array)
    assert sys.getrefcount(array) == before + 1  # NumPy's export holds the array
    del tensor
    gc.collect()
    assert sys.getrefcount(array) == before


def test_dlpack_round_trips_bool_bfloat16_and_empty_tensors():
    flags = dlpack.from_dlpack(np.array([[True, False]]))
    assert flags.dtype == paddle.bool and flags.tolist() == [[True, False]]
    half = paddle.to_tensor([1.5, -2.0], dtype="bfloat16")
    back = dlpack.from_dlpack(dlpack.to_dlpack(half))
    assert back.dtype == paddle.bfloat16 and back.astype("float32").tolist() == [1.5, -2.0]
    assert list(dlpack.from_dlpack(np.zeros([0, 3])).shape) == [0, 3]


def test_tensor_reports_a_host_dlpack_device():
    assert paddle.to_tensor([1.0]).__dlpack_device__() == (dlpack.DLDeviceType.kDLCPU, 0)


def test_dlpack_errors():
    capsule = dlpack.to_dlpack(paddle.to_tensor([1.0]))
    dlpack.from_dlpack(capsule)
    with pytest.raises(ValueError, match=r"^\[from_dlpack\] .*only once"):
        dlpack.from_dlpack(capsule)
    with pytest.raises(TypeError, match=r"^\[from_dlpack\] argument 'dlpack'"):
        dlpack.from_dlpack([1.0, 2.0])
    with pytest.raises(TypeError, match=r"^\[from_dlpack\] argument 'device'"):
        dlpack.from_dlpack(np.ones(2), device=3.5)
    with pytest.raises(TypeError, match=r"^\[to_dlpack\] argument 'x': expected Tensor"):
        dlpack.to_dlpack(np.ones(2))
    with pytest.raises(TypeError, match=r"^\[from_dlpack\] DLPack dtype \(code 1, 16 bits\) has no paddle"):
        dlpack.from_dlpack(np.ones(2, dtype=np.uint16))
    with pytest.raises(BufferError, match=r"^\[__dlpack__\] argument 'dl_device'"):
        paddle.ones([2]).__dlpack__(dl_device=(dlpack.DLDeviceType.kDLCUDA, 0))


# ---- require_version


def test_require_version_accepts_the_installed_version():
    installed = ".".join(paddle.__version__.split(".")[:3])
    assert paddle.utils.require_version("0.1") is None
    assert paddle.utils.require_version(installed, installed) is None
    assert paddle.utils.require_version("1.0", "99.0.0.0") is None


def test_require_version_rejects_versions_out_of_range():
    with pytest.raises(RuntimeError, match=r"^\[require_version\] VersionError: PaddlePaddle version 99\.1 or higher"):
        paddle.utils.require_version("99.1")
    with pytest.raises(RuntimeError, match=r"^\[require_version\] VersionError: .* in \[1\.0, 2\.0\] required"):
        paddle.utils.require_version("1.0", "2.0")


@pytest.mark.parametrize("args, error", [((3,), TypeError), (("3.0", 2), TypeError), (("3.a",), ValueError),
                                         (("1.2.3.4.5",), ValueError)])
def test_require_version_errors(args, error):
    with pytest.raises(error, match=r"^\[require_version\] argument"):
        paddle.utils.require_version(*args)
