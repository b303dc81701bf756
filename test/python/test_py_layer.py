"""paddle.autograd.PyLayer: custom forward/backward in Python."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
from paddle.autograd import PyLayer


class Tanh(PyLayer):
    @staticmethod
    def forward(ctx, x, scale=1.0):
        y = paddle.tanh(x) * scale
        ctx.save_for_backward(y)
        ctx.scale = scale
        return y

    @staticmethod
    def backward(ctx, dy):
        (y,) = ctx.saved_tensor()
        s = ctx.scale
        return dy * (s - y * y / s)


class SplitScale(PyLayer):
    """Two inputs, two outputs, a gradient only for the first input."""

    @staticmethod
    def forward(ctx, x, w):
        ctx.save_for_backward(w)
        return x * 2, x * w

    @staticmethod
    def backward(ctx, d_double, d_scaled):
        (w,) = ctx.saved_tensor()
        return d_double * 2 + d_scaled * w, None


def test_custom_backward_matches_builtin_gradient():
    a = np.array([-1.0, 0.3, 2.0])
    x = paddle.to_tensor(a, stop_gradient=False)
    Tanh.apply(x, scale=2.0).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * (1 - np.tanh(a) ** 2), rtol=1e-12)


def test_several_inputs_and_outputs():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    w = paddle.to_tensor([3.0, 4.0], stop_gradient=False)
    doubled, scaled = SplitScale.apply(x, w)
    (doubled.sum() + scaled.sum()).backward()
    assert x.grad.tolist() == [5.0, 6.0]
    assert w.grad is None


def test_an_output_without_gradient_gets_zeros():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    w = paddle.to_tensor([3.0, 4.0])
    doubled, _ = SplitScale.apply(x, w)
    doubled.sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]


def test_higher_order_through_a_differentiable_backward():
    x = paddle.to_tensor(0.5, dtype="float64", stop_gradient=False)
    (g,) = paddle.grad(Tanh.apply(x), x, create_graph=True)
    (g2,) = paddle.grad(g, x)
    t = np.tanh(0.5)
    assert g2.item() == pytest.approx(-2 * t * (1 - t * t), rel=1e-12)


def test_nested_layers():
    class Twice(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return Tanh.apply(x) * 2

        @staticmethod
        def backward(ctx, dy):
            return dy * 7

    x = paddle.to_tensor([1.0], stop_gradient=False)
    Twice.apply(x).sum().backward()
    assert x.grad.tolist() == [7.0]


def test_mark_non_differentiable():
    class ArgSign(PyLayer):
        @staticmethod
        def forward(ctx, x):
            sign = (x > 0).astype("float32")
            ctx.mark_non_differentiable(sign)
            return x * 1, sign

        @staticmethod
        def backward(ctx, dy, dsign):
            return dy

    x = paddle.to_tensor([1.0, -1.0], stop_gradient=False)
    y, sign = ArgSign.apply(x)
    assert not y.stop_gradient and sign.stop_gradient


def test_no_recording_when_nothing_requires_grad():
    y = Tanh.apply(paddle.to_tensor([1.0]))
    assert y.stop_gradient


def test_wrong_gradient_count_and_shape():
    class Bad(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, dy):
            return dy, dy

    class BadShape(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, dy):
            return paddle.ones([5])

    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    with pytest.raises(ValueError, match=r"\[Bad\] backward returned 2 gradients, but forward took 1"):
        Bad.apply(x).sum().backward()
    with pytest.raises(ValueError, match=r"\[BadShape\] backward returned a gradient of shape \[5\]"):
        BadShape.apply(x).sum().backward()


def test_context_options_materialize_grads_and_dtype_consistency():
    seen = []

    class TwoOutputs(paddle.autograd.PyLayer):
        @staticmethod
        def forward(ctx, x, materialize):
            ctx.set_materialize_grads(materialize)
            ctx.mark_not_inplace(x)
            return x * 2, x * 3

        @staticmethod
        def backward(ctx, da, db):
            seen.append(db)
            return da * 2

    for materialize in (True, False):
        x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        a, _ = TwoOutputs.apply(x, materialize)
        a.sum().backward()
        np.testing.assert_array_equal(x.grad.numpy(), [2.0, 2.0])
    assert seen[0].tolist() == [0.0, 0.0] and seen[1] is None

    class Widening(paddle.autograd.PyLayer):
        @staticmethod
        def forward(ctx, x, consistent):
            ctx.set_grad_in_dtype_consistent(consistent)
            return x * 1

        @staticmethod
        def backward(ctx, dy):
            return dy.astype("float64")

    for consistent, dtype in ((True, paddle.float32), (False, paddle.float64)):
        x = paddle.to_tensor([1.0], stop_gradient=False)
        assert paddle.grad(Widening.apply(x, consistent), x)[0].dtype == dtype


def test_forward_and_backward_share_one_py_layer_context():
    contexts = []

    class Cube(PyLayer):
        @staticmethod
        def forward(ctx, x, scale):
            contexts.append(ctx)
            ctx.save_for_backward(x)
            ctx.scale = scale  # any attribute set in forward is there in backward
            return x * x * x * scale

        @staticmethod
        def backward(ctx, dy):
            contexts.append(ctx)
            (x,) = ctx.saved_tensor()
            return dy * 3 * x * x * ctx.scale

    x = paddle.to_tensor([1.0, -2.0, 0.5], stop_gradient=False)
    Cube.apply(x, 2.0).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 6 * np.array([1.0, -2.0, 0.5]) ** 2, rtol=1e-6)
    forward_ctx, backward_ctx = contexts
    assert isinstance(forward_ctx, paddle.autograd.PyLayerContext) and backward_ctx is forward_ctx
    # a context on its own keeps what it is given
    ctx = paddle.autograd.PyLayerContext()
    saved = (paddle.ones([2]), paddle.zeros([1]))
    ctx.save_for_backward(*saved)
    assert all(a is b for a, b in zip(ctx.saved_tensor(), saved)) and len(ctx.saved_tensor()) == 2


def test_function_is_pylayer_under_its_other_name():
    assert paddle.autograd.Function is PyLayer

    class Cube(paddle.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x * x

        @staticmethod
        def backward(ctx, dy):
            (x,) = ctx.saved_tensor()
            return dy * 3 * x * x

    x = paddle.to_tensor([-2.0, 0.5, 3.0], stop_gradient=False)
    y = Cube.apply(x)
    assert y.tolist() == [-8.0, 0.125, 27.0]
    y.sum().backward()
    assert x.grad.tolist() == [12.0, 0.75, 27.0]  # 3 x^2
