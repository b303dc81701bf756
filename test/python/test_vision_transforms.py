"""paddle.vision.transforms against NumPy references written out here."""

import random

import numpy as np
import pytest

import paddle
from paddle.vision import transforms as T
from paddle.vision.transforms import functional as F


def image(h=5, w=7, c=3, seed=0, dtype=np.uint8):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 256, size=(h, w, c)).astype(dtype)


def reference_bilinear(img, oh, ow):
    """OpenCV's INTER_LINEAR, one output pixel at a time: half-pixel centres, edges clamped."""
    h, w = img.shape[:2]
    out = np.zeros((oh, ow) + img.shape[2:])
    for y in range(oh):
        sy = max((y + 0.5) * h / oh - 0.5, 0.0)
        y0 = min(int(np.floor(sy)), h - 1)
        y1, fy = min(y0 + 1, h - 1), sy - y0
        for x in range(ow):
            sx = max((x + 0.5) * w / ow - 0.5, 0.0)
            x0 = min(int(np.floor(sx)), w - 1)
            x1, fx = min(x0 + 1, w - 1), sx - x0
            a = img[y0, x0] * (1 - fx) + img[y0, x1] * fx
            b = img[y1, x0] * (1 - fx) + img[y1, x1] * fx
            out[y, x] = a * (1 - fy) + b * fy
    return out


@pytest.mark.parametrize("src, dst", [((5, 7), (3, 4)), ((4, 4), (9, 6)), ((3, 8), (3, 5)), ((1, 1), (2, 3))])
def test_bilinear_resize_matches_reference(src, dst):
    img = image(*src).astype(np.float64)
    np.testing.assert_allclose(F.resize(img, dst), reference_bilinear(img, *dst), rtol=1e-12, atol=1e-9)
    as_uint8 = F.resize(image(*src), dst)
    assert as_uint8.dtype == np.uint8
    # rounded back to uint8 (a value at exactly .5 may round either way, as float error falls)
    np.testing.assert_allclose(as_uint8, reference_bilinear(image(*src).astype(float), *dst), atol=0.5 + 1e-9)


def test_nearest_resize_and_int_size():
    img = np.arange(12).reshape(3, 4)
    # OpenCV's INTER_NEAREST: source index floor(i * in / out)
    np.testing.assert_array_equal(F.resize(img, (6, 2), "nearest"), img[[0, 0, 1, 1, 2, 2]][:, [0, 2]])
    assert F.resize(image(10, 20), 5).shape == (5, 10, 3)  # the shorter side becomes 5
    assert F.resize(image(20, 10), 5).shape == (10, 5, 3)
    same = image(5, 8)
    assert F.resize(same, 5) is same
    with pytest.raises(ValueError, match="interpolation"):
        F.resize(same, 3, "bicubic")
    with pytest.raises(TypeError, match="size"):
        T.Resize((1, 2, 3))


def test_resize_tensor_is_chw():
    img = image(4, 6).astype(np.float32)
    t = paddle.to_tensor(img.transpose(2, 0, 1))
    out = F.resize(t, (2, 3))
    assert isinstance(out, paddle.Tensor) and out.shape == [3, 2, 3]
    np.testing.assert_allclose(out.numpy(), reference_bilinear(img.astype(float), 2, 3).transpose(2, 0, 1),
                               rtol=1e-6)


def test_to_tensor():
    img = image()
    t = T.ToTensor()(img)
    assert t.dtype == paddle.float32 and t.shape == [3, 5, 7]
    np.testing.assert_allclose(t.numpy(), img.transpose(2, 0, 1).astype(np.float32) / 255, rtol=1e-6)
    hwc = T.ToTensor(data_format="HWC")(img)
    assert hwc.shape == [5, 7, 3]
    gray = F.to_tensor(np.zeros((4, 5), np.uint8))
    assert gray.shape == [1, 4, 5]
    floats = F.to_tensor(np.ones((2, 2, 1), np.float64) * 7)  # not uint8: unscaled, dtype kept
    assert floats.dtype == paddle.float64 and float(floats.max()) == 7.0
    with pytest.raises(ValueError, match="data_format"):
        F.to_tensor(img, "NCHW")
    with pytest.raises(TypeError, match="pic"):
        F.to_tensor([1, 2, 3])


