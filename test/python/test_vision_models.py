"""paddle.vision.models: output shapes, parameter counts, Paddle's state-dict layout, gradients."""

import hashlib

import numpy as np
import pytest

import paddle
from paddle.vision import models

# (trainable parameters = torchvision's counts, state-dict entries incl. BatchNorm statistics = what
#  PaddlePaddle's model.parameters() counts, sha256 prefix of PaddlePaddle 3.3's [(name, shape)] state dict)
EXPECTED = {
    "lenet": (lambda: models.LeNet(), 61610, 61610, "b90b979b8bb2fa7f"),
    "resnet18": (models.resnet18, 11689512, 11699112, "facd3ec960062891"),
    "resnet34": (models.resnet34, 21797672, 21814696, "0779e68ca837c0a1"),
    "resnet50": (models.resnet50, 25557032, 25610152, "10092fd9f5d39cce"),
    "resnet101": (models.resnet101, 44549160, 44654504, "9fa75b3e9548b0c3"),
    "resnet152": (models.resnet152, 60192808, 60344232, "9be0c7665e48f004"),
    "vgg11": (models.vgg11, 132863336, 132863336, "44b562616f7217ed"),
    "vgg13": (models.vgg13, 133047848, 133047848, "3bc5017aa829a2d9"),
    "vgg16": (models.vgg16, 138357544, 138357544, "a8aa3e81e45089bb"),
    "vgg19": (models.vgg19, 143667240, 143667240, "b8ec47d4241a1a63"),
    "vgg11_bn": (lambda: models.vgg11(batch_norm=True), 132868840, 132874344, "4b8a46a420c9c2b0"),
    "vgg13_bn": (lambda: models.vgg13(batch_norm=True), 133053736, 133059624, "10b23b0afca74e9c"),
    "vgg16_bn": (lambda: models.vgg16(batch_norm=True), 138365992, 138374440, "523306a00c80f5c1"),
    "vgg19_bn": (lambda: models.vgg19(batch_norm=True), 143678248, 143689256, "b319ce1132eba634"),
    "mobilenet_v2": (models.mobilenet_v2, 3504872, 3538984, "48b5afe8a1adc92a"),
    "mobilenet_v2_x0.5": (lambda: models.mobilenet_v2(scale=0.5), 1968680, 1987224, "5bdd958bea2ed0e0"),
    "mobilenet_v3_small": (models.mobilenet_v3_small, 2542856, 2554968, "3ceac3d5153eef11"),
    "mobilenet_v3_large": (models.mobilenet_v3_large, 5483032, 5507432, "1791101f54eeea74"),
    "alexnet": (models.alexnet, 61100840, 61100840, "7a099ad33ff89cd1"),
    "resnet18_features": (lambda: models.resnet18(num_classes=0, with_pool=False), 11176512, 11186112,
                          "a13ed738e9d2ccdd"),
    "wide_resnet50_2": (models.wide_resnet50_2, 68883240, 68951464, "a7da092fc6d6666e"),
    "wide_resnet101_2": (models.wide_resnet101_2, 126886696, 127024552, "4cc6e703a9a82262"),
    "MobileNetV2_x0.5": (lambda: models.MobileNetV2(scale=0.5, num_classes=10), 700490, 719034, "45fed299f760fea4"),
    # VGG over one 3x3 conv to 512 channels: 14,336 + the classifier's 25088*4096+4096 + 4096*4096+4096 + 4096*10+10
    "VGG_one_conv": (lambda: models.VGG(_one_conv_features(), num_classes=10), 119601162, 119601162,
                     "64dbce0f2a5fba34"),
}


def _one_conv_features():
    return paddle.nn.Sequential(paddle.nn.Conv2D(3, 512, 3, padding=1), paddle.nn.ReLU(), paddle.nn.MaxPool2D(2, 2))


@pytest.mark.parametrize("name", list(EXPECTED))
def test_parameter_counts_and_paddle_state_dict_layout(name):
    build, trainable, total, fingerprint = EXPECTED[name]
    model = build()
    assert sum(int(p.numel()) for p in model.parameters()) == trainable
    state = model.state_dict()
    assert sum(int(v.numel()) for v in state.values()) == total
    layout = [(key, list(value.shape)) for key, value in state.items()]
    assert hashlib.sha256(repr(layout).encode()).hexdigest()[:16] == fingerprint


