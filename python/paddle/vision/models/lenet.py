"""LeNet (LeCun et al., 1998) for 1x28x28 inputs, as Paddle builds it."""

from __future__ import annotations

import paddle
from paddle import nn


class LeNet(nn.Layer):
    """LeNet: two conv-ReLU-max-pool stages and three fully connected layers.

    Args:
        num_classes (int, optional): outputs of the last layer; the fully connected layers are left out when
            ``num_classes <= 0``. Default 10.

    Examples:
        >>> import paddle
        >>> from paddle.vision.models import LeNet
        >>> list(LeNet()(paddle.rand([1, 1, 28, 28])).shape)
        [1, 10]
    """

    def __init__(self, num_classes: int = 10) -> None:
        super().__init__()
        self.num_classes = num_classes
        self.features = nn.Sequential(
            nn.Conv2D(1, 6, 3, stride=1, padding=1), nn.ReLU(), nn.MaxPool2D(2, 2),
            nn.Conv2D(6, 16, 5, stride=1, padding=0), nn.ReLU(), nn.MaxPool2D(2, 2))
        if num_classes > 0:
            self.fc = nn.Sequential(nn.Linear(400, 120), nn.Linear(120, 84), nn.Linear(84, num_classes))

    def forward(self, inputs):
        x = self.features(inputs)
        if self.num_classes > 0:
            x = self.fc(paddle.flatten(x, 1))
        return x
