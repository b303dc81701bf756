"""paddle.linalg functions composed from the ops (linalg/factorizations.py,
linalg/matrix_functions.py): values against NumPy, gradients by finite
differences, errors that name the op."""

from __future__ import annotations

import math

import numpy as np
import pytest

import paddle
from gradcheck import check_grads

RNG = np.random.default_rng(5)


def _t(a):
    return paddle.to_tensor(np.asarray(a))


def _lu_reference(a):
    """Doolittle with partial pivoting, LAPACK's getrf conventions."""
    a = a.copy()
    m, n = a.shape
    pivots = []
    for k in range(min(m, n)):
        p = k + int(np.argmax(np.abs(a[k:, k])))
        pivots.append(p + 1)
        a[[k, p]] = a[[p, k]]
        if a[k, k] != 0:
            a[k + 1:, k] /= a[k, k]
            a[k + 1:, k + 1:] -= np.outer(a[k + 1:, k], a[k, k + 1:])
    return a, np.array(pivots)


@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (2, 3, 3)])
def test_lu_matches_a_getrf_reference_and_unpacks_to_x(shape):
    a = RNG.standard_normal(shape)
    packed, pivots, infos = paddle.linalg.lu(_t(a), get_infos=True)
    assert pivots.dtype == paddle.int32 and infos.dtype == paddle.int32
    for index in np.ndindex(shape[:-2]):
        want_lu, want_pivots = _lu_reference(a[index])
        np.testing.assert_allclose(packed.numpy()[index], want_lu, rtol=1e-10, atol=1e-12)
        np.testing.assert_array_equal(pivots.numpy()[index], want_pivots)
    assert not infos.numpy().any()
    P, L, U = paddle.linalg.lu_unpack(packed, pivots)
    np.testing.assert_allclose((P @ L @ U).numpy(), a, rtol=1e-10, atol=1e-12)


def test_lu_reports_a_zero_pivot_and_solves():
    singular = np.array([[0.0, 0.0], [0.0, 1.0]])
    _, _, infos = paddle.linalg.lu(_t(singular), get_infos=True)
    assert infos.item() == 1
    a, b = RNG.standard_normal((4, 4)), RNG.standard_normal((4, 2))
    lu, pivots = paddle.linalg.lu(_t(a))
    np.testing.assert_allclose(paddle.linalg.lu_solve(_t(b), lu, pivots).numpy(), np.linalg.solve(a, b), rtol=1e-9)
    np.testing.assert_allclose(paddle.linalg.lu_solve(_t(b), lu, pivots, "T").numpy(), np.linalg.solve(a.T, b),
                               rtol=1e-9)
    check_grads(lambda x: paddle.linalg.lu(x)[0], [a], RNG)


@pytest.mark.parametrize("upper,transpose,unit", [(True, False, False), (False, True, False), (True, True, True)])
def test_triangular_and_cholesky_solves_match_numpy(upper, transpose, unit):
    a, b = RNG.standard_normal((3, 3)) + 3 * np.eye(3), RNG.standard_normal((3, 2))
    tri = np.triu(a) if upper else np.tril(a)
    if unit:
        np.fill_diagonal(tri, 1.0)
    want = np.linalg.solve(tri.T if transpose else tri, b)
    got = paddle.linalg.triangular_solve(_t(a), _t(b), upper, transpose, unit)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-10)
    spd = a @ a.T + np.eye(3)
    factor = np.linalg.cholesky(spd)
    np.testing.assert_allclose(paddle.linalg.cholesky_solve(_t(b), _t(factor)).numpy(), np.linalg.solve(spd, b),
                               rtol=1e-9)
    np.testing.assert_allclose(paddle.linalg.cholesky_solve(_t(b), _t(factor.T), upper=True).numpy(),
                               np.linalg.solve(spd, b), rtol=1e-9)
    np.testing.assert_allclose(paddle.linalg.cholesky_inverse(_t(factor)).numpy(), np.linalg.inv(spd), rtol=1e-9)
    check_grads(lambda x, y: paddle.linalg.triangular_solve(x, y, upper, transpose, unit), [a, b], RNG)


