"""The layers of paddle.nn, one module per family."""

from paddle.nn.layer.layers import Layer  # noqa: F401
from paddle.nn.layer.container import LayerDict, LayerList, ParameterList, Sequential  # noqa: F401
from paddle.nn.layer.common import (  # noqa: F401
    AlphaDropout, Bilinear, CosineSimilarity, Dropout, Dropout2D, Dropout3D, Embedding, Flatten, Identity, Linear,
    Pad1D, Pad2D, Pad3D, PixelShuffle, PixelUnshuffle, Unflatten, Upsample, ZeroPad2D,
)
from paddle.nn.layer.activation import (  # noqa: F401
    CELU, ELU, GELU, GLU, LeakyReLU, LogSigmoid, LogSoftmax, Mish, PReLU, ReLU, ReLU6, SELU, Sigmoid, Silu, Softmax,
    Softplus, Softshrink, Softsign, Swish, Tanh, Tanhshrink, Hardshrink, Hardsigmoid, Hardswish, Hardtanh,
)
from paddle.nn.layer.conv import (  # noqa: F401
    Conv1D, Conv1DTranspose, Conv2D, Conv2DTranspose, Conv3D, Conv3DTranspose,
)
from paddle.nn.layer.pooling import (  # noqa: F401
    AdaptiveAvgPool1D, AdaptiveAvgPool2D, AdaptiveAvgPool3D, AdaptiveMaxPool1D, AdaptiveMaxPool2D, AdaptiveMaxPool3D,
    AvgPool1D, AvgPool2D, AvgPool3D, MaxPool1D, MaxPool2D, MaxPool3D,
)
from paddle.nn.layer.norm import (  # noqa: F401
    BatchNorm, BatchNorm1D, BatchNorm2D, BatchNorm3D, GroupNorm, InstanceNorm1D, InstanceNorm2D, InstanceNorm3D,
    LayerNorm, RMSNorm, SyncBatchNorm,
)
from paddle.nn.layer.loss import (  # noqa: F401
    BCELoss, BCEWithLogitsLoss, CosineEmbeddingLoss, CrossEntropyLoss, CTCLoss, HingeEmbeddingLoss, KLDivLoss,
    L1Loss, MarginRankingLoss, MSELoss, NLLLoss, SmoothL1Loss, TripletMarginLoss,
)
from paddle.nn.layer.rnn import (  # noqa: F401
    BiRNN, GRU, GRUCell, LSTM, LSTMCell, RNN, RNNCellBase, SimpleRNN, SimpleRNNCell,
)
from paddle.nn.layer.transformer import (  # noqa: F401
    MultiHeadAttention, Transformer, TransformerDecoder, TransformerDecoderLayer, TransformerEncoder,
    TransformerEncoderLayer,
)

# paddle.nn re-exports every class above (not the family modules).
__all__ = sorted(name for name, value in globals().items() if isinstance(value, type))
