"""paddle.incubate.cc.typing: the annotations cc.compile reads, a Tensor of
DimVar dims and a DTypeVar dtype.

Examples:
    >>> import paddle.incubate.cc.typing as pct
    >>> N = pct.DimVar("N", min=1)
    >>> T = pct.DTypeVar("T", "float32", "float64")
    >>> x_type = pct.Tensor([N, 4], T)
    >>> [getattr(d, "name_or_value", d) for d in x_type.shape], x_type.dtype.candidates
    (['N', 4], ('float32', 'float64'))
"""

from __future__ import annotations

from paddle import _C
from paddle import _checks as check

__all__ = ["DimVar", "DTypeVar", "Tensor"]


class DimVar:
    """A dimension: a name (any size, the same size wherever the name appears
    in one call) or an int (that size).

    Args:
        name_or_value (str|int): the name, or the size.
        min (int, optional): the least size of a named dimension.
        max (int, optional): the largest size of a named dimension.
    """

    def __init__(self, name_or_value: str | int, min: int | None = None, max: int | None = None):  # noqa: A002
        op = "cc.typing.DimVar"
        if check._is_int(name_or_value):
            if name_or_value < 0:
                raise ValueError(f"[{op}] argument 'name_or_value': a size must be >= 0, but got {name_or_value}")
        elif not isinstance(name_or_value, str) or not name_or_value:
            raise TypeError(f"[{op}] argument 'name_or_value': expected a non-empty str or an int, but got "
                            f"{check.got(name_or_value)}")
        for arg, bound in (("min", min), ("max", max)):
            if bound is not None:
                check.integer(op, bound, arg, min=0)
        if min is not None and max is not None and min > max:
            raise ValueError(f"[{op}] min ({min}) must be <= max ({max})")
        self.name_or_value = name_or_value
        self.min = min
        self.max = max

    def __repr__(self) -> str:
        return f"DimVar({self.name_or_value!r}, min={self.min}, max={self.max})"


Dim = DimVar


class DTypeVar:
    """A dtype chosen among candidates: cc.compile makes a program for each
    candidate (each combination, with several DTypeVars). Parameters whose
    DTypeVars have the same name share one choice.

    Args:
        name (str): the name.
        *candidates (str): the dtypes, e.g. "float32", "bfloat16"; at least
            one, each once.
    """

    def __init__(self, name: str, *candidates: str):
        op = "cc.typing.DTypeVar"
        check.string(op, name, "name")
        if not candidates:
            raise ValueError(f"[{op}] '{name}' needs at least one candidate dtype")
        for candidate in candidates:
            if not isinstance(candidate, str) or candidate.upper() not in _C.DataType.__members__:
                raise ValueError(f"[{op}] argument 'candidates': expected dtype names such as 'float32', but got "
                                 f"{candidate!r}")
        if len(set(candidates)) != len(candidates):
            raise ValueError(f"[{op}] argument 'candidates': expected distinct dtypes, but got {candidates}")
        self.name = name
        self.candidates = candidates

    def __repr__(self) -> str:
        return f"DTypeVar({self.name!r}, {', '.join(map(repr, self.candidates))})"


DType = DTypeVar


class Tensor:
    """The annotation of a tensor parameter.

    Args:
        shape (list[DimVar|int]): its dims.
        dtype (DTypeVar): its dtype.
    """

    def __init__(self, shape, dtype: DTypeVar):
        op = "cc.typing.Tensor"
        if not isinstance(shape, (list, tuple)) or not all(isinstance(d, DimVar) or check._is_int(d) for d in shape):
            raise TypeError(f"[{op}] argument 'shape': expected a list of DimVars and ints, but got {shape!r}")
        if not isinstance(dtype, DTypeVar):
            raise TypeError(f"[{op}] argument 'dtype': expected a DTypeVar, but got {check.got(dtype)}")
        self.shape = list(shape)
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"Tensor({self.shape!r}, {self.dtype!r})"
