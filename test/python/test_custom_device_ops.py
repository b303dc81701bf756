"""Every op sample on the sample plugin device "custom_cpu" against NumPy:
a few ops run the plugin's kernels, all others the CPU fallback (Note [Kernel
fallback]), with contiguous and strided inputs, plus gradients through the
fallback against the CPU's."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

import paddle
from op_samples import SAMPLES
from op_test import check_sample_on_current_device, sample_inputs

CASES = [(s, d) for s in SAMPLES for d in s.dtypes]


@pytest.fixture
def on_custom_cpu(custom_cpu):
    previous = paddle.device.get_device()
    paddle.device.set_device("custom_cpu:0")
    yield
    paddle.device.set_device(previous)


@pytest.mark.parametrize("sample,dtype", CASES, ids=[f"{s.name}-{d}" for s, d in CASES])
@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
def test_op_on_plugin_device_matches_numpy(on_custom_cpu, sample, dtype, strided):
    check_sample_on_current_device(sample, dtype, strided)


GRAD_CASES = [s for s in SAMPLES if "float64" in s.dtypes]


def _gradients(sample, arrays, place):
    """The inputs' gradients of a weighted sum of the op's floating outputs,
    or None when no output depends differentiably on an input."""
    tensors = [paddle.to_tensor(a, place=place, stop_gradient=a.dtype != np.float64) for a in arrays]
    out = sample.paddle_fn(*tensors)
    outs = [o for o in (out if isinstance(out, (list, tuple)) else [out])
            if isinstance(o, paddle.Tensor) and not o.stop_gradient]
    if not outs:
        return None
    sum(((o.astype("float64") * (i + 1)).sum() for i, o in enumerate(outs))).backward()
    return [t.grad.numpy() if t.grad is not None else None for t in tensors]


@pytest.mark.parametrize("sample", GRAD_CASES, ids=[s.name for s in GRAD_CASES])
def test_gradients_on_plugin_device_match_the_cpu(custom_cpu, sample):
    rng = np.random.default_rng(zlib.crc32(f"{sample.name}-grad-custom".encode()))
    arrays = sample_inputs(sample, rng, sample.shapes[0], "float64")
    try:
        expected = _gradients(sample, arrays, "cpu")
    except (ValueError, NotImplementedError) as error:  # e.g. qr's gradient for wide matrices
        with pytest.raises(type(error)):
            _gradients(sample, arrays, "custom_cpu:0")
        return
    got = _gradients(sample, arrays, "custom_cpu:0")
    assert (got is None) == (expected is None)
    for a, b in zip(got or [], expected or []):
        assert (a is None) == (b is None)
        if a is not None:
            np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)
