"""paddle.jit: to_static runs functions and layers as captured programs
(values and gradients equal to eager's, against NumPy and central finite
differences), re-captures when a guard changes, runs eagerly what it cannot
capture; jit.save / jit.load round-trip layers in PaddlePaddle 3.x's files,
and the loaded layer trains like the original."""

from __future__ import annotations

import logging
import os

import numpy as np
import pytest

import paddle

PEER_PYTHON = os.environ.get("PADDLE_PEER_PYTHON", "/opt/peers/paddle/bin/python")


@pytest.fixture(autouse=True)
def restore():
    yield
    paddle.jit.enable_to_static(True)
    paddle.disable_static()


def _numeric_grad(f, x, eps=1e-6):
    g = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[i] += eps
        down[i] -= eps
        g[i] = (f(up) - f(down)) / (2 * eps)
    return g


def test_function_values_and_gradients_match_numpy_and_finite_differences():
    @paddle.jit.to_static
    def f(x, y, n):
        for _ in range(n):  # a Python loop: unrolled at capture
            x = paddle.tanh(x) * y
        return {"out": x, "total": paddle.sum(x * x)}

    rng = np.random.default_rng(0)
    xv, yv = rng.standard_normal((3, 4)), rng.standard_normal((3, 4))

    def reference(xa, ya, n=2):
        for _ in range(n):
            xa = np.tanh(xa) * ya
        return xa

    x = paddle.to_tensor(xv, stop_gradient=False)
    y = paddle.to_tensor(yv, stop_gradient=False)
    result = f(x, y, 2)
    np.testing.assert_allclose(result["out"].numpy(), reference(xv, yv), rtol=1e-12)
    result["total"].backward()
    np.testing.assert_allclose(x.grad.numpy(), _numeric_grad(lambda a: (reference(a, yv) ** 2).sum(), xv),
                               rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(y.grad.numpy(), _numeric_grad(lambda b: (reference(xv, b) ** 2).sum(), yv),
                               rtol=1e-6, atol=1e-8)
    assert f.concrete_program is not None and "pd_op.tanh" in str(f.concrete_program)


def test_guards_recapture_on_new_shapes_python_values_and_modes():
    @paddle.jit.to_static
    def f(x, scale):
        return x * scale

    f(paddle.ones([2]), 2.0)
    f(paddle.ones([2]), 2.0)
    assert len(f._cache) == 1
    np.testing.assert_array_equal(f(paddle.ones([3]), 2.0).numpy(), [2.0, 2.0, 2.0])
    np.testing.assert_array_equal(f(paddle.ones([3]), 5.0).numpy(), [5.0, 5.0, 5.0])
    assert len(f._cache) == 3

    layer = paddle.jit.to_static(paddle.nn.Dropout(0.5))
    x = paddle.ones([1000])
    layer.eval()
    np.testing.assert_array_equal(layer(x).numpy(), np.ones(1000))
    layer.train()
    kept = layer(x).numpy()
    assert set(np.unique(kept)) == {0.0, 2.0} and 300 < (kept == 0).sum() < 700


def _mlp():
    paddle.seed(11)
    return paddle.nn.Sequential(paddle.nn.Linear(4, 16), paddle.nn.ReLU(), paddle.nn.Dropout(0.2),
                                paddle.nn.Linear(16, 16), paddle.nn.BatchNorm1D(16), paddle.nn.Tanh(),
                                paddle.nn.Linear(16, 1))


def _train(model, steps=6):
    rng = np.random.default_rng(3)
    xs = rng.standard_normal((8, 4)).astype("float32")
    ys = rng.standard_normal((8, 1)).astype("float32")
    opt = paddle.optimizer.Adam(0.02, parameters=model.parameters())
    paddle.seed(5)
    losses = []
    for _ in range(steps):
        loss = paddle.mean((model(paddle.to_tensor(xs)) - paddle.to_tensor(ys)) ** 2)
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    return losses, model


def test_training_a_layer_under_to_static_matches_eager():
    """Dropout draws the same masks (one draw per step: the backward reuses the forward's values, Note
    [Split programs]) and batch norm's running statistics are updated once per step, as in eager mode."""
    eager_losses, eager = _train(_mlp())
    static_losses, static = _train(paddle.jit.to_static(_mlp()))
    np.testing.assert_allclose(static_losses, eager_losses, rtol=1e-5)
    assert static_losses[-1] < static_losses[0]
    for (name, a), (_, b) in zip(eager.state_dict().items(), static.state_dict().items()):
        np.testing.assert_allclose(b.numpy(), a.numpy(), rtol=1e-5, atol=1e-6, err_msg=name)


def test_input_spec_serves_every_batch_size_with_one_capture():
    net = paddle.nn.Linear(3, 2)
    static = paddle.jit.to_static(net, input_spec=[paddle.static.InputSpec([None, 3], "float32", "x")])
    for batch in (1, 4, 7):
        x = paddle.to_tensor(np.random.default_rng(batch).standard_normal((batch, 3)).astype("float32"),
                             stop_gradient=False)
        out = net(x)
        out.sum().backward()
        expected = x.numpy() @ net.weight.numpy() + net.bias.numpy()
        np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6)
        np.testing.assert_allclose(x.grad.numpy(), np.tile(net.weight.numpy().sum(1), (batch, 1)), rtol=1e-6)
        net.clear_gradients()
    assert len(static.forward._cache) == 1
    with pytest.raises(ValueError, match="takes 1 tensors"):
        net(paddle.ones([1, 3]), paddle.ones([1, 3]))


