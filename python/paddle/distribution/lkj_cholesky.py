"""The LKJ distribution over Cholesky factors of correlation matrices."""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

import paddle
from paddle._C import Tensor
from paddle._checks import choice, got
from paddle.distribution._arguments import all_true, parameters, value_tensor
from paddle.distribution._arguments import sample_shape as checked_sample_shape
from paddle.tensor.sampling import draw_beta
from paddle.distribution.distribution import Distribution


class LKJCholesky(Distribution):
    r"""The LKJ distribution (Lewandowski, Kurowicka and Joe, 2009) on lower Cholesky factors of correlation matrices.

    A correlation matrix :math:`C = LL^T` has density proportional to
    :math:`\det(C)^{\eta - 1}`; in terms of the factor :math:`L` (unit-norm
    rows, positive diagonal) the density is

    .. math::

        p(L) \propto \prod_{i=2}^{d} L_{ii}^{d - i + 2\eta - 2}

    Rows of :math:`L` are independent: the squared norm of the off-diagonal
    part of row :math:`i` (0-based) is Beta(i/2, eta + (d - 1 - i)/2) and its
    direction is uniform, which is how the ``'onion'`` sampler draws them.
    The ``'cvine'`` sampler draws partial correlations instead, from
    ``2 * Beta(b_j, b_j) - 1`` with ``b_j = eta + (d - 2 - j)/2``.

    Args:
        dim (int, optional): the matrix size :math:`d \ge 2`. Default: 2.
        concentration (float|list|numpy.ndarray|Tensor, optional):
            :math:`\eta > 0`; its shape is the batch shape. Default: 1.0.
        sample_method (str, optional): ``'onion'`` or ``'cvine'``. Default: ``'onion'``.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import LKJCholesky
        >>> dist = LKJCholesky(dim=3, concentration=2.0)
        >>> dist.event_shape
        (3, 3)
        >>> round(float(dist.log_prob(paddle.eye(3))), 4)
        -0.6155
    """

    def __init__(self, dim: int = 2, concentration=1.0, sample_method: str = "onion") -> None:
        op = "LKJCholesky.__init__"
        if isinstance(dim, bool) or not isinstance(dim, numbers.Integral):
            raise TypeError(f"[{op}] argument 'dim': expected an int, but got {got(dim)}")
        if dim < 2:
            raise ValueError(f"[{op}] argument 'dim': expected an int >= 2, but got {dim}")
        self.sample_method = choice(op, sample_method, ("onion", "cvine"), "sample_method")
        (self.concentration,) = parameters(op, concentration=concentration)
        if not all_true(self.concentration > 0):
            raise ValueError(f"[{op}] argument 'concentration': expected positive values, but got "
                             f"{self.concentration.numpy().tolist()}")
        self.dim = int(dim)
        self.dtype = self.concentration.dtype
        super().__init__(self.concentration.shape, (self.dim, self.dim))

    def _rows(self) -> Tensor:
        """0 .. dim-1 as floats, the row index i of the formulas."""
        return paddle.arange(self.dim, dtype="float64")

    def _onion(self, shape: list[int]) -> Tensor:
        eta = self.concentration.detach().astype("float64").unsqueeze(-1)
        i = self._rows()
        # Row 0 has no off-diagonal part; it gets a placeholder Beta(1, 1) that is multiplied by 0.
        first = paddle.where(i > 0, i / 2.0, paddle.ones_like(i))
        second = paddle.where(i > 0, eta + (self.dim - 1 - i) / 2.0, paddle.ones_like(eta + i))
        squared_norms = draw_beta(paddle.broadcast_to(first, shape[:-1]), paddle.broadcast_to(second, shape[:-1]))
        normals = paddle.tril(paddle.randn(shape, dtype="float64"), -1)
        lengths = paddle.sqrt((normals**2).sum(-1, keepdim=True))
        directions = normals / paddle.where(lengths > 0, lengths, paddle.ones_like(lengths))
        off_diagonal = paddle.sqrt(squared_norms).unsqueeze(-1) * directions
        diagonal = paddle.sqrt(paddle.clip(1.0 - (off_diagonal**2).sum(-1), min=0.0))
        return off_diagonal + paddle.diag_embed(diagonal)

    def _cvine(self, shape: list[int]) -> Tensor:
        eta = self.concentration.detach().astype("float64").unsqueeze(-1).unsqueeze(-1)
        j = self._rows()
        strictly_lower = paddle.tril(paddle.ones([self.dim, self.dim], dtype="bool"), -1)
        # b_j for the partial correlation of (i, j) given 0..j-1; a placeholder 1 off the strict lower triangle.
        b = paddle.where(strictly_lower, eta + (self.dim - 2 - j) / 2.0, paddle.ones_like(eta + j))
        b = paddle.broadcast_to(b, shape)
        partial = paddle.where(strictly_lower, 2.0 * draw_beta(b, b) - 1.0, paddle.zeros(shape, dtype="float64"))
        # L[i, j] = z_ij * sqrt(prod_{m<j} (1 - z_im^2)) and L[i, i] = sqrt(prod_{m<i} (1 - z_im^2)).
        kept = paddle.cumprod(1.0 - partial**2, dim=-1)
        kept_before = paddle.concat([paddle.ones(shape[:-1] + [1], dtype="float64"), kept[..., :-1]], -1)
        return (partial + paddle.eye(self.dim, dtype="float64")) * paddle.sqrt(kept_before)

    def sample(self, sample_shape: Sequence[int] = []) -> Tensor:
        """Draw Cholesky factors of shape ``sample_shape + batch_shape + [dim, dim]`` (no gradient)."""
        shape = list(self._extend_shape(checked_sample_shape("LKJCholesky.sample", sample_shape)))
        with paddle.no_grad():
            draw = self._onion(shape) if self.sample_method == "onion" else self._cvine(shape)
            return draw.astype(self.dtype)

    def log_prob(self, value) -> Tensor:
        """The log density of the Cholesky factors in ``value``."""
        value = value_tensor("LKJCholesky.log_prob", value, self.dtype, self._extend_shape(()))
        d = self.dim
        eta = self.concentration.unsqueeze(-1)
        i = paddle.arange(1, d, dtype=self.dtype)
        log_diagonal = paddle.log(paddle.diagonal(value, axis1=-2, axis2=-1)[..., 1:])
        unnormalized = ((d - i + 2.0 * eta - 3.0) * log_diagonal).sum(-1)
        # Row i's weight (1 - |w|^2)^a over the unit ball of R^i integrates to
        # pi^(i/2) Gamma(a + 1) / Gamma(a + 1 + i/2), with a + 1 = eta + (d - 1 - i)/2.
        log_normalizer = (0.5 * i * math.log(math.pi) + paddle.lgamma(eta + (d - 1 - i) / 2.0)
                          - paddle.lgamma(eta + (d - 1) / 2.0)).sum(-1)
        return unnormalized - log_normalizer

