"""Batch normalization of sparse COO tensors [N, *spatial, C]: the stored values
[nnz, C] are normalized per channel, the statistics taken over the stored
sites only (the implicit zeros take no part)."""

from __future__ import annotations

import paddle
from paddle.nn import functional as dense_F
from paddle.sparse import _arguments as arg


def _normalize_values(layer, x):
    """`layer`'s batch norm applied to the [nnz, C] values of the COO tensor x."""
    op = type(layer).__name__
    arg.sparse(op, x, "input", formats=("coo",))
    if x.dense_dim() != 1 or x.shape[-1] != layer._num_features:
        raise ValueError(f"[{op}] argument 'input': expected a COO tensor whose only dense dim is the "
                         f"{layer._num_features} channels, but got shape {list(x.shape)} with sparse_dim "
                         f"{x.sparse_dim()}")
    values = dense_F.batch_norm(x.values(), layer._mean, layer._variance, layer.weight, layer.bias,
                                training=layer.training, momentum=layer._momentum, epsilon=layer._epsilon,
                                data_format="NC", use_global_stats=layer._use_global_stats)
    return x._with_values(values)


class BatchNorm(paddle.nn.BatchNorm1D):
    """Batch normalization of a sparse COO tensor [N, D, H, W, C] (or [N, H, W, C])
    over its stored values, per channel: in training by the batch's statistics
    (updating the running ones), in eval by the running ones.

    Args:
        num_features (int): the channels C.
        momentum (float, optional): the running statistics' decay. Default 0.9.
        epsilon (float, optional): added to the variance. Default 1e-05.
        weight_attr (ParamAttr|bool, optional): the scale (ones); False for none.
        bias_attr (ParamAttr|bool, optional): the shift (zeros); False for none.
        data_format (str, optional): 'NDHWC' or 'NHWC' (channels last). Default 'NDHWC'.
        use_global_stats (bool, optional): use the running statistics in training too (True) or the
            batch's in eval too (False); by mode when None.
        name (str, optional): shown in the repr.

    Examples:
        >>> import paddle
        >>> bn = paddle.sparse.nn.BatchNorm(2)
        >>> x = paddle.to_tensor([[[1.0, 2.0], [0.0, 0.0]], [[3.0, 6.0], [0.0, 0.0]]]).to_sparse_coo(2)
        >>> bn(x).values().numpy().round(3).tolist()
        [[-1.0, -1.0], [1.0, 1.0]]
    """

    _formats = ("NDHWC", "NHWC")

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NDHWC", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, use_global_stats, name)

    def forward(self, input):  # noqa: A002
        return _normalize_values(self, input)


class SyncBatchNorm(paddle.nn.SyncBatchNorm):
    """:class:`BatchNorm` whose statistics are synchronized across devices in
    distributed training; in a single process (the only mode here) it is
    BatchNorm.

    Args:
        num_features (int): the channels C.
        momentum, epsilon, weight_attr, bias_attr: as :class:`BatchNorm`.
        data_format (str, optional): the layout name kept for Paddle's signature; the channels are
            always the values' last dim. Default 'NCHW'.
        name (str, optional): shown in the repr.
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, name)

    def forward(self, x):
        return _normalize_values(self, x)

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        """Returns `layer` with every sparse BatchNorm in it (itself included) replaced by a
        sparse SyncBatchNorm, and every dense BatchNorm1D/2D/3D by a dense
        paddle.nn.SyncBatchNorm, each sharing the parameters and running statistics.

        Examples:
            >>> import paddle
            >>> net = paddle.nn.Sequential(paddle.sparse.nn.SubmConv3D(3, 4, 3), paddle.sparse.nn.BatchNorm(4))
            >>> net = paddle.sparse.nn.SyncBatchNorm.convert_sync_batchnorm(net)
            >>> type(net[1]).__module__, type(net[1]).__name__
            ('paddle.sparse.nn.layer.norm', 'SyncBatchNorm')
        """
        dense_norms = (paddle.nn.BatchNorm1D, paddle.nn.BatchNorm2D, paddle.nn.BatchNorm3D)
        out = layer
        if isinstance(layer, BatchNorm):
            out = _synchronized(cls, layer)
        elif isinstance(layer, dense_norms):
            out = _synchronized(paddle.nn.SyncBatchNorm, layer)
        for name, sublayer in layer.named_children():
            out.add_sublayer(name, cls.convert_sync_batchnorm(sublayer))
        return out


def _synchronized(sync_class, layer):
    """A `sync_class` layer sharing `layer`'s parameters, running statistics and mode."""
    out = sync_class(layer._num_features, layer._momentum, layer._epsilon,
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
    return out
