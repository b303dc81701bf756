"""paddle.nn.Layer, parameters, containers and the simple layers: registration
order and names, state_dict round trips and their errors, hooks, modes,
dtype conversion, Linear and the activation layers against NumPy."""

from __future__ import annotations

import copy
import math
import warnings

import numpy as np
import pytest

import paddle
import paddle.nn as nn
from paddle.base import unique_name
from paddle.base.framework import EagerParamBase


class Block(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(4, 2)
        self.register_buffer("steps", paddle.zeros([1], dtype="int64"))
        self.scratch = paddle.zeros([2])  # a plain Tensor attribute: a non-persistable buffer

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


# ---- parameters -------------------------------------------------------------

def test_parameter_is_a_tensor_with_paddle_attributes():
    p = paddle.create_parameter([2, 3], "float32", attr=paddle.ParamAttr(name="w", learning_rate=0.1,
                                                                          trainable=False, need_clip=False))
    assert isinstance(p, paddle.Tensor) and isinstance(p, EagerParamBase) and isinstance(p, nn.Parameter)
    assert (p.name, p.trainable, p.stop_gradient, p.persistable, p.need_clip) == ("w", False, True, True, False)
    assert p.optimize_attr == {"learning_rate": 0.1}
    p.trainable = True
    assert not p.stop_gradient
    y = (p * 2).sum()
    assert type(p * 2) is paddle.Tensor  # ops return plain tensors
    y.backward()
    np.testing.assert_array_equal(p.grad.numpy(), np.full([2, 3], 2.0))
    assert repr(p).startswith("Parameter containing:\nTensor(shape=[2, 3], dtype=float32")
    q = copy.deepcopy(p)
    assert isinstance(q, EagerParamBase) and q.name != p.name and q.optimize_attr == {"learning_rate": 0.1}
    np.testing.assert_array_equal(q.numpy(), p.numpy())


def test_parameter_names_are_unique_as_paddle_names_them():
    with unique_name.guard():
        a, b = nn.Linear(2, 2), nn.Linear(2, 2)
        block = Block()
        assert (a.weight.name, a.bias.name, b.weight.name) == ("linear_0.w_0", "linear_0.b_0", "linear_1.w_0")
        assert block.full_name() == "block_0" and block.fc1.full_name() == "linear_2"
        extra = block.create_parameter([2])
        assert extra.name == "block_0.w_0"
        assert nn.Linear(2, 2, weight_attr="mine").weight.name == "mine"


def test_registration_order_and_traversal():
    net = Block()
    assert [n for n, _ in net.named_parameters()] == ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]
    assert [n for n, _ in net.named_parameters(prefix="net")][0] == "net.fc1.weight"
    assert net.parameters(include_sublayers=False) == []
    assert [n for n, _ in net.named_sublayers()] == ["fc1", "act", "fc2"]
    assert net.sublayers(include_self=True)[0] is net
    assert [n for n, _ in net.named_children()] == ["fc1", "act", "fc2"]
    assert [n for n, _ in net.named_buffers()] == ["steps", "scratch"]
    assert list(net.state_dict()) == ["steps", "fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]
    outer = nn.Sequential(net, nn.Linear(2, 2))
    assert [n for n, _ in outer.named_sublayers()] == ["0", "0.fc1", "0.act", "0.fc2", "1"]


def test_shared_parameter_is_listed_once():
    net = nn.Layer()
    net.a = nn.Linear(2, 2)
    net.b = nn.Linear(2, 2)
    net.b.weight = net.a.weight
    assert len(net.parameters()) == 3


def test_setattr_routing_and_errors():
    net = Block()
    with pytest.raises(TypeError, match=r"\[Linear\] assignment to parameter 'weight': expected a Parameter or None"):
        net.fc1.weight = paddle.zeros([3, 4])
    with pytest.raises(TypeError, match=r"assignment to sublayer 'act': expected a Layer or None, but got int"):
        net.act = 3
    net.fc1.bias = None
    assert [n for n, _ in net.named_parameters()] == ["fc1.weight", "fc2.weight", "fc2.bias"]
    del net.act
    assert "act" not in dict(net.named_children()) and not hasattr(net, "act")
    net.act = nn.Tanh()  # re-added at the end
    assert list(dict(net.named_children())) == ["fc1", "fc2", "act"]
    net.steps = paddle.ones([1], dtype="int64")  # stays a persistable buffer
    assert "steps" in net.state_dict() and "scratch" not in net.state_dict()
    with pytest.raises(AttributeError, match="'Block' object has no attribute 'missing'"):
        net.missing


def test_add_and_register_errors():
    layer = nn.Layer()
    p = paddle.create_parameter([2], "float32")
    assert layer.add_parameter("p", p) is p and layer.p is p
    with pytest.raises(KeyError, match=r"\[add_parameter\] argument 'name': expected a non-empty name without"):
        layer.add_parameter("a.b", p)
    with pytest.raises(KeyError, match=r"\[add_parameter\] the attribute 'training' already exists"):
        layer.add_parameter("training", p)
    with pytest.raises(TypeError, match=r"\[add_parameter\] argument 'parameter': expected a Parameter or None, "
                                        r"but got a float32 Tensor"):
        layer.add_parameter("q", paddle.zeros([2]))
    with pytest.raises(TypeError, match=r"\[add_sublayer\] argument 'sublayer': expected a Layer or None"):
        layer.add_sublayer("s", lambda x: x)
    with pytest.raises(TypeError, match=r"\[register_buffer\] argument 'name': expected a str, but got int"):
        layer.register_buffer(1, paddle.zeros([1]))
    with pytest.raises(TypeError, match=r"\[register_buffer\] argument 'tensor': expected a Tensor or None"):
        layer.register_buffer("b", np.zeros(2))

    class Early(nn.Layer):
        def __init__(self):
            self.fc = nn.Linear(2, 2)

    with pytest.raises(RuntimeError, match=r"call super\(\).__init__\(\) before assigning the sublayer 'fc'"):
        Early()


# ---- state_dict ---------------------------------------------------------------

def test_state_dict_round_trip():
    paddle.seed(1)
    a, b = Block(), Block()
    a.steps[...] = paddle.to_tensor([7])
    assert not np.array_equal(a.fc1.weight.numpy(), b.fc1.weight.numpy())
    weight = b.fc1.weight
    assert b.set_state_dict(a.state_dict()) == ([], [])
    assert b.fc1.weight is weight  # loaded in place
    for (ka, va), (kb, vb) in zip(a.state_dict().items(), b.state_dict().items()):
        assert ka == kb
        np.testing.assert_array_equal(va.numpy(), vb.numpy())
    # NumPy values, cast to the parameters' dtype
    state = {k: v.numpy().astype(np.float64) if v.dtype == paddle.float32 else v.numpy()
             for k, v in a.state_dict().items()}
    c = Block()
    assert c.set_state_dict(state) == ([], [])
    np.testing.assert_array_equal(c.fc2.bias.numpy(), a.fc2.bias.numpy())
    assert c.fc2.bias.dtype == paddle.float32


def test_state_dict_missing_unexpected_and_parameter_names():
    a, b = Block(), Block()
    state = a.state_dict()
    del state["fc2.bias"]
    state["extra"] = paddle.zeros([1])
    with pytest.warns(UserWarning, match="fc2.bias"):
        missing, unexpected = b.set_state_dict(state)
    assert (missing, unexpected) == (["fc2.bias"], ["extra"])
    by_name = {pb.name: pa.numpy() for pa, pb in zip(a.parameters(), b.parameters())}  # b's own names
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        missing, unexpected = b.set_state_dict(by_name, use_structured_name=False)
    assert missing == [b.steps.name] and unexpected == []
    np.testing.assert_array_equal(b.fc2.weight.numpy(), a.fc2.weight.numpy())


def test_state_dict_shape_mismatch_names_the_key_and_writes_nothing():
    a, b = Block(), Block()
    before = b.fc1.weight.numpy()
    state = a.state_dict()
    state["fc2.weight"] = paddle.zeros([5, 2])
    with pytest.raises(ValueError, match=r"\[set_state_dict\] 'fc2.weight': expected shape \[4, 2\], but got \[5, 2\]"):
        b.set_state_dict(state)
    np.testing.assert_array_equal(b.fc1.weight.numpy(), before)
    with pytest.raises(TypeError, match=r"\[set_state_dict\] argument 'state_dict': expected a dict, but got list"):
        b.set_state_dict([])


def test_state_dict_keep_vars_and_prefix():
    net = Block()
    detached = net.state_dict(keep_vars=False, structured_name_prefix="m.")
    assert list(detached)[1] == "m.fc1.weight"
    assert detached["m.fc1.weight"].stop_gradient and not net.fc1.weight.stop_gradient


# ---- calling, hooks, modes ----------------------------------------------------

def test_forward_hooks_run_around_forward_and_can_be_removed():
    fc = nn.Linear(2, 2, bias_attr=False)
    calls = []
    pre = fc.register_forward_pre_hook(lambda layer, inputs: (calls.append("pre"), (inputs[0] * 2,))[1])
    post = fc.register_forward_post_hook(lambda layer, inputs, out: (calls.append("post"), out + 1)[1])
    x = paddle.ones([1, 2])
    expected = (x.numpy() * 2) @ fc.weight.numpy() + 1
    np.testing.assert_allclose(fc(x).numpy(), expected, rtol=1e-6)
    assert calls == ["pre", "post"]
    pre.remove()
    post.remove()
    np.testing.assert_allclose(fc(x).numpy(), x.numpy() @ fc.weight.numpy(), rtol=1e-6)
    assert calls == ["pre", "post"]
    with pytest.raises(TypeError, match=r"\[register_forward_pre_hook\] argument 'hook': expected a callable"):
        fc.register_forward_pre_hook(3)


def test_train_eval_switch_dropout_in_every_sublayer():
    net = nn.Sequential(nn.Linear(4, 4), nn.Sequential(nn.Dropout(0.5)))
    x = paddle.ones([2000])
    drop = net[1][0]
    paddle.seed(3)
    y = drop(x).numpy()
    assert set(np.unique(y)) == {0.0, 2.0} and 0.45 < (y == 0).mean() < 0.55
    assert net.eval() is net
    assert not net.training and not drop.training
    np.testing.assert_array_equal(drop(x).numpy(), x.numpy())
    net.train()
    assert drop.training
    down = nn.Dropout(0.25, mode="downscale_in_infer").eval()
    np.testing.assert_allclose(down(x).numpy(), np.full([2000], 0.75))


def test_linear_forward_and_gradients_against_numpy():
    paddle.seed(0)
    fc = nn.Linear(3, 4)
    assert fc.weight.shape == [3, 4] and fc.bias.shape == [4]
    np.testing.assert_array_equal(fc.bias.numpy(), np.zeros(4))
    limit = math.sqrt(6 / 7)
    assert np.abs(fc.weight.numpy()).max() <= limit  # XavierUniform by default
    x_np = np.random.default_rng(0).standard_normal([5, 3]).astype(np.float32)
    g_np = np.random.default_rng(1).standard_normal([5, 4]).astype(np.float32)
    x = paddle.to_tensor(x_np, stop_gradient=False)
    y = fc(x)
    w, b = fc.weight.numpy(), fc.bias.numpy()
    np.testing.assert_allclose(y.numpy(), x_np @ w + b, rtol=1e-5, atol=1e-6)
    (y * paddle.to_tensor(g_np)).sum().backward()
    np.testing.assert_allclose(fc.weight.grad.numpy(), x_np.T @ g_np, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(fc.bias.grad.numpy(), g_np.sum(0), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(x.grad.numpy(), g_np @ w.T, rtol=1e-5, atol=1e-5)
    fc.clear_gradients()
    np.testing.assert_array_equal(fc.weight.grad.numpy(), np.zeros([3, 4]))


def test_to_and_astype_convert_floating_state():
    net = Block()
    net.to(dtype="float64")
    assert all(p.dtype == paddle.float64 and isinstance(p, EagerParamBase) for p in net.parameters())
    assert net.steps.dtype == paddle.int64 and net.fc1.weight.name.startswith("linear_")
    assert net(paddle.ones([2, 3], dtype="float64")).dtype == paddle.float64
    net.astype("float32")
    assert net.fc2.bias.dtype == paddle.float32 and not net.fc2.bias.stop_gradient
    net.to(device="cpu")
    assert net.fc1.weight.place == paddle.CPUPlace()


def test_apply_visits_children_first():
    net = Block()
    seen = []
    assert net.apply(lambda layer: seen.append(type(layer).__name__)) is net
    assert seen == ["Linear", "ReLU", "Linear", "Block"]


def test_repr_nests_and_shows_settings():
    net = nn.Sequential(("fc", nn.Linear(2, 3, name="head")), ("drop", nn.Dropout(0.1)),
                        ("inner", nn.Sequential(nn.LeakyReLU(0.2))))
    assert repr(net) == (
        "Sequential(\n"
        "  (fc): Linear(in_features=2, out_features=3, dtype=float32, name=head)\n"
        "  (drop): Dropout(p=0.1, axis=None, mode=upscale_in_train, inplace=False)\n"
        "  (inner): Sequential(\n"
        "    (0): LeakyReLU(negative_slope=0.2)\n"
        "  )\n"
        ")")

    class Multi(nn.Layer):
        def extra_repr(self):
            return "a=1\nb=2"

    assert repr(Multi()) == "Multi(\n  a=1\n  b=2\n)"


def test_deepcopy_of_a_layer_is_independent():
    net = Block()
    twin = copy.deepcopy(net)
    with paddle.no_grad():
        twin.fc1.weight[...] = paddle.zeros([3, 4])
    assert float(net.fc1.weight.abs().sum()) > 0
    assert isinstance(twin.fc1.weight, EagerParamBase)


# ---- containers ---------------------------------------------------------------

def test_sequential():
    a, b, c = nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1)
    seq = nn.Sequential(a, b, c)
    assert len(seq) == 3 and seq[0] is a and seq[-1] is c and list(seq) == [a, b, c]
    assert isinstance(seq[1:], nn.Sequential) and list(seq[1:]) == [b, c]
    x = paddle.randn([4, 2])
    np.testing.assert_allclose(seq(x).numpy(), c(b(a(x))).numpy())
    with pytest.raises(IndexError, match=r"\[Sequential\] index 3 is out of range for 3 items"):
        seq[3]
    named = nn.Sequential(("first", a), ("second", c))
    assert named["second"] is c and [n for n, _ in named.named_parameters()][0] == "first.weight"
    del seq[1]
    assert list(seq) == [a, c]
    with pytest.raises(TypeError, match=r"\[Sequential\] argument 'layers': expected Layers or \(name, Layer\) "
                                        r"pairs, but got an element int"):
        nn.Sequential(a, 3)


def test_layer_list():
    layers = nn.LayerList([nn.Linear(2, 2) for _ in range(2)])
    extra = nn.Linear(2, 1)
    layers.append(extra)
    layers.insert(0, nn.Tanh())
    assert len(layers) == 4 and layers[-1] is extra and isinstance(layers[0], nn.Tanh)
    assert [n for n, _ in layers.named_parameters()][0] == "1.weight"
    del layers[0]
    assert [n for n, _ in layers.named_children()] == ["0", "1", "2"] and layers[2] is extra
    layers.extend([nn.ReLU()])
    assert len(layers) == 4 and len(layers[1:3]) == 2
    with pytest.raises(TypeError, match=r"\[LayerList.append\] argument 'sublayer': expected a Layer, but got int"):
        layers.append(1)
    with pytest.raises(IndexError, match=r"\[LayerList\] index -5"):
        layers[-5]


def test_layer_dict():
    d = nn.LayerDict([("fc", nn.Linear(2, 2)), ("act", nn.ReLU())])
    d["out"] = nn.Linear(2, 1)
    assert list(d) == ["fc", "act", "out"] and "act" in d and len(d) == 3
    assert [n for n, _ in d.named_parameters()] == ["fc.weight", "fc.bias", "out.weight", "out.bias"]
    assert isinstance(d.pop("act"), nn.ReLU) and list(d.keys()) == ["fc", "out"]
    d.update({"act": nn.Tanh()})
    assert [type(v).__name__ for v in d.values()] == ["Linear", "Linear", "Tanh"]
    d.clear()
    assert len(d) == 0


def test_parameter_list():
    params = nn.ParameterList([paddle.create_parameter([2], "float32") for _ in range(2)])
    p = paddle.create_parameter([3], "float32")
    params.append(p)
    assert len(params) == 3 and params[-1] is p and list(params)[2] is p

    class Holder(nn.Layer):
        def __init__(self):
            super().__init__()
            self.params = params

    assert [n for n, _ in Holder().named_parameters()] == ["params.0", "params.1", "params.2"]
    with pytest.raises(TypeError, match=r"\[ParameterList.append\] argument 'parameter': expected a Parameter"):
        params.append(paddle.zeros([2]))


# ---- simple layers ------------------------------------------------------------

X = np.array([[-3.0, -1.5, -0.4, 0.0], [0.3, 1.0, 2.5, 7.0]], dtype=np.float64)
_erf = np.vectorize(math.erf)


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _softplus(x):
    return np.log1p(np.exp(x))


def _softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


SELU_SCALE, SELU_ALPHA = 1.0507009873554804934193349852946, 1.6732632423543772848170429916717
ACTIVATIONS = [
    (nn.ReLU(), lambda x: np.maximum(x, 0)),
    (nn.ReLU6(), lambda x: np.clip(x, 0, 6)),
    (nn.LeakyReLU(0.1), lambda x: np.where(x >= 0, x, 0.1 * x)),
    (nn.ELU(0.5), lambda x: np.where(x > 0, x, 0.5 * (np.exp(x) - 1))),
    (nn.SELU(), lambda x: SELU_SCALE * np.where(x > 0, x, SELU_ALPHA * (np.exp(x) - 1))),
    (nn.CELU(2.0), lambda x: np.maximum(x, 0) + np.minimum(0, 2.0 * (np.exp(x / 2.0) - 1))),
    (nn.GELU(), lambda x: 0.5 * x * (1 + _erf(x / math.sqrt(2)))),
    (nn.GELU(approximate=True),
     lambda x: 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))),
    (nn.Silu(), lambda x: x * _sigmoid(x)),
    (nn.Swish(), lambda x: x * _sigmoid(x)),
    (nn.Mish(), lambda x: x * np.tanh(_softplus(x))),
    (nn.Softplus(beta=2, threshold=10), lambda x: np.where(2 * x > 10, x, _softplus(2 * x) / 2)),
    (nn.Softsign(), lambda x: x / (1 + np.abs(x))),
    (nn.Hardswish(), lambda x: x * np.clip(x + 3, 0, 6) / 6),
    (nn.Hardsigmoid(), lambda x: np.clip(x * 0.1666667 + 0.5, 0, 1)),
    (nn.Hardtanh(-0.5, 2.0), lambda x: np.clip(x, -0.5, 2.0)),
    (nn.Tanhshrink(), lambda x: x - np.tanh(x)),
    (nn.Softshrink(0.5), lambda x: np.where(x > 0.5, x - 0.5, np.where(x < -0.5, x + 0.5, 0))),
    (nn.Hardshrink(1.0), lambda x: np.where(np.abs(x) > 1.0, x, 0)),
    (nn.LogSigmoid(), lambda x: np.log(_sigmoid(x))),
    (nn.Sigmoid(), _sigmoid),
    (nn.Tanh(), np.tanh),
    (nn.Softmax(), _softmax),
    (nn.Softmax(axis=0), lambda x: _softmax(x.T).T),
    (nn.LogSoftmax(), lambda x: np.log(_softmax(x))),
    (nn.GLU(), lambda x: x[:, :2] * _sigmoid(x[:, 2:])),
    (nn.PReLU(), lambda x: np.where(x >= 0, x, 0.25 * x)),
]


