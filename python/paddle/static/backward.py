"""Static autodiff: gradients built into the program from each op's Vjp
interface, the same gradient formulas eager uses (paddle/pir/autodiff)."""

from __future__ import annotations

from paddle import _C

Value = _C.pir.Value


def _values(arg, what):
    items = [arg] if isinstance(arg, Value) else list(arg)
    for i, v in enumerate(items):
        if not isinstance(v, Value):
            raise TypeError(f"[gradients] {what}[{i}] must be a static Value, but got {type(v).__name__}")
    return items


def gradients(targets, inputs, target_gradients=None, no_grad_set=None):
    """The gradients of sum(targets * target_gradients) with respect to
    inputs, built into the current program: one Value per input, None for an
    input the targets do not depend on.

    Args:
        targets (Value|list[Value]): what is differentiated.
        inputs (Value|list[Value]): with respect to what.
        target_gradients (Value|list[Value|None], optional): the gradients
            flowing into the targets; ones where None.
        no_grad_set (set, optional): unused, kept for API compatibility.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [3], "float32")
        ...     y = paddle.sum(x * x)
        ...     dx, = paddle.static.gradients(y, x)
        >>> paddle.static.Executor().run(main, feed={"x": np.array([1, 2, 3], "float32")}, fetch_list=[dx])[0]
        array([2., 4., 6.], dtype=float32)
        >>> paddle.disable_static()
    """
    targets = _values(targets, "targets")
    inputs = _values(inputs, "inputs")
    if target_gradients is None:
        target_gradients = [None] * len(targets)
    elif isinstance(target_gradients, Value):
        target_gradients = [target_gradients]
    if len(target_gradients) != len(targets):
        raise ValueError(f"[gradients] expected {len(targets)} target_gradients (one per target), but got "
                         f"{len(target_gradients)}")
    return _C.pir.gradients(targets, inputs, list(target_gradients))


def append_backward(loss, parameter_list=None, no_grad_set=None, callbacks=None):
    """Appends the gradients of `loss` with respect to `parameter_list` to
    the program and returns the (parameter, gradient) pairs, leaving out the
    parameters the loss does not depend on.

    Args:
        loss (Value): a value of the current program.
        parameter_list (list[Value], optional): what to differentiate for;
            the program's parameters when None (programs have none yet, so
            the list is empty).
        no_grad_set, callbacks: unused, kept for API compatibility.
    """
    if not isinstance(loss, Value):
        raise TypeError(f"[append_backward] loss must be a static Value, but got {type(loss).__name__}")
    params = [] if parameter_list is None else _values(parameter_list, "parameter_list")
    if not params:
        return []
    grads = gradients([loss], params)
    return [(p, g) for p, g in zip(params, grads) if g is not None]
