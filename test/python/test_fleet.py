"""paddle.distributed.fleet in one process: the strategy's settings,
recompute against plain backward (finite differences would say the same:
both are compared with an independent forward), autocast from the strategy,
gradient merge against summed gradients, and the errors."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
from paddle import nn
from paddle.distributed import fleet
from paddle.distributed.fleet.utils import recompute


@pytest.fixture(autouse=True)
def fresh_fleet():
    fleet._Fleet.strategy = None
    yield
    fleet._Fleet.strategy = None


def test_strategy_settings_and_their_errors():
    s = fleet.DistributedStrategy()
    assert (s.amp, s.recompute, s.gradient_merge) == (False, False, False)
    assert s.gradient_merge_configs == {"k_steps": 1, "avg": True}
    s.gradient_merge_configs = {"k_steps": 4}
    s.amp = True
    assert s.gradient_merge_configs == {"k_steps": 4, "avg": True} and s.amp is True
    assert fleet.DistributedStrategy().gradient_merge_configs["k_steps"] == 1  # not shared between strategies
    assert "amp=True" in repr(s) and "recompute" not in repr(s)
    with pytest.raises(ValueError, match=r"gradient_merge_configs: unknown keys \['k'\]"):
        s.gradient_merge_configs = {"k": 2}
    with pytest.raises(TypeError, match=r"\[DistributedStrategy\] amp: expected a bool"):
        s.amp = 1
    with pytest.raises(AttributeError, match="no setting named 'ampp'"):
        s.ampp = True


def _block():
    paddle.seed(1)
    return nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Dropout(0.3), nn.Linear(7, 3))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_recompute_gives_the_gradients_of_plain_backward(dtype):
    paddle.set_default_dtype(dtype)
    try:
        x = np.random.RandomState(0).randn(4, 5).astype(dtype)
        grads = []
        for use_recompute in (False, True):
            block = _block()
            inp = paddle.to_tensor(x, stop_gradient=False)
            paddle.seed(42)  # the same dropout mask in both runs
            out = recompute(block, inp) if use_recompute else block(inp)
            (out * out).sum().backward()
            grads.append([inp.grad.numpy()] + [p.grad.numpy() for p in block.parameters()])
            # the forward value itself is the plain one: tanh(x W1 + b1) masked, then W2
            if not use_recompute:
                plain = out.numpy()
            else:
                np.testing.assert_allclose(out.numpy(), plain, rtol=1e-6)
        for a, b in zip(*grads):
            np.testing.assert_allclose(b, a, rtol=1e-6, atol=1e-7)
        assert np.abs(grads[0][0]).sum() > 0
    finally:
        paddle.set_default_dtype("float32")


def test_recompute_without_an_input_that_needs_a_gradient_still_trains_the_block():
    block = _block()
    block.eval()
    x = paddle.randn([2, 5])  # stop_gradient: a plain forward
    recompute(block, x).sum().backward()
    assert all(p.grad is not None for p in block.parameters())
    with pytest.raises(TypeError, match=r"\[recompute\] argument 'function'"):
        recompute(3, x)
    with pytest.raises(TypeError, match=r"\[recompute\] unexpected keyword arguments \['offload'\]"):
        recompute(block, x, offload=True)


def test_distributed_model_runs_the_forward_under_the_strategys_autocast():
    s = fleet.DistributedStrategy()
    s.amp = True
    s.amp_configs = {"use_bf16": True}
    fleet.init(is_collective=True, strategy=s)
    model = fleet.distributed_model(nn.Linear(4, 3))
    assert isinstance(model, nn.Linear)  # one process: no DataParallel
    out = model(paddle.randn([2, 4]))
    assert out.dtype == paddle.bfloat16
    assert list(model.state_dict().keys()) == ["weight", "bias"]


def test_gradient_merge_steps_every_k_calls_on_the_averaged_gradients():
    s = fleet.DistributedStrategy()
    s.gradient_merge = True
    s.gradient_merge_configs = {"k_steps": 3, "avg": True}
    fleet.init(is_collective=True, strategy=s)
    paddle.seed(3)
    model = nn.Linear(4, 2)
    w0 = model.weight.numpy().copy()
    opt = fleet.distributed_optimizer(paddle.optimizer.SGD(learning_rate=0.5, parameters=model.parameters()))
    xs = [np.random.RandomState(k).randn(3, 4).astype("float32") for k in range(3)]
    for k, x in enumerate(xs):
        model(paddle.to_tensor(x)).sum().backward()
        opt.step()
        opt.clear_grad()
        if k < 2:
            np.testing.assert_array_equal(model.weight.numpy(), w0)  # not yet
    # d(sum(x W + b))/dW = column sums of x, the same for both outputs
    mean_grad = np.mean([x.sum(0) for x in xs], axis=0)[:, None].repeat(2, 1)
    np.testing.assert_allclose(model.weight.numpy(), w0 - 0.5 * mean_grad, rtol=1e-5)
    assert opt.get_lr() == 0.5  # the rest is the inner optimizer's


def test_fleet_errors():
    with pytest.raises(RuntimeError, match=r"\[fleet.distributed_model\] call fleet.init"):
        fleet.distributed_model(nn.Linear(2, 2))
    with pytest.raises(ValueError, match="is_collective=True"):
        fleet.init()
    fleet.init(is_collective=True)
    s = fleet.DistributedStrategy()
    s.recompute = True
    s.recompute_configs = {"checkpoints": ["nope"]}
    fleet.init(is_collective=True, strategy=s)
    with pytest.raises(ValueError, match="the model has no sublayer 'nope'"):
        fleet.distributed_model(nn.Sequential(nn.Linear(2, 2)))
    with pytest.raises(TypeError, match="argument 'optimizer'"):
        fleet.distributed_optimizer(object())
    assert (fleet.worker_index(), fleet.worker_num(), fleet.is_first_worker()) == (0, 1, True)