def test_what_cannot_be_captured_runs_eagerly_with_a_logged_reason(caplog):
    f = paddle.jit.to_static(_return_in_loop)
    with caplog.at_level(logging.WARNING, logger="paddle.jit"):
        np.testing.assert_array_equal(f(paddle.to_tensor([1.0, 2.0])).numpy(), [2.0, 4.0])
    assert "runs eagerly" in caplog.text and "truth value" in caplog.text
    np.testing.assert_array_equal(f(paddle.to_tensor([6.0, 5.0])).numpy(), [5.0, 4.0])
    with pytest.raises(TypeError, match="truth value"):
        paddle.jit.to_static(_return_in_loop, full_graph=True)(paddle.to_tensor([1.0]))

    paddle.jit.enable_to_static(False)
    g = paddle.jit.to_static(lambda x: x + 1)
    np.testing.assert_array_equal(g(paddle.ones([2])).numpy(), [2.0, 2.0])
    assert g.concrete_program is None
    with pytest.raises(TypeError, match="must be a bool"):
        paddle.jit.enable_to_static(1)


def _triple(x):
    return x * 3


def test_not_to_static_marks_a_function_that_runs_eagerly(caplog):
    assert paddle.jit.not_to_static(_triple) is _triple  # marked, not wrapped
    assert paddle.jit.not_to_static()(_triple) is _triple  # the decorator with parentheses
    static = paddle.jit.to_static(_triple)
    x = paddle.to_tensor([1.0, -2.0])
    with caplog.at_level(logging.WARNING, logger="paddle.jit"):
        np.testing.assert_array_equal(static(x).numpy(), [3.0, -6.0])
    assert static.concrete_program is None and "it is marked not_to_static" in caplog.text

    @paddle.jit.to_static
    def calls_it(x):
        return _triple(x) + 1.0

    np.testing.assert_array_equal(calls_it(x).numpy(), [4.0, -5.0])


def test_paddles_translator_switches_are_accepted(capsys):
    import math

    # ignore_module: Paddle's translator leaves those modules' functions as they are; capture here runs every
    # module's code as it is. It takes a list of modules, as Paddle's does (which fails iterating anything else).
    assert paddle.jit.ignore_module([math, np]) is None
    with pytest.raises(TypeError, match=r"\[ignore_module\] modules must be a list of modules"):
        paddle.jit.ignore_module(math)
    # set_verbosity: the paddle.jit logger says more above level 0
    logger = logging.getLogger("paddle.jit")
    level = logger.level
    try:
        paddle.jit.set_verbosity(3, also_to_stdout=True)
        assert logger.getEffectiveLevel() == logging.INFO
        paddle.jit.set_verbosity(0)
        assert logger.getEffectiveLevel() == logging.WARNING
    finally:
        logger.setLevel(level)
    # set_code_level: capture rewrites no code, so there is none to show, at any level
    assert paddle.jit.set_code_level(100, also_to_stdout=True) is None
    f = paddle.jit.to_static(lambda x: paddle.tanh(x) * 2)
    np.testing.assert_allclose(f(paddle.to_tensor([0.5])).numpy(), [2 * np.tanh(0.5)], rtol=1e-6)
    assert f.concrete_program is not None and capsys.readouterr().out == ""
    paddle.jit.set_code_level(0)


