"""paddle.inference.Predictor: the C++ API's Predictor (paddle_inference_api.h)
with PaddlePaddle's Python spellings: a saved model (`.json` +
`.pdiparams`, ours or Paddle's) through the inference passes and the
executor. Clones share the model and its weights and have their own
prepared program and tensor handles, so each thread runs its own clone."""

from __future__ import annotations

import contextlib
import enum

import numpy as np

import paddle
from paddle import _C
from paddle.inference.config import Config


class DataType(enum.Enum):
    """Element types of the tensor handles (PaddlePaddle's PaddleDType)."""

    FLOAT64 = 0
    FLOAT32 = 1
    FLOAT16 = 2
    BFLOAT16 = 3
    INT64 = 4
    INT32 = 5
    UINT8 = 6
    INT8 = 7
    BOOL = 8


DataType.__name__ = DataType.__qualname__ = "PaddleDType"


class PlaceType(enum.Enum):
    """Where tensors live (PaddlePaddle's PaddlePlace)."""

    UNK = -1
    CPU = 0
    GPU = 1
    XPU = 2
    CUSTOM = 3


PlaceType.__name__ = PlaceType.__qualname__ = "PaddlePlace"

def get_num_bytes_of_data_type(dtype):
    """The bytes of one element of a DataType."""
    if not isinstance(dtype, DataType):
        raise TypeError(f"[get_num_bytes_of_data_type] dtype must be a DataType, but got {type(dtype).__name__}")
    return _C.inference.get_num_bytes_of_data_type(_C.inference.DataType.__members__[dtype.name])


def get_version():
    """The version text of the inference library."""
    return _C.inference.get_version()


@contextlib.contextmanager
def _missing_files_as_file_not_found():
    """The C++ API reports a missing model file as a ValueError (NotFound); Python's is FileNotFoundError."""
    try:
        yield
    except ValueError as e:
        text = str(e)
        if "] no model file" in text or "there is no parameter file" in text or "model directory" in text:
            raise FileNotFoundError(text) from e
        raise


class Tensor:
    """A predictor's handle of one input or output (get_input_handle / get_output_handle)."""

    def __init__(self, handle, is_input):
        self._handle = handle
        self._is_input = is_input

    def reshape(self, shape):
        """Sets the input's shape (-1 dims of the model take any size)."""
        self._check_input("reshape")
        self._handle.reshape([int(d) for d in shape])

    def copy_from_cpu(self, data):
        """Copies a NumPy array into the input (of the input's dtype; its shape is the array's)."""
        self._check_input("copy_from_cpu")
        if not isinstance(data, np.ndarray):
            raise TypeError(f"[Tensor.copy_from_cpu] input '{self._handle.name()}' takes a numpy.ndarray, but got "
                            f"{type(data).__name__}")
        expected = self.type().name.lower()
        if data.dtype != np.dtype(expected if expected != "bfloat16" else "uint16"):
            raise TypeError(f"[Tensor.copy_from_cpu] input '{self._handle.name()}' is {expected}, but the array is "
                            f"{data.dtype}")
        self._handle._share(paddle.to_tensor(np.ascontiguousarray(data).copy()))

    def share_external_data(self, data):
        """Uses a paddle Tensor as the input without copying it."""
        self._check_input("share_external_data")
        if not isinstance(data, paddle.Tensor):
            raise TypeError(f"[Tensor.share_external_data] takes a paddle.Tensor, but got {type(data).__name__}")
        self._handle._share(data)

    def copy_to_cpu(self):
        """The tensor's values as a NumPy array (an output's after run())."""
        value = self._handle._value()
        if value is None:
            raise RuntimeError(f"[Tensor.copy_to_cpu] '{self._handle.name()}' has no value yet: "
                               f"{'copy an array in' if self._is_input else 'run the predictor'} first")
        return value.numpy()

    def shape(self):
        """The tensor's shape (the model's, with -1, before it has a value)."""
        return self._handle.shape()

    def type(self):
        """The element type, a DataType."""
        return DataType[self._handle.type().name]

    def lod(self):
        return []

    def set_lod(self, lod):
        if lod:
            raise NotImplementedError("[Tensor.set_lod] level-of-detail tensors are not supported")

    def _check_input(self, op):
        if not self._is_input:
            raise RuntimeError(f"[Tensor.{op}] '{self._handle.name()}' is an output of the model")


