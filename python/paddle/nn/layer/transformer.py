"""Attention and the Transformer: MultiHeadAttention, TransformerEncoderLayer,
TransformerEncoder, TransformerDecoderLayer, TransformerDecoder, Transformer.

Names, defaults and parameter layout follow Paddle: MultiHeadAttention holds
``q_proj``, ``k_proj``, ``v_proj`` and ``out_proj`` (Linear, weight [in, out]);
the encoder layer ``self_attn, linear1, dropout, linear2, norm1, norm2,
dropout1, dropout2``; the decoder layer adds ``cross_attn``, ``norm3`` and
``dropout3``. A stack (TransformerEncoder/Decoder) holds ``layers`` (a
LayerList of fresh layers built from the first one's constructor arguments)
and an optional final ``norm``.

Note [attention masks]: a mask is broadcast to [batch, num_heads, query_len,
key_len]. A bool (or integer) mask keeps the positions that are True (1) and
becomes the additive ``(mask - 1) * 1e9``; a floating mask is added to the
scores as it is (use -inf or a large negative value to mask).
"""

from __future__ import annotations

import collections
import copy

import paddle
from paddle import _checks as check
from paddle.base.param_attr import ParamAttr
from paddle.framework import get_default_dtype
from paddle.nn import functional as F
from paddle.nn.layer.common import Dropout, Linear
from paddle.nn.layer.container import LayerList
from paddle.nn.layer.layers import Layer
from paddle.nn.layer.norm import LayerNorm


def _convert_attention_mask(attn_mask, dtype):
    """Note [attention masks]: a bool/int keep-mask as an additive float mask of `dtype`."""
    if attn_mask is None or attn_mask.dtype == dtype:
        return attn_mask
    if attn_mask.dtype == paddle.bool or "int" in attn_mask.dtype.name:
        return (attn_mask.astype(dtype) - 1.0) * 1e9
    return attn_mask.astype(dtype)


def _constructor_arguments(arguments: dict) -> dict:
    """A layer constructor's arguments (its ``locals()`` on entry), to build copies of the layer."""
    return {k: v for k, v in arguments.items() if k not in ("self", "__class__")}


def _param_attr_list(op: str, attr, n: int) -> list:
    """Paddle's per-sublayer attrs: a list of n attrs, or one attr (copied n times, a name suffixed _i)."""
    if isinstance(attr, (list, tuple)):
        if len(attr) != n:
            raise ValueError(f"[{op}] expected {n} parameter attributes in the list, but got {len(attr)}")
        return [None if a is True else a for a in attr]
    if isinstance(attr, bool):
        return [None if attr else False] * n
    attr = ParamAttr._to_attr(attr, op, "weight_attr")
    out = []
    for i in range(n):
        copied = copy.deepcopy(attr)
        if copied is not None and copied is not False and getattr(copied, "name", None):
            copied.name = f"{copied.name}_{i}"
        out.append(copied)
    return out


def _dropout_rate(op: str, value, arg: str) -> float:
    value = check.number(op, value, arg)
    if not 0 <= value <= 1:
        raise ValueError(f"[{op}] argument '{arg}': expected a number in [0, 1], but got {value}")
    return value


def _check_positive(op: str, value, arg: str) -> int:
    value = check.integer(op, value, arg)
    if value <= 0:
        raise ValueError(f"[{op}] argument '{arg}': expected an int > 0, but got {value}")
    return value


def _activation(op: str, name):
    fn = getattr(F, name, None) if isinstance(name, str) else None
    if fn is None:
        fn = getattr(paddle, name, None) if isinstance(name, str) else None
    if not callable(fn):
        raise ValueError(f"[{op}] argument 'activation': expected the name of a paddle.nn.functional activation, "
                         f"but got {name!r}")
    return fn


