#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark (not a test): loading a trace from Python against `lanescope-cli info` in the same run,
and a DataFrame of every slice.

    PYTHONPATH=build/release/python python3 tests/python/bench_load.py TRACE [--repeat 3] [--cli PATH]

Each round runs the CLI (its own load_seconds, from --json) and the module's load (wall time of
lanescope.load and the loader's own load_seconds), alternately; the medians are printed with
their ratio, then slice_frame() over every lane and the memory each took per event (the CLI's
anonymous RSS after its load, and the Python process's growth in anonymous RSS over its first load).
A 1 GB input: python3 ../shared/tools/tile_trace.py IN.json.gz /tmp/tile.json 1000.
"""
import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.dirname(os.path.dirname(HERE))


def anon_rss():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) * 1024
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("trace")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--cli", default=os.path.join(PROJECT, "build", "release", "app", "cli", "lanescope-cli"))
    p.add_argument("--threads", type=int, default=None)
    args = p.parse_args()

    import lanescope

    threads = ["--threads", str(args.threads)] if args.threads else []
    cli_load, cli_wall, py_load, py_wall = [], [], [], []
    cli_rss = events = 0
    py_rss = 0
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        out = subprocess.run([args.cli, "info", args.trace, "--json", *threads], check=True, capture_output=True)
        cli_wall.append(time.perf_counter() - t0)
        info = json.loads(out.stdout)
        cli_load.append(info["load_seconds"])
        cli_rss = info["anon_rss_bytes"]
        events = info["events"]

        gc.collect()
        before = anon_rss()
        t0 = time.perf_counter()
        t = lanescope.load(args.trace, threads=args.threads)
        py_wall.append(time.perf_counter() - t0)
        py_load.append(t.info["load_seconds"])
        if not py_rss:  # the first load: later ones reuse the memory the previous one freed
            py_rss = anon_rss() - before
        if _ < args.repeat - 1:
            del t
    cli_m, py_m = statistics.median(cli_load), statistics.median(py_wall)
    print(f"trace: {args.trace} ({events:,} events, {os.path.getsize(args.trace) / 1e6:.1f} MB)")
    print(f"lanescope-cli info: load {cli_m:.3f} s (median of {args.repeat}; process wall {statistics.median(cli_wall):.3f} s)")
    print(f"lanescope.load:     {py_m:.3f} s wall (loader's own {statistics.median(py_load):.3f} s)")
    print(f"ratio Python / CLI: {py_m / cli_m:.2f}x")
    print(f"memory per event: CLI {cli_rss / max(events, 1):.1f} B (anonymous RSS after load), "
          f"Python {py_rss / max(events, 1):.1f} B (growth over the first load), model {t._t.model_bytes() / max(events, 1):.1f} B")

    try:
        import pandas  # noqa: F401
    except ImportError:
        print("slice_frame: pandas not installed")
        return 0
    t0 = time.perf_counter()
    frame = t.slice_frame()
    dt = time.perf_counter() - t0
    print(f"slice_frame(): {len(frame):,} rows in {dt:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
