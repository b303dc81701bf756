"""paddle.autograd.PyLayer: an op whose forward and backward are Python code."""

from __future__ import annotations

from paddle import _C
from paddle._C import Tensor


class _Packed:
    """A tensor saved under saved_tensors_hooks: what pack_hook returned, and the unpack_hook to undo it."""

    def __init__(self, value, unpack_hook):
        self.value = value
        self.unpack_hook = unpack_hook

    def unpack(self):
        t = self.unpack_hook(self.value)
        if not isinstance(t, Tensor):
            raise TypeError(f"[saved_tensors_hooks] unpack_hook must return a Tensor, but got {type(t).__name__}")
        return t


class PyLayerContext:
    """What forward hands to backward: saved tensors and any attributes set on it."""

    def __init__(self):
        self._saved = ()
        self._non_differentiable = ()
        self._forward_outputs = None  # set when the layer is recorded
        self._outputs_with_history = None  # set by the engine while backward runs

    def save_for_backward(self, *tensors):
        """Keeps tensors for backward (read them with saved_tensor()); under
        paddle.autograd.saved_tensors_hooks, what its pack_hook makes of them."""
        hooks = _C._saved_tensors_hooks()
        if hooks is None:
            self._saved = tensors
            return
        pack, unpack = hooks
        self._saved = tuple(_Packed(pack(t), unpack) if isinstance(t, Tensor) else t for t in tensors)

    def saved_tensor(self):
        """The tensors given to save_for_backward, as a tuple. Saved outputs
        come back connected to the layer, so backward can be differentiated
        (not those kept by saved_tensors_hooks)."""
        if any(isinstance(t, _Packed) for t in self._saved):
            return tuple(t.unpack() if isinstance(t, _Packed) else t for t in self._saved)
        if not self._outputs_with_history:
            return self._saved
        swapped = []
        for t in self._saved:
            match = [i for i, o in enumerate(self._forward_outputs) if o is t]
            swapped.append(self._outputs_with_history[match[0]] if match else t)
        return tuple(swapped)

    def mark_non_differentiable(self, *tensors):
        """Marks outputs that carry no gradient (they get stop_gradient=True)."""
        self._non_differentiable = tensors

    def mark_not_inplace(self, *tensors):
        """Marks inputs that forward returns unchanged as not modified in place. Accepted for Paddle's API:
        an output here is never taken for an in-place update of an input."""
        self._not_inplace = tensors

    def set_materialize_grads(self, value: bool):
        """Whether backward receives zeros (True, the default) or None for outputs no gradient reached."""
        self._materialize_grads = bool(value)

    def set_grad_in_dtype_consistent(self, value: bool):
        """Whether the gradients backward returns are cast to their inputs' dtypes (True, the default)."""
        self._grad_in_dtype_consistent = bool(value)


class PyLayer:
    """Subclass with static ``forward(ctx, *args)`` and ``backward(ctx, *grads)``,
    then call ``MyLayer.apply(*args)``.

    backward receives one gradient per tensor output and returns one per
    tensor input (None for inputs that need none). When a backward is itself
    built from differentiable ops, higher-order gradients flow through it.

    Examples:
        >>> import paddle
        >>> from paddle.autograd import PyLayer
        >>> class Cube(PyLayer):
        ...     @staticmethod
        ...     def forward(ctx, x):
        ...         ctx.save_for_backward(x)
        ...         return x ** 3
        ...     @staticmethod
        ...     def backward(ctx, dy):
        ...         (x,) = ctx.saved_tensor()
        ...         return dy * 3 * x * x
        >>> x = paddle.to_tensor(2.0, stop_gradient=False)
        >>> Cube.apply(x).backward()
        >>> x.grad.item()
        12.0
    """

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("[PyLayer] subclasses must define forward(ctx, *args)")

    @staticmethod
    def backward(ctx, *grads):
        raise NotImplementedError("[PyLayer] subclasses must define backward(ctx, *grads)")

    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = PyLayerContext()
        previous = _C.is_grad_enabled()
        _C.set_grad_enabled(False)
        try:
            outputs = cls.forward(ctx, *args, **kwargs)
        finally:
            _C.set_grad_enabled(previous)
        inputs = [a for a in (*args, *kwargs.values()) if isinstance(a, Tensor)]
        if not previous or all(t.stop_gradient for t in inputs):
            return outputs
        single = isinstance(outputs, Tensor)
        items = [outputs] if single else list(outputs)
        positions = [i for i, o in enumerate(items) if isinstance(o, Tensor)]
        if not positions:
            raise TypeError(f"[{cls.__name__}] forward must return at least one Tensor")
        tensors = [items[i] for i in positions]
        differentiable = [not any(t is m for m in ctx._non_differentiable) for t in tensors]
        recorded = _C._pylayer_record(ctx, cls.backward, cls.__name__, inputs, tensors, differentiable)
        ctx._forward_outputs = tensors
        for i, t in zip(positions, recorded):
            items[i] = t
        return items[0] if single else type(outputs)(items) if isinstance(outputs, tuple) else items
