"""Static training against eager: every optimizer (fused updates, or
composed where the learning rate or beta powers change each step), LR
schedulers, gradient clipping, layers and batch norm in programs, LeNet,
and batches the feeds decide (deferred gradients)."""

from __future__ import annotations

import numpy as np
import pytest

import paddle


@pytest.fixture(autouse=True)
def eager_afterwards():
    yield
    paddle.disable_static()


def _static_losses(main, startup, names, feed, loss, steps, after_run=None):
    """Runs startup, then `steps` runs of main (calling after_run after each),
    in a fresh scope: the parameters' initial values (by name) and the losses."""
    scope = paddle.static.Scope()
    exe = paddle.static.Executor()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        initial = [scope.find_var(n).numpy().copy() for n in names]
        losses = []
        for _ in range(steps):
            losses.append(float(exe.run(main, feed=feed, fetch_list=[loss])[0]))
            if after_run is not None:
                after_run()
    return initial, losses


def _mlp_program(make_optimizer):
    """Sequential(Linear(4, 8), ReLU, Linear(8, 1)) on x [8, 4] with the mean
    squared error to y [8, 1], minimized by make_optimizer(parameters) in a
    static program: (main, startup, model, loss)."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        model = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 1))
        x = paddle.static.data("x", [8, 4], "float32")
        y = paddle.static.data("y", [8, 1], "float32")
        loss = paddle.mean(paddle.square(model(x) - y))
        make_optimizer(model.parameters()).minimize(loss)
    paddle.disable_static()
    return main, startup, model, loss


def _mse_of(forward, xs, ys):
    """The eager loss mean((forward(xs) - ys)^2), as a function."""
    return lambda: paddle.mean(paddle.square(forward(paddle.to_tensor(xs)) - paddle.to_tensor(ys)))


def _eager_losses(loss_fn, opt, steps, after_step=None):
    """`steps` eager training steps of loss_fn() with opt: the losses."""
    losses = []
    for _ in range(steps):
        loss = loss_fn()
        loss.backward()
        opt.step()
        opt.clear_grad()
        if after_step is not None:
            after_step()
        losses.append(float(loss))
    return losses


STATIC_OPTIMIZERS = {
    "SGD": lambda params=None: paddle.optimizer.SGD(learning_rate=0.05, parameters=params),
    "Momentum": lambda params=None: paddle.optimizer.Momentum(learning_rate=0.05, momentum=0.9, parameters=params),
    "RMSProp": lambda params=None: paddle.optimizer.RMSProp(learning_rate=0.01, parameters=params),
    "Adagrad": lambda params=None: paddle.optimizer.Adagrad(learning_rate=0.1, parameters=params),
    "Adadelta": lambda params=None: paddle.optimizer.Adadelta(learning_rate=1.0, parameters=params),
    # Note [Static updates]: the beta powers are parameters; Adam and AdamW read
    # them (and the rate) in one scheduled_adam_ per parameter, the others compose ops
    "Adam": lambda params=None: paddle.optimizer.Adam(learning_rate=0.05, parameters=params),
    "AdamW": lambda params=None: paddle.optimizer.AdamW(learning_rate=0.05, weight_decay=0.1, parameters=params),
    "Adam-amsgrad-l2": lambda params=None: paddle.optimizer.Adam(learning_rate=0.05, amsgrad=True, weight_decay=0.01,
                                                                 parameters=params),
    "Adamax": lambda params=None: paddle.optimizer.Adamax(learning_rate=0.05, parameters=params),
    "Lamb": lambda params=None: paddle.optimizer.Lamb(learning_rate=0.05, parameters=params),
}


@pytest.mark.parametrize("optimizer", sorted(STATIC_OPTIMIZERS))
def test_static_training_matches_eager(optimizer):
    """An MLP trained in static mode (fc, minimize, a startup program; the
    optimizer's states as parameters the update writes in place) gives the
    losses eager training gives from the same initial weights."""
    rng = np.random.default_rng(0)
    xs = rng.standard_normal((8, 4)).astype("float32")
    ys = (xs @ np.array([[1.0], [-2.0], [0.5], [3.0]], "float32")).astype("float32")
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [8, 4], "float32")
        y = paddle.static.data("y", [8, 1], "float32")
        hidden = paddle.static.nn.fc(x, 16, activation="relu")
        pred = paddle.static.nn.fc(hidden, 1)
        loss = paddle.mean(paddle.square(pred - y))
        _, params_grads = STATIC_OPTIMIZERS[optimizer]().minimize(loss)
    paddle.disable_static()
    names = [p.name for p, _ in params_grads]
    assert len(names) == 4 and names[0].endswith(".w_0") and names[1].endswith(".b_0")
    assert main.op_names().count("pd_op.scheduled_adam_") == (4 if optimizer.startswith("Adam") and
                                                              optimizer != "Adamax" else 0)
    initial, static_losses = _static_losses(main, startup, names, {"x": xs, "y": ys}, loss, 6)
    assert not np.allclose(initial[0], 0)  # Xavier-uniform, not zeros
    np.testing.assert_array_equal(initial[1], np.zeros(16, "float32"))

    l1, l2 = paddle.nn.Linear(4, 16), paddle.nn.Linear(16, 1)
    for p, value in zip(l1.parameters() + l2.parameters(), initial):
        p.set_value(value)
    opt = STATIC_OPTIMIZERS[optimizer](l1.parameters() + l2.parameters())
    eager_losses = _eager_losses(_mse_of(lambda t: l2(paddle.nn.functional.relu(l1(t))), xs, ys), opt, 6)
    np.testing.assert_allclose(static_losses, eager_losses, rtol=1e-5)
    assert static_losses[-1] < static_losses[0]


def test_static_minimize_limits_are_clear():
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2, 2], "float32")
        loss = paddle.mean(paddle.static.nn.fc(x, 1))
    with pytest.raises(ValueError, match="the scope has no parameter"):
        paddle.static.Executor().run(main, feed={"x": np.ones((2, 2), "float32")}, fetch_list=[loss],
                                     scope=paddle.static.Scope())


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("optimizer", ["SGD", "Momentum", "Adam", "AdamW", "Lamb"])
def test_static_master_weights_match_eager(dtype, optimizer):
    """multi_precision in static mode: a float16/bfloat16 parameter trains
    through a float32 master copy (`<name>_fp32_master_0`, filled by the
    startup program) that the update writes and casts back, as eager's step
    does: the same master values (rtol 1e-6) and parameters, and the master
    stays more precise than the parameter."""
    rng = np.random.default_rng(4)
    start = rng.standard_normal(8).astype("float32")
    coeffs = [(rng.standard_normal(8) * 1e-3).astype("float32") for _ in range(4)]
    make = {"SGD": lambda p: paddle.optimizer.SGD(0.5, parameters=p, multi_precision=True),
            "Momentum": lambda p: paddle.optimizer.Momentum(0.5, 0.9, parameters=p, multi_precision=True),
            "Adam": lambda p: paddle.optimizer.Adam(0.01, parameters=p, multi_precision=True),
            "AdamW": lambda p: paddle.optimizer.AdamW(0.01, parameters=p, weight_decay=0.1, multi_precision=True),
            "Lamb": lambda p: paddle.optimizer.Lamb(0.01, parameters=p, multi_precision=True)}[optimizer]
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        w = paddle.static.create_parameter([8], dtype, name="w",
                                           default_initializer=paddle.nn.initializer.Assign(start))
        c = paddle.static.data("c", [8], "float32")
        loss = paddle.sum(paddle.cast(w, "float32") * c)
        make(None).minimize(loss)
    paddle.disable_static()
    exe = paddle.static.Executor()
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(startup)
        scope = paddle.static.global_scope()
        for coeff in coeffs:
            exe.run(main, feed={"c": coeff}, fetch_list=[loss])
        static_master = scope.find_var("w_fp32_master_0").numpy()
        static_param = scope.find_var("w").astype("float32").numpy()
    param = paddle.create_parameter([8], dtype, default_initializer=paddle.nn.initializer.Assign(
        paddle.to_tensor(start).astype(dtype)))
    opt = make([param])
    for coeff in coeffs:
        (param.astype("float32") * paddle.to_tensor(coeff)).sum().backward()
        opt.step()
        opt.clear_grad()
    eager_master = opt.state_dict()["master_weights"][param.name].numpy()
    np.testing.assert_allclose(static_master, eager_master, rtol=1e-6, atol=1e-7)
    np.testing.assert_array_equal(static_param, param.astype("float32").numpy())
    rounded = paddle.to_tensor(static_master).astype(dtype).astype("float32").numpy()
    np.testing.assert_array_equal(static_param, rounded)
    assert not np.array_equal(static_master, static_param)  # the master holds more than the half type


@pytest.mark.parametrize("clip", ["ClipGradByGlobalNorm", "ClipGradByNorm", "ClipGradByValue"])
def test_static_training_clips_gradients(clip):
    """grad_clip in static mode clips the gradient values before the update,
    as eager's step does: the same losses."""
    make = {"ClipGradByGlobalNorm": lambda: paddle.nn.ClipGradByGlobalNorm(0.5),
            "ClipGradByNorm": lambda: paddle.nn.ClipGradByNorm(0.3),
            "ClipGradByValue": lambda: paddle.nn.ClipGradByValue(0.1)}[clip]
    rng = np.random.default_rng(0)
    xs = rng.standard_normal((8, 4)).astype("float32")
    ys = (rng.standard_normal((8, 1)) * 5).astype("float32")
    main, startup, model, loss = _mlp_program(
        lambda params: paddle.optimizer.SGD(learning_rate=0.1, parameters=params, grad_clip=make()))
    names = [p.name for p in model.parameters()]
    initial, static_losses = _static_losses(main, startup, names, {"x": xs, "y": ys}, loss, 4)
    eager = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 1))
    for p, value in zip(eager.parameters(), initial):
        p.set_value(value)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=eager.parameters(), grad_clip=make())
    eager_losses = _eager_losses(_mse_of(eager, xs, ys), opt, 4)
    np.testing.assert_allclose(static_losses, eager_losses, rtol=1e-5)


