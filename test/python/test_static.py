"""Static mode (Note [Static mode] in paddle/pybind/static_graph.h): the
public functions build a program, the executor runs it, and every op sample
gives the same values as a one-op static program as it does eagerly."""

from __future__ import annotations

import os
import zlib

import numpy as np
import pytest

import paddle
from gradcheck import _differentiable, analytic_grads
from op_samples import GRAD_SAMPLES, SAMPLES
from op_test import assert_matches, reference_inputs, sample_inputs, to_numpy, to_paddle
from test_autograd import _grad_inputs, _small_shapes

# Samples whose function does not build in static mode yet (for these
# dtypes; None: all), and why. The test below checks that each of them
# still fails, so that the list stays exact: a fix must take its sample off.
NOT_YET_STATIC = {
    "contiguous": ("Tensor.contiguous has no function of its own for Values", None),
    "lstsq_gelsd": ("decides on the host, from the rank, whether residuals come back", None),
    "put_along_axis": ("converts its values with to_tensor", None),
    "put_along_axis_add": ("converts its values with to_tensor", None),
}


@pytest.fixture(autouse=True)
def eager_afterwards():
    yield
    paddle.disable_static()


def _static_run(fn, tensors):
    """fn on pd_op.data values of the tensors' types, run by the executor."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        values = [paddle.static.data(f"input_{i}", list(t.shape), t.dtype) for i, t in enumerate(tensors)]
        out = fn(*values)
    paddle.disable_static()
    exe = paddle.static.Executor()
    result = exe.run(main, feed={f"input_{i}": t for i, t in enumerate(tensors)}, fetch_list=[out],
                     return_numpy=False)[0]
    _assert_texts_round_trip(main, exe)
    return result


def _assert_texts_round_trip(program, exe):
    """The program and the one the executor lowered it to read back from their text."""
    for text in (str(program), next(iter(exe._prepared.values()))[2].kernel_program):
        assert str(paddle._C.pir.parse_program(text)) == text


CASES = [(s, d) for s in SAMPLES for d in s.dtypes]


@pytest.mark.parametrize("sample,dtype", CASES, ids=[f"{s.name}-{d}" for s, d in CASES])
def test_op_sample_as_a_static_program_equals_eager(sample, dtype):
    rng = np.random.default_rng(zlib.crc32(f"{sample.name}-{dtype}".encode()))
    arrays = sample_inputs(sample, rng, sample.shapes[0], dtype)
    tensors = [to_paddle(a, dtype) for a in arrays]
    reason, dtypes = NOT_YET_STATIC.get(sample.name, (None, None))
    if reason is not None and (dtypes is None or dtype in dtypes):
        with pytest.raises((TypeError, ValueError, AttributeError)):
            _static_run(sample.paddle_fn, tensors)
        return
    eager = to_numpy(sample.paddle_fn(*tensors))
    static = to_numpy(_static_run(sample.paddle_fn, tensors))
    assert static.shape == eager.shape and static.dtype == eager.dtype
    # The same kernels run on the same inputs: equal values, NaNs included.
    np.testing.assert_array_equal(static, eager, err_msg=sample.name)


def test_not_yet_static_names_are_samples():
    names = {s.name for s in SAMPLES}
    assert set(NOT_YET_STATIC) <= names


def test_a_layer_against_numpy():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 3], "float32")
        w = paddle.static.data("w", [3, 2], "float32")
        b = paddle.static.data("b", [2], "float32")
        y = paddle.nn.functional.relu(paddle.matmul(x, w) + b)
        loss = paddle.mean(y * y)
    assert main.op_names() == ["pd_op.data"] * 3 + ["pd_op.matmul", "pd_op.add", "pd_op.relu", "pd_op.multiply",
                                                     "pd_op.mean"]
    assert x.shape == [-1, 3] and x.dtype == paddle.float32 and x.name == "x" and x.ndim == 2
    assert y.shape == [-1, 2]
    rng = np.random.default_rng(0)
    xs, ws, bs = (rng.standard_normal(s).astype("float32") for s in ((5, 3), (3, 2), (2,)))
    exe = paddle.static.Executor(paddle.CPUPlace())
    y_out, loss_out = exe.run(main, feed={"x": xs, "w": ws, "b": bs}, fetch_list=[y, loss])
    expected = np.maximum(xs @ ws + bs, 0)
    np.testing.assert_allclose(y_out, expected, rtol=1e-6)
    np.testing.assert_allclose(loss_out, np.mean(expected ** 2), rtol=1e-6)
    # Another batch size through the same prepared program.
    y_two, = exe.run(main, feed={"x": xs[:2], "w": ws, "b": bs}, fetch_list=[y])
    np.testing.assert_allclose(y_two, expected[:2], rtol=1e-6)
    assert len(exe._prepared) == 2  # one per fetch list


def test_values_compare_elementwise_and_have_no_truth_value():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [3], "float32")
        same, differs = x == 1.0, x != x
        assert (x == None) is False and x != "x"  # noqa: E711  (other types compare by identity)
        assert len({x, x}) == 1  # hashable, by identity
        with pytest.raises(TypeError, match="a static Value has no truth value while the program is built"):
            bool(x > 0)
    got = paddle.static.Executor().run(main, feed={"x": np.array([1, 2, 1], "float32")}, fetch_list=[same, differs])
    np.testing.assert_array_equal(got[0], [True, False, True])
    np.testing.assert_array_equal(got[1], [False, False, False])


def test_scalars_and_methods_on_values():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [4], "float32")
        i = paddle.static.data("i", [4], "int32")
        out = (2.0 * x - 1) / 4 + x.sum()
        half = i * 0.5  # an int value times a float is the default float dtype
        flipped = ~(i > 1)
    assert half.dtype == paddle.float32
    xs = np.array([1, 2, 3, 4], "float32")
    is_ = np.array([0, 1, 2, 3], "int32")
    got = paddle.static.Executor().run(main, feed={"x": xs, "i": is_}, fetch_list=[out, half, flipped])
    np.testing.assert_allclose(got[0], (2 * xs - 1) / 4 + xs.sum())
    np.testing.assert_allclose(got[1], is_ * 0.5)
    np.testing.assert_array_equal(got[2], ~(is_ > 1))


def test_program_text_parses_back_and_passes_run():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 4], "float32")
        y = paddle.exp(paddle.neg(paddle.neg(x)) * 1.0)
        paddle.tanh(x)  # unused
        paddle._C.pir.shadow_output(y, "y")  # an output: what the passes must keep
    paddle.disable_static()
    text = str(main)
    assert text.startswith("{\n    (%0) = \"pd_op.data\" () {dtype:float32,name:\"x\",place:Place(undefined:0),"
                           "shape:[-1,4]} : () -> tensor<-1x4xf32>\n")
    parsed = paddle._C.pir.parse_program(text)
    assert str(parsed) == text
    report = paddle._C.pir.apply_passes(main, ["algebraic_simplification", "dead_code_elimination"])
    assert "algebraic_simplification" in report
    assert main.op_names() == ["pd_op.data", "pd_op.exp", "builtin.shadow_output"]
    xs = np.array([[0.0, 1.0, -1.0, 2.0]], "float32")
    out, = paddle.static.Executor().run(main, feed={"x": xs}, fetch_list=["y"])  # y itself went stale
    np.testing.assert_allclose(out, np.exp(xs), rtol=1e-6)
    with pytest.raises(ValueError, match=r"\[pir parser\] line 1, column 1: expected '\{'"):
        paddle._C.pir.parse_program("(%0)")
    with pytest.raises(ValueError, match="no pass is named 'fold_everything'"):
        paddle._C.pir.apply_passes(main, ["fold_everything"])


def test_modes_and_default_programs():
    assert paddle.in_dynamic_mode()
    paddle.enable_static()
    assert not paddle.in_dynamic_mode()
    before = paddle.static.default_main_program().num_ops()
    x = paddle.static.data("default_x", [2], "float32")
    paddle.exp(x)
    assert paddle.static.default_main_program().num_ops() == before + 2
    inner = paddle.static.Program()
    with paddle.static.program_guard(inner):
        paddle.static.data("inner_x", [2], "float32")
    assert inner.num_ops() == 1
    assert paddle.static.default_main_program().num_ops() == before + 2
    paddle.disable_static()
    assert paddle.in_dynamic_mode()
    assert paddle.exp(paddle.zeros([2])).numpy().tolist() == [1.0, 1.0]


def test_bad_feeds_and_fetches_name_the_variable():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 3], "float32")
        y = paddle.exp(x)
    paddle.disable_static()
    exe = paddle.static.Executor()
    ok = np.ones((2, 3), "float32")
    with pytest.raises(ValueError, match=r"feed 'x' must be float32\[-1, 3\] \(-1: any size\), but got float32\[2, 4\]"):
        exe.run(main, feed={"x": np.ones((2, 4), "float32")}, fetch_list=[y])
    with pytest.raises(ValueError, match=r"feed 'x' must be float32\[-1, 3\].*but got float64\[2, 3\]"):
        exe.run(main, feed={"x": np.ones((2, 3))}, fetch_list=[y])
    with pytest.raises(ValueError, match="feed 'x' is missing; the program's inputs are: x"):
        exe.run(main, feed={}, fetch_list=[y])
    with pytest.raises(ValueError, match="feed 'z' is not an input of the program; its inputs are: x"):
        exe.run(main, feed={"x": ok, "z": ok}, fetch_list=[y])
    with pytest.raises(TypeError, match=r"fetch_list\[0\] must be a Value of the program or an output name, "
                                        r"but got int"):
        exe.run(main, feed={"x": ok}, fetch_list=[3])
    with pytest.raises(ValueError, match=r"the program has no output named 'y' \(builtin.shadow_output\)"):
        exe.run(main, feed={"x": ok}, fetch_list=["y"])
    with pytest.raises(TypeError, match="feed 'x' must be a numpy array, a number or a Tensor, but got str"):
        exe.run(main, feed={"x": "ones"}, fetch_list=[y])
    other = paddle.static.Program()
    with pytest.raises(ValueError, match="a fetched value belongs to another program"):
        exe.run(other, feed={}, fetch_list=[y])


def test_bad_building_raises_clearly():
    with pytest.raises(RuntimeError, match=r"paddle.static.data builds a program input: call paddle.enable_static"):
        paddle.static.data("x", [2], "float32")
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2, 3], "float32")
        with pytest.raises(TypeError, match=r"\[exp\] argument 'x': expected a static Value \(paddle is in static "
                                            r"mode\), but got Tensor"):
            paddle._C._C_ops.exp(paddle.Tensor._from_numpy(np.ones(2, "float32")))
        with pytest.raises(ValueError, match=r"\[pd_op.matmul\]"):
            paddle.matmul(x, x)  # [2, 3] @ [2, 3]
        with pytest.raises(ValueError, match=r"\[pd_op.data\] shape dims must be >= -1"):
            paddle.static.data("bad", [-3], "float32")
        with pytest.raises(TypeError, match="program_guard: main_program must be a paddle.static.Program"):
            with paddle.static.program_guard("main"):
                pass
    other = paddle.static.Program()
    with paddle.static.program_guard(other):
        with pytest.raises(ValueError, match=r"\[exp\] argument 'x' is a value of another program"):
            paddle.exp(x)


GRAD_CASES = [s for s in SAMPLES if s.name in GRAD_SAMPLES and s.name not in NOT_YET_STATIC]
# Outputs whose length the values decide: their gradients are refused
# (Note [Static shapes for gradients] in paddle/pir/autodiff/backward.cc).
VALUE_DEPENDENT_SHAPES = {"masked_select", "unique_distinct"}


@pytest.mark.parametrize("sample", GRAD_CASES, ids=str)
def test_static_gradients_equal_eager(sample):
    """paddle.static.gradients of <fn(inputs), w> (float64) against eager's
    paddle.grad, which test_autograd checks against finite differences."""
    rng = np.random.default_rng(7)
    arrays = _grad_inputs(sample, rng, _small_shapes(sample)[0])
    out = sample.paddle_fn(*[paddle.to_tensor(a) for a in arrays])
    weights = rng.standard_normal(out.shape)
    eager = analytic_grads(sample.paddle_fn, arrays, weights)
    wanted = _differentiable(arrays)
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        values = [paddle.static.data(f"input_{i}", list(a.shape), str(a.dtype)) for i, a in enumerate(arrays)]
        y = sample.paddle_fn(*values)
        w = paddle.static.data("w", y.shape, "float64")  # -1 where the values decide (masked_select)
        loss = paddle.sum(y * w)
        if sample.name in VALUE_DEPENDENT_SHAPES:
            with pytest.raises(NotImplementedError, match="has a dim that an op.s values decide when the program runs"):
                paddle.static.gradients(loss, [values[i] for i in wanted])
            return
        grads = paddle.static.gradients(loss, [values[i] for i in wanted])
    paddle.disable_static()
    fetched = [g for g in grads if g is not None]
    feed = {f"input_{i}": a for i, a in enumerate(arrays)}
    feed["w"] = paddle.to_tensor(weights)
    exe = paddle.static.Executor()
    results = iter(exe.run(main, feed=feed, fetch_list=fetched))
    _assert_texts_round_trip(main, exe)
    for g, e in zip(grads, eager):
        static = np.zeros_like(e) if g is None else next(results)
        np.testing.assert_allclose(static, e, rtol=1e-7, atol=1e-9, err_msg=sample.name)


def test_gradients_of_a_layer_against_hand_computed():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2, 2], "float32")
        w = paddle.static.data("w", [2, 1], "float32")
        loss = paddle.mean(paddle.square(paddle.matmul(x, w)))
        grads = paddle.static.append_backward(loss, parameter_list=[w, x])
        unused = paddle.static.data("unused", [1], "float32")
        assert paddle.static.gradients(loss, [unused]) == [None]
    paddle.disable_static()
    assert [p.name for p, _ in grads] == ["w", "x"]
    xs = np.array([[1, 2], [3, 4]], "float32")
    ws = np.array([[1], [-1]], "float32")
    dw, dx = paddle.static.Executor().run(main, feed={"x": xs, "w": ws, "unused": np.zeros(1, "float32")},
                                          fetch_list=[g for _, g in grads])
    r = xs @ ws  # [[-1], [-1]]; loss = mean(r^2), d loss / d r = r (2 / 2 rows)
    np.testing.assert_allclose(dw, xs.T @ r, rtol=1e-6)
    np.testing.assert_allclose(dx, r @ ws.T, rtol=1e-6)


def test_gradient_errors():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [3], "float32")
        # An index takes no gradient: nothing flows back through argmax.
        assert paddle.static.gradients(paddle.cast(paddle.argmax(x), "float32"), x) == [None]
        idx = paddle.bernoulli(x)
        with pytest.raises(ValueError, match="a gradient must flow through pd_op.bernoulli, which has no gradient "
                                             "rule"):
            paddle.static.gradients(idx, x)
        # A dim the feed decides would make the formulas read -1 (Note [Static
        # shapes for gradients]): the gradients wait for the feeds instead.
        batch = paddle.static.data("batch", [None, 3], "float32")
        deferred, = paddle.static.gradients(paddle.mean(batch), batch)
        assert deferred.shape == [-1, 3] and deferred.define_op_name == "pd_op.deferred_gradients"
        with pytest.raises(TypeError, match=r"\[gradients\] inputs\[0\] must be a static Value, but got int"):
            paddle.static.gradients(idx, [1])
        with pytest.raises(ValueError, match="expected 1 target_gradients"):
            paddle.static.gradients(idx, x, target_gradients=[None, None])


DECOMPOSED_CASES = [(s, d) for s in SAMPLES if s.name not in NOT_YET_STATIC for d in s.dtypes[:2]]


@pytest.mark.parametrize("sample,dtype", DECOMPOSED_CASES, ids=[f"{s.name}-{d}" for s, d in DECOMPOSED_CASES])
def test_decomposed_static_program_matches_numpy(sample, dtype):
    """The decomposition pass turns every composite of a one-op program into
    primitives; the program still computes the NumPy reference."""
    rng = np.random.default_rng(zlib.crc32(f"{sample.name}-{dtype}".encode()))
    arrays = sample_inputs(sample, rng, sample.shapes[0], dtype)
    tensors = [to_paddle(a, dtype) for a in arrays]
    with np.errstate(all="ignore"):
        expected = sample.numpy_fn(*reference_inputs(arrays, dtype))
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        values = [paddle.static.data(f"input_{i}", list(t.shape), t.dtype) for i, t in enumerate(tensors)]
        paddle._C.pir.shadow_output(sample.paddle_fn(*values), "out")
    paddle.disable_static()
    paddle._C.pir.apply_passes(main, ["decomposition"])
    main.verify()
    out, = paddle.static.Executor().run(main, feed={f"input_{i}": t for i, t in enumerate(tensors)},
                                        fetch_list=["out"], return_numpy=False)
    assert_matches(to_numpy(out), expected, dtype, sample)


def test_values_taken_before_passes_are_refused():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2], "float32")
        y = paddle.square(x)
        paddle._C.pir.shadow_output(y, "y")
    paddle.disable_static()
    paddle._C.pir.apply_passes(main, ["decomposition"])
    assert main.op_names() == ["pd_op.data", "pd_op.multiply", "builtin.shadow_output"]
    with pytest.raises(ValueError, match="is a value from before passes transformed its program"):
        y.shape
    with pytest.raises(ValueError, match="is a value from before passes transformed its program"):
        paddle.static.Executor().run(main, feed={"x": np.ones(2, "float32")}, fetch_list=[y])
    assert "stale" in repr(y)
    exe = paddle.static.Executor()
    for _ in range(3):  # a name is resolved once: later runs reuse the prepared program
        out, = exe.run(main, feed={"x": np.array([2, 3], "float32")}, fetch_list=["y"])
        np.testing.assert_array_equal(out, [4, 9])
    for _ in range(3):  # so is a value, whichever wrapper of it comes
        exe.run(main, feed={"x": np.array([2, 3], "float32")}, fetch_list=[paddle._C.pir.output_value(main, "y")])
    assert len(exe._prepared) == 2
    with pytest.raises(ValueError, match="the program has no output named 'z'"):
        paddle.static.Executor().run(main, feed={"x": np.ones(2, "float32")}, fetch_list=["z"])


def test_cond_runs_the_branch_the_predicate_picks():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [3], "float32")
        y, z = paddle.static.nn.cond(paddle.sum(x) > 0, lambda: (x * 2.0, paddle.exp(x)), lambda: (-x, x))
    text = str(main)
    # As Paddle prints an op with regions: no operand types.
    assert '"pd_op.if" (%3) {} -> tensor<3xf32>, tensor<3xf32> {\n' in text
    assert "    } else {\n" in text
    assert str(paddle._C.pir.parse_program(text)) == text
    exe = paddle.static.Executor()
    for xs in (np.array([1, -2, 3], "float32"), np.array([-1, -2, 0.5], "float32")):
        got_y, got_z = exe.run(main, feed={"x": xs}, fetch_list=[y, z])
        if xs.sum() > 0:
            np.testing.assert_allclose(got_y, xs * 2)
            np.testing.assert_allclose(got_z, np.exp(xs), rtol=1e-6)
        else:
            np.testing.assert_allclose(got_y, -xs)
            np.testing.assert_allclose(got_z, xs)


def test_gradients_flow_through_cond():
    """The gradient of cond is a cond on the same predicate whose branches
    recompute and differentiate the forward branches (Note [Gradients of
    pd_op.if]): d/dx and d/dw of sum(y^2) match the hand-computed ones on
    either branch."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3], "float32")
        w = paddle.static.create_parameter([3], "float32", name="w",
                                           default_initializer=paddle.nn.initializer.Constant(0.5))
        y = paddle.static.nn.cond(paddle.sum(x) > 0, lambda: x * w * 2.0, lambda: paddle.exp(x * w))
        loss = paddle.sum(y * y)
        gx, gw = paddle.static.gradients([loss], [x, w])
    paddle.disable_static()
    scope = paddle.static.Scope()
    exe = paddle.static.Executor()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for xs in (np.array([1.0, 2.0, 3.0], "float32"), np.array([-1.0, -2.0, 0.5], "float32")):
            out = exe.run(main, feed={"x": xs}, fetch_list=[loss, gx, gw])
            if xs.sum() > 0:
                y_ = xs * 0.5 * 2.0
                dx, dw = 2 * y_ * 0.5 * 2.0, 2 * y_ * xs * 2.0
            else:
                y_ = np.exp(xs * 0.5)
                dx, dw = 2 * y_ * y_ * 0.5, 2 * y_ * y_ * xs
            np.testing.assert_allclose(out[0], (y_ * y_).sum(), rtol=1e-6)
            np.testing.assert_allclose(out[1], dx, rtol=1e-5)
            np.testing.assert_allclose(out[2], dw, rtol=1e-5)


