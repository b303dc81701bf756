"""paddle.autograd: backward passes and grad-mode switches.

Gradients are computed by the C++ engine (paddle/autograd); every op's
gradient formula comes from the op YAML and is itself differentiable, so
``create_graph=True`` gives gradients of any order."""

from __future__ import annotations

import functools
from typing import Sequence

from paddle import _C
from paddle._C import Tensor
from paddle.autograd.py_layer import PyLayer, PyLayerContext
from paddle.autograd.autograd import Jacobian, hessian, jacobian
from paddle.autograd.saved_tensors_hooks import saved_tensors_hooks

# Paddle's other name for PyLayer (PyTorch's spelling): the same class.
Function = PyLayer


def backward(tensors, grad_tensors=None, retain_graph: bool = False, *, dump_backward_graph_path=None) -> None:
    """Accumulates the gradients of `tensors` into the .grad of every leaf they depend on.

    Args:
        tensors (Tensor|list[Tensor]): the tensors to differentiate.
        grad_tensors (Tensor|list[Tensor|None], optional): their gradients; None means ones.
        retain_graph (bool, optional): keep the graph for another backward. Default False.
        dump_backward_graph_path (str, optional): a directory to write the backward graph
            into first, as Graphviz DOT (a debugging aid). Default None.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> paddle.autograd.backward([(x * x).sum()])
        >>> x.grad.tolist()
        [2.0, 4.0]
    """
    _C.backward(tensors, grad_tensors, retain_graph, dump_backward_graph_path=dump_backward_graph_path)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph: bool = False,
         only_inputs: bool = True, allow_unused: bool = False, no_grad_vars=None, *,
         dump_backward_graph_path=None):
    """The gradients of `outputs` with respect to `inputs`, without touching any .grad.

    Args:
        outputs (Tensor|list[Tensor]): the differentiated tensors.
        inputs (Tensor|list[Tensor]): the tensors to differentiate with respect to.
        grad_outputs (Tensor|list[Tensor|None], optional): gradients of `outputs`;
            None is allowed only for one-element outputs (then 1).
        retain_graph (bool, optional): keep the graph; defaults to `create_graph`.
        create_graph (bool, optional): record the gradient computation so the
            results can be differentiated again. Default False.
        only_inputs (bool, optional): kept for compatibility; must be True.
        allow_unused (bool, optional): return None for inputs the outputs do not
            depend on instead of raising. Default False.
        no_grad_vars (Tensor|list[Tensor], optional): tensors gradients do not flow through.
        dump_backward_graph_path (str, optional): a directory to write the backward graph
            into first, as Graphviz DOT (a debugging aid). Default None.

    Returns:
        list[Tensor|None]: one gradient per input.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor(3.0, stop_gradient=False)
        >>> (dy,) = paddle.grad(x ** 3, x, create_graph=True)
        >>> (d2y,) = paddle.grad(dy, x)
        >>> dy.item(), d2y.item()
        (27.0, 18.0)
    """
    if not only_inputs:
        raise NotImplementedError("[grad] only_inputs=False is not supported (nor by Paddle)")
    single = isinstance(inputs, Tensor)
    if retain_graph is None:
        retain_graph = create_graph
    if dump_backward_graph_path is not None:
        _C._dump_backward_graph(outputs, dump_backward_graph_path)
    result = _C.grad(outputs, inputs, grad_outputs, bool(retain_graph), bool(create_graph),
                     bool(allow_unused), no_grad_vars)
    return [result[0]] if single else result


def is_grad_enabled() -> bool:
    """Whether ops currently record gradients.

    Examples:
        >>> import paddle
        >>> paddle.is_grad_enabled()
        True
    """
    return _C.is_grad_enabled()


class set_grad_enabled:  # noqa: N801  (Paddle's public name)
    """Turns gradient recording on or off; works as a call or a context manager.

    Examples:
        >>> import paddle
        >>> with paddle.set_grad_enabled(False):
        ...     paddle.is_grad_enabled()
        False
    """

    def __init__(self, mode: bool):
        self._previous = _C.is_grad_enabled()
        _C.set_grad_enabled(bool(mode))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        _C.set_grad_enabled(self._previous)
        return False


class _GradModeContext:
    """A grad-mode switch usable as a context manager and as a decorator."""

    _mode: bool

    def __enter__(self):
        self._previous = _C.is_grad_enabled()
        _C.set_grad_enabled(self._mode)
        return self

    def __exit__(self, *exc):
        _C.set_grad_enabled(self._previous)
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with type(self)():
                return fn(*args, **kwargs)

        return wrapper


class no_grad(_GradModeContext):  # noqa: N801
    """Ops run inside do not record gradients (context manager or decorator).

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0], stop_gradient=False)
        >>> with paddle.no_grad():
        ...     y = x * 2
        >>> y.stop_gradient
        True
    """

    _mode = False


class enable_grad(_GradModeContext):  # noqa: N801
    """Ops run inside record gradients even within no_grad (context manager or decorator)."""

    _mode = True


__all__: Sequence[str] = ["backward", "grad", "no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled",
                          "PyLayer", "PyLayerContext", "Function", "jacobian", "hessian", "Jacobian",
                          "saved_tensors_hooks"]
