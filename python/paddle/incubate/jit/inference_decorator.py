"""paddle.incubate.jit.inference: a function or layer that runs through
paddle.inference (its passes and memory plan) instead of eagerly.

On the first call the function is traced for its arguments' shapes and saved
with paddle.jit.save (``<save_model_dir>/<function name>/infer.json`` and
``.pdiparams``, the parameters' values at that time), then a predictor runs
it; later calls reuse the predictor.
A call whose tensors' shapes differ saves again, with the differing dims of
any size (-1); so does a call that changes a fixed argument (None, a bool),
which the program holds as a constant.
"""

from __future__ import annotations

import functools
import inspect
import os
import weakref

import paddle

__all__ = ["inference"]

_OP = "incubate.jit.inference"
_PRECISIONS = ("float32", "float16", "bfloat16")
# Passes Paddle leaves out unless told otherwise (TensorRT and int8 ones).
_DEFAULT_DELETED_PASSES = ("trt_prompt_tuning_embedding_eltwise_layernorm_fuse_pass", "add_support_int8_pass")
_ENGINE = "_paddle_inference_engine"  # the attribute that marks a converted function


def is_inference_mode(function) -> bool:
    """Whether `function` (or a layer's forward) is already converted by inference."""
    target = function.forward if isinstance(function, paddle.nn.Layer) else function
    return getattr(target, _ENGINE, None) is not None


def inference(function=None, cache_static_model=False, save_model_dir=None, memory_pool_init_size_mb=1000,
              precision_mode="float32", switch_ir_optim=True, switch_ir_debug=False, enable_cinn=False,
              with_trt=False, trt_precision_mode="float32", trt_use_static=False, collect_shape=False,
              enable_new_ir=False, exp_enable_use_cutlass=False, delete_pass_lists=None, skip_prune_program=False):
    """Makes a function, or a layer's forward, run as a saved static model
    through paddle.inference (see the module's description). Its arguments
    must be Tensors, lists or tuples of Tensors, None or bools; it returns
    the model's output, or the list of its outputs when it has several.

    Args:
        function (callable|Layer, optional): a function, or a layer (its
            forward is replaced; the layer is returned). Without it,
            ``@inference(...)`` decorates a Layer method (first parameter
            ``self``).
        cache_static_model (bool, optional): on the first call, use the
            model an earlier run saved in save_model_dir if the inputs fit
            its shapes (its fixed arguments are taken to be the same).
            Default False.
        save_model_dir (str, optional): where models are saved, a folder per
            function. Default ``~/.cache/paddle/inference_models``.
        memory_pool_init_size_mb (int, optional): the GPU memory pool's
            initial size, when the current device is a GPU. Default 1000.
        precision_mode (str, optional): 'float32', 'float16' or 'bfloat16',
            the GPU precision. Default 'float32'.
        switch_ir_optim (bool, optional): run the inference passes. Default True.
        switch_ir_debug (bool, optional): print the program around each pass.
        enable_cinn, with_trt, exp_enable_use_cutlass (bool, optional):
            Paddle's CINN, TensorRT and CUTLASS engines, which this package
            does not have: they must be False.
        trt_precision_mode, trt_use_static, collect_shape: TensorRT options,
            used only with with_trt.
        enable_new_ir (bool, optional): accepted; programs here are always
            in the new IR (PIR).
        delete_pass_lists (list[str], optional): passes not to run. Default:
            Paddle's TensorRT prompt-tuning and int8 passes.
        skip_prune_program (bool, optional): jit.save's option.

    Returns:
        callable|Layer: the converted function, or the layer.

    Examples:
        >>> import tempfile
        >>> import paddle
        >>> def axpy(x, y):
        ...     return 2 * x + y
        >>> fast = paddle.incubate.inference(axpy, save_model_dir=tempfile.mkdtemp())
        >>> fast(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([0.5, 0.5])).tolist()
        [2.5, 4.5]
    """
    options = _options(locals())
    if function is not None and is_inference_mode(function):
        return function

    def convert(func, method):
        engine = _Engine(func, method, options)

        @functools.wraps(func)
        def run(*args, **kwargs):
            return engine(*args, **kwargs)

        setattr(run, _ENGINE, engine)
        return run

    if function is None:
        return lambda func: convert(func, method=True)
    if isinstance(function, paddle.nn.Layer):
        function.forward = convert(function.forward, method=False)
        return function
    if not callable(function):
        raise TypeError(f"[{_OP}] argument 'function': expected a function or a Layer, but got "
                        f"{type(function).__name__}")
    return convert(function, method=False)


