"""Random tensors. Every draw comes from the per-device Philox generator
(see Note [Random numbers] in paddle/phi/core/generator.h): `paddle.seed`
makes runs repeat exactly, on any thread count, and CPU and GPU give the
same values for the same seed."""

from __future__ import annotations

import numbers
import os
import re

import numpy as np

from paddle import _C
from paddle import _checks as check
from paddle._C import Tensor, _C_ops
from paddle._signature import aliases, creation_options, shape_from_ints, writes_out


def _float_dtype(dtype):
    return _C.get_default_dtype() if dtype is None else dtype


@shape_from_ints
@aliases(shape="size")
@writes_out
@creation_options()
def rand(shape, dtype=None, name=None) -> Tensor:
    """Values drawn uniformly from [0, 1).

    Args:
        shape (list|tuple|Tensor): the shape.
        dtype (str|paddle.dtype, optional): a floating dtype; the default one when None.

    Examples:
        >>> import paddle
        >>> _ = paddle.seed(1)
        >>> x = paddle.rand([2, 3])
        >>> bool(((x >= 0) & (x < 1)).all())
        True
    """
    return _C_ops.uniform(shape, _float_dtype(dtype), 0.0, 1.0, 0, None)


@writes_out
@creation_options("device", "requires_grad")
def uniform(shape, dtype=None, min=0.0, max=1.0, seed=0, name=None) -> Tensor:  # noqa: A002
    """Values drawn uniformly from [min, max) (Paddle 3.3's default is [0, 1)).

    Args:
        shape (list|tuple|Tensor): the shape.
        dtype (str|paddle.dtype, optional): a floating dtype; the default one when None.
        min (float, optional): the lower bound. Default 0.0.
        max (float, optional): the upper bound. Default 1.0.
        seed (int, optional): 0 draws from the global generator; any other
            value gives the same tensor on every call.
    """
    check.number("uniform", min, "min")
    check.number("uniform", max, "max")
    if min > max:
        raise ValueError(f"[uniform] min ({min}) must not exceed max ({max})")
    return _C_ops.uniform(shape, _float_dtype(dtype), min, max, seed, None)


@shape_from_ints
@aliases(shape="size")
@writes_out
@creation_options()
def randn(shape, dtype=None, name=None) -> Tensor:
    """Values drawn from the standard normal distribution.

    Examples:
        >>> import paddle
        >>> paddle.randn([2, 3]).shape
        paddle.Size([2, 3])
    """
    return _C_ops.gaussian(shape, 0.0, 1.0, 0, _float_dtype(dtype), None)


@writes_out
@creation_options("device", "requires_grad")
def standard_normal(shape, dtype=None, name=None) -> Tensor:
    """Values drawn from the standard normal distribution (as randn)."""
    return randn(shape, dtype)


@aliases(shape="size")
@writes_out
def normal(mean=0.0, std=1.0, shape=None, name=None) -> Tensor:
    """Values drawn from N(mean, std^2). mean and std may be tensors (then
    the result has their broadcast shape) or numbers (then `shape` gives it).

    Examples:
        >>> import paddle
        >>> paddle.normal(1.0, 2.0, [4]).shape
        paddle.Size([4])
    """
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        for arg, v in (("mean", mean), ("std", std)):
            if not isinstance(v, Tensor):
                check.number("normal", v, arg)
        ref = mean if isinstance(mean, Tensor) else std
        shapes = [tuple(v.shape) for v in (mean, std) if isinstance(v, Tensor)]
        try:
            np.broadcast_shapes(*shapes)
        except ValueError:
            raise ValueError(f"[normal] mean and std of shapes {shapes} cannot be broadcast together") from None
        noise = _C_ops.gaussian(list(np.broadcast_shapes(*shapes)), 0.0, 1.0, 0, ref.dtype, ref.place)
        return mean + std * noise
    check.number("normal", mean, "mean")
    check.number("normal", std, "std")
    if std < 0:
        raise ValueError(f"[normal] std must be >= 0, but got {std}")
    if shape is None:
        raise ValueError("[normal] shape is required when mean and std are numbers")
    return _C_ops.gaussian(shape, mean, std, 0, _float_dtype(None), None)


def randint(low=0, high=None, shape=(1,), dtype=None, name=None) -> Tensor:
    """Integers drawn uniformly from [low, high); randint(n) draws from [0, n).

    Examples:
        >>> import paddle
        >>> x = paddle.randint(0, 10, [100])
        >>> bool(((x >= 0) & (x < 10)).all()), str(x.dtype)
        (True, 'paddle.int64')
    """
    if high is None:
        low, high = 0, low
    for arg, v in (("low", low), ("high", high)):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise TypeError(f"[randint] argument '{arg}': expected an int, but got {type(v).__name__}")
    return _C_ops.randint(int(low), int(high), shape, "int64" if dtype is None else dtype, None)