class MultiHeadAttention(Layer):
    """Multi-head attention: ``out_proj(concat_h(softmax(q_h k_h^T / sqrt(head_dim) + mask) v_h))`` with
    q, k, v projected by ``q_proj``, ``k_proj``, ``v_proj`` and split into `num_heads` heads.

    Args:
        embed_dim (int): the query (and output) feature size; divisible by num_heads.
        num_heads (int): the number of heads.
        dropout (float, optional): dropout on the attention weights in training. Default 0.
        kdim, vdim (int, optional): the key / value feature sizes; embed_dim by default.
        need_weights (bool, optional): also return the attention weights [batch, num_heads, Lq, Lk].
            Default False.
        weight_attr, bias_attr (ParamAttr, optional): the four Linear layers' attributes; bias_attr=False
            for no biases.

    ``forward(query, key=None, value=None, attn_mask=None, cache=None)``: query [batch, Lq, embed_dim],
    key [batch, Lk, kdim], value [batch, Lk, vdim] (key and value default to query); attn_mask as in
    Note [attention masks] of this module. Returns the output [batch, Lq, embed_dim], or a tuple
    (output, weights if need_weights, new cache if a cache was given).

    Caches (for incremental decoding): ``gen_cache(key, value=None, type=MultiHeadAttention.Cache)``
    makes a ``Cache(k, v)`` (empty [batch, num_heads, 0, head_dim] when value is None, else key and value
    as given), to which each call appends the new keys and values; ``type=StaticCache`` projects key and
    value once (cross attention) and reuses them.

    Examples:
        >>> import paddle
        >>> mha = paddle.nn.MultiHeadAttention(8, 2)
        >>> mha.q_proj.weight.shape
        paddle.Size([8, 8])
        >>> x = paddle.randn([3, 5, 8])
        >>> mha(x).shape
        paddle.Size([3, 5, 8])
        >>> out, w = paddle.nn.MultiHeadAttention(8, 2, need_weights=True)(x, attn_mask=paddle.ones([5, 5], "bool"))
        >>> w.shape
        paddle.Size([3, 2, 5, 5])
    """

    Cache = collections.namedtuple("Cache", ["k", "v"])
    StaticCache = collections.namedtuple("StaticCache", ["k", "v"])

    def __init__(self, embed_dim, num_heads, dropout=0.0, kdim=None, vdim=None, need_weights=False, weight_attr=None,
                 bias_attr=None):
        super().__init__()
        op = "MultiHeadAttention"
        self.embed_dim = _check_positive(op, embed_dim, "embed_dim")
        self.num_heads = _check_positive(op, num_heads, "num_heads")
        if self.embed_dim % self.num_heads:
            raise ValueError(f"[{op}] argument 'embed_dim': expected a multiple of num_heads ({self.num_heads}), "
                             f"but got {embed_dim}")
        self.kdim = self.embed_dim if kdim is None else _check_positive(op, kdim, "kdim")
        self.vdim = self.embed_dim if vdim is None else _check_positive(op, vdim, "vdim")
        self.dropout = _dropout_rate(op, dropout, "dropout")
        self.need_weights = check.flag(op, need_weights, "need_weights")
        self.head_dim = self.embed_dim // self.num_heads
        self._dtype = get_default_dtype()
        self.q_proj = Linear(self.embed_dim, self.embed_dim, weight_attr, bias_attr=bias_attr)
        self.k_proj = Linear(self.kdim, self.embed_dim, weight_attr, bias_attr=bias_attr)
        self.v_proj = Linear(self.vdim, self.embed_dim, weight_attr, bias_attr=bias_attr)
        self.out_proj = Linear(self.embed_dim, self.embed_dim, weight_attr, bias_attr=bias_attr)

    def _heads(self, x):
        """[batch, L, embed_dim] -> [batch, num_heads, L, head_dim]."""
        return x.reshape([x.shape[0], x.shape[1], self.num_heads, self.head_dim]).transpose([0, 2, 1, 3])

    def _check_input(self, arg: str, x, size: int) -> None:
        check.tensor("MultiHeadAttention", x, arg)
        if len(x.shape) != 3 or x.shape[-1] != size:
            raise ValueError(f"[MultiHeadAttention] argument '{arg}': expected a 3-D tensor [batch, length, {size}], "
                             f"but got shape {list(x.shape)}")

    def compute_kv(self, key, value):
        """The projected keys and values, [batch, num_heads, Lk, head_dim] each."""
        self._check_input("key", key, self.kdim)
        self._check_input("value", value, self.vdim)
        return self._heads(self.k_proj(key)), self._heads(self.v_proj(value))

    def gen_cache(self, key, value=None, type=Cache):  # noqa: A002 (Paddle's argument name)
        """A Cache or StaticCache for incremental decoding (see the class docstring)."""
        if type is MultiHeadAttention.StaticCache:
            k, v = self.compute_kv(key, key if value is None else value)
            return self.StaticCache(k, v)
        if value is None:
            empty = paddle.zeros([key.shape[0], self.num_heads, 0, self.head_dim], key.dtype)
            return self.Cache(empty, empty)
        return self.Cache(key, value)

    def _prepare_qkv(self, query, key, value, cache):
        q = self._heads(self.q_proj(query))
        if isinstance(cache, self.StaticCache):
            k, v = cache.k, cache.v
        else:
            k, v = self.compute_kv(key, value)
        if isinstance(cache, self.Cache):
            k = paddle.concat([cache.k, k], axis=2)
            v = paddle.concat([cache.v, v], axis=2)
            cache = self.Cache(k, v)
        return q, k, v, cache

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        self._check_input("query", query, self.embed_dim)
        key = query if key is None else key
        value = query if value is None else value
        q, k, v, new_cache = self._prepare_qkv(query, key, value, cache)
        if attn_mask is not None:
            check.tensor("MultiHeadAttention", attn_mask, "attn_mask")
        mask = _convert_attention_mask(attn_mask, q.dtype)
        weights = None
        if self.need_weights:
            scores = paddle.matmul(q * (self.head_dim ** -0.5), k, transpose_y=True)
            if mask is not None:
                scores = scores + mask
            weights = F.softmax(scores, axis=-1)
            if self.dropout and self.training:  # (in inference F.dropout would copy the weights, as Paddle's)
                weights = F.dropout(weights, self.dropout, training=True, mode="upscale_in_train")
            out = paddle.matmul(weights, v).transpose([0, 2, 1, 3])
        else:  # the same computation, fused where the backend can
            out = F.scaled_dot_product_attention(q.transpose([0, 2, 1, 3]), k.transpose([0, 2, 1, 3]),
                                                 v.transpose([0, 2, 1, 3]), attn_mask=mask,
                                                 dropout_p=self.dropout, training=self.training)
        out = self.out_proj(out.reshape([out.shape[0], out.shape[1], self.embed_dim]))
        outs = [out]
        if self.need_weights:
            outs.append(weights)
        if cache is not None:
            outs.append(new_cache)
        return out if len(outs) == 1 else tuple(outs)

    def extra_repr(self) -> str:
        s = f"embed_dim={self.embed_dim}, num_heads={self.num_heads}"
        if self.dropout:
            s += f", dropout={self.dropout}"
        if self.kdim != self.embed_dim or self.vdim != self.embed_dim:
            s += f", kdim={self.kdim}, vdim={self.vdim}"
        if self.need_weights:
            s += ", need_weights=True"
        return s