def test_while_loop_repeats_the_body():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2], "float32")
        n = paddle.static.data("n", [], "int64")
        i = paddle.full([], 0, "int64")
        # x_{k+1} = x_k / 2 + 1 for n steps (a fixed point at 2)
        steps, out = paddle.static.nn.while_loop(lambda i, v: i < n, lambda i, v: [i + 1, v / 2.0 + 1.0], [i, x])
    text = str(main)
    assert '"pd_op.while"' in text and "^%arg_0: tensor<i64>, %arg_1: tensor<2xf32>" in text
    assert str(paddle._C.pir.parse_program(text)) == text
    exe = paddle.static.Executor()
    xs = np.array([0, 10], "float32")
    for count in (0, 1, 5):
        got_steps, got = exe.run(main, feed={"x": xs, "n": np.array(count)}, fetch_list=[steps, out])
        expected = xs.copy()
        for _ in range(count):
            expected = expected / 2 + 1
        assert int(got_steps) == count
        np.testing.assert_allclose(got, expected, rtol=1e-6)


def test_control_flow_errors_leave_the_program_as_it_was():
    with pytest.raises(RuntimeError, match="call paddle.enable_static"):
        paddle.static.nn.cond(True, lambda: None, lambda: None)
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [3], "float32")
        before = main.num_ops()
        with pytest.raises(ValueError, match=r"\[cond\] true_fn and false_fn must return values of the same types, "
                                             r"but got \(tensor<3xf32>\) and \(tensor<3xf64>\)"):
            paddle.static.nn.cond(x.sum() > 0, lambda: x, lambda: paddle.cast(x, "float64"))
        with pytest.raises(ZeroDivisionError):
            paddle.static.nn.cond(x.sum() > 0, lambda: x, lambda: 1 / 0)
        with pytest.raises(ValueError, match=r"\[while_loop\] body must return values of the loop_vars' types "
                                             r"\(tensor<3xf32>\), but got \(tensor<1xf32>\)"):
            paddle.static.nn.while_loop(lambda v: v.sum() > 0, lambda v: [v.sum(keepdim=True)], [x])
        with pytest.raises(TypeError, match=r"\[cond\] true_fn must be callable or None, but got int"):
            paddle.static.nn.cond(x.sum() > 0, 3, None)
        with pytest.raises(ValueError, match=r"\[cond\] pred must be a bool value of one element, but got "
                                             r"tensor<3xf32>"):
            paddle.static.nn.cond(x, lambda: x, lambda: x)
        # Everything that failed was removed again (the comparisons built to
        # call cond stay: they were built before it).
        assert main.op_names().count("pd_op.if") == 0 and main.op_names().count("pd_op.while") == 0
        main.verify()
        assert main.num_ops() >= before


