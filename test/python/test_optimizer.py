"""paddle.optimizer: every optimizer's updates against a NumPy implementation of its formula over
several steps (with weight decay, clipping, parameter groups and master weights), state_dict round
trips, and the errors of bad arguments and of the in-place update ops."""

import math

import numpy as np
import pytest

import paddle
from paddle import _C_ops

STEPS = 4


# ---- NumPy references: each takes (p, g, state dict, step t from 1) and returns the new p.

def ref_sgd(p, g, s, t, lr):
    return p - lr * g


def ref_momentum(p, g, s, t, lr, mu=0.9, nesterov=False):
    v = mu * s.get("v", 0.0) + g
    s["v"] = v
    return p - lr * (g + mu * v if nesterov else v)


def ref_adam(p, g, s, t, lr, beta1=0.9, beta2=0.999, eps=1e-8, amsgrad=False, decoupled=0.0):
    p = p * (1 - lr * decoupled)
    m = beta1 * s.get("m", 0.0) + (1 - beta1) * g
    v = beta2 * s.get("v", 0.0) + (1 - beta2) * g * g
    s["m"], s["v"] = m, v
    if amsgrad:
        v = np.maximum(s.get("vmax", 0.0), v)
        s["vmax"] = v
    return p - lr * (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + eps)


def ref_adamax(p, g, s, t, lr, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1 * s.get("m", 0.0) + (1 - beta1) * g
    u = np.maximum(beta2 * s.get("u", 0.0) + eps, np.abs(g))
    s["m"], s["u"] = m, u
    return p - lr / (1 - beta1 ** t) * m / u


def ref_adagrad(p, g, s, t, lr, eps=1e-6, initial=0.0):
    acc = s.get("acc", initial) + g * g
    s["acc"] = acc
    return p - lr * g / (np.sqrt(acc) + eps)


def ref_adadelta(p, g, s, t, lr, eps=1e-6, rho=0.95):
    eg = rho * s.get("eg", 0.0) + (1 - rho) * g * g
    update = -np.sqrt((s.get("eu", 0.0) + eps) / (eg + eps)) * g
    s["eg"], s["eu"] = eg, rho * s.get("eu", 0.0) + (1 - rho) * update * update
    return p + lr * update


def ref_rmsprop(p, g, s, t, lr, rho=0.95, eps=1e-6, momentum=0.0, centered=False):
    ms = rho * s.get("ms", 0.0) + (1 - rho) * g * g
    s["ms"] = ms
    denom = ms + eps
    if centered:
        mg = rho * s.get("mg", 0.0) + (1 - rho) * g
        s["mg"] = mg
        denom = denom - mg * mg
    mom = momentum * s.get("mom", 0.0) + lr * g / np.sqrt(denom)
    s["mom"] = mom
    return p - mom


def ref_lamb(p, g, s, t, lr, wd=0.01, beta1=0.9, beta2=0.999, eps=1e-6):
    m = beta1 * s.get("m", 0.0) + (1 - beta1) * g
    v = beta2 * s.get("v", 0.0) + (1 - beta2) * g * g
    s["m"], s["v"] = m, v
    r = (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + eps) + wd * p
    pn, rn = np.linalg.norm(p), np.linalg.norm(r)
    trust = pn / rn if pn > 0 and rn > 0 else 1.0
    return p - lr * trust * r


# (name, constructor kwargs, reference, reference kwargs)
CASES = [
    ("sgd", lambda: paddle.optimizer.SGD, dict(learning_rate=0.1), ref_sgd, dict(lr=0.1)),
    ("momentum", lambda: paddle.optimizer.Momentum, dict(learning_rate=0.1, momentum=0.8), ref_momentum,
     dict(lr=0.1, mu=0.8)),
    ("nesterov", lambda: paddle.optimizer.Momentum, dict(learning_rate=0.1, momentum=0.8, use_nesterov=True),
     ref_momentum, dict(lr=0.1, mu=0.8, nesterov=True)),
    ("adam", lambda: paddle.optimizer.Adam, dict(learning_rate=0.05, beta1=0.8, beta2=0.9, epsilon=1e-3),
     ref_adam, dict(lr=0.05, beta1=0.8, beta2=0.9, eps=1e-3)),
    ("amsgrad", lambda: paddle.optimizer.Adam, dict(learning_rate=0.05, amsgrad=True), ref_adam,
     dict(lr=0.05, amsgrad=True)),
    ("adamw", lambda: paddle.optimizer.AdamW, dict(learning_rate=0.05, weight_decay=0.1), ref_adam,
     dict(lr=0.05, decoupled=0.1)),
    ("adamax", lambda: paddle.optimizer.Adamax, dict(learning_rate=0.05, beta1=0.8, beta2=0.9, epsilon=1e-3),
     ref_adamax, dict(lr=0.05, beta1=0.8, beta2=0.9, eps=1e-3)),
    ("adagrad", lambda: paddle.optimizer.Adagrad, dict(learning_rate=0.1, initial_accumulator_value=0.5),
     ref_adagrad, dict(lr=0.1, initial=0.5)),
    ("adadelta", lambda: paddle.optimizer.Adadelta, dict(learning_rate=1.0, rho=0.9, epsilon=1e-3),
     ref_adadelta, dict(lr=1.0, rho=0.9, eps=1e-3)),
    ("rmsprop", lambda: paddle.optimizer.RMSProp, dict(learning_rate=0.01, momentum=0.5), ref_rmsprop,
     dict(lr=0.01, momentum=0.5)),
    ("rmsprop_centered", lambda: paddle.optimizer.RMSProp, dict(learning_rate=0.01, centered=True, rho=0.9),
     ref_rmsprop, dict(lr=0.01, centered=True, rho=0.9)),
    ("lamb", lambda: paddle.optimizer.Lamb, dict(learning_rate=0.05, lamb_weight_decay=0.1), ref_lamb,
     dict(lr=0.05, wd=0.1)),
]
IDS = [c[0] for c in CASES]


def _grads(shape, steps, seed=0):
    """Per-step gradients: those of the loss sum(c_t * p) for random c_t."""
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(shape) for _ in range(steps)]