def _householder_reference(x, tau):
    m = x.shape[0]
    q = np.eye(m)
    for i, t in enumerate(tau):
        v = np.zeros(m)
        v[i] = 1.0
        v[i + 1:] = x[i + 1:, i]
        q = q @ (np.eye(m) - t * np.outer(v, v))
    return q


def test_householder_product_and_ormqr():
    x, tau, y = RNG.standard_normal((4, 3)), RNG.uniform(0.5, 1.5, 3), RNG.standard_normal((4, 2))
    q = _householder_reference(x, tau)
    np.testing.assert_allclose(paddle.linalg.householder_product(_t(x), _t(tau)).numpy(), q[:, :3], rtol=1e-12)
    np.testing.assert_allclose(paddle.linalg.ormqr(_t(x), _t(tau), _t(y)).numpy(), q @ y, rtol=1e-12)
    np.testing.assert_allclose(paddle.linalg.ormqr(_t(x), _t(tau), _t(y), transpose=True).numpy(), q.T @ y,
                               rtol=1e-12)
    z = RNG.standard_normal((2, 4))
    np.testing.assert_allclose(paddle.linalg.ormqr(_t(x), _t(tau), _t(z), left=False).numpy(), z @ q, rtol=1e-12)
    with pytest.raises(ValueError, match=r"\[householder_product\] expected x \[..., m, n\] with m >= n"):
        paddle.linalg.householder_product(_t(x.T), _t(tau))
    with pytest.raises(TypeError, match=r"^\[ormqr\] argument 'tau': expected Tensor, but got str"):
        paddle.linalg.ormqr(_t(x), "abc", _t(y))
    with pytest.raises(ValueError, match=r"^\[ormqr\] argument 'tau': expected a tensor of at least 1 dim"):
        paddle.linalg.ormqr(_t(x), paddle.to_tensor(1.0, dtype="float64"), _t(y))


@pytest.mark.parametrize("p", [2.0, 1.0, 0.5, 3.0, 0, math.inf, -math.inf])
def test_vector_norm_matches_numpy(p):
    a = RNG.standard_normal((3, 4))
    np.testing.assert_allclose(paddle.linalg.vector_norm(_t(a), p).numpy(), np.linalg.norm(a.ravel(), p), rtol=1e-12)
    np.testing.assert_allclose(paddle.linalg.vector_norm(_t(a), p, axis=1, keepdim=True).numpy(),
                               np.linalg.norm(a, p, axis=1, keepdims=True), rtol=1e-12)


@pytest.mark.parametrize("p", ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf])
def test_matrix_norm_matches_numpy(p):
    a = RNG.standard_normal((2, 3, 4))
    np.testing.assert_allclose(paddle.linalg.matrix_norm(_t(a), p).numpy(), np.linalg.norm(a, p, axis=(-2, -1)),
                               rtol=1e-10)
    np.testing.assert_allclose(paddle.linalg.matrix_norm(_t(a), p, axis=[0, 2], keepdim=True).numpy(),
                               np.linalg.norm(a, p, axis=(0, 2), keepdims=True), rtol=1e-10)


def test_norm_errors_name_the_op():
    with pytest.raises(ValueError, match=r"\[matrix_norm\] p must be"):
        paddle.linalg.matrix_norm(paddle.ones([2, 2]), 3)
    with pytest.raises(TypeError, match=r"\[vector_norm\] argument 'p'"):
        paddle.linalg.vector_norm(paddle.ones([2]), "fro")
    with pytest.raises(TypeError, match=r"^\[matrix_norm\] argument 'axis': expected a list of ints, but got int"):
        paddle.linalg.matrix_norm(paddle.ones([2, 2]), "fro", -2)
    with pytest.raises(TypeError, match=r"^\[matrix_norm\] argument 'p': expected a number, but got a float32 Tensor"):
        paddle.linalg.matrix_norm(paddle.ones([2, 2]), paddle.ones([1]))


