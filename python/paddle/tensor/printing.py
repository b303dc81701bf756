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


def _float_formatter(values: np.ndarray):
    finite = values[np.isfinite(values)]
    integral = finite.size == 0 or bool(np.all(finite == np.round(finite)))
    if integral:
        return lambda v: f"{v:.0f}." if np.isfinite(v) else str(v)
    width = max((len(f"{v:.8f}") for v in finite.flat), default=0)
    return lambda v: (f"{v:.0f}.".ljust(width) if np.isfinite(v) and v == round(v) else f"{v:.8f}") if np.isfinite(v) else str(v).ljust(width)


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
    if values.dtype.kind == "f":
        options["formatter"] = {"float_kind": _float_formatter(_printed(values).astype(np.float64))}
    text = np.array2string(values, **options)
    return text


def tensor_repr(self) -> str:
    from paddle.tensor.methods import _numpy_values

    header = (f"Tensor(shape={self.shape}, dtype={self.dtype.name}, place={self.place}, "
              f"stop_gradient={self.stop_gradient},")
    return f"{header}\n{_INDENT}{_format_values(_numpy_values(self))})"
