"""Printing tensors the way Paddle prints them:

    Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
           [[1.        , 2.50000000, 3.        ],
            [4.        , 5.        , 6.        ]])
"""

from __future__ import annotations

import numpy as np

_INDENT = " " * 7
# Paddle's defaults: 8 decimals, "..." beyond 1000 elements keeping 3 at each
# edge, lines of 80 characters, fixed-point notation (set_printoptions).
_OPTIONS = {"precision": 8, "threshold": 1000, "edgeitems": 3, "linewidth": 80, "sci_mode": False}


def set_printoptions(precision=None, threshold=None, edgeitems=None, sci_mode=None, linewidth=None) -> None:
    """Sets how tensors print; the options left None keep their values.

    Args:
        precision (int, optional): digits after the decimal point. Default 8.
        threshold (int, optional): more elements than this print summarized, with "...". Default 1000.
        edgeitems (int, optional): elements kept at each edge of a summarized axis. Default 3.
        sci_mode (bool, optional): scientific notation for floats. Default False.
        linewidth (int, optional): characters per line. Default 80.

    Examples:
        >>> import paddle
        >>> paddle.set_printoptions(precision=2)
        >>> print(paddle.to_tensor([1 / 3, 2.0]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.33, 2.  ])
        >>> paddle.set_printoptions(precision=8)
    """
    from paddle import _checks as check

    op = "set_printoptions"
    for name, value, least in (("precision", precision, 0), ("threshold", threshold, 0), ("edgeitems", edgeitems, 0),
                               ("linewidth", linewidth, 1)):
        if value is not None:
            _OPTIONS[name] = check.integer(op, value, name, min=least)
    if sci_mode is not None:
        if not isinstance(sci_mode, bool):
            raise TypeError(f"[{op}] argument 'sci_mode': expected a bool, but got {check.got(sci_mode)}")
        _OPTIONS["sci_mode"] = sci_mode


def _float_text(v) -> str:
    precision = _OPTIONS["precision"]
    if _OPTIONS["sci_mode"]:
        return f"{v:.{precision}e}"
    return f"{v:.0f}." if np.ceil(v) == v else f"{v:.{precision}f}"


def _item_text(v) -> str:
    """One element as Paddle writes it: a whole float as "3.", other floats
    with `precision` decimals, complex numbers as "(re+imj)"."""
    if isinstance(v, np.complexfloating):
        precision = _OPTIONS["precision"]
        kind = "e" if _OPTIONS["sci_mode"] else "f"
        return f"({v.real:.{precision}{kind}}{v.imag:+.{precision}{kind}}j)"
    if isinstance(v, np.floating):
        return _float_text(v)
    return str(v)


def _is_negative(v) -> bool:
    """v < 0, complex numbers ordered by real part, then imaginary part (NumPy's order)."""
    if isinstance(v, np.complexfloating):
        return bool(v.real < 0 or (v.real == 0 and v.imag < 0))
    with np.errstate(invalid="ignore"):
        return bool(v < 0)


def _formatter(shown: np.ndarray):
    """Pads every element's text to the widest one, left-aligned; when some
    element is negative the others keep a column for the sign."""
    signed = any(_is_negative(v) for v in shown.flat)
    width = max((len(_item_text(v)) for v in shown.flat), default=0)

    def format_item(v) -> str:
        text = _item_text(v)
        if len(text) >= width:
            return text
        return text.ljust(width) if not signed or _is_negative(v) else " " + text.ljust(width - 1)

    return format_item


def _printed(values: np.ndarray) -> np.ndarray:
    """The values a summarized print shows: the edge items of every long axis
    (so that the formatter's width comes from them, not from every element)."""
    edge = _OPTIONS["edgeitems"]
    if values.size <= _OPTIONS["threshold"]:
        return values
    for axis, n in enumerate(values.shape):
        if n > 2 * edge:
            keep = np.r_[0:edge, n - edge:n]
            values = np.take(values, keep, axis=axis)
    return values


def _empty_text(shape, indent: int) -> str:
    """An array without elements as Paddle prints it: its leading non-empty dims still
    nest, e.g. [[],\n []] for shape [2, 0] (NumPy would print [])."""
    if len(shape) <= 1 or shape[0] == 0:
        return "[]"
    inner = _empty_text(shape[1:], indent + 1)
    return "[" + ("," + "\n" * (len(shape) - 1) + " " * (indent + 1)).join([inner] * shape[0]) + "]"


def _format_values(values: np.ndarray) -> str:
    if values.size == 0:
        return _empty_text(values.shape, len(_INDENT))
    if values.dtype.kind not in "fcbiu":
        return np.array2string(values, separator=", ", prefix=_INDENT)
    summarize = values.size > _OPTIONS["threshold"]
    return _nested(values, len(_INDENT), summarize, _formatter(_printed(values)))


def _nested(values: np.ndarray, indent: int, summarize: bool, format_item) -> str:
    """Paddle's layout: a 1-D run holds (linewidth - indent) // (item width
    + 2) items a line, "..." counting as one; deeper dims put one row a line
    (a blank line between blocks of 3-D and up), each indented one more
    column than its bracket."""
    if values.ndim == 0:
        return format_item(values[()])
    n, edge = values.shape[0], _OPTIONS["edgeitems"]
    picks = [*np.arange(edge), None, *np.arange(n - edge, n)] if summarize and n > 2 * edge else list(np.arange(n))
    if values.ndim == 1:
        items = ["..." if i is None else format_item(values[i]) for i in picks]
        per_line = max(1, (_OPTIONS["linewidth"] - indent) // (len(format_item(values[0])) + 2))
        lines = [", ".join(items[k:k + per_line]) for k in np.arange(0, len(items), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
    rows = ["..." if i is None else _nested(values[i], indent + 1, summarize, format_item) for i in picks]
    return "[" + ("," + "\n" * (values.ndim - 1) + " " * (indent + 1)).join(rows) + "]"


def tensor_repr(self) -> str:
    from paddle.tensor.methods import _numpy_values

    header = (f"Tensor(shape={list(self.shape)}, dtype={self.dtype.name}, place={self.place}, "
              f"stop_gradient={self.stop_gradient},")
    return f"{header}\n{_INDENT}{_format_values(_numpy_values(self))})"