def _run(cls, kwargs, p0, coeffs, dtype="float64", **extra):
    param = paddle.create_parameter(list(p0.shape), dtype,
                                    default_initializer=paddle.nn.initializer.Assign(p0))
    opt = cls(parameters=[param], **kwargs, **extra)
    for c in coeffs:
        (param * paddle.to_tensor(c, dtype=dtype)).sum().backward()
        opt.step()
        opt.clear_grad()
    return param, opt


def _reference(ref, ref_kwargs, p0, coeffs, grad_of=None):
    p, state = p0.copy(), {}
    for t, c in enumerate(coeffs, start=1):
        g = c if grad_of is None else grad_of(p, c)
        p = ref(p, g, state, t, **ref_kwargs)
    return p


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_updates_match_numpy(case):
    _, cls, kwargs, ref, ref_kwargs = case
    p0 = np.random.default_rng(1).standard_normal((3, 4))
    coeffs = _grads((3, 4), STEPS)
    param, _ = _run(cls(), kwargs, p0, coeffs)
    np.testing.assert_allclose(param.numpy(), _reference(ref, ref_kwargs, p0, coeffs), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_float32_updates(case):
    _, cls, kwargs, ref, ref_kwargs = case
    p0 = np.random.default_rng(2).standard_normal((5,)).astype(np.float32)
    coeffs = [c.astype(np.float32) for c in _grads((5,), STEPS, seed=3)]
    param, _ = _run(cls(), kwargs, p0, coeffs, dtype="float32")
    expected = _reference(ref, ref_kwargs, p0.astype(np.float64), [c.astype(np.float64) for c in coeffs])
    np.testing.assert_allclose(param.numpy(), expected, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("decay, penalty", [
    (paddle.regularizer.L2Decay(0.3), lambda p: 0.3 * p),
    (0.3, lambda p: 0.3 * p),
    (paddle.regularizer.L1Decay(0.3), lambda p: 0.3 * np.sign(p)),
])
@pytest.mark.parametrize("case", [c for c in CASES if c[0] in ("sgd", "momentum", "adam", "adamax", "adagrad",
                                                                 "adadelta", "rmsprop")], ids=lambda c: c[0])
def test_weight_decay_adds_the_penalty_gradient(case, decay, penalty):
    _, cls, kwargs, ref, ref_kwargs = case
    p0 = np.random.default_rng(4).standard_normal((6,))
    coeffs = _grads((6,), STEPS, seed=5)
    param, _ = _run(cls(), kwargs, p0, coeffs, weight_decay=decay)
    expected = _reference(ref, ref_kwargs, p0, coeffs, grad_of=lambda p, c: c + penalty(p))
    np.testing.assert_allclose(param.numpy(), expected, rtol=1e-10, atol=1e-12)


def test_param_attr_regularizer_overrides_the_optimizers():
    p0 = np.array([1.0, -2.0])
    param = paddle.create_parameter([2], "float64", attr=paddle.ParamAttr(regularizer=paddle.regularizer.L1Decay(0.5)),
                                    default_initializer=paddle.nn.initializer.Assign(p0))
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=[param], weight_decay=10.0)
    param.sum().backward()
    opt.step()
    np.testing.assert_allclose(param.numpy(), p0 - 0.1 * (1.0 + 0.5 * np.sign(p0)))


def test_adamw_decay_filters_and_lr_ratio():
    w0, b0 = np.array([1.0, 2.0]), np.array([3.0])
    w = paddle.create_parameter([2], "float64", default_initializer=paddle.nn.initializer.Assign(w0))
    b = paddle.create_parameter([1], "float64", default_initializer=paddle.nn.initializer.Assign(b0))
    w.name, b.name = "fc.w_0", "fc.b_0"
    opt = paddle.optimizer.AdamW(learning_rate=0.1, parameters=[w, b], weight_decay=0.5,
                                 apply_decay_param_fun=lambda name: name.endswith("w_0"),
                                 lr_ratio=lambda p: 0.5 if p.name.endswith("w_0") else 1.0)
    (w.sum() + b.sum()).backward()
    opt.step()
    ones = np.ones(2)
    np.testing.assert_allclose(w.numpy(), ref_adam(w0, ones, {}, 1, lr=0.05, decoupled=0.5))
    np.testing.assert_allclose(b.numpy(), ref_adam(b0, np.ones(1), {}, 1, lr=0.1))


def test_lamb_exclude_from_weight_decay():
    p0 = np.array([1.0, -1.0, 2.0])
    param = paddle.create_parameter([3], "float64", default_initializer=paddle.nn.initializer.Assign(p0))
    opt = paddle.optimizer.Lamb(learning_rate=0.1, lamb_weight_decay=0.5, parameters=[param],
                                exclude_from_weight_decay_fn=lambda p: True)
    (param * 2.0).sum().backward()
    opt.step()
    np.testing.assert_allclose(param.numpy(), ref_lamb(p0, np.full(3, 2.0), {}, 1, lr=0.1, wd=0.0))


def test_parameter_groups_scale_lr_and_override_hyperparameters():
    a0, b0 = np.array([1.0]), np.array([2.0])
    a = paddle.create_parameter([1], "float64", default_initializer=paddle.nn.initializer.Assign(a0))
    b = paddle.create_parameter([1], "float64", default_initializer=paddle.nn.initializer.Assign(b0))
    opt = paddle.optimizer.Adam(learning_rate=0.1, parameters=[
        {"params": [a]}, {"params": [b], "learning_rate": 0.5, "beta1": 0.5, "weight_decay": 1.0}])
    coeffs = _grads((1,), 3, seed=6)
    sa, sb = {}, {}
    pa, pb = a0.copy(), b0.copy()
    for t, c in enumerate(coeffs, start=1):
        (a * paddle.to_tensor(c) + b * paddle.to_tensor(c)).sum().backward()
        opt.step()
        opt.clear_grad()
        pa = ref_adam(pa, c, sa, t, lr=0.1)
        pb = ref_adam(pb, c + pb, sb, t, lr=0.05, beta1=0.5)
    np.testing.assert_allclose(a.numpy(), pa)
    np.testing.assert_allclose(b.numpy(), pb)


def test_param_attr_learning_rate_scales_the_rate():
    param = paddle.create_parameter([1], "float64", attr=paddle.ParamAttr(learning_rate=0.25),
                                    default_initializer=paddle.nn.initializer.Constant(1.0))
    opt = paddle.optimizer.SGD(learning_rate=0.4, parameters=[param])
    param.sum().backward()
    opt.step()
    np.testing.assert_allclose(param.numpy(), [0.9])


@pytest.mark.parametrize("clip, expected", [
    (paddle.nn.ClipGradByValue(0.5), lambda gs: [np.clip(g, -0.5, 0.5) for g in gs]),
    (paddle.nn.ClipGradByNorm(1.0), lambda gs: [g * min(1.0, 1.0 / np.linalg.norm(g)) for g in gs]),
    (paddle.nn.ClipGradByGlobalNorm(1.0),
     lambda gs: [g * 1.0 / max(1.0, math.sqrt(sum((x * x).sum() for x in gs))) for g in gs]),
])
def test_grad_clip_is_applied_before_the_update(clip, expected):
    ga, gb = np.array([3.0, -0.2]), np.array([0.1, 0.4, -2.0])
    a = paddle.create_parameter([2], "float64", default_initializer=paddle.nn.initializer.Constant(0.0))
    b = paddle.create_parameter([3], "float64", default_initializer=paddle.nn.initializer.Constant(0.0))
    opt = paddle.optimizer.SGD(learning_rate=1.0, parameters=[a, b], grad_clip=clip)
    ((a * paddle.to_tensor(ga)).sum() + (b * paddle.to_tensor(gb)).sum()).backward()
    opt.step()
    ca, cb = expected([ga, gb])
    np.testing.assert_allclose(a.numpy(), -ca, rtol=1e-6)
    np.testing.assert_allclose(b.numpy(), -cb, rtol=1e-6)
    np.testing.assert_allclose(a.grad.numpy(), ga)  # the parameters' own gradients are left alone


def test_need_clip_false_is_not_clipped():
    a = paddle.create_parameter([1], "float64", default_initializer=paddle.nn.initializer.Constant(0.0))
    a.need_clip = False
    opt = paddle.optimizer.SGD(learning_rate=1.0, parameters=[a], grad_clip=paddle.nn.ClipGradByValue(0.1))
    (a * 5.0).sum().backward()
    opt.step()
    np.testing.assert_allclose(a.numpy(), [-5.0])


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("case", [c for c in CASES if c[0] in ("sgd", "momentum", "adam", "adamw", "lamb")],
                         ids=lambda c: c[0])
def test_master_weights_keep_float32_precision(case, dtype):
    _, cls, kwargs, ref, ref_kwargs = case
    p0 = np.random.default_rng(7).standard_normal((8,)).astype(np.float32)
    start = paddle.to_tensor(p0).astype(dtype)
    p0_rounded = start.astype("float32").numpy()
    coeffs = [(c * 1e-3).astype(np.float32) for c in _grads((8,), STEPS, seed=8)]
    param = paddle.create_parameter([8], dtype, default_initializer=paddle.nn.initializer.Assign(start))
    opt = cls()(parameters=[param], multi_precision=True, **kwargs)
    for c in coeffs:
        (param * paddle.to_tensor(c).astype(dtype)).sum().backward()
        opt.step()
        opt.clear_grad()
    grads = [paddle.to_tensor(c).astype(dtype).astype("float32").numpy().astype(np.float64) for c in coeffs]
    expected = _reference(ref, ref_kwargs, p0_rounded.astype(np.float64), grads)
    master = opt.state_dict()["master_weights"][param.name]
    assert master.dtype == paddle.float32
    np.testing.assert_allclose(master.numpy(), expected, rtol=1e-5, atol=1e-6)
    rounded = paddle.to_tensor(master.numpy()).astype(dtype).astype("float32").numpy()
    np.testing.assert_array_equal(param.astype("float32").numpy(), rounded)


def test_half_parameters_without_master_weights_update_in_their_dtype():
    param = paddle.create_parameter([2], "float16", default_initializer=paddle.nn.initializer.Constant(1.0))
    opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=[param])
    (param * paddle.to_tensor([1.0, 2.0]).astype("float16")).sum().backward()
    opt.step()
    assert param.dtype == paddle.float16
    np.testing.assert_array_equal(param.astype("float32").numpy(), [0.5, 0.0])


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_state_dict_round_trip_continues_identically(case):
    _, cls, kwargs, _, _ = case
    p0 = np.random.default_rng(9).standard_normal((4,))
    coeffs = _grads((4,), 2 * STEPS, seed=10)
    straight, _ = _run(cls(), kwargs, p0, coeffs)

    first, opt = _run(cls(), kwargs, p0, coeffs[:STEPS])
    saved = {k: (v.numpy() if isinstance(v, paddle.Tensor) else v) for k, v in opt.state_dict().items()}
    resumed = paddle.create_parameter([4], "float64", default_initializer=paddle.nn.initializer.Assign(first.numpy()))
    resumed.name = first.name
    opt2 = cls()(parameters=[resumed], **kwargs)
    opt2.set_state_dict(saved)
    for c in coeffs[STEPS:]:
        (resumed * paddle.to_tensor(c)).sum().backward()
        opt2.step()
        opt2.clear_grad()
    # The beta powers are saved as float32, as Paddle saves them: resuming is exact up to their rounding.
    np.testing.assert_allclose(resumed.numpy(), straight.numpy(), rtol=1e-6)


