"""paddle.jit: to_static (functions and layers run as captured static
programs, Note [Capture]), save and load (PaddlePaddle 3.x's model files)."""

from __future__ import annotations

import functools
import logging
import types

import paddle
from paddle import _C
from paddle.jit.capture import CaptureError, argument_names, capture, unflatten
from paddle.jit.dy2static import convert_control_flow
from paddle.jit.run_program import ProgramRunner

_logger = logging.getLogger("paddle.jit")
_to_static_enabled = True
_EAGER = object()  # a cache entry: this call signature runs eagerly


def enable_to_static(enable_to_static_bool: bool) -> None:
    """Turns capture on or off for every to_static function (off: they run eagerly, for debugging).

    Args:
        enable_to_static_bool (bool): whether to_static functions run as programs.
    """
    global _to_static_enabled
    if not isinstance(enable_to_static_bool, bool):
        raise TypeError(f"[enable_to_static] enable_to_static_bool must be a bool, but got "
                        f"{type(enable_to_static_bool).__name__}")
    _to_static_enabled = enable_to_static_bool


def not_to_static(func=None):
    """Marks a function that a to_static function calls as one to run eagerly (the whole to_static function then
    runs eagerly, since a captured program cannot call back into Python)."""
    if func is None:
        return not_to_static
    func._paddle_not_to_static = True
    return func


def ignore_module(modules):
    """Accepted for PaddlePaddle compatibility: capture runs every module's code as it is, so none needs ignoring."""
    if not isinstance(modules, list) or not all(isinstance(m, types.ModuleType) for m in modules):
        raise TypeError("[ignore_module] modules must be a list of modules")


def set_code_level(level=100, also_to_stdout=False):
    """Accepted for PaddlePaddle compatibility: capture does not rewrite code, so there is no code to show."""


def set_verbosity(level=0, also_to_stdout=False):
    """Sets how much paddle.jit logs: 0 warnings only (a function that runs eagerly, and why), higher for info."""
    _logger.setLevel(logging.WARNING if level <= 0 else logging.INFO)


def _layers_of(function, instance):
    """The layers a function uses: its instance, and layers among its closure and the globals it names."""
    layers = [instance] if isinstance(instance, paddle.nn.Layer) else []
    code = getattr(function, "__code__", None)
    found = []
    if code is not None:
        for cell in getattr(function, "__closure__", None) or ():
            try:
                found.append(cell.cell_contents)
            except ValueError:  # an empty cell
                pass
        globals_ = getattr(function, "__globals__", {})
        found += [globals_[n] for n in code.co_names if n in globals_]
    for obj in found:
        if isinstance(obj, paddle.nn.Layer) and all(obj is not l for l in layers):
            layers.append(obj)
    return layers


def _guard(value):
    """What a call's Python argument fixes in a capture: the value itself (its repr when it is unhashable)."""
    try:
        hash(value)
        return ("value", type(value).__name__, value)
    except TypeError:
        return ("value", type(value).__name__, repr(value))


