"""Common layers: Linear, Bilinear, Identity, Flatten, Unflatten, the dropouts,
padding, resizing, pixel (un)shuffle and CosineSimilarity."""

from __future__ import annotations

import math

from paddle import _checks as check
from paddle._signature import on_device
from paddle.autograd import no_grad
from paddle.framework import get_default_dtype
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer


class Linear(Layer):
    """y = x W + b, with W of shape [in_features, out_features] (Paddle's layout).

    Args:
        in_features (int): the size of each input's last dim.
        out_features (int): the size of each output's last dim.
        weight_attr (ParamAttr|Initializer|str, optional): the weight's attributes; XavierUniform by default.
        bias_attr (ParamAttr|Initializer|str|bool, optional): the bias's attributes; zeros by default,
            False for no bias.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> fc = paddle.nn.Linear(3, 2, bias_attr=False)
        >>> fc.weight.shape, fc.bias
        (paddle.Size([3, 2]), None)
        >>> x = paddle.ones([4, 3])
        >>> bool(paddle.allclose(fc(x), x @ fc.weight))
        True
    """

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        in_features = check.integer("Linear", in_features, "in_features", min=1)
        out_features = check.integer("Linear", out_features, "out_features", min=1)
        self._dtype = get_default_dtype()
        self.weight = self.create_parameter([in_features, out_features], attr=weight_attr, is_bias=False)
        self.bias = self.create_parameter([out_features], attr=bias_attr, is_bias=True)
        self.name = name

    def forward(self, input):
        return F.linear(input, self.weight, self.bias, self.name)

    def extra_repr(self) -> str:
        name = f", name={self.name}" if self.name else ""
        return f"in_features={self.weight.shape[0]}, out_features={self.weight.shape[1]}, dtype={self._dtype}{name}"


class Identity(Layer):
    """Returns its input unchanged; any constructor arguments are ignored.

    Examples:
        >>> import paddle
        >>> x = paddle.ones([2])
        >>> paddle.nn.Identity(54, unused="argument")(x) is x
        True
    """

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Flatten(Layer):
    """Flattens the dims from `start_axis` to `stop_axis` into one.

    Args:
        start_axis (int, optional): the first dim to flatten. Default 1.
        stop_axis (int, optional): the last dim to flatten. Default -1.

    Examples:
        >>> import paddle
        >>> paddle.nn.Flatten()(paddle.ones([2, 3, 4])).shape
        paddle.Size([2, 12])
    """

    def __init__(self, start_axis=1, stop_axis=-1):
        super().__init__()
        self.start_axis = check.integer("Flatten", start_axis, "start_axis")
        self.stop_axis = check.integer("Flatten", stop_axis, "stop_axis")

    def forward(self, input):
        from paddle import flatten

        return flatten(input, start_axis=self.start_axis, stop_axis=self.stop_axis)



class Dropout(Layer):
    """Zeroes each element with probability `p` in training mode; the identity in eval mode.

    Args:
        p (float, optional): the drop probability, in [0, 1]. Default 0.5.
        inplace (bool, optional): write the result into the input and return it. Default False.
        axis (int|list, optional): drop whole slices along these axes (one mask value per slice).
        mode (str, optional): 'upscale_in_train' (scale kept values by 1/(1-p) when training) or
            'downscale_in_infer' (scale by 1-p in eval instead). Default 'upscale_in_train'.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> drop = paddle.nn.Dropout(0.5)
        >>> x = paddle.ones([1000])
        >>> values = set(drop(x).numpy().tolist())
        >>> values <= {0.0, 2.0}
        True
        >>> bool((drop.eval()(x) == x).all())
        True
    """

    # Paddle 3.3 puts inplace second, before axis: Dropout(0.5, [1]) no longer means axis=[1] (refused here).
    def __init__(self, p=0.5, inplace=False, axis=None, mode="upscale_in_train", name=None):
        super().__init__()
        p = check.number("Dropout", p, "p")
        if not 0 <= p <= 1:
            raise ValueError(f"[Dropout] argument 'p': expected a number in [0, 1], but got {p}")
        self.p = p
        self.inplace = check.flag("Dropout", inplace, "inplace")
        self.axis = axis
        self.mode = check.choice("Dropout", mode, ("upscale_in_train", "downscale_in_infer"), "mode")
        self.name = name

    def forward(self, input):
        return F.dropout(input, p=self.p, axis=self.axis, training=self.training, inplace=self.inplace, mode=self.mode,
                         name=self.name)

    def extra_repr(self) -> str:
        name = f", name={self.name}" if self.name else ""
        return f"p={self.p}, axis={self.axis}, mode={self.mode}{name}, inplace={self.inplace}"


