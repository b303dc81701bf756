#!/usr/bin/env python3
"""Writes test/python/golden/inference/: inference models that PaddlePaddle
3.x's paddle.static.save_inference_model wrote (<name>.json, <name>.pdiparams)
and, for each, an input with the output Paddle's own executor gives for it
after loading the model back (<name>_io.npz). test_inference_model.py loads
the files with our load_inference_model and checks that we give the same
output.

Models: "mlp" (fc + relu + softmax, a batch the feed decides) and
"control_flow" (cond and while_loop around matmuls and elementwise ops).

Usage (PaddlePaddle installed in its own environment, never beside ours):
    /opt/peers/paddle/bin/python tools/paddle_compat/make_inference_golden.py
"""

from __future__ import annotations

import os

import numpy as np
import paddle

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "python", "golden", "inference")


def mlp():
    x = paddle.static.data("x", [-1, 4], "float32")
    y = paddle.nn.functional.softmax(paddle.static.nn.fc(x, 3, activation="relu"))
    return [x], [y], {"x": np.random.default_rng(1).standard_normal((5, 4)).astype("float32")}


def control_flow():
    x = paddle.static.data("x", [2, 3], "float32")
    w = paddle.static.create_parameter([3, 3], "float32", name="w")
    h = paddle.matmul(x, w)
    y = paddle.static.nn.cond(paddle.sum(h) > 0, lambda: paddle.exp(h), lambda: paddle.tanh(h))
    i = paddle.zeros([1], "int64")
    _, z = paddle.static.nn.while_loop(lambda i, v: i < 3, lambda i, v: [i + 1, paddle.sin(v) + y], [i, h])
    return [x], [y, z], {"x": np.random.default_rng(2).standard_normal((2, 3)).astype("float32")}


def main() -> None:
    paddle.enable_static()
    os.makedirs(OUT, exist_ok=True)
    for name, build in (("mlp", mlp), ("control_flow", control_flow)):
        paddle.seed(2026)
        program, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(program, startup):
            feeds, fetches, inputs = build()
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        prefix = os.path.join(OUT, name)
        paddle.static.save_inference_model(prefix, feeds, fetches, exe, program=program)
        loaded, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
        outputs = exe.run(loaded, feed={n: inputs[n] for n in feed_names}, fetch_list=fetch_targets)
        np.savez(prefix + "_io.npz", **inputs, **{f"out{i}": o for i, o in enumerate(outputs)})
        print(name, feed_names, [o.shape for o in outputs])


if __name__ == "__main__":
    main()
