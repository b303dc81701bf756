"""paddle.static's helpers: Print (pd_op.print, in the forward and the
backward), name_scope, device_guard, BuildStrategy and CompiledProgram."""

from __future__ import annotations

import numpy as np
import pytest

import paddle


@pytest.fixture(autouse=True)
def eager_afterwards():
    yield
    paddle.disable_static()


def _expected_print(values, shape, dtype="float32", message=None, summarize=20, lod=True):
    """PaddlePaddle 3.x's Print text for a CPU tensor, written out by hand."""
    shown = values if summarize < 0 else values[:summarize]
    lines = ["Variable: var"]
    if message:
        lines.append(f"  - message: {message}")
    if lod:
        lines.append("  - lod: {}")
    lines += ["  - place: Place(cpu)", f"  - shape: {shape}", "  - layout: NCHW", f"  - dtype: {dtype}",
              "  - data: [" + " ".join("%f" % v for v in shown) + "]"]
    return "\n".join(lines) + "\n"


def test_print_passes_the_value_through_and_prints_it(capfd):
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2, 3], "int64")
        shown = paddle.static.Print(x, message="ids", summarize=4)
        every = paddle.static.Print(paddle.cast(shown, "float64") / 3.0, summarize=-1, print_tensor_lod=False)
        once = paddle.static.Print(every * 2.0, first_n=1, print_tensor_type=False, print_tensor_shape=False)
    assert str(main).count('"pd_op.print"') == 3
    assert str(paddle._C.pir.parse_program(str(main))) == str(main)
    exe = paddle.static.Executor()
    xs = np.arange(6, dtype="int64").reshape(2, 3)
    capfd.readouterr()
    for run in range(2):
        got, = exe.run(main, feed={"x": xs}, fetch_list=[once])
        np.testing.assert_allclose(got, xs / 3.0 * 2.0, rtol=1e-12)
        out = capfd.readouterr().out
        assert _expected_print(list(range(4)), "[2, 3]", "int64", message="ids", summarize=4) in out
        assert _expected_print(list(xs.reshape(-1) / 3.0), "[2, 3]", "float64", summarize=-1, lod=False) in out
        once_text = ("Variable: var\n  - lod: {}\n  - place: Place(cpu)\n  - layout: NCHW\n  - data: ["
                     + " ".join("%f" % v for v in xs.reshape(-1) / 3.0 * 2.0) + "]\n")
        assert (once_text in out) == (run == 0)  # first_n=1: the first run only


def test_print_phases_print_the_gradient_too(capfd):
    """The gradient of Print is the gradient, printed in the "both" and
    "backward" phases; "backward" does not print the forward value."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [3], "float32")
        forward_only = paddle.static.Print(x * 2.0, message="f", print_phase="forward")
        backward_only = paddle.static.Print(forward_only * 3.0, message="b", print_phase="backward")
        both = paddle.static.Print(backward_only + 1.0, message="fb", print_phase="both")
        gx, = paddle.static.gradients(paddle.sum(both * both), x)
    exe = paddle.static.Executor()
    capfd.readouterr()
    xs = np.array([1.0, -1.0, 0.5], "float32")
    got, = exe.run(main, feed={"x": xs}, fetch_list=[gx])
    out = capfd.readouterr().out
    y = xs * 6.0 + 1.0
    np.testing.assert_allclose(got, 2 * y * 6.0, rtol=1e-6)
    assert out.count("  - message: f\n") == 1 and _expected_print(xs * 2, "[3]", message="f") in out
    assert out.count("  - message: b\n") == 1 and _expected_print(2 * y, "[3]", message="b") in out
    assert out.count("  - message: fb\n") == 2
    assert _expected_print(y, "[3]", message="fb") in out and _expected_print(2 * y, "[3]", message="fb") in out


def test_print_argument_errors():
    with pytest.raises(RuntimeError, match=r"\[Print\] .* call paddle.enable_static\(\)"):
        paddle.static.Print(paddle.ones([2]))
    paddle.enable_static()
    with paddle.static.program_guard(paddle.static.Program()):
        x = paddle.static.data("x", [2], "float32")
        with pytest.raises(ValueError, match=r"\[Print\] print_phase must be 'forward', 'backward' or 'both', "
                                             r"but got 'sideways'"):
            paddle.static.Print(x, print_phase="sideways")
        with pytest.raises(ValueError, match=r"\[Print\] summarize must be an int >= -1"):
            paddle.static.Print(x, summarize=-2)
        with pytest.raises(TypeError, match=r"\[Print\] message must be a str or None, but got int"):
            paddle.static.Print(x, message=3)


def test_name_scope_and_device_guard():
    from paddle.static.guards import _current_name_scope

    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        with paddle.static.name_scope("s1"):
            assert _current_name_scope() == "/s1/"
            with paddle.static.name_scope("s2"):
                assert _current_name_scope() == "/s1/s2/"
        with paddle.static.name_scope("s1"):  # used again in the same scope: a suffix, as in Paddle
            assert _current_name_scope() == "/s1_1/"
        assert _current_name_scope() == "/"
        with pytest.raises(ValueError, match=r"\[name_scope\] prefix must be a non-empty str"):
            with paddle.static.name_scope(""):
                pass
        x = paddle.static.data("x", [2], "float32")
        with paddle.static.device_guard("cpu"):
            y = x + 1.0
        with paddle.static.device_guard("gpu:0"), paddle.static.device_guard(None):
            z = y * 2.0
        for bad in ("cpu:0", "tpu", "gpu:x"):
            with pytest.raises(ValueError, match=r"\[device_guard\]"):
                with paddle.static.device_guard(bad):
                    pass
    got, = paddle.static.Executor().run(main, feed={"x": np.array([1.0, -2.0], "float32")}, fetch_list=[z])
    np.testing.assert_allclose(got, [4.0, -2.0])
    paddle.disable_static()
    with paddle.static.name_scope("ignored in dynamic mode"):
        pass


def test_compiled_program_runs_its_program_with_a_build_strategy():
    strategy = paddle.static.BuildStrategy()
    assert (strategy.enable_inplace, strategy.fuse_gemm_epilogue, strategy.memory_optimize) == (True, False, None)
    assert strategy.reduce_strategy == paddle.static.BuildStrategy.ReduceStrategy.AllReduce
    strategy.fuse_elewise_add_act_ops = True
    assert repr(strategy) == "BuildStrategy(fuse_elewise_add_act_ops=True)"
    with pytest.raises(AttributeError, match="'BuildStrategy' object has no attribute 'fuse_everything'"):
        strategy.fuse_everything = True
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [3], "float32")
        y = paddle.nn.functional.relu(x) * 2.0 + 1.0
    compiled = paddle.static.CompiledProgram(main, strategy)
    got, = paddle.static.Executor().run(compiled, feed={"x": np.array([-1.0, 0.5, 2.0], "float32")}, fetch_list=[y])
    np.testing.assert_allclose(got, [1.0, 2.0, 5.0])
    with pytest.raises(TypeError, match=r"\[CompiledProgram\] program_or_graph must be a paddle.static.Program, "
                                        r"but got str"):
        paddle.static.CompiledProgram("main")
    with pytest.raises(TypeError, match=r"\[CompiledProgram\] build_strategy must be a BuildStrategy or None"):
        paddle.static.CompiledProgram(main, {"enable_inplace": False})
