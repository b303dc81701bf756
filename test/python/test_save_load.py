"""paddle.save / paddle.load: round trips, PaddlePaddle's file format, safe loading, atomic writes, errors."""

import io
import os
import pickle
import shutil
import subprocess
import textwrap
import threading

import numpy as np
import pytest

import paddle
from paddle import serialization

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]
NAME_TABLE = "StructuredToParameterName@@"


def sample(dtype, shape=(2, 3), seed=0):
    rng = np.random.default_rng(seed)
    values = rng.standard_normal(shape) * 10
    if dtype.startswith("complex"):
        values = values + 1j * rng.standard_normal(shape)
    if dtype == "bool":
        values = values > 0
    values = np.asarray(values)
    return paddle.to_tensor(values.astype(np.float32) if dtype == "bfloat16" else values).cast(dtype)


def assert_same(a, b):
    assert isinstance(b, paddle.Tensor)
    assert a.dtype == b.dtype and list(a.shape) == list(b.shape)
    np.testing.assert_array_equal(a.numpy(), b.numpy())  # bfloat16 compares its uint16 bits


# ---- round trips ----------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(2, 3), (), (0,), (0, 4)])
def test_tensor_round_trip_every_dtype(tmp_path, dtype, shape):
    x = sample(dtype, shape)
    path = str(tmp_path / "x.pdtensor")
    paddle.save(x, path)
    y = paddle.load(path)
    assert_same(x, y)
    assert y.name == x.name


@pytest.mark.parametrize("dtype", DTYPES)
def test_state_dict_round_trip_every_dtype(tmp_path, dtype):
    state = {"a": sample(dtype), "b": sample(dtype, (4,), seed=1)}
    path = str(tmp_path / "s.pdparams")
    paddle.save(state, path)
    got = paddle.load(path)
    assert list(got) == ["a", "b"]
    for key in state:
        assert_same(state[key], got[key])


def test_bfloat16_is_stored_as_uint16_bits(tmp_path):
    x = paddle.to_tensor([1.5, -2.0, 3.0e38, float("inf")], dtype="float32").cast("bfloat16")
    path = str(tmp_path / "bf.pdparams")
    paddle.save({"w": x}, path)
    with open(path, "rb") as f:
        raw = pickle.load(f)
    assert raw["w"].dtype == np.uint16
    np.testing.assert_array_equal(raw["w"], x.numpy())
    back = paddle.load(path)["w"]
    assert back.dtype == paddle.bfloat16
    np.testing.assert_array_equal(back.numpy(), raw["w"])
    assert paddle.load(path, return_numpy=True)["w"].dtype == np.uint16


def test_nested_containers(tmp_path):
    x, y = sample("float32"), sample("int64", (3,))
    obj = {"epoch": 7, "lr": 0.5, "tag": "run-1", "none": None, "flag": True,
           "tensors": [x, (y, {"deep": x})], "array": np.arange(4), "scalar": np.float32(2.5)}
    path = str(tmp_path / "ckpt.pd")
    paddle.save(obj, path)
    got = paddle.load(path)
    assert (got["epoch"], got["lr"], got["tag"], got["none"], got["flag"]) == (7, 0.5, "run-1", None, True)
    assert isinstance(got["tensors"], list) and isinstance(got["tensors"][1], tuple)
    assert_same(x, got["tensors"][0])
    assert_same(y, got["tensors"][1][0])
    assert_same(x, got["tensors"][1][1]["deep"])
    # Paddle's rule: with named tensors in the file, plain arrays stay arrays
    np.testing.assert_array_equal(got["array"], np.arange(4))
    assert got["scalar"] == np.float32(2.5)

    as_numpy = paddle.load(path, return_numpy=True)
    np.testing.assert_array_equal(as_numpy["tensors"][0], x.numpy())


