"""Printing sparse tensors the way Paddle prints them:

    Tensor(shape=[3, 4], dtype=paddle.float32, place=Place(cpu), stop_gradient=True,
           indices=[[0, 1, 2],
                    [1, 2, 0]],
           values=[1., 2., 3.])

(each header and part line ends with ", " before its line break, as Paddle's do).
"""

from __future__ import annotations

# The dense printer's element formatting and line layout, so that sparse
# parts print exactly as a dense tensor would.
from paddle.tensor.methods import _numpy_values
from paddle.tensor.printing import _OPTIONS, _empty_text, _formatter, _nested, _printed

_INDENT = " " * 7


def _format_part(name: str, tensor) -> str:
    """``name=[...]`` with continuation lines aligned under the first bracket."""
    values = _numpy_values(tensor)
    prefix = f"{_INDENT}{name}="
    if values.size == 0:
        return prefix + _empty_text(values.shape, len(prefix))
    return prefix + _nested(values, len(prefix), values.size > _OPTIONS["threshold"], _formatter(_printed(values)))


def sparse_repr(x) -> str:
    header = (f"Tensor(shape={list(x.shape)}, dtype={x.dtype}, place={x.place}, "
              f"stop_gradient={x.stop_gradient}, ")
    if x.format == "coo":
        parts = [("indices", x.indices()), ("values", x.values())]
    else:
        parts = [("crows", x.crows()), ("cols", x.cols()), ("values", x.values())]
    return header + "\n" + ", \n".join(_format_part(name, t) for name, t in parts) + ")"
