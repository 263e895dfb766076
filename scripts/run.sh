#!/usr/bin/env bash
# README command 1: install what is missing, build, and open Lanescope on the built-in demo
# (or on the trace files given as arguments).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
app=build/release/app/gui/lanescope
if [ $# -gt 0 ]; then
  exec "$app" "$@"
fi
# Until the synthetic FSDP demo exists (issue 3), the demo is a real recorded trace from the
# shared traces folder: rank 1 of a 2-GPU V100 run with memory events and NCCL AllReduce.
traces="${LANESCOPE_TRACES_DIR:-../shared/traces}"
demo="$traces/v100-memory-allreduce.json.gz"
if [ -f "$demo" ]; then
  exec "$app" "$demo"
fi
echo "lanescope: demo trace $demo not found; opening an empty window (File > Open)" >&2
exec "$app"
