"""paddle.incubate.autograd: vector-Jacobian and Jacobian-vector products (vjp, jvp), lazily evaluated
Jacobian and Hessian matrices of a function, reverse- and forward-mode derivatives of computed tensors
(grad, forward_grad), and the switch of primitive-op mode (enable_prim, disable_prim, prim_enabled)."""

from paddle.autograd.autograd import jvp, vjp  # noqa: F401
from paddle.incubate.autograd.functional import Hessian, Jacobian  # noqa: F401
from paddle.incubate.autograd.prim import disable_prim, enable_prim, prim_enabled  # noqa: F401
from paddle.incubate.autograd.primapi import forward_grad, grad  # noqa: F401

__all__ = ["vjp", "jvp", "Jacobian", "Hessian", "enable_prim", "disable_prim", "forward_grad", "grad"]
