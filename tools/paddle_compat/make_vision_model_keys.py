#!/usr/bin/env python3
"""Writes test/python/golden/vision_model_keys.json: the state-dict layout,
output shapes and a few outputs of PaddlePaddle 3.x's vision models, which
test_vision_models_extra.py checks ours against.

"state_dicts": for each constructor (pretrained=False, default arguments)
``{"state_dict": {"entries": N, "sha256": digest, "first": [...], "last": [...]},
"input": [1, 3, S, S], "output": shape}``: the [key, shape] pairs in
state-dict order summarized by their count, the SHA-256 of their compact
JSON (`layout_digest`, which the test repeats) and the first and last three
(to show where a mismatch starts), S 224 (299 for inception_v3); GoogLeNet
returns three tensors, so its "output" is a list of three shapes.

"forward": small configurations (10 classes, small inputs) run in eval mode
with every state-dict entry set by `deterministic_weights` (seeded by the
key's name, so no weights file is needed) on the input `deterministic_input`;
"output" holds the logits (a list of three for GoogLeNet), rounded to 6
significant digits. test_vision_models_extra.py repeats both functions.

One model per line, so a diff shows which model changed.

Usage (PaddlePaddle installed in its own environment, never beside ours):
    /opt/peers/paddle/bin/python tools/paddle_compat/make_vision_model_keys.py
"""

from __future__ import annotations

import hashlib
import json
import os
import zlib

import numpy as np
import paddle
from paddle.vision import models

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "python", "golden", "vision_model_keys.json")

CONSTRUCTORS = [
    "densenet121", "densenet161", "densenet169", "densenet201", "densenet264",
    "googlenet",
    "inception_v3",
    "mobilenet_v1",
    "shufflenet_v2_x0_25", "shufflenet_v2_x0_33", "shufflenet_v2_x0_5", "shufflenet_v2_x1_0",
    "shufflenet_v2_x1_5", "shufflenet_v2_x2_0", "shufflenet_v2_swish",
    "squeezenet1_0", "squeezenet1_1",
    "resnext50_32x4d", "resnext50_64x4d", "resnext101_32x4d", "resnext101_64x4d", "resnext152_32x4d",
    "resnext152_64x4d",
]


# name -> (constructor, keyword arguments, input side)
FORWARD = {
    "densenet121": ("densenet121", {"num_classes": 10}, 32),
    "googlenet": ("googlenet", {"num_classes": 10}, 224),
    "inception_v3": ("inception_v3", {"num_classes": 10}, 75),
    "mobilenet_v1_x0.25": ("mobilenet_v1", {"scale": 0.25, "num_classes": 10}, 32),
    "shufflenet_v2_x0_25": ("shufflenet_v2_x0_25", {"num_classes": 10}, 32),
    "shufflenet_v2_swish": ("shufflenet_v2_swish", {"num_classes": 10}, 32),
    "squeezenet1_0": ("squeezenet1_0", {"num_classes": 10}, 64),
    "squeezenet1_1": ("squeezenet1_1", {"num_classes": 10}, 64),
}


def deterministic_weights(key: str, shape: list[int]) -> np.ndarray:
    """Values for state-dict entry `key`, seeded by its name: BatchNorm statistics near (0, 1), 1-D weights
    near 1, biases near 0, matrices and kernels scaled by 1 / sqrt(fan-in) so activations stay moderate."""
    rng = np.random.default_rng(zlib.crc32(key.encode()))
    name = key.rsplit(".", 1)[-1]
    if name == "_mean" or (name == "bias" and len(shape) == 1):
        return rng.uniform(-0.1, 0.1, shape).astype("float32")
    if name == "_variance" or len(shape) == 1:
        return rng.uniform(0.5, 1.5, shape).astype("float32")
    fan_in = shape[0] if len(shape) == 2 else int(np.prod(shape[1:]))  # Linear weights are [in, out]
    return (rng.standard_normal(shape) / np.sqrt(fan_in)).astype("float32")


def deterministic_input(side: int) -> np.ndarray:
    return np.random.default_rng(0).random((1, 3, side, side)).astype("float32")


def probe(name: str) -> dict:
    constructor, kwargs, side = FORWARD[name]
    model = getattr(models, constructor)(**kwargs)
    model.set_state_dict({k: paddle.to_tensor(deterministic_weights(k, list(v.shape)))
                          for k, v in model.state_dict().items()})
    model.eval()
    with paddle.no_grad():
        out = model(paddle.to_tensor(deterministic_input(side)))
    outs = out if isinstance(out, (tuple, list)) else [out]
    values = [[float(f"{v:.6g}") for v in o.numpy().ravel()] for o in outs]
    return {"constructor": constructor, "kwargs": kwargs, "input": [1, 3, side, side],
            "output": values if len(values) > 1 else values[0]}


def _shape(out):
    if isinstance(out, (tuple, list)):
        return [list(o.shape) for o in out]
    return list(out.shape)


def layout_digest(layout: list) -> dict:
    """A state-dict layout (its [key, shape] pairs, in order) in a few lines."""
    text = json.dumps(layout, separators=(",", ":"))
    return {"entries": len(layout), "sha256": hashlib.sha256(text.encode()).hexdigest(), "first": layout[:3],
            "last": layout[-3:]}


def describe(name: str) -> dict:
    paddle.seed(0)
    model = getattr(models, name)(pretrained=False)
    model.eval()
    size = 299 if name == "inception_v3" else 224
    with paddle.no_grad():
        out = model(paddle.rand([1, 3, size, size]))
    layout = [[key, list(value.shape)] for key, value in model.state_dict().items()]
    return {"state_dict": layout_digest(layout), "input": [1, 3, size, size], "output": _shape(out)}


def main() -> None:
    paddle.set_device("cpu")

    def section(entries: dict) -> str:
        return ",\n".join(f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}" for k, v in entries.items())

    layouts = section({name: describe(name) for name in CONSTRUCTORS})
    probes = section({name: probe(name) for name in FORWARD})
    with open(OUT, "w") as f:
        f.write('{"state_dicts": {\n' + layouts + '\n},\n"forward": {\n' + probes + "\n}}\n")
    print(f"wrote {len(CONSTRUCTORS)} layouts and {len(FORWARD)} forward probes to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
