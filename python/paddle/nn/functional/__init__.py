"""paddle.nn.functional; most ops are bound from the op YAML by paddle/__init__.py."""

from paddle.nn.functional.conv import conv2d, fold, unfold  # noqa: F401
from paddle.nn.functional.common import dropout, dropout2d, dropout3d  # noqa: F401
from paddle.nn.functional.input import embedding, one_hot  # noqa: F401
from paddle.nn.functional.norm import (  # noqa: F401
    batch_norm, group_norm, instance_norm, layer_norm, normalize, rms_norm,
)
from paddle.nn.functional.pooling import (  # noqa: F401
    adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d, adaptive_max_pool1d, adaptive_max_pool2d,
    adaptive_max_pool3d, avg_pool1d, avg_pool2d, avg_pool3d, max_pool1d, max_pool2d, max_pool3d,
)
from paddle.nn.functional.loss import (  # noqa: F401
    binary_cross_entropy, binary_cross_entropy_with_logits, cosine_embedding_loss, cosine_similarity, cross_entropy,
    hinge_embedding_loss, kl_div, l1_loss, log_loss, margin_ranking_loss, mse_loss, nll_loss, smooth_l1_loss,
    softmax_with_cross_entropy, square_error_cost, triplet_margin_loss,
)
