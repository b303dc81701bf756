#!/usr/bin/env bash
# One command for a fresh Debian machine: system and Python dependencies,
# build and install paddle, then run the main job. Each step prints a line
# with the time spent so far.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
step() { echo; echo "==> [$1/3, $((SECONDS - start)) s] $2"; }
step 1 "system packages (apt) and Python packages (pip)"
bash tools/install_deps.sh
step 2 "build and install paddle"
bash tools/build.sh
step 3 "the main job: LeNet on the handwritten digits in examples/data"
python3 examples/train_lenet_digits.py
echo "==> done in $((SECONDS - start)) s"
