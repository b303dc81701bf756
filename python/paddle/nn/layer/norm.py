"""Normalization layers: BatchNorm (1D/2D/3D and the fluid-style BatchNorm),
LayerNorm, GroupNorm, InstanceNorm1D/2D/3D and RMSNorm.

Parameter names are Paddle's: ``weight``/``bias``, the running statistics of
the batch norms as the persistable buffers ``_mean`` and ``_variance``, and
``scale``/``bias`` for the instance norms.
"""

from __future__ import annotations

import math

import paddle
from paddle import _checks as check
from paddle._signature import on_device
from paddle.framework import get_default_dtype
from paddle.nn import functional as F
from paddle.nn.initializer import Constant
from paddle.nn.layer.layers import Layer


def _epsilon(op: str, value, arg: str = "epsilon") -> float:
    value = check.number(op, value, arg)
    if value < 0:
        raise ValueError(f"[{op}] argument '{arg}': expected a number >= 0, but got {value}")
    return float(value)


def _affine_pair(layer: Layer, shape, weight_attr, bias_attr, weight_name: str = "weight", with_weight=True,
                 with_bias=True) -> None:
    """Creates `weight_name` (ones) and ``bias`` (zeros); an attr of False, or with_weight / with_bias False
    (PyTorch-style switches), leaves that one None."""
    weight = layer.create_parameter(shape, attr=weight_attr, default_initializer=Constant(1.0)) if with_weight else None
    setattr(layer, weight_name, weight)
    layer.bias = layer.create_parameter(shape, attr=bias_attr, is_bias=True) if with_bias else None


def _layer_dtype(dtype):
    """A layer's parameter dtype: the global default unless given (Paddle 3.3's dtype=)."""
    return get_default_dtype() if dtype is None else dtype


class _BatchNormBase(Layer):
    """Normalizes each channel by the batch's statistics in training, updating the running ones as
    ``running = momentum * running + (1 - momentum) * batch`` (the batch variance is the biased one,
    as Paddle's kernel computes it), and by the running ones in eval.

    ``_ranks`` lists the input ranks the layer accepts.
    """

    _ranks: tuple = ()
    _formats: tuple = ()

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", use_global_stats=None, name=None):
        super().__init__()
        op = type(self).__name__
        self._num_features = check.integer(op, num_features, "num_features", min=1)
        self._momentum = float(check.number(op, momentum, "momentum"))
        if not 0 <= self._momentum <= 1:
            raise ValueError(f"[{op}] argument 'momentum': expected a number in [0, 1], but got {momentum}")
        self._epsilon = _epsilon(op, epsilon)
        if self._formats:
            data_format = check.choice(op, data_format, self._formats, "data_format")
        self._data_format = data_format
        if use_global_stats is not None:
            use_global_stats = check.flag(op, use_global_stats, "use_global_stats")
        self._use_global_stats = use_global_stats
        self._name = name
        self._dtype = get_default_dtype()
        _affine_pair(self, [self._num_features], weight_attr, bias_attr)
        if paddle.in_dynamic_mode():
            self.register_buffer("_mean", paddle.zeros([self._num_features], self._dtype))
            self.register_buffer("_variance", paddle.ones([self._num_features], self._dtype))
        else:  # program parameters that batch_norm stores back (not trained: buffers, not parameters)
            for name, fill in (("_mean", 0.0), ("_variance", 1.0)):
                self._buffers[name] = self.create_parameter([self._num_features], default_initializer=Constant(fill))

    def _check_input(self, x) -> None:
        check.tensor(type(self).__name__, x, "input")
        if self._ranks and len(x.shape) not in self._ranks:
            ranks = " or ".join(f"{r}-D" for r in self._ranks)
            raise ValueError(f"[{type(self).__name__}] expected a {ranks} input, but got shape {list(x.shape)}")

    def forward(self, input):
        self._check_input(input)
        return F.batch_norm(input, self._mean, self._variance, self.weight, self.bias, training=self.training,
                            momentum=self._momentum, epsilon=self._epsilon, data_format=self._data_format,
                            use_global_stats=self._use_global_stats)

    def extra_repr(self) -> str:
        s = f"num_features={self._num_features}, momentum={self._momentum}, epsilon={self._epsilon}"
        if self._data_format != "NCHW":
            s += f", data_format={self._data_format}"
        if self._name:
            s += f", name={self._name}"
        return s


