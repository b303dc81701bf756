"""PIL images through paddle.vision. Pillow is a dependency and 'pil' the default image backend, as in
PaddlePaddle: image_load and the datasets give PIL images, and every transform takes them and gives back
what Paddle's 'pil' backend gives. References are NumPy on the image's pixels, the formulas of PIL's
resampling and enhancers written out, hand-worked cases, and a few outputs of PaddlePaddle 3.3.1."""

from __future__ import annotations

import gzip
import io
import math
import pickle
import random
import struct
import tarfile

import numpy as np
import pytest
from PIL import Image, ImageEnhance

import paddle
from paddle import vision
from paddle.vision import transforms as T
from paddle.vision.transforms import functional as F

RNG = np.random.default_rng(21)


def pixels(h=7, w=9, c=3):
    return RNG.integers(0, 256, (h, w, c) if c else (h, w), dtype=np.uint8)


def rgb(h=7, w=9):
    return Image.fromarray(pixels(h, w), "RGB")


def grey_of(arr):
    """PIL's RGB -> 'L' conversion: ITU-R 601-2 luma in 16-bit fixed point, rounded."""
    r, g, b = (arr[..., k].astype(np.int64) for k in range(3))
    return ((r * 19595 + g * 38470 + b * 7471 + 0x8000) >> 16).astype(np.uint8)


@pytest.fixture(autouse=True)
def pil_backend():
    yield
    vision.set_image_backend("pil")


# ---------------------------------------------------------------- backend and image_load

def test_pil_is_the_default_backend_and_set_image_backend_takes_three():
    assert vision.get_image_backend() == "pil"
    for backend in ("cv2", "tensor", "pil"):
        vision.set_image_backend(backend)
        assert vision.get_image_backend() == backend


@pytest.mark.parametrize("backend", ["opencv", "PIL", None, 1])
def test_set_image_backend_refuses_other_names(backend):
    with pytest.raises(ValueError, match=r"^\[set_image_backend\] argument 'backend': expected 'pil', 'cv2' or "
                                         r"'tensor', but got " + repr(backend)):
        vision.set_image_backend(backend)
    assert vision.get_image_backend() == "pil"


@pytest.fixture()
def files(tmp_path):
    """An RGB, a grey and an RGBA PNG, with the pixels each holds."""
    arrays = {"rgb": pixels(5, 6), "grey": pixels(5, 6, 0), "rgba": pixels(5, 6, 4)}
    paths = {}
    for name, arr in arrays.items():
        paths[name] = str(tmp_path / f"{name}.png")
        Image.fromarray(arr).save(paths[name])
    return paths, arrays


def test_image_load_gives_the_file_as_pil_reads_it(files):
    paths, arrays = files
    for name, mode in (("rgb", "RGB"), ("grey", "L"), ("rgba", "RGBA")):
        img = vision.image_load(paths[name])  # the default backend, 'pil'
        assert isinstance(img, Image.Image) and img.mode == mode and img.size == (6, 5)
        np.testing.assert_array_equal(np.asarray(img), arrays[name])
    assert vision.image_load(paths["grey"], backend="pil").mode == "L"


def test_image_load_cv2_gives_three_bgr_channels_as_imread(files):
    paths, arrays = files
    out = vision.image_load(paths["rgb"], backend="cv2")
    assert isinstance(out, np.ndarray) and out.dtype == np.uint8
    np.testing.assert_array_equal(out, arrays["rgb"][:, :, ::-1])
    np.testing.assert_array_equal(vision.image_load(paths["grey"], backend="cv2"),
                                  np.repeat(arrays["grey"][:, :, None], 3, axis=2))
    np.testing.assert_array_equal(vision.image_load(paths["rgba"], backend="cv2"), arrays["rgba"][:, :, 2::-1])
    vision.set_image_backend("cv2")
    np.testing.assert_array_equal(vision.image_load(paths["rgb"]), arrays["rgb"][:, :, ::-1])


def test_image_load_tensor_gives_rgb_hwc_uint8(files):
    paths, arrays = files
    vision.set_image_backend("tensor")
    out = vision.image_load(paths["rgba"])
    assert isinstance(out, paddle.Tensor) and out.dtype == paddle.uint8 and list(out.shape) == [5, 6, 3]
    np.testing.assert_array_equal(out.numpy(), arrays["rgba"][:, :, :3])


def test_image_load_bad_arguments(files, tmp_path):
    paths, _ = files
    with pytest.raises(ValueError, match=r"^\[image_load\] argument 'backend': expected 'pil', 'cv2' or 'tensor', "
                                         r"but got 'opencv'"):
        vision.image_load(paths["rgb"], backend="opencv")
    with pytest.raises(FileNotFoundError):
        vision.image_load(str(tmp_path / "missing.png"))


# ---------------------------------------------------------------- datasets

def write_mnist(tmp_path, images, labels):
    image_path, label_path = tmp_path / "images.gz", tmp_path / "labels.gz"
    with gzip.open(image_path, "wb") as f:
        f.write(struct.pack(">IIII", 2051, len(images), 28, 28) + images.tobytes())
    with gzip.open(label_path, "wb") as f:
        f.write(struct.pack(">II", 2049, len(labels)) + bytes(labels))
    return str(image_path), str(label_path)