@pytest.mark.parametrize("optimizer", ["SGD", "Momentum", "Adam", "RMSProp", "Adagrad", "Adadelta"])
def test_static_training_follows_an_lr_scheduler(optimizer):
    """With an LRScheduler the static update reads the scope's learning_rate_0,
    which Executor.run sets from program.lr_scheduler before each run (Note
    [Static updates]); stepping the scheduler between runs gives eager's
    losses for the same schedule."""
    rng = np.random.default_rng(1)
    xs = rng.standard_normal((8, 3)).astype("float32")
    ys = (xs @ np.array([[2.0], [-1.0], [0.5]], "float32")).astype("float32")
    make = {"SGD": lambda s, p=None: paddle.optimizer.SGD(learning_rate=s, parameters=p),
            "Momentum": lambda s, p=None: paddle.optimizer.Momentum(learning_rate=s, momentum=0.9, parameters=p),
            "Adam": lambda s, p=None: paddle.optimizer.Adam(learning_rate=s, parameters=p),
            "RMSProp": lambda s, p=None: paddle.optimizer.RMSProp(learning_rate=s, centered=True, momentum=0.5,
                                                                  parameters=p),
            "Adagrad": lambda s, p=None: paddle.optimizer.Adagrad(learning_rate=s, parameters=p),
            "Adadelta": lambda s, p=None: paddle.optimizer.Adadelta(learning_rate=s, weight_decay=0.01,
                                                                    parameters=p)}[optimizer]
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [8, 3], "float32")
        y = paddle.static.data("y", [8, 1], "float32")
        loss = paddle.mean(paddle.square(paddle.static.nn.fc(x, 1) - y))
        scheduler = paddle.optimizer.lr.StepDecay(learning_rate=0.1, step_size=2, gamma=0.5)
        _, params_grads = make(scheduler).minimize(loss)
    paddle.disable_static()
    assert main.lr_scheduler is scheduler
    names = [p.name for p, _ in params_grads]
    rates = []
    initial, static_losses = _static_losses(main, startup, names, {"x": xs, "y": ys}, loss, 5,
                                            lambda: rates.append(float(scheduler())) or scheduler.step())
    assert rates == [0.1, 0.1, 0.05, 0.05, 0.025]  # what Executor.run set learning_rate_0 to
    layer = paddle.nn.Linear(3, 1)
    layer.weight.set_value(initial[0])
    layer.bias.set_value(initial[1])
    eager_scheduler = paddle.optimizer.lr.StepDecay(learning_rate=0.1, step_size=2, gamma=0.5)
    opt = make(eager_scheduler, layer.parameters())
    eager_losses = _eager_losses(_mse_of(layer, xs, ys), opt, 5, eager_scheduler.step)
    np.testing.assert_allclose(static_losses, eager_losses, rtol=1e-5)


