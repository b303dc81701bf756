"""paddle.vision.transforms colour and warp functions and their random classes, against NumPy references
written out here (and, for warps a reference cannot follow by hand, outputs of PaddlePaddle 3.3's Tensor
backend)."""

import colorsys
import math
import random

import numpy as np
import pytest

import paddle
from paddle.vision import transforms as T
from paddle.vision.transforms import functional as F


def image(h=5, w=7, c=3, seed=0, dtype=np.uint8):
    rng = np.random.default_rng(seed)
    if dtype == np.uint8:
        return rng.integers(0, 256, size=(h, w, c)).astype(np.uint8)
    return rng.random((h, w, c)).astype(dtype)


def chw(img):
    return paddle.to_tensor(np.ascontiguousarray(img.transpose(2, 0, 1)))


def hwc(tensor):
    return tensor.numpy().transpose(1, 2, 0)


def luma(img):
    """ITU-R BT.601 grey level, in float64."""
    img = img.astype(np.float64)
    return 0.299 * img[..., 0] + 0.587 * img[..., 1] + 0.114 * img[..., 2]


# ---- colour functions ----------------------------------------------------------------------------------------

def test_adjust_brightness():
    img = image()
    # integer images are truncated, as Paddle's cv2 lookup table and PIL blend do
    expected = np.floor(np.clip(img.astype(np.float64) * 1.37, 0, 255)).astype(np.uint8)
    np.testing.assert_array_equal(F.adjust_brightness(img, 1.37), expected)
    np.testing.assert_array_equal(F.adjust_brightness(img, 0.0), np.zeros_like(img))
    np.testing.assert_array_equal(F.adjust_brightness(img, 1.0), img)
    flt = image(dtype=np.float32)
    np.testing.assert_allclose(F.adjust_brightness(flt, 1.6), np.clip(flt * 1.6, 0, 1), rtol=1e-6)
    out = F.adjust_brightness(chw(flt), 0.5)
    assert isinstance(out, paddle.Tensor) and out.dtype == paddle.float32 and out.shape == [3, 5, 7]
    np.testing.assert_allclose(hwc(out), flt * 0.5, rtol=1e-6)


def test_to_grayscale_uses_itu_r_601_weights():
    img = image()
    grey = F.to_grayscale(img)
    assert grey.shape == (5, 7, 1) and grey.dtype == np.uint8
    np.testing.assert_array_equal(grey[..., 0], np.rint(luma(img)).astype(np.uint8))
    three = F.to_grayscale(img, num_output_channels=3)
    assert three.shape == (5, 7, 3)
    for c in range(3):
        np.testing.assert_array_equal(three[..., c], grey[..., 0])
    flt = image(dtype=np.float32)
    out = F.to_grayscale(chw(flt))
    assert out.shape == [1, 5, 7]
    np.testing.assert_allclose(out.numpy()[0], luma(flt), rtol=1e-6)


def test_adjust_contrast_pivots_on_the_mean_grey():
    flt = image(dtype=np.float32)
    mean = luma(flt).mean()
    np.testing.assert_allclose(F.adjust_contrast(flt, 0.3), mean + 0.3 * (flt - mean), rtol=1e-6)
    np.testing.assert_allclose(F.adjust_contrast(flt, 2.5), np.clip(mean + 2.5 * (flt - mean), 0, 1), rtol=1e-6)
    np.testing.assert_allclose(F.adjust_contrast(flt, 0.0), np.full_like(flt, mean), rtol=1e-6)
    img = image()
    # integer images: the pivot is the mean of the rounded grey image, rounded (PIL's rule)
    pivot = math.floor(np.rint(luma(img)).mean() + 0.5)
    expected = np.floor(np.clip(pivot + 0.6 * (img.astype(np.float64) - pivot), 0, 255)).astype(np.uint8)
    np.testing.assert_array_equal(F.adjust_contrast(img, 0.6), expected)
    np.testing.assert_allclose(hwc(F.adjust_contrast(chw(flt), 0.3)), mean + 0.3 * (flt - mean), rtol=1e-5)


