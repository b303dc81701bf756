"""Predictor scenarios (issue 20): a saved model served by paddle.inference (ours, and PaddlePaddle's own
predictor over the same code), ResNet-18 and a BERT-base-shaped encoder (12 layers, d_model 768, 12 heads,
sequence 128) with random weights: latency at batch 1, throughput at batch 32. Each framework saves its
own model with paddle.jit.save and runs it with its default predictor options (one CPU math thread)."""

from __future__ import annotations

import os
import tempfile

import numpy as np

INFERENCE_SCENARIOS = ["predict_resnet18_b1", "predict_resnet18_b32", "predict_bert_b1", "predict_bert_b32"]


def _saved(name: str):
    """(path prefix, input shape without the batch) of the model, saved with this framework's jit.save."""
    import paddle

    paddle.seed(0)
    if name == "resnet18":
        model, shape = paddle.vision.models.resnet18(), [3, 224, 224]
    else:
        layer = paddle.nn.TransformerEncoderLayer(768, 12, 3072, dropout=0.0, activation="gelu")
        model, shape = paddle.nn.TransformerEncoder(layer, 12), [128, 768]
    model.eval()
    prefix = os.path.join(tempfile.mkdtemp(), name)
    paddle.jit.save(model, prefix, input_spec=[paddle.static.InputSpec([None] + shape, "float32", "x")])
    return prefix, shape


def inference_scenario(name: str, framework: str):
    """(run function, items per run) of a predictor scenario."""
    if framework == "torch":
        raise KeyError(f"{name}: PyTorch has no paddle.inference predictor")
    from paddle import inference

    model, batch = name[len("predict_"):].rsplit("_b", 1)
    prefix, shape = _saved(model)
    predictor = inference.create_predictor(inference.Config(prefix + ".json", prefix + ".pdiparams"))
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    x = np.random.default_rng(0).standard_normal([int(batch)] + shape).astype("float32")
    handle.reshape(list(x.shape))

    def run():
        handle.copy_from_cpu(x)
        predictor.run()

    return run, int(batch)
