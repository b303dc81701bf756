"""The exponential distribution."""

from __future__ import annotations

from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.distribution.exponential_family import ExponentialFamily


class Exponential(ExponentialFamily):
    r"""The exponential distribution with rate ``rate``.

    .. math::

        p(x) = \lambda e^{-\lambda x}, \quad x \ge 0

    Args:
        rate (float|list|numpy.ndarray|Tensor): :math:`\lambda > 0`.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Exponential
        >>> dist = Exponential(paddle.to_tensor([0.5, 2.0]))
        >>> dist.mean.numpy().astype("float64").round(4).tolist()
        [2.0, 0.5]
        >>> dist.cdf(paddle.to_tensor([1.0, 1.0])).numpy().astype("float64").round(4).tolist()
        [0.3935, 0.8647]
    """

    def __init__(self, rate) -> None:
        (self.rate,) = parameters("Exponential.__init__", rate=rate)
        self.dtype = self.rate.dtype
        super().__init__(self.rate.shape)

    @property
    def mean(self) -> Tensor:
        """The mean, ``1 / rate``."""
        return self.rate.reciprocal()

    @property
    def variance(self) -> Tensor:
        """The variance, ``1 / rate ** 2``."""
        return self.rate.pow(-2)


    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw ``-log(1 - u) / rate``, u uniform on [0, 1): differentiable in ``rate``."""
        shape = self._extend_shape(sample_shape("Exponential.rsample", shape))
        u = paddle.rand(list(shape), dtype=self.dtype)
        return -paddle.log1p(-u) / self.rate

    def prob(self, value) -> Tensor:
        """The density at ``value`` (0 below 0)."""
        return paddle.exp(self.log_prob(value))

    def log_prob(self, value) -> Tensor:
        """The log density ``log(rate) - rate * value``, ``-inf`` below 0."""
        value = value_tensor("Exponential.log_prob", value, self.dtype, self._extend_shape(()))
        log_density = paddle.log(self.rate) - self.rate * value
        return paddle.where(value < 0, paddle.full_like(log_density, float("-inf")), log_density)

    def entropy(self) -> Tensor:
        """The entropy, ``1 - log(rate)``."""
        return 1.0 - paddle.log(self.rate)

    def cdf(self, value) -> Tensor:
        """The CDF ``1 - exp(-rate * value)`` (0 below 0)."""
        value = value_tensor("Exponential.cdf", value, self.dtype, self._extend_shape(()))
        return -paddle.expm1(-self.rate * paddle.clip(value, min=0.0))

    def icdf(self, value) -> Tensor:
        """The quantile function ``-log(1 - value) / rate`` for ``value`` in [0, 1)."""
        value = value_tensor("Exponential.icdf", value, self.dtype, self._extend_shape(()))
        return -paddle.log1p(-value) / self.rate

    @property
    def _natural_parameters(self) -> tuple[Tensor]:
        return (-self.rate,)

    def _log_normalizer(self, x: Tensor) -> Tensor:
        return -paddle.log(-x)

    @property
    def _mean_carrier_measure(self) -> float:
        return 0.0
