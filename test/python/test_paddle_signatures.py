"""PaddlePaddle 3.3's signatures of the Python-defined functions and classes
(python/paddle/_signature.py): keyword aliases, ``out=``, the creation
options and the parameters with meaning Paddle 3.3 added, each checked for
its values against NumPy or hand-computed cases; and, from
tools/paddle_compat/signatures/, that every such function
takes every parameter name and alias Paddle's takes."""

from __future__ import annotations

import importlib
import inspect
import math
import os
import sys

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle._signature import aliases, creation_options, writes_out

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from api_coverage import load_signatures  # noqa: E402
T = paddle.to_tensor


def _np(t):
    return [_np(v) for v in t] if isinstance(t, (list, tuple)) else t.numpy()


def _same(a, b):
    """Two results (tensors, or tuples/lists of them) hold the same values."""
    a, b = _np(a), _np(b)
    if isinstance(a, list):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
    else:
        np.testing.assert_array_equal(a, b)


# ---- the decorators ----


def test_aliases_renames_keywords_and_shows_them_in_the_signature():
    @aliases(x="input", axis=("dim", "axes"))
    def total(x, axis=0, name=None):
        return (x, axis)

    assert total(1, 2) == (1, 2)
    assert total(input=1, dim=3) == (1, 3) and total(x=1, axes=4) == (1, 4)
    params = inspect.signature(total).parameters
    assert list(params) == ["x", "axis", "name", "input", "dim", "axes"]
    assert all(params[a].kind == inspect.Parameter.KEYWORD_ONLY for a in ("input", "dim", "axes"))
    with pytest.raises(TypeError, match=r"\[total\] got both 'x' and its alias 'input'"):
        total(x=1, input=2)
    with pytest.raises(TypeError, match="multiple values"):  # the positional x and its alias: Python's own check
        total(1, input=2)


def test_writes_out_and_creation_options_add_keyword_only_parameters():
    @writes_out
    @creation_options("device", "requires_grad")
    def make(n):
        return paddle.arange(n, dtype="float32")

    params = inspect.signature(make).parameters
    assert list(params) == ["n", "out", "device", "requires_grad"]  # merged into one layer, in Paddle's order
    assert make(3, requires_grad=True).stop_gradient is False
    with pytest.raises(TypeError, match="pin_memory"):  # not one of this function's options
        make(3, pin_memory=True)
    out = paddle.zeros([3])
    assert make(3, out=out) is out and out.tolist() == [0.0, 1.0, 2.0]


def test_both_a_name_and_its_alias_is_refused_everywhere():
    x = T([[1.0, 2.0], [3.0, 4.0]])
    for call in (lambda: paddle.cumsum(x, axis=0, dim=0), lambda: paddle.zeros(shape=[2], size=[2]),
                 lambda: F.layer_norm(x, 2, epsilon=1e-5, eps=1e-5), lambda: paddle.tile(x=x, input=x, dims=[1])):
        with pytest.raises(TypeError, match="got both"):
            call()


# ---- each alias gives the real name's result (and the right values) ----

_X = np.array([[3.0, 1.0, 2.0], [6.0, 5.0, 4.0]], dtype="float32")
_I = np.array([[1, 0, 2], [2, 2, 0]], dtype="int64")