def test_vecdot_multi_dot_and_rank():
    a, b = RNG.standard_normal((3, 4)) + 1j * RNG.standard_normal((3, 4)), RNG.standard_normal((4,))
    np.testing.assert_allclose(paddle.linalg.vecdot(_t(a), _t(b + 0j)).numpy(), (np.conj(a) * b).sum(-1), rtol=1e-12)
    mats = [RNG.standard_normal(s) for s in ((5,), (5, 2), (2, 7), (7, 3), (3,))]
    np.testing.assert_allclose(paddle.linalg.multi_dot([_t(m) for m in mats]).numpy(), np.linalg.multi_dot(mats),
                               rtol=1e-10)
    with pytest.raises(ValueError, match=r"\[multi_dot\] x\[1\] \[5, 2\] and x\[2\] \[3, 7\] do not chain"):
        paddle.linalg.multi_dot([paddle.ones([2, 5]), paddle.ones([5, 2]), paddle.ones([3, 7])])
    low_rank = RNG.standard_normal((5, 2)) @ RNG.standard_normal((2, 4))
    assert paddle.linalg.matrix_rank(_t(low_rank)).item() == np.linalg.matrix_rank(low_rank) == 2
    assert paddle.linalg.matrix_rank(_t(low_rank), tol=1e-300).item() == 4 or np.linalg.matrix_rank(
        low_rank, tol=1e-300) == paddle.linalg.matrix_rank(_t(low_rank), tol=1e-300).item()
    sym = low_rank.T @ low_rank
    assert paddle.linalg.matrix_rank(_t(sym), hermitian=True).item() == 2
    assert paddle.linalg.matrix_rank(_t(np.diag([1.0, 0.5, 1e-3])), atol=0.01).item() == 2


def _expm_reference(a, terms=60):
    """exp(a) by its Taylor series after scaling by 2^s (|a / 2^s| < 1), then squaring."""
    s = max(0, int(np.ceil(np.log2(max(np.abs(a).sum(0).max(), 1e-300)))) + 1)
    scaled = a / 2.0 ** s
    out, term = np.eye(len(a)), np.eye(len(a))
    for k in range(1, terms):
        term = term @ scaled / k
        out = out + term
    for _ in range(s):
        out = out @ out
    return out


@pytest.mark.parametrize("scale", [0.1, 1.0, 20.0])
def test_matrix_exp_matches_a_taylor_reference(scale):
    a = RNG.standard_normal((4, 4)) * scale
    np.testing.assert_allclose(paddle.linalg.matrix_exp(_t(a)).numpy(), _expm_reference(a), rtol=1e-9, atol=1e-12)
    check_grads(paddle.linalg.matrix_exp, [RNG.standard_normal((3, 3)) * 0.5], RNG)


def test_cov_and_corrcoef_match_numpy():
    a = RNG.standard_normal((3, 6))
    fw, aw = RNG.integers(1, 4, 6), RNG.uniform(0.5, 2.0, 6)
    np.testing.assert_allclose(paddle.linalg.cov(_t(a)).numpy(), np.cov(a), rtol=1e-12)
    np.testing.assert_allclose(paddle.linalg.cov(_t(a), rowvar=False).numpy(), np.cov(a, rowvar=False), rtol=1e-12)
    np.testing.assert_allclose(paddle.linalg.cov(_t(a), ddof=False).numpy(), np.cov(a, ddof=0), rtol=1e-12)
    np.testing.assert_allclose(paddle.linalg.cov(_t(a), fweights=_t(fw), aweights=_t(aw)).numpy(),
                               np.cov(a, fweights=fw, aweights=aw), rtol=1e-12)
    np.testing.assert_allclose(paddle.linalg.corrcoef(_t(a)).numpy(), np.corrcoef(a), rtol=1e-12)
    with pytest.raises(ValueError, match=r"\[cov\] fweights must have shape \[6\]"):
        paddle.linalg.cov(_t(a), fweights=_t(fw[:3]))
    check_grads(lambda x: paddle.linalg.corrcoef(x), [a], RNG)