def test_a_function_using_a_global_layer_trains_its_parameters():
    model = paddle.nn.Linear(2, 1)

    @paddle.jit.to_static
    def step(x):
        return paddle.mean(model(x) ** 2)

    x = paddle.to_tensor([[1.0, 2.0], [3.0, -1.0]])
    step(x).backward()
    w, b = model.weight.numpy(), model.bias.numpy()
    out = x.numpy() @ w + b
    # d mean(out^2) / d out = 2 * out / 2 over the two rows
    np.testing.assert_allclose(model.weight.grad.numpy(), x.numpy().T @ out, rtol=1e-5)
    np.testing.assert_allclose(model.bias.grad.numpy(), out.sum(0), rtol=1e-5)
    assert "pd_op" in str(step.concrete_program)


def _branchy(x):
    if x.sum() > 0:
        y = paddle.exp(x) * 2
    else:
        y = -x * x
    return y + 1


def _nested(x, n):
    i = 0
    total = paddle.zeros([])
    while total < 4.0:  # a tensor test: one pd_op.while
        if x.mean() > 0:
            total = total + x.mean()
        else:
            total = total - x.mean()
        i += 1
    for _ in range(n):  # a Python loop: unrolled
        x = x * 2
    return x * total, i


def _search(x):
    total = paddle.zeros([])
    i = paddle.zeros([])
    while i < 10:
        i = i + 1
        if x[0] * i > 3.5:  # a break a tensor decides
            break
        if i % 2 == 0:  # a continue a tensor decides
            continue
        total = total + x.sum() * i
    return total, i


def _tensor_range(x, n):
    acc = paddle.zeros([])
    for k in range(n):  # n a tensor: one pd_op.while
        if k % 3 == 1:
            continue
        acc = acc + x.sum() * k
    return acc


def _python_break(x, n):
    k = 0
    while k < n:
        k += 1
        if k == 3:
            break
        x = x * 2
    return x


def _return_in_loop(x):
    """A return inside a loop: not converted (the function runs eagerly)."""
    while x.sum() < 10:
        if x.max() > 3:
            return x
        x = x * 2
    return x - 1


def _early_returns(x):
    """Note [Early return]: returns in nested tensor ifs, statements after them, a variable (y) one path alone
    assigns."""
    if x.sum() > 0:
        if x.max() > 2:
            return x * 3
        y = x + 1
        return y * y
    x = x - 1
    return paddle.tanh(x)


def _early_returns_reference(a):
    if a.sum() > 0:
        return a * 3 if a.max() > 2 else (a + 1) ** 2
    return np.tanh(a - 1)


def test_early_returns_in_tensor_ifs_become_program_control_flow():
    f = paddle.jit.to_static(_early_returns, full_graph=True)
    for values in ([1.0, 5.0], [0.5, 1.0], [-1.0, -2.0]):
        a = np.array(values)
        x = paddle.to_tensor(a, stop_gradient=False)
        out = f(x)
        np.testing.assert_allclose(out.numpy(), _early_returns_reference(a), rtol=1e-12)
        out.sum().backward()
        np.testing.assert_allclose(x.grad.numpy(), _numeric_grad(lambda v: _early_returns_reference(v).sum(), a),
                                   rtol=1e-6, atol=1e-8)
    assert len(f._cache) == 1  # one capture serves every path
    assert str(f.concrete_program).count("pd_op.if") == 2


