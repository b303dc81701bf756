"""Reinterpreting batch axes of a distribution as event axes."""

from __future__ import annotations

from collections.abc import Sequence

from paddle._C import Tensor
from paddle._checks import got
from paddle.distribution._arguments import sum_rightmost
from paddle.distribution.distribution import Distribution


class Independent(Distribution):
    r"""Treat the ``reinterpreted_batch_rank`` rightmost batch axes of ``base`` as event axes.

    Draws are unchanged; ``log_prob`` and ``entropy`` sum over those axes,
    so for instance a batch of independent normals becomes one diagonal
    multivariate normal.

    Args:
        base (Distribution): the distribution whose batch axes are reinterpreted.
        reinterpreted_batch_rank (int): how many batch axes join the event,
            ``0 < reinterpreted_batch_rank <= len(base.batch_shape)``.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Independent, Normal
        >>> base = Normal(paddle.zeros([2, 3]), paddle.ones([2, 3]))
        >>> dist = Independent(base, 1)
        >>> dist.batch_shape, dist.event_shape
        ((2,), (3,))
        >>> dist.log_prob(paddle.zeros([2, 3])).numpy().astype("float64").round(4).tolist()
        [-2.7568, -2.7568]
    """

    def __init__(self, base: Distribution, reinterpreted_batch_rank: int) -> None:
        if not isinstance(base, Distribution):
            raise TypeError(f"[Independent.__init__] argument 'base': expected Distribution, but got {got(base)}")
        if isinstance(reinterpreted_batch_rank, bool) or not isinstance(reinterpreted_batch_rank, int):
            raise TypeError(f"[Independent.__init__] argument 'reinterpreted_batch_rank': expected an int, but got "
                            f"{got(reinterpreted_batch_rank)}")
        if not 0 < reinterpreted_batch_rank <= len(base.batch_shape):
            raise ValueError(f"[Independent.__init__] argument 'reinterpreted_batch_rank': expected an int in "
                             f"[1, {len(base.batch_shape)}] (the base's batch rank), but got "
                             f"{reinterpreted_batch_rank}")
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        shape = tuple(base.batch_shape) + tuple(base.event_shape)
        split = len(base.batch_shape) - reinterpreted_batch_rank
        super().__init__(shape[:split], shape[split:])

    @property
    def mean(self) -> Tensor:
        """The base's mean."""
        return self._base.mean

    @property
    def variance(self) -> Tensor:
        """The base's variance."""
        return self._base.variance

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """The base's samples."""
        return self._base.sample(shape)

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """The base's reparameterized samples."""
        return self._base.rsample(shape)

    def log_prob(self, value) -> Tensor:
        """The base's log_prob summed over the reinterpreted axes."""
        return sum_rightmost(self._base.log_prob(value), self._reinterpreted_batch_rank)

    def prob(self, value) -> Tensor:
        """``exp(log_prob(value))``."""
        return self.log_prob(value).exp()

    def entropy(self) -> Tensor:
        """The base's entropy summed over the reinterpreted axes."""
        return sum_rightmost(self._base.entropy(), self._reinterpreted_batch_rank)
