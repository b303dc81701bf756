"""paddle.nn.initializer: how parameters start.

An initializer is passed as a layer's ``weight_attr``/``bias_attr`` (or in a
``ParamAttr``), or called on an existing parameter: ``init(param)`` writes
new values into it in place."""

from paddle.nn.initializer.initializer import (  # noqa: F401
    Initializer, _global_initializer, calculate_gain, compute_fans, set_global_initializer,
)
from paddle.nn.initializer.basic import Assign, Constant, Normal, TruncatedNormal, Uniform  # noqa: F401
from paddle.nn.initializer.fan_scaled import (  # noqa: F401
    KaimingNormal, KaimingUniform, XavierNormal, XavierUniform,
)
from paddle.nn.initializer.orthogonal import Orthogonal  # noqa: F401
from paddle.nn.initializer.bilinear import Bilinear  # noqa: F401
from paddle.nn.initializer.dirac import Dirac  # noqa: F401

__all__ = ["Initializer", "Constant", "Normal", "TruncatedNormal", "Uniform", "XavierNormal", "XavierUniform",
           "KaimingNormal", "KaimingUniform", "Orthogonal", "Assign", "calculate_gain", "set_global_initializer",
           "Bilinear", "Dirac"]
