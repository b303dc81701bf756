"""paddle.DataParallel: one model replica per rank, gradients averaged.

Note [Data parallel]
At construction every rank takes rank 0's parameters and buffers (one
broadcast per dtype). The trainable parameters are then cut into buckets, in
reverse order of `parameters()` (the order backward produces their
gradients), at most `comm_buffer_size` MB each, except the first, which holds
at most `last_comm_buffer_size` MB so that communication starts early.

After a forward run with gradients on (and outside `no_sync`), the reducer is
armed. Each parameter's backward hook (Tensor._register_backward_hook, run
once its .grad holds this backward's gradient) marks it ready; a bucket whose
parameters are all ready is flattened into one tensor and all-reduced with
AVG on the group's thread while backward goes on. Buckets are launched in
bucket order on every rank (one becoming ready early waits for those before
it), as the collectives of a group must come in the same order everywhere.
When the last bucket is launched the reducer waits for all of them and gives
each parameter its slice of the averaged buffer as .grad.

A parameter the forward did not use never gets its hook called. With
`find_unused_parameters=True` the reducer walks the recorded graph after
each forward (paddle._C._reaches) and marks those parameters ready at once,
contributing their current .grad, or zeros. Without it, a backward that
leaves a parameter out stops at the next forward with an error naming it,
rather than training on gradients that differ between ranks.
"""

from __future__ import annotations

import contextlib
import weakref

import paddle
from paddle import _C
from paddle.base.framework import assign_value
from paddle.base.nest import flatten
from paddle.distributed import collective
from paddle.distributed.parallel import get_world_size, is_initialized
from paddle.nn import Layer

_MB = 1 << 20


def _coalesced(tensors):
    """The tensors grouped by dtype, each group in order."""
    groups: dict = {}
    for t in tensors:
        groups.setdefault(t.dtype, []).append(t)
    return list(groups.values())


def sync_params_buffers(model, comm_group=None, src_rank=0, is_model_parallel=False, fuse_params=True):
    """Overwrites every parameter and buffer of `model` with rank `src_rank`'s."""
    tensors = [t for t in list(model.parameters()) + list(model.buffers()) if t is not None and t.numel() > 0]
    with paddle.no_grad():
        for group in _coalesced(tensors):
            flat = paddle.concat([t.detach().reshape([-1]) for t in group])
            collective.broadcast(flat, src=src_rank, group=comm_group)
            offset = 0
            for t in group:
                n = t.numel()
                assign_value(t, flat[offset:offset + n].reshape(t.shape), "DataParallel")
                offset += n


class _Bucket:
    def __init__(self):
        self.params = []
        self.nbytes = 0
        self.ready = 0
        self.flat = None
        self.task = None


class _Reducer:
    """Averages the gradients of `params` over `group` as backward produces
    them (Note [Data parallel])."""

    def __init__(self, params, group, bucket_bytes: int, first_bucket_bytes: int, find_unused: bool):
        self.group = group
        self.find_unused = find_unused
        self.params = params
        self.buckets = self._bucket(params, bucket_bytes, first_bucket_bytes)
        self.bucket_of = {}
        for b, bucket in enumerate(self.buckets):
            for p in bucket.params:
                self.bucket_of[id(p)] = b
        self.armed = False
        self.ready: set = set()
        self.next_launch = 0
        me = weakref.ref(self)
        self.handles = [p._register_backward_hook(self._hook(me, p)) for p in params]

    @staticmethod
    def _bucket(params, bucket_bytes: int, first_bucket_bytes: int) -> list:
        buckets, open_by_dtype = [], {}
        for p in reversed(params):
            size = p.numel() * p.element_size()
            bucket = open_by_dtype.get(p.dtype)
            if bucket is not None:
                limit = first_bucket_bytes if bucket is buckets[0] else bucket_bytes
                if bucket.nbytes + size > limit:
                    bucket = None
            if bucket is None:
                bucket = _Bucket()
                buckets.append(bucket)
                open_by_dtype[p.dtype] = bucket
            bucket.params.append(p)
            bucket.nbytes += size
        return buckets

    @staticmethod
    def _hook(me, param):
        key = id(param)

        def on_grad_ready():
            reducer = me()
            if reducer is not None and reducer.armed:
                reducer.mark_ready(key)

        return on_grad_ready

    def prepare(self, outputs) -> None:
        """Arms the reducer for the backward of `outputs`."""
        if self.armed and self.ready:
            left = [p.name for p in self.params if id(p) not in self.ready]
            raise RuntimeError(
                "[DataParallel] the previous backward left parameters without a gradient, so their gradients were "
                f"not averaged over the ranks: {', '.join(left)}. Pass find_unused_parameters=True to "
                "paddle.DataParallel when the forward does not use every parameter")
        self.armed = True
        self.ready = set()
        self.next_launch = 0
        for bucket in self.buckets:
            bucket.ready, bucket.flat, bucket.task = 0, None, None
        if self.find_unused:
            reached = _C._reaches(outputs, self.params)
            for p, used in zip(self.params, reached):
                if not used:
                    self.mark_ready(id(p))

    def mark_ready(self, key: int) -> None:
        if key in self.ready:
            return
        self.ready.add(key)
        self.buckets[self.bucket_of[key]].ready += 1
        while self.next_launch < len(self.buckets):
            bucket = self.buckets[self.next_launch]
            if bucket.ready < len(bucket.params):
                return
            self._launch(bucket)
            self.next_launch += 1
        self._finish()

    def _launch(self, bucket: _Bucket) -> None:
        grads = [(p.grad if p.grad is not None else paddle.zeros(p.shape, p.dtype)).reshape([-1])
                 for p in bucket.params]
        bucket.flat = paddle.concat(grads) if len(grads) > 1 else grads[0].clone()
        bucket.task = collective.all_reduce(bucket.flat, op=collective.ReduceOp.AVG, group=self.group,
                                            sync_op=False)

    def _finish(self) -> None:
        self.armed = False
        for bucket in self.buckets:
            bucket.task.wait()
            offset = 0
            for p in bucket.params:
                n = p.numel()
                p.grad = bucket.flat[offset:offset + n].reshape(p.shape)
                offset += n
            bucket.flat = bucket.task = None

    def remove_hooks(self) -> None:
        for handle in self.handles:
            handle.remove()


