"""Samples for the gathers and scatters (paddle/phi/ops/yaml/index.yaml) and
their Python wrappers; references are NumPy's take/put along axis and fancy
indexing."""

from __future__ import annotations

import numpy as np

import paddle
import paddle.nn.functional as F
from op_test import ALL, FLOATS, ErrorCase, OpSample, make_input

INDEXABLE = ALL


def _t(*shape, dtype="float32"):
    return paddle.to_tensor(np.ones(shape, dtype=dtype))


def _i(values):
    return paddle.to_tensor(np.asarray(values, dtype=np.int64))


def _with_index(index_shape, bound_dim, negative=False, dtype_index="int64"):
    """Inputs (x, index): index values in range for x's dim `bound_dim` of the first shape."""
    def make(rng, dtype, shapes):
        x = make_input(rng, shapes[0], dtype, -3, 3)
        n = shapes[0][bound_dim]
        lo = -n if negative else 0
        index = rng.integers(lo, n, size=index_shape(shapes)).astype(dtype_index)
        return [x, index]
    return make


def _np_put_along_axis(arr, indices, values, axis, add):
    out = arr.copy()
    rest = [range(d) for i, d in enumerate(indices.shape) if i != axis]
    for pos in np.ndindex(*[len(r) for r in rest]):
        for j in range(indices.shape[axis]):
            idx = list(pos[:axis]) + [j] + list(pos[axis:])
            target = list(pos[:axis]) + [indices[tuple(idx)]] + list(pos[axis:])
            out[tuple(target)] = out[tuple(target)] + values[tuple(idx)] if add else values[tuple(idx)]
    return out


def _put_inputs(rng, dtype, shapes):
    arr = make_input(rng, shapes[0], dtype, -3, 3)
    indices = rng.integers(0, shapes[0][1], size=shapes[1]).astype(np.int64)
    values = make_input(rng, shapes[1], dtype, -3, 3)
    return [arr, indices, values]


def _np_index_add(x, index, axis, value):
    out = x.copy()
    for j, k in enumerate(index):
        sl = [slice(None)] * x.ndim
        sl_v = [slice(None)] * x.ndim
        sl[axis], sl_v[axis] = k, j
        out[tuple(sl)] = out[tuple(sl)] + value[tuple(sl_v)]
    return out


def _np_scatter_nd_add(x, index, updates):
    out = x.copy()
    k = index.shape[-1]
    flat_index = index.reshape(-1, k)
    flat_updates = updates.reshape((flat_index.shape[0],) + x.shape[k:])
    for row, u in zip(flat_index, flat_updates):
        out[tuple(row)] = out[tuple(row)] + u
    return out


def _nd_inputs(with_updates):
    def make(rng, dtype, shapes):
        x = make_input(rng, shapes[0], dtype, -3, 3)
        k = shapes[1][-1]
        index = np.stack([rng.integers(0, shapes[0][j], size=shapes[1][:-1]) for j in range(k)],
                         axis=-1).astype(np.int64)
        if not with_updates:
            return [x, index]
        return [x, index, make_input(rng, shapes[1][:-1] + shapes[0][k:], dtype, -3, 3)]
    return make


def _greedy_nms(boxes, threshold=0.4):
    """Positions greedy NMS keeps, taking the boxes (x1, y1, x2, y2) in order."""
    b = boxes.astype(np.float64)
    area = np.where((b[:, 2] >= b[:, 0]) & (b[:, 3] >= b[:, 1]), (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1]), 0.0)
    kept = []
    for i in range(len(b)):
        k = np.array(kept, dtype=np.int64)
        width = np.minimum(b[i, 2], b[k, 2]) - np.maximum(b[i, 0], b[k, 0])
        height = np.minimum(b[i, 3], b[k, 3]) - np.maximum(b[i, 1], b[k, 1])
        inter = np.clip(width, 0, None) * np.clip(height, 0, None)
        union = area[i] + area[k] - inter
        if not np.any((union > 0) & (inter > threshold * union)):
            kept.append(i)
    return np.array(kept, dtype=np.int64)


def _random_boxes(rng, dtype, shapes):
    corners = rng.uniform(0, 6, (shapes[0][0], 2))
    return [np.concatenate([corners, corners + rng.uniform(0.5, 3, (shapes[0][0], 2))], 1).astype(dtype)]


