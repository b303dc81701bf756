"""DatasetFolder and ImageFolder: samples read from a directory tree."""

from __future__ import annotations

import os

import numpy as np

from paddle.vision.image import _read_pil, get_image_backend
from paddle.vision.datasets._common import Dataset

IMG_EXTENSIONS = (".jpg", ".jpeg", ".png", ".ppm", ".bmp", ".pgm", ".tif", ".tiff", ".webp", ".npy")


def has_valid_extension(filename: str, extensions) -> bool:
    """Whether `filename` ends with one of `extensions` (case-insensitive)."""
    if not isinstance(extensions, (list, tuple)):
        raise TypeError(f"argument 'extensions': expected a list or tuple, but got {type(extensions).__name__}")
    return filename.lower().endswith(tuple(x.lower() for x in extensions))


def _valid(extensions, is_valid_file):
    if extensions is not None:
        return lambda path: has_valid_extension(path, extensions)
    if is_valid_file is None:
        raise ValueError("one of 'extensions' and 'is_valid_file' must be given")
    return is_valid_file


def default_loader(path: str):
    """Reads a sample: ``.npy`` with NumPy; an image as an RGB PIL image, or as an RGB HWC uint8 array when the
    image backend is 'cv2' (as Paddle's folder datasets read them)."""
    if path.lower().endswith(".npy"):
        return np.load(path, allow_pickle=False)
    img = _read_pil(path).convert("RGB")
    return np.asarray(img) if get_image_backend() == "cv2" else img


def make_dataset(dir: str, class_to_idx: dict, extensions, is_valid_file=None) -> list:  # noqa: A002
    """(path, class index) of every valid file under each class folder, in sorted order."""
    valid = _valid(extensions, is_valid_file)
    samples = []
    root = os.path.expanduser(dir)
    for target in sorted(class_to_idx):
        d = os.path.join(root, target)
        if not os.path.isdir(d):
            continue
        for base, _, fnames in sorted(os.walk(d, followlinks=True)):
            for fname in sorted(fnames):
                path = os.path.join(base, fname)
                if valid(path):
                    samples.append((path, class_to_idx[target]))
    return samples


class DatasetFolder(Dataset):
    """Samples arranged as ``root/<class>/.../<file>``; item i is ``(sample, class_index)``.

    Args:
        root (str): the root directory.
        loader (callable, optional): reads one file; by default `default_loader` (RGB PIL images, or RGB arrays
            for the 'cv2' image backend; ``.npy`` files with NumPy).
        extensions (list|tuple, optional): the file endings to take; the image endings and ``.npy`` when None
            (unless `is_valid_file` is given).
        transform (callable, optional): applied to each sample.
        is_valid_file (callable, optional): path -> whether to take the file, instead of `extensions`.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from paddle.vision.datasets import DatasetFolder
        >>> root = tempfile.mkdtemp()
        >>> for cls in ("cat", "dog"):
        ...     os.makedirs(os.path.join(root, cls))
        ...     np.save(os.path.join(root, cls, "0.npy"), np.zeros((2, 2, 3), np.uint8))
        >>> data = DatasetFolder(root)
        >>> data.classes, len(data), data[1][1]
        (['cat', 'dog'], 2, 1)
    """

    def __init__(self, root: str, loader=None, extensions=None, transform=None, is_valid_file=None) -> None:
        self.root = root
        self.transform = transform
        if extensions is None and is_valid_file is None:
            extensions = IMG_EXTENSIONS
        if not os.path.isdir(os.path.expanduser(root)):
            raise FileNotFoundError(f"[DatasetFolder] argument 'root': no such directory: {root!r}")
        classes, class_to_idx = self._find_classes(os.path.expanduser(root))
        samples = make_dataset(root, class_to_idx, extensions, is_valid_file)
        if not samples:
            raise RuntimeError(f"[DatasetFolder] found no files in the class folders of {root!r}; supported "
                               f"extensions: {', '.join(extensions) if extensions else '(is_valid_file)'}")
        self.loader = default_loader if loader is None else loader
        self.extensions = extensions
        self.classes = classes
        self.class_to_idx = class_to_idx
        self.samples = samples
        self.targets = [s[1] for s in samples]

    def _find_classes(self, dir: str):  # noqa: A002
        classes = sorted(d.name for d in os.scandir(dir) if d.is_dir())
        return classes, {name: i for i, name in enumerate(classes)}

    def __getitem__(self, index: int):
        path, target = self.samples[index]
        sample = self.loader(path)
        if self.transform is not None:
            sample = self.transform(sample)
        return sample, target

    def __len__(self) -> int:
        return len(self.samples)


class ImageFolder(Dataset):
    """Every valid file under `root` (any depth, sorted), without labels; item i is ``[sample]``.

    Arguments as `DatasetFolder`.
    """

    def __init__(self, root: str, loader=None, extensions=None, transform=None, is_valid_file=None) -> None:
        self.root = root
        if extensions is None and is_valid_file is None:
            extensions = IMG_EXTENSIONS
        if not os.path.isdir(os.path.expanduser(root)):
            raise FileNotFoundError(f"[ImageFolder] argument 'root': no such directory: {root!r}")
        valid = _valid(extensions, is_valid_file)
        samples = []
        for base, _, fnames in sorted(os.walk(os.path.expanduser(root), followlinks=True)):
            for fname in sorted(fnames):
                path = os.path.join(base, fname)
                if valid(path):
                    samples.append(path)
        if not samples:
            raise RuntimeError(f"[ImageFolder] found no files under {root!r}; supported extensions: "
                               f"{', '.join(extensions) if extensions else '(is_valid_file)'}")
        self.loader = default_loader if loader is None else loader
        self.extensions = extensions
        self.samples = samples
        self.transform = transform

    def __getitem__(self, index: int):
        sample = self.loader(self.samples[index])
        if self.transform is not None:
            sample = self.transform(sample)
        return [sample]

    def __len__(self) -> int:
        return len(self.samples)
