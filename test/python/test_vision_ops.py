"""paddle.vision.ops against NumPy references written out here with loops,
one output element at a time (checked once against PaddlePaddle 3.3 on the
same inputs): RoI Align / pooling / PS-RoI pooling, deformable convolution,
greedy and matrix NMS, box coding, prior boxes, YOLO boxes and loss, RPN
proposals and FPN level assignment, file reading and JPEG decoding. Gradients
are checked in float64 against finite differences of the forward; argument
errors name the op."""

from __future__ import annotations

import math

import numpy as np
import pytest
from gradcheck import check_grads

import paddle
from paddle.vision import ops

T = paddle.to_tensor
DTYPES = ("float32", "float64")
# float32 results against float64 references
TOL = {"float32": dict(rtol=2e-5, atol=2e-5), "float64": dict(rtol=1e-10, atol=1e-10)}


def c_round(v):
    """C's round(): halves away from zero."""
    return math.floor(v + 0.5) if v >= 0 else -math.floor(-v + 0.5)


def sigmoid(v):
    return 1.0 / (1.0 + math.exp(-v))


def image_of(boxes_num):
    return np.repeat(np.arange(len(boxes_num)), boxes_num)


# ---- RoI ops ------------------------------------------------------------------


def ref_roi_bilinear(img, y, x):
    """RoI Align's sample of img [C, H, W] at (y, x): zero beyond a pixel outside, clamped nearer."""
    _, h, w = img.shape
    if y < -1.0 or y > h or x < -1.0 or x > w:
        return np.zeros(img.shape[0])
    y, x = max(y, 0.0), max(x, 0.0)
    y0, x0 = int(y), int(x)
    if y0 >= h - 1:
        y0 = y1 = h - 1
        y = float(y0)
    else:
        y1 = y0 + 1
    if x0 >= w - 1:
        x0 = x1 = w - 1
        x = float(x0)
    else:
        x1 = x0 + 1
    ly, lx = y - y0, x - x0
    return ((1 - ly) * (1 - lx) * img[:, y0, x0] + (1 - ly) * lx * img[:, y0, x1]
            + ly * (1 - lx) * img[:, y1, x0] + ly * lx * img[:, y1, x1])


def ref_roi_align(x, boxes, boxes_num, size, scale=1.0, ratio=-1, aligned=True):
    out = np.zeros((len(boxes), x.shape[1], *size))
    shift = 0.5 if aligned else 0.0
    for r, b in enumerate(image_of(boxes_num)):
        x1, y1, x2, y2 = boxes[r] * scale - shift
        rw, rh = x2 - x1, y2 - y1
        if not aligned:
            rw, rh = max(rw, 1.0), max(rh, 1.0)
        bh, bw = rh / size[0], rw / size[1]
        gh = ratio if ratio > 0 else math.ceil(rh / size[0])
        gw = ratio if ratio > 0 else math.ceil(rw / size[1])
        for i in range(size[0]):
            for j in range(size[1]):
                acc = np.zeros(x.shape[1])
                for iy in range(gh):
                    for ix in range(gw):
                        acc += ref_roi_bilinear(x[b], y1 + i * bh + (iy + 0.5) * bh / gh,
                                                x1 + j * bw + (ix + 0.5) * bw / gw)
                out[r, :, i, j] = acc / max(gh * gw, 1)
    return out


def ref_roi_pool(x, boxes, boxes_num, size, scale=1.0):
    _, c, h, w = x.shape
    out = np.zeros((len(boxes), c, *size))
    for r, b in enumerate(image_of(boxes_num)):
        x1, y1, x2, y2 = [c_round(v * scale) for v in boxes[r]]
        rh, rw = max(y2 - y1 + 1, 1), max(x2 - x1 + 1, 1)
        for i in range(size[0]):
            hs = min(max(math.floor(i * rh / size[0]) + y1, 0), h)
            he = min(max(math.ceil((i + 1) * rh / size[0]) + y1, 0), h)
            for j in range(size[1]):
                ws = min(max(math.floor(j * rw / size[1]) + x1, 0), w)
                we = min(max(math.ceil((j + 1) * rw / size[1]) + x1, 0), w)
                if he > hs and we > ws:
                    out[r, :, i, j] = x[b, :, hs:he, ws:we].max(axis=(1, 2))
    return out


