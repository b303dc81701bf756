"""Sorting, arg-reductions and top-p sampling with Paddle's Python signatures."""

from __future__ import annotations

import numbers

from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases, write_out, writes_out


def _check(op, x, axis):
    check.tensor(op, x, "x")
    if axis is not None and (isinstance(axis, bool) or not isinstance(axis, numbers.Integral)):
        raise TypeError(f"[{op}] argument 'axis': expected an int or None, but got {type(axis).__name__}")


@aliases(x="input", axis="dim")
def argsort(x, axis=-1, descending=False, stable=False, name=None) -> Tensor:
    """The int64 positions that sort x along axis (ties keep their order).

    Examples:
        >>> import paddle
        >>> paddle.argsort(paddle.to_tensor([3.0, 1.0, 2.0])).numpy().tolist()
        [1, 2, 0]
    """
    _check("argsort", x, axis)
    return _C_ops.argsort(x, axis, descending, stable)[1]


def sort(x, axis=-1, descending=False, stable=False, name=None) -> Tensor:
    """x sorted along axis (NaN last; descending puts NaN first).

    Examples:
        >>> import paddle
        >>> paddle.sort(paddle.to_tensor([3.0, 1.0, 2.0]), descending=True).numpy().tolist()
        [3.0, 2.0, 1.0]
    """
    _check("sort", x, axis)
    return _C_ops.argsort(x, axis, descending, stable)[0]


def _arg_extreme(op, x, axis, keepdim, dtype):
    _check(op, x, axis)
    fn = _C_ops.argmax if op == "argmax" else _C_ops.argmin
    if axis is None:
        return fn(x, -1, keepdim, True, dtype)
    return fn(x, axis, keepdim, False, dtype)


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None) -> Tensor:
    """The position of the largest value along axis (of the flattened x when
    axis is None); the first of ties, and a NaN wins.

    Examples:
        >>> import paddle
        >>> paddle.argmax(paddle.to_tensor([[1, 5], [7, 2]]), axis=1).numpy().tolist()
        [1, 0]
    """
    return _arg_extreme("argmax", x, axis, keepdim, dtype)


def argmin(x, axis=None, keepdim=False, dtype="int64", name=None) -> Tensor:
    """The position of the smallest value along axis (of the flattened x when axis is None)."""
    return _arg_extreme("argmin", x, axis, keepdim, dtype)


@aliases(x="input", axis="dim")
@writes_out
def cumsum(x, axis=None, dtype=None, name=None) -> Tensor:
    """Running sums along axis (of the flattened x when axis is None).

    Examples:
        >>> import paddle
        >>> paddle.cumsum(paddle.to_tensor([[1, 2], [3, 4]]), axis=0).numpy().tolist()
        [[1, 2], [4, 6]]
    """
    _check("cumsum", x, axis)
    if dtype is not None:
        x = x.astype(dtype)
    if axis is None:
        return _C_ops.cumsum(x.reshape([-1]), 0, False)
    return _C_ops.cumsum(x, axis, False)


def _scan_input(op, x, axis, dtype):
    """x flattened when axis is None (then scanned along 0), cast to dtype;
    axis checked against x's rank here, since some scans are composites."""
    _check(op, x, axis)
    if dtype is not None:
        x = x.astype(dtype)
    if axis is None:
        return x.reshape([-1]), 0
    rank = len(x.shape)
    lo, hi = (-1, 0) if rank == 0 else (-rank, rank - 1)
    if not lo <= axis <= hi:
        raise IndexError(f"[{op}] axis ({axis}) must be in [{lo}, {hi}] for a tensor of rank {rank}")
    return x, axis


@aliases(x="input")
@writes_out
def cumprod(x, dim=None, dtype=None, name=None) -> Tensor:
    """Running products along dim (of the flattened x when dim is None); the
    gradient is exact where x has zeros.

    Examples:
        >>> import paddle
        >>> paddle.cumprod(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]), dim=1).numpy().tolist()
        [[1.0, 2.0], [3.0, 12.0]]
    """
    x, axis = _scan_input("cumprod", x, dim, dtype)
    return _C_ops.cumprod(x, axis, False)


def logcumsumexp(x, axis=None, dtype=None, name=None) -> Tensor:
    """log(cumsum(exp(x))) along axis (of the flattened x when None), without overflow.

    Examples:
        >>> import paddle
        >>> paddle.logcumsumexp(paddle.to_tensor([0.0, 0.0, 1000.0], dtype="float64")).numpy().round(4).tolist()
        [0.0, 0.6931, 1000.0]
    """
    x, axis = _scan_input("logcumsumexp", x, axis, dtype)
    return _C_ops.logcumsumexp(x, axis, False)


def _cum_extreme(op, x, axis, dtype):
    if dtype not in ("int32", "int64"):
        raise TypeError(f"[{op}] dtype must be int32 or int64, but got {dtype!r}")
    x, axis = _scan_input(op, x, axis, None)
    return (_C_ops.cummax if op == "cummax" else _C_ops.cummin)(x, axis, dtype)


