"""The default op lists of auto_cast, by our op names (docs/ops.md), following Paddle's choices:
ops that gain from low precision and keep their accuracy (matrix products) run in float16 or
bfloat16; ops whose range or accumulated error suffers (exponentials, logarithms, powers,
reductions, normalizations, softmax) run in float32. Under O1 every other op runs in the dtype of
its inputs, float32 when they are mixed.
"""

WHITE_LIST = frozenset({
    "matmul", "linear", "conv2d", "flash_attention",
})

BLACK_LIST = frozenset({
    "exp", "expm1", "log", "log1p", "log2", "log10", "pow", "elementwise_pow", "square", "reciprocal", "rsqrt",
    "tan", "asin", "acos", "sinh", "cosh", "atanh", "erfinv", "lgamma", "digamma", "polygamma",
    "sum", "mean", "prod", "nansum", "nanmean", "var", "std", "p_norm", "logsumexp",
    "cumsum", "cumprod", "logcumsumexp", "linear_scan",
    "softmax", "log_softmax", "softplus", "log_sigmoid", "layer_norm", "rms_norm", "batch_norm_train",
})


def white_list() -> set:
    """The ops auto_cast runs in the low dtype by default."""
    return set(WHITE_LIST)


def black_list() -> set:
    """The ops auto_cast runs in float32 by default."""
    return set(BLACK_LIST)
