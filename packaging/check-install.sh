#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the .deb for real into a brand-new Debian 12 root (packaging/fresh-root.sh, which clones
# the LAST COMMIT) and checks what a user gets. Run from the project, as root; it takes
# 15-25 minutes on a loaded machine.
#  1. packaging/build-deb.sh builds the package (it installs the build dependencies first);
#  2. every package the build installed is purged again, so the root is back to bare Debian and the
#     package's Depends alone must bring in what the programs need;
#  3. apt-get install ./build/deb/lanescope_*.deb, then from /usr/bin: lanescope --version,
#     lanescope-cli --version, lanescope-cli info and export on a shared trace, and the GUI started
#     offscreen on that trace (it must still be running after 10 s);
#  4. with what a desktop has (shared-mime-info, xdg-utils, desktop-file-utils): a .pt.trace.json.gz
#     is our MIME type and its default application is lanescope.desktop.
set -euo pipefail
cd "$(dirname "$0")/.."
exec packaging/fresh-root.sh bash -c '
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
trace=${LANESCOPE_TRACES_DIR:-/nonexistent}/resnet50-dataloader-baseline.pt.trace.json.gz
[ -f "$trace" ] || { echo "check-install: needs the real traces (LANESCOPE_TRACES_DIR)" >&2; exit 2; }
step() { echo; echo "check-install: $*"; }
dpkg-query -W -f="\${Package}\n" | sort >/tmp/bare.txt

step "building the package"
./packaging/build-deb.sh
deb=$(ls build/deb/lanescope_*.deb)
cp "$deb" /tmp/

step "purging the build dependencies"
dpkg-query -W -f="\${Package}\n" | sort >/tmp/built.txt
comm -13 /tmp/bare.txt /tmp/built.txt | xargs apt-get purge -y -qq >/dev/null
apt-get autoremove -y -qq --purge >/dev/null
echo "left beyond the bare root: $(dpkg-query -W -f="\${Package}\n" | sort | comm -13 /tmp/bare.txt - | wc -l) packages"

step "apt-get install -y /tmp/$(basename "$deb")"
apt-get install -y -q "/tmp/$(basename "$deb")" >/tmp/apt.log 2>&1 || { cat /tmp/apt.log; exit 1; }
grep -E "newly installed|^Setting up lanescope" /tmp/apt.log
dpkg-query -W -f="Depends: \${Depends}\nRecommends: \${Recommends}\n" lanescope
command -v lanescope lanescope-cli
test "$(command -v lanescope)" = /usr/bin/lanescope
test "$(command -v lanescope-cli)" = /usr/bin/lanescope-cli

step "lanescope --version"
lanescope --version
step "lanescope-cli --version"
lanescope-cli --version
step "lanescope-cli info $trace"
lanescope-cli info "$trace"
step "lanescope-cli export $trace -o /tmp/x.png"
lanescope-cli export "$trace" -o /tmp/x.png --json
step "lanescope (offscreen) on $trace for 10 s"
rc=0; QT_QPA_PLATFORM=offscreen timeout 10 lanescope "$trace" >/tmp/gui.log 2>&1 || rc=$?
echo "timeout ended it: rc $rc (124: still running)"; head -n 5 /tmp/gui.log
test "$rc" = 124

step "MIME types with a desktop'"'"'s tools"
apt-get install -y -qq --no-install-recommends shared-mime-info xdg-utils libfile-mimeinfo-perl desktop-file-utils >/dev/null
update-mime-database /usr/share/mime
update-desktop-database /usr/share/applications
cp "$trace" /tmp/x.pt.trace.json.gz
zcat "$trace" >/tmp/x.pt.trace.json
gz=$(xdg-mime query filetype /tmp/x.pt.trace.json.gz)
plain=$(xdg-mime query filetype /tmp/x.pt.trace.json)
echo "xdg-mime query filetype x.pt.trace.json.gz: $gz"
echo "xdg-mime query filetype x.pt.trace.json: $plain"
test "$gz" = application/x-pytorch-profiler-trace+gzip
test "$plain" = application/x-pytorch-profiler-trace
for t in "$gz" "$plain"; do
  d=$(xdg-mime query default "$t")
  echo "xdg-mime query default $t: $d"
  test "$d" = lanescope.desktop
done
step "all install checks passed"
'
