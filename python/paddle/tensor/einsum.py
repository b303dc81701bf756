"""einsum over matmul: each pair of operands becomes one batched matrix
product ([batch, left, contracted] @ [batch, contracted, right]); labels
that occur in only one operand and not in the output are summed first."""

from __future__ import annotations

import functools
import string

import paddle
from paddle._C import Tensor
from paddle import _checks as check


def _parse(equation, shapes):
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, out = eq.split("->")
    else:
        lhs, out = eq, None
    terms = lhs.split(",")
    if len(terms) != len(shapes):
        raise ValueError(f"[einsum] the equation has {len(terms)} operands but {len(shapes)} were given")
    used = set("".join(terms).replace(".", ""))
    free = [c for c in string.ascii_letters if c not in used]
    ellipsis_rank = 0
    expanded = []
    for term, shape in zip(terms, shapes):
        if "..." in term:
            rank = len(shape) - len(term.replace("...", ""))
            ellipsis_rank = max(ellipsis_rank, rank)
            term = term.replace("...", "".join(free[ellipsis_rank - rank:ellipsis_rank][:rank]) if rank else "")
        if any(c not in string.ascii_letters for c in term):
            raise ValueError(f"[einsum] bad subscripts {term!r} in {equation!r}")
        if len(term) != len(shape):
            raise ValueError(f"[einsum] subscripts {term!r} name {len(term)} dims but the operand has shape {list(shape)}")
        if len(set(term)) != len(term):
            raise NotImplementedError(f"[einsum] repeated subscripts within one operand ({term!r}) are not supported")
        expanded.append(term)
    batch = "".join(free[:ellipsis_rank])
    if out is None:
        counts = {c: "".join(expanded).count(c) for c in "".join(expanded)}
        out = batch + "".join(sorted(c for c in counts if counts[c] == 1 and c not in batch))
    else:
        out = out.replace("...", batch)
        if any(c not in "".join(expanded) for c in out) or len(set(out)) != len(out):
            raise ValueError(f"[einsum] the output {out!r} names a subscript twice or one no operand has")
    return expanded, out


def _keep_only(t):
    return t


def _sum_out(term, keep):
    """The step that sums the labels of term not in keep, and the labels left."""
    drop = [i for i, c in enumerate(term) if c not in keep]
    if not drop:
        return _keep_only, term
    return (lambda t: paddle.sum(t, axis=drop)), "".join(c for c in term if c in keep)


def _broadcast_sizes(terms, shapes):
    sizes = {}
    for term, shape in zip(terms, shapes):
        for c, d in zip(term, shape):
            if sizes.get(c, 1) != 1 and d != 1 and sizes[c] != d:
                raise ValueError(f"[einsum] subscript {c!r} has sizes {sizes[c]} and {d}")
            sizes[c] = d if sizes.get(c, 1) == 1 else sizes[c]
    return sizes


def _contract(ta, tb, keep, sizes):
    """The step that multiplies a (labels ta) by b (labels tb), summing the
    labels not in keep, as one batched matrix product; and its output labels."""
    batch = [c for c in ta if c in tb and c in keep]
    summed = [c for c in ta if c in tb and c not in keep]
    left = [c for c in ta if c not in tb]
    right = [c for c in tb if c not in ta]

    def prod(labels):
        n = 1
        for c in labels:
            n *= sizes[c]
        return n

    def arrange(term, first, second):
        """How to view an operand as [batch, first, second] or, when its layout
        already has them swapped, as [batch, second, first] read transposed (no copy)."""
        natural = list(term)
        swapped = bool(natural == batch + second + first and first and second)
        order = batch + (second + first if swapped else first + second)
        perm = [term.index(c) for c in order] if natural != order else None
        target = [sizes[c] for c in order]
        rows, cols = (second, first) if swapped else (first, second)
        return perm, target, [prod(batch), prod(rows), prod(cols)], swapped

    def view(t, perm, target, matrix):
        if perm is not None:
            t = paddle.transpose(t, perm)
        if list(t.shape) != target:
            t = paddle.broadcast_to(t, target)
        return t.reshape(matrix)

    perm_a, target_a, matrix_a, trans_a = arrange(ta, left, summed)
    perm_b, target_b, matrix_b, trans_b = arrange(tb, summed, right)
    out_shape = [sizes[c] for c in batch + left + right]

    def step(a, b):
        a, b = view(a, perm_a, target_a, matrix_a), view(b, perm_b, target_b, matrix_b)
        return paddle.matmul(a, b, transpose_x=trans_a, transpose_y=trans_b).reshape(out_shape)
    return step, "".join(batch + left + right)


@functools.lru_cache(maxsize=512)
def _plan(equation, shapes):
    """The steps of an einsum for operands of these shapes: a reduction per
    operand, a contraction per further operand, and a final reduction and
    transpose. Planned once per equation and shapes: models call the same
    einsum every step, and planning costs more than a small product."""
    terms, out = _parse(equation, shapes)
    sizes = _broadcast_sizes(terms, shapes)
    reduce_steps = []
    for i, term in enumerate(terms):
        others = "".join(terms[:i] + terms[i + 1:]) + out
        step, terms[i] = _sum_out(term, others)
        reduce_steps.append(step)
    contract_steps = []
    acc_term = terms[0]
    for i in range(1, len(terms)):
        step, acc_term = _contract(acc_term, terms[i], out + "".join(terms[i + 1:]), sizes)
        contract_steps.append(step)
    final_sum, acc_term = _sum_out(acc_term, out)
    perm = [acc_term.index(c) for c in out]

    def finish(t):
        t = final_sum(t)
        return t if acc_term == out else paddle.transpose(t, perm)
    return tuple(reduce_steps), tuple(contract_steps), finish


def einsum(equation, *operands) -> Tensor:
    """Einstein summation, e.g. 'ij,jk->ik' (matmul), 'bhqd,bhkd->bhqk', 'ii' is not supported.

    Examples:
        >>> import paddle
        >>> a, b = paddle.ones([2, 3]), paddle.ones([3, 4])
        >>> paddle.einsum("ij,jk->ik", a, b).shape
        paddle.Size([2, 4])
        >>> paddle.einsum("i,i", paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([3.0, 4.0])).item()
        11.0
    """
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not isinstance(equation, str):
        raise TypeError(f"[einsum] argument 'equation': expected str, but got {type(equation).__name__}")
    for i, t in enumerate(operands):
        check.tensor("einsum", t, f"operands[{i}]")
    reduce_steps, contract_steps, finish = _plan(equation, tuple(tuple(t.shape) for t in operands))
    tensors = [step(t) for step, t in zip(reduce_steps, operands)]
    acc = tensors[0]
    for step, t in zip(contract_steps, tensors[1:]):
        acc = step(acc, t)
    return finish(acc)
