"""paddle.nn.functional; most ops are bound from the op YAML by paddle/__init__.py."""

from paddle.nn.functional.conv import (  # noqa: F401
    conv1d, conv1d_transpose, conv2d, conv2d_transpose, conv3d, conv3d_transpose, fold, unfold,
)
from paddle.nn.functional.common import (  # noqa: F401
    alpha_dropout, bilinear, dropout, dropout2d, dropout3d, interpolate, linear, pad, upsample, zeropad2d,
)
from paddle.nn.functional.activation import glu, log_softmax, prelu, silu, softmax, thresholded_relu  # noqa: F401
from paddle.nn.functional.attention import scaled_dot_product_attention  # noqa: F401
from paddle.nn.functional.vision import affine_grid, grid_sample, pixel_shuffle, pixel_unshuffle  # noqa: F401
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
    ctc_loss, hinge_embedding_loss, kl_div, l1_loss, log_loss, margin_ranking_loss, mse_loss, nll_loss, smooth_l1_loss,
    softmax_with_cross_entropy, square_error_cost, triplet_margin_loss,
)
from paddle.nn.functional.activation_extra import gumbel_softmax, logsigmoid, maxout, rrelu, swiglu  # noqa: F401
from paddle.nn.functional.dropout_extra import dropout1d, feature_alpha_dropout  # noqa: F401
from paddle.nn.functional.distance import pairwise_distance  # noqa: F401
from paddle.nn.functional.shuffle import channel_shuffle, temporal_shift  # noqa: F401
from paddle.nn.functional.sequence import gather_tree, sequence_mask  # noqa: F401
from paddle.nn.functional.norm_extra import local_response_norm  # noqa: F401
from paddle.nn.functional.pooling_extra import (  # noqa: F401
    fractional_max_pool2d, fractional_max_pool3d, lp_pool1d, lp_pool2d, max_unpool1d, max_unpool2d, max_unpool3d,
)
from paddle.nn.functional.losses_extra import (  # noqa: F401
    dice_loss, gaussian_nll_loss, label_smooth, multi_label_margin_loss, multi_label_soft_margin_loss,
    multi_margin_loss, npair_loss, poisson_nll_loss, sigmoid_focal_loss, soft_margin_loss,
    triplet_margin_with_distance_loss,
)
from paddle.nn.functional.hsigmoid import hsigmoid_loss  # noqa: F401
from paddle.nn.functional.rnnt import rnnt_loss  # noqa: F401
from paddle.nn.functional.adaptive_softmax import adaptive_log_softmax_with_loss  # noqa: F401
