"""paddle.inference.Config: where a model's files are and how a predictor
runs it; the C++ API's Config (paddle_inference_api.h) with PaddlePaddle's
Python spellings."""

from __future__ import annotations

import enum

from paddle import _C


class PrecisionType(enum.Enum):
    """The precision a predictor computes in (PaddlePaddle's AnalysisConfig.Precision)."""

    Float32 = 0
    Int8 = 1
    Half = 2
    Bfloat16 = 3


PrecisionType.__name__ = PrecisionType.__qualname__ = "Precision"


class Config(_C.inference.Config):
    """The configuration of a predictor: the model's files and how to run it.

    Args:
        prog_file_or_model_dir (str, optional): the program file (``model.json``), or a directory holding
            ``inference.json`` (or exactly one ``.json`` file) and its ``.pdiparams``.
        params_file (str, optional): the parameter file (``model.pdiparams``) with a program file.

    The inference passes (``switch_ir_optim``, ``delete_pass``): conv+bn folding, constant folding of what the
    parameters alone decide, simplifications, common subexpressions, matmul+bias(+relu) fusion, dead code
    (``paddle._C.inference.passes()``). Memory planning always runs, and oneDNN kernels are chosen per op:
    ``enable_memory_optim`` and ``enable_mkldnn`` are recorded for the summary.

    Examples:
        >>> from paddle.inference import Config
        >>> config = Config("model.json", "model.pdiparams")
        >>> config.switch_ir_optim(True)
        >>> config.prog_file(), config.ir_optim()
        ('model.json', True)
    """

    def __init__(self, prog_file_or_model_dir=None, params_file=None):
        if prog_file_or_model_dir is None:
            super().__init__()
        elif params_file is None:
            super().__init__(_string(prog_file_or_model_dir, "prog_file_or_model_dir"))
        else:
            super().__init__(_string(prog_file_or_model_dir, "prog_file_or_model_dir"),
                             _string(params_file, "params_file"))
        self._ir_debug = False
        self._glog_info = True

    def enable_use_gpu(self, memory_pool_init_size_mb, device_id=0, precision_mode=PrecisionType.Float32):
        """Runs on GPU `device_id` (memory_pool_init_size_mb is the initial pool size, kept for the summary)."""
        if not isinstance(precision_mode, PrecisionType):
            raise TypeError(f"[Config.enable_use_gpu] precision_mode must be a PrecisionType, but got "
                            f"{type(precision_mode).__name__}")
        if precision_mode is not PrecisionType.Float32:
            raise NotImplementedError(f"[Config.enable_use_gpu] only Float32 precision is supported, not "
                                      f"{precision_mode.name}")
        super().enable_use_gpu(memory_pool_init_size_mb, device_id)

    enable_onednn = _C.inference.Config.enable_mkldnn
    disable_onednn = _C.inference.Config.disable_mkldnn
    onednn_enabled = _C.inference.Config.mkldnn_enabled

    def switch_ir_debug(self, x=True):
        """Prints the program before and after each pass (FLAGS_print_ir) when the predictor is made."""
        self._ir_debug = bool(x)

    def disable_glog_info(self):
        self._glog_info = False

    def glog_info_disabled(self):
        return not self._glog_info


def _string(value, arg):
    if not isinstance(value, str):
        raise TypeError(f"[Config] argument '{arg}': expected a str, but got {type(value).__name__}")
    return value
