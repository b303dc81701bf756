"""paddle.inference: serving saved models (paddle.jit.save's or
save_inference_model's files, ours or PaddlePaddle 3.x's) from Python."""

from paddle.inference.config import Config, PrecisionType
from paddle.inference.predictor import (
    DataType,
    PlaceType,
    Predictor,
    PredictorPool,
    Tensor,
    create_predictor,
    get_num_bytes_of_data_type,
    get_version,
)

__all__ = ["Config", "DataType", "PlaceType", "PrecisionType", "Tensor", "Predictor", "create_predictor",
           "get_version", "get_num_bytes_of_data_type", "PredictorPool"]
