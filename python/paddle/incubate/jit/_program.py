"""The layer paddle.incubate.jit.inference saves: a function with its tensor
arguments only (jit.save traces tensors), as Paddle Inference runs it."""

from __future__ import annotations

import paddle
from paddle.jit.api import _layers_of
from paddle.jit.dy2static import convert_control_flow


class TensorArguments(paddle.nn.Layer):
    """``function(owner, *arguments)`` (``function(*arguments)`` without an
    owner) called with the tensors alone, in order: the layout puts each
    parameter back together, a tensor, a list or tuple of tensors, or a fixed
    value (None, a bool) that becomes part of the program.

    Args:
        function (function): the function as written (a method's function,
            unbound).
        owner (Layer|None): the layer whose method it is.
        layout (list[tuple]): per parameter, ("tensor",), ("list", n, type)
            or ("fixed", value).
    """

    def __init__(self, function, owner, layout):
        super().__init__()
        # The layers it uses are sublayers, so that jit.save finds their
        # parameters.
        for i, layer in enumerate(_layers_of(function, owner)):
            self.add_sublayer(f"used_{i}", layer)
        self._function = convert_control_flow(function)  # Note [Control flow in capture]
        self._owner = owner
        self._layout = layout

    def forward(self, *tensors):
        given = iter(tensors)
        arguments = []
        for kind, *rest in self._layout:
            if kind == "tensor":
                arguments.append(next(given))
            elif kind == "list":
                count, sequence_type = rest
                arguments.append(sequence_type(next(given) for _ in range(count)))
            else:
                arguments.append(rest[0])
        if self._owner is not None:
            return self._function(self._owner, *arguments)
        return self._function(*arguments)
