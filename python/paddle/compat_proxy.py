"""paddle.enable_compat / disable_compat: ``import torch`` gives this package.

While the proxy is on, ``torch`` and ``torch.X.Y`` are proxy modules whose
attributes are ``paddle``'s and ``paddle.X.Y``'s (``torch.sin is paddle.sin``),
so code written against PyTorch's names runs on this package where the names
agree. Globally (no scope) a finder at the front of ``sys.meta_path`` serves
every ``torch`` import, and real ``torch`` modules already imported are set
aside until the proxy is off. With a scope, only ``import`` statements in the
scope's modules get the proxy; ``sys.modules`` and every other importer keep
the real ``torch`` (or its absence).
"""

from __future__ import annotations

import builtins
import importlib
import importlib.abc
import importlib.machinery
import sys
import types

_TORCH = "torch"


def _is_within(name: str, modules) -> bool:
    return any(name == m or name.startswith(m + ".") for m in modules)


def _paddle_name(torch_name: str) -> str:
    return "paddle" + torch_name[len(_TORCH):]


class _ProxyModule(types.ModuleType):
    """A module whose attributes are another module's."""

    def __init__(self, name: str, target: types.ModuleType):
        super().__init__(name, target.__doc__)
        self.__path__ = []  # a package, so that `import torch.nn` looks for its submodules
        self._target = target

    def __getattr__(self, name: str):
        return getattr(self._target, name)

    def __dir__(self):
        return sorted(set(dir(self._target)))


def _proxy(torch_name: str) -> _ProxyModule:
    try:
        target = importlib.import_module(_paddle_name(torch_name))
    except ImportError:
        raise ModuleNotFoundError(f"[enable_compat] {torch_name} has no counterpart in paddle "
                                  f"({_paddle_name(torch_name)} does not exist)", name=torch_name) from None
    return _ProxyModule(torch_name, target)


class _State:
    blocked: set[str] = set()
    scope: set[str] | None = None
    finder: _Finder | None = None
    set_aside: dict[str, types.ModuleType] = {}
    scoped_cache: dict[str, _ProxyModule] = {}
    original_import = None


class _Loader(importlib.abc.Loader):
    def create_module(self, spec):
        return _proxy(spec.name)

    def exec_module(self, module):
        pass


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if not _is_within(fullname, [_TORCH]) or _is_within(fullname, _State.blocked):
            return None
        return importlib.machinery.ModuleSpec(fullname, _Loader(), is_package=True)


def _scoped_import(name, globals=None, locals=None, fromlist=(), level=0):  # noqa: A002  (__import__'s names)
    importer = (globals or {}).get("__name__", "")
    if (level or not _is_within(name, [_TORCH]) or _is_within(name, _State.blocked)
            or not _is_within(importer, _State.scope)):
        return _State.original_import(name, globals, locals, fromlist, level)
    parts = name.split(".")
    for i in range(1, len(parts) + 1):
        prefix = ".".join(parts[:i])
        if prefix not in _State.scoped_cache:
            _State.scoped_cache[prefix] = _proxy(prefix)
    # `import torch.nn` binds torch; `from torch.nn import Linear` reads from torch.nn.
    return _State.scoped_cache[name] if fromlist else _State.scoped_cache[_TORCH]


def _module_set(value, arg: str) -> set[str] | None:
    if value is None:
        return None
    values = [value] if isinstance(value, str) else list(value) if hasattr(value, "__iter__") else None
    if values is None or not all(isinstance(v, str) and v for v in values):
        raise TypeError(f"[enable_compat] argument '{arg}': expected a module name or an iterable of them, but got "
                        f"{value!r}")
    return set(values)


def _drop_torch_modules() -> dict[str, types.ModuleType]:
    names = [n for n in sys.modules if _is_within(n, [_TORCH])]
    return {n: sys.modules.pop(n) for n in names}


def enable_compat(*, scope=None, blocked_modules=None, backend="torch", silent=False) -> None:
    """Makes ``import torch`` give this package (see the module's note).

    Args:
        scope (str|Iterable[str]|None, optional): the modules (and their
            submodules) whose ``import torch`` gets the proxy. Default None:
            every import.
        blocked_modules (str|Iterable[str]|None, optional): torch modules
            never proxied (e.g. ``"torch.cuda"``); added to those blocked
            before.
        backend (str, optional): the library proxied; only "torch".
        silent (bool, optional): accepted for Paddle's signature; this
            function warns about nothing.

    Examples:
        >>> import paddle
        >>> paddle.enable_compat()
        >>> import torch
        >>> torch.sin is paddle.sin
        True
        >>> paddle.disable_compat()
    """
    if backend != "torch":
        raise ValueError(f"[enable_compat] argument 'backend': expected 'torch', but got {backend!r}")
    scope = _module_set(scope, "scope")
    _State.blocked |= _module_set(blocked_modules, "blocked_modules") or set()
    disable_compat()
    if scope is None:
        _State.set_aside = _drop_torch_modules()
        _State.finder = _Finder()
        sys.meta_path.insert(0, _State.finder)
    else:
        _State.scope = scope
        _State.original_import = builtins.__import__
        builtins.__import__ = _scoped_import


def disable_compat() -> None:
    """Turns the proxy of ``enable_compat`` off: ``import torch`` gives the
    real PyTorch again (or fails without it)."""
    if _State.finder is not None:
        sys.meta_path.remove(_State.finder)
        _State.finder = None
        _drop_torch_modules()
        sys.modules.update(_State.set_aside)
        _State.set_aside = {}
    if _State.original_import is not None:
        builtins.__import__ = _State.original_import
        _State.original_import = None
        _State.scope = None
        _State.scoped_cache = {}