def test_normalize():
    img = image().astype(np.float32)
    mean, std = [10.0, 20.0, 30.0], [2.0, 4.0, 8.0]
    hwc = T.Normalize(mean, std, data_format="HWC")(img)
    np.testing.assert_allclose(hwc, (img - np.array(mean)) / np.array(std), rtol=1e-6)
    chw = T.Normalize(mean, std)(img.transpose(2, 0, 1))
    np.testing.assert_allclose(chw, hwc.transpose(2, 0, 1), rtol=1e-6)
    rgb = T.Normalize(mean, std, data_format="HWC", to_rgb=True)(img)
    np.testing.assert_allclose(rgb, (img[..., ::-1] - np.array(mean)) / np.array(std), rtol=1e-6)
    tensor = T.Normalize(mean, std)(paddle.to_tensor(img.transpose(2, 0, 1)))
    np.testing.assert_allclose(tensor.numpy(), chw, rtol=1e-6)
    scalar = T.Normalize(0.5, 0.5, data_format="HWC")(np.ones((1, 1, 3)))
    np.testing.assert_allclose(scalar, np.ones((1, 1, 3)))


def test_crops():
    img = image(6, 8)
    np.testing.assert_array_equal(F.crop(img, 1, 2, 3, 4), img[1:4, 2:6])
    # offsets round((6-3)/2)=2 (half to even), round((8-5)/2)=2
    np.testing.assert_array_equal(T.CenterCrop((3, 5))(img), img[2:5, 2:7])
    np.testing.assert_array_equal(T.CenterCrop(4)(img), img[1:5, 2:6])
    t = paddle.to_tensor(img.transpose(2, 0, 1))
    np.testing.assert_array_equal(F.center_crop(t, 4).numpy(), img[1:5, 2:6].transpose(2, 0, 1))


def test_random_crop_draws_from_random():
    img = image(6, 8)
    random.seed(3)
    got = T.RandomCrop((3, 4))(img)
    random.seed(3)
    i, j = random.randint(0, 3), random.randint(0, 4)
    np.testing.assert_array_equal(got, img[i:i + 3, j:j + 4])
    assert T.RandomCrop((6, 8))(img) is not None and np.array_equal(T.RandomCrop((6, 8))(img), img)


def test_random_crop_padding():
    img = image(4, 4)
    random.seed(0)
    out = T.RandomCrop(4, padding=2)(img)
    random.seed(0)
    i, j = random.randint(0, 4), random.randint(0, 4)
    padded = np.pad(img, ((2, 2), (2, 2), (0, 0)))
    np.testing.assert_array_equal(out, padded[i:i + 4, j:j + 4])
    grown = T.RandomCrop((6, 7), pad_if_needed=True, fill=9)(img)
    assert grown.shape == (6, 7, 3)
    with pytest.raises(ValueError, match="smaller than the crop"):
        T.RandomCrop(5)(img)


def test_flips():
    img = image()
    np.testing.assert_array_equal(T.RandomHorizontalFlip(1.0)(img), img[:, ::-1])
    np.testing.assert_array_equal(T.RandomHorizontalFlip(0.0)(img), img)
    np.testing.assert_array_equal(T.RandomVerticalFlip(1.0)(img), img[::-1])
    t = paddle.to_tensor(img.transpose(2, 0, 1))
    np.testing.assert_array_equal(F.hflip(t).numpy(), img[:, ::-1].transpose(2, 0, 1))
    np.testing.assert_array_equal(F.vflip(t).numpy(), img[::-1].transpose(2, 0, 1))
    random.seed(1)
    flips = [random.random() < 0.5 for _ in range(20)]
    random.seed(1)
    flip = T.RandomHorizontalFlip()
    for expect in flips:
        np.testing.assert_array_equal(flip(img), img[:, ::-1] if expect else img)
    with pytest.raises(ValueError, match="prob"):
        T.RandomVerticalFlip(1.5)


@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "symmetric"])
def test_pad_modes(mode):
    img = image(3, 4)
    out = T.Pad((1, 2, 3, 4), padding_mode=mode)(img)  # left, top, right, bottom
    kwargs = {} if mode != "constant" else {"constant_values": 0}
    np.testing.assert_array_equal(out, np.pad(img, ((2, 4), (1, 3), (0, 0)), mode=mode, **kwargs))


def test_pad_forms_and_fill():
    img = image(2, 2)
    assert F.pad(img, 1).shape == (4, 4, 3)
    assert F.pad(img, (1, 2)).shape == (6, 4, 3)  # (left/right, top/bottom)
    out = F.pad(img, 1, fill=(1, 2, 3))
    np.testing.assert_array_equal(out[0, 0], [1, 2, 3])
    np.testing.assert_array_equal(out[1:3, 1:3], img)
    with pytest.raises(ValueError, match="padding"):
        T.Pad((1, 2, 3))
    with pytest.raises(ValueError, match="padding_mode"):
        T.Pad(1, padding_mode="wrap")


