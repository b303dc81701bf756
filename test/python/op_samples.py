"""Samples for every op of the spine: what to call, the NumPy reference, the
shapes (with broadcasting), the dtypes, and the bad inputs."""

from __future__ import annotations

import math

import numpy as np

import op_samples_compose
import op_samples_fft
import op_samples_index
import op_samples_linalg
import op_samples_nn
import op_samples_sort
import paddle
from op_test import ALL, COMPLEX, FLOATS, INTS, ErrorCase, OpSample, make_input

REAL = INTS + FLOATS
NUMERIC = REAL + COMPLEX
BINARY_SHAPES = [[(3, 4), (3, 4)], [(2, 3, 4), (4,)], [(3, 1), (1, 4)], [(), (5,)], [(0, 3), (3,)]]
UNARY_SHAPES = [[(3, 4)], [(2, 3, 5)], [()], [(0,)]]


def _t(*shape, dtype="float32"):
    return paddle.to_tensor(np.ones(shape, dtype=dtype))


def _binary_errors(op, fn):
    return [
        ErrorCase(lambda: fn(_t(2, 3), _t(4)), ValueError, rf"\[{op}\].*broadcast"),
        ErrorCase(lambda: fn(_t(2), [1.0, 2.0]), TypeError, rf"\[{op}\] argument 'y'"),
        ErrorCase(lambda: fn("x", _t(2)), TypeError, rf"\[{op}\] argument 'x'"),
    ]


def _nonzero_divisor(rng, dtype, shapes):
    x = make_input(rng, shapes[0], dtype, -9, 9)
    y = make_input(rng, shapes[1], dtype, 1, 4)
    if dtype not in ("uint8",):
        sign = np.where(rng.random(shapes[1]) > 0.5, 1, -1).astype(y.dtype) if y.ndim else 1
        y = (y * sign).astype(y.dtype)
    return [x, y]


def _true_divide(x, y):
    """Integers divide exactly, in the default float dtype, as in Paddle 3.x."""
    if x.dtype.kind in "iu":
        return (x.astype(np.float64) / y.astype(np.float64)).astype(np.float32)
    return x / y


def _pow_inputs(rng, dtype, shapes):
    if dtype in INTS:
        return [make_input(rng, shapes[0], dtype, 0, 4), make_input(rng, shapes[1], dtype, 0, 3)]
    if dtype in COMPLEX:
        return [make_input(rng, s, dtype, 0.5, 2) for s in shapes]
    return [make_input(rng, shapes[0], dtype, 0.5, 2), make_input(rng, shapes[1], dtype, -2, 2)]


def _with_ties(rng, dtype, shapes):
    """Comparison inputs where about half the elements are equal."""
    x = make_input(rng, shapes[0], dtype, -3, 3)
    y = make_input(rng, shapes[1], dtype, -3, 3)
    if x.shape == y.shape and x.size:
        mask = rng.random(x.shape) > 0.5
        y = np.where(mask, x, y).astype(y.dtype)
    return [x, y]


def _softmax(x, axis):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def _conv2d(x, w, stride=(1, 1), padding=(0, 0, 0, 0), dilation=(1, 1), groups=1):
    """Direct NCHW cross-correlation; padding is [top, left, bottom, right]."""
    n, c, h, wd = x.shape
    oc, cg, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (padding[0], padding[2]), (padding[1], padding[3])))
    oh = (xp.shape[2] - (dilation[0] * (kh - 1) + 1)) // stride[0] + 1
    ow = (xp.shape[3] - (dilation[1] * (kw - 1) + 1)) // stride[1] + 1
    out = np.zeros((n, oc, oh, ow), dtype=np.result_type(x, w))
    per = oc // groups
    for o in range(oc):
        g = o // per
        for i in range(oh):
            for j in range(ow):
                ys = i * stride[0] + dilation[0] * np.arange(kh)
                xs = j * stride[1] + dilation[1] * np.arange(kw)
                patch = xp[:, g * cg:(g + 1) * cg][:, :, ys][:, :, :, xs]
                out[:, o, i, j] = np.sum(patch * w[o], axis=(1, 2, 3))
    return out


def _nhwc(x):
    return np.ascontiguousarray(np.transpose(x, (0, 2, 3, 1)))


def _nchw(x):
    return np.ascontiguousarray(np.transpose(x, (0, 3, 1, 2)))


