"""Decoding loops for sequence models: the Decoder interface, BeamSearchDecoder and
dynamic_decode, which runs a decoder step by step until every sequence finished."""

from __future__ import annotations

from collections import namedtuple

import paddle
from paddle import _checks as check
from paddle.base.nest import flatten
from paddle.nn.functional.sequence import gather_tree

# The score of an impossible choice: a beam that is not there yet, or a token other
# than the end token after a beam finished.
_IMPOSSIBLE = 1e9


def _map_structure(fn, *structures):
    """fn applied leaf by leaf to structures of the same nesting (lists, tuples,
    namedtuples and dicts), rebuilt with the same nesting."""
    first = structures[0]
    if isinstance(first, dict):
        return {key: _map_structure(fn, *(s[key] for s in structures)) for key in first}
    if isinstance(first, tuple) and hasattr(first, "_fields"):
        return type(first)(*(_map_structure(fn, *parts) for parts in zip(*structures)))
    if isinstance(first, (list, tuple)):
        return type(first)(_map_structure(fn, *parts) for parts in zip(*structures))
    return fn(*structures)


class Decoder:
    """The interface dynamic_decode drives: ``initialize(inits)`` gives the first
    (inputs, states, finished); ``step(time, inputs, states, **kwargs)`` gives
    (outputs, next_states, next_inputs, finished); ``finalize(outputs, final_states,
    sequence_lengths)`` may post-process the stacked outputs (dynamic_decode keeps them
    as they are when it raises NotImplementedError). ``tracks_own_finished`` says the
    decoder keeps finished sequences finished itself (else dynamic_decode ORs them)."""

    def initialize(self, inits):
        raise NotImplementedError(f"[{type(self).__name__}] a Decoder must define initialize()")

    def step(self, time, inputs, states, **kwargs):
        raise NotImplementedError(f"[{type(self).__name__}] a Decoder must define step()")

    def finalize(self, outputs, final_states, sequence_lengths):
        raise NotImplementedError(f"[{type(self).__name__}] finalize() is optional")

    @property
    def tracks_own_finished(self) -> bool:
        return False


