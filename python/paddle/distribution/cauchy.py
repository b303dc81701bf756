"""The Cauchy distribution."""

from __future__ import annotations

import math
from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.distribution.distribution import Distribution


class Cauchy(Distribution):
    r"""The Cauchy distribution with location ``loc`` and scale ``scale``.

    .. math::

        p(x) = \frac{1}{\pi\gamma \left(1 + \left(\frac{x - x_0}{\gamma}\right)^2\right)}

    It has no mean, variance or standard deviation: those properties raise
    ValueError.

    Args:
        loc (float|list|numpy.ndarray|Tensor): the location :math:`x_0`.
        scale (float|list|numpy.ndarray|Tensor): the scale :math:`\gamma > 0`.
        name (str|None, optional): a name for the distribution. Default: None.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Cauchy
        >>> dist = Cauchy(loc=0.0, scale=paddle.to_tensor([1.0, 2.0]))
        >>> dist.log_prob(paddle.to_tensor([1.0, 1.0])).numpy().astype("float64").round(4).tolist()
        [-1.8379, -2.061]
        >>> dist.cdf(paddle.to_tensor([1.0, 1.0])).numpy().astype("float64").round(4).tolist()
        [0.75, 0.6476]
    """

    def __init__(self, loc, scale, name: str | None = None) -> None:
        self.name = name if name is not None else "Cauchy"
        self.loc, self.scale = parameters("Cauchy.__init__", loc=loc, scale=scale)
        self.dtype = self.loc.dtype
        super().__init__(self.loc.shape, ())

    @property
    def mean(self) -> Tensor:
        """Not defined: raises ValueError."""
        raise ValueError("[Cauchy.mean] the Cauchy distribution has no mean")

    @property
    def variance(self) -> Tensor:
        """Not defined: raises ValueError."""
        raise ValueError("[Cauchy.variance] the Cauchy distribution has no variance")

    @property
    def stddev(self) -> Tensor:
        """Not defined: raises ValueError."""
        raise ValueError("[Cauchy.stddev] the Cauchy distribution has no standard deviation")

    def sample(self, shape: Sequence[int] = [], name: str | None = None) -> Tensor:
        """Draw samples of shape ``shape + batch_shape`` (no gradient)."""
        with paddle.no_grad():
            return self.rsample(shape, name).detach()

    def rsample(self, shape: Sequence[int] = [], name: str | None = None) -> Tensor:
        """Draw ``loc + scale * tan(pi * (u - 1/2))``: differentiable in ``loc`` and ``scale``."""
        shape = self._extend_shape(sample_shape("Cauchy.rsample", shape))
        u = paddle.rand(list(shape), dtype=self.dtype)
        return self.loc + self.scale * paddle.tan(math.pi * (u - 0.5))

    def log_prob(self, value) -> Tensor:
        """The log density at ``value``."""
        value = value_tensor("Cauchy.log_prob", value, self.dtype, self._extend_shape(()))
        z = (value - self.loc) / self.scale
        return -paddle.log1p(z * z) - math.log(math.pi) - paddle.log(self.scale)

    def prob(self, value) -> Tensor:
        """The density at ``value``."""
        return paddle.exp(self.log_prob(value))

    def cdf(self, value) -> Tensor:
        """The CDF ``atan((value - loc) / scale) / pi + 1/2``."""
        value = value_tensor("Cauchy.cdf", value, self.dtype, self._extend_shape(()))
        return paddle.atan((value - self.loc) / self.scale) / math.pi + 0.5

    def icdf(self, value) -> Tensor:
        """The quantile function ``loc + scale * tan(pi * (value - 1/2))``."""
        value = value_tensor("Cauchy.icdf", value, self.dtype, self._extend_shape(()))
        return self.loc + self.scale * paddle.tan(math.pi * (value - 0.5))

    def entropy(self) -> Tensor:
        """The entropy, ``log(4 pi scale)``."""
        return math.log(4.0 * math.pi) + paddle.log(self.scale)
