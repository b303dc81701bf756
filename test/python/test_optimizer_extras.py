"""ASGD, NAdam, RAdam, Rprop and LBFGS: each update against a NumPy implementation of its rule written
here, over several steps, in float32 and float64, with weight decay and a learning-rate scheduler where
they apply; state_dict round trips and Paddle's state names; LBFGS against a NumPy two-loop recursion
and on a quadratic with a known minimum; the errors of bad arguments."""

import math

import numpy as np
import pytest

import paddle
from paddle.optimizer import lr as schedulers

STEPS = 8  # RAdam's rectified branch starts at step 6 with beta2 = 0.999


# ---- NumPy references: each takes (p, g, state dict, step t from 1, lr) and returns the new p.

def ref_radam(p, g, s, t, lr, beta1=0.9, beta2=0.999, eps=1e-8):
    m = s["m"] = beta1 * s.get("m", 0.0) + (1 - beta1) * g
    v = s["v"] = beta2 * s.get("v", 0.0) + (1 - beta2) * g * g
    m_hat = m / (1 - beta1 ** t)
    rho_inf = 2 / (1 - beta2) - 1
    rho_t = rho_inf - 2 * t * beta2 ** t / (1 - beta2 ** t)
    if rho_t <= 5:
        return p - lr * m_hat
    r = math.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
    return p - lr * m_hat * r * math.sqrt(1 - beta2 ** t) / (np.sqrt(v) + eps)


def ref_nadam(p, g, s, t, lr, beta1=0.9, beta2=0.999, eps=1e-8, psi=0.004):
    mu = [beta1 * (1 - 0.5 * 0.96 ** (i * psi)) for i in range(1, t + 2)]
    m = s["m"] = beta1 * s.get("m", 0.0) + (1 - beta1) * g
    v = s["v"] = beta2 * s.get("v", 0.0) + (1 - beta2) * g * g
    m_hat = mu[t] * m / (1 - np.prod(mu[:t + 1])) + (1 - mu[t - 1]) * g / (1 - np.prod(mu[:t]))
    return p - lr * m_hat / (np.sqrt(v / (1 - beta2 ** t)) + eps)


def ref_asgd(p, g, s, t, lr, n=1):
    kept = s.setdefault("y", {})
    kept[(t - 1) % n] = g
    return p - lr * sum(kept.values()) / len(kept)


def ref_rprop(p, g, s, t, lr, low=1e-5, high=50.0, etas=(0.5, 1.2)):
    prev = s.get("prev", np.zeros_like(p))
    size = s.get("size", np.full_like(p, lr))
    agree = prev * g
    size = np.where(agree > 0, np.minimum(size * etas[1], high), size)
    size = np.where(agree < 0, np.maximum(size * etas[0], low), size)
    g = np.where(agree < 0, 0.0, g)
    s["prev"], s["size"] = g, size
    return p - np.sign(g) * size


# ---- running an optimizer on sum(a * p^2 + c_t * p), whose gradient 2 a p + c_t depends on p

CURVATURE = np.array([0.5, 1.0, 2.0, 0.25, 1.5, 3.0])


def _coeffs(steps, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(CURVATURE.shape) for _ in range(steps)]


def _run(make, p0, coeffs, dtype="float64", scheduler=None):
    param = paddle.create_parameter(list(p0.shape), dtype, default_initializer=paddle.nn.initializer.Assign(p0))
    opt = make([param])
    a = paddle.to_tensor(CURVATURE, dtype=dtype)
    for c in coeffs:
        (a * param * param + param * paddle.to_tensor(c, dtype=dtype)).sum().backward()
        opt.step()
        opt.clear_grad()
        if scheduler is not None:
            scheduler.step()
    return param, opt


def _reference(ref, p0, coeffs, rates, decay=0.0, **kwargs):
    p, state = p0.astype(np.float64), {}
    for t, (c, rate) in enumerate(zip(coeffs, rates), start=1):
        p = ref(p, 2 * CURVATURE * p + c + decay * p, state, t, rate, **kwargs)
    return p