def test_control_flow_on_tensor_values_becomes_program_control_flow():
    """Note [Control flow in capture]: one capture serves both outcomes of an if on a tensor, and a while
    on a tensor test is one pd_op.while; values and gradients equal eager's."""
    f = paddle.jit.to_static(_branchy, full_graph=True)
    for values in ([0.5, 1.0], [-2.0, 0.5]):
        x = paddle.to_tensor(np.array(values), stop_gradient=False)
        out = f(x)
        out.sum().backward()
        xv = np.array(values)
        expected = np.exp(xv) * 2 + 1 if xv.sum() > 0 else -xv * xv + 1
        np.testing.assert_allclose(out.numpy(), expected, rtol=1e-12)
        np.testing.assert_allclose(x.grad.numpy(), np.exp(xv) * 2 if xv.sum() > 0 else -2 * xv, rtol=1e-12)
    assert len(f._cache) == 1 and '"pd_op.if"' in str(f.concrete_program)

    g = paddle.jit.to_static(_nested, full_graph=True)
    xv = np.array([-0.5, -1.5], "float32")
    out, i = g(paddle.to_tensor(xv), 2)
    eager_out, eager_i = _nested(paddle.to_tensor(xv), 2)
    np.testing.assert_allclose(out.numpy(), eager_out.numpy(), rtol=1e-6)
    assert int(i) == eager_i == 4  # the counter the tensor loop assigns becomes a tensor
    text = str(g.concrete_program)
    assert text.count('"pd_op.while"') == 1 and '"pd_op.if"' in text and text.count('"pd_op.multiply"') >= 2


def test_break_and_continue_in_a_tensor_loop():
    """A while body's break and continue become flags (Note [Control flow in capture]): one pd_op.while,
    the same values as eager for every outcome."""
    f = paddle.jit.to_static(_search, full_graph=True)
    for values in ([0.5, 1.0], [1.0, -2.0], [0.2, 0.3]):
        total, i = f(paddle.to_tensor(np.array(values, "float32")))
        eager_total, eager_i = _search(paddle.to_tensor(np.array(values, "float32")))
        np.testing.assert_allclose(float(total), float(eager_total), rtol=1e-6)
        assert float(i) == float(eager_i)
    assert len(f._cache) == 1 and str(f.concrete_program).count('"pd_op.while"') == 1
    h = paddle.jit.to_static(_tensor_range, full_graph=True)
    for n in (0, 1, 5):
        x = paddle.to_tensor(np.array([0.5, 1.5], "float32"))
        got = h(x, paddle.to_tensor(n))
        assert float(got) == sum(2.0 * k for k in range(n) if k % 3 != 1)
    assert len(h._cache) == 1 and '"pd_op.while"' in str(h.concrete_program)
    g = paddle.jit.to_static(_python_break, full_graph=True)  # a Python loop still unrolls, and breaks
    np.testing.assert_array_equal(g(paddle.ones([2]), 10).numpy(), [4.0, 4.0])
    assert '"pd_op.while"' not in str(g.concrete_program)


def test_control_flow_that_cannot_be_converted_runs_eagerly(caplog):
    def one_path_returns_nothing(x):
        if x.sum() > 0:
            return x * 2

    f = paddle.jit.to_static(one_path_returns_nothing)
    with caplog.at_level(logging.WARNING, logger="paddle.jit"):
        np.testing.assert_array_equal(f(paddle.to_tensor([1.0, 2.0])).numpy(), [2.0, 4.0])
    assert f(paddle.to_tensor([-1.0, -2.0])) is None
    assert "runs eagerly" in caplog.text

    def one_branch_defines(x):
        if x.sum() > 0:
            z = x * 3
        return z  # noqa: F821 - undefined when the branch is not taken

    with pytest.raises(TypeError, match="a variable defined in one branch only"):
        paddle.jit.to_static(one_branch_defines, full_graph=True)(paddle.to_tensor([1.0]))
    np.testing.assert_array_equal(paddle.jit.to_static(one_branch_defines)(paddle.to_tensor([1.0])).numpy(), [3.0])

    def changes_dtype(x):
        while x.sum() < 10:
            x = x.astype("float64") * 2
        return x

    np.testing.assert_array_equal(paddle.jit.to_static(changes_dtype)(paddle.to_tensor([1.0])).numpy(), [16.0])


