"""paddle.sparse: sparse tensors in COO and CSR format and the ops on them.

A sparse tensor here is a Python object (SparseCooTensor or SparseCsrTensor)
holding dense index and value tensors; the ops compute the structure on the
host and the values with differentiable dense ops, so autograd works through
the values. See docs/guide/sparse.md.
"""

from paddle.sparse import nn, tensor_methods  # noqa: F401  (tensor_methods adds the dense Tensor's methods)
from paddle.sparse.binary import add, divide, is_same_shape, mask_as, multiply, subtract
from paddle.sparse.conversion import coalesce
from paddle.sparse.creation import sparse_coo_tensor, sparse_csr_tensor
from paddle.sparse.linalg import pca_lowrank
from paddle.sparse.manipulation import reshape, slice, transpose  # noqa: A004
from paddle.sparse.multiary import addmm, masked_matmul, matmul, mv
from paddle.sparse.reduction import sum  # noqa: A004
from paddle.sparse.sparse_tensor import SparseCooTensor, SparseCsrTensor
from paddle.sparse.unary import (
    abs,  # noqa: A004
    asin,
    asinh,
    atan,
    atanh,
    cast,
    deg2rad,
    expm1,
    isnan,
    log1p,
    neg,
    pow,  # noqa: A004
    rad2deg,
    sin,
    sinh,
    sqrt,
    square,
    tan,
    tanh,
)

__all__ = [
    'sparse_coo_tensor',
    'sparse_csr_tensor',
    'sin',
    'tan',
    'asin',
    'atan',
    'sinh',
    'tanh',
    'asinh',
    'atanh',
    'sqrt',
    'square',
    'log1p',
    'abs',
    'pow',
    'pca_lowrank',
    'cast',
    'neg',
    'deg2rad',
    'rad2deg',
    'expm1',
    'mv',
    'matmul',
    'mask_as',
    'masked_matmul',
    'addmm',
    'add',
    'subtract',
    'transpose',
    'sum',
    'multiply',
    'divide',
    'coalesce',
    'is_same_shape',
    'reshape',
    'isnan',
    'slice',
]