def test_adjust_saturation_blends_with_grey():
    flt = image(dtype=np.float32)
    grey = luma(flt)[..., None]
    np.testing.assert_allclose(F.adjust_saturation(flt, 0.0), np.repeat(grey, 3, axis=2), rtol=1e-6)
    np.testing.assert_allclose(F.adjust_saturation(flt, 1.0), flt, rtol=1e-6)
    np.testing.assert_allclose(F.adjust_saturation(flt, 1.8), np.clip(grey + 1.8 * (flt - grey), 0, 1), rtol=1e-6)
    single = image(c=1, dtype=np.float32)
    np.testing.assert_allclose(F.adjust_saturation(single, 0.0), single)


def reference_hue(img, shift, scale):
    out = np.empty(img.shape)
    for index in np.ndindex(img.shape[:2]):
        h, s, v = colorsys.rgb_to_hsv(*(img[index] / scale))
        out[index] = np.array(colorsys.hsv_to_rgb((h + shift) % 1.0, s, v)) * scale
    return out


@pytest.mark.parametrize("shift", [0.23, -0.41, 0.5])
def test_adjust_hue_matches_colorsys(shift):
    flt = image(dtype=np.float32).astype(np.float64)
    np.testing.assert_allclose(F.adjust_hue(flt, shift), reference_hue(flt, shift, 1.0), atol=1e-12)
    img = image()
    np.testing.assert_array_equal(F.adjust_hue(img, shift),
                                  np.rint(reference_hue(img.astype(np.float64), shift, 255.0)).astype(np.uint8))
    out = F.adjust_hue(chw(flt.astype(np.float32)), shift)
    np.testing.assert_allclose(hwc(out), reference_hue(flt, shift, 1.0), atol=1e-6)


def test_adjust_hue_zero_is_the_identity_and_primaries_rotate():
    img = image()
    np.testing.assert_array_equal(F.adjust_hue(img, 0.0), img)
    primaries = np.array([[[255, 0, 0], [0, 255, 0], [0, 0, 255]]], np.uint8)
    # a third of a turn: red -> green -> blue -> red
    np.testing.assert_array_equal(F.adjust_hue(primaries, 1 / 3), primaries[:, [1, 2, 0]])


# ---- warps -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("interpolation", ["nearest", "bilinear"])
def test_rotate_by_right_angles_is_rot90(interpolation):
    square = image(6, 6)
    for k in (1, 2, 3):
        np.testing.assert_array_equal(F.rotate(square, 90 * k, interpolation), np.rot90(square, k))
    tall = image(4, 7)
    np.testing.assert_array_equal(F.rotate(tall, 90, interpolation, expand=True), np.rot90(tall))
    np.testing.assert_array_equal(F.rotate(tall, -90, interpolation, expand=True), np.rot90(tall, 3))
    np.testing.assert_array_equal(F.rotate(tall, 180, interpolation), np.rot90(tall, 2))
    out = F.rotate(chw(tall), 90, interpolation, expand=True)
    assert out.dtype == paddle.uint8
    np.testing.assert_array_equal(hwc(out), np.rot90(tall))


def reference_rotate_nearest(img, degrees, fill):
    """Each output pixel centre rotated back (clockwise) about the image centre; the input pixel it lands in."""
    h, w = img.shape[:2]
    a = math.radians(degrees)
    out = np.empty_like(img)
    for i in range(h):
        for j in range(w):
            x, y = j + 0.5 - w / 2, i + 0.5 - h / 2
            u = math.cos(a) * x - math.sin(a) * y + w / 2
            v = math.sin(a) * x + math.cos(a) * y + h / 2
            inside = 0 <= u < w and 0 <= v < h
            out[i, j] = img[int(math.floor(v)), int(math.floor(u))] if inside else fill
    return out


def test_rotate_nearest_matches_a_per_pixel_reference():
    img = image(9, 8)
    np.testing.assert_array_equal(F.rotate(img, 17, fill=7), reference_rotate_nearest(img, 17, 7))
    np.testing.assert_array_equal(F.rotate(img, -33), reference_rotate_nearest(img, -33, 0))


