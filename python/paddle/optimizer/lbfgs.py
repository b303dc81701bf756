"""L-BFGS: a quasi-Newton method that steps with a closure re-evaluating the loss."""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.optimizer._line_search import Trial, strong_wolfe
from paddle.optimizer._validate import dynamic_only, non_negative
from paddle.optimizer.optimizer import Optimizer

# A curvature pair (s, y) with y.s at or below this is skipped: it would make the inverse Hessian
# approximation indefinite (or divide by almost zero).
_MIN_CURVATURE = 1e-10


def _dot(a: Tensor, b: Tensor) -> float:
    return float((a * b).sum())


class LBFGS(Optimizer):
    r"""L-BFGS (Nocedal and Wright, Numerical Optimization, Algorithm 7.4 and 7.5). ``step(closure)``
    runs up to ``max_iter`` iterations; each moves all parameters, viewed as one flat vector x, along
    :math:`d = -H g`, where the inverse Hessian approximation H comes from the last ``history_size``
    pairs :math:`s = x_{k+1} - x_k`, :math:`y = g_{k+1} - g_k` by the two-loop recursion, starting from
    :math:`H_0 = \frac{s^T y}{y^T y} I`. The step is ``learning_rate`` (scaled down to
    :math:`\min(1, 1/\|g\|_1)` on the very first iteration), or the one the strong-Wolfe line search finds.

    An iteration stops the step early when the gradient is below ``tolerance_grad`` (max-norm), or the
    move, or the change of the loss, is below ``tolerance_change``, or ``max_eval`` evaluations were made.
    The history persists across calls to ``step``.

    Args:
        learning_rate (float, optional): the step length. Default 1.0.
        max_iter (int, optional): iterations per ``step``. Default 20.
        max_eval (int, optional): closure evaluations per ``step``; ``max_iter * 5 // 4`` when None.
        tolerance_grad (float, optional): stop when ``max|g| <= tolerance_grad``. Default 1e-07.
        tolerance_change (float, optional): stop when the move or the loss change is smaller. Default 1e-09.
        history_size (int, optional): the number of (s, y) pairs kept. Default 100.
        line_search_fn (str, optional): None (fixed steps) or ``'strong_wolfe'``. Default None.
        parameters (list, optional): the parameters (one group).
        weight_decay (float|WeightDecayRegularizer, optional): unused, as in Paddle: the gradients are
            those the closure computes, so add a penalty to its loss instead.
        grad_clip (ClipGradBase, optional): unused, as in Paddle, for the same reason.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> w = paddle.create_parameter([2], "float64", default_initializer=paddle.nn.initializer.Constant(0.0))
        >>> target = paddle.to_tensor([1.0, -2.0], dtype="float64")
        >>> opt = paddle.optimizer.LBFGS(parameters=[w], line_search_fn="strong_wolfe")
        >>> def closure():
        ...     opt.clear_grad()
        ...     loss = ((w - target) ** 2 * paddle.to_tensor([1.0, 10.0], dtype="float64")).sum()
        ...     loss.backward()
        ...     return loss
        >>> _ = opt.step(closure)
        >>> [round(v, 4) for v in w.tolist()]
        [1.0, -2.0]
    """

    def __init__(self, learning_rate=1.0, max_iter=20, max_eval=None, tolerance_grad=1e-07, tolerance_change=1e-09,
                 history_size=100, line_search_fn=None, parameters=None, weight_decay=None, grad_clip=None,
                 name=None):
        op = "LBFGS"
        dynamic_only(op)
        if isinstance(learning_rate, paddle.optimizer.lr.LRScheduler):
            raise TypeError(f"[{op}] argument 'learning_rate': expected a float, but got {check.got(learning_rate)}")
        self.learning_rate = non_negative(op, learning_rate, "learning_rate")
        self.max_iter = check.integer(op, max_iter, "max_iter", min=1)
        self.max_eval = self.max_iter * 5 // 4 if max_eval is None else check.integer(op, max_eval, "max_eval", min=1)
        self.tolerance_grad = non_negative(op, tolerance_grad, "tolerance_grad")
        self.tolerance_change = non_negative(op, tolerance_change, "tolerance_change")
        self.history_size = check.integer(op, history_size, "history_size", min=1)
        if line_search_fn is not None:
            check.choice(op, line_search_fn, ("strong_wolfe",), "line_search_fn")
        self.line_search_fn = line_search_fn
        self.state: dict = {}
        super().__init__(1.0, parameters, weight_decay, grad_clip, name)
        if len(self._param_groups) > 1:
            raise ValueError(f"[{op}] argument 'parameters': expected one parameter group, but got "
                             f"{len(self._param_groups)}")

    # ---- the parameters as one flat vector

    def _flat_grad(self) -> Tensor:
        return paddle.concat([(paddle.zeros_like(p) if p.grad is None else p.grad).reshape([-1])
                              for p in self._parameter_list])

    def _move(self, step: float, direction: Tensor) -> None:
        """x += step * direction."""
        offset = 0
        for p in self._parameter_list:
            size = p.size
            p.copy_(p + direction[offset:offset + size].reshape(p.shape) * step)
            offset += size

    def _evaluate(self, closure) -> float:
        with paddle.enable_grad():
            return float(closure())

    def _trial(self, closure, start: list[Tensor], step: float, direction: Tensor) -> Trial:
        """The loss and gradient at start + step * direction, leaving the parameters at start."""
        self._move(step, direction)
        loss = self._evaluate(closure)
        grad = self._flat_grad()
        for p, value in zip(self._parameter_list, start):
            p.copy_(value)
        return Trial(step, loss, grad, _dot(grad, direction))

    def _direction(self, grad: Tensor) -> Tensor:
        """-H grad by the two-loop recursion over the stored pairs (newest first, then oldest first)."""
        state = self.state
        pairs = list(zip(state["old_sk"], state["old_yk"], state["ro"]))
        q = -grad
        alphas = []
        for s, y, rho in reversed(pairs):
            alpha = _dot(s, q) * rho
            q = q - y * alpha
            alphas.append(alpha)
        r = q * state["H_diag"]
        for (s, y, rho), alpha in zip(pairs, reversed(alphas)):
            beta = _dot(y, r) * rho
            r = r + s * (alpha - beta)
        return r

    def _remember(self, grad: Tensor) -> None:
        """Adds the pair of the last move to the history, when its curvature is positive."""
        state = self.state
        y = grad - state["prev_flat_grad"]
        s = state["d"] * state["alpha"]
        ys = _dot(y, s)
        if ys <= _MIN_CURVATURE:
            return
        if len(state["old_yk"]) == self.history_size:
            for key in ("old_yk", "old_sk", "ro"):
                state[key].pop(0)
        state["old_yk"].append(y)
        state["old_sk"].append(s)
        state["ro"].append(1.0 / ys)
        state["H_diag"] = ys / _dot(y, y)

    # ---- the step

    def step(self, closure) -> Tensor:
        """Runs up to ``max_iter`` iterations and returns the loss the closure gave first.

        Args:
            closure (callable): clears the gradients, computes the loss, calls ``backward()`` and
                returns the loss.
        """
        if not callable(closure):
            raise TypeError(f"[LBFGS.step] argument 'closure': expected a callable that returns the loss, but "
                            f"got {check.got(closure)}")
        with paddle.no_grad():
            return self._step(closure)

    def _step(self, closure) -> Tensor:
        state = self.state
        state.setdefault("func_evals", 0)
        state.setdefault("n_iter", 0)
        with paddle.enable_grad():
            first_loss = closure()
        loss = float(first_loss)
        evaluations = 1
        state["func_evals"] += 1
        grad = self._flat_grad()
        if float(grad.abs().max()) <= self.tolerance_grad:
            return first_loss

        for iteration in range(1, self.max_iter + 1):
            state["n_iter"] += 1
            if state["n_iter"] == 1:
                state.update(old_yk=[], old_sk=[], ro=[], H_diag=1.0)
                direction = -grad
            else:
                self._remember(grad)
                direction = self._direction(grad)
            state["prev_flat_grad"] = grad.clone()
            state["prev_loss"] = loss
            step = self.learning_rate
            if state["n_iter"] == 1:  # no curvature known yet: a first step of at most unit length (l1)
                step *= min(1.0, 1.0 / float(grad.abs().sum()))
            # Stored before the move: the next iteration (or step) pairs it with the new gradient.
            state["d"], state["alpha"] = direction, step
            slope = _dot(grad, direction)
            if slope > -self.tolerance_change:  # not a descent direction (any more)
                break

            used = 0
            if self.line_search_fn is not None:
                start = [p.clone() for p in self._parameter_list]
                found, used = strong_wolfe(lambda t: self._trial(closure, start, t, direction),
                                           Trial(0.0, loss, grad, slope), step, float(direction.abs().max()))
                step, loss, grad = found.t, found.loss, found.grad
                state["alpha"] = step
                self._move(step, direction)
            else:
                self._move(step, direction)
                if iteration != self.max_iter:  # the last iteration's loss would be the next step's first
                    loss = self._evaluate(closure)
                    grad = self._flat_grad()
                    used = 1
            evaluations += used
            state["func_evals"] += used

            if used and float(grad.abs().max()) <= self.tolerance_grad:
                break
            if float((direction * step).abs().max()) <= self.tolerance_change:
                break
            if abs(loss - state["prev_loss"]) < self.tolerance_change:
                break
            if evaluations >= self.max_eval:
                break
        return first_loss

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Not available: LBFGS re-evaluates the loss, so it steps with ``step(closure)``."""
        raise NotImplementedError("[LBFGS.minimize] LBFGS re-evaluates the loss several times per step; call "
                                  "step(closure) with a closure that computes it")

    # ---- state

    def state_dict(self) -> dict:
        """``{'state': ...}``: the counters ``func_evals`` and ``n_iter``, the last direction ``d`` and step
        ``alpha``, the history ``old_sk``, ``old_yk``, ``ro``, ``H_diag``, and ``prev_flat_grad``,
        ``prev_loss`` (Paddle's keys)."""
        return {"state": dict(self.state)}

    def set_state_dict(self, state_dict: dict) -> None:
        """Restores what ``state_dict()`` returned."""
        if not isinstance(state_dict, dict) or not isinstance(state_dict.get("state"), dict):
            raise TypeError(f"[LBFGS.set_state_dict] argument 'state_dict': expected a dict with a 'state' dict, "
                            f"but got {check.got(state_dict)}")
        restored = {}
        for key, value in state_dict["state"].items():
            if isinstance(value, Tensor):
                value = value.clone()
            elif isinstance(value, list):
                value = [v.clone() if isinstance(v, Tensor) else v for v in value]
            restored[key] = value
        self.state = restored
