"""The Poisson distribution."""

from __future__ import annotations

from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.distribution.distribution import Distribution


def bounded_support(rate: Tensor) -> Tensor:
    """0, 1, ..., up to max(rate) + 30 sqrt(max(rate)): beyond it the mass is negligible in float64."""
    max_rate = float(rate.max().item()) if rate.size > 0 else 0.0
    upper = int(max_rate + 30.0 * max(max_rate, 1.0) ** 0.5) + 1
    return paddle.arange(upper, dtype=rate.dtype)


def expectation_over_support(log_probs: Tensor, values: Tensor) -> Tensor:
    """sum_k exp(log_probs[k]) * values[k] over axis 0, with 0 where the probability is 0."""
    weights = paddle.exp(log_probs)
    return paddle.where(weights > 0, weights * values, paddle.zeros_like(values)).sum(0)


class Poisson(Distribution):
    r"""The Poisson distribution with rate ``rate``.

    .. math::

        P(X = k) = \frac{\lambda^k e^{-\lambda}}{k!}, \quad k = 0, 1, 2, \dots

    As in Paddle, a Python number for ``rate`` gives batch shape ``(1,)``.

    Args:
        rate (float|list|numpy.ndarray|Tensor): :math:`\lambda \ge 0`.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Poisson
        >>> dist = Poisson(paddle.to_tensor([1.0, 4.0]))
        >>> dist.log_prob(paddle.to_tensor([0.0, 3.0])).numpy().astype("float64").round(4).tolist()
        [-1.0, -1.6329]
        >>> dist.entropy().numpy().astype("float64").round(4).tolist()
        [1.3048, 2.0867]
    """

    def __init__(self, rate) -> None:
        if isinstance(rate, (int, float)) and not isinstance(rate, bool):
            rate = [float(rate)]
        (self.rate,) = parameters("Poisson.__init__", rate=rate)
        self.dtype = self.rate.dtype
        super().__init__(self.rate.shape)

    @property
    def mean(self) -> Tensor:
        """The mean, ``rate``."""
        return self.rate

    @property
    def variance(self) -> Tensor:
        """The variance, ``rate``."""
        return self.rate

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw counts (as floats) of shape ``shape + batch_shape`` (no gradient)."""
        shape = self._extend_shape(sample_shape("Poisson.sample", shape))
        with paddle.no_grad():
            return paddle.poisson(paddle.broadcast_to(self.rate.detach(), list(shape)))

    def log_prob(self, value) -> Tensor:
        """The log probability ``k log(rate) - rate - log(k!)``; ``-inf`` for negative ``k``."""
        value = value_tensor("Poisson.log_prob", value, self.dtype, self._extend_shape(()))
        # k log(rate) is 0 for k == 0 even when rate == 0.
        k_log_rate = paddle.where(value == 0, paddle.zeros_like(value), value * paddle.log(self.rate))
        log_prob = k_log_rate - self.rate - paddle.lgamma(value + 1.0)
        return paddle.where(value < 0, paddle.full_like(log_prob, float("-inf")), log_prob)

    def prob(self, value) -> Tensor:
        """The probability of ``value``."""
        return paddle.exp(self.log_prob(value))

    def entropy(self) -> Tensor:
        """The entropy, summed over the support up to ``max(rate) + 30 sqrt(max(rate))``."""
        support = bounded_support(self.rate).reshape([-1] + [1] * len(self.batch_shape))
        log_probs = self.log_prob(support)
        return -expectation_over_support(log_probs, log_probs)