@pytest.mark.parametrize("cls", [vision.datasets.MNIST, vision.datasets.FashionMNIST])
def test_mnist_gives_grey_pil_images_by_default(tmp_path, cls):
    images = RNG.integers(0, 256, (2, 28, 28), dtype=np.uint8)
    data = cls(*write_mnist(tmp_path, images, [3, 7]), mode="test")
    img, label = data[1]
    assert isinstance(img, Image.Image) and img.mode == "L"
    np.testing.assert_array_equal(np.asarray(img), images[1])
    assert label.dtype == np.int64 and label.tolist() == [7]
    tensor, _ = cls(*write_mnist(tmp_path, images, [3, 7]), transform=T.ToTensor())[0]
    np.testing.assert_allclose(tensor.numpy(), images[:1] / 255.0, rtol=1e-6)
    array, _ = cls(*write_mnist(tmp_path, images, [3, 7]), backend="cv2")[0]
    assert array.dtype == np.float32
    np.testing.assert_array_equal(array, images[0])


def test_datasets_take_pil_or_cv2_only(tmp_path):
    paths = write_mnist(tmp_path, np.zeros((1, 28, 28), np.uint8), [0])
    with pytest.raises(ValueError, match=r"^\[MNIST\] argument 'backend': expected 'pil' or 'cv2', but got 'tensor'"):
        vision.datasets.MNIST(*paths, backend="tensor")
    vision.set_image_backend("tensor")  # the default backend is checked as well
    with pytest.raises(ValueError, match=r"^\[MNIST\] argument 'backend': expected 'pil' or 'cv2', but got 'tensor'"):
        vision.datasets.MNIST(*paths)


def test_cifar_gives_rgb_pil_images_by_default(tmp_path):
    data = RNG.integers(0, 256, (2, 3072), dtype=np.uint8)
    raw = pickle.dumps({b"data": data, b"labels": [4, 9]})
    path = tmp_path / "cifar-10-python.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        info = tarfile.TarInfo("cifar-10-batches-py/data_batch_1")
        info.size = len(raw)
        tar.addfile(info, io.BytesIO(raw))
    img, label = vision.datasets.Cifar10(str(path))[1]
    assert isinstance(img, Image.Image) and img.mode == "RGB" and img.size == (32, 32)
    np.testing.assert_array_equal(np.asarray(img), data[1].reshape(3, 32, 32).transpose(1, 2, 0))
    assert label.dtype == np.int64 and int(label) == 9
    with pytest.raises(ValueError, match=r"^\[Cifar10\] argument 'backend': expected 'pil' or 'cv2', but got 'x'"):
        vision.datasets.Cifar10(str(path), backend="x")


def test_folder_datasets_give_rgb_pil_images_and_rgb_arrays_for_cv2(files, tmp_path):
    paths, arrays = files  # rgb.png, grey.png and rgba.png in one folder: a class of ImageFolder's view
    (tmp_path / "cls").mkdir()
    for name in ("grey", "rgba"):
        Image.fromarray(arrays[name]).save(tmp_path / "cls" / f"{name}.png")
    want_grey = np.repeat(arrays["grey"][:, :, None], 3, axis=2)
    folder = vision.datasets.DatasetFolder(str(tmp_path))
    img, target = folder[0]
    assert isinstance(img, Image.Image) and img.mode == "RGB" and target == 0
    np.testing.assert_array_equal(np.asarray(img), want_grey)
    np.testing.assert_array_equal(np.asarray(folder[1][0]), arrays["rgba"][:, :, :3])
    (sample,) = vision.datasets.ImageFolder(str(tmp_path))[0]  # the root's grey.png comes first
    assert isinstance(sample, Image.Image) and sample.mode == "RGB"
    np.testing.assert_array_equal(np.asarray(sample), want_grey)
    vision.set_image_backend("tensor")  # not 'cv2': PIL images still, as in Paddle
    assert isinstance(folder[0][0], Image.Image)
    vision.set_image_backend("cv2")
    array, _ = folder[0]
    assert isinstance(array, np.ndarray) and array.dtype == np.uint8
    np.testing.assert_array_equal(array, want_grey)


# ---------------------------------------------------------------- to_tensor

@pytest.mark.parametrize("mode, channels", [("RGB", 3), ("L", 1), ("RGBA", 4), ("LA", 2), ("YCbCr", 3),
                                            ("CMYK", 4), ("P", 1)])
def test_to_tensor_scales_8_bit_pil_images_to_chw_float32(mode, channels):
    img = rgb().convert(mode)
    arr = np.asarray(img).reshape(7, 9, channels)
    out = T.ToTensor()(img)
    assert out.dtype == paddle.float32 and list(out.shape) == [channels, 7, 9]
    np.testing.assert_allclose(out.numpy(), arr.transpose(2, 0, 1) / 255.0, rtol=1e-6)
    assert float(out.min()) >= 0.0 and float(out.max()) <= 1.0
    np.testing.assert_allclose(F.to_tensor(img, "HWC").numpy(), arr / 255.0, rtol=1e-6)