def test_arrays_without_tensors_load_as_tensors(tmp_path):
    path = str(tmp_path / "arrays.pd")
    paddle.save([np.ones((2, 2), np.float32), {"b": np.arange(3)}], path)
    got = paddle.load(path)
    assert isinstance(got[0], paddle.Tensor) and isinstance(got[1]["b"], paddle.Tensor)
    np.testing.assert_array_equal(got[1]["b"].numpy(), np.arange(3))
    assert isinstance(paddle.load(path, return_numpy=True)[0], np.ndarray)


def test_layer_state_dict_to_set_state_dict(tmp_path):
    def net():
        return paddle.nn.Sequential(paddle.nn.Conv2D(3, 4, 3), paddle.nn.BatchNorm2D(4), paddle.nn.ReLU(),
                                    paddle.nn.Flatten(), paddle.nn.Linear(4 * 2 * 2, 5))

    src, dst = net(), net()
    src(paddle.randn([2, 3, 4, 4]))  # moves BatchNorm's running statistics (persistable buffers)
    path = str(tmp_path / "net.pdparams")
    paddle.save(src.state_dict(), path)
    state = paddle.load(path)
    assert list(state) == list(src.state_dict())
    assert state["0.weight"].name == src[0].weight.name
    assert dst.set_state_dict(state) == ([], [])
    x = paddle.randn([1, 3, 4, 4])
    src.eval(), dst.eval()
    np.testing.assert_array_equal(src(x).numpy(), dst(x).numpy())
    for key, value in src.state_dict().items():
        np.testing.assert_array_equal(value.numpy(), dst.state_dict()[key].numpy())


def test_state_dict_with_plain_nested_dict(tmp_path):
    """An optimizer-style state dict: Tensors plus an LR_Scheduler dict of plain values."""
    state = {"w_moment1_0": sample("float32"), "LR_Scheduler": {"last_epoch": 3, "last_lr": 0.01}}
    path = str(tmp_path / "opt.pdopt")
    paddle.save(state, path)
    with open(path, "rb") as f:
        raw = pickle.load(f)
    assert raw[NAME_TABLE] == {"w_moment1_0": state["w_moment1_0"].name}
    got = paddle.load(path)
    assert got["LR_Scheduler"] == {"last_epoch": 3, "last_lr": 0.01}
    assert_same(state["w_moment1_0"], got["w_moment1_0"])


@pytest.mark.parametrize("protocol", [2, 3, 4])
def test_protocols_and_buffers(tmp_path, protocol):
    obj = {"w": sample("float64"), "b": sample("bfloat16", (5,))}
    buffer = io.BytesIO()
    paddle.save(obj, buffer, protocol=protocol)
    buffer.seek(0)
    got = paddle.load(buffer)
    for key in obj:
        assert_same(obj[key], got[key])
    path = str(tmp_path / "p.pdparams")
    paddle.save(obj["w"], path, pickle_protocol=protocol)
    assert_same(obj["w"], paddle.load(path))


def test_keep_name_table(tmp_path):
    net = paddle.nn.Linear(2, 2)
    path = str(tmp_path / "l.pdparams")
    paddle.save(net.state_dict(), path)
    got = paddle.load(path, keep_name_table=True)
    assert got[NAME_TABLE] == {"weight": net.weight.name, "bias": net.bias.name}


# ---- the file format, byte for byte what PaddlePaddle writes --------------

def test_state_dict_file_layout(tmp_path):
    net = paddle.nn.Linear(2, 3)
    path = str(tmp_path / "l.pdparams")
    paddle.save(net.state_dict(), path)
    with open(path, "rb") as f:
        raw = pickle.load(f)
    assert type(raw) is dict and list(raw) == ["weight", "bias", NAME_TABLE]
    assert raw[NAME_TABLE] == {"weight": net.weight.name, "bias": net.bias.name}
    np.testing.assert_array_equal(raw["weight"], net.weight.numpy())


def test_bare_tensor_file_layout(tmp_path):
    x = sample("float32")
    path = str(tmp_path / "t.pdtensor")
    paddle.save([x, 1], path)
    with open(path, "rb") as f:
        raw = pickle.load(f)
    assert raw[1] == 1 and raw[0][0] == x.name
    np.testing.assert_array_equal(raw[0][1], x.numpy())


