#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command of the project in a brand-new Debian 12 root, as a new user's machine would:
# nothing installed but apt and git. How to prove that the README's commands and the package bring
# in everything they need (a machine where packages were installed by hand can hide a missing one).
#
# usage: packaging/fresh-root.sh [COMMAND...]      (from the project, as root; needs mmdebstrap,
#        installed with apt-get when missing)      default COMMAND: bash .ci/run
# The project is cloned from its LAST COMMIT (uncommitted changes are not seen). The real traces
# the tests read ($LANESCOPE_TRACES_DIR, default ../shared/traces) are copied in when present and
# found there through the same variable. The bare root is made once and cached.
set -euo pipefail
project=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
traces=${LANESCOPE_TRACES_DIR:-$project/../shared/traces}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/lanescope-fresh-root
base=$cache/bookworm.tar
[[ $(id -u) == 0 ]] || { echo "fresh-root: needs root (chroot, mounts)" >&2; exit 2; }
if [[ ! -s $base ]]; then
  command -v mmdebstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mmdebstrap >/dev/null
  mkdir -p "$cache"
  echo "fresh-root: making a bare Debian 12 root (once)"
  mmdebstrap --quiet --variant=apt --include=ca-certificates,git bookworm "${base%.tar}.tmp.tar"
  mv "${base%.tar}.tmp.tar" "$base"
fi
root=$(mktemp -d /tmp/lanescope-fresh-root.XXXXXX)
cleanup() {
  for m in dev/pts dev proc sys; do umount -l "$root/$m" 2>/dev/null || true; done
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
tar -xf "$base" -C "$root"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"; mount --rbind /sys "$root/sys"; mount --rbind /dev "$root/dev"
mkdir -p "$root/work"
git clone -q "$project" "$root/work/lanescope"
inner_traces=
if [[ -d $traces ]]; then
  mkdir -p "$root/work/traces" && cp -rL "$traces/." "$root/work/traces/"
  inner_traces=/work/traces
else
  echo "fresh-root: no real traces at $traces: the tests that read them will say they skipped"
fi
[[ $# -gt 0 ]] || set -- bash .ci/run
echo "fresh-root: running '$*' in a fresh Debian 12 root"
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  LANG=C.UTF-8 CI=true LANESCOPE_TRACES_DIR="$inner_traces" /bin/bash -c 'cd /work/lanescope && "$@"' bash "$@"