def randint_like(x, low=0, high=None, dtype=None, name=None) -> Tensor:
    """randint with x's shape (and x's dtype when dtype is None and x is integral)."""
    check.tensor("randint_like", x, "x")
    if dtype is None:
        dtype = x.dtype
    out_dtype = dtype
    draw_dtype = dtype if str(dtype).split(".")[-1] in ("int32", "int64") else "int64"
    out = randint(low, high, x.shape, draw_dtype)
    return out if draw_dtype == out_dtype else out.astype(out_dtype)


def bernoulli(x, p=None, name=None) -> Tensor:
    """1 with probability x (or p, when given) elementwise, else 0; x's dtype.

    Examples:
        >>> import paddle
        >>> paddle.bernoulli(paddle.to_tensor([0.0, 1.0])).numpy().tolist()
        [0.0, 1.0]
    """
    check.tensor("bernoulli", x, "x")
    if p is not None:
        check.number("bernoulli", p, "p")
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"[bernoulli] p must be in [0, 1], but got {p}")
        x = _C_ops.full(x.shape, p, x.dtype, x.place)
    return _C_ops.bernoulli(x)


def poisson(x, name=None) -> Tensor:
    """A Poisson sample for every element of x, with that element as its mean
    (rate); x holds rates >= 0 and the result has x's dtype.

    Examples:
        >>> import paddle
        >>> paddle.poisson(paddle.to_tensor([0.0, 0.0])).numpy().tolist()
        [0.0, 0.0]
    """
    check.tensor("poisson", x, "x")
    out = _C_ops.poisson(x)
    if x.size and not bool((x >= 0).all()):  # NaN and negative rates come back as NaN samples
        raise ValueError("[poisson] x holds rates, which must be >= 0 (and not NaN)")
    return out


