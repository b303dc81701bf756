"""Samples for paddle.linalg's matrix functions, against NumPy's linalg.
Factorizations are compared through what is unique about them (Q R = x,
|U| columns, ...) and their gradients are checked on inputs where they are
smooth (distinct eigen/singular values, well-conditioned matrices)."""

from __future__ import annotations

import numpy as np

import paddle
from op_test import ErrorCase, OpSample

FLOATS = ("float32", "float64")
FLOATS_AND_COMPLEX = FLOATS + ("complex64", "complex128")
TOL = {"float32": (2e-4, 2e-4), "complex64": (2e-4, 2e-4)}


def _t(*shape, dtype="float32"):
    return paddle.to_tensor(np.ones(shape, dtype=dtype))


def _well_conditioned(rng, dtype, shapes):
    out = []
    for shape in shapes:
        a = rng.normal(size=shape)
        if dtype.startswith("complex"):
            a = a + 1j * rng.normal(size=shape)
        if len(shape) >= 2 and shape[-1] == shape[-2]:
            a = a + 3 * np.eye(shape[-1])
        out.append(a.astype(dtype))
    return out


def _spd(rng, dtype, shapes):
    a = rng.normal(size=shapes[0])
    return [(a @ np.swapaxes(a, -1, -2) + shapes[0][-1] * np.eye(shapes[0][-1])).astype(dtype)]


def _symmetric(rng, dtype, shapes):
    a = rng.normal(size=shapes[0])
    return [((a + np.swapaxes(a, -1, -2)) / 2).astype(dtype)]


def _sign_fixed(vectors, axis):
    """Vectors with the sign that makes each one's largest entry positive (factorizations fix signs freely)."""
    idx = np.argmax(np.abs(vectors), axis=axis)
    picked = np.take_along_axis(vectors, np.expand_dims(idx, axis), axis)
    return vectors * np.sign(picked)


def _sign_fixed_tensor(vectors, axis):
    """_sign_fixed for a paddle tensor (differentiable: sign has zero gradient)."""
    idx = paddle.argmax(paddle.abs(vectors), axis=axis, keepdim=True)
    return vectors * paddle.sign(paddle.take_along_axis(vectors, idx, axis))


def _eigh_vectors(x):
    return _sign_fixed_tensor(paddle.linalg.eigh(x)[1], -2)


def _eigvals_power_sums(w, power):
    """sum(w**k) for k = 1..power along the last axis: the eigenvalues as a
    multiset, whatever order the solver gives them in."""
    return [(w ** k).sum(-1) for k in range(1, power + 1)]


def _eigvals_fingerprint(eigvals):
    return lambda x: paddle.stack(_eigvals_power_sums(eigvals(x), x.shape[-1]), -1)


def _np_eigvals_fingerprint(x):
    return np.stack(_eigvals_power_sums(np.linalg.eigvals(x), x.shape[-1]), -1)


def _eig_residuals(x):
    """x v - v diag(w) (zero) and each eigenvector's norm (one), as one real tensor."""
    w, v = paddle.linalg.eig(x)
    residual = paddle.matmul(x.astype(v.dtype), v) - v * w.unsqueeze(-2)
    norms = (paddle.abs(v) ** 2).sum(-2)
    return paddle.concat([paddle.abs(residual).flatten(), norms.flatten()])


def _np_eig_residuals(x):
    n = x.shape[-1]
    batch = int(np.prod(x.shape[:-2]))
    return np.concatenate([np.zeros(batch * n * n), np.ones(batch * n)])


def _eig_invariants(x):
    """What eig's gradient is defined for: the eigenvalues and the magnitudes
    of the eigenvectors' entries (free of each vector's phase)."""
    w, v = paddle.linalg.eig(x)
    return paddle.concat([paddle.as_real(w).flatten(), (paddle.abs(v) ** 2).flatten()])


def _np_eig_invariants(x):
    w, v = np.linalg.eig(x)
    return np.concatenate([np.stack([w.real, w.imag], -1).ravel(), (np.abs(v) ** 2).ravel()])


def _svd_u(x):
    return _sign_fixed_tensor(paddle.linalg.svd(x)[0], -2)


def _qr_product(x):
    q, r = paddle.linalg.qr(x)
    return paddle.matmul(q, r)