def _drop_p(op: str, p) -> float:
    p = check.number(op, p, "p")
    if not 0 <= p <= 1:
        raise ValueError(f"[{op}] argument 'p': expected a number in [0, 1], but got {p}")
    return p


class _ChannelDropout(Layer):
    """Zeroes whole channels with probability `p` in training (kept ones scaled by 1/(1-p))."""

    _fn = ""
    _formats: tuple = ()

    def __init__(self, p=0.5, data_format=None, name=None):
        super().__init__()
        op = type(self).__name__
        self.p = _drop_p(op, p)
        self.data_format = check.choice(op, data_format or self._formats[0], self._formats, "data_format")
        self.name = name

    def forward(self, input):
        return getattr(F, self._fn)(input, p=self.p, training=self.training, data_format=self.data_format)

    def extra_repr(self) -> str:
        name = f", name={self.name}" if self.name else ""
        return f"p={self.p}, data_format={self.data_format}{name}"


class Dropout2D(_ChannelDropout):
    """Zeroes whole channels of x [N, C, H, W] (or NHWC) with probability `p` in training.

    Examples:
        >>> import paddle
        >>> y = paddle.nn.Dropout2D(0.5)(paddle.ones([2, 8, 3, 3]))
        >>> sorted(set(y.numpy().reshape([16, 9]).std(axis=1).tolist()))
        [0.0]
    """

    _fn, _formats = "dropout2d", ("NCHW", "NHWC")

    def __init__(self, p=0.5, data_format="NCHW", name=None):
        super().__init__(p, data_format, name)


class Dropout3D(_ChannelDropout):
    """Zeroes whole channels of x [N, C, D, H, W] (or NDHWC) with probability `p` in training."""

    _fn, _formats = "dropout3d", ("NCDHW", "NDHWC")

    def __init__(self, p=0.5, data_format="NCDHW", name=None):
        super().__init__(p, data_format, name)


class AlphaDropout(Layer):
    """Dropout for SELU networks (see ``paddle.nn.functional.alpha_dropout``); the identity in eval.

    Examples:
        >>> import paddle
        >>> drop = paddle.nn.AlphaDropout(0.2)
        >>> x = paddle.ones([3])
        >>> drop.eval()(x) is x
        True
    """

    def __init__(self, p=0.5, name=None):
        super().__init__()
        self.p = _drop_p("AlphaDropout", p)
        self.name = name

    def forward(self, input):
        return F.alpha_dropout(input, p=self.p, training=self.training)

    def extra_repr(self) -> str:
        name = f", name={self.name}" if self.name else ""
        return f"p={self.p}{name}"


class Unflatten(Layer):
    """Splits dim `axis` into `shape` (whose product is that dim; one entry may be -1).

    Examples:
        >>> import paddle
        >>> paddle.nn.Unflatten(1, [2, 3])(paddle.ones([4, 6, 5])).shape
        paddle.Size([4, 2, 3, 5])
    """

    def __init__(self, axis, shape, name=None):
        super().__init__()
        self.axis = check.integer("Unflatten", axis, "axis")
        self.shape = check.int_list("Unflatten", shape, "shape")
        if not self.shape or sum(d == -1 for d in self.shape) > 1 or any(d == 0 or d < -1 for d in self.shape):
            raise ValueError(f"[Unflatten] argument 'shape': expected positive sizes with at most one -1, but got "
                             f"{shape}")
        self.name = name

    def forward(self, input):
        axis = check.axis("Unflatten", self.axis, len(input.shape))
        dims = list(input.shape)
        known = math.prod(d for d in self.shape if d != -1)
        if (-1 in self.shape and dims[axis] % known) or (-1 not in self.shape and known != dims[axis]):
            raise ValueError(f"[Unflatten] shape {list(self.shape)} does not fill dim {axis} of size {dims[axis]}")
        return input.reshape(dims[:axis] + self.shape + dims[axis + 1:])

    def extra_repr(self) -> str:
        return f"axis={self.axis}, shape={list(self.shape)}"