# (name, call with the real names, call with the aliases, NumPy's answer or None)
ALIAS_CASES = [
    ("cumsum", lambda: paddle.cumsum(T(_X), axis=1), lambda: paddle.cumsum(input=T(_X), dim=1), np.cumsum(_X, 1)),
    ("cumprod", lambda: paddle.cumprod(T(_X), dim=1), lambda: paddle.cumprod(input=T(_X), dim=1),
     np.cumprod(_X, 1)),
    ("prod", lambda: paddle.prod(T(_X), axis=0), lambda: paddle.prod(input=T(_X), dim=0), np.prod(_X, 0)),
    ("argsort", lambda: paddle.argsort(T(_X), axis=0), lambda: paddle.argsort(input=T(_X), dim=0),
     np.argsort(_X, 0, kind="stable")),
    ("diff", lambda: paddle.diff(T(_X), axis=0), lambda: paddle.diff(input=T(_X), dim=0), np.diff(_X, axis=0)),
    ("trace", lambda: paddle.trace(T(_X)), lambda: paddle.trace(input=T(_X)), np.trace(_X)),
    ("median", lambda: paddle.median(T(_X), axis=1), lambda: paddle.median(input=T(_X), dim=1), np.median(_X, 1)),
    ("quantile", lambda: paddle.quantile(T(_X), 0.5, axis=1), lambda: paddle.quantile(input=T(_X), q=0.5, dim=1),
     np.quantile(_X, 0.5, axis=1)),
    ("take_along_axis", lambda: paddle.take_along_axis(T(_X), T(_I), axis=1),
     lambda: paddle.take_along_dim(input=T(_X), indices=T(_I), dim=1), np.take_along_axis(_X, _I, 1)),
    ("masked_select", lambda: paddle.masked_select(T(_X), T(_X > 2)),
     lambda: paddle.masked_select(input=T(_X), mask=T(_X > 2)), _X[_X > 2]),
    ("nonzero", lambda: paddle.nonzero(T(_I)), lambda: paddle.nonzero(input=T(_I)), np.argwhere(_I)),
    ("multinomial", lambda: paddle.multinomial(T([0.0, 1.0]), 2, True),
     lambda: paddle.multinomial(input=T([0.0, 1.0]), num_samples=2, replacement=True), np.array([1, 1])),
    ("pow", lambda: paddle.pow(T(_X), 2.0), lambda: paddle.pow(input=T(_X), exponent=2.0), _X ** 2),
    ("mod", lambda: paddle.mod(T([7, -7]), T([3, 3])), lambda: paddle.floor_mod(input=T([7, -7]), other=T([3, 3])),
     np.array([1, 2])),
    ("outer", lambda: paddle.outer(T([1.0, 2.0]), T([3.0, 4.0])), lambda: paddle.ger(input=T([1.0, 2.0]),
                                                                                   vec2=T([3.0, 4.0])),
     np.outer([1.0, 2.0], [3.0, 4.0])),
    ("cross", lambda: paddle.cross(T(np.eye(3)), T(np.eye(3)[::-1].copy()), axis=1),
     lambda: paddle.linalg.cross(T(np.eye(3)), T(np.eye(3)[::-1].copy()), dim=1),
     np.cross(np.eye(3), np.eye(3)[::-1], axis=1)),
    ("gcd", lambda: paddle.gcd(T([12, 18]), T([8, 27])), lambda: paddle.gcd(input=T([12, 18]), other=T([8, 27])),
     np.gcd([12, 18], [8, 27])),
    ("lcm", lambda: paddle.lcm(T([4, 6]), T([6, 4])), lambda: paddle.lcm(input=T([4, 6]), other=T([6, 4])),
     np.lcm([4, 6], [6, 4])),
    ("isin", lambda: paddle.isin(T([1, 5, 3]), T([3, 4])),
     lambda: paddle.isin(elements=T([1, 5, 3]), test_elements=T([3, 4])), np.isin([1, 5, 3], [3, 4])),
    ("bucketize", lambda: paddle.bucketize(T([2.0, 6.0]), T([1.0, 3.0, 5.0, 7.0])),
     lambda: paddle.bucketize(input=T([2.0, 6.0]), boundaries=T([1.0, 3.0, 5.0, 7.0])), np.array([1, 3])),
    ("searchsorted", lambda: paddle.searchsorted(T([1.0, 3.0, 5.0]), T([2.0, 6.0])),  # input is torch's values
     lambda: paddle.searchsorted(T([1.0, 3.0, 5.0]), input=T([2.0, 6.0])), np.array([1, 3])),
    ("unique_consecutive", lambda: paddle.unique_consecutive(T([[1, 1], [1, 1], [2, 2]]), axis=0),
     lambda: paddle.unique_consecutive(input=T([[1, 1], [1, 1], [2, 2]]), dim=0), np.array([[1, 1], [2, 2]])),
    ("chunk", lambda: paddle.chunk(T(_X), 3, axis=1), lambda: paddle.chunk(input=T(_X), chunks=3, dim=1),
     np.split(_X, 3, axis=1)),
    ("tensor_split", lambda: paddle.tensor_split(T(np.arange(6)), [1, 4]),
     lambda: paddle.tensor_split(input=T(np.arange(6)), indices=[1, 4], dim=0), np.split(np.arange(6), [1, 4])),
    ("tensor_split_sections", lambda: paddle.tensor_split(T(np.arange(6)), 3),
     lambda: paddle.tensor_split(T(np.arange(6)), sections=3), np.split(np.arange(6), 3)),
    ("unbind", lambda: paddle.unbind(T(_X), axis=1), lambda: paddle.unbind(T(_X), dim=1), list(_X.T)),
    ("tile", lambda: paddle.tile(T(_X), [2, 1]), lambda: paddle.tile(input=T(_X), dims=[2, 1]), np.tile(_X, [2, 1])),
    ("unflatten", lambda: paddle.unflatten(T(np.arange(6)), 0, [2, 3]),
     lambda: paddle.unflatten(input=T(np.arange(6)), dim=0, shape=[2, 3]), np.arange(6).reshape(2, 3)),
    ("repeat_interleave", lambda: paddle.repeat_interleave(T(_X), 2, axis=0),
     lambda: paddle.repeat_interleave(input=T(_X), repeats=2, dim=0), np.repeat(_X, 2, axis=0)),
    ("swapaxes", lambda: paddle.swapaxes(T(np.ones([2, 3, 4])), 0, 2),
     lambda: paddle.swapdims(input=T(np.ones([2, 3, 4])), dim0=0, dim1=2), np.ones([4, 3, 2])),
    ("view", lambda: paddle.view(T(np.arange(6)), [2, 3]), lambda: paddle.view(T(np.arange(6)), size=[2, 3]),
     np.arange(6).reshape(2, 3)),
    ("norm", lambda: paddle.linalg.norm(T(_X), p=1, axis=1),
     lambda: paddle.linalg.norm(input=T(_X), ord=1, dim=1), np.abs(_X).sum(1)),
    ("vector_norm", lambda: paddle.linalg.vector_norm(T(_X), p=3, axis=0),
     lambda: paddle.linalg.vector_norm(T(_X), ord=3, dim=0), (np.abs(_X) ** 3).sum(0) ** (1 / 3)),
    ("fft", lambda: paddle.fft.fft(T(_X), axis=0), lambda: paddle.fft.fft(input=T(_X), dim=0),
     np.fft.fft(_X, axis=0)),
    ("rfft2", lambda: paddle.fft.rfft2(T(_X), axes=(0, 1)), lambda: paddle.fft.rfft2(input=T(_X), dim=(0, 1)),
     np.fft.rfft2(_X, axes=(0, 1))),
    ("fftshift", lambda: paddle.fft.fftshift(T(_X), axes=[1]), lambda: paddle.fft.fftshift(input=T(_X), dim=[1]),
     np.fft.fftshift(_X, axes=[1])),
    ("is_tensor", lambda: paddle.to_tensor(paddle.is_tensor(T(_X))),
     lambda: paddle.to_tensor(paddle.is_tensor(obj=T(_X))), np.array(True)),
    ("is_floating_point", lambda: paddle.to_tensor(paddle.is_floating_point(T(_X))),
     lambda: paddle.to_tensor(paddle.is_floating_point(input=T(_X))), np.array(True)),
    ("full", lambda: paddle.full([2], 3.0), lambda: paddle.full(size=[2], fill_value=3.0), np.full([2], 3.0)),
    ("zeros", lambda: paddle.zeros([2, 1]), lambda: paddle.zeros(size=[2, 1]), np.zeros([2, 1])),
    ("ones_like", lambda: paddle.ones_like(T(_I)), lambda: paddle.ones_like(input=T(_I)), np.ones_like(_I)),
    ("linspace", lambda: paddle.linspace(0, 1, 5), lambda: paddle.linspace(0, end=1, num=5), np.linspace(0, 1, 5)),
    ("layer_norm", lambda: F.layer_norm(T(_X), 3, epsilon=0.5), lambda: F.layer_norm(input=T(_X),
                                                                                     normalized_shape=3, eps=0.5),
     (_X - _X.mean(1, keepdims=True)) / np.sqrt(_X.var(1, keepdims=True) + 0.5)),
    ("group_norm", lambda: F.group_norm(T(_X[None]), 1, epsilon=0.5),
     lambda: F.group_norm(input=T(_X[None]), num_groups=1, eps=0.5),
     ((_X - _X.mean()) / np.sqrt(_X.var() + 0.5))[None]),
    ("normalize", lambda: F.normalize(T(_X), axis=0, epsilon=1e-12),
     lambda: F.normalize(input=T(_X), dim=0, eps=1e-12), _X / np.linalg.norm(_X, axis=0)),
    ("pairwise_distance", lambda: F.pairwise_distance(T(_X), T(_X[::-1].copy()), epsilon=0.0),
     lambda: F.pairwise_distance(T(_X), T(_X[::-1].copy()), eps=0.0), np.linalg.norm(_X - _X[::-1], axis=1)),
    ("cosine_similarity", lambda: F.cosine_similarity(T(_X), T(_X), axis=0),
     lambda: F.cosine_similarity(T(_X), T(_X), dim=0), np.ones(3)),
    ("glu", lambda: F.glu(T(_X[:, :2]), axis=1), lambda: F.glu(input=T(_X[:, :2]), dim=1),
     _X[:, :1] / (1 + np.exp(-_X[:, 1:2]))),
    ("one_hot", lambda: F.one_hot(T([0, 2]), 3), lambda: F.one_hot(input=T([0, 2]), num_classes=3), np.eye(3)[[0, 2]]),
    ("logsigmoid", lambda: F.logsigmoid(T(_X)), lambda: F.logsigmoid(input=T(_X)), -np.log1p(np.exp(-_X))),
    ("pad", lambda: F.pad(T(_X[None]), [1, 0]), lambda: F.pad(input=T(_X[None]), pad=[1, 0]),
     np.pad(_X[None], [(0, 0), (0, 0), (1, 0)])),
    ("cross_entropy", lambda: F.cross_entropy(T(_X), T([0, 2]), reduction="none"),
     lambda: F.cross_entropy(T(_X), target=T([0, 2]), reduction="none"),
     np.log(np.exp(_X).sum(1)) - _X[[0, 1], [0, 2]]),
    ("adaptive_max_pool1d", lambda: F.adaptive_max_pool1d(T(_X[None]), 1, return_mask=True),
     lambda: F.adaptive_max_pool1d(input=T(_X[None]), output_size=1, return_indices=True),
     [_X.max(1)[None, :, None], _X.argmax(1)[None, :, None]]),
    ("adaptive_avg_pool2d", lambda: F.adaptive_avg_pool2d(T(_X[None, None]), 1),
     lambda: paddle.nn.functional.adaptive_avg_pool2d(input=T(_X[None, None]), output_size=1),
     np.full([1, 1, 1, 1], _X.mean())),
    ("conv2d", lambda: F.conv2d(T(_X[None, None]), T(np.ones([1, 1, 2, 2], "float32"))),
     lambda: F.conv2d(input=T(_X[None, None]), weight=T(np.ones([1, 1, 2, 2], "float32"))),
     np.array([[[[15.0, 12.0]]]])),
    ("fold", lambda: F.fold(T(np.ones([1, 4, 1], "float32")), [2, 2], 2),
     lambda: F.fold(input=T(np.ones([1, 4, 1], "float32")), output_sizes=[2, 2], kernel_sizes=2),
     np.ones([1, 1, 2, 2])),
    ("dropout", lambda: F.dropout(T(_X), 0.5, training=False), lambda: F.dropout(input=T(_X), p=0.5,
                                                                                training=False), _X),
    ("embedding", lambda: F.embedding(T([1]), T(_X)), lambda: F.embedding(input=T([1]), weight=T(_X)), _X[[1]]),
]


