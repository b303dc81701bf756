"""paddle.incubate.cc: functions compiled from their type annotations.

``compile(func)`` reads ``func``'s parameters' annotations (``typing.Tensor``
with ``DimVar`` dims and a ``DTypeVar`` dtype) and makes one static program
per choice of dtypes, picked at each call by the inputs' dtypes. ``fuse``
holds the fusion hints.

Paddle compiles these programs with its abstract-pass fusion engine (``ap``,
on top of CINN) and GPU kernels it generates; this package has neither, so
the programs run on its executor (paddle.jit.to_static's): the results are
the same, the fusion hints change nothing, and ``ap`` (custom ops written in
that engine's language) is absent.
"""

from paddle.incubate.cc import fuse, typing
from paddle.incubate.cc.compiler import compile  # noqa: A004  (Paddle's name)

__all__ = ["fuse", "compile"]
