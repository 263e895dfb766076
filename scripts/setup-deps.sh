#!/usr/bin/env bash
# Installs the Debian packages Lanescope builds and tests with, if any are missing.
# Runs apt-get as root, or through sudo for a normal user. Safe to run again: it only installs
# what is not there yet.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-translations-l10n libgl-dev libqt6opengl6-dev
  rapidjson-dev libboost-dev zlib1g-dev
  libisal-dev # ISA-L: fast .json.gz inflate (core/io/MappedSource.cpp; zlib is the fallback)
  xvfb xauth imagemagick fonts-noto-cjk
  poppler-utils # pdftotext, pdfinfo: tst_reportpages reads the report PDF back
  clang libclang-rt-dev python3
  python3-dev pybind11-dev python3-numpy python3-pandas python3-pytest # the Python module (python/) and its tests
  dpkg-dev file # the .deb (packaging/): CPack's Depends come from dpkg-shlibdeps, its ELF check from file
  desktop-file-utils appstream shared-mime-info xdg-utils libfile-mimeinfo-perl # tests/packaging checks
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "lanescope: installing Debian packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "lanescope: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
