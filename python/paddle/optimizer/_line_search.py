"""A line search satisfying the strong Wolfe conditions, for LBFGS.

Along a descent direction d from x, phi(t) = f(x + t d) has phi(0) = f0 and slope phi'(0) = g0.d < 0.
A step t satisfies the strong Wolfe conditions when it decreases f enough,
phi(t) <= f0 + c1 t phi'(0), and flattens the slope enough, |phi'(t)| <= c2 |phi'(0)|.
The search (Nocedal and Wright, Numerical Optimization, 2nd ed., Algorithms 3.5 and 3.6) first grows
the step until an interval must contain such a step, then shrinks that interval ("zoom"); every new
trial is the minimizer of the cubic through the two points at hand (their values and slopes). The
safeguards (extrapolating to between 1.01 and 10 times the last step; moving a trial that lands within
a tenth of the interval's width of an end, the second time in a row, to that distance) are those of
Paddle's and PyTorch's LBFGS, so the same problem takes the same steps.
"""

from __future__ import annotations

import math
from typing import Callable, NamedTuple

from paddle._C import Tensor


class Trial(NamedTuple):
    """One evaluated step: the step t, the loss there, the flat gradient there, and the slope g.d."""

    t: float
    loss: float
    grad: Tensor
    slope: float


def cubic_minimizer(a: Trial, b: Trial, low: float, high: float) -> float:
    """The minimizer of the cubic through (a.t, a.loss) and (b.t, b.loss) with slopes a.slope and b.slope
    (Nocedal and Wright, eq. 3.59), clamped to [low, high]; the middle of [low, high] when the cubic
    has no local minimum."""
    d1 = a.slope + b.slope - 3 * (a.loss - b.loss) / (a.t - b.t)
    discriminant = d1 * d1 - a.slope * b.slope
    if discriminant < 0:
        return (low + high) / 2
    d2 = math.copysign(math.sqrt(discriminant), b.t - a.t)
    t = b.t - (b.t - a.t) * (b.slope + d2 - d1) / (b.slope - a.slope + 2 * d2)
    return min(max(t, low), high)


def strong_wolfe(evaluate: Callable[[float], Trial], start: Trial, t: float, direction_max: float,
                 c1: float = 1e-4, c2: float = 0.9, tolerance_change: float = 1e-9,
                 max_ls: int = 25) -> tuple[Trial, int]:
    """A step along the direction that satisfies the strong Wolfe conditions, or the best one found in
    `max_ls` trials, and the number of evaluations made.

    Args:
        evaluate: the Trial at a step t.
        start: the Trial at t = 0 (its slope must be negative).
        t: the first step tried.
        direction_max: max |d|, to stop when the interval is too short to move x.
        c1, c2: the constants of the sufficient-decrease and curvature conditions.
        tolerance_change: the smallest move of x worth another trial.
        max_ls: the most trials after the first.
    """

    def sufficient_decrease(trial: Trial) -> bool:
        return trial.loss <= start.loss + c1 * trial.t * start.slope

    def flat_enough(trial: Trial) -> bool:
        return abs(trial.slope) <= -c2 * start.slope

    # Bracketing: grow the step until [previous, current] must hold a Wolfe step.
    previous, current = start, evaluate(t)
    evaluations, trials = 1, 0
    bracket = None
    while trials < max_ls:
        if not sufficient_decrease(current) or (trials > 1 and current.loss >= previous.loss):
            bracket = [previous, current]
            break
        if flat_enough(current):
            return current, evaluations
        if current.slope >= 0:
            bracket = [previous, current]
            break
        grown = cubic_minimizer(previous, current, current.t + 0.01 * (current.t - previous.t), current.t * 10)
        previous, current = current, evaluate(grown)
        evaluations += 1
        trials += 1
    if bracket is None:  # out of trials while still growing: keep the better of the start and the last
        bracket = [start, current]

    # Zoom: shrink the bracket, keeping at `best` the end with the lower loss.
    best = 0 if bracket[0].loss <= bracket[1].loss else 1
    stuck_near_an_end = False
    while trials < max_ls:
        if abs(bracket[1].t - bracket[0].t) * direction_max < tolerance_change:
            break
        low, high = min(bracket[0].t, bracket[1].t), max(bracket[0].t, bracket[1].t)
        t = cubic_minimizer(bracket[0], bracket[1], low, high)
        # A trial too close to an end hardly shrinks the bracket; the second time, move it inside.
        margin = 0.1 * (high - low)
        if min(high - t, t - low) < margin:
            if stuck_near_an_end or t >= high or t <= low:
                t = high - margin if abs(t - high) < abs(t - low) else low + margin
                stuck_near_an_end = False
            else:
                stuck_near_an_end = True
        else:
            stuck_near_an_end = False
        trial = evaluate(t)
        evaluations += 1
        trials += 1
        if not sufficient_decrease(trial) or trial.loss >= bracket[best].loss:
            bracket[1 - best] = trial
            best = 0 if bracket[0].loss <= bracket[1].loss else 1
            continue
        if flat_enough(trial):
            bracket[best] = trial
            break
        if trial.slope * (bracket[1 - best].t - bracket[best].t) >= 0:
            bracket[1 - best] = bracket[best]
        bracket[best] = trial
    return bracket[best], evaluations