def test_loads_files_written_in_paddles_formats(tmp_path):
    w = np.arange(6, dtype=np.float32).reshape(2, 3)
    cases = {
        "v2_0.pdparams": {"fc.weight": w, NAME_TABLE: {"fc.weight": "linear_9.w_0"}},
        "v2_1_tensor.pd": ("x_0", w),
        "split.pdparams": {"w@@.0": w.reshape(-1)[:4], "w@@.1": w.reshape(-1)[4:], NAME_TABLE: {"w": "p"},
                           "UnpackBigParamInfor@@": {"w": {"OriginShape": (2, 3), "slices": ["w@@.0", "w@@.1"]}}},
    }
    for name, obj in cases.items():
        with open(tmp_path / name, "wb") as f:
            pickle.dump(obj, f, protocol=2)
    got = paddle.load(str(tmp_path / "v2_0.pdparams"))
    assert list(got) == ["fc.weight"] and got["fc.weight"].name == "linear_9.w_0"
    np.testing.assert_array_equal(got["fc.weight"].numpy(), w)
    got = paddle.load(str(tmp_path / "v2_1_tensor.pd"))
    assert got.name == "x_0"
    np.testing.assert_array_equal(got.numpy(), w)
    got = paddle.load(str(tmp_path / "split.pdparams"))
    assert list(got) == ["w"] and got["w"].name == "p"
    np.testing.assert_array_equal(got["w"].numpy(), w)


def test_big_arrays_split_for_old_protocols(monkeypatch):
    """Protocol 2/3 split arrays over 1 GiB; check the split and the join on the helpers directly."""
    w = np.arange(10, dtype=np.float32)
    big = np.lib.stride_tricks.as_strided(np.zeros(1, np.float32), shape=(2 ** 28 + 1,), strides=(0,))
    payload = serialization._split_big_arrays({"w": w, "big": big})
    info = payload["UnpackBigParamInfor@@"]
    assert info == {"big": {"OriginShape": (2 ** 28 + 1,), "slices": ["big@@.0", "big@@.1"]}}
    assert payload["big@@.0"].size == (2 ** 30 - 1) // 4 and payload["w"] is w
    joined = serialization._join_big_arrays(payload)
    assert joined["big"].shape == big.shape and set(joined) == {"w", "big"}


# ---- safe loading -----------------------------------------------------------

class _RunsShell:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return os.system, (f"touch {self.marker}",)


class _Evaluates:
    def __reduce__(self):
        return eval, ("__import__('os').getcwd()",)


def test_malicious_pickle_is_refused_and_not_run(tmp_path):
    marker = tmp_path / "pwned"
    path = str(tmp_path / "evil.pdparams")
    with open(path, "wb") as f:
        pickle.dump({"weight": np.ones(2), "x": _RunsShell(marker)}, f)
    with pytest.raises(pickle.UnpicklingError, match=r"refused to load the global '(posix|os|nt)\.system'.*safe"):
        paddle.load(path)
    assert not marker.exists()
    buffer = io.BytesIO(pickle.dumps([_Evaluates()]))
    with pytest.raises(pickle.UnpicklingError, match="refused eval"):
        paddle.load(buffer)


def test_safe_false_loads_trusted_objects(tmp_path):
    from fractions import Fraction

    path = str(tmp_path / "trusted.pd")
    with open(path, "wb") as f:
        pickle.dump({"ratio": Fraction(1, 3)}, f)
    with pytest.raises(pickle.UnpicklingError, match="fractions.Fraction"):
        paddle.load(path)
    assert paddle.load(path, safe=False) == {"ratio": Fraction(1, 3)}


