"""paddle.nn.utils: gradient clipping, parameters <-> vector, weight and spectral normalization."""

from paddle.nn.utils.clip_grad import clip_grad_norm_, clip_grad_value_  # noqa: F401
from paddle.nn.utils.transform_parameters import parameters_to_vector, vector_to_parameters  # noqa: F401
from paddle.nn.utils.weight_norm_hook import remove_weight_norm, weight_norm  # noqa: F401
from paddle.nn.utils.spectral_norm_hook import spectral_norm  # noqa: F401

__all__ = ["clip_grad_norm_", "clip_grad_value_", "parameters_to_vector", "vector_to_parameters", "weight_norm",
           "remove_weight_norm", "spectral_norm"]