def test_state_dict_names_follow_paddle():
    param = paddle.create_parameter([2], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
    param.name = "linear_0.w_0"
    opt = paddle.optimizer.Adam(learning_rate=0.1, parameters=[param])
    param.sum().backward()
    opt.step()
    state = opt.state_dict()
    assert set(state) == {"linear_0.w_0_moment1_0", "linear_0.w_0_moment2_0", "linear_0.w_0_beta1_pow_acc_0",
                          "linear_0.w_0_beta2_pow_acc_0"}
    # Paddle stores the powers for the next step: beta^(t+1) after t steps.
    np.testing.assert_allclose(state["linear_0.w_0_beta1_pow_acc_0"].numpy(), [0.81], rtol=1e-6)


def test_scheduler_drives_the_learning_rate_and_is_saved():
    sched = paddle.optimizer.lr.StepDecay(learning_rate=1.0, step_size=1, gamma=0.5)
    param = paddle.create_parameter([1], "float64", default_initializer=paddle.nn.initializer.Constant(0.0))
    opt = paddle.optimizer.SGD(learning_rate=sched, parameters=[param])
    for _ in range(3):
        param.sum().backward()
        opt.step()
        opt.clear_grad()
        sched.step()
    np.testing.assert_allclose(param.numpy(), [-(1.0 + 0.5 + 0.25)])
    assert opt.get_lr() == 0.125
    assert opt.state_dict()["LR_Scheduler"]["last_epoch"] == 3
    with pytest.raises(RuntimeError, match="LRScheduler"):
        opt.set_lr(0.1)


def test_set_lr_get_lr_and_clear_grad():
    param = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(0.0))
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=[param])
    opt.set_lr(0.3)
    assert abs(opt.get_lr() - 0.3) < 1e-12
    param.sum().backward()
    opt.clear_grad()
    np.testing.assert_array_equal(param.grad.numpy(), [0.0])
    opt.clear_grad(set_to_zero=False)
    assert param.grad is None