def test_paddle_static_dense_tensor_eval_form_is_allowed():
    """Paddle pickles a static DenseTensor as eval('data', {'data': array}): only that lookup is allowed."""
    class DenseTensor:
        def __reduce__(self):
            return eval, ("data", {"data": np.arange(3)})

    got = paddle.load(io.BytesIO(pickle.dumps({"t": DenseTensor(), "n": 1})))
    np.testing.assert_array_equal(got["t"].numpy(), np.arange(3))


# ---- atomic writes ------------------------------------------------------------

class _FailsHalfway:
    def __reduce__(self):
        raise RuntimeError("simulated crash while pickling")


def _leftovers(directory):
    return sorted(p for p in os.listdir(directory) if p != "ckpt.pdparams")


def test_crash_mid_write_keeps_previous_file(tmp_path):
    path = str(tmp_path / "ckpt.pdparams")
    paddle.save({"w": sample("float32")}, path)
    with open(path, "rb") as f:
        before = f.read()
    # the big array is written before the crash, so the temporary file has partial output
    with pytest.raises(RuntimeError, match="simulated crash"):
        paddle.save([np.zeros(1 << 16), _FailsHalfway()], path)
    with open(path, "rb") as f:
        assert f.read() == before
    assert _leftovers(tmp_path) == []


def test_crash_in_write_and_fsync(tmp_path, monkeypatch):
    path = str(tmp_path / "ckpt.pdparams")
    paddle.save({"w": sample("float32")}, path)
    with open(path, "rb") as f:
        before = f.read()

    def broken_fsync(fd):
        raise OSError("simulated disk failure")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="simulated disk failure"):
        paddle.save({"w": sample("float32", seed=5)}, path)
    monkeypatch.undo()
    with open(path, "rb") as f:
        assert f.read() == before
    assert _leftovers(tmp_path) == []


def test_write_is_synced_and_renamed(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append(("replace", os.path.dirname(a))),
                                                     real_replace(a, b))[1])
    path = tmp_path / "sub" / "ckpt.pdparams"
    paddle.save({"w": sample("float32")}, str(path))
    assert calls == ["fsync", ("replace", str(tmp_path / "sub")), "fsync"]  # file, rename, then the directory
    assert path.exists() and _leftovers(tmp_path / "sub") == []


# ---- errors ---------------------------------------------------------------------

def test_missing_file_and_directory(tmp_path):
    missing = str(tmp_path / "nope.pdparams")
    with pytest.raises(FileNotFoundError, match="nope.pdparams"):
        paddle.load(missing)
    with pytest.raises(IsADirectoryError, match="is a directory"):
        paddle.load(str(tmp_path))
    with pytest.raises(IsADirectoryError, match="is a directory"):
        paddle.save({"w": sample("float32")}, str(tmp_path))
    with pytest.raises(ValueError, match="expected a file name"):
        paddle.save({"w": sample("float32")}, str(tmp_path) + "/")


def test_unpicklable_objects_name_their_type(tmp_path):
    path = str(tmp_path / "x.pd")
    with pytest.raises(TypeError, match="lock"):
        paddle.save({"lock": threading.Lock()}, path)
    with pytest.raises(TypeError, match=r"\[save\].*lambda"):
        paddle.save([lambda: 1], path)
    with pytest.raises(TypeError, match=r"cannot save a Layer \(Linear\).*state_dict"):
        paddle.save({"net": paddle.nn.Linear(2, 2), "n": 1}, path)
    assert not os.path.exists(path) and os.listdir(tmp_path) == []


@pytest.mark.parametrize("content, message", [
    (b"", "empty or truncated"),
    (b"this is not a pickle at all", "cannot parse"),
    (None, "truncated"),  # a real checkpoint cut in half
])
def test_corrupt_files(tmp_path, content, message):
    path = str(tmp_path / "bad.pdparams")
    if content is None:
        paddle.save({"w": sample("float32", (64,))}, path)
        with open(path, "rb") as f:
            content = f.read()[:200]
    with open(path, "wb") as f:
        f.write(content)
    with pytest.raises(ValueError, match=message) as info:
        paddle.load(path)
    assert "bad.pdparams" in str(info.value)


