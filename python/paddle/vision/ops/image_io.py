"""Reading image files into Tensors: read_file (raw bytes) and decode_jpeg
(JPEG bytes to a [C, H, W] uint8 image, with Pillow)."""

from __future__ import annotations

import io
import os

import numpy as np
from PIL import Image

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.vision.ops import _arguments as arg

_MODES = ("unchanged", "gray", "rgb")


def read_file(filename, name=None) -> Tensor:
    """The bytes of a file as a 1-D uint8 Tensor.

    Args:
        filename (str): the file's path.
        name (str, optional): unused, for compatibility.

    Returns:
        Tensor: [file size] uint8.

    Examples:
        >>> import os, tempfile
        >>> import paddle
        >>> path = os.path.join(tempfile.mkdtemp(), "three.bin")
        >>> with open(path, "wb") as f:
        ...     _ = f.write(bytes([1, 2, 255]))
        >>> paddle.vision.ops.read_file(path).numpy().tolist()
        [1, 2, 255]
    """
    if not isinstance(filename, (str, os.PathLike)):
        raise TypeError(f"[read_file] argument 'filename': expected a str, but got {check.got(filename)}")
    if not os.path.isfile(filename):
        raise FileNotFoundError(f"[read_file] argument 'filename': expected an existing file, but got {filename!r}")
    with open(filename, "rb") as f:
        data = np.frombuffer(f.read(), dtype=np.uint8)
    return paddle.to_tensor(data.copy(), dtype="uint8")


def decode_jpeg(x, mode="unchanged", name=None) -> Tensor:
    """Decodes JPEG bytes (as read_file returns them) into an image [C, H, W] uint8.

    Decoding uses Pillow, on the host. (Paddle decodes on the GPU only, with
    nvJPEG.)

    Args:
        x (Tensor): [num_bytes] uint8, a JPEG file's bytes.
        mode (str, optional): 'unchanged' (the file's own channels: 1 for grey,
            otherwise 3 RGB), 'gray' (1 channel) or 'rgb' (3 channels). Default 'unchanged'.
        name (str, optional): unused, for compatibility.

    Returns:
        Tensor: [C, H, W] uint8, on x's device.
    """
    op = "decode_jpeg"
    arg.rank(op, x, "x", 1)
    if x.dtype.name != "uint8":
        raise TypeError(f"[{op}] argument 'x': expected a uint8 Tensor, but got {x.dtype.name}")
    mode = check.choice(op, mode, _MODES, "mode")
    try:
        image = Image.open(io.BytesIO(x.numpy().tobytes()))
        image.load()
    except (OSError, SyntaxError) as error:  # Pillow's errors for data it cannot read
        raise ValueError(f"[{op}] argument 'x': expected the bytes of a JPEG file, but got {x.shape[0]} bytes "
                         f"Pillow cannot decode") from error
    if image.format != "JPEG":
        raise ValueError(f"[{op}] argument 'x': expected the bytes of a JPEG file, but got a {image.format} image")
    wanted = {"gray": "L", "rgb": "RGB"}.get(mode, "L" if image.mode == "L" else "RGB")
    pixels = np.asarray(image.convert(wanted), dtype=np.uint8)
    pixels = pixels[None] if pixels.ndim == 2 else pixels.transpose(2, 0, 1)
    return arg.constant(pixels, x, "uint8")