def test_rotate_expand_holds_the_whole_image():
    out = F.rotate(np.full((7, 9, 1), 200, np.uint8), 45, expand=True, fill=0)
    side = 9 * math.cos(math.pi / 4) + 7 * math.sin(math.pi / 4)
    assert out.shape[:2] == (math.ceil(4.5 + side / 2) - math.floor(4.5 - side / 2),) * 2  # 13 x 13, as PIL
    assert int(out.sum()) // 200 == pytest.approx(63, abs=4)  # every pixel kept (63 of them), up to resampling


# PaddlePaddle 3.3's Tensor backend on this 1x5x6 image (values 1..30); the parameters avoid samples exactly
# between two pixels, where rounding differs between float32 and float64.
SMALL = np.arange(1, 31, dtype=np.float32).reshape(5, 6)
PADDLE_OUTPUTS = {
    "affine_shear": (
        lambda img: F.affine(img, 17, (1, 0), 1.1, (11, -7), fill=[0]),
        [[0, 7, 7, 8, 3, 4], [0, 13, 14, 9, 9, 10], [19, 20, 20, 15, 16, 11], [25, 26, 21, 22, 22, 17],
         [0, 0, 27, 28, 23, 24]]),
    "affine_shear_bilinear": (
        lambda img: F.affine(img, 17, (1, 0), 1.1, (11, -7), interpolation="bilinear", fill=[0.5]),
        [[0.5, 3.7941, 6.7597, 5.3215, 3.8832, 2.3786], [1.6176, 13.6468, 12.2086, 10.7703, 9.332, 7.8938],
         [10.6612, 19.0957, 17.6574, 16.2191, 14.7809, 13.3426], [18.6367, 24.5445, 23.1062, 21.668, 20.2297, 18.7914],
         [0.5018, 4.4199, 16.1253, 27.1168, 25.6785, 24.2403]]),
    "perspective": (
        lambda img: F.perspective(img, [[0, 0], [5, 0], [5, 4], [0, 4]],
                                  [[0.7, 0.2], [5.3, 0.9], [4.6, 4.1], [0.2, 3.4]]),
        [[0, 1, 2, 0, 0, 0], [7, 8, 9, 10, 5, 6], [13, 14, 15, 16, 17, 12], [25, 20, 21, 22, 23, 24],
         [0, 0, 27, 28, 29, 0]]),
    "perspective_bilinear": (
        lambda img: F.perspective(img, [[0, 0], [5, 0], [5, 4], [0, 4]],
                                  [[0.7, 0.2], [5.3, 0.9], [4.6, 4.1], [0.2, 3.4]], interpolation="bilinear"),
        [[0.0886, 0.7072, 0.6957, 0.4413, 0.1454, 0.0001], [1.9003, 6.9676, 6.9334, 6.8995, 6.8658, 6.8325],
         [6.7887, 14.463, 14.3976, 14.3328, 14.2684, 11.8444], [16.3069, 22.1536, 22.0554, 21.958, 21.8614, 9.7127],
         [0.5075, 3.2508, 8.5812, 16.7208, 27.879, 5.2041]]),
    "rotate17": (
        lambda img: F.rotate(img, 17),
        [[0, 3, 4, 5, 12, 12], [1, 8, 9, 10, 11, 18], [7, 14, 15, 16, 17, 24], [13, 20, 21, 22, 23, 30],
         [19, 19, 26, 27, 28, 0]]),
}


@pytest.mark.parametrize("name", sorted(PADDLE_OUTPUTS))
def test_warps_match_paddle_tensor_backend(name):
    warp, expected = PADDLE_OUTPUTS[name]
    np.testing.assert_allclose(warp(SMALL), expected, atol=2e-4)
    out = warp(paddle.to_tensor(SMALL[None]))
    assert out.shape == [1, 5, 6]
    np.testing.assert_allclose(out.numpy()[0], expected, atol=2e-4)


def test_affine_identity_and_integer_translation():
    for img in (image(), image(dtype=np.float32)):
        for interpolation in ("nearest", "bilinear"):
            np.testing.assert_array_equal(F.affine(img, 0, (0, 0), 1.0, (0, 0), interpolation), img)
    img = image()
    shifted = F.affine(img, 0.0, [2, -1], 1.0, 0.0, fill=(1, 2, 3))
    expected = np.empty_like(img)
    expected[...] = np.array([1, 2, 3], np.uint8)
    expected[:-1, 2:] = img[1:, :-2]
    np.testing.assert_array_equal(shifted, expected)
    np.testing.assert_array_equal(hwc(F.affine(chw(img), 0.0, [2, -1], 1.0, 0.0, fill=(1, 2, 3))), expected)