class _Gate(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(3, 3)

    def forward(self, x):
        h = self.fc(x)
        if h.mean() > 0:
            h = paddle.nn.functional.relu(h)
        else:
            h = paddle.tanh(h) * 0.5
        return h.sum()


def test_a_layer_with_a_tensor_branch_saves_and_loads(tmp_path):
    paddle.seed(6)
    layer = _Gate()
    layer.eval()
    prefix = str(tmp_path / "gate")
    paddle.jit.save(layer, prefix, input_spec=[paddle.static.InputSpec([None, 3], "float32", "x")])
    loaded = paddle.jit.load(prefix)
    assert '"pd_op.if"' in str(loaded.program())
    rng = np.random.default_rng(1)
    for _ in range(4):  # both branches
        x = paddle.to_tensor(rng.standard_normal((2, 3)).astype("float32") * 3)
        np.testing.assert_allclose(float(loaded(x)), float(layer(x)), rtol=1e-6)


class _Negate(paddle.nn.Layer):
    def forward(self, x):
        return -x + paddle.neg(x * 2.0)


def test_an_op_saved_as_paddles_op_with_a_constant_operand_loads_back(tmp_path):
    # neg is Paddle's scale with a scale operand of -1: the file holds that constant as a pd_op.full.
    prefix = str(tmp_path / "negate")
    paddle.jit.save(_Negate(), prefix, input_spec=[paddle.static.InputSpec([None, 3], "float32", "x")])
    with open(prefix + ".json", encoding="utf-8") as f:
        text = f.read()
    assert text.count('"1.full"') >= 2 and '"1.scale"' in text
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(paddle.jit.load(prefix)(paddle.to_tensor(x)).numpy(), -3 * x)


def test_a_layer_with_a_tensor_branch_trains_like_eager():
    losses = {}
    for mode in ("eager", "static"):
        paddle.seed(4)
        layer = _Gate()
        model = paddle.jit.to_static(layer, full_graph=True) if mode == "static" else layer
        opt = paddle.optimizer.SGD(0.1, parameters=layer.parameters())
        rng = np.random.default_rng(0)
        losses[mode] = []
        for _ in range(6):
            loss = model(paddle.to_tensor(rng.standard_normal((4, 3)).astype("float32")))
            loss.backward()
            opt.step()
            opt.clear_grad()
            losses[mode].append(float(loss))
    np.testing.assert_allclose(losses["static"], losses["eager"], rtol=1e-5)


class _ConvNet(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(1, 4, 3, padding=1)
        self.bn = paddle.nn.BatchNorm2D(4)
        self.fc = paddle.nn.Linear(4 * 3 * 3, 3)

    def forward(self, x):
        h = paddle.nn.functional.max_pool2d(paddle.nn.functional.relu(self.bn(self.conv(x))), 2)
        return paddle.nn.functional.softmax(self.fc(paddle.flatten(h, 1)))


def _trained_convnet():
    paddle.seed(2)
    net = _ConvNet()
    net.train()
    for _ in range(3):  # running statistics away from their start
        net(paddle.randn([4, 1, 6, 6]))
    net.eval()
    return net


def test_save_and_load_round_trip_and_the_loaded_layer_fine_tunes(tmp_path):
    net = _trained_convnet()
    prefix = str(tmp_path / "convnet")
    paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 1, 6, 6], "float32", "image")])
    assert sorted(os.listdir(tmp_path)) == ["convnet.json", "convnet.pdiparams"]
    assert net.training is False and net.bn.training is False
    loaded = paddle.jit.load(prefix)
    assert isinstance(loaded, paddle.jit.TranslatedLayer) and loaded.training is False
    assert [n for n, _ in loaded.named_parameters()] == [f"param_{i}" for i in range(8)]
    x = paddle.to_tensor(np.random.default_rng(4).standard_normal((5, 1, 6, 6)).astype("float32"))
    np.testing.assert_allclose(loaded(x).numpy(), net(x).numpy(), rtol=1e-6, atol=1e-7)
    # fine-tuning: the saved program (test mode) differentiates like the eager layer in eval mode
    target = paddle.to_tensor(np.eye(3, dtype="float32")[[0, 1, 2, 0, 1]])
    for model in (net, loaded):
        paddle.nn.functional.mse_loss(model(x), target).backward()
    grads = {p.name: p.grad.numpy() for p in net.parameters() if p.grad is not None}
    loaded_grads = {p.name: p.grad.numpy() for p in loaded.parameters() if p.grad is not None}
    assert sorted(loaded_grads) == sorted(grads)  # the batch norm's statistics take none
    for name in grads:
        np.testing.assert_allclose(loaded_grads[name], grads[name], rtol=1e-5, atol=1e-7, err_msg=name)
    opt = paddle.optimizer.SGD(0.5, parameters=loaded.parameters())
    before = float(paddle.nn.functional.mse_loss(loaded(x), target))
    for _ in range(5):
        loss = paddle.nn.functional.mse_loss(loaded(x), target)
        loss.backward()
        opt.step()
        opt.clear_grad()
    assert float(paddle.nn.functional.mse_loss(loaded(x), target)) < before