def ref_psroi_pool(x, boxes, boxes_num, size, scale=1.0):
    _, c, h, w = x.shape
    ph, pw = size
    out = np.zeros((len(boxes), c // (ph * pw), ph, pw))
    for r, b in enumerate(image_of(boxes_num)):
        x1, y1 = c_round(boxes[r][0]) * scale, c_round(boxes[r][1]) * scale
        x2, y2 = (c_round(boxes[r][2]) + 1.0) * scale, (c_round(boxes[r][3]) + 1.0) * scale
        bh, bw = max(y2 - y1, 0.1) / ph, max(x2 - x1, 0.1) / pw
        for k in range(out.shape[1]):
            for i in range(ph):
                hs = min(max(math.floor(i * bh + y1), 0), h)
                he = min(max(math.ceil((i + 1) * bh + y1), 0), h)
                for j in range(pw):
                    ws = min(max(math.floor(j * bw + x1), 0), w)
                    we = min(max(math.ceil((j + 1) * bw + x1), 0), w)
                    if he > hs and we > ws:
                        out[r, k, i, j] = x[b, (k * ph + i) * pw + j, hs:he, ws:we].mean()
    return out


RNG = np.random.default_rng(2024)
FEATURES = RNG.standard_normal((2, 8, 9, 11))
# boxes inside, across the border, tiny, and outside the map; two for image 0, three for image 1
BOXES = np.array([[0.3, 1.2, 7.7, 6.1], [2.5, 0.5, 3.5, 8.5], [-2.0, -1.5, 12.0, 10.5], [4.0, 4.0, 4.2, 4.1],
                  [1.5, 2.5, 9.5, 6.5]])
BOXES_NUM = np.array([2, 3], dtype=np.int32)


def roi_args(dtype):
    return T(FEATURES.astype(dtype)), T(BOXES.astype(dtype)), T(BOXES_NUM)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("size, kwargs", [((2, 3), {}), ((4, 4), dict(aligned=False)), (1, dict(sampling_ratio=2)),
                                          ((3, 2), dict(spatial_scale=0.5, aligned=False, sampling_ratio=3)),
                                          ((2, 2), dict(spatial_scale=0.75))])
def test_roi_align_matches_reference(dtype, size, kwargs):
    out = ops.roi_align(*roi_args(dtype), size, **kwargs)
    pair = (size, size) if isinstance(size, int) else size
    ref = ref_roi_align(FEATURES, BOXES, BOXES_NUM, pair, kwargs.get("spatial_scale", 1.0),
                        kwargs.get("sampling_ratio", -1), kwargs.get("aligned", True))
    assert out.dtype == getattr(paddle, dtype) and list(out.shape) == [5, 8, *pair]
    np.testing.assert_allclose(out.numpy(), ref, **TOL[dtype])


def test_roi_align_small_values_from_paddle():
    # Paddle 3.3 on a 4x4 ramp: aligned samples at pixel centres, unaligned a half pixel off
    x = T(np.arange(16, dtype="float32").reshape(1, 1, 4, 4))
    boxes, num = T([[0.5, 0.5, 2.5, 2.5]]), T(np.array([1], np.int32))
    assert ops.roi_align(x, boxes, num, 2).numpy().tolist() == [[[[2.5, 3.5], [6.5, 7.5]]]]
    assert ops.roi_align(x, boxes, num, 2, aligned=False).numpy().tolist() == [[[[5.0, 6.0], [9.0, 10.0]]]]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("size, scale", [((2, 3), 1.0), ((3, 3), 0.5), ((4, 5), 0.37), (2, 1.25)])
def test_roi_pool_matches_reference(dtype, size, scale):
    out = ops.roi_pool(*roi_args(dtype), size, scale)
    pair = (size, size) if isinstance(size, int) else size
    np.testing.assert_allclose(out.numpy(), ref_roi_pool(FEATURES, BOXES, BOXES_NUM, pair, scale), **TOL[dtype])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("size, scale", [((2, 2), 1.0), ((1, 2), 0.5), ((2, 4), 0.37), (2, 0.7)])
def test_psroi_pool_matches_reference(dtype, size, scale):
    x, boxes, num = roi_args(dtype)
    out = ops.psroi_pool(x, boxes, num, size, scale)
    pair = (size, size) if isinstance(size, int) else size
    assert list(out.shape) == [5, 8 // (pair[0] * pair[1]), *pair]
    np.testing.assert_allclose(out.numpy(), ref_psroi_pool(FEATURES, BOXES, BOXES_NUM, pair, scale), **TOL[dtype])


def test_roi_ops_with_an_image_without_boxes():
    x = T(FEATURES[:1].repeat(3, axis=0))
    counts = np.array([0, 5, 0], dtype=np.int32)
    for op, ref in ((ops.roi_align, ref_roi_align), (ops.roi_pool, ref_roi_pool), (ops.psroi_pool, ref_psroi_pool)):
        out = op(x, T(BOXES), T(counts), (2, 2))
        np.testing.assert_allclose(out.numpy(), ref(FEATURES[:1].repeat(3, axis=0), BOXES, counts, (2, 2)), 1e-10)
    empty = ops.roi_align(x, T(np.zeros((0, 4))), T(np.zeros(3, np.int32)), 2)
    assert list(empty.shape) == [0, 8, 2, 2]


def test_roi_gradients_match_finite_differences():
    rng = np.random.default_rng(7)
    x = rng.standard_normal((2, 4, 5, 6))
    boxes = T(np.array([[0.4, 0.7, 4.1, 3.3], [-0.5, 1.0, 2.2, 5.5], [1.2, 0.1, 5.6, 4.6]]))
    num = T(np.array([1, 2], np.int32))
    check_grads(lambda v: ops.roi_align(v, boxes, num, (2, 3), 1.0, -1, True), [x], rng)
    check_grads(lambda v: ops.roi_align(v, boxes, num, 2, 0.8, 2, False), [x], rng)
    check_grads(lambda v: ops.roi_pool(v, boxes, num, (2, 2), 1.0), [x], rng)
    check_grads(lambda v: ops.psroi_pool(v, boxes, num, (2, 1), 1.0), [x[:, :4]], rng)


def test_roi_pool_gradient_goes_to_the_first_maximum():
    # a window of equal values: Paddle's kernel credits the first one in row-major order
    x = T(np.ones((1, 1, 3, 3)), stop_gradient=False)
    ops.roi_pool(x, T([[0.0, 0.0, 2.0, 2.0]]), T(np.array([1], np.int32)), 1).sum().backward()
    assert x.grad.numpy().ravel().tolist() == [1.0] + [0.0] * 8


def test_roi_layers():
    x, boxes, num = roi_args("float64")
    layer = ops.RoIAlign((2, 3), spatial_scale=0.5)
    np.testing.assert_allclose(layer(x, boxes, num, aligned=False).numpy(),
                               ref_roi_align(FEATURES, BOXES, BOXES_NUM, (2, 3), 0.5, -1, False), 1e-10)
    np.testing.assert_allclose(ops.RoIPool(3, 0.5)(x, boxes, num).numpy(),
                               ref_roi_pool(FEATURES, BOXES, BOXES_NUM, (3, 3), 0.5), 1e-10)
    np.testing.assert_allclose(ops.PSRoIPool(2)(x, boxes, num).numpy(),
                               ref_psroi_pool(FEATURES, BOXES, BOXES_NUM, (2, 2)), 1e-10)
    assert "output_size=3, spatial_scale=0.5" in repr(ops.RoIPool(3, 0.5))


# ---- deformable convolution ------------------------------------------------------------


def ref_zero_padded_bilinear(img, y, x):
    """img [C, H, W] at (y, x); corners outside count as zeros, nothing beyond one pixel out."""
    _, h, w = img.shape
    if not (-1 < y < h and -1 < x < w):
        return np.zeros(img.shape[0])
    y0, x0 = math.floor(y), math.floor(x)
    acc = np.zeros(img.shape[0])
    for yy, wy in ((y0, 1 - (y - y0)), (y0 + 1, y - y0)):
        for xx, wx in ((x0, 1 - (x - x0)), (x0 + 1, x - x0)):
            if 0 <= yy < h and 0 <= xx < w:
                acc += wy * wx * img[:, yy, xx]
    return acc


def ref_deform_conv2d(x, offset, weight, bias, stride, padding, dilation, dgroups, groups, mask):
    n, cin, _, _ = x.shape
    cout, cin_g, kh, kw = weight.shape
    ho, wo = offset.shape[2:]
    per = cin // dgroups
    out = np.zeros((n, cout, ho, wo))
    for b in range(n):
        for oy in range(ho):
            for ox in range(wo):
                cols = np.zeros((cin, kh, kw))
                for g in range(dgroups):
                    for i in range(kh):
                        for j in range(kw):
                            k = i * kw + j
                            dy, dx = offset[b, g * 2 * kh * kw + 2 * k:g * 2 * kh * kw + 2 * k + 2, oy, ox]
                            y = oy * stride[0] - padding[0] + i * dilation[0] + dy
                            xx = ox * stride[1] - padding[1] + j * dilation[1] + dx
                            scale = 1.0 if mask is None else mask[b, g * kh * kw + k, oy, ox]
                            cols[g * per:(g + 1) * per, i, j] = scale * ref_zero_padded_bilinear(
                                x[b, g * per:(g + 1) * per], y, xx)
                for o in range(cout):
                    g = o // (cout // groups)
                    out[b, o, oy, ox] = (weight[o] * cols[g * cin_g:(g + 1) * cin_g]).sum()
    return out if bias is None else out + bias[None, :, None, None]


DEFORM_CASES = [  # n, cin, h, w, cout, kernel, stride, padding, dilation, deformable_groups, groups, mask, bias
    (2, 4, 6, 7, 6, (3, 3), (1, 1), (1, 1), (1, 1), 1, 1, False, True),
    (1, 4, 7, 6, 4, (3, 2), (2, 1), (1, 0), (1, 2), 2, 2, True, False),
    (2, 6, 5, 5, 3, (2, 2), (1, 2), (0, 1), (2, 1), 3, 3, True, True),
]


def deform_inputs(case, rng, scale=2.0):
    n, cin, h, w, cout, k, s, p, d, dg, g, use_mask, use_bias = case
    ho = (h + 2 * p[0] - (d[0] * (k[0] - 1) + 1)) // s[0] + 1
    wo = (w + 2 * p[1] - (d[1] * (k[1] - 1) + 1)) // s[1] + 1
    x = rng.standard_normal((n, cin, h, w))
    offset = rng.standard_normal((n, 2 * dg * k[0] * k[1], ho, wo)) * scale
    weight = rng.standard_normal((cout, cin // g, *k))
    bias = rng.standard_normal(cout) if use_bias else None
    mask = rng.random((n, dg * k[0] * k[1], ho, wo)) if use_mask else None
    return x, offset, weight, bias, mask, dict(stride=s, padding=p, dilation=d, deformable_groups=dg, groups=g)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("case", DEFORM_CASES)
def test_deform_conv2d_matches_reference(dtype, case):
    x, offset, weight, bias, mask, kw = deform_inputs(case, np.random.default_rng(1))
    tensor = (lambda a: None if a is None else T(a.astype(dtype)))
    out = ops.deform_conv2d(tensor(x), tensor(offset), tensor(weight), tensor(bias), mask=tensor(mask), **kw)
    ref = ref_deform_conv2d(x, offset, weight, bias, kw["stride"], kw["padding"], kw["dilation"],
                            kw["deformable_groups"], kw["groups"], mask)
    assert out.dtype == getattr(paddle, dtype)
    np.testing.assert_allclose(out.numpy(), ref, **TOL[dtype])


def test_deform_conv2d_with_zero_offsets_is_a_convolution():
    rng = np.random.default_rng(3)
    x, w = T(rng.standard_normal((2, 4, 6, 6))), T(rng.standard_normal((6, 2, 3, 3)))
    offset = T(np.zeros((2, 18, 3, 3)))
    conv = paddle.nn.functional.conv2d(x, w, stride=2, padding=1, groups=2)
    np.testing.assert_allclose(ops.deform_conv2d(x, offset, w, stride=2, padding=1, groups=2).numpy(), conv.numpy(),
                               rtol=1e-10, atol=1e-10)


def test_deform_conv2d_gradients_match_finite_differences():
    rng = np.random.default_rng(4)
    case = (1, 2, 4, 4, 2, (2, 2), (1, 1), (1, 0), (1, 1), 2, 1, True, True)
    x, offset, weight, bias, mask, kw = deform_inputs(case, rng, scale=0.7)
    check_grads(lambda *a: ops.deform_conv2d(a[0], a[1], a[2], a[3], mask=a[4], **kw),
                [x, offset, weight, bias, mask], rng)
    x, offset, weight, _, _, kw = deform_inputs(DEFORM_CASES[0][:1] + (2, 3, 3, 2) + DEFORM_CASES[0][5:], rng)
    check_grads(lambda *a: ops.deform_conv2d(*a, **kw), [x, offset, weight], rng)


def test_deform_conv2d_layer():
    paddle.seed(5)
    layer = ops.DeformConv2D(4, 6, kernel_size=(3, 2), stride=1, padding=(1, 0), deformable_groups=2, groups=2)
    assert [list(p.shape) for p in layer.parameters()] == [[6, 2, 3, 2], [6]]
    assert np.all(layer.bias.numpy() == 0)
    rng = np.random.default_rng(5)
    x = rng.standard_normal((1, 4, 5, 5)).astype("float32")
    offset = rng.standard_normal((1, 24, 5, 4)).astype("float32")
    out = layer(T(x), T(offset))
    ref = ref_deform_conv2d(x.astype(np.float64), offset.astype(np.float64), layer.weight.numpy().astype(np.float64),
                            None, (1, 1), (1, 0), (1, 1), 2, 2, None)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-4, atol=1e-4)
    assert ops.DeformConv2D(2, 2, 1, bias_attr=False).bias is None


# ---- NMS ------------------------------------------------------------------------------


def ref_iou(a, b, offset=0.0):
    """Paddle's Jaccard overlap: boxes apart share nothing; an inverted box has no area."""
    if b[0] > a[2] or b[2] < a[0] or b[1] > a[3] or b[3] < a[1]:
        return 0.0

    def area(r):
        return 0.0 if r[2] < r[0] or r[3] < r[1] else (r[2] - r[0] + offset) * (r[3] - r[1] + offset)

    inter = (min(a[2], b[2]) - max(a[0], b[0]) + offset) * (min(a[3], b[3]) - max(a[1], b[1]) + offset)
    union = area(a) + area(b) - inter
    return inter / union if union > 0 else 0.0


def ref_greedy_nms(boxes, threshold, offset=0.0, eta=1.0):
    """Positions kept, taking boxes in the given order."""
    keep = []
    for i in range(len(boxes)):
        if all(ref_iou(boxes[i], boxes[k], offset) <= threshold for k in keep):
            keep.append(i)
            if eta < 1 and threshold > 0.5:
                threshold *= eta
    return keep


def random_boxes(rng, count, spread=10.0, size=5.0):
    xy = rng.random((count, 2)) * spread
    return np.concatenate([xy, xy + rng.random((count, 2)) * size + 0.5], axis=1)


@pytest.mark.parametrize("dtype", DTYPES)
def test_nms_matches_greedy_reference(dtype):
    rng = np.random.default_rng(8)
    boxes = random_boxes(rng, 40).astype(dtype)
    scores = rng.random(40).astype(dtype)
    for threshold in (0.1, 0.3, 0.6):
        kept = ops.nms(T(boxes), threshold)
        assert kept.dtype == paddle.int64
        assert kept.numpy().tolist() == ref_greedy_nms(boxes.astype(np.float64), threshold)
        order = np.argsort(-scores, kind="stable")
        expected = order[ref_greedy_nms(boxes[order].astype(np.float64), threshold)]
        assert ops.nms(T(boxes), threshold, T(scores)).numpy().tolist() == expected.tolist()


@pytest.mark.parametrize("dtype", DTYPES)
def test_nms_kernel_on_many_and_degenerate_boxes(dtype):
    rng = np.random.default_rng(10)
    boxes = random_boxes(rng, 300, spread=30.0)
    boxes[::17, 2] = boxes[::17, 0] - 1.0  # no area: x2 < x1
    boxes[5::23] = boxes[5]  # duplicates of one box
    boxes[7::29, 2:] = boxes[7::29, :2]  # points: zero area, empty union with each other
    boxes = boxes.astype(dtype)
    for threshold in (0.0, 0.25, 0.7):
        kept = paddle._C_ops.nms(T(boxes), threshold)
        assert kept.dtype == paddle.int64
        assert kept.numpy().tolist() == ref_greedy_nms(boxes.astype(np.float64), threshold)


def test_nms_op_checks_its_boxes():
    with pytest.raises(ValueError, match=r"^\[nms\] x must hold boxes \[K, 4\] \(x1, y1, x2, y2\), but has shape \[4, 3\]"):
        paddle._C_ops.nms(paddle.zeros([4, 3]), 0.5)
    with pytest.raises(NotImplementedError, match=r"^\[nms\] no kernel for \(CPU, float16\)"):
        paddle._C_ops.nms(paddle.zeros([4, 4], "float16"), 0.5)


def test_nms_by_category_and_top_k():
    rng = np.random.default_rng(9)
    boxes = random_boxes(rng, 30, spread=6.0)
    scores = rng.random(30)
    labels = rng.integers(0, 3, 30)
    for categories, top_k in (([0, 1, 2], None), ([2, 0], None), ([0, 1, 2], 5), ([1], 30)):
        kept = []
        for c in categories:  # NMS inside each category, by score
            members = np.nonzero(labels == c)[0]
            members = members[np.argsort(-scores[members], kind="stable")]
            kept += members[ref_greedy_nms(boxes[members], 0.4)].tolist()
        kept.sort(key=lambda i: -scores[i])
        out = ops.nms(T(boxes), 0.4, T(scores), T(labels), categories, top_k)
        assert out.numpy().tolist() == kept[:top_k]
    # as in Paddle, top_k is ignored without categories, and categories without scores
    assert len(ops.nms(T(boxes), 0.4, T(scores), top_k=2)) == len(ref_greedy_nms(boxes[np.argsort(-scores)], 0.4))
    in_given_order = ops.nms(T(boxes), 0.4, category_idxs=T(labels), categories=[0])
    assert in_given_order.numpy().tolist() == ref_greedy_nms(boxes, 0.4)


def test_nms_values_from_paddle():
    boxes = T(np.array([[0, 0, 10, 10], [1, 1, 11, 11], [0, 0, 10, 10.5], [20, 20, 30, 30], [21, 21, 30, 30],
                        [5, 5, 15, 15], [0, 0, 1, 1]], dtype=np.float32))
    scores = T(np.array([0.9, 0.95, 0.3, 0.8, 0.85, 0.5, 0.85], dtype=np.float32))
    labels = T(np.array([0, 1, 0, 1, 1, 0, 2]))
    assert ops.nms(boxes, 0.5).numpy().tolist() == [0, 3, 5, 6]
    assert ops.nms(boxes, 0.5, scores).numpy().tolist() == [1, 4, 6, 5]
    assert ops.nms(boxes, 0.5, scores, labels, [0, 1]).numpy().tolist() == [1, 0, 4, 5]
    assert ops.nms(boxes, 0.5, scores, labels, [1, 0, 2]).numpy().tolist() == [1, 0, 4, 6, 5]
    assert list(ops.nms(T(np.zeros((0, 4), np.float32)), 0.5).shape) == [0]


def ref_matrix_nms(bboxes, scores, score_threshold, post_threshold, nms_top_k, keep_top_k, use_gaussian=False,
                   gaussian_sigma=2.0, background_label=0, normalized=True):
    n, c, m = scores.shape
    rows, index, counts = [], [], []
    for b in range(n):
        found = []
        for cls in range(c):
            if cls == background_label:
                continue
            s = scores[b, cls]
            cand = [i for i in np.argsort(-s, kind="stable") if s[i] > score_threshold]
            if nms_top_k > -1:
                cand = cand[:nms_top_k]
            iou = [[ref_iou(bboxes[b, cand[i]], bboxes[b, cand[j]], 0.0 if normalized else 1.0) for j in range(i)]
                   for i in range(len(cand))]
            worst = [max(row, default=0.0) for row in iou]  # each box's largest IoU with a better box
            for i in range(len(cand)):
                decay = 1.0
                for j in range(i):
                    if use_gaussian:
                        decay = min(decay, math.exp((worst[j] ** 2 - iou[i][j] ** 2) * gaussian_sigma))
                    else:
                        decay = min(decay, (1 - iou[i][j]) / (1 - worst[j]))
                if s[cand[i]] * decay > post_threshold:
                    found.append((s[cand[i]] * decay, cls, cand[i]))
        found.sort(key=lambda t: -t[0])
        if keep_top_k > -1:
            found = found[:keep_top_k]
        rows += [[cls, score, *bboxes[b, i]] for score, cls, i in found]
        index += [b * m + i for _, _, i in found]
        counts.append(len(found))
    return np.array(rows).reshape(-1, 6), np.array(index).reshape(-1, 1), np.array(counts)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kwargs", [
    dict(score_threshold=0.1, post_threshold=0.0, nms_top_k=-1, keep_top_k=-1),
    dict(score_threshold=0.3, post_threshold=0.2, nms_top_k=5, keep_top_k=7),
    dict(score_threshold=0.2, post_threshold=0.1, nms_top_k=6, keep_top_k=-1, use_gaussian=True, gaussian_sigma=3.0),
    dict(score_threshold=0.2, post_threshold=0.1, nms_top_k=-1, keep_top_k=10, normalized=False, background_label=-1),
])
def test_matrix_nms_matches_reference(dtype, kwargs):
    rng = np.random.default_rng(10)
    bboxes = np.stack([random_boxes(rng, 12, 5.0, 4.0) for _ in range(2)]).astype(dtype)
    scores = rng.random((2, 3, 12)).astype(dtype)
    out, rois_num, index = ops.matrix_nms(T(bboxes), T(scores), return_index=True, **kwargs)
    ref_out, ref_index, ref_num = ref_matrix_nms(bboxes.astype(np.float64), scores.astype(np.float64), **kwargs)
    assert out.dtype == getattr(paddle, dtype) and rois_num.dtype == paddle.int32 and index.dtype == paddle.int32
    assert rois_num.numpy().tolist() == ref_num.tolist()
    assert index.numpy().tolist() == ref_index.tolist()
    np.testing.assert_allclose(out.numpy(), ref_out, **TOL[dtype])


def test_matrix_nms_outputs():
    bboxes = T(np.array([[[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 0.9], [2.0, 2.0, 3.0, 3.0]]]))
    scores = T(np.array([[[0.1, 0.1, 0.1], [0.9, 0.8, 0.7]]]))
    out, num, index = ops.matrix_nms(bboxes, scores, 0.5, 0.0, -1, -1)
    # the second box overlaps the first by 0.9: its score decays to 0.8 * (1 - 0.9)
    np.testing.assert_allclose(out.numpy(), [[1, 0.9, 0, 0, 1, 1], [1, 0.7, 2, 2, 3, 3], [1, 0.08, 0, 0, 1, 0.9]])
    assert num.numpy().tolist() == [3] and index is None
    out, num, index = ops.matrix_nms(bboxes, scores, 0.95, 0.0, -1, -1, return_index=True, return_rois_num=False)
    assert list(out.shape) == [0, 6] and num is None and list(index.shape) == [0, 1]


# ---- box coding and prior boxes -----------------------------------------------------------------


def ref_box_coder(prior, var, target, code_type, normalized=True, axis=0):
    off = 0.0 if normalized else 1.0
    var = np.asarray(var, dtype=np.float64)

    def prior_geometry(p):
        pw, ph = prior[p, 2] - prior[p, 0] + off, prior[p, 3] - prior[p, 1] + off
        return pw, ph, prior[p, 0] + pw / 2, prior[p, 1] + ph / 2, (var if var.ndim == 1 else var[p])

    if code_type == "encode_center_size":
        out = np.zeros((len(target), len(prior), 4))
        for i, t in enumerate(target):
            tw, th = t[2] - t[0] + off, t[3] - t[1] + off
            tx, ty = (t[0] + t[2]) / 2, (t[1] + t[3]) / 2  # the target's centre is its midpoint
            for j in range(len(prior)):
                pw, ph, px, py, v = prior_geometry(j)
                out[i, j] = [(tx - px) / pw / v[0], (ty - py) / ph / v[1], math.log(abs(tw / pw)) / v[2],
                             math.log(abs(th / ph)) / v[3]]
        return out
    out = np.zeros(target.shape)
    for i in range(target.shape[0]):
        for j in range(target.shape[1]):
            pw, ph, px, py, v = prior_geometry(j if axis == 0 else i)
            d = target[i, j]
            cx, cy = v[0] * d[0] * pw + px, v[1] * d[1] * ph + py
            w, h = math.exp(v[2] * d[2]) * pw, math.exp(v[3] * d[3]) * ph
            out[i, j] = [cx - w / 2, cy - h / 2, cx + w / 2 - off, cy + h / 2 - off]
    return out


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("normalized", [True, False])
@pytest.mark.parametrize("tensor_variance", [True, False])
def test_box_coder_matches_reference(dtype, normalized, tensor_variance):
    rng = np.random.default_rng(12)
    prior, target = random_boxes(rng, 3).astype(dtype), random_boxes(rng, 4).astype(dtype)
    var = (rng.random((3, 4)) + 0.1).astype(dtype) if tensor_variance else [0.125, 0.25, 0.5, 0.75]
    var_arg = T(var) if tensor_variance else var
    out = ops.box_coder(T(prior), var_arg, T(target), "encode_center_size", normalized)
    np.testing.assert_allclose(out.numpy(), ref_box_coder(prior, var, target, "encode_center_size", normalized),
                               **TOL[dtype])
    for axis, shape in ((0, (4, 3, 4)), (1, (3, 5, 4))):
        deltas = (rng.standard_normal(shape) * 0.5).astype(dtype)
        out = ops.box_coder(T(prior), var_arg, T(deltas), "decode_center_size", normalized, axis)
        ref = ref_box_coder(prior, var, deltas, "decode_center_size", normalized, axis)
        np.testing.assert_allclose(out.numpy(), ref, **TOL[dtype])


def test_box_coder_round_trip():
    rng = np.random.default_rng(13)
    prior, target = T(random_boxes(rng, 5)), T(random_boxes(rng, 3))
    code = ops.box_coder(prior, [0.125, 0.125, 0.25, 0.25], target)
    back = ops.box_coder(prior, [0.125, 0.125, 0.25, 0.25], code, "decode_center_size")
    np.testing.assert_allclose(back.numpy(), np.broadcast_to(target.numpy()[:, None], (3, 5, 4)), rtol=1e-12)
    # Unnormalized, Paddle 3.3 encodes the target's midpoint but decodes from the corner, half a pixel apart.
    prior, target = T([[1.0, 2.0, 5.0, 8.0]]), T([[2.0, 2.0, 6.0, 10.0]])
    code = ops.box_coder(prior, [1.0] * 4, target, box_normalized=False)
    back = ops.box_coder(prior, [1.0] * 4, code, "decode_center_size", box_normalized=False)
    assert back.numpy().tolist() == [[[1.5, 1.5, 5.5, 9.5]]]


def expand_ratios(ratios, flip):
    out = [1.0]
    for r in ratios:
        if all(abs(r - o) >= 1e-6 for o in out):
            out += [r, 1.0 / r] if flip else [r]
    return out


def ref_prior_box(feat_hw, img_hw, min_sizes, max_sizes=None, aspect_ratios=(1.0,), variance=(0.1, 0.1, 0.2, 0.2),
                  flip=False, clip=False, steps=(0.0, 0.0), offset=0.5, min_max_aspect_ratios_order=False):
    (fh, fw), (ih, iw) = feat_hw, img_hw
    sw, sh = steps if steps[0] and steps[1] else (iw / fw, ih / fh)
    ratios = expand_ratios(aspect_ratios, flip)
    boxes = []
    for y in range(fh):
        for x in range(fw):
            cx, cy = (x + offset) * sw, (y + offset) * sh
            for s, low in enumerate(min_sizes):
                sizes = [(low * math.sqrt(a) / 2, low / math.sqrt(a) / 2) for a in ratios]
                square = [(math.sqrt(low * max_sizes[s]) / 2,) * 2] if max_sizes else []
                if min_max_aspect_ratios_order:
                    sizes = sizes[:1] + square + sizes[1:]
                else:
                    sizes = sizes + square
                for bw, bh in sizes:
                    boxes.append([(cx - bw) / iw, (cy - bh) / ih, (cx + bw) / iw, (cy + bh) / ih])
    boxes = np.array(boxes).reshape(fh, fw, -1, 4)
    return np.clip(boxes, 0, 1) if clip else boxes, np.broadcast_to(np.array(variance), boxes.shape)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kwargs", [
    dict(min_sizes=[2.0, 4.0], max_sizes=[5.0, 8.0], aspect_ratios=[2.0, 3.0], flip=True, clip=True),
    dict(min_sizes=[3.0], aspect_ratios=[1.0, 2.0, 0.5], steps=[4.0, 3.0], offset=0.3),
    dict(min_sizes=[2.0, 4.0], max_sizes=[5.0, 8.0], aspect_ratios=[2.0], flip=True, min_max_aspect_ratios_order=True,
         variance=[0.1, 0.2, 0.3, 0.4]),
])
def test_prior_box_matches_reference(dtype, kwargs):
    boxes, variances = ops.prior_box(paddle.zeros([1, 3, 3, 4], dtype), paddle.zeros([1, 3, 12, 20], dtype), **kwargs)
    ref_boxes, ref_var = ref_prior_box((3, 4), (12, 20), **kwargs)
    assert boxes.dtype == getattr(paddle, dtype) and list(boxes.shape) == list(ref_boxes.shape)
    np.testing.assert_allclose(boxes.numpy(), ref_boxes, **TOL[dtype])
    np.testing.assert_allclose(variances.numpy(), ref_var, **TOL[dtype])


