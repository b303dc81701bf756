"""Jacobians and Hessians (paddle.autograd.jacobian / hessian) and the
vector products of paddle.incubate.autograd (vjp, jvp), all built on
paddle.grad with create_graph, so any of them can be differentiated again."""

from __future__ import annotations

from typing import Sequence

import paddle
from paddle._C import Tensor
from paddle import _checks as check


def _stack(rows: list[Tensor], axis: int) -> Tensor:
    return paddle.concat([paddle.unsqueeze(r, axis) for r in rows], axis=axis)


class Jacobian:
    """The lazily evaluated Jacobian of ys with respect to xs.

    Without a batch axis, ys and xs are 0-D or 1-D and J has shape
    ys.shape + xs.shape; with batch_axis=0 they are [B, M] and [B, N] (or
    [B]) and J is [B, M, N]. Indexing evaluates only the rows it needs (one
    paddle.grad call per output element) and caches them.
    """

    def __init__(self, ys: Tensor, xs: Tensor, batch_axis: int | None = None):
        if batch_axis not in (None, 0):
            raise ValueError(f"[jacobian] batch_axis must be None or 0, but got {batch_axis}")
        limit = 1 if batch_axis is None else 2
        for name, t in (("ys", ys), ("xs", xs)):
            check.tensor("jacobian", t, name)
            if t.ndim > limit or (batch_axis == 0 and t.ndim == 0):
                raise ValueError(f"[jacobian] argument '{name}': expected a {'0-D or 1-D' if limit == 1 else '1-D or 2-D'}"
                                 f" tensor for batch_axis={batch_axis}, but got shape {list(t.shape)}")
        self._ys, self._xs, self._batched = ys, xs, batch_axis == 0
        self._rows: dict[int, Tensor] = {}
        ys_inner = ys.shape[1:] if self._batched else ys.shape
        xs_inner = xs.shape[1:] if self._batched else xs.shape
        self._m = ys_inner[0] if ys_inner else 1
        self.shape = ([ys.shape[0]] if self._batched else []) + list(ys_inner) + list(xs_inner)
        self._ys_vector = not ys_inner

    def _row(self, i: int) -> Tensor:
        if i not in self._rows:
            ys = self._ys
            if self._batched:
                target = ys.sum() if self._ys_vector else ys[:, i].sum()
            else:
                target = ys if self._ys_vector else ys[i]
            (g,) = paddle.grad(target, self._xs, create_graph=True, retain_graph=True, allow_unused=True)
            self._rows[i] = paddle.zeros_like(self._xs) if g is None else g
        return self._rows[i]

    def _full(self) -> Tensor:
        rows = [self._row(i) for i in range(self._m)]
        if self._ys_vector:
            return rows[0]
        return _stack(rows, 1 if self._batched else 0)

    def __getitem__(self, index):
        items = index if isinstance(index, tuple) else (index,)
        row_pos = 1 if self._batched else 0
        if self._ys_vector or len(items) <= row_pos or not isinstance(items[row_pos], (int, slice)):
            return self._full()[index]
        selector = items[row_pos]
        selected = range(self._m)[selector]
        rest = list(items)
        if isinstance(selector, int):
            row = self._row(selected)
            del rest[row_pos]
            return row[tuple(rest)] if rest else row
        rows = _stack([self._row(i) for i in selected], row_pos) if len(selected) else self._full()[index]
        rest[row_pos] = slice(None)
        return rows[tuple(rest)]

    def __repr__(self) -> str:
        return f"Jacobian(shape={list(self.shape)})"


def _nested(ys, xs, make):
    ys_seq, xs_seq = isinstance(ys, (list, tuple)), isinstance(xs, (list, tuple))
    if ys_seq and xs_seq:
        return tuple(tuple(make(y, x) for x in xs) for y in ys)
    if ys_seq:
        return tuple(make(y, xs) for y in ys)
    if xs_seq:
        return tuple(make(ys, x) for x in xs)
    return make(ys, xs)


def jacobian(ys, xs, batch_axis: int | None = None):
    """The Jacobian of ys with respect to xs, evaluated lazily when indexed.

    Args:
        ys (Tensor|Sequence[Tensor]): outputs, 0-D/1-D (or [B]/[B, M] with batch_axis=0).
        xs (Tensor|Sequence[Tensor]): inputs, 0-D/1-D (or [B]/[B, N] with batch_axis=0).
        batch_axis (int, optional): None, or 0 when the first dim is a batch.

    Returns:
        Jacobian, or nested tuples of them mirroring ys and xs.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> J = paddle.autograd.jacobian(x * x, x)
        >>> J[:].tolist()
        [[2.0, 0.0], [0.0, 4.0]]
    """
    return _nested(ys, xs, lambda y, x: Jacobian(y, x, batch_axis))