@pytest.mark.parametrize("name,real,alias,expected", ALIAS_CASES, ids=[c[0] for c in ALIAS_CASES])
def test_each_alias_gives_the_real_names_result(name, real, alias, expected):
    got, want = real(), alias()
    _same(got, want)
    if isinstance(expected, list):
        for g, e in zip(got, expected):
            np.testing.assert_allclose(g.numpy(), e, rtol=1e-5, atol=1e-6)
    else:
        np.testing.assert_allclose(np.asarray(got.numpy()), expected, rtol=1e-5, atol=1e-6)


def test_aliases_flow_into_the_in_place_variants():
    a = T([12, 18])
    assert paddle.gcd_(input=a, other=T([8, 27])) is a and a.tolist() == [4, 9]
    x = T([1.0, 2.0, 3.0])
    x.cumsum_(dim=0)
    assert x.tolist() == [1.0, 3.0, 6.0]


# ---- out= ----


def test_out_receives_the_values_and_is_returned():
    x = T(_X)
    out = paddle.zeros([2, 3])
    view = out[1]
    assert paddle.cumsum(x, axis=1, out=out) is out
    np.testing.assert_array_equal(out.numpy(), np.cumsum(_X, 1))
    np.testing.assert_array_equal(view.numpy(), np.cumsum(_X, 1)[1])  # written into out's own memory
    other = paddle.zeros([5])  # another shape: out takes the result's
    paddle.cumsum(x, out=other)
    assert other.shape == [6] and other.tolist() == np.cumsum(_X).tolist()
    assert x.cumsum(dim=0, out=out) is out and out.tolist() == np.cumsum(_X, 0).tolist()  # a Tensor method


