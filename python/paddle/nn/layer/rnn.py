"""Recurrent layers: the cells (SimpleRNNCell, LSTMCell, GRUCell), the cell
wrappers RNN and BiRNN, and the multi-layer SimpleRNN, LSTM and GRU.

Everything is composed of differentiable tensor ops, one cell call per time
step, so autograd gives the gradients. Parameter names, shapes, gate order and
initialization follow Paddle:

- a cell holds ``weight_ih`` [G*hidden, input], ``weight_hh`` [G*hidden, hidden],
  ``bias_ih`` and ``bias_hh`` [G*hidden], all Uniform(-1/sqrt(hidden), 1/sqrt(hidden));
- LSTM gates are (i, f, c, o), GRU gates (r, z, c) with the candidate
  ``tanh(W_ic x + b_ic + r * (W_hc h + b_hc))`` and ``h = z * h_prev + (1 - z) * c``;
- SimpleRNN/LSTM/GRU are LayerLists of RNN (or BiRNN) layers whose parameters are
  also exposed as ``weight_ih_l{k}[_reverse]`` etc., so ``state_dict()`` holds both
  ``weight_ih_l0`` and ``0.cell.weight_ih`` (the same tensor), as Paddle's does.

Note [RNN sequence_length]: with ``sequence_length``, a step at or past a
sequence's length keeps the previous states (the reverse direction thus starts
at each sequence's last valid step). The RNN/BiRNN wrappers return the cell's
outputs at those steps unchanged (as paddle.nn.RNN); SimpleRNN/LSTM/GRU return
zeros there (as Paddle's fused rnn kernel).
"""

from __future__ import annotations

import math

import paddle
from paddle._C import _C_ops
from paddle import _checks as check
from paddle.framework import get_default_dtype
from paddle.nn import functional as F
from paddle.nn.initializer import Uniform
from paddle.nn.layer.container import LayerList
from paddle.nn.layer.layers import Layer

_BIDIRECTIONAL = ("bidirect", "bidirectional")


def _map(fn, *structures):
    """Applies fn to the tensors of equally nested tuples/lists of tensors."""
    first = structures[0]
    if isinstance(first, (tuple, list)):
        return type(first)(_map(fn, *parts) for parts in zip(*structures))
    return fn(*structures)


def _flatten(structure) -> list:
    if isinstance(structure, (tuple, list)):
        return [t for part in structure for t in _flatten(part)]
    return [structure]


def _size(op: str, value, arg: str) -> int:
    value = check.integer(op, value, arg)
    if value <= 0:
        raise ValueError(f"[{op}] argument '{arg}': expected an int > 0, but got {value}")
    return value