def test_affine_angle_is_clockwise_rotation():
    img = image(6, 6)
    np.testing.assert_array_equal(F.affine(img, -90, (0, 0), 1.0, 0), np.rot90(img))
    np.testing.assert_array_equal(F.affine(img, 33, (0, 0), 1.0, 0), F.rotate(img, -33))


def test_affine_scale_about_the_centre():
    img = np.arange(16, dtype=np.float64).reshape(4, 4)
    # zoom x2 about (2, 2): output pixel centre (j + 0.5) samples input (j + 0.5 - 2) / 2 + 2
    src = [int(math.floor((k + 0.5 - 2) / 2 + 2)) for k in range(4)]
    np.testing.assert_array_equal(F.affine(img, 0, (0, 0), 2.0, 0), img[src][:, src])


def test_perspective_with_the_same_points_is_the_identity():
    corners = [[0, 0], [6, 0], [6, 4], [0, 4]]
    for img in (image(), image(dtype=np.float32)):
        for interpolation in ("nearest", "bilinear"):
            np.testing.assert_array_equal(F.perspective(img, corners, corners, interpolation), img)
    tensor = chw(image(dtype=np.float32))
    np.testing.assert_array_equal(F.perspective(tensor, corners, corners).numpy(), tensor.numpy())


def test_perspective_shift_moves_pixels():
    img = image()
    corners = [[0, 0], [6, 0], [6, 4], [0, 4]]
    moved = [[x, y + 1] for x, y in corners]
    expected = np.zeros_like(img)
    expected[1:] = img[:-1]
    np.testing.assert_array_equal(F.perspective(img, corners, moved), expected)


def test_erase():
    img = image(dtype=np.float32)
    out = F.erase(img, 1, 2, 3, 4, np.array([[[0.1, 0.2, 0.3]]]))
    expected = img.copy()
    expected[1:4, 2:6] = [0.1, 0.2, 0.3]
    np.testing.assert_array_equal(out, expected)
    assert not np.array_equal(img, out)  # not in place by default
    same = F.erase(img, 0, 0, 2, 2, 0.5, inplace=True)
    assert same is img and np.all(img[:2, :2] == 0.5)
    tensor = chw(image(dtype=np.float32))
    before = tensor.numpy()
    erased = F.erase(tensor, 1, 2, 3, 4, paddle.to_tensor([[[0.1]], [[0.2]], [[0.3]]]))
    expected = before.copy()
    expected[:, 1:4, 2:6] = np.array([0.1, 0.2, 0.3], np.float32)[:, None, None]
    np.testing.assert_array_equal(erased.numpy(), expected)
    np.testing.assert_array_equal(tensor.numpy(), before)


# ---- random transforms -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("transform, adjust, low, high", [
    (T.BrightnessTransform(0.4), F.adjust_brightness, 0.6, 1.4),
    (T.ContrastTransform((0.2, 0.9)), F.adjust_contrast, 0.2, 0.9),
    (T.SaturationTransform(2.0), F.adjust_saturation, 0.0, 3.0),
    (T.HueTransform(0.2), F.adjust_hue, -0.2, 0.2),
])
def test_colour_transforms_draw_one_factor_in_range(transform, adjust, low, high):
    img = image(dtype=np.float32)
    for seed in range(5):
        random.seed(seed)
        out = transform(img)
        random.seed(seed)
        factor = random.uniform(low, high)  # Paddle draws exactly this with random.uniform
        assert low <= factor <= high
        assert out.shape == img.shape and out.dtype == img.dtype
        np.testing.assert_allclose(out, adjust(img, factor), rtol=1e-6)


