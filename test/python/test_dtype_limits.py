"""paddle.iinfo and paddle.finfo against NumPy's limits (bfloat16 from its
layout: 8 exponent bits, 7 fraction bits) and PaddlePaddle's printed form."""

from __future__ import annotations

import numpy as np
import pytest

import paddle


@pytest.mark.parametrize("dtype", ["uint8", "int8", "int16", "int32", "int64"])
def test_iinfo_matches_numpy(dtype):
    got, want = paddle.iinfo(getattr(paddle, dtype)), np.iinfo(dtype)
    assert (got.bits, got.min, got.max, got.dtype) == (want.bits, want.min, want.max, dtype)
    assert paddle.iinfo(dtype).max == want.max  # a name works too


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_finfo_matches_numpy(dtype):
    got, want = paddle.finfo(getattr(paddle, dtype)), np.finfo(dtype)
    assert (got.bits, got.eps, got.max, got.min, got.tiny, got.resolution) == (
        want.bits, float(want.eps), float(want.max), float(want.min), float(want.tiny), float(want.resolution))
    assert got.smallest_normal == got.tiny and got.dtype == dtype


def test_finfo_of_bfloat16_follows_its_layout():
    got = paddle.finfo(paddle.bfloat16)
    assert got.eps == 2.0 ** -7 and got.tiny == 2.0 ** -126 and got.bits == 16
    assert got.max == (2 - 2.0 ** -7) * 2.0 ** 127
    # the largest bfloat16 is what float32's max rounds down to in bfloat16
    assert paddle.to_tensor([got.max], dtype="bfloat16").astype("float32").item() == got.max


def test_printed_like_paddle():
    assert repr(paddle.iinfo(paddle.int32)) == "paddle.iinfo(min=-2147483648, max=2147483647, bits=32, dtype=int32)"
    assert repr(paddle.finfo(paddle.float32)) == (
        "paddle.finfo(min=-3.40282e+38, max=3.40282e+38, eps=1.19209e-07, resolution=1e-06, "
        "smallest_normal=1.17549e-38, tiny=1.17549e-38, bits=32, dtype=float32)")


def test_wrong_kinds_of_dtype_are_refused():
    with pytest.raises(ValueError, match=r"\[iinfo\] argument 'dtype': expected an integer dtype, but got float32"):
        paddle.iinfo(paddle.float32)
    with pytest.raises(ValueError, match=r"\[finfo\] argument 'dtype': expected a floating dtype, but got int64"):
        paddle.finfo("int64")
    with pytest.raises(TypeError, match=r"\[finfo\] argument 'dtype'"):
        paddle.finfo("float99")
