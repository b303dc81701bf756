"""The log-normal distribution: exp of a normal variable."""

from __future__ import annotations

import paddle
from paddle._C import Tensor
from paddle.distribution.normal import Normal
from paddle.distribution.transform import ExpTransform
from paddle.distribution.transformed_distribution import TransformedDistribution


class LogNormal(TransformedDistribution):
    r"""The distribution of ``exp(X)`` for ``X ~ Normal(loc, scale)``.

    .. math::

        p(y) = \frac{1}{y \sigma \sqrt{2\pi}} \exp\left(-\frac{(\log y - \mu)^2}{2\sigma^2}\right), \quad y > 0

    Args:
        loc (float|list|numpy.ndarray|Tensor): the mean :math:`\mu` of ``log(Y)``.
        scale (float|list|numpy.ndarray|Tensor): the standard deviation
            :math:`\sigma > 0` of ``log(Y)``.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import LogNormal
        >>> dist = LogNormal(loc=0.0, scale=[0.5, 1.0])
        >>> dist.mean.numpy().astype("float64").round(4).tolist()
        [1.1331, 1.6487]
        >>> dist.log_prob(paddle.to_tensor([1.0, 1.0])).numpy().astype("float64").round(4).tolist()
        [-0.2258, -0.9189]
    """

    def __init__(self, loc, scale) -> None:
        base = Normal(loc, scale)
        self.loc = base.loc
        self.scale = base.scale
        self.dtype = base.dtype
        super().__init__(base, [ExpTransform()])

    @property
    def mean(self) -> Tensor:
        """The mean, ``exp(loc + scale ** 2 / 2)``."""
        return paddle.exp(self.loc + self.scale**2 / 2.0)

    @property
    def variance(self) -> Tensor:
        """The variance, ``(exp(scale ** 2) - 1) * exp(2 * loc + scale ** 2)``."""
        return paddle.expm1(self.scale**2) * paddle.exp(2.0 * self.loc + self.scale**2)

    def entropy(self) -> Tensor:
        """The entropy, the normal's entropy plus ``loc``."""
        return self._base.entropy() + self.loc

    def probs(self, value) -> Tensor:
        """The density at ``value``."""
        return paddle.exp(self.log_prob(value))