def test_minimize_steps_and_returns_the_pairs():
    param = paddle.create_parameter([1], "float64", default_initializer=paddle.nn.initializer.Constant(1.0))
    opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=[param])
    loss = (param * 2.0).sum()
    loss.backward()
    _, pairs = opt.minimize(loss)
    assert pairs[0][0] is param
    np.testing.assert_allclose(param.numpy(), [0.0])


def test_parameters_without_gradient_are_left_alone():
    a = paddle.create_parameter([1], "float64", default_initializer=paddle.nn.initializer.Constant(1.0))
    b = paddle.create_parameter([1], "float64", default_initializer=paddle.nn.initializer.Constant(1.0))
    opt = paddle.optimizer.Adam(learning_rate=0.5, parameters=[a, b])
    a.sum().backward()
    opt.step()
    np.testing.assert_allclose(b.numpy(), [1.0])
    assert "moment1" in opt._accumulators and b.name not in opt._accumulators["moment1"]


def test_training_reduces_a_least_squares_loss():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((64, 3)).astype(np.float32)
    y = x @ np.array([[1.0], [-2.0], [0.5]], dtype=np.float32) + 0.3
    model = paddle.nn.Linear(3, 1)
    opt = paddle.optimizer.Adam(learning_rate=0.05, parameters=model.parameters())
    for _ in range(300):
        loss = ((model(paddle.to_tensor(x)) - paddle.to_tensor(y)) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
    np.testing.assert_allclose(model.weight.numpy().ravel(), [1.0, -2.0, 0.5], atol=1e-2)
    np.testing.assert_allclose(model.bias.numpy(), [0.3], atol=1e-2)


# ---- bad arguments

@pytest.mark.parametrize("make, error, match", [
    (lambda p: paddle.optimizer.SGD(parameters=None), ValueError, r"\[SGD\] argument 'parameters'"),
    (lambda p: paddle.optimizer.SGD(parameters=p[0]), TypeError, r"pass \[tensor\]"),
    (lambda p: paddle.optimizer.SGD(parameters=[1.0]), TypeError, "element 0"),
    (lambda p: paddle.optimizer.SGD(learning_rate=-1.0, parameters=p), ValueError, "learning_rate"),
    (lambda p: paddle.optimizer.SGD(learning_rate="x", parameters=p), TypeError, "learning_rate"),
    (lambda p: paddle.optimizer.Adam(beta1=1.0, parameters=p), ValueError, r"\[Adam\] argument 'beta1'"),
    (lambda p: paddle.optimizer.Adam(beta2=-0.1, parameters=p), ValueError, "beta2"),
    (lambda p: paddle.optimizer.Adam(epsilon=-1.0, parameters=p), ValueError, "epsilon"),
    (lambda p: paddle.optimizer.RMSProp(0.1, rho=1.5, parameters=p), ValueError, "rho"),
    (lambda p: paddle.optimizer.SGD(parameters=p, grad_clip=1.0), TypeError, "grad_clip"),
    (lambda p: paddle.optimizer.SGD(parameters=p, weight_decay="l2"), TypeError, "weight_decay"),
    (lambda p: paddle.optimizer.SGD(parameters=[{"params": p, "lr": 1.0}]), ValueError, "unknown keys"),
    (lambda p: paddle.optimizer.SGD(parameters=[{"params": p}, {"params": p}]), ValueError, "more than one"),
    (lambda p: paddle.optimizer.AdamW(parameters=p, lr_ratio=3), TypeError, "lr_ratio"),
    (lambda p: paddle.nn.ClipGradByNorm(-1.0), ValueError, "clip_norm"),
    (lambda p: paddle.nn.ClipGradByValue(1.0, min=2.0), ValueError, "min"),
    (lambda p: paddle.regularizer.L2Decay(-0.1), ValueError, "coeff"),
])
def test_bad_arguments_raise_clear_errors(make, error, match):
    params = [paddle.create_parameter([1], "float32")]
    with pytest.raises(error, match=match):
        make(params)


def test_set_state_dict_rejects_shape_mismatch():
    param = paddle.create_parameter([2], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
    opt = paddle.optimizer.Adam(parameters=[param])
    opt.set_state_dict({f"{param.name}_moment1_0": np.zeros(3, np.float32)})
    param.sum().backward()
    with pytest.raises(ValueError, match="shape"):
        opt.step()


# ---- the in-place update ops themselves (Note [In-place ops])

def test_inplace_op_returns_and_updates_its_inputs():
    p = paddle.to_tensor([1.0, 2.0])
    g = paddle.to_tensor([1.0, 1.0])
    v = paddle.zeros([2])
    out_p, out_v = _C_ops.momentum_(p, g, v, 0.5, 0.9)
    assert out_p is p and out_v is v
    np.testing.assert_allclose(p.numpy(), [0.5, 1.5])
    np.testing.assert_allclose(v.numpy(), [1.0, 1.0])


def test_inplace_op_errors():
    p = paddle.to_tensor([1.0, 2.0])
    with pytest.raises(ValueError, match=r"\[sgd_\].*grad has shape"):
        _C_ops.sgd_(p, paddle.ones([3]), 0.1)
    with pytest.raises(TypeError, match=r"\[sgd_\].*grad has dtype"):
        _C_ops.sgd_(p, paddle.ones([2], dtype="float64"), 0.1)
    with pytest.raises(TypeError, match=r"\[sgd_\].*floating"):
        _C_ops.sgd_(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 2]), 0.1)
    with pytest.raises(ValueError, match=r"\[sgd_\].*contiguous"):
        _C_ops.sgd_(paddle.ones([2, 2]).t(), paddle.ones([2, 2]), 0.1)
    with pytest.raises(ValueError, match=r"\[sgd_\].*regularization"):
        _C_ops.sgd_(p, paddle.ones([2]), 0.1, "l3_decay", 0.1)
    with pytest.raises(ValueError, match=r"\[adam_\].*beta1_pow"):
        m = paddle.zeros([2])
        _C_ops.adam_(p, paddle.ones([2]), m, paddle.zeros([2]), m, 0.1, 0.9, 0.99, 1e-8, 1.0, 0.5)
    with pytest.raises(ValueError, match=r"\[momentum_\].*optimizer state 1"):
        _C_ops.momentum_(p, paddle.ones([2]), paddle.zeros([3]), 0.1, 0.9)
    np.testing.assert_array_equal(p.numpy(), [1.0, 2.0])  # nothing was written by the failed calls


