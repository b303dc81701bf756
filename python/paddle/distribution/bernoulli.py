"""The Bernoulli distribution over {0, 1}."""

from __future__ import annotations

import numbers
from collections.abc import Sequence

import paddle
import paddle.nn.functional as F
from paddle._C import Tensor
from paddle._checks import got
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.distribution.exponential_family import ExponentialFamily


def clip_probs(probs: Tensor) -> Tensor:
    """Probabilities kept eps away from 0 and 1, so their logits stay finite (as Paddle does)."""
    eps = paddle.finfo(probs.dtype).eps
    return paddle.clip(probs, min=eps, max=1.0 - eps)


class Bernoulli(ExponentialFamily):
    r"""The Bernoulli distribution: 1 with probability ``probs``, 0 otherwise.

    ``probs`` is clipped to ``[eps, 1 - eps]`` (eps the dtype's machine
    epsilon) so that ``logits = log(p) - log(1 - p)`` stays finite.

    Args:
        probs (float|list|numpy.ndarray|Tensor): the probability of 1.
        name (str|None, optional): a name for the distribution. Default: None.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Bernoulli
        >>> dist = Bernoulli(paddle.to_tensor([0.3, 0.5]))
        >>> dist.log_prob(paddle.to_tensor([1.0, 0.0])).numpy().astype("float64").round(4).tolist()
        [-1.204, -0.6931]
        >>> dist.entropy().numpy().astype("float64").round(4).tolist()
        [0.6109, 0.6931]
    """

    def __init__(self, probs, name: str | None = None) -> None:
        self.name = name if name is not None else "Bernoulli"
        (probs,) = parameters("Bernoulli.__init__", probs=probs)
        self.probs = clip_probs(probs)
        self.logits = paddle.log(self.probs) - paddle.log1p(-self.probs)
        self.dtype = self.probs.dtype
        super().__init__(self.probs.shape, ())

    @property
    def mean(self) -> Tensor:
        """The mean, ``probs``."""
        return self.probs

    @property
    def variance(self) -> Tensor:
        """The variance, ``probs * (1 - probs)``."""
        return self.probs * (1.0 - self.probs)

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw 0/1 values (of the distribution's float dtype) of shape ``shape + batch_shape``."""
        shape = self._extend_shape(sample_shape("Bernoulli.sample", shape))
        with paddle.no_grad():
            return paddle.bernoulli(paddle.broadcast_to(self.probs.detach(), list(shape)))

    def rsample(self, shape: Sequence[int] = [], temperature: float = 1.0) -> Tensor:
        r"""Draw relaxed samples (the binary Concrete / Gumbel-softmax relaxation) in logit space.

        Returns :math:`(\mathrm{logit}(u) + \mathrm{logits}) / \tau` with u uniform;
        apply :func:`paddle.nn.functional.sigmoid` to get values in (0, 1),
        which approach 0/1 draws as ``temperature`` goes to 0. Differentiable
        in ``probs``.

        Args:
            shape (Sequence[int], optional): the sample shape. Default: ``[]``.
            temperature (float, optional): the relaxation temperature
                :math:`\tau > 0`. Default: 1.0.
        """
        if isinstance(temperature, bool) or not isinstance(temperature, numbers.Real):
            raise TypeError(f"[Bernoulli.rsample] argument 'temperature': expected a float, but got "
                            f"{got(temperature)}")
        if not temperature > 0:
            raise ValueError(f"[Bernoulli.rsample] argument 'temperature': expected a positive float, but got "
                             f"{temperature}")
        shape = self._extend_shape(sample_shape("Bernoulli.rsample", shape))
        u = clip_probs(paddle.rand(list(shape), dtype=self.dtype))
        return (paddle.log(u) - paddle.log1p(-u) + self.logits) / temperature

    def cdf(self, value) -> Tensor:
        """The CDF: 0 below 0, ``1 - probs`` on [0, 1), 1 from 1 on."""
        value = value_tensor("Bernoulli.cdf", value, self.dtype, self._extend_shape(()))
        probs, value = paddle.broadcast_tensors([self.probs, value])
        return paddle.where(value < 0, paddle.zeros_like(probs),
                            paddle.where(value < 1, 1.0 - probs, paddle.ones_like(probs)))

    def log_prob(self, value) -> Tensor:
        """The log probability ``value * log(p) + (1 - value) * log(1 - p)``."""
        value = value_tensor("Bernoulli.log_prob", value, self.dtype, self._extend_shape(()))
        return value * paddle.log(self.probs) + (1.0 - value) * paddle.log1p(-self.probs)

    def entropy(self) -> Tensor:
        """The entropy ``-p log p - (1 - p) log(1 - p)``."""
        return -(self.probs * paddle.log(self.probs) + (1.0 - self.probs) * paddle.log1p(-self.probs))

    @property
    def _natural_parameters(self) -> tuple[Tensor]:
        return (self.logits,)

    def _log_normalizer(self, logits: Tensor) -> Tensor:
        return F.softplus(logits)

    @property
    def _mean_carrier_measure(self) -> float:
        return 0.0