P0 = np.array([1.0, -2.0, 0.5, 3.0, -0.7, 0.1])

# (name, make(params, learning_rate, **extra), reference, reference kwargs)
CASES = [
    ("radam", lambda ps, lr, **kw: paddle.optimizer.RAdam(lr, parameters=ps, **kw), ref_radam, {}),
    ("radam_betas", lambda ps, lr, **kw: paddle.optimizer.RAdam(lr, beta1=0.5, beta2=0.8, epsilon=1e-3,
                                                                 parameters=ps, **kw),
     ref_radam, dict(beta1=0.5, beta2=0.8, eps=1e-3)),
    ("nadam", lambda ps, lr, **kw: paddle.optimizer.NAdam(lr, parameters=ps, **kw), ref_nadam, {}),
    ("nadam_decay", lambda ps, lr, **kw: paddle.optimizer.NAdam(lr, beta1=0.8, momentum_decay=0.3, parameters=ps,
                                                                 **kw),
     ref_nadam, dict(beta1=0.8, psi=0.3)),
    ("asgd", lambda ps, lr, **kw: paddle.optimizer.ASGD(lr, batch_num=3, parameters=ps, **kw), ref_asgd,
     dict(n=3)),
]
IDS = [c[0] for c in CASES]


@pytest.mark.parametrize("dtype, rtol, atol", [("float64", 1e-10, 1e-12), ("float32", 2e-5, 2e-5)])
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_updates_match_numpy(case, dtype, rtol, atol):
    _, make, ref, kwargs = case
    coeffs = _coeffs(STEPS)
    param, _ = _run(lambda ps: make(ps, 0.05), P0.astype(dtype), coeffs, dtype)
    np.testing.assert_allclose(param.numpy(), _reference(ref, P0, coeffs, [0.05] * STEPS, **kwargs),
                               rtol=rtol, atol=atol)


@pytest.mark.parametrize("dtype, rtol, atol", [("float64", 1e-10, 1e-12), ("float32", 2e-5, 2e-5)])
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_weight_decay_and_scheduler(case, dtype, rtol, atol):
    _, make, ref, kwargs = case
    coeffs = _coeffs(STEPS, seed=1)
    sched = schedulers.ExponentialDecay(0.1, gamma=0.8)
    param, _ = _run(lambda ps: make(ps, sched, weight_decay=0.3), P0.astype(dtype), coeffs, dtype, scheduler=sched)
    expected = _reference(ref, P0, coeffs, [0.1 * 0.8 ** k for k in range(STEPS)], decay=0.3, **kwargs)
    np.testing.assert_allclose(param.numpy(), expected, rtol=rtol, atol=atol)


def test_radam_takes_both_branches():
    """rho_t crosses 5 between steps 5 and 6 with beta2 = 0.999: the first five steps are momentum SGD."""
    beta2 = 0.999
    rho = [2 / (1 - beta2) - 1 - 2 * t * beta2 ** t / (1 - beta2 ** t) for t in range(1, 9)]
    assert [r > 5 for r in rho] == [False] * 5 + [True] * 3
    coeffs = _coeffs(5, seed=2)
    param, _ = _run(lambda ps: paddle.optimizer.RAdam(0.05, parameters=ps), P0, coeffs)
    p, m = P0.copy(), 0.0
    for t, c in enumerate(coeffs, start=1):
        m = 0.9 * m + 0.1 * (2 * CURVATURE * p + c)
        p = p - 0.05 * m / (1 - 0.9 ** t)
    np.testing.assert_allclose(param.numpy(), p, rtol=1e-12)