def test_out_of_a_multi_output_function_and_of_positional_out_parameters():
    x = T(_X)
    values, indices = paddle.zeros([2]), paddle.zeros([2], dtype="int64")
    got = paddle.median(x, axis=1, mode="min", out=(values, indices))
    assert got[0] is values and got[1] is indices
    assert values.tolist() == [2.0, 5.0] and indices.tolist() == [2, 1]
    # Paddle takes these positionally: prod(x, axis, keepdim, dtype, out), gather(x, index, axis, name, out), ...
    out = paddle.zeros([3])
    assert paddle.prod(x, 0, False, None, out) is out and out.tolist() == np.prod(_X, 0).tolist()
    out = paddle.zeros([1, 3])
    assert paddle.gather(x, T([1]), 0, None, out) is out and out.tolist() == _X[[1]].tolist()
    out = paddle.zeros([2])
    paddle.linalg.norm(x, 1, 1, False, out)
    assert out.tolist() == np.abs(_X).sum(1).tolist()
    out = paddle.zeros([2, 3])
    F.normalize(x, 2, 1, 1e-12, out)
    np.testing.assert_allclose(out.numpy(), _X / np.linalg.norm(_X, axis=1, keepdims=True), rtol=1e-6)
    out = paddle.zeros([2], dtype="int64")
    paddle.bitwise_left_shift(T([-3, 5]), T([2, 1]), out=out)
    assert out.tolist() == [-12, 10]
    out = paddle.zeros([2], dtype="bool")
    paddle.logical_xor(T([True, False]), T([True, True]), out=out)
    assert out.tolist() == [False, True]


def test_out_of_creation_functions_and_its_gradient():
    out = paddle.ones([2, 2])
    assert paddle.zeros([2, 2], out=out) is out and out.tolist() == [[0.0, 0.0], [0.0, 0.0]]
    out = paddle.zeros([4], dtype="int64")
    paddle.arange(4, out=out)
    assert out.tolist() == [0, 1, 2, 3]
    x = T([1.0, 2.0, 3.0], stop_gradient=False)
    out = paddle.zeros([3])
    paddle.cumsum(x * 2, out=out)  # out joins the graph as the result
    out.sum().backward()
    assert x.grad.tolist() == [6.0, 4.0, 2.0]
    leaf = paddle.zeros([3])
    leaf.stop_gradient = False
    with pytest.raises(ValueError, match="requires grad"):
        paddle.cumsum(T([1.0, 2.0, 3.0]), out=leaf)


# ---- creation options ----


def test_creation_options_place_and_require_grad():
    for make in (lambda **kw: paddle.zeros([2], **kw), lambda **kw: paddle.full([2], 1.5, **kw),
                 lambda **kw: paddle.arange(3, **kw), lambda **kw: paddle.eye(2, **kw),
                 lambda **kw: paddle.rand([2], **kw), lambda **kw: paddle.randperm(3, **kw),
                 lambda **kw: paddle.linspace(0, 1, 3, **kw), lambda **kw: paddle.uniform([2], **kw),
                 lambda **kw: paddle.fft.fftfreq(4, **kw), lambda **kw: paddle.range(0, 2, **kw),
                 lambda **kw: paddle.ones_like(T([1, 2]), **kw), lambda **kw: paddle.randn_like(T([1.0]), **kw),
                 lambda **kw: T([1, 2]).new_full([2], 3, **kw), lambda **kw: T([1.0]).new_zeros(2, 3, **kw)):
        plain = make()
        assert plain.stop_gradient is True
        made = make(device="cpu", requires_grad=True)
        assert made.place.is_cpu_place() and made.stop_gradient is False
        assert make(device=paddle.CPUPlace()).place.is_cpu_place()
    np.testing.assert_allclose(paddle.fft.rfftfreq(5, d=0.5, requires_grad=True).numpy(), np.fft.rfftfreq(5, 0.5))
    with pytest.raises(TypeError, match=r"\[zeros\] argument 'device'"):
        paddle.zeros([2], device=3)
    with pytest.raises(TypeError, match="pin_memory"):  # Paddle's fftfreq has no pin_memory
        paddle.fft.fftfreq(4, pin_memory=True)


@pytest.mark.skipif(paddle.device.cuda.device_count() > 0, reason="the CPU-only behaviour")
def test_pin_memory_needs_cuda_as_in_paddles_cpu_build():
    with pytest.raises(RuntimeError, match="page-locked memory needs a CUDA GPU"):
        paddle.zeros([2], pin_memory=True)


def test_shape_as_ints_one_by_one():
    assert paddle.zeros(2, 3).shape == [2, 3] and paddle.ones(4).shape == [4]
    assert paddle.empty(2, 1, 3).shape == [2, 1, 3] and paddle.randn(2, 2).shape == [2, 2]
    assert paddle.zeros(2, dtype="int32").dtype == paddle.int32
    assert paddle.full(2, 3).tolist() == [3.0, 3.0]  # full's second argument is the value


