"""ResNet-18 on CIFAR-10-shaped data (3x32x32, 10 classes) for a few steps, reporting images/s.

    python3 examples/train_resnet_cifar.py [--steps 20] [--batch-size 32] [--data-file cifar-10-python.tar.gz]

With ``--data-file`` it reads the real CIFAR-10 archive through paddle.vision.datasets.Cifar10;
without one (there is no network here) it makes a synthetic set whose classes differ in colour and
texture, so the loss visibly falls within the few steps.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import paddle
from paddle.vision import transforms


def synthetic_cifar(n: int, seed: int = 0) -> paddle.io.Dataset:
    """n images whose class sets a mean colour and a stripe frequency, plus noise."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 10, n)
    colours = rng.uniform(-1, 1, (10, 3, 1, 1)).astype(np.float32)
    rows = np.arange(32, dtype=np.float32).reshape(32, 1)
    stripes = np.stack([np.sin(rows * (k + 1) * np.pi / 16) for k in range(10)]).astype(np.float32)
    images = colours[labels] + 0.5 * stripes[labels][:, None, :, :] + rng.normal(0, 0.5, (n, 3, 32, 32))
    return paddle.io.TensorDataset([paddle.to_tensor(images.astype(np.float32)),
                                    paddle.to_tensor(labels.astype(np.int64))])


def cifar_dataset(data_file: str | None, steps: int, batch_size: int) -> paddle.io.Dataset:
    if data_file is None:
        return synthetic_cifar(steps * batch_size)
    normalize = transforms.Compose([transforms.ToTensor(),
                                    transforms.Normalize(mean=[0.4914, 0.4822, 0.4465], std=[0.247, 0.243, 0.261])])
    return paddle.vision.datasets.Cifar10(data_file=data_file, mode="train", transform=normalize)


def main(argv=None) -> list[float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--data-file", default=None)
    args = parser.parse_args(argv)

    paddle.seed(0)
    loader = paddle.io.DataLoader(cifar_dataset(args.data_file, args.steps, args.batch_size),
                                  batch_size=args.batch_size, shuffle=True, drop_last=True)
    model = paddle.vision.models.resnet18(num_classes=10)
    opt = paddle.optimizer.Adam(learning_rate=args.lr, parameters=model.parameters(), weight_decay=5e-4)
    losses = []
    start = time.time()
    for step, (images, labels) in enumerate(loader):
        if step == args.steps:
            break
        loss = paddle.nn.functional.cross_entropy(model(images), labels)
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
        print(f"step {step + 1:3d}  loss {losses[-1]:.4f}", flush=True)
    elapsed = time.time() - start
    print(f"{len(losses) * args.batch_size / elapsed:.1f} images/s over {len(losses)} steps")
    return losses


if __name__ == "__main__":
    main()