def test_to_tensor_of_wide_pil_modes_keeps_the_values():
    ints = RNG.integers(-1000, 1000, (3, 4)).astype(np.int32)
    out = F.to_tensor(Image.fromarray(ints, "I"))
    assert out.dtype == paddle.int32
    np.testing.assert_array_equal(out.numpy(), ints[None])
    words = RNG.integers(0, 60000, (3, 4)).astype(np.uint16)
    out = F.to_tensor(Image.fromarray(words))  # mode 'I;16'
    assert out.dtype == paddle.int32
    np.testing.assert_array_equal(out.numpy(), words[None])
    floats = RNG.standard_normal((3, 4)).astype(np.float32)
    np.testing.assert_array_equal(F.to_tensor(Image.fromarray(floats, "F")).numpy(), floats[None])
    bits = Image.fromarray(np.array([[0, 255], [255, 0]], np.uint8)).convert("1")
    np.testing.assert_array_equal(F.to_tensor(bits).numpy(), [[[0.0, 1.0], [1.0, 0.0]]])


def test_to_tensor_bad_arguments():
    with pytest.raises(TypeError, match=r"^\[to_tensor\] argument 'pic': expected a PIL image, a Tensor or an "
                                        r"HW/HWC ndarray, but got list"):
        F.to_tensor([[1, 2]])
    with pytest.raises(ValueError, match=r"^\[to_tensor\] argument 'data_format': expected 'CHW' or 'HWC', but "
                                         r"got 'NCHW'"):
        F.to_tensor(rgb(), "NCHW")


# ---------------------------------------------------------------- resize, crop, flip, pad

def test_resize_nearest_takes_the_pixel_under_each_centre():
    arr = pixels(7, 9)  # odd sides: no output centre falls on a pixel border
    for oh, ow in ((11, 13), (4, 5), (7, 3)):
        out = F.resize(Image.fromarray(arr), (oh, ow), "nearest")
        assert isinstance(out, Image.Image) and out.size == (ow, oh)
        rows = np.floor((np.arange(oh) + 0.5) * 7 / oh).astype(int)
        cols = np.floor((np.arange(ow) + 0.5) * 9 / ow).astype(int)
        np.testing.assert_array_equal(np.asarray(out), arr[rows][:, cols])


def test_resize_bilinear_up_interpolates_between_pixel_centres():
    arr = pixels(6, 8)
    out = np.asarray(T.Resize((11, 15))(Image.fromarray(arr))).astype(np.float64)

    def axis(n, m):
        src = np.clip((np.arange(m) + 0.5) * n / m - 0.5, 0, n - 1)
        lo = np.floor(src).astype(int)
        return lo, np.minimum(lo + 1, n - 1), src - lo

    y0, y1, wy = axis(6, 11)
    x0, x1, wx = axis(8, 15)
    wy, wx, d = wy[:, None, None], wx[None, :, None], arr.astype(np.float64)
    want = (d[y0][:, x0] * (1 - wx) + d[y0][:, x1] * wx) * (1 - wy) + (d[y1][:, x0] * (1 - wx) + d[y1][:, x1] * wx) * wy
    np.testing.assert_allclose(out, want, atol=1)  # PIL works in fixed point


def test_resize_box_halving_averages_blocks_and_pil_filters_are_taken():
    arr = pixels(6, 8)
    out = F.resize(Image.fromarray(arr), (3, 4), "box")
    want = arr.reshape(3, 2, 4, 2, 3).mean(axis=(1, 3))
    np.testing.assert_allclose(np.asarray(out), want, atol=1)
    for name, pil_filter in (("bicubic", Image.BICUBIC), ("lanczos", Image.LANCZOS), ("hamming", Image.HAMMING)):
        np.testing.assert_array_equal(np.asarray(F.resize(Image.fromarray(arr), (4, 5), name)),
                                      np.asarray(Image.fromarray(arr).resize((5, 4), pil_filter)))


def test_resize_int_sets_the_short_side():
    img = rgb(7, 10)
    assert F.resize(img, 4).size == (5, 4)  # (width, height): 10 * 4 / 7 = 5.7 -> 5
    assert F.resize(img.transpose(Image.ROTATE_90), 4).size == (4, 5)
    assert F.resize(img, 7) is img  # already that size


def test_resize_bad_arguments():
    with pytest.raises(ValueError, match=r"^\[resize\] argument 'interpolation': expected one of 'nearest', "
                                         r"'bilinear', 'bicubic', 'box', 'lanczos', 'hamming', but got 'area'"):
        F.resize(rgb(), (3, 3), "area")
    with pytest.raises(ValueError, match=r"^\[resize\] argument 'interpolation': expected one of 'bilinear', "
                                         r"'nearest', but got 'bicubic'"):
        F.resize(pixels(), (3, 3), "bicubic")  # arrays have OpenCV-like bilinear and nearest only
    with pytest.raises(TypeError, match=r"^\[resize\] expected a NumPy HWC array, a CHW Tensor or a PIL image, but "
                                        r"got str"):
        F.resize("img.png", 3)


