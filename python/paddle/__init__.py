"""paddle: a deep-learning framework speaking the PaddlePaddle 3.x API.

The heavy lifting is in the C++ core (the ``_C`` extension); this package is
the thin Python surface over it."""

from paddle._blas_setup import choose_openblas_kernels

choose_openblas_kernels()  # must run before _C loads OpenBLAS

from paddle import _C  # noqa: E402
from paddle._C import Tensor, CPUPlace, CUDAPlace, CUDAPinnedPlace, CustomPlace, Place
from paddle._C import _C_ops

from paddle.framework import (
    dtype,
    bool, uint8, int8, int16, int32, int64,
    float16, bfloat16, float32, float64, complex64, complex128, uint16, raw,
    set_default_dtype, get_default_dtype, set_flags, get_flags,
    is_compiled_with_cuda, disable_signal_handler,
)
from paddle import tensor as _tensor_methods  # noqa: F401  (installs Tensor methods)
from paddle.tensor.creation import to_tensor, full, zeros, ones, arange, full_like, zeros_like, ones_like, assign
from paddle.tensor.dtype_info import iinfo, finfo
from paddle.tensor.size import Size
from paddle.tensor.manipulation import tensor_split, block_diag
from paddle.tensor.math import add_n
from paddle.tensor.op_options import (  # noqa: A004  (round)
    add, subtract, divide, index_add, mean, var, round, transpose, softmax,
)
from paddle.tensor.math import (
    pow, isclose, allclose, equal_all, nan_to_num, logit, scale, logical_xor, mod, floor_mod, real, imag, complex,
)
from paddle.tensor.creation import (
    empty, empty_like, eye, linspace, logspace, meshgrid, tril, triu, diagonal, diag, diagflat,
)
from paddle.tensor.manipulation import (
    split, chunk, unbind, tile, flip, roll, moveaxis, t, repeat_interleave, numel, shape, rank, strided_slice,
)
from paddle.tensor.linalg import mm, bmm, dot, mv, outer, addmm, baddbmm, cross, kron
from paddle.tensor.einsum import einsum
from paddle.tensor.random import (
    rand, randn, standard_normal, normal, uniform, randint, randint_like, bernoulli, poisson,
    randperm, multinomial, seed, get_rng_state, set_rng_state, get_cuda_rng_state, set_cuda_rng_state, Generator,
)
from paddle.tensor.indexing import (
    take_along_axis, put_along_axis, gather, scatter, scatter_nd, scatter_nd_add, nonzero, masked_select,
    masked_fill, index_put, where,
)
from paddle.tensor.search import (
    argsort, sort, argmax, argmin, cumsum, cumprod, logcumsumexp, cummax, cummin, prod, kthvalue, mode, unique,
    bincount,
)
from paddle.tensor.stat import quantile, median, nanmedian, histogram
from paddle.tensor.special import (
    angle, deg2rad, rad2deg, frac, gcd, lcm, hypot, ldexp, signbit, copysign, sinc, heaviside, logaddexp, sgn, stanh,
    multigammaln, frexp, isposinf, isneginf, isreal, count_nonzero, isin,
)
from paddle.tensor.shaping import (
    broadcast_shapes, broadcast_shape, broadcast_tensors, atleast_1d, atleast_2d, atleast_3d, hstack, vstack,
    row_stack, dstack, column_stack, hsplit, vsplit, dsplit, unstack, rot90, narrow, unflatten, diag_embed, vander,
    tril_indices, triu_indices, cartesian_prod, combinations,
)
from paddle.tensor.products import trace, diff, inner, tensordot, dist, cdist, pdist
from paddle.tensor.special import polar, bitwise_left_shift, bitwise_right_shift, bitwise_invert, renorm
from paddle.tensor.bessel_gamma import i0, i0e, i1, i1e, gammainc, gammaincc
from paddle.tensor.scattering import (
    take, index_sample, argwhere, index_fill, masked_scatter, scatter_add, scatter_reduce, select_scatter,
    slice_scatter, diagonal_scatter, fill_diagonal_tensor, multiplex, shard_index, increment, crop, reduce_as,
)
from paddle.tensor.ordering import (
    searchsorted, bucketize, msort, unique_consecutive, nanquantile, histogram_bin_edges, histogramdd, trapezoid,
    cumulative_trapezoid,
)
from paddle.tensor.construction import (
    from_numpy, as_tensor, asarray, range, rand_like, randn_like, binomial, standard_gamma, log_normal,
    manual_seed, view, view_as, view_as_real, view_as_complex, as_strided, nextafter, unfold,
)
from paddle.tensor.printing import set_printoptions
from paddle.tensor.storage import MmapStorage
from paddle.compat_proxy import enable_compat, disable_compat
from paddle.tensor.legacy_types import (
    FloatTensor, DoubleTensor, HalfTensor, BFloat16Tensor, ByteTensor, CharTensor, ShortTensor, IntTensor, LongTensor,
    BoolTensor,
)
from paddle.io.reader import batch
from paddle import autograd
from paddle.autograd import grad, no_grad, enable_grad, set_grad_enabled, is_grad_enabled
from paddle import device
from paddle import incubate
from paddle import linalg
from paddle import fft
from paddle import signal
from paddle import distribution
from paddle import audio
from paddle import geometric
from paddle import utils
from paddle import sparse
from paddle.linalg import vecdot
from paddle.tensor.linalg import outer as ger
from paddle.utils.dlpack import from_dlpack, to_dlpack
from paddle.linalg import norm, inv as inverse
from paddle.device import set_device, get_device
from paddle.device import (  # noqa: E402
    is_compiled_with_xpu, is_compiled_with_rocm, is_compiled_with_cinn, is_compiled_with_distribute,
    is_compiled_with_custom_device,
)
from paddle import base
from paddle.base import ParamAttr, create_parameter
from paddle.base.data_feeder import check_shape
from paddle import nn
from paddle.nn.initializer.lazy_init import LazyGuard
from paddle import regularizer
from paddle import optimizer
from paddle import io
from paddle import amp
from paddle.amp import (  # noqa: E402
    autocast, is_autocast_enabled, get_autocast_dtype, get_autocast_cpu_dtype, get_autocast_gpu_dtype,
)
from paddle.serialization import save, load
from paddle import vision
from paddle import static
from paddle import jit
from paddle import inference
from paddle import distributed
from paddle.distributed.data_parallel import DataParallel
from paddle.static.mode import enable_static, disable_static, in_dynamic_mode
from paddle import metric
from paddle.hapi import Model, summary, flops
from paddle import callbacks

__version__ = "3.0.0.dev0"


def _export_generated_ops():
    """Binds every generated op into the module the op YAML names."""
    import importlib

    for module_name, names in _C_ops.__exports__.items():
        module = importlib.import_module(module_name)
        for name in names:
            if not hasattr(module, name):
                setattr(module, name, getattr(_C_ops, name))


_export_generated_ops()
del _export_generated_ops

from paddle.tensor import aliases as _aliases, inplace as _inplace  # noqa: E402

_aliases.install(__import__(__name__))  # last: it binds paddle.float and friends over the builtins' names
_inplace.install(__import__(__name__))