# ---- YOLO -------------------------------------------------------------------------------------


def ref_yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True, scale_x_y=1.0,
                 iou_aware=False, iou_aware_factor=0.5):
    n, _, h, w = x.shape
    an = len(anchors) // 2
    boxes, scores = np.zeros((n, an, h, w, 4)), np.zeros((n, an, h, w, class_num))
    shift = -0.5 * (scale_x_y - 1.0)
    for b in range(n):
        ih, iw = img_size[b]
        feats = (x[b, an:] if iou_aware else x[b]).reshape(an, 5 + class_num, h, w)
        for a in range(an):
            for i in range(h):
                for j in range(w):
                    f = feats[a, :, i, j]
                    conf = sigmoid(f[4])
                    if iou_aware:
                        conf = conf ** (1 - iou_aware_factor) * sigmoid(x[b, a, i, j]) ** iou_aware_factor
                    if conf < conf_thresh:
                        continue
                    cx = (j + sigmoid(f[0]) * scale_x_y + shift) * iw / w
                    cy = (i + sigmoid(f[1]) * scale_x_y + shift) * ih / h
                    bw = math.exp(f[2]) * anchors[2 * a] * iw / (downsample_ratio * w)
                    bh = math.exp(f[3]) * anchors[2 * a + 1] * ih / (downsample_ratio * h)
                    box = [cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2]
                    if clip_bbox:  # one side each, as Paddle
                        box = [max(box[0], 0), max(box[1], 0), min(box[2], iw - 1), min(box[3], ih - 1)]
                    boxes[b, a, i, j] = box
                    scores[b, a, i, j] = [conf * sigmoid(v) for v in f[5:]]
    return boxes.reshape(n, -1, 4), scores.reshape(n, -1, class_num)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kwargs", [dict(), dict(clip_bbox=False, scale_x_y=1.25),
                                    dict(iou_aware=True, iou_aware_factor=0.25, conf_thresh=0.3)])