def _options(given: dict) -> dict:
    options = {k: v for k, v in given.items() if k != "function"}
    for engine in ("enable_cinn", "with_trt", "exp_enable_use_cutlass"):
        if options[engine]:
            raise NotImplementedError(f"[{_OP}] {engine}=True: this package has no CINN, TensorRT or CUTLASS "
                                      f"engine")
    if options["precision_mode"] not in _PRECISIONS:
        raise ValueError(f"[{_OP}] argument 'precision_mode': expected one of {', '.join(map(repr, _PRECISIONS))}, "
                         f"but got {options['precision_mode']!r}")
    if options["delete_pass_lists"] is None:
        options["delete_pass_lists"] = list(_DEFAULT_DELETED_PASSES)
    return options


class _Engine:
    """The saved model and predictor of one converted function."""

    def __init__(self, func, method: bool, options: dict):
        self._func = func
        self._method = method  # func is a Layer method's function: its first argument is the layer
        self._options = options
        self._signature = inspect.signature(func)
        params = list(self._signature.parameters.values())
        name = getattr(func, "__name__", type(func).__name__)
        if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
            raise ValueError(f"[{_OP}] {name} has *args or **kwargs parameters: declare each parameter by name "
                             f"(calls may still pass them by position)")
        if method and (not params or params[0].name != "self"):
            raise ValueError(f"[{_OP}] used as @inference(...), it converts a Layer method, whose first parameter "
                             f"is self; {name}'s parameters are {[p.name for p in params]}")
        folder = options["save_model_dir"] or os.path.join(os.path.expanduser("~"), ".cache", "paddle",
                                                            "inference_models")
        folder = os.path.join(folder, name)
        world = paddle.distributed.get_world_size()
        if world > 1:  # a model per rank
            folder = os.path.join(folder, f"{world}_{paddle.distributed.get_rank()}")
        self._prefix = os.path.join(folder, "infer")
        self._shapes = self._read_shapes() if options["cache_static_model"] else None
        self._layout = None
        self._owner = None  # a weak reference to the layer of the saved model's method
        self._predictor = None

    def __call__(self, *args, **kwargs):
        owner, arguments = self._bind(args, kwargs)
        inputs, layout = _split(arguments, getattr(self._func, "__name__", "function"))
        shapes = _merged_shapes(self._shapes, inputs)
        # A decorated method serves every instance of its class: another instance's parameters need another model.
        same_owner = self._owner is None or self._owner() is owner
        if self._predictor is None or shapes != self._shapes or layout != self._layout or not same_owner:
            # With cache_static_model, the first call uses the model an earlier run saved if its inputs fit it.
            cached = (self._layout is None and self._options["cache_static_model"] and shapes == self._shapes
                      and os.path.exists(self._prefix + ".json"))
            if not cached:
                self._save(owner, layout, inputs, shapes)
            self._shapes, self._layout = shapes, layout
            self._owner = weakref.ref(owner) if owner is not None else None
            self._predictor = self._create_predictor()
        by_name = dict(inputs)
        outputs = self._predictor.run([by_name[n] for n in self._predictor.get_input_names()])
        return outputs[0] if len(outputs) == 1 else outputs

    def _bind(self, args, kwargs):
        """(the layer or None, [(parameter name, argument)] for the other parameters)."""
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError as e:
            raise ValueError(f"[{_OP}] {getattr(self._func, '__name__', 'function')}: {e}; every parameter needs "
                             f"an argument or a default") from None
        bound.apply_defaults()
        arguments = list(bound.arguments.items())
        return (arguments[0][1], arguments[1:]) if self._method else (None, arguments)

    def _save(self, owner, layout, inputs, shapes):
        from paddle.incubate.jit._program import TensorArguments

        func = self._func
        if owner is None and inspect.ismethod(func):  # a layer's bound forward
            func, owner = func.__func__, func.__self__
        specs = [paddle.static.InputSpec(shape, tensor.dtype, name=name, stop_gradient=True)
                 for (name, tensor), (_, shape) in zip(inputs, shapes)]
        paddle.jit.save(TensorArguments(func, owner, layout), self._prefix, input_spec=specs,
                        skip_prune_program=self._options["skip_prune_program"])
        with open(self._prefix + "_d2s_input_info.txt", "w", encoding="utf-8") as f:
            f.writelines(f"{name}:{','.join(map(str, shape))}\n" for name, shape in shapes)

    def _read_shapes(self):
        """[(input name, shape)] a previous run saved with the model, or None."""
        path = self._prefix + "_d2s_input_info.txt"
        if not os.path.exists(path):
            return None
        shapes = []
        with open(path, encoding="utf-8") as f:
            for line in filter(None, map(str.strip, f)):
                name, _, dims = line.partition(":")
                shapes.append((name, [int(d) for d in dims.split(",") if d]))
        return shapes

    def _create_predictor(self):
        from paddle.inference import Config, PrecisionType, create_predictor

        o = self._options
        config = Config(self._prefix + ".json", self._prefix + ".pdiparams")
        config.enable_memory_optim(False)
        config.switch_ir_optim(o["switch_ir_optim"])
        config.switch_ir_debug(o["switch_ir_debug"])
        device = paddle.device.get_device()
        if device.startswith("gpu"):
            precision = {"float32": PrecisionType.Float32, "float16": PrecisionType.Half,
                         "bfloat16": PrecisionType.Bfloat16}[o["precision_mode"]]
            config.enable_use_gpu(o["memory_pool_init_size_mb"], int(device.partition(":")[2] or 0), precision)
        for name in o["delete_pass_lists"]:
            config.delete_pass(name)
        return create_predictor(config)