SAMPLES = [
    OpSample("take_along_axis", lambda x, i: paddle.take_along_axis(x, i, axis=1),
             lambda x, i: np.take_along_axis(x, i, axis=1), [[(3, 4), (3, 2)], [(2, 5, 3), (2, 7, 3)]], INDEXABLE,
             make_inputs=_with_index(lambda s: s[1], 1, negative=True), errors=[
                 ErrorCase(lambda: paddle.take_along_axis(_t(2, 3), _i([[3]]), 1), IndexError,
                           r"\[take_along_axis\] indices holds 3, out of range for a dim of size 3"),
                 ErrorCase(lambda: paddle.take_along_axis(_t(2, 3), _t(2, 1), 1), TypeError,
                           r"\[take_along_axis\] indices must be an int32 or int64 tensor"),
                 ErrorCase(lambda: paddle.take_along_axis(_t(2, 3), _i([1]), 1), ValueError,
                           r"\[take_along_axis\] indices must have the rank of arr"),
                 ErrorCase(lambda: paddle.take_along_axis(_t(2, 3), _i([[1]]), 2), IndexError,
                           r"\[take_along_axis\] axis 2 is out of range")]),
    OpSample("take_along_axis_broadcast", lambda x, i: paddle.take_along_axis(x, i, axis=0),
             lambda x, i: np.take_along_axis(x, np.broadcast_to(i, (i.shape[0], x.shape[1])), axis=0),
             [[(4, 3), (2, 1)]], FLOATS, make_inputs=_with_index(lambda s: s[1], 0)),
    OpSample("put_along_axis", lambda a, i, v: paddle.put_along_axis(a, i, v, axis=1),
             lambda a, i, v: _np_put_along_axis(a, i, v, 1, False), [[(3, 4), (3, 6)], [(2, 3, 2), (2, 5, 2)]],
             INDEXABLE, make_inputs=_put_inputs, errors=[
                 ErrorCase(lambda: paddle.put_along_axis(_t(2, 3), _i([[1]]), 1.0, 1, reduce="mul"), ValueError,
                           r"\[put_along_axis\] argument 'reduce'"),
                 ErrorCase(lambda: paddle.put_along_axis(_t(2, 3), _i([[-4]]), 1.0, 1), IndexError,
                           r"\[put_along_axis\] indices holds -4")]),
    OpSample("put_along_axis_add", lambda a, i, v: paddle.put_along_axis(a, i, v, axis=1, reduce="add"),
             lambda a, i, v: _np_put_along_axis(a, i, v, 1, True), [[(3, 4), (3, 6)]],
             ("float32", "float64", "int32", "int64"), make_inputs=_put_inputs),
    OpSample("index_select", lambda x, i: paddle.index_select(x, i, axis=1),
             lambda x, i: np.take(x, i, axis=1), [[(3, 4), (5,)], [(2, 3, 2), (2,)], [(2, 0), (0,)]], INDEXABLE,
             make_inputs=lambda rng, dtype, shapes: [
                 make_input(rng, shapes[0], dtype, -3, 3),
                 rng.integers(0, max(shapes[0][1], 1), size=shapes[1]).astype(np.int32)], errors=[
                 ErrorCase(lambda: paddle.index_select(_t(2, 3), _i([[0]]), 0), ValueError,
                           r"\[index_select\] index must be 1-D"),
                 ErrorCase(lambda: paddle.index_select(_t(2, 3), _i([2]), 0), IndexError,
                           r"\[take_along_axis\] indices holds 2")], covers=("broadcast_view",)),
    OpSample("index_add", lambda x, i, v: paddle.index_add(x, i, 0, v), lambda x, i, v: _np_index_add(x, i, 0, v),
             [[(4, 3), (6,), (6, 3)]], ("float32", "float64", "int64"),
             make_inputs=lambda rng, dtype, shapes: [
                 make_input(rng, shapes[0], dtype, -3, 3), rng.integers(0, 4, size=shapes[1]).astype(np.int64),
                 make_input(rng, shapes[2], dtype, -3, 3)]),
    OpSample("gather", lambda x, i: paddle.gather(x, i), lambda x, i: x[i], [[(4, 3), (5,)], [(3,), (2,)]],
             INDEXABLE, make_inputs=_with_index(lambda s: s[1], 0)),
    OpSample("gather_nd", paddle.gather_nd, lambda x, i: x[tuple(np.moveaxis(i, -1, 0))],
             [[(3, 4, 2), (5, 2)], [(3, 4), (2, 3, 1)], [(3, 4), (2,)]], INDEXABLE, make_inputs=_nd_inputs(False), errors=[
                 ErrorCase(lambda: paddle.gather_nd(_t(2, 3), _i([[0, 3]])), IndexError,
                           r"\[gather_nd\] index holds 3, out of range for a dim of size 3"),
                 ErrorCase(lambda: paddle.gather_nd(_t(2, 3), _i([[0, 0, 0]])), ValueError,
                           r"\[gather_nd\] index.shape\[-1\] \(3\) must not exceed the rank of x \(2\)")]),
    OpSample("scatter_nd_add", paddle.scatter_nd_add, _np_scatter_nd_add, [[(4, 3), (6, 1)], [(3, 4, 2), (5, 2)]],
             ("float32", "float64", "int32", "int64"), make_inputs=_nd_inputs(True), errors=[
                 ErrorCase(lambda: paddle.scatter_nd_add(_t(3), _i([[0]]), _t(2)), ValueError,
                           r"\[put_nd\] updates.shape")], covers=("put_nd",)),
    OpSample("scatter_overwrite", lambda x, i, u: paddle.scatter(x, i, u),
             lambda x, i, u: _np_put_along_axis(x, np.broadcast_to(i[:, None], u.shape), u, 0, False),
             [[(5, 3), (4,), (4, 3)]], INDEXABLE, make_inputs=lambda rng, dtype, shapes: [
                 make_input(rng, shapes[0], dtype, -3, 3), rng.permutation(5)[:4].astype(np.int64),
                 make_input(rng, shapes[2], dtype, -3, 3)]),
    OpSample("masked_select", paddle.masked_select, lambda x, m: np.broadcast_to(x, np.broadcast_shapes(x.shape, m.shape))[
        np.broadcast_to(m, np.broadcast_shapes(x.shape, m.shape))], [[(3, 4), (3, 4)], [(3, 4), (4,)], [(), ()]],
             INDEXABLE, make_inputs=lambda rng, dtype, shapes: [
                 make_input(rng, shapes[0], dtype, -3, 3), rng.random(shapes[1]) > 0.5], errors=[
                 ErrorCase(lambda: paddle.masked_select(_t(2), _t(2)), TypeError,
                           r"\[masked_select\] argument 'mask': expected a bool tensor")]),
    OpSample("masked_fill", lambda x, m: paddle.masked_fill(x, m, 2.0), lambda x, m: np.where(m, 2, x).astype(x.dtype),
             [[(3, 4), (3, 4)], [(3, 4), (1, 4)]], FLOATS + ("int32", "int64"),
             make_inputs=lambda rng, dtype, shapes: [
                 make_input(rng, shapes[0], dtype, -3, 3), rng.random(shapes[1]) > 0.5]),
    OpSample("nms", lambda boxes: paddle.vision.ops.nms(boxes, 0.4), _greedy_nms, [[(60, 4)], [(0, 4)]],
             ["float32", "float64"], make_inputs=_random_boxes,
             errors=[ErrorCase(lambda: paddle._C_ops.nms(_t(4, 3), 0.4), ValueError,
                               r"\[nms\] x must hold boxes \[K, 4\]")]),
    OpSample("nonzero", paddle.nonzero, lambda x: np.argwhere(x), [[(3, 4)], [(5,)], [(2, 0)]], INDEXABLE,
             make_inputs=lambda rng, dtype, shapes: [
                 (make_input(rng, shapes[0], dtype, -1, 1) * (rng.random(shapes[0]) > 0.5)).astype(
                     "float32" if dtype == "bfloat16" else dtype)]),
    OpSample("embedding", lambda i, w: F.embedding(i, w), lambda i, w: w[i], [[(2, 3), (5, 4)]],
             ("float32", "float64"), make_inputs=lambda rng, dtype, shapes: [
                 rng.integers(0, 5, size=shapes[0]).astype(np.int64), make_input(rng, shapes[1], dtype, -1, 1)],
             errors=[ErrorCase(lambda: F.embedding(_i([5]), _t(5, 2)), IndexError,
                             r"\[embedding\] x holds 5, out of range for a dim of size 5 \(valid: 0 to 4\)"),
                     ErrorCase(lambda: F.embedding(_i([-1]), _t(5, 2)), IndexError, r"\[embedding\] x holds -1"),
                     ErrorCase(lambda: F.embedding(_i([0]), _t(0, 2)), IndexError,
                               r"\[embedding\] x holds 0, out of range for a dim of size 0"),
                     ErrorCase(lambda: F.embedding(_t(2), _t(5, 2)), TypeError, r"\[embedding\] x must be an int32 or int64")]),
    OpSample("embedding_padding", lambda i, w: F.embedding(i, w, padding_idx=1),
             lambda i, w: np.where((i == 1)[..., None], 0, w[i]), [[(4,), (3, 2)]], ("float32", "float64"),
             make_inputs=lambda rng, dtype, shapes: [
                 np.array([1, 0, 2, 1]), make_input(rng, shapes[1], dtype, -1, 1)]),
    OpSample("one_hot", lambda i: F.one_hot(i, 4), lambda i: np.eye(4, dtype=np.float32)[i], [[(3,)], [(2, 3)]],
             ("int32", "int64"), low=0, high=3, errors=[
                 ErrorCase(lambda: F.one_hot(_i([4]), 4), ValueError,
                           r"\[one_hot\] labels must be in \[0, 4\), but x holds 4"),
                 ErrorCase(lambda: F.one_hot(_t(2), 4), TypeError, r"\[one_hot\] x must be an int32 or int64")]),
]

GRAD_SAMPLES = {"put_along_axis", "put_along_axis_add", "scatter_overwrite", "masked_fill", "embedding",
                "embedding_padding"}
GRAD2_SAMPLES = {"take_along_axis", "take_along_axis_broadcast", "index_select", "index_add", "gather",
                 "gather_nd", "scatter_nd_add", "masked_select"}