class StaticFunction:
    """A function or layer method that runs as a captured static program (see to_static)."""

    def __init__(self, function, input_spec=None, build_strategy=None, full_graph=False, instance=None):
        self._function = function
        self._input_spec = list(input_spec) if input_spec is not None else None
        self._build_strategy = build_strategy
        self._full_graph = full_graph
        self._instance = instance
        self._cache = {}
        self._last = None
        self._layers = self._flat_layers = None
        self._converted = None
        functools.update_wrapper(self, function)

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        key = f"_static_function_{id(self)}"
        bound = instance.__dict__.get(key)
        if bound is None:  # one per instance: its captures are its own
            bound = StaticFunction(self._function, self._input_spec, self._build_strategy, self._full_graph,
                                   instance)
            instance.__dict__[key] = bound
        return bound

    @property
    def dygraph_function(self):
        """The function as written, run eagerly."""
        return self._function

    def _eager(self, *args, **kwargs):
        return self._function(self._instance, *args, **kwargs) if self._instance is not None else \
            self._function(*args, **kwargs)

    def _call_function(self, *args):
        """The function with its if/while statements on tensors turned into program control flow (Note [Control
        flow in capture])."""
        if self._converted is None:
            self._converted = convert_control_flow(self._function)
        fn = self._converted
        return fn(self._instance, *args) if self._instance is not None else fn(*args)

    def _specs(self, args):
        if self._input_spec is None:
            return [paddle.static.InputSpec(list(a.shape), a.dtype, stop_gradient=a.stop_gradient)
                    if isinstance(a, paddle.Tensor) else a for a in args]
        if len(self._input_spec) != sum(isinstance(a, paddle.Tensor) for a in args):
            raise ValueError(f"[to_static] {self._function.__name__} takes {len(self._input_spec)} tensors "
                             f"(input_spec), but got {sum(isinstance(a, paddle.Tensor) for a in args)}")
        specs, given = [], iter(self._input_spec)
        for a in args:
            specs.append(_spec(next(given)) if isinstance(a, paddle.Tensor) else a)
        return specs

    def _sublayers(self):
        """The layers the function uses and their sublayers, found on the first call."""
        if self._flat_layers is None:
            self._layers = _layers_of(self._function, self._instance)
            self._flat_layers = [l for layer in self._layers for l in layer.sublayers(include_self=True)]
        return self._flat_layers

    def _runner(self, args, signature, only_tensors):
        """The runner of a call's guards (Note [Capture]): its tensors' dims and dtypes (only dtypes with an
        input_spec: one program serves the spec's shapes) as call_signature gives them, its Python arguments, its
        layers' train/eval modes."""
        if not only_tensors:
            signature = tuple(_guard(a) if s is None else s for a, s in zip(args, signature))
        key = (signature, tuple(l.training for l in self._sublayers()))
        entry = self._cache.get(key)
        if entry is None:
            function = self._function
            if getattr(function, "_paddle_not_to_static", False):
                entry = self._run_eagerly("it is marked not_to_static")
            else:
                try:
                    names = argument_names(function, len(args) + (self._instance is not None))
                    captured = capture(self._call_function, self._specs(args), self._layers,
                                       input_names=names[1:] if self._instance is not None else names)
                    entry = ProgramRunner(captured)
                except CaptureError as e:
                    if self._full_graph:
                        raise
                    entry = self._run_eagerly(str(e))
            self._cache[key] = entry
        return entry

    def _run_eagerly(self, reason):
        _logger.warning("to_static: %s runs eagerly: %s", getattr(self._function, "__qualname__", self._function),
                        reason)
        return _EAGER

    def __call__(self, *args, **kwargs):
        if not _to_static_enabled or kwargs or _C.pir.static_mode():
            return self._eager(*args, **kwargs)
        with_shapes = self._input_spec is None
        tensors, signature, only_tensors = _C.pir.call_signature(args, with_shapes)
        runner = self._runner(args, signature, only_tensors)
        if runner is _EAGER:
            return self._eager(*args)
        self._last = runner
        # The training programs are per shape: the signature says them when it has them.
        outputs = runner(*tensors, shapes=signature if with_shapes and only_tensors else None)
        return unflatten(runner.captured.structure, outputs)

    @property
    def concrete_program(self):
        """The program of the last call (None before the first)."""
        return self._last.captured.program if self._last is not None else None

    main_program = concrete_program

    def rollback(self):
        """The function as written (for a layer's forward: the layer's forward is restored)."""
        if self._instance is not None:
            self._instance.__dict__.pop("forward", None)
            return getattr(self._instance, "forward")
        return self._function


def _spec(item):
    if isinstance(item, paddle.static.InputSpec):
        return item
    if isinstance(item, paddle.Tensor):
        return paddle.static.InputSpec.from_tensor(item)
    raise TypeError(f"input_spec entries must be InputSpecs or Tensors, but got {type(item).__name__}")


def to_static(function=None, input_spec=None, build_strategy=None, backend=None, full_graph=False, **kwargs):
    """Runs a function, a layer, or a layer's method as a static program captured on its first call (Note
    [Capture]); later calls whose tensors have the same shapes and dtypes, and whose Python arguments and layers'
    train/eval modes are equal, run the same program (others capture again). Training works: gradients flow to
    the inputs and the layers' parameters as in eager mode. A function that branches on a tensor's value cannot
    be captured: it runs eagerly (the reason is logged), or raises with full_graph=True.

    Args:
        function (callable|Layer, optional): what to convert; to_static(...) without it is a decorator.
        input_spec (list[InputSpec|Tensor], optional): the tensors' specs (None/-1 dims: any size): one
            program serves every call.
        build_strategy (BuildStrategy, optional): accepted; the executor's passes always run.
        backend (str, optional): accepted for PaddlePaddle compatibility (no compiler backend is used yet).
        full_graph (bool, optional): raise instead of running eagerly when capture fails. Default False.

    Examples:
        >>> import paddle
        >>> @paddle.jit.to_static
        ... def f(x, y):
        ...     return paddle.tanh(x) * y + 1.0
        >>> x = paddle.to_tensor([0.5, -1.0])
        >>> [round(float(v), 4) for v in f(x, paddle.to_tensor([2.0, 3.0]))]
        [1.9242, -1.2848]
    """
    if kwargs.get("property"):
        raise NotImplementedError("[to_static] property=True is not supported")

    def convert(fn):
        if isinstance(fn, paddle.nn.Layer):
            forward = type(fn).forward
            fn.__dict__["forward"] = StaticFunction(forward, input_spec, build_strategy, full_graph, fn)
            return fn
        if isinstance(fn, StaticFunction):
            return fn
        if isinstance(fn, types.MethodType):
            return StaticFunction(fn.__func__, input_spec, build_strategy, full_graph, fn.__self__)
        if not callable(fn):
            raise TypeError(f"[to_static] function must be a function or a Layer, but got {type(fn).__name__}")
        return StaticFunction(fn, input_spec, build_strategy, full_graph)

    return convert if function is None else convert(function)


