#!/usr/bin/env bash
# Coverage-guided fuzzing of the model-file readers (docs/guide/fuzzing.md):
# builds test/fuzz's libFuzzer targets with Clang and AddressSanitizer in
# build/fuzz, then runs each for the given minutes, seeded from the golden
# models. A finding (crash, sanitizer report, allocation over 2 GiB, hang)
# stops that target with its input saved under OUT/<target>/; the exit code
# is 1 when there was one.
#
# Usage: bash tools/fuzz_readers.sh [MINUTES_PER_TARGET=10] [OUT=/tmp/paddle_fuzz] [TARGETS...]
# (0 minutes: only run the corpus once.)
set -uo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
out=${2:-/tmp/paddle_fuzz}
shift $(( $# < 2 ? $# : 2 ))
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(program_json_fuzzer tensor_stream_fuzzer)

# Clang 16 or newer: the library captures structured bindings in lambdas (C++20).
if ! command -v clang++-16 >/dev/null; then
  echo "[fuzz] installing Clang 16 with libFuzzer (Debian's clang-16, libclang-rt-16-dev, libomp-16-dev)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q clang-16 libclang-rt-16-dev libomp-16-dev >/dev/null || exit 2
fi
echo "[fuzz] building ${targets[*]} with Clang in build/fuzz (readers under ASan)"
cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
  -DWITH_FUZZING=ON -DWITH_TESTING=OFF -DWITH_GPU=OFF >/dev/null || exit 2
cmake --build build/fuzz --target "${targets[@]}" || exit 2

golden=test/python/golden
declare -A seeds=(
  [program_json_fuzzer]="$golden/inference/mlp.json $golden/inference/control_flow.json $golden/jit/lenet.json $golden/jit/transformer.json"
  [tensor_stream_fuzzer]="test/fuzz/seeds/tensor_stream"
)
status=0
for target in "${targets[@]}"; do
  corpus=$out/$target/corpus
  mkdir -p "$corpus"
  # Seeds go into the working corpus (kept between runs), so a later run
  # starts where this one left off.
  for seed in ${seeds[$target]}; do
    if [ -d "$seed" ]; then cp "$seed"/* "$corpus"/; else cp "$seed" "$corpus"/; fi
  done
  echo "[fuzz] $target for $minutes min (corpus $corpus)"
  # A finding's input lands in $out/$target/ as crash-*, oom-*, timeout-* or leak-*.
  ASAN_OPTIONS=detect_leaks=1 build/fuzz/test/fuzz/$target "$corpus" \
    $([ "$minutes" = 0 ] && echo -runs=0 || echo -max_total_time=$((minutes * 60))) -max_len=65536 -timeout=10 -rss_limit_mb=4096 -malloc_limit_mb=2048 \
    -artifact_prefix="$out/$target/" -print_final_stats=1 2>&1 |
    grep -v -E '^(#[0-9]+\s+(NEW|REDUCE|pulse)|"|#+ (Recommended|End of recommended))' | tail -n 60
  if [ "${PIPESTATUS[0]}" -ne 0 ]; then
    echo "[fuzz] $target: FINDING (see $out/$target/)"
    status=1
  else
    echo "[fuzz] $target: no finding in $minutes min"
  fi
done
exit $status
