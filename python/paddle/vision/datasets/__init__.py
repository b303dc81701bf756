"""paddle.vision.datasets: MNIST, FashionMNIST, Cifar10/100 from their standard files, and folder datasets.

Nothing is downloaded (there is no network access): give the file paths, or
put the files where PaddlePaddle's download would (``~/.cache/paddle/dataset``).
"""

from paddle.vision.datasets.cifar import Cifar10, Cifar100  # noqa: F401
from paddle.vision.datasets.folder import DatasetFolder, ImageFolder  # noqa: F401
from paddle.vision.datasets.mnist import MNIST, FashionMNIST  # noqa: F401

__all__ = ["MNIST", "FashionMNIST", "Cifar10", "Cifar100", "DatasetFolder", "ImageFolder"]
