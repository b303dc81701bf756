#!/usr/bin/env bash
# Builds and installs paddle (incrementally: the CMake build lives in
# build/pip and ccache keeps object files across clean clones).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --no-build-isolation -q .