def test_yolo_box_matches_reference(dtype, kwargs):
    rng = np.random.default_rng(14)
    anchors, class_num = [10, 13, 16, 30], 3
    x = (rng.standard_normal((2, 2 * (5 + class_num) + (2 if kwargs.get("iou_aware") else 0), 3, 4)) * 2).astype(dtype)
    img = np.array([[40, 50], [30, 64]], dtype=np.int32)
    args = {"conf_thresh": 0.5, "downsample_ratio": 8, **kwargs}
    boxes, scores = ops.yolo_box(T(x), T(img), anchors, class_num, **args)
    ref_boxes, ref_scores = ref_yolo_box(x.astype(np.float64), img, anchors, class_num, **args)
    assert (ref_scores == 0).any() and (ref_scores > 0).any()  # the threshold splits the predictions
    np.testing.assert_allclose(boxes.numpy(), ref_boxes, **TOL[dtype])
    np.testing.assert_allclose(scores.numpy(), ref_scores, **TOL[dtype])


def sce(x, label):
    """Sigmoid cross-entropy of logit x against label."""
    return max(x, 0.0) - x * label + math.log1p(math.exp(-abs(x)))


def centre_iou(a, b):
    ix = min(a[0] + a[2] / 2, b[0] + b[2] / 2) - max(a[0] - a[2] / 2, b[0] - b[2] / 2)
    iy = min(a[1] + a[3] / 2, b[1] + b[3] / 2) - max(a[1] - a[3] / 2, b[1] - b[3] / 2)
    inter = ix * iy if ix > 0 and iy > 0 else 0.0
    return inter / (a[2] * a[3] + b[2] * b[3] - inter)


