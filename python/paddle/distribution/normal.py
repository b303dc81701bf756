"""The normal (Gaussian) distribution."""

from __future__ import annotations

import math
from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.distribution.distribution import Distribution

_LOG_SQRT_2PI = 0.5 * math.log(2.0 * math.pi)


class Normal(Distribution):
    r"""The normal distribution with mean ``loc`` and standard deviation ``scale``.

    .. math::

        p(x) = \frac{1}{\sqrt{2\pi}\sigma} \exp\left(-\frac{(x - \mu)^2}{2\sigma^2}\right)

    Args:
        loc (float|list|numpy.ndarray|Tensor): the mean :math:`\mu`.
        scale (float|list|numpy.ndarray|Tensor): the standard deviation
            :math:`\sigma > 0`. ``loc`` and ``scale`` broadcast together to
            the batch shape.
        name (str|None, optional): a name for the distribution. Default: None.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Normal
        >>> dist = Normal(loc=[0.0, 1.0], scale=2.0)
        >>> dist.batch_shape
        (2,)
        >>> dist.log_prob(paddle.to_tensor([0.0, 0.0])).numpy().astype("float64").round(4).tolist()
        [-1.6121, -1.7371]
        >>> dist.entropy().numpy().astype("float64").round(4).tolist()
        [2.1121, 2.1121]
        >>> paddle.distribution.kl_divergence(dist, Normal(0.0, 1.0)).numpy().astype("float64").round(4).tolist()
        [0.8069, 1.3069]
    """

    def __init__(self, loc, scale, name: str | None = None) -> None:
        self.name = name if name is not None else "Normal"
        self.loc, self.scale = parameters("Normal.__init__", loc=loc, scale=scale)
        self.dtype = self.loc.dtype
        super().__init__(self.loc.shape)

    @property
    def mean(self) -> Tensor:
        """The mean, ``loc``."""
        return self.loc

    @property
    def variance(self) -> Tensor:
        """The variance, ``scale ** 2``."""
        return self.scale.pow(2)

    @property
    def stddev(self) -> Tensor:
        """The standard deviation, ``scale``."""
        return self.scale


    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw ``loc + scale * eps``, eps standard normal: differentiable in ``loc`` and ``scale``."""
        shape = self._extend_shape(sample_shape("Normal.rsample", shape))
        eps = paddle.randn(list(shape), dtype=self.dtype)
        return self.loc + eps * self.scale

    def entropy(self) -> Tensor:
        r"""The entropy :math:`\frac{1}{2} + \frac{1}{2}\log(2\pi) + \log\sigma`."""
        return 0.5 + _LOG_SQRT_2PI + paddle.log(self.scale)

    def log_prob(self, value) -> Tensor:
        """The log density at ``value``."""
        value = value_tensor("Normal.log_prob", value, self.dtype, self._extend_shape(()))
        return -((value - self.loc) ** 2) / (2.0 * self.scale**2) - paddle.log(self.scale) - _LOG_SQRT_2PI

    def probs(self, value) -> Tensor:
        """The density at ``value``."""
        return paddle.exp(self.log_prob(value))

    def cdf(self, value) -> Tensor:
        r"""The cumulative distribution function :math:`\frac{1}{2}(1 + \mathrm{erf}((x - \mu) / (\sigma\sqrt{2})))`."""
        value = value_tensor("Normal.cdf", value, self.dtype, self._extend_shape(()))
        return 0.5 * (1.0 + paddle.erf((value - self.loc) / (self.scale * math.sqrt(2.0))))

    def icdf(self, value) -> Tensor:
        """The quantile function, the inverse of :meth:`cdf`, for ``value`` in (0, 1)."""
        value = value_tensor("Normal.icdf", value, self.dtype, self._extend_shape(()))
        return self.loc + self.scale * math.sqrt(2.0) * paddle.erfinv(2.0 * value - 1.0)