def test_brightness_factor_stays_in_range():
    img = np.full((2, 2, 3), 0.5, np.float32)
    factors = set()
    for seed in range(20):
        random.seed(seed)
        factor = float(T.BrightnessTransform(0.3)(img)[0, 0, 0]) / 0.5
        assert 0.7 - 1e-6 <= factor <= 1.3 + 1e-6
        factors.add(round(factor, 4))
    assert len(factors) > 10


def test_zero_jitter_leaves_the_image_alone():
    img = image()
    assert T.BrightnessTransform(0)(img) is img
    assert T.HueTransform(0)(img) is img
    np.testing.assert_array_equal(T.ColorJitter()(img), img)


def test_color_jitter_shuffles_then_draws():
    img = image(dtype=np.float32)
    random.seed(3)
    out = T.ColorJitter(brightness=0.5)(img)
    random.seed(3)
    random.shuffle([0, 1, 2, 3])  # the order of the four adjustments, drawn first as in Paddle
    np.testing.assert_allclose(out, F.adjust_brightness(img, random.uniform(0.5, 1.5)), rtol=1e-6)
    full = T.ColorJitter(0.4, 0.4, 0.4, 0.1)
    for kind in (image(), chw(image(dtype=np.float32))):
        result = full(kind)
        assert type(result) is type(kind) and result.dtype == kind.dtype and list(result.shape) == list(kind.shape)


def test_grayscale_transform():
    img = image()
    np.testing.assert_array_equal(T.Grayscale()(img)[..., 0], np.rint(luma(img)).astype(np.uint8))
    assert T.Grayscale(3)(chw(image(dtype=np.float32))).shape == [3, 5, 7]


def test_random_rotation():
    img = image(6, 6)
    np.testing.assert_array_equal(T.RandomRotation((90, 90))(img), np.rot90(img))
    for seed in range(5):
        random.seed(seed)
        out = T.RandomRotation(25, expand=True)(img)
        random.seed(seed)
        angle = random.uniform(-25, 25)
        np.testing.assert_array_equal(out, F.rotate(img, angle, expand=True))
        # the expanded canvas holds the rotated square: its side is 6 (|cos| + |sin|), rounded outwards
        side = 6 * (abs(math.cos(math.radians(angle))) + abs(math.sin(math.radians(angle))))
        assert side <= out.shape[0] <= side + 2 and out.shape[2] == 3 and out.dtype == np.uint8


def test_random_affine_translation_is_a_whole_pixel_shift_in_range():
    img = np.zeros((9, 20, 1), np.uint8)
    img[4, 10] = 255
    shifts = set()
    for seed in range(30):
        random.seed(seed)
        out = T.RandomAffine(0, translate=(0.2, 0))(img)
        (row,), (col,) = np.nonzero(out[..., 0])
        assert row == 4 and -4 < col - 10 < 4  # |shift| < 0.2 * width = 4, truncated to whole pixels
        shifts.add(col - 10)
    assert len(shifts) >= 5


def test_random_affine_draws_in_paddles_order():
    img = image(8, 8)
    random.seed(7)
    out = T.RandomAffine(30, translate=(0.1, 0.2), scale=(0.8, 1.2), shear=(-5, 5, -3, 3))(img)
    random.seed(7)
    angle = random.uniform(-30, 30)
    tx, ty = int(random.uniform(-0.8, 0.8)), int(random.uniform(-1.6, 1.6))
    scale = random.uniform(0.8, 1.2)
    shear = (random.uniform(-5, 5), random.uniform(-3, 3))
    np.testing.assert_array_equal(out, F.affine(img, angle, (tx, ty), scale, shear))


def test_random_perspective():
    img = image(8, 10)
    assert T.RandomPerspective(prob=0.0)(img) is img
    transform = T.RandomPerspective(prob=1.0, distortion_scale=0.4)
    for seed in range(10):
        random.seed(seed)
        start, end = transform.get_params(10, 8, 0.4)
        assert start == [[0, 0], [9, 0], [9, 7], [0, 7]]
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = end
        # each corner moves inwards by at most int(0.4 * half the side) pixels
        assert 0 <= x0 <= 2 and 0 <= y0 <= 1 and 7 <= x1 <= 9 and 0 <= y1 <= 1
        assert 7 <= x2 <= 9 and 6 <= y2 <= 7 and 0 <= x3 <= 2 and 6 <= y3 <= 7
        random.seed(seed)
        out = transform(img)
        random.seed(seed)
        random.random()
        np.testing.assert_array_equal(out, F.perspective(img, *transform.get_params(10, 8, 0.4)))
        assert out.shape == img.shape and out.dtype == img.dtype