class RNNCellBase(Layer):
    """The base of the recurrent cells: ``forward(inputs, states)`` returns ``(outputs, new_states)``
    for one time step; ``get_initial_states`` makes the zero states."""

    def get_initial_states(self, batch_ref, shape=None, dtype=None, init_value=0.0, batch_dim_idx=0):
        """States filled with `init_value`: ``[batch] + shape`` for each shape of ``state_shape``.

        Args:
            batch_ref (Tensor): a tensor whose dim `batch_dim_idx` is the batch size.
            shape (list|tuple, optional): the state shape(s) without the batch; ``state_shape`` by default.
            dtype (str|list|tuple, optional): the states' dtype, or one per shape in the structure of `shape`;
                by default the cell's ``state_dtype`` where it defines one, else batch_ref's floating dtype
                (else the default).
            init_value (float, optional): the fill value. Default 0.0.
            batch_dim_idx (int, optional): the batch dim of batch_ref. Default 0.
        """
        ref = _flatten(batch_ref)[0]
        batch = ref.shape[batch_dim_idx]
        shape = self.state_shape if shape is None else shape
        if dtype is None:
            try:
                dtype = self.state_dtype
            except NotImplementedError:
                dtype = ref.dtype if ref.dtype in (paddle.float16, paddle.bfloat16, paddle.float32,
                                                   paddle.float64) else get_default_dtype()

        def is_shape(s):
            return isinstance(s, (list, tuple)) and all(isinstance(d, int) for d in s)

        def make(s, d):
            if is_shape(s):
                return paddle.full([batch] + list(s), init_value, d)
            ds = d if isinstance(d, (list, tuple)) else [d] * len(s)  # one dtype for all, or one per state
            return type(s)(make(part, part_dtype) for part, part_dtype in zip(s, ds))

        return make(shape, dtype)

    @property
    def state_shape(self):
        raise NotImplementedError(f"[{type(self).__name__}] a cell must define state_shape")

    @property
    def state_dtype(self):
        """The states' dtype(s) (structured as ``state_shape``); a cell may define it, get_initial_states
        falls back to batch_ref's floating dtype where it does not."""
        raise NotImplementedError(f"[{type(self).__name__}] this cell does not define state_dtype")

    def _check_step(self, inputs, states):
        op = type(self).__name__
        check.tensor(op, inputs, "inputs")
        if len(inputs.shape) != 2 or inputs.shape[-1] != self.input_size:
            raise ValueError(f"[{op}] argument 'inputs': expected a 2-D tensor [batch_size, {self.input_size}], "
                             f"but got shape {list(inputs.shape)}")
        if states is None:
            return self.get_initial_states(inputs, dtype=inputs.dtype)
        return states

    def _gate_parameters(self, gates: int, input_size: int, state_size: int, weight_ih_attr, weight_hh_attr,
                         bias_ih_attr, bias_hh_attr) -> None:
        std = 1.0 / math.sqrt(self.hidden_size)
        init = Uniform(-std, std)
        rows = gates * self.hidden_size
        self.weight_ih = self.create_parameter([rows, input_size], weight_ih_attr, default_initializer=init)
        self.weight_hh = self.create_parameter([rows, state_size], weight_hh_attr, default_initializer=init)
        self.bias_ih = self.create_parameter([rows], bias_ih_attr, is_bias=True, default_initializer=init)
        self.bias_hh = self.create_parameter([rows], bias_hh_attr, is_bias=True, default_initializer=init)

    def _projections(self, inputs, pre_hidden):
        """(x W_ih^T + b_ih, h W_hh^T + b_hh)."""
        x = paddle.matmul(inputs, self.weight_ih, transpose_y=True)
        h = paddle.matmul(pre_hidden, self.weight_hh, transpose_y=True)
        if self.bias_ih is not None:
            x = x + self.bias_ih
        if self.bias_hh is not None:
            h = h + self.bias_hh
        return x, h

    def _project_sequence(self, steps_first):
        """x W_ih^T + b_ih + b_hh for every step of [time, batch, input] at once: one large GEMM
        instead of one per step (Note [RNN input projection])."""
        projected = paddle.matmul(steps_first, self.weight_ih, transpose_y=True)
        for bias in (self.bias_ih, self.bias_hh if self._folds_hidden_bias else None):
            if bias is not None:
                projected = projected + bias
        return projected

    def _recurrent(self, pre_hidden):
        return paddle.matmul(pre_hidden, self.weight_hh, transpose_y=True)

    def _init_sizes(self, input_size, hidden_size):
        super().__init__()
        op = type(self).__name__
        self._dtype = get_default_dtype()
        self.input_size = _size(op, input_size, "input_size")
        self.hidden_size = _size(op, hidden_size, "hidden_size")

    def extra_repr(self) -> str:
        return f"{self.input_size}, {self.hidden_size}"


