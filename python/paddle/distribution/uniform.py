"""The continuous uniform distribution."""

from __future__ import annotations

from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.distribution.distribution import Distribution


class Uniform(Distribution):
    r"""The uniform distribution on the open interval ``(low, high)``.

    .. math::

        p(x) = \frac{1}{high - low} \quad \text{for } low < x < high

    Args:
        low (float|list|numpy.ndarray|Tensor): the lower bound.
        high (float|list|numpy.ndarray|Tensor): the upper bound, above
            ``low``. ``low`` and ``high`` broadcast together to the batch shape.
        name (str|None, optional): a name for the distribution. Default: None.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Uniform
        >>> dist = Uniform(low=0.0, high=[2.0, 4.0])
        >>> dist.log_prob(paddle.to_tensor([1.0, 5.0])).numpy().astype("float64").round(4).tolist()
        [-0.6931, -inf]
        >>> dist.entropy().numpy().astype("float64").round(4).tolist()
        [0.6931, 1.3863]
    """

    def __init__(self, low, high, name: str | None = None) -> None:
        self.name = name if name is not None else "Uniform"
        self.low, self.high = parameters("Uniform.__init__", low=low, high=high)
        self.dtype = self.low.dtype
        super().__init__(self.low.shape)

    @property
    def mean(self) -> Tensor:
        """The mean, ``(low + high) / 2``."""
        return (self.low + self.high) / 2.0

    @property
    def variance(self) -> Tensor:
        """The variance, ``(high - low) ** 2 / 12``."""
        return (self.high - self.low) ** 2 / 12.0


    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw ``low + (high - low) * u``, u uniform on [0, 1): differentiable in ``low`` and ``high``."""
        shape = self._extend_shape(sample_shape("Uniform.rsample", shape))
        u = paddle.rand(list(shape), dtype=self.dtype)
        return self.low + (self.high - self.low) * u

    def log_prob(self, value) -> Tensor:
        """The log density: ``-log(high - low)`` inside ``(low, high)``, ``-inf`` outside."""
        value = value_tensor("Uniform.log_prob", value, self.dtype, self._extend_shape(()))
        inside = ((self.low < value) & (value < self.high)).astype(self.dtype)
        return paddle.log(inside) - paddle.log(self.high - self.low)

    def probs(self, value) -> Tensor:
        """The density: ``1 / (high - low)`` inside ``(low, high)``, 0 outside."""
        value = value_tensor("Uniform.probs", value, self.dtype, self._extend_shape(()))
        inside = ((self.low < value) & (value < self.high)).astype(self.dtype)
        return inside / (self.high - self.low)

    def entropy(self) -> Tensor:
        """The entropy, ``log(high - low)``."""
        return paddle.log(self.high - self.low)
