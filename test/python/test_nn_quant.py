"""paddle.nn.quant (Note [Weight-only quantization]): weight_quantize against
a NumPy reference of per-channel and grouped int8/int4 quantization, the
round trip through weight_dequantize, weight_only_linear against NumPy,
bad input, and a converted model saved with paddle.jit.save (smaller files,
the predictor's outputs equal the quantized eager model's)."""

from __future__ import annotations

import os

import numpy as np
import pytest

import paddle
from paddle.nn.quant import (WeightOnlyLinear, convert_to_weight_only, weight_dequantize, weight_only_linear,
                             weight_quantize)


def _reference(w, bound, group_size=-1):
    """(q [n, k] int32, scale) by the formula, in NumPy."""
    k, n = w.shape
    if group_size == -1:
        scale = np.maximum(np.abs(w).max(axis=0), 1e-30) / bound
        full = np.broadcast_to(scale, w.shape)
    else:
        scale = np.maximum(np.abs(w.reshape(k // group_size, group_size, n)).max(axis=1), 1e-30) / bound
        full = np.repeat(scale, group_size, axis=0)
    q = np.clip(np.round(w / full), -bound, bound).astype(np.int32).T
    return q, scale.astype(np.float32), full


@pytest.mark.parametrize("group_size", [-1, 64])
@pytest.mark.parametrize("algo,bound", [("weight_only_int8", 127), ("weight_only_int4", 7)])
def test_weight_quantize_matches_the_formula_and_round_trips(algo, bound, group_size):
    w = np.random.default_rng(0).standard_normal((128, 6)).astype("float32")
    q, scale = weight_quantize(paddle.to_tensor(w), algo, group_size=group_size)
    ref_q, ref_scale, full = _reference(w, bound, group_size)
    np.testing.assert_allclose(scale.numpy(), ref_scale, rtol=1e-6)
    assert q.dtype == paddle.int8
    if bound == 127:
        np.testing.assert_array_equal(q.numpy(), ref_q)
    else:  # two channels a byte, the even one low
        packed = q.numpy().astype(np.int32) % 256
        assert q.shape == [3, 128]
        np.testing.assert_array_equal(((packed % 16) + 8) % 16 - 8, ref_q[0::2])
        np.testing.assert_array_equal(((packed // 16) + 8) % 16 - 8, ref_q[1::2])
    back = weight_dequantize(q, scale, algo, "float32", group_size).numpy()
    np.testing.assert_allclose(back, ref_q.T * full, rtol=1e-6)
    assert np.abs(back - w).max() <= full.max() / 2 + 1e-6  # within half a step


def test_weight_only_linear_matches_numpy():
    rng = np.random.default_rng(1)
    w = rng.standard_normal((16, 8)).astype("float32")
    x = rng.standard_normal((3, 16)).astype("float32")
    b = rng.standard_normal(8).astype("float32")
    q, scale = weight_quantize(paddle.to_tensor(w))
    ref_q, _, full = _reference(w, 127)
    y = weight_only_linear(paddle.to_tensor(x), q, paddle.to_tensor(b), scale)
    np.testing.assert_allclose(y.numpy(), x @ (ref_q.T * full) + b, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(y.numpy(), x @ w + b, atol=0.05)  # near the float layer


def test_bad_input():
    w = paddle.ones([4, 3])
    with pytest.raises(ValueError, match="expected one of"):
        weight_quantize(w, "int2")
    with pytest.raises(NotImplementedError, match="llm.int8"):
        weight_quantize(w, "llm.int8")
    with pytest.raises(ValueError, match="packs output channels in pairs"):
        weight_quantize(w, "weight_only_int4")
    with pytest.raises(ValueError, match="not a multiple of 64"):
        weight_quantize(w, group_size=64)
    with pytest.raises(ValueError, match="2-D floating weight"):
        weight_quantize(paddle.ones([4], "int32"))
    q, scale = weight_quantize(w)
    with pytest.raises(ValueError, match="expected shape \\[3\\]"):
        weight_dequantize(q, paddle.ones([4]))
    with pytest.raises(ValueError, match="weight_scale"):
        weight_only_linear(paddle.ones([1, 4]), q)
    with pytest.raises(ValueError, match="has 5 features"):
        weight_only_linear(paddle.ones([1, 5]), q, weight_scale=scale)
    with pytest.raises(TypeError, match="nn.Linear"):
        WeightOnlyLinear(paddle.nn.ReLU())


@pytest.mark.parametrize("algo,smaller", [("weight_only_int8", 3.5), ("weight_only_int4", 6.0)])
def test_a_converted_model_saves_small_and_serves_its_outputs(tmp_path, algo, smaller):
    from paddle import inference

    paddle.seed(2)
    model = paddle.nn.Sequential(paddle.nn.Linear(64, 128), paddle.nn.ReLU(), paddle.nn.Linear(128, 10))
    model.eval()
    x = np.random.default_rng(3).standard_normal((4, 64)).astype("float32")
    float_out = model(paddle.to_tensor(x)).numpy()
    spec = [paddle.static.InputSpec([None, 64], "float32", "x")]
    paddle.jit.save(model, str(tmp_path / "float"), input_spec=spec)
    quantized = convert_to_weight_only(model, algo)
    assert all(isinstance(layer, WeightOnlyLinear) for layer in (quantized[0], quantized[2]))
    quant_out = quantized(paddle.to_tensor(x)).numpy()
    np.testing.assert_allclose(quant_out, float_out, atol=0.05 if algo.endswith("8") else 0.5)
    paddle.jit.save(quantized, str(tmp_path / "quant"), input_spec=spec)
    size = os.path.getsize(tmp_path / "float.pdiparams") / os.path.getsize(tmp_path / "quant.pdiparams")
    assert size > smaller
    predictor = inference.create_predictor(inference.Config(str(tmp_path / "quant.json"),
                                                            str(tmp_path / "quant.pdiparams")))
    np.testing.assert_allclose(predictor.run([x])[0].numpy(), quant_out, rtol=1e-5, atol=1e-6)
    assert "int32" not in predictor._predictor._kernel_program  # the dequantization folded at load
