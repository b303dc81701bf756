"""The categorical distribution over K categories."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

import paddle
import paddle.nn.functional as F
from paddle._C import Tensor
from paddle._checks import got
from paddle.distribution._arguments import as_float_tensor, common_dtype, sample_shape
from paddle.distribution.distribution import Distribution


class Categorical(Distribution):
    r"""A categorical distribution over the indices ``0 .. K-1`` of the last axis of ``logits``.

    As in Paddle, the one parameter is read two ways: :meth:`sample`,
    :meth:`entropy` and the KL divergence use the probabilities
    ``softmax(logits)``, while :meth:`probs` and :meth:`log_prob` read
    ``logits`` as unnormalized probabilities, ``logits / logits.sum(-1)``.
    The two agree when ``logits`` holds log-probabilities... of a softmax
    only in special cases, so pass non-negative weights when you need
    :meth:`probs`, and logits when you need :meth:`sample`.

    Args:
        logits (list|tuple|numpy.ndarray|Tensor): shape ``batch_shape + [K]``.
        name (str|None, optional): a name for the distribution. Default: None.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Categorical
        >>> dist = Categorical(paddle.to_tensor([1.0, 2.0, 3.0]))
        >>> dist.probs(paddle.to_tensor([0, 2])).numpy().astype("float64").round(4).tolist()
        [0.1667, 0.5]
        >>> round(float(dist.entropy()), 4)
        0.8324
        >>> _ = paddle.seed(0)
        >>> list(dist.sample([2, 3]).shape)
        [2, 3]
    """

    def __init__(self, logits, name: str | None = None) -> None:
        self.name = name if name is not None else "Categorical"
        if isinstance(logits, (bool, int, float)) or not isinstance(logits, (list, tuple, np.ndarray, Tensor)):
            raise TypeError(f"[Categorical.__init__] argument 'logits': expected a list, tuple, numpy.ndarray or "
                            f"Tensor, but got {got(logits)}")
        self.logits = as_float_tensor(logits, common_dtype(logits))
        if self.logits.ndim < 1:
            raise ValueError("[Categorical.__init__] argument 'logits': expected at least one dimension (the "
                             "categories), but got a 0-D value")
        self.dtype = self.logits.dtype
        self._prob = self.logits / self.logits.sum(-1, keepdim=True)
        super().__init__(self.logits.shape[:-1], ())

    def _log_softmax(self) -> Tensor:
        return F.log_softmax(self.logits, axis=-1)

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Draw category indices (int64) of shape ``shape + batch_shape`` with probabilities ``softmax(logits)``."""
        shape = sample_shape("Categorical.sample", shape)
        count = math.prod(shape)
        num_categories = self.logits.shape[-1]
        out_shape = list(shape) + list(self.batch_shape)
        if count == 0:
            return paddle.zeros(out_shape, dtype="int64")
        with paddle.no_grad():
            probs = F.softmax(self.logits.detach(), axis=-1).reshape([-1, num_categories])
            draws = paddle.multinomial(probs, count, replacement=True)  # [batch, count]
            return draws.transpose([1, 0]).reshape(out_shape)

    def entropy(self) -> Tensor:
        """The entropy of ``softmax(logits)``, of shape ``batch_shape``."""
        log_p = self._log_softmax()
        return -(paddle.exp(log_p) * log_p).sum(-1)

    def probs(self, value) -> Tensor:
        """The probability of the category indices in ``value``, from ``logits / logits.sum(-1)``.

        For a 1-D ``logits`` the result has ``value``'s shape. With a batch,
        a 1-D ``value`` is looked up in every distribution of the batch
        (result ``batch_shape + [len(value)]``); otherwise ``value`` holds one
        index array per distribution (its leading axes match ``batch_shape``).
        """
        if not isinstance(value, Tensor):
            value = paddle.to_tensor(np.asarray(value))
        if value.dtype.name not in ("int32", "int64"):
            value = value.astype("int64")
        if self._prob.ndim == 1:
            return paddle.gather(self._prob, value.reshape([-1])).reshape(value.shape)
        if value.ndim == 1:
            index = value.reshape([1] * (self._prob.ndim - 1) + [-1])
            index = paddle.broadcast_to(index, list(self._prob.shape[:-1]) + [value.shape[0]])
            return paddle.take_along_axis(self._prob, index, axis=-1)
        return paddle.take_along_axis(self._prob, value, axis=-1)

    def prob(self, value) -> Tensor:
        """Same as :meth:`probs`."""
        return self.probs(value)

    def log_prob(self, value) -> Tensor:
        """The log of :meth:`probs`."""
        return paddle.log(self.probs(value))
