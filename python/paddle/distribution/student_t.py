"""Student's t distribution."""

from __future__ import annotations

import math
from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import all_true, parameters, sample_shape, value_tensor
from paddle.tensor.sampling import draw_standard_gamma, standard_gamma
from paddle.distribution.beta import log_beta_function
from paddle.distribution.distribution import Distribution


class StudentT(Distribution):
    r"""Student's t distribution with ``df`` degrees of freedom, location ``loc`` and scale ``scale``.

    .. math::

        p(x) = \frac{\Gamma(\frac{\nu + 1}{2})}{\sqrt{\nu\pi}\,\sigma\,\Gamma(\frac{\nu}{2})}
               \left(1 + \frac{1}{\nu}\left(\frac{x - \mu}{\sigma}\right)^2\right)^{-\frac{\nu + 1}{2}}

    Args:
        df (float|list|numpy.ndarray|Tensor): the degrees of freedom :math:`\nu > 0`.
        loc (float|list|numpy.ndarray|Tensor): the location :math:`\mu`.
        scale (float|list|numpy.ndarray|Tensor): the scale :math:`\sigma > 0`.
        name (str|None, optional): a name for the distribution. Default: None.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import StudentT
        >>> dist = StudentT(df=[3.0, 1.0], loc=0.0, scale=1.0)
        >>> dist.log_prob(paddle.to_tensor([0.0, 0.0])).numpy().astype("float64").round(4).tolist()
        [-1.0009, -1.1447]
        >>> dist.variance.numpy().tolist()
        [3.0, nan]
    """

    def __init__(self, df, loc, scale, name: str | None = None) -> None:
        self.name = name if name is not None else "StudentT"
        self.df, self.loc, self.scale = parameters("StudentT.__init__", df=df, loc=loc, scale=scale)
        for arg, value in (("df", self.df), ("scale", self.scale)):
            if not all_true(value > 0):
                raise ValueError(f"[StudentT.__init__] argument '{arg}': expected positive values, but got "
                                 f"{value.numpy().tolist()}")
        self.dtype = self.df.dtype
        super().__init__(self.df.shape)

    @property
    def mean(self) -> Tensor:
        """The mean: ``loc`` where ``df > 1``, NaN elsewhere."""
        return paddle.where(self.df > 1.0, self.loc, paddle.full_like(self.loc, float("nan")))

    @property
    def variance(self) -> Tensor:
        """The variance: ``scale ** 2 * df / (df - 2)`` for ``df > 2``, inf for ``1 < df <= 2``, NaN elsewhere."""
        finite = self.scale.pow(2) * self.df / (self.df - 2.0)
        undefined = paddle.full_like(finite, float("nan"))
        infinite = paddle.full_like(finite, float("inf"))
        return paddle.where(self.df > 2.0, finite, paddle.where(self.df > 1.0, infinite, undefined))

    def _chi2_over_df(self, shape: list[int], differentiable: bool) -> Tensor:
        """Chi-squared(df) / df variates, a chi-squared being twice a Gamma(df / 2, 1)."""
        half_df = paddle.broadcast_to(0.5 * self.df, shape)
        if differentiable:
            return 2.0 * standard_gamma(half_df) / self.df
        return (2.0 * draw_standard_gamma(half_df) / self.df.detach().astype("float64")).astype(self.dtype)

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw samples of shape ``shape + batch_shape`` (no gradient)."""
        shape = list(self._extend_shape(sample_shape("StudentT.sample", shape)))
        with paddle.no_grad():
            z = paddle.randn(shape, dtype=self.dtype)
            return (self.loc + self.scale * z * paddle.rsqrt(self._chi2_over_df(shape, False))).detach()

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw ``loc + scale * z / sqrt(chi2 / df)``: differentiable in all three parameters."""
        shape = list(self._extend_shape(sample_shape("StudentT.rsample", shape)))
        z = paddle.randn(shape, dtype=self.dtype)
        return self.loc + self.scale * z * paddle.rsqrt(self._chi2_over_df(shape, True))

    def log_prob(self, value) -> Tensor:
        """The log density at ``value``."""
        value = value_tensor("StudentT.log_prob", value, self.dtype, self._extend_shape(()))
        df = self.df
        z = (value - self.loc) / self.scale
        log_normalizer = (paddle.log(self.scale) + 0.5 * paddle.log(df) + 0.5 * math.log(math.pi)
                          + paddle.lgamma(0.5 * df) - paddle.lgamma(0.5 * (df + 1.0)))
        return -0.5 * (df + 1.0) * paddle.log1p(z * z / df) - log_normalizer

    def prob(self, value) -> Tensor:
        """The density at ``value``."""
        return paddle.exp(self.log_prob(value))

    def entropy(self) -> Tensor:
        r"""The entropy.

        .. math::

            \log\sigma + \frac{\nu+1}{2}\left(\psi(\tfrac{\nu+1}{2}) - \psi(\tfrac{\nu}{2})\right)
            + \frac{1}{2}\log\nu + \log B(\tfrac{\nu}{2}, \tfrac{1}{2})
        """
        half_df = 0.5 * self.df
        half_df_plus = 0.5 * (self.df + 1.0)
        return (paddle.log(self.scale) + half_df_plus * (paddle.digamma(half_df_plus) - paddle.digamma(half_df))
                + 0.5 * paddle.log(self.df) + log_beta_function(half_df, paddle.full_like(half_df, 0.5)))
