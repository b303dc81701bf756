"""The base class every distribution derives from."""

from __future__ import annotations

from collections.abc import Sequence

import paddle
from paddle._C import Tensor


class Distribution:
    """The abstract base class of probability distributions.

    A distribution describes a batch of independent random variables of shape
    ``batch_shape``; each draw of one of them has shape ``event_shape``.
    ``sample(shape)`` and ``rsample(shape)`` return tensors of shape
    ``shape + batch_shape + event_shape``; ``log_prob(value)`` reduces the
    event dimensions and returns ``batch_shape``-like results.

    Args:
        batch_shape (Sequence[int], optional): the shape of the batch of
            independent distributions. Default: ``()``.
        event_shape (Sequence[int], optional): the shape of one draw
            (``()`` for scalar distributions, ``(n,)`` for n-variate ones).
            Default: ``()``.
    """

    def __init__(self, batch_shape: Sequence[int] = (), event_shape: Sequence[int] = ()) -> None:
        self._batch_shape = tuple(batch_shape)
        self._event_shape = tuple(event_shape)

    @property
    def batch_shape(self) -> tuple[int, ...]:
        """The shape of the batch of independent distributions."""
        return self._batch_shape

    @property
    def event_shape(self) -> tuple[int, ...]:
        """The shape of one draw."""
        return self._event_shape

    @property
    def mean(self) -> Tensor:
        """The mean of the distribution."""
        raise NotImplementedError(f"[{type(self).__name__}.mean] is not implemented")

    @property
    def variance(self) -> Tensor:
        """The variance of the distribution."""
        raise NotImplementedError(f"[{type(self).__name__}.variance] is not implemented")

    @property
    def stddev(self) -> Tensor:
        """The standard deviation, the square root of the variance."""
        return paddle.sqrt(self.variance)

    def sample(self, shape: Sequence[int] = [], seed: int = 0) -> Tensor:
        """Draw samples of shape ``shape + batch_shape + event_shape`` (no gradient): rsample's draws,
        detached, for a reparameterizable distribution. `seed` is accepted for compatibility; draws
        follow the global generator (``paddle.seed``)."""
        if type(self).rsample is Distribution.rsample:
            raise NotImplementedError(f"[{type(self).__name__}.sample] is not implemented")
        with paddle.no_grad():
            return self.rsample(shape).detach()

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw reparameterized samples, differentiable in the parameters."""
        raise NotImplementedError(f"[{type(self).__name__}.rsample] is not implemented: the distribution "
                                  "is not reparameterizable")

    def entropy(self) -> Tensor:
        """The entropy, one value per distribution of the batch."""
        raise NotImplementedError(f"[{type(self).__name__}.entropy] is not implemented")

    def log_prob(self, value: Tensor) -> Tensor:
        """The log of the probability density (or mass) at ``value``."""
        raise NotImplementedError(f"[{type(self).__name__}.log_prob] is not implemented")

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at ``value``: ``exp(log_prob(value))``."""
        return paddle.exp(self.log_prob(value))

    def probs(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at ``value``; an older name for :meth:`prob`."""
        return self.prob(value)

    def kl_divergence(self, other: Distribution) -> Tensor:
        """The KL divergence ``KL(self || other)``, looked up with :func:`paddle.distribution.kl_divergence`."""
        from paddle.distribution.kl import kl_divergence

        return kl_divergence(self, other)

    def _extend_shape(self, sample_shape: Sequence[int]) -> tuple[int, ...]:
        """The shape of ``sample_shape`` draws: ``sample_shape + batch_shape + event_shape``."""
        return tuple(sample_shape) + self._batch_shape + self._event_shape

    def __repr__(self) -> str:
        return f"{type(self).__name__}(batch_shape={list(self._batch_shape)}, event_shape={list(self._event_shape)})"
