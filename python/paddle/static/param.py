"""Parameters of static programs: an initializer in the startup program that
stores the tensor in the scope (builtin.set_parameter), and a
builtin.parameter in the main program that reads it."""

from __future__ import annotations

from paddle import _C


def _startup():
    from paddle.static.program import _guarded, default_startup_program

    return _guarded[-1][1] if _guarded else default_startup_program()


def _initial_value(init, shape, dtype, is_bias):
    """The initializer's ops for a tensor of this shape (built in the startup
    program: in static mode the ops an initializer calls build IR)."""
    from paddle.nn import initializer as inits

    if init is None:
        init = inits.Constant(0.0) if is_bias else inits.XavierUniform()
    return init._generate(shape, dtype)


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False, default_initializer=None):
    """A parameter of the current program: its initializer goes into the
    startup program (run it once to fill the scope), and the returned value
    reads the scope's tensor of that name.

    Args:
        shape (list|tuple): the shape (every dim known).
        dtype (str|paddle.dtype): the dtype.
        name (str, optional): the scope name; a unique one when None.
        attr (ParamAttr, optional): its name and initializer, when given.
        is_bias (bool, optional): zeros by default instead of Xavier-uniform.
        default_initializer (Initializer, optional): the initializer when attr gives none.
    """
    import paddle
    from paddle.base import unique_name

    if paddle.in_dynamic_mode():
        raise RuntimeError("paddle.static.create_parameter builds a program parameter: call paddle.enable_static() "
                           "first")
    shape = [int(d) for d in shape]
    if any(d < 0 for d in shape):
        raise ValueError(f"[create_parameter] every dim of a parameter must be known, but got shape {shape}")
    init = default_initializer
    if attr is not None:
        name = getattr(attr, "name", None) or name
        init = getattr(attr, "initializer", None) or init
    name = name or unique_name.generate("b" if is_bias else "w")
    main = _C.pir.current_program()
    _C.pir.set_current_program(_startup())
    try:
        _C.pir.set_parameter(_initial_value(init, shape, dtype, is_bias), name)
    finally:
        _C.pir.set_current_program(main)
    return _C.pir.parameter(name, shape, dtype)


def master_weight(param):
    """The float32 master copy of a float16/bfloat16 parameter for an
    optimizer's multi_precision (Paddle's `<name>_fp32_master_0`): a parameter
    the startup program fills with the parameter's value (after initializing
    it), which the update writes and casts back into the parameter."""
    import paddle

    name = f"{param.name}_fp32_master_0"
    main = _C.pir.current_program()
    _C.pir.set_current_program(_startup())
    try:
        initial = _C.pir.parameter(param.name, param.shape, param.dtype)
        _C.pir.set_parameter(paddle.cast(initial, "float32"), name)
    finally:
        _C.pir.set_current_program(main)
    return _C.pir.parameter(name, param.shape, "float32")


def program_parameters(program=None):
    """The values of the program's parameters (the current program's when None)."""
    return _C.pir.parameters(program if program is not None else _C.pir.current_program())


def create_global_var(shape, value, dtype, persistable=False, force_cpu=False, name=None):
    """A variable of the program filled with `value` by the startup program
    (a parameter of the scope that no optimizer trains unless given to it).

    Args:
        shape (list|tuple): the shape.
        value (float): the fill value.
        dtype (str|paddle.dtype): the dtype.
        persistable (bool, optional): unused: every such variable lives in the scope.
        force_cpu (bool, optional): unused: it lives where the startup program runs.
        name (str, optional): its scope name; a unique one when None.

    Examples:
        >>> import paddle
        >>> paddle.enable_static()
        >>> main, startup = paddle.static.Program(), paddle.static.Program()
        >>> with paddle.static.program_guard(main, startup):
        ...     step = paddle.static.create_global_var([1], 0.0, "float32", name="step")
        >>> step.shape
        [1]
        >>> paddle.disable_static()
    """
    from paddle.nn import initializer

    return create_parameter(shape, dtype, name=name, default_initializer=initializer.Constant(float(value)))