def _sparse_entries(rng, dtype, shapes):
    """(row, col, values, y) for sparse_dense_matmul into 5 rows; entries may repeat a position."""
    (entries,), (k, n) = shapes[0], shapes[3]
    return [rng.integers(0, 5, entries), rng.integers(0, k, entries), rng.normal(size=entries).astype(dtype),
            rng.normal(size=(k, n)).astype(dtype)]


def _np_sparse_dense_matmul(row, col, values, y):
    out = np.zeros((5, y.shape[1]), dtype=y.dtype)
    np.add.at(out, row, values[:, None] * y[col])
    return out


def _i(values, dtype="int64"):
    return paddle.to_tensor(np.asarray(values, dtype=dtype))


SAMPLES = [
    OpSample("solve", paddle.linalg.solve, np.linalg.solve, [[(3, 3), (3, 2)], [(2, 4, 4), (2, 4, 1)]], FLOATS,
             make_inputs=_well_conditioned, tolerance=TOL, errors=[
                 ErrorCase(lambda: paddle.linalg.solve(_t(2, 3), _t(2, 1)), ValueError,
                           r"\[solve\] x must hold square matrices"),
                 ErrorCase(lambda: paddle.linalg.solve(paddle.zeros([2, 2]), _t(2, 1)), ValueError,
                           r"\[linalg_solve\] the matrix x\[0\] is singular"),
                 ErrorCase(lambda: paddle.linalg.solve(_t(2, 2, dtype="int64"), _t(2, 1, dtype="int64")), TypeError,
                           r"\[linalg_solve\] x must be float32, float64, complex64 or complex128")],
             covers=("linalg_solve",)),
    OpSample("solve_complex", paddle.linalg.solve, np.linalg.solve, [[(3, 3), (3, 2)], [(2, 4, 4), (2, 4, 1)]],
             ("complex64", "complex128"), make_inputs=_well_conditioned, tolerance=TOL, covers=("linalg_solve",)),
    OpSample("solve_vector", paddle.linalg.solve, np.linalg.solve, [[(3, 3), (3,)]], FLOATS,
             make_inputs=_well_conditioned, tolerance=TOL),
    OpSample("inv", paddle.linalg.inv, np.linalg.inv, [[(4, 4)], [(2, 3, 3)]], FLOATS, make_inputs=_well_conditioned,
             tolerance=TOL, covers=("inverse",)),
    OpSample("det", paddle.linalg.det, np.linalg.det, [[(3, 3)], [(2, 4, 4)]], FLOATS, make_inputs=_well_conditioned,
             tolerance=TOL),
    OpSample("slogdet", paddle.linalg.slogdet, lambda x: np.stack(np.linalg.slogdet(x)), [[(3, 3)], [(2, 2, 2)]],
             FLOATS, tolerance=TOL, errors=[
                 ErrorCase(lambda: paddle.linalg.slogdet(_t(3)), ValueError, r"\[slogdet\] x must hold square")],
             covers=("log_abs_det",)),
    OpSample("cholesky", paddle.linalg.cholesky, np.linalg.cholesky, [[(3, 3)], [(2, 4, 4)]], FLOATS,
             make_inputs=_spd, tolerance=TOL, errors=[
                 ErrorCase(lambda: paddle.linalg.cholesky(-paddle.eye(2)), ValueError,
                           r"\[cholesky\] the matrix x\[0\] is not positive definite")]),
    OpSample("cholesky_upper", lambda x: paddle.linalg.cholesky(x, upper=True),
             lambda x: np.swapaxes(np.linalg.cholesky(x), -1, -2), [[(3, 3)]], FLOATS, make_inputs=_spd, tolerance=TOL),
    OpSample("eigvalsh", paddle.linalg.eigvalsh, np.linalg.eigvalsh, [[(4, 4)], [(2, 3, 3)]], FLOATS,
             make_inputs=_symmetric, tolerance=TOL),
    OpSample("eigh_vectors", _eigh_vectors, lambda x: _sign_fixed(np.linalg.eigh(x)[1], -2), [[(4, 4)]], FLOATS,
             make_inputs=_symmetric, tolerance={"float32": (1e-3, 1e-3)}),
    OpSample("eigvals", _eigvals_fingerprint(paddle.linalg.eigvals), _np_eigvals_fingerprint,
             [[(4, 4)], [(2, 3, 3)], [(1, 1)]], FLOATS_AND_COMPLEX, low=-1, high=1,
             tolerance={"float32": (1e-3, 1e-3), "complex64": (1e-3, 1e-3)}, errors=[
                 ErrorCase(lambda: paddle.linalg.eigvals(_t(2, 3)), ValueError, r"\[eigvals\] x must hold square"),
                 ErrorCase(lambda: paddle.linalg.eigvals(_t(2, 2, dtype="int32")), TypeError,
                           r"\[eigvals\] x must be float32, float64, complex64 or complex128, but got int32")]),
    OpSample("eig_values", _eigvals_fingerprint(lambda x: paddle.linalg.eig(x)[0]), _np_eigvals_fingerprint,
             [[(4, 4)], [(2, 3, 3)]], FLOATS_AND_COMPLEX, low=-1, high=1,
             tolerance={"float32": (1e-3, 1e-3), "complex64": (1e-3, 1e-3)}, covers=("eig",), errors=[
                 ErrorCase(lambda: paddle.linalg.eig(_t(3)), ValueError, r"\[eig\] x must have at least 2 dims"),
                 ErrorCase(lambda: paddle.linalg.eig(paddle.to_tensor([[1.0, float("nan")], [0.0, 1.0]])), ValueError,
                           r"\[eig\] x holds nan at flat position 1")]),
    OpSample("eig_vectors", _eig_residuals, _np_eig_residuals, [[(4, 4)], [(2, 3, 3)]], FLOATS_AND_COMPLEX,
             tolerance={"float32": (1e-4, 1e-4), "complex64": (1e-4, 1e-4)}, covers=("eig",)),
    OpSample("svdvals", paddle.linalg.svdvals, lambda x: np.linalg.svd(x, compute_uv=False),
             [[(4, 3)], [(2, 3, 5)]], FLOATS, tolerance=TOL),
    OpSample("svd_u", _svd_u, lambda x: _sign_fixed(np.linalg.svd(x, full_matrices=False)[0], -2), [[(5, 3)], [(3, 4)]],
             FLOATS, tolerance={"float32": (1e-3, 1e-3)}),
    OpSample("qr_product", _qr_product, lambda x: x, [[(5, 3)], [(2, 4, 4)]], FLOATS, tolerance=TOL),
    OpSample("qr_r", lambda x: paddle.abs(paddle.linalg.qr(x, mode="r")), lambda x: np.abs(np.linalg.qr(x, mode="r")),
             [[(5, 3)]], FLOATS, tolerance=TOL, errors=[
                 ErrorCase(lambda: paddle.linalg.qr(_t(2, 2), mode="full"), ValueError, r"\[qr\] mode must be")]),
    OpSample("pinv", paddle.linalg.pinv, np.linalg.pinv, [[(4, 3)], [(3, 5)]], FLOATS, tolerance=TOL),
    OpSample("lstsq", lambda x, y: paddle.linalg.lstsq(x, y)[0], lambda x, y: np.linalg.lstsq(x, y, rcond=None)[0],
             [[(6, 3), (6, 2)]], FLOATS, tolerance=TOL, errors=[
                 ErrorCase(lambda: paddle.linalg.lstsq(_t(3, 2), _t(4, 1)), ValueError, r"\[lstsq\] x \[\.\.\., m, n\]"),
                 ErrorCase(lambda: paddle.linalg.lstsq(_t(3, 2), _t(3, 1, dtype="float64")), TypeError,
                           r"\[lstsq\] x and y must both be float32"),
                 ErrorCase(lambda: paddle.linalg.lstsq(_t(3, 2), _t(3, 1), driver="gesv"), ValueError,
                           r"\[lstsq\] argument 'driver'")]),
    # gelsd returns all of NumPy's (gelsd-based) outputs
    OpSample("lstsq_gelsd", lambda x, y: paddle.concat([
        t.astype(x.dtype).flatten() for t in paddle.linalg.lstsq(x, y, driver="gelsd")]),
             lambda x, y: np.concatenate([np.asarray(t, dtype=x.dtype).ravel()
                                          for t in np.linalg.lstsq(x, y, rcond=None)]),
             [[(6, 3), (6, 2)], [(3, 5), (3, 2)]], FLOATS, tolerance=TOL),
    OpSample("matrix_power", lambda x: paddle.linalg.matrix_power(x, 5), lambda x: np.linalg.matrix_power(x, 5),
             [[(3, 3)]], FLOATS, low=-0.7, high=0.7, tolerance=TOL),
    OpSample("matrix_power_negative", lambda x: paddle.linalg.matrix_power(x, -2),
             lambda x: np.linalg.matrix_power(x, -2), [[(3, 3)]], FLOATS, make_inputs=_well_conditioned,
             tolerance=TOL),
]


