"""Symbolic shapes (Note [Symbolic shapes]): the infer_symbolic_shape pass
names every unknown dim by an expression of symbols. Each expression is
checked against the dims the program takes for concrete feeds (its
specialization infers each op's result with numbers), for many feed shapes,
odd and even; and the memory plan shares buffers between values of equal
symbolic size, which runs with any batch."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

import paddle
from paddle import _C

_SYM = re.compile(r'sym_shape_str:"shape\[([^\]]*)\], data\[NULL\]"')
_RESULT = re.compile(r"-> tensor<([^>]*)>")


@pytest.fixture(autouse=True)
def eager_afterwards():
    yield
    paddle.disable_static()


def _evaluate(dims, symbols):
    """Evaluates printed dims (Add/Mul/Div/Broadcast of S<n> and integers) by their definitions."""
    env = {"Add": lambda *a: sum(a), "Mul": lambda *a: math.prod(a), "Div": lambda a, b: a // b,
           "Broadcast": lambda *a: max(a)}
    env.update(symbols)
    return eval(f"[{dims}]", {"__builtins__": {}}, env)  # noqa: S307 - the analysis' own printed grammar


def _dims(type_text):
    parts = type_text.split("x")[:-1]
    return [int(p) for p in parts]


def _annotated(build):
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        build()
    _C.pir.apply_passes(main, ["infer_symbolic_shape"])
    return main


def _lines_with_shapes(text):
    for line in text.splitlines():
        sym, result = _SYM.search(line), _RESULT.search(line)
        if sym and result:
            yield line, sym.group(1), _dims(result.group(1))


def _check_against_specializations(main, feeds, trials):
    """Binds each data's symbols to the feed dims and compares every op's expression with the specialized type."""
    symbolic = list(_lines_with_shapes(str(main)))
    data_symbols = {}
    for line, dims, _ in symbolic:
        name = re.search(r'"pd_op.data" \(\) \{[^}]*name:"([^"]+)"', line)
        if name:
            data_symbols[name.group(1)] = [d.strip() for d in dims.split(",") if d.strip()]
    checked = 0
    for trial in trials:
        feed_dims = {name: trial[name] for name in feeds}
        specialized, _ = _C.pir.specialize(main, feed_dims, [])
        symbols = {}
        for name, dims in data_symbols.items():
            for expr, value in zip(dims, feed_dims.get(name, [])):
                if re.fullmatch(r"S\d+", expr):
                    symbols[expr] = value
        concrete = list(_lines_with_shapes(str(specialized)))
        assert len(concrete) == len(symbolic)
        for (line, exprs, _), (_, _, dims) in zip(symbolic, concrete):
            if any(s not in symbols for s in re.findall(r"S\d+", exprs)):
                continue  # a dim the op's values decide
            assert _evaluate(exprs, symbols) == dims, line
            checked += 1
    return checked


def test_convolutions_and_pools_over_unknown_batch_and_image_size():
    def build():
        x = paddle.static.data("x", [None, 3, None, None])
        c = paddle.nn.Conv2D(3, 4, 3, stride=2, padding=1)(x)
        p = paddle.nn.functional.max_pool2d(c, 3, 2, 1)
        q = paddle.nn.functional.avg_pool2d(c, 2, 2, ceil_mode=True)
        d = paddle.nn.Conv2D(4, 2, (5, 2), stride=(3, 1), dilation=(1, 2))(p)
        paddle.flatten(d, 1)
        paddle.split(q, 2, axis=1)
        paddle.reshape(x, [0, -1])
        c[:, :, 1:, :-2]

    main = _annotated(build)
    text = str(main)
    assert 'sym_shape_str:"shape[S0, 4, Div(Add(S1, 1), 2), Div(Add(S2, 1), 2)], data[NULL]"' in text
    rng = np.random.default_rng(0)
    trials = [{"x": [int(rng.integers(1, 9)), 3, int(rng.integers(41, 90)), int(rng.integers(41, 90))]}
              for _ in range(12)]
    assert _check_against_specializations(main, ["x"], trials) > 12 * 8


def test_sequences_concat_reshape_transpose_and_matmul():
    def build():
        x = paddle.static.data("x", [None, None, 8])
        y = paddle.static.data("y", [None, 8])
        z = paddle.concat([paddle.flatten(x, 0, 1), y], axis=0)
        r = paddle.reshape(z, [-1, 4])
        paddle.transpose(r, [1, 0])
        a = paddle.matmul(x, x, transpose_y=True)
        paddle.nn.functional.softmax(a / 3.0)
        paddle.unsqueeze(y, [0, 2])
        paddle.stack([y, y, y], axis=1)
        paddle.expand(paddle.unsqueeze(y, 1), [-1, 3, 8])

    main = _annotated(build)
    text = str(main)
    assert "Add(Mul(S0, S1), S2)" in text  # concat of the flattened [S0*S1, 8] and [S2, 8]
    trials = [{"x": [b, s, 8], "y": [n, 8]} for b, s, n in [(1, 1, 1), (2, 3, 5), (4, 7, 2), (3, 3, 3)]]
    assert _check_against_specializations(main, ["x", "y"], trials) > 4 * 6


def test_broadcast_of_independent_batches_and_value_decided_lengths():
    def build():
        x = paddle.static.data("x", [None, 8])
        y = paddle.static.data("y", [None, 8])
        s = x + y
        m = paddle.masked_select(s, s > 0)
        paddle.exp(m)

    text = str(_annotated(build))
    assert 'sym_shape_str:"shape[Broadcast(S0, S1), 8], data[NULL]"' in text
    assert text.count('sym_shape_str:"shape[S2], data[NULL]"') == 2  # masked_select's length, kept by exp


def test_unknown_dims_broadcast_with_known_ones():
    """A -1 broadcast against n is n (the run must bring n or 1), against 1 stays -1."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        u = paddle.static.data("u", [None, None, 1])
        v = paddle.static.data("v", [None, 8, 1])
        w = u + v
        z = u * paddle.static.data("one", [1, 1, 1])
    assert w.shape == [-1, 8, 1] and z.shape == [-1, -1, 1]
    exe = paddle.static.Executor()
    uv, vv = np.ones((2, 1, 1), "float32"), np.full((2, 8, 1), 2.0, "float32")
    (got,) = exe.run(main, feed={"u": uv, "v": vv, "one": np.ones((1, 1, 1), "float32")}, fetch_list=[w])
    np.testing.assert_array_equal(got, uv + vv)
    with pytest.raises(ValueError, match="cannot be broadcast"):
        exe.run(main, feed={"u": np.ones((2, 3, 1), "float32"), "v": vv, "one": np.ones((1, 1, 1), "float32")},
                fetch_list=[w])