def test_l1_decay_and_param_groups():
    """A group's learning_rate scales the rate and its beta1 overrides the optimizer's."""
    coeffs = _coeffs(STEPS, seed=3)
    w = paddle.create_parameter([6], "float64", default_initializer=paddle.nn.initializer.Assign(P0))
    b = paddle.create_parameter([6], "float64", default_initializer=paddle.nn.initializer.Assign(-P0))
    opt = paddle.optimizer.NAdam(0.05, parameters=[{"params": [w]}, {"params": [b], "learning_rate": 0.5,
                                                                      "beta1": 0.7}],
                                 weight_decay=paddle.regularizer.L1Decay(0.2))
    a = paddle.to_tensor(CURVATURE)
    for c in coeffs:
        (a * w * w + w * paddle.to_tensor(c) + a * b * b - b * paddle.to_tensor(c)).sum().backward()
        opt.step()
        opt.clear_grad()
    expected_w, expected_b, sw, sb = P0.copy(), -P0, {}, {}
    for t, c in enumerate(coeffs, start=1):
        expected_w = ref_nadam(expected_w, 2 * CURVATURE * expected_w + c + 0.2 * np.sign(expected_w), sw, t, 0.05)
        expected_b = ref_nadam(expected_b, 2 * CURVATURE * expected_b - c + 0.2 * np.sign(expected_b), sb, t, 0.025,
                               beta1=0.7)
    np.testing.assert_allclose(w.numpy(), expected_w, rtol=1e-10)
    np.testing.assert_allclose(b.numpy(), expected_b, rtol=1e-10)


def test_grad_clip_applies_before_the_update():
    coeffs = _coeffs(4, seed=4)
    clip = paddle.nn.ClipGradByValue(0.5)
    param, _ = _run(lambda ps: paddle.optimizer.RAdam(0.05, parameters=ps, grad_clip=clip), P0, coeffs)
    p, state = P0.copy(), {}
    for t, c in enumerate(coeffs, start=1):
        p = ref_radam(p, np.clip(2 * CURVATURE * p + c, -0.5, 0.5), state, t, 0.05)
    np.testing.assert_allclose(param.numpy(), p, rtol=1e-12)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_rprop_matches_numpy(dtype):
    """Sign flips shrink the step and skip the move; steady signs grow it up to the range's maximum."""
    coeffs = _coeffs(12, seed=5)
    make = lambda ps: paddle.optimizer.Rprop(0.1, learning_rate_range=(0.02, 0.3), etas=(0.4, 1.5), parameters=ps)
    param, _ = _run(make, P0.astype(dtype), coeffs, dtype)
    expected = _reference(ref_rprop, P0, coeffs, [0.1] * 12, low=0.02, high=0.3, etas=(0.4, 1.5))
    np.testing.assert_allclose(param.numpy(), expected, rtol=1e-6, atol=1e-6)


def test_rprop_step_sizes_state():
    p0 = np.array([1.0, -1.0])
    param = paddle.create_parameter([2], "float64", default_initializer=paddle.nn.initializer.Assign(p0))
    opt = paddle.optimizer.Rprop(0.1, parameters=[param])
    for sign in ([1.0, 1.0], [1.0, -1.0], [1.0, 1.0]):
        (param * paddle.to_tensor(sign, dtype="float64")).sum().backward()
        opt.step()
        opt.clear_grad()
    state = opt.state_dict()
    # element 0 kept its sign: 0.1 * 1.2 * 1.2; element 1 flipped at step 2 (0.1 * 0.5, no move, gradient
    # forgotten), so step 3 is a plain one of 0.05
    np.testing.assert_allclose(state[f"{param.name}_learning_rates_0"].numpy(), [0.144, 0.05])
    np.testing.assert_allclose(param.numpy(), [1.0 - 0.1 - 0.12 - 0.144, -1.0 - 0.1 - 0.05])


def test_asgd_states_have_paddles_names_and_shapes():
    param, opt = _run(lambda ps: paddle.optimizer.ASGD(0.05, batch_num=3, parameters=ps), P0, _coeffs(4))
    state = opt.state_dict()
    name = param.name
    assert list(state[f"{name}_y_0"].shape) == [3, 6]
    assert list(state[f"{name}_d_0"].shape) == [6]
    assert state[f"{name}_m_0"].dtype == paddle.int64 and state[f"{name}_m_0"].tolist() == [4]
    # d is the sum of the kept gradients
    np.testing.assert_allclose(state[f"{name}_d_0"].numpy(), state[f"{name}_y_0"].numpy().sum(0), rtol=1e-12)