def test_uniform_defaults_to_zero_one():
    paddle.seed(7)
    values = paddle.uniform([20000]).numpy()
    assert values.min() >= 0.0 and values.max() < 1.0 and abs(values.mean() - 0.5) < 0.02


# ---- the parameters with meaning Paddle 3.3 added ----


def _np_renorm(w, ids, max_norm, p):
    w = w.copy()
    for i in np.unique(ids):
        norm = np.linalg.norm(w[i], ord=p)
        if norm > max_norm:
            w[i] *= max_norm / (norm + 1e-7)
    return w


@pytest.mark.parametrize("norm_type", [2.0, 1.0, math.inf])
def test_embedding_max_norm_renormalizes_the_rows_looked_up_in_place(norm_type):
    table = np.array([[3.0, 4.0], [0.3, 0.4], [6.0, 8.0], [1.0, 1.0]], dtype="float32")
    ids = np.array([[0, 2], [1, 0]])
    w = T(table)
    y = F.embedding(T(ids), w, max_norm=2.0, norm_type=norm_type)
    expected = _np_renorm(table, ids, 2.0, norm_type)
    np.testing.assert_allclose(w.numpy(), expected, rtol=1e-6)  # row 3 untouched: not looked up
    np.testing.assert_allclose(y.numpy(), expected[ids], rtol=1e-6)
    layer = paddle.nn.Embedding(4, 2, max_norm=2.0, norm_type=norm_type, _weight=T(table))
    np.testing.assert_allclose(layer(T(ids)).numpy(), expected[ids], rtol=1e-6)
    np.testing.assert_allclose(layer.weight.numpy(), expected, rtol=1e-6)


def test_embedding_scale_grad_by_freq_divides_by_the_counts():
    table = np.arange(8, dtype="float32").reshape(4, 2)
    ids = np.array([0, 0, 0, 1, 2])
    upstream = np.arange(10, dtype="float32").reshape(5, 2)
    for padding_idx in (None, 1):
        w = T(table, stop_gradient=False)
        (F.embedding(T(ids), w, padding_idx=padding_idx, scale_grad_by_freq=True) * T(upstream)).sum().backward()
        expected = np.zeros_like(table)
        counts = np.bincount(ids, minlength=4)
        for position, i in enumerate(ids):
            if i != padding_idx:
                expected[i] += upstream[position] / counts[i]
        np.testing.assert_allclose(w.grad.numpy(), expected, rtol=1e-6)


def test_embedding_layer_weight_freeze_dtype_and_padding_row():
    table = np.array([[3.0, 4.0], [0.3, 0.4], [6.0, 8.0]], dtype="float64")
    layer = paddle.nn.Embedding(3, 2, padding_idx=1, _weight=T(table))
    assert layer.weight.dtype == paddle.float64 and len(layer.parameters()) == 1
    np.testing.assert_array_equal(layer.weight.numpy(), [[3.0, 4.0], [0.0, 0.0], [6.0, 8.0]])  # as Paddle
    frozen = paddle.nn.Embedding(3, 2, _freeze=True)
    assert frozen.weight.stop_gradient and not frozen.weight.trainable
    assert paddle.nn.Embedding(3, 2, dtype="float64").weight.dtype == paddle.float64
    assert repr(paddle.nn.Embedding(3, 2, scale_grad_by_freq=True)) == \
        "Embedding(3, 2, sparse=False, scale_grad_by_freq=True)"
    with pytest.raises(ValueError, match=r"\[Embedding\] argument '_weight'"):
        paddle.nn.Embedding(4, 2, _weight=T(table))


def test_one_hot_infers_the_class_count():
    labels = np.array([[1, 4], [0, 2]])
    np.testing.assert_array_equal(F.one_hot(T(labels)).numpy(), np.eye(5)[labels])
    np.testing.assert_array_equal(F.one_hot(T(labels), num_classes=-1).numpy(), np.eye(5)[labels])


def test_rms_norm_takes_input_and_defaults_eps_to_1e_5():
    x = np.random.default_rng(0).standard_normal((3, 4))
    want = x / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(F.rms_norm(input=T(x), normalized_shape=[4]).numpy(), want, rtol=1e-10)


def test_where_with_condition_alone_or_numbers():
    c = np.array([[1, 0], [0, 3]])
    got = paddle.where(T(c))
    assert isinstance(got, tuple) and [g.tolist() for g in got] == [list(v) for v in np.nonzero(c)]
    cond = T([True, False, True])
    assert paddle.where(cond, 1.0, 2.0).tolist() == [1.0, 2.0, 1.0]
    assert paddle.where(cond, 1, 2).dtype == paddle.int64
    assert paddle.where(cond, T([1, 2, 3], dtype="int32"), 0).dtype == paddle.int32
    assert paddle.where(cond, input=T([1.0, 2.0, 3.0]), other=T([0.0, 0.0, 0.0])).tolist() == [1.0, 0.0, 3.0]
    assert cond.where(T([1.0, 2.0, 3.0]), T([0.0, 0.0, 0.0])).tolist() == [1.0, 0.0, 3.0]