class BatchNorm1D(_BatchNormBase):
    """Batch normalization of x [N, C] or [N, C, L] (or [N, L, C] with data_format='NLC').

    Args:
        num_features (int): the channels C.
        momentum (float, optional): the running statistics' decay. Default 0.9.
        epsilon (float, optional): added to the variance. Default 1e-05.
        weight_attr, bias_attr (ParamAttr|bool, optional): the scale (ones) and shift (zeros); False for none.
        data_format (str, optional): 'NC', 'NCL' or 'NLC'. Default 'NCL'.
        use_global_stats (bool, optional): use the running statistics in training too (True) or the batch's
            in eval too (False); by mode when None.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> bn = paddle.nn.BatchNorm1D(2)
        >>> list(bn.state_dict().keys())
        ['weight', 'bias', '_mean', '_variance']
        >>> y = bn(paddle.to_tensor([[1.0, 2.0], [3.0, 6.0]]))
        >>> y.numpy().round(3).tolist()
        [[-1.0, -1.0], [1.0, 1.0]]
        >>> [round(v, 3) for v in bn._mean.numpy().tolist()]
        [0.2, 0.4]
    """

    _ranks, _formats = (2, 3), ("NC", "NCL", "NLC")

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCL", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, use_global_stats, name)


class BatchNorm2D(_BatchNormBase):
    """Batch normalization of x [N, C, H, W] (or NHWC); arguments as BatchNorm1D.

    Examples:
        >>> import paddle
        >>> bn = paddle.nn.BatchNorm2D(3)
        >>> bn(paddle.randn([4, 3, 5, 5])).shape
        paddle.Size([4, 3, 5, 5])
        >>> bn
        BatchNorm2D(num_features=3, momentum=0.9, epsilon=1e-05)
    """

    _ranks, _formats = (4,), ("NCHW", "NHWC")

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, use_global_stats, name)


class BatchNorm3D(_BatchNormBase):
    """Batch normalization of x [N, C, D, H, W] (or NDHWC); arguments as BatchNorm1D."""

    _ranks, _formats = (5,), ("NCDHW", "NDHWC")

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCDHW", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, use_global_stats, name)


class BatchNorm(_BatchNormBase):
    """The older batch norm layer: any input rank from 2 to 5, an optional activation, and
    ``is_test`` to always use the running statistics.

    Args:
        num_channels (int): the channels.
        act (str, optional): the name of an activation in paddle.nn.functional applied after.
        is_test (bool, optional): use the running statistics even in training. Default False.
        momentum, epsilon: as BatchNorm1D.
        param_attr, bias_attr (ParamAttr|bool, optional): the scale and shift.
        dtype (str, optional): the parameters' dtype. Default 'float32'.
        data_layout (str, optional): 'NCHW' (channels second) or 'NHWC' (channels last). Default 'NCHW'.
        use_global_stats (bool, optional): as BatchNorm1D. Default False.
        The other arguments are accepted for Paddle compatibility and ignored.

    Examples:
        >>> import paddle
        >>> bn = paddle.nn.BatchNorm(4, act="relu")
        >>> bool((bn(paddle.randn([2, 4, 3])) >= 0).all())
        True
    """

    _ranks = (2, 3, 4, 5)

    def __init__(self, num_channels, act=None, is_test=False, momentum=0.9, epsilon=1e-05, param_attr=None,
                 bias_attr=None, dtype="float32", data_layout="NCHW", in_place=False, moving_mean_name=None,
                 moving_variance_name=None, do_model_average_for_mean_and_var=True, use_global_stats=False,
                 trainable_statistics=False):
        data_layout = check.choice("BatchNorm", data_layout, ("NCHW", "NHWC"), "data_layout")
        # use_global_stats=False here means "as the mode says" (batch statistics in training, running ones
        # in eval), which the base class spells None; False there would force batch statistics in eval too.
        global_stats = True if check.flag("BatchNorm", is_test, "is_test") else (use_global_stats or None)
        super().__init__(num_channels, momentum, epsilon, param_attr, bias_attr, data_layout, global_stats)
        if act is not None and not callable(getattr(F, str(act), None)):
            raise ValueError(f"[BatchNorm] argument 'act': expected the name of a paddle.nn.functional activation, "
                             f"but got {act!r}")
        self._act = act

    def forward(self, input):
        out = super().forward(input)  # 'NCHW' means channels second and 'NHWC' channels last, at any rank
        return getattr(F, self._act)(out) if self._act else out


