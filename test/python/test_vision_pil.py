"""PIL images through paddle.vision (Pillow is a dependency, as it is for
PaddlePaddle, and 'pil' the default image backend): every transform keeps a
PIL image a PIL image where Paddle's does, with the pixels PIL's own
operations (or NumPy on the image's array) give."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

import paddle
from paddle import vision
from paddle.vision import transforms as T
from paddle.vision.transforms import functional as F

RNG = np.random.default_rng(21)


def rgb(h=6, w=8):
    return Image.fromarray(RNG.integers(0, 256, (h, w, 3), dtype=np.uint8), mode="RGB")


def test_pil_is_the_default_backend_and_image_load_follows_it(tmp_path):
    assert vision.get_image_backend() == "pil"
    path = str(tmp_path / "img.png")
    img = rgb()
    img.save(path)
    loaded = vision.image_load(path)
    assert isinstance(loaded, Image.Image) and loaded.mode == "RGB"
    np.testing.assert_array_equal(np.asarray(loaded), np.asarray(img))
    as_array = vision.image_load(path, backend="cv2")
    assert isinstance(as_array, np.ndarray)
    np.testing.assert_array_equal(as_array, np.asarray(img))
    as_tensor = vision.image_load(path, backend="tensor")
    assert as_tensor.dtype == paddle.uint8
    np.testing.assert_array_equal(as_tensor.numpy(), np.asarray(img))
    with pytest.raises(ValueError, match=r"^\[image_load\] argument 'backend': expected 'pil', 'cv2' or 'tensor'"):
        vision.image_load(path, backend="opencv")
    try:
        vision.set_image_backend("cv2")
        assert isinstance(vision.image_load(path), np.ndarray)
        vision.set_image_backend("tensor")
        assert isinstance(vision.image_load(path), paddle.Tensor)
        with pytest.raises(ValueError, match=r"^\[MNIST\] argument 'backend': expected 'pil' or 'cv2', but got "
                                             r"'tensor'"):
            vision.datasets.MNIST(path, path)
    finally:
        vision.set_image_backend("pil")


def test_to_tensor_of_pil_images():
    img = rgb()
    out = F.to_tensor(img)
    assert out.dtype == paddle.float32 and list(out.shape) == [3, 6, 8]
    np.testing.assert_allclose(out.numpy(), np.asarray(img).transpose(2, 0, 1) / 255.0, rtol=1e-6)
    grey = img.convert("L")
    out = T.ToTensor()(grey)
    assert list(out.shape) == [1, 6, 8]
    np.testing.assert_allclose(out.numpy()[0], np.asarray(grey) / 255.0, rtol=1e-6)
    np.testing.assert_allclose(F.to_tensor(img, "HWC").numpy(), np.asarray(img) / 255.0, rtol=1e-6)


@pytest.mark.parametrize("transform, reference", [
    (F.hflip, lambda img: img.transpose(Image.FLIP_LEFT_RIGHT)),
    (F.vflip, lambda img: img.transpose(Image.FLIP_TOP_BOTTOM)),
    (lambda img: F.crop(img, 1, 2, 3, 4), lambda img: img.crop((2, 1, 6, 4))),
    (lambda img: F.center_crop(img, 4), lambda img: img.crop((2, 1, 6, 5))),
    (lambda img: F.resize(img, (3, 5)), lambda img: img.resize((5, 3), Image.BILINEAR)),
    (lambda img: F.resize(img, (9, 4), "nearest"), lambda img: img.resize((4, 9), Image.NEAREST)),
    (lambda img: F.rotate(img, 90), lambda img: img.rotate(90, Image.NEAREST)),
    (lambda img: F.rotate(img, 90, expand=True), lambda img: img.transpose(Image.ROTATE_90)),
])
def test_geometry_keeps_pil_images(transform, reference):
    img = rgb()
    out = transform(img)
    assert isinstance(out, Image.Image) and out.mode == "RGB"
    np.testing.assert_array_equal(np.asarray(out), np.asarray(reference(img)))


def test_resize_keeps_the_aspect_ratio_from_the_short_side():
    out = F.resize(rgb(6, 8), 3)
    assert isinstance(out, Image.Image) and out.size == (4, 3)  # PIL sizes are (width, height)


@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "symmetric"])
def test_pad_keeps_pil_images(mode):
    img = rgb()
    out = F.pad(img, [1, 2, 3, 1], fill=7, padding_mode=mode)  # left, top, right, bottom
    assert isinstance(out, Image.Image)
    widths = [(2, 1), (1, 3), (0, 0)]
    want = np.pad(np.asarray(img), widths, mode=mode, **({"constant_values": 7} if mode == "constant" else {}))
    np.testing.assert_array_equal(np.asarray(out), want)


def test_erase_gives_a_new_pil_image():
    img = rgb()
    out = F.erase(img, 1, 2, 3, 4, 0)
    assert isinstance(out, Image.Image) and out is not img
    want = np.asarray(img).copy()
    want[1:4, 2:6] = 0
    np.testing.assert_array_equal(np.asarray(out), want)
    np.testing.assert_array_equal(np.asarray(img), np.asarray(img))  # the input is untouched


def test_grayscale_and_normalize_of_pil_images():
    img = rgb()
    grey = F.to_grayscale(img)
    assert isinstance(grey, Image.Image) and grey.mode == "L"
    luma = np.asarray(img).astype(np.float64) @ [0.299, 0.587, 0.114]
    np.testing.assert_allclose(np.asarray(grey), luma, atol=1)
    three = F.to_grayscale(img, num_output_channels=3)
    assert three.mode == "RGB"
    np.testing.assert_array_equal(np.asarray(three)[..., 0], np.asarray(grey))
    out = F.normalize(img, [10.0, 20.0, 30.0], [2.0, 4.0, 5.0], data_format="HWC")
    assert isinstance(out, np.ndarray) and out.dtype == np.float32
    np.testing.assert_allclose(out, (np.asarray(img) - [10.0, 20.0, 30.0]) / [2.0, 4.0, 5.0], rtol=1e-6)


def test_brightness_of_a_pil_image_scales_and_clips():
    img = rgb()
    out = F.adjust_brightness(img, 1.5)
    assert isinstance(out, Image.Image)
    want = np.clip(np.asarray(img) * 1.5, 0, 255)
    np.testing.assert_allclose(np.asarray(out), want, atol=1)


def test_a_pipeline_from_a_pil_image_to_a_normalized_tensor():
    img = rgb(10, 12)
    pipeline = T.Compose([T.Resize((8, 8)), T.CenterCrop(6), T.RandomHorizontalFlip(0.0), T.ToTensor(),
                          T.Normalize([0.5] * 3, [0.5] * 3)])
    out = pipeline(img)
    resized = np.asarray(img.resize((8, 8), Image.BILINEAR))[1:7, 1:7]
    np.testing.assert_allclose(out.numpy(), (resized.transpose(2, 0, 1) / 255.0 - 0.5) / 0.5, rtol=1e-5, atol=1e-6)


def test_datasets_give_pil_images_by_default(tmp_path):
    import gzip
    import struct

    images = RNG.integers(0, 256, (2, 28, 28), dtype=np.uint8)
    image_path, label_path = tmp_path / "images.gz", tmp_path / "labels.gz"
    with gzip.open(image_path, "wb") as f:
        f.write(struct.pack(">IIII", 2051, 2, 28, 28) + images.tobytes())
    with gzip.open(label_path, "wb") as f:
        f.write(struct.pack(">II", 2049, 2) + bytes([3, 7]))
    data = vision.datasets.MNIST(str(image_path), str(label_path), mode="test")
    img, label = data[1]
    assert isinstance(img, Image.Image) and img.mode == "L"
    np.testing.assert_array_equal(np.asarray(img), images[1])
    assert int(np.asarray(label).reshape(-1)[0]) == 7


def test_transforms_name_what_they_take():
    with pytest.raises(TypeError, match=r"^\[rotate\] expected a NumPy HWC array, a CHW Tensor or a PIL image, but "
                                        r"got list"):
        F.rotate([[1, 2]], 10)
    with pytest.raises(ValueError, match=r"^\[set_image_backend\] argument 'backend': expected 'pil', 'cv2' or "
                                         r"'tensor', but got 'opencv'"):
        vision.set_image_backend("opencv")
