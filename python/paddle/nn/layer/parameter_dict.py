"""ParameterDict: a dict of parameters its owner registers."""

from __future__ import annotations

from paddle import _checks as check
from paddle.nn.layer.layers import Layer


class ParameterDict(Layer):
    """Parameters by name (insertion-ordered), registered on the layer so that an owner's
    ``parameters()`` and ``state_dict()`` include them.

    Args:
        parameters (dict|ParameterDict|iterable of (str, Parameter), optional): the initial parameters.

    Examples:
        >>> import paddle
        >>> params = paddle.nn.ParameterDict({"w": paddle.create_parameter([2, 3], "float32")})
        >>> params["b"] = paddle.create_parameter([3], "float32")
        >>> list(params), len(params), params["b"].shape
        (['w', 'b'], 2, paddle.Size([3]))
    """

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key):
        return self._parameters[key]

    def __setitem__(self, key, parameter):
        self.add_parameter(key, parameter)

    def __len__(self) -> int:
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters)

    def __contains__(self, key) -> bool:
        return key in self._parameters

    def update(self, parameters) -> None:
        """Adds (or replaces) the parameters of a dict/ParameterDict or of an iterable of (name, parameter) pairs."""
        if isinstance(parameters, ParameterDict):
            items = [(key, parameters[key]) for key in parameters]
        elif hasattr(parameters, "items"):
            items = parameters.items()
        else:
            items = parameters
        for item in items:
            if not isinstance(item, (tuple, list)) or len(item) != 2:
                raise TypeError(f"[ParameterDict.update] argument 'parameters': expected a dict or (name, Parameter) "
                                f"pairs, but got an element {check.got(item)}")
            self.add_parameter(item[0], item[1])