def ref_yolo_loss(x, gt_box, gt_label, anchors, anchor_mask, class_num, ignore_thresh, downsample_ratio,
                  gt_score=None, use_label_smooth=True, scale_x_y=1.0):
    n, _, h, w = x.shape
    feats = x.reshape(n, len(anchor_mask), 5 + class_num, h, w)
    size = downsample_ratio * h
    smooth = min(1.0 / class_num, 1.0 / 40) if use_label_smooth else 0.0
    shift = -0.5 * (scale_x_y - 1.0)
    loss = np.zeros(n)
    for b in range(n):
        objectness = np.zeros((len(anchor_mask), h, w))
        gts = [(t, g) for t, g in enumerate(gt_box[b]) if g[2] >= 1e-6 and g[3] >= 1e-6]
        for m, a in enumerate(anchor_mask):
            for i in range(h):
                for j in range(w):
                    f = feats[b, m, :, i, j]
                    pred = [(j + sigmoid(f[0]) * scale_x_y + shift) / w, (i + sigmoid(f[1]) * scale_x_y + shift) / h,
                            math.exp(f[2]) * anchors[2 * a] / size, math.exp(f[3]) * anchors[2 * a + 1] / size]
                    if any(centre_iou(pred, g) > ignore_thresh for _, g in gts):
                        objectness[m, i, j] = -1.0
        for t, g in gts:
            fits = [centre_iou([0, 0, g[2], g[3]], [0, 0, anchors[2 * k] / size, anchors[2 * k + 1] / size])
                    for k in range(len(anchors) // 2)]
            best = int(np.argmax(fits))
            if best not in anchor_mask:
                continue
            m, gi, gj = anchor_mask.index(best), int(g[0] * w), int(g[1] * h)
            score = 1.0 if gt_score is None else gt_score[b, t]
            f = feats[b, m, :, gj, gi]
            tw, th = math.log(g[2] * size / anchors[2 * best]), math.log(g[3] * size / anchors[2 * best + 1])
            loss[b] += (2.0 - g[2] * g[3]) * score * (sce(f[0], g[0] * w - gi) + sce(f[1], g[1] * h - gj)
                                                      + abs(f[2] - tw) + abs(f[3] - th))
            for k in range(class_num):
                loss[b] += sce(f[5 + k], 1.0 - smooth if k == gt_label[b, t] else smooth) * score
            objectness[m, gj, gi] = score
        for m in range(len(anchor_mask)):
            for i in range(h):
                for j in range(w):
                    if objectness[m, i, j] > 1e-5:
                        loss[b] += sce(feats[b, m, 4, i, j], 1.0) * objectness[m, i, j]
                    elif objectness[m, i, j] > -0.5:
                        loss[b] += sce(feats[b, m, 4, i, j], 0.0)
    return loss


YOLO_ANCHORS = [10, 13, 16, 30, 33, 23, 30, 61, 62, 45, 59, 119]


def yolo_inputs(rng, mask, class_num, n=2, size=4, count=5):
    x = rng.standard_normal((n, len(mask) * (5 + class_num), size, size))
    gt = np.concatenate([rng.random((n, count, 2)) * 0.9 + 0.05, rng.random((n, count, 2)) * 0.6 + 0.05], axis=-1)
    gt[0, -1] = 0  # an empty slot
    labels = rng.integers(0, class_num, (n, count)).astype(np.int32)
    return x, gt, labels, rng.random((n, count))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mask, class_num, use_score, smooth, scale, thresh", [
    ([0, 1, 2], 3, False, True, 1.0, 0.7), ([3, 4, 5], 4, True, False, 1.0, 0.5), ([1, 3], 2, True, True, 1.1, 0.3),
    ([0, 1, 2, 3, 4, 5], 1, False, True, 1.0, 0.1)])
