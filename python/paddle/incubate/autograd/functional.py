"""Jacobian and Hessian matrices of a function, evaluated lazily one row at a time.

Unlike ``paddle.autograd.jacobian`` (which takes tensors already computed), these take a function and
its inputs, and flatten everything into one matrix: the inputs concatenated into a vector of M elements,
the outputs into one of N, so ``J`` is N x M (B x N x M with a batch axis first). Reverse mode yields a
row per backward pass, so a row is computed when first indexed and cached.
"""

from __future__ import annotations

import paddle
from paddle import _checks as check
from paddle.incubate.autograd.primapi import _as_list, _vjp, _zeros_for_none


def _separate(x):
    """An input of its own graph: a copy still connected to `x` when `x` is differentiated (so a Hessian's
    inner Jacobian stays connected to the outer one), else a leaf that records gradients. A program's
    value is used as it is: static gradients follow only the paths from the outputs."""
    if not paddle.in_dynamic_mode():
        return x
    if not x.stop_gradient:
        return paddle.assign(x)
    leaf = x.detach()
    leaf.stop_gradient = False
    return leaf


class Jacobian:
    """The Jacobian matrix of `func` at `xs`, with every input and output flattened and concatenated.

    Without a batch axis, J has shape (N, M), where N counts the outputs' elements and M the inputs';
    with ``is_batched`` the first axis of every input and output is a batch of B and J is (B, N, M).
    Index J like a tensor (ints and slices, no Ellipsis): ``J[:]`` is the whole matrix, ``J[i]`` the
    derivatives of output element i, ``J[:, j]`` those with respect to input element j. Rows are computed
    when first needed (one backward pass each) and cached; the results can be differentiated again.

    Args:
        func (callable): takes the inputs (one per Tensor of `xs`) and returns a Tensor or a sequence of
            Tensors.
        xs (Tensor|Sequence[Tensor]): the inputs.
        is_batched (bool, optional): the first axis of the inputs and outputs is a batch. Default False.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> J = paddle.incubate.autograd.Jacobian(lambda a, b: paddle.matmul(a, b), [x, x])
        >>> J.shape
        (4, 8)
        >>> J[0].tolist()  # d (x @ x)[0, 0] / d (a, b): row 0 of b, then column 0 of a
        [1.0, 3.0, 0.0, 0.0, 1.0, 0.0, 2.0, 0.0]
    """

    def __init__(self, func, xs, is_batched: bool = False):
        if not callable(func):
            raise TypeError(f"[Jacobian] argument 'func': expected a callable, but got {check.got(func)}")
        inputs, single = _as_list("Jacobian", xs, "xs")
        self._batched = check.flag("Jacobian", is_batched, "is_batched")
        if self._batched:
            _check_batch("Jacobian", inputs, "xs")
        self._xs = [_separate(x) for x in inputs]
        ys = func(self._xs[0]) if single else func(*self._xs)
        outputs, _ = _as_list("Jacobian", ys, "func's result")
        if self._batched:
            _check_batch("Jacobian", outputs, "func's result")
        self._ys = self._flatten(outputs)
        width = self._flatten(self._xs).shape[-1]
        self.shape = tuple(self._ys.shape) + (width,)
        self._rows: dict[int, paddle.Tensor] = {}

    @property
    def _row_axis(self) -> int:
        return 1 if self._batched else 0

    def _flatten(self, tensors: list):
        if self._batched:
            return paddle.concat([t.reshape([t.shape[0], -1]) for t in tensors], axis=1)
        return paddle.concat([t.reshape([-1]) for t in tensors])

    def _row(self, i: int):
        """The derivatives of output element i: shape (M,), or (B, M) with a batch."""
        if i not in self._rows:
            output = self._ys[:, i] if self._batched else self._ys[i]
            grads = _zeros_for_none(_vjp([output], self._xs, [paddle.ones_like(output)]), self._xs)
            self._rows[i] = self._flatten(grads)
        return self._rows[i]

    def __getitem__(self, index):
        index = _normalize_index(index, self.shape)
        axis = self._row_axis
        rest = index[:axis] + index[axis + 1:]
        if isinstance(index[axis], int):
            return self._row(index[axis])[rest]
        rows = range(self.shape[axis])[index[axis]]
        if len(rows) == 0:
            empty = list(self.shape)
            empty[axis] = 0
            return paddle.zeros(empty, dtype=self._ys.dtype)[rest[:axis] + (slice(None),) + rest[axis:]]
        stacked = paddle.stack([self._row(i) for i in rows], axis=axis)
        return stacked[rest[:axis] + (slice(None),) + rest[axis:]]

    def __repr__(self) -> str:
        return f"Jacobian(shape={list(self.shape)})"


