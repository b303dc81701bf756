"""backward(dump_backward_graph_path=...): the graph a backward pass runs,
written as Graphviz DOT into that directory before the pass (Paddle's
debugging aid), checked against the graph built by hand."""

from __future__ import annotations

import os
import re

import numpy as np
import pytest

import paddle


def _graph(directory):
    (name,) = os.listdir(directory)
    assert name.endswith("_backward_graph.dot")
    text = open(os.path.join(directory, name)).read()
    labels = dict(re.findall(r'(node_\d+)\[label="(\w+)\\n', text))
    edges = [(labels[a], labels[b]) for a, b in re.findall(r"(node_\d+)->(node_\d+)", text)]
    return sorted(labels.values()), sorted(edges)


def test_tensor_backward_dumps_its_graph(tmp_path):
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = paddle.to_tensor([3.0, 4.0], stop_gradient=False)
    loss = (x.exp() * y).sum()
    loss.backward(dump_backward_graph_path=str(tmp_path / "graphs"))
    nodes, edges = _graph(tmp_path / "graphs")
    assert nodes == ["accumulate_grad", "accumulate_grad", "exp_grad", "multiply_grad", "sum_grad"]
    assert edges == [("accumulate_grad", "exp_grad"), ("accumulate_grad", "multiply_grad"),
                     ("exp_grad", "multiply_grad"), ("multiply_grad", "sum_grad")]
    np.testing.assert_allclose(x.grad.numpy(), np.exp([1.0, 2.0]) * [3.0, 4.0], rtol=1e-6)


def test_autograd_backward_dumps_every_root(tmp_path):
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    paddle.autograd.backward([x.sin().sum(), x.cos().sum()], dump_backward_graph_path=str(tmp_path))
    nodes, edges = _graph(tmp_path)
    assert nodes == ["accumulate_grad", "cos_grad", "sin_grad", "sum_grad", "sum_grad"]
    assert len(edges) == 4
    np.testing.assert_allclose(x.grad.numpy(), np.cos([1.0, 2.0]) - np.sin([1.0, 2.0]), rtol=1e-6)


def test_a_file_in_the_way_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    x = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(ValueError, match=r"\[backward\] argument 'dump_backward_graph_path': cannot create"):
        x.sum().backward(dump_backward_graph_path=str(blocker))


def test_grad_dumps_the_graph_it_differentiates(tmp_path):
    x = paddle.to_tensor(2.0, stop_gradient=False)
    (dx,) = paddle.grad(x.tanh(), x, dump_backward_graph_path=str(tmp_path))
    nodes, edges = _graph(tmp_path)
    assert nodes == ["accumulate_grad", "tanh_grad"] and edges == [("accumulate_grad", "tanh_grad")]
    assert abs(dx.item() - (1 - np.tanh(2.0) ** 2)) < 1e-6
