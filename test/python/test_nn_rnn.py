"""Recurrent layers (paddle.nn.layer.rnn) against a NumPy implementation of
Paddle's cell equations with the same weights, gradients against central
finite differences in float64, Paddle's parameter names, and input errors."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

import paddle
import paddle.nn as nn
from gradcheck import check_layer_grads


@pytest.fixture
def float64():
    paddle.set_default_dtype("float64")
    yield
    paddle.set_default_dtype("float32")


# ---- NumPy reference (Paddle's equations) ----

def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def _np_weights(cell):
    get = (lambda p: None if p is None else p.numpy().astype(np.float64))
    return get(cell.weight_ih), get(cell.weight_hh), get(cell.bias_ih), get(cell.bias_hh)


def np_cell(kind, cell, x, state):
    w_ih, w_hh, b_ih, b_hh = _np_weights(cell)
    h_prev = state[0] if kind == "LSTM" else state
    gx = x @ w_ih.T + (0 if b_ih is None else b_ih)
    gh = h_prev @ w_hh.T + (0 if b_hh is None else b_hh)
    if kind == "RNN":
        h = np.tanh(gx + gh) if cell.activation == "tanh" else np.maximum(gx + gh, 0)
        return h, h
    if kind == "GRU":
        hs = cell.hidden_size
        r = _sigmoid(gx[:, :hs] + gh[:, :hs])
        z = _sigmoid(gx[:, hs:2 * hs] + gh[:, hs:2 * hs])
        c = np.tanh(gx[:, 2 * hs:] + r * gh[:, 2 * hs:])
        h = z * h_prev + (1 - z) * c
        return h, h
    i, f, g, o = np.split(gx + gh, 4, axis=-1)
    c = _sigmoid(f) * state[1] + _sigmoid(i) * np.tanh(g)
    h = _sigmoid(o) * np.tanh(c)
    if cell.proj_size:
        h = h @ cell.weight_ho.numpy()
    return h, (h, c)


def np_run(kind, cell, x, state, lengths=None, reverse=False):
    """x [batch, time, in]; steps past a length keep the state (Paddle's sequence_length masking)."""
    steps = x.shape[1]
    outs = [None] * steps
    for t in (range(steps - 1, -1, -1) if reverse else range(steps)):
        out, new = np_cell(kind, cell, x[:, t], state)
        if lengths is not None:
            keep = (t < lengths)[:, None]
            if kind == "LSTM":
                new = tuple(np.where(keep, n, s) for n, s in zip(new, state))
            else:
                new = np.where(keep, new, state)
        state = new
        outs[t] = out
    return np.stack(outs, axis=1), state


def np_network(kind, net, x, lengths=None, init=None):
    """The multi-layer network: returns outputs [batch, time, D*H] and the stacked final states."""
    batch = x.shape[0]
    count = net.num_layers * net.num_directions
    sizes = [net.proj_size or net.hidden_size, net.hidden_size] if kind == "LSTM" else [net.hidden_size]
    if init is None:
        init = [np.zeros([count, batch, s]) for s in sizes]
    finals = []
    for layer_idx, layer in enumerate(net):
        cells = [layer.cell] if net.num_directions == 1 else [layer.cell_fw, layer.cell_bw]
        outs = []
        for d, cell in enumerate(cells):
            k = layer_idx * net.num_directions + d
            state = (init[0][k], init[1][k]) if kind == "LSTM" else init[0][k]
            out, state = np_run(kind, cell, x, state, lengths, reverse=d == 1)
            outs.append(out)
            finals.append(state)
        x = np.concatenate(outs, axis=-1)
        if lengths is not None:
            x = x * (np.arange(x.shape[1])[None, :] < lengths[:, None])[..., None]
    if kind == "LSTM":
        return x, (np.stack([f[0] for f in finals]), np.stack([f[1] for f in finals]))
    return x, np.stack(finals)


CELLS = {"RNN": nn.SimpleRNNCell, "LSTM": nn.LSTMCell, "GRU": nn.GRUCell}
NETS = {"RNN": nn.SimpleRNN, "LSTM": nn.LSTM, "GRU": nn.GRU}


def _close(actual, expected, atol=1e-5):
    if isinstance(expected, tuple):
        for a, e in zip(actual, expected):
            _close(a, e, atol)
        return
    np.testing.assert_allclose(actual.numpy(), expected, rtol=1e-5, atol=atol)


# ---- cells ----

@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
def test_cell_matches_numpy_with_given_and_zero_states(kind):
    paddle.seed(0)
    cell = CELLS[kind](3, 4)
    rng = np.random.default_rng(0)
    x = rng.standard_normal([2, 3]).astype("float32")
    state = (rng.standard_normal([2, 4]).astype("float32"), rng.standard_normal([2, 4]).astype("float32"))
    state = state if kind == "LSTM" else state[0]
    given = tuple(paddle.to_tensor(s) for s in state) if kind == "LSTM" else paddle.to_tensor(state)
    out, new = cell(paddle.to_tensor(x), given)
    ref_out, ref_new = np_cell(kind, cell, x.astype(np.float64), state)
    _close(out, ref_out)
    _close(new, ref_new)
    zeros = (np.zeros([2, 4]), np.zeros([2, 4])) if kind == "LSTM" else np.zeros([2, 4])
    out, new = cell(paddle.to_tensor(x))
    _close(new, np_cell(kind, cell, x.astype(np.float64), zeros)[1])


def test_cell_parameters_shapes_and_uniform_init():
    paddle.seed(1)
    for kind, gates in (("RNN", 1), ("LSTM", 4), ("GRU", 3)):
        cell = CELLS[kind](5, 16)
        assert [n for n, _ in cell.named_parameters()] == ["weight_ih", "weight_hh", "bias_ih", "bias_hh"]
        assert cell.weight_ih.shape == [gates * 16, 5] and cell.weight_hh.shape == [gates * 16, 16]
        assert cell.bias_ih.shape == [gates * 16] and cell.bias_hh.shape == [gates * 16]
        for p in cell.parameters():
            values = p.numpy()
            assert np.abs(values).max() <= 0.25 and values.std() > 0.1  # U(-1/4, 1/4)
    cell = nn.GRUCell(2, 3, bias_ih_attr=False, bias_hh_attr=False)
    assert cell.bias_ih is None and cell.bias_hh is None and len(cell.parameters()) == 2
    _close(cell(paddle.ones([1, 2]))[0], np_cell("GRU", cell, np.ones([1, 2]), np.zeros([1, 3]))[0])


def test_simple_rnn_cell_relu_and_lstm_projection():
    paddle.seed(2)
    x = np.random.default_rng(1).standard_normal([3, 2]).astype("float32")
    cell = nn.SimpleRNNCell(2, 3, activation="relu")
    _close(cell(paddle.to_tensor(x))[0], np_cell("RNN", cell, x.astype(np.float64), np.zeros([3, 3]))[0])
    lstm = nn.LSTMCell(2, 4, proj_size=2)
    assert lstm.weight_hh.shape == [16, 2] and lstm.weight_ho.shape == [4, 2]
    out, (h, c) = lstm(paddle.to_tensor(x))
    assert out.shape == [3, 2] and c.shape == [3, 4]
    _close(out, np_cell("LSTM", lstm, x.astype(np.float64), (np.zeros([3, 2]), np.zeros([3, 4])))[0])
    net = nn.LSTM(2, 4, num_layers=2, direction="bidirect", proj_size=3)
    assert net[1].cell_fw.weight_ih.shape == [16, 6] and net.weight_hh_l1_reverse.shape == [16, 3]
    out, (h, c) = net(paddle.to_tensor(x[None]))
    ref_out, ref_states = np_network("LSTM", net, x[None].astype(np.float64))
    _close(out, ref_out)
    _close((h, c), ref_states)
    assert h.shape == [4, 1, 3] and c.shape == [4, 1, 4]


# ---- wrappers and networks ----

@pytest.mark.parametrize("time_major", [False, True])
def test_rnn_and_birnn_wrappers_match_numpy(time_major):
    paddle.seed(3)
    rng = np.random.default_rng(2)
    x = rng.standard_normal([2, 4, 3]).astype("float32")
    xin = paddle.to_tensor(x.transpose(1, 0, 2) if time_major else x)
    rnn = nn.RNN(nn.LSTMCell(3, 5), is_reverse=True, time_major=time_major)
    out, (h, c) = rnn(xin)
    ref_out, ref_state = np_run("LSTM", rnn.cell, x.astype(np.float64), (np.zeros([2, 5]), np.zeros([2, 5])),
                                reverse=True)
    _close(out, ref_out.transpose(1, 0, 2) if time_major else ref_out)
    _close((h, c), ref_state)
    birnn = nn.BiRNN(nn.GRUCell(3, 2), nn.GRUCell(3, 2), time_major=time_major)
    out, (s_fw, s_bw) = birnn(xin)
    fw_out, fw_state = np_run("GRU", birnn.cell_fw, x.astype(np.float64), np.zeros([2, 2]))
    bw_out, bw_state = np_run("GRU", birnn.cell_bw, x.astype(np.float64), np.zeros([2, 2]), reverse=True)
    ref = np.concatenate([fw_out, bw_out], axis=-1)
    _close(out, ref.transpose(1, 0, 2) if time_major else ref)
    _close(s_fw, fw_state)
    _close(s_bw, bw_state)


@pytest.mark.parametrize("kind,direction,num_layers", [
    ("LSTM", "bidirect", 2), ("GRU", "bidirectional", 2), ("RNN", "forward", 3), ("LSTM", "forward", 1)])
def test_network_matches_numpy(kind, direction, num_layers):
    paddle.seed(4)
    net = NETS[kind](3, 4, num_layers=num_layers, direction=direction)
    x = np.random.default_rng(3).standard_normal([2, 5, 3]).astype("float32")
    out, states = net(paddle.to_tensor(x))
    ref_out, ref_states = np_network(kind, net, x.astype(np.float64))
    d = net.num_directions
    assert out.shape == [2, 5, 4 * d]
    _close(out, ref_out)
    _close(states, ref_states)
    if kind == "LSTM":
        assert states[0].shape == [num_layers * d, 2, 4] and states[1].shape == [num_layers * d, 2, 4]


def test_network_initial_states_and_time_major():
    paddle.seed(5)
    rng = np.random.default_rng(4)
    net = nn.LSTM(3, 4, num_layers=2, direction="bidirect", time_major=True)
    x = rng.standard_normal([5, 2, 3]).astype("float32")
    h0, c0 = rng.standard_normal([2, 4, 2, 4]).astype("float32")
    out, states = net(paddle.to_tensor(x), (paddle.to_tensor(h0), paddle.to_tensor(c0)))
    ref_out, ref_states = np_network("LSTM", net, x.transpose(1, 0, 2).astype(np.float64), init=[h0, c0])
    _close(out, ref_out.transpose(1, 0, 2))
    _close(states, ref_states)
    gru = nn.GRU(3, 4)
    h0 = rng.standard_normal([1, 2, 4]).astype("float32")
    _, h = gru(paddle.to_tensor(x.transpose(1, 0, 2)), paddle.to_tensor(h0))
    _close(h, np_network("GRU", gru, x.transpose(1, 0, 2).astype(np.float64), init=[h0])[1])


def test_sequence_length_masks_states_and_network_outputs():
    paddle.seed(6)
    rng = np.random.default_rng(5)
    x = rng.standard_normal([3, 5, 2]).astype("float32")
    lengths = np.array([5, 2, 3])
    net = nn.LSTM(2, 3, num_layers=2, direction="bidirect")
    out, states = net(paddle.to_tensor(x), sequence_length=paddle.to_tensor(lengths))
    ref_out, ref_states = np_network("LSTM", net, x.astype(np.float64), lengths)
    _close(out, ref_out)
    _close(states, ref_states)
    assert np.all(out.numpy()[1, 2:] == 0) and np.all(out.numpy()[2, 3:] == 0)
    # The reverse direction starts at each sequence's last valid step: same as running the trimmed sequence.
    trimmed, _ = net(paddle.to_tensor(x[1:2, :2]))
    np.testing.assert_allclose(out.numpy()[1, :2], trimmed.numpy()[0], rtol=1e-5, atol=1e-6)
    # The RNN wrapper holds the states but returns the cell's outputs at padded steps (paddle.nn.RNN).
    rnn = nn.RNN(nn.SimpleRNNCell(2, 3))
    out, h = rnn(paddle.to_tensor(x), sequence_length=paddle.to_tensor(lengths))
    ref_out, ref_h = np_run("RNN", rnn.cell, x.astype(np.float64), np.zeros([3, 3]), lengths)
    _close(out, ref_out)
    _close(h, ref_h)
    assert np.abs(out.numpy()[1, 2:]).sum() > 0


def test_parameter_names_and_state_dict_match_paddle():
    lstm = nn.LSTM(8, 8, direction="bidirect")
    assert list(lstm.state_dict().keys()) == [
        "weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0", "weight_ih_l0_reverse", "weight_hh_l0_reverse",
        "bias_ih_l0_reverse", "bias_hh_l0_reverse", "0.cell_fw.weight_ih", "0.cell_fw.weight_hh", "0.cell_fw.bias_ih",
        "0.cell_fw.bias_hh", "0.cell_bw.weight_ih", "0.cell_bw.weight_hh", "0.cell_bw.bias_ih", "0.cell_bw.bias_hh"]
    assert lstm.weight_ih_l0 is lstm[0].cell_fw.weight_ih and len(lstm.parameters()) == 8
    gru = nn.GRU(3, 5, num_layers=2)
    keys = list(gru.state_dict().keys())
    assert keys[:8] == ["weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0", "weight_ih_l1", "weight_hh_l1",
                        "bias_ih_l1", "bias_hh_l1"]
    assert "1.cell.weight_ih" in keys and gru.weight_ih_l1.shape == [15, 5]
    rnn = nn.SimpleRNN(3, 5, bias_ih_attr=False)
    assert [n for n, _ in rnn.named_parameters()] == ["weight_ih_l0", "weight_hh_l0", "bias_hh_l0"]
    # A state_dict round trip through another network reproduces the outputs.
    other = nn.GRU(3, 5, num_layers=2)
    other.set_state_dict(gru.state_dict())
    x = paddle.randn([2, 4, 3])
    np.testing.assert_allclose(other(x)[0].numpy(), gru(x)[0].numpy(), rtol=1e-6)
    assert repr(nn.LSTM(3, 4, num_layers=2, dropout=0.5)).splitlines()[0] == "LSTM(3, 4, num_layers=2, dropout=0.5"


def test_dropout_between_layers_only_in_training():
    paddle.seed(7)
    net = nn.GRU(3, 4, num_layers=2, dropout=0.5)
    x = paddle.randn([2, 6, 3])
    net.eval()
    ref_out, _ = np_network("GRU", net, x.numpy().astype(np.float64))
    _close(net(x)[0], ref_out)
    net.train()
    assert not np.allclose(net(x)[0].numpy(), ref_out, atol=1e-4)
    single = nn.GRU(3, 4, dropout=0.5)  # one layer: nothing to drop
    _close(single(x)[0], np_network("GRU", single, x.numpy().astype(np.float64))[0])


# ---- gradients ----

@pytest.mark.parametrize("kind", ["LSTM", "GRU", "RNN"])
def test_network_gradients_match_finite_differences(kind, float64):
    paddle.seed(8)
    net = NETS[kind](2, 2, direction="bidirect")
    x = np.random.default_rng(6).standard_normal([2, 3, 2])

    def forward(layer, inp, lengths):
        out, states = layer(inp, sequence_length=lengths)
        h = states[0] if kind == "LSTM" else states
        return paddle.concat([out.flatten(), h.flatten()])

    assert check_layer_grads(net, [x, np.array([3, 2])], forward) == 8


def test_two_layer_lstm_gradients_match_finite_differences(float64):
    paddle.seed(9)
    net = nn.LSTM(2, 2, num_layers=2)
    x = np.random.default_rng(7).standard_normal([1, 3, 2])
    h0 = np.random.default_rng(8).standard_normal([2, 1, 2])

    def forward(layer, inp, h):
        out, (hn, cn) = layer(inp, (h, paddle.zeros_like(h)))
        return paddle.concat([out.flatten(), cn.flatten()])

    check_layer_grads(net, [x, h0], forward)


# ---- errors ----

class _Accumulate(nn.RNNCellBase):
    """A cell of one's own, as Paddle's RNNCellBase docs have users write: h' = h + x, c' = 2 c; output h'."""

    @property
    def state_shape(self):
        return ((3,), (2,))

    def forward(self, inputs, states=None):
        h, c = self.get_initial_states(inputs) if states is None else states
        h = h + inputs
        return h, (h, c * 2)


def test_a_cell_of_ones_own_gets_its_initial_states_from_rnn_cell_base():
    cell = _Accumulate()
    assert isinstance(cell, nn.RNNCellBase) and isinstance(nn.LSTMCell(2, 3), nn.RNNCellBase)
    h, c = cell.get_initial_states(paddle.zeros([4, 7]))  # one state per state_shape, batch from dim 0
    assert (h.shape, c.shape, h.dtype) == ([4, 3], [4, 2], paddle.float32) and not h.numpy().any()
    h, c = cell.get_initial_states(paddle.zeros([7, 5]), init_value=1.5, batch_dim_idx=1)
    assert h.shape == [5, 3] and (h.numpy() == 1.5).all() and (c.numpy() == 1.5).all()
    state = cell.get_initial_states(paddle.zeros([4, 7]), shape=[6], dtype="float64", init_value=2)
    assert state.shape == [4, 6] and state.dtype == paddle.float64 and (state.numpy() == 2).all()
    h, c = cell.get_initial_states(paddle.zeros([4, 7]), dtype=("int64", "float64"))  # one dtype per state
    assert (h.dtype, c.dtype) == (paddle.int64, paddle.float64)
    # nn.RNN runs the cell over time: h = h0 + the sum of the inputs so far, c = c0 * 2**steps
    x = np.arange(24.0, dtype="float32").reshape(2, 4, 3)
    out, (h, c) = nn.RNN(cell)(paddle.to_tensor(x), (paddle.ones([2, 3]), paddle.ones([2, 2])))
    np.testing.assert_array_equal(out.numpy(), 1 + np.cumsum(x, axis=1))
    np.testing.assert_array_equal(h.numpy(), 1 + x.sum(1))
    np.testing.assert_array_equal(c.numpy(), np.full([2, 2], 16.0))


def test_a_cells_state_dtype_sets_its_initial_states_dtypes():
    class Typed(_Accumulate):
        @property
        def state_dtype(self):
            return ("int64", "float64")

    h, c = Typed().get_initial_states(paddle.zeros([4, 7]))
    assert (h.dtype, c.dtype) == (paddle.int64, paddle.float64)
    with pytest.raises(NotImplementedError):
        nn.RNNCellBase().get_initial_states(paddle.zeros([2, 3]))  # no state_shape to make states of
    with pytest.raises(NotImplementedError):
        nn.RNNCellBase().state_dtype


def test_bad_arguments_raise_naming_the_layer():
    with pytest.raises(ValueError, match=r"\[LSTM\] argument 'direction'"):
        nn.LSTM(3, 4, direction="backward")
    with pytest.raises(ValueError, match=r"\[GRU\] argument 'hidden_size'"):
        nn.GRU(3, 0)
    with pytest.raises(TypeError, match=r"\[SimpleRNN\] argument 'num_layers'"):
        nn.SimpleRNN(3, 4, num_layers=1.5)
    with pytest.raises(ValueError, match=r"\[SimpleRNNCell\] argument 'activation'"):
        nn.SimpleRNNCell(3, 4, activation="sigmoid")
    with pytest.raises(ValueError, match=r"\[LSTM\] argument 'dropout'"):
        nn.LSTM(3, 4, dropout=1.5)
    with pytest.raises(ValueError, match=r"\[LSTM\] argument 'inputs': expected a 3-D"):
        nn.LSTM(3, 4)(paddle.ones([2, 3]))
    with pytest.raises(ValueError, match=r"\[GRU\] argument 'inputs': expected the last dim"):
        nn.GRU(3, 4)(paddle.ones([2, 5, 2]))
    with pytest.raises(ValueError, match=r"\[LSTMCell\] argument 'inputs'"):
        nn.LSTMCell(3, 4)(paddle.ones([2, 5, 3]))
    with pytest.raises(ValueError, match=r"\[LSTM\] argument 'initial_states'"):
        nn.LSTM(3, 4)(paddle.ones([2, 5, 3]), (paddle.zeros([2, 2, 4]), paddle.zeros([2, 2, 4])))
    with pytest.raises(ValueError, match=r"\[BiRNN\] input size"):
        nn.BiRNN(nn.GRUCell(3, 4), nn.GRUCell(2, 4))
    with pytest.raises(TypeError, match=r"\[RNN\] argument 'cell'"):
        nn.RNN("lstm")


def test_docstring_examples_run():
    import paddle.nn.layer.rnn as module

    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
