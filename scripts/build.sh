#!/usr/bin/env bash
# Configures and builds the release tree (build/release) with the project's preset.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