class SimpleRNNCell(RNNCellBase):
    """An Elman RNN cell: ``h = act(W_ih x + b_ih + W_hh h_prev + b_hh)``; outputs and new states are both h.

    Args:
        input_size (int): the input size.
        hidden_size (int): the hidden size.
        activation (str, optional): 'tanh' or 'relu'. Default 'tanh'.
        weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr (ParamAttr, optional): the parameters'
            attributes; a bias attr of False drops that bias.
        name (str, optional): unused, for Paddle compatibility.

    Examples:
        >>> import paddle
        >>> cell = paddle.nn.SimpleRNNCell(3, 4)
        >>> cell.weight_ih.shape, cell.weight_hh.shape, cell.bias_ih.shape
        (paddle.Size([4, 3]), paddle.Size([4, 4]), paddle.Size([4]))
        >>> y, h = cell(paddle.ones([2, 3]))
        >>> y.shape, bool((y == h).all())
        (paddle.Size([2, 4]), True)
    """

    def __init__(self, input_size, hidden_size, activation="tanh", weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        self._init_sizes(input_size, hidden_size)
        self.activation = check.choice("SimpleRNNCell", activation, ("tanh", "relu"), "activation")
        self._gate_parameters(1, self.input_size, self.hidden_size, weight_ih_attr, weight_hh_attr, bias_ih_attr,
                              bias_hh_attr)

    _folds_hidden_bias = True

    def forward(self, inputs, states=None):
        pre_h = self._check_step(inputs, states)
        x, h = self._projections(inputs, pre_h)
        return self._activate(x + h)

    def _advance(self, projected, pre_h):
        return self._activate(projected + self._recurrent(pre_h))

    def _activate(self, pre_activation):
        h = paddle.tanh(pre_activation) if self.activation == "tanh" else F.relu(pre_activation)
        return h, h

    @property
    def state_shape(self):
        return (self.hidden_size,)

    def extra_repr(self) -> str:
        act = f", activation={self.activation}" if self.activation != "tanh" else ""
        return f"{self.input_size}, {self.hidden_size}{act}"


class LSTMCell(RNNCellBase):
    """A long short-term memory cell, gates in Paddle's order (i, f, c, o)::

        i = sigmoid(W_ii x + b_ii + W_hi h + b_hi)     f = sigmoid(W_if x + b_if + W_hf h + b_hf)
        o = sigmoid(W_io x + b_io + W_ho h + b_ho)     c' = f * c + i * tanh(W_ic x + b_ic + W_hc h + b_hc)
        h' = o * tanh(c')   (then h' = h' W_proj when proj_size > 0)

    Args:
        input_size (int), hidden_size (int): the sizes.
        weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr (ParamAttr, optional): as SimpleRNNCell.
        proj_size (int, optional): project h to this size with ``weight_ho`` [hidden_size, proj_size]. Default 0.
        name (str, optional): unused.

    ``forward(inputs, states=None)`` takes states ``(h, c)`` and returns ``(h', (h', c'))``.

    Examples:
        >>> import paddle
        >>> cell = paddle.nn.LSTMCell(3, 4)
        >>> cell.weight_ih.shape, cell.weight_hh.shape
        (paddle.Size([16, 3]), paddle.Size([16, 4]))
        >>> y, (h, c) = cell(paddle.ones([2, 3]))
        >>> y.shape, c.shape
        (paddle.Size([2, 4]), paddle.Size([2, 4]))
    """

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None,
                 bias_hh_attr=None, proj_size=0, name=None):
        self._init_sizes(input_size, hidden_size)
        self.proj_size = check.integer("LSTMCell", proj_size, "proj_size", min=0)
        if self.proj_size >= self.hidden_size:
            raise ValueError(f"[LSTMCell] argument 'proj_size': expected an int < hidden_size ({self.hidden_size}), "
                             f"but got {proj_size}")
        self._gate_parameters(4, self.input_size, self.proj_size or self.hidden_size, weight_ih_attr, weight_hh_attr,
                              bias_ih_attr, bias_hh_attr)
        if self.proj_size:
            std = 1.0 / math.sqrt(self.hidden_size)
            self.weight_ho = self.create_parameter([self.hidden_size, self.proj_size], weight_hh_attr,
                                                   default_initializer=Uniform(-std, std))

    _folds_hidden_bias = True

    def forward(self, inputs, states=None):
        pre_hidden, pre_cell = self._check_step(inputs, states)
        x, h = self._projections(inputs, pre_hidden)
        return self._gates_to_states(x + h, pre_cell)

    def _advance(self, projected, states):
        pre_hidden, pre_cell = states
        return self._gates_to_states(projected + self._recurrent(pre_hidden), pre_cell)

    def _gates_to_states(self, gates, pre_cell):
        hidden, cell = _C_ops.lstm_cell(gates, pre_cell)  # Note [Fused LSTM cell]
        if self.proj_size:
            hidden = paddle.matmul(hidden, self.weight_ho)
        return hidden, (hidden, cell)

    @property
    def state_shape(self):
        return ((self.proj_size or self.hidden_size,), (self.hidden_size,))

    def extra_repr(self) -> str:
        proj = f", proj_size={self.proj_size}" if self.proj_size else ""
        return f"{self.input_size}, {self.hidden_size}{proj}"


