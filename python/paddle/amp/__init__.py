"""paddle.amp: automatic mixed precision (auto_cast, decorate), dynamic loss scaling (GradScaler) and
queries of the mixed-precision state and of the devices' low-precision support."""

from paddle.amp.amp_lists import black_list, white_list  # noqa: F401
from paddle.amp.auto_cast import amp_guard, auto_cast, autocast, decorate  # noqa: F401
from paddle.amp.grad_scaler import AmpScaler, GradScaler  # noqa: F401
from paddle.amp.autocast_state import (  # noqa: F401
    get_autocast_cpu_dtype, get_autocast_dtype, get_autocast_gpu_dtype, is_autocast_enabled, is_bfloat16_supported,
    is_float16_supported,
)
