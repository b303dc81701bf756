"""Layer parameter and input gradients against central finite differences of
the layer's own forward, perturbing each parameter element in place (float64
layers, so the differences are accurate to ~1e-9)."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
import paddle.nn as nn
from gradcheck import check_layer_grads


@pytest.fixture(autouse=True)
def float64_layers():
    paddle.set_default_dtype("float64")
    yield
    paddle.set_default_dtype("float32")


def _check(layer, *arrays, **tolerances):
    check_layer_grads(layer, list(arrays), lambda module, *tensors: module(*tensors), **tolerances)


def _x(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape)


@pytest.mark.parametrize("make,shape", [
    (lambda: nn.Linear(3, 4), (2, 3)),
    (lambda: nn.Conv2D(2, 3, 3, stride=2, padding=1), (1, 2, 5, 5)),
    (lambda: nn.Conv2D(2, 2, 2, padding=1, padding_mode="reflect", groups=2), (1, 2, 3, 3)),
    (lambda: nn.Conv1DTranspose(2, 3, 3, stride=2), (1, 2, 4)),
    (lambda: nn.BatchNorm2D(3), (2, 3, 2, 2)),
    (lambda: nn.LayerNorm([4]), (3, 4)),
    (lambda: nn.GroupNorm(2, 4), (2, 4, 3)),
    (lambda: nn.PReLU(3), (2, 3, 2)),
], ids=["linear", "conv2d", "conv2d_reflect_groups", "conv1d_transpose", "batch_norm2d", "layer_norm",
        "group_norm", "prelu"])
def test_parameter_and_input_gradients_match_finite_differences(make, shape):
    paddle.seed(1)
    _check(make(), _x(*shape))


def test_embedding_gradient_sums_repeated_rows():
    paddle.seed(1)
    _check(nn.Embedding(5, 3, padding_idx=1), np.array([[0, 1, 3], [3, 4, 0]]))


def test_bilinear_gradients_match_finite_differences():
    paddle.seed(1)
    layer = nn.Bilinear(2, 3, 2)
    rng = np.random.default_rng(3)
    x1, x2 = _x(2, 2), _x(2, 3, seed=1)
    out = layer(paddle.to_tensor(x1), paddle.to_tensor(x2))
    weights = rng.standard_normal(out.shape)
    (out * paddle.to_tensor(weights)).sum().backward()
    w = layer.weight.numpy()  # [out, in1, in2]: d/dW[o,i,j] = sum_b weights[b,o] x1[b,i] x2[b,j]
    np.testing.assert_allclose(layer.weight.grad.numpy(), np.einsum("bo,bi,bj->oij", weights, x1, x2), rtol=1e-10)
    assert w.shape == (2, 2, 3)
