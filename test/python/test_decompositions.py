"""Every op that can run as its decomposition (Note [Decompositions] in
tools/codegen/gen_eager.py) against its kernel: with decompositions forced,
every op sample must still match its NumPy reference, and the gradients of
the gradient samples must equal those of the fused kernels (which
test_autograd.py checks against finite differences). Through the samples'
gradients this checks each fused gradient kernel (layer_norm_grad,
softmax_grad, batch_norm_grad, flash_attention_grad, conv2d's, ...) against
its decomposition.

The whole suite runs with FLAGS_check_decomposition_meta (conftest.py), so
every decomposed call is also checked against its op's infer_meta."""

from __future__ import annotations

import contextlib
import zlib

import numpy as np
import pytest

import paddle
from gradcheck import analytic_grads
from op_samples import GRAD_SAMPLES, SAMPLES
from op_test import TOLERANCE, assert_matches, reference_inputs, sample_inputs, to_numpy, to_paddle
from test_autograd import _grad_inputs, _small_shapes

CASES = [(s, d) for s in SAMPLES for d in s.dtypes]


@contextlib.contextmanager
def decomposed():
    paddle._C._set_decomposition_forced(True)
    try:
        yield
    finally:
        paddle._C._set_decomposition_forced(False)


def test_forcing_is_scoped_and_reported():
    assert not paddle._C._is_decomposition_forced()
    with decomposed():
        assert paddle._C._is_decomposition_forced()
    assert not paddle._C._is_decomposition_forced()


def test_forced_conv2d_runs_the_decomposition():
    """float32 conv2d has a oneDNN kernel; forced, it runs unfold + matmul,
    whose gradient nodes are the parts'."""
    x = paddle.rand([1, 2, 5, 5])
    x.stop_gradient = False
    w = paddle.rand([3, 2, 3, 3])
    fused = paddle.nn.functional.conv2d(x, w)
    with decomposed():
        parts = paddle.nn.functional.conv2d(x, w)
    assert fused._grad_node_name() == "conv2d_grad"
    assert parts._grad_node_name() == "reshape_grad"
    np.testing.assert_allclose(parts.numpy(), fused.numpy(), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("sample,dtype", CASES, ids=[f"{s.name}-{d}" for s, d in CASES])
def test_decomposed_forward_matches_numpy(sample, dtype):
    rng = np.random.default_rng(zlib.crc32(f"{sample.name}-{dtype}".encode()))
    for shapes in sample.shapes:
        arrays = sample_inputs(sample, rng, shapes, dtype)
        tensors = [to_paddle(a, dtype) for a in arrays]
        with np.errstate(all="ignore"):
            expected = sample.numpy_fn(*reference_inputs(arrays, dtype))
        with decomposed():
            out = sample.paddle_fn(*tensors)
        assert_matches(to_numpy(out), expected, dtype, sample)


def _compare_grads(sample, dtype, seed):
    rng = np.random.default_rng(seed)
    for shapes in _small_shapes(sample):
        arrays = [a.astype(dtype) if np.asarray(a).dtype.kind == "f" else a
                  for a in _grad_inputs(sample, rng, shapes)]
        weights = rng.standard_normal(sample.paddle_fn(*[paddle.to_tensor(a) for a in arrays]).shape).astype(dtype)
        fused = analytic_grads(sample.paddle_fn, arrays, weights)
        with decomposed():
            parts = analytic_grads(sample.paddle_fn, arrays, weights)
        rtol, atol = TOLERANCE[dtype]
        for f, p in zip(fused, parts):
            np.testing.assert_allclose(p, f, rtol=max(rtol, 1e-9) * 100, atol=max(atol, 1e-9) * 100)


GRAD_CASES = [s for s in SAMPLES if s.name in GRAD_SAMPLES and "float32" in s.dtypes]


@pytest.mark.parametrize("sample", GRAD_CASES, ids=str)
def test_decomposed_gradients_match_the_kernels_float32(sample):
    _compare_grads(sample, "float32", 13)


@pytest.mark.parametrize("sample", [s for s in SAMPLES if s.name in GRAD_SAMPLES], ids=str)
def test_decomposed_gradients_match_the_kernels_float64(sample):
    _compare_grads(sample, "float64", 17)