class SyncBatchNorm(_BatchNormBase):
    """Batch normalization whose statistics are synchronized across devices in distributed training.
    In a single process (the only mode here) it is BatchNorm over inputs of rank 2 to 5.

    Args:
        num_features (int): the channels C.
        momentum, epsilon, weight_attr, bias_attr: as BatchNorm1D.
        data_format (str, optional): 'NCHW' (channels second, any rank) or 'NHWC' (channels last); 'NC',
            'NCL', 'NCDHW', 'NLC' and 'NDHWC' are accepted too. Default 'NCHW'.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> net = paddle.nn.Sequential(paddle.nn.Conv2D(3, 4, 3), paddle.nn.BatchNorm2D(4))
        >>> net = paddle.nn.SyncBatchNorm.convert_sync_batchnorm(net)
        >>> type(net[1]).__name__, list(net[1].state_dict().keys())
        ('SyncBatchNorm', ['weight', 'bias', '_mean', '_variance'])
    """

    _ranks, _formats = (2, 3, 4, 5), ("NCHW", "NHWC", "NC", "NCL", "NLC", "NCDHW", "NDHWC")

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, None, name)

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        """Returns `layer` with every BatchNorm1D/2D/3D in it (itself included) replaced by a SyncBatchNorm
        sharing its parameters and running statistics."""
        out = layer
        if isinstance(layer, (BatchNorm1D, BatchNorm2D, BatchNorm3D)):
            out = cls(layer._num_features, layer._momentum, layer._epsilon,
                      weight_attr=None if layer.weight is not None else False,
                      bias_attr=None if layer.bias is not None else False, data_format=layer._data_format,
                      name=layer._name)
            if layer.weight is not None:
                out.weight = layer.weight
            if layer.bias is not None:
                out.bias = layer.bias
            out._mean = layer._mean
            out._variance = layer._variance
            out.training = layer.training
        for name, sublayer in layer.named_children():
            out.add_sublayer(name, cls.convert_sync_batchnorm(sublayer))
        return out


