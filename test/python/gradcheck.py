"""Numeric-vs-analytic gradient checks (float64, central differences),
independent of the op's own backward: the reference is finite differences of
the forward."""

from __future__ import annotations

import numpy as np

import paddle


def _loss(fn, arrays, weights):
    tensors = [paddle.to_tensor(a) for a in arrays]
    out = fn(*tensors)
    return float(np.sum(out.numpy() * weights))


def _central_differences(value, arrays, eps, direction=1.0):
    """The derivative of value(*arrays) along `direction` (1, or 1j for the
    imaginary part) for every input element."""
    grads = []
    for i, a in enumerate(arrays):
        g = np.zeros(a.shape, dtype=np.float64)
        for idx in np.ndindex(a.shape):
            plus = [x.copy() for x in arrays]
            minus = [x.copy() for x in arrays]
            plus[i][idx] += direction * eps
            minus[i][idx] -= direction * eps
            g[idx] = (value(*plus) - value(*minus)) / (2 * eps)
        grads.append(g)
    return grads


def numeric_grads(fn, arrays, weights, eps=1e-6):
    return _central_differences(lambda *arrs: _loss(fn, arrs, weights), arrays, eps)


def analytic_grads(fn, arrays, weights):
    tensors = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
    out = fn(*tensors)
    loss = (out * paddle.to_tensor(weights)).sum()
    return [g.numpy() for g in paddle.grad(loss, tensors)]


def check_grads(fn, arrays, rng, rtol=1e-5, atol=1e-6):
    out = fn(*[paddle.to_tensor(a) for a in arrays])
    weights = rng.standard_normal(out.shape)
    for a, n in zip(analytic_grads(fn, arrays, weights), numeric_grads(fn, arrays, weights)):
        np.testing.assert_allclose(a, n, rtol=rtol, atol=atol)


def check_second_order(fn, arrays, rng, rtol=1e-4, atol=1e-5):
    """d/dx of <d loss/dx, v> by the engine (create_graph) vs finite
    differences of the engine's first derivative, which check_grads verifies
    separately against finite differences of the forward."""
    out = fn(*[paddle.to_tensor(a) for a in arrays])
    weights = rng.standard_normal(out.shape)
    probes = [rng.standard_normal(a.shape) for a in arrays]

    def first_order_dot(*tensors):
        out = fn(*tensors)
        loss = (out * paddle.to_tensor(weights)).sum()
        grads = paddle.grad(loss, list(tensors), create_graph=True)
        total = None
        for g, p in zip(grads, probes):
            term = (g * paddle.to_tensor(p)).sum()
            total = term if total is None else total + term
        return total

    tensors = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
    total = first_order_dot(*tensors)
    if total.stop_gradient:  # the first derivative is constant (a linear op)
        analytic = [np.zeros_like(a) for a in arrays]
    else:
        analytic = [np.zeros_like(a) if g is None else g.numpy()
                    for a, g in zip(arrays, paddle.grad(total, tensors, allow_unused=True))]

    def value(*arrs):
        ts = [paddle.to_tensor(a, stop_gradient=False) for a in arrs]
        return first_order_dot(*ts).item()

    for a, n in zip(analytic, _central_differences(value, arrays, eps=1e-5)):
        np.testing.assert_allclose(a, n, rtol=rtol, atol=atol)


def check_complex_grads(fn, arrays, rng, rtol=1e-5, atol=1e-6):
    """Complex inputs: the engine's gradient of the real loss
    L = Re(sum(fn(z) * w)) must equal dL/dRe(z) + i dL/dIm(z) (the conjugate
    Wirtinger convention of Paddle and PyTorch), by central differences."""
    out = fn(*[paddle.to_tensor(a) for a in arrays])
    weights = rng.standard_normal(out.shape) + 1j * rng.standard_normal(out.shape)
    if not np.iscomplexobj(out.numpy()):
        weights = weights.real

    def loss_value(*arrs):
        return float(np.real(np.sum(fn(*[paddle.to_tensor(a) for a in arrs]).numpy() * weights)))

    tensors = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
    product = fn(*tensors) * paddle.to_tensor(weights)
    loss = (product.astype("float64") if np.iscomplexobj(weights) else product).sum()
    analytic = paddle.grad(loss, tensors)
    along_real = _central_differences(loss_value, arrays, 1e-6)
    along_imag = _central_differences(loss_value, arrays, 1e-6, direction=1j)
    for a, re, im in zip(analytic, along_real, along_imag):
        np.testing.assert_allclose(a.numpy(), re + 1j * im, rtol=rtol, atol=atol)