def cummax(x, axis=None, dtype="int64", name=None):
    """The running maximum along axis (of the flattened x when None), and where
    it was found: the latest of ties; a NaN, once seen, stays the maximum.

    Examples:
        >>> import paddle
        >>> values, indices = paddle.cummax(paddle.to_tensor([1.0, 3.0, 2.0, 3.0]))
        >>> values.numpy().tolist(), indices.numpy().tolist()
        ([1.0, 3.0, 3.0, 3.0], [0, 1, 1, 3])
    """
    return _cum_extreme("cummax", x, axis, dtype)


def cummin(x, axis=None, dtype="int64", name=None):
    """The running minimum along axis (of the flattened x when None), and where
    it was found: the latest of ties; a NaN, once seen, stays the minimum."""
    return _cum_extreme("cummin", x, axis, dtype)


@aliases(x="input", axis="dim")
def prod(x, axis=None, keepdim=False, dtype=None, out=None, name=None) -> Tensor:
    """The product over axis (all axes when None), in dtype when given
    (written into `out` when given: Paddle takes it positionally here).

    Examples:
        >>> import paddle
        >>> paddle.prod(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]), axis=1).numpy().tolist()
        [2.0, 12.0]
    """
    check.tensor("prod", x, "x")
    if dtype is not None:
        x = x.astype(dtype)
    result = _C_ops.prod(x, [] if axis is None else axis, keepdim)
    return write_out("prod", out, result)


def kthvalue(x, k, axis=None, keepdim=False, name=None):
    """The k-th smallest value (1-based) along axis (the last when None), and its position.

    Examples:
        >>> import paddle
        >>> v, i = paddle.kthvalue(paddle.to_tensor([5.0, 1.0, 4.0]), 2)
        >>> v.item(), i.item()
        (4.0, 2)
    """
    _check("kthvalue", x, axis)
    axis = check.axis("kthvalue", -1 if axis is None else axis, max(len(x.shape), 1))
    n = x.shape[axis] if x.shape else 1
    if not 1 <= check.integer("kthvalue", k, "k") <= n:
        raise ValueError(f"[kthvalue] argument 'k': expected an int in [1, {n}], but got {k!r}")
    return _C_ops.kthvalue(x, k, axis, check.flag("kthvalue", keepdim, "keepdim"))


def mode(x, axis=-1, keepdim=False, name=None):
    """The most frequent value along axis (the largest among equally frequent ones), and its last position."""
    _check("mode", x, axis)
    check.axis("mode", axis, max(len(x.shape), 1))
    return _C_ops.mode(x, axis, check.flag("mode", keepdim, "keepdim"))


def unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None, dtype="int64", sorted=True,
           name=None):
    """The sorted distinct values of the flattened x, and optionally where each
    first occurs, the position of every element's value among them (1-D, as
    Paddle returns it), and the counts. The values come sorted whatever
    `sorted` says, as Paddle 3.3's do (sorted=False allows any order).

    Examples:
        >>> import paddle
        >>> paddle.unique(paddle.to_tensor([3, 1, 3, 2])).numpy().tolist()
        [1, 2, 3]
    """
    _check("unique", x, None)
    return_index, return_inverse, return_counts = (check.flag("unique", v, arg) for v, arg in (
        (return_index, "return_index"), (return_inverse, "return_inverse"), (return_counts, "return_counts")))
    if axis is not None:
        return _unique_slices(x, return_index, return_inverse, return_counts, axis, dtype)
    out, index, inverse, counts = _C_ops.unique(x, return_index, return_inverse, return_counts, [], dtype, True)
    outs = [out] + [t for t, asked in ((index, return_index), (inverse, return_inverse), (counts, return_counts))
                    if asked]
    return outs[0] if len(outs) == 1 else tuple(outs)


def _unique_slices(x, return_index, return_inverse, return_counts, axis, dtype):
    """unique along `axis`: the distinct slices in lexicographic order (found on the host, as the kernel
    finds distinct values), with the same optional outputs."""
    import numpy as np

    import paddle

    axis = check.axis("unique", axis, len(x.shape))
    out, index, inverse, counts = np.unique(x.numpy(), return_index=True, return_inverse=True, return_counts=True,
                                            axis=axis)
    results = [paddle.to_tensor(out, dtype=x.dtype)]
    for asked, values in ((return_index, index), (return_inverse, inverse), (return_counts, counts)):
        if asked:
            results.append(paddle.to_tensor(values.reshape(-1), dtype=dtype))
    return results[0] if len(results) == 1 else tuple(results)


def bincount(x, weights=None, minlength=0, name=None):
    """How often each value 0, 1, ... occurs in the non-negative int 1-D x (or the sum of its weights).

    Examples:
        >>> import paddle
        >>> paddle.bincount(paddle.to_tensor([1, 1, 3])).numpy().tolist()
        [0, 2, 0, 1]
    """
    import paddle

    _check("bincount", x, None)
    minlength = check.integer("bincount", minlength, "minlength", min=0)
    if weights is None:  # occurrences: weights of one, as int64
        weights = paddle.ones(x.shape, "int64")
    return _C_ops.bincount(x, weights, minlength)


