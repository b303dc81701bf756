"""The Gumbel (type-I extreme value) distribution."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.distribution.transformed_distribution import TransformedDistribution
from paddle.distribution.uniform import Uniform

_EULER_GAMMA = 0.5772156649015329


class Gumbel(TransformedDistribution):
    r"""The Gumbel distribution with location ``loc`` and scale ``scale``.

    .. math::

        p(x) = \frac{1}{\beta} e^{-(z + e^{-z})}, \quad z = \frac{x - \mu}{\beta}

    As in Paddle it is a TransformedDistribution of a uniform base; samples
    are ``loc - scale * log(-log(u))``.

    Args:
        loc (float|list|numpy.ndarray|Tensor): the location :math:`\mu`.
        scale (float|list|numpy.ndarray|Tensor): the scale :math:`\beta > 0`.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Gumbel
        >>> dist = Gumbel(loc=0.0, scale=paddle.to_tensor([1.0, 2.0]))
        >>> dist.mean.numpy().astype("float64").round(4).tolist()
        [0.5772, 1.1544]
        >>> dist.cdf(paddle.to_tensor([0.0, 0.0])).numpy().astype("float64").round(4).tolist()
        [0.3679, 0.3679]
    """

    def __init__(self, loc, scale) -> None:
        self.loc, self.scale = parameters("Gumbel.__init__", loc=loc, scale=scale)
        self.dtype = self.loc.dtype
        finfo = np.finfo(self.dtype.name)
        # Uniform on (tiny, 1 - eps) keeps both logs of -log(-log(u)) finite.
        base = Uniform(paddle.full_like(self.loc, float(finfo.tiny)), paddle.full_like(self.loc, float(1 - finfo.eps)))
        super().__init__(base, [])

    @property
    def mean(self) -> Tensor:
        """The mean, ``loc + scale * euler_gamma``."""
        return self.loc + self.scale * _EULER_GAMMA

    @property
    def variance(self) -> Tensor:
        """The variance, ``pi ** 2 / 6 * scale ** 2``."""
        return self.scale.pow(2) * (math.pi**2 / 6.0)

    @property
    def stddev(self) -> Tensor:
        """The standard deviation, ``pi / sqrt(6) * scale``."""
        return paddle.sqrt(self.variance)

    def log_prob(self, value) -> Tensor:
        """The log density at ``value``."""
        value = value_tensor("Gumbel.log_prob", value, self.dtype, self._extend_shape(()))
        z = (value - self.loc) / self.scale
        return -(z + paddle.exp(-z)) - paddle.log(self.scale)

    def prob(self, value) -> Tensor:
        """The density at ``value``."""
        return paddle.exp(self.log_prob(value))

    def cdf(self, value) -> Tensor:
        """The CDF ``exp(-exp(-(value - loc) / scale))``."""
        value = value_tensor("Gumbel.cdf", value, self.dtype, self._extend_shape(()))
        return paddle.exp(-paddle.exp(-(value - self.loc) / self.scale))

    def entropy(self) -> Tensor:
        """The entropy, ``log(scale) + 1 + euler_gamma``."""
        return paddle.log(self.scale) + 1.0 + _EULER_GAMMA

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw samples of shape ``shape + batch_shape`` (no gradient)."""
        with paddle.no_grad():
            return self.rsample(shape).detach()

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw ``loc - scale * log(-log(u))``: differentiable in ``loc`` and ``scale``."""
        u = self._base.sample(sample_shape("Gumbel.rsample", shape))
        return self.loc - self.scale * paddle.log(-paddle.log(u))
