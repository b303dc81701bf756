"""einsum over matmul: each pair of operands becomes one batched matrix
product ([batch, left, contracted] @ [batch, contracted, right]); labels
that occur in only one operand and not in the output are summed first."""

from __future__ import annotations

import string

import paddle
from paddle._C import Tensor


def _parse(equation, operands):
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, out = eq.split("->")
    else:
        lhs, out = eq, None
    terms = lhs.split(",")
    if len(terms) != len(operands):
        raise ValueError(f"[einsum] the equation has {len(terms)} operands but {len(operands)} were given")
    used = set("".join(terms).replace(".", ""))
    free = [c for c in string.ascii_letters if c not in used]
    ellipsis_rank = 0
    expanded = []
    for term, t in zip(terms, operands):
        if "..." in term:
            rank = len(t.shape) - len(term.replace("...", ""))
            ellipsis_rank = max(ellipsis_rank, rank)
            term = term.replace("...", "".join(free[ellipsis_rank - rank:ellipsis_rank][:rank]) if rank else "")
        if any(c not in string.ascii_letters for c in term):
            raise ValueError(f"[einsum] bad subscripts {term!r} in {equation!r}")
        if len(term) != len(t.shape):
            raise ValueError(f"[einsum] subscripts {term!r} name {len(term)} dims but the operand has shape {t.shape}")
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


def _sum_out(t, term, keep):
    """Sums the labels of term not in keep."""
    drop = [i for i, c in enumerate(term) if c not in keep]
    if drop:
        t = paddle.sum(t, axis=drop)
        term = "".join(c for c in term if c in keep)
    return t, term


def _broadcast_sizes(terms, tensors):
    sizes = {}
    for term, t in zip(terms, tensors):
        for c, d in zip(term, t.shape):
            if sizes.get(c, 1) != 1 and d != 1 and sizes[c] != d:
                raise ValueError(f"[einsum] subscript {c!r} has sizes {sizes[c]} and {d}")
            sizes[c] = d if sizes.get(c, 1) == 1 else sizes[c]
    return sizes


def _contract(a, ta, b, tb, keep, sizes):
    """a (labels ta) times b (labels tb), summing labels not in keep."""
    batch = [c for c in ta if c in tb and c in keep]
    summed = [c for c in ta if c in tb and c not in keep]
    left = [c for c in ta if c not in tb]
    right = [c for c in tb if c not in ta]

    def arrange(t, term, first, second):
        """t as [batch, first, second] or, when its layout already has them
        swapped, [batch, second, first] read transposed (no copy)."""
        natural = list(term)
        swapped = natural == batch + second + first and first and second
        order = batch + (second + first if swapped else first + second)
        if natural != order:
            t = paddle.transpose(t, [term.index(c) for c in order])
        target = [sizes[c] for c in order]
        if list(t.shape) != target:
            t = paddle.broadcast_to(t, target)
        rows, cols = (second, first) if swapped else (first, second)
        return t.reshape([prod(batch), prod(rows), prod(cols)]), bool(swapped)

    def prod(labels):
        n = 1
        for c in labels:
            n *= sizes[c]
        return n

    a, trans_a = arrange(a, ta, left, summed)
    b, trans_b = arrange(b, tb, summed, right)
    out = paddle.matmul(a, b, transpose_x=trans_a, transpose_y=trans_b).reshape([sizes[c] for c in batch + left + right])
    return out, "".join(batch + left + right)


def einsum(equation, *operands) -> Tensor:
    """Einstein summation, e.g. 'ij,jk->ik' (matmul), 'bhqd,bhkd->bhqk', 'ii' is not supported.

    Examples:
        >>> import paddle
        >>> a, b = paddle.ones([2, 3]), paddle.ones([3, 4])
        >>> paddle.einsum("ij,jk->ik", a, b).shape
        [2, 4]
        >>> paddle.einsum("i,i", paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([3.0, 4.0])).item()
        11.0
    """
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not isinstance(equation, str):
        raise TypeError(f"[einsum] argument 'equation': expected str, but got {type(equation).__name__}")
    for i, t in enumerate(operands):
        if not isinstance(t, Tensor):
            raise TypeError(f"[einsum] operand {i}: expected Tensor, but got {type(t).__name__}")
    terms, out = _parse(equation, operands)
    sizes = _broadcast_sizes(terms, operands)
    tensors = list(operands)
    for i, (t, term) in enumerate(zip(tensors, terms)):
        others = "".join(terms[:i] + terms[i + 1:]) + out
        tensors[i], terms[i] = _sum_out(t, term, others)
    acc, acc_term = tensors[0], terms[0]
    for i in range(1, len(tensors)):
        keep = out + "".join(terms[i + 1:])
        acc, acc_term = _contract(acc, acc_term, tensors[i], terms[i], keep, sizes)
    acc, acc_term = _sum_out(acc, acc_term, out)
    if acc_term != out:
        acc = paddle.transpose(acc, [acc_term.index(c) for c in out])
    return acc
