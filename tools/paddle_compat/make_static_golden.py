#!/usr/bin/env python3
"""Writes test/python/golden/static_save/: a two-layer fc network saved by
PaddlePaddle 3.x's paddle.static.save after two Momentum steps (model.pdparams,
model.pdopt), and an input with the output the network gives from the saved
parameters (io.npz, computed with NumPy from the saved arrays). test_static.py
loads the files with our paddle.static.load and checks that our network gives
that output.

Usage (PaddlePaddle installed in its own environment, never beside ours):
    /opt/peers/paddle/bin/python tools/paddle_compat/make_static_golden.py
"""

from __future__ import annotations

import os

import numpy as np
import paddle

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "python", "golden", "static_save")


def main() -> None:
    paddle.enable_static()
    paddle.seed(2026)
    main_program, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main_program, startup):
        x = paddle.static.data("x", [4, 3], "float32")
        hidden = paddle.static.nn.fc(x, 5, activation="relu")
        y = paddle.static.nn.fc(hidden, 2)
        loss = paddle.mean(y * y)
        paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    xs = np.random.default_rng(0).standard_normal((4, 3)).astype("float32")
    for _ in range(2):
        exe.run(main_program, feed={"x": xs}, fetch_list=[loss])
    os.makedirs(OUT, exist_ok=True)
    paddle.static.save(main_program, os.path.join(OUT, "model"))
    os.remove(os.path.join(OUT, "model.json"))  # the program: the export issue's format, not needed here
    params = paddle.load(os.path.join(OUT, "model.pdparams"), return_numpy=True)
    hidden = np.maximum(xs @ params["fc_0.w_0"] + params["fc_0.b_0"], 0)
    np.savez(os.path.join(OUT, "io.npz"), x=xs, y=hidden @ params["fc_1.w_0"] + params["fc_1.b_0"])


if __name__ == "__main__":
    main()
