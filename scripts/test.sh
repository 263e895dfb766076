#!/usr/bin/env bash
# README command 2: install what is missing, build, and run every test with ctest; then the engine
# suite again under AddressSanitizer + UBSan (preset "asan"). Set LANESCOPE_SKIP_ASAN=1 to skip
# the sanitizer pass. Real traces are read from $LANESCOPE_TRACES_DIR (default ../shared/traces).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-deps.sh
jobs="$(nproc)"

echo "== release build and tests"
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"

if [ "${LANESCOPE_SKIP_ASAN:-0}" != "1" ]; then
  echo "== AddressSanitizer + UBSan build and tests"
  cmake --preset asan >/dev/null
  cmake --build --preset asan -j "$jobs"
  ctest --preset asan -j "$jobs"
fi
