"""paddle.amp.auto_cast and paddle.amp.decorate.

auto_cast sets the per-thread AMP state of the C++ eager layer (paddle/autograd/amp.h), which
casts each op's float32/low-precision inputs as the op lists say; the backward pass runs each
gradient in its forward op's dtype.
"""

from __future__ import annotations

import contextlib

import paddle
from paddle import _C
from paddle import _checks as check
from paddle.amp.amp_lists import BLACK_LIST, WHITE_LIST

_DTYPES = ("float16", "bfloat16")
_LEVELS = {"O0": 0, "OD": 1, "O1": 1, "O2": 2}


def _names(op: str, value, arg: str) -> set:
    if value is None:
        return set()
    if isinstance(value, str) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"[{op}] argument '{arg}': expected a list or set of op names, but got {check.got(value)}")
    return set(value)


def amp_state() -> tuple:
    """(enabled, level, dtype, white list, black list) of the current thread's AMP state."""
    return _C._get_amp_state()


@contextlib.contextmanager
def auto_cast(enable=True, custom_white_list=None, custom_black_list=None, level="O1", dtype="float16",
              use_promote=True):
    """Runs the ops inside the block in mixed precision.

    Under ``O1`` the white-listed ops (matmul, convolution, attention) run in `dtype` and the
    black-listed ones (exponentials, logarithms, reductions, normalizations, softmax) in float32;
    any other op runs in its inputs' dtype, float32 when they are mixed. Under ``O2`` every op but
    the black-listed ones runs in `dtype` (use it with ``paddle.amp.decorate``). Gradients follow
    the forward ops' dtypes, so parameters kept in float32 get float32 gradients.

    Args:
        enable (bool, optional): turn mixed precision on. Default True.
        custom_white_list (set|list, optional): op names added to the white list. Default None.
        custom_black_list (set|list, optional): op names added to the black list. Default None.
        level (str, optional): ``'O1'`` or ``'O2'`` (``'O0'`` turns it off). Default ``'O1'``.
        dtype (str, optional): ``'float16'`` or ``'bfloat16'``. Default ``'float16'``.
        use_promote (bool, optional): kept for Paddle's signature; mixed inputs always promote. Default True.

    Examples:
        >>> import paddle
        >>> x = paddle.rand([2, 3])
        >>> w = paddle.rand([3, 4])
        >>> with paddle.amp.auto_cast(dtype="bfloat16"):
        ...     y = paddle.matmul(x, w)
        ...     z = y.sum()
        >>> y.dtype, z.dtype
        (paddle.bfloat16, paddle.float32)
    """
    op = "auto_cast"
    enable = check.flag(op, enable, "enable")
    if level not in _LEVELS:
        raise ValueError(f"[{op}] argument 'level': expected one of {sorted(_LEVELS)}, but got {level!r}")
    if isinstance(dtype, paddle.dtype):
        dtype = dtype.name
    if dtype not in _DTYPES:
        raise ValueError(f"[{op}] argument 'dtype': expected 'float16' or 'bfloat16', but got {dtype!r}")
    white = _names(op, custom_white_list, "custom_white_list")
    black = _names(op, custom_black_list, "custom_black_list")
    both = white & black
    if both:
        raise ValueError(f"[{op}] ops {sorted(both)} are in both custom_white_list and custom_black_list")
    previous = _C._get_amp_state()
    _C._set_amp_state(enable and _LEVELS[level] > 0, max(_LEVELS[level], 1), dtype,
                      (WHITE_LIST | white) - black, (BLACK_LIST | black) - white)
    try:
        yield
    finally:
        _C._set_amp_state(*previous)


amp_guard = auto_cast


def autocast(device_type, dtype="float16", enabled=True, cache_enabled=True):
    """PyTorch's spelling of ``auto_cast`` (``paddle.autocast``): ``auto_cast(enable=enabled, dtype=dtype)``.
    `device_type` ('cpu', 'cuda', ...) and `cache_enabled` are accepted and unused, as in Paddle, which
    casts for whatever device the ops run on.

    Examples:
        >>> import paddle
        >>> with paddle.autocast("cpu", dtype="bfloat16"):
        ...     y = paddle.matmul(paddle.rand([2, 3]), paddle.rand([3, 4]))
        >>> y.dtype
        paddle.bfloat16
    """
    if device_type is not None:
        check.string("autocast", device_type, "device_type")
    check.flag("autocast", cache_enabled, "cache_enabled")
    return auto_cast(enable=enabled, dtype=dtype)


