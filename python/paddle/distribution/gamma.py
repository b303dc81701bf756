"""The gamma distribution and its special case chi-squared."""

from __future__ import annotations

from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import all_true, parameters, sample_shape, value_tensor
from paddle.tensor.sampling import draw_standard_gamma, standard_gamma
from paddle.distribution.exponential_family import ExponentialFamily


class Gamma(ExponentialFamily):
    r"""The gamma distribution with shape ``concentration`` and inverse scale ``rate``.

    .. math::

        p(x) = \frac{\beta^\alpha}{\Gamma(\alpha)} x^{\alpha - 1} e^{-\beta x}, \quad x > 0

    Samples come from Marsaglia and Tsang's method; :meth:`rsample` is
    differentiable in both parameters (implicit reparameterization in
    ``concentration``).

    Args:
        concentration (float|list|numpy.ndarray|Tensor): :math:`\alpha > 0`.
        rate (float|list|numpy.ndarray|Tensor): :math:`\beta > 0`. Both
            broadcast together to the batch shape.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Gamma
        >>> dist = Gamma(concentration=[1.0, 3.0], rate=2.0)
        >>> dist.mean.numpy().astype("float64").round(4).tolist()
        [0.5, 1.5]
        >>> dist.log_prob(paddle.to_tensor([1.0, 1.0])).numpy().astype("float64").round(4).tolist()
        [-1.3069, -0.6137]
        >>> dist.entropy().numpy().astype("float64").round(4).tolist()
        [0.3069, 1.1544]
    """

    def __init__(self, concentration, rate) -> None:
        self.concentration, self.rate = parameters("Gamma.__init__", concentration=concentration, rate=rate)
        self.dtype = self.concentration.dtype
        super().__init__(self.concentration.shape)

    @property
    def mean(self) -> Tensor:
        """The mean, ``concentration / rate``."""
        return self.concentration / self.rate

    @property
    def variance(self) -> Tensor:
        """The variance, ``concentration / rate ** 2``."""
        return self.concentration / self.rate.pow(2)

    def prob(self, value) -> Tensor:
        """The density at ``value``."""
        return paddle.exp(self.log_prob(value))

    def log_prob(self, value) -> Tensor:
        """The log density at ``value`` > 0."""
        value = value_tensor(f"{type(self).__name__}.log_prob", value, self.dtype, self._extend_shape(()))
        a, b = self.concentration, self.rate
        return a * paddle.log(b) + (a - 1.0) * paddle.log(value) - b * value - paddle.lgamma(a)

    def entropy(self) -> Tensor:
        r"""The entropy :math:`\alpha - \log\beta + \log\Gamma(\alpha) + (1 - \alpha)\psi(\alpha)`."""
        a = self.concentration
        return a - paddle.log(self.rate) + paddle.lgamma(a) + (1.0 - a) * paddle.digamma(a)

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw samples of shape ``shape + batch_shape`` (no gradient)."""
        shape = list(self._extend_shape(sample_shape(f"{type(self).__name__}.sample", shape)))
        gammas = draw_standard_gamma(paddle.broadcast_to(self.concentration.detach(), shape))
        return (gammas / self.rate.detach().astype("float64")).astype(self.dtype)

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw samples differentiable in ``concentration`` and ``rate``."""
        shape = list(self._extend_shape(sample_shape(f"{type(self).__name__}.rsample", shape)))
        return standard_gamma(paddle.broadcast_to(self.concentration, shape)) / self.rate

    @property
    def _natural_parameters(self) -> tuple[Tensor, Tensor]:
        return (self.concentration - 1.0, -self.rate)

    def _log_normalizer(self, x: Tensor, y: Tensor) -> Tensor:
        return paddle.lgamma(x + 1.0) + (x + 1.0) * paddle.log(-1.0 / y)

    @property
    def _mean_carrier_measure(self) -> float:
        return 0.0


class Chi2(Gamma):
    r"""The chi-squared distribution with ``df`` degrees of freedom: Gamma(df / 2, 1 / 2).

    Args:
        df (float|list|numpy.ndarray|Tensor): the degrees of freedom, positive.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Chi2
        >>> dist = Chi2(paddle.to_tensor([1.0, 4.0]))
        >>> dist.mean.numpy().astype("float64").round(4).tolist()
        [1.0, 4.0]
        >>> dist.variance.numpy().astype("float64").round(4).tolist()
        [2.0, 8.0]
    """

    def __init__(self, df) -> None:
        (df,) = parameters("Chi2.__init__", df=df)
        if not all_true(df > 0):
            raise ValueError(f"[Chi2.__init__] argument 'df': expected positive values, but got "
                             f"{df.numpy().tolist()}")
        self.df = df
        super().__init__(df * 0.5, paddle.full_like(df, 0.5))
