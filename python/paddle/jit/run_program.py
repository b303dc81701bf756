"""Runs a captured program (Note [Capture]) in eager mode, as one step of
eager autograd. Without gradients the program runs as it is. With them, a
copy made concrete for the inputs' shapes gets the gradients of its outputs
(given as inputs "@grad_<i>") with respect to its inputs and parameters, and
is cut where they start (Note [Split programs]): the forward run returns the
outputs and keeps what the backward reads, and the eager backward runs the
backward program on them, so nothing runs twice and random ops draw once.
Each set of input shapes builds its programs once."""

from __future__ import annotations

import paddle
from paddle import _C
from paddle.autograd import PyLayer

_DIFFERENTIABLE = ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")


def _differentiable(dtype):
    return dtype.name in _DIFFERENTIABLE


class _Training:
    """The forward and backward programs of one set of input shapes."""

    def __init__(self, captured, feed_dims):
        c = captured
        values = c.inputs + c.outputs + c.parameter_values
        program, copies = _C.pir.specialize(c.program, feed_dims, values)
        n_in, n_out = len(c.inputs), len(c.outputs)
        inputs, outputs, params = copies[:n_in], copies[n_in:n_in + n_out], copies[n_in + n_out:]
        cut = program.num_ops()
        targets = [i for i, v in enumerate(outputs) if _differentiable(v.dtype)]
        # the tensors the eager step takes: the inputs, then the parameters
        self.wrt = [i for i, v in enumerate(inputs + params) if _differentiable(v.dtype)]
        from paddle.jit.capture import static_mode

        with static_mode(), paddle.static.program_guard(program):
            seeds = [paddle.static.data(f"@grad_{i}", list(outputs[i].shape), outputs[i].dtype) for i in targets]
            grads = _C.pir.gradients([outputs[i] for i in targets], [(inputs + params)[i] for i in self.wrt], seeds)
        self.targets = targets
        self.has_grad = [g is not None for g in grads]
        (self.forward, self.outputs, self.saved, self.backward, self.grads,
         self.saved_names) = _C.pir.split_program(program, cut, outputs, [g for g in grads if g is not None])


class ProgramRunner:
    """Runs a Captured program on eager tensors: runner(*inputs) -> list of output tensors."""

    def __init__(self, captured, place=None):
        self.captured = captured
        self.executor = paddle.static.Executor(place)
        self.scope = paddle.static.Scope()
        self._training = {}

    def _feed(self, inputs):
        return dict(zip(self.captured.input_names, inputs))

    def _bind_parameters(self):
        for name, tensor in self.captured.parameters:
            self.scope.set_var(name, tensor)

    def _store_written(self):
        """Copies what the run stored into the scope (set_parameter) into the parameters' tensors."""
        from paddle.base.framework import assign_value

        tensors = dict(self.captured.parameters)
        for name in self.captured.written:
            assign_value(tensors[name], self.scope.find_var(name), "to_static")
            self.scope.set_var(name, tensors[name])

    def training(self, inputs):
        key = tuple(tuple(t.shape) for t in inputs)
        programs = self._training.get(key)
        if programs is None:
            feed_dims = {n: list(t.shape) for n, t in zip(self.captured.input_names, inputs)}
            programs = self._training[key] = _Training(self.captured, feed_dims)
        return programs

    def __call__(self, *inputs):
        self._bind_parameters()
        tensors = list(inputs) + [t for _, t in self.captured.parameters]
        if paddle.is_grad_enabled() and any(not t.stop_gradient for t in tensors):
            outputs = list(_RunProgram.apply(self, len(inputs), *tensors))
        else:
            outputs = self.executor.run(self.captured.program, feed=self._feed(inputs),
                                        fetch_list=self.captured.outputs, scope=self.scope, return_numpy=False)
        self._store_written()
        return outputs


class _RunProgram(PyLayer):
    @staticmethod
    def forward(ctx, runner, n_inputs, *tensors):
        inputs = tensors[:n_inputs]
        programs = runner.training(inputs)
        results = runner.executor.run(programs.forward, feed=runner._feed(inputs),
                                      fetch_list=list(programs.outputs) + list(programs.saved), scope=runner.scope,
                                      return_numpy=False)
        n_out = len(programs.outputs)
        ctx.runner, ctx.programs, ctx.n_tensors = runner, programs, len(tensors)
        ctx.saved_values = results[n_out:]
        ctx.output_meta = [(list(t.shape), t.dtype) for t in results[:n_out]]
        return tuple(results[:n_out])

    @staticmethod
    def backward(ctx, *grads):
        p = ctx.programs
        feed = dict(zip(p.saved_names, ctx.saved_values))
        for i in p.targets:
            shape, dtype = ctx.output_meta[i]
            feed[f"@grad_{i}"] = grads[i] if grads[i] is not None else paddle.zeros(shape, dtype)
        got = ctx.runner.executor.run(p.backward, feed=feed, fetch_list=list(p.grads), scope=ctx.runner.scope,
                                      return_numpy=False) if p.grads else []
        out = [None] * ctx.n_tensors
        values = iter(got)
        for position, has in zip(p.wrt, p.has_grad):
            if has:
                out[position] = next(values)
        return tuple(out)
