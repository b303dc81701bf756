"""Recomputation: trade compute for memory by keeping a block's inputs
instead of its activations and running the block again in backward."""

from __future__ import annotations

import paddle
from paddle import _C
from paddle.autograd import PyLayer


class _Recompute(PyLayer):
    @staticmethod
    def forward(ctx, function, preserve_rng_state, *args):
        ctx.function = function
        ctx.args = args
        ctx.rng_state = paddle.get_rng_state() if preserve_rng_state else None
        ctx.amp_state = _C._get_amp_state()
        return function(*args)

    @staticmethod
    def backward(ctx, *grads):
        # The block runs again as it ran in forward: same random numbers, same autocast.
        inputs = [a.detach() if isinstance(a, paddle.Tensor) else a for a in ctx.args]
        for copy, original in zip(inputs, ctx.args):
            if isinstance(original, paddle.Tensor):
                copy.stop_gradient = original.stop_gradient
        rng_now, amp_now = paddle.get_rng_state(), _C._get_amp_state()
        try:
            if ctx.rng_state is not None:
                paddle.set_rng_state(ctx.rng_state)
            _C._set_amp_state(*ctx.amp_state)
            with paddle.enable_grad():
                outputs = ctx.function(*inputs)
        finally:
            paddle.set_rng_state(rng_now)
            _C._set_amp_state(*amp_now)
        outputs = [outputs] if isinstance(outputs, paddle.Tensor) else list(outputs)
        pairs = [(o, g) for o, g in zip((o for o in outputs if isinstance(o, paddle.Tensor)), grads)
                 if g is not None and not o.stop_gradient]
        if pairs:
            paddle.autograd.backward([o for o, _ in pairs], [g for _, g in pairs])
        return tuple(None if a.stop_gradient else a.grad for a in inputs if isinstance(a, paddle.Tensor))


def recompute(function, *args, **kwargs):
    """Runs ``function(*args)`` without keeping its intermediate activations;
    backward runs it again (with the same random state and autocast) to get
    them. Gradients reach `function`'s parameters and the tensor arguments.

    Args:
        function (callable): the block, e.g. a Layer.
        *args: its arguments.
        preserve_rng_state (bool, optional): replay the random numbers of the
            forward run (dropout masks) in backward. Default True.
        use_reentrant (bool, optional): accepted for PaddlePaddle compatibility.

    Examples:
        >>> import paddle
        >>> from paddle.distributed.fleet.utils import recompute
        >>> block = paddle.nn.Sequential(paddle.nn.Linear(4, 4), paddle.nn.ReLU())
        >>> x = paddle.randn([2, 4])
        >>> x.stop_gradient = False
        >>> recompute(block, x).sum().backward()
        >>> block[0].weight.grad.shape
        paddle.Size([4, 4])
    """
    preserve = kwargs.pop("preserve_rng_state", True)
    kwargs.pop("use_reentrant", None)
    if kwargs:
        raise TypeError(f"[recompute] unexpected keyword arguments {sorted(kwargs)}")
    if not callable(function):
        raise TypeError(f"[recompute] argument 'function': expected a callable, but got {type(function).__name__}")
    if not paddle.is_grad_enabled() or all(a.stop_gradient for a in args if isinstance(a, paddle.Tensor)):
        # No input needs a gradient, so none would flow back into the block through them: run it as it is.
        return function(*args)
    return _Recompute.apply(function, preserve, *args)
