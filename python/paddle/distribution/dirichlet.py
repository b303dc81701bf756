"""The Dirichlet distribution on the probability simplex."""

from __future__ import annotations

from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import parameters, sample_shape, value_tensor
from paddle.tensor.sampling import dirichlet_from_gammas
from paddle.distribution.exponential_family import ExponentialFamily


class Dirichlet(ExponentialFamily):
    r"""The Dirichlet distribution with concentration vector ``concentration``.

    .. math::

        p(x) = \frac{\Gamma(\sum_i \alpha_i)}{\prod_i \Gamma(\alpha_i)} \prod_i x_i^{\alpha_i - 1},
        \quad x_i > 0, \ \sum_i x_i = 1

    Args:
        concentration (list|numpy.ndarray|Tensor): :math:`\alpha > 0`, of shape
            ``batch_shape + [K]``; the last axis is the event.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Dirichlet
        >>> dist = Dirichlet(paddle.to_tensor([1.0, 2.0, 3.0]))
        >>> dist.event_shape
        (3,)
        >>> round(float(dist.log_prob(paddle.to_tensor([0.2, 0.3, 0.5]))), 4)
        1.5041
    """

    def __init__(self, concentration) -> None:
        (concentration,) = parameters("Dirichlet.__init__", concentration=concentration)
        if concentration.ndim < 1 or concentration.size == 0:
            raise ValueError(f"[Dirichlet.__init__] argument 'concentration': expected a non-empty value with at "
                             f"least one dimension, but got shape {list(concentration.shape)}")
        self.concentration = concentration
        self.dtype = concentration.dtype
        super().__init__(concentration.shape[:-1], concentration.shape[-1:])

    @property
    def mean(self) -> Tensor:
        """The mean, ``concentration / concentration.sum(-1)``."""
        return self.concentration / self.concentration.sum(-1, keepdim=True)

    @property
    def variance(self) -> Tensor:
        """The per-component variance ``a_i (a_0 - a_i) / (a_0^2 (a_0 + 1))``, a_0 the total."""
        total = self.concentration.sum(-1, keepdim=True)
        return self.concentration * (total - self.concentration) / (total.pow(2) * (total + 1.0))

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw points of the simplex of shape ``shape + batch_shape + [K]`` (no gradient)."""
        shape = list(self._extend_shape(sample_shape("Dirichlet.sample", shape)))
        return dirichlet_from_gammas(paddle.broadcast_to(self.concentration.detach(), shape))

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw points differentiable in ``concentration`` (normalized gamma variates, implicitly reparameterized)."""
        shape = list(self._extend_shape(sample_shape("Dirichlet.rsample", shape)))
        return dirichlet_from_gammas(paddle.broadcast_to(self.concentration, shape))

    def prob(self, value) -> Tensor:
        """The density at ``value``."""
        return paddle.exp(self.log_prob(value))

    def log_prob(self, value) -> Tensor:
        """The log density at the simplex points in ``value``."""
        value = value_tensor("Dirichlet.log_prob", value, self.dtype, self._extend_shape(()))
        a = self.concentration
        return ((a - 1.0) * paddle.log(value)).sum(-1) + paddle.lgamma(a.sum(-1)) - paddle.lgamma(a).sum(-1)

    def entropy(self) -> Tensor:
        r"""The entropy :math:`\log B(\alpha) + (\alpha_0 - K)\psi(\alpha_0) - \sum_i (\alpha_i - 1)\psi(\alpha_i)`."""
        a = self.concentration
        total = a.sum(-1)
        k = a.shape[-1]
        return (paddle.lgamma(a).sum(-1) - paddle.lgamma(total) + (total - k) * paddle.digamma(total)
                - ((a - 1.0) * paddle.digamma(a)).sum(-1))

    @property
    def _natural_parameters(self) -> tuple[Tensor]:
        return (self.concentration,)

    def _log_normalizer(self, concentration: Tensor) -> Tensor:
        return paddle.lgamma(concentration).sum(-1) - paddle.lgamma(concentration.sum(-1))

    @property
    def _mean_carrier_measure(self) -> Tensor:
        # With these natural parameters the carrier is h(x) = 1 / prod_i x_i.
        a = self.concentration
        return -(paddle.digamma(a) - paddle.digamma(a.sum(-1, keepdim=True))).sum(-1)
