"""fleet.distributed_model: the model as the strategy wants it trained."""

from __future__ import annotations

import functools

import paddle
from paddle.distributed import parallel
from paddle.distributed.data_parallel import DataParallel
from paddle.distributed.fleet.recompute import recompute


def _recomputed(forward):
    @functools.wraps(forward)
    def run(*args):
        return recompute(forward, *args)

    return run


def _autocast(forward, configs: dict):
    level = "O2" if configs["use_pure_fp16"] else "O1"
    dtype = "bfloat16" if configs["use_bf16"] else "float16"

    @functools.wraps(forward)
    def run(*args, **kwargs):
        with paddle.amp.auto_cast(custom_white_list=configs["custom_white_list"] or None,
                                  custom_black_list=configs["custom_black_list"] or None, level=level, dtype=dtype):
            return forward(*args, **kwargs)

    return run


def _merge_every(model: DataParallel, k_steps: int) -> None:
    """Gradient merge: DataParallel averages the gradients on every k-th training forward only."""
    count = [0]

    def before_forward(layer, inputs):
        if paddle.is_grad_enabled():
            layer.grad_need_sync = count[0] % k_steps == k_steps - 1
            count[0] += 1

    model.register_forward_pre_hook(before_forward)


def distributed_model(model):
    """`model` set up for fleet's strategy: the sublayers named in
    ``recompute_configs["checkpoints"]`` recompute their activations in
    backward (strategy.recompute), the forward runs under autocast
    (strategy.amp), and on several ranks the model is wrapped in
    paddle.DataParallel with the strategy's bucket sizes (its gradients
    averaged only on every k-th backward under strategy.gradient_merge).

    Examples:
        >>> import paddle
        >>> from paddle.distributed import fleet
        >>> fleet.init(is_collective=True)
        >>> model = fleet.distributed_model(paddle.nn.Linear(4, 2))
    """
    from paddle.distributed.fleet import _strategy

    strategy = _strategy("distributed_model")
    if not isinstance(model, paddle.nn.Layer):
        raise TypeError(f"[fleet.distributed_model] argument 'model': expected a paddle.nn.Layer, but got "
                        f"{type(model).__name__}")
    if strategy.recompute:
        sublayers = dict(model.named_sublayers())
        for name in strategy.recompute_configs["checkpoints"]:
            if name not in sublayers:
                raise ValueError(f"[fleet.distributed_model] recompute_configs['checkpoints']: the model has no "
                                 f"sublayer {name!r}")
            sublayers[name].forward = _recomputed(sublayers[name].forward)
    if strategy.amp:
        model.forward = _autocast(model.forward, strategy.amp_configs)
    if parallel.get_world_size() == 1:
        return model
    wrapped = DataParallel(model, comm_buffer_size=strategy.fuse_grad_size_in_MB,
                           last_comm_buffer_size=strategy.last_comm_group_size_MB,
                           find_unused_parameters=strategy.find_unused_parameters)
    if strategy.gradient_merge and strategy.gradient_merge_configs["k_steps"] > 1:
        _merge_every(wrapped, strategy.gradient_merge_configs["k_steps"])
    return wrapped
