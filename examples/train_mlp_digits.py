"""An MLP (784-512-512-10) on the handwritten digits, upsampled to 28x28 and flattened.

    python3 examples/train_mlp_digits.py [--epochs 15] [--batch-size 128] [--lr 1e-3] [--device gpu]

Uses the high-level loop by hand: DataLoader, Adam with a cosine schedule, cross_entropy. With
--device the model lives on that device ('gpu', or a plugin device such as 'custom_cpu' from
CUSTOM_DEVICE_ROOT) and each batch the DataLoader yields on the CPU follows it there.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import paddle  # noqa: E402
from digits import load_digits  # noqa: E402


def mlp() -> paddle.nn.Layer:
    return paddle.nn.Sequential(
        paddle.nn.Flatten(),
        paddle.nn.Linear(784, 512), paddle.nn.ReLU(), paddle.nn.Dropout(0.1),
        paddle.nn.Linear(512, 512), paddle.nn.ReLU(), paddle.nn.Dropout(0.1),
        paddle.nn.Linear(512, 10),
    )


def main(argv=None) -> float:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=15)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--device", default="cpu")
    args = parser.parse_args(argv)

    paddle.set_device(args.device)
    paddle.seed(0)
    train = paddle.io.DataLoader(load_digits("train"), batch_size=args.batch_size, shuffle=True)
    test_images, test_labels = load_digits("test").tensors
    model = mlp()
    schedule = paddle.optimizer.lr.CosineAnnealingDecay(args.lr, T_max=args.epochs * len(train))
    opt = paddle.optimizer.Adam(learning_rate=schedule, parameters=model.parameters())
    start = time.time()
    accuracy = 0.0
    for epoch in range(args.epochs):
        model.train()
        for images, labels in train:
            loss = paddle.nn.functional.cross_entropy(model(images), labels)
            loss.backward()
            opt.step()
            opt.clear_grad()
            schedule.step()
        model.eval()
        with paddle.no_grad():
            accuracy = float((model(test_images).argmax(axis=1) == test_labels).astype("float32").mean())
        print(f"epoch {epoch + 1:2d}  loss {float(loss):.4f}  test accuracy {accuracy:.4f}  "
              f"({time.time() - start:.1f} s)", flush=True)
    return accuracy


if __name__ == "__main__":
    main()