def test_inplace_op_refuses_a_tensor_that_requires_grad_in_grad_mode():
    w = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(RuntimeError, match=r"\[sgd_\] param requires gradient"):
        _C_ops.sgd_(w, paddle.ones([1]), 0.1)
    with paddle.no_grad():
        _C_ops.sgd_(w, paddle.ones([1]), 0.1)
    np.testing.assert_allclose(w.numpy(), [0.9])


def test_inplace_update_invalidates_saved_tensors():
    w = paddle.to_tensor([3.0], stop_gradient=False)
    y = (w * w).sum()  # saves w for the gradient
    with paddle.no_grad():
        _C_ops.sgd_(w, paddle.ones([1]), 0.1)
    with pytest.raises(RuntimeError, match="modified in place"):
        y.backward()


def test_layer_to_converts_parameters_in_place_for_an_existing_optimizer():
    model = paddle.nn.Linear(2, 1)
    weight = model.weight
    opt = paddle.optimizer.SGD(learning_rate=1.0, parameters=model.parameters())
    start = weight.numpy().astype(np.float64)
    model.to(dtype="float64")
    assert model.weight is weight and weight.dtype == paddle.float64 and weight.name == opt._parameter_list[0].name
    model(paddle.to_tensor([[1.0, 2.0]], dtype="float64")).sum().backward()
    opt.step()
    np.testing.assert_allclose(weight.numpy(), start - np.array([[1.0], [2.0]]), rtol=1e-6)