class Upsample(Layer):
    """Resizes the spatial dims of x to `size` or by `scale_factor` (``paddle.nn.functional.interpolate``).

    Args:
        size (int|list[int], optional): the output spatial size.
        scale_factor (float|list[float], optional): the scale per spatial dim.
        mode (str, optional): 'nearest', 'linear', 'bilinear', 'trilinear', 'bicubic' or 'area'.
        align_corners (bool, optional), align_mode (int, optional): as interpolate.
        data_format (str, optional): the layout; channels second by the input's rank when None.
        recompute_scale_factor (bool, optional): with scale_factor, interpolate as the output size
            implies rather than by the factor itself (as interpolate).

    Examples:
        >>> import paddle
        >>> paddle.nn.Upsample(scale_factor=2)(paddle.ones([1, 1, 2, 3])).shape
        paddle.Size([1, 1, 4, 6])
    """

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
                 data_format=None, recompute_scale_factor=None, name=None):
        super().__init__()
        if (size is None) == (scale_factor is None):
            raise ValueError("[Upsample] arguments 'size' and 'scale_factor': expected exactly one of them, but got "
                             f"{size!r} and {scale_factor!r}")
        self.size = size
        self.scale_factor = scale_factor
        self.mode = check.choice("Upsample", str(mode).lower() if isinstance(mode, str) else mode,
                                 ("nearest", "linear", "bilinear", "trilinear", "bicubic", "area"), "mode")
        self.align_corners = check.flag("Upsample", align_corners, "align_corners")
        self.align_mode = check.integer("Upsample", align_mode, "align_mode")
        self.data_format = data_format
        self.recompute_scale_factor = recompute_scale_factor
        self.name = name

    def forward(self, x):
        return F.interpolate(x, self.size, self.scale_factor, self.mode, self.align_corners, self.align_mode,
                             self.data_format, self.recompute_scale_factor)

    def extra_repr(self) -> str:
        what = f"scale_factor={self.scale_factor}" if self.scale_factor is not None else f"size={self.size}"
        name = f", name={self.name}" if self.name else ""
        return f"{what}, mode={self.mode}, align_corners={self.align_corners}, align_mode={self.align_mode}, " \
               f"data_format={self.data_format}{name}"


class PixelShuffle(Layer):
    """[N, C*r*r, H, W] -> [N, C, H*r, W*r] (``paddle.nn.functional.pixel_shuffle``).

    Examples:
        >>> import paddle
        >>> paddle.nn.PixelShuffle(2)(paddle.ones([1, 8, 3, 3])).shape
        paddle.Size([1, 2, 6, 6])
    """

    def __init__(self, upscale_factor, data_format="NCHW", name=None):
        super().__init__()
        self._factor = check.integer("PixelShuffle", upscale_factor, "upscale_factor", min=1)
        self._data_format = check.choice("PixelShuffle", data_format, ("NCHW", "NHWC"), "data_format")
        self._name = name

    def forward(self, x):
        return F.pixel_shuffle(x, self._factor, self._data_format)

    def extra_repr(self) -> str:
        s = f"upscale_factor={self._factor}"
        return s + (f", data_format={self._data_format}" if self._data_format != "NCHW" else "")


class PixelUnshuffle(Layer):
    """[N, C, H*r, W*r] -> [N, C*r*r, H, W], the inverse of PixelShuffle.

    Examples:
        >>> import paddle
        >>> paddle.nn.PixelUnshuffle(2)(paddle.ones([1, 2, 6, 6])).shape
        paddle.Size([1, 8, 3, 3])
    """

    def __init__(self, downscale_factor, data_format="NCHW", name=None):
        super().__init__()
        self._factor = check.integer("PixelUnshuffle", downscale_factor, "downscale_factor", min=1)
        self._data_format = check.choice("PixelUnshuffle", data_format, ("NCHW", "NHWC"), "data_format")
        self._name = name

    def forward(self, x):
        return F.pixel_unshuffle(x, self._factor, self._data_format)

    def extra_repr(self) -> str:
        s = f"downscale_factor={self._factor}"
        return s + (f", data_format={self._data_format}" if self._data_format != "NCHW" else "")


class _PadNd(Layer):
    """Pads the spatial dims: `padding` is an int (every side) or [left, right, top, bottom, front, back]
    for the spatial dims from the last, as ``paddle.nn.functional.pad``."""

    _nd = 2
    _formats: tuple = ()

    def __init__(self, padding, mode="constant", value=0.0, data_format=None, name=None):
        super().__init__()
        op = type(self).__name__
        pads = check.int_list(op, padding, "padding", allow_int=True)
        if len(pads) == 1 and not isinstance(padding, (list, tuple)):
            pads = pads * (2 * self._nd)
        if len(pads) != 2 * self._nd:
            raise ValueError(f"[{op}] argument 'padding': expected an int or {2 * self._nd} ints, but got {padding}")
        self._pad = pads
        self._mode = check.choice(op, mode, ("constant", "reflect", "replicate", "circular"), "mode")
        self._value = check.number(op, value, "value")  # as given: the repr shows an int as an int
        self._data_format = check.choice(op, data_format or self._formats[0], self._formats, "data_format")
        self._name = name

    def forward(self, x):
        return F.pad(x, self._pad, mode=self._mode, value=self._value, data_format=self._data_format)

    def extra_repr(self) -> str:
        name = f", name={self._name}" if self._name else ""
        return f"padding={self._pad}, mode={self._mode}, value={self._value}, data_format={self._data_format}{name}"


