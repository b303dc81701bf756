"""paddle.autograd.jacobian / hessian and paddle.incubate.autograd.jvp / vjp
against closed forms and finite differences."""

from __future__ import annotations

import numpy as np
import pytest

import paddle


def _finite_jacobian(f, x0, eps=1e-6):
    y0 = np.asarray(f(x0))
    jac = np.zeros(y0.shape + x0.shape)
    for idx in np.ndindex(x0.shape):
        d = np.zeros_like(x0)
        d[idx] = eps
        jac[(Ellipsis,) + idx] = (np.asarray(f(x0 + d)) - np.asarray(f(x0 - d))) / (2 * eps)
    return jac


def _f_numpy(x):
    return np.tanh(x[:, None] * x[None, :]).sum(axis=1) + x**3


def _f_paddle(x):
    return paddle.tanh(paddle.unsqueeze(x, 1) * paddle.unsqueeze(x, 0)).sum(axis=1) + x**3


def test_jacobian_matches_finite_differences_and_is_lazy():
    x0 = np.array([0.3, -0.8, 1.1])
    x = paddle.to_tensor(x0, stop_gradient=False)
    J = paddle.autograd.jacobian(_f_paddle(x), x)
    assert J.shape == [3, 3]
    expected = _finite_jacobian(_f_numpy, x0)
    np.testing.assert_allclose(J[1].numpy(), expected[1], rtol=1e-6)
    assert sorted(J._rows) == [1]  # only the asked-for row was evaluated
    np.testing.assert_allclose(J[:].numpy(), expected, rtol=1e-6)
    np.testing.assert_allclose(J[0:2, 2].numpy(), expected[0:2, 2], rtol=1e-6)


def test_jacobian_shapes_for_scalars_tuples_and_batches():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    s = paddle.to_tensor(3.0, stop_gradient=False)
    assert paddle.autograd.jacobian((x * x).sum(), x).shape == [2]
    assert paddle.autograd.jacobian(x * s, s)[:].tolist() == [1.0, 2.0]
    J = paddle.autograd.jacobian(x * s, (x, s))
    assert J[0][:].tolist() == [[3.0, 0.0], [0.0, 3.0]] and J[1][:].tolist() == [1.0, 2.0]
    xb = paddle.to_tensor(np.arange(6.0).reshape(3, 2), stop_gradient=False)
    Jb = paddle.autograd.jacobian(xb * xb, xb, batch_axis=0)
    assert Jb.shape == [3, 2, 2]
    expected = np.stack([np.diag(2 * row) for row in np.arange(6.0).reshape(3, 2)])
    np.testing.assert_array_equal(Jb[:].numpy(), expected)


def test_hessian_of_a_quadratic_and_of_a_cubic():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((3, 3))
    x = paddle.to_tensor(rng.standard_normal(3), stop_gradient=False)
    H = paddle.autograd.hessian((x * paddle.matmul(paddle.to_tensor(a), x)).sum(), x)
    np.testing.assert_allclose(H[:].numpy(), a + a.T, rtol=1e-12)
    y = paddle.to_tensor([1.0, 2.0], dtype="float64", stop_gradient=False)
    assert paddle.autograd.hessian((y**3).sum(), y)[:].tolist() == [[6.0, 0.0], [0.0, 12.0]]


def test_vjp_and_jvp_match_the_jacobian():
    x0 = np.array([0.3, -0.8, 1.1])
    v = np.array([0.5, -1.0, 2.0])
    expected = _finite_jacobian(_f_numpy, x0)
    out, vj = paddle.incubate.autograd.vjp(_f_paddle, paddle.to_tensor(x0), paddle.to_tensor(v))
    np.testing.assert_allclose(out.numpy(), _f_numpy(x0), rtol=1e-12)
    np.testing.assert_allclose(vj.numpy(), v @ expected, rtol=1e-6)
    _, jv = paddle.incubate.autograd.jvp(_f_paddle, paddle.to_tensor(x0), paddle.to_tensor(v))
    np.testing.assert_allclose(jv.numpy(), expected @ v, rtol=1e-6)


def test_bad_arguments():
    x = paddle.to_tensor(np.ones((2, 2)), stop_gradient=False)
    with pytest.raises(ValueError, match=r"\[jacobian\] argument 'ys'"):
        paddle.autograd.jacobian(x * 2, x)
    with pytest.raises(ValueError, match=r"\[jacobian\] batch_axis"):
        paddle.autograd.jacobian(x, x, batch_axis=1)
    with pytest.raises(ValueError, match=r"\[hessian\] argument 'ys'"):
        paddle.autograd.hessian(paddle.to_tensor([1.0, 2.0], stop_gradient=False), x)
