"""paddle.amp.GradScaler: dynamic loss scaling, so that small float16 gradients do not underflow."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check


class GradScaler:
    """Scales the loss before backward and unscales the gradients before the optimizer's step,
    skipping steps whose gradients hold inf or nan. With dynamic scaling the scale shrinks by
    `decr_ratio` after `decr_every_n_nan_or_inf` such steps in a row (never below 1) and grows by
    `incr_ratio` after `incr_every_n_steps` finite steps in a row.

    Args:
        enable (bool, optional): scale at all; when False every method passes through. Default True.
        init_loss_scaling (float, optional): the starting scale. Default 65536.0.
        incr_ratio (float, optional): the growth factor (> 1). Default 2.0.
        decr_ratio (float, optional): the shrink factor (in (0, 1)). Default 0.5.
        incr_every_n_steps (int, optional): finite steps before growing. Default 2000.
        decr_every_n_nan_or_inf (int, optional): non-finite steps before shrinking. Default 1.
        use_dynamic_loss_scaling (bool, optional): adjust the scale. Default True.

    Examples:
        >>> import paddle
        >>> model = paddle.nn.Linear(4, 2)
        >>> opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())
        >>> scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
        >>> with paddle.amp.auto_cast(dtype="bfloat16"):
        ...     loss = model(paddle.rand([3, 4])).mean()
        >>> scaler.scale(loss).backward()
        >>> scaler.step(opt)
        >>> scaler.update()
        >>> opt.clear_grad()
    """

    def __init__(self, enable=True, init_loss_scaling=65536.0, incr_ratio=2.0, decr_ratio=0.5,
                 incr_every_n_steps=2000, decr_every_n_nan_or_inf=1, use_dynamic_loss_scaling=True):
        op = "GradScaler"
        self._enable = check.flag(op, enable, "enable")
        self._scale = float(check.number(op, init_loss_scaling, "init_loss_scaling"))
        if not self._scale > 0:
            raise ValueError(f"[{op}] argument 'init_loss_scaling': expected a number > 0, but got {self._scale}")
        self._incr_ratio = float(check.number(op, incr_ratio, "incr_ratio"))
        if not self._incr_ratio > 1:
            raise ValueError(f"[{op}] argument 'incr_ratio': expected a number > 1, but got {self._incr_ratio}")
        self._decr_ratio = float(check.number(op, decr_ratio, "decr_ratio"))
        if not 0 < self._decr_ratio < 1:
            raise ValueError(f"[{op}] argument 'decr_ratio': expected a number in (0, 1), but got {self._decr_ratio}")
        self._incr_every_n_steps = check.integer(op, incr_every_n_steps, "incr_every_n_steps", min=1)
        self._decr_every_n_nan_or_inf = check.integer(op, decr_every_n_nan_or_inf, "decr_every_n_nan_or_inf", min=1)
        self._use_dynamic_loss_scaling = check.flag(op, use_dynamic_loss_scaling, "use_dynamic_loss_scaling")
        self._incr_count = 0
        self._decr_count = 0
        self._found_inf = False
        self._unscaled = set()  # ids of the optimizers unscaled since the last update()

    def scale(self, var):
        """`var` (the loss) times the current scale."""
        check.tensor("GradScaler.scale", var, "var")
        if not self._enable:
            return var
        return var * paddle.to_tensor(self._scale, dtype=var.dtype, place=var.place)

    def unscale_(self, optimizer) -> None:
        """Divides the gradients of `optimizer`'s parameters by the scale, in place, and notes whether
        any is inf or nan. Called by `step` unless called before it."""
        if not self._enable or id(optimizer) in self._unscaled:
            return
        grads = [p.grad for p in optimizer._parameter_list if p.grad is not None]
        inverse = 1.0 / self._scale
        finite = []
        with paddle.no_grad():
            for g in grads:
                g[...] = g * paddle.to_tensor(inverse, dtype=g.dtype, place=g.place)
                finite.append(paddle.isfinite(g).all())
        if finite and not bool(paddle.stack(finite).all()):
            self._found_inf = True
        self._unscaled.add(id(optimizer))

    def step(self, optimizer) -> None:
        """Unscales (if not done yet) and steps `optimizer` unless a gradient is inf or nan."""
        if not self._enable:
            optimizer.step()
            return
        self.unscale_(optimizer)
        if not self._found_inf:
            optimizer.step()

    def minimize(self, optimizer, *args, **kwargs):
        """`step` followed by `update`, as Paddle's minimize does."""
        if not self._enable:
            return optimizer.minimize(*args, **kwargs)
        self.unscale_(optimizer)
        result = None if self._found_inf else optimizer.minimize(*args, **kwargs)
        self.update()
        return result

    def update(self) -> None:
        """Adjusts the scale after a step (dynamic scaling only) and resets the step's bookkeeping."""
        if self._enable and self._use_dynamic_loss_scaling:
            if self._found_inf:
                self._incr_count = 0
                self._decr_count += 1
                if self._decr_count == self._decr_every_n_nan_or_inf:
                    self._scale = max(1.0, self._scale * self._decr_ratio)
                    self._decr_count = 0
            else:
                self._decr_count = 0
                self._incr_count += 1
                if self._incr_count == self._incr_every_n_steps:
                    self._scale *= self._incr_ratio
                    self._incr_count = 0
        self._found_inf = False
        self._unscaled.clear()

    def is_enable(self) -> bool:
        return self._enable

    def is_use_dynamic_loss_scaling(self) -> bool:
        return self._use_dynamic_loss_scaling

    def get_init_loss_scaling(self) -> float:
        """The current scale."""
        return self._scale

    def set_init_loss_scaling(self, new_init_loss_scaling: float) -> None:
        self._scale = float(check.number("GradScaler", new_init_loss_scaling, "new_init_loss_scaling"))

    def state_dict(self) -> dict:
        """The scale and counters, by Paddle's keys (empty when disabled)."""
        if not self._enable:
            return {}
        return {"scale": np.array([self._scale], dtype=np.float32), "incr_ratio": self._incr_ratio,
                "decr_ratio": self._decr_ratio, "incr_every_n_steps": self._incr_every_n_steps,
                "decr_every_n_nan_or_inf": self._decr_every_n_nan_or_inf, "incr_count": self._incr_count,
                "decr_count": self._decr_count, "use_dynamic_loss_scaling": self._use_dynamic_loss_scaling}

    def load_state_dict(self, state_dict: dict) -> None:
        """Restores what `state_dict()` returned."""
        if not isinstance(state_dict, dict):
            raise TypeError(f"[GradScaler.load_state_dict] argument 'state_dict': expected a dict, but got "
                            f"{check.got(state_dict)}")
        if not self._enable:
            return
        if "scale" not in state_dict:
            raise ValueError("[GradScaler.load_state_dict] the state dict has no 'scale': it was saved by a "
                             "disabled GradScaler or is not a GradScaler's")
        scale = state_dict["scale"]
        self._scale = float(np.asarray(scale.numpy() if isinstance(scale, paddle.Tensor) else scale).reshape(-1)[0])
        for key in ("incr_ratio", "decr_ratio", "incr_every_n_steps", "decr_every_n_nan_or_inf", "incr_count",
                    "decr_count", "use_dynamic_loss_scaling"):
            if key in state_dict:
                setattr(self, "_" + key, type(getattr(self, "_" + key))(state_dict[key]))


AmpScaler = GradScaler
