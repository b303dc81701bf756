"""The handwritten-digit data of the examples (data/digits.csv.gz): 1,797 8x8 images, upsampled.

The split is fixed (a seeded permutation): 1,437 images to train on, 360 to test on.
"""

from __future__ import annotations

import gzip
import os

import numpy as np

import paddle

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "digits.csv.gz")
TEST_SIZE = 360


def load_digits(split: str, size: int = 28) -> paddle.io.TensorDataset:
    """The 'train' or 'test' images as [N, 1, size, size] float32 in [0, 1] (bilinear upsampling)
    with int64 labels."""
    if split not in ("train", "test"):
        raise ValueError(f"[load_digits] argument 'split': expected 'train' or 'test', but got {split!r}")
    with gzip.open(DATA, "rt") as f:
        table = np.loadtxt(f, delimiter=",", dtype=np.float32)
    order = np.random.default_rng(0).permutation(len(table))
    rows = table[order[TEST_SIZE:]] if split == "train" else table[order[:TEST_SIZE]]
    images = paddle.to_tensor(rows[:, :64].reshape(-1, 1, 8, 8) / 16.0)
    if size != 8:
        images = paddle.nn.functional.interpolate(images, size=[size, size], mode="bilinear", align_corners=False)
    labels = paddle.to_tensor(rows[:, 64].astype(np.int64))
    return paddle.io.TensorDataset([images, labels])