def _max_pool_nhwc(x, kernel, stride, padding, ceil_mode):
    """Max over windows of an NHWC x, padding [top, bottom, left, right] never winning; the last window of
    ceil_mode starts inside the padded input."""
    n, h, w, c = x.shape
    sizes = []
    for size, k, s, before, after in ((h, kernel[0], stride[0], padding[0], padding[1]),
                                      (w, kernel[1], stride[1], padding[2], padding[3])):
        span = size + before + after - k
        out = (-(-span // s) if ceil_mode else span // s) + 1
        if ceil_mode and (out - 1) * s >= size + before:
            out -= 1
        sizes.append(out)
    out = np.full((n, sizes[0], sizes[1], c), -np.inf, dtype=x.dtype)
    for i in range(sizes[0]):
        for j in range(sizes[1]):
            r0, c0 = i * stride[0] - padding[0], j * stride[1] - padding[2]
            window = x[:, max(r0, 0):max(r0 + kernel[0], 0), max(c0, 0):max(c0 + kernel[1], 0)]
            out[:, i, j] = window.max(axis=(1, 2))
    return out


_erf = np.vectorize(math.erf, otypes=[np.float64])


def _where_inputs(rng, dtype, shapes):
    return [rng.random(shapes[0]) > 0.5] + [make_input(rng, s, dtype, -3, 3) for s in shapes[1:]]


def _softplus(x, beta=1.0, threshold=20.0):
    return np.where(beta * x > threshold, x, np.log1p(np.exp(np.minimum(beta * x, threshold))) / beta)


def _with_specials(rng, dtype, shape):
    """Random values with NaN, +inf and -inf sprinkled in (floating dtypes)."""
    a = np.asarray(make_input(rng, shape, dtype, -3, 3))
    if a.dtype.kind == "f" and a.size:
        flat = a.reshape(-1)
        picks = rng.integers(0, 4, flat.size)
        specials = np.array([np.nan, np.inf, -np.inf], dtype=np.float32)
        flat[picks < 3] = specials[picks[picks < 3]].astype(a.dtype)
    if a.dtype.kind == "c" and a.size:  # specials in the real part of some, the imaginary part of others
        flat = a.reshape(-1)
        picks = rng.integers(0, 8, flat.size)
        specials = np.array([np.nan, np.inf, -np.inf])
        flat.real[picks < 3] = specials[picks[picks < 3]]
        flat.imag[(picks >= 3) & (picks < 6)] = specials[picks[(picks >= 3) & (picks < 6)] - 3]
    return a


def _with_nans(rng, dtype, shape):
    a = np.asarray(make_input(rng, shape, dtype, -3, 3))
    a.reshape(-1)[::3] = np.nan
    return a


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


SAMPLES = [
    OpSample("add", paddle.add, np.add, BINARY_SHAPES, ALL, errors=_binary_errors("add", paddle.add)),
    OpSample("subtract", paddle.subtract, np.subtract, BINARY_SHAPES, NUMERIC,
             errors=_binary_errors("subtract", paddle.subtract)),
    OpSample("multiply", paddle.multiply, np.multiply, BINARY_SHAPES, ALL,
             errors=_binary_errors("multiply", paddle.multiply)),
    OpSample("divide", paddle.divide, _true_divide, BINARY_SHAPES, NUMERIC,
             make_inputs=_nonzero_divisor, errors=_binary_errors("divide", paddle.divide) + [
                 ErrorCase(lambda: paddle.divide(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 3]), rounding_mode="up"),
                           ValueError, r"\[divide\] argument 'rounding_mode': expected None, 'trunc' or 'floor'")]),
    OpSample("pow", paddle.pow, np.power, BINARY_SHAPES, NUMERIC, make_inputs=_pow_inputs, covers=("elementwise_pow",)),
    OpSample("pow_scalar", lambda x: paddle.pow(x, 3), lambda x: np.power(x, 3), UNARY_SHAPES, NUMERIC,
             low=-2, high=2),
    OpSample("atan2", paddle.atan2, np.arctan2, BINARY_SHAPES, FLOATS),
    OpSample("fmax", paddle.fmax, np.fmax, BINARY_SHAPES, REAL, make_inputs=lambda rng, dtype, shapes: [
        _with_specials(rng, dtype, shapes[0]), make_input(rng, shapes[1], dtype, -3, 3)]),
    OpSample("fmin", paddle.fmin, np.fmin, BINARY_SHAPES, REAL, make_inputs=lambda rng, dtype, shapes: [
        _with_specials(rng, dtype, shapes[0]), make_input(rng, shapes[1], dtype, -3, 3)]),
    # Without NaNs and infinities, where the gradients are finite.
    OpSample("fmax_smooth", paddle.fmax, np.fmax, [[(3, 4), (3, 4)], [(2, 3), (3,)]], ("float32", "float64")),
    OpSample("fmin_smooth", paddle.fmin, np.fmin, [[(3, 4), (3, 4)], [(2, 3), (3,)]], ("float32", "float64")),
    OpSample("floor_divide", paddle.floor_divide, np.floor_divide, BINARY_SHAPES, REAL, make_inputs=_nonzero_divisor,
             errors=[ErrorCase(lambda: paddle.floor_divide(paddle.to_tensor([1]), paddle.to_tensor([0])), ValueError,
                               r"\[floor_divide\] integer division by zero")]),
    OpSample("remainder", paddle.remainder, np.remainder, BINARY_SHAPES, REAL, make_inputs=_nonzero_divisor),
    OpSample("lerp", paddle.lerp, lambda x, y, w: x + w * (y - x),
             [[(3, 4), (3, 4), (3, 4)], [(2, 3), (3,), ()]], ("float32", "float64")),
    OpSample("maximum", paddle.maximum, np.maximum, BINARY_SHAPES, REAL,
             errors=_binary_errors("maximum", paddle.maximum)),
    OpSample("minimum", paddle.minimum, np.minimum, BINARY_SHAPES, REAL,
             errors=_binary_errors("minimum", paddle.minimum)),
    OpSample("equal", paddle.equal, np.equal, BINARY_SHAPES, ALL, make_inputs=_with_ties),
    OpSample("not_equal", paddle.not_equal, np.not_equal, BINARY_SHAPES, ALL, make_inputs=_with_ties),
    OpSample("less_than", paddle.less_than, np.less, BINARY_SHAPES, ("bool",) + REAL, make_inputs=_with_ties),
    OpSample("less_equal", paddle.less_equal, np.less_equal, BINARY_SHAPES, ("bool",) + REAL,
             make_inputs=_with_ties),
    OpSample("greater_than", paddle.greater_than, np.greater, BINARY_SHAPES, ("bool",) + REAL,
             make_inputs=_with_ties, errors=[
                 ErrorCase(lambda: paddle.greater_than(_t(2, dtype="complex64"), _t(2, dtype="complex64")),
                           NotImplementedError, r"\[greater_than\] no kernel for \(CPU, complex64\)")]),
    OpSample("greater_equal", paddle.greater_equal, np.greater_equal, BINARY_SHAPES, ("bool",) + REAL,
             make_inputs=_with_ties),
    OpSample("logical_and", paddle.logical_and, np.logical_and, BINARY_SHAPES, ALL),
    OpSample("logical_or", paddle.logical_or, np.logical_or, BINARY_SHAPES, ALL),
    OpSample("logical_not", paddle.logical_not, np.logical_not, UNARY_SHAPES, ALL),
    OpSample("exp", paddle.exp, np.exp, UNARY_SHAPES, FLOATS + COMPLEX, errors=[
        ErrorCase(lambda: paddle.exp([1.0]), TypeError, r"\[exp\] argument 'x': expected Tensor, but got list")]),
    OpSample("log", paddle.log, np.log, UNARY_SHAPES, FLOATS + COMPLEX, low=0.1, high=5),
    OpSample("sqrt", paddle.sqrt, np.sqrt, UNARY_SHAPES, FLOATS + COMPLEX, low=0.0, high=5),
    OpSample("abs", paddle.abs, np.abs, UNARY_SHAPES, NUMERIC),
    OpSample("neg", paddle.neg, np.negative, UNARY_SHAPES, ("int8", "int16", "int32", "int64") + FLOATS + COMPLEX),
    # Paddle's scale (what a model file of Paddle's holds for x * 2.5 + 0.5), both orders of the bias
    OpSample("scale", lambda x: paddle._C_ops.scale(x, 2.5, 0.5, True), lambda x: x * 2.5 + 0.5, UNARY_SHAPES,
             FLOATS, errors=[ErrorCase(lambda: paddle._C_ops.scale([1.0], 2.0), TypeError, r"scale")]),
    OpSample("scale_bias_first", lambda x: paddle._C_ops.scale(x, -2.0, 1.5, False), lambda x: (x + 1.5) * -2.0,
             UNARY_SHAPES, FLOATS),
    OpSample("tanh", paddle.tanh, np.tanh, UNARY_SHAPES, FLOATS + COMPLEX),
    OpSample("sigmoid", paddle.nn.functional.sigmoid, _sigmoid, UNARY_SHAPES, FLOATS + COMPLEX, low=-8, high=8),
    OpSample("softmax", lambda x: paddle.nn.functional.softmax(x, axis=1), lambda x: _softmax(x, 1),
             [[(3, 4)], [(2, 3, 5)], [(2, 1, 3)]], FLOATS, low=-5, high=5, covers=("softmax_grad",), errors=[
                 ErrorCase(lambda: paddle.nn.functional.softmax(_t(2, 3, dtype="int64")), TypeError,
                           r"\[softmax\] x must be a floating-point tensor, but got int64"),
                 ErrorCase(lambda: paddle.nn.functional.softmax(_t(2, 3), axis=2), IndexError, r"\[softmax\] axis")]),
    OpSample("softmax_last", paddle.nn.functional.softmax, lambda x: _softmax(x, -1), [[(3, 4)], [(5,)], [()]],
             FLOATS, low=-30, high=30),
    OpSample("log_softmax", lambda x: paddle.nn.functional.log_softmax(x, axis=0),
             lambda x: np.log(_softmax(x, 0)), [[(3, 4)], [(4, 2, 3)]], FLOATS, low=-5, high=5),
    OpSample("relu", paddle.nn.functional.relu, lambda x: np.maximum(x, 0).astype(x.dtype), UNARY_SHAPES,
             FLOATS + ("int32", "int64"), covers=("relu_grad",)),
    OpSample("cast_float64", lambda x: paddle.cast(x, "float64"), lambda x: np.real(x).astype(np.float64),
             UNARY_SHAPES, ALL, errors=[
                 ErrorCase(lambda: paddle.cast(_t(2), "float31"), TypeError, r"\[cast\].*float31")]),
    OpSample("cast_int32", lambda x: x.astype("int32"), lambda x: np.real(x).astype(np.int32), UNARY_SHAPES,
             ("bool",) + REAL, low=-100, high=100),
    OpSample("cast_bool", lambda x: x.astype(paddle.bool), lambda x: x.astype(bool), UNARY_SHAPES, ALL),
    OpSample("cast_float16", lambda x: x.astype("float16"), lambda x: x.astype(np.float16),
             UNARY_SHAPES, ("float32", "float64", "int32")),
    # composite elementwise ops and activations
    OpSample("square", paddle.square, np.square, UNARY_SHAPES, FLOATS + ("int32", "int64") + COMPLEX, low=-5, high=5),
    OpSample("reciprocal", paddle.reciprocal, np.reciprocal, UNARY_SHAPES, FLOATS + COMPLEX, low=0.5, high=3),
    OpSample("rsqrt", paddle.rsqrt, lambda x: 1 / np.sqrt(x), UNARY_SHAPES, FLOATS, low=0.5, high=3),
    OpSample("silu", paddle.nn.functional.silu, lambda x: x * _sigmoid(x), UNARY_SHAPES, FLOATS),
    OpSample("swish", paddle.nn.functional.swish, lambda x: x * _sigmoid(x), UNARY_SHAPES, FLOATS),
    OpSample("clip", lambda x: paddle.clip(x, min=-1.5, max=2.0), lambda x: np.clip(x, -1.5, 2.0), UNARY_SHAPES,
             FLOATS, errors=[ErrorCase(lambda: paddle.clip(_t(2), min=2.0, max=1.0), ValueError,
                                       r"\[clip\] min \(2\) must not exceed max \(1\)")]),
    OpSample("clip_int", lambda x: paddle.clip(x, min=-1), lambda x: np.maximum(x, -1), UNARY_SHAPES,
             ("int32", "int64")),
    OpSample("relu6", paddle.nn.functional.relu6, lambda x: np.clip(x, 0, 6), UNARY_SHAPES, FLOATS, low=-3, high=9),
    OpSample("hardtanh", paddle.nn.functional.hardtanh, lambda x: np.clip(x, -1, 1), UNARY_SHAPES, FLOATS),
    OpSample("leaky_relu", lambda x: paddle.nn.functional.leaky_relu(x, 0.2), lambda x: np.where(x > 0, x, 0.2 * x),
             UNARY_SHAPES, FLOATS),
    OpSample("where", paddle.where, np.where, [[(3, 4), (3, 4), (3, 4)], [(3, 1), (1, 4), (4,)], [(2, 3), (), (3,)]],
             ALL, make_inputs=_where_inputs, errors=[
                 ErrorCase(lambda: paddle.where(_t(2), _t(2), _t(2)), TypeError,
                           r"\[where\] condition must be a bool tensor")]),
    OpSample("erf", paddle.erf, _erf, UNARY_SHAPES, FLOATS),
    OpSample("expm1", paddle.expm1, np.expm1, UNARY_SHAPES, FLOATS + COMPLEX, low=-1e-3, high=1e-3,
             tolerance={"float32": (1e-5, 1e-10)}),
    OpSample("log1p", paddle.log1p, np.log1p, UNARY_SHAPES, FLOATS + COMPLEX, low=-0.5, high=3),
    OpSample("log2", paddle.log2, np.log2, UNARY_SHAPES, FLOATS + COMPLEX, low=0.1, high=5),
    OpSample("log10", paddle.log10, np.log10, UNARY_SHAPES, FLOATS + COMPLEX, low=0.1, high=5),
    OpSample("sin", paddle.sin, np.sin, UNARY_SHAPES, FLOATS + COMPLEX),
    OpSample("cos", paddle.cos, np.cos, UNARY_SHAPES, FLOATS + COMPLEX),
    OpSample("tan", paddle.tan, np.tan, UNARY_SHAPES, FLOATS + COMPLEX, low=-1.2, high=1.2),
    OpSample("asin", paddle.asin, np.arcsin, UNARY_SHAPES, FLOATS, low=-0.9, high=0.9),
    OpSample("acos", paddle.acos, np.arccos, UNARY_SHAPES, FLOATS, low=-0.9, high=0.9),
    OpSample("atan", paddle.atan, np.arctan, UNARY_SHAPES, FLOATS),
    OpSample("sinh", paddle.sinh, np.sinh, UNARY_SHAPES, FLOATS + COMPLEX),
    OpSample("cosh", paddle.cosh, np.cosh, UNARY_SHAPES, FLOATS + COMPLEX),
    OpSample("asinh", paddle.asinh, np.arcsinh, UNARY_SHAPES, FLOATS),
    OpSample("acosh", paddle.acosh, np.arccosh, UNARY_SHAPES, FLOATS, low=1.1, high=4),
    OpSample("atanh", paddle.atanh, np.arctanh, UNARY_SHAPES, FLOATS, low=-0.9, high=0.9),
    OpSample("floor", paddle.floor, np.floor, UNARY_SHAPES, FLOATS, low=-5, high=5),
    # Away from the halves, where round is flat.
    OpSample("round_smooth", paddle.round, np.round, [[(3, 4)]], ("float32", "float64"),
             make_inputs=lambda rng, dtype, shapes: [(rng.integers(-9, 9, shapes[0]) + rng.uniform(-0.4, 0.4, shapes[0]))
                                                    .astype(dtype)]),
    OpSample("contiguous", lambda x: x.transpose([1, 0]).contiguous(), lambda x: x.T, [[(3, 4)]],
             ("float32", "float64")),
    OpSample("ceil", paddle.ceil, np.ceil, UNARY_SHAPES, FLOATS, low=-5, high=5),
    OpSample("round", paddle.round, np.round,  # halves to even, as NumPy
             [[(3, 4)], [()], [(0,)], [(5,)]], ("float32", "float64"), low=-5, high=5,
             make_inputs=lambda rng, dtype, shapes: [
                 (np.round(rng.uniform(-10, 10, shapes[0]) * 2) / 2).astype(dtype)]),  # exact halves too
    OpSample("trunc", paddle.trunc, np.trunc, UNARY_SHAPES, FLOATS, low=-5, high=5),
    OpSample("sign", paddle.sign, np.sign, UNARY_SHAPES, FLOATS + ("int8", "int32", "int64", "uint8"), low=-3, high=3),
    OpSample("isnan", paddle.isnan, np.isnan, UNARY_SHAPES, REAL + COMPLEX, make_inputs=lambda rng, dtype, shapes: [
        _with_specials(rng, dtype, shapes[0])]),
    OpSample("isinf", paddle.isinf, np.isinf, UNARY_SHAPES, REAL + COMPLEX, make_inputs=lambda rng, dtype, shapes: [
        _with_specials(rng, dtype, shapes[0])]),
    OpSample("isfinite", paddle.isfinite, np.isfinite, UNARY_SHAPES, REAL + COMPLEX, make_inputs=lambda rng, dtype, shapes: [
        _with_specials(rng, dtype, shapes[0])]),
    OpSample("elu", lambda x: paddle.nn.functional.elu(x, alpha=0.7),
             lambda x: np.where(x > 0, x, 0.7 * (np.exp(np.minimum(x, 0)) - 1)), UNARY_SHAPES, FLOATS),
    OpSample("selu", paddle.nn.functional.selu,
             lambda x: 1.0507009873554805 * np.where(x > 0, x, 1.6732632423543772 * (np.exp(np.minimum(x, 0)) - 1)),
             UNARY_SHAPES, FLOATS),
    OpSample("celu", lambda x: paddle.nn.functional.celu(x, alpha=2.0),
             lambda x: np.where(x > 0, x, 2.0 * (np.exp(np.minimum(x, 0) / 2.0) - 1)), UNARY_SHAPES, FLOATS),
    OpSample("softplus", lambda x: paddle.nn.functional.softplus(x, beta=2.0, threshold=4.0),
             lambda x: _softplus(x, 2.0, 4.0), UNARY_SHAPES, FLOATS),
    OpSample("softsign", paddle.nn.functional.softsign, lambda x: x / (1 + np.abs(x)), UNARY_SHAPES, FLOATS),
    OpSample("hardsigmoid", paddle.nn.functional.hardsigmoid, lambda x: np.clip(x / 6 + 0.5, 0, 1), UNARY_SHAPES,
             FLOATS, low=-5, high=5),
    OpSample("hardswish", paddle.nn.functional.hardswish, lambda x: x * np.clip(x + 3, 0, 6) / 6, UNARY_SHAPES,
             FLOATS, low=-5, high=5),
    OpSample("mish", paddle.nn.functional.mish, lambda x: x * np.tanh(_softplus(x)), UNARY_SHAPES, FLOATS),
    OpSample("log_sigmoid", paddle.nn.functional.log_sigmoid, lambda x: -_softplus(-x), UNARY_SHAPES, FLOATS,
             low=-30, high=30),
    OpSample("tanhshrink", paddle.nn.functional.tanhshrink, lambda x: x - np.tanh(x), UNARY_SHAPES, FLOATS),
    OpSample("hardshrink", paddle.nn.functional.hardshrink, lambda x: np.where(np.abs(x) > 0.5, x, 0),
             UNARY_SHAPES, FLOATS),
    OpSample("softshrink", lambda x: paddle.nn.functional.softshrink(x, threshold=0.8),
             lambda x: np.where(np.abs(x) > 0.8, x - 0.8 * np.sign(x), 0), UNARY_SHAPES, FLOATS),
    OpSample("gelu", paddle.nn.functional.gelu, lambda x: 0.5 * x * (1 + _erf(x / np.sqrt(2))), UNARY_SHAPES, FLOATS,
             covers=("gelu_grad",)),
    OpSample("gelu_tanh", lambda x: paddle.nn.functional.gelu(x, approximate=True),
             lambda x: 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3))), UNARY_SHAPES, FLOATS),
    # composite manipulation
    OpSample("stack", lambda x, y: paddle.stack([x, y], axis=1), lambda x, y: np.stack([x, y], axis=1),
             [[(2, 3), (2, 3)], [(4,), (4,)]], ALL, errors=[
                 ErrorCase(lambda: paddle.stack([_t(2), _t(3)]), ValueError, r"\[stack\] all tensors must have")]),
    OpSample("flatten", lambda x: paddle.flatten(x, 1, 2), lambda x: x.reshape(x.shape[0], -1, *x.shape[3:]),
             [[(2, 3, 4)], [(2, 3, 1, 5)]], ALL),
    OpSample("broadcast_to", lambda x: paddle.broadcast_to(x, [2, -1, 4]), lambda x: np.broadcast_to(x, (2, x.shape[0], 4)),
             [[(3, 1)], [(3, 4)]], ALL, errors=[
                 ErrorCase(lambda: paddle.broadcast_to(_t(3), [2, 4]), ValueError, r"\[broadcast_to\]")]),
    OpSample("expand_as", lambda x, y: paddle.expand_as(x, y), lambda x, y: np.broadcast_to(x, y.shape),
             [[(1, 3), (2, 3)]], FLOATS, covers=("expand",)),
    # reductions
    OpSample("logsumexp", lambda x: paddle.logsumexp(x, axis=1), lambda x: np.log(np.sum(np.exp(x), axis=1)),
             [[(3, 4)], [(2, 3, 5)]], ("float32", "float64"), low=-20, high=20),
    OpSample("logsumexp_all", paddle.logsumexp, lambda x: np.log(np.sum(np.exp(x))), [[(3, 4)], [(5,)]],
             ("float32", "float64"), low=-3, high=3),
    OpSample("var", lambda x: paddle.var(x, axis=0), lambda x: np.var(x, axis=0, ddof=1), [[(4, 3)], [(5, 2, 2)]],
             FLOATS),
    OpSample("std_biased", lambda x: paddle.std(x, axis=[0, 1], unbiased=False, keepdim=True),
             lambda x: np.std(x, axis=(0, 1), keepdims=True), [[(4, 3)], [(5, 2, 2)]], ("float32", "float64")),
    OpSample("any", lambda x: paddle.any(x, axis=1), lambda x: np.any(x, axis=1), [[(3, 4)], [(2, 0, 3)]],
             ALL, make_inputs=lambda rng, dtype, shapes: [
                 (make_input(rng, shapes[0], dtype, -1, 1) * (rng.random(shapes[0]) > 0.7)).astype(
                     "float32" if dtype == "bfloat16" else dtype)]),
    OpSample("all", paddle.all, np.all, [[(3, 4)], [(5,)], [(0,)]], ALL, make_inputs=lambda rng, dtype, shapes: [
        (1 + 0 * make_input(rng, shapes[0], dtype, -1, 1) - (rng.random(shapes[0]) > 0.9)).astype(
            "float32" if dtype == "bfloat16" else dtype)]),
    OpSample("nansum", lambda x: paddle.nansum(x, axis=0), lambda x: np.nansum(x, axis=0), [[(3, 4)], [(2, 3, 2)]],
             ("float32", "float64"), make_inputs=lambda rng, dtype, shapes: [_with_nans(rng, dtype, shapes[0])]),
    OpSample("nanmean", paddle.nanmean, np.nanmean, [[(3, 4)], [(5,)]], ("float32", "float64"),
             make_inputs=lambda rng, dtype, shapes: [_with_nans(rng, dtype, shapes[0])]),
    OpSample("sum", paddle.sum, lambda x: np.sum(x), UNARY_SHAPES, NUMERIC,
             tolerance={"float16": (2e-2, 5e-2), "bfloat16": (3e-2, 2e-1)}),
    OpSample("sum_axis", lambda x: paddle.sum(x, axis=[0, -1]), lambda x: np.sum(x, axis=(0, -1)),
             [[(3, 4)], [(2, 3, 5)], [(4, 1, 6, 2)]], REAL + COMPLEX,
             tolerance={"float16": (2e-2, 5e-2), "bfloat16": (3e-2, 2e-1)}),
    OpSample("sum_keepdim", lambda x: x.sum(axis=1, keepdim=True), lambda x: np.sum(x, axis=1, keepdims=True),
             [[(3, 4)], [(2, 3, 5)]], FLOATS),
    OpSample("mean", lambda x: paddle.mean(x, axis=-1), lambda x: np.mean(x, axis=-1), [[(3, 4)], [(2, 3, 5)]],
             FLOATS + COMPLEX, errors=[
                 ErrorCase(lambda: paddle.mean(_t(2, 3), axis=2), IndexError, r"\[mean\] axis"),
                 ErrorCase(lambda: paddle.mean(_t(2, 3), axis=[0, 0]), ValueError, r"\[mean\] axis 0 is given twice"),
                 ErrorCase(lambda: paddle.mean(_t(2, 3), axis="0"), TypeError, r"\[mean\] argument 'axis'")]),
    OpSample("mean_all", paddle.mean, np.mean, [[(3, 4)], [(5,)]], FLOATS),
    OpSample("max", lambda x: paddle.max(x, axis=0), lambda x: np.max(x, axis=0), [[(3, 4)], [(2, 3, 5)]], REAL,
             errors=[ErrorCase(lambda: paddle.max(paddle.zeros([0, 3]), axis=0), ValueError,
                               r"\[max\] cannot reduce over an empty dim")]),
    OpSample("max_all", paddle.max, np.max, [[(3, 4)], [(2, 3, 5)]], REAL),
    OpSample("min", lambda x: paddle.min(x, axis=[1, 2], keepdim=True),
             lambda x: np.min(x, axis=(1, 2), keepdims=True), [[(2, 3, 5)], [(4, 2, 2, 3)]], REAL),
    # convolution (composite: unfold + matmul)
    OpSample("conv2d", lambda x, w: paddle.nn.functional.conv2d(x, w), _conv2d,
             [[(2, 3, 5, 5), (4, 3, 3, 3)], [(1, 2, 4, 3), (1, 2, 1, 2)]], ("float32", "float64"),
             low=-1, high=1, errors=[
                 ErrorCase(lambda: paddle.nn.functional.conv2d(_t(1, 3, 4, 4), _t(2, 2, 3, 3)), ValueError,
                           r"\[conv2d\] weight.shape\[1\]"),
                 ErrorCase(lambda: paddle.nn.functional.conv2d(_t(1, 1, 2, 2), _t(1, 1, 3, 3)), ValueError,
                           r"\[conv2d\] the window"),
                 ErrorCase(lambda: paddle.nn.functional.conv2d(_t(3, 4), _t(1, 1, 1, 1)), ValueError,
                           r"\[conv2d\] x and weight must be 4-D")],
             covers=("unfold", "fold", "conv2d_input_grad", "conv2d_filter_grad")),
    # the predictor's oneDNN ops (conv_add_act_fusion and conv_nhwc_layout make them)
    OpSample("fused_conv2d_relu",
             lambda x, w, b: paddle._C_ops.fused_conv2d(x, w, b, [2, 1], [1, 0, 2, 1], [1, 1], 1, "relu", "NCHW"),
             lambda x, w, b: np.maximum(_conv2d(x, w, (2, 1), (1, 0, 2, 1)) + b[None, :, None, None], 0),
             [[(2, 3, 7, 6), (8, 3, 3, 3), (8,)], [(1, 16, 5, 5), (4, 16, 1, 1), (4,)]], ("float32",), tolerance={"float32": (1e-4, 1e-4)},
             errors=[ErrorCase(lambda: paddle._C_ops.fused_conv2d(_t(1, 3, 4, 4), _t(2, 3, 3, 3), _t(2), [1, 1],
                                                                  [0, 0, 0, 0], [1, 1], 1, "gelu", "NCHW"),
                               ValueError, r"\[fused_conv2d\] activation must be \"none\" or \"relu\""),
                     ErrorCase(lambda: paddle._C_ops.fused_conv2d(_t(1, 3, 4, 4), _t(2, 3, 3, 3), _t(3), [1, 1],
                                                                  [0, 0, 0, 0], [1, 1], 1, "none", "NCHW"),
                               ValueError, r"\[fused_conv2d\] bias must be a float32 vector of the 2 output"),
                     ErrorCase(lambda: paddle._C_ops.fused_conv2d(_t(1, 3, 4, 4), _t(2, 3, 3, 3), _t(2), [1, 1],
                                                                  [0, 0, 0, 0], [1, 1], 1, "none", "NCHW16C"),
                               ValueError, r"\[fused_conv2d\] data_format must be \"NCHW\" or \"NHWC\"")]),
    OpSample("fused_conv2d_nhwc",
             lambda x, w, b: paddle._C_ops.fused_conv2d(x, w, b, [1, 2], [2, 1, 0, 1], [2, 1], 1, "none", "NHWC"),
             lambda x, w, b: _nhwc(_conv2d(_nchw(x), w, (1, 2), (2, 1, 0, 1), (2, 1)) + b[None, :, None, None]),
             [[(2, 7, 6, 3), (16, 3, 3, 3), (16,)], [(1, 5, 5, 32), (5, 32, 3, 3), (5,)]], ("float32",), tolerance={"float32": (1e-4, 1e-4)},
             errors=[ErrorCase(lambda: paddle._C_ops.fused_conv2d(_t(1, 4, 4, 3), _t(2, 4, 3, 3), _t(2), [1, 1],
                                                                  [0, 0, 0, 0], [1, 1], 1, "none", "NHWC"),
                               ValueError, r"\[fused_conv2d\] weight.shape\[1\] \(4\) times groups")]),
    OpSample("fused_conv2d_add_nhwc",
             lambda x, w, b, r: paddle._C_ops.fused_conv2d_add(x, w, b, r, [1, 1], [1, 1, 1, 1], [1, 1], 1, "relu",
                                                               "NHWC"),
             lambda x, w, b, r: np.maximum(_nhwc(_conv2d(_nchw(x), w, (1, 1), (1, 1, 1, 1)) + b[None, :, None, None])
                                           + r, 0),
             [[(2, 5, 4, 16), (16, 16, 3, 3), (16,), (2, 5, 4, 16)]], ("float32",), tolerance={"float32": (1e-4, 1e-4)},
             errors=[ErrorCase(lambda: paddle._C_ops.fused_conv2d_add(_t(1, 4, 4, 3), _t(2, 3, 1, 1), _t(2),
                                                                      _t(1, 4, 4, 3), [1, 1], [0, 0, 0, 0], [1, 1], 1,
                                                                      "none", "NHWC"),
                               ValueError, r"\[fused_conv2d_add\] residual must be the output's float32 of shape "
                               r"\[1, 4, 4, 2\]")]),
    OpSample("fused_conv2d_add_nchw",
             lambda x, w, b, r: paddle._C_ops.fused_conv2d_add(x, w, b, r, [2, 2], [0, 0, 0, 0], [1, 1], 1, "none",
                                                               "NCHW"),
             lambda x, w, b, r: _conv2d(x, w, (2, 2)) + b[None, :, None, None] + r,
             [[(2, 8, 6, 6), (12, 8, 1, 1), (12,), (2, 12, 3, 3)]], ("float32",), tolerance={"float32": (1e-4, 1e-4)}),
    OpSample("max_pool2d_nhwc", lambda x: paddle._C_ops.max_pool2d_nhwc(x, [3, 3], [2, 2], [1, 1, 1, 1], False),
             lambda x: _max_pool_nhwc(x, (3, 3), (2, 2), (1, 1, 1, 1), False),
             [[(2, 7, 8, 16)], [(1, 4, 4, 3)]], ("float32",),
             errors=[ErrorCase(lambda: paddle._C_ops.max_pool2d_nhwc(_t(4, 4, 3), [2, 2], [2, 2], [0, 0, 0, 0],
                                                                     False),
                               ValueError, r"\[max_pool2d_nhwc\] x must be 4-D \(NHWC\)")]),
    OpSample("max_pool2d_nhwc_ceil", lambda x: paddle._C_ops.max_pool2d_nhwc(x, [2, 3], [2, 2], [0, 0, 1, 0], True),
             lambda x: _max_pool_nhwc(x, (2, 3), (2, 2), (0, 0, 1, 0), True), [[(1, 7, 6, 5)]], ("float32",)),
    OpSample("conv2d_strided", lambda x, w: paddle.nn.functional.conv2d(x, w, stride=2, padding=[1, 2],
                                                                       dilation=[2, 1]),
             lambda x, w: _conv2d(x, w, (2, 2), (1, 2, 1, 2), (2, 1)), [[(1, 2, 6, 5), (3, 2, 2, 3)]],
             ("float32", "float64"), low=-1, high=1),
    OpSample("conv2d_groups", lambda x, w: paddle.nn.functional.conv2d(x, w, padding=1, groups=2),
             lambda x, w: _conv2d(x, w, padding=(1, 1, 1, 1), groups=2), [[(2, 4, 3, 3), (6, 2, 2, 2)]],
             ("float32", "float64"), low=-1, high=1),
    # norms (composite: their gradients come from their parts)
    OpSample("norm", paddle.linalg.norm, np.linalg.norm, [[(3, 4)], [(5,)], [(2, 3, 2)]],
             ("float32", "float64") + COMPLEX, errors=[
                 ErrorCase(lambda: paddle.linalg.norm(_t(2, dtype="int64")), TypeError, r"\[p_norm\] x must be"),
                 ErrorCase(lambda: paddle.linalg.norm(_t(2, 2), p="nuc"), NotImplementedError, r"\[norm\]")],
             covers=("p_norm",)),
    OpSample("norm_p3_axis", lambda x: paddle.linalg.norm(x, p=3, axis=1, keepdim=True),
             lambda x: np.sum(np.abs(x) ** 3, axis=1, keepdims=True) ** (1 / 3), [[(3, 4)], [(2, 3, 2)]],
             ("float32", "float64"), low=0.5, high=2),
    OpSample("norm_inf", lambda x: paddle.linalg.norm(x, p=float("inf"), axis=0),
             lambda x: np.max(np.abs(x), axis=0), [[(3, 4)]], ("float32", "float64")),
    OpSample("norm_1", lambda x: paddle.linalg.norm(x, p=1, axis=-1), lambda x: np.sum(np.abs(x), axis=-1),
             [[(3, 4)]], ("float32", "float64")),
    # linear algebra
    OpSample("matmul", paddle.matmul, np.matmul,
             [[(3, 4), (4, 5)], [(2, 3, 4), (4, 2)], [(2, 1, 3, 4), (5, 4, 6)], [(4,), (4, 3)], [(3, 4), (4,)],
              [(4,), (4,)], [(2, 0), (0, 3)]],
             ("float32", "float64", "float16", "bfloat16") + COMPLEX, low=-1, high=1,
             tolerance={"float16": (2e-2, 2e-2), "bfloat16": (3e-2, 5e-2)},
             errors=[ErrorCase(lambda: paddle.matmul(_t(2, 3), _t(4, 5)), ValueError,
                               r"\[matmul\] the contracted dims must match"),
                     ErrorCase(lambda: paddle.matmul(_t(2, 3, dtype="int64"), _t(3, 2, dtype="int64")),
                               NotImplementedError, r"\[matmul\] no kernel")]),
    OpSample("fused_gemm_epilogue_relu", lambda x, w, b: paddle._C_ops.fused_gemm_epilogue(x, w, b, "relu"),
             lambda x, w, b: np.maximum(np.matmul(x, w) + b, 0),
             [[(3, 4), (4, 5), (5,)], [(2, 3, 4), (4, 2), (2,)], [(0, 4), (4, 3), (3,)]],
             ("float32", "float64", "float16", "bfloat16"), low=-1, high=1,
             tolerance={"float16": (2e-2, 2e-2), "bfloat16": (3e-2, 5e-2)},
             errors=[ErrorCase(lambda: paddle._C_ops.fused_gemm_epilogue(_t(2, 3), _t(3, 5), _t(5), "gelu"),
                               ValueError, r"\[fused_gemm_epilogue\] activation must be 'none' or 'relu', but got "
                               r"'gelu'"),
                     ErrorCase(lambda: paddle._C_ops.fused_gemm_epilogue(_t(2, 3), _t(4, 5), _t(5), "relu"),
                               ValueError, r"\[fused_gemm_epilogue\] x's last dim and bias's size must match")]),
    OpSample("fused_gemm_epilogue_none", lambda x, w, b: paddle._C_ops.fused_gemm_epilogue(x, w, b),
             lambda x, w, b: np.matmul(x, w) + b, [[(3, 4), (4, 5), (5,)]], ("float32", "float64"), low=-1, high=1),
    OpSample("linear", paddle.nn.functional.linear, lambda x, w, b: np.matmul(x, w) + b,
             [[(3, 4), (4, 5), (5,)], [(2, 3, 4), (4, 2), (2,)], [(4,), (4, 3), (3,)], [(2, 0), (0, 3), (3,)],
              [(0, 4), (4, 3), (3,)]],
             ("float32", "float64", "float16", "bfloat16") + COMPLEX, low=-1, high=1,
             tolerance={"float16": (2e-2, 2e-2), "bfloat16": (3e-2, 5e-2)},
             errors=[ErrorCase(lambda: paddle._C_ops.linear(_t(2, 3), _t(4, 5), _t(5)), ValueError,
                               r"\[linear\] x's last dim and bias's size must match weight"),
                     ErrorCase(lambda: paddle._C_ops.linear(_t(2, 3), _t(3, 5), _t(4)), ValueError,
                               r"\[linear\] x's last dim and bias's size must match weight"),
                     ErrorCase(lambda: paddle._C_ops.linear(_t(2, 3), _t(3, 5), _t(5, dtype="float64")), TypeError,
                               r"\[linear\] x, weight and bias must have one dtype"),
                     ErrorCase(lambda: paddle._C_ops.linear(_t(2, 3, dtype="int64"), _t(3, 5, dtype="int64"),
                                                            _t(5, dtype="int64")),
                               TypeError, r"\[linear\] x must be a floating-point or complex tensor, but got int64")]),
    OpSample("matmul_transposed", lambda x, y: paddle.matmul(x, y, transpose_x=True, transpose_y=True),
             lambda x, y: np.matmul(np.swapaxes(x, -1, -2), np.swapaxes(y, -1, -2)),
             [[(4, 3), (5, 4)], [(2, 4, 3), (1, 5, 4)]], ("float32", "float64"), low=-1, high=1),
    # manipulation
    OpSample("reshape", lambda x: paddle.reshape(x, [-1, 2]), lambda x: np.reshape(x, (-1, 2)),
             [[(3, 4)], [(2, 3, 2)]], ALL, errors=[
                 ErrorCase(lambda: paddle.reshape(_t(2, 3), [4, -1]), ValueError, r"\[reshape\] cannot reshape"),
                 ErrorCase(lambda: paddle.reshape(_t(2, 3), [-1, -1]), ValueError, r"\[reshape\] only one dim")]),
    OpSample("transpose", lambda x: paddle.transpose(x, [2, 0, 1]), lambda x: np.transpose(x, (2, 0, 1)),
             [[(2, 3, 4)]], ALL, errors=[
                 ErrorCase(lambda: paddle.transpose(_t(2, 3), [0, 0]), ValueError, r"\[transpose\] perm must be"),
                 ErrorCase(lambda: paddle.transpose(_t(2, 3), [0]), ValueError, r"\[transpose\] perm must have")]),
    OpSample("squeeze", paddle.squeeze, np.squeeze, [[(1, 3, 1)], [(2, 1, 4)]], ALL),
    OpSample("unsqueeze", lambda x: paddle.unsqueeze(x, [0, 2]), lambda x: np.expand_dims(x, (0, 2)),
             [[(3, 4)]], ALL),
    OpSample("slice", lambda x: paddle.slice(x, axes=[0, 1], starts=[1, -3], ends=[3, 100]),
             lambda x: x[1:3, -3:], [[(4, 5)], [(3, 4, 2)]], ALL, errors=[
                 ErrorCase(lambda: paddle.slice(_t(3), axes=[0], starts=[0, 1], ends=[1]), ValueError,
                           r"\[slice\] axes, starts and ends must have the same length")]),
    OpSample("concat", lambda x, y: paddle.concat([x, y], axis=1), lambda x, y: np.concatenate([x, y], axis=1),
             [[(2, 3), (2, 4)], [(2, 3, 4), (2, 1, 4)]], ALL, errors=[
                 ErrorCase(lambda: paddle.concat([_t(2, 3), _t(3, 3)], axis=1), ValueError,
                           r"\[concat\] all dims but axis 1 must match"),
                 ErrorCase(lambda: paddle.concat([], axis=0), ValueError, r"\[concat\]"),
                 ErrorCase(lambda: paddle.concat(_t(2), axis=0), TypeError, r"\[concat\] argument 'x'")]),
    OpSample("clone", paddle.clone, np.copy, UNARY_SHAPES, ALL),
    OpSample("contiguous", lambda x: x.transpose([1, 0]).contiguous(), lambda x: np.ascontiguousarray(x.T),
             [[(3, 4)], [(0, 2)]], ALL),
    OpSample("conj", paddle.conj, np.conj, UNARY_SHAPES, REAL + COMPLEX),
    OpSample("concat_promotes", lambda x, y: paddle.concat([x, y.astype("float64")]),
             lambda x, y: np.concatenate([x.astype(np.float64), y.astype(np.float64)]),
             [[(2, 3), (1, 3)]], ("float32", "int32")),
]

