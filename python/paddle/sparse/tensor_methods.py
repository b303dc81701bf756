"""The sparse methods of the dense paddle.Tensor.

A dense Tensor converts to sparse with ``to_sparse_coo``/``to_sparse_csr``;
it reports ``sparse_dim() == 0`` and ``dense_dim() == ndim`` as Paddle's does,
and the accessors that only a sparse tensor has raise a TypeError naming
the method. ``to_dense`` returns the tensor itself (Paddle raises there; a
no-op is what generic code wants).
"""

from __future__ import annotations

from paddle._C import Tensor
from paddle.sparse import conversion


def _sparse_only(method: str, wanted: str):
    def refuse(self, *args, **kwargs):
        raise TypeError(f"[{method}] expected {wanted}, but got a dense Tensor of shape {list(self.shape)}")

    refuse.__name__ = method
    refuse.__doc__ = f"Only {wanted} has ``{method}``; a dense Tensor raises TypeError."
    return refuse


def to_sparse_coo(self, sparse_dim):
    """This tensor in COO format, its first ``sparse_dim`` dims sparse: the sites
    whose block over the remaining dims has a nonzero are stored.

    Examples:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]])
        >>> coo = x.to_sparse_coo(2)
        >>> coo.indices().numpy().tolist(), coo.values().numpy().tolist()
        ([[0, 1, 1], [1, 0, 2]], [1.0, 2.0, 3.0])
    """
    return conversion.to_sparse_coo(self, sparse_dim)


def to_sparse_csr(self):
    """This 2-D or 3-D tensor in CSR format (its nonzeros stored).

    Examples:
        >>> import paddle
        >>> csr = paddle.to_tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]).to_sparse_csr()
        >>> csr.crows().numpy().tolist(), csr.cols().numpy().tolist(), csr.values().numpy().tolist()
        ([0, 1, 3], [1, 0, 2], [1.0, 2.0, 3.0])
    """
    return conversion.to_sparse_csr(self)


def _itself(self):
    """A dense tensor is already dense: returns it."""
    return self


Tensor.to_sparse_coo = to_sparse_coo
Tensor.to_sparse_csr = to_sparse_csr
Tensor.to_dense = _itself
Tensor.sparse_dim = lambda self: 0
Tensor.dense_dim = lambda self: self.ndim
_COO = "a sparse COO tensor"
_ANY = "a sparse COO or CSR tensor"
_CSR = "a sparse CSR tensor"
for _method, _wanted in (("indices", _COO), ("values", _ANY), ("crows", _CSR), ("cols", _CSR), ("nnz", _ANY),
                         ("coalesce", _COO), ("is_coalesced", _COO)):
    setattr(Tensor, _method, _sparse_only(_method, _wanted))
