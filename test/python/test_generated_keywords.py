"""Paddle 3.x's keyword conveniences on the ops generated from the YAML:
out= (Note [Output arguments] in paddle/autograd/inplace.h) and the aliases
input=/other=/dim= plus each op's own (Note [Keyword aliases] in
tools/codegen/op_spec.py), checked against NumPy."""

from __future__ import annotations

import glob
import os
import re
import sys

import numpy as np
import pytest

import paddle

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from codegen.op_spec import load_ops  # noqa: E402

OPS = load_ops(sorted(glob.glob(os.path.join(ROOT, "paddle", "phi", "ops", "yaml", "*.yaml"))))
A = np.array([[0.5, -1.0, 2.0], [3.0, 0.25, -2.0]])
B = np.array([1.5, -0.5, 4.0])


def _keywords(function) -> set[str]:
    """The keyword names in a generated binding's signature line."""
    first_line = function.__doc__.split("\n")[0]
    return set(re.findall(r"(\w+): object", first_line))


def test_every_public_op_takes_out_and_its_aliases():
    checked = 0
    for op in OPS:
        if not op.takes_out:
            continue
        keywords = _keywords(getattr(paddle._C_ops, op.name))
        assert "out" in keywords, op.name
        assert set(op.aliases.values()) <= keywords, op.name
        checked += 1
    assert checked > 100  # the YAML's public ops, not a vacuous pass


def test_default_aliases_follow_the_argument_names():
    by_name = {op.name: op for op in OPS}
    assert by_name["add"].aliases == {"x": "input", "y": "other"}
    assert by_name["sum"].aliases == {"x": "input", "axis": "dim"}
    internal = next(op for op in OPS if not op.python_modules and not op.python_methods)
    assert internal.aliases == {} and not internal.takes_out


def test_out_receives_values_that_views_of_it_see():
    x, y = paddle.to_tensor(A), paddle.to_tensor(B)
    out = paddle.zeros([2, 3], dtype="float64")
    row = out[1]
    returned = paddle.add(x, y, out=out)
    assert returned is out
    np.testing.assert_allclose(out.numpy(), A + B)
    np.testing.assert_allclose(row.numpy(), (A + B)[1])


def test_out_of_another_shape_or_dtype_takes_the_result():
    x = paddle.to_tensor(A)
    out = paddle.zeros([7], dtype="int32")
    paddle.exp(x, out=out)
    assert out.shape == [2, 3] and out.dtype == paddle.float64
    np.testing.assert_allclose(out.numpy(), np.exp(A))
    same_shape_int = paddle.zeros([2, 3], dtype="int32")
    paddle.exp(x, out=same_shape_int)
    assert same_shape_int.dtype == paddle.float64
    np.testing.assert_allclose(same_shape_int.numpy(), np.exp(A))


def test_gradients_flow_through_out():
    x = paddle.to_tensor(A, stop_gradient=False)
    out = paddle.zeros([2, 3], dtype="float64")
    paddle.sin(x, out=out)
    assert out.stop_gradient is False
    (out * out).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * np.sin(A) * np.cos(A))


def test_out_that_is_a_leaf_requiring_grad_is_refused():
    out = paddle.zeros([2, 3], dtype="float64")
    out.stop_gradient = False
    with pytest.raises(ValueError, match=r"\[exp\] argument 'out' is a leaf tensor that requires grad"):
        paddle.exp(paddle.to_tensor(A), out=out)
    with paddle.no_grad():
        paddle.exp(paddle.to_tensor(A), out=out)
    np.testing.assert_allclose(out.numpy(), np.exp(A))


def test_multi_output_op_writes_each_out():
    values = paddle.zeros([2, 1], dtype="float64")
    indices = paddle.zeros([2, 1], dtype="int64")
    returned = paddle.topk(paddle.to_tensor(A), 1, out=(values, indices))
    assert returned[0] is values and returned[1] is indices
    np.testing.assert_allclose(values.numpy()[:, 0], A.max(axis=1))
    np.testing.assert_array_equal(indices.numpy()[:, 0], A.argmax(axis=1))


def test_tensor_methods_take_out_and_dim():
    x = paddle.to_tensor(A)
    out = paddle.zeros([3], dtype="float64")
    assert x.sum(dim=0, out=out) is out
    np.testing.assert_allclose(out.numpy(), A.sum(axis=0))
    np.testing.assert_allclose(x.add(other=paddle.to_tensor(B)).numpy(), A + B)


@pytest.mark.parametrize("call,expected", [
    (lambda x, y: paddle.add(input=x, other=y), lambda: A + B),
    (lambda x, y: paddle.subtract(x, other=y), lambda: A - B),
    (lambda x, y: paddle.sum(input=x, dim=1, keepdim=True), lambda: A.sum(axis=1, keepdims=True)),
    (lambda x, y: paddle.exp(input=x), lambda: np.exp(A)),
    (lambda x, y: paddle.maximum(input=x, other=y), lambda: np.maximum(A, B)),
    (lambda x, y: paddle.nn.functional.softmax(x, dim=0),
     lambda: np.exp(A) / np.exp(A).sum(axis=0, keepdims=True)),
    (lambda x, y: paddle.concat(tensors=[x, x], dim=1), lambda: np.concatenate([A, A], axis=1)),
    (lambda x, y: paddle.stack(tensors=[x, x], dim=1), lambda: np.stack([A, A], axis=1)),
    (lambda x, y: paddle.expand(y, size=[2, 3]), lambda: np.broadcast_to(B, (2, 3))),
    (lambda x, y: paddle.flatten(x.reshape([1, 2, 3]), start_dim=1, end_dim=2), lambda: A.reshape(1, 6)),
    (lambda x, y: paddle.nn.functional.softshrink(x, lambd=1.0), lambda: np.where(np.abs(A) > 1, A - np.sign(A), 0)),
    (lambda x, y: paddle.index_add(x, paddle.to_tensor([1]), dim=0, source=y.reshape([1, 3])),
     lambda: A + np.array([[0, 0, 0], B])),
])
def test_aliases_give_the_named_arguments_results(call, expected):
    np.testing.assert_allclose(call(paddle.to_tensor(A), paddle.to_tensor(B)).numpy(), expected(), rtol=1e-12)


def test_alias_errors_name_the_op_and_the_argument():
    x = paddle.to_tensor(A)
    with pytest.raises(TypeError, match=r"\[multiply\] got both 'x' and its alias 'input'"):
        paddle.multiply(x, x, input=x)
    with pytest.raises(TypeError, match=r"\[multiply\] missing required argument 'x'"):
        paddle.multiply(other=x)
    with pytest.raises(TypeError, match=r"\[exp\] argument 'out': expected a Tensor, but got int"):
        paddle.exp(x, out=3)
    with pytest.raises(TypeError, match=r"\[topk\] argument 'out': expected a tuple of 2 Tensors"):
        paddle.topk(x, 1, out=paddle.zeros([1]))
    with pytest.raises(ValueError, match=r"\[topk\] argument 'out': expected 2 Tensors \(one per output\), but got 1"):
        paddle.topk(x, 1, out=[paddle.zeros([1])])


def test_out_in_a_static_program_names_the_result():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [2, 3], "float64")
            out = paddle.static.data("placeholder", [2, 3], "float64")
            returned = paddle.exp(x, out=out)
        assert returned is out
    finally:
        paddle.disable_static()
    exe = paddle.static.Executor()
    (value,) = exe.run(main, feed={"x": A, "placeholder": np.zeros_like(A)}, fetch_list=[out])
    np.testing.assert_allclose(value, np.exp(A))
