"""Predictor scenarios (issue 20): a saved model served by paddle.inference (ours, and PaddlePaddle's own
predictor over the same code), ResNet-18 and a BERT-base-shaped encoder (12 layers, d_model 768, 12 heads,
sequence 128) with random weights: latency at batch 1, throughput at batch 32. Each framework saves its
own model with paddle.jit.save and runs it with its default predictor options (one CPU math thread).
onnxruntime (installed next to PyTorch) runs the same architectures written in PyTorch and exported to
ONNX, on one intra-op thread with all graph optimizations."""

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


def _torch_model(name: str):
    """(torch module in eval mode, input shape without the batch): the scenario's architecture in PyTorch."""
    import torch
    from torch import nn

    torch.manual_seed(0)
    if name != "resnet18":
        layer = nn.TransformerEncoderLayer(768, 12, 3072, dropout=0.0, activation="gelu", batch_first=True)
        return nn.TransformerEncoder(layer, 12, enable_nested_tensor=False).eval(), [128, 768]

    class Block(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1, self.bn1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout)
            self.conv2, self.bn2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout)
            self.down = (nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))
                         if stride != 1 or cin != cout else nn.Identity())

        def forward(self, x):
            y = self.bn2(self.conv2(torch.relu(self.bn1(self.conv1(x)))))
            return torch.relu(y + self.down(x))

    layers = [nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(3, 2, 1)]
    cin = 64
    for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
        layers += [Block(cin, cout, stride), Block(cout, cout, 1)]
        cin = cout
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(512, 1000)]
    return nn.Sequential(*layers).eval(), [3, 224, 224]


def _onnxruntime_scenario(model: str, batch: int):
    import onnxruntime as ort
    import torch

    module, shape = _torch_model(model)
    path = os.path.join(tempfile.mkdtemp(), model + ".onnx")
    example = torch.randn([batch] + shape)
    torch.onnx.export(module, (example,), path, input_names=["x"], output_names=["y"], dynamo=False)
    options = ort.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    session = ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])
    feed = {"x": np.random.default_rng(0).standard_normal([batch] + shape).astype("float32")}
    return (lambda: session.run(None, feed)), batch


def inference_scenario(name: str, framework: str):
    """(run function, items per run) of a predictor scenario."""
    model, batch = name[len("predict_"):].rsplit("_b", 1)
    if framework == "onnxruntime":
        return _onnxruntime_scenario(model, int(batch))
    if framework == "torch":
        raise KeyError(f"{name}: PyTorch has no paddle.inference predictor")
    from paddle import inference

    prefix, shape = _saved(model)
    predictor = inference.create_predictor(inference.Config(prefix + ".json", prefix + ".pdiparams"))
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    x = np.random.default_rng(0).standard_normal([int(batch)] + shape).astype("float32")
    handle.reshape(list(x.shape))

    def run():
        handle.copy_from_cpu(x)
        predictor.run()

    return run, int(batch)