class GRUCell(RNNCellBase):
    """A gated recurrent unit cell, gates in Paddle's order (r, z, c)::

        r = sigmoid(W_ir x + b_ir + W_hr h + b_hr)     z = sigmoid(W_iz x + b_iz + W_hz h + b_hz)
        c = tanh(W_ic x + b_ic + r * (W_hc h + b_hc))  h' = z * h + (1 - z) * c

    Args: as SimpleRNNCell (without activation).

    Examples:
        >>> import paddle
        >>> cell = paddle.nn.GRUCell(3, 4)
        >>> cell.weight_hh.shape
        paddle.Size([12, 4])
        >>> y, h = cell(paddle.ones([2, 3]))
        >>> h.shape
        paddle.Size([2, 4])
    """

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None,
                 bias_hh_attr=None, name=None):
        self._init_sizes(input_size, hidden_size)
        self._gate_parameters(3, self.input_size, self.hidden_size, weight_ih_attr, weight_hh_attr, bias_ih_attr,
                              bias_hh_attr)

    _folds_hidden_bias = False  # b_hc sits inside r * (W_hc h + b_hc)

    def forward(self, inputs, states=None):
        pre_hidden = self._check_step(inputs, states)
        x, h = self._projections(inputs, pre_hidden)
        return self._combine(x, h, pre_hidden)

    def _advance(self, projected, pre_hidden):
        h = self._recurrent(pre_hidden)
        return self._combine(projected, h if self.bias_hh is None else h + self.bias_hh, pre_hidden)

    def _combine(self, x, h, pre_hidden):
        hidden = _C_ops.gru_cell(x, h, pre_hidden)  # Note [Fused LSTM cell]: GRU's is fused likewise
        return hidden, hidden

    @property
    def state_shape(self):
        return (self.hidden_size,)


def _step_mask(sequence_length, steps: int, dtype):
    """[steps, batch, 1] with 1.0 where the step is inside the sequence."""
    lengths = check.tensor("RNN", sequence_length, "sequence_length")
    if len(lengths.shape) != 1:
        raise ValueError(f"[RNN] argument 'sequence_length': expected a 1-D tensor [batch_size], but got shape "
                         f"{list(lengths.shape)}")
    steps_col = paddle.arange(steps, dtype="int64").unsqueeze(1)
    return (steps_col < lengths.astype("int64").unsqueeze(0)).astype(dtype).unsqueeze(-1)


def _check_sequence(op: str, inputs, input_size: int | None) -> None:
    check.tensor(op, inputs, "inputs")
    if len(inputs.shape) != 3:
        raise ValueError(f"[{op}] argument 'inputs': expected a 3-D tensor, but got shape {list(inputs.shape)}")
    if input_size is not None and inputs.shape[-1] != input_size:
        raise ValueError(f"[{op}] argument 'inputs': expected the last dim to be input_size ({input_size}), but got "
                         f"shape {list(inputs.shape)}")


def _run(cell, inputs, initial_states, sequence_length, time_major, is_reverse, **kwargs):
    """Unrolls `cell` over the time axis; returns (outputs, final_states, step mask or None)."""
    if initial_states is None:
        initial_states = cell.get_initial_states(inputs, dtype=inputs.dtype, batch_dim_idx=1 if time_major else 0)
    steps_first = inputs if time_major else inputs.transpose([1, 0, 2])
    steps = steps_first.shape[0]
    mask = None if sequence_length is None else _step_mask(sequence_length, steps, inputs.dtype)
    order = range(steps - 1, -1, -1) if is_reverse else range(steps)
    states = initial_states
    outputs = [None] * steps
    # Note [RNN input projection]: the built-in cells take every step's input projection from one GEMM
    # over the whole sequence; a subclass or a cell given extra arguments runs step by step.
    # unbind: one op whose gradient stacks the steps' (indexing each step would scatter into the whole)
    projected = None
    if type(cell) in _BUILT_IN_CELLS and not kwargs:
        projected = paddle.unbind(cell._project_sequence(steps_first), 0)
    for t in order:
        if projected is not None:
            out, new_states = cell._advance(projected[t], states)
        else:
            out, new_states = cell(steps_first[t], states, **kwargs)
        if mask is not None:
            m = mask[t]
            new_states = _map(lambda old, new: old * (1.0 - m) + new * m, states, new_states)
        states = new_states
        outputs[t] = out
    out = paddle.stack(outputs, axis=0 if time_major else 1)
    return out, states, mask


_BUILT_IN_CELLS = (SimpleRNNCell, LSTMCell, GRUCell)