class Pad1D(_PadNd):
    """Pads x [N, C, L] by padding = int or [left, right].

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[[1.0, 2.0]]])
        >>> paddle.nn.Pad1D([1, 2], mode="replicate")(x).numpy().tolist()
        [[[1.0, 1.0, 2.0, 2.0, 2.0]]]
    """

    _nd, _formats = 1, ("NCL", "NLC")

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCL", name=None):
        super().__init__(padding, mode, value, data_format, name)


class Pad2D(_PadNd):
    """Pads x [N, C, H, W] by padding = int or [left, right, top, bottom].

    Examples:
        >>> import paddle
        >>> paddle.nn.Pad2D(1)(paddle.ones([1, 1, 2, 2])).shape
        paddle.Size([1, 1, 4, 4])
    """

    _nd, _formats = 2, ("NCHW", "NHWC")

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCHW", name=None):
        super().__init__(padding, mode, value, data_format, name)


class Pad3D(_PadNd):
    """Pads x [N, C, D, H, W] by padding = int or [left, right, top, bottom, front, back]."""

    _nd, _formats = 3, ("NCDHW", "NDHWC")

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCDHW", name=None):
        super().__init__(padding, mode, value, data_format, name)


class ZeroPad2D(_PadNd):
    """Pads x [N, C, H, W] with zeros by padding = int or [left, right, top, bottom].

    Examples:
        >>> import paddle
        >>> paddle.nn.ZeroPad2D([1, 0, 0, 2])(paddle.ones([1, 1, 2, 2])).shape
        paddle.Size([1, 1, 4, 3])
    """

    _nd, _formats = 2, ("NCHW", "NHWC")

    def __init__(self, padding, data_format="NCHW", name=None):
        super().__init__(padding, "constant", 0.0, data_format, name)


