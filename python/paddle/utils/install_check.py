"""paddle.utils.run_check: checks the install by training a tiny network."""

from __future__ import annotations

import logging

import numpy as np


def _device() -> tuple[str, str]:
    """(the place to run on, the name Paddle prints for it)."""
    import paddle

    if paddle.is_compiled_with_cuda():
        if paddle.device.cuda.device_count() > 0:
            return "gpu:0", "GPU"
        logging.warning("You are using GPU version PaddlePaddle, but there is no GPU detected on your machine. "
                        "Maybe CUDA devices is not set properly.")
    return "cpu", "CPU"


def _batch():
    rng = np.random.default_rng(0)
    return rng.random([4, 2], dtype=np.float32), rng.random([4, 1], dtype=np.float32)


def _train_dynamic(place: str) -> None:
    import paddle

    previous = paddle.get_device()
    paddle.set_device(place)
    try:
        layer = paddle.nn.Linear(2, 1)
        optimizer = paddle.optimizer.SGD(learning_rate=0.1, parameters=layer.parameters())
        inputs, labels = (paddle.to_tensor(a) for a in _batch())
        for _ in range(2):
            loss = paddle.nn.functional.mse_loss(layer(inputs), labels)
            loss.backward()
            optimizer.step()
            optimizer.clear_grad()
        if not np.isfinite(float(loss)):
            raise RuntimeError(f"[run_check] the dynamic-mode training step gave a loss of {float(loss)}")
    finally:
        paddle.set_device(previous)


def _train_static(place: str) -> None:
    """Runs in dynamic mode; switches to static mode and back."""
    import paddle

    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            inputs = paddle.static.data("inputs", [None, 2], "float32")
            labels = paddle.static.data("labels", [None, 1], "float32")
            loss = paddle.nn.functional.mse_loss(paddle.static.nn.fc(inputs, 1), labels)
            paddle.optimizer.SGD(learning_rate=0.1).minimize(loss)
        executor = paddle.static.Executor(paddle.CUDAPlace(0) if place.startswith("gpu") else paddle.CPUPlace())
        executor.run(startup)
        batch_inputs, batch_labels = _batch()
        (value,) = executor.run(main, feed={"inputs": batch_inputs, "labels": batch_labels}, fetch_list=[loss])
        if not np.isfinite(value).all():
            raise RuntimeError(f"[run_check] the static-mode training step gave a loss of {value}")
    finally:
        paddle.disable_static()


def run_check() -> None:
    """Checks that paddle works: trains a tiny network for a step in static and
    in dynamic mode on the first GPU (or the CPU when there is none) and prints
    what Paddle prints.

    Examples:
        >>> import paddle
        >>> paddle.utils.run_check()
        Running verify PaddlePaddle program ...
        PaddlePaddle works well on 1 ...
        PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.
    """
    import paddle
    from paddle.utils import unique_name

    print("Running verify PaddlePaddle program ... ")
    place, device_name = _device()
    was_static = not paddle.in_dynamic_mode()
    if was_static:
        paddle.disable_static()
    try:
        # Fresh names, so the check's layers do not shift the caller's parameter names.
        with unique_name.guard():
            _train_static(place)
            _train_dynamic(place)
    finally:
        if was_static:
            paddle.enable_static()
    print(f"PaddlePaddle works well on 1 {device_name}.")
    print("PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.")
