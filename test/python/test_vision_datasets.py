"""paddle.vision.datasets: tiny files written here in the real formats, read back."""

import gzip
import io
import os
import pickle
import tarfile

import numpy as np
import pytest

import paddle
from paddle.vision import datasets, transforms as T


def write_idx(path, array, magic):
    header = np.array([magic, *array.shape], dtype=">u4").tobytes()
    with gzip.open(path, "wb") as f:
        f.write(header + array.astype(np.uint8).tobytes())


@pytest.fixture
def mnist_files(tmp_path):
    rng = np.random.default_rng(0)
    images = rng.integers(0, 256, size=(5, 28, 28)).astype(np.uint8)
    labels = np.array([3, 1, 4, 1, 5], np.uint8)
    write_idx(tmp_path / "images.gz", images, 2051)
    write_idx(tmp_path / "labels.gz", labels, 2049)
    return str(tmp_path / "images.gz"), str(tmp_path / "labels.gz"), images, labels


@pytest.mark.parametrize("cls", [datasets.MNIST, datasets.FashionMNIST])
def test_mnist_reads_idx_files(mnist_files, cls):
    image_path, label_path, images, labels = mnist_files
    data = cls(image_path=image_path, label_path=label_path, mode="test", backend="cv2")
    assert len(data) == 5
    img, label = data[2]
    assert img.dtype == np.float32 and img.shape == (28, 28)
    np.testing.assert_array_equal(img, images[2])
    assert label.dtype == np.int64 and label.tolist() == [4]


def test_mnist_transform(mnist_files):
    image_path, label_path, images, _ = mnist_files
    # Paddle's usual MNIST pipeline: one-channel Normalize on the 28x28 array gives 1x28x28
    data = datasets.MNIST(image_path, label_path, transform=T.Normalize(mean=[127.5], std=[127.5]),
                          backend="cv2")
    img, _ = data[0]
    assert img.shape == (1, 28, 28)
    np.testing.assert_allclose(img[0], (images[0].astype(np.float32) - 127.5) / 127.5, rtol=1e-6)
    as_tensor = datasets.MNIST(image_path, label_path, transform=T.ToTensor(), backend="cv2")[1][0]
    assert as_tensor.shape == [1, 28, 28] and as_tensor.dtype == paddle.float32


def test_mnist_errors(tmp_path, mnist_files, monkeypatch):
    image_path, label_path, _, _ = mnist_files
    monkeypatch.setattr(datasets._common, "DATA_HOME", str(tmp_path / "cache"))
    with pytest.raises(FileNotFoundError) as info:
        datasets.MNIST(mode="train")
    message = str(info.value)
    assert "train-images-idx3-ubyte.gz" in message and "image_path=" in message
    assert os.path.join(str(tmp_path / "cache"), "mnist", "train-images-idx3-ubyte.gz") in message
    with pytest.raises(FileNotFoundError, match="t10k-images"):
        datasets.FashionMNIST(mode="test", download=False)
    with pytest.raises(FileNotFoundError, match="nope.gz"):
        datasets.MNIST(image_path=str(tmp_path / "nope.gz"), label_path=label_path)
    with pytest.raises(ValueError, match="magic number 2049"):
        datasets.MNIST(image_path=label_path, label_path=label_path)
    with pytest.raises(ValueError, match="mode"):
        datasets.MNIST(image_path, label_path, mode="val")
    with pytest.raises(ValueError, match="backend"):
        datasets.MNIST(image_path, label_path, backend="opencv")


def test_mnist_found_in_cache_dir(tmp_path, mnist_files, monkeypatch):
    image_path, label_path, images, _ = mnist_files
    cache = tmp_path / "cache" / "mnist"
    cache.mkdir(parents=True)
    os.replace(image_path, cache / "train-images-idx3-ubyte.gz")
    os.replace(label_path, cache / "train-labels-idx1-ubyte.gz")
    monkeypatch.setattr(datasets._common, "DATA_HOME", str(tmp_path / "cache"))
    data = datasets.MNIST(backend="cv2")
    np.testing.assert_array_equal(data[4][0], images[4])


def write_cifar(path, members):
    with tarfile.open(path, "w:gz") as tar:
        for name, batch in members.items():
            payload = pickle.dumps(batch, protocol=2)
            info = tarfile.TarInfo(name)
            info.size = len(payload)
            tar.addfile(info, io.BytesIO(payload))


def cifar_batch(n, seed, label_key=b"labels", classes=10):
    rng = np.random.default_rng(seed)
    return {b"data": rng.integers(0, 256, size=(n, 3072)).astype(np.uint8),
            label_key: [int(v) for v in rng.integers(0, classes, size=n)], b"batch_label": b"batch"}


