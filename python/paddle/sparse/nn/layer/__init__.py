"""The layers of paddle.sparse.nn."""
