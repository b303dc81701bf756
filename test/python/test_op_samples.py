"""Generic op tests driven by op_samples.SAMPLES (see op_test.py)."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from op_samples import SAMPLES
from op_test import assert_matches, non_contiguous, reference_inputs, sample_inputs, to_numpy, to_paddle

CASES = [(s, d) for s in SAMPLES for d in s.dtypes]
ERROR_CASES = [(s, i) for s in SAMPLES for i in range(len(s.errors))]


def _run(sample, dtype, transform=lambda t: t):
    rng = np.random.default_rng(zlib.crc32(f"{sample.name}-{dtype}".encode()))
    for shapes in sample.shapes:
        arrays = sample_inputs(sample, rng, shapes, dtype)
        tensors = [transform(to_paddle(a, dtype)) for a in arrays]
        with np.errstate(all="ignore"):
            expected = sample.numpy_fn(*reference_inputs(arrays, dtype))
        out = sample.paddle_fn(*tensors)
        assert_matches(to_numpy(out), expected, dtype, sample)


@pytest.mark.parametrize("sample,dtype", CASES, ids=[f"{s.name}-{d}" for s, d in CASES])
def test_forward_matches_numpy(sample, dtype):
    _run(sample, dtype)


@pytest.mark.parametrize("sample,dtype", CASES, ids=[f"{s.name}-{d}" for s, d in CASES])
def test_non_contiguous_inputs(sample, dtype):
    _run(sample, dtype, non_contiguous)


@pytest.mark.parametrize("sample,index", ERROR_CASES, ids=[f"{s.name}-{i}" for s, i in ERROR_CASES])
def test_bad_input_raises(sample, index):
    case = sample.errors[index]
    with pytest.raises(case.error, match=case.match):
        case.call()