class Bilinear(Layer):
    """out[n, o] = x1[n] @ weight[o] @ x2[n] + bias[0, o], weight [out_features, in1_features, in2_features]
    and bias [1, out_features] (Paddle's shapes).

    Examples:
        >>> import paddle
        >>> layer = paddle.nn.Bilinear(3, 4, 2)
        >>> layer.weight.shape, layer.bias.shape
        (paddle.Size([2, 3, 4]), paddle.Size([1, 2]))
        >>> layer(paddle.ones([5, 3]), paddle.ones([5, 4])).shape
        paddle.Size([5, 2])
    """

    def __init__(self, in1_features, in2_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        self._in1 = check.integer("Bilinear", in1_features, "in1_features", min=1)
        self._in2 = check.integer("Bilinear", in2_features, "in2_features", min=1)
        self._out = check.integer("Bilinear", out_features, "out_features", min=1)
        self._name = name
        self._dtype = get_default_dtype()
        self.weight = self.create_parameter([self._out, self._in1, self._in2], attr=weight_attr)
        self.bias = self.create_parameter([1, self._out], attr=bias_attr, is_bias=True)

    def forward(self, x1, x2):
        return F.bilinear(x1, x2, self.weight, self.bias)

    def extra_repr(self) -> str:
        name = f", name={self._name}" if self._name else ""
        return f"in1_features={self._in1}, in2_features={self._in2}, out_features={self._out}, " \
               f"dtype={self._dtype}{name}"


class CosineSimilarity(Layer):
    """The cosine similarity of x1 and x2 along `axis` (``paddle.nn.functional.cosine_similarity``).

    Examples:
        >>> import paddle
        >>> x1 = paddle.to_tensor([[1.0, 0.0], [1.0, 1.0]])
        >>> x2 = paddle.to_tensor([[0.0, 1.0], [2.0, 2.0]])
        >>> [round(v, 4) for v in paddle.nn.CosineSimilarity()(x1, x2).numpy().tolist()]
        [0.0, 1.0]
    """

    def __init__(self, axis=1, eps=1e-8):
        super().__init__()
        self._axis = check.integer("CosineSimilarity", axis, "axis")
        self._eps = float(check.number("CosineSimilarity", eps, "eps"))

    def forward(self, x1, x2):
        return F.cosine_similarity(x1, x2, axis=self._axis, eps=self._eps)

    def extra_repr(self) -> str:
        return f"axis={self._axis}, eps={self._eps}"


class Embedding(Layer):
    """A lookup table: row i of ``weight`` [num_embeddings, embedding_dim] for each index i.

    Args:
        num_embeddings (int): the table's rows.
        embedding_dim (int): each row's size.
        padding_idx (int, optional): a row (negative counts from the end) that starts at zeros, looks up
            zeros and gets no gradient.
        max_norm (float, optional): rows looked up are first scaled, in place, to this norm at most
            (see ``F.embedding``).
        norm_type (float, optional): the p of that p-norm. Default 2.0.
        scale_grad_by_freq (bool, optional, keyword only): divide each row's gradient by how often a
            batch looks it up. Default False.
        sparse (bool, optional, keyword only): accepted for Paddle compatibility (gradients are dense here).
        _weight (Tensor, optional, keyword only): the initial table (its values and dtype), instead of
            weight_attr's initializer.
        _freeze (bool, optional, keyword only): a table that is not trained (stop_gradient, not trainable).
        device (str|Place, optional, keyword only): where to make the table.
        dtype (str|paddle.dtype, optional, keyword only): its dtype; the global default when None.
        weight_attr (ParamAttr, optional, keyword only): the weight's attributes; XavierUniform by default.
        name (str, optional, keyword only): shown in the repr.

    Examples:
        >>> import paddle
        >>> emb = paddle.nn.Embedding(10, 3, padding_idx=0)
        >>> emb.weight.shape
        paddle.Size([10, 3])
        >>> out = emb(paddle.to_tensor([[0, 2], [5, 0]]))
        >>> out.shape, out[0, 0].numpy().tolist()
        (paddle.Size([2, 2, 3]), [0.0, 0.0, 0.0])
    """

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0, *,
                 scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, device=None, dtype=None,
                 weight_attr=None, name=None):
        super().__init__()
        op = "Embedding"
        self._num_embeddings = check.integer(op, num_embeddings, "num_embeddings", min=1)
        self._embedding_dim = check.integer(op, embedding_dim, "embedding_dim", min=1)
        if padding_idx is not None:
            padding_idx = check.integer(op, padding_idx, "padding_idx")
            if not -self._num_embeddings <= padding_idx < self._num_embeddings:
                raise ValueError(f"[Embedding] argument 'padding_idx': expected an int in "
                                 f"[{-self._num_embeddings}, {self._num_embeddings}), but got {padding_idx}")
            padding_idx %= self._num_embeddings
        self._padding_idx = padding_idx
        self._max_norm = None if max_norm is None else check.number(op, max_norm, "max_norm")
        self._norm_type = check.number(op, norm_type, "norm_type")
        self._scale_grad_by_freq = check.flag(op, scale_grad_by_freq, "scale_grad_by_freq")
        self._sparse = check.flag(op, sparse, "sparse")
        self._name = name
        self._dtype = get_default_dtype() if dtype is None else dtype
        on_device(op, device, lambda: self._create_weight(_weight, weight_attr))
        if check.flag(op, _freeze, "_freeze"):
            self.weight.stop_gradient = True
            self.weight.trainable = False

    def _create_weight(self, initial, weight_attr) -> None:
        shape = [self._num_embeddings, self._embedding_dim]
        if initial is None:
            self.weight = self.create_parameter(shape, attr=weight_attr)
        else:
            check.tensor("Embedding", initial, "_weight")
            if list(initial.shape) != shape:
                raise ValueError(f"[Embedding] argument '_weight': expected shape {shape} (num_embeddings, "
                                 f"embedding_dim), but got {list(initial.shape)}")
            # a parameter of its own (Paddle keeps the tensor itself, which then is no parameter of the layer)
            self.weight = self.create_parameter(shape, attr=weight_attr, dtype=initial.dtype)
            self.weight.set_value(initial)
        if self._padding_idx is not None:  # the padding row starts at zeros, as in Paddle
            with no_grad():
                self.weight[self._padding_idx] = 0

    def forward(self, x):
        return F.embedding(x, self.weight, padding_idx=self._padding_idx, max_norm=self._max_norm,
                           norm_type=self._norm_type, sparse=self._sparse,
                           scale_grad_by_freq=self._scale_grad_by_freq)

    def extra_repr(self) -> str:
        s = f"{self._num_embeddings}, {self._embedding_dim}"
        if self._padding_idx is not None:
            s += f", padding_idx={self._padding_idx}"
        s += f", sparse={self._sparse}, scale_grad_by_freq={self._scale_grad_by_freq}"  # always, as Paddle
        return s + (f", name={self._name}" if self._name else "")