class RNN(Layer):
    """Runs a cell over a sequence: ``forward(inputs, initial_states=None, sequence_length=None, **kwargs)``
    returns ``(outputs, final_states)`` with outputs [batch, time, ...] ([time, batch, ...] when time_major).

    Args:
        cell (RNNCellBase): the cell, called once per step as ``cell(x_t, states, **kwargs)``.
        is_reverse (bool, optional): run from the last step to the first. Default False.
        time_major (bool, optional): inputs are [time, batch, ...]. Default False.

    See Note [RNN sequence_length] in this module for ``sequence_length``.

    Examples:
        >>> import paddle
        >>> rnn = paddle.nn.RNN(paddle.nn.GRUCell(3, 5))
        >>> out, h = rnn(paddle.ones([2, 4, 3]))
        >>> out.shape, h.shape
        (paddle.Size([2, 4, 5]), paddle.Size([2, 5]))
    """

    def __init__(self, cell, is_reverse=False, time_major=False):
        super().__init__()
        if not isinstance(cell, Layer):
            raise TypeError(f"[RNN] argument 'cell': expected an RNN cell Layer, but got {check.got(cell)}")
        self.cell = cell
        self.is_reverse = check.flag("RNN", is_reverse, "is_reverse")
        self.time_major = check.flag("RNN", time_major, "time_major")

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        _check_sequence("RNN", inputs, getattr(self.cell, "input_size", None))
        out, states, _ = _run(self.cell, inputs, initial_states, sequence_length, self.time_major, self.is_reverse,
                              **kwargs)
        return out, states


class BiRNN(Layer):
    """Runs `cell_fw` forward and `cell_bw` backward over a sequence and concatenates their outputs on the
    last axis: ``forward(inputs, initial_states=None, sequence_length=None)`` returns
    ``(outputs, (states_fw, states_bw))``; `initial_states` is a pair too.

    Args:
        cell_fw, cell_bw (RNNCellBase): cells with the same input size.
        time_major (bool, optional): inputs are [time, batch, ...]. Default False.

    Examples:
        >>> import paddle
        >>> birnn = paddle.nn.BiRNN(paddle.nn.LSTMCell(3, 4), paddle.nn.LSTMCell(3, 4))
        >>> out, ((h_fw, c_fw), (h_bw, c_bw)) = birnn(paddle.ones([2, 5, 3]))
        >>> out.shape, h_bw.shape
        (paddle.Size([2, 5, 8]), paddle.Size([2, 4]))
    """

    def __init__(self, cell_fw, cell_bw, time_major=False):
        super().__init__()
        for arg, cell in (("cell_fw", cell_fw), ("cell_bw", cell_bw)):
            if not isinstance(cell, Layer):
                raise TypeError(f"[BiRNN] argument '{arg}': expected an RNN cell Layer, but got {check.got(cell)}")
        fw, bw = getattr(cell_fw, "input_size", None), getattr(cell_bw, "input_size", None)
        if fw != bw:
            raise ValueError(f"[BiRNN] input size of forward cell ({fw}) does not equal that of backward cell ({bw})")
        self.cell_fw = cell_fw
        self.cell_bw = cell_bw
        self.time_major = check.flag("BiRNN", time_major, "time_major")

    def _directions(self, inputs, initial_states, sequence_length, **kwargs):
        if initial_states is None:
            initial_states = (None, None)
        elif not isinstance(initial_states, (tuple, list)) or len(initial_states) != 2:
            raise ValueError("[BiRNN] argument 'initial_states': expected a pair (states_fw, states_bw)")
        fw = _run(self.cell_fw, inputs, initial_states[0], sequence_length, self.time_major, False, **kwargs)
        bw = _run(self.cell_bw, inputs, initial_states[1], sequence_length, self.time_major, True, **kwargs)
        return fw, bw

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        _check_sequence("BiRNN", inputs, getattr(self.cell_fw, "input_size", None))
        (out_fw, states_fw, _), (out_bw, states_bw, _) = self._directions(inputs, initial_states, sequence_length,
                                                                          **kwargs)
        return paddle.concat([out_fw, out_bw], axis=-1), (states_fw, states_bw)