def test_low_rank_svd_recovers_a_low_rank_matrix():
    paddle.seed(3)
    a = RNG.standard_normal((8, 3)) @ RNG.standard_normal((3, 6))
    u, s, v = paddle.linalg.svd_lowrank(_t(a), q=3)
    np.testing.assert_allclose(s.numpy(), np.linalg.svd(a, compute_uv=False)[:3], rtol=1e-9)
    np.testing.assert_allclose((u * s.unsqueeze(0)) @ v.t(), a, atol=1e-9)
    centered = a - a.mean(0)
    u, s, v = paddle.linalg.pca_lowrank(_t(a), q=3)
    np.testing.assert_allclose(s.numpy(), np.linalg.svd(centered, compute_uv=False)[:3], rtol=1e-9)
    with pytest.raises(ValueError, match=r"^\[svd_lowrank\] argument 'x': expected a tensor of at least 2 dims"):
        paddle.linalg.svd_lowrank(paddle.to_tensor(8.0))
    with pytest.raises(TypeError, match=r"^\[svd_lowrank\] argument 'q': expected an int, but got list"):
        paddle.linalg.svd_lowrank(_t(a), q=[1])
    with pytest.raises(ValueError, match=r"^\[svd_lowrank\] argument 'niter': expected an int >= 0, but got -1"):
        paddle.linalg.svd_lowrank(_t(a), niter=-1)
    with pytest.raises(TypeError, match=r"^\[pca_lowrank\] argument 'center': expected a bool, but got str"):
        paddle.linalg.pca_lowrank(_t(a), center="yes")


def test_linalg_aliases_and_methods():
    a = RNG.standard_normal((3, 3))
    np.testing.assert_array_equal(paddle.linalg.matrix_transpose(_t(a)).numpy(), a.T)
    np.testing.assert_array_equal(paddle.linalg.diagonal(_t(a)).numpy(), np.diagonal(a))
    np.testing.assert_allclose(_t(a).cov().numpy(), np.cov(a), rtol=1e-12)
    np.testing.assert_allclose(_t(a).lu()[0].numpy(), _lu_reference(a)[0], rtol=1e-10)


def test_eig_gives_lapacks_normalized_eigenpairs():
    # [[2, 1], [0, 3]]: eigenvalues 2 and 3, eigenvectors e1 and (1, 1) / sqrt(2) (geev's order and scaling).
    w, v = paddle.linalg.eig(_t([[2.0, 1.0], [0.0, 3.0]]))
    assert w.dtype == paddle.complex128 and v.dtype == paddle.complex128
    np.testing.assert_allclose(w.numpy(), [2.0, 3.0], atol=1e-14)
    np.testing.assert_allclose(v.numpy(), [[1.0, 1 / math.sqrt(2)], [0.0, 1 / math.sqrt(2)]], atol=1e-14)
    # A rotation: the conjugate pair +-i with vectors (1, -+i) / sqrt(2) up to a common phase.
    w, v = paddle.linalg.eig(_t([[0.0, 1.0], [-1.0, 0.0]]).astype("float32"))
    assert w.dtype == paddle.complex64
    np.testing.assert_allclose(w.numpy(), [1j, -1j], atol=1e-6)
    np.testing.assert_allclose(np.abs(v.numpy()), np.full((2, 2), 1 / math.sqrt(2)), atol=1e-6)
    np.testing.assert_allclose(v.numpy()[1] / v.numpy()[0], [1j, -1j], atol=1e-6)
    assert paddle.linalg.eigvals(paddle.zeros([0, 0])).shape == [0]


def test_eig_gradient_of_the_eigenvalues_alone_is_the_trace_gradient():
    # sum of the eigenvalues = trace(x): its gradient is the identity, for real and complex x.
    for a in (RNG.normal(size=(4, 4)), RNG.normal(size=(3, 3)) + 1j * RNG.normal(size=(3, 3))):
        x = paddle.to_tensor(a, stop_gradient=False)
        w, _ = paddle.linalg.eig(x)
        paddle.real(w.sum()).backward()
        np.testing.assert_allclose(x.grad.numpy(), np.eye(a.shape[0]), atol=1e-10)


def test_eigvals_has_no_gradient_as_in_paddle():
    x = paddle.to_tensor(np.eye(2), stop_gradient=False)
    w = paddle.linalg.eigvals(x)
    with pytest.raises(RuntimeError, match=r"\[eigvals\] has no gradient"):
        paddle.real(w.sum()).backward()
