#!/usr/bin/env bash
# Installs everything a fresh Debian machine needs to build and test paddle:
# system libraries via apt, Python packages via pip. Idempotent.
set -euo pipefail

APT_PACKAGES=(
  build-essential cmake ninja-build ccache git
  libeigen3-dev libdnnl-dev libopenblas-openmp-dev
  libgoogle-glog-dev libgflags-dev libprotobuf-dev protobuf-compiler
  libgtest-dev libgmock-dev
)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

python3 -m pip install -q --upgrade pip
python3 -m pip install -q -r "$(dirname "$0")/../requirements-dev.txt"
