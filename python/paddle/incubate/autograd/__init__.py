"""paddle.incubate.autograd: vector-Jacobian and Jacobian-vector products."""

from paddle.autograd.autograd import jvp, vjp  # noqa: F401