@pytest.mark.parametrize("make, names", [
    (lambda ps: paddle.optimizer.RAdam(0.05, parameters=ps), ["beta1_pow", "beta2_pow", "moment1", "moment2", "rho"]),
    (lambda ps: paddle.optimizer.NAdam(0.05, parameters=ps),
     ["beta2_pow", "moment1", "moment2", "momentum_decay_pow", "mu_product"]),
    (lambda ps: paddle.optimizer.ASGD(0.05, batch_num=2, parameters=ps), ["d", "m", "y"]),
    (lambda ps: paddle.optimizer.Rprop(0.05, parameters=ps), ["learning_rates", "prevs"]),
], ids=["radam", "nadam", "asgd", "rprop"])
def test_state_dict_round_trip_continues_the_same_run(make, names):
    coeffs = _coeffs(STEPS, seed=6)
    straight, _ = _run(make, P0, coeffs)
    first, opt = _run(make, P0, coeffs[:4])
    state = opt.state_dict()
    assert sorted(k[len(first.name) + 1:-2] for k in state) == names
    resumed = paddle.create_parameter([6], "float64", default_initializer=paddle.nn.initializer.Assign(first.numpy()))
    resumed.name = first.name
    opt2 = make([resumed])
    opt2.set_state_dict({k: v.numpy() for k, v in state.items()})
    a = paddle.to_tensor(CURVATURE)
    for c in coeffs[4:]:
        (a * resumed * resumed + resumed * paddle.to_tensor(c)).sum().backward()
        opt2.step()
        opt2.clear_grad()
    # the scalar states are stored in float32, as Paddle stores them
    np.testing.assert_allclose(resumed.numpy(), straight.numpy(), rtol=1e-6, atol=1e-7)


def test_radam_rho_state_is_t_beta2_pow_over_one_minus():
    _, opt = _run(lambda ps: paddle.optimizer.RAdam(0.05, parameters=ps), P0, _coeffs(5))
    rho = opt.state_dict()[f"{opt._parameter_list[0].name}_rho_0"].item()
    np.testing.assert_allclose(rho, 5 * 0.999 ** 5 / (1 - 0.999 ** 5), rtol=1e-6)


def test_asgd_multi_precision_keeps_a_float32_master():
    coeffs = _coeffs(3, seed=7)
    half, opt = _run(lambda ps: paddle.optimizer.ASGD(0.05, batch_num=2, parameters=ps, multi_precision=True),
                     P0, coeffs, dtype="bfloat16")
    master = opt._master_weights[half.name]
    assert master.dtype == paddle.float32
    # the reference starts from the bfloat16-rounded P0; the master's gradients are bfloat16 ones
    p0 = paddle.to_tensor(P0, dtype="bfloat16").astype("float32").numpy().astype(np.float64)
    expected = _reference(ref_asgd, p0, coeffs, [0.05] * 3, n=2)
    np.testing.assert_allclose(master.numpy(), expected, rtol=0.05, atol=0.05)
    np.testing.assert_array_equal(half.astype("float32").numpy(), master.astype("bfloat16").astype("float32").numpy())


# ---- LBFGS

def _quadratic(n=5, seed=8):
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((n, n))
    return q @ q.T + n * np.eye(n), rng.standard_normal(n)


def _lbfgs_problem(A, b, x0, **kwargs):
    """An LBFGS on 0.5 x^T A x - b^T x, split over two parameters to check the flattening."""
    x1 = paddle.create_parameter([2], "float64", default_initializer=paddle.nn.initializer.Assign(x0[:2]))
    x2 = paddle.create_parameter([len(x0) - 2], "float64", default_initializer=paddle.nn.initializer.Assign(x0[2:]))
    opt = paddle.optimizer.LBFGS(parameters=[x1, x2], **kwargs)
    At, bt = paddle.to_tensor(A), paddle.to_tensor(b)

    def closure():
        opt.clear_grad()
        x = paddle.concat([x1, x2])
        loss = 0.5 * (x * (At @ x)).sum() - (bt * x).sum()
        loss.backward()
        return loss

    return opt, closure, lambda: np.concatenate([x1.numpy(), x2.numpy()])