def _uniforms(rows: int, cols: int, seed: int, topp_seed) -> Tensor:
    """U[0, 1) draws of shape [rows, cols]: each row from its topp_seed
    when given, all from `seed` when it is not -1, else from the device's
    generator."""
    import numpy as np

    import paddle

    if topp_seed is not None:
        draws = np.stack([np.random.default_rng(int(s)).random(cols) for s in topp_seed.numpy().reshape(-1)])
    elif seed != -1:
        draws = np.random.default_rng(seed).random((rows, cols))
    else:
        return paddle.rand([rows, cols], "float64")
    return paddle.to_tensor(draws)


def top_p_sampling(x, ps, threshold=None, topp_seed=None, seed=-1, k=0, mode="truncated", return_top=False,
                   name=None):
    """Draws one id per row of the probabilities x from its nucleus, the
    most probable ids whose probabilities sum to ps[row] (the most
    probable id whenever ps[row] <= 0). Composed from sort, cumsum and
    random draws (Paddle has only a GPU kernel, whose draws differ).

    In mode 'truncated' the nucleus is exactly the first ps[row] of the
    sorted mass (its last id counts only in part): an id is drawn with
    probability (its share of that mass) / ps[row]. In mode 'non-truncated'
    it is every id that starts before ps[row], drawn in proportion to its
    probability. An id below threshold[row] is never drawn: 'truncated' takes
    the nearest more probable id that reaches it, 'non-truncated' leaves it
    out, and both take the most probable id when none reaches it.

    Args:
        x (Tensor): [batch, vocab] probabilities, float.
        ps (Tensor): [batch] top-p values.
        threshold (Tensor, optional): [batch] least probability an id drawn may have.
        topp_seed (Tensor, optional): [batch] int seeds, one per row (repeatable draws).
        seed (int, optional): a seed for all rows; -1 (default) draws from the device's generator.
        k (int, optional): how many of each row's most probable ids and probabilities to return too. Default 0.
        mode (str, optional): 'truncated' (default) or 'non-truncated'.
        return_top (bool, optional): also return the top-k probabilities and ids.

    Returns:
        (Tensor, Tensor): the probabilities ([batch, 1], x's dtype) and ids
        ([batch, 1], int64) drawn; with `return_top`, then the top-k
        probabilities and ids ([batch, k]).

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.1, 0.6, 0.3], [0.5, 0.2, 0.3]])
        >>> value, index = paddle.tensor.top_p_sampling(x, paddle.to_tensor([0.5, 0.0]))
        >>> index.tolist(), value.tolist()
        ([[1], [0]], [[0.6000000238418579], [0.5]])
    """
    import paddle

    op = "top_p_sampling"
    check.tensor(op, x)
    check.tensor(op, ps, "ps")
    if len(x.shape) != 2 or x.dtype.name not in ("float16", "bfloat16", "float32", "float64"):
        raise ValueError(f"[{op}] argument 'x': expected a 2-D float Tensor of probabilities, but got {check.got(x)}")
    rows, vocab = x.shape
    for arg, value in (("ps", ps), ("threshold", threshold), ("topp_seed", topp_seed)):
        if value is not None and check.tensor(op, value, arg).size != rows:
            raise ValueError(f"[{op}] argument '{arg}': expected one value per row of x ({rows}), but got "
                             f"{check.got(value)}")
    seed = check.integer(op, seed, "seed", min=-1)
    k = check.integer(op, k, "k", min=0)
    mode = check.choice(op, mode, ("truncated", "non-truncated"), "mode")

    probs, ids = paddle.topk(x, vocab, axis=-1)  # sorted, most probable first
    mass = probs.astype("float64")
    top_p = ps.astype("float64").reshape([rows, 1])
    floor = 0.0 if threshold is None else threshold.astype("float64").reshape([rows, 1])
    if mode == "truncated":
        # Inverse CDF over the first top_p of the mass: the first id whose running total reaches u * top_p.
        u = _uniforms(rows, 1, seed, topp_seed)
        pick = (paddle.cumsum(mass, axis=-1) < u * top_p).astype("int64").sum(axis=-1, keepdim=True)
        pick = paddle.where(pick == vocab, paddle.zeros_like(pick), pick)  # the running total never reaches it
        # The ids that reach the threshold are a prefix of the sorted ones: take the nearest of them.
        reaching = (mass >= floor).astype("int64").sum(axis=-1, keepdim=True)
        pick = paddle.minimum(pick, paddle.clip(reaching - 1, min=0))
    else:
        # An exponential race: argmax of weight / Exp(1) draws an id in proportion to its weight.
        weight = paddle.where((paddle.cumsum(mass, axis=-1) - mass < top_p) & (mass >= floor), mass,
                              paddle.zeros_like(mass))
        race = weight / -paddle.log1p(-_uniforms(rows, vocab, seed, topp_seed))
        pick = paddle.argmax(race, axis=-1, keepdim=True)  # 0, the most probable id, when no weight is left
    out = (paddle.take_along_axis(probs, pick, -1), paddle.take_along_axis(ids, pick, -1))
    return (*out, probs[:, :k], ids[:, :k]) if return_top else out