@pytest.mark.parametrize("build, shape, out", [
    (lambda: models.LeNet(), [2, 1, 28, 28], [2, 10]),
    (lambda: models.LeNet(num_classes=0), [1, 1, 28, 28], [1, 16, 5, 5]),
    (lambda: models.resnet18(num_classes=7), [2, 3, 32, 32], [2, 7]),
    (lambda: models.resnet34(num_classes=5), [1, 3, 32, 32], [1, 5]),
    (lambda: models.resnet50(num_classes=5), [1, 3, 32, 32], [1, 5]),
    (lambda: models.resnet18(num_classes=0, with_pool=False), [1, 3, 32, 32], [1, 512, 1, 1]),
    (lambda: models.resnet50(num_classes=0), [1, 3, 64, 64], [1, 2048, 1, 1]),
    (lambda: models.vgg11(num_classes=3), [1, 3, 32, 32], [1, 3]),
    (lambda: models.vgg11(batch_norm=True, num_classes=0, with_pool=False), [1, 3, 32, 32], [1, 512, 1, 1]),
    (lambda: models.mobilenet_v2(scale=0.5, num_classes=4), [2, 3, 32, 32], [2, 4]),
    (lambda: models.MobileNetV3Small(num_classes=6), [2, 3, 32, 32], [2, 6]),
    (lambda: models.MobileNetV3Large(num_classes=6, with_pool=False), [1, 3, 32, 32], [1, 6]),
    (lambda: models.MobileNetV3Large(num_classes=0), [1, 3, 32, 32], [1, 960, 1, 1]),
    (lambda: models.AlexNet(num_classes=0), [1, 3, 64, 64], [1, 256, 1, 1]),
    (lambda: models.wide_resnet50_2(num_classes=5), [1, 3, 32, 32], [1, 5]),
    (lambda: models.MobileNetV2(num_classes=0, with_pool=False), [1, 3, 32, 32], [1, 1280, 1, 1]),
    (lambda: models.VGG(_one_conv_features(), num_classes=3), [2, 3, 16, 16], [2, 3]),
    (lambda: models.VGG(_one_conv_features(), num_classes=0), [1, 3, 16, 16], [1, 512, 7, 7]),
    (lambda: models.VGG(_one_conv_features(), num_classes=0, with_pool=False), [1, 3, 16, 16], [1, 512, 8, 8]),
])
def test_forward_shapes(build, shape, out):
    model = build()
    model.eval()
    with paddle.no_grad():
        y = model(paddle.rand(shape))
    assert y.shape == out
    assert bool(paddle.isfinite(y).all())


def test_alexnet_full_input():
    model = models.alexnet(num_classes=10)
    model.eval()
    with paddle.no_grad():
        assert model(paddle.rand([1, 3, 224, 224])).shape == [1, 10]


@pytest.mark.parametrize("build, shape, classes", [
    (lambda: models.LeNet(), [2, 1, 28, 28], 10),
    (lambda: models.resnet18(num_classes=4), [2, 3, 32, 32], 4),
])
def test_backward_reaches_every_parameter(build, shape, classes):
    paddle.seed(0)
    model = build()
    model.train()
    logits = model(paddle.rand(shape))
    labels = paddle.to_tensor(np.arange(shape[0]) % classes, dtype="int64")
    paddle.nn.functional.cross_entropy(logits, labels).backward()
    for name, p in model.named_parameters():
        assert p.grad is not None, name
        assert list(p.grad.shape) == list(p.shape), name
        assert bool(paddle.isfinite(p.grad).all()), name
    assert any(float(p.grad.abs().sum()) > 0 for p in model.parameters())


def test_state_dict_moves_between_models(tmp_path):
    a, b = models.resnet18(num_classes=3), models.resnet18(num_classes=3)
    path = str(tmp_path / "resnet18.pdparams")
    paddle.save(a.state_dict(), path)
    assert b.set_state_dict(paddle.load(path)) == ([], [])
    a.eval(), b.eval()
    x = paddle.rand([1, 3, 32, 32])
    np.testing.assert_array_equal(a(x).numpy(), b(x).numpy())


@pytest.mark.parametrize("build", [models.resnet18, models.vgg16, models.mobilenet_v2, models.mobilenet_v3_small,
                                   models.alexnet])
def test_pretrained_without_weights_is_a_clear_error(build, tmp_path, monkeypatch):
    from paddle.vision.models import _utils

    monkeypatch.setattr(_utils, "WEIGHTS_HOME", str(tmp_path))
    with pytest.raises(RuntimeError, match=r"pretrained=True needs the weights file https://.*\.pdparams.*put it at"):
        build(pretrained=True)


def test_pretrained_loads_a_cached_weights_file(tmp_path, monkeypatch):
    from paddle.vision.models import _utils

    monkeypatch.setattr(_utils, "WEIGHTS_HOME", str(tmp_path))
    source = models.resnet18()
    paddle.save(source.state_dict(), str(tmp_path / "resnet18.pdparams"))
    loaded = models.resnet18(pretrained=True)
    np.testing.assert_array_equal(loaded.conv1.weight.numpy(), source.conv1.weight.numpy())
    with pytest.raises(ValueError, match="no pretrained weights for vgg11"):
        models.vgg11(pretrained=True)


def test_docstring_examples_run():
    import doctest
    import importlib

    for name in ("alexnet", "lenet", "mobilenetv2", "mobilenetv3", "resnet", "vgg"):
        mod = importlib.import_module(f"paddle.vision.models.{name}")
        result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        assert result.attempted > 0 and result.failed == 0, mod.__name__
