"""paddle.amp: automatic mixed precision (auto_cast, decorate) and dynamic loss scaling (GradScaler)."""

from paddle.amp.amp_lists import black_list, white_list  # noqa: F401
from paddle.amp.auto_cast import amp_guard, auto_cast, decorate  # noqa: F401
from paddle.amp.grad_scaler import AmpScaler, GradScaler  # noqa: F401
