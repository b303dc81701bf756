#!/usr/bin/env bash
# Installs the yardsticks (PyTorch CPU, PaddlePaddle CPU) into their own
# virtual environments under /opt/peers so they never shadow our `paddle`.
# Optional: benchmarks run without them and just print our own numbers.
set -euo pipefail
PEERS=${PEERS_ROOT:-/opt/peers}
mkdir -p "$PEERS"
if [ ! -x "$PEERS/torch/bin/python" ]; then
  python3 -m venv "$PEERS/torch"
  "$PEERS/torch/bin/pip" install -q numpy torch
fi
if [ ! -x "$PEERS/paddle/bin/python" ]; then
  python3 -m venv "$PEERS/paddle"
  "$PEERS/paddle/bin/pip" install -q numpy pyyaml paddlepaddle  # pyyaml: tools/paddle_compat reads our YAML
fi