@pytest.mark.parametrize("dtype,rtol", [("float64", 1e-12), ("float32", 1e-5)])
@pytest.mark.parametrize("amsgrad,decoupled", [(False, 0.0), (True, 0.0), (False, 0.1)])
def test_scheduled_adam_reads_its_rate_and_beta_powers_from_tensors(dtype, rtol, amsgrad, decoupled):
    """scheduled_adam_ (static programs' Adam): three steps equal the NumPy
    Adam, and the beta powers advance in place to beta^(t+1)."""
    rng = np.random.default_rng(3)
    p0 = rng.standard_normal(5)
    p = paddle.to_tensor(p0.astype(dtype))
    m1, m2, m2max = (paddle.zeros([5], dtype) for _ in range(3))
    b1p, b2p = paddle.to_tensor([0.8], "float64"), paddle.to_tensor([0.9], "float64")
    expected, state = p0.copy(), {}
    for t, lr in enumerate([0.05, 0.02, 0.1], start=1):
        g = rng.standard_normal(5)
        _C_ops.scheduled_adam_(p, paddle.to_tensor(g.astype(dtype)), paddle.to_tensor(lr, "float32"), m1, m2,
                               m2max if amsgrad else m2, b1p, b2p, 0.8, 0.9, 1e-3, decoupled, amsgrad)
        expected = ref_adam(expected, g, state, t, float(np.float32(lr)), beta1=0.8, beta2=0.9, eps=1e-3,
                            amsgrad=amsgrad, decoupled=decoupled)
        np.testing.assert_allclose(p.numpy(), expected, rtol=rtol)
        np.testing.assert_allclose([b1p.item(), b2p.item()], [0.8 ** (t + 1), 0.9 ** (t + 1)], rtol=1e-15)


def test_scheduled_adam_checks_its_tensors():
    p, g, m = paddle.ones([2]), paddle.ones([2]), paddle.zeros([2])
    lr, pow64 = paddle.to_tensor(0.1, "float32"), paddle.to_tensor([0.9], "float64")
    with pytest.raises(ValueError, match=r"\[scheduled_adam_\].*learning_rate must be a float32 tensor of one "
                                         r"element, but got float64\[\]"):
        _C_ops.scheduled_adam_(p, g, paddle.to_tensor(0.1, "float64"), m, m, m, pow64, pow64, 0.9, 0.99, 1e-8)
    with pytest.raises(ValueError, match=r"\[scheduled_adam_\].*beta2_pow must be a float64 tensor of one element, "
                                         r"but got float32\[2\]"):
        _C_ops.scheduled_adam_(p, g, lr, m, m, m, pow64, paddle.zeros([2]), 0.9, 0.99, 1e-8)
    with pytest.raises(ValueError, match=r"\[scheduled_adam_\].*optimizer state 1"):
        _C_ops.scheduled_adam_(p, g, lr, paddle.zeros([3]), m, m, pow64, pow64, 0.9, 0.99, 1e-8)
    np.testing.assert_array_equal(p.numpy(), [1.0, 1.0])
