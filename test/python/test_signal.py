"""paddle.signal.stft and istft against a NumPy short-time Fourier transform
written here (pad, frame, window, np.fft), the inverse against a NumPy
overlap-add and by reconstruction, gradients against finite differences,
and the argument errors."""

from __future__ import annotations

import numpy as np
import pytest
from gradcheck import check_complex_grads, check_grads

import paddle
from paddle.signal import istft, stft


def _full_window(window, win_length, n_fft):
    """The window (ones by default) zero-padded to n_fft, the extra zero of an odd gap on the right."""
    window = np.ones(win_length) if window is None else np.asarray(window)
    left = (n_fft - win_length) // 2
    return np.concatenate([np.zeros(left), window, np.zeros(n_fft - win_length - left)])


def np_stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="reflect",
            normalized=False, onesided=True):
    hop_length = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    w = _full_window(window, win_length, n_fft)
    if center:
        widths = [(0, 0)] * (x.ndim - 1) + [(n_fft // 2, n_fft // 2)]
        x = np.pad(x, widths, mode=pad_mode)
    starts = range(0, x.shape[-1] - n_fft + 1, hop_length)
    frames = np.stack([x[..., s:s + n_fft] * w for s in starts], axis=-2)  # [..., frames, n_fft]
    spectra = np.fft.rfft(frames, axis=-1) if onesided else np.fft.fft(frames, axis=-1)
    if normalized:
        spectra = spectra / np.sqrt(n_fft)
    return np.swapaxes(spectra, -1, -2)


def np_istft(spec, n_fft, hop_length, window=None, center=True, length=None, onesided=True):
    """Least-squares inverse: windowed inverse DFTs overlap-added, over the overlap-added squared window."""
    w = _full_window(window, n_fft if window is None else len(window), n_fft)
    frames = np.swapaxes(spec, -1, -2)
    frames = np.fft.irfft(frames, n=n_fft, axis=-1) if onesided else np.fft.ifft(frames, n=n_fft, axis=-1)
    n_frames = frames.shape[-2]
    total = n_fft + hop_length * (n_frames - 1)
    out = np.zeros(frames.shape[:-2] + (total,), dtype=frames.dtype)
    envelope = np.zeros(total)
    for t in range(n_frames):
        out[..., t * hop_length:t * hop_length + n_fft] += frames[..., t, :] * w
        envelope[t * hop_length:t * hop_length + n_fft] += w * w
    start = n_fft // 2 if center else 0
    stop = total - start if length is None else start + length
    return (out / envelope)[..., start:stop]


RNG = np.random.default_rng(0)
SIGNAL_1D = RNG.standard_normal(40)
SIGNAL_2D = RNG.standard_normal((3, 37))
COMPLEX_1D = RNG.standard_normal(33) + 1j * RNG.standard_normal(33)
HANN_8 = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(8) / 8)
WINDOW_5 = RNG.uniform(0.5, 1.5, 5)

# (n_fft, hop_length, win_length, window)
FRAMINGS = [
    (8, None, None, None),
    (8, 2, None, HANN_8),
    (8, 3, 5, WINDOW_5),
    (9, 4, 5, WINDOW_5),
    (16, 5, None, None),
    (7, 1, None, None),
]


@pytest.mark.parametrize("n_fft, hop_length, win_length, window", FRAMINGS)
@pytest.mark.parametrize("signal", [SIGNAL_1D, SIGNAL_2D], ids=["1d", "2d"])
@pytest.mark.parametrize("center, pad_mode", [(True, "reflect"), (True, "constant"), (False, "reflect")])
@pytest.mark.parametrize("normalized", [False, True])
@pytest.mark.parametrize("onesided", [True, False])
def test_stft_matches_numpy(n_fft, hop_length, win_length, window, signal, center, pad_mode, normalized, onesided):
    w = None if window is None else paddle.to_tensor(window)
    got = stft(paddle.to_tensor(signal), n_fft, hop_length, win_length, w, center, pad_mode, normalized, onesided)
    want = np_stft(signal, n_fft, hop_length, win_length, window, center, pad_mode, normalized, onesided)
    assert got.dtype == paddle.complex128
    assert list(got.shape) == list(want.shape)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("dtype, complex_dtype", [("float32", "complex64"), ("float64", "complex128")])
def test_stft_float_dtypes(dtype, complex_dtype):
    got = stft(paddle.to_tensor(SIGNAL_2D.astype(dtype)), 8, 2, window=paddle.to_tensor(HANN_8.astype(dtype)))
    assert got.dtype == getattr(paddle, complex_dtype)
    tol = 1e-5 if dtype == "float32" else 1e-12
    np.testing.assert_allclose(got.numpy(), np_stft(SIGNAL_2D, 8, 2, window=HANN_8), rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("center", [True, False])
def test_stft_of_complex_signal_is_two_sided(dtype, center):
    x = paddle.to_tensor(COMPLEX_1D.astype(dtype))
    got = stft(x, 8, 3, window=paddle.to_tensor(HANN_8), center=center)  # onesided defaults to False
    assert got.dtype == paddle.complex128  # the float64 window promotes
    np.testing.assert_allclose(got.numpy(), np_stft(COMPLEX_1D, 8, 3, window=HANN_8, center=center, onesided=False),
                               rtol=1e-5, atol=1e-5)
    single = stft(x, 8, 3, center=center)
    assert single.dtype == getattr(paddle, dtype) and single.shape[0] == 8


def test_stft_defaults_and_integer_input():
    x = np.arange(24)
    got = stft(paddle.to_tensor(x), 8)  # hop 2, rectangular window of 8, centred, reflect padding
    assert got.dtype == paddle.complex64  # integers become the default float dtype
    np.testing.assert_allclose(got.numpy(), np_stft(x.astype(float), 8, 2), rtol=1e-5, atol=1e-4)
    assert list(got.shape) == [5, 1 + 24 // 2]


def test_stft_float32_signal_with_float64_window_is_complex128():
    got = stft(paddle.to_tensor(SIGNAL_1D.astype("float32")), 8, window=paddle.to_tensor(HANN_8))
    assert got.dtype == paddle.complex128


def test_stft_frame_count():
    # centred: 1 + T // hop frames; not centred: 1 + (T - n_fft) // hop
    assert stft(paddle.zeros([100]), 16, 7).shape == [9, 1 + 100 // 7]
    assert stft(paddle.zeros([100]), 16, 7, center=False).shape == [9, 1 + (100 - 16) // 7]
    assert stft(paddle.zeros([2, 16]), 16, 7, center=False).shape == [2, 9, 1]


@pytest.mark.parametrize("n_fft, hop_length, window", [(8, 2, HANN_8), (8, 1, None), (9, 3, None), (16, 4, None)])
@pytest.mark.parametrize("signal", [SIGNAL_1D, SIGNAL_2D], ids=["1d", "2d"])
@pytest.mark.parametrize("normalized", [False, True])
def test_istft_reconstructs(n_fft, hop_length, window, signal, normalized):
    w = None if window is None else paddle.to_tensor(window)
    spectrum = stft(paddle.to_tensor(signal), n_fft, hop_length, window=w, normalized=normalized)
    back = istft(spectrum, n_fft, hop_length, window=w, normalized=normalized, length=signal.shape[-1])
    assert back.dtype == paddle.float64 and list(back.shape) == list(signal.shape)
    np.testing.assert_allclose(back.numpy(), signal, rtol=1e-10, atol=1e-10)


def test_istft_reconstructs_with_a_shorter_window():
    window = paddle.to_tensor(RNG.uniform(0.5, 1.5, 6))
    spectrum = stft(paddle.to_tensor(SIGNAL_2D), 8, 2, 6, window)
    back = istft(spectrum, 8, 2, 6, window, length=37)
    np.testing.assert_allclose(back.numpy(), SIGNAL_2D, rtol=1e-10, atol=1e-10)


def test_istft_reconstructs_without_centring():
    window = paddle.to_tensor(RNG.uniform(0.5, 1.5, 8))
    spectrum = stft(paddle.to_tensor(SIGNAL_2D), 8, 3, window=window, center=False)
    back = istft(spectrum, 8, 3, window=window, center=False)
    covered = 8 + 3 * (spectrum.shape[-1] - 1)  # the samples some frame holds: the tail is left out
    assert back.shape == [3, covered] and covered == 35
    np.testing.assert_allclose(back.numpy(), SIGNAL_2D[:, :covered], rtol=1e-10, atol=1e-10)


def test_istft_of_complex_signal():
    spectrum = stft(paddle.to_tensor(COMPLEX_1D), 8, 2, window=paddle.to_tensor(HANN_8 + 0.1))
    back = istft(spectrum, 8, 2, window=paddle.to_tensor(HANN_8 + 0.1), onesided=False, return_complex=True)
    assert back.dtype == paddle.complex128
    np.testing.assert_allclose(back.numpy(), COMPLEX_1D[:back.shape[0]], rtol=1e-10, atol=1e-10)
    assert back.shape[0] == 32  # 1 + 33 // 2 frames of hop 2 cover 32 samples after the centring is cut


@pytest.mark.parametrize("center", [True, False])
@pytest.mark.parametrize("onesided", [True, False])
def test_istft_of_modified_spectrum_matches_numpy_overlap_add(center, onesided):
    n_fft, hop = 8, 3
    freqs = n_fft // 2 + 1 if onesided else n_fft
    spec = RNG.standard_normal((2, freqs, 6)) + 1j * RNG.standard_normal((2, freqs, 6))
    window = RNG.uniform(0.5, 1.5, n_fft)
    got = istft(paddle.to_tensor(spec), n_fft, hop, window=paddle.to_tensor(window), center=center,
                onesided=onesided, return_complex=not onesided)
    want = np_istft(spec, n_fft, hop, window, center=center, onesided=onesided)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-10, atol=1e-10)


def test_istft_two_sided_real_output_reads_the_first_half():
    spec = RNG.standard_normal((8, 5)) + 1j * RNG.standard_normal((8, 5))
    got = istft(paddle.to_tensor(spec), 8, 2, onesided=False)
    np.testing.assert_allclose(got.numpy(), np_istft(spec[:5], 8, 2), rtol=1e-10, atol=1e-10)


def test_istft_length_cuts_or_pads_with_zeros():
    spectrum = stft(paddle.to_tensor(SIGNAL_2D), 8, 2)  # 19 frames cover 44 samples of the 4 + 37 + 4 padded
    short = istft(spectrum, 8, 2, length=20)
    np.testing.assert_allclose(short.numpy(), SIGNAL_2D[:, :20], rtol=1e-10, atol=1e-10)
    assert istft(spectrum, 8, 2).shape == [3, 36]  # by default the last 4 covered samples are cut as padding
    # a longer signal keeps the covered padding (here a reflection of the signal), then zeros
    long = istft(spectrum, 8, 2, length=42)
    padded = np.pad(SIGNAL_2D, [(0, 0), (4, 4)], mode="reflect")
    np.testing.assert_allclose(long.numpy()[:, :40], padded[:, 4:44], rtol=1e-10, atol=1e-10)
    np.testing.assert_array_equal(long.numpy()[:, 40:], np.zeros((3, 2)))


def test_istft_float32():
    spectrum = stft(paddle.to_tensor(SIGNAL_1D.astype("float32")), 8, 2, window=paddle.to_tensor(HANN_8, "float32"))
    back = istft(spectrum, 8, 2, window=paddle.to_tensor(HANN_8, "float32"))
    assert back.dtype == paddle.float32
    np.testing.assert_allclose(back.numpy(), SIGNAL_1D, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("center", [True, False])
@pytest.mark.parametrize("onesided", [True, False])
def test_stft_magnitude_gradients(center, onesided):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 13))
    window = rng.uniform(0.5, 1.5, 6)

    def magnitude(signal, w):
        return paddle.abs(stft(signal, 8, 3, 6, w, center=center, onesided=onesided))

    check_grads(magnitude, [x, window], rng)


def test_stft_gradients_of_complex_signal():
    rng = np.random.default_rng(2)
    x = rng.standard_normal(11) + 1j * rng.standard_normal(11)
    check_complex_grads(lambda signal: stft(signal, 4, 2), [x], rng)


def test_istft_gradients():
    rng = np.random.default_rng(3)
    spec = rng.standard_normal((5, 6)) + 1j * rng.standard_normal((5, 6))
    window = rng.uniform(0.5, 1.5, 8)
    check_complex_grads(lambda s: istft(s, 8, 2, window=paddle.to_tensor(window)), [spec], rng)


X = paddle.to_tensor(SIGNAL_1D)
SPEC = stft(X, 8, 2)

STFT_ERRORS = [
    (dict(x=X, n_fft=41), ValueError, r"'n_fft': expected an int in \[1, 40\].*got 41"),
    (dict(x=X, n_fft=0), ValueError, r"'n_fft': expected an int >= 1, but got 0"),
    (dict(x=X, n_fft=8, hop_length=0), ValueError, r"'hop_length': expected an int >= 1, but got 0"),
    (dict(x=X, n_fft=8, hop_length=-2), ValueError, r"'hop_length': expected an int >= 1, but got -2"),
    (dict(x=X, n_fft=8, win_length=9), ValueError, r"'win_length': expected an int in \[1, n_fft = 8\], but got 9"),
    (dict(x=X, n_fft=8, window=paddle.ones([7])), ValueError, r"'window': expected .* 8 points, but got shape \[7\]"),
    (dict(x=X, n_fft=8, win_length=6, window=paddle.ones([8])), ValueError,
     r"'window': .* 6 points, but got shape \[8\]"),
    (dict(x=paddle.ones([2, 2, 8]), n_fft=4), ValueError, r"'x': expected a 1-D or 2-D tensor, but got a 3-D"),
    (dict(x=paddle.ones([]), n_fft=1), ValueError, r"'x': expected a 1-D or 2-D tensor, but got a 0-D"),
    (dict(x=SIGNAL_1D, n_fft=8), TypeError, r"'x': expected Tensor, but got ndarray"),
    (dict(x=X, n_fft=8.0), TypeError, r"'n_fft': expected an int, but got float"),
    (dict(x=X, n_fft=8, pad_mode="circular"), ValueError, r"'pad_mode': expected one of 'reflect', 'constant', but "
                                                          r"got 'circular'"),
    (dict(x=X.astype("complex128"), n_fft=8, onesided=True), ValueError, r"'onesided': expected False .*got True"),
    (dict(x=X, n_fft=8, window=paddle.ones([8], "complex64"), onesided=True), ValueError, r"'onesided'"),
    (dict(x=X.astype("bool"), n_fft=8), TypeError, r"'x': expected a floating, complex or integer tensor, but got"),
]


@pytest.mark.parametrize("kwargs, error, message", STFT_ERRORS)
def test_stft_errors(kwargs, error, message):
    with pytest.raises(error, match=r"^\[stft\] argument " + message):
        stft(**kwargs)


ISTFT_ERRORS = [
    (dict(x=SPEC, n_fft=10, hop_length=2), ValueError, r"'x': expected 6 frequencies .* but got 5"),
    (dict(x=SPEC, n_fft=8, hop_length=2, onesided=False), ValueError, r"'x': expected 8 frequencies .* but got 5"),
    (dict(x=SPEC, n_fft=8, hop_length=0), ValueError, r"'hop_length': expected an int >= 1, but got 0"),
    (dict(x=SPEC, n_fft=8, hop_length=9), ValueError, r"'hop_length': expected an int in \[1, win_length = 8\].*"
                                                      r"got 9"),
    (dict(x=SPEC, n_fft=8, win_length=9), ValueError, r"'win_length': expected an int in \[1, n_fft = 8\], but got 9"),
    (dict(x=SPEC, n_fft=8, window=paddle.ones([7])), ValueError, r"'window': .* 8 points, but got shape \[7\]"),
    (dict(x=SPEC.real(), n_fft=8), TypeError, r"'x': expected a complex tensor .*but got paddle.float64"),
    (dict(x=SPEC[0], n_fft=8), ValueError, r"'x': expected a 2-D or 3-D tensor, but got a 1-D tensor"),
    (dict(x=SPEC, n_fft=8, return_complex=True), ValueError, r"'onesided': expected False when return_complex"),
    (dict(x=SPEC, n_fft=8, window=paddle.ones([8], "complex128")), ValueError, r"'window': expected a real window"),
    (dict(x=SPEC, n_fft=8, length=-1), ValueError, r"'length': expected an int >= 0, but got -1"),
]


@pytest.mark.parametrize("kwargs, error, message", ISTFT_ERRORS)
def test_istft_errors(kwargs, error, message):
    with pytest.raises(error, match=r"^\[istft\] argument " + message):
        istft(**kwargs)


def test_istft_refuses_a_window_that_vanishes_on_kept_samples():
    window = np.concatenate([[0.0], np.ones(6), [0.0]])
    spectrum = stft(X, 8, 8, window=paddle.to_tensor(window), center=False)
    with pytest.raises(ValueError, match=r"^\[istft\] .*NOLA"):
        istft(spectrum, 8, 8, window=paddle.to_tensor(window), center=False)