class DataParallel(Layer):
    """Runs `layers` on every rank of a data-parallel job: each rank feeds its
    own share of the batch, and backward leaves every rank with the same
    gradients, averaged over the ranks (Note [Data parallel] in
    paddle/distributed/data_parallel.py).

    Args:
        layers (Layer): the model.
        strategy (optional): accepted for PaddlePaddle compatibility; the
            ranks come from the parallel environment.
        comm_buffer_size (int, optional): the size (MB) of a gradient bucket,
            the unit of communication. Default 25.
        last_comm_buffer_size (int, optional): the size (MB) of the first
            bucket to be reduced, holding the last layers' gradients. Default 1.
        find_unused_parameters (bool, optional): whether to look for
            parameters a forward did not use after each forward, so that
            backward does not wait for their gradients. Default False.
        group (Group, optional): the ranks to average over. Default None, all.

    Examples:
        >>> import paddle, paddle.distributed as dist
        >>> dist.init_parallel_env()  # doctest: +SKIP
        >>> model = paddle.DataParallel(paddle.nn.Linear(4, 2))  # doctest: +SKIP
        >>> loss = model(paddle.randn([8, 4])).mean()  # doctest: +SKIP
        >>> loss.backward()  # doctest: +SKIP
    """

    def __init__(self, layers, strategy=None, comm_buffer_size=25, last_comm_buffer_size=1,
                 find_unused_parameters=False, group=None):
        if not isinstance(layers, Layer):
            raise TypeError(f"[DataParallel] argument 'layers': expected a paddle.nn.Layer, but got "
                            f"{type(layers).__name__}")
        super().__init__(layers.full_name() + "_data_parallel")
        for name, value in (("comm_buffer_size", comm_buffer_size), ("last_comm_buffer_size", last_comm_buffer_size)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
                raise ValueError(f"[DataParallel] argument '{name}': expected a positive size in MB, but got {value!r}")
        self._layers = layers
        self.find_unused_parameters = bool(find_unused_parameters)
        self.group = group
        self.grad_need_sync = True
        self._reducer = None
        nranks = group.nranks if group is not None else get_world_size()
        if nranks > 1:
            if not is_initialized():
                raise RuntimeError("[DataParallel] this is one of several ranks, but the parallel environment is not "
                                   "set up: call paddle.distributed.init_parallel_env() first")
            sync_params_buffers(layers, comm_group=group)
            params = [p for p in layers.parameters() if not p.stop_gradient]
            self._reducer = _Reducer(params, group, int(comm_buffer_size * _MB), int(last_comm_buffer_size * _MB),
                                     self.find_unused_parameters)

    def forward(self, *inputs, **kwargs):
        outputs = self._layers(*inputs, **kwargs)
        if self._reducer is not None and self.grad_need_sync and paddle.is_grad_enabled():
            self._reducer.prepare([t for t in flatten(outputs) if isinstance(t, paddle.Tensor)])
        return outputs

    @contextlib.contextmanager
    def no_sync(self):
        """Within this context, backward leaves the gradients on each rank as
        they are (to accumulate them over several steps); the first backward
        after it averages the accumulated gradients.

        Examples:
            >>> import paddle
            >>> model = paddle.DataParallel(paddle.nn.Linear(4, 2))
            >>> with model.no_sync():
            ...     model(paddle.randn([8, 4])).mean().backward()
        """
        previous = self.grad_need_sync
        self.grad_need_sync = False
        try:
            yield
        finally:
            self.grad_need_sync = previous

    def scale_loss(self, loss):
        """The loss itself: the gradients are averaged over the ranks, not summed."""
        return loss

    def apply_collective_grads(self):
        """Nothing to do: backward has averaged the gradients already."""

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="", use_hook=True,
                   keep_vars=True):
        """The wrapped model's state_dict (keys without a `_layers.` prefix)."""
        return self._layers.state_dict(destination, include_sublayers, structured_name_prefix, use_hook, keep_vars)

    def set_state_dict(self, state_dict, use_structured_name=True):
        """Loads into the wrapped model."""
        return self._layers.set_state_dict(state_dict, use_structured_name)

    set_dict = set_state_dict
    load_dict = set_state_dict
