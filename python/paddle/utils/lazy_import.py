"""paddle.utils.try_import: import an optional dependency or say how to install it."""

from __future__ import annotations

import importlib

# Modules whose pip package has another name.
_PACKAGE_OF = {"cv2": "opencv-python"}


def try_import(module_name, err_msg=None):
    """Imports and returns the module `module_name`; raises ImportError with
    `err_msg`, or with a hint naming the package to install, when it is missing.

    Args:
        module_name (str): the module, e.g. ``"scipy.signal"``.
        err_msg (str, optional): the message of the ImportError. Default: a hint to
            ``pip install`` the module's top-level package.

    Returns:
        ModuleType: the module.

    Examples:
        >>> from paddle.utils import try_import
        >>> try_import("json").dumps([1, 2])
        '[1, 2]'
    """
    if not isinstance(module_name, str):
        raise TypeError(f"[try_import] argument 'module_name': expected a str, but got {type(module_name).__name__}")
    try:
        return importlib.import_module(module_name)
    except ImportError as error:
        if err_msg is None:
            top_level = module_name.split(".")[0]
            package = _PACKAGE_OF.get(top_level, top_level)
            err_msg = (f"Failed importing {module_name}. This likely means that some paddle modules require "
                       f"additional dependencies that have to be manually installed (usually with "
                       f"`pip install {package}`). ")
        raise ImportError(err_msg) from error
