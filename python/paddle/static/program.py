"""Programs, the current program, and program inputs."""

from __future__ import annotations

import contextlib

from paddle import _C

Program = _C.pir.Program
Program.__doc__ = """A static program: a builtin.module whose block holds the ops that
paddle's functions build in static mode. print(program) gives PaddlePaddle 3.x's
program text.

Examples:
    >>> import paddle
    >>> paddle.enable_static()
    >>> main = paddle.static.Program()
    >>> with paddle.static.program_guard(main):
    ...     x = paddle.static.data("x", [None, 4], "float32")
    ...     y = paddle.exp(x)
    >>> main.op_names()
    ['pd_op.data', 'pd_op.exp']
    >>> paddle.disable_static()
"""

def _clone(self, for_test=False):
    """A copy of the program. With for_test, the ops that gradients,
    append_backward and minimize added are left out, batch norms use their
    running statistics and dropout passes its input through: the forward
    alone, as in evaluation (its parameters are the same scope names).

    Args:
        for_test (bool, optional): evaluate instead of train. Default False.
    """
    copy = self._copy()
    start = self._backward_start()
    if for_test:
        if start is not None:
            copy._truncate(start)
        copy._to_test_mode()
    return copy


Program.clone = _clone

_main_program = Program()
_startup_program = Program()
# The programs program_guard installed, innermost last.
_guarded: list[tuple[Program, Program]] = []


def default_main_program() -> Program:
    """The program ops are built into when no program_guard is active."""
    return _main_program


def default_startup_program() -> Program:
    """The program parameter initializers are built into when no
    program_guard names one."""
    return _startup_program


def _current_or_default_main() -> Program:
    return _guarded[-1][0] if _guarded else _main_program


@contextlib.contextmanager
def program_guard(main_program: Program, startup_program: Program | None = None):
    """Builds into `main_program` (and `startup_program` for initializers)
    inside the `with` block.

    Args:
        main_program (paddle.static.Program): where ops go.
        startup_program (paddle.static.Program, optional): where parameter
            initializers go; the default startup program when None.
    """
    if not isinstance(main_program, Program):
        raise TypeError(f"program_guard: main_program must be a paddle.static.Program, but got "
                        f"{type(main_program).__name__}")
    if startup_program is not None and not isinstance(startup_program, Program):
        raise TypeError(f"program_guard: startup_program must be a paddle.static.Program, but got "
                        f"{type(startup_program).__name__}")
    _guarded.append((main_program, startup_program or _startup_program))
    _C.pir.set_current_program(main_program)
    try:
        yield
    finally:
        _guarded.pop()
        _C.pir.set_current_program(_current_or_default_main())


def data(name: str, shape, dtype=None, lod_level: int = 0):
    """An input of the current program: a value of this shape (None or -1
    for a size the feed decides) and dtype, fed by name to Executor.run.

    Args:
        name (str): the feed name.
        shape (list|tuple): the shape; None or -1 for any size.
        dtype (str|paddle.dtype, optional): the dtype; the default float dtype when None.
        lod_level (int, optional): unused, kept for API compatibility.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 3], "float32")
        >>> x.shape
        [-1, 3]
        >>> paddle.disable_static()
    """
    import paddle

    if paddle.in_dynamic_mode():
        raise RuntimeError("paddle.static.data builds a program input: call paddle.enable_static() first")
    if not isinstance(name, str):
        raise TypeError(f"paddle.static.data: name must be a str, but got {type(name).__name__}")
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"paddle.static.data: shape must be a list or tuple, but got {type(shape).__name__}")
    dims = [-1 if d is None else d for d in shape]
    return _C.pir.data(name, dims, dtype if dtype is not None else paddle.get_default_dtype())
