"""Window functions by name, as scipy.signal.get_window defines them (which
Paddle follows): each is computed in float64 from its closed form with
paddle ops and cast to the requested dtype at the end.

A "periodic" window (fftbins=True, for spectral analysis) is the symmetric
window one point longer with its last point dropped, so that it tiles with
period win_length."""

from __future__ import annotations

import math

import paddle
from paddle import _checks as check
from paddle._C import Tensor

__all__ = ["get_window"]


def _positions(length: int) -> Tensor:
    return paddle.arange(length, dtype="float64")


def _from_centre(length: int) -> Tensor:
    """Each point's distance in samples from the window's centre, signed."""
    return _positions(length) - (length - 1) / 2


def _cosine_sum(length: int, coefficients) -> Tensor:
    """sum_k (-1)^k a_k cos(2 pi k n / (length - 1)): the Hann, Hamming,
    Blackman and Nuttall windows."""
    phase = _positions(length) * (2 * math.pi / (length - 1))
    total = paddle.full([length], coefficients[0], dtype="float64")
    for k, a in enumerate(coefficients[1:], start=1):
        total = total + (-1) ** k * a * paddle.cos(phase * k)
    return total


def _hann(length):
    return _cosine_sum(length, [0.5, 0.5])


def _hamming(length):
    return _cosine_sum(length, [0.54, 0.46])


def _blackman(length):
    return _cosine_sum(length, [0.42, 0.5, 0.08])


def _nuttall(length):
    return _cosine_sum(length, [0.3635819, 0.4891775, 0.1365995, 0.0106411])


def _bartlett(length):
    """A triangle that is zero at both ends."""
    return 1 - paddle.abs(_from_centre(length)) / ((length - 1) / 2)


def _triang(length):
    """A triangle whose zeros lie just outside the window (half a sample out
    for an even length, one sample for an odd one)."""
    return 1 - paddle.abs(_from_centre(length)) / ((length + length % 2) / 2)


def _bohman(length):
    distance = paddle.abs(paddle.linspace(-1, 1, length, dtype="float64"))
    inside = (1 - distance) * paddle.cos(math.pi * distance) + paddle.sin(math.pi * distance) / math.pi
    # The closed form leaves sin(pi)/pi ~ 4e-17 at the ends, which are zero.
    return paddle.where(distance < 1, inside, paddle.zeros_like(inside))


def _cosine(length):
    return paddle.sin(math.pi * (_positions(length) + 0.5) / length)


def _kaiser(length, beta):
    beta = abs(float(beta))
    relative = _from_centre(length) / ((length - 1) / 2)
    argument = beta * paddle.sqrt(paddle.clip(1 - relative * relative, min=0.0))
    # I0(a) / I0(beta) through the scaled i0e, which stays finite for a large beta (a <= beta)
    largest = paddle.to_tensor([beta], dtype="float64")
    return paddle.i0e(argument) / paddle.i0e(largest) * paddle.exp(argument - largest)


def _gaussian(length, std):
    return paddle.exp(-0.5 * (_from_centre(length) / std) ** 2)


def _general_gaussian(length, p, sig):
    return paddle.exp(-0.5 * paddle.abs(_from_centre(length) / sig) ** (2 * p))


def _exponential(length, center=None, tau=1.0):
    center = (length - 1) / 2 if center is None else center
    return paddle.exp(-paddle.abs(_positions(length) - center) / tau)


def _tukey(length, alpha=0.5):
    """Flat in the middle, with cosine tapers over the first and last
    alpha / 2 of the window (a Hann window for alpha >= 1, ones for alpha <= 0)."""
    if alpha <= 0:
        return paddle.ones([length], dtype="float64")
    if alpha >= 1:
        return _hann(length)
    x = _positions(length) / (length - 1)

    def taper(y):
        return 0.5 * (1 + paddle.cos(math.pi * (2 * y / alpha - 1)))

    ones = paddle.ones_like(x)
    return paddle.where(x < alpha / 2, taper(x), paddle.where(x > 1 - alpha / 2, taper(1 - x), ones))


def _taylor_coefficients(nbar: int, sll: float) -> list[float]:
    """The Fourier coefficients F_1..F_{nbar-1} of a Taylor window whose
    nbar - 1 sidelobes nearest the main lobe are sll dB below it."""
    a = math.acosh(10 ** (sll / 20)) / math.pi
    stretch = nbar**2 / (a**2 + (nbar - 0.5) ** 2)
    coefficients = []
    for m in range(1, nbar):
        numerator = (-1) ** (m + 1)
        denominator = 2.0
        for i in range(1, nbar):
            numerator *= 1 - m * m / stretch / (a * a + (i - 0.5) ** 2)
            if i != m:
                denominator *= 1 - m * m / (i * i)
        coefficients.append(numerator / denominator)
    return coefficients