def test_yolo_loss_matches_reference(dtype, mask, class_num, use_score, smooth, scale, thresh):
    x, gt, labels, score = yolo_inputs(np.random.default_rng(15), mask, class_num)
    score = score if use_score else None
    loss = ops.yolo_loss(T(x.astype(dtype)), T(gt.astype(dtype)), T(labels), YOLO_ANCHORS, mask, class_num, thresh, 32,
                         None if score is None else T(score.astype(dtype)), smooth, scale_x_y=scale)
    ref = ref_yolo_loss(x, gt.astype(dtype).astype(np.float64), labels, YOLO_ANCHORS, mask, class_num, thresh, 32,
                        score, smooth, scale)
    assert list(loss.shape) == [2] and loss.dtype == getattr(paddle, dtype)
    np.testing.assert_allclose(loss.numpy(), ref, **TOL[dtype])


def test_yolo_loss_value_from_paddle():
    # one box in the middle of a 2x2 map, every logit 0
    x = paddle.zeros([1, 2 * 6, 2, 2], "float64")
    gt = T([[[0.5, 0.5, 0.25, 0.5]]], "float64")
    loss = ops.yolo_loss(x, gt, T(np.array([[0]], np.int32)), [4, 8, 8, 4], [0, 1], 1, 0.5, 16)
    np.testing.assert_allclose(loss.numpy(), [11.43692848], rtol=1e-8)


def test_yolo_loss_gradient_matches_finite_differences():
    rng = np.random.default_rng(16)
    x, gt, labels, score = yolo_inputs(rng, [1, 2], 2, n=2, size=3, count=3)
    gt_t, labels_t, score_t = T(gt), T(labels), T(score)
    check_grads(lambda v: ops.yolo_loss(v, gt_t, labels_t, YOLO_ANCHORS, [1, 2], 2, 0.5, 32, score_t, True,
                                        scale_x_y=1.05), [x], rng)


# ---- proposals ------------------------------------------------------------------------------


def ref_generate_proposals(scores, deltas, img_size, anchors, variances, pre_nms_top_n=6000, post_nms_top_n=1000,
                           nms_thresh=0.5, min_size=0.1, eta=1.0, pixel_offset=False):
    n, a, h, w = scores.shape
    off = 1.0 if pixel_offset else 0.0
    anchors, variances = anchors.reshape(-1, 4), variances.reshape(-1, 4)
    rois, probs, counts = [], [], []
    for b in range(n):
        s = scores[b].transpose(1, 2, 0).reshape(-1)
        d = deltas[b].reshape(a, 4, h, w).transpose(2, 3, 0, 1).reshape(-1, 4)
        order = np.argsort(-s, kind="stable")
        if 0 < pre_nms_top_n < len(order):
            order = order[:pre_nms_top_n]
        ih, iw = img_size[b]
        props, kept_scores = [], []
        for i in order:
            an, v, dd = anchors[i], variances[i], d[i]
            aw, ah = an[2] - an[0] + off, an[3] - an[1] + off
            cx, cy = an[0] + 0.5 * aw + v[0] * dd[0] * aw, an[1] + 0.5 * ah + v[1] * dd[1] * ah
            pw = math.exp(min(v[2] * dd[2], math.log(1000.0 / 16.0))) * aw
            ph = math.exp(min(v[3] * dd[3], math.log(1000.0 / 16.0))) * ah
            x1, y1 = min(max(cx - pw / 2, 0), iw - off), min(max(cy - ph / 2, 0), ih - off)
            x2, y2 = min(max(cx + pw / 2 - off, 0), iw - off), min(max(cy + ph / 2 - off, 0), ih - off)
            bw, bh = x2 - x1 + off, y2 - y1 + off
            if bw < max(min_size, 1.0) or bh < max(min_size, 1.0):
                continue
            if pixel_offset and (x1 + bw / 2 > iw or y1 + bh / 2 > ih):
                continue
            props.append([x1, y1, x2, y2])
            kept_scores.append(s[i])
        if not props:  # Paddle's kernel answers one zero box
            props, kept_scores = [[0.0] * 4], [0.0]
        keep = ref_greedy_nms(props, nms_thresh, off, eta)
        if post_nms_top_n > 0:
            keep = keep[:post_nms_top_n]
        rois += [props[k] for k in keep]
        probs += [kept_scores[k] for k in keep]
        counts.append(len(keep))
    return np.array(rois).reshape(-1, 4), np.array(probs).reshape(-1, 1), np.array(counts)