def test_dropout_inplace():
    paddle.seed(3)
    x = paddle.ones([2, 8])
    view = x[0]
    y = F.dropout(x, 0.5, inplace=True)
    assert y is x and set(x.numpy().ravel().tolist()) <= {0.0, 2.0}
    np.testing.assert_array_equal(view.numpy(), x.numpy()[0])
    leaf = T([1.0, 2.0, 3.0, 4.0], stop_gradient=False)
    hidden = leaf * 2
    F.dropout(hidden, 0.5, inplace=True).sum().backward()  # the gradient flows through the update
    np.testing.assert_array_equal(leaf.grad.numpy(), np.where(hidden.numpy() != 0, 4.0, 0.0))
    with pytest.raises(Exception, match="leaf"):
        F.dropout(T([1.0, 2.0], stop_gradient=False), 0.5, inplace=True)
    layer = paddle.nn.Dropout(0.5, True)  # Paddle 3.3's second positional is inplace
    assert layer.inplace and repr(layer) == "Dropout(p=0.5, axis=None, mode=upscale_in_train, inplace=True)"
    x = paddle.ones([6])
    assert layer(x) is x


def _np_aa_weights(n_in, n_out, cubic):
    """Antialiased resize weights written out per output pixel: a triangle (or Keys a=-0.5 cubic) widened
    by the shrink factor, normalized."""
    scale = n_in / n_out
    support = (2.0 if cubic else 1.0) * max(scale, 1.0)
    out = np.zeros((n_out, n_in))
    for i in range(n_out):
        center = scale * (i + 0.5)
        for j in range(max(int(center - support + 0.5), 0), min(int(center + support + 0.5), n_in)):
            t = abs((j - center + 0.5) / max(scale, 1.0))
            if cubic:
                a = -0.5
                w = ((a + 2) * t - (a + 3)) * t * t + 1 if t < 1 else (((a * t - 5 * a) * t + 8 * a) * t - 4 * a
                                                                     if t < 2 else 0.0)
            else:
                w = max(0.0, 1.0 - t)
            out[i, j] = w
        out[i] /= out[i].sum()
    return out


@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
@pytest.mark.parametrize("size", [[3, 3], [4, 6], [11, 5]])
def test_interpolate_antialias(mode, size):
    x = np.random.default_rng(1).standard_normal((2, 3, 8, 7))
    got = F.interpolate(T(x), size=size, mode=mode, antialias=True).numpy()
    rows, cols = _np_aa_weights(8, size[0], mode == "bicubic"), _np_aa_weights(7, size[1], mode == "bicubic")
    np.testing.assert_allclose(got, np.einsum("ih,nchw,jw->ncij", rows, x, cols), rtol=1e-10, atol=1e-12)
    channels_last = F.interpolate(T(x.transpose(0, 2, 3, 1)), size=size, mode=mode, antialias=True,
                                  data_format="NHWC").numpy()
    np.testing.assert_allclose(channels_last.transpose(0, 3, 1, 2), got, rtol=1e-10, atol=1e-12)


def test_interpolate_antialias_hand_computed_and_refused_modes():
    # 8 -> 3: output 0 averages inputs 0..3 with triangle weights 0.6875, 0.9375, 0.5625, 0.1875 (sum 2.375)
    x = T(np.arange(64, dtype="float32").reshape(1, 1, 8, 8))
    y = F.interpolate(x, size=[3, 3], mode="bilinear", antialias=True)
    assert abs(float(y[0, 0, 0, 0]) - 9 * 2.625 / 2.375) < 1e-5
    with pytest.raises(ValueError, match="antialias"):
        F.interpolate(x, size=[3, 3], mode="nearest", antialias=True)


def test_upsample_recompute_scale_factor():
    x = T(np.arange(6, dtype="float32").reshape(1, 1, 2, 3))
    layer = paddle.nn.Upsample(scale_factor=1.7, mode="bilinear", recompute_scale_factor=True)
    want = F.interpolate(x, size=[3, 5], mode="bilinear")  # the factor's sizes, interpolated by those sizes
    np.testing.assert_allclose(layer(x).numpy(), want.numpy(), rtol=1e-6)


def test_smooth_l1_loss_is_huber():
    d = np.array([0.1, 1.5, -3.0, 0.6], dtype="float32")
    for delta in (0.5, 1.0, 2.0):
        huber = np.where(np.abs(d) < delta, 0.5 * d * d, delta * (np.abs(d) - 0.5 * delta))
        got = F.smooth_l1_loss(T(d), paddle.zeros([4]), reduction="none", delta=delta, is_huber=False)
        np.testing.assert_allclose(got.numpy(), huber / delta, rtol=1e-6)
        np.testing.assert_allclose(F.smooth_l1_loss(T(d), paddle.zeros([4]), "none", delta).numpy(), huber, rtol=1e-6)
    layer = paddle.nn.SmoothL1Loss(reduction="sum", delta=0.5, is_huber=False)
    assert abs(float(layer(T(d), paddle.zeros([4]))) - (0.01 + 1.25 + 2.75 + 0.35)) < 1e-5


def test_ctc_loss_of_an_impossible_alignment_is_zero():
    """[1, 1, 2] needs 4 steps (a blank between the repeated 1s) but has 3: Paddle's loss and gradient are 0."""
    log_probs = T(np.random.default_rng(0).standard_normal((3, 2, 4)).astype("float32"), stop_gradient=False)
    labels = T([[1, 1, 2], [1, 2, 0]], dtype="int32")
    lengths, label_lengths = T([3, 3]), T([3, 2])
    for zero_infinity in (False, True):
        loss = F.ctc_loss(log_probs, labels, lengths, label_lengths, reduction="none", zero_infinity=zero_infinity)
        assert loss[0].item() == 0.0 and loss[1].item() > 0
        loss.sum().backward()
        assert not log_probs.grad.numpy()[:, 0].any() and log_probs.grad.numpy()[:, 1].any()
        log_probs.clear_grad()
    layer = paddle.nn.CTCLoss(zero_infinity=True)
    assert float(layer(log_probs, labels, lengths, label_lengths)) == pytest.approx(float(loss[1]) / 2 / 2)


