"""paddle.jit: dynamic-to-static (to_static) and model files (save, load)."""

from paddle.jit.api import (
    StaticFunction,
    enable_to_static,
    ignore_module,
    load,
    not_to_static,
    save,
    set_code_level,
    set_verbosity,
    to_static,
)
from paddle.jit.translated_layer import TranslatedLayer

__all__ = ["save", "load", "to_static", "ignore_module", "TranslatedLayer", "set_code_level", "set_verbosity",
           "not_to_static", "enable_to_static"]