class BeamSearchDecoder(Decoder):
    """Beam search over an RNN cell: each step extends every kept sequence by every
    token, scores the extensions by their total log-probability and keeps the best
    beam_size per batch entry; a sequence that emitted end_token stays finished
    (it can only extend by end_token, at no cost).

    Cell states enter as [batch, ...] and are kept as [batch, beam_size, ...]; the cell
    runs on [batch * beam_size, ...]. ``dynamic_decode`` returns the predicted ids
    [batch, time, beam_size] (sequences traced back through their parents, best first)
    and the final StateWrapper.

    Args:
        cell (RNNCellBase): called as ``cell(inputs, states, **kwargs)`` -> (outputs, new_states).
        start_token (int): the first input token.
        end_token (int): the token that finishes a sequence.
        beam_size (int): the sequences kept per batch entry.
        embedding_fn (callable, optional): token ids [batch, beam] -> the cell's inputs; the
            ids themselves are the inputs when None.
        output_fn (callable, optional): the cell's outputs -> logits over the vocabulary
            (e.g. a Linear); the outputs are the logits when None.

    Examples:
        >>> import paddle
        >>> _ = paddle.seed(0)
        >>> cell = paddle.nn.SimpleRNNCell(4, 8)
        >>> decoder = paddle.nn.BeamSearchDecoder(cell, start_token=0, end_token=1, beam_size=3,
        ...                                       embedding_fn=paddle.nn.Embedding(10, 4),
        ...                                       output_fn=paddle.nn.Linear(8, 10))
        >>> ids, states = paddle.nn.dynamic_decode(decoder, inits=paddle.zeros([2, 8]), max_step_num=4)
        >>> ids.shape, states.log_probs.shape
        (paddle.Size([2, 5, 3]), paddle.Size([2, 3]))
    """

    OutputWrapper = namedtuple("OutputWrapper", ("scores", "predicted_ids", "parent_ids"))
    StateWrapper = namedtuple("StateWrapper", ("cell_states", "log_probs", "finished", "lengths"))

    def __init__(self, cell, start_token, end_token, beam_size, embedding_fn=None, output_fn=None):
        op = "BeamSearchDecoder"
        if not callable(cell):
            raise TypeError(f"[{op}] argument 'cell': expected a callable cell, but got {check.got(cell)}")
        for arg, fn in (("embedding_fn", embedding_fn), ("output_fn", output_fn)):
            if fn is not None and not callable(fn):
                raise TypeError(f"[{op}] argument '{arg}': expected a callable or None, but got {check.got(fn)}")
        self.cell = cell
        self.start_token = check.integer(op, start_token, "start_token")
        self.end_token = check.integer(op, end_token, "end_token")
        self.beam_size = check.integer(op, beam_size, "beam_size", min=1)
        self.embedding_fn = embedding_fn
        self.output_fn = output_fn

    # ---- reshaping between [batch, beam, ...] and [batch * beam, ...] --------

    @staticmethod
    def tile_beam_merge_with_batch(x, beam_size):
        """x [batch, ...] repeated beam_size times per entry: [batch * beam_size, ...].

        Examples:
            >>> import paddle
            >>> x = paddle.to_tensor([[1.0], [2.0]])
            >>> paddle.nn.BeamSearchDecoder.tile_beam_merge_with_batch(x, 2).flatten().tolist()
            [1.0, 1.0, 2.0, 2.0]
        """
        check.tensor("tile_beam_merge_with_batch", x)
        beam_size = check.integer("tile_beam_merge_with_batch", beam_size, "beam_size", min=1)
        tiled = BeamSearchDecoder._expand(x, beam_size)
        return tiled.reshape([-1] + list(x.shape[1:]))

    @staticmethod
    def _expand(x, beam_size):
        """x [batch, ...] -> [batch, beam_size, ...], each entry repeated."""
        return paddle.tile(x.unsqueeze(1), [1, beam_size] + [1] * (len(x.shape) - 1))

    def _merge_batch_beams(self, x):
        return x.reshape([-1] + list(x.shape[2:]))

    def _split_batch_beams(self, x):
        return x.reshape([-1, self.beam_size] + list(x.shape[1:]))

    def _gather(self, x, beam_indices):
        """x [batch, beam, ...] reordered along the beams: out[b, k] = x[b, beam_indices[b, k]]."""
        batch = beam_indices.shape[0]
        rows = paddle.tile(paddle.arange(batch, dtype="int64").unsqueeze(1), [1, beam_indices.shape[1]])
        return paddle.gather_nd(x, paddle.stack([rows, beam_indices.astype("int64")], axis=-1))

    # ---- the Decoder interface ---------------------------------------------------

    def initialize(self, initial_cell_states):
        """The start: every beam's input is start_token, only beam 0 is live (the others
        score -1e9, so the first step does not pick the same token beam_size times)."""
        leaves = flatten(initial_cell_states)
        if not leaves or not isinstance(leaves[0], check.TENSOR_TYPES):
            raise TypeError(f"[BeamSearchDecoder.initialize] argument 'initial_cell_states': expected Tensors, but "
                            f"got {check.got(initial_cell_states)}")
        batch = leaves[0].shape[0]
        dtype = leaves[0].dtype if leaves[0].dtype.name.startswith("float") else paddle.float32
        cell_states = _map_structure(lambda s: self._expand(s, self.beam_size), initial_cell_states)
        inputs = paddle.full([batch, self.beam_size], self.start_token, "int64")
        if self.embedding_fn is not None:
            inputs = self.embedding_fn(inputs)
        first_beam_only = [0.0] + [-_IMPOSSIBLE] * (self.beam_size - 1)
        log_probs = paddle.tile(paddle.to_tensor([first_beam_only], dtype=dtype), [batch, 1])
        finished = paddle.full([batch, self.beam_size], False, "bool")
        lengths = paddle.zeros([batch, self.beam_size], "int64")
        return inputs, self.StateWrapper(cell_states, log_probs, finished, lengths), finished

    def step(self, time, inputs, states, **kwargs):
        """One step of every beam: runs the cell, scores all extensions and keeps the best."""
        merged_inputs = _map_structure(self._merge_batch_beams, inputs)
        merged_states = _map_structure(self._merge_batch_beams, states.cell_states)
        outputs, next_cell_states = self.cell(merged_inputs, merged_states, **kwargs)
        outputs = _map_structure(self._split_batch_beams, outputs)
        next_cell_states = _map_structure(self._split_batch_beams, next_cell_states)
        if self.output_fn is not None:
            outputs = self.output_fn(outputs)
        step_output, next_state = self._beam_search_step(outputs, next_cell_states, states)
        next_inputs = step_output.predicted_ids
        if self.embedding_fn is not None:
            next_inputs = self.embedding_fn(next_inputs)
        return step_output, next_state, next_inputs, next_state.finished

    def _beam_search_step(self, logits, next_cell_states, beam_state):
        vocab = logits.shape[-1]
        step_log_probs = paddle.nn.functional.log_softmax(logits, axis=-1)
        # A finished beam can only emit end_token, which adds nothing to its score.
        only_end = paddle.full([vocab], -_IMPOSSIBLE, step_log_probs.dtype)
        only_end = paddle.where(paddle.arange(vocab) == self.end_token, paddle.zeros_like(only_end), only_end)
        step_log_probs = paddle.where(beam_state.finished.unsqueeze(-1), only_end, step_log_probs)
        scores = step_log_probs + beam_state.log_probs.astype(step_log_probs.dtype).unsqueeze(-1)
        top_scores, top_indices = paddle.topk(scores.reshape([-1, self.beam_size * vocab]), k=self.beam_size)
        beam_indices = top_indices // vocab
        token_indices = top_indices % vocab
        next_cell_states = _map_structure(lambda s: self._gather(s, beam_indices), next_cell_states)
        finished = self._gather(beam_state.finished, beam_indices)
        lengths = self._gather(beam_state.lengths, beam_indices) + paddle.logical_not(finished).astype("int64")
        finished = paddle.logical_or(finished, token_indices == self.end_token)
        output = self.OutputWrapper(top_scores, token_indices, beam_indices)
        return output, self.StateWrapper(next_cell_states, top_scores, finished, lengths)

    def finalize(self, outputs, final_states, sequence_lengths):
        """The full sequences, [time, batch, beam]: each step's tokens traced back through the parents."""
        return gather_tree(outputs.predicted_ids, outputs.parent_ids), final_states

    @property
    def tracks_own_finished(self) -> bool:
        """True: beams are reordered every step, so the decoder keeps its own finished flags."""
        return True


