"""paddle.audio against NumPy: windows against their closed forms (and
NumPy's own hanning/hamming/blackman/bartlett/kaiser), the mel scales against
their formulas, the filter bank, DCT and decibels against NumPy
constructions, the feature layers against a NumPy pipeline, and the WAV
backend against Python's `wave` module."""

from __future__ import annotations

import math
import wave

import numpy as np
import pytest
from gradcheck import check_layer_grads

import paddle
import paddle.audio
from paddle.audio import features
from paddle.audio import functional as F

# ---------------------------------------------------------------- windows


def _symmetric_reference(name, m, *params):
    """The symmetric window of m >= 2 points from its textbook closed form."""
    n = np.arange(m, dtype=float)
    middle = (m - 1) / 2
    if name == "hann":
        return np.hanning(m)
    if name == "hamming":
        return np.hamming(m)
    if name == "blackman":
        return np.blackman(m)
    if name == "bartlett":
        return np.bartlett(m)
    if name == "kaiser":
        return np.kaiser(m, params[0])
    if name == "nuttall":
        a = [0.3635819, 0.4891775, 0.1365995, 0.0106411]
        return sum((-1) ** k * a[k] * np.cos(2 * np.pi * k * n / (m - 1)) for k in range(4))
    if name == "triang":  # zeros at -1 and m (odd m) or at -1/2 and m - 1/2 (even m)
        half_base = (m + 1) / 2 if m % 2 else m / 2
        return 1 - np.abs(n - middle) / half_base
    if name == "bohman":
        t = np.abs(2 * n / (m - 1) - 1)
        w = (1 - t) * np.cos(np.pi * t) + np.sin(np.pi * t) / np.pi
        w[[0, -1]] = 0.0
        return w
    if name == "cosine":
        return np.sin(np.pi * (n + 0.5) / m)
    if name == "gaussian":
        return np.exp(-((n - middle) ** 2) / (2 * params[0] ** 2))
    if name == "general_gaussian":
        p, sig = params
        return np.exp(-0.5 * np.abs((n - middle) / sig) ** (2 * p))
    if name == "exponential":
        center = middle if params[0] is None else params[0]
        return np.exp(-np.abs(n - center) / params[1])
    if name == "tukey":
        alpha = params[0] if params else 0.5
        x = n / (m - 1)
        w = np.ones(m)
        rise, fall = x < alpha / 2, x > 1 - alpha / 2
        w[rise] = 0.5 * (1 - np.cos(2 * np.pi * x[rise] / alpha))
        w[fall] = 0.5 * (1 - np.cos(2 * np.pi * (1 - x[fall]) / alpha))
        return w
    if name == "taylor":
        nbar, sll, norm = params + (4, 30.0, True)[len(params):]
        a = np.arccosh(10 ** (sll / 20)) / np.pi
        sigma2 = nbar**2 / (a**2 + (nbar - 0.5) ** 2)
        ms = np.arange(1, nbar)
        coefficients = []
        for m_ in ms:
            others = ms[ms != m_]
            num = (-1) ** (m_ + 1) * np.prod(1 - m_**2 / sigma2 / (a**2 + (ms - 0.5) ** 2))
            den = 2 * np.prod(1 - m_**2 / others**2)
            coefficients.append(num / den)
        positions = n - m / 2 + 0.5
        w = 1 + 2 * sum(c * np.cos(2 * np.pi * k * positions / m) for k, c in zip(ms, coefficients))
        peak = 1 + 2 * sum(c * np.cos(2 * np.pi * k * (middle - m / 2 + 0.5) / m) for k, c in zip(ms, coefficients))
        return w / peak if norm else w
    raise AssertionError(name)


WINDOW_SPECS = ["hann", "hamming", "blackman", "bartlett", "nuttall", "triang", "bohman", "cosine", ("kaiser", 6.0),
                ("kaiser", 40.0), ("gaussian", 2.5), ("general_gaussian", 1.5, 3.0), ("exponential", None, 2.0),
                "tukey", ("tukey", 0.3), "taylor", ("taylor", 5, 40), ("taylor", 3, 25, False)]


