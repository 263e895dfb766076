#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The reduce step: every rank summary in OUT_DIR merged into the job's figures, what
# `lanescope-cli analyze TRACE_DIR --json` prints for the whole folder on one machine.
#   lanescope-reduce.sh OUT_DIR [merge options, e.g. --json]
# Needs lanescope-cli on PATH (or LANESCOPE_CLI=/path/to/lanescope-cli).
set -eu
if [ $# -lt 1 ]; then
    echo "usage: lanescope-reduce.sh OUT_DIR [merge options]" >&2
    exit 2
fi
out_dir=$1
shift
cli=${LANESCOPE_CLI:-lanescope-cli}
# Summaries by name; none is an error merge reports itself.
summaries=$(find "$out_dir" -maxdepth 1 -type f -name '*.summary.json' | LC_ALL=C sort)
if [ -z "$summaries" ]; then
    echo "lanescope-reduce.sh: no *.summary.json in $out_dir: did the map step run?" >&2
    exit 2
fi
# Names without spaces or newlines (the map step writes <trace>.summary.json): word splitting is safe.
# shellcheck disable=SC2086
exec "$cli" merge $summaries "$@"