def hessian(ys, xs, batch_axis: int | None = None):
    """The Hessian of a scalar ys (or of each batch element, batch_axis=0).

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> H = paddle.autograd.hessian((x * x * x).sum(), x)
        >>> H[:].tolist()
        [[6.0, 0.0], [0.0, 12.0]]
    """
    if isinstance(ys, (list, tuple)):
        raise TypeError("[hessian] argument 'ys': expected a single Tensor")
    if ys.ndim != (0 if batch_axis is None else 1):
        raise ValueError(f"[hessian] argument 'ys': expected a {'0-D' if batch_axis is None else '[B]'} "
                         f"tensor, but got shape {list(ys.shape)}")
    target = ys if batch_axis is None else ys.sum()

    def make(x):
        (g,) = paddle.grad(target, x, create_graph=True, retain_graph=True, allow_unused=True)
        return Jacobian(paddle.zeros_like(x) if g is None else g, x, batch_axis)

    if isinstance(xs, (list, tuple)):
        grads = paddle.grad(target, list(xs), create_graph=True, retain_graph=True, allow_unused=True)
        grads = [paddle.zeros_like(x) if g is None else g for g, x in zip(grads, xs)]
        return tuple(tuple(Jacobian(g, x, batch_axis) for x in xs) for g in grads)
    return make(xs)


def _as_list(xs) -> tuple[list[Tensor], bool]:
    """xs as a list, and whether it was a single Tensor."""
    if isinstance(xs, Tensor):
        return [xs], True
    return list(xs), False


def _fresh_leaves(xs) -> tuple[list[Tensor], bool]:
    """Detached copies of xs that require grad, so func(xs) has its own graph."""
    inputs, single = _as_list(xs)
    inputs = [x.detach() for x in inputs]
    for x in inputs:
        x.stop_gradient = False
    return inputs, single


def vjp(func, xs, v=None):
    """(func(xs), v^T J): the vector-Jacobian product by one backward pass.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0])
        >>> out, g = paddle.incubate.autograd.vjp(lambda t: t * t, x)
        >>> g.tolist()
        [2.0, 4.0]
    """
    inputs, single = _fresh_leaves(xs)
    ys = func(*inputs)
    ys_list, ys_single = _as_list(ys)
    vs = [paddle.ones_like(y) for y in ys_list] if v is None else _as_list(v)[0]
    grads = paddle.grad(ys_list, inputs, grad_outputs=vs, create_graph=True, allow_unused=True)
    grads = [paddle.zeros_like(x) if g is None else g for g, x in zip(grads, inputs)]
    return ys, grads[0] if single else grads


def jvp(func, xs, v=None):
    """(func(xs), J v): the Jacobian-vector product, by differentiating a
    vector-Jacobian product (linear in its cotangent) once more.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0])
        >>> out, jv = paddle.incubate.autograd.jvp(lambda t: t * t, x, paddle.to_tensor([1.0, 0.0]))
        >>> jv.tolist()
        [2.0, 0.0]
    """
    inputs, single = _fresh_leaves(xs)
    ys = func(*inputs)
    ys_list, ys_single = _as_list(ys)
    cotangents = [paddle.zeros_like(y) for y in ys_list]
    for u in cotangents:
        u.stop_gradient = False
    grads = paddle.grad(ys_list, inputs, grad_outputs=cotangents, create_graph=True, allow_unused=True)
    vs = [paddle.ones_like(x) for x in inputs] if v is None else _as_list(v)[0]
    pairs = [(g, w) for g, w in zip(grads, vs) if g is not None]
    if not pairs:
        results = [paddle.zeros_like(y) for y in ys_list]
    else:
        results = paddle.grad([g for g, _ in pairs], cotangents, grad_outputs=[w for _, w in pairs],
                              allow_unused=True)
        results = [paddle.zeros_like(y) if r is None else r for r, y in zip(results, ys_list)]
    return ys, results[0] if ys_single else results


__all__: Sequence[str] = ["Jacobian", "jacobian", "hessian", "vjp", "jvp"]
