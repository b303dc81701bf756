"""cond and while_loop: Python functions built once into the regions of a
pd_op.if or pd_op.while; the executor then runs a branch, or the body while
the condition holds."""

from __future__ import annotations

from paddle import _C


def _check_static(op):
    import paddle

    if paddle.in_dynamic_mode():
        raise RuntimeError(f"paddle.static.nn.{op} builds control flow into a program: call paddle.enable_static() "
                           "first")


def cond(pred, true_fn=None, false_fn=None, name=None, return_names=None):
    """true_fn() where pred holds, false_fn() otherwise, as one pd_op.if: both
    functions are called once, to build their branches, and must return
    values of the same types (or both None).

    Args:
        pred (Value): a bool value of one element.
        true_fn, false_fn (callable, optional): build the branches; they may
            read any value built before.
        name, return_names: unused, kept for API compatibility.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [2], "float32")
        ...     y = paddle.static.nn.cond(paddle.sum(x) > 0, lambda: x * 2.0, lambda: -x)
        >>> paddle.static.Executor().run(main, feed={"x": np.array([1, -3], "float32")}, fetch_list=[y])[0]
        array([-1.,  3.], dtype=float32)
        >>> paddle.disable_static()
    """
    _check_static("cond")
    for arg, fn in (("true_fn", true_fn), ("false_fn", false_fn)):
        if fn is not None and not callable(fn):
            raise TypeError(f"[cond] {arg} must be callable or None, but got {type(fn).__name__}")
    return _C.pir.build_if(pred, true_fn, false_fn)


def while_loop(cond, body, loop_vars, is_test=False, name=None):
    """Repeats loop_vars = body(*loop_vars) while cond(*loop_vars) holds, as
    one pd_op.while, and returns the final loop_vars (a list). body must
    return values of the loop_vars' types; both functions are called once,
    to build the loop.

    Args:
        cond (callable): loop_vars -> a bool value of one element.
        body (callable): loop_vars -> the next loop_vars.
        loop_vars (list|tuple): the initial values.
        is_test, name: unused, kept for API compatibility.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     i = paddle.full([], 0, "int64")
        ...     x = paddle.static.data("x", [2], "float32")
        ...     i, x = paddle.static.nn.while_loop(lambda i, x: i < 3, lambda i, x: [i + 1, x * 2.0], [i, x])
        >>> paddle.static.Executor().run(main, feed={"x": np.array([1, 2], "float32")}, fetch_list=[x])[0]
        array([ 8., 16.], dtype=float32)
        >>> paddle.disable_static()
    """
    _check_static("while_loop")
    if not callable(cond) or not callable(body):
        raise TypeError("[while_loop] cond and body must be callable")
    if not isinstance(loop_vars, (list, tuple)):
        raise TypeError(f"[while_loop] loop_vars must be a list or tuple, but got {type(loop_vars).__name__}")
    return _C.pir.build_while(cond, body, list(loop_vars))


def case(pred_fn_pairs, default=None, name=None):
    """The function of the first (pred, fn) pair whose pred holds, else
    default() (the last pair's function when default is None), as nested
    pd_op.if ops. Every function must return values of the same types.

    Args:
        pred_fn_pairs (list|tuple): (bool value of one element, callable) pairs.
        default (callable, optional): when no pred holds.
        name: unused, kept for API compatibility.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [], "float32")
        ...     y = paddle.static.nn.case([(x < 0, lambda: -x), (x < 1, lambda: x * 10.0)], default=lambda: x)
        >>> [float(paddle.static.Executor().run(main, feed={"x": np.float32(v)}, fetch_list=[y])[0])
        ...  for v in (-2, 0.5, 3)]
        [2.0, 5.0, 3.0]
        >>> paddle.disable_static()
    """
    _check_static("case")
    if not isinstance(pred_fn_pairs, (list, tuple)) or not pred_fn_pairs:
        raise TypeError("[case] pred_fn_pairs must be a non-empty list or tuple of (pred, fn) pairs")
    for i, pair in enumerate(pred_fn_pairs):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2 or not callable(pair[1]):
            raise TypeError(f"[case] pred_fn_pairs[{i}] must be a (pred, callable) pair, but got {pair!r}")
    if default is not None and not callable(default):
        raise TypeError(f"[case] default must be callable or None, but got {type(default).__name__}")
    pairs = list(pred_fn_pairs)
    if default is None:
        default = pairs.pop()[1]

    def chain(k):
        if k == len(pairs):
            return default()
        pred, fn = pairs[k]
        return cond(pred, fn, lambda: chain(k + 1))

    return chain(0)


def switch_case(branch_index, branch_fns, default=None, name=None):
    """branch_fns[branch_index]() (or the function paired with that index),
    else default() (the function of the largest index when default is
    None), as nested pd_op.if ops.

    Args:
        branch_index (Value): an int32/int64 value of one element.
        branch_fns (dict|list|tuple): {index: fn}, [(index, fn), ...], or [fn, ...] (index = position).
        default (callable, optional): for any other index.
        name: unused, kept for API compatibility.
    """
    import paddle

    _check_static("switch_case")
    if isinstance(branch_fns, dict):
        pairs = list(branch_fns.items())
    elif isinstance(branch_fns, (list, tuple)) and branch_fns and all(callable(f) for f in branch_fns):
        pairs = list(enumerate(branch_fns))
    elif isinstance(branch_fns, (list, tuple)) and branch_fns:
        pairs = [tuple(p) for p in branch_fns]
    else:
        raise TypeError("[switch_case] branch_fns must be a non-empty dict, list of functions or list of "
                        "(index, function) pairs")
    for index, fn in pairs:
        if isinstance(index, bool) or not isinstance(index, int) or not callable(fn):
            raise TypeError(f"[switch_case] branch_fns must pair int indices with functions, but got ({index!r}, "
                            f"{fn!r})")
    pairs.sort(key=lambda p: p[0])
    preds = [(paddle.equal(branch_index, paddle.full([], index, branch_index.dtype)), fn) for index, fn in pairs]
    return case(preds, default)