class Predictor:
    """Runs a model with a Config (create_predictor(config) makes one)."""

    def __init__(self, config, _predictor=None):
        if not isinstance(config, Config):
            raise TypeError(f"[create_predictor] config must be a paddle.inference.Config, but got "
                            f"{type(config).__name__}")
        self._config = config
        if _predictor is None:
            with _missing_files_as_file_not_found(), _ir_debug(config):
                _predictor = _C.inference.Predictor(config)
        self._predictor = _predictor
        self._inputs = {n: Tensor(_predictor.get_input_handle(n), True) for n in _predictor.get_input_names()}
        self._outputs = {n: Tensor(_predictor.get_output_handle(n), False) for n in _predictor.get_output_names()}

    def get_input_names(self):
        return self._predictor.get_input_names()

    def get_output_names(self):
        return self._predictor.get_output_names()

    def get_input_handle(self, name):
        if name not in self._inputs:
            raise ValueError(f"[Predictor.get_input_handle] the model has no input '{name}'; its inputs are "
                             f"{self.get_input_names()}")
        return self._inputs[name]

    def get_output_handle(self, name):
        if name not in self._outputs:
            raise ValueError(f"[Predictor.get_output_handle] the model has no output '{name}'; its outputs are "
                             f"{self.get_output_names()}")
        return self._outputs[name]

    def run(self, inputs=None):
        """Runs the model. With `inputs` (paddle Tensors or NumPy arrays, in the order of get_input_names())
        returns the outputs as paddle Tensors; without, reads the input handles and fills the output handles."""
        names = self.get_input_names()
        if inputs is not None:
            if not isinstance(inputs, (list, tuple)) or len(inputs) != len(names):
                raise ValueError(f"[Predictor.run] expected a list of {len(names)} inputs ({', '.join(names)}), "
                                 f"but got {inputs if not isinstance(inputs, (list, tuple)) else len(inputs)}")
            for name, x in zip(names, inputs):
                self._inputs[name]._handle._share(x if isinstance(x, paddle.Tensor) else
                                                  paddle.to_tensor(np.asarray(x)))
        self._predictor.run()
        if inputs is not None:
            return [self._outputs[n]._handle._value() for n in self.get_output_names()]
        return None

    def clone(self):
        """A predictor of the same model and weights (shared, not copied) with its own prepared program and
        handles, for another thread."""
        return Predictor(self._config, self._predictor.clone())

    def clear_intermediate_tensor(self):
        """Intermediates are released after their last use already."""

    def try_shrink_memory(self):
        """Returns 0: the memory plan keeps only the buffers it reuses."""
        return 0


class _ir_debug:
    def __init__(self, config):
        self._on = config._ir_debug

    def __enter__(self):
        if self._on:
            self._was = paddle.get_flags(["FLAGS_print_ir"])["FLAGS_print_ir"]
            paddle.set_flags({"FLAGS_print_ir": True})

    def __exit__(self, *exc):
        if self._on:
            paddle.set_flags({"FLAGS_print_ir": self._was})


def create_predictor(config):
    """A Predictor of the model a Config names.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import paddle
        >>> from paddle.inference import Config, create_predictor
        >>> net = paddle.nn.Linear(4, 2)
        >>> prefix = os.path.join(tempfile.mkdtemp(), "linear")
        >>> paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
        >>> predictor = create_predictor(Config(prefix + ".json", prefix + ".pdiparams"))
        >>> handle = predictor.get_input_handle("x")
        >>> handle.reshape([3, 4])
        >>> handle.copy_from_cpu(np.ones((3, 4), "float32"))
        >>> predictor.run()
        >>> predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu().shape
        (3, 2)
    """
    return Predictor(config)


class PredictorPool:
    """`size` predictors of one config (clones sharing the weights): retrive(i) gives the i-th."""

    def __init__(self, config, size=1):
        first = create_predictor(config)
        self._predictors = [first] + [first.clone() for _ in range(size - 1)]

    def retrive(self, idx):
        return self._predictors[idx]

    retrieve = retrive