@pytest.mark.parametrize("layer,reference", ACTIVATIONS, ids=[type(a).__name__ for a, _ in ACTIVATIONS])
def test_activation_layers_against_numpy(layer, reference):
    out = layer(paddle.to_tensor(X.astype(np.float32)))
    np.testing.assert_allclose(out.numpy(), reference(X), rtol=1e-5, atol=1e-6)


def test_prelu_has_a_learned_slope_per_channel():
    act = nn.PReLU(num_parameters=3, init=0.5)
    assert [n for n, _ in act.named_parameters()] == ["_weight"]
    with paddle.no_grad():
        act._weight[...] = paddle.to_tensor([0.1, 0.2, 0.3])
    x = -paddle.ones([2, 3, 4])
    np.testing.assert_allclose(act(x).numpy()[0, :, 0], [-0.1, -0.2, -0.3], rtol=1e-6)
    act(x).sum().backward()
    np.testing.assert_allclose(act._weight.grad.numpy(), [-8.0, -8.0, -8.0])


def test_flatten_and_identity():
    x = paddle.ones([2, 3, 4, 5])
    assert nn.Flatten()(x).shape == [2, 60]
    assert nn.Flatten(0, 2)(x).shape == [24, 5]
    assert nn.Identity(3, foo=1)(x) is x
    assert repr(nn.Flatten()) == "Flatten()"  # as Paddle prints it


