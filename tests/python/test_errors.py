# SPDX-License-Identifier: GPL-3.0-or-later
"""Errors raise the documented exceptions: FileNotFoundError, ValueError for a bad option,
LoadError for what does not load; a load interrupted from Python leaves nothing behind."""
import _thread
import gc
import os
import threading
import time

import pytest

lanescope = pytest.importorskip("lanescope", reason="the lanescope module does not import (build it; PYTHONPATH=build/<preset>/python)")
from conftest import trace_path


def threads_now():
    return len(os.listdir("/proc/self/task"))


def test_missing_path_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        lanescope.load(tmp_path / "no-such.pt.trace.json")


@pytest.mark.parametrize("options", [{"threads": 0}, {"threads": lanescope.MAX_THREADS + 1}, {"threads": 2.5},
                                     {"memory_budget_mb": -1}, {"progress": 3}])
def test_bad_load_option_raises_value_error(demo_dir, options):
    with pytest.raises(ValueError):
        lanescope.load(demo_dir / "fsdp-baseline.pt.trace.json", **options)


@pytest.mark.parametrize("options", [{"gap_ms": -1}, {"gap_kernels": "some"}, {"params": 7e9}, {"tokens_per_step": 10},
                                     {"step": -2}, {"window_us": (5, 1)}, {"window_us": 3}, {"step": 1, "window_us": (0, 1)},
                                     {"instance": 1}, {"params": float("nan"), "tokens_per_step": 1}])
def test_bad_analyze_option_raises_value_error(demo_dir, options):
    t = lanescope.load(demo_dir / "fsdp-baseline.pt.trace.json")
    with pytest.raises(ValueError):
        t.analyze(**options)


def test_a_step_the_trace_lacks_raises_value_error(demo_dir):
    t = lanescope.load(demo_dir / "fsdp-baseline.pt.trace.json")
    with pytest.raises(ValueError, match="9999"):
        t.analyze(step=9999)


def test_not_a_trace_raises_load_error(tmp_path):
    bad = tmp_path / "broken.pt.trace.json"
    bad.write_text("this is not JSON")
    with pytest.raises(lanescope.LoadError):
        lanescope.load(bad)
    assert issubclass(lanescope.LoadError, RuntimeError)


def test_folder_without_traces_raises_load_error(tmp_path):
    (tmp_path / "notes.txt").write_text("no trace here")
    with pytest.raises(lanescope.LoadError):
        lanescope.load(tmp_path)


def test_interrupt_from_progress_leaves_nothing_behind():
    # Loaded with one thread, the largest shared trace takes long enough for the callback to run
    # before the load ends; the interrupt stops it there.
    path = trace_path("v100-memory-allreduce.json.gz")
    lanescope.load(path, threads=1)  # warm the page cache
    before = threads_now()
    seen = []

    def interrupt(fraction):
        seen.append(fraction)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        lanescope.load(path, threads=1, progress=interrupt)
    gc.collect()
    assert seen, "the callback ran"
    if seen[0] >= 1.0:
        pytest.skip("the load ended before its first progress report (a fast machine): nothing was interrupted")
    assert threads_now() == before, "the loader's threads are joined"
    # And the next load is whole.
    t = lanescope.load(path, threads=1, progress=lambda f: None)
    assert t.info["events"] == 216092


def test_ctrl_c_during_a_load_stops_it():
    # SIGINT's handler (what Ctrl+C runs) raises KeyboardInterrupt in the load, not after it.
    path = trace_path("v100-memory-allreduce.json.gz")
    lanescope.load(path, threads=1)
    before = threads_now()
    timer = threading.Timer(0.02, _thread.interrupt_main)
    interrupted = False
    try:
        timer.start()
        try:
            lanescope.load(path, threads=1)
        except KeyboardInterrupt:
            interrupted = True
        else:
            try:  # the load ended first: the interrupt lands here
                time.sleep(2)
            except KeyboardInterrupt:
                pass
    finally:
        timer.cancel()
        timer.join()
    if not interrupted:
        pytest.skip("the load ended before the interrupt (a fast machine): nothing was interrupted")
    gc.collect()
    assert threads_now() == before, "the loader's threads are joined"


def test_load_and_analyze_release_the_gil():
    # A Python thread keeps running while the load and the analysis run (the GIL released).
    path = trace_path("v100-memory-allreduce.json.gz")
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        t0 = time.perf_counter()
        t = lanescope.load(path, threads=1)
        t.analyze(hta=True)
        t1 = time.perf_counter()
    finally:
        done.set()
        counter.join()
    inside = [x for x in ticks if t0 < x < t1]
    # Held throughout, the thread would not tick at all; released, about once a millisecond (a tenth of that asked for: the machine may be busy).
    assert len(inside) > 0.1 * (t1 - t0) * 1000, (len(inside), t1 - t0)


def test_a_lane_out_of_range_raises_index_error():
    t = lanescope.load(trace_path("triton-example.json.gz"))
    n = len(t.lanes(as_frame=False))
    assert len(t.slices(-1)["start"]) == len(t.slices(n - 1)["start"])
    with pytest.raises(IndexError):
        t.slices(n)
    with pytest.raises(TypeError):
        t.slices("0")


def test_two_threads_analyse_one_trace_alike():
    # The GIL released, analyses of one trace may run at once: each is the one made alone.
    t = lanescope.load(trace_path("a100-2rank-nccl.json.gz"))
    alone = t.analyze(hta=True).json
    results = [None] * 4

    def run(i):
        results[i] = t.analyze(hta=True).json

    workers = [threading.Thread(target=run, args=(i,)) for i in range(len(results))]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert all(r == alone for r in results)


def test_a_log_dir_of_sessions_loads_one_session(tmp_path):
    from conftest import cli_path
    import subprocess

    log_dir = tmp_path / "log_dir"
    subprocess.run([cli_path(), "synth", "--scenario", "fsdp-tuned", "--ranks", "2", "--gpus", "2", "--steps", "2", "--cycles", "2",
                    "-o", str(log_dir)], check=True, capture_output=True)
    latest = lanescope.load(log_dir)
    assert len(latest.sessions) == 2 and latest.session == latest.sessions[-1]
    first = lanescope.load(log_dir, session=0)
    assert first.session == latest.sessions[0]
    assert len(first.ranks) == len(latest.ranks) == 2
    assert {t.path for t in first.ranks}.isdisjoint({t.path for t in latest.ranks})
    assert lanescope.load(log_dir, session=latest.sessions[0]).session == first.session
    with pytest.raises(ValueError):
        lanescope.load(log_dir, session=5)
    with pytest.raises(ValueError):
        lanescope.load(log_dir, session="no such session")
