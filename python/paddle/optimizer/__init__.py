"""paddle.optimizer: the optimizers and the learning-rate schedulers (`paddle.optimizer.lr`).

Most optimizers run one fused update kernel per parameter (Note [Optimizer updates] in optimizer.py);
ASGD, NAdam, RAdam and Rprop compose their updates of eager ops, and LBFGS steps with a closure."""

from paddle.optimizer import lr  # noqa: F401
from paddle.optimizer.optimizer import Optimizer  # noqa: F401
from paddle.optimizer.sgd import SGD  # noqa: F401
from paddle.optimizer.momentum import Momentum  # noqa: F401
from paddle.optimizer.adam import Adam  # noqa: F401
from paddle.optimizer.adamw import AdamW  # noqa: F401
from paddle.optimizer.adamax import Adamax  # noqa: F401
from paddle.optimizer.adagrad import Adagrad  # noqa: F401
from paddle.optimizer.adadelta import Adadelta  # noqa: F401
from paddle.optimizer.rmsprop import RMSProp  # noqa: F401
from paddle.optimizer.lamb import Lamb  # noqa: F401
from paddle.optimizer.asgd import ASGD  # noqa: F401
from paddle.optimizer.nadam import NAdam  # noqa: F401
from paddle.optimizer.radam import RAdam  # noqa: F401
from paddle.optimizer.rprop import Rprop  # noqa: F401
from paddle.optimizer.lbfgs import LBFGS  # noqa: F401
