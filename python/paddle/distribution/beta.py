"""The beta distribution on (0, 1)."""

from __future__ import annotations

from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.tensor.sampling import draw_beta, standard_gamma
from paddle.distribution.exponential_family import ExponentialFamily


def log_beta_function(a: Tensor, b: Tensor) -> Tensor:
    """log B(a, b) = lgamma(a) + lgamma(b) - lgamma(a + b)."""
    return paddle.lgamma(a) + paddle.lgamma(b) - paddle.lgamma(a + b)


class Beta(ExponentialFamily):
    r"""The beta distribution with concentrations ``alpha`` and ``beta``.

    .. math::

        p(x) = \frac{x^{\alpha - 1} (1 - x)^{\beta - 1}}{B(\alpha, \beta)}, \quad 0 < x < 1

    Args:
        alpha (float|list|numpy.ndarray|Tensor): :math:`\alpha > 0`.
        beta (float|list|numpy.ndarray|Tensor): :math:`\beta > 0`. Both
            broadcast together to the batch shape.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Beta
        >>> dist = Beta(alpha=paddle.to_tensor([2.0, 0.5]), beta=3.0)
        >>> dist.mean.numpy().astype("float64").round(4).tolist()
        [0.4, 0.1429]
        >>> dist.log_prob(paddle.to_tensor([0.5, 0.5])).numpy().astype("float64").round(4).tolist()
        [0.4055, -1.1043]
    """

    def __init__(self, alpha, beta) -> None:
        self.alpha, self.beta = parameters("Beta.__init__", alpha=alpha, beta=beta)
        self.dtype = self.alpha.dtype
        super().__init__(self.alpha.shape)

    @property
    def mean(self) -> Tensor:
        """The mean, ``alpha / (alpha + beta)``."""
        return self.alpha / (self.alpha + self.beta)

    @property
    def variance(self) -> Tensor:
        """The variance, ``alpha * beta / ((alpha + beta) ** 2 * (alpha + beta + 1))``."""
        total = self.alpha + self.beta
        return self.alpha * self.beta / (total.pow(2) * (total + 1.0))

    def prob(self, value) -> Tensor:
        """The density at ``value``."""
        return paddle.exp(self.log_prob(value))

    def log_prob(self, value) -> Tensor:
        """The log density at ``value`` in (0, 1)."""
        value = value_tensor("Beta.log_prob", value, self.dtype, self._extend_shape(()))
        return ((self.alpha - 1.0) * paddle.log(value) + (self.beta - 1.0) * paddle.log1p(-value)
                - log_beta_function(self.alpha, self.beta))

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw samples of shape ``shape + batch_shape`` (no gradient), as ``X / (X + Y)`` of two gamma variates."""
        shape = list(self._extend_shape(sample_shape("Beta.sample", shape)))
        alpha = paddle.broadcast_to(self.alpha.detach().astype("float64"), shape)
        beta = paddle.broadcast_to(self.beta.detach().astype("float64"), shape)
        return draw_beta(alpha, beta).astype(self.dtype)

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw samples differentiable in ``alpha`` and ``beta`` (implicit reparameterization of the gammas)."""
        shape = list(self._extend_shape(sample_shape("Beta.rsample", shape)))
        x = standard_gamma(paddle.broadcast_to(self.alpha, shape))
        y = standard_gamma(paddle.broadcast_to(self.beta, shape))
        return x / (x + y)

    def entropy(self) -> Tensor:
        r"""The entropy.

        .. math::

            \log B(\alpha, \beta) - (\alpha - 1)\psi(\alpha) - (\beta - 1)\psi(\beta)
            + (\alpha + \beta - 2)\psi(\alpha + \beta)
        """
        a, b = self.alpha, self.beta
        return (log_beta_function(a, b) - (a - 1.0) * paddle.digamma(a) - (b - 1.0) * paddle.digamma(b)
                + (a + b - 2.0) * paddle.digamma(a + b))

    @property
    def _natural_parameters(self) -> tuple[Tensor, Tensor]:
        return (self.alpha, self.beta)

    def _log_normalizer(self, alpha: Tensor, beta: Tensor) -> Tensor:
        return log_beta_function(alpha, beta)

    @property
    def _mean_carrier_measure(self) -> Tensor:
        # With these natural parameters the carrier is h(x) = 1 / (x (1 - x)).
        total = paddle.digamma(self.alpha + self.beta)
        return -(paddle.digamma(self.alpha) - total) - (paddle.digamma(self.beta) - total)
