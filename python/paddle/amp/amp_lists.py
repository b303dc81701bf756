"""The default op lists of auto_cast: the ops whose YAML entry says `amp: low`
(matrix products and convolutions, which gain from low precision and keep
their accuracy) and `amp: float32` (exponentials, logarithms, powers,
reductions, normalizations, softmax: their range or accumulated error
suffers), following Paddle's choices, by our op names (docs/ops.md). Under O1
every other op runs in the dtype of its inputs, float32 when they are mixed.
"""

from paddle._C import _C_ops

WHITE_LIST = frozenset(_C_ops.__amp_lists__.get("low", ()))

BLACK_LIST = frozenset(_C_ops.__amp_lists__.get("float32", ()))


def white_list() -> set:
    """The ops auto_cast runs in the low dtype by default."""
    return set(WHITE_LIST)


def black_list() -> set:
    """The ops auto_cast runs in float32 by default."""
    return set(BLACK_LIST)
