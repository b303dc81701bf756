"""The geometric distribution: failures before the first success."""

from __future__ import annotations

import numbers
from collections.abc import Sequence

import numpy as np

import paddle
from paddle._C import Tensor
from paddle._checks import got
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.distribution.distribution import Distribution


class Geometric(Distribution):
    r"""The geometric distribution of the number of failures before the first success.

    .. math::

        P(X = k) = (1 - p)^k p, \quad k = 0, 1, 2, \dots

    Args:
        probs (float|list|numpy.ndarray|Tensor): the success probability
            :math:`p` in (0, 1].

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Geometric
        >>> dist = Geometric(paddle.to_tensor([0.5, 0.25]))
        >>> dist.mean.numpy().astype("float64").round(4).tolist()
        [1.0, 3.0]
        >>> dist.pmf(2).numpy().astype("float64").round(4).tolist()
        [0.125, 0.1406]
    """

    def __init__(self, probs) -> None:
        (self.probs,) = parameters("Geometric.__init__", probs=probs)
        self.dtype = self.probs.dtype
        super().__init__(self.probs.shape)

    @property
    def mean(self) -> Tensor:
        """The mean, ``1 / p - 1``."""
        return 1.0 / self.probs - 1.0

    @property
    def variance(self) -> Tensor:
        """The variance, ``(1 - p) / p ** 2``."""
        return (1.0 / self.probs - 1.0) / self.probs

    def _count(self, op: str, k) -> Tensor:
        if isinstance(k, (bool, np.bool_)) or not isinstance(k, (numbers.Real, list, tuple, np.ndarray, Tensor)):
            raise TypeError(f"[Geometric.{op}] argument 'k': expected an int or a Tensor, but got {got(k)}")
        return value_tensor(f"Geometric.{op}", k, self.dtype, self._extend_shape(()), arg="k")

    def pmf(self, k) -> Tensor:
        """The probability of ``k`` failures before the first success."""
        return paddle.exp(self.log_pmf(k))

    def log_pmf(self, k) -> Tensor:
        """The log of :meth:`pmf`: ``k * log(1 - p) + log(p)``."""
        k = self._count("log_pmf", k)
        # Where p == 1 only k == 0 is possible; 0 * log(0) must count as 0 there.
        failures = paddle.where(k == 0, paddle.zeros_like(k), k * paddle.log1p(-self.probs))
        return failures + paddle.log(self.probs)

    def log_prob(self, value) -> Tensor:
        """Same as :meth:`log_pmf`."""
        return self.log_pmf(value)

    def prob(self, value) -> Tensor:
        """Same as :meth:`pmf`."""
        return self.pmf(value)


    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw ``floor(log(u) / log(1 - p))``, u uniform on (0, 1); the counts are piecewise constant in ``p``."""
        shape = self._extend_shape(sample_shape("Geometric.rsample", shape))
        tiny = float(np.finfo(np.float32).tiny)
        u = paddle.uniform(list(shape), dtype=self.dtype, min=tiny, max=1.0)
        return paddle.floor(paddle.log(u) / paddle.log1p(-self.probs))

    def entropy(self) -> Tensor:
        """The entropy ``-((1 - p) log(1 - p) + p log p) / p``."""
        p = self.probs
        failure_term = paddle.where(p < 1, (1.0 - p) * paddle.log1p(-p), paddle.zeros_like(p))
        return -(failure_term + p * paddle.log(p)) / p

    def cdf(self, k) -> Tensor:
        """The probability of at most ``k`` failures: ``1 - (1 - p) ** (k + 1)``."""
        k = self._count("cdf", k)
        return 1.0 - paddle.pow(1.0 - self.probs, k + 1.0)
