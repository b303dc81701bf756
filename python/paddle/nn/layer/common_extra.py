"""More common layers: Unfold, Fold, PairwiseDistance, UpsamplingNearest2D,
UpsamplingBilinear2D, FeatureAlphaDropout and ChannelShuffle."""

from __future__ import annotations

from paddle import _checks as check
from paddle._C import Tensor
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer


def _name(name) -> str:
    return f", name={name}" if name else ""


class Unfold(Layer):
    """Sliding blocks of x [N, C, H, W] as columns [N, C * kh * kw, L] (``paddle.nn.functional.unfold``).

    Args:
        kernel_sizes (int|list[int]): the block size.
        dilations (int|list[int], optional): Default 1.
        paddings (int|list[int], optional): [h, w] or [top, left, bottom, right]. Default 0.
        strides (int|list[int], optional): Default 1.

    Examples:
        >>> import paddle
        >>> unfold = paddle.nn.Unfold(kernel_sizes=2, strides=2)
        >>> unfold(paddle.ones([1, 3, 4, 4])).shape
        paddle.Size([1, 12, 4])
        >>> unfold
        Unfold(kernel_size=2, dilation=1, padding=0, stride=2)
    """

    def __init__(self, kernel_sizes, dilations=1, paddings=0, strides=1, name=None):
        super().__init__()
        self.kernel_sizes = kernel_sizes
        self.dilations = dilations
        self.paddings = paddings
        self.strides = strides
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.unfold(input, self.kernel_sizes, self.strides, self.paddings, self.dilations)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, padding={self.paddings}, " \
               f"stride={self.strides}{_name(self.name)}"


class Fold(Layer):
    """Sums columns [N, C * kh * kw, L] back into x [N, C, H, W] of spatial size
    output_sizes (``paddle.nn.functional.fold``), the adjoint of Unfold.

    Examples:
        >>> import paddle
        >>> fold = paddle.nn.Fold(output_sizes=[3, 3], kernel_sizes=2)
        >>> fold(paddle.ones([1, 4, 4]))[0, 0].tolist()
        [[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]
    """

    def __init__(self, output_sizes, kernel_sizes, dilations=1, paddings=0, strides=1, name=None):
        super().__init__()
        self.output_sizes = output_sizes
        self.kernel_sizes = kernel_sizes
        self.dilations = dilations
        self.paddings = paddings
        self.strides = strides
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.fold(input, self.output_sizes, self.kernel_sizes, self.strides, self.paddings, self.dilations)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, padding={self.paddings}, " \
               f"stride={self.strides}{_name(self.name)}"


class PairwiseDistance(Layer):
    """||x - y + epsilon||_p along the last dim (``paddle.nn.functional.pairwise_distance``).

    Examples:
        >>> import paddle
        >>> dist = paddle.nn.PairwiseDistance(epsilon=0.0)
        >>> dist(paddle.to_tensor([[0.0, 0.0]]), paddle.to_tensor([[3.0, 4.0]])).tolist()
        [5.0]
        >>> dist
        PairwiseDistance(p=2.0, epsilon=0.0)
    """

    def __init__(self, p=2.0, epsilon=1e-6, keepdim=False, name=None):
        super().__init__()
        op = "PairwiseDistance"
        self.p = check.number(op, p, "p")
        self.epsilon = check.number(op, epsilon, "epsilon")
        self.keepdim = check.flag(op, keepdim, "keepdim")
        self.name = name

    def forward(self, x, y):
        return F.pairwise_distance(x, y, self.p, self.epsilon, self.keepdim)

    def extra_repr(self) -> str:
        s = f"p={self.p}"
        if self.epsilon != 1e-6:
            s += f", epsilon={self.epsilon}"
        if self.keepdim:
            s += ", keepdim=True"
        return s + _name(self.name)


