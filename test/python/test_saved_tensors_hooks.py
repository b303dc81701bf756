"""paddle.autograd.saved_tensors_hooks against hand-computed gradients and
counts of what is packed (Note [Saved-tensor hooks])."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
from paddle.autograd import PyLayer, saved_tensors_hooks


def _leaf(values):
    t = paddle.to_tensor(np.asarray(values, dtype="float64"))
    t.stop_gradient = False
    return t


class _Recorder:
    """Hooks that keep NumPy copies, recording what they were given."""

    def __init__(self):
        self.packed, self.unpacked = [], []

    def pack(self, t):
        self.packed.append(t.numpy().copy())
        return ("kept", len(self.packed) - 1)

    def unpack(self, key):
        self.unpacked.append(key)
        return paddle.to_tensor(self.packed[key[1]])


def test_every_saved_tensor_is_packed_and_unpacked_for_backward():
    a, b = _leaf([1.0, 2.0, 3.0]), _leaf([4.0, 5.0, 6.0])
    hooks = _Recorder()
    with saved_tensors_hooks(hooks.pack, hooks.unpack):
        y = paddle.multiply(a, b)  # saves a and b
        z = paddle.exp(a)  # saves its output
    assert len(hooks.packed) == 3 and not hooks.unpacked
    saved = sorted(p.tolist() for p in hooks.packed)
    assert saved == sorted([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], np.exp([1.0, 2.0, 3.0]).tolist()])
    (y.sum() + z.sum()).backward()
    assert len(hooks.unpacked) == 3
    np.testing.assert_allclose(a.grad.numpy(), np.array([4.0, 5.0, 6.0]) + np.exp([1.0, 2.0, 3.0]), rtol=1e-12)
    np.testing.assert_allclose(b.grad.numpy(), [1.0, 2.0, 3.0], rtol=1e-12)


def test_backward_uses_what_unpack_returns():
    # c is written in place after forward: without hooks backward refuses;
    # with hooks it reads the copy pack_hook kept, the values c had when saved.
    a = _leaf([1.0, -2.0])
    with saved_tensors_hooks(lambda t: t.clone(), lambda t: t):
        c = a * 3.0
        y = c * c
    with paddle.no_grad():
        c.add_(paddle.to_tensor([100.0, 100.0], dtype="float64"))
    y.sum().backward()
    np.testing.assert_allclose(a.grad.numpy(), 2 * 3.0 * 3.0 * np.array([1.0, -2.0]), rtol=1e-12)


def test_hooks_apply_only_inside_the_context():
    a = _leaf([1.0, 2.0])
    hooks = _Recorder()
    with saved_tensors_hooks(hooks.pack, hooks.unpack):
        pass
    y = paddle.sin(a)
    y.sum().backward()
    assert hooks.packed == [] and hooks.unpacked == []
    np.testing.assert_allclose(a.grad.numpy(), np.cos([1.0, 2.0]), rtol=1e-12)


def test_tensors_saved_for_their_shape_only_are_not_packed():
    a = _leaf([[1.0, 2.0], [3.0, 4.0]])
    hooks = _Recorder()
    with saved_tensors_hooks(hooks.pack, hooks.unpack):
        y = paddle.reshape(a, [4])
    assert hooks.packed == []
    (y * paddle.to_tensor([1.0, 2.0, 3.0, 4.0], dtype="float64")).sum().backward()
    np.testing.assert_array_equal(a.grad.numpy(), [[1.0, 2.0], [3.0, 4.0]])


def test_py_layer_save_for_backward_is_packed():
    class Cube(PyLayer):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x * x

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensor()
            return grad * 3 * x * x

    a = _leaf([2.0, -1.0])
    hooks = _Recorder()
    with saved_tensors_hooks(hooks.pack, hooks.unpack):
        y = Cube.apply(a)
    assert [p.tolist() for p in hooks.packed] == [[2.0, -1.0]]
    y.sum().backward()
    assert hooks.unpacked == [("kept", 0)]
    np.testing.assert_allclose(a.grad.numpy(), [12.0, 3.0], rtol=1e-12)


def test_one_pair_at_a_time():
    identity = lambda t: t  # noqa: E731
    with saved_tensors_hooks(identity, identity):
        with pytest.raises(ValueError, match=r"\[saved_tensors_hooks\] only one pair of hooks is allowed at a time"):
            with saved_tensors_hooks(identity, identity):
                pass
    with saved_tensors_hooks(identity, identity):  # the failed entry left nothing set
        y = paddle.exp(_leaf([0.0]))
    y.backward()


def test_bad_hooks_raise_clear_errors():
    with pytest.raises(TypeError, match=r"\[saved_tensors_hooks\] argument 'unpack_hook': expected a callable, "
                                        r"but got int"):
        saved_tensors_hooks(lambda t: t, 3)
    a = _leaf([1.0, 2.0])
    with saved_tensors_hooks(lambda t: t, lambda t: 3):
        y = paddle.sin(a)
    with pytest.raises(TypeError, match=r"\[saved_tensors_hooks\] unpack_hook must return a Tensor, but got int"):
        y.sum().backward()
    with saved_tensors_hooks(lambda t: t, lambda t: paddle.zeros([5], dtype="float64")):
        y = paddle.sin(a)
    with pytest.raises(ValueError, match=r"\[saved_tensors_hooks\] unpack_hook must return the saved tensor "
                                         r"\(shape \[2\], dtype float64\), but got shape \[5\], dtype float64"):
        y.sum().backward()
    with pytest.raises(ZeroDivisionError):
        with saved_tensors_hooks(lambda t: 1 / 0, lambda t: t):
            paddle.sin(a)
    y = paddle.sin(a)  # the hooks are gone after the error
    y.sum().backward()
