"""paddle.vision.models DenseNet, GoogLeNet, InceptionV3, MobileNetV1, ShuffleNetV2, SqueezeNet and the ResNeXt
constructors against PaddlePaddle 3.3: state-dict layouts, output shapes and outputs recorded from Paddle in
golden/vision_model_keys.json (written by tools/paddle_compat/make_vision_model_keys.py)."""

import hashlib
import json
import os
import zlib

import numpy as np
import pytest

import paddle
from paddle.vision import models

with open(os.path.join(os.path.dirname(__file__), "golden", "vision_model_keys.json")) as f:
    GOLDEN = json.load(f)
LAYOUTS, PROBES = GOLDEN["state_dicts"], GOLDEN["forward"]

# The constructors this file covers; the golden file must hold exactly these.
CONSTRUCTORS = ["densenet121", "densenet161", "densenet169", "densenet201", "densenet264", "googlenet",
                "inception_v3", "mobilenet_v1", "shufflenet_v2_x0_25", "shufflenet_v2_x0_33", "shufflenet_v2_x0_5",
                "shufflenet_v2_x1_0", "shufflenet_v2_x1_5", "shufflenet_v2_x2_0", "shufflenet_v2_swish",
                "squeezenet1_0", "squeezenet1_1", "resnext50_32x4d", "resnext50_64x4d", "resnext101_32x4d",
                "resnext101_64x4d", "resnext152_32x4d", "resnext152_64x4d"]


def test_golden_covers_every_new_constructor():
    assert sorted(LAYOUTS) == sorted(CONSTRUCTORS)
    for name in CONSTRUCTORS:
        assert name in models.__all__, name


@pytest.mark.parametrize("name", CONSTRUCTORS)
def test_state_dict_keys_and_shapes_are_paddles(name):
    model = getattr(models, name)(pretrained=False)
    layout = [[key, list(value.shape)] for key, value in model.state_dict().items()]
    expected = LAYOUTS[name]["state_dict"]  # make_vision_model_keys.layout_digest of Paddle's layout
    assert [len(layout), layout[:3], layout[-3:]] == [expected["entries"], expected["first"], expected["last"]]
    text = json.dumps(layout, separators=(",", ":"))
    assert hashlib.sha256(text.encode()).hexdigest() == expected["sha256"]


def deterministic_weights(key, shape):
    """As the golden script: values seeded by the entry's name (BatchNorm statistics near (0, 1), 1-D weights
    near 1, biases near 0, kernels and matrices scaled by 1 / sqrt(fan-in))."""
    rng = np.random.default_rng(zlib.crc32(key.encode()))
    name = key.rsplit(".", 1)[-1]
    if name == "_mean" or (name == "bias" and len(shape) == 1):
        return rng.uniform(-0.1, 0.1, shape).astype("float32")
    if name == "_variance" or len(shape) == 1:
        return rng.uniform(0.5, 1.5, shape).astype("float32")
    fan_in = shape[0] if len(shape) == 2 else int(np.prod(shape[1:]))
    return (rng.standard_normal(shape) / np.sqrt(fan_in)).astype("float32")


def probe_model(name):
    probe = PROBES[name]
    model = getattr(models, probe["constructor"])(**probe["kwargs"])
    missing, unexpected = model.set_state_dict({k: paddle.to_tensor(deterministic_weights(k, list(v.shape)))
                                                for k, v in model.state_dict().items()})
    assert missing == [] and unexpected == []
    model.eval()
    side = probe["input"][-1]
    x = paddle.to_tensor(np.random.default_rng(0).random((1, 3, side, side)).astype("float32"))
    return model, x, probe["output"]