def _reference(spec, m, fftbins):
    name, params = (spec, ()) if isinstance(spec, str) else (spec[0], tuple(spec[1:]))
    if fftbins:  # periodic: one point longer, the last dropped
        return _symmetric_reference(name, m + 1, *params)[:m]
    return _symmetric_reference(name, m, *params)


@pytest.mark.parametrize("spec", WINDOW_SPECS, ids=str)
@pytest.mark.parametrize("length", [2, 7, 16])
@pytest.mark.parametrize("fftbins", [True, False])
def test_window_matches_closed_form(spec, length, fftbins):
    got = F.get_window(spec, length, fftbins=fftbins)
    assert got.dtype == paddle.float64 and got.shape == [length]
    np.testing.assert_allclose(got.numpy(), _reference(spec, length, fftbins), rtol=1e-12, atol=1e-14)


def test_window_known_values_and_edge_cases():
    np.testing.assert_allclose(F.get_window("hann", 4).numpy(), [0.0, 0.5, 1.0, 0.5], atol=1e-15)
    np.testing.assert_allclose(F.get_window("triang", 3, fftbins=False).numpy(), [0.5, 1.0, 0.5])
    np.testing.assert_allclose(F.get_window(("tukey", 0.0), 5).numpy(), np.ones(5))
    np.testing.assert_allclose(F.get_window(("tukey", 1.0), 5, False).numpy(), np.hanning(5), atol=1e-15)
    # a periodic window's centre is offset: exponential with an explicit centre
    np.testing.assert_allclose(F.get_window(("exponential", 1.0, 2.0), 4).numpy(),
                               np.exp(-np.abs(np.arange(4) - 1) / 2))
    assert F.get_window("hann", 1).numpy().tolist() == [1.0]
    assert F.get_window("hann", 0).shape == [0]
    assert F.get_window("hamming", 8, dtype="float32").dtype == paddle.float32


@pytest.mark.parametrize("spec, error, message", [
    ("sinc", ValueError, r"argument 'window': expected one of .*'hann'.*, but got 'sinc'"),
    (3, TypeError, r"argument 'window': expected a window name .* but got int"),
    ("kaiser", ValueError, r"window 'kaiser' takes 1 parameters .* but got 0"),
    (("gaussian",), ValueError, r"window 'gaussian' takes 1 parameters .* but got 0"),
    (("hann", 1.0), ValueError, r"window 'hann' takes 0 parameters .* but got 1"),
    (("general_gaussian", 1.0), ValueError, r"window 'general_gaussian' takes 2 parameters .* but got 1"),
])
def test_window_errors(spec, error, message):
    with pytest.raises(error, match=r"^\[get_window\] " + message):
        F.get_window(spec, 8)


def test_window_length_and_symmetric_exponential_errors():
    with pytest.raises(ValueError, match=r"^\[get_window\] argument 'win_length': expected an int >= 0, but got -1"):
        F.get_window("hann", -1)
    with pytest.raises(ValueError, match=r"^\[get_window\] a symmetric .*expected center None, but got 1.0"):
        F.get_window(("exponential", 1.0, 2.0), 8, fftbins=False)


# ---------------------------------------------------------------- mel scale

HZ = np.array([0.0, 100.0, 440.0, 999.0, 1000.0, 2500.0, 8000.0, 16000.0])


def np_hz_to_mel(f, htk):
    if htk:
        return 2595 * np.log10(1 + f / 700)
    return np.where(f < 1000, 3 * f / 200, 15 + 27 * np.log(np.maximum(f, 1e-9) / 1000) / np.log(6.4))


def np_mel_to_hz(m, htk):
    if htk:
        return 700 * (10 ** (m / 2595) - 1)
    return np.where(m < 15, 200 * m / 3, 1000 * 6.4 ** ((m - 15) / 27))


