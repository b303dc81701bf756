"""The multivariate normal distribution."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import (as_float_tensor, check_parameter_type, common_dtype, sample_shape,
                                            value_tensor)
from paddle.distribution.distribution import Distribution

_OP = "MultivariateNormal.__init__"


def _transpose_last(x: Tensor) -> Tensor:
    perm = list(range(x.ndim))
    perm[-2], perm[-1] = perm[-1], perm[-2]
    return x.transpose(perm)


def solve_lower_triangular(lower: Tensor, rhs: Tensor) -> Tensor:
    """``lower^-1 @ rhs``. The core has no triangular solve, so this is a general (LU) solve,
    exact for a triangular matrix up to rounding."""
    return paddle.linalg.solve(lower, rhs)


def precision_to_scale_tril(precision: Tensor) -> Tensor:
    """The lower Cholesky factor L of precision^-1 (L L^T = precision^-1).

    With J the order-reversing permutation, chol(J P J) = U gives
    P = (J U J)(J U J)^T with J U J upper triangular, so L = ((J U J)^T)^-1.
    """
    flipped_factor = paddle.linalg.cholesky(paddle.flip(precision, [-2, -1]))
    inverse_l = _transpose_last(paddle.flip(flipped_factor, [-2, -1]))
    identity = paddle.eye(precision.shape[-1], dtype=precision.dtype)
    return solve_lower_triangular(inverse_l, paddle.broadcast_to(identity, inverse_l.shape))


def batch_mahalanobis(scale_tril: Tensor, diff: Tensor) -> Tensor:
    """``|| L^-1 diff ||^2`` over the last axis, broadcasting the batch axes of ``L`` and ``diff``.

    Leading axes that only ``diff`` has become extra right-hand-side columns, so
    ``L`` is factored once per batch element rather than once per sample.
    """
    n = diff.shape[-1]
    scale_batch = list(scale_tril.shape[:-2])
    full = list(np.broadcast_shapes(tuple(diff.shape[:-1]), tuple(scale_batch)))
    diff = paddle.broadcast_to(diff, full + [n])
    extra = len(full) - len(scale_batch)
    tail = full[extra:]
    lower = paddle.broadcast_to(scale_tril, tail + [n, n])
    # diff [extra..., tail..., n] -> [tail..., n, prod(extra)]
    perm = list(range(extra, len(full))) + [len(full)] + list(range(extra))
    columns = diff.transpose(perm).reshape(tail + [n, -1])
    squared = (solve_lower_triangular(lower, columns) ** 2).sum(-2)  # [tail..., prod(extra)]
    squared = squared.reshape(tail + full[:extra])
    back = list(range(len(tail), len(full))) + list(range(len(tail)))
    return squared.transpose(back) if extra else squared


def half_log_det(scale_tril: Tensor) -> Tensor:
    """``log det(L)`` = half the log determinant of the covariance."""
    return paddle.log(paddle.diagonal(scale_tril, axis1=-2, axis2=-1)).sum(-1)


class MultivariateNormal(Distribution):
    r"""The multivariate normal distribution with mean ``loc`` and one of three matrix parameters.

    .. math::

        p(x) = (2\pi)^{-k/2} \det(\Sigma)^{-1/2} \exp\left(-\frac{1}{2}(x - \mu)^T \Sigma^{-1} (x - \mu)\right)

    Give exactly one of ``covariance_matrix`` (:math:`\Sigma`, positive
    definite), ``precision_matrix`` (:math:`\Sigma^{-1}`) or ``scale_tril``
    (the lower Cholesky factor :math:`L` with :math:`LL^T = \Sigma` and a
    positive diagonal). All three are available as properties, derived from
    the one given.

    Args:
        loc (float|list|numpy.ndarray|Tensor): the mean, shape ``batch_shape + [k]``.
        covariance_matrix (Tensor|None, optional): shape ``batch_shape + [k, k]``. Default: None.
        precision_matrix (Tensor|None, optional): shape ``batch_shape + [k, k]``. Default: None.
        scale_tril (Tensor|None, optional): shape ``batch_shape + [k, k]``. Default: None.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import MultivariateNormal
        >>> dist = MultivariateNormal(paddle.to_tensor([0.0, 1.0]),
        ...                           covariance_matrix=paddle.to_tensor([[2.0, 0.5], [0.5, 1.0]]))
        >>> dist.event_shape
        (2,)
        >>> round(float(dist.log_prob(paddle.to_tensor([0.5, 0.5]))), 4)
        -2.4034
        >>> round(float(dist.entropy()), 4)
        3.1177
    """

    def __init__(self, loc, covariance_matrix=None, precision_matrix=None, scale_tril=None) -> None:
        given = {name: value for name, value in (("covariance_matrix", covariance_matrix),
                                                 ("precision_matrix", precision_matrix),
                                                 ("scale_tril", scale_tril)) if value is not None}
        if len(given) != 1:
            raise ValueError(f"[{_OP}] expected exactly one of covariance_matrix, precision_matrix or scale_tril, "
                             f"but got {len(given)}" + (f" ({', '.join(given)})" if given else ""))
        (name, matrix), = given.items()
        check_parameter_type(_OP, "loc", loc)
        check_parameter_type(_OP, name, matrix)
        dtype = common_dtype(loc, matrix)
        loc = as_float_tensor(loc, dtype)
        if loc.ndim < 1:
            loc = loc.reshape([1])
        matrix = as_float_tensor(matrix, dtype)
        if matrix.ndim < 2 or matrix.shape[-1] != matrix.shape[-2]:
            raise ValueError(f"[{_OP}] argument '{name}': expected square matrices of shape [..., k, k], but got "
                             f"shape {list(matrix.shape)}")
        k = loc.shape[-1]
        if matrix.shape[-1] != k:
            raise ValueError(f"[{_OP}] argument '{name}': expected {k} x {k} matrices to match loc's last axis "
                             f"({k}), but got shape {list(matrix.shape)}")
        try:
            batch_shape = list(np.broadcast_shapes(tuple(matrix.shape[:-2]), tuple(loc.shape[:-1])))
        except ValueError:
            raise ValueError(f"[{_OP}] expected the batch shapes of loc and {name} to broadcast together, but got "
                             f"{list(loc.shape[:-1])} and {list(matrix.shape[:-2])}") from None
        self.dtype = loc.dtype
        self._given = name
        self._given_matrix = matrix
        if name == "scale_tril":
            self._unbroadcasted_scale_tril = matrix
        elif name == "covariance_matrix":
            self._unbroadcasted_scale_tril = paddle.linalg.cholesky(matrix)
        else:
            self._unbroadcasted_scale_tril = precision_to_scale_tril(matrix)
        self.loc = paddle.broadcast_to(loc, batch_shape + [k])
        super().__init__(batch_shape, [k])

    def _expand_matrix(self, matrix: Tensor) -> Tensor:
        return paddle.broadcast_to(matrix, list(self.batch_shape) + [self.event_shape[0]] * 2)

    @property
    def scale_tril(self) -> Tensor:
        """The lower Cholesky factor of the covariance."""
        return self._expand_matrix(self._unbroadcasted_scale_tril)

    @property
    def covariance_matrix(self) -> Tensor:
        """The covariance matrix."""
        if self._given == "covariance_matrix":
            return self._expand_matrix(self._given_matrix)
        lower = self._unbroadcasted_scale_tril
        return self._expand_matrix(paddle.matmul(lower, _transpose_last(lower)))

    @property
    def precision_matrix(self) -> Tensor:
        """The precision matrix, the inverse covariance."""
        if self._given == "precision_matrix":
            return self._expand_matrix(self._given_matrix)
        lower = self._unbroadcasted_scale_tril
        identity = paddle.broadcast_to(paddle.eye(self.event_shape[0], dtype=self.dtype), lower.shape)
        inverse_lower = solve_lower_triangular(lower, identity)
        return self._expand_matrix(paddle.matmul(_transpose_last(inverse_lower), inverse_lower))

    @property
    def mean(self) -> Tensor:
        """The mean, ``loc``."""
        return self.loc

    @property
    def variance(self) -> Tensor:
        """The marginal variances, the covariance's diagonal."""
        return paddle.broadcast_to((self._unbroadcasted_scale_tril**2).sum(-1),
                                   list(self.batch_shape) + list(self.event_shape))


    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw ``loc + L @ eps``, eps standard normal: differentiable in the parameters."""
        shape = self._extend_shape(sample_shape("MultivariateNormal.rsample", shape))
        eps = paddle.randn(list(shape), dtype=self.dtype)
        return self.loc + paddle.matmul(self._unbroadcasted_scale_tril, eps.unsqueeze(-1)).squeeze(-1)

    def log_prob(self, value) -> Tensor:
        """The log density at ``value`` (last axis the event)."""
        value = value_tensor("MultivariateNormal.log_prob", value, self.dtype, self._extend_shape(()))
        mahalanobis = batch_mahalanobis(self._unbroadcasted_scale_tril, value - self.loc)
        k = self.event_shape[0]
        return -0.5 * (k * math.log(2.0 * math.pi) + mahalanobis) - half_log_det(self._unbroadcasted_scale_tril)

    def prob(self, value) -> Tensor:
        """The density at ``value``."""
        return paddle.exp(self.log_prob(value))

    def entropy(self) -> Tensor:
        r"""The entropy :math:`\frac{k}{2}(1 + \log 2\pi) + \frac{1}{2}\log\det\Sigma`."""
        k = self.event_shape[0]
        entropy = 0.5 * k * (1.0 + math.log(2.0 * math.pi)) + half_log_det(self._unbroadcasted_scale_tril)
        return paddle.broadcast_to(entropy, list(self.batch_shape))
