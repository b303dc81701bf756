"""paddle.LazyGuard."""

from __future__ import annotations


class LazyGuard:
    """A context in which Paddle defers initializing the parameters made
    (to build a model too big for one device before sharding it). Here a
    parameter is always initialized when made, so the ones made inside
    work at once, as any other; the guard keeps code written for Paddle
    running.

    Examples:
        >>> import paddle
        >>> with paddle.LazyGuard():
        ...     linear = paddle.nn.Linear(2, 3)
        >>> linear(paddle.ones([1, 2])).shape
        paddle.Size([1, 3])
    """

    def __enter__(self) -> None:  # `with paddle.LazyGuard() as g` binds None in Paddle too
        return None

    def __exit__(self, *exc_info) -> bool:
        return False
