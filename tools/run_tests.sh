#!/usr/bin/env bash
# The whole test suite: (re)build and install, then the C++ tests (ctest) and
# the Python tests (pytest). GPU tests skip themselves without a GPU; select
# the slow multi-process ones with `pytest -m slow`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install_deps.sh
bash tools/build.sh
ctest --test-dir build/pip --output-on-failure -j2
# Run from the test folder so `import paddle` finds the installed package,
# not the source tree.
cd test/python
python3 -m pytest -q -p no:cacheprovider -n 2 .
