"""paddle.incubate.cc.compile: one static program per choice of the dtypes a
function's annotations allow, dispatched by the inputs' dtypes."""

from __future__ import annotations

import inspect
import itertools

import paddle
from paddle.incubate.cc import typing as pct

__all__ = ["compile"]

_OP = "cc.compile"


def compile(func, train=False, ap_path="", ap_workspace_dir="/tmp/paddle/ap", backend_device="cuda",  # noqa: A001
            target_framework="paddle", compile_engine="PCC"):
    """Compiles ``func`` for every choice of the dtypes its parameters'
    annotations allow (cc.typing.Tensor, each dtype a DTypeVar; a named
    DimVar is a dimension of any size). The result is called with tensors in
    the order of ``func``'s parameters and runs the program made for their
    dtypes, without recording gradients (only inference is supported, as in
    Paddle).

    Args:
        func (callable): the function; every parameter annotated with
            cc.typing.Tensor.
        train (bool, optional): must be False.
        ap_path, ap_workspace_dir, backend_device, target_framework (str,
            optional): options of Paddle's fusion engine, which this package
            does not have (see paddle.incubate.cc); accepted and unused.
        compile_engine (str, optional): 'PCC' or 'CINN'; either way the
            program runs on this package's executor.

    Returns:
        callable: the compiled function.

    Examples:
        >>> import paddle
        >>> import paddle.incubate.cc as pcc
        >>> import paddle.incubate.cc.typing as pct
        >>> N, T = pct.DimVar("N"), pct.DTypeVar("T", "float32", "float64")
        >>> def axpy(x: pct.Tensor([N], T), y: pct.Tensor([N], T)):
        ...     return 2 * x + y
        >>> f = pcc.compile(axpy)
        >>> f(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([0.5, 0.5])).tolist()
        [2.5, 4.5]
    """
    if train:
        raise NotImplementedError(f"[{_OP}] only inference is supported: train must be False")
    if compile_engine not in ("PCC", "CINN"):
        raise ValueError(f"[{_OP}] argument 'compile_engine': expected 'PCC' or 'CINN', but got {compile_engine!r}")
    annotations = _annotations(func)
    dtype_vars = _dtype_vars(annotations)
    programs = {}
    for choice in itertools.product(*(v.candidates for v in dtype_vars.values())):
        chosen = dict(zip(dtype_vars, choice))
        specs = [paddle.static.InputSpec([_spec_dim(d) for d in t.shape], chosen[t.dtype.name], name=name)
                 for name, t in annotations]
        programs[tuple(s.dtype for s in specs)] = paddle.jit.to_static(func, input_spec=specs, full_graph=True)
    return CompiledFunction(func, annotations, programs)


def _annotations(func) -> list[tuple[str, pct.Tensor]]:
    """(name, cc.typing.Tensor) of each of func's parameters."""
    if not callable(func):
        raise TypeError(f"[{_OP}] argument 'func': expected a callable, but got {type(func).__name__}")
    try:
        # eval_str: annotations are strings in a module with `from __future__ import annotations`.
        params = inspect.signature(func, eval_str=True).parameters.values()
    except NameError as e:
        raise TypeError(f"[{_OP}] cannot evaluate the annotations of {func.__name__}: {e} (with `from __future__ "
                        f"import annotations` they may use only the module's global names)") from None
    out = []
    for p in params:
        if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) or not isinstance(p.annotation, pct.Tensor):
            raise TypeError(f"[{_OP}] every parameter of {func.__name__} must be a positional one annotated with "
                            f"paddle.incubate.cc.typing.Tensor(shape, dtype), but '{p.name}' is not")
        out.append((p.name, p.annotation))
    if not out:
        raise TypeError(f"[{_OP}] {func.__name__} has no parameters to compile for")
    return out


def _dtype_vars(annotations) -> dict[str, pct.DTypeVar]:
    """The DTypeVars by name, in order of first use; one name, one set of candidates."""
    found = {}
    for name, t in annotations:
        seen = found.setdefault(t.dtype.name, t.dtype)
        if seen.candidates != t.dtype.candidates:
            raise ValueError(f"[{_OP}] DTypeVar '{t.dtype.name}' has candidates {seen.candidates} in one annotation "
                             f"and {t.dtype.candidates} in the annotation of '{name}'")
    return found


def _spec_dim(dim):
    """A program input's dim: a named DimVar's is any size (None)."""
    value = dim.name_or_value if isinstance(dim, pct.DimVar) else dim
    return None if isinstance(value, str) else value


class CompiledFunction:
    """What cc.compile returns: the programs by their inputs' dtypes."""

    def __init__(self, func, annotations, programs):
        self._func = func
        self._annotations = annotations
        self._programs = programs
        self.__name__ = getattr(func, "__name__", "compiled")
        self.__doc__ = getattr(func, "__doc__", None)

    def __call__(self, *args):
        name = self.__name__
        if len(args) != len(self._annotations):
            raise TypeError(f"[{_OP}] {name} takes {len(self._annotations)} tensors, but got {len(args)}")
        for (param, _), arg in zip(self._annotations, args):
            if not isinstance(arg, paddle.Tensor):
                raise TypeError(f"[{_OP}] {name}: argument '{param}' must be a Tensor, but got {type(arg).__name__}")
        program = self._programs.get(tuple(a.dtype for a in args))
        if program is None:
            compiled = "; ".join("(" + ", ".join(d.name for d in key) + ")" for key in self._programs)
            raise TypeError(f"[{_OP}] {name} has no program for the input dtypes "
                            f"({', '.join(a.dtype.name for a in args)}); it was compiled for {compiled}")
        self._check_dims(args)
        with paddle.no_grad():
            return program(*args)

    def _check_dims(self, args):
        """Each tensor's dims against its annotation: fixed sizes, bounds, and
        one size per dimension name."""
        sizes = {}
        for (param, t), arg in zip(self._annotations, args):
            where = f"[{_OP}] {self.__name__}: argument '{param}'"
            if len(arg.shape) != len(t.shape):
                raise ValueError(f"{where} must be {len(t.shape)}-D, but got shape {list(arg.shape)}")
            for axis, (dim, size) in enumerate(zip(t.shape, arg.shape)):
                value = dim.name_or_value if isinstance(dim, pct.DimVar) else dim
                if not isinstance(value, str):
                    if size != value:
                        raise ValueError(f"{where} must have size {value} in dim {axis}, but got {size}")
                    continue
                if dim.min is not None and size < dim.min:
                    raise ValueError(f"{where}: dim {axis} ({value}) must be >= {dim.min}, but got {size}")
                if dim.max is not None and size > dim.max:
                    raise ValueError(f"{where}: dim {axis} ({value}) must be <= {dim.max}, but got {size}")
                if sizes.setdefault(value, size) != size:
                    raise ValueError(f"{where}: dim {axis} ({value}) is {size}, but {value} is {sizes[value]} in an "
                                     f"earlier argument")
