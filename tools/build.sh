#!/usr/bin/env bash
# Builds and installs paddle (incrementally: the CMake build lives in
# build/pip and ccache keeps object files across clean clones). Prints
# CMake's configure summary and Ninja's [n/N] progress lines, so a long
# first build shows that it is moving.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
echo "[build] configuring, compiling and installing paddle (a first build takes about 11 minutes on 2 cores)"
# pip's own chatter is dropped; CMake's and Ninja's lines (indented by pip)
# are shown as they come.
set +e
python3 -m pip install --no-build-isolation -v . 2>&1 |
  grep --line-buffered -v -E '^ *(Using pip|Looking in|Processing|Requirement already|Running command|Preparing metadata|Building wheel|Created wheel|Stored in|Attempting|Found existing|Uninstalling|Removing file|Successfully uninstalled|Installing collected)|WARNING: Running pip as'
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  echo "[build] failed after $((SECONDS - start)) s" >&2
  exit "$status"
fi
echo "[build] done in $((SECONDS - start)) s"
