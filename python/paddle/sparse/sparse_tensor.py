"""The two sparse tensor classes, COO and CSR.

Our C++ tensor is dense only, so a sparse tensor is a small Python object
holding dense tensors: the integer structure (COO indices, or CSR crows and
cols) and the dense ``values``. Autograd flows through the values: every
sparse op computes its output values from its input values with ordinary
differentiable dense ops, so ``x.values()`` of a tensor built with
``stop_gradient=False`` is the leaf whose ``grad`` a backward pass fills.
"""

from __future__ import annotations

import math

from paddle._C import Tensor
from paddle.tensor.size import Size


class SparseTensor:
    """What COO and CSR tensors share: shape, dtype, place and autograd, all
    read from the dense values."""

    format = ""  # "coo" or "csr"

    def __init__(self, values: Tensor, shape):
        self._values = values
        self._shape = [int(d) for d in shape]

    # --- what a Tensor reports -------------------------------------------

    @property
    def shape(self) -> Size:
        return Size(self._shape)

    @property
    def ndim(self) -> int:
        return len(self._shape)

    @property
    def size(self) -> int:
        """The number of elements of the dense tensor, stored or not."""
        return math.prod(self._shape)

    def dim(self) -> int:
        return len(self._shape)

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def place(self):
        return self._values.place

    @property
    def stop_gradient(self) -> bool:
        return self._values.stop_gradient

    @stop_gradient.setter
    def stop_gradient(self, value: bool) -> None:
        self._values.stop_gradient = value

    @property
    def is_leaf(self) -> bool:
        return self._values.is_leaf

    @property
    def grad(self):
        """The gradient as a sparse tensor of the same structure, or None before a backward pass."""
        grad = self._values.grad
        return None if grad is None else self._with_values(grad)

    def backward(self, grad_tensor=None, retain_graph: bool = False) -> None:
        """Runs backward from this tensor's values; ``grad_tensor`` (sparse, of the same
        structure, or dense values) defaults to ones."""
        if isinstance(grad_tensor, SparseTensor):
            grad_tensor = grad_tensor.values()
        self._values.backward(grad_tensor, retain_graph)

    def clear_gradient(self, set_to_zero: bool = True) -> None:
        self._values.clear_gradient(set_to_zero)

    clear_grad = clear_gradient

    def detach(self):
        return self._with_values(self._values.detach())

    def is_sparse(self) -> bool:
        return True

    def is_dense(self) -> bool:
        return False

    def is_sparse_coo(self) -> bool:
        return self.format == "coo"

    def is_sparse_csr(self) -> bool:
        return self.format == "csr"

    def is_same_shape(self, y) -> bool:
        return self._shape == list(y.shape)

    def values(self) -> Tensor:
        """The stored values: [nnz, *dense_dims] for COO, [nnz] for CSR."""
        return self._values

    def nnz(self) -> int:
        """The number of stored entries."""
        return int(self._values.shape[0])

    def astype(self, dtype):
        from paddle.sparse.unary import cast

        return cast(self, value_dtype=dtype)

    def to_dense(self) -> Tensor:
        """The dense tensor (differentiable with respect to the values)."""
        from paddle.sparse import conversion

        return conversion.to_dense(self)

    def __repr__(self) -> str:
        from paddle.sparse._printing import sparse_repr

        return sparse_repr(self)

    __str__ = __repr__

    def _with_values(self, values: Tensor):
        """The same structure holding other values."""
        raise NotImplementedError


class SparseCooTensor(SparseTensor):
    """A tensor in coordinate format: entry ``j`` holds ``values[j]`` (a block over
    the dense dims) at the sparse coordinates ``indices[:, j]``.

    Built by :func:`paddle.sparse.sparse_coo_tensor` or ``Tensor.to_sparse_coo``.
    ``coalesced`` records that the indices are known to be sorted and unique.
    """

    format = "coo"

    def __init__(self, indices: Tensor, values: Tensor, shape, coalesced: bool = False):
        super().__init__(values, shape)
        self._indices = indices
        self._coalesced = coalesced

    def indices(self) -> Tensor:
        """The coordinates, int [sparse_dim, nnz]."""
        return self._indices

    def sparse_dim(self) -> int:
        return int(self._indices.shape[0])

    def dense_dim(self) -> int:
        return len(self._shape) - self.sparse_dim()

    def is_coalesced(self) -> bool:
        return self._coalesced

    def coalesce(self):
        from paddle.sparse.conversion import coalesce

        return coalesce(self)

    def to_sparse_coo(self, sparse_dim: int):
        from paddle.sparse import conversion

        return conversion.to_sparse_coo(self, sparse_dim)

    def to_sparse_csr(self):
        from paddle.sparse import conversion

        return conversion.to_sparse_csr(self)

    def crows(self):
        raise TypeError("[crows] expected a sparse CSR tensor, but got a sparse COO tensor")

    def cols(self):
        raise TypeError("[cols] expected a sparse CSR tensor, but got a sparse COO tensor")

    def _with_values(self, values: Tensor):
        return SparseCooTensor(self._indices, values, self._shape, self._coalesced)


class SparseCsrTensor(SparseTensor):
    """A 2-D matrix, or a batch of them (3-D), in compressed sparse row format:
    row ``i`` of batch ``b`` holds ``values[s:e]`` at columns ``cols[s:e]``, where
    ``s, e`` come from ``crows[b * (rows + 1) + i]`` and the next entry, offset by
    the entries of the batches before ``b``.

    Built by :func:`paddle.sparse.sparse_csr_tensor` or ``Tensor.to_sparse_csr``.
    """

    format = "csr"

    def __init__(self, crows: Tensor, cols: Tensor, values: Tensor, shape):
        super().__init__(values, shape)
        self._crows = crows
        self._cols = cols

    def crows(self) -> Tensor:
        """The row offsets, int [batch * (rows + 1)]."""
        return self._crows

    def cols(self) -> Tensor:
        """The column of every stored entry, int [nnz]."""
        return self._cols

    def sparse_dim(self) -> int:
        return 2

    def dense_dim(self) -> int:
        return 0

    def indices(self):
        raise TypeError("[indices] expected a sparse COO tensor, but got a sparse CSR tensor")

    def is_coalesced(self):
        raise TypeError("[is_coalesced] expected a sparse COO tensor, but got a sparse CSR tensor")

    def coalesce(self):
        raise TypeError("[coalesce] expected a sparse COO tensor, but got a sparse CSR tensor")

    def to_sparse_coo(self, sparse_dim: int):
        from paddle.sparse import conversion

        return conversion.to_sparse_coo(self, sparse_dim)

    def to_sparse_csr(self):
        return self

    def _with_values(self, values: Tensor):
        return SparseCsrTensor(self._crows, self._cols, values, self._shape)
