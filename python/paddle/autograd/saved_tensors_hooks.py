"""paddle.autograd.saved_tensors_hooks: the user decides how the tensors kept
for backward are stored (Note [Saved-tensor hooks] in
paddle/autograd/saved_tensor_hooks.h)."""

from __future__ import annotations

from paddle import _C


class saved_tensors_hooks:  # noqa: N801  (Paddle's public name)
    """Within this context, every tensor an op saves for its gradient (and every
    tensor given to ``PyLayerContext.save_for_backward``) is passed to
    ``pack_hook``, and only what it returns is kept; when backward needs the
    tensor, ``unpack_hook`` gets that value and must return a tensor with the
    original's shape, dtype and values. One pair of hooks at a time.

    Tensors an op saves only for their shape are not packed. Gradients of
    gradients do not flow through the tensors the hooks kept.

    Args:
        pack_hook (callable): Tensor -> any object to keep instead.
        unpack_hook (callable): that object -> the Tensor back.

    Examples:
        >>> import paddle
        >>> def pack_hook(x):
        ...     return x.numpy()
        >>> def unpack_hook(x):
        ...     return paddle.to_tensor(x)
        >>> a = paddle.ones([3, 3])
        >>> b = paddle.ones([3, 3]) * 2
        >>> a.stop_gradient = False
        >>> b.stop_gradient = False
        >>> with paddle.autograd.saved_tensors_hooks(pack_hook, unpack_hook):
        ...     y = paddle.multiply(a, b)
        >>> y.sum().backward()
        >>> a.grad.tolist()[0]
        [2.0, 2.0, 2.0]
    """

    def __init__(self, pack_hook, unpack_hook):
        for name, hook in (("pack_hook", pack_hook), ("unpack_hook", unpack_hook)):
            if not callable(hook):
                raise TypeError(f"[saved_tensors_hooks] argument '{name}': expected a callable, "
                                f"but got {type(hook).__name__}")
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        _C._set_saved_tensors_hooks(self.pack_hook, self.unpack_hook)
        return self

    def __exit__(self, *exc):
        _C._reset_saved_tensors_hooks()
        return False