class _Upsampling2D(Layer):
    _mode = "nearest"

    def __init__(self, size, scale_factor, data_format, name):
        super().__init__()
        op = type(self).__name__
        if size is not None and scale_factor is not None:
            raise ValueError(f"[{op}] arguments 'size' and 'scale_factor': expected at most one of them, but got "
                             f"{size!r} and {scale_factor!r}")
        if isinstance(size, Tensor):
            size = check.int_list(op, size, "size")
        elif size is not None and not isinstance(size, (list, tuple)):
            size = [check.integer(op, size, "size")] * 2  # as Paddle, one int is both sizes
        self.size = size
        self.scale_factor = scale_factor
        self.data_format = check.choice(op, data_format, ("NCHW", "NHWC"), "data_format")
        self.name = name

    def forward(self, x):
        if self.size is None and self.scale_factor is None:
            raise ValueError(f"[{type(self).__name__}] one of size and scale_factor must be set to resize")
        return F.interpolate(x, self.size, self.scale_factor, mode=self._mode,
                             align_corners=self._mode == "bilinear", data_format=self.data_format)

    def extra_repr(self) -> str:
        what = f"scale_factor={self.scale_factor}" if self.scale_factor is not None else f"size={self.size}"
        return f"{what}, data_format={self.data_format}{_name(self.name)}"


class UpsamplingNearest2D(_Upsampling2D):
    """Resizes x [N, C, H, W] (or NHWC) to `size` or by `scale_factor`, each output pixel
    copying the nearest input pixel.

    Examples:
        >>> import paddle
        >>> up = paddle.nn.UpsamplingNearest2D(scale_factor=2)
        >>> up(paddle.to_tensor([[[[1.0, 2.0]]]])).tolist()
        [[[[1.0, 1.0, 2.0, 2.0], [1.0, 1.0, 2.0, 2.0]]]]
    """

    _mode = "nearest"

    def __init__(self, size=None, scale_factor=None, data_format="NCHW", name=None):
        super().__init__(size, scale_factor, data_format, name)


class UpsamplingBilinear2D(_Upsampling2D):
    """Resizes x [N, C, H, W] (or NHWC) to `size` or by `scale_factor` by bilinear
    interpolation with the corner pixels aligned (align_corners=True).

    Examples:
        >>> import paddle
        >>> up = paddle.nn.UpsamplingBilinear2D(size=[1, 3])
        >>> up(paddle.to_tensor([[[[1.0, 3.0]]]])).tolist()
        [[[[1.0, 2.0, 3.0]]]]
    """

    _mode = "bilinear"

    def __init__(self, size=None, scale_factor=None, data_format="NCHW", name=None):
        super().__init__(size, scale_factor, data_format, name)


class FeatureAlphaDropout(Layer):
    """Channel-wise alpha dropout (``paddle.nn.functional.feature_alpha_dropout``); the
    identity in eval mode.

    Examples:
        >>> import paddle
        >>> drop = paddle.nn.FeatureAlphaDropout(p=0.2)
        >>> x = paddle.ones([2, 3, 4])
        >>> bool((drop.eval()(x) == x).all())
        True
        >>> drop
        FeatureAlphaDropout(p=0.2)
    """

    def __init__(self, p=0.5, name=None):
        super().__init__()
        self.p = check.number("FeatureAlphaDropout", p, "p")
        if not 0 <= self.p <= 1:
            raise ValueError(f"[FeatureAlphaDropout] argument 'p': expected a number in [0, 1], but got {p}")
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.feature_alpha_dropout(input, self.p, training=self.training)

    def extra_repr(self) -> str:
        return f"p={self.p}{_name(self.name)}"


class ChannelShuffle(Layer):
    """Interleaves `groups` groups of channels (``paddle.nn.functional.channel_shuffle``).

    Examples:
        >>> import paddle
        >>> x = paddle.arange(6, dtype="float32").reshape([1, 6, 1, 1])
        >>> paddle.nn.ChannelShuffle(3)(x).flatten().tolist()
        [0.0, 2.0, 4.0, 1.0, 3.0, 5.0]
    """

    def __init__(self, groups, data_format="NCHW", name=None):
        super().__init__()
        self.groups = check.integer("ChannelShuffle", groups, "groups", min=1)
        self.data_format = check.choice("ChannelShuffle", data_format, ("NCHW", "NHWC"), "data_format")
        self.name = name

    def forward(self, x):
        return F.channel_shuffle(x, self.groups, self.data_format)

    def extra_repr(self) -> str:
        s = f"groups={self.groups}"
        if self.data_format != "NCHW":
            s += f", data_format={self.data_format}"
        return s + _name(self.name)