def _split(arguments, func_name):
    """([(input name, tensor)], layout) of the arguments: a list's tensors
    are inputs name_0, name_1...; None and bools are fixed (TensorArguments)."""
    inputs, layout = [], []
    for name, value in arguments:
        if isinstance(value, paddle.Tensor):
            inputs.append((name, value))
            layout.append(("tensor",))
        elif isinstance(value, (list, tuple)) and all(isinstance(v, paddle.Tensor) for v in value):
            inputs += [(f"{name}_{i}", v) for i, v in enumerate(value)]
            layout.append(("list", len(value), type(value)))
        elif value is None or isinstance(value, bool):
            layout.append(("fixed", value))
        else:
            raise TypeError(f"[{_OP}] {func_name}: argument '{name}' must be a Tensor, a list or tuple of Tensors, "
                            f"None or a bool, but got {type(value).__name__}")
    return inputs, layout


def _merged_shapes(saved, inputs):
    """[(input name, shape)] a model for these inputs needs: an input's saved
    shape where the ranks agree, with each dim that differs made any size
    (-1); its own shape where it has none saved."""
    saved = dict(saved or ())
    merged = []
    for name, tensor in inputs:
        shape, old = list(tensor.shape), saved.get(name)
        if old is not None and len(old) == len(shape):
            shape = [o if o in (-1, d) else -1 for o, d in zip(old, shape)]
        merged.append((name, shape))
    return merged
