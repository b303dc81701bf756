"""Gradients through static control flow (Note [Gradients of pd_op.while]
and Note [Gradients of pd_op.if]) against central finite differences in
float64, training with a loop against eager, the stack ops' text and
errors, and Note [stop_gradient]."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
from test_static_training import _eager_losses, _static_losses


@pytest.fixture(autouse=True)
def eager_afterwards():
    yield
    paddle.disable_static()


def _numeric_grad(f, args, k, eps=1e-6):
    """d f(*args) / d args[k] by central differences."""
    grad = np.zeros_like(args[k])
    for i in np.ndindex(args[k].shape):
        plus = [a.copy() for a in args]
        minus = [a.copy() for a in args]
        plus[k][i] += eps
        minus[k][i] -= eps
        grad[i] = (f(*plus) - f(*minus)) / (2 * eps)
    return grad


def _run(main, feed, fetch):
    return paddle.static.Executor().run(main, feed=feed, fetch_list=fetch)


def _loop_program(body_of):
    """x, w: [3] float64 data; n: the iteration count (int64 data); the loop
    y <- body_of(y, w) n times from y = x; loss = sum(y). (main, gx, gw, loss)."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [3], "float64")
        w = paddle.static.data("w", [3], "float64")
        n = paddle.static.data("n", [], "int64")
        i = paddle.full([], 0, "int64")
        _, y = paddle.static.nn.while_loop(lambda i, y: i < n, lambda i, y: [i + 1, body_of(y, w)], [i, x])
        loss = paddle.sum(y)
        gx, gw = paddle.static.gradients([loss], [x, w])
    paddle.disable_static()
    return main, gx, gw, loss