def test_save_uses_a_to_static_input_spec_and_checks_its_arguments(tmp_path):
    net = paddle.nn.Linear(3, 2)
    paddle.jit.to_static(net, input_spec=[paddle.static.InputSpec([None, 3], "float32", "features")])
    prefix = str(tmp_path / "linear")
    paddle.jit.save(net, prefix)
    loaded = paddle.jit.load(prefix)
    x = paddle.ones([2, 3])
    np.testing.assert_allclose(loaded(x).numpy(), net(x).numpy(), rtol=1e-6)
    assert loaded._captured.input_names == ["features"]
    with pytest.raises(ValueError, match="takes 1 inputs"):
        loaded(x, x)
    with pytest.raises(ValueError, match="input_spec is required"):
        paddle.jit.save(paddle.nn.Linear(2, 2), str(tmp_path / "nospec"))
    with pytest.raises(ValueError, match="path prefix"):
        paddle.jit.save(net, str(tmp_path) + "/", input_spec=[paddle.static.InputSpec([1, 3])])
    with pytest.raises(TypeError, match="unexpected keyword"):
        paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([1, 3])], bogus=1)
    with pytest.raises(FileNotFoundError, match="no model file"):
        paddle.jit.load(str(tmp_path / "missing"))
    (tmp_path / "bad.json").write_text('{"base_code": {"magic": "pir"')
    with pytest.raises(ValueError, match="bad.json"):
        paddle.jit.load(str(tmp_path / "bad"))


@pytest.mark.skipif(not os.path.exists(PEER_PYTHON), reason=f"no PaddlePaddle interpreter at {PEER_PYTHON} "
                    "(set PADDLE_PEER_PYTHON)")