def as_list(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


@pytest.mark.parametrize("name", sorted(PROBES))
def test_eval_outputs_match_paddle_and_are_deterministic(name):
    """Paddle's logits for the same weights and input; a second eval pass (dropout off) gives the same bits."""
    model, x, expected = probe_model(name)
    with paddle.no_grad():
        first, second = as_list(model(x)), as_list(model(x))
    expected = expected if isinstance(expected[0], list) else [expected]  # GoogLeNet: main and 2 auxiliary heads
    assert len(first) == len(expected)
    for out, again, want in zip(first, second, expected):
        np.testing.assert_allclose(out.numpy().ravel(), want, rtol=2e-4, atol=2e-5)
        np.testing.assert_array_equal(again.numpy(), out.numpy())


@pytest.mark.parametrize("name", ["squeezenet1_1", "shufflenet_v2_x0_25"])
def test_output_shape_at_the_golden_input(name):
    """The full-size input of the golden file, for the cheapest models (the GoogLeNet probe runs at 224 too)."""
    model = getattr(models, name)()
    model.eval()
    with paddle.no_grad():
        out = model(paddle.rand(LAYOUTS[name]["input"]))
    shapes = [list(o.shape) for o in out] if isinstance(out, tuple) else list(out.shape)
    assert shapes == LAYOUTS[name]["output"]


# Shapes PaddlePaddle 3.3 gives for these configurations.
@pytest.mark.parametrize("build, side, expected", [
    (lambda: models.DenseNet(layers=121, dropout=0.2, num_classes=7), 32, [1, 7]),
    (lambda: models.inception_v3(num_classes=0, with_pool=False), 75, [1, 2048, 1, 1]),
    (lambda: models.MobileNetV1(scale=0.5, num_classes=0, with_pool=False), 64, [1, 512, 2, 2]),
    (lambda: models.mobilenet_v1(scale=0.25, num_classes=3), 32, [1, 3]),
    (lambda: models.ShuffleNetV2(scale=0.33, act=None, num_classes=0), 32, [1, 512, 1, 1]),
    (lambda: models.shufflenet_v2_x2_0(num_classes=0, with_pool=False), 64, [1, 2048, 2, 2]),
    (lambda: models.SqueezeNet("1.0", with_pool=False), 64, [1, 1000, 2, 2]),
    (lambda: models.squeezenet1_1(num_classes=0), 64, [1, 512]),
    (lambda: models.resnext50_64x4d(num_classes=0, with_pool=False), 32, [1, 2048, 1, 1]),
])
def test_forward_shapes_of_other_configurations(build, side, expected):
    model = build()
    model.eval()
    with paddle.no_grad():
        out = model(paddle.rand([1, 3, side, side]))
    assert list(out.shape) == expected


def test_densenet_without_pooling_returns_the_feature_map():
    # Paddle 3.3 raises UnboundLocalError here (its forward only assigns the output when pooling); the map
    # has the channels of Paddle's last batch norm at 1/32 of the input size
    model = models.DenseNet(layers=121, num_classes=0, with_pool=False)
    model.eval()
    with paddle.no_grad():
        out = model(paddle.rand([1, 3, 32, 32]))
    channels = dict(LAYOUTS["densenet121"]["state_dict"]["last"])["batch_norm._variance"][0]
    assert list(out.shape) == [1, channels, 1, 1]


def test_googlenet_features_without_classes():
    model = models.GoogLeNet(num_classes=0)
    model.eval()
    with paddle.no_grad():
        out, aux1, aux2 = model(paddle.rand([1, 3, 96, 96]))
    # Paddle 3.3's shapes: pooled outputs of inception 5b, 4a and 4d
    assert [list(out.shape), list(aux1.shape), list(aux2.shape)] == [[1, 1024, 1, 1], [1, 512, 1, 1], [1, 528, 1, 1]]


def test_dropout_is_active_in_training():
    """SqueezeNet drops half of its features before the classifier in training, so two passes differ."""
    paddle.seed(0)
    model, x, _ = probe_model("squeezenet1_1")
    model.train()
    with paddle.no_grad():
        first, second = model(x).numpy(), model(x).numpy()
    assert np.abs(first - second).max() > 1e-4


def test_channel_shuffle_interleaves_the_two_halves():
    from paddle.vision.models.shufflenetv2 import _channel_shuffle

    x = np.arange(2 * 6 * 2 * 1, dtype="float32").reshape(2, 6, 2, 1)
    out = _channel_shuffle(paddle.to_tensor(x), 2).numpy()
    np.testing.assert_array_equal(out, x[:, [0, 3, 1, 4, 2, 5]])


def test_backward_reaches_every_parameter():
    paddle.seed(0)
    model = models.shufflenet_v2_x0_25(num_classes=4)
    model.train()
    labels = np.array([1, 3])
    logits = model(paddle.rand([2, 3, 32, 32]))
    paddle.nn.functional.cross_entropy(logits, paddle.to_tensor(labels, dtype="int64")).backward()
    for name, p in model.named_parameters():
        assert p.grad is not None, name
        assert list(p.grad.shape) == list(p.shape), name
        assert bool(paddle.isfinite(p.grad).all()), name
        # every kernel and matrix learns (a BatchNorm shift feeding a linear conv and another training-mode
        # BatchNorm legitimately gets a zero gradient: the second BatchNorm removes per-channel constants)
        if p.ndim >= 2:
            assert float(p.grad.abs().sum()) > 0, name
    # mean cross entropy: d loss / d fc bias = mean over the batch of (softmax - one-hot)
    z = logits.numpy().astype(np.float64)
    softmax = np.exp(z - z.max(1, keepdims=True))
    softmax /= softmax.sum(1, keepdims=True)
    np.testing.assert_allclose(model._fc.bias.grad.numpy(), (softmax - np.eye(4)[labels]).mean(0), rtol=1e-4,
                               atol=1e-6)


@pytest.mark.parametrize("build", [models.densenet121, models.googlenet, models.inception_v3, models.mobilenet_v1,
                                   models.shufflenet_v2_x0_25, models.shufflenet_v2_swish, models.squeezenet1_0,
                                   models.resnext152_64x4d])
def test_pretrained_without_weights_is_a_clear_error(build, tmp_path, monkeypatch):
    from paddle.vision.models import _utils

    monkeypatch.setattr(_utils, "WEIGHTS_HOME", str(tmp_path))
    with pytest.raises(RuntimeError, match=r"pretrained=True needs the weights file https://.*\.pdparams.*put it at"):
        build(pretrained=True)


def test_pretrained_loads_a_cached_weights_file(tmp_path, monkeypatch):
    from paddle.vision.models import _utils

    monkeypatch.setattr(_utils, "WEIGHTS_HOME", str(tmp_path))
    source = models.squeezenet1_1()
    paddle.save(source.state_dict(), str(tmp_path / "SqueezeNet1_1_pretrained.pdparams"))
    loaded = models.squeezenet1_1(pretrained=True)
    np.testing.assert_array_equal(loaded._conv.weight.numpy(), source._conv.weight.numpy())
    with pytest.raises(ValueError, match="no pretrained weights for mobilenetv1_0.5"):
        models.mobilenet_v1(pretrained=True, scale=0.5)


@pytest.mark.parametrize("build, message", [
    (lambda: models.DenseNet(layers=100), r"\[DenseNet\] argument 'layers': expected one of \[121, 161, 169, 201, "
                                          r"264\], but got 100"),
    (lambda: models.SqueezeNet("2.0"), r"\[SqueezeNet\] argument 'version': expected '1.0' or '1.1', but got '2.0'"),
    (lambda: models.ShuffleNetV2(scale=0.7), r"\[ShuffleNetV2\] argument 'scale': expected one of .*2.0\], but got "
                                             r"0.7"),
    (lambda: models.ShuffleNetV2(act="gelu"), r"\[ShuffleNetV2\] argument 'act': expected 'relu', 'swish' or None, "
                                              r"but got 'gelu'"),
])
def test_bad_arguments_name_the_model(build, message):
    with pytest.raises(ValueError, match=message):
        build()


def test_fixed_scale_constructors_refuse_another_scale():
    # as in Paddle, shufflenet_v2_x0_5 fixes the scale, so passing one is a duplicate keyword argument
    with pytest.raises(TypeError, match="scale"):
        models.shufflenet_v2_x0_5(scale=1.0)
