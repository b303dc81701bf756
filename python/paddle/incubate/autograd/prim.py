"""The switch of primitive-op mode: composite ops run as their decompositions into primitive ops.

It sets the C++ flag ``paddle._C._set_decomposition_forced`` (Note [Decompositions] in
tools/codegen/gen_eager.py): while it is on, every op that has a decomposition runs it instead of its
fused kernel, and its gradient is that of the parts.
"""

from __future__ import annotations

from paddle import _C


def enable_prim() -> None:
    """Turns primitive-op mode on: ops with a decomposition run as their primitive parts.

    Examples:
        >>> import paddle
        >>> from paddle.incubate.autograd import disable_prim, enable_prim, prim_enabled
        >>> enable_prim()
        >>> prim_enabled()
        True
        >>> disable_prim()
        >>> prim_enabled()
        False
    """
    _C._set_decomposition_forced(True)


def disable_prim() -> None:
    """Turns primitive-op mode off (the default): ops run their own kernels."""
    _C._set_decomposition_forced(False)


def prim_enabled() -> bool:
    """Whether primitive-op mode is on."""
    return bool(_C._is_decomposition_forced())
