"""paddle.sparse.nn against dense NumPy computations: sparse and submanifold
convolutions against a dense convolution evaluated at the sites, max pooling
against loops over the windows, the activations and softmax over the stored
values, sparse attention, the layers (parameters, printed form, batch norm
statistics), gradients by finite differences in float64, and the argument
errors."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from gradcheck import check_grads, check_layer_grads

import paddle
import paddle.sparse as S
import paddle.sparse.nn.functional as F


def _sites(rng, shape, count):
    """`count` distinct random coordinates [len(shape), count] in a grid of `shape`, sorted."""
    keys = np.sort(rng.choice(int(np.prod(shape)), count, replace=False))
    return np.array(np.unravel_index(keys, shape))


def _sparse_input(rng, spatial, channels, count, dtype="float64"):
    """A COO tensor [2, *spatial, channels] with `count` stored sites (sparse_dim 1 + len(spatial))."""
    shape = [2, *spatial]
    indices = _sites(rng, shape, count)
    values = rng.standard_normal((count, channels)).astype(dtype)
    return S.sparse_coo_tensor(indices, values, [*shape, channels]), indices


def _dense_conv(x, w, stride, pads, dilation):
    """Cross-correlation of x [N, *S, C_in] with w [*K, C_in, C_out] (a loop over the kernel offsets)."""
    kernel = w.shape[:-2]
    padded = np.pad(x, [(0, 0), *pads, (0, 0)])
    out_size = [(padded.shape[1 + i] - dilation[i] * (k - 1) - 1) // stride[i] + 1 for i, k in enumerate(kernel)]
    out = np.zeros((x.shape[0], *out_size, w.shape[-1]))
    for offset in itertools.product(*(range(k) for k in kernel)):
        window = tuple(slice(o * d, o * d + s * (n - 1) + 1, s)
                       for o, d, s, n in zip(offset, dilation, stride, out_size))
        out += padded[(slice(None), *window)] @ w[offset]
    return out


def _occupancy(indices, shape):
    occupied = np.zeros((*shape[:-1], 1))
    occupied[tuple(indices)] = 1.0
    return occupied


CONV3D_CASES = [  # stride, padding, dilation
    (1, 0, 1),
    (1, 1, 1),
    (2, 1, 1),
    ([1, 2, 1], [0, 1, 2], [1, 1, 2]),
    (1, [0, 1, 1, 0, 2, 1], 1),
    (2, [[0, 0], [1, 0], [0, 1], [1, 1], [0, 0]], 1),
    (2, "SAME", 1),
    (1, "valid", 2),
]


def _pads(padding, spatial, kernel, stride, dilation):
    """The (before, after) pads the cases above mean, written out independently."""
    dims = len(spatial)
    stride, dilation = [stride] * dims if isinstance(stride, int) else stride, \
        [dilation] * dims if isinstance(dilation, int) else dilation
    if isinstance(padding, str):
        if padding.upper() == "VALID":
            return [(0, 0)] * dims
        pads = []
        for n, k, s, d in zip(spatial, kernel, stride, dilation):
            total = max((int(np.ceil(n / s)) - 1) * s + d * (k - 1) + 1 - n, 0)
            pads.append((total // 2, total - total // 2))
        return pads
    if isinstance(padding, int):
        return [(padding, padding)] * dims
    if isinstance(padding[0], list):
        return [tuple(p) for p in padding[1:-1]]
    if len(padding) == dims:
        return [(p, p) for p in padding]
    return list(zip(padding[0::2], padding[1::2]))


@pytest.mark.parametrize("stride, padding, dilation", CONV3D_CASES)
def test_conv3d_matches_the_dense_convolution_at_the_reached_sites(stride, padding, dilation):
    rng = np.random.default_rng(0)
    spatial, kernel = [4, 5, 6], [3, 2, 3]
    x, indices = _sparse_input(rng, spatial, 3, 12)
    w, b = rng.standard_normal((*kernel, 3, 4)), rng.standard_normal(4)
    out = F.conv3d(x, paddle.to_tensor(w), paddle.to_tensor(b), stride, padding, dilation)
    strides = [stride] * 3 if isinstance(stride, int) else stride
    dilations = [dilation] * 3 if isinstance(dilation, int) else dilation
    pads = _pads(padding, spatial, kernel, stride, dilation)
    expected = _dense_conv(x.to_dense().numpy(), w, strides, pads, dilations)
    reached = _dense_conv(_occupancy(indices, x.shape), np.ones((*kernel, 1, 1)), strides, pads, dilations)[..., 0] > 0
    assert out.shape == list(expected.shape) and out.sparse_dim() == 4 and out.is_coalesced()
    np.testing.assert_array_equal(out.indices().numpy(), np.array(np.nonzero(reached)))
    np.testing.assert_allclose(out.values().numpy(), expected[reached] + b, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("stride, padding, dilation", [(1, 1, 1), (2, [1, 0], 1), (1, 0, 2), (1, "same", 1)])
def test_conv2d_matches_the_dense_convolution(stride, padding, dilation):
    rng = np.random.default_rng(1)
    spatial, kernel = [5, 6], [3, 3]
    x, indices = _sparse_input(rng, spatial, 2, 9)
    w = rng.standard_normal((*kernel, 2, 3))
    out = F.conv2d(x, paddle.to_tensor(w), None, stride, padding, dilation)
    strides, dilations = [stride] * 2, [dilation] * 2
    pads = _pads(padding, spatial, kernel, stride, dilation)
    expected = _dense_conv(x.to_dense().numpy(), w, strides, pads, dilations)
    reached = _dense_conv(_occupancy(indices, x.shape), np.ones((*kernel, 1, 1)), strides, pads, dilations)[..., 0] > 0
    np.testing.assert_array_equal(out.indices().numpy(), np.array(np.nonzero(reached)))
    np.testing.assert_allclose(out.values().numpy(), expected[reached], rtol=1e-10, atol=1e-10)


def _submanifold_reference(x, indices, w, dilation):
    """out[o] = sum_k x[o + (k - K // 2) * dilation] @ w[k] at the input sites: a dense stride-1
    convolution padded by K // 2 taps before and the rest after."""
    kernel = w.shape[:-2]
    pads = [((k // 2) * d, (k - 1 - k // 2) * d) for k, d in zip(kernel, dilation)]
    return _dense_conv(x, w, [1] * len(kernel), pads, dilation)[tuple(indices)]


@pytest.mark.parametrize("function", ["subm_conv3d", "subm_conv3d_igemm"])
@pytest.mark.parametrize("kernel, dilation", [([3, 3, 3], [1, 1, 1]), ([2, 3, 1], [1, 2, 1])])
def test_subm_conv3d_keeps_the_input_sites(function, kernel, dilation):
    rng = np.random.default_rng(2)
    x, indices = _sparse_input(rng, [4, 5, 6], 3, 20)
    w, b = rng.standard_normal((*kernel, 3, 2)), rng.standard_normal(2)
    out = getattr(F, function)(x, paddle.to_tensor(w), paddle.to_tensor(b), dilation=dilation)
    assert out.shape == [*x.shape[:-1], 2]
    np.testing.assert_array_equal(out.indices().numpy(), indices)
    expected = _submanifold_reference(x.to_dense().numpy(), indices, w, dilation) + b
    np.testing.assert_allclose(out.values().numpy(), expected, rtol=1e-10, atol=1e-10)
    # As in Paddle, stride and padding do not change a submanifold convolution.
    again = getattr(F, function)(x, paddle.to_tensor(w), paddle.to_tensor(b), stride=2, padding=1, dilation=dilation)
    np.testing.assert_array_equal(again.values().numpy(), out.values().numpy())


@pytest.mark.parametrize("function", ["subm_conv2d", "subm_conv2d_igemm"])
def test_subm_conv2d(function):
    rng = np.random.default_rng(3)
    x, indices = _sparse_input(rng, [5, 6], 2, 10)
    w = rng.standard_normal((3, 3, 2, 4))
    out = getattr(F, function)(x, paddle.to_tensor(w))
    np.testing.assert_array_equal(out.indices().numpy(), indices)
    expected = _submanifold_reference(x.to_dense().numpy(), indices, w, [1, 1])
    np.testing.assert_allclose(out.values().numpy(), expected, rtol=1e-10, atol=1e-10)


def test_subm_conv_sums_duplicate_input_sites_first():
    x = S.sparse_coo_tensor([[0, 0, 0], [0, 1, 0], [1, 0, 1]], [[1.0], [2.0], [4.0]], [1, 2, 2, 1])
    out = F.subm_conv2d(x, paddle.ones([1, 1, 1, 1]))
    np.testing.assert_array_equal(out.indices().numpy(), [[0, 0], [0, 1], [1, 0]])
    np.testing.assert_array_equal(out.values().numpy().ravel(), [5.0, 2.0])


@pytest.mark.parametrize("function", ["conv3d", "subm_conv3d"])
def test_conv3d_gradients(function):
    rng = np.random.default_rng(4)
    indices = paddle.to_tensor(_sites(rng, [1, 3, 3, 3], 5))

    def fn(values, weight, bias):
        x = S.sparse_coo_tensor(indices, values, [1, 3, 3, 3, 2], stop_gradient=False)
        return getattr(F, function)(x, weight, bias, padding=1).values()

    check_grads(fn, [rng.standard_normal((5, 2)), rng.standard_normal((2, 2, 2, 2, 2)), rng.standard_normal(2)], rng)


def _max_pool_reference(x, indices, kernel, stride, pads, out_size):
    """For each output position: the channel-wise max over the stored sites in its window."""
    dense = x.to_dense().numpy()
    sites = {tuple(c) for c in indices.T}
    out_sites, out_values = [], []
    for position in itertools.product(range(x.shape[0]), *(range(n) for n in out_size)):
        batch, corner = position[0], position[1:]
        window = [(batch, *(c * s - p[0] + k for c, s, p, k in zip(corner, stride, pads, offset)))
                  for offset in itertools.product(*(range(k) for k in kernel))]
        stored = [site for site in window if site in sites]
        if stored:
            out_sites.append(position)
            out_values.append(np.max([dense[site] for site in stored], axis=0))
    return np.array(out_sites).T, np.array(out_values)


@pytest.mark.parametrize("kernel, stride, padding, ceil_mode", [(2, None, 0, False), ([2, 3, 2], 1, 1, False),
                                                                (2, 2, 0, True), (3, 2, [1, 0, 1], False)])
def test_max_pool3d_takes_the_largest_stored_value(kernel, stride, padding, ceil_mode):
    rng = np.random.default_rng(5)
    spatial = [3, 5, 4]
    x, indices = _sparse_input(rng, spatial, 3, 15)
    out = F.max_pool3d(x, kernel, stride, padding, ceil_mode)
    kernels = [kernel] * 3 if isinstance(kernel, int) else kernel
    strides = kernels if stride is None else [stride] * 3 if isinstance(stride, int) else stride
    pads = _pads(padding, spatial, kernels, strides, 1)
    sizes = []
    for n, k, s, p in zip(spatial, kernels, strides, pads):
        span = n + p[0] + p[1] - k
        size = (-(-span // s) if ceil_mode else span // s) + 1
        sizes.append(size - 1 if ceil_mode and (size - 1) * s >= n + p[0] else size)
    sites, values = _max_pool_reference(x, indices, kernels, strides, pads, sizes)
    assert out.shape == [2, *sizes, 3]
    np.testing.assert_array_equal(out.indices().numpy(), sites)
    np.testing.assert_array_equal(out.values().numpy(), values)


def test_max_pool3d_gradient_goes_to_the_maximum():
    rng = np.random.default_rng(6)
    indices = paddle.to_tensor(_sites(rng, [1, 2, 3, 3], 7))
    values = rng.permutation(14).reshape(7, 2) + rng.uniform(0, 0.1, (7, 2))  # no ties
    check_grads(lambda v: F.max_pool3d(S.sparse_coo_tensor(indices, v, [1, 2, 3, 3, 2], stop_gradient=False),
                                       2, 1).values(), [values], rng)


# --- activations -----------------------------------------------------------


@pytest.mark.parametrize("fmt", ["coo", "csr"])
def test_relu_family(fmt):
    array = np.array([[0.0, -1.5, 7.0], [2.0, 0.0, -0.25]])
    x = paddle.to_tensor(array)
    x = x.to_sparse_coo(2) if fmt == "coo" else x.to_sparse_csr()
    for out, expected in ((F.relu(x), np.maximum(array, 0)), (F.relu6(x), np.clip(array, 0, 6)),
                          (F.leaky_relu(x, 0.1), np.where(array > 0, array, 0.1 * array)),
                          (S.nn.ReLU()(x), np.maximum(array, 0)), (S.nn.ReLU6()(x), np.clip(array, 0, 6)),
                          (S.nn.LeakyReLU(0.2)(x), np.where(array > 0, array, 0.2 * array))):
        assert out.format == fmt and out.nnz() == 4
        np.testing.assert_allclose(out.to_dense().numpy(), expected)


def _softmax_reference(array, stored, axis):
    """Softmax along axis over the stored elements of each line (the others stay 0)."""
    out = np.zeros_like(array)
    moved, mask = np.moveaxis(array, axis, -1), np.moveaxis(stored, axis, -1)
    result = np.moveaxis(out, axis, -1)
    for line in np.ndindex(*moved.shape[:-1]):
        keep = mask[line]
        if keep.any():
            e = np.exp(moved[line][keep] - moved[line][keep].max())
            result[line][keep] = e / e.sum()
    return out


@pytest.mark.parametrize("sparse_dim, axis", [(3, -1), (3, 0), (3, 1), (2, -1), (2, 0), (1, 2)])
def test_softmax_coo(sparse_dim, axis):
    rng = np.random.default_rng(7)
    array = np.where(rng.random((2, 3, 4)) < 0.5, rng.standard_normal((2, 3, 4)) * 3, 0.0)
    x = paddle.to_tensor(array).to_sparse_coo(sparse_dim)
    stored = x.to_dense().numpy() != 0
    if sparse_dim < 3:  # a stored block keeps every element, zeros included
        stored = np.broadcast_to(np.any(array.reshape(*array.shape[:sparse_dim], -1) != 0, axis=-1)
                                 .reshape(*array.shape[:sparse_dim], *([1] * (3 - sparse_dim))), array.shape)
    out = F.softmax(x, axis)
    np.testing.assert_allclose(out.to_dense().numpy(), _softmax_reference(array, stored, axis), rtol=1e-12)
    np.testing.assert_array_equal(out.indices().numpy(), x.indices().numpy())


def test_softmax_csr_and_layer():
    rng = np.random.default_rng(8)
    array = np.where(rng.random((2, 3, 5)) < 0.5, rng.standard_normal((2, 3, 5)), 0.0).astype("float32")
    x = paddle.to_tensor(array).to_sparse_csr()
    out = S.nn.Softmax()(x)
    assert out.is_sparse_csr() and out.nnz() == x.nnz()
    np.testing.assert_allclose(out.to_dense().numpy(), _softmax_reference(array, array != 0, -1), rtol=1e-6)


def test_softmax_gradient():
    rng = np.random.default_rng(9)
    indices = paddle.to_tensor([[0, 0, 0, 1, 2, 2], [0, 2, 3, 1, 0, 3]])
    check_grads(lambda v: F.softmax(S.sparse_coo_tensor(indices, v, [3, 4], stop_gradient=False)).values(),
                [rng.standard_normal(6)], rng)


# --- attention -------------------------------------------------------------


def _attention_reference(q, k, v, layout, key_padding_mask, attn_mask):
    batch, heads, seq_len, head_dim = q.shape
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(head_dim)
    keep = layout.reshape(batch, heads, seq_len, seq_len).astype(bool)
    if key_padding_mask is not None:
        keep &= (key_padding_mask != 0)[:, None, None, :]
    if attn_mask is not None:
        keep &= (attn_mask != 0)[None, None]
    weights = np.where(keep, np.exp(scores - np.where(keep, scores, -np.inf).max(-1, keepdims=True)), 0.0)
    return weights / weights.sum(-1, keepdims=True) @ v


@pytest.mark.parametrize("with_masks", [False, True])
def test_attention(with_masks):
    rng = np.random.default_rng(10)
    batch, heads, seq_len, head_dim = 2, 2, 4, 3
    q, k, v = (rng.standard_normal((batch, heads, seq_len, head_dim)) for _ in range(3))
    layout = (rng.random((batch * heads, seq_len, seq_len)) < 0.6).astype("float64")
    layout[:, :, 0] = 1.0  # every query sees key 0, which no mask hides
    kp = (rng.random((batch, seq_len)) < 0.7).astype("float64") if with_masks else None
    am = (rng.random((seq_len, seq_len)) < 0.7).astype("float64") if with_masks else None
    if with_masks:
        kp[:, 0], am[:, 0] = 1.0, 1.0
    sparse_layout = paddle.to_tensor(layout).to_sparse_csr()
    masks = [None if m is None else paddle.to_tensor(m) for m in (kp, am)]
    out = F.attention(paddle.to_tensor(q), paddle.to_tensor(k), paddle.to_tensor(v), sparse_layout, *masks)
    np.testing.assert_allclose(out.numpy(), _attention_reference(q, k, v, layout, kp, am), rtol=1e-10)
    if with_masks:
        check_grads(lambda a, b, c: F.attention(a, b, c, sparse_layout, *masks), [q, k, v], rng)


# --- layers ----------------------------------------------------------------


def test_layer_reprs_and_parameters_match_paddle():
    nn = S.nn
    expected = {
        nn.ReLU(): "ReLU()",
        nn.ReLU6(): "ReLU6()",
        nn.LeakyReLU(0.2): "LeakyReLU()",
        nn.Softmax(-1): "Softmax()",
        nn.BatchNorm(3): "BatchNorm(num_features=3, momentum=0.9, epsilon=1e-05, data_format=NDHWC)",
        nn.SyncBatchNorm(3): "SyncBatchNorm(num_features=3, momentum=0.9, epsilon=1e-05)",
        nn.Conv3D(2, 3, 3): "Conv3D(2, 3, kernel_size=[3, 3, 3], data_format=NDHWC)",
        nn.SubmConv3D(2, 3, 3, padding=1): "SubmConv3D(2, 3, kernel_size=[3, 3, 3], padding=1, data_format=NDHWC)",
        nn.Conv2D(2, 3, (3, 2), stride=2): "Conv2D(2, 3, kernel_size=[3, 2], stride=[2, 2], data_format=NHWC)",
        nn.SubmConv2D(2, 3, 3): "SubmConv2D(2, 3, kernel_size=[3, 3], data_format=NHWC)",
        nn.MaxPool3D(2): "MaxPool3D(kernel_size=2, stride=None, padding=0)",
    }
    for layer, text in expected.items():
        assert repr(layer) == text
    conv = nn.Conv3D(2, 3, [3, 1, 2])
    assert [(n, list(p.shape)) for n, p in conv.named_parameters()] == [("weight", [3, 1, 2, 2, 3]), ("bias", [3])]
    np.testing.assert_array_equal(conv.bias.numpy(), np.zeros(3))
    assert list(nn.BatchNorm(4).state_dict().keys()) == ["weight", "bias", "_mean", "_variance"]


@pytest.mark.parametrize("layer_class, function", [("Conv3D", "conv3d"), ("SubmConv3D", "subm_conv3d"),
                                                   ("Conv2D", "conv2d"), ("SubmConv2D", "subm_conv2d")])
def test_conv_layers_run_their_functional(layer_class, function):
    rng = np.random.default_rng(11)
    dims = 2 if "2D" in layer_class else 3
    x, _ = _sparse_input(rng, [4] * dims, 2, 8, dtype="float32")
    layer = getattr(S.nn, layer_class)(2, 3, 3, padding=1, bias_attr=False)
    assert layer.bias is None
    out = layer(x)
    reference = getattr(F, function)(x, layer.weight, None, padding=1)
    np.testing.assert_array_equal(out.indices().numpy(), reference.indices().numpy())
    np.testing.assert_allclose(out.values().numpy(), reference.values().numpy(), rtol=1e-6)


def test_conv_layer_gradients():
    rng = np.random.default_rng(12)
    indices = paddle.to_tensor(_sites(rng, [1, 3, 3, 2], 4))
    paddle.set_default_dtype("float64")
    try:
        layer = S.nn.SubmConv3D(2, 2, [2, 2, 1])
    finally:
        paddle.set_default_dtype("float32")
    layer.bias.set_value(rng.standard_normal(2))
    check_layer_grads(layer, [rng.standard_normal((4, 2))],
                      lambda lyr, v: lyr(S.sparse_coo_tensor(indices, v, [1, 3, 3, 2, 2], stop_gradient=False))
                      .values())


@pytest.mark.parametrize("layer_class", ["BatchNorm", "SyncBatchNorm"])
def test_batch_norm_normalizes_the_stored_values(layer_class):
    rng = np.random.default_rng(13)
    x, _ = _sparse_input(rng, [3, 3, 3], 4, 10, dtype="float32")
    layer = getattr(S.nn, layer_class)(4)
    layer.weight.set_value(rng.standard_normal(4).astype("float32"))
    layer.bias.set_value(rng.standard_normal(4).astype("float32"))
    values = x.values().numpy().astype(np.float64)
    mean, var = values.mean(0), values.var(0)
    out = layer(x)
    expected = (values - mean) / np.sqrt(var + 1e-5) * layer.weight.numpy() + layer.bias.numpy()
    np.testing.assert_allclose(out.values().numpy(), expected, rtol=1e-5, atol=1e-5)
    assert out.indices() is x.indices()
    np.testing.assert_allclose(layer._mean.numpy(), 0.1 * mean, rtol=1e-5)
    np.testing.assert_allclose(layer._variance.numpy(), 0.9 + 0.1 * var, rtol=1e-5)
    layer.eval()
    running = (values - layer._mean.numpy()) / np.sqrt(layer._variance.numpy() + 1e-5)
    np.testing.assert_allclose(layer(x).values().numpy(),
                               running * layer.weight.numpy() + layer.bias.numpy(), rtol=1e-5, atol=1e-5)


def test_batch_norm_gradients():
    rng = np.random.default_rng(14)
    indices = paddle.to_tensor(_sites(rng, [2, 3, 3], 5))
    paddle.set_default_dtype("float64")
    try:
        layer = S.nn.BatchNorm(3, data_format="NHWC")
    finally:
        paddle.set_default_dtype("float32")
    check_layer_grads(layer, [rng.standard_normal((5, 3))],
                      lambda lyr, v: lyr(S.sparse_coo_tensor(indices, v, [2, 3, 3, 3], stop_gradient=False)).values())


def test_convert_sync_batchnorm():
    net = paddle.nn.Sequential(S.nn.SubmConv3D(3, 4, 3), S.nn.BatchNorm(4), paddle.nn.BatchNorm2D(4))
    converted = S.nn.SyncBatchNorm.convert_sync_batchnorm(net)
    assert type(converted[1]) is S.nn.SyncBatchNorm and type(converted[2]) is paddle.nn.SyncBatchNorm
    assert converted[1].weight is net[1].weight and converted[1]._mean is net[1]._mean
    assert type(converted[0]) is S.nn.SubmConv3D


def test_max_pool_layer():
    rng = np.random.default_rng(15)
    x, _ = _sparse_input(rng, [4, 4, 4], 2, 12)
    out = S.nn.MaxPool3D(2, 2)(x)
    reference = F.max_pool3d(x, 2, 2)
    np.testing.assert_array_equal(out.values().numpy(), reference.values().numpy())


# --- argument errors -------------------------------------------------------

_X3 = S.sparse_coo_tensor([[0], [0], [0], [0]], [[1.0, 2.0]], [1, 2, 2, 2, 2])
_W3 = paddle.ones([3, 3, 3, 2, 4])


@pytest.mark.parametrize("call, error, message", [
    (lambda: F.conv3d(_X3.to_dense(), _W3), TypeError,
     r"^\[conv3d\] argument 'x': expected a sparse COO tensor, but got a dense float32 Tensor"),
    (lambda: F.conv3d(_X3.to_dense().to_sparse_coo(5), _W3), ValueError,
     r"^\[conv3d\] argument 'x': expected a 5-D COO tensor \[N, D, H, W, C\] with sparse_dim 4, but got shape "
     r"\[1, 2, 2, 2, 2\] with sparse_dim 5"),
    (lambda: F.subm_conv3d(_X3, paddle.ones([3, 3, 3, 3, 4])), ValueError,
     r"^\[subm_conv3d\] argument 'weight': expected a 5-D tensor \[\*kernel_size, 2, C_out\]"),
    (lambda: F.conv3d(_X3, _W3, paddle.ones([3])), ValueError,
     r"^\[conv3d\] argument 'bias': expected shape \[4\], but got \[3\]"),
    (lambda: F.conv3d(_X3, _W3, groups=2), ValueError, r"^\[conv3d\] argument 'groups': expected 1"),
    (lambda: F.conv3d(_X3, _W3, data_format="NCDHW"), ValueError,
     r"^\[conv3d\] argument 'data_format': expected 'NDHWC', but got 'NCDHW'"),
    (lambda: F.conv3d(_X3, _W3, padding=[1, 2]), ValueError,
     r"^\[conv3d\] argument 'padding': expected an int, 3 ints or 6 ints"),
    (lambda: F.conv3d(_X3, _W3, stride=0), ValueError,
     r"^\[conv3d\] argument 'stride': expected an int or 3 ints, each >= 1, but got 0"),
    (lambda: F.conv2d(_X3, _W3), ValueError, r"^\[conv2d\] argument 'x': expected a 4-D COO tensor"),
    (lambda: F.conv3d(_X3, _W3.astype("float64")), TypeError,
     r"^\[conv3d\] argument 'weight': expected the dtype of 'x' \(float32\), but got float64"),
    (lambda: F.max_pool3d(_X3.to_dense().to_sparse_coo(3), 2), ValueError,
     r"^\[max_pool3d\] argument 'x': expected a 5-D COO tensor \[N, D, H, W, C\] with sparse_dim 4"),
    (lambda: F.softmax(paddle.to_tensor([[0, 1]]).to_sparse_coo(2)), TypeError,
     r"^\[softmax\] argument 'x': expected float32 or float64 values, but got int64"),
    (lambda: F.leaky_relu(_X3, "0.1"), TypeError, r"^\[leaky_relu\] argument 'negative_slope': expected a number"),
    (lambda: F.attention(paddle.ones([1, 1, 2, 2]), paddle.ones([1, 1, 2, 2]), paddle.ones([1, 1, 2, 2]),
                         paddle.ones([2, 2, 2]).to_sparse_csr()), ValueError,
     r"^\[attention\] argument 'sparse_mask': expected shape \[1, 2, 2\], but got \[2, 2, 2\]"),
    (lambda: F.attention(paddle.ones([1, 1, 2, 2]), paddle.ones([1, 1, 2, 2]), paddle.ones([1, 1, 2, 2]),
                         paddle.ones([1, 2, 2]).to_sparse_csr(), paddle.ones([2, 2])), ValueError,
     r"^\[attention\] argument 'key_padding_mask': expected shape \[1, 2\], but got \[2, 2\]"),
    (lambda: S.nn.Conv3D(2, 3, 3, groups=2), ValueError, r"^\[Conv3D\] argument 'groups': expected 1, but got 2"),
    (lambda: S.nn.SubmConv3D(2, 3, 3, backend="cudnn"), ValueError,
     r"^\[SubmConv3D\] argument 'backend': expected one of 'igemm', but got 'cudnn'"),
    (lambda: S.nn.Conv2D(2, 3, 3, data_format="NCHW"), ValueError,
     r"^\[Conv2D\] argument 'data_format': expected one of 'NHWC', but got 'NCHW'"),
    (lambda: S.nn.MaxPool3D(2, return_mask=True), ValueError, r"^\[MaxPool3D\] argument 'return_mask': expected False"),
    (lambda: S.nn.BatchNorm(3)(_X3), ValueError,
     r"^\[BatchNorm\] argument 'input': expected a COO tensor whose only dense dim is the 3 channels"),
    (lambda: S.nn.BatchNorm(2, data_format="NCHW"), ValueError,
     r"^\[BatchNorm\] argument 'data_format': expected one of 'NDHWC', 'NHWC', but got 'NCHW'"),
])
def test_argument_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()
