"""The Laplace (double exponential) distribution."""

from __future__ import annotations

import math
from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.distribution.distribution import Distribution


class Laplace(Distribution):
    r"""The Laplace distribution with location ``loc`` and scale ``scale``.

    .. math::

        p(x) = \frac{1}{2b} \exp\left(-\frac{|x - \mu|}{b}\right)

    Args:
        loc (float|list|numpy.ndarray|Tensor): the location :math:`\mu`.
        scale (float|list|numpy.ndarray|Tensor): the scale :math:`b > 0`.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Laplace
        >>> dist = Laplace(loc=0.0, scale=paddle.to_tensor([1.0, 2.0]))
        >>> dist.log_prob(paddle.to_tensor([1.0, 1.0])).numpy().astype("float64").round(4).tolist()
        [-1.6931, -1.8863]
        >>> dist.icdf(paddle.to_tensor([0.5, 0.75])).numpy().astype("float64").round(4).tolist()
        [0.0, 1.3863]
    """

    def __init__(self, loc, scale) -> None:
        self.loc, self.scale = parameters("Laplace.__init__", loc=loc, scale=scale)
        self.dtype = self.loc.dtype
        super().__init__(self.loc.shape)

    @property
    def mean(self) -> Tensor:
        """The mean, ``loc``."""
        return self.loc

    @property
    def stddev(self) -> Tensor:
        """The standard deviation, ``sqrt(2) * scale``."""
        return math.sqrt(2.0) * self.scale

    @property
    def variance(self) -> Tensor:
        """The variance, ``2 * scale ** 2``."""
        return 2.0 * self.scale.pow(2)

    def log_prob(self, value) -> Tensor:
        """The log density at ``value``."""
        value = value_tensor("Laplace.log_prob", value, self.dtype, self._extend_shape(()))
        return -paddle.log(2.0 * self.scale) - paddle.abs(value - self.loc) / self.scale

    def entropy(self) -> Tensor:
        """The entropy, ``1 + log(2 * scale)``."""
        return 1.0 + paddle.log(2.0 * self.scale)

    def cdf(self, value) -> Tensor:
        """The CDF ``1/2 - sign(z) * expm1(-|z|) / 2`` with ``z = (value - loc) / scale``."""
        value = value_tensor("Laplace.cdf", value, self.dtype, self._extend_shape(()))
        z = (value - self.loc) / self.scale
        return 0.5 - 0.5 * paddle.sign(z) * paddle.expm1(-paddle.abs(z))

    def icdf(self, value) -> Tensor:
        """The quantile function ``loc - scale * sign(v - 1/2) * log(1 - 2|v - 1/2|)``."""
        value = value_tensor("Laplace.icdf", value, self.dtype, self._extend_shape(()))
        centered = value - 0.5
        return self.loc - self.scale * paddle.sign(centered) * paddle.log1p(-2.0 * paddle.abs(centered))


    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw by the inverse CDF of a uniform in (-1, 1): differentiable in ``loc`` and ``scale``."""
        shape = self._extend_shape(sample_shape("Laplace.rsample", shape))
        eps = float(paddle.finfo(self.dtype).eps)
        # Keep |u| < 1 so log1p(-|u|) stays finite.
        u = paddle.uniform(list(shape), dtype=self.dtype, min=-1.0 + eps, max=1.0 - eps)
        return self.loc - self.scale * paddle.sign(u) * paddle.log1p(-paddle.abs(u))