def test_random_resized_crop_uses_paddles_draws():
    img = image(20, 30)
    np.random.seed(5)
    random.seed(5)
    out = T.RandomResizedCrop((8, 6), interpolation="nearest")(img)
    np.random.seed(5)
    random.seed(5)
    i, j, h, w = F._random_resized_crop_params(img, (0.08, 1.0), (3 / 4, 4 / 3))
    assert 0 < h <= 20 and 0 < w <= 30
    np.testing.assert_array_equal(out, F.resize(img[i:i + h, j:j + w], (8, 6), "nearest"))
    # impossible ratios fall back to a centre crop of the whole width or height
    i, j, h, w = F._random_resized_crop_params(img, (1.0, 1.0), (10.0, 20.0))
    assert (h, w) == (3, 30) and (i, j) == (8, 0)


def test_transpose_compose_and_keys():
    img = image()
    assert T.Transpose()(img).shape == (3, 5, 7)
    assert T.Transpose()(np.zeros((5, 7))).shape == (1, 5, 7)
    assert T.Transpose((1, 0, 2))(paddle.zeros([3, 5, 7])).shape == [5, 3, 7]
    pipeline = T.Compose([T.Resize(10), T.CenterCrop(8), T.RandomHorizontalFlip(0.0), T.ToTensor(),
                          T.Normalize(0.5, 0.5)])
    out = pipeline(image(10, 12))
    assert out.shape == [3, 8, 8] and float(out.abs().max()) <= 1.0
    assert "CenterCrop" in repr(pipeline)
    # a tuple input: 'image' is transformed, the rest passes through
    got, label = T.CenterCrop(2)((image(), 7))
    assert got.shape == (2, 2, 3) and label == 7
    with pytest.raises(NotImplementedError, match="'boxes'"):
        T.CenterCrop(2, keys=("image", "boxes"))


class FlipX(T.BaseTransform):
    """Paddle's BaseTransform example: a horizontal flip of the image, its boxes and its mask, with one draw
    per call shared by the keys."""

    def __init__(self, prob, keys=None):
        super().__init__(keys)
        self.prob, self.draws = prob, 0

    def _get_params(self, inputs):
        self.draws += 1
        return {"flip": random.random() < self.prob, "width": inputs[self.keys.index("image")].shape[1]}

    def _apply_image(self, image):
        return image[:, ::-1] if self.params["flip"] else image

    def _apply_boxes(self, boxes):  # [x1, y1, x2, y2]: the flipped x2 is the new x1
        return np.stack([self.params["width"] - boxes[:, 2], boxes[:, 1], self.params["width"] - boxes[:, 0],
                         boxes[:, 3]], axis=1) if self.params["flip"] else boxes

    _apply_mask = _apply_image


def test_base_transform_applies_each_keys_method_with_shared_params():
    img = image(4, 500)
    assert isinstance(FlipX(1.0), T.BaseTransform)
    np.testing.assert_array_equal(FlipX(1.0)(img), img[:, ::-1])  # one input: the image, not a tuple
    assert FlipX(0.0)(img) is img
    boxes = np.array([[2, 3, 200, 300], [50, 60, 80, 100]])
    mask = img[..., 0]
    flip = FlipX(1.0, keys=("image", "boxes", "mask"))
    got_img, got_boxes, got_mask, label = flip((img, boxes, mask, "cat"))  # past the keys: passed through
    np.testing.assert_array_equal(got_img, img[:, ::-1])
    np.testing.assert_array_equal(got_boxes, [[300, 3, 498, 300], [420, 60, 450, 100]])  # Paddle's example
    np.testing.assert_array_equal(got_mask, mask[:, ::-1])
    assert label == "cat" and flip.draws == 1 and flip.params == {"flip": True, "width": 500}
    with pytest.raises(NotImplementedError, match="'label'"):
        FlipX(1.0, keys=("image", "label"))  # no _apply_label
    with pytest.raises(ValueError, match="keys"):
        FlipX(1.0, keys=3)


def test_docstring_examples_run():
    import doctest

    from paddle.vision.transforms import transforms as module

    for mod in (F, module):
        result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        assert result.attempted > 0 and result.failed == 0