def test_to_tensor_makes_a_constant_of_the_program():
    """In static mode to_tensor gives a value of the program (assign_value,
    printed with Paddle's `values:[...]`), for the dtypes Paddle's does."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        a = paddle.to_tensor([[1.0, 2.5], [-3.0, 4.0]])
        b = paddle.to_tensor(7)
        c = paddle.to_tensor([True, False, True])
        d = paddle.to_tensor([0.5, 1.5], dtype="float16")
        e = paddle.to_tensor(np.arange(6, dtype="int32").reshape(3, 2))
        with pytest.raises(NotImplementedError, match=r"\[to_tensor\] a complex64 constant"):
            paddle.to_tensor([1 + 2j], dtype="complex64")
    paddle.disable_static()
    assert isinstance(a, paddle._C.pir.Value) and (a.shape, b.shape, d.dtype) == ([2, 2], [], paddle.float16)
    assert "values:[1,2.5,-3,4]" in str(main)
    got = paddle.static.Executor().run(main, fetch_list=[a, b, c, d, e])
    np.testing.assert_array_equal(got[0], [[1.0, 2.5], [-3.0, 4.0]])
    assert got[1] == 7 and got[1].dtype == np.int64
    np.testing.assert_array_equal(got[2], [True, False, True])
    np.testing.assert_array_equal(got[3], np.array([0.5, 1.5], "float16"))
    np.testing.assert_array_equal(got[4], np.arange(6).reshape(3, 2))
    assert got[4].dtype == np.int32


def test_static_helpers_places_global_vars_and_accuracy(monkeypatch):
    """cpu_places (CPU_NUM), cuda_places without a GPU, xpu_places,
    create_global_var (filled by the startup program), accuracy built into a
    program (equal to eager's), and Variable as the values' class."""
    assert paddle.static.cpu_places(3) == [paddle.CPUPlace()] * 3
    monkeypatch.setenv("CPU_NUM", "2")
    assert len(paddle.static.cpu_places()) == 2
    with pytest.raises(ValueError, match=r"\[cpu_places\] argument 'device_count'"):
        paddle.static.cpu_places(0)
    if paddle.device.cuda.device_count() == 0:
        with pytest.raises(RuntimeError, match=r"\[cuda_places\] no CUDA device"):
            paddle.static.cuda_places()
    with pytest.raises(RuntimeError, match=r"\[xpu_places\] paddle is not compiled with XPU"):
        paddle.static.xpu_places()
    scores = np.array([[0.2, 0.1, 0.4, 0.1, 0.1], [0.2, 0.3, 0.1, 0.15, 0.25], [0.9, 0.0, 0.0, 0.05, 0.05]],
                      "float32")
    labels = np.array([[2], [4], [0]], "int64")  # the second is its row's 2nd best score
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        step = paddle.static.create_global_var([2], 3.5, "float32", name="global_step")
        p = paddle.static.data("p", [3, 5], "float32")
        label = paddle.static.data("l", [3, 1], "int64")
        top1, top2 = paddle.static.accuracy(p, label, k=1), paddle.static.accuracy(p, label, k=2)
        bumped = step + 1.0
    paddle.disable_static()
    assert isinstance(step, paddle.static.Variable)
    exe = paddle.static.Executor()
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(startup)
        got1, got2, got_step = exe.run(main, feed={"p": scores, "l": labels}, fetch_list=[top1, top2, bumped])
    np.testing.assert_array_equal(got_step, [4.5, 4.5])
    assert got1 == pytest.approx(2 / 3) and got2 == pytest.approx(1.0)
    eager1 = paddle.metric.accuracy(paddle.to_tensor(scores), paddle.to_tensor(labels), k=1)
    assert float(eager1) == pytest.approx(float(got1))


def test_indexing_rows_the_feed_or_the_program_decides():
    """An int on a -1 dim and a 0-D int Value index are gathers: the row has known dims (no -1 left over)."""
    a = np.arange(24, dtype="float32").reshape(4, 6)
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [-1, 6], "float32")
            i = paddle.full([], 2, "int64")
            outs = [x[0], x[-1], x[i], x[1, i], x[-2, 1:3]]
            assert [o.shape for o in outs] == [[6], [6], [6], [], [2]]
            with pytest.raises(TypeError, match=r"a static Value index must be a 0-D int32 or int64 value"):
                x[paddle.full([1], 0, "int64")]
        got = paddle.static.Executor().run(main, feed={"x": a}, fetch_list=outs)
        for g, e in zip(got, [a[0], a[-1], a[2], a[1, 2], a[-2, 1:3]]):
            np.testing.assert_array_equal(g, e)
    finally:
        paddle.disable_static()


def test_indexing_a_value():
    a = np.arange(24, dtype="float32").reshape(2, 3, 4)
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2, 3, 4], "float32")
        outs = [x[1], x[:, 0], x[..., 1:3], x[:, ::2], x[::-1], x[-1, -1], x[0, 1:, ::-2], x[:, -2:]]
        with pytest.raises(IndexError, match="index 2 is out of range for axis 0 of size 2"):
            x[2]
        with pytest.raises(IndexError, match="too many indices for a value of 3 dims: 4"):
            x[0, 0, 0, 0]
        with pytest.raises(TypeError, match="takes ints, slices and ... as indices for now, but got list"):
            x[[0, 1]]
    got = paddle.static.Executor().run(main, feed={"x": a}, fetch_list=outs)
    expected = [a[1], a[:, 0], a[..., 1:3], a[:, ::2], a[::-1], a[-1, -1], a[0, 1:, ::-2], a[:, -2:]]
    for g, e in zip(got, expected):
        np.testing.assert_array_equal(g, e)


def test_case_and_switch_case_pick_the_first_match():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [], "float32")
        i = paddle.static.data("i", [], "int64")
        y = paddle.static.nn.case([(x < 0, lambda: -x), (x < 1, lambda: x * 10.0)], default=lambda: x)
        z = paddle.static.nn.switch_case(i, {1: lambda: x + 1.0, 3: lambda: x + 3.0}, default=lambda: x * 0.0)
        w = paddle.static.nn.switch_case(i, [lambda: x + 10.0, lambda: x + 20.0])  # default: the last
        with pytest.raises(TypeError, match=r"\[case\] pred_fn_pairs\[0\] must be a \(pred, callable\) pair"):
            paddle.static.nn.case([(x < 0, 3)])
        with pytest.raises(TypeError, match="branch_fns must pair int indices with functions"):
            paddle.static.nn.switch_case(i, {"a": lambda: x})
    exe = paddle.static.Executor()
    for v in (-2.0, 0.5, 3.0):
        got = float(exe.run(main, feed={"x": np.float32(v), "i": np.int64(0)}, fetch_list=[y])[0])
        assert got == (-v if v < 0 else v * 10 if v < 1 else v)
    for k, z_expected, w_expected in ((0, 0.0, 11.0), (1, 2.0, 21.0), (2, 0.0, 21.0), (3, 4.0, 21.0), (-5, 0.0, 21.0)):
        got_z, got_w = exe.run(main, feed={"x": np.float32(1), "i": np.int64(k)}, fetch_list=[z, w])
        assert (float(got_z), float(got_w)) == (z_expected, w_expected), k


def test_conv2d_and_embedding_layers():
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2, 3, 6, 6], "float32")
        y = paddle.static.nn.conv2d(x, 4, 3, padding=1, act="relu")
        ids = paddle.static.data("ids", [4, 2], "int64")
        emb = paddle.static.nn.embedding(ids, [10, 3], padding_idx=0)
    assert y.shape == [2, 4, 6, 6] and emb.shape == [4, 2, 3]
    scope = paddle.static.Scope()
    exe = paddle.static.Executor()
    rng = np.random.default_rng(3)
    xs = rng.standard_normal((2, 3, 6, 6)).astype("float32")
    id_values = rng.integers(0, 10, (4, 2))
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        got_y, got_emb = exe.run(main, feed={"x": xs, "ids": id_values}, fetch_list=[y, emb])
    names = scope.var_names()
    w_name = next(n for n in names if n.startswith("conv2d") and n.endswith(".w_0"))
    b_name = next(n for n in names if n.startswith("conv2d") and n.endswith(".b_0"))
    e_name = next(n for n in names if n.startswith("embedding"))
    conv_w, conv_b, table = (scope.find_var(n).numpy() for n in (w_name, b_name, e_name))
    # the reference: a direct NCHW correlation with padding 1
    padded = np.pad(xs, ((0, 0), (0, 0), (1, 1), (1, 1)))
    ref = np.zeros((2, 4, 6, 6), "float64")
    for i in range(6):
        for j in range(6):
            ref[:, :, i, j] = np.einsum("nchw,ochw->no", padded[:, :, i:i + 3, j:j + 3], conv_w)
    np.testing.assert_allclose(got_y, np.maximum(ref + conv_b[None, :, None, None], 0), rtol=1e-4, atol=1e-5)
    expected_emb = np.where((id_values == 0)[..., None], 0.0, table[id_values])
    np.testing.assert_allclose(got_emb, expected_emb)
    assert abs(np.std(conv_w) - (2.0 / 27) ** 0.5) < 0.1  # normal with Paddle's std


def _two_layer_program():
    """The network of tools/paddle_compat/make_static_golden.py, with fresh
    unique names (fc_0, fc_1) as a new process would make them."""
    from paddle.base import unique_name

    old = unique_name.switch()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [4, 3], "float32")
            hidden = paddle.static.nn.fc(x, 5, activation="relu")
            y = paddle.static.nn.fc(hidden, 2)
            paddle._C.pir.shadow_output(y, "y")  # an output by name, for clones
            loss = paddle.mean(y * y)
            paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9).minimize(loss)
    finally:
        unique_name.switch(old)
    return main, startup, y, loss


def test_static_save_and_load_round_trip(tmp_path):
    import pickle

    paddle.enable_static()
    main, startup, y, loss = _two_layer_program()
    exe = paddle.static.Executor()
    xs = np.random.default_rng(1).standard_normal((4, 3)).astype("float32")
    trained = paddle.static.Scope()
    with paddle.static.scope_guard(trained):
        exe.run(startup)
        exe.run(main, feed={"x": xs}, fetch_list=[loss])
        paddle.static.save(main, str(tmp_path / "model"))
        weights = {n: trained.find_var(n).numpy().copy() for n in trained.var_names()}
    # PaddlePaddle's layout: plain pickled dicts of arrays; states in .pdopt with the rate
    with open(tmp_path / "model.pdparams", "rb") as f:
        params = pickle.load(f)
    with open(tmp_path / "model.pdopt", "rb") as f:
        states = pickle.load(f)
    assert sorted(params) == ["fc_0.b_0", "fc_0.w_0", "fc_1.b_0", "fc_1.w_0"]
    assert sorted(states) == ["fc_0.b_0_velocity_0", "fc_0.w_0_velocity_0", "fc_1.b_0_velocity_0",
                              "fc_1.w_0_velocity_0", "learning_rate_0"]
    np.testing.assert_allclose(states["learning_rate_0"], 0.1)
    fresh = paddle.static.Scope()
    with paddle.static.scope_guard(fresh):
        paddle.static.load(main, str(tmp_path / "model"), exe)
        for name, value in weights.items():
            np.testing.assert_array_equal(fresh.find_var(name).numpy(), value)
    with pytest.raises(FileNotFoundError, match="no parameter file"):
        paddle.static.load(main, str(tmp_path / "missing"))
    bad = dict(params, **{"fc_0.w_0": np.zeros((2, 2), "float32")})
    with pytest.raises(ValueError, match=r"'fc_0.w_0' was saved with shape \[2, 2\], but the program's parameter "
                                         r"has shape \[3, 5\]"):
        paddle.static.set_program_state(main, {**bad, **states})


def test_static_load_reads_paddlepaddles_files():
    """Files written by PaddlePaddle 3.3.1's paddle.static.save
    (tools/paddle_compat/make_static_golden.py): loaded here, the network
    gives the output computed from the saved arrays."""
    golden = os.path.join(os.path.dirname(__file__), "golden", "static_save")
    io = np.load(os.path.join(golden, "io.npz"))
    paddle.enable_static()
    main, startup, y, loss = _two_layer_program()
    with paddle.static.scope_guard(paddle.static.Scope()):
        paddle.static.load(main, os.path.join(golden, "model"))
        out, = paddle.static.Executor().run(main, feed={"x": io["x"]}, fetch_list=[y])
    np.testing.assert_allclose(out, io["y"], rtol=1e-5, atol=1e-6)


def test_clone_for_test_keeps_the_forward():
    paddle.enable_static()
    main, startup, y, loss = _two_layer_program()
    assert str(main.clone()) == str(main)
    test_program = main.clone(for_test=True)
    names = test_program.op_names()
    assert "pd_op.momentum_" in main.op_names() and "pd_op.momentum_" not in names
    assert names[-1] == "pd_op.mean" and "builtin.shadow_output" in names  # the forward, to the loss
    exe = paddle.static.Executor()
    xs = np.random.default_rng(2).standard_normal((4, 3)).astype("float32")
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(startup)
        scope = paddle.static.global_scope()
        before = {n: scope.find_var(n).numpy().copy() for n in scope.var_names()}
        out, = exe.run(test_program, feed={"x": xs}, fetch_list=["y"])
        after = {n: scope.find_var(n).numpy() for n in scope.var_names()}
    for name in before:  # evaluation updates nothing
        np.testing.assert_array_equal(before[name], after[name])
    hidden = np.maximum(xs @ before["fc_0.w_0"] + before["fc_0.b_0"], 0)
    np.testing.assert_allclose(out, hidden @ before["fc_1.w_0"] + before["fc_1.b_0"], rtol=1e-5, atol=1e-6)


def test_clone_for_test_evaluates_batch_norm_and_dropout():
    """clone(for_test=True) makes batch norms use their running statistics
    and dropout pass its input through (upscale_in_train) or scale it by
    1 - p (downgrade_in_infer), as Paddle's does; the training program
    still normalizes by the batch and drops."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [4, 2, 3, 3], "float32")
        h = paddle.static.nn.batch_norm(x, moving_mean_name="m", moving_variance_name="v")
        y = paddle.nn.functional.dropout(h, p=0.5)
        z = paddle.nn.functional.dropout(h, p=0.25, mode="downscale_in_infer")
        paddle._C.pir.shadow_output(y, "y")
        paddle._C.pir.shadow_output(z, "z")
    paddle.disable_static()
    test_program = main.clone(for_test=True)
    assert "pd_op.dropout" in main.op_names() and "pd_op.dropout" not in test_program.op_names()
    xs = np.random.default_rng(3).standard_normal((4, 2, 3, 3)).astype("float32") + 2.0
    exe = paddle.static.Executor()
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(startup)
        scope = paddle.static.global_scope()
        scope.set_var("m", paddle.to_tensor([1.0, -1.0]))
        scope.set_var("v", paddle.to_tensor([4.0, 0.25]))
        y_test, z_test = exe.run(test_program, feed={"x": xs}, fetch_list=["y", "z"])
        np.testing.assert_array_equal(scope.find_var("m").numpy(), [1.0, -1.0])
        y_train, = exe.run(main, feed={"x": xs}, fetch_list=["y"])
    normalized = (xs - np.array([1.0, -1.0])[:, None, None]) / np.sqrt(np.array([4.0, 0.25])[:, None, None] + 1e-5)
    np.testing.assert_allclose(y_test, normalized, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(z_test, normalized * 0.75, rtol=1e-5, atol=1e-6)
    assert (y_train == 0).mean() > 0.2  # training still drops


def test_conv_bn_fold_keeps_inference_results():
    """conv_bn_fold puts an inference batch_norm into the conv before it (a
    new weight and shift from the parameters): the lowered program has one
    conv2d and no batch_norm, and its results equal the unfolded program's
    up to rounding."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2, 3, 6, 6], "float32")
        h = paddle.static.nn.conv2d(x, 4, 3, padding=1, bias_attr=False)
        y = paddle.static.nn.batch_norm(h, is_test=True, moving_mean_name="fold_m", moving_variance_name="fold_v")
    paddle.disable_static()
    rng = np.random.default_rng(9)
    xs = rng.standard_normal((2, 3, 6, 6)).astype("float32")
    with paddle.static.scope_guard(paddle.static.Scope()):
        paddle.static.Executor().run(startup)
        scope = paddle.static.global_scope()
        scope.set_var("fold_m", paddle.to_tensor(rng.standard_normal(4).astype("float32")))
        scope.set_var("fold_v", paddle.to_tensor(rng.uniform(0.5, 2.0, 4).astype("float32")))
        plain = paddle._C.pir.Executor(main, [y])
        folded = paddle._C.pir.Executor(main, [y], None, ["conv_bn_fold"] + paddle._C.pir.Executor.default_passes())
        assert "pd_op.batch_norm" in plain.kernel_program and "pd_op.batch_norm" not in folded.kernel_program
        assert folded.kernel_program.count('"conv2d(phi_kernel)"') == 1
        expected, = plain.run({"x": paddle.to_tensor(xs)}, scope)
        got, = folded.run({"x": paddle.to_tensor(xs)}, scope)
    np.testing.assert_allclose(got.numpy(), expected.numpy(), rtol=1e-5, atol=1e-5)


def test_matmul_add_fusion_keeps_the_training_losses():
    paddle.enable_static()
    losses = {}
    for fused in (False, True):
        main, startup, y, loss = _two_layer_program()
        if fused:
            paddle._C.pir.apply_passes(main, ["matmul_add_fusion"])
            names = main.op_names()
            # fc(relu) goes into the GEMM's epilogue, the plain fc into linear
            assert names.count("pd_op.fused_gemm_epilogue") == 1 and names.count("pd_op.linear") == 1
        with paddle.static.scope_guard(paddle.static.Scope()):
            paddle.seed(5)
            exe = paddle.static.Executor()
            exe.run(startup)
            xs = np.random.default_rng(4).standard_normal((4, 3)).astype("float32")
            losses[fused] = [exe.run(main, feed={"x": xs}, fetch_list=["y"])[0] for _ in range(4)]
    for a, b in zip(losses[False], losses[True]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_executor_runs_an_optimized_copy_lowered_to_kernels():
    """The executor optimizes and lowers a copy of the program: constants
    fold (a uniform one into pd_op.full, cumsum's into a constant it keeps),
    ops with a kernel become phi_kernel ops, the user's program stays as it
    was, and the results equal NumPy's with and without the passes."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2, 4], "float32")
        scale = paddle.full([], 2.0, "float32") * paddle.full([], 3.0, "float32")
        ramp = paddle.cumsum(paddle.full([4], 1.0, "float32"))
        y = paddle.sum(paddle.exp(x) * scale + ramp, axis=0)
    paddle.disable_static()
    before = main.op_names()
    xs = np.random.default_rng(0).standard_normal((2, 4)).astype("float32")
    expected = (np.exp(xs) * 6.0 + np.arange(1, 5, dtype="float32")).sum(axis=0)
    exe = paddle._C.pir.Executor(main, [y])
    text = exe.kernel_program
    assert '"exp(phi_kernel)"' in text and '"sum(phi_kernel)"' in text
    assert "fill_value:6" in text  # 2 * 3, folded
    assert "constant_folding@_" in text and "cumsum" not in text
    assert text.count('= "pd_op.') == 1  # every op but pd_op.data is lowered
    assert main.op_names() == before
    scope = paddle.static.Scope()
    for passes in (None, []):
        run = paddle._C.pir.Executor(main, [y], None, passes)
        out, = run.run({"x": paddle.to_tensor(xs)}, scope)
        np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6)
    assert scope.var_names() == []  # folded constants stay with the executor


def test_memory_plan_shares_buffers_and_keeps_results_right():
    """Intermediates whose lifetimes do not overlap share buffers: in a chain
    of eight pointwise ops each writes over its operand (Note [In-place]), so
    seven values live in one buffer, and the plan reports the bytes it
    saves. Fetched values are the user's: results of earlier runs stay
    right."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [64], "float32")
        h = x
        for _ in range(4):
            h = paddle.tanh(paddle.exp(h))
        side = paddle.sin(x)
    paddle.disable_static()
    exe = paddle._C.pir.Executor(main, [h, side])
    assert exe.memory_plan == {"values": 7, "buffers": 1, "bytes_planned": 7 * 256, "bytes_saved": 6 * 256,
                               "inplace_values": 6, "symbolic_values": 0}
    assert exe.kernel_program.count("buffers:[0]") == 7 and exe.kernel_program.count("inplace_operands:[0]") == 6
    scope = paddle.static.Scope()
    kept = []
    for seed in range(3):
        xs = np.random.default_rng(seed).standard_normal(64).astype("float32")
        expected = xs
        for _ in range(4):
            expected = np.tanh(np.exp(expected))
        kept.append((exe.run({"x": paddle.to_tensor(xs)}, scope), expected, np.sin(xs)))
    for (out, s), expected, expected_side in kept:
        np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6)
        np.testing.assert_allclose(s.numpy(), expected_side, rtol=1e-6)


def test_in_place_results_never_overwrite_live_values():
    """Note [In-place]: pointwise ops write over operands only where those die
    at them: a value read again later (h), one read twice by the op (b * b),
    the feeds and the parameters keep their values, over repeated runs; the
    results equal NumPy's."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3, 16], "float32")
        w = paddle.static.create_parameter([16], "float32", name="w",
                                           default_initializer=paddle.nn.initializer.Constant(0.5))
        h = paddle.exp(x * w)
        a = paddle.tanh(h)
        b = paddle.sigmoid(a + h)
        c = paddle.cast(b * b - h, "int32")
        out = paddle.sum(paddle.cast(c, "float32") + paddle.abs(a - w))
    paddle.disable_static()
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        assert paddle._C.pir.Executor(main, [out]).memory_plan["inplace_values"] >= 4
        for seed in range(3):
            xs = (np.random.default_rng(seed).standard_normal((3, 16)) * 2).astype("float32")
            fed = xs.copy()
            got, = exe.run(main, feed={"x": xs}, fetch_list=[out])
            hs = np.exp(xs * 0.5)
            as_ = np.tanh(hs)
            bs = 1 / (1 + np.exp(-(as_ + hs)))
            expected = (np.trunc(bs * bs - hs).astype("int32").astype("float32") + np.abs(as_ - 0.5)).sum()
            np.testing.assert_allclose(got, expected, rtol=1e-5)
            np.testing.assert_array_equal(xs, fed)
            np.testing.assert_array_equal(scope.find_var("w").numpy(), np.full(16, 0.5, "float32"))


def test_mangled_program_text_gives_clear_errors():
    """Random cuts, insertions and copies in a printed program with control
    flow: parsing and verifying raise ValueError, and whatever still parses
    runs or fails with a clear error, never a crash."""
    import random

    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [-1, 4], "float32")
        y = paddle.static.nn.cond(paddle.sum(x) > 0, lambda: (paddle.exp(x), x * 2.0), lambda: (x, -x))
        i = paddle.full([], 0, "int64")
        out = paddle.static.nn.while_loop(lambda i, v: i < 3, lambda i, v: [i + 1, v / 2.0], [i, y[0]])
        parts = paddle.split(paddle.concat([out[1], y[1]], axis=0), 2, axis=1)
        paddle._C.pir.shadow_output(parts[0], "o")
    paddle.disable_static()
    text = str(main)
    rng = random.Random(2026)
    alphabet = "{}()[]<>%^,:=\"-0123456789xf.abdefilnprstuy_ \n"
    parsed = 0
    for _ in range(600):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            at, what = rng.randrange(len(chars)), rng.random()
            if what < 0.4:
                del chars[at:at + rng.randint(1, 8)]
            elif what < 0.7:
                chars.insert(at, rng.choice(alphabet))
            elif what < 0.85:
                chars[at] = rng.choice(alphabet)
            else:
                src = rng.randrange(len(chars))
                chars[at:at] = chars[src:src + rng.randint(1, 30)]
        try:
            program = paddle._C.pir.parse_program("".join(chars))
            program.verify()
        except ValueError:
            continue
        parsed += 1
        fetch = ["o"] if "output_name:\"o\"" in str(program) else []
        try:
            paddle.static.Executor().run(program, feed={"x": np.ones((2, 4), "float32")}, fetch_list=fetch)
        except (ValueError, TypeError, NotImplementedError, IndexError, RuntimeError):
            pass
    assert parsed > 0  # some mutations (in attribute values, names) still make programs
