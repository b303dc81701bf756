"""paddle.optimizer.lr: each scheduler's sequence against its closed form written out here."""

import math

import numpy as np
import pytest

import paddle
from paddle.optimizer import lr

N = 20


def run(sched, n=N):
    """The rate at epochs 0 .. n-1 (a fresh scheduler is at epoch 0)."""
    out = []
    for _ in range(n):
        out.append(sched())
        sched.step()
    return out


def close(got, expected):
    np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-12)


def test_step_decay():
    close(run(lr.StepDecay(0.5, step_size=3, gamma=0.2)), [0.5 * 0.2 ** (e // 3) for e in range(N)])


def test_multi_step_decay():
    ms = [2, 5, 11]
    close(run(lr.MultiStepDecay(0.3, milestones=ms)), [0.3 * 0.1 ** sum(e >= m for m in ms) for e in range(N)])


def test_exponential_decay():
    close(run(lr.ExponentialDecay(0.7, gamma=0.9)), [0.7 * 0.9 ** e for e in range(N)])


def test_cosine_annealing_decay_within_and_past_a_period():
    eta, base, t = 0.01, 0.4, 7
    closed = [eta + (base - eta) * (1 + math.cos(math.pi * e / t)) / 2 for e in range(N)]
    got = run(lr.CosineAnnealingDecay(base, T_max=t, eta_min=eta))
    close(got, closed)  # the recursive form agrees with the closed form, past T_max too
    s = lr.CosineAnnealingDecay(base, T_max=t, eta_min=eta)
    s.step(12)
    close(s(), closed[12])


def test_linear_warmup_float_and_scheduler():
    w, s0, s1 = 5, 0.0, 0.2
    warm = [(s1 - s0) * e / w + s0 for e in range(w)]
    close(run(lr.LinearWarmup(0.2, warmup_steps=w, start_lr=s0, end_lr=s1)), warm + [0.2] * (N - w))
    inner = lr.ExponentialDecay(0.2, gamma=0.5)
    close(run(lr.LinearWarmup(inner, warmup_steps=w, start_lr=s0, end_lr=s1)),
          warm + [0.2 * 0.5 ** (e - w) for e in range(w, N)])


def _one_cycle_ref(e, max_lr, total, div, end, pct, strategy, three):
    init = max_lr / div
    if three:
        ends = [pct * total - 1, 2 * pct * total - 2, total - 1]
        lrs = [init, max_lr, init, end]
    else:
        ends = [pct * total - 1, total - 1]
        lrs = [init, max_lr, end]
    starts = [0] + ends[:-1]
    for i, (a, b) in enumerate(zip(starts, ends)):
        if e <= b or i == len(ends) - 1:
            p = (e - a) / (b - a)
            if strategy == "cos":
                return lrs[i + 1] + (lrs[i] - lrs[i + 1]) * (1 + math.cos(math.pi * p)) / 2
            return lrs[i] + (lrs[i + 1] - lrs[i]) * p


@pytest.mark.parametrize("strategy", ["cos", "linear"])
@pytest.mark.parametrize("three", [False, True])
def test_one_cycle(strategy, three):
    args = (1.0, N, 25.0, 0.0001, 0.3, strategy, three)
    close(run(lr.OneCycleLR(*args)), [_one_cycle_ref(e, *args) for e in range(N)])
    assert lr.OneCycleLR(0.1, total_steps=10)() == pytest.approx(0.1 / 25)


def test_one_cycle_past_total_steps_raises():
    s = lr.OneCycleLR(1.0, total_steps=3)
    for _ in range(3):
        s.step()
    with pytest.raises(ValueError, match="total_steps"):
        s.step()


def test_polynomial_decay():
    base, end, steps, power = 0.5, 0.01, 6, 2.0
    close(run(lr.PolynomialDecay(base, decay_steps=steps, end_lr=end, power=power)),
          [(base - end) * (1 - min(e, steps) / steps) ** power + end for e in range(N)])
    cyc = []
    for e in range(N):
        period = steps * max(1, math.ceil(e / steps))
        cyc.append((base - end) * (1 - e / period) ** power + end)
    close(run(lr.PolynomialDecay(base, decay_steps=steps, end_lr=end, power=power, cycle=True)), cyc)


def test_piecewise_decay():
    b, v = [3, 8], [1.0, 0.5, 0.1]
    close(run(lr.PiecewiseDecay(b, v)), [v[0] if e < 3 else v[1] if e < 8 else v[2] for e in range(N)])


def test_noam_decay():
    d, w, base = 64, 5, 2.0
    ref = [base * d ** -0.5 * min(1.0 if e == 0 else e ** -0.5, e * w ** -1.5) for e in range(N)]
    close(run(lr.NoamDecay(d, w, learning_rate=base)), ref)


def test_lambda_decay():
    close(run(lr.LambdaDecay(0.5, lambda e: 0.95 ** e + 0.1)), [0.5 * (0.95 ** e + 0.1) for e in range(N)])


@pytest.mark.parametrize("mult", [1, 2])
def test_cosine_annealing_warm_restarts(mult):
    t0, base, eta = 3, 0.6, 0.05
    ref, t_i, t_cur = [], t0, 0
    for _ in range(N):
        ref.append(eta + (base - eta) * (1 + math.cos(math.pi * t_cur / t_i)) / 2)
        t_cur += 1
        if t_cur == t_i:
            t_cur, t_i = 0, t_i * mult
    close(run(lr.CosineAnnealingWarmRestarts(base, T_0=t0, T_mult=mult, eta_min=eta)), ref)
    s = lr.CosineAnnealingWarmRestarts(base, T_0=t0, T_mult=mult, eta_min=eta)
    s.step(13)  # jumping there gives the same rate as stepping there
    close(s(), ref[13])


def _make_all():
    return [lr.StepDecay(0.5, 3), lr.MultiStepDecay(0.5, [2, 6]), lr.ExponentialDecay(0.5, 0.8),
            lr.CosineAnnealingDecay(0.5, 7), lr.LinearWarmup(lr.CosineAnnealingDecay(0.5, 7), 4, 0.0, 0.5),
            lr.OneCycleLR(1.0, 30), lr.PolynomialDecay(0.5, 5, cycle=True), lr.PiecewiseDecay([3], [0.2, 0.1]),
            lr.NoamDecay(32, 4), lr.LambdaDecay(0.5, lambda e: 1 / (e + 1)),
            lr.CosineAnnealingWarmRestarts(0.5, 3, T_mult=2)]


@pytest.mark.parametrize("index", range(11))
def test_state_dict_round_trip_mid_sequence(index):
    a, b = _make_all()[index], _make_all()[index]
    run(a, 9)
    state = a.state_dict()
    assert state["last_epoch"] == 9 and state["last_lr"] == a()
    b.set_state_dict(state)
    assert b() == a() and b.last_epoch == a.last_epoch
    close(run(b, 10), run(a, 10))


def test_reduce_on_plateau_min_rel():
    s = lr.ReduceOnPlateau(1.0, patience=2, factor=0.5, cooldown=1)
    assert s() == 1.0 and s.last_epoch == 0
    seen = []
    for loss in [5.0, 4.0, 4.0, 4.0, 4.0, 3.99999, 4.0, 4.0, 4.0, 1.0]:
        s.step(loss)
        seen.append(s())
    # bad epochs after the 4.0: 1, 2, 3 > patience -> halve; then 1 cooldown step (3.99999 skipped),
    # then 4.0 x3 are bad again -> halve; the 1.0 falls in the next cooldown step and is not recorded
    assert seen == [1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.5, 0.25, 0.25]
    assert s.best == 4.0 and s.last_epoch == 10


def test_reduce_on_plateau_max_abs_min_lr_and_tensor_metric():
    s = lr.ReduceOnPlateau(0.1, mode="max", threshold=0.5, threshold_mode="abs", patience=0, factor=0.1,
                           min_lr=0.005)
    for acc in [0.1, 0.5, 0.55, 1.3]:  # 0.5 and 0.55 are within the threshold of 0.1: bad epochs
        s.step(paddle.to_tensor(acc))
    assert s() == pytest.approx(0.005)  # 0.1 -> 0.01 -> max(0.001, 0.005); 1.3 is an improvement
    state = s.state_dict()
    t = lr.ReduceOnPlateau(0.1, mode="max")
    t.set_state_dict(state)
    assert t() == s() and t.best == s.best and t.threshold_mode == "abs"


def test_reduce_on_plateau_epsilon_skips_tiny_changes():
    s = lr.ReduceOnPlateau(1e-9, patience=0, epsilon=1e-8)
    s.step(1.0)
    s.step(2.0)
    assert s() == 1e-9


def test_verbose_prints(capsys):
    s = lr.StepDecay(0.5, 2, verbose=True)
    s.step()
    assert "StepDecay set learning rate to 0.5" in capsys.readouterr().out


@pytest.mark.parametrize("make, exc, text", [
    (lambda: lr.StepDecay("0.1", 2), TypeError, "[StepDecay] argument 'learning_rate': expected a number, but got str"),
    (lambda: lr.StepDecay(0.1, 0), ValueError, "[StepDecay] argument 'step_size': expected an int >= 1, but got 0"),
    (lambda: lr.StepDecay(0.1, 2, gamma=1.5), ValueError, "argument 'gamma': expected a number < 1.0"),
    (lambda: lr.MultiStepDecay(0.1, [3, 2]), ValueError, "argument 'milestones': expected an increasing list"),
    (lambda: lr.LinearWarmup(0.1, 3, 0.5, 0.1), ValueError, "argument 'end_lr'"),
    (lambda: lr.OneCycleLR(0.1, 10, anneal_strategy="exp"), ValueError, "argument 'anneal_strategy'"),
    (lambda: lr.OneCycleLR(0.1, 10, phase_pct=0.6, three_phase=True), ValueError, "argument 'phase_pct'"),
    (lambda: lr.PiecewiseDecay([1, 2], [0.1]), ValueError, "argument 'values': expected 3 values"),
    (lambda: lr.LambdaDecay(0.1, 3), TypeError, "argument 'lr_lambda': expected a callable, but got int"),
    (lambda: lr.ReduceOnPlateau(0.1, mode="avg"), ValueError, "[ReduceOnPlateau] argument 'mode'"),
    (lambda: lr.ReduceOnPlateau(0.1, factor=2.0), ValueError, "argument 'factor': expected a number < 1.0"),
    (lambda: lr.ReduceOnPlateau(0.1).step("x"), TypeError, "argument 'metrics': expected a number"),
    (lambda: lr.ReduceOnPlateau(0.1).step(paddle.ones([2])), ValueError, "expected a one-element Tensor"),
    (lambda: lr.CosineAnnealingWarmRestarts(0.1, T_0=0), ValueError, "argument 'T_0': expected an int >= 1"),
    (lambda: lr.CosineAnnealingDecay(0.1, T_max=2.5), TypeError, "argument 'T_max': expected an int"),
])
def test_bad_arguments(make, exc, text):
    with pytest.raises(exc) as info:
        make()
    assert text in str(info.value)


def test_base_class_and_namespace():
    assert paddle.optimizer.lr is lr
    assert isinstance(lr.NoamDecay(8, 2), lr.LRScheduler)
    with pytest.raises(NotImplementedError):
        lr.LRScheduler(0.1)