class LayerNorm(Layer):
    """Normalizes over the last dims (normalized_shape), then scales and shifts elementwise.

    Args:
        normalized_shape (int|list[int]): the normalized trailing dims.
        epsilon (float, optional): added to the variance. Default 1e-05.
        weight_attr, bias_attr (ParamAttr|bool, optional): weight (ones) and bias (zeros) of
            [prod(normalized_shape)]; False for none.
        name (str, optional): shown in the repr.
        elementwise_affine (bool, optional, keyword only): False for neither weight nor bias. Default True.
        bias (bool, optional, keyword only): False for no bias. Default True.
        device (str|Place, optional, keyword only): where to make the parameters.
        dtype (str|paddle.dtype, optional, keyword only): their dtype; the global default when None.

    Examples:
        >>> import paddle
        >>> ln = paddle.nn.LayerNorm([2, 3])
        >>> ln.weight.shape, ln(paddle.randn([4, 2, 3])).shape
        (paddle.Size([6]), paddle.Size([4, 2, 3]))
    """

    def __init__(self, normalized_shape, epsilon=1e-05, weight_attr=None, bias_attr=None, name=None, *,
                 elementwise_affine=True, bias=True, device=None, dtype=None):
        super().__init__()
        op = "LayerNorm"
        shape = check.int_list(op, normalized_shape, "normalized_shape", allow_int=True)
        if not shape or min(shape) < 1:
            raise ValueError(f"[LayerNorm] argument 'normalized_shape': expected ints >= 1, but got "
                             f"{normalized_shape}")
        self._normalized_shape = shape
        self._epsilon = _epsilon(op, epsilon)
        self._name = name
        self._dtype = _layer_dtype(dtype)
        affine = check.flag(op, elementwise_affine, "elementwise_affine")
        with_bias = affine and check.flag(op, bias, "bias")
        on_device(op, device, lambda: _affine_pair(self, [math.prod(shape)], weight_attr, bias_attr,
                                                   with_weight=affine, with_bias=with_bias))

    def forward(self, input):
        return F.layer_norm(input, self._normalized_shape, self.weight, self.bias, self._epsilon)

    def extra_repr(self) -> str:
        return f"normalized_shape={self._normalized_shape}, epsilon={self._epsilon}"


class RMSNorm(Layer):
    """x / sqrt(mean(x^2) + epsilon) over the last dims (normalized_shape), times a weight (ones).

    Examples:
        >>> import paddle
        >>> norm = paddle.nn.RMSNorm(4)
        >>> y = norm(paddle.full([2, 4], 3.0))
        >>> [round(v, 3) for v in y.numpy()[0].tolist()]
        [1.0, 1.0, 1.0, 1.0]
    """

    def __init__(self, normalized_shape, epsilon=1e-05, weight_attr=None, name=None):
        super().__init__()
        shape = check.int_list("RMSNorm", normalized_shape, "normalized_shape", allow_int=True)
        if not shape or min(shape) < 1:
            raise ValueError(f"[RMSNorm] argument 'normalized_shape': expected ints >= 1, but got {normalized_shape}")
        self._normalized_shape = shape
        self._epsilon = _epsilon("RMSNorm", epsilon)
        self._dtype = get_default_dtype()
        self.weight = self.create_parameter(shape, attr=weight_attr, default_initializer=Constant(1.0))

    def forward(self, x):
        return F.rms_norm(x, self._normalized_shape, self.weight, self._epsilon)

    def extra_repr(self) -> str:
        return f"normalized_shape={self._normalized_shape}, epsilon={self._epsilon}"


