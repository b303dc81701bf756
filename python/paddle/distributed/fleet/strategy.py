"""fleet.DistributedStrategy: how fleet trains a model on many ranks."""

from __future__ import annotations

import copy

_CONFIGS = {
    "amp_configs": {
        "init_loss_scaling": 32768.0, "incr_every_n_steps": 1000, "decr_every_n_nan_or_inf": 2, "incr_ratio": 2.0,
        "decr_ratio": 0.8, "use_dynamic_loss_scaling": True, "custom_white_list": [], "custom_black_list": [],
        "use_pure_fp16": False, "use_fp16_guard": True, "use_bf16": False, "use_master_grad": False,
    },
    "recompute_configs": {"checkpoints": [], "enable_offload": False, "checkpoint_shape": []},
    "gradient_merge_configs": {"k_steps": 1, "avg": True},
    "hybrid_configs": {"dp_degree": -1, "mp_degree": 1, "pp_degree": 1, "sharding_degree": 1, "sep_degree": 1,
                       "order": ["dp", "pp", "sharding", "sep", "mp"]},
}

_FLAGS = {
    "amp": False, "recompute": False, "gradient_merge": False, "sharding": False, "pipeline": False,
    "tensor_parallel": False, "find_unused_parameters": False, "fuse_all_reduce_ops": True,
    "fuse_grad_size_in_MB": 32, "last_comm_group_size_MB": 1, "without_graph_optimization": True,
}


class DistributedStrategy:
    """The switches and settings of fleet's training: ``amp`` (with
    ``amp_configs``), ``recompute`` (``recompute_configs["checkpoints"]``:
    the names of the sublayers whose activations are recomputed in backward
    instead of kept), ``gradient_merge`` (``gradient_merge_configs``:
    ``k_steps`` backward passes per optimizer step, gradients averaged when
    ``avg``), and the data-parallel gradient buckets
    (``fuse_grad_size_in_MB``, ``last_comm_group_size_MB``,
    ``find_unused_parameters``). Setting a ``*_configs`` dict updates the keys
    given, which must be known ones.

    Examples:
        >>> from paddle.distributed import fleet
        >>> strategy = fleet.DistributedStrategy()
        >>> strategy.gradient_merge = True
        >>> strategy.gradient_merge_configs = {"k_steps": 4}
        >>> strategy.gradient_merge_configs
        {'k_steps': 4, 'avg': True}
    """

    def __init__(self):
        object.__setattr__(self, "_values", {**copy.deepcopy(_CONFIGS), **_FLAGS})

    def __getattr__(self, name):
        values = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        raise AttributeError(f"[DistributedStrategy] no setting named {name!r}")

    def __setattr__(self, name, value):
        if name in _CONFIGS:
            if not isinstance(value, dict):
                raise TypeError(f"[DistributedStrategy] {name}: expected a dict, but got {type(value).__name__}")
            unknown = [k for k in value if k not in _CONFIGS[name]]
            if unknown:
                raise ValueError(f"[DistributedStrategy] {name}: unknown keys {unknown}; the keys are "
                                 f"{list(_CONFIGS[name])}")
            self._values[name].update(copy.deepcopy(value))
        elif name in _FLAGS:
            expected = type(_FLAGS[name])
            if isinstance(value, bool) != (expected is bool) or not isinstance(value, (int, float)):
                raise TypeError(f"[DistributedStrategy] {name}: expected a {expected.__name__}, but got {value!r}")
            self._values[name] = value
        else:
            raise AttributeError(f"[DistributedStrategy] no setting named {name!r}")

    def __repr__(self):
        changed = [f"{k}={v!r}" for k, v in self._values.items() if v != {**_CONFIGS, **_FLAGS}[k]]
        return f"DistributedStrategy({', '.join(changed)})"