class _TransformerLayerBase(Layer):
    """Shared constructor checks of the encoder and decoder layers; keeps the arguments in ``_config``
    so that a stack can build fresh copies."""

    def _setup(self, op, d_model, nhead, dim_feedforward, dropout, activation, attn_dropout, act_dropout,
               normalize_before):
        self._d_model = _check_positive(op, d_model, "d_model")
        self._nhead = _check_positive(op, nhead, "nhead")
        if self._d_model % self._nhead:
            raise ValueError(f"[{op}] argument 'd_model': expected a multiple of nhead ({self._nhead}), but got "
                             f"{d_model}")
        self._dim_feedforward = _check_positive(op, dim_feedforward, "dim_feedforward")
        dropout = _dropout_rate(op, dropout, "dropout")
        attn_dropout = dropout if attn_dropout is None else _dropout_rate(op, attn_dropout, "attn_dropout")
        act_dropout = dropout if act_dropout is None else _dropout_rate(op, act_dropout, "act_dropout")
        self.normalize_before = check.flag(op, normalize_before, "normalize_before")
        self.activation = _activation(op, activation)
        return dropout, attn_dropout, act_dropout

    def _feed_forward(self, x):
        return self.linear2(self.dropout(self.activation(self.linear1(x))))

    def _sublayer(self, x, residual_fn, norm, dropout):
        """x + dropout(fn(x)), normalized before fn (normalize_before) or after the sum."""
        residual = x
        if self.normalize_before:
            x = norm(x)
        x = residual + dropout(residual_fn(x))
        return x if self.normalize_before else norm(x)

    def extra_repr(self) -> str:
        return (f"d_model={self._d_model}, nhead={self._nhead}, dim_feedforward={self._dim_feedforward}, "
                f"normalize_before={self.normalize_before}")


