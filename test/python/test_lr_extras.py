"""NaturalExpDecay, InverseTimeDecay, MultiplicativeDecay, CyclicLR and LinearLR: each sequence against its
closed form written out here, jumps with step(epoch), starting from last_epoch, verbose printing,
state_dict round trips, use by an optimizer, and the errors of bad arguments."""

import math

import numpy as np
import pytest

import paddle
from paddle.optimizer import lr

N = 25


def run(sched, n=N):
    """The rate at epochs 0 .. n-1 (a fresh scheduler is at epoch 0)."""
    out = []
    for _ in range(n):
        out.append(sched())
        sched.step()
    return out


def close(got, expected):
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-15)


def test_natural_exp_decay():
    close(run(lr.NaturalExpDecay(0.5, gamma=0.3)), [0.5 * math.exp(-0.3 * e) for e in range(N)])


def test_inverse_time_decay():
    close(run(lr.InverseTimeDecay(0.5, gamma=0.7)), [0.5 / (1 + 0.7 * e) for e in range(N)])


def test_multiplicative_decay_multiplies_each_epochs_factor():
    factor = lambda e: 0.9 if e % 2 else 1.1  # noqa: E731
    expected = [0.4 * math.prod(factor(k) for k in range(1, e + 1)) for e in range(N)]
    close(run(lr.MultiplicativeDecay(0.4, factor)), expected)
    jumped = lr.MultiplicativeDecay(0.4, factor)
    jumped.step(7)
    close(jumped(), expected[7])
    jumped.step()  # from a jump, the next step continues the product
    close(jumped(), expected[8])


def _cyclic_reference(base, top, up, down, it, scale):
    """The triangle wave between base and top, its height scaled by scale(cycle from 1, it)."""
    period = up + down
    cycle, position = divmod(it, period)
    fraction = position / up if position <= up else (period - position) / down
    return base + (top - base) * fraction * scale(cycle + 1, it)


@pytest.mark.parametrize("kwargs, scale", [
    (dict(mode="triangular"), lambda c, it: 1.0),
    (dict(mode="triangular2"), lambda c, it: 0.5 ** (c - 1)),
    (dict(mode="exp_range", exp_gamma=0.95), lambda c, it: 0.95 ** it),
    (dict(scale_fn=lambda x: 1 / x, scale_mode="cycle"), lambda c, it: 1 / c),
    (dict(scale_fn=lambda x: 1 / (1 + x), scale_mode="iterations"), lambda c, it: 1 / (1 + it)),
], ids=["triangular", "triangular2", "exp_range", "custom_cycle", "custom_iterations"])
@pytest.mark.parametrize("up, down", [(3, None), (4, 2)])
def test_cyclic_lr(kwargs, scale, up, down):
    sched = lr.CyclicLR(0.1, 1.0, step_size_up=up, step_size_down=down, **kwargs)
    expected = [_cyclic_reference(0.1, 1.0, up, down or up, it, scale) for it in range(N)]
    close(run(sched), expected)


@pytest.mark.parametrize("start, end", [(1 / 3, 1.0), (0.5, 0.1), (1.0, 0.0)])
def test_linear_lr(start, end):
    total = 6
    expected = [0.3 * (start + (end - start) * min(e, total) / total) for e in range(N)]
    close(run(lr.LinearLR(0.3, total_steps=total, start_factor=start, end_factor=end)), expected)


def test_linear_lr_defaults_and_jump():
    sched = lr.LinearLR(0.9, total_steps=4)
    assert sched.start_factor == pytest.approx(1 / 3) and sched.end_factor == 1.0
    sched.step(3)
    close(sched(), 0.9 * (1 / 3 + (2 / 3) * 3 / 4))
    sched.step(40)
    close(sched(), 0.9)


@pytest.mark.parametrize("make, formula", [
    (lambda e: lr.NaturalExpDecay(0.5, 0.3, last_epoch=e), lambda e: 0.5 * math.exp(-0.3 * e)),
    (lambda e: lr.InverseTimeDecay(0.5, 0.7, last_epoch=e), lambda e: 0.5 / (1 + 0.7 * e)),
    (lambda e: lr.MultiplicativeDecay(0.5, lambda k: 0.8, last_epoch=e), lambda e: 0.5 * 0.8 ** e),
    (lambda e: lr.LinearLR(0.5, 10, last_epoch=e), lambda e: 0.5 * (1 / 3 + (2 / 3) * e / 10)),
], ids=["natural_exp", "inverse_time", "multiplicative", "linear"])
def test_starting_from_last_epoch(make, formula):
    sched = make(4)
    assert sched.last_epoch == 5
    close([sched() for _ in range(3) if sched.step() is None], [formula(e) for e in (6, 7, 8)])


