"""paddle.base: the framework pieces layers are built from (parameters,
parameter attributes, unique names), under the names Paddle gives them."""

from paddle.base import unique_name  # noqa: F401
from paddle.base.framework import EagerParamBase, create_parameter  # noqa: F401
from paddle.base.param_attr import ParamAttr  # noqa: F401