class RNNBase(LayerList):
    """The multi-layer recurrent networks: a LayerList of RNN (or BiRNN) layers, one per layer, with
    dropout between layers in training.

    ``forward(inputs, initial_states=None, sequence_length=None)`` returns ``(outputs, final_states)``:
    outputs [batch, time, num_directions * hidden_size] ([time, batch, ...] when time_major) and states
    [num_layers * num_directions, batch, hidden_size] (a pair (h, c) for LSTM), in the order layer 0
    forward, layer 0 backward, layer 1 forward, ...
    """

    _mode = ""
    _cell = None

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward", time_major=False, dropout=0.0,
                 weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, proj_size=0,
                 **cell_kwargs):
        super().__init__()
        op = type(self).__name__
        self.input_size = _size(op, input_size, "input_size")
        self.hidden_size = _size(op, hidden_size, "hidden_size")
        self.num_layers = _size(op, num_layers, "num_layers")
        if direction not in ("forward",) + _BIDIRECTIONAL:
            raise ValueError(f"[{op}] argument 'direction': expected 'forward', 'bidirect' or 'bidirectional', but "
                             f"got {direction!r}")
        self.direction = direction
        self.num_directions = 2 if direction in _BIDIRECTIONAL else 1
        self.time_major = check.flag(op, time_major, "time_major")
        dropout = check.number(op, dropout, "dropout")
        if not 0 <= dropout <= 1:
            raise ValueError(f"[{op}] argument 'dropout': expected a number in [0, 1], but got {dropout}")
        self.dropout = dropout
        self.proj_size = proj_size
        self.state_components = 2 if self._mode == "LSTM" else 1
        attrs = dict(weight_ih_attr=weight_ih_attr, weight_hh_attr=weight_hh_attr, bias_ih_attr=bias_ih_attr,
                     bias_hh_attr=bias_hh_attr, **cell_kwargs)
        if proj_size:
            attrs["proj_size"] = proj_size
        out_size = proj_size or self.hidden_size
        cell_cls = type(self)._cell
        for layer in range(self.num_layers):
            size = self.input_size if layer == 0 else out_size * self.num_directions
            if self.num_directions == 1:
                self.append(RNN(cell_cls(size, self.hidden_size, **attrs), False, self.time_major))
            else:
                self.append(BiRNN(cell_cls(size, self.hidden_size, **attrs), cell_cls(size, self.hidden_size, **attrs),
                                  self.time_major))
        # Paddle also exposes each layer's parameters on the network itself (Note at the top of this module).
        for layer in range(self.num_layers):
            cells = [self[layer].cell] if self.num_directions == 1 else [self[layer].cell_fw, self[layer].cell_bw]
            for d, cell in enumerate(cells):
                suffix = "_reverse" if d == 1 else ""
                for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
                    param = getattr(cell, name)
                    if param is not None:
                        setattr(self, f"{name}_l{layer}{suffix}", param)

    def _split_states(self, initial_states, batch: int, dtype):
        """Per layer: the state (or (h, c)), a (fw, bw) pair of them when bidirectional."""
        op = type(self).__name__
        count = self.num_layers * self.num_directions
        sizes = [self.proj_size or self.hidden_size, self.hidden_size][:self.state_components]
        if initial_states is None:
            initial_states = [paddle.zeros([count, batch, s], dtype) for s in sizes]
        else:
            if self.state_components == 1:
                initial_states = [initial_states]
            elif not isinstance(initial_states, (tuple, list)) or len(initial_states) != 2:
                raise ValueError(f"[{op}] argument 'initial_states': expected a pair (h, c) of tensors")
            for t, s in zip(initial_states, sizes):
                check.tensor(op, t, "initial_states")
                if list(t.shape) != [count, batch, s]:
                    raise ValueError(f"[{op}] argument 'initial_states': expected shape {[count, batch, s]}, but got "
                                     f"{list(t.shape)}")
        per_state = [[t[i] for i in range(count)] for t in initial_states]
        flat = per_state[0] if self.state_components == 1 else list(zip(*per_state))
        if self.num_directions == 1:
            return flat
        return [(flat[2 * i], flat[2 * i + 1]) for i in range(self.num_layers)]

    def forward(self, inputs, initial_states=None, sequence_length=None):
        op = type(self).__name__
        _check_sequence(op, inputs, self.input_size)
        batch = inputs.shape[1 if self.time_major else 0]
        states = self._split_states(initial_states, batch, inputs.dtype)
        final_states = []
        for i, layer in enumerate(self):
            if i > 0 and self.dropout and self.training:  # (in inference F.dropout would only copy)
                inputs = F.dropout(inputs, self.dropout, training=True, mode="upscale_in_train")
            if self.num_directions == 1:
                outputs, state, mask = _run(layer.cell, inputs, states[i], sequence_length, self.time_major, False)
                final_states.append(state)
            else:
                (out_fw, s_fw, mask), (out_bw, s_bw, _) = layer._directions(inputs, states[i], sequence_length)
                outputs = paddle.concat([out_fw, out_bw], axis=-1)
                final_states.extend([s_fw, s_bw])
            if mask is not None:  # Note [RNN sequence_length]: zero outputs past each length
                outputs = outputs * (mask if self.time_major else mask.transpose([1, 0, 2]))
            inputs = outputs
        if self.state_components == 1:
            return outputs, paddle.stack(final_states)
        return outputs, tuple(paddle.stack([s[k] for s in final_states]) for k in range(self.state_components))

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.direction != "forward":
            s += f", direction={self.direction}"
        if self.time_major:
            s += f", time_major={self.time_major}"
        if self.dropout:
            s += f", dropout={self.dropout}"
        return s


