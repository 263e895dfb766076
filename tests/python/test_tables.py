# SPDX-License-Identifier: GPL-3.0-or-later
"""Every table of Analysis is the analyze JSON's rows: the module's analysis of a trace equals
`lanescope-cli analyze --json` for the same trace and options, member for member; its figures are
the catalogue's, each equal to the JSON value it names."""
import math

import pytest

lanescope = pytest.importorskip("lanescope", reason="the lanescope module does not import (build it; PYTHONPATH=build/<preset>/python)")
from conftest import run_cli_json, trace_path

# (trace, analyze() options, the same as CLI flags)
CASES = [
    ("a100-2rank-nccl.json.gz", {}, []),
    ("v100-memory-allreduce.json.gz", {"hta": True, "gap_ms": 1, "gap_kernels": "all"},
     ["--hta", "--gap-ms", "1", "--gap-kernels", "all"]),
    ("resnet50-dataloader-baseline.pt.trace.json.gz", {"step": 6, "samples_per_step": 32}, ["--step", "6", "--samples-per-step", "32"]),
    ("b200-eager-nccl.json.gz", {"window_us": (1000, 200000), "op_shapes": True},
     ["--from-us", "1000", "--to-us", "200000", "--op-shapes"]),
]


def analyse_both(path, options, flags):
    a = lanescope.load(path).analyze(**options)
    return a, run_cli_json("analyze", path, *flags)


def check_same(a, cli):
    assert a.json == cli
    for name, where in lanescope.TABLES.items():
        node = cli
        for key in where:
            node = node.get(key) if isinstance(node, dict) else None
        expected = node or []
        rows = a.table(name)
        if lanescope.tables_as_frames():
            assert len(rows) == len(expected), name
            if expected:
                assert list(rows.columns) == list(expected[0].keys()), name
                assert rows.to_dict("records")[0].keys() == expected[0].keys()
        else:
            assert rows == expected, name
    # The critical path's parts add up to its length, as the JSON gives them.
    cp = cli.get("critical_path")
    parts = a.critical_path
    if cp:
        assert len(parts) == len(cp["parts_us"])
        assert sum(cp["parts_ns"].values()) == cp["length_ns"]
    else:
        assert len(parts) == 0


def check_figures(a, cli):
    figures = a._figures
    assert figures, "the catalogue has figures"
    keys = [f["key"] for f in figures]
    assert len(keys) == len(set(keys))
    checked = 0
    for f in figures:
        if not f["analyze_path"]:
            continue
        node = cli
        for key in f["analyze_path"].split("."):
            node = node.get(key) if isinstance(node, dict) else None
        if f["value"] is None or node is None:
            continue
        assert math.isclose(f["value"], node, rel_tol=1e-9, abs_tol=1e-9), f["key"]
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("name,options,flags", CASES, ids=[c[0] for c in CASES])
def test_shared_trace_tables_are_the_cli_json(name, options, flags):
    a, cli = analyse_both(trace_path(name), options, flags)
    check_same(a, cli)
    check_figures(a, cli)


def test_demo_tables_are_the_cli_json(demo_dir):
    path = str(demo_dir / "fsdp-baseline.pt.trace.json")
    a, cli = analyse_both(path, {"params": 7e9, "tokens_per_step": 8192}, ["--params", "7e9", "--tokens-per-step", "8192"])
    check_same(a, cli)
    check_figures(a, cli)
    assert len(a.gaps) > 0 and len(a.advice) > 0, "the demo baseline has gaps and advice"
    assert a.figure("mfu_pct") == pytest.approx(cli["mfu"]["mfu_pct"])


def test_compare_reads_each_runs_figures(demo_dir):
    base = str(demo_dir / "fsdp-baseline.pt.trace.json")
    tuned = str(demo_dir / "fsdp-tuned.pt.trace.json")
    options = {"params": 7e9, "tokens_per_step": 8192}
    table = lanescope.compare([base, tuned], labels=["baseline", "tuned"], **options)
    a = lanescope.load(base).analyze(**options)
    b = lanescope.load(tuned).analyze(**options)
    rows = table.reset_index().to_dict("records") if lanescope.tables_as_frames() else table
    assert len(rows) == len(a._figures)
    by_key = {r["key"]: r for r in rows}
    step_a, step_b = a.figure("step_time_us"), b.figure("step_time_us")
    assert by_key["step_time_us"]["baseline"] == pytest.approx(step_a)
    assert by_key["step_time_us"]["tuned"] == pytest.approx(step_b)
    assert by_key["step_time_us"]["tuned delta"] == pytest.approx(step_b - step_a)
    assert step_b < step_a, "the tuned run's step is shorter"


def test_whatif_is_the_cli_json(demo_dir):
    path = str(demo_dir / "fsdp-baseline.pt.trace.json")
    fixes = ["fsdp_limit_all_gathers", "allocator_churn"]
    assert set(fixes) <= set(lanescope.FIXES)
    ours = lanescope.load(path).whatif(fixes, params=7e9, tokens_per_step=8192)
    cli = run_cli_json("whatif", path, "--fix", ",".join(fixes), "--params", "7e9", "--tokens-per-step", "8192")
    if lanescope.tables_as_frames():
        ours["fixes"] = ours["fixes"].to_dict("records")
    assert ours == cli
    assert ours["combined"]["projected_step_us"] < ours["step_us"]


def test_folder_of_ranks_is_a_job(tmp_path):
    from conftest import cli_path
    import subprocess

    folder = tmp_path / "ranks"
    subprocess.run([cli_path(), "synth", "--scenario", "fsdp-tuned", "--ranks", "2", "--gpus", "2", "--steps", "2", "-o", str(folder)],
                   check=True, capture_output=True)
    job = lanescope.load(folder)
    assert job.rank_numbers == [0, 1]
    assert [t.rank for t in job.ranks] == [0, 1]
    assert job.world_size == 2
    # Each rank is the trace its file holds, analysed as one.
    for t in job.ranks:
        assert t.analyze().json == run_cli_json("analyze", t.path)
    from lanescope import hta

    pytest.importorskip("pandas")
    temporal = hta.TraceAnalysis(trace_dir=str(folder)).get_temporal_breakdown()
    assert list(temporal["rank"]) == [0, 1]
    for row, t in zip(temporal.to_dict("records"), job.ranks):
        assert row["idle_time_pctg"] == round(t.analyze(hta=True).json["temporal"]["idle_pct"], 2)


def test_without_pandas_tables_are_lists_of_the_json_rows(demo_dir):
    # pandas hidden from a fresh interpreter: the same tables as lists of dicts, the JSON's rows.
    import json
    import subprocess
    import sys

    path = str(demo_dir / "fsdp-baseline.pt.trace.json")
    code = (
        "import sys, json\n"
        "sys.modules['pandas'] = None\n"
        "import lanescope\n"
        "assert not lanescope.tables_as_frames()\n"
        f"a = lanescope.load({path!r}).analyze()\n"
        "print(json.dumps({n: a.table(n) for n in lanescope.TABLES}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    tables = json.loads(out.stdout)
    cli = run_cli_json("analyze", path)
    for name, where in lanescope.TABLES.items():
        node = cli
        for key in where:
            node = node.get(key) if isinstance(node, dict) else None
        assert tables[name] == (node or []), name