def test_verbose_prints_each_rate(capsys):
    sched = lr.NaturalExpDecay(0.5, gamma=0.1, verbose=True)
    sched.step()
    assert capsys.readouterr().out.splitlines() == [
        "Epoch 0: NaturalExpDecay set learning rate to 0.5.",
        f"Epoch 1: NaturalExpDecay set learning rate to {0.5 * math.exp(-0.1)}.",
    ]


@pytest.mark.parametrize("make", [
    lambda: lr.CyclicLR(0.1, 1.0, 3, mode="triangular2"),
    lambda: lr.MultiplicativeDecay(0.5, lambda e: 0.9),
    lambda: lr.LinearLR(0.5, 7, start_factor=0.2),
], ids=["cyclic", "multiplicative", "linear"])
def test_state_dict_round_trip_continues_the_sequence(make):
    straight = run(make(), 12)
    first = make()
    for _ in range(5):
        first.step()
    state = first.state_dict()
    assert state["last_epoch"] == 5
    resumed = make()
    resumed.set_state_dict(state)
    close(run(resumed, 7), straight[5:])


def test_an_optimizer_follows_the_schedule():
    w = paddle.create_parameter([1], "float64", default_initializer=paddle.nn.initializer.Constant(0.0))
    sched = lr.CyclicLR(0.1, 0.5, step_size_up=2)
    opt = paddle.optimizer.SGD(learning_rate=sched, parameters=[w])
    rates = []
    for _ in range(6):
        rates.append(opt.get_lr())
        w.sum().backward()  # gradient 1: each step moves w by -lr
        opt.step()
        opt.clear_grad()
        sched.step()
    close(rates, [0.1, 0.3, 0.5, 0.3, 0.1, 0.3])
    close(w.item(), -sum(rates))


@pytest.mark.parametrize("make, exc, pattern", [
    (lambda: lr.NaturalExpDecay(0.5, gamma=0.0), ValueError,
     r"^\[NaturalExpDecay\] argument 'gamma': expected a positive number, but got 0.0"),
    (lambda: lr.InverseTimeDecay(0.5, gamma="fast"), TypeError,
     r"^\[InverseTimeDecay\] argument 'gamma': expected a number, but got str"),
    (lambda: lr.MultiplicativeDecay(0.5, lr_lambda=0.9), TypeError,
     r"^\[MultiplicativeDecay\] argument 'lr_lambda': expected a callable, but got float"),
    (lambda: lr.CyclicLR(0.1, -1.0, 2), ValueError,
     r"^\[CyclicLR\] argument 'max_learning_rate': expected a number >= 0, but got -1.0"),
    (lambda: lr.CyclicLR(0.1, 1.0, 0), ValueError,
     r"^\[CyclicLR\] argument 'step_size_up': expected an int >= 1, but got 0"),
    (lambda: lr.CyclicLR(0.1, 1.0, 2, step_size_down=1.5), TypeError,
     r"^\[CyclicLR\] argument 'step_size_down': expected an int, but got float"),
    (lambda: lr.CyclicLR(0.1, 1.0, 2, mode="sawtooth"), ValueError,
     r"^\[CyclicLR\] argument 'mode': expected one of 'triangular', 'triangular2', 'exp_range', but got 'sawtooth'"),
    (lambda: lr.CyclicLR(0.1, 1.0, 2, scale_mode="epochs"), ValueError,
     r"^\[CyclicLR\] argument 'scale_mode': expected one of 'cycle', 'iterations', but got 'epochs'"),
    (lambda: lr.CyclicLR(0.1, 1.0, 2, scale_fn=2.0), TypeError,
     r"^\[CyclicLR\] argument 'scale_fn': expected a callable, but got float"),
    (lambda: lr.LinearLR(0.5, total_steps=0), ValueError,
     r"^\[LinearLR\] argument 'total_steps': expected an int >= 1, but got 0"),
    (lambda: lr.LinearLR(0.5, 4, start_factor=0.0), ValueError,
     r"^\[LinearLR\] argument 'start_factor': expected a number in \(0, 1\], but got 0.0"),
    (lambda: lr.LinearLR(0.5, 4, end_factor=1.5), ValueError,
     r"^\[LinearLR\] argument 'end_factor': expected a number in \[0, 1\], but got 1.5"),
])
def test_bad_arguments(make, exc, pattern):
    with pytest.raises(exc, match=pattern):
        make()
