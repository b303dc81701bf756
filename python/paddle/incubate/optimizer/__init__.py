"""paddle.incubate.optimizer: optimizers that wrap or follow another one."""

from paddle.incubate.optimizer.lookahead import LookAhead
from paddle.incubate.optimizer.modelaverage import ModelAverage

__all__ = ["LookAhead", "ModelAverage"]