def test_conv_layers_bias_dtype_device():
    conv = paddle.nn.Conv2D(2, 4, 3, bias=False, dtype="float64", device="cpu")
    assert conv.bias is None and conv.weight.dtype == paddle.float64
    x = np.random.default_rng(0).standard_normal((1, 2, 5, 5))
    np.testing.assert_allclose(conv(T(x)).numpy(), F.conv2d(T(x), conv.weight).numpy())
    assert paddle.nn.Conv1d(2, 4, 3, bias=False).bias is None
    assert paddle.nn.Conv3D(1, 1, 1).bias is not None


def test_transposed_convolutions_take_paddles_positional_order():
    x, w = T(np.ones([1, 2, 3, 3], "float32")), T(np.ones([2, 1, 2, 2], "float32"))
    # F.conv2d_transpose(x, weight, bias, stride, padding, output_padding, dilation, groups)
    positional = F.conv2d_transpose(x, w, None, 1, 0, 0, 2, 2)
    np.testing.assert_array_equal(positional.numpy(), F.conv2d_transpose(x, w, dilation=2, groups=2).numpy())
    assert positional.shape == [1, 2, 5, 5]
    # conv1d_transpose and conv3d_transpose put groups first
    x1, w1 = T(np.ones([1, 2, 3], "float32")), T(np.ones([2, 1, 2], "float32"))
    np.testing.assert_array_equal(F.conv1d_transpose(x1, w1, None, 1, 0, 0, 2, 2).numpy(),
                                  F.conv1d_transpose(x1, w1, groups=2, dilation=2).numpy())
    layer = paddle.nn.Conv3DTranspose(2, 2, 2, 1, 0, 0, 2, 1)  # (..., output_padding, dilation, groups)
    assert layer._dilation == [2, 2, 2] and layer._groups == 1
    layer = paddle.nn.Conv1DTranspose(2, 2, 2, 1, 0, 0, 2, 1)  # (..., output_padding, groups, dilation)
    assert layer._groups == 2 and layer._dilation == [1]


def test_group_norm_affine_and_layer_norm_elementwise_affine():
    x = np.random.default_rng(2).standard_normal((2, 4, 3))
    grouped = x.reshape(2, 2, 6)
    want = ((grouped - grouped.mean(-1, keepdims=True)) / np.sqrt(grouped.var(-1, keepdims=True) + 1e-5))
    layer = paddle.nn.GroupNorm(2, 4, affine=False, dtype="float64")
    assert layer.weight is None and layer.bias is None and not layer.parameters()
    np.testing.assert_allclose(layer(T(x)).numpy(), want.reshape(2, 4, 3), rtol=1e-10)
    norm = paddle.nn.LayerNorm(3, elementwise_affine=False, dtype="float64")
    assert norm.weight is None and norm.bias is None
    np.testing.assert_allclose(norm(T(x)).numpy(), (x - x.mean(-1, keepdims=True)) /
                               np.sqrt(x.var(-1, keepdims=True) + 1e-5), rtol=1e-10)
    no_bias = paddle.nn.LayerNorm(3, bias=False)
    assert no_bias.bias is None and no_bias.weight.shape == [3]


def _np_attention(q, k, v, scale, causal=False):
    group = q.shape[2] // k.shape[2]
    k, v = np.repeat(k, group, axis=2), np.repeat(v, group, axis=2)
    s = np.einsum("bqhd,bkhd->bhqk", q, k) * scale
    if causal:
        lq, lk = s.shape[-2:]
        s = np.where(np.tril(np.ones((lq, lk)), lk - lq).astype(bool), s, -np.inf)
    p = np.exp(s - s.max(-1, keepdims=True))
    return np.einsum("bhqk,bkhd->bqhd", p / p.sum(-1, keepdims=True), v)


def test_scaled_dot_product_attention_scale_and_grouped_query_heads():
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal(s) for s in ((2, 5, 4, 8), (2, 5, 2, 8), (2, 5, 2, 8)))
    for kwargs in (dict(scale=0.3), dict(), dict(is_causal=True, scale=0.5)):
        got = F.scaled_dot_product_attention(T(q), T(k), T(v), **kwargs).numpy()
        want = _np_attention(q, k, v, kwargs.get("scale", 1 / math.sqrt(8)), kwargs.get("is_causal", False))
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-9)
    masked = F.scaled_dot_product_attention(T(q), T(k), T(v), attn_mask=T(np.zeros((2, 4, 5, 5))), scale=0.3)
    np.testing.assert_allclose(masked.numpy(), _np_attention(q, k, v, 0.3), rtol=1e-6, atol=1e-9)
    no_batch = F.scaled_dot_product_attention(T(q[0]), T(k[0]), T(v[0]), scale=0.3)
    np.testing.assert_allclose(no_batch.numpy(), _np_attention(q, k, v, 0.3)[0], rtol=1e-6, atol=1e-9)
    with pytest.raises(ValueError, match="enable_gqa"):
        F.scaled_dot_product_attention(T(q), T(k), T(v), enable_gqa=False)
    with pytest.raises(NotImplementedError, match="backend"):
        F.scaled_dot_product_attention(T(q), T(q), T(q), backend="p2p")


