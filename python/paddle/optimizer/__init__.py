"""paddle.optimizer: the learning-rate schedulers (`paddle.optimizer.lr`); the optimizers come later."""

from paddle.optimizer import lr  # noqa: F401
