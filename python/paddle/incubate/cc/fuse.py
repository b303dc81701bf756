"""paddle.incubate.cc.fuse: hints that mark ops for Paddle's fusion engine to
compile into one kernel. This package has no such engine (see
paddle.incubate.cc): the ops run one after another, with the same results."""

from __future__ import annotations

import contextlib

import paddle

__all__ = ["matmul", "by_register"]


@contextlib.contextmanager
def by_register():
    """Marks the ops of its block as one group to fuse. Here the block runs
    as it is."""
    yield


def matmul(x, w, epilogue, **kwargs):
    """``epilogue(paddle.matmul(x, w, **kwargs))``: a matmul and the ops that
    follow it (bias, activation...), marked to be fused.

    Args:
        x, w (Tensor): the matmul's operands.
        epilogue (callable): takes the product, returns the result.
        **kwargs: paddle.matmul's transpose_x and transpose_y.

    Examples:
        >>> import paddle
        >>> import paddle.incubate.cc as pcc
        >>> x = paddle.to_tensor([[1.0, -2.0]])
        >>> w = paddle.to_tensor([[1.0], [1.0]])
        >>> pcc.fuse.matmul(x, w, paddle.nn.functional.relu).tolist()
        [[0.0]]
    """
    if not callable(epilogue):
        raise TypeError(f"[cc.fuse.matmul] argument 'epilogue': expected a callable, but got "
                        f"{type(epilogue).__name__}")
    product = paddle.matmul(x, w, **kwargs)
    with by_register():
        return epilogue(product)