@pytest.mark.parametrize("htk", [False, True])
def test_hz_to_mel_and_back(htk):
    mels = F.hz_to_mel(paddle.to_tensor(HZ), htk)
    assert mels.dtype == paddle.float64
    np.testing.assert_allclose(mels.numpy(), np_hz_to_mel(HZ, htk), rtol=1e-12)
    back = F.mel_to_hz(mels, htk)
    np.testing.assert_allclose(back.numpy(), HZ, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(F.mel_to_hz(paddle.to_tensor(np.array([3.0, 40.0])), htk).numpy(),
                               np_mel_to_hz(np.array([3.0, 40.0]), htk), rtol=1e-12)
    for f in (300.0, 3000.0, 440):  # numbers give floats
        value = F.hz_to_mel(f, htk)
        assert isinstance(value, float)
        assert value == pytest.approx(float(np_hz_to_mel(np.array(float(f)), htk)), rel=1e-12)
        assert F.mel_to_hz(value, htk) == pytest.approx(f, rel=1e-12)


def test_mel_scale_known_values_and_dtype():
    assert F.hz_to_mel(1000.0) == pytest.approx(15.0)
    assert F.hz_to_mel(6400.0) == pytest.approx(42.0)  # one log step of 27 mels per factor 6.4
    assert F.hz_to_mel(700.0, htk=True) == pytest.approx(2595 * math.log10(2))
    assert F.hz_to_mel(paddle.to_tensor([500.0])).dtype == paddle.float32


def test_hz_to_mel_gradient_is_finite_at_zero():
    freq = paddle.to_tensor([0.0, 2000.0], dtype="float64", stop_gradient=False)
    F.hz_to_mel(freq).sum().backward()
    np.testing.assert_allclose(freq.grad.numpy(), [3 / 200, 27 / np.log(6.4) / 2000], rtol=1e-12)


@pytest.mark.parametrize("htk", [False, True])
def test_mel_frequencies_are_evenly_spaced_in_mels(htk):
    got = F.mel_frequencies(12, 30.0, 7000.0, htk, dtype="float64").numpy()
    want = np_mel_to_hz(np.linspace(np_hz_to_mel(30.0, htk), np_hz_to_mel(7000.0, htk), 12), htk)
    np.testing.assert_allclose(got, want, rtol=1e-12)
    assert F.mel_frequencies().shape == [64] and F.mel_frequencies().dtype == paddle.float32
    assert float(F.mel_frequencies()[-1]) == pytest.approx(11025.0)


def test_fft_frequencies():
    np.testing.assert_allclose(F.fft_frequencies(16000, 10).numpy(), np.fft.rfftfreq(10, 1 / 16000), rtol=1e-7)
    np.testing.assert_allclose(F.fft_frequencies(22050, 9, "float64").numpy(), np.fft.rfftfreq(9, 1 / 22050))


# ---------------------------------------------------------------- filter bank, DCT, decibels


def np_fbank(sr, n_fft, n_mels, f_min=0.0, f_max=None, htk=False, norm="slaney"):
    """Triangles between consecutive mel-spaced edges, evaluated at the FFT bins, bin by bin."""
    f_max = sr / 2 if f_max is None else f_max
    edges = np_mel_to_hz(np.linspace(np_hz_to_mel(f_min, htk), np_hz_to_mel(f_max, htk), n_mels + 2), htk)
    bins = np.arange(n_fft // 2 + 1) * sr / n_fft
    bank = np.zeros((n_mels, len(bins)))
    for i in range(n_mels):
        lo, mid, hi = edges[i], edges[i + 1], edges[i + 2]
        for j, f in enumerate(bins):
            if lo < f <= mid:
                bank[i, j] = (f - lo) / (mid - lo)
            elif mid < f < hi:
                bank[i, j] = (hi - f) / (hi - mid)
        if norm == "slaney":
            bank[i] *= 2 / (hi - lo)
        elif norm is not None:
            size = np.sum(np.abs(bank[i]) ** norm) ** (1 / norm)
            bank[i] /= size if size > 0 else 1
    return bank


@pytest.mark.parametrize("args", [
    dict(sr=16000, n_fft=512, n_mels=40),
    dict(sr=22050, n_fft=256, n_mels=20, f_min=100.0, f_max=5000.0, htk=True),
    dict(sr=8000, n_fft=64, n_mels=10, norm=None),
    dict(sr=8000, n_fft=64, n_mels=10, norm=1.0),
    dict(sr=16000, n_fft=128, n_mels=12, htk=True, norm=2.0),
])
def test_fbank_matrix_matches_numpy(args):
    got = F.compute_fbank_matrix(**args, dtype="float64").numpy()
    np.testing.assert_allclose(got, np_fbank(**args), rtol=1e-10, atol=1e-14)


def test_fbank_matrix_properties():
    bank = F.compute_fbank_matrix(16000, 512, n_mels=32, norm=None)
    assert bank.shape == [32, 257] and bank.dtype == paddle.float32
    values = bank.numpy()
    assert values.min() >= 0 and values.max() <= 1
    peaks = values.argmax(axis=1)
    assert np.all(np.diff(peaks) >= 0)  # the bands rise in frequency
    for row, peak in zip(values, peaks):  # each row is one triangle: rising to its peak, then falling
        assert np.all(np.diff(row[:peak + 1]) >= 0) and np.all(np.diff(row[peak:]) <= 0)
    unit = F.compute_fbank_matrix(16000, 512, n_mels=32, norm=1.0, dtype="float64").numpy()
    np.testing.assert_allclose(unit.sum(axis=1), np.ones(32), rtol=1e-12)


def test_fbank_matrix_bad_norm():
    with pytest.raises(ValueError, match=r"^\[compute_fbank_matrix\] argument 'norm': expected 'slaney', a positive "
                                         r"number or None, but got 'l2'"):
        F.compute_fbank_matrix(16000, 512, norm="l2")


@pytest.mark.parametrize("norm", ["ortho", None])
def test_create_dct(norm):
    n_mfcc, n_mels = 5, 12
    got = F.create_dct(n_mfcc, n_mels, norm=norm, dtype="float64").numpy()
    n, k = np.meshgrid(np.arange(n_mels), np.arange(n_mfcc), indexing="ij")
    want = np.cos(np.pi / n_mels * (n + 0.5) * k)
    if norm is None:
        want = 2 * want
    else:
        want = want * np.where(k == 0, np.sqrt(1 / n_mels), np.sqrt(2 / n_mels))
        np.testing.assert_allclose(got.T @ got, np.eye(n_mfcc), atol=1e-12)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-14)
    assert F.create_dct(3, 4).dtype == paddle.float32


def test_power_to_db():
    spect = np.array([[1e-14, 1e-3, 1.0], [10.0, 250.0, 4.0]])
    got = F.power_to_db(paddle.to_tensor(spect), top_db=None).numpy()
    np.testing.assert_allclose(got, 10 * np.log10(np.maximum(spect, 1e-10)), rtol=1e-12)
    got = F.power_to_db(paddle.to_tensor(spect), ref_value=2.0, amin=1e-4, top_db=30.0).numpy()
    want = 10 * np.log10(np.maximum(spect, 1e-4)) - 10 * np.log10(2.0)
    np.testing.assert_allclose(got, np.maximum(want, want.max() - 30.0), rtol=1e-12)
    assert F.power_to_db(paddle.to_tensor(spect)).numpy().min() == pytest.approx(10 * np.log10(250.0) - 80.0)


@pytest.mark.parametrize("kwargs, message", [
    (dict(amin=0.0), r"'amin': expected a number > 0, but got 0.0"),
    (dict(ref_value=-1.0), r"'ref_value': expected a number > 0, but got -1.0"),
    (dict(top_db=-5.0), r"'top_db': expected a number >= 0, but got -5.0"),
])
def test_power_to_db_errors(kwargs, message):
    with pytest.raises(ValueError, match=r"^\[power_to_db\] argument " + message):
        F.power_to_db(paddle.ones([3]), **kwargs)


# ---------------------------------------------------------------- feature layers

RNG = np.random.default_rng(7)
WAVES = RNG.standard_normal((2, 1200))


def np_spectrogram(x, n_fft, hop, window, power, center=True):
    """|STFT| ** power: reflect-padded, framed, windowed frames' rfft, [N, freq, frames]."""
    if center:
        x = np.pad(x, [(0, 0), (n_fft // 2, n_fft // 2)], mode="reflect")
    frames = np.stack([x[:, s:s + n_fft] for s in range(0, x.shape[1] - n_fft + 1, hop)], axis=1)
    return np.abs(np.fft.rfft(frames * window, axis=-1)).transpose(0, 2, 1) ** power


def periodic_hann(m):
    return 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(m) / m)


def test_spectrogram_matches_numpy():
    layer = features.Spectrogram(n_fft=128, hop_length=40, power=1.0, dtype="float64")
    got = layer(paddle.to_tensor(WAVES))
    np.testing.assert_allclose(got.numpy(), np_spectrogram(WAVES, 128, 40, periodic_hann(128), 1.0), rtol=1e-10,
                               atol=1e-10)
    powers = features.Spectrogram(n_fft=64, hop_length=None, window="hamming", power=2.0, center=False,
                                  dtype="float64")(paddle.to_tensor(WAVES))
    hamming = 0.54 - 0.46 * np.cos(2 * np.pi * np.arange(64) / 64)
    np.testing.assert_allclose(powers.numpy(), np_spectrogram(WAVES, 64, 16, hamming, 2.0, center=False), rtol=1e-10,
                               atol=1e-10)


def test_spectrogram_defaults_shapes_and_float32():
    layer = features.Spectrogram()  # n_fft 512, hop 512, hann, power 1
    got = layer(paddle.to_tensor(WAVES.astype("float32")))
    assert got.dtype == paddle.float32 and got.shape == [2, 257, 1 + 1200 // 512]
    np.testing.assert_allclose(got.numpy(), np_spectrogram(WAVES, 512, 512, periodic_hann(512), 1.0), rtol=1e-4,
                               atol=1e-3)
    assert layer(paddle.to_tensor(WAVES[0].astype("float32"))).shape == [257, 3]
    assert list(layer.state_dict()) == ["fft_window"]


def np_log_mel(x, sr, n_fft, hop, n_mels, f_min, top_db):
    power = np_spectrogram(x, n_fft, hop, periodic_hann(n_fft), 2.0)
    mel = np_fbank(sr, n_fft, n_mels, f_min) @ power
    db = 10 * np.log10(np.maximum(mel, 1e-10))
    return mel, db if top_db is None else np.maximum(db, db.max() - top_db)


def test_mel_spectrogram_matches_numpy():
    layer = features.MelSpectrogram(sr=8000, n_fft=256, hop_length=64, n_mels=20, dtype="float64")
    mel, _ = np_log_mel(WAVES, 8000, 256, 64, 20, 50.0, None)
    np.testing.assert_allclose(layer(paddle.to_tensor(WAVES)).numpy(), mel, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("top_db", [None, 40.0])
def test_log_mel_spectrogram_matches_numpy(top_db):
    layer = features.LogMelSpectrogram(sr=8000, n_fft=128, n_mels=16, top_db=top_db, dtype="float64")
    _, db = np_log_mel(WAVES, 8000, 128, 32, 16, 50.0, top_db)
    np.testing.assert_allclose(layer(paddle.to_tensor(WAVES)).numpy(), db, rtol=1e-9, atol=1e-9)


def test_mfcc_matches_numpy():
    layer = features.MFCC(sr=8000, n_mfcc=13, n_fft=128, n_mels=24, dtype="float64")
    _, db = np_log_mel(WAVES, 8000, 128, 32, 24, 50.0, None)
    n, k = np.meshgrid(np.arange(24), np.arange(13), indexing="ij")
    dct = np.cos(np.pi / 24 * (n + 0.5) * k) * np.where(k == 0, np.sqrt(1 / 24), np.sqrt(2 / 24))
    want = np.einsum("mk,bmt->bkt", dct, db)
    got = layer(paddle.to_tensor(WAVES))
    assert got.shape == [2, 13, 1 + 1200 // 32]
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-9, atol=1e-9)
    assert sorted(layer.state_dict()) == ["_log_melspectrogram._melspectrogram._spectrogram.fft_window",
                                          "_log_melspectrogram._melspectrogram.fbank_matrix", "dct_matrix"]


def test_mfcc_float32_defaults():
    got = features.MFCC(sr=16000)(paddle.to_tensor(WAVES.astype("float32")))
    assert got.dtype == paddle.float32 and got.shape == [2, 40, 1 + 1200 // 128]
    _, db = np_log_mel(WAVES, 16000, 512, 128, 64, 50.0, None)
    n, k = np.meshgrid(np.arange(64), np.arange(40), indexing="ij")
    dct = np.cos(np.pi / 64 * (n + 0.5) * k) * np.where(k == 0, np.sqrt(1 / 64), np.sqrt(2 / 64))
    np.testing.assert_allclose(got.numpy(), np.einsum("mk,bmt->bkt", dct, db), rtol=1e-3, atol=2e-3)


def test_feature_gradients_against_finite_differences():
    layer = features.LogMelSpectrogram(sr=8000, n_fft=16, hop_length=8, n_mels=4, f_min=0.0, dtype="float64")
    x = np.random.default_rng(4).standard_normal((1, 40))
    check_layer_grads(layer, [x], lambda lay, t: lay(t), rtol=1e-5, atol=1e-7)


def test_feature_argument_errors():
    with pytest.raises(ValueError, match=r"^\[MFCC\] argument 'n_mfcc': expected at most n_mels = 64 .*got 80"):
        features.MFCC(n_mfcc=80)
    with pytest.raises(ValueError, match=r"^\[Spectrogram\] argument 'power': expected a number > 0, but got 0.0"):
        features.Spectrogram(power=0.0)


# ---------------------------------------------------------------- WAV files


def _write_with_wave(path, samples, sample_rate, width=2):
    """samples [frames, channels] of the given byte width, written by the standard library."""
    with wave.open(str(path), "wb") as writer:
        writer.setnchannels(samples.shape[1])
        writer.setsampwidth(width)
        writer.setframerate(sample_rate)
        writer.writeframes(samples.astype("<i2" if width == 2 else "u1").tobytes())


def _read_with_wave(path):
    with wave.open(str(path), "rb") as reader:
        raw = reader.readframes(reader.getnframes())
        return (np.frombuffer(raw, "<i2").reshape(-1, reader.getnchannels()), reader.getframerate(),
                reader.getsampwidth())


STEREO = np.array([[0.0, 0.5, -0.5, 0.25, -1.0, 0.999, 0.1], [1e-5, -0.25, 0.75, -0.125, 0.3, -0.3, 2.0]])


def test_save_writes_16_bit_pcm(tmp_path):
    path = tmp_path / "stereo.wav"
    paddle.audio.save(str(path), paddle.to_tensor(STEREO, "float32"), 22050)
    samples, sample_rate, width = _read_with_wave(path)
    assert sample_rate == 22050 and width == 2
    want = np.clip(np.rint(STEREO.T * 32768), -32768, 32767)  # 2.0 and the like clip rather than wrap
    np.testing.assert_array_equal(samples, want)


def test_save_load_round_trip(tmp_path):
    path = tmp_path / "round.wav"
    waveform = np.round(RNG.uniform(-1, 1, (3, 50)) * 32768) / 32768  # exactly representable samples
    paddle.audio.save(path, paddle.to_tensor(waveform, "float32"), 16000)
    loaded, sample_rate = paddle.audio.load(path)
    assert sample_rate == 16000 and loaded.dtype == paddle.float32
    np.testing.assert_array_equal(loaded.numpy(), waveform.astype("float32"))
    frames_first, _ = paddle.audio.load(str(path), channels_first=False)
    np.testing.assert_array_equal(frames_first.numpy(), waveform.T.astype("float32"))
    part, _ = paddle.audio.load(path, frame_offset=10, num_frames=5)
    np.testing.assert_array_equal(part.numpy(), waveform[:, 10:15].astype("float32"))
    tail, _ = paddle.audio.load(path, frame_offset=45, num_frames=100)
    np.testing.assert_array_equal(tail.numpy(), waveform[:, 45:].astype("float32"))


def test_save_frames_first_and_int16(tmp_path):
    path = tmp_path / "ints.wav"
    ints = np.array([[-32768, 0, 32767], [5, -5, 12345]], dtype="int16")
    paddle.audio.save(path, paddle.to_tensor(ints.T), 8000, channels_first=False)
    np.testing.assert_array_equal(_read_with_wave(path)[0], ints.T)


def test_load_reads_files_written_by_wave(tmp_path):
    path = tmp_path / "mono.wav"
    samples = RNG.integers(-32768, 32768, (30, 1))
    _write_with_wave(path, samples, 44100)
    raw, sample_rate = paddle.audio.load(path, normalize=False)
    assert sample_rate == 44100 and raw.dtype == paddle.int16
    np.testing.assert_array_equal(raw.numpy(), samples.T)
    scaled, _ = paddle.audio.load(path)
    np.testing.assert_allclose(scaled.numpy(), samples.T / 32768, rtol=1e-7)


def test_info(tmp_path):
    path = tmp_path / "info.wav"
    _write_with_wave(path, np.zeros((123, 3)), 11025)
    info = paddle.audio.info(str(path))
    assert (info.sample_rate, info.num_samples, info.num_channels, info.bits_per_sample, info.encoding) == (
        11025, 123, 3, 16, "PCM_S")
    with open(path, "rb") as f:  # a file object works too
        assert paddle.audio.info(f).num_samples == 123
    eight_bit = tmp_path / "u8.wav"
    _write_with_wave(eight_bit, np.full((4, 1), 128), 8000, width=1)
    info = paddle.audio.info(eight_bit)
    assert (info.bits_per_sample, info.encoding) == (8, "PCM_U")
    with pytest.raises(ValueError, match=r"^\[load\] .*expected 16-bit PCM samples .*but got 8-bit"):
        paddle.audio.load(eight_bit)


def test_wav_errors(tmp_path):
    path = str(tmp_path / "x.wav")
    with pytest.raises(ValueError, match=r"^\[save\] argument 'src': expected a 2-D tensor .*got shape \[4\]"):
        paddle.audio.save(path, paddle.zeros([4]), 8000)
    with pytest.raises(ValueError, match=r"^\[save\] argument 'bits_per_sample': expected 16 .*got 24"):
        paddle.audio.save(path, paddle.zeros([1, 4]), 8000, bits_per_sample=24)
    with pytest.raises(ValueError, match=r"^\[save\] argument 'encoding': expected None or 'PCM_S' .*got 'PCM_F'"):
        paddle.audio.save(path, paddle.zeros([1, 4]), 8000, encoding="PCM_F")
    with pytest.raises(TypeError, match=r"^\[save\] argument 'src': expected a floating tensor .*got paddle.int32"):
        paddle.audio.save(path, paddle.zeros([1, 4], "int32"), 8000)
    not_wav = tmp_path / "text.wav"
    not_wav.write_text("hello")
    with pytest.raises(ValueError, match=r"^\[load\] .*not a PCM WAV file"):
        paddle.audio.load(not_wav)


def test_backends():
    assert paddle.audio.backends.list_available_backends() == ["wave_backend"]
    assert paddle.audio.backends.get_current_backend() == "wave_backend"
    paddle.audio.backends.set_backend("wave_backend")
    assert paddle.audio.backends.get_current_backend() == "wave_backend"
    with pytest.raises(NotImplementedError, match=r"^\[set_backend\] argument 'backend_name': expected one of "
                                                  r"\['wave_backend'\], but got 'soundfile'"):
        paddle.audio.backends.set_backend("soundfile")
    assert paddle.audio.backends.get_current_backend() == "wave_backend"
    assert not hasattr(paddle.audio, "datasets")  # downloads data: not provided


def test_guide_examples_run():
    """The >>> examples of docs/guide/audio.md (which covers paddle.signal too) pass as one doctest."""
    import doctest
    import pathlib
    import re

    guide = pathlib.Path(__file__).resolve().parents[2] / "docs" / "guide" / "audio.md"
    examples = "\n".join(re.findall(r"```python\n(.*?)```", guide.read_text(), flags=re.S))
    assert examples.count(">>>") >= 15
    test = doctest.DocTestParser().get_doctest(examples, {}, "audio.md", str(guide), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
