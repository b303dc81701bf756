#!/usr/bin/env bash
# Installs the yardsticks (PyTorch CPU with onnxruntime beside it,
# PaddlePaddle CPU) into their own virtual environments under /opt/peers so
# they never shadow our `paddle`.
# Optional: benchmarks run without them and just print our own numbers.
set -euo pipefail
PEERS=${PEERS_ROOT:-/opt/peers}
mkdir -p "$PEERS"
if [ ! -x "$PEERS/torch/bin/python" ]; then
  python3 -m venv "$PEERS/torch"
  "$PEERS/torch/bin/pip" install -q numpy torch
fi
# onnxruntime runs the predictor scenarios' models as PyTorch exports them (onnx).
"$PEERS/torch/bin/python" -c "import onnxruntime, onnx" 2>/dev/null ||
  "$PEERS/torch/bin/pip" install -q onnxruntime onnx
if [ ! -x "$PEERS/paddle/bin/python" ]; then
  python3 -m venv "$PEERS/paddle"
  "$PEERS/paddle/bin/pip" install -q numpy pyyaml paddlepaddle  # pyyaml: tools/paddle_compat reads our YAML
fi
# opencv: Paddle's vision transforms take numpy images through cv2 (tools/paddle_compat/check_docstring_examples.py).
"$PEERS/paddle/bin/python" -c "import cv2" 2>/dev/null ||
  "$PEERS/paddle/bin/pip" install -q opencv-python-headless