def rpn_inputs(rng, n=2, a=3, h=4, w=5):
    scores = rng.random((n, a, h, w)).astype(np.float32)
    deltas = (rng.standard_normal((n, 4 * a, h, w)) * 0.5).astype(np.float32)
    cy, cx = np.meshgrid(np.arange(h) * 8 + 4, np.arange(w) * 8 + 4, indexing="ij")
    anchors = np.zeros((h, w, a, 4), np.float32)
    for k, (sw, sh) in enumerate([(8, 8), (16, 8), (8, 16)][:a]):
        anchors[:, :, k] = np.stack([cx - sw / 2, cy - sh / 2, cx + sw / 2, cy + sh / 2], -1)
    variances = (rng.random((h, w, a, 4)) * 0.5 + 0.5).astype(np.float32)
    return scores, deltas, np.array([[40.0, 50.0], [36.0, 30.0]][:n], np.float32), anchors, variances


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kwargs", [
    dict(), dict(pre_nms_top_n=20, post_nms_top_n=6, nms_thresh=0.6, min_size=3.0),
    dict(pixel_offset=True, nms_thresh=0.7, eta=0.9, min_size=4.0),
    dict(pixel_offset=True, pre_nms_top_n=30, post_nms_top_n=10, min_size=0.5)])
def test_generate_proposals_matches_reference(dtype, kwargs):
    inputs = [a.astype(dtype) for a in rpn_inputs(np.random.default_rng(17))]
    rois, probs, num = ops.generate_proposals(*[T(a) for a in inputs], return_rois_num=True, **kwargs)
    ref_rois, ref_probs, ref_num = ref_generate_proposals(*[a.astype(np.float64) for a in inputs], **kwargs)
    assert num.dtype == paddle.int32 and num.numpy().tolist() == ref_num.tolist()
    np.testing.assert_allclose(rois.numpy(), ref_rois, rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(probs.numpy(), ref_probs, rtol=1e-6)


def test_generate_proposals_without_survivors_gives_a_zero_box():
    scores, deltas, _, anchors, variances = rpn_inputs(np.random.default_rng(18), n=1, a=1, h=2, w=2)
    anchors[:] = [0, 0, 0.5, 0.5]  # every box is smaller than a pixel
    rois, probs = ops.generate_proposals(T(scores), T(deltas * 0), T(np.array([[10.0, 10.0]], np.float32)), T(anchors),
                                         T(variances))
    assert rois.numpy().tolist() == [[0.0, 0.0, 0.0, 0.0]] and probs.numpy().tolist() == [[0.0]]


def ref_distribute(rois, min_level, max_level, refer_level, refer_scale, pixel_offset=False, rois_num=None):
    off = 1.0 if pixel_offset else 0.0
    levels = []
    for r in rois:
        area = 0.0 if r[2] < r[0] or r[3] < r[1] else (r[2] - r[0] + off) * (r[3] - r[1] + off)
        level = math.floor(math.log2(math.sqrt(area) / refer_scale + 1e-6) + refer_level) if area else min_level
        levels.append(min(max(level, min_level), max_level))
    levels = np.array(levels)
    groups = [np.nonzero(levels == lvl)[0] for lvl in range(min_level, max_level + 1)]
    restore = np.argsort(np.concatenate(groups), kind="stable")[:, None]
    counts = None
    if rois_num is not None:
        image = image_of(rois_num)
        counts = [[int((image[g] == b).sum()) for b in range(len(rois_num))] for g in groups]
    return [rois[g] for g in groups], restore, counts


# sizes around the level boundaries, an inverted box, one just under half the reference scale
# (a level lower without Paddle's 1e-6) and one just under it by more
FPN_ROIS = np.array([[0, 0, 10, 10], [0, 0, 100, 100], [5, 5, 300, 400], [1, 1, 30, 60], [2, 2, 2, 2], [0, 0, 56, 56],
                     [0, 0, 223, 223], [0, 0, 224, 224], [3, 3, 1, 1], [0, 0, 112 * (1 - 1.8e-6), 112 * (1 - 1.8e-6)],
                     [0, 0, 112 * (1 - 4e-6), 112 * (1 - 4e-6)]])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kwargs", [dict(), dict(pixel_offset=True), dict(rois_num=[4, 7]),
                                    dict(rois_num=[4, 0, 7], pixel_offset=True)])
def test_distribute_fpn_proposals_matches_reference(dtype, kwargs):
    rois = FPN_ROIS.astype(dtype)
    counts = kwargs.pop("rois_num", None)
    multi, restore, per_level = ops.distribute_fpn_proposals(
        T(rois), 2, 5, 4, 224, rois_num=None if counts is None else T(np.array(counts, np.int32)), **kwargs)
    ref_multi, ref_restore, ref_counts = ref_distribute(rois.astype(np.float64), 2, 5, 4, 224, rois_num=counts,
                                                        **kwargs)
    assert [m.numpy().tolist() for m in multi] == [m.astype(dtype).tolist() for m in ref_multi]
    assert restore.dtype == paddle.int32 and restore.numpy().tolist() == ref_restore.tolist()
    assert (per_level is None) == (counts is None)
    if counts is not None:
        assert [c.numpy().tolist() for c in per_level] == ref_counts
    np.testing.assert_array_equal(paddle.concat(multi).numpy()[restore.numpy()[:, 0]], rois)


# ---- files and JPEG -----------------------------------------------------------------------


def test_read_file(tmp_path):
    path = tmp_path / "data.bin"
    payload = bytes(range(256)) + b"paddle"
    path.write_bytes(payload)
    data = ops.read_file(str(path))
    assert data.dtype == paddle.uint8 and data.numpy().tobytes() == payload
    with pytest.raises(FileNotFoundError, match=r"^\[read_file\]"):
        ops.read_file(str(tmp_path / "missing.jpg"))
    with pytest.raises(TypeError, match=r"^\[read_file\] argument 'filename': expected a str, but got int"):
        ops.read_file(3)


def test_decode_jpeg_with_pillow(tmp_path):
    from PIL import Image

    path = tmp_path / "flat.jpg"
    Image.new("RGB", (6, 4), (200, 40, 90)).save(path, quality=100)
    data = ops.read_file(str(path))
    rgb = ops.decode_jpeg(data)
    assert rgb.dtype == paddle.uint8 and list(rgb.shape) == [3, 4, 6]
    np.testing.assert_allclose(rgb.numpy()[:, 0, 0], [200, 40, 90], atol=3)
    gray = ops.decode_jpeg(data, mode="gray")
    assert list(gray.shape) == [1, 4, 6]
    np.testing.assert_allclose(gray.numpy(), round(0.299 * 200 + 0.587 * 40 + 0.114 * 90), atol=3)
    with pytest.raises(ValueError, match=r"^\[decode_jpeg\] argument 'x': expected the bytes of a JPEG file"):
        ops.decode_jpeg(T(np.frombuffer(b"not an image", np.uint8)))


def test_decode_jpeg_rejects_bad_arguments():
    with pytest.raises(TypeError, match=r"^\[decode_jpeg\] argument 'x': expected a uint8 Tensor, but got float32"):
        ops.decode_jpeg(paddle.zeros([4]))
    with pytest.raises(ValueError, match=r"^\[decode_jpeg\] argument 'mode': expected one of .*, but got 'bgr'"):
        ops.decode_jpeg(paddle.zeros([4], "uint8"), mode="bgr")


# ---- argument errors ------------------------------------------------------------------------


