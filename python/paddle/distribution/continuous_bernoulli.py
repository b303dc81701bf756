"""The continuous Bernoulli distribution on [0, 1] (Loaiza-Ganem and Cunningham, 2019)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle._checks import got
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.distribution.bernoulli import clip_probs
from paddle.distribution.distribution import Distribution


class ContinuousBernoulli(Distribution):
    r"""The continuous Bernoulli distribution with parameter ``probs`` on [0, 1].

    .. math::

        p(x) = C(\lambda) \lambda^x (1 - \lambda)^{1 - x}, \quad
        C(\lambda) = \frac{2 \tanh^{-1}(1 - 2\lambda)}{1 - 2\lambda}
        \ (C(1/2) = 2)

    The closed forms divide by :math:`1 - 2\lambda`, so for ``probs`` in
    ``(lims[0], lims[1]]`` Taylor expansions around 1/2 replace them.
    As in Paddle, a Python number for ``probs`` gives batch shape ``(1,)``.

    Args:
        probs (float|list|numpy.ndarray|Tensor): :math:`\lambda`, clipped to
            ``[eps, 1 - eps]``.
        lims (tuple[float], optional): the interval around 1/2 where the Taylor
            expansions are used. Default: ``(0.499, 0.501)``.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import ContinuousBernoulli
        >>> dist = ContinuousBernoulli(paddle.to_tensor([0.2, 0.5]))
        >>> dist.mean.numpy().astype("float64").round(4).tolist()
        [0.388, 0.5]
        >>> dist.log_prob(paddle.to_tensor([0.3, 0.3])).numpy().astype("float64").round(4).tolist()
        [0.1984, 0.0]
    """

    def __init__(self, probs, lims: tuple[float, float] = (0.499, 0.501)) -> None:
        if isinstance(probs, (int, float)) and not isinstance(probs, bool):
            probs = [float(probs)]
        (probs,) = parameters("ContinuousBernoulli.__init__", probs=probs)
        if not isinstance(lims, (tuple, list)) or len(lims) != 2:
            raise TypeError(f"[ContinuousBernoulli.__init__] argument 'lims': expected a (low, high) pair of floats, "
                            f"but got {got(lims)}")
        self.dtype = probs.dtype
        self.probs = clip_probs(probs)
        self.lims = paddle.to_tensor([float(lims[0]), float(lims[1])], dtype=self.dtype)
        super().__init__(self.probs.shape)

    def _outside_lims(self) -> Tensor:
        """Where the closed forms are accurate enough (probs not within the Taylor interval)."""
        return (self.probs <= self.lims[0]) | (self.probs > self.lims[1])

    def _safe_probs(self) -> Tensor:
        """probs outside the Taylor interval, lims[0] inside it, so the unused closed forms stay finite."""
        return paddle.where(self._outside_lims(), self.probs, paddle.full_like(self.probs, 1.0) * self.lims[0])

    def _log_normalizer(self) -> Tensor:
        """log C(probs)."""
        p = self._safe_probs()
        closed = paddle.log(paddle.abs(paddle.log1p(-p) - paddle.log(p))) - paddle.log(paddle.abs(1.0 - 2.0 * p))
        x = (self.probs - 0.5) ** 2
        taylor = math.log(2.0) + (4.0 / 3.0 + 104.0 / 45.0 * x) * x
        return paddle.where(self._outside_lims(), closed, taylor)

    @property
    def mean(self) -> Tensor:
        r"""The mean :math:`\frac{\lambda}{2\lambda - 1} + \frac{1}{2\tanh^{-1}(1 - 2\lambda)}`."""
        p = self._safe_probs()
        closed = p / (2.0 * p - 1.0) + 1.0 / (paddle.log1p(-p) - paddle.log(p))
        d = self.probs - 0.5
        taylor = 0.5 + (1.0 / 3.0 + 16.0 / 45.0 * d**2) * d
        return paddle.where(self._outside_lims(), closed, taylor)

    @property
    def variance(self) -> Tensor:
        r"""The variance.

        .. math::

            \frac{\lambda(\lambda - 1)}{(1 - 2\lambda)^2} + \frac{1}{(\log(1 - \lambda) - \log\lambda)^2}
        """
        p = self._safe_probs()
        closed = p * (p - 1.0) / (1.0 - 2.0 * p) ** 2 + 1.0 / (paddle.log1p(-p) - paddle.log(p)) ** 2
        x = (self.probs - 0.5) ** 2
        taylor = 1.0 / 12.0 - (1.0 / 15.0 - 128.0 / 945.0 * x) * x
        return paddle.where(self._outside_lims(), closed, taylor)


    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw ``icdf(u)``, u uniform: differentiable in ``probs``."""
        shape = self._extend_shape(sample_shape("ContinuousBernoulli.rsample", shape))
        return self.icdf(paddle.rand(list(shape), dtype=self.dtype))

    def log_prob(self, value) -> Tensor:
        """The log density at ``value`` in [0, 1]."""
        value = value_tensor("ContinuousBernoulli.log_prob", value, self.dtype, self._extend_shape(()))
        return self._log_normalizer() + value * paddle.log(self.probs) + (1.0 - value) * paddle.log1p(-self.probs)

    def prob(self, value) -> Tensor:
        """The density at ``value``."""
        return paddle.exp(self.log_prob(value))

    def entropy(self) -> Tensor:
        """The entropy ``-log C - mean * log(p / (1 - p)) - log(1 - p)``."""
        log_p, log_q = paddle.log(self.probs), paddle.log1p(-self.probs)
        return -self._log_normalizer() - self.mean * (log_p - log_q) - log_q

    def cdf(self, value) -> Tensor:
        r"""The CDF :math:`\frac{\lambda^x (1 - \lambda)^{1 - x} + \lambda - 1}{2\lambda - 1}`, clamped to [0, 1]."""
        value = value_tensor("ContinuousBernoulli.cdf", value, self.dtype, self._extend_shape(()))
        p = self._safe_probs()
        closed = (p**value * (1.0 - p) ** (1.0 - value) + p - 1.0) / (2.0 * p - 1.0)
        inside = paddle.where(self._outside_lims(), closed, value)
        # The closed form leaves [0, 1] outside the support, where the CDF is 0 or 1.
        return paddle.clip(inside, 0.0, 1.0)

    def icdf(self, value) -> Tensor:
        """The quantile function, the inverse of :meth:`cdf`, for ``value`` in [0, 1]."""
        value = value_tensor("ContinuousBernoulli.icdf", value, self.dtype, self._extend_shape(()))
        p = self._safe_probs()
        closed = (paddle.log1p(-p + value * (2.0 * p - 1.0)) - paddle.log1p(-p)) / (paddle.log(p) - paddle.log1p(-p))
        return paddle.where(self._outside_lims(), closed, value)
