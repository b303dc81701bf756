"""paddle.nn.functional; most ops are bound from the op YAML by paddle/__init__.py."""

from paddle.nn.functional.conv import conv2d, fold, unfold  # noqa: F401
from paddle.nn.functional.common import dropout, dropout2d, dropout3d  # noqa: F401
from paddle.nn.functional.input import embedding, one_hot  # noqa: F401
from paddle.nn.functional.norm import (  # noqa: F401
    batch_norm, group_norm, instance_norm, layer_norm, normalize, rms_norm,
)
