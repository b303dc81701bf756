#!/usr/bin/env bash
# Run on a machine with an NVIDIA GPU: builds for the GPU's architecture,
# runs every test (GPU tests included) and the benchmarks, and prints a
# summary table for the closing note. Designed to finish within 10 minutes
# on an H200.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/gpu_check}
mkdir -p "$OUT"
start=$(date +%s)

arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d '.')
arch=${arch:-90}
echo "== GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1) (sm_$arch)"

bash tools/install_deps.sh > "$OUT/install.log" 2>&1
MAX_JOBS=$(nproc) CMAKE_BUILD_PARALLEL_LEVEL=$(nproc) \
  python3 -m pip install --no-build-isolation -q . \
  -C cmake.define.WITH_GPU=ON -C cmake.define.CMAKE_CUDA_ARCHITECTURES="$arch" > "$OUT/build.log" 2>&1
build_rc=$?
build_s=$(( $(date +%s) - start ))

ctest --test-dir build/pip -j"$(nproc)" > "$OUT/ctest.log" 2>&1
ctest_rc=$?
(cd test/python && python3 -m pytest -q -p no:cacheprovider -n 8 -m gpu . > "$OUT/pytest_gpu.log" 2>&1)
gpu_rc=$?
(cd test/python && python3 -m pytest -q -p no:cacheprovider -n 8 . > "$OUT/pytest_all.log" 2>&1)
all_rc=$?
python3 tools/bench/run.py --gpu > "$OUT/bench.md" 2> "$OUT/bench.log"
python3 tools/bench/distributed.py --gpu >> "$OUT/bench.md" 2>> "$OUT/bench.log"

echo
echo "| step | result |"
echo "|---|---|"
echo "| build (sm_$arch) | rc=$build_rc, ${build_s}s |"
echo "| ctest | rc=$ctest_rc, $(grep -E 'tests passed' "$OUT/ctest.log" | tail -1) |"
echo "| pytest -m gpu | rc=$gpu_rc, $(tail -1 "$OUT/pytest_gpu.log") |"
echo "| pytest (all) | rc=$all_rc, $(tail -1 "$OUT/pytest_all.log") |"
echo "| total time | $(( $(date +%s) - start ))s |"
echo
cat "$OUT/bench.md"
[ $build_rc -eq 0 ] && [ $ctest_rc -eq 0 ] && [ $gpu_rc -eq 0 ] && [ $all_rc -eq 0 ]