def ref_lbfgs_iterates(A, b, x0, iterations, lr=1.0, history=100):
    """Fixed-step L-BFGS by the two-loop recursion (Nocedal and Wright, Algorithm 7.4)."""
    grad = lambda x: A @ x - b
    x, g = x0.copy(), grad(x0)
    pairs, gamma, xs = [], 1.0, []
    for k in range(iterations):
        if k == 0:
            d, step = -g, min(1.0, 1.0 / np.abs(g).sum()) * lr
        else:
            s, y = x - x_prev, g - g_prev
            if y @ s > 1e-10:
                pairs = (pairs + [(s, y)])[-history:]
                gamma = (s @ y) / (y @ y)
            q, alphas = -g, []
            for s_i, y_i in reversed(pairs):
                alphas.append((s_i @ q) / (y_i @ s_i))
                q = q - alphas[-1] * y_i
            r = gamma * q
            for (s_i, y_i), alpha in zip(pairs, reversed(alphas)):
                r = r + s_i * (alpha - (y_i @ r) / (y_i @ s_i))
            d, step = r, lr
        x_prev, g_prev = x, g
        x = x + step * d
        g = grad(x)
        xs.append(x)
    return xs


@pytest.mark.parametrize("history", [100, 2])
def test_lbfgs_iterates_match_the_two_loop_recursion(history):
    A, b = _quadratic()
    x0 = np.linspace(-1.0, 1.0, 5)
    opt, closure, x = _lbfgs_problem(A, b, x0, learning_rate=0.5, max_iter=1, history_size=history)
    got = []
    for _ in range(6):
        opt.step(closure)
        got.append(x())
    np.testing.assert_allclose(got, ref_lbfgs_iterates(A, b, x0, 6, lr=0.5, history=history), rtol=1e-10, atol=1e-12)
    assert opt.state_dict()["state"]["n_iter"] == 6 and len(opt.state_dict()["state"]["old_sk"]) == min(history, 5)


@pytest.mark.parametrize("line_search_fn", [None, "strong_wolfe"])
def test_lbfgs_reaches_the_minimum_of_a_quadratic(line_search_fn):
    A, b = _quadratic()
    opt, closure, x = _lbfgs_problem(A, b, np.zeros(5), line_search_fn=line_search_fn, max_iter=50,
                                     tolerance_grad=1e-12, tolerance_change=0.0)
    first = opt.step(closure)
    np.testing.assert_allclose(float(first), 0.0)  # the loss at the start, x = 0
    np.testing.assert_allclose(x(), np.linalg.solve(A, b), rtol=1e-8, atol=1e-10)


def test_lbfgs_strong_wolfe_on_rosenbrock():
    w = paddle.create_parameter([2], "float64", default_initializer=paddle.nn.initializer.Assign(np.array([-1.2, 1.0])))
    opt = paddle.optimizer.LBFGS(parameters=[w], line_search_fn="strong_wolfe", max_iter=100, tolerance_grad=1e-10,
                                 tolerance_change=1e-14)

    def closure():
        opt.clear_grad()
        loss = 100 * (w[1] - w[0] ** 2) ** 2 + (1 - w[0]) ** 2
        loss.backward()
        return loss

    for _ in range(3):
        opt.step(closure)
    np.testing.assert_allclose(w.numpy(), [1.0, 1.0], atol=1e-6)
    state = opt.state_dict()["state"]
    assert state["func_evals"] >= state["n_iter"]