@writes_out
@creation_options()
def randperm(n, dtype="int64", name=None) -> Tensor:
    """A random permutation of 0..n-1: the order that sorts n uniform draws.

    Examples:
        >>> import paddle
        >>> sorted(paddle.randperm(5).numpy().tolist())
        [0, 1, 2, 3, 4]
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0:
        raise ValueError(f"[randperm] argument 'n': expected a non-negative int, but got {n!r}")
    keys = _C_ops.uniform([int(n)], "float64", 0.0, 1.0, 0, None)
    order = _C_ops.argsort(keys, 0, False, True)[1]
    return order if str(dtype).split(".")[-1] == "int64" else order.astype(dtype)


@aliases(x="input")
@writes_out
def multinomial(x, num_samples=1, replacement=False, name=None) -> Tensor:
    """num_samples category indices per row of the weights x (1-D or 2-D), drawn
    in proportion to the weights; without replacement each index at most once.

    Examples:
        >>> import paddle
        >>> paddle.multinomial(paddle.to_tensor([0.0, 1.0, 0.0]), 2, replacement=True).numpy().tolist()
        [1, 1]
    """
    import paddle

    if not isinstance(x, Tensor) or len(x.shape) not in (1, 2):
        raise ValueError("[multinomial] x must be a 1-D or 2-D tensor of weights")
    if isinstance(num_samples, bool) or not isinstance(num_samples, numbers.Integral) or num_samples < 1:
        raise ValueError(f"[multinomial] num_samples must be a positive int, but got {num_samples!r}")
    probs = x.astype("float64") if x.dtype != paddle.float64 else x
    if bool((probs < 0).any()) or not bool(paddle.isfinite(probs).all()):
        raise ValueError("[multinomial] weights must be finite and non-negative")
    rows = probs if len(x.shape) == 2 else probs.unsqueeze(0)
    if bool((rows.sum(-1) <= 0).any()):
        raise ValueError("[multinomial] every row of weights must have a positive sum")
    n = rows.shape[-1]
    if replacement:  # invert the CDF: the number of cumulative weights below each draw
        cdf = paddle.cumsum(rows, axis=-1)
        cdf = cdf / cdf[:, -1:]
        draws = rand([rows.shape[0], num_samples], "float64")
        out = paddle.sum((cdf.unsqueeze(1) <= draws.unsqueeze(-1)).astype("int64"), axis=-1)
        out = paddle.clip(out, max=n - 1)
    else:  # Gumbel top-k: the num_samples largest log w - log(-log u)
        if num_samples > n:
            raise ValueError(f"[multinomial] cannot draw {num_samples} of {n} categories without replacement")
        keys = paddle.log(rows) - paddle.log(-paddle.log(rand(rows.shape, "float64")))
        out = paddle.topk(keys, num_samples)[1]
    return out if len(x.shape) == 2 else out.squeeze(0)


def seed(seed):
    """Seeds the default generator of every device; returns the CPU one.

    Examples:
        >>> import paddle
        >>> _ = paddle.seed(7); a = paddle.rand([3])
        >>> _ = paddle.seed(7); b = paddle.rand([3])
        >>> bool((a == b).all())
        True
    """
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"[seed] argument 'seed': expected an int, but got {type(seed).__name__}")
    _C.seed_all_generators(int(seed) % (1 << 64))
    return _C.default_generator(_C.CPUPlace())


class Generator:
    """The random generator of a device: the one paddle.rand and every other
    draw on that device use, not a new one (as in Paddle), so seeding it
    seeds them. What it returns is a ``paddle._C.Generator``, so, as in
    Paddle, it is not an instance of ``paddle.Generator``.

    Args:
        device (str|int|Place, optional): 'cpu', 'gpu', 'gpu:N', a GPU index
            or a Place; the current device when None.

    Returns:
        Generator: with ``manual_seed(seed)`` (returns the generator),
        ``seed()`` (a fresh seed from the OS, returned), ``initial_seed()``,
        ``get_state()`` and ``set_state(state)``.

    Examples:
        >>> import paddle
        >>> g = paddle.Generator("cpu").manual_seed(5)
        >>> a = paddle.rand([2])
        >>> g.initial_seed()
        5
        >>> _ = g.manual_seed(5)
        >>> bool((paddle.rand([2]) == a).all())
        True
    """

    def __new__(cls, device=None):
        return _C.default_generator(_generator_place(device))


def _generator_place(device):
    if device is None:
        return _C.get_default_place()
    if isinstance(device, _C.Place):
        return device
    if check._is_int(device):
        return _C.CUDAPlace(check.integer("Generator", device, "device", min=0))
    if not isinstance(device, str):
        raise TypeError(f"[Generator] argument 'device': expected a str, an int or a Place, but got "
                        f"{check.got(device)}")
    if not re.fullmatch(r"cpu|gpu(:\d+)?", device):
        raise ValueError(f"[Generator] argument 'device': expected 'cpu', 'gpu' or 'gpu:N', but got {device!r}")
    return _C.place_from_string(device)


_set_seed = _C.Generator.manual_seed


def _manual_seed(generator, seed):
    """Seeds the generator with an int in [0, 2**64); returns the generator."""
    seed = check.integer("Generator.manual_seed", seed, "seed", min=0)
    if seed >= 1 << 64:
        raise ValueError(f"[Generator.manual_seed] argument 'seed': expected an int < 2**64, but got {seed}")
    return _set_seed(generator, seed)


def _fresh_seed(generator) -> int:
    """Seeds the generator from the OS's entropy and returns that seed."""
    seed = int.from_bytes(os.urandom(8), "little")
    _set_seed(generator, seed)
    return seed


# Paddle's Generator methods that the C++ class lacks, or takes unchecked.
_C.Generator.manual_seed = _manual_seed
_C.Generator.seed = _fresh_seed


def _generators(device):
    if device is None:
        place = _C.get_default_place()
        device = "gpu" if place.is_gpu_place() else "cpu"
    if str(device).startswith("cpu"):
        return [_C.default_generator(_C.CPUPlace())]
    if str(device).startswith("gpu"):
        return [_C.default_generator(_C.CUDAPlace(i)) for i in range(_C.cuda_device_count())]
    raise ValueError(f"[get_rng_state] argument 'device': expected 'cpu' or 'gpu', but got {device!r}")


def get_rng_state(device=None):
    """The states of the default generators of `device` ('cpu', 'gpu'; the
    current device when None), as a list of GeneratorState."""
    return [g.get_state() for g in _generators(device)]


def set_rng_state(state_list, device=None):
    """Restores states returned by get_rng_state."""
    generators = _generators(device)
    if not isinstance(state_list, (list, tuple)) or len(state_list) != len(generators):
        raise ValueError(f"[set_rng_state] argument 'state_list': expected a list of {len(generators)} "
                         f"GeneratorState, but got {state_list!r}")
    for g, s in zip(generators, state_list):
        if not isinstance(s, _C.GeneratorState):
            raise TypeError(f"[set_rng_state] argument 'state_list': expected GeneratorState, but got "
                            f"{type(s).__name__}")
        g.set_state(s)


def get_cuda_rng_state():
    """get_rng_state("gpu")."""
    return get_rng_state("gpu")


def set_cuda_rng_state(state_list):
    """set_rng_state(state_list, "gpu")."""
    set_rng_state(state_list, "gpu")
