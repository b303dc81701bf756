"""paddle.inference.Predictor: runs a saved model (PaddlePaddle 3.x's
`.json` + `.pdiparams`, ours or Paddle's) through the inference passes and
the executor. Clones share the model and its weights and have their own
prepared program and tensor handles, so each thread runs its own clone."""

from __future__ import annotations

import enum
import threading

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

_BYTES = {DataType.FLOAT64: 8, DataType.FLOAT32: 4, DataType.FLOAT16: 2, DataType.BFLOAT16: 2, DataType.INT64: 8,
          DataType.INT32: 4, DataType.UINT8: 1, DataType.INT8: 1, DataType.BOOL: 1}


def _data_type(dtype):
    name = dtype.name.upper()
    if name not in DataType.__members__:
        raise TypeError(f"[paddle.inference] tensors of {dtype.name} have no DataType")
    return DataType[name]


def get_num_bytes_of_data_type(dtype):
    """The bytes of one element of a DataType."""
    if not isinstance(dtype, DataType):
        raise TypeError(f"[get_num_bytes_of_data_type] dtype must be a DataType, but got {type(dtype).__name__}")
    return _BYTES[dtype]


def get_version():
    """The version text of the inference library."""
    return f"version: {paddle.__version__}\n"


class Tensor:
    """A predictor's handle of one input or output (get_input_handle / get_output_handle)."""

    def __init__(self, name, dtype, dims, is_input):
        self._name = name
        self._dtype = dtype          # paddle.dtype
        self._dims = list(dims)      # the model's: -1 where any size goes
        self._is_input = is_input
        self._shape = None           # set by reshape
        self._value = None           # a paddle Tensor

    def reshape(self, shape):
        """Sets the shape of the input the next copy_from_cpu gives (-1 dims of the model take any size)."""
        self._check_input("reshape")
        shape = [int(d) for d in shape]
        if len(shape) != len(self._dims) or any(m != -1 and m != d for m, d in zip(self._dims, shape)):
            raise ValueError(f"[Tensor.reshape] input '{self._name}' has shape {self._dims} (-1: any size), which "
                             f"{shape} does not fit")
        self._shape = shape

    def copy_from_cpu(self, data):
        """Copies a NumPy array into the input (its dtype must be the input's)."""
        self._check_input("copy_from_cpu")
        if not isinstance(data, np.ndarray):
            raise TypeError(f"[Tensor.copy_from_cpu] input '{self._name}' takes a numpy.ndarray, but got "
                            f"{type(data).__name__}")
        expected = np.dtype(self._dtype.name if self._dtype.name != "bfloat16" else "float32")
        if data.dtype != expected:
            raise TypeError(f"[Tensor.copy_from_cpu] input '{self._name}' is {self._dtype.name}, but the array is "
                            f"{data.dtype}")
        if self._shape is not None and list(data.shape) != self._shape:
            raise ValueError(f"[Tensor.copy_from_cpu] input '{self._name}' was reshaped to {self._shape}, but the "
                             f"array has shape {list(data.shape)}")
        self._value = paddle.to_tensor(np.ascontiguousarray(data).copy())

    def share_external_data(self, data):
        """Uses a paddle Tensor as the input without copying it."""
        self._check_input("share_external_data")
        if not isinstance(data, paddle.Tensor):
            raise TypeError(f"[Tensor.share_external_data] takes a paddle.Tensor, but got {type(data).__name__}")
        self._value = data

    def copy_to_cpu(self):
        """The tensor's values as a NumPy array (an output's after run())."""
        if self._value is None:
            raise RuntimeError(f"[Tensor.copy_to_cpu] '{self._name}' has no value yet: "
                               f"{'copy an array in' if self._is_input else 'run the predictor'} first")
        return self._value.numpy()

    def shape(self):
        """The tensor's shape (an input's reshape, or the model's before any value)."""
        if self._value is not None:
            return list(self._value.shape)
        return list(self._shape) if self._shape is not None else list(self._dims)

    def type(self):
        """The element type, a DataType."""
        return _data_type(self._dtype)

    def lod(self):
        return []

    def set_lod(self, lod):
        if lod:
            raise NotImplementedError("[Tensor.set_lod] level-of-detail tensors are not supported")

    def _check_input(self, op):
        if not self._is_input:
            raise RuntimeError(f"[Tensor.{op}] '{self._name}' is an output of the model")


class _Model:
    """A loaded model that predictors (a predictor and its clones) share: program, weights, names."""

    def __init__(self, config):
        from paddle.static.inference_model import read_model_files

        json_path, params_path = config._files()
        self.program, names, tensors = read_model_files(json_path, params_path, "create_predictor")
        self.input_names, self.outputs, self.inputs, self.output_names = _C.serialize.inputs_and_outputs(
            self.program)
        self.scope = paddle.static.Scope()
        for name, tensor in zip(names, tensors):
            self.scope.set_var(name, tensor)


class Predictor:
    """Runs a model with a Config (create_predictor(config) makes one)."""

    def __init__(self, config, _model=None):
        if not isinstance(config, Config):
            raise TypeError(f"[create_predictor] config must be a paddle.inference.Config, but got "
                            f"{type(config).__name__}")
        self._config = config
        self._model = _model or _Model(config)
        m = self._model
        self._place = paddle.CUDAPlace(config.gpu_device_id()) if config.use_gpu() else paddle.CPUPlace()
        with _ir_debug(config):
            self._executor = _C.pir.Executor(m.program, m.outputs, self._place, config._passes(),
                                             m.scope if config.ir_optim() else None)
        self._inputs = {name: Tensor(name, v.dtype, v.shape, True) for name, v in zip(m.input_names, m.inputs)}
        self._outputs = {name: Tensor(name, v.dtype, v.shape, False) for name, v in zip(m.output_names, m.outputs)}
        self._lock = threading.Lock()

    def get_input_names(self):
        return list(self._model.input_names)

    def get_output_names(self):
        return list(self._model.output_names)

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
        names = self._model.input_names
        if inputs is not None:
            if not isinstance(inputs, (list, tuple)) or len(inputs) != len(names):
                raise ValueError(f"[Predictor.run] expected a list of {len(names)} inputs ({', '.join(names)}), "
                                 f"but got {inputs if not isinstance(inputs, (list, tuple)) else len(inputs)}")
            feeds = {n: x if isinstance(x, paddle.Tensor) else paddle.to_tensor(np.asarray(x))
                     for n, x in zip(names, inputs)}
            return self._run(feeds)
        missing = [n for n in names if self._inputs[n]._value is None]
        if missing:
            raise ValueError(f"[Predictor.run] inputs {missing} have no value: copy_from_cpu into their handles")
        for handle, value in zip(self._outputs.values(), self._run({n: self._inputs[n]._value for n in names})):
            handle._value = value
        return None

    def _run(self, feeds):
        with self._lock:  # one run of a predictor at a time (clones run in parallel)
            _C._set_num_threads(self._config.cpu_math_library_num_threads())
            return self._executor.run(feeds, self._model.scope)

    def clone(self):
        """A predictor of the same model and weights (shared, not copied) with its own prepared program and
        handles, for another thread."""
        return Predictor(self._config, self._model)

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
