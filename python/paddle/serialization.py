"""paddle.save / paddle.load: checkpoints in PaddlePaddle's pickle format.

Note [checkpoint format]: what PaddlePaddle 3.x writes, and so what we write,
so that ``.pdparams`` / ``.pdopt`` files move both ways:

* a *state dict* (a dict whose values are all Tensors, or dicts holding no
  Tensor, such as an optimizer's ``LR_Scheduler``) is pickled as a plain dict
  of NumPy arrays plus the key ``"StructuredToParameterName@@"``: a dict from
  each Tensor's key to the Tensor's ``name`` (``linear_0.w_0``). `load` drops
  that key unless ``keep_name_table=True``;
* any other object (a bare Tensor, nested lists / tuples / dicts) is pickled
  as is, each Tensor replaced by the tuple ``(tensor.name, ndarray)``; `load`
  turns those tuples back into Tensors. A file without such tuples (written
  by Paddle 2.0) has all of its arrays turned into Tensors instead;
* bfloat16 is stored as a ``uint16`` array of the raw bits (what
  ``np.array(tensor)`` gives in Paddle), and a ``uint16`` array loads back as
  a bfloat16 Tensor;
* with protocol 2 or 3 an array over 1 GiB is split into ``key@@.i`` slices
  listed under ``"UnpackBigParamInfor@@"`` (pickle's 4 GiB limit).

Note [safe loading]: `load` unpickles with a restricted Unpickler that
resolves only the globals these files need (NumPy array, dtype and scalar
reconstruction, ``collections.OrderedDict``, plain builtin containers), so a
crafted file cannot run code. ``safe=False`` uses the full pickle for trusted
files that hold other objects.
"""

from __future__ import annotations

import _compat_pickle
import collections
import math
import os
import pickle
import tempfile

import numpy as np

from paddle._C import Tensor

__all__ = ["save", "load"]

_NAME_TABLE = "StructuredToParameterName@@"
_UNPACK_INFO = "UnpackBigParamInfor@@"  # sic: Paddle's spelling
_SAVE_CONFIGS = ("use_binary_format", "pickle_protocol", "safetensors")
_LOAD_CONFIGS = ("model_filename", "params_filename", "keep_name_table", "return_numpy", "safetensors", "safe")


# ---- tensors <-> arrays ---------------------------------------------------

def _to_numpy(tensor: Tensor) -> np.ndarray:
    """The tensor's data on the host; bfloat16 as its uint16 bits (Note [checkpoint format])."""
    return tensor.detach().numpy()


def _to_tensor(array: np.ndarray) -> Tensor:
    import paddle

    if array.dtype == np.uint16:  # bfloat16 bits: widen to float32 exactly, then narrow (exact again)
        widened = (array.astype(np.uint32) << 16).view(np.float32)
        return paddle.to_tensor(widened).cast("bfloat16")
    return paddle.to_tensor(array)


def _is_layer(obj) -> bool:
    from paddle.nn import Layer

    return isinstance(obj, Layer)