def test_bad_arguments(tmp_path):
    path = str(tmp_path / "x.pd")
    with pytest.raises(ValueError, match="protocol"):
        paddle.save(sample("float32"), path, protocol=5)
    with pytest.raises(TypeError, match="protocol"):
        paddle.save(sample("float32"), path, protocol="4")
    with pytest.raises(ValueError, match="unknown config 'compress'"):
        paddle.save(sample("float32"), path, compress=True)
    with pytest.raises(ValueError, match="unknown config 'mmap'"):
        paddle.load(path, mmap=True)
    with pytest.raises(TypeError, match="path"):
        paddle.save(sample("float32"), 3)


# ---- interop with a real PaddlePaddle install (skipped when absent) --------------

PEER_PYTHON = "/opt/peers/paddle/bin/python"


@pytest.mark.skipif(not os.path.exists(PEER_PYTHON), reason="no PaddlePaddle install at /opt/peers/paddle")
def test_files_move_both_ways_with_paddlepaddle(tmp_path):
    ours = {"w": sample("float32"), "h": sample("float16", (3,)), "b": sample("bfloat16", (4,)),
            "c": sample("complex64", (2,)), "i": sample("int64", (5,))}
    paddle.save(ours, str(tmp_path / "ours.pdparams"))
    paddle.save({"t": ours["b"], "n": [1, "x"]}, str(tmp_path / "ours.pd"))
    script = textwrap.dedent(f"""
        import numpy as np, paddle
        d = {str(tmp_path)!r}
        s = paddle.load(d + "/ours.pdparams")
        np.savez(d + "/seen.npz", **{{k: v.numpy() for k, v in s.items()}},
                 dtypes=np.array([str(s[k].dtype) for k in sorted(s)]))
        n = paddle.load(d + "/ours.pd")
        assert str(n["t"].dtype) == "paddle.bfloat16" and n["n"] == [1, "x"], n
        net = paddle.nn.Linear(3, 2)
        paddle.save(net.state_dict(), d + "/theirs.pdparams")
        paddle.save([net.weight, {{"k": paddle.to_tensor([1.5], dtype="bfloat16")}}], d + "/theirs.pd")
        np.save(d + "/theirs_w.npy", net.weight.numpy())
    """)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    subprocess.run([PEER_PYTHON, "-c", script], check=True, env=env, timeout=600, capture_output=True)

    seen = np.load(tmp_path / "seen.npz")
    assert sorted(str(s) for s in seen["dtypes"]) == sorted(str(ours[k].dtype) for k in sorted(ours))
    for key, value in ours.items():
        np.testing.assert_array_equal(seen[key], value.numpy())
    theirs = paddle.load(str(tmp_path / "theirs.pdparams"))
    w = np.load(tmp_path / "theirs_w.npy")
    assert list(theirs) == ["weight", "bias"]
    np.testing.assert_array_equal(theirs["weight"].numpy(), w)
    got = paddle.load(str(tmp_path / "theirs.pd"))
    np.testing.assert_array_equal(got[0].numpy(), w)
    assert got[1]["k"].dtype == paddle.bfloat16 and got[1]["k"].astype("float32").tolist() == [1.5]
    net = paddle.nn.Linear(3, 2)
    assert net.set_state_dict(theirs) == ([], [])


def test_docstring_examples_run():
    import doctest

    result = doctest.testmod(serialization, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_unusable_paths_raise_errors_naming_the_op(tmp_path):
    with pytest.raises(ValueError, match=r"\[save\] argument 'path'.*NUL"):
        paddle.save({"a": 1}, str(tmp_path / "a\0b"))
    with pytest.raises(ValueError, match=r"\[load\] argument 'path'.*NUL"):
        paddle.load(str(tmp_path / "a\0b"))
    with pytest.raises(OSError, match=r"^\[save\] cannot write") as error:
        paddle.save({"a": 1}, str(tmp_path / ("x" * 300)))
    assert str(error.value).startswith("[save]")
    assert os.listdir(tmp_path) == []
