"""Printing tensors the way Paddle prints them:

    Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
           [[1.        , 2.50000000, 3.        ],
            [4.        , 5.        , 6.        ]])
"""

from __future__ import annotations

import numpy as np

_INDENT = " " * 7
_SUMMARY_THRESHOLD = 1000  # print ... beyond this many elements, as Paddle does
_EDGE_ITEMS = 3


def _item_text(v) -> str:
    """One element as Paddle writes it: a whole float as "3.", other floats
    with 8 decimals, complex numbers as "(re+imj)"."""
    if isinstance(v, np.complexfloating):
        return f"({v.real:.8f}{v.imag:+.8f}j)"
    if isinstance(v, np.floating):
        return f"{v:.0f}." if np.ceil(v) == v else f"{v:.8f}"
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
    if values.size <= _SUMMARY_THRESHOLD:
        return values
    for axis, n in enumerate(values.shape):
        if n > 2 * _EDGE_ITEMS:
            keep = np.r_[0:_EDGE_ITEMS, n - _EDGE_ITEMS:n]
            values = np.take(values, keep, axis=axis)
    return values


def _format_values(values: np.ndarray) -> str:
    options = dict(separator=", ", prefix=_INDENT, threshold=_SUMMARY_THRESHOLD, edgeitems=_EDGE_ITEMS)
    shown = _printed(values)
    if values.dtype.kind in "fcbiu":
        kind = {"f": "float_kind", "c": "complex_kind", "b": "bool", "i": "int", "u": "int"}[values.dtype.kind]
        options["formatter"] = {kind: _formatter(shown)}
    text = np.array2string(values, **options)
    return text


def tensor_repr(self) -> str:
    from paddle.tensor.methods import _numpy_values

    header = (f"Tensor(shape={list(self.shape)}, dtype={self.dtype.name}, place={self.place}, "
              f"stop_gradient={self.stop_gradient},")
    return f"{header}\n{_INDENT}{_format_values(_numpy_values(self))})"