def _taylor(length, nbar=4, sll=30, norm=True):
    def shape(n):
        total = paddle.ones_like(n)
        for m, f in enumerate(_taylor_coefficients(int(nbar), float(sll)), start=1):
            total = total + 2 * f * paddle.cos(2 * math.pi * m * (n - length / 2 + 0.5) / length)
        return total

    w = shape(_positions(length))
    if norm:  # the centre (peak) becomes 1
        w = w / shape(paddle.full([1], (length - 1) / 2, dtype="float64"))
    return w


# name: (function, parameters required, parameters allowed)
_WINDOWS = {
    "hann": (_hann, 0, 0),
    "hamming": (_hamming, 0, 0),
    "blackman": (_blackman, 0, 0),
    "nuttall": (_nuttall, 0, 0),
    "bartlett": (_bartlett, 0, 0),
    "triang": (_triang, 0, 0),
    "bohman": (_bohman, 0, 0),
    "cosine": (_cosine, 0, 0),
    "kaiser": (_kaiser, 1, 1),
    "gaussian": (_gaussian, 1, 1),
    "general_gaussian": (_general_gaussian, 2, 2),
    "exponential": (_exponential, 1, 2),
    "tukey": (_tukey, 0, 1),
    "taylor": (_taylor, 0, 3),
}


def _parse(window):
    """(name, parameters) of a window spec: a name or a (name, *parameters) tuple."""
    op = "get_window"
    if isinstance(window, tuple) and window and isinstance(window[0], str):
        name, parameters = window[0], window[1:]
    elif isinstance(window, str):
        name, parameters = window, ()
    else:
        raise TypeError(f"[{op}] argument 'window': expected a window name or a (name, *parameters) tuple, but got "
                        f"{check.got(window)}")
    if name not in _WINDOWS:
        raise ValueError(f"[{op}] argument 'window': expected one of {', '.join(map(repr, _WINDOWS))}, but got "
                         f"{name!r}")
    _, required, allowed = _WINDOWS[name]
    if not required <= len(parameters) <= allowed:
        wanted = f"{required}" if required == allowed else f"{required} to {allowed}"
        raise ValueError(f"[{op}] window {name!r} takes {wanted} parameters (pass a tuple ({name!r}, ...)), but got "
                         f"{len(parameters)}: {parameters}")
    return name, parameters


def get_window(window, win_length, fftbins=True, dtype="float64") -> Tensor:
    """A window of win_length points by name, with scipy.signal.get_window's definitions.

    Args:
        window (str | tuple): a name, or a tuple of a name and its parameters:
            'hann', 'hamming', 'blackman', 'nuttall', 'bartlett', 'triang',
            'bohman', 'cosine', ('kaiser', beta), ('gaussian', std),
            ('general_gaussian', p, sig), ('exponential', center, tau) (center
            may be None, the middle; it must be None for a symmetric window),
            'tukey' or ('tukey', alpha) (alpha 0.5 by default) and 'taylor'
            or ('taylor', nbar, sll, norm) (4, 30 dB and True by default).
        win_length (int): the number of points, >= 0.
        fftbins (bool, optional): True for a periodic window (for spectral
            analysis), False for a symmetric one (for filter design). Default True.
        dtype (str, optional): the result's dtype. Default 'float64'.

    Returns:
        Tensor: ``[win_length]``.

    Examples:
        >>> import paddle
        >>> paddle.audio.functional.get_window("hann", 4).numpy()
        array([0. , 0.5, 1. , 0.5])
        >>> paddle.audio.functional.get_window("hann", 5, fftbins=False).numpy()
        array([0. , 0.5, 1. , 0.5, 0. ])
    """
    name, parameters = _parse(window)
    win_length = check.integer("get_window", win_length, "win_length", min=0)
    symmetric = not check.flag("get_window", fftbins, "fftbins")
    if name == "exponential" and symmetric and parameters[0] is not None:
        raise ValueError(f"[get_window] a symmetric ('exponential', center, tau) window is centred: expected center "
                         f"None, but got {parameters[0]}")
    if win_length <= 1:
        return paddle.ones([win_length], dtype=dtype)
    function = _WINDOWS[name][0]
    if symmetric:
        return function(win_length, *parameters).astype(dtype)
    return function(win_length + 1, *parameters)[:win_length].astype(dtype)