def dynamic_decode(decoder, inits=None, max_step_num=None, output_time_major=False, impute_finished=False,
                   is_test=False, return_length=False, **kwargs):
    """Runs `decoder` from ``decoder.initialize(inits)`` one step at a time until every
    sequence finished, or for max_step_num + 1 steps at most.

    Args:
        decoder (Decoder): e.g. a BeamSearchDecoder.
        inits (optional): passed to ``decoder.initialize``.
        max_step_num (int, optional): stop after max_step_num + 1 steps; no limit when None.
        output_time_major (bool, optional): outputs [time, batch, ...] instead of
            [batch, time, ...]. Default False.
        impute_finished (bool, optional): for a decoder that does not track its own
            finished sequences, keep a finished sequence's states unchanged. Default False.
        is_test (bool, optional): accepted for Paddle compatibility.
        return_length (bool, optional): also return the sequence lengths. Default False.
        **kwargs: passed to ``decoder.step``.

    Returns:
        tuple: (final_outputs, final_states), plus sequence_lengths with return_length;
        final_outputs holds each step's outputs stacked along time (after
        ``decoder.finalize`` when it has one).
    """
    op = "dynamic_decode"
    if not isinstance(decoder, Decoder):
        raise TypeError(f"[{op}] argument 'decoder': expected a Decoder, but got {check.got(decoder)}")
    if max_step_num is not None:
        max_step_num = check.integer(op, max_step_num, "max_step_num", min=0)
    for arg, value in (("output_time_major", output_time_major), ("impute_finished", impute_finished),
                       ("is_test", is_test), ("return_length", return_length)):
        check.flag(op, value, arg)
    inputs, states, finished = decoder.initialize(inits)
    sequence_lengths = paddle.zeros(finished.shape, "int64")
    step_outputs = []
    step = 0
    while not bool(paddle.all(finished)):
        outputs, next_states, inputs, next_finished = decoder.step(paddle.full([1], step, "int64"), inputs, states,
                                                                   **kwargs)
        if decoder.tracks_own_finished:
            sequence_lengths = getattr(next_states, "lengths", sequence_lengths)
        else:
            next_finished = paddle.logical_or(next_finished, finished)
            # As Paddle's loop, both read the flags after this step: a sequence's length and
            # (with impute_finished) its states stop before the step that finished it.
            sequence_lengths = sequence_lengths + paddle.logical_not(next_finished).astype("int64")
            if impute_finished:
                next_states = _map_structure(lambda old, new: _keep_finished(old, new, next_finished), states,
                                             next_states)
        step_outputs.append(outputs)
        states, finished = next_states, next_finished
        step += 1
        if max_step_num is not None and step > max_step_num:
            break
    if not step_outputs:
        raise ValueError(f"[{op}] every sequence is finished before the first step: nothing to decode")
    final_outputs = _map_structure(lambda *per_step: paddle.stack(per_step), *step_outputs)
    final_states = states
    try:
        final_outputs, final_states = decoder.finalize(final_outputs, final_states, sequence_lengths)
    except NotImplementedError:
        pass
    if not output_time_major:
        final_outputs = _map_structure(
            lambda x: x.transpose([1, 0] + list(range(2, len(x.shape)))), final_outputs)
    if return_length:
        return final_outputs, final_states, sequence_lengths
    return final_outputs, final_states


def _keep_finished(old, new, finished):
    """new where the sequence is still running, old where it finished."""
    mask = finished.reshape(list(finished.shape) + [1] * (len(new.shape) - len(finished.shape)))
    return paddle.where(mask, old, new)