def _save_target(layer):
    """(function, instance, input_spec of a to_static forward or None) of what jit.save was given."""
    if isinstance(layer, paddle.nn.Layer):
        forward = layer.__dict__.get("forward")
        if isinstance(forward, StaticFunction):
            return forward._function, layer, forward._input_spec
        return type(layer).forward, layer, None
    if isinstance(layer, StaticFunction):
        return layer._function, layer._instance, layer._input_spec
    if callable(layer):
        return layer, None, None
    raise TypeError(f"[jit.save] layer must be a Layer or a function, but got {type(layer).__name__}")


def save(layer, path, input_spec=None, **configs):
    """Saves a layer (or function) for inference in PaddlePaddle 3.x's files: `path.json`, the program captured
    from its forward for `input_spec` in eval mode, pruned to its outputs, and `path.pdiparams`, its parameters
    and buffers (sorted by name). paddle.jit.load and paddle.inference read them, and so does PaddlePaddle.

    Args:
        layer (Layer|function): what to save.
        path (str): the path prefix, e.g. "dir/model".
        input_spec (list[InputSpec|Tensor], optional): the inputs (None/-1 dims: any size); the to_static
            input_spec when None.
        configs: ``readable`` (indent the JSON) and ``trainable`` (record stop_gradient), both bools.

    Examples:
        >>> import os, tempfile
        >>> import paddle
        >>> net = paddle.nn.Linear(4, 2)
        >>> path = os.path.join(tempfile.mkdtemp(), "linear")
        >>> paddle.jit.save(net, path, input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
        >>> sorted(os.listdir(os.path.dirname(path)))
        ['linear.json', 'linear.pdiparams']
        >>> loaded = paddle.jit.load(path)
        >>> x = paddle.ones([3, 4])
        >>> bool(paddle.allclose(loaded(x), net(x)))
        True
    """
    from paddle.static.inference_model import _check_prefix, write_model

    _check_prefix(path, "jit.save")
    unknown = set(configs) - {"readable", "trainable", "output_spec", "combine_params", "clip_extra",
                              "skip_prune_program", "separate_parameters"}
    if unknown:
        raise TypeError(f"[jit.save] unexpected keyword arguments: {sorted(unknown)}")
    if configs.get("output_spec") is not None:
        raise NotImplementedError("[jit.save] output_spec is not supported: every output of forward is saved")
    function, instance, spec = _save_target(layer)
    specs = input_spec if input_spec is not None else spec
    if specs is None:
        raise ValueError("[jit.save] input_spec is required (or a to_static forward with an input_spec)")
    if not isinstance(specs, (list, tuple)):
        raise TypeError(f"[jit.save] input_spec must be a list of InputSpecs or Tensors, but got "
                        f"{type(specs).__name__}")
    specs = [_spec(s) for s in specs]
    layers = _layers_of(function, instance)
    modes = [(l, l.training) for layer_ in layers for l in layer_.sublayers(include_self=True)]
    for l, _ in modes:
        l.training = False
    try:
        converted = convert_control_flow(function)  # Note [Control flow in capture]
        call = functools.partial(converted, instance) if instance is not None else converted
        names = argument_names(function, len(specs) + (instance is not None))
        captured = capture(call, specs, layers, input_names=names[1:] if instance is not None else names)
    finally:
        for l, mode in modes:
            l.training = mode
    inference = _C.serialize.inference_program(captured.program, captured.inputs, captured.outputs)
    by_name = dict(captured.parameters)
    kept = sorted(v.name for v in _C.pir.parameters(inference))
    write_model(path, inference, [by_name[n] for n in kept], bool(configs.get("trainable", True)),
                bool(configs.get("readable", False)))


def load(path, **configs):
    """Loads what paddle.jit.save (ours or PaddlePaddle 3.x's) wrote at `path` as a TranslatedLayer: a layer
    that runs the program in eager mode, in eval mode at first, and can be fine-tuned (its parameters are
    param_0, param_1, ...).

    Raises FileNotFoundError for a missing file and ValueError naming the file for a malformed one.
    """
    from paddle.jit.translated_layer import TranslatedLayer
    from paddle.static.inference_model import _check_prefix, read_model

    _check_prefix(path, "jit.load")
    program, names, tensors = read_model(path, "jit.load")
    return TranslatedLayer._from_program(program, names, tensors)