class SimpleRNN(RNNBase):
    """A multi-layer Elman RNN (SimpleRNNCell per layer and direction).

    Args:
        input_size (int), hidden_size (int): the sizes.
        num_layers (int, optional): stacked layers. Default 1.
        direction (str, optional): 'forward', or 'bidirect'/'bidirectional'. Default 'forward'.
        time_major (bool, optional): inputs are [time, batch, input_size]. Default False.
        dropout (float, optional): dropout on each layer's input but the first, in training. Default 0.
        activation (str, optional): 'tanh' or 'relu'. Default 'tanh'.
        weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr (ParamAttr, optional): every cell's.
        name (str, optional): unused.

    Examples:
        >>> import paddle
        >>> rnn = paddle.nn.SimpleRNN(3, 4, num_layers=2, direction="bidirect")
        >>> out, h = rnn(paddle.ones([2, 5, 3]))
        >>> out.shape, h.shape
        (paddle.Size([2, 5, 8]), paddle.Size([4, 2, 4]))
        >>> rnn.weight_ih_l1_reverse.shape
        paddle.Size([4, 8])
    """

    _mode, _cell = "RNN", SimpleRNNCell

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward", time_major=False, dropout=0.0,
                 activation="tanh", weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None,
                 name=None):
        self.activation = check.choice("SimpleRNN", activation, ("tanh", "relu"), "activation")
        super().__init__(input_size, hidden_size, num_layers, direction, time_major, dropout, weight_ih_attr,
                         weight_hh_attr, bias_ih_attr, bias_hh_attr, activation=activation)


class LSTM(RNNBase):
    """A multi-layer LSTM (LSTMCell per layer and direction); states are a pair (h, c).

    Args: as SimpleRNN (without activation), plus proj_size (int, optional): project each h to this size
    (``weight_ho`` in each cell). Default 0.

    Examples:
        >>> import paddle
        >>> lstm = paddle.nn.LSTM(3, 4, num_layers=2)
        >>> out, (h, c) = lstm(paddle.ones([2, 5, 3]))
        >>> out.shape, h.shape, c.shape
        (paddle.Size([2, 5, 4]), paddle.Size([2, 2, 4]), paddle.Size([2, 2, 4]))
        >>> list(lstm.state_dict().keys())[:4]
        ['weight_ih_l0', 'weight_hh_l0', 'bias_ih_l0', 'bias_hh_l0']
    """

    _mode, _cell = "LSTM", LSTMCell

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward", time_major=False, dropout=0.0,
                 weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, proj_size=0,
                 name=None):
        proj_size = check.integer("LSTM", proj_size, "proj_size", min=0)
        super().__init__(input_size, hidden_size, num_layers, direction, time_major, dropout, weight_ih_attr,
                         weight_hh_attr, bias_ih_attr, bias_hh_attr, proj_size)


class GRU(RNNBase):
    """A multi-layer GRU (GRUCell per layer and direction).

    Args: as SimpleRNN (without activation).

    Examples:
        >>> import paddle
        >>> gru = paddle.nn.GRU(3, 4, time_major=True)
        >>> out, h = gru(paddle.ones([5, 2, 3]))
        >>> out.shape, h.shape
        (paddle.Size([5, 2, 4]), paddle.Size([1, 2, 4]))
    """

    _mode, _cell = "GRU", GRUCell

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward", time_major=False, dropout=0.0,
                 weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__(input_size, hidden_size, num_layers, direction, time_major, dropout, weight_ih_attr,
                         weight_hh_attr, bias_ih_attr, bias_hh_attr)