def test_constant_padding_of_dims_the_run_decides():
    """pad in constant mode builds from the input when a dim is -1 (it cannot make a full() of that shape)."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 2, None])
        y = paddle.nn.functional.pad(x, [1, 2], value=3.0, data_format="NCL")
    xv = np.random.default_rng(0).standard_normal((4, 2, 5)).astype("float32")
    (got,) = paddle.static.Executor().run(main, feed={"x": xv}, fetch_list=[y])
    np.testing.assert_array_equal(got, np.pad(xv, [(0, 0), (0, 0), (1, 2)], constant_values=3.0))


def test_tile_of_dims_the_run_decides():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 3])
        y = paddle.tile(x, [2, 1, 3])
    xv = np.random.default_rng(1).standard_normal((2, 3)).astype("float32")
    (got,) = paddle.static.Executor().run(main, feed={"x": xv}, fetch_list=[y])
    np.testing.assert_array_equal(got, np.tile(xv, [2, 1, 3]))


def test_loops_make_new_symbols_where_the_body_changes_a_dim():
    def build():
        x = paddle.static.data("x", [None, 2])
        i = paddle.static.data("i", [1], "int64")
        _, grown, same = paddle.static.nn.while_loop(
            lambda i, v, w: i < 3, lambda i, v, w: (i + 1, paddle.concat([v, v]), paddle.exp(w)), [i, x, x])
        paddle.tanh(grown)
        paddle.tanh(same)

    text = str(_annotated(build))
    tanhs = re.findall(r'"pd_op.tanh".*sym_shape_str:"shape\[([^\]]*)\]', text)
    assert tanhs == ["S1, 2", "S0, 2"]


def test_memory_plan_shares_buffers_of_equal_symbolic_size_at_any_batch():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 64])
        a = paddle.exp(x)
        b = paddle.tanh(a) + a
        c = paddle.nn.functional.softmax(b) * 2.0
        out = paddle.sum(paddle.sin(c), axis=1)
    exe = paddle.static.Executor()
    rng = np.random.default_rng(1)
    for batch in (3, 8, 1, 5):
        xv = rng.standard_normal((batch, 64)).astype("float32")
        (got,) = exe.run(main, feed={"x": xv}, fetch_list=[out])
        av = np.exp(xv)
        bv = np.tanh(av) + av
        e = np.exp(bv - bv.max(axis=1, keepdims=True))
        expected = np.sin(e / e.sum(axis=1, keepdims=True) * 2.0).sum(axis=1)
        np.testing.assert_allclose(got, expected, rtol=1e-5)
    plan = _C.pir.Executor(main, [out]).memory_plan
    # exp, tanh, add (over tanh's), softmax, scale and sin: [S0, 64] each, in three buffers
    assert plan["symbolic_values"] == 6 and plan["inplace_values"] >= 1
    assert plan["buffers"] <= 3