def test_training_with_a_batch_the_feeds_decide():
    """Note [Deferred gradients]: with data of shape [None, ...] the gradients
    wait for the feeds (one pd_op.deferred_gradients); each set of feed
    shapes gets its own specialized program. Batches of 8, 3, 8 and 5 train
    to eager's losses; the gradient w.r.t. the batch itself (dims of -1) is
    deferred too."""
    rng = np.random.default_rng(0)
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        model = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 1))
        x = paddle.static.data("x", [None, 4], "float32")
        y = paddle.static.data("y", [None, 1], "float32")
        loss = paddle.mean(paddle.square(model(x) - y))
        paddle.optimizer.Adam(learning_rate=0.05, parameters=model.parameters()).minimize(loss)
        x_grad, = paddle.static.gradients(paddle.mean(x * x), x)  # of the batch itself: -1 dims too
    paddle.disable_static()
    assert main.op_names().count("pd_op.deferred_gradients") == 2 and x_grad.shape == [-1, 4]
    with pytest.raises(NotImplementedError, match=r"pd_op.deferred_gradients waits for the feeds' dims"):
        paddle._C.pir.Executor(main, [x_grad])  # the C++ executor alone does not specialize
    batches = [(rng.standard_normal((b, 4)).astype("float32"), rng.standard_normal((b, 1)).astype("float32"))
               for b in (8, 3, 8, 5)]
    exe = paddle.static.Executor()
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(startup)
        scope = paddle.static.global_scope()
        initial = [scope.find_var(p.name).numpy().copy() for p in model.parameters()]
        static_losses = [float(exe.run(main, feed={"x": a, "y": b}, fetch_list=[loss])[0]) for a, b in batches]
        a, b = batches[1]
        got, = exe.run(main, feed={"x": a, "y": b}, fetch_list=[x_grad])
    np.testing.assert_allclose(got, 2 * a / a.size, rtol=1e-6)
    assert len(exe._prepared) == 1 + 3 + 1  # the startup program, a program per batch size, one more fetch
    eager = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 1))
    for p, value in zip(eager.parameters(), initial):
        p.set_value(value)
    opt = paddle.optimizer.Adam(learning_rate=0.05, parameters=eager.parameters())
    data = iter(batches)

    def next_loss():
        a, b = next(data)
        return paddle.mean(paddle.square(eager(paddle.to_tensor(a)) - paddle.to_tensor(b)))

    np.testing.assert_allclose(static_losses, _eager_losses(next_loss, opt, 4), rtol=1e-5)


