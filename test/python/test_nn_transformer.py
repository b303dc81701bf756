"""MultiHeadAttention and the Transformer layers against a NumPy
implementation of Paddle's equations with the same weights, incremental
caches, gradients against central finite differences in float64, Paddle's
parameter names, and input errors."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

import paddle
import paddle.nn as nn
from gradcheck import check_layer_grads


@pytest.fixture
def float64():
    paddle.set_default_dtype("float64")
    yield
    paddle.set_default_dtype("float32")


# ---- NumPy reference ----

def _w(layer):
    return layer.weight.numpy().astype(np.float64), (0.0 if layer.bias is None else layer.bias.numpy())


def np_linear(layer, x):
    w, b = _w(layer)
    return x @ w + b


def np_softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def np_mha(mha, q, k, v, mask=None):
    """Returns (output, weights); mask: bool keep-mask or additive float, broadcast to [B, H, Lq, Lk]."""
    def heads(x):
        b, n, _ = x.shape
        return x.reshape(b, n, mha.num_heads, mha.head_dim).transpose(0, 2, 1, 3)

    qh, kh, vh = heads(np_linear(mha.q_proj, q)), heads(np_linear(mha.k_proj, k)), heads(np_linear(mha.v_proj, v))
    scores = qh @ kh.transpose(0, 1, 3, 2) / np.sqrt(mha.head_dim)
    if mask is not None:
        scores = scores + ((mask.astype(np.float64) - 1) * 1e9 if mask.dtype == bool else mask)
    weights = np_softmax(scores)
    out = (weights @ vh).transpose(0, 2, 1, 3).reshape(q.shape[0], q.shape[1], mha.embed_dim)
    return np_linear(mha.out_proj, out), weights


def np_layer_norm(norm, x):
    mean = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + norm._epsilon) * norm.weight.numpy() + norm.bias.numpy()


def _np_block(layer, x, fn, norm):
    if layer.normalize_before:
        return x + fn(np_layer_norm(norm, x))
    return np_layer_norm(norm, x + fn(x))


def np_ffn(layer, x):
    return np_linear(layer.linear2, np.maximum(np_linear(layer.linear1, x), 0))


def np_encoder_layer(layer, x, mask=None):
    x = _np_block(layer, x, lambda y: np_mha(layer.self_attn, y, y, y, mask)[0], layer.norm1)
    return _np_block(layer, x, lambda y: np_ffn(layer, y), layer.norm2)


def np_decoder_layer(layer, x, memory, tgt_mask=None, memory_mask=None):
    x = _np_block(layer, x, lambda y: np_mha(layer.self_attn, y, y, y, tgt_mask)[0], layer.norm1)
    x = _np_block(layer, x, lambda y: np_mha(layer.cross_attn, y, memory, memory, memory_mask)[0], layer.norm2)
    return _np_block(layer, x, lambda y: np_ffn(layer, y), layer.norm3)


def _rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype("float32")


def _close(actual, expected, atol=1e-5):
    np.testing.assert_allclose(actual.numpy(), expected, rtol=1e-4, atol=atol)


# ---- MultiHeadAttention ----

def test_mha_matches_numpy_with_kdim_vdim_and_weights():
    paddle.seed(0)
    mha = nn.MultiHeadAttention(8, 2, kdim=6, vdim=5, need_weights=True)
    assert [mha.q_proj.weight.shape, mha.k_proj.weight.shape, mha.v_proj.weight.shape,
            mha.out_proj.weight.shape] == [[8, 8], [6, 8], [5, 8], [8, 8]]
    q, k, v = _rand(2, 3, 8), _rand(2, 4, 6, seed=1), _rand(2, 4, 5, seed=2)
    out, weights = mha(paddle.to_tensor(q), paddle.to_tensor(k), paddle.to_tensor(v))
    ref_out, ref_weights = np_mha(mha, q, k, v)
    _close(out, ref_out)
    _close(weights, ref_weights)


@pytest.mark.parametrize("need_weights", [False, True])
def test_mha_masks_bool_and_additive(need_weights):
    paddle.seed(1)
    mha = nn.MultiHeadAttention(8, 4, need_weights=need_weights)
    x = _rand(2, 5, 8)
    keep = np.random.default_rng(3).random([2, 1, 5, 5]) > 0.3
    keep[..., 0] = True
    additive = _rand(5, 5, seed=4)
    for mask in (keep, additive):
        out = mha(paddle.to_tensor(x), attn_mask=paddle.to_tensor(mask))
        out = out[0] if need_weights else out
        _close(out, np_mha(mha, x, x, x, mask)[0])
    # an integer mask means the same as a bool one
    out = mha(paddle.to_tensor(x), attn_mask=paddle.to_tensor(keep.astype("int64")))
    _close(out[0] if need_weights else out, np_mha(mha, x, x, x, keep)[0])


def test_mha_dropout_on_weights_only_in_training():
    paddle.seed(2)
    mha = nn.MultiHeadAttention(4, 2, dropout=0.5, need_weights=True)
    x = paddle.to_tensor(_rand(1, 6, 4))
    _, w = mha(x)
    assert set(np.unique(np.round(w.numpy(), 6))) >= {0.0}  # some weights dropped
    mha.eval()
    out, w = mha(x)
    _close(w, np_mha(mha, x.numpy(), x.numpy(), x.numpy())[1])


def test_mha_incremental_cache_matches_causal_attention():
    paddle.seed(3)
    mha = nn.MultiHeadAttention(8, 2)
    x = paddle.to_tensor(_rand(2, 4, 8))
    causal = paddle.to_tensor(np.tril(np.ones([4, 4], dtype=bool)))
    full = mha(x, attn_mask=causal)
    cache = mha.gen_cache(x)
    assert isinstance(cache, nn.MultiHeadAttention.Cache) and cache.k.shape == [2, 2, 0, 4]
    steps = []
    for t in range(4):
        out, cache = mha(x[:, t:t + 1], cache=cache)
        steps.append(out)
    assert cache.k.shape == [2, 2, 4, 4]
    np.testing.assert_allclose(paddle.concat(steps, axis=1).numpy(), full.numpy(), rtol=1e-5, atol=1e-5)
    memory = paddle.to_tensor(_rand(2, 3, 8, seed=5))
    static = mha.gen_cache(memory, memory, type=nn.MultiHeadAttention.StaticCache)
    out, same = mha(x, memory, memory, cache=static)
    assert same is static
    np.testing.assert_allclose(out.numpy(), mha(x, memory, memory).numpy(), rtol=1e-5, atol=1e-6)


def test_mha_gradients_match_finite_differences(float64):
    paddle.seed(4)
    mha = nn.MultiHeadAttention(4, 2)
    x = np.random.default_rng(5).standard_normal([1, 3, 4])
    mask = np.array([[True, False, True], [True, True, False], [True, True, True]])
    assert check_layer_grads(mha, [x, mask], lambda layer, inp, m: layer(inp, attn_mask=m)) == 8


# ---- encoder and decoder layers ----

@pytest.mark.parametrize("normalize_before", [False, True])
def test_encoder_layer_matches_numpy(normalize_before):
    paddle.seed(5)
    layer = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, normalize_before=normalize_before)
    x = _rand(2, 4, 8)
    mask = np.tril(np.ones([4, 4], dtype=bool))
    _close(layer(paddle.to_tensor(x), paddle.to_tensor(mask)), np_encoder_layer(layer, x, mask))


@pytest.mark.parametrize("normalize_before", [False, True])
def test_decoder_layer_matches_numpy_and_its_cache(normalize_before):
    paddle.seed(6)
    layer = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, normalize_before=normalize_before)
    tgt, memory = _rand(2, 3, 8), _rand(2, 5, 8, seed=1)
    tgt_mask = np.triu(np.full([3, 3], -np.inf, dtype="float32"), 1)
    out = layer(paddle.to_tensor(tgt), paddle.to_tensor(memory), paddle.to_tensor(tgt_mask))
    _close(out, np_decoder_layer(layer, tgt, memory, tgt_mask))
    cache = layer.gen_cache(paddle.to_tensor(memory))
    steps = []
    for t in range(3):
        step, cache = layer(paddle.to_tensor(tgt[:, t:t + 1]), paddle.to_tensor(memory), cache=cache)
        steps.append(step)
    np.testing.assert_allclose(paddle.concat(steps, axis=1).numpy(), out.numpy(), rtol=1e-4, atol=1e-5)


def test_encoder_stack_builds_fresh_layers_and_final_norm():
    paddle.seed(7)
    first = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, normalize_before=True)
    enc = nn.TransformerEncoder(first, 2, nn.LayerNorm(8))
    assert enc.layers[0] is first and enc.layers[1] is not first and enc.layers[1].normalize_before
    assert enc.layers[1].self_attn.q_proj.weight is not first.self_attn.q_proj.weight
    keys = list(enc.state_dict().keys())
    assert keys[:4] == ["layers.0.self_attn.q_proj.weight", "layers.0.self_attn.q_proj.bias",
                        "layers.0.self_attn.k_proj.weight", "layers.0.self_attn.k_proj.bias"]
    assert keys[-2:] == ["norm.weight", "norm.bias"] and "layers.1.linear2.weight" in keys
    x = _rand(2, 3, 8)
    ref = x
    for layer in enc.layers:
        ref = np_encoder_layer(layer, ref)
    _close(enc(paddle.to_tensor(x)), np_layer_norm(enc.norm, ref))


def test_decoder_stack_matches_numpy_with_fresh_layers_final_norm_and_caches():
    paddle.seed(9)
    first = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, normalize_before=True)
    dec = nn.TransformerDecoder(first, 2, nn.LayerNorm(8))
    assert isinstance(dec, nn.TransformerDecoder) and len(dec.layers) == 2
    assert dec.layers[0] is first and dec.layers[1] is not first and dec.layers[1].normalize_before
    assert dec.layers[1].cross_attn.k_proj.weight is not first.cross_attn.k_proj.weight
    keys = list(dec.state_dict().keys())
    assert keys[0] == "layers.0.self_attn.q_proj.weight" and "layers.1.cross_attn.v_proj.bias" in keys
    assert keys[-2:] == ["norm.weight", "norm.bias"]
    tgt, memory = _rand(2, 3, 8), _rand(2, 5, 8, seed=1)
    tgt_mask = np.triu(np.full([3, 3], -np.inf, dtype="float32"), 1)
    memory_mask = np.ones([2, 1, 1, 5], dtype=bool)
    memory_mask[1, ..., 3:] = False  # the second sequence's memory is 3 long
    out = dec(paddle.to_tensor(tgt), paddle.to_tensor(memory), paddle.to_tensor(tgt_mask),
              paddle.to_tensor(memory_mask))
    ref = tgt
    for layer in dec.layers:
        ref = np_decoder_layer(layer, ref, memory, tgt_mask, memory_mask)
    _close(out, np_layer_norm(dec.norm, ref))
    # one step at a time, with each layer's cache, gives the causal result
    cache = dec.gen_cache(paddle.to_tensor(memory))
    assert len(cache) == 2
    steps = []
    for t in range(3):
        step, cache = dec(paddle.to_tensor(tgt[:, t:t + 1]), paddle.to_tensor(memory),
                          memory_mask=paddle.to_tensor(memory_mask), cache=cache)
        steps.append(step)
    np.testing.assert_allclose(paddle.concat(steps, axis=1).numpy(), out.numpy(), rtol=1e-4, atol=1e-5)
    # without a final norm, the output is the last layer's
    bare = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), 1)
    _close(bare(paddle.to_tensor(tgt), paddle.to_tensor(memory)), np_decoder_layer(bare.layers[0], tgt, memory))


def test_transformer_matches_composition_and_names():
    paddle.seed(8)
    model = nn.Transformer(8, 2, 1, 1, 16, dropout=0.0)
    keys = list(model.state_dict().keys())
    assert keys[0] == "encoder.layers.0.self_attn.q_proj.weight"
    assert "decoder.layers.0.cross_attn.v_proj.bias" in keys and "decoder.norm.weight" in keys
    assert "encoder.norm.bias" in keys and len(model.decoder.layers) == 1
    src, tgt = _rand(2, 4, 8), _rand(2, 3, 8, seed=1)
    tgt_mask = model.generate_square_subsequent_mask(3)
    assert tgt_mask.numpy().tolist() == [[0.0, -np.inf, -np.inf], [0.0, 0.0, -np.inf], [0.0, 0.0, 0.0]]
    out = model(paddle.to_tensor(src), paddle.to_tensor(tgt), tgt_mask=tgt_mask)
    memory = np_layer_norm(model.encoder.norm, np_encoder_layer(model.encoder.layers[0], src))
    ref = np_decoder_layer(model.decoder.layers[0], tgt, memory, tgt_mask.numpy())
    _close(out, np_layer_norm(model.decoder.norm, ref))


def test_attrs_per_sublayer_and_no_bias():
    layer = nn.TransformerEncoderLayer(4, 2, 8, bias_attr=[False, None])
    assert layer.self_attn.q_proj.bias is None and layer.linear1.bias is not None
    layer = nn.TransformerDecoderLayer(4, 2, 8, weight_attr=paddle.ParamAttr(
        initializer=nn.initializer.Constant(0.5)), bias_attr=False)
    assert np.all(layer.cross_attn.k_proj.weight.numpy() == 0.5) and layer.linear2.bias is None
    model = nn.Transformer(4, 2, 1, 1, 8, bias_attr=[None, False])
    assert model.encoder.layers[0].self_attn.q_proj.bias is not None
    assert model.encoder.layers[0].linear1.bias is None and model.decoder.layers[0].linear1.bias is None
    assert model.decoder.layers[0].cross_attn.q_proj.bias is not None


def test_encoder_layer_gradients_match_finite_differences(float64):
    paddle.seed(9)
    layer = nn.TransformerEncoderLayer(4, 2, 4, dropout=0.0, normalize_before=True)
    x = np.random.default_rng(6).standard_normal([1, 2, 4])
    assert check_layer_grads(layer, [x], lambda lay, inp: lay(inp)) == 16


# ---- errors ----

def test_bad_arguments_raise_naming_the_layer():
    with pytest.raises(ValueError, match=r"\[MultiHeadAttention\] argument 'embed_dim': expected a multiple"):
        nn.MultiHeadAttention(10, 3)
    with pytest.raises(ValueError, match=r"\[MultiHeadAttention\] argument 'num_heads'"):
        nn.MultiHeadAttention(8, 0)
    with pytest.raises(ValueError, match=r"\[MultiHeadAttention\] argument 'query': expected a 3-D"):
        nn.MultiHeadAttention(8, 2)(paddle.ones([3, 8]))
    with pytest.raises(ValueError, match=r"\[MultiHeadAttention\] argument 'key'"):
        nn.MultiHeadAttention(8, 2)(paddle.ones([1, 3, 8]), paddle.ones([1, 3, 4]))
    with pytest.raises(ValueError, match=r"\[TransformerEncoderLayer\] argument 'd_model'"):
        nn.TransformerEncoderLayer(6, 4, 8)
    with pytest.raises(ValueError, match=r"\[TransformerDecoderLayer\] argument 'activation'"):
        nn.TransformerDecoderLayer(4, 2, 8, activation="nonexistent")
    with pytest.raises(ValueError, match=r"\[TransformerEncoderLayer\] argument 'dropout'"):
        nn.TransformerEncoderLayer(4, 2, 8, dropout=2.0)
    with pytest.raises(TypeError, match=r"\[TransformerEncoder\] argument 'encoder_layer'"):
        nn.TransformerEncoder(nn.Linear(2, 2), 2)
    with pytest.raises(ValueError, match=r"\[Transformer\] argument 'd_model'"):
        nn.Transformer(10, 4)


def test_docstring_examples_run():
    import paddle.nn.layer.transformer as module

    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