def erased_box(mask):
    rows, cols = np.nonzero(mask)
    return rows.min(), cols.min(), rows.max() - rows.min() + 1, cols.max() - cols.min() + 1


def test_random_erasing_fills_a_rectangle_within_the_ranges():
    img = np.zeros((40, 50, 3), np.float32)
    for seed in range(10):
        np.random.seed(seed)
        out = T.RandomErasing(prob=1.0, scale=(0.05, 0.2), ratio=(0.5, 2.0), value=(1, 2, 3))(img)
        mask = out[..., 0] != 0
        top, left, h, w = erased_box(mask)
        assert mask.sum() == h * w  # a full rectangle
        np.testing.assert_array_equal(out[top:top + h, left:left + w], np.broadcast_to([1, 2, 3], (h, w, 3)))
        # area and aspect from the ranges, up to rounding each side to whole pixels
        assert 0.05 * 2000 * 0.8 <= h * w <= 0.2 * 2000 * 1.2
        assert 0.5 * 0.8 <= h / w <= 2.0 * 1.25
    assert not img.any()  # not in place


def test_random_erasing_on_tensors_and_probability_zero():
    img = image(dtype=np.float32)
    assert T.RandomErasing(prob=0.0)(img) is img
    np.random.seed(1)
    paddle.seed(1)
    tensor = paddle.zeros([3, 20, 20])
    out = T.RandomErasing(prob=1.0, value="random")(tensor)
    mask = out.numpy()[0] != 0
    top, left, h, w = erased_box(mask)
    assert mask.sum() == h * w and out.dtype == paddle.float32
    assert not tensor.numpy().any()


