"""Spectral normalization: a weight divided by its largest singular value, estimated by power iteration
in a forward pre-hook."""

from __future__ import annotations

import paddle
import paddle.nn.functional as F
from paddle import _checks as check
from paddle.nn.utils._params import hooked_parameter


def _as_matrix(weight, dim: int):
    """The weight with axis `dim` moved first, as a [shape[dim], -1] matrix."""
    if dim != 0:
        weight = weight.transpose([dim] + [a for a in range(len(weight.shape)) if a != dim])
    return weight.reshape([weight.shape[0], -1])


class SpectralNorm:
    """The forward pre-hook: ``layer.<name> = <name>_orig / sigma`` with ``sigma = u^T W v``; in training
    `n_power_iterations` steps refine the buffers u and v first."""

    def __init__(self, name: str, n_power_iterations: int, dim: int, eps: float):
        self.name = name
        self.n_power_iterations = n_power_iterations
        self.dim = dim
        self.eps = eps

    def compute_weight(self, layer, do_power_iteration: bool):
        weight = getattr(layer, self.name + "_orig")
        u = getattr(layer, self.name + "_u")
        v = getattr(layer, self.name + "_v")
        mat = _as_matrix(weight, self.dim)
        if do_power_iteration:
            with paddle.no_grad():
                for _ in range(self.n_power_iterations):
                    v[...] = F.normalize(paddle.matmul(mat.t(), u), axis=0, epsilon=self.eps)
                    u[...] = F.normalize(paddle.matmul(mat, v), axis=0, epsilon=self.eps)
        sigma = paddle.sum(u.detach() * paddle.matmul(mat, v.detach()))
        return weight / sigma

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer, do_power_iteration=layer.training))


def spectral_norm(layer, name: str = "weight", n_power_iterations: int = 1, eps: float = 1e-12,
                  dim: int | None = None):
    """Divides the parameter `name` of `layer` by its spectral norm (largest singular value) before each call.

    The parameter becomes ``<name>_orig``; persistable buffers ``<name>_u`` and ``<name>_v`` hold the
    power-iteration vectors (updated only in training), and ``layer.<name>`` is recomputed by a forward
    pre-hook. The weight is viewed as a matrix with axis `dim` as rows.

    Args:
        layer (Layer): the layer.
        name (str, optional): the parameter's name. Default 'weight'.
        n_power_iterations (int, optional): power-iteration steps per call in training. Default 1.
        eps (float, optional): the epsilon of the normalizations. Default 1e-12.
        dim (int|None, optional): the output axis; None means 1 for Linear (weight [in, out]) and the
            transposed convolutions, 0 otherwise.

    Returns:
        Layer: `layer`, with the hook.

    Examples:
        >>> import paddle
        >>> from paddle.nn.utils import spectral_norm
        >>> fc = spectral_norm(paddle.nn.Linear(4, 3))
        >>> fc.weight_orig.shape, fc.weight_u.shape, fc.weight_v.shape
        (paddle.Size([4, 3]), paddle.Size([3]), paddle.Size([4]))
    """
    op = "spectral_norm"
    weight = hooked_parameter(op, layer, name, SpectralNorm)
    n_power_iterations = check.integer(op, n_power_iterations, "n_power_iterations", min=1)
    eps = float(check.number(op, eps, "eps"))
    if dim is None:
        out_axis_1 = tuple(getattr(paddle.nn, c) for c in ("Linear", "Conv1DTranspose", "Conv2DTranspose",
                                                            "Conv3DTranspose") if hasattr(paddle.nn, c))
        dim = 1 if isinstance(layer, out_axis_1) else 0
    dim = check.axis(op, dim, len(weight.shape), "dim")
    fn = SpectralNorm(name, n_power_iterations, dim, eps)
    with paddle.no_grad():
        h, w = _as_matrix(weight, dim).shape
        u = F.normalize(paddle.normal(0.0, 1.0, [h]).astype(weight.dtype), axis=0, epsilon=eps)
        v = F.normalize(paddle.normal(0.0, 1.0, [w]).astype(weight.dtype), axis=0, epsilon=eps)
    del layer._parameters[name]
    layer.add_parameter(name + "_orig", weight)
    layer.register_buffer(name + "_u", u)
    layer.register_buffer(name + "_v", v)
    setattr(layer, name, fn.compute_weight(layer, do_power_iteration=True))
    layer.register_forward_pre_hook(fn)
    return layer