def _holds_tensor(obj) -> bool:
    if isinstance(obj, Tensor) or _is_layer(obj):
        return True
    if isinstance(obj, dict):
        return any(_holds_tensor(v) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return any(_holds_tensor(v) for v in obj)
    return False


def _is_state_dict(obj) -> bool:
    """Paddle's rule: every value is a Tensor, or a dict that holds no Tensor."""
    if not isinstance(obj, dict):
        return False
    for value in obj.values():
        if isinstance(value, dict):
            if any(_holds_tensor(v) for v in value.values()):
                return False
        elif not isinstance(value, Tensor):
            return False
    return True


# ---- save -------------------------------------------------------------------

class _Pickler(pickle.Pickler):
    """Writes each Tensor as ``(name, ndarray)`` and refuses Layers (Note [checkpoint format])."""

    def reducer_override(self, obj):
        if isinstance(obj, Tensor):
            return (tuple, ((obj.name, _to_numpy(obj)),))
        if _is_layer(obj):
            raise TypeError(f"[save] cannot save a Layer ({type(obj).__name__}); save its state_dict() instead")
        return NotImplemented


def _state_dict_payload(obj: dict, protocol: int) -> dict:
    payload, names = {}, {}
    for key, value in obj.items():
        if isinstance(value, Tensor):
            payload[key] = _to_numpy(value)
            names[key] = value.name
        else:
            payload[key] = value
    payload[_NAME_TABLE] = names
    if protocol < 4:
        payload = _split_big_arrays(payload)
    return payload


def _split_big_arrays(payload: dict) -> dict:
    out, info = {}, {}
    for key, value in payload.items():
        if not isinstance(value, np.ndarray):
            out[key] = value
            continue
        limit = (2 ** 30 - 1) // value.dtype.itemsize
        if value.size <= limit:
            out[key] = value
            continue
        flat = value.reshape(-1)
        info[key] = {"OriginShape": value.shape, "slices": []}
        for i in range(math.ceil(value.size / limit)):
            part = f"{key}@@.{i}"
            info[key]["slices"].append(part)
            out[part] = flat[i * limit:(i + 1) * limit]
    if info:
        out[_UNPACK_INFO] = info
    return out


def _check_protocol(protocol) -> int:
    if isinstance(protocol, bool) or not isinstance(protocol, int):
        raise TypeError(f"[save] argument 'protocol': expected an int, but got {type(protocol).__name__}")
    if not 2 <= protocol <= 4:
        raise ValueError(f"[save] argument 'protocol': expected 2, 3 or 4, but got {protocol}")
    return protocol


def _dump(obj, f, protocol: int) -> None:
    try:
        _Pickler(f, protocol).dump(obj)
    except (pickle.PicklingError, AttributeError, TypeError) as e:
        if isinstance(e, TypeError) and str(e).startswith("[save]"):
            raise
        raise TypeError(f"[save] cannot pickle the object: {e}") from e


def _checked_path(op: str, path) -> str:
    """`path` as a str, refusing what no file system takes (a NUL character)."""
    path = os.fspath(path)
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if "\0" in path:
        raise ValueError(f"[{op}] argument 'path': a file name cannot contain a NUL character, but got {path!r}")
    return path


def _atomic_write(path: str, write) -> None:
    """Writes through `write(file)` into a temporary file next to `path`, then renames it onto `path`.

    A crash before the rename leaves whatever was at `path` untouched, and the
    temporary file is removed on any error.
    """
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:  # make the rename itself durable
        dir_fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def save(obj, path, protocol: int = 4, **configs) -> None:
    """Saves `obj` to the file `path` (or a writable binary buffer such as BytesIO).

    `obj` may be a Tensor, a ``state_dict`` of a Layer or an optimizer, or
    nested lists, tuples and dicts of Tensors, NumPy arrays, numbers and
    strings. The file is PaddlePaddle's pickle format (``.pdparams`` for a
    Layer's state dict, ``.pdopt`` for an optimizer's); see Note [checkpoint
    format] in this module. The write is atomic: a temporary file in the same
    directory is written, synced and renamed onto `path`, so a crash never
    leaves a half-written checkpoint at `path`.

    Args:
        obj (object): the object to save.
        path (str|BytesIO): the file name (its directory is created if needed) or a binary buffer.
        protocol (int, optional): the pickle protocol, 2, 3 or 4. Default 4.
        **configs: ``pickle_protocol`` (deprecated alias of `protocol`); ``use_binary_format``
            and ``safetensors`` are Paddle options not supported here.

    Returns:
        None

    Examples:
        >>> import os, tempfile
        >>> import paddle
        >>> net = paddle.nn.Linear(2, 3)
        >>> path = os.path.join(tempfile.mkdtemp(), "net.pdparams")
        >>> paddle.save(net.state_dict(), path)
        >>> state = paddle.load(path)
        >>> sorted(state.keys())
        ['bias', 'weight']
        >>> bool((state["weight"] == net.weight).all())
        True
    """
    for key in configs:
        if key not in _SAVE_CONFIGS:
            raise ValueError(f"[save] unknown config {key!r}; supported: {', '.join(_SAVE_CONFIGS)}")
    if configs.get("use_binary_format") or configs.get("safetensors"):
        option = "use_binary_format" if configs.get("use_binary_format") else "safetensors"
        raise NotImplementedError(f"[save] {option}=True is not supported; the pickle format is")
    if configs.get("pickle_protocol") is not None:
        protocol = configs["pickle_protocol"]
    protocol = _check_protocol(protocol)
    payload = _state_dict_payload(obj, protocol) if _is_state_dict(obj) else obj

    if isinstance(path, (str, os.PathLike)):
        path = _checked_path("save", path)
        if os.path.basename(path) == "":
            raise ValueError(f"[save] argument 'path': expected a file name like dir/model.pdparams, but got {path!r}")
        if os.path.isdir(path):
            raise IsADirectoryError(f"[save] argument 'path': {path!r} is a directory; give a file name in it")
        directory = os.path.dirname(path)
        try:
            if directory:
                os.makedirs(directory, exist_ok=True)
            _atomic_write(path, lambda f: _dump(payload, f, protocol))
        except OSError as e:
            if str(e).startswith("[save]"):
                raise
            raise type(e)(f"[save] cannot write {path!r}: {e.strerror or e}") from e
    elif hasattr(path, "write"):
        _dump(payload, path, protocol)
    else:
        raise TypeError(f"[save] argument 'path': expected a str or a binary buffer, but got {type(path).__name__}")


# ---- load -------------------------------------------------------------------

def _safe_eval(expression, namespace=None):
    """What ``eval`` does in Paddle's files: ``eval('data', {'data': array})`` (a static-graph
    DenseTensor). Only that name lookup is allowed."""
    if not (isinstance(expression, str) and expression.isidentifier() and isinstance(namespace, dict)
            and expression in namespace):
        raise UnsafeCheckpointError(f"[load] refused eval({expression!r}, ...): safe mode allows only a name lookup")
    return namespace[expression]


def _numpy_globals() -> dict:
    try:
        from numpy._core import multiarray, numeric
    except ImportError:  # NumPy 1.x
        from numpy.core import multiarray, numeric
    table = {}
    for package in ("numpy.core", "numpy._core"):
        table[(package + ".multiarray", "_reconstruct")] = multiarray._reconstruct
        table[(package + ".multiarray", "scalar")] = multiarray.scalar
        table[(package + ".numeric", "_frombuffer")] = numeric._frombuffer
    table[("numpy", "ndarray")] = np.ndarray
    table[("numpy", "dtype")] = np.dtype
    return table


_ALLOWED = {
    ("collections", "OrderedDict"): collections.OrderedDict,
    ("builtins", "tuple"): tuple, ("builtins", "list"): list, ("builtins", "dict"): dict,
    ("builtins", "set"): set, ("builtins", "frozenset"): frozenset, ("builtins", "complex"): complex,
    ("builtins", "slice"): slice, ("builtins", "range"): range, ("builtins", "bytearray"): bytearray,
    ("builtins", "eval"): _safe_eval,
    ("_codecs", "encode"): __import__("codecs").encode,  # how protocol 2 writes bytes
}


class UnsafeCheckpointError(pickle.UnpicklingError):
    """`load` refused a global a checkpoint asked for (Note [safe loading])."""


class _SafeUnpickler(pickle.Unpickler):
    _table = None

    def find_class(self, module: str, name: str):
        if (module, name) in _compat_pickle.NAME_MAPPING:  # Python 2 names (protocol 2 writes them)
            module, name = _compat_pickle.NAME_MAPPING[(module, name)]
        else:
            module = _compat_pickle.IMPORT_MAPPING.get(module, module)
        if _SafeUnpickler._table is None:
            _SafeUnpickler._table = {**_ALLOWED, **_numpy_globals()}
        found = _SafeUnpickler._table.get((module, name))
        if found is None:
            raise UnsafeCheckpointError(
                f"[load] refused to load the global '{module}.{name}': paddle.load runs in safe mode and "
                f"resolves only NumPy arrays, dtypes and scalars, OrderedDict and builtin containers, so a "
                f"checkpoint cannot run code. If you trust this file, call paddle.load(path, safe=False)")
        return found


def _unpickle(f, safe: bool, encoding: str = "latin1"):
    unpickler = (_SafeUnpickler if safe else pickle.Unpickler)(f, encoding=encoding)
    return unpickler.load()


def _join_big_arrays(obj: dict) -> dict:
    info = obj.pop(_UNPACK_INFO)
    for key, value in info.items():
        obj[key] = np.concatenate([obj.pop(part) for part in value["slices"]]).reshape(value["OriginShape"])
    return obj


def _is_named_array(obj) -> bool:
    return isinstance(obj, tuple) and len(obj) == 2 and isinstance(obj[0], str) and isinstance(obj[1], np.ndarray)


def _any(obj, condition) -> bool:
    if condition(obj):
        return True
    if type(obj) in (dict, collections.OrderedDict):
        return any(_any(v, condition) for v in obj.values())
    if type(obj) in (list, tuple):
        return any(_any(v, condition) for v in obj)
    return False


def _convert(obj, condition, convert):
    """`obj` with every part matching `condition` replaced by `convert(part)`, containers rebuilt."""
    if condition(obj):
        return convert(obj)
    if type(obj) in (dict, collections.OrderedDict):
        for key in list(obj.keys()):
            obj[key] = _convert(obj[key], condition, convert)
        return obj
    if type(obj) is list:
        return [_convert(v, condition, convert) for v in obj]
    if type(obj) is tuple:
        return tuple(_convert(v, condition, convert) for v in obj)
    if type(obj) is set:
        return {_convert(v, condition, convert) for v in obj}
    return obj


def _named_tensor(item, return_numpy: bool):
    if return_numpy:
        return item[1]
    tensor = _to_tensor(item[1])
    tensor.name = item[0]
    return tensor


def _postprocess(result, config: dict):
    return_numpy = bool(config.get("return_numpy", False))
    if isinstance(result, dict):
        if _UNPACK_INFO in result:
            result = _join_big_arrays(result)
        if _NAME_TABLE in result:  # a state dict (Note [checkpoint format])
            for key, name in result[_NAME_TABLE].items():
                if isinstance(result.get(key), np.ndarray):
                    result[key] = _named_tensor((name, result[key]), return_numpy)
            if not config.get("keep_name_table"):
                del result[_NAME_TABLE]
            return result
    if _any(result, _is_named_array):
        return _convert(result, _is_named_array, lambda item: _named_tensor(item, return_numpy))
    if return_numpy:
        return result
    return _convert(result, lambda v: isinstance(v, np.ndarray), _to_tensor)


def load(path, **configs):
    """Loads an object saved by `paddle.save` (or by PaddlePaddle) from the file `path` or a binary buffer.

    NumPy arrays in the file come back as Tensors (``return_numpy=True`` keeps
    them arrays); a state dict loses its ``"StructuredToParameterName@@"`` name
    table unless ``keep_name_table=True``. Loading is safe by default: only the
    globals a checkpoint needs are resolved, so a malicious file raises
    `pickle.UnpicklingError` instead of running code (Note [safe loading]).

    Args:
        path (str|BytesIO): the file name, or a binary buffer positioned at the start of the data.
        **configs: ``return_numpy`` (bool, default False), ``keep_name_table`` (bool, default False),
            ``safe`` (bool, default True; False unpickles anything: only for trusted files).
            ``model_filename``, ``params_filename`` and ``safetensors`` are Paddle options for
            other formats, not supported here.

    Returns:
        object: what was saved, with Tensors in place of the stored arrays.

    Examples:
        >>> import os, tempfile
        >>> import paddle
        >>> path = os.path.join(tempfile.mkdtemp(), "ckpt.pd")
        >>> paddle.save({"step": 3, "x": paddle.to_tensor([1.0, 2.0])}, path)
        >>> ckpt = paddle.load(path)
        >>> ckpt["step"], ckpt["x"].tolist()
        (3, [1.0, 2.0])
        >>> paddle.load(path, return_numpy=True)["x"]
        array([1., 2.], dtype=float32)
    """
    for key in configs:
        if key not in _LOAD_CONFIGS:
            raise ValueError(f"[load] unknown config {key!r}; supported: {', '.join(_LOAD_CONFIGS)}")
    for key in ("model_filename", "params_filename", "safetensors"):
        if configs.get(key):
            raise NotImplementedError(f"[load] {key} is not supported; only files written by paddle.save are")
    safe = configs.get("safe", True)

    if isinstance(path, (str, os.PathLike)):
        path = _checked_path("load", path)
        if os.path.isdir(path):
            raise IsADirectoryError(f"[load] argument 'path': {path!r} is a directory, not a file written by "
                                    f"paddle.save (inference-model directories are not supported)")
        if not os.path.exists(path):
            raise FileNotFoundError(f"[load] argument 'path': no such file: {path!r}")
        with open(path, "rb") as f:
            result = _load_stream(f, path, safe)
    elif hasattr(path, "read"):
        result = _load_stream(path, "<buffer>", safe)
    else:
        raise TypeError(f"[load] argument 'path': expected a str or a binary buffer, but got {type(path).__name__}")
    return _postprocess(result, configs)


def _load_stream(f, where: str, safe: bool):
    try:
        return _unpickle(f, safe)
    except UnsafeCheckpointError:
        raise
    except EOFError as e:
        raise ValueError(f"[load] {where} ends early: the file is empty or truncated ({e})") from None
    except (pickle.UnpicklingError, ValueError, TypeError, KeyError, IndexError, AttributeError,
            UnicodeDecodeError, MemoryError, OverflowError) as e:
        raise ValueError(f"[load] cannot parse {where}: not a (complete) file written by paddle.save: "
                         f"{type(e).__name__}: {e}") from None
