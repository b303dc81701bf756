"""The binomial distribution."""

from __future__ import annotations

from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import common_dtype, parameters, sample_shape, value_tensor
from paddle.tensor.sampling import draw_binomial
from paddle.distribution.bernoulli import clip_probs
from paddle.distribution.distribution import Distribution
from paddle.distribution.poisson import expectation_over_support


class Binomial(Distribution):
    r"""The binomial distribution: successes in ``total_count`` trials of probability ``probs``.

    .. math::

        P(X = k) = \binom{n}{k} p^k (1 - p)^{n - k}, \quad k = 0, \dots, n

    Args:
        total_count (int|list|numpy.ndarray|Tensor): the number of trials
            :math:`n \ge 0` (converted to the float dtype of ``probs``).
        probs (float|list|numpy.ndarray|Tensor): the success probability
            :math:`p`. Both broadcast together to the batch shape.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Binomial
        >>> dist = Binomial(10, paddle.to_tensor([0.2, 0.5]))
        >>> dist.mean.numpy().astype("float64").round(4).tolist()
        [2.0, 5.0]
        >>> dist.prob(paddle.to_tensor([2.0, 5.0])).numpy().astype("float64").round(4).tolist()
        [0.302, 0.2461]
    """

    def __init__(self, total_count, probs) -> None:
        # As in Paddle, the dtype follows probs; integer counts become floats of it.
        self.total_count, self.probs = parameters("Binomial.__init__", dtype=common_dtype(probs),
                                                  total_count=total_count, probs=probs)
        self.dtype = self.probs.dtype
        super().__init__(self.probs.shape)

    @property
    def mean(self) -> Tensor:
        """The mean, ``total_count * probs``."""
        return self.total_count * self.probs

    @property
    def variance(self) -> Tensor:
        """The variance, ``total_count * probs * (1 - probs)``."""
        return self.total_count * self.probs * (1.0 - self.probs)

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw success counts (as floats) of shape ``shape + batch_shape`` (no gradient)."""
        shape = list(self._extend_shape(sample_shape("Binomial.sample", shape)))
        counts = draw_binomial(paddle.broadcast_to(self.total_count.detach().astype("float64"), shape),
                               paddle.broadcast_to(self.probs.detach().astype("float64"), shape))
        return counts.astype(self.dtype)

    def log_prob(self, value) -> Tensor:
        """The log probability of ``value`` successes; ``-inf`` outside 0..total_count."""
        value = value_tensor("Binomial.log_prob", value, self.dtype, self._extend_shape(()))
        n = self.total_count
        probs = clip_probs(self.probs)  # as Paddle: keeps 0 * log(0) out for p in {0, 1}
        log_prob = (paddle.lgamma(n + 1.0) - paddle.lgamma(n - value + 1.0) - paddle.lgamma(value + 1.0)
                    + value * paddle.log(probs) + (n - value) * paddle.log1p(-probs))
        outside = (value < 0) | (value > n)
        return paddle.where(outside, paddle.full_like(log_prob, float("-inf")), log_prob)

    def prob(self, value) -> Tensor:
        """The probability of ``value`` successes."""
        return paddle.exp(self.log_prob(value))

    def _support(self) -> Tensor:
        """0 .. max(total_count), shaped to broadcast against the batch along a new leading axis."""
        upper = int(self.total_count.max().item()) if self.total_count.size > 0 else 0
        return paddle.arange(upper + 1, dtype=self.dtype).reshape([-1] + [1] * len(self.batch_shape))

    def entropy(self) -> Tensor:
        """The entropy, summed over the support."""
        log_probs = self.log_prob(self._support())
        return -expectation_over_support(log_probs, log_probs)