# ---- argument errors -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("call, error, message", [
    (lambda: F.adjust_brightness(image(), -1), ValueError,
     r"\[adjust_brightness\] argument 'brightness_factor': expected a number >= 0, but got -1"),
    (lambda: F.adjust_contrast(image(), "2"), TypeError,
     r"\[adjust_contrast\] argument 'contrast_factor': expected a number, but got str"),
    (lambda: F.adjust_hue(image(), 0.7), ValueError,
     r"\[adjust_hue\] argument 'hue_factor': expected a number in \[-0.5, 0.5\], but got 0.7"),
    (lambda: F.to_grayscale(image(), 2), ValueError,
     r"\[to_grayscale\] argument 'num_output_channels': expected 1 or 3, but got 2"),
    (lambda: F.adjust_brightness(image(c=4), 1.0), ValueError,
     r"\[adjust_brightness\] expected an image with 1 or 3 channels, but got 4 channels"),
    (lambda: F.rotate(image(), 10, interpolation="bicubic"), ValueError,
     r"\[rotate\] argument 'interpolation': expected one of 'nearest', 'bilinear', but got 'bicubic'"),
    (lambda: F.affine(image(), 0, (0, 0), 0.0, 0), ValueError, r"\[affine\] argument 'scale': expected a number > 0"),
    (lambda: F.affine(image(), "0", (0, 0), 1.0, 0), TypeError,
     r"\[affine\] argument 'angle': expected a number, but got str"),
    (lambda: F.affine(image(), 0, (0, 0, 0), 1.0, 0), TypeError, r"\[affine\] argument 'translate': expected a "
                                                                  r"\(dx, dy\) pair, but got \(0, 0, 0\)"),
    (lambda: F.rotate(image(), 10, fill=(1, 2)), ValueError,
     r"\[rotate\] argument 'fill': expected a number or 3 values \(one per channel\), but got \(1, 2\)"),
    (lambda: F.perspective(image(), [[0, 0]], [[0, 0]]), ValueError,
     r"\[perspective\] argument 'startpoints': expected 4 \(x, y\) corners"),
    (lambda: F.rotate([[1, 2]], 10), TypeError, r"\[rotate\] expected a NumPy HWC array, a CHW Tensor or a PIL "
                                                r"image, but got list"),
    (lambda: T.BrightnessTransform(-0.1), ValueError,
     r"\[BrightnessTransform\] argument 'value': expected a number >= 0 or a \(min, max\) pair, but got -0.1"),
    (lambda: T.ContrastTransform((1.5, 0.5)), ValueError,
     r"\[ContrastTransform\] argument 'value': expected a range within \[0.0, inf\] with min <= max, but got"),
    (lambda: T.HueTransform(0.6), ValueError,
     r"\[HueTransform\] argument 'value': expected a range within \[-0.5, 0.5\] with min <= max, but got 0.6"),
    (lambda: T.SaturationTransform("a"), TypeError,
     r"\[SaturationTransform\] argument 'value': expected a number or a \(min, max\) pair, but got 'a'"),
    (lambda: T.ColorJitter(hue=0.7), ValueError, r"\[ColorJitter\] argument 'hue': expected a range within"),
    (lambda: T.Grayscale(2), ValueError, r"\[Grayscale\] argument 'num_output_channels': expected 1 or 3, but got 2"),
    (lambda: T.RandomRotation(-5), ValueError, r"\[RandomRotation\] argument 'degrees': expected a number >= 0 or a "
                                               r"sequence, but got -5"),
    (lambda: T.RandomRotation((1, 2, 3)), ValueError,
     r"\[RandomRotation\] argument 'degrees': expected a sequence of 2 numbers, but got 3"),
    (lambda: T.RandomRotation("90"), TypeError, r"\[RandomRotation\] argument 'degrees': expected a number or a "
                                                r"sequence of 2 numbers, but got str"),
    (lambda: T.RandomAffine(0, translate=(0.5, 1.5)), ValueError,
     r"\[RandomAffine\] argument 'translate': expected values in \[0.0, 1.0\], but got \(0.5, 1.5\)"),
    (lambda: T.RandomAffine(0, scale=(0, 1)), ValueError,
     r"\[RandomAffine\] argument 'scale': expected values in \(0.0, inf\], but got \(0, 1\)"),
    (lambda: T.RandomAffine(0, shear=(1, 2, 3)), ValueError,
     r"\[RandomAffine\] argument 'shear': expected a sequence of 2 or 4 numbers, but got 3"),
    (lambda: T.RandomAffine(0, interpolation="area"), ValueError,
     r"\[RandomAffine\] argument 'interpolation': expected one of 'nearest', 'bilinear', 'bicubic', but got 'area'"),
    (lambda: T.RandomPerspective(prob=1.5), ValueError,
     r"\[RandomPerspective\] argument 'prob': expected a number in \[0, 1\], but got 1.5"),
    (lambda: T.RandomPerspective(distortion_scale=-1), ValueError,
     r"\[RandomPerspective\] argument 'distortion_scale': expected a number in \[0, 1\], but got -1"),
    (lambda: T.RandomErasing(scale=(0.5, 0.1)), ValueError,
     r"\[RandomErasing\] argument 'scale': expected \(min, max\) with 0 <= min <= max <= 1, but got \(0.5, 0.1\)"),
    (lambda: T.RandomErasing(value="noise"), ValueError,
     r"\[RandomErasing\] argument 'value': expected a number, 1 or 3 numbers, or 'random', but got 'noise'"),
    (lambda: T.RandomErasing(value=(1, 2)), ValueError,
     r"\[RandomErasing\] argument 'value': expected 1 or 3 numbers \(one per channel\), but got 2"),
    (lambda: F.erase(image(), -1, 0, 1, 1, 0), ValueError, r"\[erase\] argument 'i': expected an int >= 0, but got -1"),
])
def test_bad_arguments_name_the_op(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_pil_images_keep_their_kind():
    from PIL import Image

    img = Image.fromarray(image(6, 6))
    rotated = F.rotate(img, 90)
    assert isinstance(rotated, Image.Image)
    np.testing.assert_array_equal(np.asarray(rotated), np.rot90(image(6, 6)))
    grey = F.to_grayscale(img)
    assert grey.mode == "L"
    np.testing.assert_array_equal(np.asarray(grey), np.rint(luma(image(6, 6))).astype(np.uint8))