# The other op families' samples live in op_samples_<family>.py.
_FAMILIES = (op_samples_index, op_samples_sort, op_samples_compose, op_samples_nn, op_samples_linalg, op_samples_fft)
SAMPLES += [s for m in _FAMILIES for s in m.SAMPLES]

# Samples whose gradients are checked in float64 against finite differences
# (test_autograd.py); the smooth ones also to second order.
GRAD2_SAMPLES = set().union(*(m.GRAD2_SAMPLES for m in _FAMILIES)) | {
    "add", "subtract", "multiply", "divide", "pow", "pow_scalar", "exp", "log", "sqrt", "tanh", "sigmoid",
    "cast_float64", "sum", "sum_axis", "sum_keepdim", "mean", "mean_all", "matmul", "matmul_transposed",
    "reshape", "transpose", "squeeze", "unsqueeze", "slice", "concat", "clone", "softmax", "softmax_last", "linear",
    "fused_gemm_epilogue_none",
    "log_softmax", "norm", "norm_p3_axis", "conv2d", "conv2d_strided", "conv2d_groups",
    "square", "reciprocal", "rsqrt", "silu", "swish", "logsumexp", "logsumexp_all", "var", "std_biased",
    "erf", "softsign", "mish", "tanhshrink", "gelu", "gelu_tanh", "stack", "flatten", "broadcast_to", "expand_as",
    "expm1", "log1p", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "asinh",
    "acosh", "atanh", "atan2", "lerp",
}
GRAD_SAMPLES = GRAD2_SAMPLES | set().union(*(m.GRAD_SAMPLES for m in _FAMILIES)) | {
    "fmax_smooth", "fmin_smooth", "round_smooth", "contiguous", "nansum", "nanmean",
    "maximum", "minimum", "abs", "neg", "scale", "scale_bias_first", "relu", "max", "max_all", "min", "conj", "fused_gemm_epilogue_relu",
                                "norm_inf", "norm_1", "clip", "relu6", "hardtanh", "leaky_relu", "where", "elu",
                                "selu", "celu", "softplus", "hardsigmoid", "hardswish", "log_sigmoid",
                                "hardshrink", "softshrink", "floor", "ceil", "trunc", "sign", "remainder",
                                "floor_divide"}
# ... and with complex128 inputs (conjugate Wirtinger gradients).
COMPLEX_GRAD_SAMPLES = {
    "add", "subtract", "multiply", "divide", "pow", "pow_scalar", "exp", "log", "sqrt", "tanh", "abs", "neg",
    "conj", "cast_float64", "sum", "sum_axis", "mean", "matmul", "reshape", "transpose", "squeeze", "unsqueeze",
    "slice", "concat", "clone", "norm", "square", "reciprocal", "cumsum", "cumprod", "expm1", "log1p", "log2", "log10",
    "sin", "cos", "tan", "sinh", "cosh", "sigmoid",
} | op_samples_compose.COMPLEX_GRAD_SAMPLES | op_samples_fft.COMPLEX_GRAD_SAMPLES | op_samples_linalg.COMPLEX_GRAD_SAMPLES