def test_paddlepaddle_loads_what_jit_save_writes(tmp_path):
    """PaddlePaddle 3.x's paddle.jit.load runs our saved MLP and gives our outputs."""
    import subprocess
    import textwrap

    paddle.seed(9)
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 3),
                               paddle.nn.Softmax())
    prefix = str(tmp_path / "mlp")
    paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    xs = np.random.default_rng(1).standard_normal((3, 4)).astype("float32")
    np.save(tmp_path / "x.npy", xs)
    script = textwrap.dedent(f"""
        import numpy as np, paddle
        layer = paddle.jit.load({prefix!r})
        out = layer(paddle.to_tensor(np.load({str(tmp_path / "x.npy")!r})))
        np.save({str(tmp_path / "theirs.npy")!r}, out.numpy())
    """)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    proc = subprocess.run([PEER_PYTHON, "-c", script], env=env, timeout=600, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    np.testing.assert_allclose(np.load(tmp_path / "theirs.npy"), net(paddle.to_tensor(xs)).numpy(), rtol=1e-5,
                               atol=1e-6)


def test_a_training_step_with_integer_inputs_and_outputs_and_a_second_backward():
    @paddle.jit.to_static
    def f(x, index):
        picked = paddle.gather(x, index)
        return paddle.sum(picked * picked), paddle.argmax(x, axis=1)

    xv = np.random.default_rng(3).standard_normal((4, 3))
    x = paddle.to_tensor(xv, stop_gradient=False)
    loss, arg = f(x, paddle.to_tensor([2, 0, 2]))
    np.testing.assert_allclose(loss.numpy(), (xv[[2, 0, 2]] ** 2).sum(), rtol=1e-12)
    np.testing.assert_array_equal(arg.numpy(), xv.argmax(axis=1))
    assert arg.stop_gradient and not loss.stop_gradient
    loss.backward(retain_graph=True)
    expected = np.zeros_like(xv)
    expected[0], expected[2] = 2 * xv[0], 4 * xv[2]  # row 2 picked twice
    np.testing.assert_allclose(x.grad.numpy(), expected, rtol=1e-12)
    loss.backward()  # retained: runs again, the gradients accumulate
    np.testing.assert_allclose(x.grad.numpy(), 2 * expected, rtol=1e-12)
    # Then freed, as an eager op's saved tensors are.
    with pytest.raises(RuntimeError, match="run_program a second time"):
        loss.backward()


def _row_sum(x, w):
    total = paddle.zeros([3], "float64")
    for r in x:  # a for over a tensor's rows
        total = total + paddle.tanh(r * w)
    return total


@pytest.mark.parametrize("dynamic", [True, False])
def test_a_for_over_a_tensor_is_one_while_loop_where_the_feed_decides_the_rows(dynamic):
    """A -1 row count makes one pd_op.while (its rows taken by gather) and one capture serves every count;
    a known count unrolls. Values and gradients (through the loop: the backward recomputes the forward) against
    NumPy."""
    spec = [paddle.static.InputSpec([None, 3], "float64"), paddle.static.InputSpec([3], "float64")] if dynamic \
        else None
    f = paddle.jit.to_static(_row_sum, input_spec=spec, full_graph=True)
    wv = np.array([1.0, -2.0, 0.5])
    for n in (4, 2):
        xv = np.random.default_rng(n).standard_normal((n, 3))
        x = paddle.to_tensor(xv, stop_gradient=False)
        w = paddle.to_tensor(wv, stop_gradient=False)
        out = f(x, w)
        t = np.tanh(xv * wv)
        np.testing.assert_allclose(out.numpy(), t.sum(0), rtol=1e-12)
        (out * out).sum().backward()
        upstream = 2 * t.sum(0) * (1 - t * t)
        np.testing.assert_allclose(x.grad.numpy(), upstream * wv, rtol=1e-10)
        np.testing.assert_allclose(w.grad.numpy(), (upstream * xv).sum(0), rtol=1e-10)
        assert str(f.concrete_program).count('"pd_op.while"') == (1 if dynamic else 0)
    assert len(f._cache) == (1 if dynamic else 2)


def test_training_through_a_loop_that_draws_random_numbers_or_updates_statistics_is_refused():
    def noisy(x):
        total = paddle.zeros([3], "float64")
        for r in x:
            total = total + paddle.nn.functional.dropout(r, 0.5)
        return total

    f = paddle.jit.to_static(noisy, input_spec=[paddle.static.InputSpec([None, 3], "float64")], full_graph=True)
    with pytest.raises(NotImplementedError, match=r"\[to_static\] gradients through a tensor-decided loop.*dropout"):
        f(paddle.to_tensor(np.ones((2, 3)), stop_gradient=False))
    with paddle.no_grad():  # without gradients it runs
        assert f(paddle.to_tensor(np.ones((2, 3)))).shape == [3]

    norm = paddle.nn.BatchNorm1D(3)

    def normalized(x):
        total = paddle.zeros([3])
        for r in x:
            total = total + r
        return norm(x) * total

    g = paddle.jit.to_static(normalized, input_spec=[paddle.static.InputSpec([None, 3], "float32")],
                             full_graph=True)
    with pytest.raises(NotImplementedError, match=r"updates .*batch norm statistics"):
        g(paddle.to_tensor(np.ones((4, 3), "float32"), stop_gradient=False))


def test_iterating_a_static_value_with_a_fed_row_count_is_a_clear_error():
    paddle.enable_static()
    with paddle.static.program_guard(paddle.static.Program()):
        x = paddle.static.data("x", [-1, 3], "float32")
        with pytest.raises(TypeError, match=r"\[Value.__iter__\] a static Value whose dim 0 the feed decides"):
            list(x)
        y = paddle.static.data("y", [2, 3], "float32")
        assert [r.shape for r in y] == [[3], [3]]


def test_input_spec_batch_and_unbatch_change_the_spec_in_place_as_in_paddle():
    spec = paddle.static.InputSpec([3, 4], "float32", "x")
    assert spec.batch(8) is spec and spec.shape == (8, 3, 4)
    assert spec.batch([2]).shape == (2, 8, 3, 4)
    assert spec.unbatch() is spec and spec.unbatch().shape == (3, 4)
    with pytest.raises(ValueError, match=r"\[InputSpec.unbatch\] a 0-d spec has no batch dimension"):
        paddle.static.InputSpec([], "float32").unbatch()