def decorate(models, optimizers=None, level="O1", dtype="float16", master_weight=None, save_dtype=None,
             master_grad=False, excluded_layers=None):
    """Prepares models (and optimizers) for ``O2``: casts the parameters to `dtype`, except those of
    normalization layers, and makes the optimizers keep float32 master weights. ``O1`` returns
    them unchanged.

    Args:
        models (Layer|list[Layer]): the models.
        optimizers (Optimizer|list[Optimizer], optional): their optimizers. Default None.
        level (str, optional): ``'O1'`` or ``'O2'``. Default ``'O1'``.
        dtype (str, optional): ``'float16'`` or ``'bfloat16'``. Default ``'float16'``.
        master_weight (bool, optional): master weights in the optimizers; None means True for O2.
        save_dtype (str, optional): unused; kept for Paddle's signature.
        master_grad (bool, optional): unused; kept for Paddle's signature.
        excluded_layers (Layer|type|list, optional): layers (or layer classes) kept in float32.

    Returns:
        the models, or (models, optimizers) when optimizers were given.

    Examples:
        >>> import paddle
        >>> model = paddle.nn.Sequential(paddle.nn.Linear(4, 4), paddle.nn.LayerNorm(4))
        >>> opt = paddle.optimizer.SGD(parameters=model.parameters())
        >>> model, opt = paddle.amp.decorate(model, opt, level="O2", dtype="bfloat16")
        >>> model[0].weight.dtype, model[1].weight.dtype
        (paddle.bfloat16, paddle.float32)
    """
    op = "decorate"
    if level not in ("O1", "O2"):
        raise ValueError(f"[{op}] argument 'level': expected 'O1' or 'O2', but got {level!r}")
    if dtype not in _DTYPES:
        raise ValueError(f"[{op}] argument 'dtype': expected 'float16' or 'bfloat16', but got {dtype!r}")
    single_model = isinstance(models, paddle.nn.Layer)
    model_list = [models] if single_model else list(models)
    single_opt = optimizers is not None and isinstance(optimizers, paddle.optimizer.Optimizer)
    opt_list = [] if optimizers is None else [optimizers] if single_opt else list(optimizers)
    if level == "O2":
        kept = _excluded(op, excluded_layers)
        for model in model_list:
            _cast_parameters(model, dtype, kept)
        for opt in opt_list:
            opt._multi_precision = True if master_weight is None else bool(master_weight)
    if optimizers is None:
        return models
    return models, optimizers


_NORM_LAYERS = ("BatchNorm", "BatchNorm1D", "BatchNorm2D", "BatchNorm3D", "LayerNorm", "GroupNorm",
                "InstanceNorm1D", "InstanceNorm2D", "InstanceNorm3D", "SyncBatchNorm", "RMSNorm")


def _excluded(op: str, excluded_layers) -> tuple:
    kept = [getattr(paddle.nn, name) for name in _NORM_LAYERS if hasattr(paddle.nn, name)]
    if excluded_layers is None:
        return tuple(kept)
    items = excluded_layers if isinstance(excluded_layers, (list, tuple)) else [excluded_layers]
    for item in items:
        if not (isinstance(item, paddle.nn.Layer) or (isinstance(item, type) and issubclass(item, paddle.nn.Layer))):
            raise TypeError(f"[{op}] argument 'excluded_layers': expected Layers or Layer classes, but got "
                            f"{check.got(item)}")
    return tuple(kept) + tuple(items)


def _cast_parameters(model, dtype: str, kept: tuple) -> None:
    """Casts the float32 parameters of every sublayer not in `kept` to `dtype`, keeping the parameter
    objects (optimizers and hooks hold them)."""
    for layer in model.sublayers(include_self=True):
        if any(layer is k or (isinstance(k, type) and isinstance(layer, k)) for k in kept):
            continue
        for param in layer._parameters.values():
            if param is None or param.dtype != paddle.float32:
                continue
            with paddle.no_grad():
                param.clear_gradient(False)
                param._replace_data(param.astype(dtype))
