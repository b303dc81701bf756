"""Streams and events of GPUs and plugin devices: paddle.device.Stream,
Event, current_stream, set_stream, stream_guard (StreamContext),
get_stream_from_external and synchronize.

Kernels and copies of a device are queued on its current stream, in order;
set_stream / stream_guard switch it, events order work across streams."""

from __future__ import annotations

import ctypes

from paddle import _C


def _place(device, op="paddle.device"):
    if device is None:
        return _C.get_default_place()
    if isinstance(device, (_C.Place, str)):
        return device if isinstance(device, _C.Place) else _C.place_from_string(device)
    if isinstance(device, int) and not isinstance(device, bool):  # an index of the current device kind
        place = _C.get_default_place()
        return _C.CustomPlace(place._device_string().split(":")[0], device) if place.is_custom_place() else _C.CUDAPlace(device)
    raise TypeError(f"[{op}] argument 'device': expected a Place, a device string or an int, but got "
                    f"{type(device).__name__}")


class Event:
    """A marker in a stream's work (Paddle's paddle.device.Event).

    Args:
        enable_timing, blocking, interprocess (bool): accepted for Paddle's
            signature; plugin events do not time.
        device (Place|str|int, optional, keyword only): its device; the current one when None. (Paddle
            3.3's Event takes no device: the first positional argument is enable_timing.)
    """

    def __init__(self, enable_timing=False, blocking=False, interprocess=False, *, device=None):
        self._event = _C.Event(_place(device))

    @property
    def place(self):
        return self._event.place

    def record(self, stream=None):
        """Marks the work queued on `stream` (the current one when None) so far."""
        (stream or current_stream(self.place)).record_event(self)

    def query(self) -> bool:
        """Whether the recorded work has finished (True when never recorded)."""
        return self._event.query()

    def synchronize(self):
        """Waits for the recorded work."""
        self._event.synchronize()


class Stream:
    """A queue of device work that runs in order (Paddle's paddle.device.Stream).

    Args:
        device (Place|str|int, optional): its device; the current one when None.
        priority (int, optional): accepted for Paddle's signature.
        stream_base (optional): an existing stream of the extension to wrap, as Paddle's ``stream_base``
            wraps its core stream; device is then ignored.
    """

    def __init__(self, device=None, priority=2, stream_base=None):
        self._stream = stream_base if stream_base is not None else _C.Stream(_place(device))

    @property
    def place(self):
        return self._stream.place

    @property
    def _as_parameter_(self):
        """The stream's handle (a cudaStream_t) for ctypes calls, as in Paddle."""
        return ctypes.c_void_p(self._stream.handle)

    def synchronize(self):
        """Waits for all work queued on the stream."""
        self._stream.synchronize()

    def query(self) -> bool:
        """Whether all queued work has finished."""
        return self._stream.query()

    def wait_event(self, event: Event):
        """Work queued on this stream after the call waits for `event`."""
        self._stream.wait_event(event._event)

    def wait_stream(self, stream: "Stream"):
        """Work queued on this stream after the call waits for the work
        queued on `stream` so far."""
        self.wait_event(stream.record_event())

    def record_event(self, event: Event | None = None) -> Event:
        """Records `event` (a new one when None) on this stream; returns it."""
        event = event if event is not None else Event(device=self.place)
        self._stream.record_event(event._event)
        return event

    def __eq__(self, other):
        return isinstance(other, Stream) and self._stream == other._stream

    def __hash__(self):
        return hash(self._stream)


def record_stream(tensor, stream: Stream):
    """Tensor.record_stream: `tensor`'s memory is also used by work queued
    on `stream`, so it is not reused (after the tensor is freed) before that
    work has finished. Needed when a tensor made on one stream is used on
    another and may be freed first."""
    if not isinstance(stream, Stream):
        raise TypeError(f"[record_stream] argument 'stream': expected a paddle.device.Stream, but got {type(stream).__name__}")
    _C.record_stream(tensor, stream._stream)


_C.Tensor.record_stream = record_stream


def current_stream(device=None) -> Stream:
    """The stream kernels of `device` (the current one when None) go to."""
    return Stream(stream_base=_C.current_stream(_place(device)))


# The current user stream of each device, kept alive while it is current
# (the device context holds only its handle).
_current = {}


def set_stream(stream: Stream) -> Stream:
    """Makes `stream` current on its device; returns the previous stream."""
    if not isinstance(stream, Stream):
        raise TypeError(f"[set_stream] argument 'stream': expected a paddle.device.Stream, but got {type(stream).__name__}")
    previous = current_stream(stream.place)
    _C.set_stream(stream._stream)
    _current[stream.place] = stream
    return previous


class stream_guard:
    """Runs a `with` block with `stream` current on its device, then restores
    the stream that was current before (no change for None). Also named
    StreamContext, as in Paddle.

    Args:
        stream (Stream, optional): the stream. Default None.

    Examples:
        >>> import paddle
        >>> with paddle.device.stream_guard(None):  # a None stream changes nothing
        ...     paddle.device.get_device()
        'cpu'
    """

    def __init__(self, stream: Stream | None = None) -> None:
        if stream is not None and not isinstance(stream, Stream):
            raise TypeError(f"[stream_guard] argument 'stream': expected a paddle.device.Stream or None, but got "
                            f"{type(stream).__name__}")
        self.stream = stream
        self._previous = None

    def __enter__(self) -> None:
        if self.stream is not None:
            self._previous = set_stream(self.stream)

    def __exit__(self, *exc_info) -> None:
        if self.stream is not None:
            set_stream(self._previous)


StreamContext = stream_guard


def get_stream_from_external(data_ptr: int, device=None) -> Stream:
    """A Stream for a CUDA stream (``cudaStream_t``) another library created,
    given as an int; that library keeps it alive (this Stream never
    releases it). Work queued through it and this package's work on it are
    ordered as on any stream.

    Args:
        data_ptr (int): the stream's handle.
        device (Place|str|int, optional): its GPU; the current device when None.

    Raises:
        TypeError: for a data_ptr that is not an int.
        ValueError: for a device that is not a GPU, or a negative handle.
    """
    if not isinstance(data_ptr, int) or isinstance(data_ptr, bool):
        raise TypeError(f"[get_stream_from_external] argument 'data_ptr': expected an int (a cudaStream_t), but "
                        f"got {type(data_ptr).__name__}")
    if data_ptr < 0:
        raise ValueError(f"[get_stream_from_external] argument 'data_ptr': expected a non-negative handle, but got "
                         f"{data_ptr}")
    place = _place(device, "get_stream_from_external")
    if not place.is_gpu_place():
        raise ValueError(f"[get_stream_from_external] argument 'device': expected a GPU, but got "
                         f"{place._device_string()}")
    return Stream(stream_base=_C.external_stream(place, data_ptr))


def synchronize(device=None):
    """Waits for all work queued on `device` (the current one when None)."""
    _C.synchronize_place(_place(device))
