"""Numeric-vs-analytic gradient checks (float64, central differences),
independent of the op's own backward: the reference is finite differences of
the forward."""

from __future__ import annotations

import numpy as np

import paddle


def _loss(fn, arrays, weights):
    tensors = [paddle.to_tensor(a) for a in arrays]
    out = fn(*tensors)
    return float(np.real(np.sum(out.numpy() * weights)))  # complex output: its real part, as the engine differentiates


def _differentiable(arrays) -> list[int]:
    """Indices of the inputs gradients are checked for (floating/complex ones)."""
    return [i for i, a in enumerate(arrays) if np.asarray(a).dtype.kind in "fc"]


def _central_differences(value, arrays, eps, direction=1.0):
    """The derivative of value(*arrays) along `direction` (1, or 1j for the
    imaginary part) for every element of every differentiable input."""
    grads = []
    for i in _differentiable(arrays):
        a = arrays[i]
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


def _leaves(arrays):
    """Tensors for the arrays (differentiable ones requiring grad) and the
    differentiable tensors."""
    wanted = set(_differentiable(arrays))
    tensors = [paddle.to_tensor(a, stop_gradient=i not in wanted) for i, a in enumerate(arrays)]
    return tensors, [tensors[i] for i in sorted(wanted)]


def _grads(loss, leaves):
    """d loss / d leaves, zeros for leaves the loss does not depend on."""
    if loss.stop_gradient:
        return [np.zeros(t.shape, dtype=t.numpy().dtype) for t in leaves]
    grads = paddle.grad(loss, leaves, allow_unused=True)
    return [np.zeros(t.shape, dtype=t.numpy().dtype) if g is None else g.numpy() for g, t in zip(grads, leaves)]


def analytic_grads(fn, arrays, weights):
    tensors, leaves = _leaves(arrays)
    out = fn(*tensors)
    return _grads((out * paddle.to_tensor(weights)).sum(), leaves)


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
    probes = [rng.standard_normal(arrays[i].shape) for i in _differentiable(arrays)]

    def first_order_dot(arrs):
        tensors, leaves = _leaves(arrs)
        loss = (fn(*tensors) * paddle.to_tensor(weights)).sum()
        grads = paddle.grad(loss, leaves, create_graph=True, allow_unused=True)
        terms = [(g * paddle.to_tensor(p)).sum() for g, p in zip(grads, probes) if g is not None]
        total = terms[0]
        for term in terms[1:]:
            total = total + term
        return total, leaves

    total, leaves = first_order_dot(arrays)
    analytic = _grads(total, leaves)
    numeric = _central_differences(lambda *arrs: first_order_dot(list(arrs))[0].item(), arrays, eps=1e-5)
    for a, n in zip(analytic, numeric):
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

    tensors, leaves = _leaves(arrays)
    product = fn(*tensors) * paddle.to_tensor(weights)
    loss = (product.astype("float64") if np.iscomplexobj(weights) else product).sum()
    analytic = _grads(loss, leaves)
    along_real = _central_differences(loss_value, arrays, 1e-6)
    along_imag = _central_differences(loss_value, arrays, 1e-6, direction=1j)
    for a, re, im in zip(analytic, along_real, along_imag):
        np.testing.assert_allclose(a, re + 1j * im, rtol=rtol, atol=atol)


def check_layer_grads(layer, arrays, forward, eps=1e-6, rtol=1e-5, atol=1e-7, seed=3):
    """Compares d<forward(layer, *tensors), w>/d(parameter, floating input) from backward with central
    differences; `forward` returns one Tensor. The layer must be float64."""
    rng = np.random.default_rng(seed)
    tensors = [paddle.to_tensor(a, stop_gradient=not np.issubdtype(a.dtype, np.floating)) for a in arrays]
    out = forward(layer, *tensors)
    weights = rng.standard_normal(out.shape)
    (out * paddle.to_tensor(weights)).sum().backward()

    def value(ts):
        with paddle.no_grad():
            return float((forward(layer, *ts) * paddle.to_tensor(weights)).sum())

    params = layer.parameters()
    for p in params:
        values = p.numpy().copy()
        numeric = np.zeros_like(values)
        for i in np.ndindex(values.shape):
            for sign in (1, -1):
                shifted = values.copy()
                shifted[i] += sign * eps
                p.set_value(shifted)
                numeric[i] += sign * value(tensors) / (2 * eps)
        p.set_value(values)
        assert p.grad is not None, p.name
        np.testing.assert_allclose(p.grad.numpy(), numeric, rtol=rtol, atol=atol, err_msg=p.name)
    for k, (t, a) in enumerate(zip(tensors, arrays)):
        if t.stop_gradient:
            continue
        numeric = np.zeros_like(a)
        for i in np.ndindex(a.shape):
            for sign in (1, -1):
                shifted = a.copy()
                shifted[i] += sign * eps
                numeric[i] += sign * value(tensors[:k] + [paddle.to_tensor(shifted)] + tensors[k + 1:]) / (2 * eps)
        np.testing.assert_allclose(t.grad.numpy(), numeric, rtol=rtol, atol=atol, err_msg=f"input {k}")
    return len(params)
