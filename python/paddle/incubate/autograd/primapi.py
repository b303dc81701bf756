"""Reverse- and forward-mode derivatives of tensors already computed: grad and forward_grad.

Both work in dynamic mode (on the recorded graph, with ``paddle.grad``) and in static mode (built into
the current program, with ``paddle.static.gradients``). forward_grad gets the Jacobian-vector product
from two reverse passes: the vector-Jacobian product u -> u^T J is linear in u, so differentiating it
with respect to u along v gives J v (the "double backward trick").
"""

from __future__ import annotations

import paddle
from paddle import _checks as check


def _as_list(op: str, value, arg: str) -> tuple[list, bool]:
    """`value` (a Tensor or a sequence of them) as a list, and whether it was a single Tensor."""
    if isinstance(value, check.TENSOR_TYPES):
        return [value], True
    if isinstance(value, (list, tuple)) and all(isinstance(v, check.TENSOR_TYPES) for v in value):
        return list(value), False
    raise TypeError(f"[{op}] argument '{arg}': expected a Tensor or a sequence of Tensors, but got "
                    f"{check.got(value)}")


def _cotangents(op: str, value, refs: list, arg: str) -> list:
    """The seeds of a pass: ones like `refs` where `value` is None (or has a None)."""
    if value is None:
        return [paddle.ones_like(r) for r in refs]
    items = [value] if isinstance(value, check.TENSOR_TYPES) else list(value)
    if len(items) != len(refs):
        raise ValueError(f"[{op}] argument '{arg}': expected {len(refs)} Tensors (one per "
                         f"{'output' if arg == 'grad_outputs' else 'input'}), but got {len(items)}")
    for i, (v, r) in enumerate(zip(items, refs)):
        if v is not None and list(v.shape) != list(r.shape):
            raise ValueError(f"[{op}] argument '{arg}': element {i}: expected shape {list(r.shape)}, but got "
                             f"{list(v.shape)}")
    return [paddle.ones_like(r) if v is None else v for v, r in zip(items, refs)]


def _vjp(ys: list, xs: list, seeds: list) -> list:
    """sum_i seeds_i^T d ys_i / d xs, differentiable again; None for an x the ys do not depend on."""
    if not paddle.in_dynamic_mode():
        return list(paddle.static.gradients(ys, xs, seeds))
    # An output computed without gradients (a constant) contributes nothing, and paddle.grad rejects it.
    pairs = [(y, seed) for y, seed in zip(ys, seeds) if not y.stop_gradient]
    if not pairs:
        return [None] * len(xs)
    return list(paddle.grad([y for y, _ in pairs], xs, [seed for _, seed in pairs], create_graph=True,
                            allow_unused=True))


def _zeros_for_none(grads: list, refs: list) -> list:
    return [paddle.zeros_like(r) if g is None else g for g, r in zip(grads, refs)]


def grad(outputs, inputs, grad_outputs=None):
    """The gradients of `outputs` with respect to `inputs` (reverse mode): for each input,
    ``sum_i grad_outputs_i^T d outputs_i / d input``. The results can be differentiated again; an input the
    outputs do not depend on gets zeros.

    Args:
        outputs (Tensor|Sequence[Tensor]): the differentiated tensors.
        inputs (Tensor|Sequence[Tensor]): the tensors to differentiate with respect to.
        grad_outputs (Tensor|Sequence[Tensor], optional): the gradients flowing into `outputs`, shaped like
            them; ones when None.

    Returns:
        Tensor|list[Tensor]: one gradient per input (a Tensor when `inputs` is one).

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> paddle.incubate.autograd.grad(x * x, x).tolist()
        [2.0, 4.0]
    """
    ys, _ = _as_list("grad", outputs, "outputs")
    xs, single = _as_list("grad", inputs, "inputs")
    grads = _zeros_for_none(_vjp(ys, xs, _cotangents("grad", grad_outputs, ys, "grad_outputs")), xs)
    return grads[0] if single else grads


def forward_grad(outputs, inputs, grad_inputs=None):
    """The directional derivatives of `outputs` along `grad_inputs` (forward mode): for each output,
    ``sum_j d output / d inputs_j  grad_inputs_j``, the Jacobian-vector product.

    Args:
        outputs (Tensor|Sequence[Tensor]): the differentiated tensors.
        inputs (Tensor|Sequence[Tensor]): the tensors they were computed from.
        grad_inputs (Tensor|Sequence[Tensor], optional): the tangents of `inputs`, shaped like them; ones when
            None.

    Returns:
        Tensor|list[Tensor]: one derivative per output (a Tensor when `outputs` is one).

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> y = paddle.stack([x[0] * x[1], x[0] + x[1]])
        >>> paddle.incubate.autograd.forward_grad(y, x, paddle.to_tensor([1.0, 0.0])).tolist()
        [2.0, 1.0]
    """
    ys, single = _as_list("forward_grad", outputs, "outputs")
    xs, _ = _as_list("forward_grad", inputs, "inputs")
    tangents = _cotangents("forward_grad", grad_inputs, xs, "grad_inputs")
    # Any value works for the cotangents u: the vector-Jacobian product is linear in them.
    cotangents = [paddle.zeros_like(y) for y in ys]
    for u in cotangents:
        u.stop_gradient = False
    pairs = [(g, t) for g, t in zip(_vjp(ys, xs, cotangents), tangents) if g is not None]
    if not pairs:  # no output depends on an input
        results = [paddle.zeros_like(y) for y in ys]
    else:
        results = _zeros_for_none(_vjp([g for g, _ in pairs], cotangents, [t for _, t in pairs]), ys)
    return results[0] if single else results
