"""The op-test harness: every op declares samples once (op_samples.py) and the
generic tests in test_op_samples.py check each against NumPy for every
dtype, with non-contiguous (view) inputs, and with bad inputs.

A sample is independent of our code: its reference is a NumPy function, and
half-precision references are computed in float32 from inputs rounded the
way the format defines (IEEE binary16; bfloat16 = rounded top half of
float32)."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

import numpy as np

import paddle

FLOATS = ("float32", "float64", "float16", "bfloat16")
INTS = ("int8", "int16", "int32", "int64", "uint8")
COMPLEX = ("complex64", "complex128")
ALL = ("bool",) + INTS + FLOATS + COMPLEX

# (rtol, atol) per dtype for floating results
TOLERANCE = {
    "float16": (1e-2, 1e-2),
    "bfloat16": (2e-2, 2e-2),
    "float32": (1e-5, 1e-6),
    "float64": (1e-12, 1e-12),
    "complex64": (1e-5, 1e-6),
    "complex128": (1e-12, 1e-12),
}


def round_to_bfloat16(a: np.ndarray) -> np.ndarray:
    """float32 values rounded to the nearest bfloat16 (ties to even)."""
    bits = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000).astype(np.uint32)
    return rounded.view(np.float32)


@dataclasses.dataclass
class ErrorCase:
    """Calling `call()` must raise `error` with a message containing `match`."""

    call: Callable[[], Any]
    error: type
    match: str


@dataclasses.dataclass
class OpSample:
    name: str
    paddle_fn: Callable[..., Any]
    numpy_fn: Callable[..., np.ndarray]
    shapes: Sequence[Sequence[tuple]]  # each entry: the input shapes of one call
    dtypes: Sequence[str]
    low: float = -3.0
    high: float = 3.0
    errors: Sequence[ErrorCase] = ()
    # Overrides random inputs: (rng, dtype, shapes) -> arrays.
    make_inputs: Callable[..., list] | None = None
    # dtypes for which the op's output is compared exactly (ints, bools)
    tolerance: dict = dataclasses.field(default_factory=dict)
    # internal ops the call runs besides the one it is named after (docs/ops.md's `sample` column)
    covers: tuple = ()

    def __str__(self) -> str:
        return self.name


def make_input(rng: np.random.Generator, shape, dtype: str, low: float, high: float) -> np.ndarray:
    """Random data of `dtype`, already representable in it (so the reference
    sees exactly what the op sees)."""
    if dtype == "bool":
        return rng.random(shape) > 0.5
    if dtype in INTS:
        lo = max(int(np.floor(low)), np.iinfo(dtype).min)
        hi = min(int(np.ceil(high)), np.iinfo(dtype).max)
        return rng.integers(lo, hi + 1, size=shape).astype(dtype)
    values = rng.uniform(low, high, size=shape)
    if dtype in COMPLEX:
        values = values + 1j * rng.uniform(low, high, size=shape)
        return np.asarray(values, dtype=dtype)  # 0-D arithmetic yields scalars
    if dtype == "bfloat16":
        return round_to_bfloat16(values.astype(np.float32))
    return values.astype(dtype)


def sample_inputs(sample: OpSample, rng: np.random.Generator, shapes, dtype: str) -> list[np.ndarray]:
    if sample.make_inputs is not None:
        return sample.make_inputs(rng, dtype, shapes)
    return [make_input(rng, shape, dtype, sample.low, sample.high) for shape in shapes]


def to_paddle(array: np.ndarray, dtype: str) -> paddle.Tensor:
    if dtype == "bfloat16" and np.asarray(array).dtype.kind == "f":
        return paddle.to_tensor(array.astype(np.float32)).astype("bfloat16")
    return paddle.to_tensor(array)


def to_numpy(t: paddle.Tensor) -> np.ndarray:
    if t.dtype == paddle.bfloat16:
        return t.astype("float32").numpy()
    return t.numpy()


def reference_inputs(arrays: list[np.ndarray], dtype: str) -> list[np.ndarray]:
    """Half types are computed in float32 by the reference."""
    if dtype in ("float16", "bfloat16"):
        return [a.astype(np.float32) if np.asarray(a).dtype.kind == "f" else a for a in arrays]
    return arrays


def assert_matches(out: np.ndarray, expected: np.ndarray, dtype: str, sample: OpSample) -> None:
    expected = np.asarray(expected)
    assert out.shape == expected.shape, f"{sample.name}: shape {out.shape} != {expected.shape}"
    if out.dtype.kind in "fc" and expected.dtype.kind in "fc":
        rtol, atol = sample.tolerance.get(dtype, TOLERANCE.get(dtype, TOLERANCE["float64"]))
        np.testing.assert_allclose(out, expected.astype(out.dtype) if dtype not in ("float16", "bfloat16") else expected,
                                   rtol=rtol, atol=atol, equal_nan=True, err_msg=sample.name)
    else:
        np.testing.assert_array_equal(out, expected.astype(out.dtype), err_msg=sample.name)


def non_contiguous(t: paddle.Tensor) -> paddle.Tensor:
    """The same values as t, held in a view with doubled strides."""
    doubled = paddle.concat([paddle.unsqueeze(t, -1), paddle.unsqueeze(t, -1)], axis=-1)
    view = doubled[..., 0]
    assert not view.is_contiguous() or t.size <= 1
    return view


def check_sample_on_current_device(sample: OpSample, dtype: str, strided: bool) -> None:
    """Runs `sample` on the current device (paddle.device.set_device), with
    contiguous or strided inputs, against NumPy; every tensor it returns must
    stay on that device."""
    import zlib

    place = paddle._C.get_default_place()
    rng = np.random.default_rng(zlib.crc32(f"{sample.name}-{dtype}-{place}".encode()))
    for shapes in sample.shapes:
        arrays = sample_inputs(sample, rng, shapes, dtype)
        tensors = [to_paddle(a, dtype) for a in arrays]
        assert all(t.place == place for t in tensors)
        if strided:
            tensors = [non_contiguous(t) for t in tensors]
        with np.errstate(all="ignore"):
            expected = sample.numpy_fn(*reference_inputs(arrays, dtype))
        out = sample.paddle_fn(*tensors)
        for o in out if isinstance(out, (list, tuple)) else [out]:
            if isinstance(o, paddle.Tensor):
                assert o.place == place, f"{sample.name} returned a tensor on {o.place}, not {place}"
        assert_matches(to_numpy(out), expected, dtype, sample)