class TransformerEncoderLayer(_TransformerLayerBase):
    """One encoder layer: self attention then a feed-forward network, each wrapped as
    ``x + dropout(f(x))`` with LayerNorm after (or, with normalize_before, before f).

    Args:
        d_model (int): the feature size.
        nhead (int): attention heads (d_model must be divisible by it).
        dim_feedforward (int): the hidden size of the feed-forward network.
        dropout (float, optional): dropout on each sublayer's output. Default 0.1.
        activation (str, optional): the feed-forward activation ('relu', 'gelu', ...). Default 'relu'.
        attn_dropout (float, optional): dropout on the attention weights; `dropout` when None.
        act_dropout (float, optional): dropout after the activation; `dropout` when None.
        normalize_before (bool, optional): pre-norm instead of post-norm. Default False.
        weight_attr, bias_attr (ParamAttr|list, optional): one for all, or a list of 2: [self attention,
            feed-forward].
        layer_norm_eps (float, optional): the LayerNorms' epsilon. Default 1e-05.

    ``forward(src, src_mask=None, cache=None)`` with src [batch, length, d_model].

    Examples:
        >>> import paddle
        >>> layer = paddle.nn.TransformerEncoderLayer(8, 2, 16)
        >>> layer(paddle.randn([2, 4, 8])).shape
        paddle.Size([2, 4, 8])
    """

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu", attn_dropout=None,
                 act_dropout=None, normalize_before=False, weight_attr=None, bias_attr=None, layer_norm_eps=1e-5):
        self._config = _constructor_arguments(locals())
        super().__init__()
        op = "TransformerEncoderLayer"
        dropout, attn_dropout, act_dropout = self._setup(op, d_model, nhead, dim_feedforward, dropout, activation,
                                                         attn_dropout, act_dropout, normalize_before)
        weight_attrs = _param_attr_list(op, weight_attr, 2)
        bias_attrs = _param_attr_list(op, bias_attr, 2)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[0],
                                            bias_attr=bias_attrs[0])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[1], bias_attr=bias_attrs[1])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[1], bias_attr=bias_attrs[1])
        self.norm1 = LayerNorm(d_model, layer_norm_eps)
        self.norm2 = LayerNorm(d_model, layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        new_cache = []

        def attend(x):
            if cache is None:
                return self.self_attn(x, x, x, src_mask)
            out, updated = self.self_attn(x, x, x, src_mask, cache)
            new_cache.append(updated)
            return out

        src = self._sublayer(src, attend, self.norm1, self.dropout1)
        src = self._sublayer(src, self._feed_forward, self.norm2, self.dropout2)
        return src if cache is None else (src, new_cache[0])

    def gen_cache(self, src):
        """An empty incremental Cache for the self attention."""
        return self.self_attn.gen_cache(src, type=MultiHeadAttention.Cache)


class TransformerEncoder(Layer):
    """A stack of `num_layers` encoder layers (the given one first, then fresh ones built with its
    constructor arguments) and an optional final `norm`.

    Examples:
        >>> import paddle
        >>> enc = paddle.nn.TransformerEncoder(paddle.nn.TransformerEncoderLayer(8, 2, 16), 3)
        >>> len(enc.layers), enc(paddle.randn([2, 4, 8])).shape
        (3, paddle.Size([2, 4, 8]))
    """

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        if not isinstance(encoder_layer, TransformerEncoderLayer):
            raise TypeError(f"[TransformerEncoder] argument 'encoder_layer': expected a TransformerEncoderLayer, "
                            f"but got {check.got(encoder_layer)}")
        self.num_layers = _check_positive("TransformerEncoder", num_layers, "num_layers")
        self.layers = LayerList([encoder_layer if i == 0 else type(encoder_layer)(**encoder_layer._config)
                                 for i in range(self.num_layers)])
        self.norm = norm

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        output = src
        new_caches = []
        for i, layer in enumerate(self.layers):
            if cache is None:
                output = layer(output, src_mask=src_mask)
            else:
                output, new = layer(output, src_mask=src_mask, cache=cache[i])
                new_caches.append(new)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, src):
        """One incremental Cache per layer."""
        return [layer.gen_cache(src) for layer in self.layers]


