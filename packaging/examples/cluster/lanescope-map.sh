#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The map step of a folder-of-ranks analysis on a cluster: the INDEX-th trace of TRACE_DIR (in
# name order, from 0) becomes OUT_DIR/<trace>.summary.json. One call per rank, on any machine
# that sees TRACE_DIR; a Slurm array task or a Kubernetes indexed Job pod passes its index.
#   lanescope-map.sh TRACE_DIR OUT_DIR INDEX [analyze options, e.g. --hta]
# Needs lanescope-cli on PATH (or LANESCOPE_CLI=/path/to/lanescope-cli).
set -eu
if [ $# -lt 3 ]; then
    echo "usage: lanescope-map.sh TRACE_DIR OUT_DIR INDEX [analyze options]" >&2
    exit 2
fi
trace_dir=$1
out_dir=$2
index=$3
shift 3
cli=${LANESCOPE_CLI:-lanescope-cli}
case $index in
    ''|*[!0-9]*) echo "lanescope-map.sh: INDEX must be a whole number, got '$index'" >&2; exit 2 ;;
esac
# The traces as analyze DIR reads them: *.json and *.json.gz directly in the folder, by name.
trace=$(find "$trace_dir" -maxdepth 1 -type f \( -name '*.json' -o -name '*.json.gz' \) \
        ! -name '*.summary.json' ! -name '*.facts.json' | LC_ALL=C sort | sed -n "$((index + 1))p")
if [ -z "$trace" ]; then
    echo "lanescope-map.sh: no trace number $index in $trace_dir" >&2
    exit 2
fi
mkdir -p "$out_dir"
exec "$cli" analyze "$trace" --summary "$out_dir/$(basename "$trace").summary.json" "$@"
