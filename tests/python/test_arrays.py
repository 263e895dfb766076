# SPDX-License-Identifier: GPL-3.0-or-later
"""The model's columns as numpy arrays: start, name_id and cat_id view the model without a copy
(read-only, keeping the trace alive); every column agrees with the model as the CLI reports it."""
import gc

import pytest

np = pytest.importorskip("numpy", reason="the arrays need numpy (Debian: python3-numpy)")

lanescope = pytest.importorskip("lanescope", reason="the lanescope module does not import (build it; PYTHONPATH=build/<preset>/python)")
from conftest import run_cli_json, trace_path


@pytest.fixture(scope="module")
def a100():
    path = trace_path("a100-2rank-nccl.json.gz")
    return path, lanescope.load(path)


def test_lanes_and_slices_match_info(a100):
    path, t = a100
    info = run_cli_json("info", path)
    lanes = t.lanes(as_frame=False)
    cli_lanes = [x for x in info["tracks"] if x["kind"] != "counter"]
    assert len(lanes) == len(cli_lanes)
    total = 0
    for lane, cli in zip(lanes, cli_lanes):
        cols = t.slices(lane["lane"])
        n = cli["events"]
        assert lane["name"] == cli["name"]
        for key in ("start", "dur", "name_id", "cat_id", "depth"):
            assert len(cols[key]) == n, key
        if n:
            assert int(cols["depth"].max()) == cli["max_depth"]
            assert np.all(np.diff(cols["start"]) >= 0), "slices in start order"
            assert np.all(cols["dur"] >= 0)
        total += n
    assert total == info["slices"]
    for key in ("events", "slices", "flows", "rank", "world_size", "truncated"):
        assert t.info[key] == info[key], key


def test_columns_view_the_model_without_a_copy(a100):
    _, t = a100
    lane = max(range(len(t.lanes(as_frame=False))), key=lambda i: len(t.slices(i)["start"]))
    first, second = t.slices(lane), t.slices(lane)
    for key in ("start", "name_id", "cat_id"):
        assert not first[key].flags.owndata, key
        assert not first[key].flags.writeable, key
        assert np.shares_memory(first[key], second[key]), key
        assert first[key].base is not None
    with pytest.raises(ValueError):
        first["start"][0] = 0


def test_arrays_keep_the_trace_alive():
    path = trace_path("a100-2rank-nccl.json.gz")
    t = lanescope.load(path)
    cols = t.slices(0)
    expected = cols["start"].copy()
    names = t.strings
    del t
    gc.collect()
    assert np.array_equal(cols["start"], expected)
    assert len(names) > 0


def test_steps_read_from_the_columns_are_the_analysis_steps(a100):
    # ProfilerStep#N slices found through start and name_id are the steps `analyze` reports.
    path, t = a100
    strings = t.strings
    found = []
    for lane in t.lanes(as_frame=False):
        if lane["kind"] != "cpu":
            continue
        cols = t.slices(lane["lane"])
        for start, dur, nid in zip(cols["start"], cols["dur"], cols["name_id"]):
            if strings[nid].startswith("ProfilerStep#"):
                found.append((strings[nid], (int(start) - t.min_ts) / 1000.0, int(dur) / 1000.0))
    steps = run_cli_json("analyze", path)["steps"]
    assert sorted(found) == sorted((s["name"], s["start_us"], s["dur_us"]) for s in steps)


def test_counters_view_memory_series():
    path = trace_path("v100-memory-allreduce.json.gz")
    t = lanescope.load(path)
    series = t.memory()
    assert series, "the trace records [memory] events"
    samples = sum(len(s["ts"]) for s in series)
    assert samples == 28010
    for s in series:
        assert not s["ts"].flags.owndata and not s["ts"].flags.writeable
        assert np.all(np.diff(s["ts"]) >= 0)
    info = run_cli_json("info", path)
    counters = [x for x in info["tracks"] if x["kind"] == "counter"]
    assert sum(len(c["ts"]) for c in t.counters()) + samples == sum(x["events"] for x in counters)


def test_slice_frame_holds_every_slice(a100):
    pd = pytest.importorskip("pandas")
    _, t = a100
    f = t.slice_frame()
    assert len(f) == t.info["slices"]
    assert isinstance(f["name"].dtype, pd.CategoricalDtype)
    lane0 = t.slices(0)
    first = f[f["lane"] == 0]
    assert np.array_equal(first["start"].to_numpy(), lane0["start"])
    assert list(first["name"].astype(str)[:5]) == [t.strings[i] for i in lane0["name_id"][:5]]