def test_static_lenet_training_matches_eager():
    """LeNet (two conv2d + max_pool2d, three fc, cross_entropy) trained with
    Momentum in static mode gives eager's losses from the same weights."""
    import paddle.nn.functional as F

    paddle.seed(7)  # the startup program's initial weights: a decrease in 4 steps holds for these
    rng = np.random.default_rng(7)
    xs = rng.standard_normal((4, 1, 28, 28)).astype("float32")
    labels = rng.integers(0, 10, (4, 1)).astype("int64")
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [4, 1, 28, 28], "float32")
        label = paddle.static.data("label", [4, 1], "int64")
        h = F.max_pool2d(paddle.static.nn.conv2d(x, 6, 3, padding=1, act="relu"), 2)
        h = F.max_pool2d(paddle.static.nn.conv2d(h, 16, 5, act="relu"), 2)
        h = paddle.static.nn.fc(paddle.flatten(h, 1), 120, activation="relu")
        h = paddle.static.nn.fc(h, 84, activation="relu")
        loss = F.cross_entropy(paddle.static.nn.fc(h, 10), label)
        _, params_grads = paddle.optimizer.Momentum(learning_rate=0.01, momentum=0.9).minimize(loss)
    paddle.disable_static()
    names = [p.name for p, _ in params_grads]
    assert len(names) == 10
    initial, static_losses = _static_losses(main, startup, names, {"x": xs, "label": labels}, loss, 4)
    params = [paddle.create_parameter(v.shape, "float32", default_initializer=paddle.nn.initializer.Assign(v))
              for v in initial]
    opt = paddle.optimizer.Momentum(learning_rate=0.01, momentum=0.9, parameters=params)
    cw1, cb1, cw2, cb2, w1, b1, w2, b2, w3, b3 = params

    def lenet_loss():
        h = F.max_pool2d(F.relu(F.conv2d(paddle.to_tensor(xs), cw1, cb1, padding=1)), 2)
        h = paddle.flatten(F.max_pool2d(F.relu(F.conv2d(h, cw2, cb2)), 2), 1)
        h = F.relu(F.linear(F.relu(F.linear(h, w1, b1)), w2, b2))
        return F.cross_entropy(F.linear(h, w3, b3), paddle.to_tensor(labels))

    eager_losses = _eager_losses(lenet_loss, opt, 4)
    assert eager_losses[-1] < eager_losses[0]
    np.testing.assert_allclose(static_losses, eager_losses, rtol=1e-5)