def test_cifar10(tmp_path):
    train1, train2, test = cifar_batch(3, 1), cifar_batch(2, 2), cifar_batch(4, 3)
    path = str(tmp_path / "cifar-10-python.tar.gz")
    write_cifar(path, {"cifar-10-batches-py/data_batch_2": train2, "cifar-10-batches-py/data_batch_1": train1,
                       "cifar-10-batches-py/test_batch": test, "cifar-10-batches-py/batches.meta": {b"x": 1}})
    data = datasets.Cifar10(data_file=path, mode="train", backend="cv2")
    assert len(data) == 5
    img, label = data[3]  # data_batch_1 first (sorted), so index 3 is batch 2's first
    assert img.shape == (32, 32, 3) and img.dtype == np.float32
    np.testing.assert_array_equal(img, train2[b"data"][0].reshape(3, 32, 32).transpose(1, 2, 0))
    assert label.dtype == np.int64 and int(label) == train2[b"labels"][0]
    test_data = datasets.Cifar10(data_file=path, mode="test", transform=T.ToTensor(), backend="cv2")
    img, _ = test_data[0]
    assert isinstance(img, paddle.Tensor) and img.shape == [3, 32, 32]


def test_cifar100_and_errors(tmp_path, monkeypatch):
    path = str(tmp_path / "cifar-100-python.tar.gz")
    train = cifar_batch(2, 4, b"fine_labels", 100)
    write_cifar(path, {"cifar-100-python/train": train, "cifar-100-python/test": cifar_batch(1, 5, b"fine_labels")})
    data = datasets.Cifar100(data_file=path, backend="cv2")
    assert len(data) == 2 and int(data[1][1]) == train[b"fine_labels"][1]
    monkeypatch.setattr(datasets._common, "DATA_HOME", str(tmp_path / "cache"))
    with pytest.raises(FileNotFoundError, match=r"cifar-10-python.tar.gz.*data_file="):
        datasets.Cifar10(data_file=None, download=True)
    with pytest.raises(ValueError, match="no 'data_batch' batches"):
        datasets.Cifar10(data_file=path)


def test_cifar_refuses_malicious_pickle(tmp_path):
    class Evil:
        def __reduce__(self):
            return os.system, ("echo pwned",)

    path = str(tmp_path / "evil.tar.gz")
    write_cifar(path, {"x/data_batch_1": {b"data": Evil(), b"labels": [1]}})
    with pytest.raises(pickle.UnpicklingError, match="system"):
        datasets.Cifar10(data_file=path)


def test_dataset_folder_and_image_folder(tmp_path):
    rng = np.random.default_rng(0)
    arrays = {}
    for cls in ("b_dog", "a_cat"):
        for k in range(2):
            (tmp_path / cls / "sub").mkdir(parents=True, exist_ok=True)
            arr = rng.integers(0, 256, size=(4, 4, 3)).astype(np.uint8)
            name = tmp_path / cls / ("sub" if k else "") / f"{k}.npy"
            np.save(name, arr)
            arrays[str(name)] = arr
    (tmp_path / "a_cat" / "notes.txt").write_text("ignored")
    data = datasets.DatasetFolder(str(tmp_path), transform=T.ToTensor())
    assert data.classes == ["a_cat", "b_dog"] and data.class_to_idx == {"a_cat": 0, "b_dog": 1}
    assert len(data) == 4 and data.targets == [0, 0, 1, 1]
    sample, target = data[2]
    path = data.samples[2][0]
    np.testing.assert_allclose(sample.numpy(), arrays[path].transpose(2, 0, 1) / 255.0, rtol=1e-6)
    assert target == 1

    images = datasets.ImageFolder(str(tmp_path))
    assert len(images) == 4 and isinstance(images[0], list)
    np.testing.assert_array_equal(images[0][0], arrays[images.samples[0]])

    custom = datasets.DatasetFolder(str(tmp_path), loader=lambda p: p, is_valid_file=lambda p: p.endswith(".txt"))
    assert len(custom) == 1 and custom[0] == (str(tmp_path / "a_cat" / "notes.txt"), 0)
    with pytest.raises(RuntimeError, match="found no files"):
        datasets.DatasetFolder(str(tmp_path), extensions=(".png",))
    with pytest.raises(FileNotFoundError, match="no such directory"):
        datasets.ImageFolder(str(tmp_path / "missing"))


def test_image_backend():
    from paddle import vision

    assert vision.get_image_backend() == "pil"  # Pillow is a dependency, as for Paddle
    with pytest.raises(ValueError, match="backend"):
        vision.set_image_backend("opencv")


def test_docstring_examples_run():
    import doctest

    from paddle.vision import image
    from paddle.vision.datasets import folder

    for mod in (folder, image):
        result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        assert result.attempted > 0 and result.failed == 0
