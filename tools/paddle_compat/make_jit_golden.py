#!/usr/bin/env python3
"""Writes test/python/golden/jit/: models that PaddlePaddle 3.x's
paddle.jit.save wrote (<name>.json, <name>.pdiparams), and for each an input
with the output Paddle's paddle.jit.load gives for it (<name>_io.npz).
test_jit_golden.py loads the files with our paddle.jit.load and
paddle.inference and checks that we give the same outputs.

Models (random weights, fixed seeds; batch norms with running statistics
away from their start):
  lenet        paddle.vision.models.LeNet (conv2d, pool2d max, relu, flatten, matmul, add)
  resnet18     ResNet-18's structure (stem, 4 stages of 2 basic blocks with 1x1 downsampling, adaptive
               average pool, fc) at widths 4-32 to keep the file small (conv2d, batch_norm_, pool2d
               max and avg, add, relu)
  transformer  a 2-layer TransformerEncoder, d_model 16, 2 heads (matmul, layer_norm, softmax, scale,
               transpose, reshape)
  mlp          Linear-ReLU-Dropout-Linear-Dropout, one dropout of each mode (dropout with is_test, its
               mode upscale_in_train or downgrade_in_infer)

Usage (PaddlePaddle installed in its own environment, never beside ours):
    /opt/peers/paddle/bin/python tools/paddle_compat/make_jit_golden.py
"""

from __future__ import annotations

import os

import numpy as np
import paddle

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "python", "golden", "jit")


class BasicBlock(paddle.nn.Layer):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = paddle.nn.Conv2D(cin, cout, 3, stride=stride, padding=1, bias_attr=False)
        self.bn1 = paddle.nn.BatchNorm2D(cout)
        self.conv2 = paddle.nn.Conv2D(cout, cout, 3, padding=1, bias_attr=False)
        self.bn2 = paddle.nn.BatchNorm2D(cout)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = paddle.nn.Sequential(paddle.nn.Conv2D(cin, cout, 1, stride=stride, bias_attr=False),
                                             paddle.nn.BatchNorm2D(cout))

    def forward(self, x):
        h = paddle.nn.functional.relu(self.bn1(self.conv1(x)))
        h = self.bn2(self.conv2(h))
        return paddle.nn.functional.relu(h + (x if self.down is None else self.down(x)))


class ResNet18(paddle.nn.Layer):
    def __init__(self, widths=(4, 8, 16, 32), num_classes=10):
        super().__init__()
        self.stem = paddle.nn.Sequential(paddle.nn.Conv2D(3, widths[0], 7, stride=2, padding=3, bias_attr=False),
                                         paddle.nn.BatchNorm2D(widths[0]), paddle.nn.ReLU(),
                                         paddle.nn.MaxPool2D(3, 2, 1))
        blocks, cin = [], widths[0]
        for i, w in enumerate(widths):
            blocks += [BasicBlock(cin, w, 1 if i == 0 else 2), BasicBlock(w, w, 1)]
            cin = w
        self.blocks = paddle.nn.Sequential(*blocks)
        self.pool = paddle.nn.AdaptiveAvgPool2D(1)
        self.fc = paddle.nn.Linear(cin, num_classes)

    def forward(self, x):
        return self.fc(paddle.flatten(self.pool(self.blocks(self.stem(x))), 1))


def _warm_statistics(model, shape):
    model.train()
    for _ in range(3):
        model(paddle.randn(shape))
    model.eval()


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(2026)
    paddle.seed(2026)
    lenet = paddle.vision.models.LeNet()
    resnet = ResNet18()
    _warm_statistics(resnet, [4, 3, 32, 32])
    transformer = paddle.nn.TransformerEncoder(paddle.nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0), 2)
    models = [
        ("lenet", lenet, [None, 1, 28, 28], rng.standard_normal((2, 1, 28, 28))),
        ("resnet18", resnet, [None, 3, 32, 32], rng.standard_normal((2, 3, 32, 32))),
        ("transformer", transformer, [None, 5, 16], rng.standard_normal((3, 5, 16))),
    ]
    nn = paddle.nn
    mlp = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 4),
                        nn.Dropout(0.25, mode="downscale_in_infer"))
    models.append(("mlp", mlp, [None, 8], rng.standard_normal((3, 8))))
    for name, model, shape, x in models:
        model.eval()
        prefix = os.path.join(OUT, name)
        paddle.jit.save(model, prefix, input_spec=[paddle.static.InputSpec(shape, "float32", "x")])
        loaded = paddle.jit.load(prefix)
        x = x.astype("float32")
        out = loaded(paddle.to_tensor(x)).numpy()
        np.testing.assert_allclose(out, model(paddle.to_tensor(x)).numpy(), rtol=1e-5, atol=1e-6)
        np.savez(prefix + "_io.npz", x=x, out=out)
        size = sum(os.path.getsize(prefix + ext) for ext in (".json", ".pdiparams"))
        print(name, out.shape, f"{size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
