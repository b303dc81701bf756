#!/usr/bin/env bash
# Installs everything a fresh Debian machine needs to build and test paddle:
# system libraries via apt, Python packages via pip. Idempotent.
set -euo pipefail

APT_PACKAGES=(
  build-essential cmake ninja-build ccache git
  libeigen3-dev libdnnl-dev libopenblas-openmp-dev
  libgoogle-glog-dev libgflags-dev libprotobuf-dev protobuf-compiler
  libgtest-dev libgmock-dev nlohmann-json3-dev libgloo-dev libdlpack-dev
  openmpi-bin etcd-server slurm-wlm munge
)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "[deps] apt: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}" | grep --line-buffered -E '^(Setting up|Unpacking) '
else
  echo "[deps] apt: all ${#APT_PACKAGES[@]} packages present"
fi

echo "[deps] pip: $(tr '\n' ' ' < "$(dirname "$0")/../requirements-dev.txt")"
python3 -m pip install -q --upgrade pip
python3 -m pip install -q -r "$(dirname "$0")/../requirements-dev.txt"