def test_crop_center_crop_and_flips_of_pil_images():
    arr = pixels(7, 9)
    img = Image.fromarray(arr)
    cases = [
        (F.crop(img, 1, 2, 4, 5), arr[1:5, 2:7]),
        (F.center_crop(img, 4), arr[2:6, 2:6]),  # offsets round((7 - 4) / 2) = 2 (half to even), round(2.5) = 2
        (T.CenterCrop((3, 5))(img), arr[2:5, 2:7]),
        (F.hflip(img), arr[:, ::-1]),
        (F.vflip(img), arr[::-1]),
        (T.RandomHorizontalFlip(1.0)(img), arr[:, ::-1]),
        (T.RandomVerticalFlip(1.0)(img), arr[::-1]),
    ]
    for out, want in cases:
        assert isinstance(out, Image.Image) and out.mode == "RGB"
        np.testing.assert_array_equal(np.asarray(out), want)


def test_crop_beyond_the_border_is_zero_filled():
    arr = pixels(7, 9)
    out = F.crop(Image.fromarray(arr), 5, -2, 4, 5)  # rows 5..8, columns -2..2
    assert out.size == (5, 4)
    want = np.zeros((4, 5, 3), np.uint8)
    want[:2, 2:] = arr[5:7, 0:3]
    np.testing.assert_array_equal(np.asarray(out), want)
    bigger = F.center_crop(Image.fromarray(arr), (9, 11))
    want = np.zeros((9, 11, 3), np.uint8)
    want[1:8, 1:10] = arr
    np.testing.assert_array_equal(np.asarray(bigger), want)


@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "symmetric"])
def test_pad_pil_images_as_numpy_pads(mode):
    arr = pixels(5, 6)
    out = F.pad(Image.fromarray(arr), [1, 2, 3, 1], fill=7, padding_mode=mode)  # left, top, right, bottom
    assert isinstance(out, Image.Image) and out.mode == "RGB"
    extra = {"constant_values": 7} if mode == "constant" else {}
    np.testing.assert_array_equal(np.asarray(out), np.pad(arr, [(2, 1), (1, 3), (0, 0)], mode=mode, **extra))
    grey = pixels(5, 6, 0)
    out = T.Pad(2, fill=7, padding_mode=mode)(Image.fromarray(grey))
    assert out.mode == "L"
    np.testing.assert_array_equal(np.asarray(out), np.pad(grey, 2, mode=mode, **extra))


def test_pad_fills_colour_bands_and_keeps_palettes():
    out = np.asarray(F.pad(rgb(3, 3), 1, fill=(10, 20, 30)))
    np.testing.assert_array_equal(out[0, 0], [10, 20, 30])
    out = np.asarray(F.pad(Image.fromarray(pixels(3, 3, 4)), 1, fill=5))
    np.testing.assert_array_equal(out[0, 0], [5, 5, 5, 255])  # alpha not given: opaque
    palette = rgb(4, 5).convert("P")
    out = F.pad(palette, 1, padding_mode="edge")
    assert out.mode == "P"
    np.testing.assert_array_equal(np.asarray(out.convert("RGB")),
                                  np.pad(np.asarray(palette.convert("RGB")), [(1, 1), (1, 1), (0, 0)], mode="edge"))
    with pytest.raises(ValueError, match=r"^\[pad\] argument 'fill': expected a number or 3 values \(one per colour "
                                         r"band\), but got \(1, 2\)"):
        F.pad(rgb(), 1, fill=(1, 2))


def test_random_crops_of_pil_images():
    arr = pixels(7, 9)
    random.seed(3)
    out = T.RandomCrop(5)(Image.fromarray(arr))
    random.seed(3)
    top, left = random.randint(0, 2), random.randint(0, 4)  # Paddle's draws: the row, then the column
    np.testing.assert_array_equal(np.asarray(out), arr[top:top + 5, left:left + 5])
    random.seed(3)
    out = T.RandomCrop((9, 12), pad_if_needed=True, padding_mode="edge")(Image.fromarray(arr))
    padded = np.pad(arr, [(2, 2), (3, 3), (0, 0)], mode="edge")  # 3 more columns each side, then 2 rows: 11 x 15
    random.seed(3)
    top, left = random.randint(0, 2), random.randint(0, 3)
    np.testing.assert_array_equal(np.asarray(out), padded[top:top + 9, left:left + 12])
    out = T.RandomResizedCrop((4, 6), scale=(1.0, 1.0), ratio=(9 / 7, 9 / 7))(Image.fromarray(arr))
    np.testing.assert_array_equal(np.asarray(out), np.asarray(Image.fromarray(arr).resize((6, 4), Image.BILINEAR)))
    with pytest.raises(ValueError, match=r"^\[RandomCrop\] the image \(7x9\) is smaller than the crop \(8x8\)"):
        T.RandomCrop(8)(Image.fromarray(arr))


# ---------------------------------------------------------------- colour