def test_roi_argument_errors():
    x, boxes, num = roi_args("float32")
    with pytest.raises(ValueError, match=r"^\[roi_align\] argument 'boxes_num': expected non-negative counts summing "
                                         r"to the number of boxes \(5\), but got \[2, 2\]"):
        ops.roi_align(x, boxes, T(np.array([2, 2], np.int32)), 2)
    with pytest.raises(ValueError, match=r"^\[roi_pool\] argument 'boxes_num': expected 2 counts .*, but got 1"):
        ops.roi_pool(x, boxes, T(np.array([5], np.int32)), 2)
    with pytest.raises(ValueError, match=r"^\[roi_align\] argument 'x': expected a 4-D Tensor, but got shape "
                                         r"\[8, 9, 11\]"):
        ops.roi_align(x[0], boxes, num, 2)
    with pytest.raises(ValueError, match=r"^\[roi_pool\] argument 'boxes': expected the last dimension to be 4, but "
                                         r"got shape \[5, 3\]"):
        ops.roi_pool(x, boxes[:, :3], num, 2)
    with pytest.raises(TypeError, match=r"^\[psroi_pool\] argument 'boxes_num': expected an integer Tensor, but got "
                                        r"float32"):
        ops.psroi_pool(x, boxes, T([2.0, 3.0]), 2)
    with pytest.raises(ValueError, match=r"^\[psroi_pool\] argument 'x': expected channels divisible by .* \(9\), but "
                                         r"got shape \[2, 8, 9, 11\]"):
        ops.psroi_pool(x, boxes, num, 3)
    with pytest.raises(ValueError, match=r"^\[roi_align\] argument 'output_size': expected ints >= 1, but got 0"):
        ops.roi_align(x, boxes, num, 0)
    with pytest.raises(TypeError, match=r"^\[roi_align\] argument 'x': expected a float32 or float64 Tensor, but got "
                                        r"int64"):
        ops.roi_align(x.astype("int64"), boxes, num, 2)
    with pytest.raises(TypeError, match=r"^\[RoIAlign\] argument 'output_size': expected an int or a list of ints"):
        ops.RoIAlign("7")


def test_deform_conv2d_argument_errors():
    x, w = paddle.zeros([1, 4, 5, 5]), paddle.zeros([2, 4, 3, 3])
    with pytest.raises(ValueError, match=r"^\[deform_conv2d\] argument 'offset': expected shape \[1, 18, 3, 3\], but "
                                         r"got \[1, 18, 5, 5\]"):
        ops.deform_conv2d(x, paddle.zeros([1, 18, 5, 5]), w)
    with pytest.raises(ValueError, match=r"^\[deform_conv2d\] argument 'mask': expected shape \[1, 9, 3, 3\], but got "
                                         r"\[1, 18, 3, 3\]"):
        ops.deform_conv2d(x, paddle.zeros([1, 18, 3, 3]), w, mask=paddle.zeros([1, 18, 3, 3]))
    with pytest.raises(ValueError, match=r"^\[deform_conv2d\] argument 'weight': expected 4 input channels per group, "
                                         r"but got shape \[2, 2, 3, 3\]"):
        ops.deform_conv2d(x, paddle.zeros([1, 18, 3, 3]), paddle.zeros([2, 2, 3, 3]))
    with pytest.raises(TypeError, match=r"^\[deform_conv2d\] argument 'offset': expected float32 \(the dtype of 'x'\), "
                                        r"but got float64"):
        ops.deform_conv2d(x, paddle.zeros([1, 18, 3, 3], "float64"), w)
    with pytest.raises(ValueError, match=r"^\[DeformConv2D\] argument 'in_channels': expected a multiple of groups "
                                         r"\(2\), but got 3"):
        ops.DeformConv2D(3, 4, 3, groups=2)


def test_nms_argument_errors():
    boxes, scores = paddle.zeros([4, 4]), paddle.zeros([4])
    with pytest.raises(ValueError, match=r"^\[nms\] argument 'boxes': expected the last dimension to be 4, but got "
                                         r"shape \[4, 5\]"):
        ops.nms(paddle.zeros([4, 5]))
    with pytest.raises(ValueError, match=r"^\[nms\] argument 'scores': expected shape \[4\], but got \[3\]"):
        ops.nms(boxes, 0.5, paddle.zeros([3]))
    with pytest.raises(ValueError, match=r"^\[nms\] argument 'categories': expected the list of categories"):
        ops.nms(boxes, 0.5, scores, T([0, 0, 1, 1]))
    with pytest.raises(ValueError, match=r"^\[nms\] argument 'top_k': expected at most the number of boxes \(4\), but "
                                         r"got 5"):
        ops.nms(boxes, 0.5, scores, T([0, 0, 1, 1]), [0, 1], top_k=5)
    with pytest.raises(ValueError, match=r"^\[matrix_nms\] argument 'scores': expected shape \[1, C, 3\] .*, but got "
                                         r"\[1, 2, 4\]"):
        ops.matrix_nms(paddle.zeros([1, 3, 4]), paddle.zeros([1, 2, 4]), 0.1, 0.1, -1, -1)


def test_box_and_yolo_argument_errors():
    prior = paddle.zeros([3, 4])
    with pytest.raises(ValueError, match=r"^\[box_coder\] argument 'prior_box_var': expected 4 numbers, but got 3"):
        ops.box_coder(prior, [0.1, 0.1, 0.2], paddle.zeros([2, 4]))
    with pytest.raises(ValueError, match=r"^\[box_coder\] argument 'code_type': expected one of .*, but got 'foo'"):
        ops.box_coder(prior, [0.1] * 4, paddle.zeros([2, 4]), "foo")
    with pytest.raises(ValueError, match=r"^\[box_coder\] argument 'target_box': expected dimension 1 to be the number "
                                         r"of priors \(3\) with axis=0, but got shape \[2, 4, 4\]"):
        ops.box_coder(prior, [0.1] * 4, paddle.zeros([2, 4, 4]), "decode_center_size")
    with pytest.raises(ValueError, match=r"^\[prior_box\] argument 'max_sizes': expected one size larger than each "
                                         r"min size \[4.0\], but got \[2.0\]"):
        ops.prior_box(paddle.zeros([1, 2, 2, 2]), paddle.zeros([1, 3, 8, 8]), [4.0], [2.0])
    with pytest.raises(ValueError, match=r"^\[yolo_box\] argument 'x': expected 14 channels .*, but got shape "
                                         r"\[1, 13, 2, 2\]"):
        ops.yolo_box(paddle.zeros([1, 13, 2, 2]), T(np.array([[8, 8]], np.int32)), [2, 2, 4, 4], 2, 0.1, 4)
    with pytest.raises(ValueError, match=r"^\[yolo_loss\] argument 'anchor_mask': expected indices of the 2 anchors, "
                                         r"but got \[0, 2\]"):
        ops.yolo_loss(paddle.zeros([1, 12, 2, 2]), paddle.zeros([1, 1, 4]), T(np.zeros((1, 1), np.int32)),
                      [2, 2, 4, 4], [0, 2], 1, 0.5, 8)
    with pytest.raises(ValueError, match=r"^\[yolo_loss\] argument 'x': expected a square map \(H == W\), but got "
                                         r"shape \[1, 12, 2, 3\]"):
        ops.yolo_loss(paddle.zeros([1, 12, 2, 3]), paddle.zeros([1, 1, 4]), T(np.zeros((1, 1), np.int32)),
                      [2, 2, 4, 4], [0, 1], 1, 0.5, 8)


def test_proposal_argument_errors():
    scores, deltas, img, anchors, variances = [T(a) for a in rpn_inputs(np.random.default_rng(19))]
    with pytest.raises(ValueError, match=r"^\[generate_proposals\] argument 'anchors': expected shape \[4, 5, 3, 4\], "
                                         r"but got \[4, 5, 2, 4\]"):
        ops.generate_proposals(scores, deltas, img, anchors[:, :, :2], variances)
    with pytest.raises(ValueError, match=r"^\[distribute_fpn_proposals\] argument 'max_level': expected more than "
                                         r"min_level \(3\), but got 3"):
        ops.distribute_fpn_proposals(T(FPN_ROIS), 3, 3, 4, 224)
    with pytest.raises(ValueError, match=r"^\[distribute_fpn_proposals\] argument 'rois_num': expected non-negative "
                                         r"counts summing to the number of RoIs \(11\), but got \[3\]"):
        ops.distribute_fpn_proposals(T(FPN_ROIS), 2, 5, 4, 224, rois_num=T(np.array([3], np.int32)))
