"""TranslatedLayer: a saved model (paddle.jit.save's files) as a layer that
runs its program in eager mode and trains (Note [Capture]'s runner)."""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _C
from paddle.base.framework import EagerParamBase
from paddle.jit.capture import Captured
from paddle.jit.run_program import ProgramRunner


class TranslatedLayer(paddle.nn.Layer):
    """The layer paddle.jit.load returns. Its parameters are ``param_0``, ``param_1``, ... (the model's
    parameters in the order of their names, trainable as saved); calling it runs the saved program, with
    gradients when its parameters or inputs need them. It starts in eval mode, as PaddlePaddle's.
    """

    def __init__(self, captured):
        super().__init__()
        self._captured = captured
        for i, (_, param) in enumerate(captured.parameters):
            self.add_parameter(f"param_{i}", param)
        self._runner = ProgramRunner(captured)
        self.eval()

    @classmethod
    def _from_program(cls, program, names, tensors):
        feed_names, fetches, inputs, _ = _C.serialize.inputs_and_outputs(program)
        values = {v.name: v for v in _C.pir.parameters(program)}
        parameters = [(n, EagerParamBase._from_tensor(t, name=n, trainable=not values[n].stop_gradient))
                      for n, t in zip(names, tensors)]
        structure = ("list", [("value", i) for i in range(len(fetches))])
        return cls(Captured(program, feed_names, inputs, fetches, structure, parameters,
                            [values[n] for n in names]))

    def forward(self, *inputs):
        names = self._captured.input_names
        if len(inputs) != len(names):
            raise ValueError(f"[TranslatedLayer] the model takes {len(names)} inputs ({', '.join(names)}), but got "
                             f"{len(inputs)}")
        tensors = [x if isinstance(x, paddle.Tensor) else paddle.to_tensor(np.asarray(x)) for x in inputs]
        outputs = self._runner(*tensors)
        return outputs[0] if len(outputs) == 1 else list(outputs)

    def program(self, method_name="forward"):
        """The saved program."""
        if method_name != "forward":
            raise ValueError(f"[TranslatedLayer.program] the model has only 'forward', not {method_name!r}")
        return self._captured.program