class GroupNorm(Layer):
    """Normalizes each group of channels per sample, then scales and shifts per channel.

    Args:
        num_groups (int): the groups; must divide num_channels.
        num_channels (int): the channels.
        epsilon (float, optional): Default 1e-05.
        weight_attr, bias_attr (ParamAttr|bool, optional): weight (ones) and bias (zeros) of [num_channels].
        data_format (str, optional): 'NCHW' (channels second, any rank) or 'NHWC'. Default 'NCHW'.
        name (str, optional): shown in the repr.
        affine (bool, optional, keyword only): False for neither weight nor bias. Default True.
        device (str|Place, optional, keyword only): where to make the parameters.
        dtype (str|paddle.dtype, optional, keyword only): their dtype; the global default when None.

    Examples:
        >>> import paddle
        >>> gn = paddle.nn.GroupNorm(2, 4)
        >>> gn(paddle.randn([3, 4, 5])).shape
        paddle.Size([3, 4, 5])
    """

    def __init__(self, num_groups, num_channels, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", name=None, *, affine=True, device=None, dtype=None):
        super().__init__()
        self._num_groups = check.integer("GroupNorm", num_groups, "num_groups", min=1)
        self._num_channels = check.integer("GroupNorm", num_channels, "num_channels", min=1)
        if self._num_channels % self._num_groups:
            raise ValueError(f"[GroupNorm] argument 'num_groups': expected a divisor of num_channels "
                             f"({self._num_channels}), but got {num_groups}")
        self._epsilon = _epsilon("GroupNorm", epsilon)
        self._data_format = check.choice("GroupNorm", data_format, ("NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"),
                                         "data_format")
        self._dtype = _layer_dtype(dtype)
        affine = check.flag("GroupNorm", affine, "affine")
        on_device("GroupNorm", device, lambda: _affine_pair(self, [self._num_channels], weight_attr, bias_attr,
                                                            with_weight=affine, with_bias=affine))

    def forward(self, input):
        return F.group_norm(input, self._num_groups, self._epsilon, self.weight, self.bias, self._data_format)

    def extra_repr(self) -> str:
        return f"num_groups={self._num_groups}, num_channels={self._num_channels}, epsilon={self._epsilon}"


class _InstanceNormBase(Layer):
    """Normalizes each channel of each sample by its own statistics, then applies ``scale`` (ones)
    and ``bias`` (zeros); weight_attr and bias_attr are False together for neither."""

    _ranks: tuple = ()
    _formats: tuple = ()

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None, bias_attr=None,
                 data_format=None, name=None):
        super().__init__()
        op = type(self).__name__
        self._num_features = check.integer(op, num_features, "num_features", min=1)
        self._epsilon = _epsilon(op, epsilon)
        self._momentum = float(check.number(op, momentum, "momentum"))
        self._data_format = check.choice(op, data_format, self._formats, "data_format")
        if (weight_attr is False) != (bias_attr is False):
            raise ValueError(f"[{op}] arguments 'weight_attr' and 'bias_attr': expected both False or neither, "
                             f"but got {weight_attr!r} and {bias_attr!r}")
        self._dtype = get_default_dtype()
        _affine_pair(self, [self._num_features], weight_attr, bias_attr, weight_name="scale")

    def forward(self, input):
        check.tensor(type(self).__name__, input, "input")
        if len(input.shape) not in self._ranks:
            ranks = " or ".join(f"{r}-D" for r in self._ranks)
            raise ValueError(f"[{type(self).__name__}] expected a {ranks} input, but got shape {list(input.shape)}")
        return F.instance_norm(input, weight=self.scale, bias=self.bias, eps=self._epsilon,
                               data_format=self._data_format)

    def extra_repr(self) -> str:
        return f"num_features={self._num_features}, epsilon={self._epsilon}"


class InstanceNorm1D(_InstanceNormBase):
    """Instance normalization of x [N, C, L] (or [N, C]); see InstanceNorm2D.

    Examples:
        >>> import paddle
        >>> paddle.nn.InstanceNorm1D(3)(paddle.randn([2, 3, 6])).shape
        paddle.Size([2, 3, 6])
    """

    _ranks, _formats = (2, 3), ("NCL", "NLC")

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None, bias_attr=None,
                 data_format="NCL", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format, name)


class InstanceNorm2D(_InstanceNormBase):
    """Instance normalization of x [N, C, H, W] (or NHWC).

    Args:
        num_features (int): the channels.
        epsilon (float, optional): Default 1e-05.
        momentum (float, optional): accepted for Paddle compatibility (no running statistics are kept).
        weight_attr, bias_attr (ParamAttr|bool, optional): ``scale`` (ones) and ``bias`` (zeros).
        data_format (str, optional): Default 'NCHW'.

    Examples:
        >>> import paddle
        >>> norm = paddle.nn.InstanceNorm2D(2)
        >>> list(norm.state_dict().keys())
        ['scale', 'bias']
    """

    _ranks, _formats = (4,), ("NCHW", "NHWC")

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None, bias_attr=None,
                 data_format="NCHW", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format, name)


class InstanceNorm3D(_InstanceNormBase):
    """Instance normalization of x [N, C, D, H, W] (or NDHWC); see InstanceNorm2D."""

    _ranks, _formats = (5,), ("NCDHW", "NDHWC")

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None, bias_attr=None,
                 data_format="NCDHW", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format, name)