def test_layers_build_static_programs():
    """In static mode a layer's parameters are parameters of the program (its
    initializer in the startup program): Sequential(Linear, ReLU, Linear)
    trained with Adam over model.parameters() gives eager's losses."""
    rng = np.random.default_rng(2)
    xs = rng.standard_normal((8, 4)).astype("float32")
    ys = rng.standard_normal((8, 1)).astype("float32")
    main, startup, model, loss = _mlp_program(lambda params: paddle.optimizer.Adam(learning_rate=0.05, parameters=params))
    params = model.parameters()
    assert len(params) == 4 and all(p.define_op_name == "builtin.parameter" for p in params)
    assert [p.shape for p in params] == [[4, 8], [8], [8, 1], [1]]
    initial, static_losses = _static_losses(main, startup, [p.name for p in params], {"x": xs, "y": ys}, loss, 5)
    eager = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 1))
    for p, value in zip(eager.parameters(), initial):
        p.set_value(value)
    opt = paddle.optimizer.Adam(learning_rate=0.05, parameters=eager.parameters())
    eager_losses = _eager_losses(_mse_of(eager, xs, ys), opt, 5)
    np.testing.assert_allclose(static_losses, eager_losses, rtol=1e-5)


def test_static_batch_norm_updates_its_running_statistics():
    """static.nn.batch_norm normalizes by the batch's statistics in training
    and stores the running ones back (as eager's F.batch_norm does); with
    is_test it uses them. nn.BatchNorm2D in a static program trains like eager."""
    import paddle.nn.functional as F

    rng = np.random.default_rng(5)
    xs = (rng.standard_normal((4, 3, 5, 5)) * 2.0 + 1.0).astype("float32")
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [4, 3, 5, 5], "float32")
        y = paddle.static.nn.batch_norm(x, momentum=0.8, moving_mean_name="bn_mean", moving_variance_name="bn_var")
        test_y = paddle.static.nn.batch_norm(x, is_test=True, moving_mean_name="t_mean", moving_variance_name="t_var")
    paddle.disable_static()
    scope = paddle.static.Scope()
    exe = paddle.static.Executor()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        scope.set_var("t_mean", paddle.to_tensor([1.0, 2.0, 3.0]))
        scope.set_var("t_var", paddle.to_tensor([4.0, 1.0, 0.25]))
        got, got_test = exe.run(main, feed={"x": xs}, fetch_list=[y, test_y])
        got2, = exe.run(main, feed={"x": xs}, fetch_list=[y])
        mean, var = scope.find_var("bn_mean").numpy(), scope.find_var("bn_var").numpy()
    rm, rv = paddle.zeros([3]), paddle.ones([3])
    for _ in range(2):
        expected = F.batch_norm(paddle.to_tensor(xs), rm, rv, training=True, momentum=0.8)
    np.testing.assert_allclose(got, expected.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got2, expected.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(mean, rm.numpy(), rtol=1e-6)
    np.testing.assert_allclose(var, rv.numpy(), rtol=1e-6)
    assert not np.allclose(mean, 0)
    tm, tv = np.array([1.0, 2.0, 3.0], "float32"), np.array([4.0, 1.0, 0.25], "float32")
    np.testing.assert_allclose(got_test, (xs - tm[:, None, None]) / np.sqrt(tv[:, None, None] + 1e-5),
                               rtol=1e-5, atol=1e-6)

    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        model = paddle.nn.Sequential(paddle.nn.Conv2D(3, 4, 3), paddle.nn.BatchNorm2D(4), paddle.nn.ReLU(),
                                     paddle.nn.Flatten(), paddle.nn.Linear(36, 1))
        x = paddle.static.data("x", [4, 3, 5, 5], "float32")
        loss = paddle.mean(paddle.square(model(x)))
        paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters()).minimize(loss)
    paddle.disable_static()
    assert len(model.parameters()) == 6  # the running statistics are not trained
    initial, static_losses = _static_losses(main, startup, [p.name for p in model.parameters()], {"x": xs}, loss, 4)
    eager = paddle.nn.Sequential(paddle.nn.Conv2D(3, 4, 3), paddle.nn.BatchNorm2D(4), paddle.nn.ReLU(),
                                 paddle.nn.Flatten(), paddle.nn.Linear(36, 1))
    for p, value in zip(eager.parameters(), initial):
        p.set_value(value)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=eager.parameters())
    eager_losses = _eager_losses(lambda: paddle.mean(paddle.square(eager(paddle.to_tensor(xs)))), opt, 4)
    np.testing.assert_allclose(static_losses, eager_losses, rtol=1e-5)