@pytest.mark.parametrize("make,error,message", [
    (lambda: nn.Linear(0, 2), ValueError, r"\[Linear\] argument 'in_features': expected an int >= 1, but got 0"),
    (lambda: nn.Linear("3", 2), TypeError, r"\[Linear\] argument 'in_features': expected an int, but got str"),
    (lambda: nn.Linear(2, 2, weight_attr=3), TypeError,
     r"\[create_parameter\] argument 'attr': expected a ParamAttr, str, Initializer, bool or None, but got int"),
    (lambda: nn.Dropout(1.5), ValueError, r"\[Dropout\] argument 'p': expected a number in \[0, 1\], but got 1.5"),
    (lambda: nn.Dropout(mode="scale"), ValueError, r"\[Dropout\] argument 'mode': expected one of"),
    (lambda: nn.LeakyReLU("x"), TypeError, r"\[LeakyReLU\] argument 'negative_slope': expected a number"),
    (lambda: nn.Softmax(axis=1.5), TypeError, r"\[Softmax\] argument 'axis': expected an int, but got float"),
    (lambda: nn.PReLU(data_format="CHW"), ValueError, r"\[PReLU\] argument 'data_format': expected one of"),
    (lambda: nn.CELU(0.0), ValueError, r"\[CELU\] argument 'alpha': expected a non-zero number"),
    (lambda: nn.Layer()(1), NotImplementedError, r"\[Layer\] a Layer subclass must define forward\(\)"),
    (lambda: nn.Layer().astype(None), TypeError, r"\[astype\] argument 'dtype': expected a dtype, but got None"),
])
def test_bad_arguments(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_bias_attr_false_and_trainable_false():
    fc = nn.Linear(2, 3, weight_attr=paddle.ParamAttr(trainable=False), bias_attr=False)
    assert fc.bias is None and fc.weight.stop_gradient and [n for n, _ in fc.named_parameters()] == ["weight"]
    assert fc(paddle.ones([1, 2])).shape == [1, 3]
