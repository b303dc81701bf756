"""Runs a captured program (Note [Capture]) in eager mode, as one step of
eager autograd. Without gradients the program runs as it is. With them, a
copy made concrete for the inputs' shapes gets the gradients of its outputs
(given as inputs "@grad_<i>") with respect to its inputs and parameters, and
is cut where they start (Note [Split programs]): the forward run returns the
outputs and keeps what the backward reads, and the eager backward runs the
backward program on them, so nothing runs twice and random ops draw once.
Each set of input shapes builds and prepares its programs once; a call then
costs two prepared executor runs and the recording of one grad node, both
in C++ (Note [Run program], paddle/executor/run_program.h)."""

from __future__ import annotations

import paddle
from paddle import _C

_DIFFERENTIABLE = ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")


def _differentiable(dtype):
    return dtype.name in _DIFFERENTIABLE


class _Training:
    """The prepared forward and backward programs of one set of input shapes."""

    def __init__(self, captured, feed_dims, place):
        from paddle.jit.capture import static_mode

        c = captured
        values = c.inputs + c.outputs + c.parameter_values
        program, copies = _C.pir.specialize(c.program, feed_dims, values)
        n_in, n_out = len(c.inputs), len(c.outputs)
        inputs, outputs, params = copies[:n_in], copies[n_in:n_in + n_out], copies[n_in + n_out:]
        cut = program.num_ops()
        targets = [i for i, v in enumerate(outputs) if _differentiable(v.dtype)]
        # positions among the step's tensors (the inputs, then the parameters) that can take a gradient
        wrt = [i for i, v in enumerate(inputs + params) if _differentiable(v.dtype)]
        with static_mode(), paddle.static.program_guard(program):
            seeds = [paddle.static.data(f"@grad_{i}", list(outputs[i].shape), outputs[i].dtype)
                     for i in targets]
            grads = _C.pir.gradients([outputs[i] for i in targets], [(inputs + params)[i] for i in wrt],
                                     seeds)
        positions = [position for position, g in zip(wrt, grads) if g is not None]
        try:
            forward, outs, saved, backward, grad_values, saved_names = _C.pir.split_program(
                program, cut, outputs, [g for g in grads if g is not None])
        except ValueError as e:
            if "only tensors can be saved" not in str(e):
                raise
            self.programs = _recomputing(c, program, [g for g in grads if g is not None], positions, place)
            return
        self.programs = _C.pir.TrainingPrograms(
            _C.pir.Executor(forward, list(outs) + list(saved), place),
            _C.pir.Executor(backward, grad_values, place) if grad_values else None, len(outs), c.input_names,
            saved_names, positions)


def _recomputing(c, program, grad_values, positions, place):
    """The step of a program whose backward reads what a loop kept (pd_op.while's stacks), which cannot pass
    between two runs: the forward run computes the outputs and keeps the inputs, the backward run computes the
    forward again with the gradients."""
    impure = _C.pir.impure_ops(program)
    if impure:
        raise NotImplementedError(f"[to_static] gradients through a tensor-decided loop of a program with ops that "
                                  f"draw random numbers or write their inputs ({', '.join(impure)}) are not "
                                  f"supported: the forward would be computed twice")
    if c.written:
        raise NotImplementedError(f"[to_static] gradients through a tensor-decided loop of a program that updates "
                                  f"{', '.join(sorted(c.written))} (batch norm statistics) are not supported: the "
                                  f"forward would be computed twice and update them twice")
    forward = _C.pir.Executor(c.program, list(c.outputs) + list(c.inputs), place)
    return _C.pir.TrainingPrograms(forward, _C.pir.Executor(program, grad_values, place), len(c.outputs),
                                   c.input_names, c.input_names, positions)


class ProgramRunner:
    """Runs a Captured program on eager tensors: runner(*inputs) -> list of output tensors."""

    def __init__(self, captured, place=None):
        self.captured = captured
        self.place = place
        self.scope = paddle.static.Scope()
        self._plain = None
        self._training = {}
        self._tensors = [t for _, t in captured.parameters]
        self._differentiable_outputs = [_differentiable(v.dtype) for v in captured.outputs]
        for name, tensor in captured.parameters:  # the scope holds the very tensors: updates in place show
            self.scope.set_var(name, tensor)

    def _store_written(self):
        """Copies what the run stored into the scope (set_parameter) into the parameters' tensors."""
        from paddle.base.framework import assign_value

        tensors = dict(self.captured.parameters)
        for name in self.captured.written:
            assign_value(tensors[name], self.scope.find_var(name), "to_static")
            self.scope.set_var(name, tensors[name])

    def training(self, inputs, shapes=None):
        key = shapes if shapes is not None else tuple(tuple(t.shape) for t in inputs)
        programs = self._training.get(key)
        if programs is None:
            feed_dims = {n: list(t.shape) for n, t in zip(self.captured.input_names, inputs)}
            programs = self._training[key] = _Training(self.captured, feed_dims, self.place)
        return programs

    def __call__(self, *inputs, shapes=None):
        """The outputs for the inputs (shapes: a hashable form of their shapes, when the caller has one)."""
        tensors = list(inputs) + self._tensors
        if _C.is_grad_enabled() and any(not t.stop_gradient for t in tensors):
            outputs = self._run_with_gradient(inputs, tensors, shapes)
        else:
            if self._plain is None:
                self._plain = _C.pir.Executor(self.captured.program, self.captured.outputs, self.place)
            outputs = self._plain.run(dict(zip(self.captured.input_names, inputs)), self.scope)
        if self.captured.written:
            self._store_written()
        return outputs

    def _run_with_gradient(self, inputs, tensors, shapes):
        return self.training(inputs, shapes).programs.run(list(inputs), self._tensors, self._differentiable_outputs,
                                                           self.scope)
