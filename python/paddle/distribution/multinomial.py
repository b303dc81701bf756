"""The multinomial distribution: counts of ``total_count`` categorical draws."""

from __future__ import annotations

from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle._checks import got
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.tensor.sampling import draw_binomial
from paddle.distribution.distribution import Distribution


def xlogy(x: Tensor, y: Tensor) -> Tensor:
    """``x * log(y)`` (broadcast) with 0 where ``x == 0``: a zero count of an impossible outcome costs nothing."""
    product = x * paddle.log(y)
    return paddle.where(x == 0, paddle.zeros_like(product), product)


class Multinomial(Distribution):
    r"""The multinomial distribution of category counts in ``total_count`` independent draws.

    .. math::

        P(x) = \frac{n!}{\prod_i x_i!} \prod_i p_i^{x_i}, \quad \sum_i x_i = n

    Args:
        total_count (int): the number of draws :math:`n \ge 1`.
        probs (list|numpy.ndarray|Tensor): the category probabilities, shape
            ``batch_shape + [K]``; they are normalized along the last axis.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Multinomial
        >>> dist = Multinomial(4, paddle.to_tensor([0.2, 0.3, 0.5]))
        >>> dist.mean.numpy().astype("float64").round(4).tolist()
        [0.8, 1.2, 2.0]
        >>> round(float(dist.log_prob(paddle.to_tensor([1.0, 1.0, 2.0]))), 4)
        -1.7148
    """

    def __init__(self, total_count: int, probs) -> None:
        if isinstance(total_count, bool) or not isinstance(total_count, int):
            raise TypeError(f"[Multinomial.__init__] argument 'total_count': expected an int, but got "
                            f"{got(total_count)}")
        if total_count < 1:
            raise ValueError(f"[Multinomial.__init__] argument 'total_count': expected an int >= 1, but got "
                             f"{total_count}")
        (probs,) = parameters("Multinomial.__init__", probs=probs)
        if probs.ndim < 1:
            raise ValueError("[Multinomial.__init__] argument 'probs': expected at least one dimension (the "
                             "categories), but got a 0-D value")
        self.total_count = total_count
        self.probs = probs / probs.sum(-1, keepdim=True)
        self.dtype = self.probs.dtype
        super().__init__(probs.shape[:-1], probs.shape[-1:])

    @property
    def mean(self) -> Tensor:
        """The mean counts, ``total_count * probs``."""
        return self.probs * self.total_count

    @property
    def variance(self) -> Tensor:
        """The count variances, ``total_count * probs * (1 - probs)``."""
        return self.total_count * self.probs * (1.0 - self.probs)

    def log_prob(self, value) -> Tensor:
        """The log probability of the count vectors in ``value`` (last axis the categories)."""
        value = value_tensor("Multinomial.log_prob", value, self.dtype, self._extend_shape(()))
        log_factorials = paddle.lgamma(value.sum(-1) + 1.0) - paddle.lgamma(value + 1.0).sum(-1)
        return log_factorials + xlogy(value, self.probs).sum(-1)

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw count vectors of shape ``shape + batch_shape + [K]`` (no gradient).

        Counts come category by category: the i-th is binomial in the draws
        left, with the probability of category i among the categories left.
        """
        shape = self._extend_shape(sample_shape("Multinomial.sample", shape))
        with paddle.no_grad():
            probs = paddle.broadcast_to(self.probs.detach().astype("float64"), list(shape))
            remaining_count = paddle.full(list(shape[:-1]), float(self.total_count), dtype="float64")
            remaining_prob = paddle.ones(list(shape[:-1]), dtype="float64")
            counts = []
            for i in range(shape[-1] - 1):
                p_i = probs[..., i]
                share = paddle.where(remaining_prob > 0, p_i / remaining_prob, paddle.zeros_like(p_i))
                count = draw_binomial(remaining_count, paddle.clip(share, 0.0, 1.0))
                counts.append(count)
                remaining_count = remaining_count - count
                remaining_prob = remaining_prob - p_i
            counts.append(remaining_count)
            return paddle.stack(counts, -1).astype(self.dtype)

    def entropy(self) -> Tensor:
        r"""The entropy :math:`n H(p) - \log n! + \sum_i E[\log x_i!]`, each :math:`x_i` binomial(n, p_i)."""
        n = float(self.total_count)
        k = paddle.arange(1, self.total_count + 1, dtype=self.dtype).reshape([-1] + [1] * self.probs.ndim)
        log_binomial_pmf = (paddle.lgamma(paddle.full([], n + 1.0, dtype=self.dtype)) - paddle.lgamma(k + 1.0)
                            - paddle.lgamma(n - k + 1.0) + xlogy(k, self.probs) + xlogy(n - k, 1.0 - self.probs))
        expected_log_factorials = (paddle.exp(log_binomial_pmf) * paddle.lgamma(k + 1.0)).sum([0, -1])
        categorical_entropy = -xlogy(self.probs, self.probs).sum(-1)
        return n * categorical_entropy - paddle.lgamma(paddle.full([], n + 1.0, dtype=self.dtype)) \
            + expected_log_factorials
