"""Loading plugin devices (paddle/phi/backends/custom/device_ext.h) at import."""

from __future__ import annotations

import os
import warnings

from paddle import _C


def load_plugins_from_env():
    """Loads every plugin library in $CUSTOM_DEVICE_ROOT, as PaddlePaddle
    does. A plugin that fails to load is reported as a warning and skipped,
    so that one broken library does not make paddle unusable."""
    root = os.environ.get("CUSTOM_DEVICE_ROOT")
    if not root:
        return
    for failure in _C.load_custom_device_plugins_from(root):
        warnings.warn(f"custom device plugin not loaded: {failure}", RuntimeWarning, stacklevel=3)