def blend(arr, base, factor):
    """What PIL's enhancers compute: base + factor * (pixel - base), truncated and clipped to 8 bits."""
    return np.clip(np.trunc(base + factor * (arr.astype(np.float64) - base)), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("factor", [0.0, 0.5, 1.5, 2.0])
def test_brightness_contrast_saturation_of_pil_images(factor):
    arr = pixels(7, 9)
    img = Image.fromarray(arr)
    grey = grey_of(arr).astype(np.float64)
    cases = [(F.adjust_brightness, 0.0), (F.adjust_contrast, np.floor(grey.mean() + 0.5)),
             (F.adjust_saturation, grey[:, :, None])]
    for adjust, base in cases:
        out = adjust(img, factor)
        assert isinstance(out, Image.Image) and out.mode == "RGB"
        np.testing.assert_array_equal(np.asarray(out), blend(arr, base, factor))


def test_colour_adjustments_keep_grey_and_alpha_images_pil():
    grey = pixels(4, 5, 0)
    out = F.adjust_contrast(Image.fromarray(grey), 0.5)
    assert out.mode == "L"
    np.testing.assert_array_equal(np.asarray(out), blend(grey, np.floor(grey.mean() + 0.5), 0.5))
    rgba = pixels(4, 5, 4)
    out = F.adjust_brightness(Image.fromarray(rgba), 0.5)
    assert out.mode == "RGBA"
    np.testing.assert_array_equal(np.asarray(out)[..., :3], blend(rgba[..., :3], 0.0, 0.5))
    np.testing.assert_array_equal(np.asarray(out)[..., 3], rgba[..., 3])  # alpha untouched


# A 3 x 4 image of primaries, greys and mixed colours, and PaddlePaddle 3.3.1's adjust_hue of it as a PIL image
HUE_IMAGE = [[[255, 0, 0], [0, 255, 0], [0, 0, 255], [200, 120, 40]],
             [[30, 60, 90], [250, 250, 10], [128, 128, 128], [10, 200, 180]],
             [[90, 10, 160], [0, 0, 0], [255, 255, 255], [66, 99, 33]]]
PADDLE_HUE = {
    0.25: [[[132, 255, 0], [0, 132, 255], [255, 0, 132], [44, 200, 40]],
           [[88, 30, 90], [11, 250, 123], [128, 128, 128], [82, 10, 200]],
           [[160, 10, 10], [0, 0, 0], [255, 255, 255], [33, 99, 97]]],
    -0.4: [[[0, 96, 255], [255, 0, 96], [102, 255, 0], [59, 40, 200]],
           [[85, 90, 30], [157, 11, 250], [128, 128, 128], [200, 104, 10]],
           [[10, 160, 28], [0, 0, 0], [255, 255, 255], [99, 33, 92]]],
}


@pytest.mark.parametrize("factor", sorted(PADDLE_HUE))
def test_hue_of_pil_images_is_paddles(factor):
    out = F.adjust_hue(Image.fromarray(np.array(HUE_IMAGE, np.uint8)), factor)
    assert isinstance(out, Image.Image) and out.mode == "RGB"
    np.testing.assert_array_equal(np.asarray(out), PADDLE_HUE[factor])


def test_hue_turns_primaries_and_leaves_grey_alone():
    primaries = Image.fromarray(np.array([[[255, 0, 0], [0, 255, 0], [0, 0, 255]]], np.uint8))
    out = F.adjust_hue(primaries, 0.5)
    # PIL's 8-bit hue H (1/255 turn a step) of red, green, blue: 0, 85, 170; adding int(0.5 * 255) = 127 mod 256
    # gives 127, 212, 41. Back in RGB, the sextant s = 6H/255 has whole part k and fraction f: 127 -> k 2,
    # (0, 255, 255f); 212 -> k 4, (255f, 0, 255); 41 -> k 0, (255, 255f, 0), with 255f truncated
    np.testing.assert_array_equal(np.asarray(out), [[[0, 255, 252], [252, 0, 255], [255, 246, 0]]])
    grey = Image.fromarray(pixels(3, 4, 0))
    assert F.adjust_hue(grey, 0.3) is grey
    rgba = Image.fromarray(pixels(3, 4, 4))
    assert (np.asarray(F.adjust_hue(rgba, 0.1))[..., 3] == 255).all()  # through HSV, alpha is lost, as in Paddle


def test_grayscale_of_pil_images():
    arr = pixels(7, 9)
    out = F.to_grayscale(Image.fromarray(arr))
    assert isinstance(out, Image.Image) and out.mode == "L"
    np.testing.assert_array_equal(np.asarray(out), grey_of(arr))
    out = T.Grayscale(3)(Image.fromarray(arr))
    assert out.mode == "RGB"
    np.testing.assert_array_equal(np.asarray(out), np.repeat(grey_of(arr)[:, :, None], 3, axis=2))


def test_random_colour_transforms_use_the_drawn_factor():
    img = rgb()
    for cls, enhancer in ((T.BrightnessTransform, ImageEnhance.Brightness),
                          (T.ContrastTransform, ImageEnhance.Contrast), (T.SaturationTransform, ImageEnhance.Color)):
        random.seed(5)
        out = cls(0.4)(img)
        random.seed(5)
        factor = random.uniform(0.6, 1.4)
        np.testing.assert_array_equal(np.asarray(out), np.asarray(enhancer(img).enhance(factor)))


def test_color_jitter_of_a_pil_image_is_paddles():
    random.seed(7)
    out = T.ColorJitter(0.4, 0.4, 0.4, 0.1)(Image.fromarray(np.array(HUE_IMAGE, np.uint8)))
    paddle_out = [[[199, 71, 46], [50, 203, 75], [67, 42, 195], [170, 137, 73]],
                  [[60, 73, 96], [183, 205, 61], [126, 126, 126], [55, 163, 169]],
                  [[111, 49, 140], [39, 39, 39], [211, 211, 211], [78, 104, 64]]]
    np.testing.assert_array_equal(np.asarray(out), paddle_out)


def test_colour_bad_arguments():
    with pytest.raises(ValueError, match=r"^\[adjust_hue\] argument 'hue_factor': expected a number in \[-0.5, 0.5\], "
                                         r"but got 0.7"):
        F.adjust_hue(rgb(), 0.7)
    with pytest.raises(ValueError, match=r"^\[adjust_brightness\] argument 'brightness_factor': expected a number "
                                         r">= 0, but got -1"):
        F.adjust_brightness(rgb(), -1)
    with pytest.raises(TypeError, match=r"^\[adjust_contrast\] expected a NumPy HWC array, a CHW Tensor or a PIL "
                                        r"image, but got list"):
        F.adjust_contrast([[1, 2]], 0.5)
    with pytest.raises(ValueError, match=r"^\[to_grayscale\] argument 'num_output_channels': expected 1 or 3, but "
                                         r"got 2"):
        F.to_grayscale(rgb(), 2)


# ---------------------------------------------------------------- normalize, transpose, erase

def test_normalize_and_transpose_turn_pil_images_into_arrays():
    arr = pixels(7, 9)
    out = F.normalize(Image.fromarray(arr), [10.0, 20.0, 30.0], [2.0, 4.0, 5.0], data_format="HWC")
    assert isinstance(out, np.ndarray) and out.dtype == np.float32
    np.testing.assert_allclose(out, (arr - np.array([10.0, 20.0, 30.0])) / [2.0, 4.0, 5.0], rtol=1e-6)
    out = T.Normalize(127.5, 127.5, "HWC", to_rgb=True)(Image.fromarray(arr))
    np.testing.assert_allclose(out, (arr[..., ::-1] - 127.5) / 127.5, rtol=1e-6)
    np.testing.assert_array_equal(T.Transpose()(Image.fromarray(arr)), arr.transpose(2, 0, 1))
    np.testing.assert_array_equal(T.Transpose()(Image.fromarray(arr[..., 0])), arr[None, :, :, 0])


def test_erase_gives_a_new_pil_image():
    arr = pixels(7, 9)
    img = Image.fromarray(arr)
    out = F.erase(img, 1, 2, 3, 4, np.array([[[1, 2, 3]]]))
    assert isinstance(out, Image.Image) and out is not img and out.mode == "RGB"
    want = arr.copy()
    want[1:4, 2:6] = [1, 2, 3]
    np.testing.assert_array_equal(np.asarray(out), want)
    np.testing.assert_array_equal(np.asarray(img), arr)  # a PIL image is never changed, inplace or not
    grey = F.erase(Image.fromarray(arr[..., 0]), 0, 0, 2, 2, 9, inplace=True)
    assert grey.mode == "L" and (np.asarray(grey)[:2, :2] == 9).all()


def test_random_erasing_of_a_pil_image():
    arr = pixels(20, 24)
    np.random.seed(4)
    out = np.asarray(T.RandomErasing(prob=1.0, value=[1, 2, 3])(Image.fromarray(arr)))
    changed = (out != arr).any(axis=-1)
    rows, cols = np.nonzero(changed)
    box = (slice(rows.min(), rows.max() + 1), slice(cols.min(), cols.max() + 1))
    assert 0 < changed.sum() < changed.size
    assert (out[box] == [1, 2, 3]).all()  # one rectangle of the value
    outside = np.ones_like(changed)
    outside[box] = False
    np.testing.assert_array_equal(out[outside], arr[outside])


# ---------------------------------------------------------------- warps

def nearest_rotation(arr, degrees, fill=0, center=None):
    """PIL's nearest rotation: each output pixel centre, turned back about the centre, takes the pixel it falls
    in (counter-clockwise angles; sin and cos rounded to 15 digits, as PIL does)."""
    h, w = arr.shape[:2]
    cx, cy = (w / 2, h / 2) if center is None else center
    cos, sin = round(math.cos(math.radians(degrees)), 15), round(math.sin(math.radians(degrees)), 15)
    y, x = np.mgrid[0:h, 0:w] + 0.5
    cols = np.floor(cos * (x - cx) - sin * (y - cy) + cx).astype(int)
    rows = np.floor(sin * (x - cx) + cos * (y - cy) + cy).astype(int)
    inside = (rows >= 0) & (rows < h) & (cols >= 0) & (cols < w)
    out = np.empty_like(arr)
    out[...] = fill
    out[inside] = arr[rows[inside], cols[inside]]
    return out


@pytest.mark.parametrize("degrees, center", [(30, None), (-45, None), (123, None), (30, (2, 3))])
def test_rotate_nearest_of_pil_images(degrees, center):
    arr = pixels(7, 10)
    out = F.rotate(Image.fromarray(arr), degrees, center=center, fill=(9, 8, 7))
    assert isinstance(out, Image.Image) and out.size == (10, 7)
    np.testing.assert_array_equal(np.asarray(out), nearest_rotation(arr, degrees, (9, 8, 7), center))


def test_rotate_quarter_turns_of_pil_images():
    arr = pixels(7, 10)
    out = np.asarray(F.rotate(Image.fromarray(arr), 90))
    # by hand: the centre (x + 0.5, y + 0.5) of output pixel (y, x), turned back a quarter about (5, 3.5), lands
    # on the corner (8 - y, x - 1) exactly, which falls in pixel [x - 1, 8 - y]; columns 0, 8 and 9 are outside
    want = np.zeros_like(arr)
    for y in range(7):
        for x in range(1, 8):
            want[y, x] = arr[x - 1, 8 - y]
    np.testing.assert_array_equal(out, want)
    np.testing.assert_array_equal(np.asarray(F.rotate(Image.fromarray(arr), 90, expand=True)), np.rot90(arr))
    out = T.RandomRotation((-90, -90), expand=True)(Image.fromarray(arr))
    np.testing.assert_array_equal(np.asarray(out), np.rot90(arr, -1))


def test_rotate_fill_of_pil_images():
    grey = F.rotate(Image.fromarray(np.zeros((6, 6), np.uint8) + 50), 45, fill=200)
    assert grey.mode == "L" and np.asarray(grey)[0, 0] == 200 and np.asarray(grey)[3, 3] == 50
    rgba = np.asarray(F.rotate(Image.fromarray(np.full((6, 6, 4), 50, np.uint8)), 45, fill=7))
    np.testing.assert_array_equal(rgba[0, 0], [7, 7, 7, 255])  # the colour bands, alpha opaque
    with pytest.raises(ValueError, match=r"^\[rotate\] argument 'fill': expected a number or 3 values \(one per "
                                         r"colour band\), but got \[1, 2\]"):
        F.rotate(rgb(), 30, fill=[1, 2])


def test_affine_and_perspective_of_pil_images_by_hand():
    square = pixels(6, 6)
    np.testing.assert_array_equal(np.asarray(F.affine(Image.fromarray(square), 90, (0, 0), 1.0, 0)),
                                  np.rot90(square, -1))  # affine's angle is clockwise
    arr = pixels(5, 7)
    shifted = np.zeros_like(arr)
    shifted[1:, 2:] = arr[:-1, :-2]
    np.testing.assert_array_equal(np.asarray(F.affine(Image.fromarray(arr), 0, (2, 1), 1.0, 0)), shifted)
    corners = [[0, 0], [6, 0], [6, 4], [0, 4]]
    moved = [[x + 2, y + 1] for x, y in corners]
    np.testing.assert_array_equal(np.asarray(F.perspective(Image.fromarray(arr), corners, moved)), shifted)
    out = F.perspective(Image.fromarray(arr), corners, moved, fill=5)
    np.testing.assert_array_equal(np.asarray(out)[0], np.full((7, 3), 5))


def test_affine_matches_its_matrix_through_pil():
    y, x = np.mgrid[0:16, 0:18]
    img = Image.fromarray(np.stack([x * 14, y * 15, (x + y) * 7], -1).astype(np.uint8))
    angle, (tx, ty), scale, (shear_x, shear_y), (cx, cy) = 33.0, (1, -2), 1.1, (4.0, -6.0), (5.0, 6.0)
    rot, sx, sy = math.radians(angle), math.tan(math.radians(shear_x)), math.tan(math.radians(shear_y))
    # the documented map: p -> scale * R * Shear_y * Shear_x (p - c) + c + t
    linear = scale * (np.array([[math.cos(rot), -math.sin(rot)], [math.sin(rot), math.cos(rot)]])
                      @ np.array([[1.0, 0.0], [-sy, 1.0]]) @ np.array([[1.0, -sx], [0.0, 1.0]]))
    inverse = np.linalg.inv(linear)
    offset = np.array([cx, cy]) - inverse @ np.array([cx + tx, cy + ty])
    coeffs = (*inverse[0], offset[0], *inverse[1], offset[1])
    for name, pil_filter in (("nearest", Image.NEAREST), ("bilinear", Image.BILINEAR), ("bicubic", Image.BICUBIC)):
        out = F.affine(img, angle, (tx, ty), scale, (shear_x, shear_y), name, center=(cx, cy))
        want = img.transform(img.size, Image.AFFINE, coeffs, pil_filter)
        np.testing.assert_array_equal(np.asarray(out), np.asarray(want))


SMOOTH = np.stack([np.mgrid[0:5, 0:6][1] * 40, np.mgrid[0:5, 0:6][0] * 50, np.mgrid[0:5, 0:6].sum(0) * 20],
                  -1).astype(np.uint8)
# PaddlePaddle 3.3.1's outputs for SMOOTH as a PIL image, with random.seed(7) before each transform
PADDLE_WARPS = {
    "rotation": (lambda: T.RandomRotation(40, interpolation="bilinear"),
                 [[[0, 33, 13], [22, 21, 19], [61, 9, 34], [99, 0, 49], [138, 0, 69], [0, 0, 0]],
                  [[0, 81, 32], [32, 69, 43], [70, 57, 58], [109, 45, 72], [148, 33, 87], [187, 21, 102]],
                  [[3, 130, 53], [41, 118, 68], [80, 106, 82], [119, 93, 97], [158, 81, 111], [196, 69, 126]],
                  [[12, 178, 77], [51, 166, 92], [90, 154, 107], [129, 142, 121], [167, 130, 136], [200, 118, 147]],
                  [[0, 0, 0], [61, 200, 110], [100, 200, 130], [138, 190, 145], [177, 178, 160], [200, 166, 166]]]),
    "affine": (lambda: T.RandomAffine(20, translate=(0.2, 0.2), scale=(0.9, 1.1), shear=10, interpolation="bilinear"),
               [[[0, 0, 0], [44, 0, 22], [87, 0, 43], [131, 0, 65], [174, 1, 88], [200, 8, 103]],
                [[0, 28, 11], [39, 35, 34], [83, 42, 58], [126, 49, 82], [170, 55, 107], [200, 62, 125]],
                [[0, 83, 33], [34, 89, 53], [78, 96, 77], [121, 103, 102], [165, 110, 126], [200, 116, 146]],
                [[0, 137, 54], [29, 144, 72], [73, 150, 97], [116, 157, 121], [160, 164, 145], [200, 171, 168]],
                [[0, 191, 76], [25, 198, 91], [68, 200, 114], [112, 200, 136], [155, 200, 157], [0, 0, 0]]]),
    "perspective": (lambda: T.RandomPerspective(1.0, 0.5, "bicubic"),
                    [[[0, 0, 0]] * 6,
                     [[0, 11, 2], [50, 11, 29], [100, 11, 54], [149, 11, 79], [204, 11, 107], [0, 0, 0]],
                     [[0, 0, 0], [20, 118, 57], [91, 118, 92], [145, 118, 120], [205, 118, 150], [0, 0, 0]],
                     [[0, 0, 0]] * 6, [[0, 0, 0]] * 6]),
}


@pytest.mark.parametrize("name", sorted(PADDLE_WARPS))
def test_random_warps_of_pil_images_are_paddles(name):
    make, want = PADDLE_WARPS[name]
    transform = make()
    random.seed(7)
    out = transform(Image.fromarray(SMOOTH))
    assert isinstance(out, Image.Image) and out.mode == "RGB"
    np.testing.assert_array_equal(np.asarray(out), want)


def test_warp_bad_arguments():
    with pytest.raises(ValueError, match=r"^\[rotate\] argument 'interpolation': expected one of 'nearest', "
                                         r"'bilinear', 'bicubic', but got 'box'"):
        F.rotate(rgb(), 30, "box")
    with pytest.raises(ValueError, match=r"^\[rotate\] argument 'interpolation': expected one of 'nearest', "
                                         r"'bilinear', but got 'bicubic'"):
        F.rotate(pixels(), 30, "bicubic")  # PIL's bicubic is for PIL images only
    with pytest.raises(TypeError, match=r"^\[rotate\] expected a NumPy HWC array, a CHW Tensor or a PIL image, but "
                                        r"got list"):
        F.rotate([[1, 2]], 10)
    with pytest.raises(ValueError, match=r"^\[affine\] argument 'scale': expected a number > 0, but got 0.0"):
        F.affine(rgb(), 0, (0, 0), 0.0, 0)
    with pytest.raises(ValueError, match=r"^\[perspective\] argument 'interpolation': expected one of 'nearest', "
                                         r"'bilinear', 'bicubic', but got 'area'"):
        F.perspective(rgb(), [[0, 0], [8, 0], [8, 6], [0, 6]], [[0, 0], [8, 0], [8, 6], [0, 6]], "area")


# ---------------------------------------------------------------- a pipeline

def test_a_pipeline_from_a_pil_image_to_a_normalized_tensor():
    arr = pixels(10, 12)
    pipeline = T.Compose([T.Resize((8, 8), "nearest"), T.CenterCrop(6), T.RandomHorizontalFlip(1.0), T.ToTensor(),
                          T.Normalize([0.5] * 3, [0.5] * 3)])
    out = pipeline(Image.fromarray(arr))
    rows = np.floor((np.arange(8) + 0.5) * 10 / 8).astype(int)
    cols = np.floor((np.arange(8) + 0.5) * 12 / 8).astype(int)
    want = arr[rows][:, cols][1:7, 1:7][:, ::-1]
    assert out.dtype == paddle.float32 and list(out.shape) == [3, 6, 6]
    np.testing.assert_allclose(out.numpy(), (want.transpose(2, 0, 1) / 255.0 - 0.5) / 0.5, rtol=1e-5, atol=1e-6)
