"""paddle.inference.Config: where a model's files are and how a predictor runs it."""

from __future__ import annotations

import enum
import os

from paddle import _C
from paddle import _checks as check


class PrecisionType(enum.Enum):
    """The precision a predictor computes in (PaddlePaddle's AnalysisConfig.Precision)."""

    Float32 = 0
    Int8 = 1
    Half = 2
    Bfloat16 = 3


PrecisionType.__name__ = PrecisionType.__qualname__ = "Precision"



def _model_files(model_dir):
    """(program file, parameter file) of a model directory: inference.json, or the directory's one .json file."""
    if not os.path.isdir(model_dir):
        raise FileNotFoundError(f"[Config] no model directory {model_dir}")
    preferred = os.path.join(model_dir, "inference.json")
    if os.path.isfile(preferred):
        json_path = preferred
    else:
        found = sorted(f for f in os.listdir(model_dir) if f.endswith(".json"))
        if len(found) != 1:
            raise FileNotFoundError(f"[Config] the model directory {model_dir} must hold inference.json or exactly "
                                    f"one .json program file, but holds {found or 'none'}")
        json_path = os.path.join(model_dir, found[0])
    return json_path, json_path[:-len(".json")] + ".pdiparams"


class Config:
    """The configuration of a predictor: the model's files and how to run it.

    Args:
        prog_file_or_model_dir (str, optional): the program file (``model.json``), or a directory holding
            ``inference.json`` (or exactly one ``.json`` file) and its ``.pdiparams``.
        params_file (str, optional): the parameter file (``model.pdiparams``) with a program file.

    Examples:
        >>> from paddle.inference import Config
        >>> config = Config("model.json", "model.pdiparams")
        >>> config.switch_ir_optim(True)
        >>> config.prog_file(), config.ir_optim()
        ('model.json', True)
    """

    def __init__(self, prog_file_or_model_dir=None, params_file=None):
        self._prog_file = ""
        self._params_file = ""
        self._model_dir = ""
        self._use_gpu = False
        self._gpu_device_id = 0
        self._memory_pool_init_size_mb = 0
        self._precision = PrecisionType.Float32
        self._ir_optim = True
        self._memory_optim = False
        self._mkldnn = True
        self._threads = 1
        self._deleted_passes = []
        self._glog_info = True
        self._ir_debug = False
        if prog_file_or_model_dir is not None:
            self.set_model(prog_file_or_model_dir, params_file)

    # ---- the model -------------------------------------------------------

    def set_model(self, prog_file_or_model_dir, params_file=None):
        """Sets the model: a program file and a parameter file, or a model directory."""
        check.string("Config.set_model", prog_file_or_model_dir, "prog_file_or_model_dir")
        if params_file is None:
            self._model_dir, self._prog_file, self._params_file = prog_file_or_model_dir, "", ""
        else:
            check.string("Config.set_model", params_file, "params_file")
            self._model_dir, self._prog_file, self._params_file = "", prog_file_or_model_dir, params_file

    def set_prog_file(self, path):
        """Sets the program file."""
        self._prog_file = check.string("Config.set_prog_file", path, "path")

    def set_params_file(self, path):
        """Sets the parameter file."""
        self._params_file = check.string("Config.set_params_file", path, "path")

    def prog_file(self):
        """The program file ('' when the model is a directory)."""
        return self._prog_file

    def params_file(self):
        """The parameter file ('' when the model is a directory)."""
        return self._params_file

    def model_dir(self):
        """The model directory ('' when the model is given as files)."""
        return self._model_dir

    def _files(self):
        if self._model_dir:
            return _model_files(self._model_dir)
        if not self._prog_file:
            raise ValueError("[create_predictor] the Config names no model: give Config(prog_file, params_file) or "
                             "Config(model_dir)")
        return self._prog_file, self._params_file

    # ---- the device ------------------------------------------------------

    def enable_use_gpu(self, memory_pool_init_size_mb, device_id=0, precision_mode=PrecisionType.Float32):
        """Runs on GPU `device_id` (memory_pool_init_size_mb is the initial pool size, kept for the summary)."""
        self._memory_pool_init_size_mb = check.integer("Config.enable_use_gpu", memory_pool_init_size_mb,
                                                       "memory_pool_init_size_mb")
        self._gpu_device_id = check.integer("Config.enable_use_gpu", device_id, "device_id")
        if not isinstance(precision_mode, PrecisionType):
            raise TypeError(f"[Config.enable_use_gpu] precision_mode must be a PrecisionType, but got "
                            f"{type(precision_mode).__name__}")
        if precision_mode is not PrecisionType.Float32:
            raise NotImplementedError(f"[Config.enable_use_gpu] only Float32 precision is supported, not "
                                      f"{precision_mode.name}")
        self._use_gpu = True

    def disable_gpu(self):
        """Runs on the CPU."""
        self._use_gpu = False

    def use_gpu(self):
        return self._use_gpu

    def gpu_device_id(self):
        return self._gpu_device_id

    def memory_pool_init_size_mb(self):
        return self._memory_pool_init_size_mb

    def enable_mkldnn(self):
        """Uses oneDNN kernels where the CPU has them (they are chosen per op already: accepted)."""
        self._mkldnn = True

    enable_onednn = enable_mkldnn

    def disable_mkldnn(self):
        self._mkldnn = False

    disable_onednn = disable_mkldnn

    def mkldnn_enabled(self):
        return self._mkldnn

    onednn_enabled = mkldnn_enabled

    def set_cpu_math_library_num_threads(self, cpu_math_library_num_threads):
        """The threads the CPU kernels use (the math library's thread count)."""
        n = check.integer("Config.set_cpu_math_library_num_threads", cpu_math_library_num_threads,
                          "cpu_math_library_num_threads")
        if n < 1:
            raise ValueError(f"[Config.set_cpu_math_library_num_threads] expected at least 1 thread, but got {n}")
        self._threads = n

    def cpu_math_library_num_threads(self):
        return self._threads

    # ---- the passes ------------------------------------------------------

    def switch_ir_optim(self, x=True):
        """Whether the inference passes run (conv+bn folding, constant folding of what the parameters alone
        decide, simplifications, common subexpressions, matmul+bias(+relu) fusion, dead code)."""
        self._ir_optim = bool(x)

    def ir_optim(self):
        return self._ir_optim

    def enable_memory_optim(self, x=True):
        """Memory planning (buffer reuse and in-place) always runs; recorded for the summary."""
        self._memory_optim = bool(x)

    def delete_pass(self, pass_name):
        """Leaves out the inference pass of this name."""
        self._deleted_passes.append(check.string("Config.delete_pass", pass_name, "pass_name"))

    def _passes(self):
        # the C++ API's list (paddle_infer::Config::InferencePasses): conv+bn folding, then the executor's passes
        # with the parameters folded as constants; kernel selection and the memory plan always follow
        passes = _C._inference_passes() if self._ir_optim else []
        return [p for p in passes if p not in self._deleted_passes]

    def switch_ir_debug(self, x=True):
        """Prints the program before and after each pass (FLAGS_print_ir) when the predictor is made."""
        self._ir_debug = bool(x)

    def disable_glog_info(self):
        self._glog_info = False

    def glog_info_disabled(self):
        return not self._glog_info

    def summary(self):
        """The configuration as PaddlePaddle prints it: a table of options and values."""
        prog, params = (self._prog_file, self._params_file) if not self._model_dir else (self._model_dir, "")
        sections = [
            [("model_dir", prog)] if self._model_dir else [("model_file", prog), ("params_file", params)],
            [("cpu_math_thread", str(self._threads)), ("enable_mkldnn", str(self._mkldnn).lower())],
            [("use_gpu", str(self._use_gpu).lower())] + (
                [("gpu_device_id", str(self._gpu_device_id)),
                 ("memory_pool_init_size", f"{self._memory_pool_init_size_mb}MB"),
                 ("enable_tensorrt", "false")] if self._use_gpu else []),
            [("ir_optim", str(self._ir_optim).lower()), ("ir_debug", str(self._ir_debug).lower()),
             ("memory_optim", str(self._memory_optim).lower()), ("enable_log", str(self._glog_info).lower())],
        ]
        key_w = max(len("Option"), *(len(k) for s in sections for k, _ in s))
        val_w = max(len("Value"), *(len(v) for s in sections for _, v in s))
        rule = f"+{'-' * (key_w + 2)}+{'-' * (val_w + 2)}+"
        lines = ["", rule, f"| {'Option':<{key_w}} | {'Value':<{val_w}} |", rule]
        for section in sections:
            lines += [f"| {k:<{key_w}} | {v:<{val_w}} |" for k, v in section] + [rule]
        return "\n".join(lines) + "\n"
