#!/usr/bin/env bash
# One command for a fresh Debian machine: system and Python dependencies,
# build and install paddle, then run the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install_deps.sh
bash tools/build.sh
python3 examples/train_lenet_digits.py
