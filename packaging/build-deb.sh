#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian package: build/deb/lanescope_<version>_<arch>.deb (Release, without the tests).
# Installs what the build needs first (scripts/setup-deps.sh). Install the result with
#   sudo apt install ./build/deb/lanescope_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-deps.sh
cmake -S . -B build/deb -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build/deb -j "$(nproc)" --target package
ls build/deb/lanescope_*.deb