@pytest.mark.parametrize("x0, f, df", [
    (0.0, lambda x: (x - 100.0) ** 2, lambda x: 2 * (x - 100.0)),   # the first trial is far too short: grow
    (0.02, lambda x: 50.0 * x ** 2, lambda x: 100.0 * x),           # the first trial overshoots: zoom
    (1.5, lambda x: x ** 4 - 3 * x ** 2, lambda x: 4 * x ** 3 - 6 * x),
], ids=["extrapolate", "zoom", "quartic"])
def test_lbfgs_line_search_step_satisfies_the_strong_wolfe_conditions(x0, f, df):
    w = paddle.create_parameter([1], "float64", default_initializer=paddle.nn.initializer.Constant(x0))
    opt = paddle.optimizer.LBFGS(parameters=[w], line_search_fn="strong_wolfe", max_iter=1)

    def closure():
        opt.clear_grad()
        loss = f(w).sum()
        loss.backward()
        return loss

    opt.step(closure)
    x1 = w.item()
    d = -df(x0)  # the first direction is the steepest descent
    t = (x1 - x0) / d
    assert t > 0
    assert f(x1) <= f(x0) + 1e-4 * t * df(x0) * d          # sufficient decrease
    assert abs(df(x1) * d) <= 0.9 * abs(df(x0) * d)         # curvature, strong form


@pytest.mark.parametrize("phi, dphi, minimum", [
    (lambda t: t ** 3 - 3 * t, lambda t: 3 * t ** 2 - 3, 1.0),   # a cubic: its own interpolant
    (lambda t: (t - 0.3) ** 2, lambda t: 2 * (t - 0.3), 0.3),     # a quadratic is a cubic too
])
def test_line_search_cubic_step_is_the_interpolants_minimizer_in_either_order(phi, dphi, minimum):
    from paddle.optimizer._line_search import Trial, cubic_minimizer

    a, b = Trial(0.0, phi(0.0), None, dphi(0.0)), Trial(2.0, phi(2.0), None, dphi(2.0))
    assert cubic_minimizer(a, b, 0.0, 2.0) == pytest.approx(minimum, rel=1e-12)
    assert cubic_minimizer(b, a, 0.0, 2.0) == pytest.approx(minimum, rel=1e-12)
    assert cubic_minimizer(a, b, 1.5, 2.0) == 1.5  # clamped to the bounds


def test_lbfgs_stops_at_once_at_a_minimum_and_keeps_its_state():
    A, b = _quadratic()
    opt, closure, x = _lbfgs_problem(A, b, np.linalg.solve(A, b))
    opt.step(closure)
    assert opt.state_dict()["state"] == {"func_evals": 1, "n_iter": 0}
    opt2, closure2, x2 = _lbfgs_problem(A, b, np.zeros(5), max_iter=2)
    opt2.step(closure2)
    opt3, closure3, x3 = _lbfgs_problem(A, b, x2(), max_iter=2)
    opt3.set_state_dict(opt2.state_dict())
    opt2.step(closure2)
    opt3.step(closure3)
    np.testing.assert_allclose(x3(), x2(), rtol=1e-12)


def test_lbfgs_float32():
    A, b = _quadratic()
    w = paddle.create_parameter([5], "float32", default_initializer=paddle.nn.initializer.Constant(0.0))
    opt = paddle.optimizer.LBFGS(parameters=[w], line_search_fn="strong_wolfe", max_iter=30, tolerance_change=0.0)
    At, bt = paddle.to_tensor(A, dtype="float32"), paddle.to_tensor(b, dtype="float32")

    def closure():
        opt.clear_grad()
        loss = 0.5 * (w * (At @ w)).sum() - (bt * w).sum()
        loss.backward()
        return loss

    opt.step(closure)
    assert w.dtype == paddle.float32
    # The float32 loss (about 0.3) resolves changes of about 2e-8, which near the minimum are moves of
    # sqrt(2 * 2e-8 / smallest eigenvalue (5)) ~ 1e-4: the line search cannot see closer.
    np.testing.assert_allclose(w.numpy(), np.linalg.solve(A, b), atol=2e-4)
    assert np.abs(w.numpy()).max() > 0.1  # it moved