class Hessian:
    """The Hessian matrix of a scalar-valued `func` at `xs`, with the inputs flattened and concatenated:
    (M, M), or (B, M, M) with ``is_batched``. It is the Jacobian of the gradient, indexed and evaluated
    like ``Jacobian``.

    Args:
        func (callable): takes the inputs and returns a single-element Tensor (with ``is_batched``, one
            element per batch entry: shape [B] or [B, 1]).
        xs (Tensor|Sequence[Tensor]): the inputs.
        is_batched (bool, optional): the first axis is a batch. Default False.

    Examples:
        >>> import paddle
        >>> H = paddle.incubate.autograd.Hessian(lambda x: (x * x * x).sum(), paddle.to_tensor([1.0, 2.0]))
        >>> H[:].tolist()
        [[6.0, 0.0], [0.0, 12.0]]
    """

    def __init__(self, func, xs, is_batched: bool = False):
        if not callable(func):
            raise TypeError(f"[Hessian] argument 'func': expected a callable, but got {check.got(func)}")
        _, single = _as_list("Hessian", xs, "xs")

        def gradient(*inputs):
            jacobian = Jacobian(func, inputs[0] if single else list(inputs), is_batched)
            outputs = jacobian.shape[1 if is_batched else 0]
            if outputs != 1:
                raise ValueError(f"[Hessian] argument 'func': expected a function returning a single-element Tensor"
                                 f"{' per batch entry' if is_batched else ''}, but it returns {outputs} elements")
            return jacobian[:, 0, :] if is_batched else jacobian[0, :]

        self.symbolic = Jacobian(gradient, xs, is_batched)

    @property
    def shape(self) -> tuple:
        return self.symbolic.shape

    def __getitem__(self, index):
        return self.symbolic[index]

    def __repr__(self) -> str:
        return f"Hessian(shape={list(self.shape)})"


def _check_batch(op: str, tensors: list, arg: str) -> None:
    sizes = {t.shape[0] if t.ndim else None for t in tensors}
    if None in sizes or len(sizes) != 1:
        raise ValueError(f"[{op}] argument '{arg}': expected Tensors sharing a first (batch) axis for "
                         f"is_batched=True, but got shapes {[list(t.shape) for t in tensors]}")


def _normalize_index(index, shape: tuple) -> tuple:
    """`index` as one int (in range, made non-negative) or slice per axis of `shape`."""
    items = index if isinstance(index, tuple) else (index,)
    if len(items) > len(shape):
        raise IndexError(f"[Jacobian] too many indices: the matrix has {len(shape)} axes, but got {len(items)}")
    out = []
    for axis, item in enumerate(items):
        if item is Ellipsis:
            raise IndexError("[Jacobian] Ellipsis (...) indices are not supported; index each axis")
        if isinstance(item, slice):
            out.append(item)
            continue
        if isinstance(item, bool) or not isinstance(item, int):
            raise TypeError(f"[Jacobian] expected int or slice indices, but got {check.got(item)}")
        if not -shape[axis] <= item < shape[axis]:
            raise IndexError(f"[Jacobian] index {item} is out of range for axis {axis} of size {shape[axis]}")
        out.append(item % shape[axis])
    return tuple(out) + (slice(None),) * (len(shape) - len(out))
