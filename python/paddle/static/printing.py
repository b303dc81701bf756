"""paddle.static.Print: a program's tensor printed when the program runs."""

from __future__ import annotations

from paddle import _C


def Print(input, first_n=-1, message=None, summarize=20, print_tensor_name=True, print_tensor_type=True,
          print_tensor_shape=True, print_tensor_lod=True, print_phase="both"):
    """Prints `input` each time the program runs it (to stdout, as
    PaddlePaddle 3.x does) and returns it, so that later ops read it through
    the print. With print_phase "both" or "backward" the gradient flowing
    back through it is printed too.

    Args:
        input (Value): the value to print.
        first_n (int, optional): print only the first first_n times the op runs; -1: always. Default -1.
        message (str, optional): a line printed with the tensor. Default None.
        summarize (int, optional): how many elements to print; -1: all. Default 20.
        print_tensor_name, print_tensor_type, print_tensor_shape, print_tensor_lod (bool, optional): which
            facts to print. Default True.
        print_phase (str, optional): "forward", "backward" or "both". Default "both".

    Returns:
        Value: input, through the print.

    The example's run writes (to the process's stdout, from C++)::

        Variable: var
          - message: doubled
          - place: Place(cpu)
          - shape: [2]
          - layout: NCHW
          - dtype: float32
          - data: [2.000000 4.000000]

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [2], "float32")
        ...     y = paddle.static.Print(x * 2.0, message="doubled", print_tensor_lod=False)
        >>> out, = paddle.static.Executor().run(main, feed={"x": np.array([1, 2], "float32")}, fetch_list=[y])
        >>> out
        array([2., 4.], dtype=float32)
        >>> paddle.disable_static()
    """
    if not _C.pir.static_mode():
        raise RuntimeError("[Print] paddle.static.Print builds an op of a static program: call "
                           "paddle.enable_static() first (in dynamic mode, print the tensor)")
    for arg, value in (("first_n", first_n), ("summarize", summarize)):
        if isinstance(value, bool) or not isinstance(value, int) or value < -1:
            raise ValueError(f"[Print] {arg} must be an int >= -1 (-1: no limit), but got {value!r}")
    if message is not None and not isinstance(message, str):
        raise TypeError(f"[Print] message must be a str or None, but got {type(message).__name__}")
    phase = print_phase.upper() if isinstance(print_phase, str) else None
    if phase not in ("FORWARD", "BACKWARD", "BOTH"):
        raise ValueError(f"[Print] print_phase must be 'forward', 'backward' or 'both', but got {print_phase!r}")
    return _C.pir.print(input, first_n, message or "", summarize, bool(print_tensor_name), bool(print_tensor_type),
                        bool(print_tensor_shape), True, bool(print_tensor_lod), phase)