@pytest.mark.parametrize("count", [0, 1, 4])
def test_gradients_flow_through_while_loop(count):
    """The iteration count is a feed: the backward loop runs as often as the
    forward did (0 iterations: the gradient of x passes straight through)."""
    main, gx, gw, loss = _loop_program(lambda y, w: paddle.sin(y) * w + y * y * 0.1)
    text = str(main)
    for op in ('"cf.stack_create"', '"cf.tuple_push"', '"cf.tuple_pop"', '"cf.has_elements"'):
        assert op in text
    assert str(paddle._C.pir.parse_program(text)) == text

    def f(x, w):
        y = x.copy()
        for _ in range(count):
            y = np.sin(y) * w + y * y * 0.1
        return y.sum()

    xs, ws = np.array([0.3, -0.2, 0.5]), np.array([1.1, 0.7, -0.4])
    got_loss, got_gx, got_gw = _run(main, {"x": xs, "w": ws, "n": np.array(count)}, [loss, gx, gw])
    np.testing.assert_allclose(got_loss, f(xs, ws), rtol=1e-12)
    np.testing.assert_allclose(got_gx, _numeric_grad(f, [xs, ws], 0), rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(got_gw, _numeric_grad(f, [xs, ws], 1), rtol=1e-6, atol=1e-9)


def test_gradients_flow_through_nested_loops_and_branches():
    """A loop whose body holds a loop and a cond: each level pushes its own
    iterations, and the branch taken in each iteration is recomputed."""

    def body(y, w):
        j = paddle.full([], 0, "int64")
        _, z = paddle.static.nn.while_loop(lambda j, z: j < 2, lambda j, z: [j + 1, paddle.tanh(z * w)], [j, y])
        return paddle.static.nn.cond(paddle.sum(z) > 0, lambda: z * z + y, lambda: paddle.exp(z) * w)

    main, gx, gw, loss = _loop_program(body)

    def f(x, w):
        y = x.copy()
        for _ in range(3):
            z = y
            for _ in range(2):
                z = np.tanh(z * w)
            y = z * z + y if z.sum() > 0 else np.exp(z) * w
        return y.sum()

    for xs in (np.array([0.3, -0.2, 0.5]), np.array([-0.9, -0.2, 0.1])):
        ws = np.array([1.1, 0.7, -0.4])
        got_loss, got_gx, got_gw = _run(main, {"x": xs, "w": ws, "n": np.array(3)}, [loss, gx, gw])
        np.testing.assert_allclose(got_loss, f(xs, ws), rtol=1e-12)
        np.testing.assert_allclose(got_gx, _numeric_grad(f, [xs, ws], 0), rtol=1e-6, atol=1e-9)
        np.testing.assert_allclose(got_gw, _numeric_grad(f, [xs, ws], 1), rtol=1e-6, atol=1e-9)


def test_loop_values_without_gradients_and_values_read_from_outside():
    """A loop of an int counter and two floats, of which only one reaches the
    loss; the body reads w and b from outside (their gradients sum over the
    iterations) and passes a value through unchanged."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2, 3], "float64")
        w = paddle.static.data("w", [3, 3], "float64")
        b = paddle.static.data("b", [3], "float64")
        i = paddle.full([], 0, "int64")
        _, h, kept = paddle.static.nn.while_loop(
            lambda i, h, kept: i < 3, lambda i, h, kept: [i + 1, paddle.tanh(paddle.matmul(h, w) + b), kept],
            [i, x, x * 2.0])
        loss = paddle.sum(h * h)
        gx, gw, gb = paddle.static.gradients([loss], [x, w, b])
    paddle.disable_static()

    def f(x, w, b):
        h = x
        for _ in range(3):
            h = np.tanh(h @ w + b)
        return (h * h).sum()

    rng = np.random.default_rng(1)
    args = [rng.standard_normal((2, 3)), rng.standard_normal((3, 3)) * 0.5, rng.standard_normal(3)]
    got = _run(main, dict(zip("xwb", args)), [gx, gw, gb])
    for k in range(3):
        np.testing.assert_allclose(got[k], _numeric_grad(f, args, k), rtol=1e-6, atol=1e-9)


def test_static_training_through_a_loop_matches_eager():
    """A layer applied three times in a while_loop, trained by Adam: the
    losses equal eager's, which applies it three times in Python."""
    rng = np.random.default_rng(0)
    xs = rng.standard_normal((8, 4)).astype("float32")
    ys = rng.standard_normal((8, 4)).astype("float32")
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        layer = paddle.nn.Linear(4, 4)
        x = paddle.static.data("x", [8, 4], "float32")
        y = paddle.static.data("y", [8, 4], "float32")
        i = paddle.full([], 0, "int64")
        _, h = paddle.static.nn.while_loop(lambda i, h: i < 3, lambda i, h: [i + 1, paddle.tanh(layer(h))], [i, x])
        loss = paddle.mean(paddle.square(h - y))
        paddle.optimizer.Adam(learning_rate=0.05, parameters=layer.parameters()).minimize(loss)
    paddle.disable_static()
    names = [p.name for p in layer.parameters()]
    initial, static_losses = _static_losses(main, startup, names, {"x": xs, "y": ys}, loss, 5)
    eager = paddle.nn.Linear(4, 4)
    for p, value in zip(eager.parameters(), initial):
        p.set_value(value)

    def eager_loss():
        h = paddle.to_tensor(xs)
        for _ in range(3):
            h = paddle.tanh(eager(h))
        return paddle.mean(paddle.square(h - paddle.to_tensor(ys)))

    opt = paddle.optimizer.Adam(learning_rate=0.05, parameters=eager.parameters())
    np.testing.assert_allclose(static_losses, _eager_losses(eager_loss, opt, 5), rtol=1e-5)
    assert static_losses[-1] < static_losses[0]


def test_loop_gradients_with_a_batch_the_feeds_decide():
    """Note [Deferred gradients] with a loop: the popped values take the
    pushed values' specialized types."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 3], "float64")
        i = paddle.full([], 0, "int64")
        _, y = paddle.static.nn.while_loop(lambda i, y: i < 2, lambda i, y: [i + 1, paddle.sin(y) * 2.0], [i, x])
        gx, = paddle.static.gradients([paddle.sum(y)], [x])
    paddle.disable_static()
    assert main.op_names().count("pd_op.deferred_gradients") == 1
    for batch in (2, 5):
        xs = np.linspace(-1, 1, batch * 3).reshape(batch, 3)
        got, = _run(main, {"x": xs}, [gx])
        np.testing.assert_allclose(got, 2 * np.cos(2 * np.sin(xs)) * 2 * np.cos(xs), rtol=1e-12)


def test_stack_ops_check_their_operands():
    parse = paddle._C.pir.parse_program
    with pytest.raises(ValueError, match=r"\[cf.tuple_push\] its first operand must be a cf.stack, but got "
                                         r"tensor<f32>"):
        parse('{\n    (%0) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[]} '
              ': () -> tensor<f32>\n    () = "cf.tuple_push" (%0, %0) {} : (tensor<f32>, tensor<f32>) -> \n}\n').verify()
    with pytest.raises(ValueError, match=r"\[cf.has_elements\] its result must be tensor<1xb>, but got tensor<b>"):
        parse('{\n    (%0) = "cf.stack_create" () {} : () -> cf.stack\n'
              '    (%1) = "cf.has_elements" (%0) {} : (cf.stack) -> tensor<b>\n}\n').verify()
    # Popping more than was pushed is an error when the program runs, not a crash.
    empty = parse('{\n    (%0) = "cf.stack_create" () {} : () -> cf.stack\n'
                  '    (%1) = "cf.tuple_pop" (%0) {} : (cf.stack) -> tensor<f32>\n}\n')
    empty.verify()
    with pytest.raises(RuntimeError, match=r"\[cf.tuple_pop\] the stack holds 0 tensors, fewer than the 1 of a tuple"):
        paddle._C.pir.Executor(empty, []).run({}, paddle.static.Scope())


def test_stop_gradient_of_static_values():
    """Note [stop_gradient]: inputs stop gradients and parameters do not,
    results derive theirs from what they read, and a value set to stop
    gradients passes none (as paddle.Tensor.detach would)."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3], "float64")
        w = paddle.static.create_parameter([3], "float64", name="w",
                                           default_initializer=paddle.nn.initializer.Constant(2.0))
        assert x.stop_gradient and not w.stop_gradient
        doubled = x * 2.0
        assert doubled.stop_gradient and not (x * w).stop_gradient
        x.stop_gradient = False
        assert not x.stop_gradient and not doubled.stop_gradient
        a = x * w
        b = paddle.sin(x)
        b.stop_gradient = True
        loss = paddle.sum(a * b)
        gx, gw = paddle.static.gradients([loss], [x, w])
    paddle.disable_static()
    assert "stop_gradient:[true]" in str(main)
    xs = np.array([0.1, 0.5, -0.3])
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe = paddle.static.Executor()
        exe.run(startup)
        got_gx, got_gw = exe.run(main, feed={"x": xs}, fetch_list=[gx, gw])
    # b counts as a constant: d/dx sum(x * w * sin(x)) without the sin's share.
    np.testing.assert_allclose(got_gx, 2.0 * np.sin(xs), rtol=1e-12)
    np.testing.assert_allclose(got_gw, xs * np.sin(xs), rtol=1e-12)