# ---- errors

def _param():
    return [paddle.create_parameter([2], "float32")]


@pytest.mark.parametrize("make, exc, pattern", [
    (lambda: paddle.optimizer.RAdam(beta1=1.0, parameters=_param()), ValueError,
     r"^\[RAdam\] argument 'beta1': expected a number in \[0.0, 1.0\), but got 1.0"),
    (lambda: paddle.optimizer.RAdam(epsilon="x", parameters=_param()), TypeError,
     r"^\[RAdam\] argument 'epsilon': expected a number, but got str"),
    (lambda: paddle.optimizer.NAdam(momentum_decay=-1.0, parameters=_param()), ValueError,
     r"^\[NAdam\] argument 'momentum_decay': expected a number >= 0, but got -1.0"),
    (lambda: paddle.optimizer.NAdam(learning_rate=-0.1, parameters=_param()), ValueError,
     r"^\[NAdam\] argument 'learning_rate': expected a number >= 0, but got -0.1"),
    (lambda: paddle.optimizer.ASGD(batch_num=0, parameters=_param()), ValueError,
     r"^\[ASGD\] argument 'batch_num': expected an int >= 1, but got 0"),
    (lambda: paddle.optimizer.ASGD(batch_num=1.5, parameters=_param()), TypeError,
     r"^\[ASGD\] argument 'batch_num': expected an int, but got float"),
    (lambda: paddle.optimizer.Rprop(learning_rate=100.0, parameters=_param()), ValueError,
     r"^\[Rprop\] arguments 'learning_rate' and 'learning_rate_range': expected 0 < learning_rate_range\[0\] "
     r"<= learning_rate <= learning_rate_range\[1\], but got learning_rate=100.0"),
    (lambda: paddle.optimizer.Rprop(etas=(0.5, 0.9), parameters=_param()), ValueError,
     r"^\[Rprop\] argument 'etas': expected 0 < etas\[0\] < 1 < etas\[1\], but got \(0.5, 0.9\)"),
    (lambda: paddle.optimizer.Rprop(etas=0.5, parameters=_param()), TypeError,
     r"^\[Rprop\] argument 'etas': expected a pair of numbers, but got float"),
    (lambda: paddle.optimizer.Rprop(schedulers.ExponentialDecay(0.1, 0.5), parameters=_param()), TypeError,
     r"^\[Rprop\] argument 'learning_rate': expected a float \(the initial step size\), but got ExponentialDecay"),
    (lambda: paddle.optimizer.LBFGS(line_search_fn="backtracking", parameters=_param()), ValueError,
     r"^\[LBFGS\] argument 'line_search_fn': expected one of 'strong_wolfe', but got 'backtracking'"),
    (lambda: paddle.optimizer.LBFGS(history_size=0, parameters=_param()), ValueError,
     r"^\[LBFGS\] argument 'history_size': expected an int >= 1, but got 0"),
    (lambda: paddle.optimizer.LBFGS(parameters=[{"params": _param()}, {"params": _param()}]), ValueError,
     r"^\[LBFGS\] argument 'parameters': expected one parameter group, but got 2"),
    (lambda: paddle.optimizer.LBFGS(parameters=_param()).step(None), TypeError,
     r"^\[LBFGS.step\] argument 'closure': expected a callable that returns the loss, but got NoneType"),
    (lambda: paddle.optimizer.LBFGS(parameters=_param()).minimize(None), NotImplementedError,
     r"^\[LBFGS.minimize\]"),
])
def test_bad_arguments(make, exc, pattern):
    with pytest.raises(exc, match=pattern):
        make()


@pytest.mark.parametrize("name", ["ASGD", "NAdam", "RAdam", "Rprop", "LBFGS"])
def test_static_mode_is_refused(name):
    paddle.enable_static()
    try:
        with pytest.raises(RuntimeError, match=rf"^\[{name}\] is only available in dynamic mode"):
            getattr(paddle.optimizer, name)(parameters=[])
    finally:
        paddle.disable_static()
