"""Exponential families: densities p(x) = h(x) exp(<eta, T(x)> - A(eta))."""

from __future__ import annotations

import paddle
from paddle._C import Tensor
from paddle.distribution._arguments import sum_rightmost
from paddle.distribution.distribution import Distribution


def natural_parameters_with_grad(distribution) -> list[Tensor]:
    """Detached copies of the natural parameters that record a graph, so A's gradient can be taken."""
    copies = []
    for parameter in distribution._natural_parameters:
        copy = parameter.detach()
        copy.stop_gradient = False
        copies.append(copy)
    return copies


class ExponentialFamily(Distribution):
    r"""Base class of exponential-family distributions.

    A member has the density

    .. math::

        p(x; \eta) = h(x) \exp(\langle \eta, T(x) \rangle - A(\eta))

    with natural parameters :math:`\eta` (``_natural_parameters``), log
    normalizer :math:`A` (``_log_normalizer``) and carrier measure :math:`h`
    (``_mean_carrier_measure`` is :math:`E[\log h(x)]`). From these, the
    entropy follows as :math:`A(\eta) - \langle \eta, \nabla A(\eta) \rangle - E[\log h(x)]`,
    and the KL divergence between two members of the same family as the
    Bregman divergence of :math:`A` (the fallback of
    :func:`paddle.distribution.kl_divergence`). Both take :math:`\nabla A`
    with autograd.

    Args:
        batch_shape (Sequence[int], optional): the batch shape. Default: ``()``.
        event_shape (Sequence[int], optional): the event shape. Default: ``()``.
    """

    @property
    def _natural_parameters(self) -> tuple[Tensor, ...]:
        raise NotImplementedError(f"[{type(self).__name__}._natural_parameters] is not implemented")

    def _log_normalizer(self, *natural_parameters: Tensor) -> Tensor:
        raise NotImplementedError(f"[{type(self).__name__}._log_normalizer] is not implemented")

    @property
    def _mean_carrier_measure(self) -> Tensor | float:
        raise NotImplementedError(f"[{type(self).__name__}._mean_carrier_measure] is not implemented")

    def entropy(self) -> Tensor:
        """The entropy from the log normalizer and its gradient.

        It is computed on detached copies of the natural parameters, so it
        carries no gradient back to the distribution's parameters.
        """
        etas = natural_parameters_with_grad(self)
        log_norm = self._log_normalizer(*etas)
        grads = paddle.grad(log_norm.sum(), etas)
        result = log_norm - self._mean_carrier_measure
        for eta, grad in zip(etas, grads):
            result = result - sum_rightmost(eta.detach() * grad, len(self.event_shape))
        return result.detach()
