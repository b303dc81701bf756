"""paddle.nn: layers, containers, initializers and the functional ops."""

from paddle.nn import functional  # noqa: F401
from paddle.nn import initializer  # noqa: F401
from paddle.nn import utils  # noqa: F401
from paddle.nn.layer import *  # noqa: F401,F403
from paddle.nn.layer import Layer  # noqa: F401
from paddle.base.framework import Parameter  # noqa: F401
from paddle.nn.clip import ClipGradBase, ClipGradByValue, ClipGradByNorm, ClipGradByGlobalNorm  # noqa: F401
from paddle.nn.layer.padding import (  # noqa: F401
    CircularPad1D, CircularPad2D, CircularPad3D, ConstantPad1D, ConstantPad2D, ConstantPad3D, ReflectionPad1D,
    ReflectionPad2D, ReflectionPad3D, ReplicationPad1D, ReplicationPad2D, ReplicationPad3D, ZeroPad1D, ZeroPad3D,
)
from paddle.nn.layer.pooling_extra import (  # noqa: F401
    FractionalMaxPool2D, FractionalMaxPool3D, LPPool1D, LPPool2D, MaxUnPool1D, MaxUnPool2D, MaxUnPool3D,
)
from paddle.nn.layer.loss_extra import (  # noqa: F401
    GaussianNLLLoss, HSigmoidLoss, MultiLabelMarginLoss, MultiLabelSoftMarginLoss, MultiMarginLoss, PoissonNLLLoss,
    RNNTLoss, SoftMarginLoss, TripletMarginWithDistanceLoss,
)
from paddle.nn.layer.activation_extra import Maxout, RReLU, Softmax2D, ThresholdedReLU  # noqa: F401
from paddle.nn.layer.norm_extra import LocalResponseNorm, SpectralNorm  # noqa: F401
from paddle.nn.layer.common_extra import (  # noqa: F401
    ChannelShuffle, FeatureAlphaDropout, Fold, PairwiseDistance, Unfold, UpsamplingBilinear2D, UpsamplingNearest2D,
)
from paddle.nn.layer.parameter_dict import ParameterDict  # noqa: F401
from paddle.nn.decode import BeamSearchDecoder, dynamic_decode  # noqa: F401
from paddle.nn.layer.adaptive_softmax import AdaptiveLogSoftmaxWithLoss  # noqa: F401

# Paddle 3.x's other names for these classes (the same objects).
Module, ModuleList, ModuleDict = Layer, LayerList, LayerDict  # noqa: F405
SiLU = Silu  # noqa: F405
Conv1d, Conv2d, Conv3d = Conv1D, Conv2D, Conv3D  # noqa: F405
AdaptiveMaxPool1d, AdaptiveMaxPool2d, AdaptiveMaxPool3d = (  # noqa: F405
    AdaptiveMaxPool1D, AdaptiveMaxPool2D, AdaptiveMaxPool3D)
LPPool1d, LPPool2d = LPPool1D, LPPool2D
ConstantPad1d, ConstantPad2d, ConstantPad3d = ConstantPad1D, ConstantPad2D, ConstantPad3D
ReflectionPad1d, ReflectionPad2d, ReflectionPad3d = ReflectionPad1D, ReflectionPad2D, ReflectionPad3D
ReplicationPad1d, ReplicationPad2d, ReplicationPad3d = ReplicationPad1D, ReplicationPad2D, ReplicationPad3D
CircularPad1d, CircularPad2d, CircularPad3d = CircularPad1D, CircularPad2D, CircularPad3D