def _symmetrized(fn):
    """fn of the symmetric part of x: a smooth function of any x (for gradient checks)."""
    return lambda x: fn((x + x.transpose([1, 0])) * 0.5)


def _spd_of(fn):
    """fn of x x^T + n I: positive definite for any x."""
    return lambda x: fn(paddle.matmul(x, x, transpose_y=True) + x.shape[-1] * paddle.eye(x.shape[-1], dtype=x.dtype))


SAMPLES += [
    OpSample("sparse_dense_matmul", lambda row, col, values, y: paddle._C_ops.sparse_dense_matmul(row, col, values, y, 5),
             _np_sparse_dense_matmul, [[(9,), (9,), (9,), (4, 3)], [(0,), (0,), (0,), (4, 2)]], FLOATS,
             make_inputs=_sparse_entries, tolerance=TOL,
             errors=[ErrorCase(lambda: paddle._C_ops.sparse_dense_matmul(_i([0], "int32"), _i([0]), _t(1), _t(2, 2), 3),
                               TypeError, r"\[sparse_dense_matmul\] row must be an int64 tensor, but got int32"),
                     ErrorCase(lambda: paddle._C_ops.sparse_dense_matmul(_i([3]), _i([0]), _t(1), _t(2, 2), 3),
                               IndexError, r"\[sparse_dense_matmul\] row holds 3, out of range for a dim of size 3"),
                     ErrorCase(lambda: paddle._C_ops.sparse_dense_matmul(_i([0]), _i([0, 1]), _t(1), _t(2, 2), 3),
                               ValueError, r"\[sparse_dense_matmul\] col must hold one index per value, \[1\]")]),

    OpSample("cholesky_grad", _spd_of(paddle.linalg.cholesky), lambda x: np.linalg.cholesky(x @ x.T + 3 * np.eye(3)),
             [[(3, 3)]], ("float64",)),
    OpSample("eigh_grad", _symmetrized(lambda a: paddle.linalg.eigh(a)[0] + _eigh_vectors(a).sum(0)),
             lambda x: np.linalg.eigh((x + x.T) / 2)[0] + _sign_fixed(np.linalg.eigh((x + x.T) / 2)[1], -2).sum(0),
             [[(3, 3)]], ("float64",)),
    OpSample("eig_grad", _eig_invariants, _np_eig_invariants, [[(3, 3)], [(2, 4, 4)]], ("float64", "complex128"),
             make_inputs=_well_conditioned, covers=("eig",)),
    OpSample("svd_grad", lambda x: paddle.concat([paddle.linalg.svd(x)[1], _svd_u(x).flatten(),
                                                  paddle.abs(paddle.linalg.svd(x)[2]).flatten()]),
             lambda x: np.concatenate([np.linalg.svd(x)[1],
                                       _sign_fixed(np.linalg.svd(x, full_matrices=False)[0], -2).ravel(),
                                       np.abs(np.linalg.svd(x, full_matrices=False)[2]).ravel()]),
             [[(4, 3)], [(3, 4)]], ("float64",)),
    OpSample("qr_grad", lambda x: paddle.abs(paddle.linalg.qr(x)[0]).sum(0) + paddle.abs(paddle.linalg.qr(x)[1]).sum(0),
             lambda x: np.abs(np.linalg.qr(x)[0]).sum(0) + np.abs(np.linalg.qr(x)[1]).sum(0), [[(4, 3)]],
             ("float64",)),
]

GRAD2_SAMPLES = {"sparse_dense_matmul", "solve", "solve_vector", "inv", "det", "matrix_power", "matrix_power_negative"}
COMPLEX_GRAD_SAMPLES = {"solve_complex", "eig_grad"}
GRAD_SAMPLES = {"sparse_dense_matmul", "eig_grad", "slogdet", "cholesky_grad", "eigh_grad", "svd_grad", "qr_grad", "pinv", "lstsq",
                "lstsq_gelsd"}