class TransformerDecoderLayer(_TransformerLayerBase):
    """One decoder layer: self attention, cross attention over the encoder output `memory`, then a
    feed-forward network, each wrapped as in TransformerEncoderLayer.

    Args: as TransformerEncoderLayer; weight_attr and bias_attr may be a list of 3: [self attention,
    cross attention, feed-forward].

    ``forward(tgt, memory, tgt_mask=None, memory_mask=None, cache=None)``; cache is the pair made by
    ``gen_cache(memory)``: (incremental self-attention Cache, cross-attention StaticCache).

    Examples:
        >>> import paddle
        >>> layer = paddle.nn.TransformerDecoderLayer(8, 2, 16)
        >>> layer(paddle.randn([2, 3, 8]), paddle.randn([2, 5, 8])).shape
        paddle.Size([2, 3, 8])
    """

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu", attn_dropout=None,
                 act_dropout=None, normalize_before=False, weight_attr=None, bias_attr=None, layer_norm_eps=1e-5):
        self._config = _constructor_arguments(locals())
        super().__init__()
        op = "TransformerDecoderLayer"
        dropout, attn_dropout, act_dropout = self._setup(op, d_model, nhead, dim_feedforward, dropout, activation,
                                                         attn_dropout, act_dropout, normalize_before)
        weight_attrs = _param_attr_list(op, weight_attr, 3)
        bias_attrs = _param_attr_list(op, bias_attr, 3)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[0],
                                            bias_attr=bias_attrs[0])
        self.cross_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[1],
                                             bias_attr=bias_attrs[1])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[2], bias_attr=bias_attrs[2])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[2], bias_attr=bias_attrs[2])
        self.norm1 = LayerNorm(d_model, layer_norm_eps)
        self.norm2 = LayerNorm(d_model, layer_norm_eps)
        self.norm3 = LayerNorm(d_model, layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.dropout3 = Dropout(dropout, mode="upscale_in_train")

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, tgt.dtype)
        new_self_cache = []

        def self_attend(x):
            if cache is None:
                return self.self_attn(x, x, x, tgt_mask, None)
            out, updated = self.self_attn(x, x, x, tgt_mask, cache[0])
            new_self_cache.append(updated)
            return out

        def cross_attend(x):
            if cache is None:
                return self.cross_attn(x, memory, memory, memory_mask, None)
            return self.cross_attn(x, memory, memory, memory_mask, cache[1])[0]

        tgt = self._sublayer(tgt, self_attend, self.norm1, self.dropout1)
        tgt = self._sublayer(tgt, cross_attend, self.norm2, self.dropout2)
        tgt = self._sublayer(tgt, self._feed_forward, self.norm3, self.dropout3)
        return tgt if cache is None else (tgt, (new_self_cache[0], cache[1]))

    def gen_cache(self, memory):
        """(an empty incremental Cache for the self attention, the cross attention's StaticCache of memory)."""
        incremental = self.self_attn.gen_cache(memory, type=MultiHeadAttention.Cache)
        static = self.cross_attn.gen_cache(memory, memory, type=MultiHeadAttention.StaticCache)
        return incremental, static


class TransformerDecoder(Layer):
    """A stack of `num_layers` decoder layers and an optional final `norm` (as TransformerEncoder).

    ``forward(tgt, memory, tgt_mask=None, memory_mask=None, cache=None)``.

    Examples:
        >>> import paddle
        >>> dec = paddle.nn.TransformerDecoder(paddle.nn.TransformerDecoderLayer(8, 2, 16), 2)
        >>> dec(paddle.randn([2, 3, 8]), paddle.randn([2, 5, 8])).shape
        paddle.Size([2, 3, 8])
    """

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        if not isinstance(decoder_layer, TransformerDecoderLayer):
            raise TypeError(f"[TransformerDecoder] argument 'decoder_layer': expected a TransformerDecoderLayer, "
                            f"but got {check.got(decoder_layer)}")
        self.num_layers = _check_positive("TransformerDecoder", num_layers, "num_layers")
        self.layers = LayerList([decoder_layer if i == 0 else type(decoder_layer)(**decoder_layer._config)
                                 for i in range(self.num_layers)])
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, tgt.dtype)
        output = tgt
        new_caches = []
        for i, layer in enumerate(self.layers):
            if cache is None:
                output = layer(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask, cache=None)
            else:
                output, new = layer(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask, cache=cache[i])
                new_caches.append(new)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, memory, do_zip=False):
        """One (incremental, static) cache pair per layer; with do_zip, a pair of per-layer lists."""
        cache = [layer.gen_cache(memory) for layer in self.layers]
        return list(zip(*cache)) if do_zip else cache


