"""BuildStrategy and CompiledProgram: PaddlePaddle 3.x's way to hand a
program to the executor with build options. The executor here always
prepares a program the same way (docs/guide/static.md: exact
simplifications, constant folding, fusion, kernel selection, the memory
plan with in-place), so the options are kept for the scripts that set them
and read back, as Paddle's PIR executor keeps most of them."""

from __future__ import annotations

import enum

from paddle import _C


class BuildStrategy:
    """Build options of a CompiledProgram, by Paddle's names and defaults;
    an unknown name raises AttributeError, as Paddle's does.

    Examples:
        >>> import paddle
        >>> strategy = paddle.static.BuildStrategy()
        >>> strategy.enable_inplace, strategy.fuse_gemm_epilogue
        (True, False)
        >>> strategy.fuse_gemm_epilogue = True
    """

    class ReduceStrategy(enum.IntEnum):
        AllReduce = 0
        Reduce = 1
        _NoReduce = 2

    class GradientScaleStrategy(enum.IntEnum):
        CoeffNumDevice = 0
        One = 1
        Customized = 2

    _DEFAULTS = {
        "allow_cuda_graph_capture": False, "async_mode": False, "bkcl_comm_num": 1, "build_cinn_pass": False,
        "cache_runtime_context": False, "debug_graphviz_path": "", "enable_addto": False,
        "enable_auto_fusion": False, "enable_backward_optimizer_op_deps": True, "enable_inplace": True,
        "fuse_adamw": False, "fuse_all_optimizer_ops": False, "fuse_all_reduce_ops": True,
        "fuse_bn_act_ops": False, "fuse_bn_add_act_ops": True, "fuse_broadcast_ops": True,
        "fuse_dot_product_attention": False, "fuse_elewise_add_act_ops": False, "fuse_gemm_epilogue": False,
        "fuse_relu_depthwise_conv": False, "fuse_resunit": False, "fused_attention": False,
        "fused_feedforward": False, "hierarchical_allreduce_inter_nranks": 0, "memory_optimize": None,
        "nccl_comm_num": 1, "num_trainers": 1, "sequential_run": False, "sync_batch_norm": False,
        "trainer_id": 0, "use_hierarchical_allreduce": False,
    }
    _FACTORIES = {"mkldnn_enabled_op_types": set, "onednn_enabled_op_types": set, "trainers_endpoints": list}

    def __init__(self):
        for name, value in self._DEFAULTS.items():
            object.__setattr__(self, name, value)
        for name, make in self._FACTORIES.items():
            object.__setattr__(self, name, make())
        object.__setattr__(self, "reduce_strategy", BuildStrategy.ReduceStrategy.AllReduce)
        object.__setattr__(self, "gradient_scale_strategy", BuildStrategy.GradientScaleStrategy.CoeffNumDevice)

    def __setattr__(self, name, value):
        if not hasattr(self, name):
            raise AttributeError(f"'BuildStrategy' object has no attribute '{name}'")
        object.__setattr__(self, name, value)

    def __repr__(self):
        changed = {n: getattr(self, n) for n, v in self._DEFAULTS.items() if getattr(self, n) != v}
        return f"BuildStrategy({', '.join(f'{n}={v!r}' for n, v in changed.items())})"


class CompiledProgram:
    """A program with its build strategy, for Executor.run.

    Args:
        program_or_graph (Program): the program.
        build_strategy (BuildStrategy, optional): the options. Default: BuildStrategy().

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [2], "float32")
        ...     y = x * 3.0
        >>> compiled = paddle.static.CompiledProgram(main, paddle.static.BuildStrategy())
        >>> paddle.static.Executor().run(compiled, feed={"x": np.array([1, 2], "float32")}, fetch_list=[y])[0]
        array([3., 6.], dtype=float32)
        >>> paddle.disable_static()
    """

    def __init__(self, program_or_graph, build_strategy=None):
        if not isinstance(program_or_graph, _C.pir.Program):
            raise TypeError(f"[CompiledProgram] program_or_graph must be a paddle.static.Program, but got "
                            f"{type(program_or_graph).__name__}")
        if build_strategy is not None and not isinstance(build_strategy, BuildStrategy):
            raise TypeError(f"[CompiledProgram] build_strategy must be a BuildStrategy or None, but got "
                            f"{type(build_strategy).__name__}")
        self._program = program_or_graph
        self._build_strategy = build_strategy if build_strategy is not None else BuildStrategy()
