# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared fixtures of the Python module's suites: the CLI to check against, the real traces (as
tests/TestTraces.h finds them: LANESCOPE_TRACES_DIR, else ../shared/traces beside the project),
the demo's traces made by `lanescope-cli synth`."""
import json
import os
import shutil
import subprocess

import pytest


HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.dirname(os.path.dirname(HERE))


def traces_dir():
    return (os.environ.get("LANESCOPE_TRACES_DIR") or os.environ.get("LANESCOPE_TRACES_DIR_DEFAULT")
            or os.path.join(PROJECT, "..", "shared", "traces"))


def trace_path(name):
    p = os.path.join(traces_dir(), name)
    if not os.path.exists(p):
        pytest.skip(f"real trace {p} not found (set LANESCOPE_TRACES_DIR): skipped")
    return p


def cli_path():
    cli = os.environ.get("LANESCOPE_CLI") or os.path.join(PROJECT, "build", "release", "app", "cli", "lanescope-cli")
    if not os.path.exists(cli):
        pytest.skip(f"lanescope-cli not found at {cli} (set LANESCOPE_CLI)")
    return cli


def run_cli_json(*args):
    out = subprocess.run([cli_path(), *args, "--json"], check=True, capture_output=True)
    return json.loads(out.stdout)


@pytest.fixture(scope="session")
def demo_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("demo")
    for scenario in ("fsdp-baseline", "fsdp-tuned"):
        subprocess.run([cli_path(), "synth", "--scenario", scenario, "-o", str(d / f"{scenario}.pt.trace.json")],
                       check=True, capture_output=True)
    yield d
    shutil.rmtree(d, ignore_errors=True)