class Transformer(Layer):
    """The encoder-decoder Transformer: a TransformerEncoder and a TransformerDecoder, each with a final
    LayerNorm (or the custom ones given).

    Args:
        d_model (int, optional): the feature size. Default 512.
        nhead (int, optional): attention heads. Default 8.
        num_encoder_layers, num_decoder_layers (int, optional): the stacks' depths. Default 6.
        dim_feedforward (int, optional): the feed-forward hidden size. Default 2048.
        dropout, activation, attn_dropout, act_dropout, normalize_before: as TransformerEncoderLayer.
        weight_attr, bias_attr (ParamAttr|list, optional): one for all, or a list of 1, 2 ([encoder and
            decoder attention, feed-forward]) or 3 ([self attention, cross attention, feed-forward]).
        custom_encoder, custom_decoder (Layer, optional): used instead of the built stacks.

    ``forward(src, tgt, src_mask=None, tgt_mask=None, memory_mask=None)`` returns the decoder output
    [batch, tgt_length, d_model].

    Examples:
        >>> import paddle
        >>> model = paddle.nn.Transformer(16, 2, 1, 1, 32)
        >>> tgt_mask = model.generate_square_subsequent_mask(3)
        >>> model(paddle.randn([2, 5, 16]), paddle.randn([2, 3, 16]), tgt_mask=tgt_mask).shape
        paddle.Size([2, 3, 16])
    """

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048,
                 dropout=0.1, activation="relu", attn_dropout=None, act_dropout=None, normalize_before=False,
                 weight_attr=None, bias_attr=None, custom_encoder=None, custom_decoder=None):
        super().__init__()
        op = "Transformer"
        self.d_model = _check_positive(op, d_model, "d_model")
        self.nhead = _check_positive(op, nhead, "nhead")
        if self.d_model % self.nhead:
            raise ValueError(f"[{op}] argument 'd_model': expected a multiple of nhead ({self.nhead}), but got "
                             f"{d_model}")
        enc_w, dec_w = self._split_attrs(op, weight_attr, "weight_attr")
        enc_b, dec_b = self._split_attrs(op, bias_attr, "bias_attr")
        common = dict(dropout=dropout, activation=activation, attn_dropout=attn_dropout, act_dropout=act_dropout,
                      normalize_before=normalize_before)
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, weight_attr=enc_w, bias_attr=enc_b,
                                            **common)
            self.encoder = TransformerEncoder(layer, num_encoder_layers, LayerNorm(d_model))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, weight_attr=dec_w, bias_attr=dec_b,
                                            **common)
            self.decoder = TransformerDecoder(layer, num_decoder_layers, LayerNorm(d_model))

    @staticmethod
    def _split_attrs(op, attr, arg):
        """(encoder layers' attrs, decoder layers' attrs) from one attr or a list of 1, 2 or 3."""
        if not isinstance(attr, (list, tuple)):
            return attr, attr
        if len(attr) == 1:
            return [attr[0]] * 2, [attr[0]] * 3
        if len(attr) == 2:
            return list(attr), [attr[0], attr[0], attr[1]]
        if len(attr) == 3:
            return [attr[0], attr[2]], list(attr)
        raise ValueError(f"[{op}] argument '{arg}': expected 1, 2 or 3 attributes in the list, but got {len(attr)}")

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        memory = self.encoder(src, src_mask=src_mask)
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask)

    def generate_square_subsequent_mask(self, length):
        """A [length, length] float mask: 0 on and below the diagonal, -inf above (no attending ahead).

        Examples:
            >>> import paddle
            >>> paddle.nn.Transformer(8, 2, 1, 1, 8).generate_square_subsequent_mask(3).numpy().tolist()
            [[0.0, -inf, -inf], [0.0, 0.0, -inf], [0.0, 0.0, 0.0]]
        """
        length = _check_positive("Transformer", length, "length")
        return paddle.triu(paddle.full([length, length], float("-inf"), get_default_dtype()), 1)
