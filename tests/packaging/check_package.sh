#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian package with CPack from a built tree and checks what a user installs:
#  - the control fields: name, version, architecture, and a Depends that names the package of every
#    shared library the two programs link (as dpkg-shlibdeps found them) with a minimum version;
#  - the files: both programs in /usr/bin, the hicolor icons (PNG 16-256 of the right size, drawn,
#    plus the SVG), the desktop entry, the AppStream metainfo, the MIME types, both man pages,
#    the copyright file, and nothing outside /usr/bin and /usr/share;
#  - the licence: project_license in the metainfo, the copyright file machine-readable (DEP-5);
#  - desktop-file-validate, appstreamcli validate --no-net and validate-tree on the unpacked tree;
#  - the MIME types in a private database: *.pt.trace.json[.gz] are ours, plain *.json and *.gz
#    are not, and xdg-mime's default application for ours is lanescope.desktop;
#  - the unpacked programs' --version (library versions) and --help, and bad GUI options exiting 2.
# usage: check_package.sh CPACK BUILD_DIR VERSION
set -euo pipefail
cpack=$1 build=$2 version=$3

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
check() { # check DESCRIPTION COMMAND...: runs the command, counts a failure when it fails
  local what=$1; shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

for tool in dpkg-deb dpkg-shlibdeps file desktop-file-validate appstreamcli update-mime-database \
            update-desktop-database xdg-mime mimetype convert readelf ldd gzip python3; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (scripts/setup-deps.sh installs it)" >&2; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tst_package.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# --- the package --------------------------------------------------------------------------------
if ! "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/out" >"$tmp/cpack.log" 2>&1; then
  cat "$tmp/cpack.log" >&2
  echo "FAIL: cpack could not build the package (is the whole tree built?)" >&2
  exit 1
fi
arch=$(dpkg --print-architecture)
deb=$tmp/out/lanescope_${version}_${arch}.deb
[[ -f $deb ]] || { ls -l "$tmp/out" >&2; echo "FAIL: no $(basename "$deb") from cpack" >&2; exit 1; }
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"

field() { dpkg-deb -f "$deb" "$1"; }
check "Package is lanescope" test "$(field Package)" = lanescope
check "Version is $version" test "$(field Version)" = "$version"
check "Architecture is $arch" test "$(field Architecture)" = "$arch"
depends=$(field Depends)
echo "Depends: $depends"
echo "Recommends: $(field Recommends)"
check "Recommends Qt's translations" grep -q 'qt6-translations-l10n' <<<"$(field Recommends)"
check "Depends names no -dev package" bash -c '! grep -q -- "-dev\b" <<<"$1"' _ "$depends"

# --- the files ----------------------------------------------------------------------------------
dpkg-deb -c "$deb" >"$tmp/contents"
expected=(
  ./usr/bin/lanescope
  ./usr/bin/lanescope-cli
  ./usr/share/applications/lanescope.desktop
  ./usr/share/metainfo/io.github.lanescope.Lanescope.metainfo.xml
  ./usr/share/mime/packages/lanescope.xml
  ./usr/share/man/man1/lanescope.1.gz
  ./usr/share/man/man1/lanescope-cli.1.gz
  ./usr/share/icons/hicolor/scalable/apps/lanescope.svg
  ./usr/share/doc/lanescope/copyright
)
sizes=(16 22 24 32 48 64 128 256)
for s in "${sizes[@]}"; do expected+=("./usr/share/icons/hicolor/${s}x${s}/apps/lanescope.png"); done
for f in "${expected[@]}"; do
  check "holds $f" grep -q " $f\$" "$tmp/contents"
done
# Files only (directories end in /): everything under /usr/bin or /usr/share, owned by root.
outside=$(awk '$6 !~ /\/$/ && $6 !~ /^\.\/usr\/(bin|share)\// {print $6}' "$tmp/contents")
check "no file outside /usr/bin and /usr/share${outside:+: $outside}" test -z "$outside"
check "every entry owned by root/root" bash -c '! awk "\$2 != \"root/root\"" "$1" | grep -q .' _ "$tmp/contents"
for p in lanescope lanescope-cli; do
  check "/usr/bin/$p is executable (rwxr-xr-x)" grep -qE '^-rwxr-xr-x .* \./usr/bin/'"$p"'$' "$tmp/contents"
done

root=$tmp/root
mkdir -m 700 "$tmp/runtime" # QtGui wants one (a desktop session has it), or it warns on stderr
dpkg-deb -x "$deb" "$root"

# Depends: the package of every library the programs link directly, each with a minimum version.
for p in lanescope lanescope-cli; do
  for lib in $(readelf -d "$root/usr/bin/$p" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    # "libz.so.1 => /lib/.../libz.so.1 (0x...)", or the loader's "/lib64/ld-linux-x86-64.so.2 (0x...)"
    path=$(ldd "$root/usr/bin/$p" | awk -v l="$lib" '{ n = split($1, a, "/") }
      $1 == l && $2 == "=>" { print $3; exit } n > 1 && a[n] == l { print $1; exit }')
    if [[ -z $path || ! -e $path ]]; then
      fail "$p links $lib, which is not found"
      continue
    fi
    owner=$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null || true)
    owner=${owner%%:*}
    if [[ -z $owner ]]; then
      fail "$p links $lib ($path), which no Debian package holds"
    elif awk -v o="$owner" -F', ' '{ for (i = 1; i <= NF; i++) { split($i, w, " "); if (w[1] == o && w[2] == "(>=") f = 1 } }
                END { exit !f }' <<<"$depends"; then
      pass "$p links $lib: Depends has $owner with a minimum version"
    else
      fail "$p links $lib from $owner, missing from Depends (or without a version)"
    fi
  done
done

# Icons: the right size, and drawn (transparent rounded corner, opaque middle, mostly covered).
for s in "${sizes[@]}"; do
  png=$root/usr/share/icons/hicolor/${s}x${s}/apps/lanescope.png
  info=$(file -b "$png")
  check "${s}x${s} icon is a ${s} x ${s} PNG ($info)" grep -q "^PNG image data, $s x $s," <<<"$info"
  read -r corner middle < <(convert "$png" -format "%[fx:p{0,0}.a] %[fx:p{$((s / 2)),$((s / 2))}.a]\n" info:)
  coverage=$(convert "$png" -alpha extract -format '%[fx:mean]' info:)
  check "${s}x${s} icon is drawn (corner alpha $corner, middle $middle, coverage $coverage)" \
    python3 -c 'import sys; c, m, v = map(float, sys.argv[1:]); sys.exit(not (c < 0.5 and m > 0.9 and 0.6 < v < 0.98))' \
    "$corner" "$middle" "$coverage"
done

# --- validation ---------------------------------------------------------------------------------
desktop=$root/usr/share/applications/lanescope.desktop
metainfo=$root/usr/share/metainfo/io.github.lanescope.Lanescope.metainfo.xml
check "desktop-file-validate lanescope.desktop" desktop-file-validate "$desktop"
check "appstreamcli validate --no-net the metainfo" appstreamcli validate --no-net "$metainfo"
check "appstreamcli validate-tree --no-net the unpacked package" appstreamcli validate-tree --no-net "$root"
check "desktop entry: Exec runs /usr/bin/lanescope with the files" grep -qx 'Exec=lanescope %F' "$desktop"
check "desktop entry: Icon=lanescope" grep -qx 'Icon=lanescope' "$desktop"
mimes=$(sed -n 's/^MimeType=//p' "$desktop")
check "desktop entry claims our types only ($mimes)" \
  test "$mimes" = "application/x-pytorch-profiler-trace;application/x-pytorch-profiler-trace+gzip;"
# The metainfo agrees with the package: its newest release is this version, it launches our desktop
# entry, and it provides what the package installs.
check "metainfo: newest release $version, launchable lanescope.desktop, binaries and types installed" \
  python3 - "$metainfo" "$version" "$root" <<'PY'
import os, sys, xml.etree.ElementTree as ET
path, version, root = sys.argv[1:]
c = ET.parse(path).getroot()
releases = [r.get("version") for r in c.findall("releases/release")]
problems = []
if not releases or releases[0] != version:
    problems.append(f"newest release {releases[:1]} is not {version}")
if [l.text for l in c.findall("launchable")] != ["lanescope.desktop"]:
    problems.append("launchable is not lanescope.desktop")
for b in c.findall("provides/binary"):
    if not os.access(os.path.join(root, "usr/bin", b.text), os.X_OK):
        problems.append(f"provides binary {b.text}, not installed")
mime = open(os.path.join(root, "usr/share/mime/packages/lanescope.xml")).read()
for m in c.findall("provides/mediatype"):
    if f'type="{m.text}"' not in mime:
        problems.append(f"provides {m.text}, not in the MIME package")
if c.find("screenshots/screenshot/image") is None:
    problems.append("no screenshot")
for p in problems:
    print("   ", p, file=sys.stderr)
sys.exit(bool(problems))
PY

# The licence: the metainfo's project_license, and a machine-readable (DEP-5) copyright file whose
# files are GPL-3+ and which names every library the programs' --version lists (as the About box does).
check "metainfo: project_license GPL-3.0-or-later" grep -q '<project_license>GPL-3.0-or-later</project_license>' "$metainfo"
check "copyright file: DEP-5, GPL-3+, names the libraries of --version" \
  python3 - "$root/usr/share/doc/lanescope/copyright" "$(env -i PATH="$PATH" "$root/usr/bin/lanescope-cli" --version | sed -n 2p)" <<'PY'
import re, sys
path, versions = sys.argv[1:]
text = open(path, encoding="utf-8").read()
paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
problems = []
if not paragraphs[0].startswith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"):
    problems.append("the first paragraph is not a DEP-5 header")
files = [p for p in paragraphs if p.startswith("Files: *\n")]
if not files or "\nLicense: GPL-3+" not in files[0]:
    problems.append("no 'Files: *' paragraph under GPL-3+")
for p in paragraphs:
    for line in p.split("\n"):
        if line and not line[0].isspace() and not re.match(r"^[A-Za-z-]+:", line):
            problems.append(f"not a field or a continuation: {line!r}")
# Every short licence name used has its text: in a stand-alone paragraph or its own field.
named = set(re.findall(r"^License: (\S+)\s*$", text, re.M))
with_text = {m for m in named if re.search(r"^License: " + re.escape(m) + r"\n ", text, re.M)}
problems += [f"licence {m} has no text" for m in sorted(named - with_text)]
# "Qt 6.4.2, RapidJSON 1.1.0, Boost 1.74.0, zlib 1.2.13[, ISA-L 2.30.0]": each library named.
for entry in versions.split(", "):
    name = entry.rsplit(" ", 1)[0]
    if name not in text:
        problems.append(f"{name} is not named")
for p in problems:
    print("   ", p, file=sys.stderr)
sys.exit(bool(problems))
PY

# --- MIME types, in a private database (the system's is left alone) ---------------------------
xdg=$tmp/xdg
mkdir -p "$xdg/data/mime/packages" "$xdg/data/applications" "$xdg/home" "$xdg/config" "$xdg/files"
cp /usr/share/mime/packages/freedesktop.org.xml "$root/usr/share/mime/packages/lanescope.xml" "$xdg/data/mime/packages/"
cp "$desktop" "$xdg/data/applications/"
update-mime-database "$xdg/data/mime"
update-desktop-database "$xdg/data/applications" >/dev/null 2>&1 # it notes that the folder is not the system's
xdgenv=(env -i PATH="$PATH" HOME="$xdg/home" XDG_DATA_HOME="$xdg/home/share" XDG_CONFIG_HOME="$xdg/config"
        XDG_CONFIG_DIRS="$xdg/config" XDG_DATA_DIRS="$xdg/data")
printf '{"traceEvents": []}\n' >"$xdg/files/rank0.pt.trace.json"
gzip -c "$xdg/files/rank0.pt.trace.json" >"$xdg/files/rank0.pt.trace.json.gz"
cp "$xdg/files/rank0.pt.trace.json" "$xdg/files/other.json"
cp "$xdg/files/rank0.pt.trace.json.gz" "$xdg/files/other.json.gz"
filetype() { "${xdgenv[@]}" xdg-mime query filetype "$xdg/files/$1"; }
for pair in rank0.pt.trace.json=application/x-pytorch-profiler-trace \
            rank0.pt.trace.json.gz=application/x-pytorch-profiler-trace+gzip \
            other.json=application/json other.json.gz=application/gzip; do
  f=${pair%%=*} want=${pair#*=}
  got=$(filetype "$f")
  check "xdg-mime: $f is $want (got $got)" test "$got" = "$want"
done
for t in application/x-pytorch-profiler-trace application/x-pytorch-profiler-trace+gzip; do
  got=$("${xdgenv[@]}" xdg-mime query default "$t")
  check "xdg-mime: default for $t is lanescope.desktop (got $got)" test "$got" = lanescope.desktop
done

# --- man pages ----------------------------------------------------------------------------------
for p in lanescope lanescope-cli; do
  man=$root/usr/share/man/man1/$p.1.gz
  check "$p.1.gz is valid gzip" gzip -t "$man"
  check "$p.1 names no build folder" bash -c '! zcat "$1" | grep -qF -e "$2" -e "${2//-/\\-}"' _ "$man" "$build"
  check "$p.1 is for version $version" bash -c 'zcat "$1" | grep -qE "^\.TH [A-Z\\-]+ 1 \"[0-9-]+\" \"Lanescope $2\""' _ "$man" "$version"
done
commands=$(env -i PATH="$PATH" "$root/usr/bin/lanescope-cli" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
check "lanescope-cli --help lists commands ($(echo $commands))" test -n "$commands"
for c in $commands; do
  check "lanescope-cli.1 has a section for '$c'" bash -c 'zcat "$1" | grep -qx "\.SS $2"' _ \
    "$root/usr/share/man/man1/lanescope-cli.1.gz" "$c"
done
check "lanescope.1 lists --gap-ms" bash -c 'zcat "$1" | grep -q -- "\\\\-\\\\-gap\\\\-ms"' _ "$root/usr/share/man/man1/lanescope.1.gz"

# --- the unpacked programs, with no display -----------------------------------------------------
nodisplay=(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM LC_ALL=C LANGUAGE=)
versions_re='^Qt [0-9]+\.[0-9]+\.[0-9]+.*, RapidJSON [0-9]+\.[0-9]+\.[0-9]+, Boost [0-9]+\.[0-9]+\.[0-9]+, zlib [0-9]+\.[0-9.]+'
for p in lanescope lanescope-cli; do
  name=$([[ $p == lanescope ]] && echo Lanescope || echo lanescope-cli)
  if out=$("${nodisplay[@]}" "$root/usr/bin/$p" --version 2>"$tmp/err"); then
    echo "$p --version: $(tr '\n' '|' <<<"$out")"
    check "$p --version: first line '$name $version'" test "$(sed -n 1p <<<"$out")" = "$name $version"
    check "$p --version: Qt, RapidJSON, Boost and zlib versions" grep -qE "$versions_re" <<<"$(sed -n 2p <<<"$out")"
    check "$p --version: nothing on stderr" test ! -s "$tmp/err"
  else
    fail "$p --version exited $? without a display: $(cat "$tmp/err")"
  fi
done
help=$("${nodisplay[@]}" "$root/usr/bin/lanescope" --help)
for opt in '--gap-ms <N>' '--step <N>' '--demo' '--version' '[traces...]'; do
  check "lanescope --help lists $opt" grep -qF -- "$opt" <<<"$help"
done
for bad in "--gap-ms abc" "--gap-ms 0" "--step -3" "--step x" "--no-such-option"; do
  set +e
  # shellcheck disable=SC2086 # the option and its value are two words
  env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$tmp/runtime" LC_ALL=C LANGUAGE= "$root/usr/bin/lanescope" $bad >/dev/null 2>"$tmp/err"
  rc=$?
  set -e
  check "lanescope $bad: exit 2 with one line on stderr (rc $rc: $(head -c 200 "$tmp/err"))" \
    test "$rc" = 2 -a "$(wc -l <"$tmp/err")" = 1
done

if ((failures)); then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all package checks passed"
