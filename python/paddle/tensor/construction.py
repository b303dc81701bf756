"""Making tensors, composed from creation and random: from_numpy, as_tensor,
asarray, range, rand_like, randn_like, binomial, standard_gamma,
log_normal, manual_seed, and the shape views view / view_as /
view_as_real / view_as_complex / Tensor.unfold."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor, _C_ops


def from_numpy(ndarray) -> Tensor:
    """A tensor with ndarray's values, dtype and shape (a copy).

    Examples:
        >>> import paddle, numpy as np
        >>> paddle.from_numpy(np.array([1, 2])).tolist()
        [1, 2]
    """
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"[from_numpy] argument 'ndarray': expected a numpy.ndarray, but got "
                        f"{type(ndarray).__name__}")
    return paddle.to_tensor(ndarray)


def as_tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False) -> Tensor:
    """data as a tensor: data itself when it is a tensor of that dtype and device already."""
    from paddle.tensor.creation import _dtype_name

    if isinstance(data, Tensor) and device is None and (
            dtype is None or data.dtype.name == _dtype_name(dtype, "as_tensor")):
        return data
    out = paddle.to_tensor(data, dtype=dtype, place=device, stop_gradient=not requires_grad)
    return out.pin_memory() if pin_memory else out


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False) -> Tensor:
    """obj as a tensor (a copy when copy=True; never a copy of a matching tensor when copy is None or False)."""
    if isinstance(obj, Tensor) and copy:
        out = obj.clone() if dtype is None else obj.astype(dtype)
        out.stop_gradient = not requires_grad
        return out
    return as_tensor(obj, dtype, device, requires_grad)


def range(start=0, end=None, step=1, dtype=None, *, device=None, requires_grad=False, name=None) -> Tensor:  # noqa: A001
    """The numbers start, start + step, ... up to and including end (Paddle's
    deprecated inclusive range; paddle.arange excludes end).

    Examples:
        >>> import paddle
        >>> paddle.range(0, 3).tolist()
        [0.0, 1.0, 2.0, 3.0]
    """
    if end is None:
        start, end = 0, start
    values = np.arange(start, end + step / 2 if step > 0 else end - abs(step) / 2, step)
    dtype = dtype or paddle.get_default_dtype()
    return paddle.to_tensor(values, dtype=dtype, place=device, stop_gradient=not requires_grad)


def rand_like(input, name=None, *, dtype=None, device=None, requires_grad=False) -> Tensor:  # noqa: A002
    """Uniform samples in [0, 1) shaped like input, of its dtype unless given."""
    check.tensor("rand_like", input, "input")
    out = paddle.rand(input.shape, dtype or input.dtype)
    out.stop_gradient = not requires_grad
    return out if device is None else out.to(device)


def randn_like(x, dtype=None, name=None, *, device=None, requires_grad=False) -> Tensor:
    """Standard normal samples shaped like x, of its dtype unless given."""
    check.tensor("randn_like", x)
    out = paddle.randn(x.shape, dtype or x.dtype)
    out.stop_gradient = not requires_grad
    return out if device is None else out.to(device)


def binomial(count, prob, name=None) -> Tensor:
    """Samples of Binomial(count, prob), elementwise (int64): the number of
    successes among `count` Bernoulli(prob) trials."""
    check.tensor("binomial", count, "count")
    check.tensor("binomial", prob, "prob")
    count, prob = paddle.broadcast_tensors([count.astype("int64"), prob.astype("float64")])
    most = int(count.max()) if count.size else 0
    trials = paddle.rand(list(count.shape) + [most], "float64")
    done = paddle.arange(most, dtype="int64") < count.unsqueeze(-1)
    return ((trials < prob.unsqueeze(-1)) & done).astype("int64").sum(-1)


def standard_gamma(x, name=None) -> Tensor:
    """Samples of Gamma(x, 1), elementwise, by Marsaglia and Tsang's method
    (with the boost x -> x + 1, times u**(1/x), for x < 1)."""
    check.tensor("standard_gamma", x)
    alpha = x.astype("float64")
    boosted = paddle.where(alpha < 1, alpha + 1, alpha)
    d = boosted - 1.0 / 3.0
    c = 1.0 / paddle.sqrt(9.0 * d)
    sample = paddle.full_like(alpha, float("nan"))
    pending = paddle.ones(alpha.shape, "bool")
    while bool(pending.any()):  # each round accepts most of what is left (>95% for every shape)
        z = paddle.randn(alpha.shape, "float64")
        u = paddle.rand(alpha.shape, "float64")
        v = (1.0 + c * z) ** 3
        accept = (v > 0) & (paddle.log(u) < 0.5 * z * z + d - d * v + d * paddle.log(paddle.where(v > 0, v,
                                                                                              paddle.ones_like(v))))
        take = pending & accept
        sample = paddle.where(take, d * v, sample)
        pending = pending & ~accept
    boost = paddle.pow(paddle.rand(alpha.shape, "float64"), 1.0 / alpha)
    sample = paddle.where(alpha < 1, sample * boost, sample)
    return sample.astype(x.dtype)


def log_normal(mean=1.0, std=2.0, shape=None, name=None) -> Tensor:
    """exp of samples of N(mean, std**2), of `shape` (or mean's / std's shape when they are tensors)."""
    return paddle.exp(paddle.normal(mean, std, shape))


def manual_seed(seed) -> None:
    """Seeds every random generator (paddle.seed)."""
    paddle.seed(seed)


def view(x, shape_or_dtype, name=None) -> Tensor:
    """x viewed with another shape (a list; one entry may be -1). Viewing as another dtype is not offered."""
    check.tensor("view", x)
    if not isinstance(shape_or_dtype, (list, tuple)):
        raise NotImplementedError(f"[view] viewing x as another dtype ({shape_or_dtype!r}) is not supported; "
                                  f"give a shape")
    return paddle.reshape(x, list(shape_or_dtype))


def view_as(x, other, name=None) -> Tensor:
    """x viewed with other's shape."""
    check.tensor("view_as", other, "other")
    return view(x, list(other.shape))


def view_as_real(x, name=None) -> Tensor:
    """Complex x as real numbers with a last dim of 2 (real, imaginary), sharing x's memory."""
    check.tensor("view_as_real", x)
    return _C_ops.as_real(x)


def view_as_complex(x, name=None) -> Tensor:
    """Real x with a last dim of 2 as complex numbers."""
    check.tensor("view_as_complex", x)
    return _C_ops.as_complex(x)


def unfold(x, axis, size, step, name=None) -> Tensor:
    """The windows of `size` elements taken every `step` along `axis`, as a
    new last axis (the windows replace that axis by their count).

    Examples:
        >>> import paddle
        >>> paddle.arange(5).unfold(0, 2, 2).tolist()
        [[0, 1], [2, 3]]
    """
    check.tensor("unfold", x)
    axis = check.axis("unfold", axis, max(len(x.shape), 1))
    length = x.shape[axis] if x.shape else 1
    if size < 0 or size > length or step <= 0:
        raise ValueError(f"[unfold] size {size} must be in [0, {length}] and step {step} positive")
    count = (length - size) // step + 1
    index = (paddle.arange(count, dtype="int64").unsqueeze(1) * step + paddle.arange(size, dtype="int64")).reshape([-1])
    windows = paddle.index_select(x, index, axis)
    shape = list(x.shape[:axis]) + [count, size] + list(x.shape[axis + 1:])
    return paddle.moveaxis(windows.reshape(shape), axis + 1, -1)
