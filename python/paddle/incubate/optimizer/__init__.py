"""paddle.incubate.optimizer: optimizers that wrap or follow another one."""

from paddle.incubate.optimizer.lookahead import LookAhead
from paddle.incubate.optimizer.modelaverage import ModelAverage
from paddle.optimizer.lbfgs import LBFGS  # Paddle offers it here too

__all__ = ["LookAhead", "ModelAverage", "LBFGS"]