def test_smaller_additions():
    x = T(_X)
    assert paddle.repeat_interleave(T([1, 2, 3]), 2, output_size=6).tolist() == [1, 1, 2, 2, 3, 3]
    with pytest.raises(ValueError, match="output_size"):
        paddle.repeat_interleave(T([1, 2, 3]), 2, output_size=5)
    assert paddle.unique(T([3, 1, 3, 2]), sorted=False).tolist() == [1, 2, 3]
    assert x.repeat(repeats=[2, 1]).shape == [4, 3] and x.repeat(2, 1).shape == [4, 3]
    assert x.is_same_shape(y=paddle.ones([2, 3]))
    assert paddle.linalg.norm(T([[1, 2], [3, 4]]), dtype="float64").dtype == paddle.float64
    assert paddle.argwhere(input=T(_I)).tolist() == np.argwhere(_I).tolist()
    assert paddle.view_as_real(input=T(np.array([1 + 2j], "complex64"))).tolist() == [[1.0, 2.0]]
    assert paddle.device.get_device(input=x) == -1 and paddle.device.get_device() == "cpu"
    with paddle.autocast("cpu", dtype="bfloat16"):
        assert paddle.matmul(x, x.T).dtype == paddle.bfloat16
    with paddle.autocast(device_type="cpu", enabled=False):
        assert paddle.matmul(x, x.T).dtype == paddle.float32
    loader = paddle.io.DataLoader(paddle.io.TensorDataset([x]), reader_buffer_size=4)
    assert loader.reader_buffer_size == 4
    assert paddle.sparse.reshape(input=paddle.sparse.sparse_coo_tensor(T([[0]]), T([1.0]), [2]),
                                 shape=[1, 2]).shape == [1, 2]


def test_adamw_use_lowprecision_moment():
    linear = paddle.nn.Linear(2, 2)
    opt = paddle.optimizer.AdamW(0.1, parameters=linear.parameters(), use_lowprecision_moment=True)
    linear(paddle.ones([1, 2])).sum().backward()
    opt.step()  # float32 parameters: the moments are float32 either way
    half = paddle.create_parameter([2], "float16")
    opt = paddle.optimizer.AdamW(parameters=[half], use_lowprecision_moment=True, multi_precision=True)
    (half.astype("float32") * 2).sum().backward()
    with pytest.raises(NotImplementedError, match="use_lowprecision_moment"):
        opt.step()


# ---- every Python-defined function takes Paddle's parameter names and aliases ----

# What Paddle takes that ours does not, and why.
ALLOWED_MISSING = {
    # Paddle builds it from its legacy programs and persistable variables; here from the captured PIR
    # program that paddle.jit.load reads (a constructor users do not call).
    "paddle.jit.TranslatedLayer": {"programs", "persistable_vars"},
}


def _ours(qualified: str):
    module, name = qualified.rsplit(".", 1)
    owner = paddle.Tensor if module == "paddle.Tensor" else importlib.import_module(module)
    return getattr(owner, name, None)


def test_every_python_defined_function_takes_paddles_parameters_and_aliases():
    signatures = load_signatures()
    checked, missing = 0, {}
    for qualified, entry in sorted(signatures.items()):
        target = _ours(qualified)
        if not (inspect.isfunction(target) or inspect.isclass(target)):
            continue  # generated ops are checked with the code generator
        try:
            params = inspect.signature(target.__init__ if inspect.isclass(target) else target).parameters
        except (TypeError, ValueError):
            continue
        if any(p.kind == inspect.Parameter.VAR_KEYWORD for p in params.values()):
            continue  # takes any keyword
        wanted = {name for name, kind, _ in entry["params"]
                  if kind not in ("VAR_POSITIONAL", "VAR_KEYWORD") and name != "name"}
        wanted |= set(entry.get("aliases", ()))
        if qualified.startswith("paddle.Tensor."):
            wanted -= {"x"}  # Paddle's x of a method is the tensor itself, self here
        lacking = wanted - set(params) - ALLOWED_MISSING.get(qualified, set())
        if lacking:
            missing[qualified] = sorted(lacking)
        checked += 1
    assert checked > 1000, f"only {checked} functions compared: the JSON or the import went wrong"
    assert not missing, missing


# Where our positional parameters differ from Paddle's, and why.
ALLOWED_ORDER = {
    # Paddle's swapaxes is its transpose(x, perm, name), whose decorator reads swapaxes(x, 0, 2) as the two
    # axes; ours names that second axis dim1, so the same calls mean the same.
    "paddle.swapaxes", "paddle.swapdims", "paddle.Tensor.swapaxes", "paddle.Tensor.swapdims",
    "paddle.jit.TranslatedLayer",  # see ALLOWED_MISSING
    # An in-place variant shows its function's signature, and bitwise_invert takes out positionally
    # (x, out, name); Paddle's bitwise_invert_ shows (x, name). (Its bitwise_left_shift_ keeps the out.)
    "paddle.bitwise_invert_", "paddle.Tensor.bitwise_invert_",
}


def test_positional_parameters_come_in_paddles_order():
    """The conv*_transpose functions and classes, Dropout, Embedding, AdamW, DataLoader...: a call that
    passes arguments by position means the same here as in Paddle (where one list is longer, the other
    is its start)."""
    signatures = load_signatures()
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    checked, differing = 0, {}
    for qualified, entry in sorted(signatures.items()):
        target = _ours(qualified)
        if not (inspect.isfunction(target) or inspect.isclass(target)) or qualified in ALLOWED_ORDER:
            continue
        try:
            params = inspect.signature(target.__init__ if inspect.isclass(target) else target).parameters
        except (TypeError, ValueError):
            continue
        if any(p.kind == inspect.Parameter.VAR_KEYWORD for p in params.values()):
            continue
        ours = [p.name for p in params.values() if p.kind in positional]
        if inspect.isclass(target) or qualified.startswith("paddle.Tensor."):
            ours = ours[1:]  # self (the JSON leaves it out)
        theirs = [name for name, kind, _ in entry["params"] if kind in ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD")]
        if ours[:len(theirs)] != theirs[:len(ours)]:
            differing[qualified] = (theirs, ours)
        checked += 1
    assert checked > 1000, f"only {checked} functions compared"
    assert not differing, differing
